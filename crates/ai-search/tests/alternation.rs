//! Games where a player may move twice in a row (`Game::ALTERNATES = false`, as under gomoku's
//! opening rules): the search must negate a child's value only when the side to move changes.
//! A small take-away game is solved here by a minimax that follows the players by name, and
//! plain negamax and every search technique must agree with it.

use boardgames_core::{Game, MoveError, MoveList, Player, Status, Unmake};
use boardgames_search::{
    check_techniques_make_unmake, negamax, Limits, Mcts, NoKnowledge, Proof, RandomPlayout,
    Searcher, Techniques, WIN,
};
use std::fmt;
use std::str::FromStr;

/// A pile of stones; a move takes one or two. Taking two gives the same player another move
/// (while stones remain); taking one passes the turn. Whoever takes the last stone wins.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Pile {
    stones: u8,
    mover: Player,
    /// The player who took the last stone, once the pile is empty.
    winner: Option<Player>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Take(u8);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Take {
    type Err = NotATake;
    fn from_str(text: &str) -> Result<Take, NotATake> {
        match text {
            "1" => Ok(Take(1)),
            "2" => Ok(Take(2)),
            _ => Err(NotATake),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("a move takes 1 or 2 stones")]
struct NotATake;

impl MoveError for NotATake {
    fn is_game_over(&self) -> bool {
        false
    }
}

impl Game for Pile {
    type Move = Take;
    type ParseMoveError = NotATake;
    type Illegal = NotATake;
    const ALTERNATES: bool = false;

    fn side_to_move(&self) -> Player {
        self.mover
    }

    fn status(&self) -> Status {
        self.winner.map_or(Status::Ongoing, Status::Won)
    }

    fn legal_moves(&self, moves: &mut MoveList<Take>) {
        moves.clear();
        for take in 1..=self.stones.min(2) {
            moves.push(Take(take));
        }
    }

    fn check_move(&self, mv: Take) -> Result<(), NotATake> {
        if (1..=2).contains(&mv.0) && mv.0 <= self.stones {
            Ok(())
        } else {
            Err(NotATake)
        }
    }

    fn play_unchecked(&mut self, mv: Take) {
        self.stones -= mv.0;
        if self.stones == 0 {
            self.winner = Some(self.mover);
        } else if mv.0 == 1 {
            self.mover = self.mover.opponent();
        }
    }

    fn zobrist(&self) -> u64 {
        u64::from(self.stones) << 2 | self.mover.index() as u64
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.zobrist()
    }

    fn max_remaining_plies(&self) -> Option<usize> {
        Some(usize::from(self.stones))
    }
}

/// The winner under best play, by following who moves: the oracle written without negation.
fn winner(pile: Pile) -> Player {
    if let Some(w) = pile.winner {
        return w;
    }
    let mut moves = MoveList::new();
    pile.legal_moves(&mut moves);
    let mover = pile.mover;
    let results = moves.iter().map(|&mv| {
        let mut next = pile;
        next.play_unchecked(mv);
        winner(next)
    });
    if results.clone().any(|w| w == mover) {
        mover
    } else {
        mover.opponent()
    }
}

fn start(stones: u8) -> Pile {
    Pile {
        stones,
        mover: Player::First,
        winner: None,
    }
}

#[test]
fn negamax_follows_the_side_to_move() {
    for stones in 1..=14 {
        let pile = start(stones);
        let score = negamax(&pile, u32::from(stones), &NoKnowledge);
        let wins = winner(pile) == pile.mover;
        assert_eq!(score > WIN / 2, wins, "{stones} stones: score {score}");
        assert_eq!(score < -WIN / 2, !wins, "{stones} stones: score {score}");
    }
}

#[test]
fn every_technique_agrees_with_the_named_players_oracle() {
    for stones in 1..=14 {
        let pile = start(stones);
        let expected = if winner(pile) == pile.mover {
            Proof::Win
        } else {
            Proof::Loss
        };
        for (name, techniques) in Techniques::CHECKS {
            let mut searcher = Searcher::new(NoKnowledge)
                .with_techniques(techniques)
                .with_table_bytes(1 << 16);
            let result = searcher.search(&pile, &Limits::depth(u32::from(stones)));
            assert_eq!(
                result.proof,
                Some(expected),
                "{stones} stones with {name}: {result:?}"
            );
            assert_eq!(
                result.score,
                negamax(&pile, u32::from(stones), &NoKnowledge),
                "{stones} stones with {name}"
            );
        }
    }
}

/// The pile takes a move back by restoring the two fields a move changes (the stone count
/// follows from the move).
impl Unmake for Pile {
    type Undo = (Take, Player);
    fn make(&mut self, mv: Take) -> (Take, Player) {
        let mover = self.mover;
        self.play_unchecked(mv);
        (mv, mover)
    }
    fn unmake(&mut self, (mv, mover): (Take, Player)) {
        self.stones += mv.0;
        self.mover = mover;
        self.winner = None;
    }
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} stones, {:?} to move", self.stones, self.mover)
    }
}

#[test]
fn make_unmake_walks_the_tree_copy_make_walks() {
    for stones in 1..=12 {
        let pile = start(stones);
        check_techniques_make_unmake(&pile, u32::from(stones), &NoKnowledge).unwrap();
    }
}

/// MCTS follows the players too: its solver proves every pile's result (the named-players
/// oracle's) and plays a winning move, from either side, with a tree reused from move to move.
#[test]
fn mcts_proves_the_pile_for_the_right_player() {
    for stones in 1..=12 {
        let mut pile = start(stones);
        let mut mcts = Mcts::new(RandomPlayout::default());
        // The winner keeps winning: play the search's moves to the end.
        let champion = winner(pile);
        while pile.winner.is_none() {
            let result = mcts.search(&pile, &Limits::simulations(20_000));
            let expected = if champion == pile.mover {
                Proof::Win
            } else {
                Proof::Loss
            };
            assert_eq!(result.proof, Some(expected), "{pile}: {result:?}");
            let mv = result.best_move.unwrap();
            pile.play(mv).unwrap();
            if expected == Proof::Win {
                // A winning move keeps the win: the oracle agrees after it.
                assert_eq!(winner(pile), champion, "{pile}");
            }
        }
        assert_eq!(pile.winner, Some(champion), "{stones} stones");
    }
}
