//! Player specs: `random`, a level, `ab:...` or `mcts:...`, as the command line takes them.
//!
//! | spec | player |
//! |---|---|
//! | `random` | a uniformly random legal move |
//! | `beginner`, `normal`, `expert` | the game's computer level (ai-players) |
//! | `expert:ab` | ultimate: the expert's alpha-beta search (the expert plays it when its network cannot be used); in the other games, the level itself |
//! | `ab:depth=6`, `ab:time=200ms`, `ab:nodes=100000`, `...,threads=2` | alpha-beta with the game's evaluator (Lazy SMP with threads) |
//! | `ab:time=200ms,db=on` | morris: alpha-beta that also knows the endgame databases, and plays their move where they decide |
//! | `ab:time=200ms,eval=hand`, `eval=fitted`, `eval=PATH` | morris: alpha-beta evaluating with the hand-set weights, the fitted ones (the default) or those of a weights file |
//! | `mcts:time=200ms`, `mcts:sims=20000`, `mcts:...,c=1.4,threads=2` | MCTS, random playouts |
//! | `mcts:sims=800,net=PATH`, `mcts:...,net=PATH,mix=0.25,fpu=0.2` | MCTS guided by a network's weights file (tic-tac-toe and ultimate): its value at the leaves (mixed with `mix` of a random playout) and its policy as PUCT priors, an untried move valued as a draw or, with `fpu`, as the position's mean value less `fpu` |
//! | `mcts:...,net=PATH,ptemp=1.5` | network-guided MCTS with priors `softmax(logits / ptemp)` (1 by default): flatter above 1, sharper below |
//! | `mcts:...,playout=decisive`, `playout=boards` | ultimate: MCTS whose playouts (with or without `net`) are random but take a move that wins the game at once, and with `boards` also one that wins the small board the side to move is sent to (`random`, the default: uniformly random) |
//! | `mcts:...,expand=4` | MCTS expanding a leaf only once it has had that many visits (1 by default), valued again by a playout (or the network) until then |
//!
//! Settings are `key=value` after the colon, separated by commas. A value alone is a
//! shorthand: one with a unit (`200ms`, `1s`, `1.5s`) is the time, a bare number the depth
//! (alpha-beta) or the simulations (MCTS): `ab:6`, `mcts:200ms`.

use boardgames_players::Level;
use std::time::Duration;

/// What kind of player a spec names.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// Uniformly random moves.
    Random,
    /// A computer level.
    Level(Level),
    /// A computer level searching with alpha-beta (ultimate's expert without its network).
    AlphaBetaLevel(Level),
    /// Alpha-beta search with the game's evaluator.
    AlphaBeta,
    /// Monte Carlo tree search with random playouts.
    Mcts,
}

/// Which weights a morris alpha-beta player evaluates with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Eval {
    /// The hand-set weights.
    Hand,
    /// The fitted weights built into the players (the default).
    Fitted,
    /// The fitted weights of a weights file (its path, case kept).
    File(String),
}

/// The playouts of an MCTS player's leaf values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Uniformly random moves (the default).
    Random,
    /// Random, but a side that can win the game at once does (ultimate).
    Decisive,
    /// As [`Playout::Decisive`], and a side sent to a small board it can win at once wins it
    /// (ultimate).
    Boards,
}

impl Playout {
    /// Ultimate's playouts of this kind, `None` for uniformly random ones.
    pub fn ultimate(self) -> Option<boardgames_players::ultimate::DecisivePlayout> {
        use boardgames_players::ultimate::DecisivePlayout;
        match self {
            Playout::Random => None,
            Playout::Decisive => Some(DecisivePlayout::new(false)),
            Playout::Boards => Some(DecisivePlayout::new(true)),
        }
    }
}

/// A player as the command line names it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSpec {
    /// The kind of player.
    pub kind: Kind,
    /// The deepest iteration (alpha-beta).
    pub depth: Option<u32>,
    /// Nodes to visit (alpha-beta) or to keep in the tree (MCTS).
    pub nodes: Option<u64>,
    /// Simulations a move (MCTS).
    pub simulations: Option<u64>,
    /// Time a move.
    pub time: Option<Duration>,
    /// Search threads.
    pub threads: usize,
    /// The UCT exploration constant (MCTS).
    pub exploration: Option<f64>,
    /// Alpha-beta knows the game's endgame databases (morris: those of the default data
    /// directory, `$BOARDGAMES_MORRIS_DB` to name another).
    pub databases: bool,
    /// The evaluation weights (morris alpha-beta); `None`: the game's default.
    pub eval: Option<Eval>,
    /// The weights file of a network guiding MCTS (its path, case kept).
    pub net: Option<String>,
    /// The share of a random playout in a network-guided MCTS's leaf values (0 to 1).
    pub mix: Option<f64>,
    /// Under PUCT, an untried move's value is the position's mean less this (MCTS);
    /// `None`: a draw.
    pub fpu: Option<f64>,
    /// The visits an MCTS leaf has before it is expanded; `None`: 1.
    pub expand_after: Option<u32>,
    /// The softmax temperature of a network's priors (MCTS with `net`); `None`: 1.
    pub prior_temperature: Option<f64>,
    /// The playouts valuing MCTS leaves.
    pub playout: Playout,
    /// The text given, for the report.
    pub text: String,
}

