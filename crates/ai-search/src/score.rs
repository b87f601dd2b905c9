//! Scores: from the side to move's view, symmetric around zero, wins scored by distance.

/// A search score, from the point of view of the side to move.
pub type Score = i32;

/// The score of a win on the spot (a position where the side to move has already won).
/// A win `n` plies away scores `WIN - n`; a loss `n` plies away scores `-(WIN - n)`.
pub const WIN: Score = 1_000_000;

/// Above every score: the search's infinite bound. `-INFINITY` is representable, so negation
/// never overflows.
pub const INFINITY: Score = WIN + 1;

/// The deepest ply the search reaches (depth limits are clamped below it).
pub const MAX_PLY: usize = 128;

/// The largest magnitude an evaluator may return: every heuristic score lies strictly inside
/// the band of proven wins and losses.
pub const MAX_EVAL: Score = WIN - MAX_PLY as Score - 1;

/// The score of a win `plies` plies from the root.
#[inline]
pub const fn win_in(plies: usize) -> Score {
    WIN - plies as Score
}

/// The score of a loss `plies` plies from the root.
#[inline]
pub const fn loss_in(plies: usize) -> Score {
    -WIN + plies as Score
}

/// `true` for a proven win or loss (a score in the distance band).
#[inline]
pub const fn is_decisive(score: Score) -> bool {
    score.abs() > MAX_EVAL
}

/// The number of plies to the end of a proven win or loss.
pub const fn plies_to_end(score: Score) -> Option<usize> {
    if is_decisive(score) {
        Some((WIN - score.abs()) as usize)
    } else {
        None
    }
}

/// A score made relative to the node at `ply` (for the transposition table).
#[inline]
pub(crate) const fn to_table(score: Score, ply: usize) -> Score {
    if score > MAX_EVAL {
        score + ply as Score
    } else if score < -MAX_EVAL {
        score - ply as Score
    } else {
        score
    }
}

/// A table score made relative to the root again, for a node at `ply`.
#[inline]
pub(crate) const fn from_table(score: Score, ply: usize) -> Score {
    if score > MAX_EVAL {
        score - ply as Score
    } else if score < -MAX_EVAL {
        score + ply as Score
    } else {
        score
    }
}

/// Clamps an evaluator's score into the heuristic band.
#[inline]
pub(crate) fn clamp_eval(score: Score) -> Score {
    score.clamp(-MAX_EVAL, MAX_EVAL)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_and_bands() {
        assert!(win_in(3) > win_in(5));
        assert!(loss_in(5) > loss_in(3));
        assert_eq!(plies_to_end(win_in(7)), Some(7));
        assert_eq!(plies_to_end(loss_in(2)), Some(2));
        assert_eq!(plies_to_end(MAX_EVAL), None);
        assert!(!is_decisive(MAX_EVAL) && is_decisive(win_in(MAX_PLY)));
        assert_eq!(-(-INFINITY), INFINITY);
        for ply in [0, 1, 17] {
            for s in [win_in(9), loss_in(4), 123, -55] {
                assert_eq!(from_table(to_table(s, ply), ply), s);
            }
        }
    }
}
