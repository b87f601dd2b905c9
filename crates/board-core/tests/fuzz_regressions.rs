//! Inputs the fuzz targets (`fuzz/`, see docs/fuzzing.md) found failing, kept as tests.

use boardgames_core::matches::record::Record;

/// Found by the `records` fuzz target: `2.*` reads as the move number 2 and a move `*`, but
/// the record writes that move as `2. *`, which reads as the result token, so the written
/// record does not read back ("15" after the result).
#[test]
fn a_record_read_and_written_reads_back_the_same() {
    let text = "[Game \"ultimate\"]\n[Result \"*\"]\n\n1. 55 83 2.* 15 *\n";
    // Either reading refuses the glued token, or what it reads writes back readably.
    if let Ok(record) = text.parse::<Record>() {
        let written = record.to_string();
        let back: Result<Record, _> = written.parse();
        assert_eq!(back.as_ref().ok(), Some(&record), "{written:?}: {back:?}");
    }
}

/// Found by the `records` fuzz target: a `Result` tag that is not a result (`2-0`) is read,
/// and a record without a result token reads its last token (`0-0`) as a move; writing puts
/// the tag's value where the result token goes, and it reads back as one more move.
#[test]
fn a_record_with_a_bad_result_tag_is_refused_or_reads_back_the_same() {
    let text = "[Game \"tictactoe\"]\n[Result \"2-0\"]\n\n1. b2 a1 2. c1 0-0\n";
    if let Ok(record) = text.parse::<Record>() {
        let written = record.to_string();
        let back: Result<Record, _> = written.parse();
        assert_eq!(back.as_ref().ok(), Some(&record), "{written:?}: {back:?}");
    }
}

/// Found by the `records` fuzz target: an empty comment (`h8 {}`) was kept as an empty text;
/// replayed with a clock, the move was written `{[%emt 0] }`, which reads back with no
/// comment, so the replay of the written record was another match. An empty comment is now
/// no comment, read or written.
#[test]
fn an_empty_comment_is_no_comment() {
    let with: Record = "[Game \"tictactoe\"]\n[Result \"*\"]\n\n1. b2 {} a1 *\n"
        .parse()
        .unwrap();
    let without: Record = "[Game \"tictactoe\"]\n[Result \"*\"]\n\n1. b2 a1 *\n"
        .parse()
        .unwrap();
    assert_eq!(with, without);
    assert_eq!(with.to_string(), without.to_string());
}

/// Found by the `records` fuzz target: a time control with more decimals than the written
/// form keeps reads as one value and writes as another (`555511111.1111110` writes as
/// `555511111.111`, which reads as a different duration).
#[test]
fn a_time_control_reads_back_as_written() {
    use boardgames_core::matches::TimeControl;
    let control: TimeControl = "555511111.1111110".parse().expect("a sudden-death control");
    let written = control.to_string();
    assert_eq!(
        written.parse::<TimeControl>().ok(),
        Some(control),
        "{written}"
    );
}
