//! A user's program: plays and searches games through the published crates, stores moves and
//! positions with serde, and exits with an error if anything does not behave as documented.
#![forbid(unsafe_code)]

use std::error::Error;

use boardgames::core::{Game, Player, Rng, Status};
use boardgames::players::{ComputerPlayer, Level};
use boardgames::search::{Limits, NoKnowledge, Proof, Searcher};
use boardgames::tictactoe;

type Outcome = Result<(), Box<dyn Error>>;

/// Tic-tac-toe through the facade: a perfect search proves the empty board a draw, and two
/// expert players draw.
fn tictactoe_is_a_draw() -> Outcome {
    let start = tictactoe::Position::new();
    let mut searcher = Searcher::new(NoKnowledge);
    let result = searcher.search(&start, &Limits::depth(9));
    check(
        result.proof == Some(Proof::Draw),
        "tic-tac-toe from the start is a draw",
    )?;

    let mut game = start;
    let mut players = [
        boardgames::players::tictactoe::TicTacToePlayer::new(Level::Expert, 1),
        boardgames::players::tictactoe::TicTacToePlayer::new(Level::Expert, 2),
    ];
    while game.status() == Status::Ongoing {
        let seat = usize::from(game.side_to_move() == Player::Second);
        let mv = players[seat]
            .choose_move(&game)
            .ok_or("no move in a live game")?;
        game.play(mv)?;
    }
    check(game.status() == Status::Draw, "two experts draw")?;
    println!(
        "tic-tac-toe: searched to depth 9 ({} nodes), experts drew",
        result.nodes
    );
    Ok(())
}

/// Gomoku with the serde feature: a played position survives a JSON round trip, and a checked
/// move on an occupied point is refused without changing anything.
fn gomoku_round_trips() -> Outcome {
    use boardgames_gomoku::{Point, Position, Rule};
    let mut game = Position::new(15, Rule::STANDARD)?;
    for mv in ["h8", "h9", "i8"] {
        let point = game.parse_move(mv)?;
        game.play(point)?;
    }
    let json = serde_json::to_string(&game)?;
    let back: Position = serde_json::from_str(&json)?;
    check(back == game, "gomoku position round-trips through JSON")?;

    let occupied: Point = serde_json::from_str("\"h8\"")?;
    let before = game;
    check(game.play(occupied).is_err(), "an occupied point is refused")?;
    check(game == before, "a refused move changes nothing")?;

    let mut rng = Rng::new(7);
    let (status, plies) = game.random_playout(&mut rng, usize::MAX);
    check(status.is_over(), "a random playout ends")?;
    let header = back
        .to_string()
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned();
    println!(
        "gomoku: JSON round trip of \"{header} ...\"; a random playout ended after {plies} plies"
    );
    Ok(())
}

/// Morris with the serde feature: moves as notation, and a shallow search finds a legal move.
fn morris_searches() -> Outcome {
    use boardgames_morris::{Move, Position};
    let mut game = Position::new();
    let first: Move = serde_json::from_str("\"d2\"")?;
    game.play(first)?;
    check(
        serde_json::to_string(&first)? == "\"d2\"",
        "a morris move serializes as notation",
    )?;
    let mut searcher = Searcher::new(NoKnowledge);
    let result = searcher.search(&game, &Limits::depth(4));
    let best = result.best_move.ok_or("the search found no move")?;
    check(game.is_legal(best), "the searched move is legal")?;
    println!("morris: best reply to d2 at depth 4 is {best}");
    Ok(())
}

fn check(ok: bool, what: &str) -> Outcome {
    if ok {
        Ok(())
    } else {
        Err(format!("failed: {what}").into())
    }
}

fn main() -> Outcome {
    tictactoe_is_a_draw()?;
    gomoku_round_trips()?;
    morris_searches()?;
    println!("consumer: all checks passed");
    Ok(())
}