/// What is wrong with a player spec.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SpecError {
    /// Not a known player.
    #[error("unknown player {0:?}: random, beginner, normal, expert, ab:..., mcts:...")]
    UnknownPlayer(String),
    /// A setting the player does not take.
    #[error("{player} takes no setting {key:?}: {allowed}")]
    UnknownKey {
        /// The player kind.
        player: &'static str,
        /// The key given.
        key: String,
        /// The keys it takes.
        allowed: &'static str,
    },
    /// A value that could not be read.
    #[error("bad value {value:?} for {key}: {expected}")]
    BadValue {
        /// The key.
        key: String,
        /// The text given.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A searching player with no limit would search without end.
    #[error("{0} needs a limit: {1}")]
    NoLimit(&'static str, &'static str),
}

const AB_KEYS: &str = "depth, nodes, time, threads, db, eval";
const MCTS_KEYS: &str = "sims, time, nodes, c, threads, net, mix, fpu, expand, ptemp, playout";

impl std::str::FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        let text = text.trim();
        // The settings keep their case (a weights file's path); the rest is read lowercased.
        let (head, settings) = match text.split_once(':') {
            Some((head, settings)) => (head.to_ascii_lowercase(), Some(settings)),
            None => (text.to_ascii_lowercase(), None),
        };
        let level = |name: &str| {
            name.parse::<Level>()
                .map_err(|_| SpecError::UnknownPlayer(text.to_owned()))
        };
        let (kind, settings) = match (head.as_str(), settings) {
            ("random", None) => (Kind::Random, None),
            ("ab" | "alphabeta", Some(_)) => (Kind::AlphaBeta, settings),
            ("mcts", Some(_)) => (Kind::Mcts, settings),
            (name, None) => (Kind::Level(level(name)?), None),
            (name, Some(ab)) if ab.trim().eq_ignore_ascii_case("ab") => {
                (Kind::AlphaBetaLevel(level(name)?), None)
            }
            _ => return Err(SpecError::UnknownPlayer(text.to_owned())),
        };
        let mut spec = PlayerSpec {
            kind,
            depth: None,
            nodes: None,
            simulations: None,
            time: None,
            threads: 1,
            exploration: None,
            databases: false,
            eval: None,
            net: None,
            mix: None,
            fpu: None,
            expand_after: None,
            prior_temperature: None,
            playout: Playout::Random,
            text: text.to_owned(),
        };
        for item in settings.into_iter().flat_map(|s| s.split(',')) {
            spec.set(item.trim())?;
        }
        spec.check_limits()?;
        Ok(spec)
    }
}

