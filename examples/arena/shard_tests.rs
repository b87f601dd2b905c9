//! Whole matches against the same matches played in shards and merged.
