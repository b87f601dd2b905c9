//! Threat-space search, part three: the VCT best first, by proof numbers
//! ([`vct_proof_numbers`]).
//!
//! Every position of the tree is kept, with its proof number (how many positions at least
//! still have to be proved won for the attacker to win there) and its disproof number (how
//! many proved lost for it to lose there). The search goes on from the position that would
//! most cheaply settle the root: depth-first proof-number search (df-pn) over the kept tree,
//! where each position is searched under thresholds taken from its siblings' numbers and
//! returns to its parent once a sibling looks cheaper. The threats and defences are those
//! of [`super::vct`]; a four starts with a proof number of one (one defence), a three with
//! [`THREE_DEFENCES`].
//!
//! Within one threat bound, the depth-first VCT searches the whole tree in its order: a win
//! of ten threats costs it much of the tree of nine. Best first, a defence refuted at once
//! costs little and the search follows the lines where the defender has few answers, so long
//! wins are found far sooner.
//!
//! Each threat bound searches a new tree, but the moves of every position expanded (the
//! attacker's VCF or threats, the defender's defences) are kept for the next bound: the
//! trees of the bounds before it are most of the work.

use super::budget::{Budget, Line, ThreatLimits, ThreatOutcome, ThreatResult, ThreatWin};
use super::points::{all_fives, fives_near, fours_of};
use super::search::settled;
use super::vcf::Vcf;
use super::vct::{answers, threat_moves, Answers, VCF_MOVES_IN_VCT};
use boardgames_core::{zobrist, Game, Status};
use boardgames_gomoku::{Point, PointSet, Position};
use std::collections::HashMap;

/// A proof or disproof number that cannot be reached: the position is settled.
const INF: u32 = 1 << 30;

/// The proof number a three starts with: the defences it usually leaves.
const THREE_DEFENCES: u32 = 3;

/// The most positions kept (32 bytes each), whatever the node bound: past it, or past
/// twice the node bound, the search stops as if out of nodes. The engine sizes its node
/// bounds to its memory limit at about 64 bytes a node.
const MAX_TREE: u64 = 1 << 22;

/// Searches a VCT for the side to move of `position` within `limits`, as [`vct()`] does
/// (the same threats and defences, up to [`ThreatLimits::max_moves`] threats before the
/// final VCF, one threat bound after another), but each bound best first by proof numbers
/// (the `pbrain-boardgames` engine uses it for its own VCT). Long wins come far sooner; the win
/// found need not be the shortest in plies, and what it keeps costs memory: the tree, 32
/// bytes a position, at most twice [`ThreatLimits::nodes`] positions, and the moves of each
/// position expanded (a few dozen bytes each, at most one per node searched).
///
/// ```
/// use boardgames_gomoku::Position;
/// use boardgames_players::gomoku::{vct_proof_numbers, ThreatLimits};
///
/// // Two black twos cross at e4: e3 makes two open threes and white cannot stop both.
/// let game: Position = "freestyle, black to move
///     O . . . . . . . .
///     . . . . . . . . O
///     . . . . . . . . .
///     . . . . X . . . .
///     . . . . X . . . .
///     . . . . . . . . .
///     . . X X . . . . .
///     . . . . . . . . .
///     O . . . . . . . O"
///     .parse()
///     .unwrap();
/// let win = vct_proof_numbers(&game, &ThreatLimits::default().with_max_moves(2));
/// assert_eq!(win.win().unwrap().first_move().to_string(), "e3");
/// ```
///
/// [`vct()`]: super::vct()
pub fn vct_proof_numbers(position: &Position, limits: &ThreatLimits) -> ThreatResult {
    let mut budget = Budget::new(limits);
    if let Some(outcome) = settled(position) {
        return budget.result(outcome);
    }
    let mut tree = Tree::new();
    for threats in 0..=limits.max_moves {
        tree.restart(threats);
        tree.search(0, position, INF, INF, &mut budget);
        let root = tree.nodes[0];
        if root.pn == 0 {
            let (line, plies) = tree.line(0);
            return budget.result(ThreatOutcome::Win(ThreatWin { line, plies }));
        }
        if root.dn != 0 || budget.out {
            return budget.result(ThreatOutcome::Unknown);
        }
    }
    budget.result(ThreatOutcome::NoWin)
}

/// How a settled position ended without children.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum End {
    /// Not settled by itself (or settled through its children).
    Open,
    /// The attacker's move into it made a five.
    Five,
    /// The attacker's move into it left the defender no defence.
    NoDefence,
    /// The attacker wins by the VCF kept in [`Tree::vcfs`].
    Vcf,
    /// The defender's move into it could not be played: no defence, and no part of a line.
    Skipped,
}

