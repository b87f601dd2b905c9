//! `play` end to end through standard input: for every game, a game is played, saved,
//! resigned, loaded again and taken back, with bad input at the prompt (an unknown move, a
//! file that does not exist, another game's record) answered and not fatal; against the
//! computer, `undo` takes back a whole turn and the person is never asked to move for the
//! computer.

use boardgames::core::matches::record::Record;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The `play` example beside this test's binary, built (or found up to date) once per test
/// run with this run's profile, so a filtered run never drives a stale binary. The build
/// resolves features over the whole workspace, as `cargo test --workspace` does: the example
/// that run has just built is then up to date, where a build of this package alone would
/// compile its dependencies again with other features.
fn play_binary() -> PathBuf {
    static BUILT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            let exe = std::env::current_exe().expect("the test binary's path");
            let profile_dir = exe
                .parent()
                .and_then(|deps| deps.parent())
                .expect("target/<profile>/deps");
            let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
                Some("debug") | None => "dev".to_owned(),
                Some(other) => other.to_owned(),
            };
            let status = Command::new(env!("CARGO"))
                .args([
                    "build",
                    "--quiet",
                    "--workspace",
                    "--example",
                    "play",
                    "--profile",
                    &profile,
                ])
                .status()
                .expect("cargo runs");
            assert!(status.success(), "building the play example failed");
            profile_dir
                .join("examples")
                .join(format!("play{}", std::env::consts::EXE_SUFFIX))
        })
        .clone()
}

/// Runs `play ARGS` with `input` typed in; returns everything it wrote. The lasting scores
/// go to a directory of this test process, never the user's.
fn play(args: &[&str], input: &str) -> String {
    let dir = fresh_data_dir();
    let out = play_in(&dir, args, input);
    let _ = std::fs::remove_dir_all(dir);
    out
}

/// A data directory of its own for one run of `play`.
fn fresh_data_dir() -> String {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    temp_file(&format!("data-{run}"))
}

