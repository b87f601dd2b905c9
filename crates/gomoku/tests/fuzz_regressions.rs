//! Inputs the fuzz targets (`fuzz/`, see docs/fuzzing.md) found failing, kept as tests.

use boardgames_gomoku::psq::Psq;
use boardgames_gomoku::Rule;

/// Found by the `records` fuzz target: the names line holds a control character, which a
/// record's tag refuses, so `to_match` kept only the `Second` name; `from_match` writes names
/// only when both are set, so the match written back and read again had lost `Second`. Names
/// now become tags as a pair or not at all.
#[test]
fn a_psq_read_written_and_read_again_is_the_same_match() {
    let text = "Piskvorky 20x20, 11:05, 0\n1etrga.\u{3}\0\0\0\0\0\0\0zipet\n\n0\n";
    let psq: Psq = text.parse().expect("the header and tail read");
    let game = psq.to_match(Rule::FREESTYLE).expect("no moves to refuse");
    let written = Psq::from_match(&game).expect("a match from the empty board writes");
    let again = written
        .to_match(Rule::FREESTYLE)
        .expect("what was written reads");
    assert_eq!(again.tag("First"), game.tag("First"));
    assert_eq!(again.tag("Second"), game.tag("Second"));
    assert!(again == game, "the match read back differs");
}
