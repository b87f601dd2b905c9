//! How many won positions the engine proves won in one turn, and how: each position of a file
//! given alone to the engine's move chooser (`think::Thinker`, a fresh table each time), with
//! the thinking time the engine takes for a turn limit of `--ms` (500 by default).
//!
//!     cargo run --release -p boardgames-tools --example proofs -- [--ms N] [--threads N] \
//!         [--nodes-per-ms R] [--point-classes] [--list] FILE...
//!
//! Each line of a `FILE` is one position: a name, the `INFO rule` value, then the stones in the
//! order they were played, black first, as protocol coordinates `x,y` (from the top left, on
//! a 15x15 board). Blank lines and lines starting with `#` are skipped.
//!
//! A position counts as proved when the move chosen comes with a proven win: the VCF, the VCT
//! by proof numbers, or the alpha-beta search's score of a forced five. It prints the count
//! by technique and the mean time; `--list` prints every position's answer too. `--threads N`
//! gives the alpha-beta search `N` threads (`INFO thread_num`; 1 by default).
//! `--nodes-per-ms R` does fixed work instead of reading the clock (`Thinker::with_fixed_work`:
//! each search's share of the turn as a node budget of `R` a millisecond): the same count on
//! any machine and under any load, a yardstick for changes to the searches.
//! `--point-classes` values the points by class under standard and renju
//! (`pbrain-boardgames --point-classes`).
//!
//! The file `crates/tools/examples/data/won-positions.txt` holds 78 positions of games
//! against Rapfi in which Rapfi, searching 500 ms, announced a forced win for the side to
//! move (`docs/strength.md`): the yardstick for the engine's search of long wins.

use boardgames_core::Game;
use boardgames_gomoku::{Position, Rule};
use boardgames_search::{MAX_PLY, WIN};
use pbrain_boardgames::clock::Clock;
use pbrain_boardgames::protocol::{parse_coordinates, parse_rule};
use pbrain_boardgames::think::{Techniques, Thinker};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The board size of the positions.
const SIZE: u8 = 15;

/// One position of a file: its name and the position.
struct Named {
    name: String,
    position: Position,
}

/// The position of one line, or what is wrong with it.
fn parse_line(line: &str) -> Result<Named, String> {
    let mut fields = line.split_whitespace();
    let name = fields.next().ok_or("no name")?.to_string();
    let rule: Rule = parse_rule(fields.next().ok_or("no rule")?).map_err(|e| e.to_string())?;
    let mut position = Position::new(u32::from(SIZE), rule).map_err(|e| e.to_string())?;
    for stone in fields {
        let point = parse_coordinates(stone, SIZE).map_err(|e| e.to_string())?;
        position
            .play(point)
            .map_err(|e| format!("{name}: {stone}: {e}"))?;
    }
    Ok(Named { name, position })
}

/// How a choice was found, from its `info`: `vcf`, `vct` or `search`; `None` without a
/// proven win.
fn proof_kind(score: i32, info: &str) -> Option<&'static str> {
    if score < WIN - MAX_PLY as i32 {
        return None;
    }
    Some(if info.starts_with("vcf") {
        "vcf"
    } else if info.starts_with("vct") {
        "vct"
    } else {
        "search"
    })
}

/// The command line.
struct Args {
    /// The turn limit in ms.
    turn_ms: u64,
    /// The alpha-beta search's threads.
    threads: usize,
    /// Whether to list every answer.
    list: bool,
    /// Fixed work: nodes a millisecond of the turn.
    nodes_per_ms: Option<u64>,
    /// Whether the points are valued by class.
    point_classes: bool,
    files: Vec<String>,
}

/// The number after an option, or what is wrong with it.
fn number<T: std::str::FromStr>(name: &str, value: Option<String>) -> Result<T, String> {
    let value = value.ok_or(format!("{name} needs a value"))?;
    value.parse().map_err(|_| format!("bad {name} {value}"))
}

fn parse_args() -> Result<Args, String> {
    let mut args = std::env::args().skip(1);
    let mut parsed = Args {
        turn_ms: 500,
        threads: 1,
        list: false,
        nodes_per_ms: None,
        point_classes: false,
        files: Vec::new(),
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--ms" => parsed.turn_ms = number("--ms", args.next())?,
            "--threads" => parsed.threads = number("--threads", args.next())?,
            "--list" => parsed.list = true,
            "--point-classes" => parsed.point_classes = true,
            "--nodes-per-ms" => parsed.nodes_per_ms = Some(number("--nodes-per-ms", args.next())?),
            _ => parsed.files.push(arg),
        }
    }
    if parsed.files.is_empty() || parsed.threads == 0 {
        return Err(
            "usage: proofs [--ms N] [--threads N (1 or more)] [--nodes-per-ms R] [--point-classes] \
             [--list] FILE..."
                .into(),
        );
    }
    Ok(parsed)
}

/// The positions of `files`, or the first problem found.
fn read_positions(files: &[String]) -> Result<Vec<Named>, String> {
    let mut positions = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for line in text.lines().map(str::trim) {
            if !line.is_empty() && !line.starts_with('#') {
                positions.push(parse_line(line)?);
            }
        }
    }
    Ok(positions)
}

fn main() -> Result<(), String> {
    let Args {
        turn_ms,
        threads,
        list,
        nodes_per_ms,
        point_classes,
        files,
    } = parse_args()?;
    let positions = read_positions(&files)?;
    let clock = Clock {
        turn_ms,
        ..Clock::default()
    };
    let stop = Arc::new(AtomicBool::new(false));
    let mut thinker = Thinker::new(clock.table_bytes()).with_techniques(Techniques {
        point_classes,
        ..Techniques::default()
    });
    thinker.set_threads(threads);
    if let Some(rate) = nodes_per_ms {
        thinker = thinker.with_fixed_work(rate);
    }
    let (mut counts, mut total) = (std::collections::BTreeMap::new(), Duration::ZERO);
    for Named { name, position } in &positions {
        thinker.clear();
        let budget = clock.budget(position.legal_move_count());
        let start = Instant::now();
        let choice = thinker.choose(position, budget, &clock, &stop);
        total += start.elapsed();
        let kind = choice
            .as_ref()
            .and_then(|c| proof_kind(c.score, &c.info))
            .unwrap_or("not proved");
        *counts.entry(kind).or_insert(0) += 1;
        if list {
            let info =
                choice.map_or_else(|| "no move".into(), |c| format!("{} {}", c.point, c.info));
            println!("{name}: {kind}: {info}");
        }
    }
    let proved: usize = counts
        .iter()
        .filter(|(kind, _)| **kind != "not proved")
        .map(|(_, n)| n)
        .sum();
    println!(
        "{proved} of {} proved at {turn_ms} ms a turn ({counts:?}); {:.0} ms a position",
        positions.len(),
        total.as_secs_f64() * 1000.0 / positions.len().max(1) as f64
    );
    Ok(())
}