/// `play` with its lasting scores in `data_dir`.
fn play_in(data_dir: &str, args: &[&str], input: &str) -> String {
    let mut child = Command::new(play_binary())
        .env("BOARDGAMES_DATA_DIR", data_dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("play starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    let output = child.wait_with_output().expect("play ends");
    assert!(
        output.status.success(),
        "play {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

fn temp_file(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("play-records-{}-{name}", std::process::id()));
    path.to_string_lossy().into_owned()
}

/// One game: two moves, bad input, save, resign; then load, take back, quit.
fn save_resign_load(game: &str, moves: [&str; 2], other_record: &str) {
    let file = temp_file(&format!("{game}.txt"));
    let script = format!(
        "{}\nnot-a-move\n{}\nsave {file}\nload {file}.missing\nresign\nn\n",
        moves[0], moves[1]
    );
    let out = play(&[game], &script);
    assert!(
        out.contains("Try again."),
        "{game}: bad move not answered:\n{out}"
    );
    assert!(out.contains(&format!("Saved the game to {file}.")), "{out}");
    assert!(out.contains("Cannot read"), "{out}");
    assert!(out.contains("resigns."), "{out}");
    assert!(out.contains("Score this session:"), "{out}");
    let text = std::fs::read_to_string(&file).expect("the saved record");
    let record: Record = text.parse().expect("a well-formed record");
    assert_eq!(record.game(), Some(game));
    let texts: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, moves, "{text}");

    let other = temp_file(&format!("{game}-other.txt"));
    std::fs::write(&other, other_record).expect("written");
    let out = play(
        &[game],
        &format!("load {other}\nload {file}\nundo\nundo\nundo\nquit\n"),
    );
    assert!(
        out.contains("Cannot load"),
        "{game}: another game's record loaded:\n{out}"
    );
    assert!(out.contains(&format!("Loaded {file}.")), "{out}");
    assert!(out.contains(&format!("Took back {}.", moves[1])), "{out}");
    assert!(out.contains(&format!("Took back {}.", moves[0])), "{out}");
    assert!(out.contains("There is no move to take back."), "{out}");
    let _ = std::fs::remove_file(file);
    let _ = std::fs::remove_file(other);
}

const TICTACTOE: &str = "[Game \"tictactoe\"]\n\n1. b2 *\n";

#[test]
fn tictactoe_saves_resigns_and_loads() {
    save_resign_load("tictactoe", ["b2", "a1"], "[Game \"morris\"]\n\n1. d1 *\n");
}

#[test]
fn ultimate_saves_resigns_and_loads() {
    save_resign_load("ultimate", ["55", "51"], TICTACTOE);
}

#[test]
fn gomoku_saves_resigns_and_loads() {
    save_resign_load("gomoku", ["h8", "h9"], TICTACTOE);
}

#[test]
fn morris_saves_resigns_and_loads() {
    save_resign_load("morris", ["d1", "d2"], TICTACTOE);
}

#[test]
fn a_finished_game_is_not_loaded() {
    let file = temp_file("finished.txt");
    let won = "[Game \"tictactoe\"]\n[Result \"1-0\"]\n[Reason \"line\"]\n\n1. a1 b1 2. a2 b2 3. a3 1-0\n";
    std::fs::write(&file, won).expect("written");
    let out = play(&["tictactoe"], &format!("load {file}\nquit\n"));
    assert!(out.contains("that game is over"), "{out}");
    let _ = std::fs::remove_file(file);
}

#[test]
fn draw_offers_are_answered_by_the_person_or_declined_by_the_computer() {
    for game in ["tictactoe", "ultimate", "gomoku", "morris"] {
        let out = play(&[game], "draw\nno\ndraw\ny\nn\n");
        assert!(out.contains("declines the draw."), "{game}:\n{out}");
        assert!(out.contains("Draw by agreement."), "{game}:\n{out}");
        assert!(out.contains("draws 1."), "{game}:\n{out}");
    }
    let out = play(&["tictactoe", "--level", "beginner"], "draw\nquit\n");
    assert!(out.contains("declines the draw."), "{out}");
    assert!(!out.contains("do you accept"), "{out}");
}

#[test]
fn clocks_are_shown_and_a_bad_time_control_is_refused() {
    let out = play(&["gomoku", "--time", "5m+3s"], "quit\n");
    // The second player's clock does not run during the first player's turn.
    assert!(out.contains("Clocks: Black (X) "), "{out}");
    assert!(out.contains("White (O) 5:00.0."), "{out}");
    let output = Command::new(play_binary())
        .env("BOARDGAMES_DATA_DIR", temp_file("data-bad-time"))
        .args(["tictactoe", "--time", "5q"])
        .output()
        .expect("play runs");
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("unknown unit"), "{error}");
}

#[test]
fn every_game_gives_a_hint_that_is_a_legal_move() {
    for (game, second) in [
        ("tictactoe", "O to move"),
        ("ultimate", "O to move"),
        ("gomoku", "White (O) to move"),
        ("morris", "Black to move"),
    ] {
        let out = play(&[game], "hint\nquit\n");
        let hint = out
            .split("Hint: ")
            .nth(1)
            .and_then(|rest| rest.split('.').next())
            .unwrap_or_else(|| panic!("{game}: no hint:\n{out}"));
        // The hint is playable: the person types it and the turn passes.
        let out = play(&[game], &format!("{hint}\nquit\n"));
        assert!(
            !out.contains("Try again."),
            "{game}: hint {hint} refused:\n{out}"
        );
        assert!(
            out.contains(second),
            "{game}: the turn did not pass:\n{out}"
        );
    }
}

#[test]
fn lasting_scores_count_across_sessions_and_survive_damage() {
    let dir = temp_file("lasting");
    let _ = std::fs::remove_dir_all(&dir);
    let x_wins = "a1\nb1\na2\nb2\na3\n";
    let out = play_in(&dir, &["tictactoe"], &format!("{x_wins}n\n"));
    assert!(out.contains("two players: X 0, O 0, draws 0."), "{out}");
    assert!(out.contains("two players: X 1, O 0, draws 0."), "{out}");
    // A second session starts from the first one's scores; against the computer is kept apart.
    let out = play_in(&dir, &["tictactoe"], &format!("{x_wins}y\nresign\nn\n"));
    assert!(out.contains("two players: X 1, O 0, draws 0."), "{out}");
    assert!(out.contains("two players: X 2, O 1, draws 0."), "{out}");
    let out = play_in(&dir, &["tictactoe", "--level", "beginner"], "resign\nn\n");
    assert!(
        out.contains("against the computer (beginner): you 0, the computer 1, draws 0."),
        "{out}"
    );
    // A damaged file is reported and set aside, and play goes on.
    let file = std::path::Path::new(&dir).join("scores.tsv");
    std::fs::write(&file, "tictactoe\ttwo-players\t-\tmany\t0\t0\n").expect("written");
    let out = play_in(&dir, &["tictactoe"], "quit\n");
    assert!(out.contains("is damaged (line 1)"), "{out}");
    assert!(std::path::Path::new(&dir)
        .join("scores.tsv.damaged")
        .exists());
    assert!(out.contains("two players: X 0, O 0, draws 0."), "{out}");
    // --reset-records clears the game's scores.
    play_in(&dir, &["tictactoe"], &format!("{x_wins}n\n"));
    let out = play_in(&dir, &["tictactoe", "--reset-records"], "quit\n");
    assert!(
        out.contains("The lasting scores of tictactoe are cleared."),
        "{out}"
    );
    assert!(out.contains("two players: X 0, O 0, draws 0."), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A random finished game of `start`'s game (seeded), in notation.
fn random_game<G: boardgames::core::Game>(
    mut position: G,
    seed: u64,
) -> (Vec<String>, boardgames::core::Status) {
    let mut rng = boardgames::core::Rng::new(seed);
    let mut moves = Vec::new();
    while let Some(mv) = position.random_move(&mut rng) {
        moves.push(mv.to_string());
        position.play(mv).expect("a generated move is legal");
    }
    (moves, position.status())
}

#[test]
fn whole_games_with_bad_input_before_every_move_end_with_their_result() {
    use boardgames::core::{Player, Status};
    let games = [
        (
            "tictactoe",
            random_game(boardgames::tictactoe::Position::new(), 1),
            ["X", "O"],
        ),
        (
            "ultimate",
            random_game(boardgames::ultimate::Position::new(), 2),
            ["X", "O"],
        ),
        (
            "gomoku",
            random_game(
                boardgames::gomoku::Position::new(9, boardgames::gomoku::Rule::CARO).unwrap(),
                3,
            ),
            ["Black (X)", "White (O)"],
        ),
        (
            "morris",
            random_game(boardgames::morris::Position::new(), 4),
            ["White", "Black"],
        ),
    ];
    for (game, (moves, status), names) in games {
        let mut script = String::new();
        for mv in &moves {
            script.push_str(&format!("zz\n{mv}\n"));
        }
        // A bad answer to "play again?" ends the session.
        script.push_str("maybe\n");
        let args: Vec<&str> = if game == "gomoku" {
            vec![game, "--size", "9"]
        } else {
            vec![game]
        };
        let out = play(&args, &script);
        assert_eq!(
            out.matches("Try again.").count(),
            moves.len(),
            "{game}:\n{out}"
        );
        let expected = match status {
            Status::Won(Player::First) => format!("{} 1, {} 0, draws 0.", names[0], names[1]),
            Status::Won(Player::Second) => format!("{} 0, {} 1, draws 0.", names[0], names[1]),
            _ => format!("{} 0, {} 0, draws 1.", names[0], names[1]),
        };
        assert!(
            out.contains(&format!("Score this session: {expected}")),
            "{game} ({} moves, {status:?}):\n{}",
            moves.len(),
            &out[out.len().saturating_sub(1500)..]
        );
    }
}

/// `play` typed at line by line: each line is typed after the output up to the next prompt
/// is read, so the person's moves can be chosen from the legal moves the computer leaves.
struct Live {
    child: Child,
    input: Option<ChildStdin>,
    output: Receiver<Vec<u8>>,
    seen: String,
    read: usize,
    dir: String,
}

/// The end of every move prompt.
const PROMPT: &str = "Your move";

impl Live {
    fn start(args: &[&str]) -> Live {
        let dir = fresh_data_dir();
        let mut child = Command::new(play_binary())
            .env("BOARDGAMES_DATA_DIR", &dir)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("play starts");
        let mut stdout = child.stdout.take().expect("stdout");
        let (sender, output) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n @ 1..) = stdout.read(&mut buffer) {
                if sender.send(buffer[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let input = child.stdin.take();
        Live {
            child,
            input,
            output,
            seen: String::new(),
            read: 0,
            dir,
        }
    }

    /// The output from the last prompt up to the end of the next one's turn line and "Your
    /// move".
    fn next_prompt(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            if let Some(at) = self.seen[self.read..].find(PROMPT) {
                let end = self.read + at + PROMPT.len();
                let part = self.seen[self.read..end].to_owned();
                self.read = end;
                return part;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.seen.push_str(&String::from_utf8_lossy(&bytes)),
                Err(RecvTimeoutError::Timeout) => panic!("no prompt in time:\n{}", self.seen),
                Err(RecvTimeoutError::Disconnected) => panic!("play ended:\n{}", self.seen),
            }
        }
    }

    /// Types `line` and returns the output up to the next prompt.
    fn answer(&mut self, line: &str) -> String {
        let input = self.input.as_mut().expect("input open");
        writeln!(input, "{line}").expect("line typed");
        self.next_prompt()
    }

    /// The first of the legal moves that `moves` lists.
    fn first_legal_move(&mut self) -> String {
        let out = self.answer("moves");
        let list = out
            .split("Legal moves: ")
            .nth(1)
            .unwrap_or_else(|| panic!("no legal moves listed:\n{out}"));
        list.split_whitespace()
            .next()
            .expect("a legal move")
            .to_owned()
    }

    /// Quits, waits for `play` to end and removes its data directory.
    fn quit(mut self) {
        let mut input = self.input.take().expect("input open");
        writeln!(input, "quit").expect("line typed");
        drop(input);
        assert!(self.child.wait().expect("play ends").success());
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The computer's move announced in `out` ("... plays MOVE."), if any.
fn computer_move(out: &str) -> Option<String> {
    let rest = out.split(" plays ").nth(1)?;
    rest.split(".\n").next().map(str::to_owned)
}

/// One game against the computer: its arguments, a legal start of two moves, the record
/// tags that start the game, the names of the first and the second player.
struct Against {
    args: &'static [&'static str],
    opening: [&'static str; 2],
    tags: &'static str,
    names: [&'static str; 2],
}

const AGAINST: [Against; 5] = [
    Against {
        args: &["tictactoe"],
        opening: ["b2", "a1"],
        tags: "[Game \"tictactoe\"]\n",
        names: ["X", "O"],
    },
    Against {
        args: &["ultimate"],
        opening: ["55", "51"],
        tags: "[Game \"ultimate\"]\n",
        names: ["X", "O"],
    },
    Against {
        args: &["gomoku", "--size", "9"],
        opening: ["e5", "e6"],
        tags: "[Game \"gomoku\"]\n[Size \"9\"]\n[Rule \"caro\"]\n",
        names: ["Black (X)", "White (O)"],
    },
    Against {
        args: &["gomoku", "--rule", "renju"],
        opening: ["h8", "h9"],
        tags: "[Game \"gomoku\"]\n[Size \"15\"]\n[Rule \"renju\"]\n",
        names: ["Black (X)", "White (O)"],
    },
    Against {
        args: &["morris"],
        opening: ["d1", "d2"],
        tags: "[Game \"morris\"]\n",
        names: ["White", "Black"],
    },
];

impl Against {
    /// `play` against the beginner computer, which moves first when `computer_first`.
    fn start(&self, computer_first: bool) -> Live {
        let first = if computer_first { "computer" } else { "me" };
        let mut args = self.args.to_vec();
        args.extend(["--level", "beginner", "--seed", "7", "--first", first]);
        Live::start(&args)
    }

    /// Checks that the prompt ending `out` asks the person (`person`, 0 or 1) to move.
    fn persons_turn(&self, out: &str, person: usize) {
        let game = self.args[0];
        assert!(
            out.contains(&format!("{} to move", self.names[person])),
            "{game}: not the person's turn:\n{out}"
        );
        assert!(
            !out.contains(&format!("{} to move", self.names[1 - person])),
            "{game}: the person was asked to move for the computer:\n{out}"
        );
    }

    /// The person plays the first legal move and the computer replies: both moves.
    fn one_turn(&self, live: &mut Live) -> (String, String) {
        let mine = live.first_legal_move();
        let out = live.answer(&mine);
        let reply = computer_move(&out)
            .unwrap_or_else(|| panic!("{}: no reply to {mine}:\n{out}", self.args[0]));
        (mine, reply)
    }

    /// `undo` takes back `reply` and `mine` and leaves the person (the first player) to move,
    /// the computer not moving again.
    fn undo_turn(&self, live: &mut Live, (mine, reply): &(String, String), person: usize) {
        let out = live.answer("undo");
        let game = self.args[0];
        assert!(
            out.contains(&format!(
                "Took back {reply} (the computer's) and {mine} (yours)."
            )),
            "{game}:\n{out}"
        );
        assert!(computer_move(&out).is_none(), "{game}:\n{out}");
        self.persons_turn(&out, person);
    }
}

#[test]
fn undo_against_the_computer_takes_back_a_whole_turn() {
    for game in &AGAINST {
        let mut live = game.start(false);
        game.persons_turn(&live.next_prompt(), 0);
        let help = live.answer("help");
        assert!(
            help.contains("undo (take back your last move and the computer's reply)"),
            "{help}"
        );
        let turn = game.one_turn(&mut live);
        game.undo_turn(&mut live, &turn, 0);
        // Two turns, then two undos in a row: back to the start.
        let first = game.one_turn(&mut live);
        let second = game.one_turn(&mut live);
        game.undo_turn(&mut live, &second, 0);
        game.undo_turn(&mut live, &first, 0);
        let out = live.answer("undo");
        assert!(out.contains("There is no move to take back."), "{out}");
        game.persons_turn(&out, 0);
        live.quit();
    }
}

#[test]
fn undo_at_the_start_keeps_the_computers_first_move() {
    for game in &AGAINST {
        let mut live = game.start(true);
        let out = live.next_prompt();
        let opening = computer_move(&out).unwrap_or_else(|| panic!("no first move:\n{out}"));
        game.persons_turn(&out, 1);
        let out = live.answer("undo");
        assert!(
            out.contains("There is nothing of yours to take back"),
            "{out}"
        );
        assert!(computer_move(&out).is_none(), "{out}");
        game.persons_turn(&out, 1);
        // A turn of the person's is taken back, the computer's first move stays.
        let turn = game.one_turn(&mut live);
        game.undo_turn(&mut live, &turn, 1);
        let out = live.answer("undo");
        assert!(
            out.contains("There is nothing of yours to take back"),
            "{out}"
        );
        assert!(!out.contains(&format!("Took back {opening}")), "{out}");
        live.quit();
    }
}

#[test]
fn undo_after_load_against_the_computer() {
    for game in &AGAINST {
        let [a, b] = game.opening;
        let both = temp_file(&format!("{}-{a}-both.txt", game.args[0]));
        std::fs::write(&both, format!("{}\n1. {a} {b} *\n", game.tags)).expect("written");
        let one = temp_file(&format!("{}-{a}-one.txt", game.args[0]));
        std::fs::write(&one, format!("{}\n1. {a} *\n", game.tags)).expect("written");
        let mut live = game.start(false);
        live.next_prompt();
        // The person is to move in the loaded game: undo takes back its last turn.
        let out = live.answer(&format!("load {both}"));
        assert!(out.contains(&format!("Loaded {both}.")), "{out}");
        game.persons_turn(&out, 0);
        game.undo_turn(&mut live, &(a.to_owned(), b.to_owned()), 0);
        // The computer is to move in the loaded game: it moves at once.
        let out = live.answer(&format!("load {one}"));
        assert!(out.contains(&format!("Loaded {one}.")), "{out}");
        let reply = computer_move(&out).unwrap_or_else(|| panic!("no reply:\n{out}"));
        game.persons_turn(&out, 0);
        game.undo_turn(&mut live, &(a.to_owned(), reply), 0);
        live.quit();
        let _ = std::fs::remove_file(both);
        let _ = std::fs::remove_file(one);
    }
}

#[test]
fn undo_between_two_people_takes_back_one_move() {
    let out = play(&["tictactoe"], "help\nb2\na1\nundo\nundo\nundo\nquit\n");
    assert!(out.contains("undo (take back the last move)"), "{out}");
    assert!(out.contains("Took back a1.\n"), "{out}");
    assert!(out.contains("Took back b2.\n"), "{out}");
    assert!(out.contains("There is no move to take back."), "{out}");
    // After each undo the side that made the move taken back is asked again.
    let prompts: Vec<&str> = out
        .split(PROMPT)
        .filter_map(|part| part.rsplit('\n').next())
        .filter_map(|line| line.split(" to move").next())
        .collect();
    assert_eq!(prompts[..7], ["X", "X", "O", "X", "O", "X", "X"], "{out}");
}