/// One position of the tree: the attacker to move (an OR node: one winning move is enough)
/// or the defender (an AND node: every defence must lose).
#[derive(Clone, Copy, Debug)]
struct Node {
    pn: u32,
    dn: u32,
    /// The children are `first..first + count` in [`Tree::nodes`].
    first: u32,
    count: u32,
    /// The move into this position (the root's is unused).
    mv: Point,
    /// Defender to move: the attacker's threat answered here (a four's stone, or the three
    /// still standing after a block). Attacker to move: the three still standing when the
    /// defender answered it with a four, if any.
    threat: Option<Point>,
    /// The attacker's threats left before the final VCF.
    threats: u32,
    attacker: bool,
    expanded: bool,
    end: End,
}

impl Node {
    fn leaf(mv: Point, threat: Option<Point>, threats: u32, attacker: bool) -> Node {
        Node {
            pn: 1,
            dn: 1,
            first: 0,
            count: 0,
            mv,
            threat,
            threats,
            attacker,
            expanded: false,
            end: End::Open,
        }
    }

    fn settle(&mut self, won: bool, end: End) {
        (self.pn, self.dn) = if won { (0, INF) } else { (INF, 0) };
        self.end = end;
        self.expanded = true;
    }
}

/// The kept tree, the VCF wins that settled its leaves, and the VCF solver whose failures
/// carry over between them.
struct Tree {
    nodes: Vec<Node>,
    vcfs: HashMap<u32, Line>,
    vcf: Vcf,
    /// The attacker positions (with no four of the defender's to block) proved lost, with
    /// the most threats they were proved lost with: kept across the deepening, as a loss
    /// within `t` threats is one within any fewer.
    failed: HashMap<u64, u32>,
    /// What each attacker position offers, by position: its expansion is the same in every
    /// threat bound, and each bound searches again the trees of the bounds before it.
    attacks: HashMap<u64, Attack>,
    /// Each defender position's defences, by position and threat answered.
    defences: HashMap<u64, Defence>,
}

/// What an attacker position (with no four of the defender's to block) offers: a VCF, or
/// its threats, strongest first, each with whether it is a four.
#[derive(Clone, Debug)]
enum Attack {
    Vcf(Line),
    Threats(Vec<(Point, bool)>),
}

/// A defender position: settled by the attacker's move into it (`true`: the attacker won),
/// or its defences and the three still standing after them.
#[derive(Clone, Debug)]
enum Defence {
    Settled(bool, End),
    Replies(Vec<Point>, Option<Point>),
}

impl Tree {
    fn new() -> Tree {
        Tree {
            nodes: Vec::new(),
            vcfs: HashMap::new(),
            vcf: Vcf::default(),
            failed: HashMap::new(),
            attacks: HashMap::new(),
            defences: HashMap::new(),
        }
    }

    /// A new tree of the root alone, with `threats` threats; the failures carry over.
    fn restart(&mut self, threats: u32) {
        // The expansions kept in `attacks` and `defences` hold in every bound.
        self.nodes.clear();
        self.vcfs.clear();
        let root = Node::leaf(Point::new(0, 0).expect("a1"), None, threats, true);
        self.nodes.push(root);
    }

    /// df-pn: searches node `at` (its position `position`) until its proof number reaches
    /// `tpn` or its disproof number `tdn`, or the budget runs out.
    fn search(&mut self, at: usize, position: &Position, tpn: u32, tdn: u32, budget: &mut Budget) {
        if !self.nodes[at].expanded {
            self.expand(at, position, budget);
        }
        loop {
            self.update(at);
            let node = self.nodes[at];
            if node.pn >= tpn || node.dn >= tdn || budget.out {
                if node.dn == 0 && node.attacker && node.end == End::Open {
                    self.remember_failure(at, position);
                }
                return;
            }
            let (best, second) = self.best_children(at);
            let child = self.nodes[best];
            // The child is searched until it stops being the cheapest to settle its parent:
            // its own number passes the second best's, or the parent's other number passes
            // the parent's threshold.
            let (ctpn, ctdn) = if node.attacker {
                (
                    tpn.min(second.saturating_add(1)),
                    sub_add(tdn, node.dn, child.dn),
                )
            } else {
                (
                    sub_add(tpn, node.pn, child.pn),
                    tdn.min(second.saturating_add(1)),
                )
            };
            let mut next = *position;
            if next.play(child.mv).is_err() {
                // Children are made from legal moves only, but should one fail: an attacker
                // move that cannot be played wins nothing, a defence that cannot be played
                // defends nothing.
                let end = if child.attacker {
                    End::Skipped
                } else {
                    End::Open
                };
                self.nodes[best].settle(child.attacker, end);
                continue;
            }
            self.search(best, &next, ctpn, ctdn, budget);
        }
    }

