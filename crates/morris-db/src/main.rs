//! `morris-db`: builds, verifies and checks the nine men's morris endgame databases.

use boardgames_morris_db::check::check_class;
use boardgames_morris_db::{build, default_dir, groups, verify_group, Databases};
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;

/// Nine men's morris endgame databases: build, verify, check.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// The directory of the databases (default: $BOARDGAMES_MORRIS_DB, else
    /// $XDG_DATA_HOME/boardgames/morris-db, else ~/.local/share/boardgames/morris-db).
    #[arg(long, global = true)]
    dir: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Builds every class up to N pieces a side (classes already built are kept: stop at any
    /// time and run again to resume).
    Build {
        /// The most pieces a side.
        #[arg(long, default_value_t = 5)]
        up_to: u32,
    },
    /// Checks every stored value against its successors' values.
    Verify {
        /// The most pieces a side.
        #[arg(long, default_value_t = 5)]
        up_to: u32,
    },
    /// Samples positions of every built class: the stored value against an independent proof
    /// search, the symmetric images, the best move.
    Check {
        /// The most pieces a side.
        #[arg(long, default_value_t = 5)]
        up_to: u32,
        /// Positions per class.
        #[arg(long, default_value_t = 10_000)]
        samples: u64,
        /// The proof search's depth in plies.
        #[arg(long, default_value_t = 5)]
        depth: u32,
        /// The seed of the samples.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

fn bar() -> ProgressBar {
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{prefix:>10} {msg:>9} [{bar:40}] {pos}/{len} ({eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let Some(dir) = cli.dir.or_else(default_dir) else {
        eprintln!("no data directory: pass --dir");
        return ExitCode::FAILURE;
    };
    let result = match cli.command {
        Command::Build { up_to } => run_build(&dir, up_to),
        Command::Verify { up_to } => run_verify(&dir, up_to),
        Command::Check {
            up_to,
            samples,
            depth,
            seed,
        } => run_check(&dir, up_to, samples, depth, seed),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_build(dir: &std::path::Path, up_to: u32) -> Result<(), Box<dyn std::error::Error>> {
    let bar = bar();
    let (_, reports) = build(dir, up_to, |group, p| {
        bar.set_prefix(group.to_string());
        bar.set_message(p.stage);
        bar.set_length(p.total);
        bar.set_position(p.done);
    })?;
    bar.finish_and_clear();
    println!("{}", dir.display());
    println!("group  indices      seconds  built  class: wins draws losses longest");
    for r in reports {
        let counts: Vec<String> = r
            .counts
            .iter()
            .map(|((a, b), c)| {
                format!("{a}v{b}: {} {} {} {}", c.wins, c.draws, c.losses, c.longest)
            })
            .collect();
        println!(
            "{}v{}  {:>11}  {:>7.1}  {:>5}  {}",
            r.group.0,
            r.group.1,
            r.indices,
            r.seconds,
            r.built,
            counts.join("; ")
        );
    }
    Ok(())
}

fn run_verify(dir: &std::path::Path, up_to: u32) -> Result<(), Box<dyn std::error::Error>> {
    let (db, errors) = Databases::open(dir, up_to);
    if let Some(e) = errors.into_iter().next() {
        return Err(e.into());
    }
    let bar = bar();
    for (a, b) in groups(up_to) {
        if db.class(a, b).is_none() {
            println!("{a}v{b}: not built");
            continue;
        }
        bar.set_prefix(format!("{a}v{b}"));
        bar.set_message("verify");
        let size: u64 = [(a, b), (b, a)]
            .iter()
            .filter_map(|&(x, y)| db.class(x, y))
            .map(|c| c.index().size())
            .sum();
        bar.set_length(if a == b { size / 2 } else { size });
        let start = std::time::Instant::now();
        verify_group(&db, a, b, |done| bar.set_position(done))?;
        bar.suspend(|| {
            println!(
                "{a}v{b}: verified in {:.1} s",
                start.elapsed().as_secs_f64()
            );
        });
    }
    bar.finish_and_clear();
    Ok(())
}

fn run_check(
    dir: &std::path::Path,
    up_to: u32,
    samples: u64,
    depth: u32,
    seed: u64,
) -> Result<(), Box<dyn std::error::Error>> {
    let (db, errors) = Databases::open(dir, up_to);
    if let Some(e) = errors.into_iter().next() {
        return Err(e.into());
    }
    println!("class  samples  proven (depth {depth})  seconds");
    for (a, b) in boardgames_morris_db::classes(up_to) {
        if db.class(a, b).is_none() {
            continue;
        }
        let start = std::time::Instant::now();
        let report = check_class(&db, (a, b), samples, depth, seed)?;
        println!(
            "{a}v{b}  {:>7}  {:>6}  {:>7.1}",
            report.positions,
            report.proven,
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