impl PlayerSpec {
    /// Applies one `key=value` (or shorthand value) setting.
    fn set(&mut self, item: &str) -> Result<(), SpecError> {
        let (player, allowed) = match self.kind {
            Kind::AlphaBeta => ("ab", AB_KEYS),
            _ => ("mcts", MCTS_KEYS),
        };
        let (key, value) = match item.split_once('=') {
            Some((key, value)) => (key.trim().to_ascii_lowercase(), value.trim()),
            None if item.to_ascii_lowercase().ends_with('s') => ("time".into(), item),
            None if self.kind == Kind::AlphaBeta => ("depth".into(), item),
            None => ("sims".into(), item),
        };
        if (key.as_str(), self.kind) == ("net", Kind::Mcts) && !value.is_empty() {
            self.net = Some(value.to_owned());
            return Ok(());
        }
        if (key.as_str(), self.kind) == ("eval", Kind::AlphaBeta) && !value.is_empty() {
            self.eval = Some(match value.to_ascii_lowercase().as_str() {
                "hand" => Eval::Hand,
                "fitted" => Eval::Fitted,
                _ => Eval::File(value.to_owned()),
            });
            return Ok(());
        }
        let (key, value) = (key.as_str(), value.to_ascii_lowercase());
        let value = value.as_str();
        let unknown = || SpecError::UnknownKey {
            player,
            key: key.to_owned(),
            allowed,
        };
        match (key, self.kind) {
            ("time", _) => self.time = Some(duration(key, value)?),
            ("nodes", _) => self.nodes = Some(number(key, value)?),
            ("depth", Kind::AlphaBeta) => {
                let depth = number(key, value)?;
                self.depth = Some(u32::try_from(depth).map_err(|_| bad(key, value, "a depth"))?);
            }
            ("sims" | "simulations", Kind::Mcts) => self.simulations = Some(number(key, value)?),
            ("threads", _) => {
                let threads = number(key, value)?;
                self.threads = usize::try_from(threads)
                    .ok()
                    .filter(|&t| (1..=256).contains(&t))
                    .ok_or_else(|| bad(key, value, "a thread count from 1 to 256"))?;
            }
            ("db", Kind::AlphaBeta) => {
                self.databases = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad(key, value, "on or off")),
                }
            }
            ("c", Kind::Mcts) => self.exploration = Some(non_negative(key, value)?),
            ("fpu", Kind::Mcts) => self.fpu = Some(non_negative(key, value)?),
            ("expand", Kind::Mcts) => {
                let visits = number(key, value)?;
                self.expand_after =
                    Some(u32::try_from(visits).map_err(|_| bad(key, value, "a number of visits"))?);
            }
            ("playout", Kind::Mcts) => {
                self.playout = match value {
                    "random" => Playout::Random,
                    "decisive" => Playout::Decisive,
                    "boards" => Playout::Boards,
                    _ => return Err(bad(key, value, "random, decisive or boards")),
                }
            }
            ("ptemp", Kind::Mcts) => {
                let t: f64 = value
                    .parse()
                    .ok()
                    .filter(|t: &f64| t.is_finite() && *t > 0.0)
                    .ok_or_else(|| bad(key, value, "a finite number above 0"))?;
                self.prior_temperature = Some(t);
            }
            ("mix", Kind::Mcts) => {
                let mix: f64 = value
                    .parse()
                    .ok()
                    .filter(|m: &f64| (0.0..=1.0).contains(m))
                    .ok_or_else(|| bad(key, value, "a number from 0 to 1"))?;
                self.mix = Some(mix);
            }
            _ => return Err(unknown()),
        }
        Ok(())
    }

    fn check_limits(&self) -> Result<(), SpecError> {
        match self.kind {
            Kind::AlphaBeta
                if self.depth.is_none() && self.time.is_none() && self.nodes.is_none() =>
            {
                Err(SpecError::NoLimit(
                    "ab",
                    "depth, nodes or time (ab:depth=6, ab:200ms)",
                ))
            }
            Kind::Mcts if self.simulations.is_none() && self.time.is_none() => Err(
                SpecError::NoLimit("mcts", "sims or time (mcts:sims=10000, mcts:200ms)"),
            ),
            _ => Ok(()),
        }
    }
}

/// A finite number at least 0.
fn non_negative(key: &str, value: &str) -> Result<f64, SpecError> {
    value
        .parse()
        .ok()
        .filter(|x: &f64| x.is_finite() && *x >= 0.0)
        .ok_or_else(|| bad(key, value, "a finite number at least 0"))
}

fn bad(key: &str, value: &str, expected: &'static str) -> SpecError {
    SpecError::BadValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected,
    }
}

fn number(key: &str, value: &str) -> Result<u64, SpecError> {
    value
        .replace('_', "")
        .parse::<u64>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| bad(key, value, "a whole number above 0"))
}