    /// Keeps the loss of attacker node `at` (its position `position`) when no four of the
    /// defender's was to be blocked there: the threats tried do not depend on how the
    /// position was reached then.
    fn remember_failure(&mut self, at: usize, position: &Position) {
        let node = self.nodes[at];
        let opponent = position.side_to_move().opponent();
        let theirs = if at == 0 {
            all_fives(position, opponent)
        } else {
            fives_near(position, opponent, node.mv)
        };
        if theirs.is_empty() {
            let known = self.failed.entry(position.zobrist()).or_insert(0);
            *known = (*known).max(node.threats);
        }
    }

    /// The child to search on (the least proof number at an attacker node, the least
    /// disproof number at a defender node) and the second least number.
    fn best_children(&self, at: usize) -> (usize, u32) {
        let node = self.nodes[at];
        let key = |n: &Node| if node.attacker { n.pn } else { n.dn };
        let range = node.first as usize..(node.first + node.count) as usize;
        let mut best = range.start;
        let (mut least, mut second) = (INF, INF);
        for i in range {
            let k = key(&self.nodes[i]);
            if k < least {
                (second, least, best) = (least, k, i);
            } else if k < second {
                second = k;
            }
        }
        (best, second)
    }

    /// The node's numbers from its children's (a settled leaf keeps its own).
    fn update(&mut self, at: usize) {
        let node = self.nodes[at];
        if node.count == 0 {
            return;
        }
        let children = &self.nodes[node.first as usize..(node.first + node.count) as usize];
        let min_pn = children.iter().map(|n| n.pn).min().unwrap_or(INF);
        let min_dn = children.iter().map(|n| n.dn).min().unwrap_or(INF);
        let sum = |f: fn(&Node) -> u32| children.iter().map(f).fold(0u32, |s, x| (s + x).min(INF));
        let (pn, dn) = if node.attacker {
            (min_pn, sum(|n| n.dn))
        } else {
            (sum(|n| n.pn), min_dn)
        };
        self.nodes[at].pn = pn;
        self.nodes[at].dn = dn;
    }

    fn expand(&mut self, at: usize, position: &Position, budget: &mut Budget) {
        let kept = self.nodes.len() as u64;
        if budget.tick() || kept >= budget.max_nodes().saturating_mul(2).min(MAX_TREE) {
            budget.out = true;
            return;
        }
        if self.nodes[at].attacker {
            self.expand_attack(at, position, budget);
        } else {
            self.expand_defence(at, position);
        }
    }

    /// The attacker to move: a block of the defender's four, or a VCF, or every threat.
    fn expand_attack(&mut self, at: usize, position: &Position, budget: &mut Budget) {
        let node = self.nodes[at];
        let me = position.side_to_move();
        let theirs = if at == 0 {
            all_fives(position, me.opponent())
        } else {
            fives_near(position, me.opponent(), node.mv)
        };
        if theirs.len() > 1 {
            return self.nodes[at].settle(false, End::Open);
        }
        if let Some(block) = theirs.iter().next() {
            return self.expand_block(at, position, block);
        }
        if self
            .failed
            .get(&position.zobrist())
            .is_some_and(|&t| t >= node.threats)
        {
            return self.nodes[at].settle(false, End::Open);
        }
        let key = position.zobrist();
        let attack = match self.attacks.get(&key) {
            Some(attack) => attack.clone(),
            None => {
                // Out of budget the leaf stays open: its numbers are not a settled one's.
                let Some(attack) = self.attack_of(position, budget) else {
                    return;
                };
                self.attacks.insert(key, attack.clone());
                attack
            }
        };
        match attack {
            Attack::Vcf(win) => {
                self.vcfs.insert(at as u32, win);
                self.nodes[at].settle(true, End::Vcf);
            }
            Attack::Threats(_) if node.threats == 0 => self.nodes[at].settle(false, End::Open),
            Attack::Threats(tries) => {
                let children = tries
                    .into_iter()
                    .map(|(m, four)| {
                        let mut child = Node::leaf(m, Some(m), node.threats - 1, false);
                        // A four has one defence, a three several: the proof numbers
                        // start there.
                        child.pn = if four { 1 } else { THREE_DEFENCES };
                        child
                    })
                    .collect();
                self.add_children(at, children);
            }
        }
    }

    /// The VCF of the attacker to move in `position`, else its threats; `None` when the
    /// budget ran out in the VCF.
    fn attack_of(&mut self, position: &Position, budget: &mut Budget) -> Option<Attack> {
        // One scan of the board gives both the fours for the VCF and the threats to try.
        let threats = position.threats(position.side_to_move());
        let fours = fours_of(&threats);
        let empty = PointSet::EMPTY;
        if let Some(win) = self
            .vcf
            .attack(position, &fours, &empty, VCF_MOVES_IN_VCT, budget)
        {
            return Some(Attack::Vcf(win));
        }
        (!budget.out).then(|| Attack::Threats(threat_moves(position, &threats, &fours)))
    }

