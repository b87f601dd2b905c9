//! Bit-parallel operations on raw point sets, for engines and evaluators that work on the
//! `u32` words of [`Points`](crate::Points) directly: bit `n` stands for the point of index
//! `n` (see [`Point`](crate::Point) for the numbering: three rings of eight, outer first, each
//! counter-clockwise from its lower-left corner, corners on even positions). Each function is
//! a handful of shifts and masks, with no table and no branch.
//!
//! ```
//! use boardgames_morris::{bits, Phase, Points, Point};
//! let p = |n: &str| n.parse::<Point>().unwrap();
//! // White on a1 and d1 (a mill's two points) and on a4: g1 closes the bottom row.
//! let own = Points::from_iter([p("a1"), p("d1"), p("a4")]).0;
//! let empty = !own & bits::FULL;
//! let placing = bits::closing_points(own, empty, Phase::Placing);
//! assert_eq!(Points(placing).points().map(|q| q.to_string()).collect::<Vec<_>>(), ["g1", "a7"]);
//! // Sliding, nothing closes: no piece can reach g1 or a7 without leaving the line.
//! assert_eq!(bits::closing_points(own, empty, Phase::Moving), 0);
//! assert_eq!(bits::neighbours(p("a1").set().0), Points::from_iter([p("d1"), p("a4")]).0);
//! ```

pub use crate::geometry::{
    capture_targets, closing_points, in_mills, mill_completions, mill_count, mill_marks,
    neighbours, ring_back, ring_forward, slide_closing_points, spoke_in, spoke_out, CORNERS, FULL,
    MIDPOINTS, RING0, RING1, RING2,
};