/// `200ms`, `1s`, `1.5s`: a positive time of at most a day.
fn duration(key: &str, value: &str) -> Result<Duration, SpecError> {
    const EXPECTED: &str = "a time such as 200ms or 1.5s";
    let (number, scale) = if let Some(ms) = value.strip_suffix("ms") {
        (ms, 1e-3)
    } else if let Some(s) = value.strip_suffix('s') {
        (s, 1.0)
    } else {
        return Err(bad(key, value, EXPECTED));
    };
    number
        .parse::<f64>()
        .ok()
        .map(|n| n * scale)
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| bad(key, value, EXPECTED))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form() {
        let ab: PlayerSpec = "ab:depth=6,time=1.5s".parse().unwrap();
        assert_eq!(ab.kind, Kind::AlphaBeta);
        assert_eq!(ab.depth, Some(6));
        assert_eq!(ab.time, Some(Duration::from_millis(1500)));
        let mcts: PlayerSpec = "MCTS:200ms,c=1.4,threads=2,sims=5_000".parse().unwrap();
        assert_eq!(mcts.kind, Kind::Mcts);
        assert_eq!(mcts.time, Some(Duration::from_millis(200)));
        assert_eq!(mcts.simulations, Some(5000));
        assert_eq!((mcts.threads, mcts.exploration), (2, Some(1.4)));
        assert_eq!("ab:8".parse::<PlayerSpec>().unwrap().depth, Some(8));
        assert_eq!(
            "mcts:300".parse::<PlayerSpec>().unwrap().simulations,
            Some(300)
        );
        assert_eq!(
            "Expert".parse::<PlayerSpec>().unwrap().kind,
            Kind::Level(Level::Expert)
        );
        assert_eq!("random".parse::<PlayerSpec>().unwrap().kind, Kind::Random);
        assert!("ab:200ms,db=on".parse::<PlayerSpec>().unwrap().databases);
        assert!(!"ab:200ms,db=off".parse::<PlayerSpec>().unwrap().databases);
        let hand = "ab:200ms,eval=Hand".parse::<PlayerSpec>().unwrap();
        assert_eq!(hand.eval, Some(Eval::Hand));
        assert_eq!("ab:2".parse::<PlayerSpec>().unwrap().eval, None);
    }

    #[test]
    fn says_what_is_wrong() {
        let err = |s: &str| s.parse::<PlayerSpec>().unwrap_err().to_string();
        assert_eq!(
            err("grandmaster"),
            "unknown player \"grandmaster\": random, beginner, normal, expert, ab:..., mcts:..."
        );
        assert!(err("random:5").starts_with("unknown player \"random:5\""));
        assert!(err("ab:sims=5").starts_with("ab takes no setting \"sims\""));
        assert!(err("mcts:depth=5").starts_with("mcts takes no setting \"depth\""));
        assert!(err("ab:time=fast").starts_with("bad value \"fast\" for time"));
        assert!(err("mcts:c=-1").starts_with("bad value \"-1\" for c"));
        assert!(err("mcts:threads=300").contains("thread count"));
        assert!(err("ab:nodes=0").contains("above 0"));
        assert!(err("ab:3,db=yes").starts_with("bad value \"yes\" for db: on or off"));
        assert!(err("mcts:300,db=on").starts_with("mcts takes no setting \"db\""));
        let ab = "Expert:AB".parse::<PlayerSpec>().unwrap();
        assert_eq!(ab.kind, Kind::AlphaBetaLevel(Level::Expert));
        assert!(err("expert:mcts").starts_with("unknown player"));
        assert!(err("master:ab").starts_with("unknown player"));
        let file = "ab:2,eval=W.txt".parse::<PlayerSpec>().unwrap();
        assert_eq!(file.eval, Some(Eval::File("W.txt".to_owned())));
        assert!(err("mcts:300,eval=hand").starts_with("mcts takes no setting \"eval\""));
        assert_eq!("ab:nodes=5".parse::<PlayerSpec>().unwrap().nodes, Some(5));
        assert!(err("mcts:nodes=100").starts_with("mcts needs a limit"));
        assert!(err("mcts:sims=5,mix=2").starts_with("bad value \"2\" for mix"));
        assert!(err("mcts:sims=5,fpu=-0.1").starts_with("bad value \"-0.1\" for fpu"));
        assert!(err("ab:depth=5,fpu=0.1").starts_with("ab takes no setting \"fpu\""));
        assert!(err("mcts:sims=5,expand=0").starts_with("bad value \"0\" for expand"));
        assert!(err("mcts:sims=5,expand=5000000000").starts_with("bad value"));
        assert!(err("ab:depth=5,net=w.bgnn").starts_with("ab takes no setting \"net\""));
        for t in ["0", "-1", "inf", "nan", "warm"] {
            let text = format!("mcts:sims=5,ptemp={t}");
            assert!(err(&text).starts_with(&format!("bad value \"{t}\" for ptemp")));
        }
        assert!(err("ab:depth=5,ptemp=2").starts_with("ab takes no setting \"ptemp\""));
        assert!(err("mcts:sims=5,playout=smart")
            .starts_with("bad value \"smart\" for playout: random, decisive or boards"));
        assert!(err("ab:depth=5,playout=boards").starts_with("ab takes no setting \"playout\""));
    }

    #[test]
    fn a_network_path_keeps_its_case() {
        let spec: PlayerSpec =
            "MCTS:sims=800,Net=/Data/Best.bgnn,mix=0.25,fpu=0.2,expand=4,ptemp=1.5"
                .parse()
                .unwrap();
        assert_eq!(spec.net.as_deref(), Some("/Data/Best.bgnn"));
        assert_eq!((spec.simulations, spec.mix), (Some(800), Some(0.25)));
        assert_eq!((spec.fpu, spec.expand_after), (Some(0.2), Some(4)));
        assert_eq!(spec.prior_temperature, Some(1.5));
        assert_eq!(spec.playout, Playout::Random);
        for (text, playout) in [
            ("random", Playout::Random),
            ("Decisive", Playout::Decisive),
            ("BOARDS", Playout::Boards),
        ] {
            let spec: PlayerSpec = format!("mcts:sims=8,playout={text}").parse().unwrap();
            assert_eq!(spec.playout, playout);
        }
    }
}
