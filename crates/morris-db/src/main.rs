//! `morris-db`: builds, verifies and checks the nine men's morris endgame databases.

use boardgames_morris_db::check::check_class;
use boardgames_morris_db::{
    build_groups, classes_of, default_dir, exits, groups, groups_for, parse_groups, verify_group,
    Databases,
};
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};
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

/// Which groups (`a` v `b` with `b` v `a`) a command works on.
#[derive(clap::Args)]
struct Selection {
    /// Every group with up to N pieces a side.
    #[arg(long, default_value_t = 5)]
    up_to: u32,
    /// These groups instead, e.g. `7v3,8v4` (`build` adds the smaller groups their captures
    /// lead to, fewer pieces first).
    #[arg(long, value_parser = |text: &str| parse_groups(text).map(GroupList))]
    classes: Option<GroupList>,
}

/// The value of `--classes` (a newtype: clap would take a bare `Vec` for repeated flags).
#[derive(Clone)]
struct GroupList(Vec<(u32, u32)>);

impl Selection {
    /// The groups named, larger side first (not closed under captures).
    fn groups(&self) -> Vec<(u32, u32)> {
        match &self.classes {
            Some(GroupList(list)) => list.iter().map(|&(a, b)| (a.max(b), a.min(b))).collect(),
            None => groups(self.up_to),
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Builds every class up to N pieces a side, or the groups of --classes and those their
    /// captures lead to (classes already built are kept: stop at any time and run again to
    /// resume).
    Build {
        #[command(flatten)]
        select: Selection,
    },
    /// Checks every stored value against its successors' values.
    Verify {
        #[command(flatten)]
        select: Selection,
    },
    /// Samples positions of every built class: the stored value against an independent proof
    /// search, the symmetric images, the best move.
    Check {
        #[command(flatten)]
        select: Selection,
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

/// The classes of `list` and those their captures lead to, for a pass over `list`.
fn open_with_exits(
    dir: &Path,
    list: &[(u32, u32)],
) -> Result<Databases, Box<dyn std::error::Error>> {
    let mut needed = classes_of(list);
    needed.extend(list.iter().flat_map(|&(a, b)| exits(a, b)));
    needed.sort_unstable();
    needed.dedup();
    let (db, errors) = Databases::open_classes(dir, &needed);
    match errors.into_iter().next() {
        Some(e) => Err(e.into()),
        None => Ok(db),
    }
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
        Command::Build { select } => run_build(&dir, &select),
        Command::Verify { select } => run_verify(&dir, &select.groups()),
        Command::Check {
            select,
            samples,
            depth,
            seed,
        } => run_check(&dir, &select.groups(), samples, depth, seed),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_build(dir: &Path, select: &Selection) -> Result<(), Box<dyn std::error::Error>> {
    let list = groups_for(&select.groups())?;
    let bar = bar();
    let (_, reports) = build_groups(dir, &list, |group, p| {
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

fn run_verify(dir: &Path, list: &[(u32, u32)]) -> Result<(), Box<dyn std::error::Error>> {
    let db = open_with_exits(dir, list)?;
    let bar = bar();
    for &(a, b) in list {
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
    dir: &Path,
    list: &[(u32, u32)],
    samples: u64,
    depth: u32,
    seed: u64,
) -> Result<(), Box<dyn std::error::Error>> {
    let db = open_with_exits(dir, list)?;
    println!("class  samples  proven (depth {depth})  seconds");
    for (a, b) in classes_of(list) {
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