    /// The attacker must block the defender's four at `block`: the block goes on as a
    /// threat if it makes a four, or leaves the defender to answer the pending three again.
    fn expand_block(&mut self, at: usize, position: &Position, block: Point) {
        let node = self.nodes[at];
        let me = position.side_to_move();
        let mut after = *position;
        if after.play(block).is_err() {
            return self.nodes[at].settle(false, End::Open);
        }
        let (threat, left) =
            if after.status() == Status::Won(me) || !fives_near(&after, me, block).is_empty() {
                (block, node.threats)
            } else {
                match node.threat {
                    Some(three) if node.threats > 0 => (three, node.threats - 1),
                    _ => return self.nodes[at].settle(false, End::Open),
                }
            };
        self.add_children(at, vec![Node::leaf(block, Some(threat), left, false)]);
    }

    /// The defender to move after the attacker's move into this position: every defence.
    fn expand_defence(&mut self, at: usize, position: &Position) {
        let node = self.nodes[at];
        let three = node.threat.unwrap_or(node.mv);
        let key = position.zobrist()
            ^ zobrist::splitmix64(((node.mv.index() as u64) << 16 | three.index() as u64) + 1);
        let defence = self
            .defences
            .entry(key)
            .or_insert_with(|| defence_of(position, node.mv, three))
            .clone();
        match defence {
            Defence::Settled(won, end) => self.nodes[at].settle(won, end),
            Defence::Replies(replies, pending) => {
                let children = replies
                    .into_iter()
                    .map(|r| Node::leaf(r, pending, node.threats, true))
                    .collect();
                self.add_children(at, children);
            }
        }
    }

    /// Makes `children` the children of `at`, or settles it when there are none (an
    /// attacker with no threat loses, a defender with no defence too).
    fn add_children(&mut self, at: usize, children: Vec<Node>) {
        let first = self.nodes.len() as u32;
        let node = &mut self.nodes[at];
        node.expanded = true;
        if children.is_empty() {
            let won = !node.attacker;
            return node.settle(won, End::Open);
        }
        node.first = first;
        node.count = children.len() as u32;
        self.nodes.extend(children);
    }

    /// The main line of a proved position: the attacker's quickest proved move, the
    /// defender's longest resistance.
    fn line(&self, at: usize) -> Line {
        let node = self.nodes[at];
        match node.end {
            End::Five => return (Vec::new(), 0),
            End::NoDefence => return (Vec::new(), 2),
            End::Vcf => return self.vcfs[&(at as u32)].clone(),
            End::Open | End::Skipped => {}
        }
        let range = node.first as usize..(node.first + node.count) as usize;
        let lines = range
            .filter(|&i| self.nodes[i].pn == 0 && self.nodes[i].end != End::Skipped)
            .map(|i| (self.nodes[i].mv, self.line(i)));
        let chosen = if node.attacker {
            lines.min_by_key(|(_, (_, plies))| *plies)
        } else {
            lines.max_by_key(|(_, (_, plies))| *plies)
        };
        // A proved attacker position always has a proved child; a proved defender position
        // without one had no defence it could play.
        let Some((mv, (rest, plies))) = chosen else {
            return (Vec::new(), 2);
        };
        let mut full = Vec::with_capacity(rest.len() + 1);
        full.push(mv);
        full.extend(rest);
        (full, plies + 1)
    }
}

/// The defender to move in `position` after the attacker's move `last` (a four, or the three
/// at `three` left standing): the end, or the defences to search.
fn defence_of(position: &Position, last: Point, three: Point) -> Defence {
    let attacker = position.side_to_move().opponent();
    match position.status() {
        Status::Won(p) if p == attacker => return Defence::Settled(true, End::Five),
        status if status.is_over() => return Defence::Settled(false, End::Open),
        _ => {}
    }
    match answers(position, last, three) {
        Answers::ThreatFails => Defence::Settled(false, End::Open),
        // No defence the defender can play: the four or the three wins.
        Answers::NoDefence => Defence::Settled(true, End::NoDefence),
        Answers::Replies(replies, _) if replies.is_empty() => {
            Defence::Settled(true, End::NoDefence)
        }
        Answers::Replies(replies, pending) => Defence::Replies(replies, pending),
    }
}

/// `threshold - own + child`, saturating at [`INF`]: a child's threshold from its parent's.
fn sub_add(threshold: u32, own: u32, child: u32) -> u32 {
    (u64::from(threshold) - u64::from(own.min(threshold)) + u64::from(child)).min(u64::from(INF))
        as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The memory bound of [`MAX_TREE`] counts 32 bytes a position.
    #[test]
    fn a_kept_position_takes_32_bytes() {
        assert!(std::mem::size_of::<Node>() <= 32);
    }
}
