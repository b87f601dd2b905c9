//! Inputs the fuzz targets (`fuzz/`, see docs/fuzzing.md) found failing, kept as tests.

use boardgames_core::matches::record::Record;

/// Found by the `records` fuzz target: `2.*` reads as the move number 2 and a move `*`, but
/// the record writes that move as `2. *`, which reads as the result token, so the written
/// record does not read back ("15" after the result).
#[test]
#[ignore = "open bug, reported to the lead: a move glued to its number may be a result token"]
fn a_record_read_and_written_reads_back_the_same() {
    let text = "[Game \"ultimate\"]\n[Result \"*\"]\n\n1. 55 83 2.* 15 *\n";
    // Either reading refuses the glued token, or what it reads writes back readably.
    if let Ok(record) = text.parse::<Record>() {
        let written = record.to_string();
        let back: Result<Record, _> = written.parse();
        assert_eq!(back.as_ref().ok(), Some(&record), "{written:?}: {back:?}");
    }
}
