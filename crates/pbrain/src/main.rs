//! `pbrain-boardgames`: the Gomocup brain. Standard input is read on its own thread: every
//! line goes to the engine through a channel with the time it arrived (the thinking time
//! counts from there), and `END` or the end of input also sets the flag that stops a search.
#![forbid(unsafe_code)]

use pbrain_boardgames::clock::Clock;
use pbrain_boardgames::think::{Techniques, Thinker};
use pbrain_boardgames::{Engine, Flow};
use std::io::{self, BufRead};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::thread;
use std::time::Instant;

/// The longest line kept; a longer one is cut (the protocol allows that).
const MAX_LINE: usize = 4096;

fn main() -> io::Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    let (lines, commands) = mpsc::channel::<(Instant, Option<String>)>();
    let reader_stop = stop.clone();
    thread::spawn(move || {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        let mut buffer = Vec::new();
        loop {
            buffer.clear();
            match input.read_until(b'\n', &mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    buffer.truncate(MAX_LINE);
                    let line = String::from_utf8_lossy(&buffer).into_owned();
                    if line.trim().eq_ignore_ascii_case("END") {
                        reader_stop.store(true, Ordering::Relaxed);
                    }
                    if lines.send((Instant::now(), Some(line))).is_err() {
                        return;
                    }
                }
            }
        }
        reader_stop.store(true, Ordering::Relaxed);
        let _ = lines.send((Instant::now(), None));
    });
    let mut engine = Engine::new(stop);
    // `--no-threats`: without the VCF and VCT searches; `--no-vct`: without the VCT;
    // `--no-extension`: without the four extension; `--narrow-root`: the root's moves cut to
    // twelve like every other node's; `--exact`: without selective pruning and reductions;
    // `--point-classes`: points valued by class (matches measure what they add).
    let flag = |name: &str| std::env::args().any(|a| a == name);
    let (no_threats, no_vct, no_extension, narrow_root, exact) = (
        flag("--no-threats"),
        flag("--no-vct"),
        flag("--no-extension"),
        flag("--narrow-root"),
        flag("--exact"),
    );
    let point_classes = flag("--point-classes");
    if no_threats || no_vct || no_extension || narrow_root || exact || point_classes {
        let thinker = Thinker::new(Clock::default().table_bytes()).with_techniques(Techniques {
            vcf: !no_threats,
            vct: !no_threats && !no_vct,
            four_extension: !no_extension,
            wide_root: !narrow_root,
            selective: !exact,
            point_classes,
        });
        engine = engine.with_thinker(thinker);
    }
    let stdout = io::stdout();
    for (received, line) in commands {
        let Some(line) = line else { break };
        let mut out = stdout.lock();
        if engine.handle(&line, received, &mut out)? == Flow::Quit {
            break;
        }
    }
    Ok(())
}
