//! The computer's opening decisions: it finishes every opening with legal moves and never
//! stalls, places balanced Swap2 stones, chooses the colour its evaluation prefers and picks
//! the offered fifth move worst for black.

use boardgames_core::{Game, Player};
use boardgames_gomoku::opening::{Colour, Move, Opening, OpeningGame, Step};
use boardgames_gomoku::{Position, Rule};
use boardgames_players::gomoku::{GomokuEvaluator, Level, OpeningPlayer, SearchPosition};
use boardgames_players::ComputerPlayer;
use boardgames_search::{Limits, Searcher};

fn black_static(position: &Position) -> i32 {
    let score = GomokuEvaluator::new().static_score(&SearchPosition::new(*position));
    if position.side_to_move() == Player::First {
        score
    } else {
        -score
    }
}

/// Black's score after a search of `depth` plies.
fn black_searched(position: &Position, depth: u32) -> i32 {
    let mut searcher = Searcher::make_unmake(GomokuEvaluator::new());
    let found = searcher.search(&SearchPosition::new(*position), &Limits::depth(depth));
    if position.side_to_move() == Player::First {
        found.score
    } else {
        -found.score
    }
}

fn play(game: &mut OpeningGame, texts: &[&str]) {
    for text in texts {
        let mv = game.parse_move(text).unwrap();
        game.play(mv).unwrap();
    }
}

/// Two computer players finish the opening (and `extra` more plies) with legal moves.
fn through_opening(
    opening: Opening,
    rule: Rule,
    level: Level,
    seed: u64,
    extra: usize,
) -> OpeningGame {
    let mut game = OpeningGame::new(15, rule, Some(opening)).unwrap();
    let mut players = [
        OpeningPlayer::new(level, seed),
        OpeningPlayer::new(level, seed + 1),
    ];
    let mut after = 0;
    for _ in 0..60 {
        if game.status().is_over() || after == extra {
            break;
        }
        if !game.in_opening() {
            after += 1;
        }
        let seat = game.side_to_move();
        let mv = players[seat.index()]
            .choose_move(&game)
            .unwrap_or_else(|| panic!("{opening}: no move at {:?}", game.step()));
        game.play(mv)
            .unwrap_or_else(|e| panic!("{opening}: {e} at {:?}", game.step()));
    }
    game
}

#[test]
fn every_opening_is_played_through_at_every_level() {
    for opening in Opening::ALL {
        for (level, extra) in [(Level::Beginner, 4), (Level::Normal, 2)] {
            for seed in 0..3 {
                let game = through_opening(opening, Rule::RENJU, level, seed, extra);
                assert!(!game.in_opening(), "{opening} {level:?} seed {seed}");
                assert!(game.seat_of(Colour::Black).is_some());
            }
        }
    }
}

/// Whether three points lie on one row, column or diagonal.
fn in_line(points: &[boardgames_gomoku::Point]) -> bool {
    let [a, b, c] = points else { return false };
    let d = |p: &boardgames_gomoku::Point, q: &boardgames_gomoku::Point| {
        (
            i32::from(q.col()) - i32::from(p.col()),
            i32::from(q.row()) - i32::from(p.row()),
        )
    };
    let ((x1, y1), (x2, y2)) = (d(a, b), d(a, c));
    let straight = |(x, y): (i32, i32)| x == 0 || y == 0 || x.abs() == y.abs();
    x1 * y2 == x2 * y1 && straight((x1, y1))
}

#[test]
fn swap2_stones_are_balanced_at_every_level() {
    for (level, seed) in [Level::Beginner, Level::Normal]
        .into_iter()
        .flat_map(|level| (0..4).map(move |seed| (level, seed)))
    {
        let mut game = OpeningGame::new(15, Rule::FREESTYLE, Some(Opening::Swap2)).unwrap();
        let mut player = OpeningPlayer::new(level, seed);
        while game.step() != Step::ChooseColourOrPlaceTwo {
            let mv = player.choose_move(&game).unwrap();
            game.play(mv).unwrap();
        }
        // The three stones are near each other and leave neither colour a clear edge, by the
        // even-depth search the player judges with (the static score leans to the side to
        // move, whose next stone it counts in advance).
        let score = black_searched(game.position(), 2);
        assert!(
            score.abs() < 60,
            "{level:?} seed {seed}: black's score {score}\n{}",
            game.position()
        );
        let stones: Vec<_> = game.position().stones(Player::First).iter().collect();
        assert_eq!(stones.len(), 2);
        // Not three stones in a straight line, which blocks itself and is no real opening.
        let white: Vec<_> = game.position().stones(Player::Second).iter().collect();
        let all = [stones[0], stones[1], white[0]];
        assert!(
            !in_line(&all),
            "{level:?} seed {seed}: the stones lie in a line\n{}",
            game.position()
        );
    }
}

