//! The fitted morris weights file: the built-in one is read, a file reads back what was
//! written, and every kind of bad file is refused with the error that says what is wrong.

use boardgames_core::{random_position, Game, Rng};
use boardgames_morris::Position;
use boardgames_players::morris::{
    FittedWeights, MorrisEvaluator, WeightsError, BUILT_IN_WEIGHTS, TERMS,
};
use boardgames_search::Evaluator;

#[test]
fn the_built_in_weights_are_read_and_used_by_default() {
    let built_in = FittedWeights::parse(BUILT_IN_WEIGHTS).expect("the built-in file parses");
    assert_eq!(MorrisEvaluator::new().fitted(), Some(&built_in));
    assert_eq!(MorrisEvaluator::hand_set().fitted(), None);
}

#[test]
fn a_file_reads_back_what_was_written() {
    let mut weights = [[[0; TERMS]; 2]; 2];
    for (i, w) in weights.iter_mut().flatten().flatten().enumerate() {
        *w = i as i32 * 7 - 200;
    }
    let fitted = FittedWeights::new(weights);
    let text = fitted.to_text(&["a comment".to_owned()]);
    assert_eq!(FittedWeights::parse(&text).unwrap(), fitted);
    let dir = std::env::temp_dir().join(format!("morris-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("w.txt");
    std::fs::write(&path, &text).unwrap();
    assert_eq!(FittedWeights::read(&path).unwrap(), fitted);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_score_is_the_weighted_sum_of_the_terms() {
    let mut weights = [[[0; TERMS]; 2]; 2];
    weights[1][0][0] = 100; // moving, to move, pieces
    weights[1][1][0] = -100; // moving, waiting, pieces
    weights[0][0][1] = 3; // placing, to move, hand
    weights[0][1][0] = 2; // placing, waiting, pieces
    let evaluator = MorrisEvaluator::with_fitted(FittedWeights::new(weights));
    let start = Position::new();
    assert_eq!(evaluator.evaluate(&start), 27 + 18);
    for seed in 0..50 {
        let position = random_position(start, 60, &mut Rng::new(seed));
        if position.status().is_over() || position.in_hand(boardgames_core::Player::Second) > 0 {
            continue;
        }
        let me = position.side_to_move();
        let expected =
            100 * (position.on_board(me) as i32 - position.on_board(me.opponent()) as i32);
        assert_eq!(evaluator.evaluate(&position), expected, "{position}");
    }
}

fn error(text: &str) -> String {
    FittedWeights::parse(text).unwrap_err().to_string()
}

#[test]
fn bad_files_are_refused_with_what_is_wrong() {
    let good = FittedWeights::new([[[1; TERMS]; 2]; 2]).to_text(&[]);
    assert!(matches!(
        FittedWeights::parse(""),
        Err(WeightsError::NotWeights)
    ));
    assert!(matches!(
        FittedWeights::parse("P2\n1 2 3"),
        Err(WeightsError::NotWeights)
    ));
    let other = good.replacen("boardgames-morris-eval 1", "boardgames-morris-eval 2", 1);
    assert!(matches!(
        FittedWeights::parse(&other),
        Err(WeightsError::Version(2))
    ));
    let missing = good.replace("moving waiting flying 1\n", "");
    assert_eq!(error(&missing), "no weight for moving waiting flying");
    let twice = format!("{good}placing to_move mills 4\n");
    assert!(
        error(&twice).contains("a weight given twice"),
        "{}",
        error(&twice)
    );
    let unknown = good.replace("placing to_move mills 1", "placing to_move towers 1");
    assert!(
        error(&unknown).contains("unknown term \"towers\""),
        "{}",
        error(&unknown)
    );
    let stage = good.replace("placing to_move mills 1", "flying to_move mills 1");
    assert!(error(&stage).contains("unknown stage"), "{}", error(&stage));
    let big = good.replace("placing to_move mills 1", "placing to_move mills 999999");
    assert!(error(&big).starts_with("line "), "{}", error(&big));
    let short = good.replace("placing to_move mills 1", "placing to_move mills");
    assert!(
        error(&short).contains("STAGE SIDE TERM WEIGHT"),
        "{}",
        error(&short)
    );
    let with_comments = good.replace(
        "placing to_move mills 1",
        "# note\n\nplacing to_move mills 1 # end",
    );
    assert!(FittedWeights::parse(&with_comments).is_ok());
    let io = FittedWeights::read("/nonexistent/morris-weights.txt".as_ref()).unwrap_err();
    assert!(matches!(io, WeightsError::Io { .. }));
    assert!(
        io.to_string()
            .starts_with("/nonexistent/morris-weights.txt"),
        "{io}"
    );
}