#[test]
fn the_colour_choice_follows_the_evaluation() {
    // The beginner's evaluation is the static score: the chooser takes the colour it favours.
    let mut chooser = OpeningPlayer::new(Level::Beginner, 0);
    let mut decided = 0;
    for stones in [["h8", "a1", "i8"], ["a1", "h8", "a15"], ["h8", "h9", "j10"]] {
        let mut swap = OpeningGame::new(15, Rule::FREESTYLE, Some(Opening::Swap)).unwrap();
        play(&mut swap, &stones);
        let score = black_static(swap.position());
        let choice = chooser.choose_move(&swap).unwrap();
        let expected = match score {
            s if s > 0 => Colour::Black,
            s if s < 0 => Colour::White,
            _ => continue,
        };
        assert_eq!(
            choice,
            Move::Choose(expected),
            "{stones:?}: black's score {score}"
        );
        decided += 1;
    }
    assert!(decided >= 2, "too few positions with a favourite colour");
}

#[test]
fn the_pick_is_the_offer_worst_for_black() {
    let mut game = OpeningGame::new(15, Rule::RENJU, Some(Opening::Soosorv8)).unwrap();
    play(
        &mut game,
        &[
            "h8",
            "h9",
            "j10",
            "white",
            "g9",
            "declare:2",
            "black",
            "offer:i9",
            "offer:a1",
        ],
    );
    let mut picker = OpeningPlayer::new(Level::Normal, 5);
    let pick = picker.choose_move(&game).unwrap();
    let score_of = |p: &str| {
        let mut next = *game.position();
        next.play(next.parse_move(p).unwrap()).unwrap();
        black_static(&next)
    };
    let (near, far) = (score_of("i9"), score_of("a1"));
    let worst = if near <= far { "pick:i9" } else { "pick:a1" };
    assert_eq!(pick.to_string(), worst, "i9: {near}, a1: {far}");
}

#[test]
fn the_offers_are_distinct_and_the_declaration_is_in_range() {
    for seed in 0..3 {
        let mut game = OpeningGame::new(15, Rule::RENJU, Some(Opening::Soosorv8)).unwrap();
        let mut player = OpeningPlayer::new(Level::Beginner, seed);
        while game.step() != Step::Pick {
            let mv = player.choose_move(&game).unwrap();
            if let Move::Declare(n) = mv {
                assert!((1..=8).contains(&n));
            }
            game.play(mv).unwrap();
        }
        assert_eq!(Some(game.offers().len() as u8), game.offer_count());
    }
}

#[test]
fn the_generic_searches_run_through_every_opening() {
    use boardgames_core::Rng;
    use boardgames_search::{Limits, Mcts, NoKnowledge, RandomPlayout, Searcher};
    // The searches return legal moves at every opening step. (Their scores assume that the
    // seats alternate, which an opening's consecutive actions by one seat break: see the
    // opening module's docs.)
    let mut rng = Rng::new(1);
    for opening in Opening::ALL {
        let mut game = OpeningGame::new(15, Rule::STANDARD, Some(opening)).unwrap();
        let mut searcher = Searcher::new(NoKnowledge).with_table_bytes(1 << 16);
        let mut mcts = Mcts::new(RandomPlayout::default());
        while game.in_opening() {
            let found = searcher.search(&game, &Limits::depth(1));
            assert!(game.is_legal(found.best_move.unwrap()), "{opening}");
            let found = mcts.search(&game, &Limits::simulations(30));
            assert!(game.is_legal(found.best_move.unwrap()), "{opening}");
            let mv = game.random_move(&mut rng).unwrap();
            game.play(mv).unwrap();
        }
    }
}
