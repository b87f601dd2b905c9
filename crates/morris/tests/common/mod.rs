//! Positions shared by the morris integration tests.

/// A moving-phase position: white a1, d1, b6, g4; black b2, d2, f2, e5; white to move.
/// White slides g4-g1 to close a1-d1-g1; black's b2-d2-f2 is a mill, e5 is not; white can
/// shuffle b6-b4-b6 and black e5-e4-e5 without forming a mill.
pub const MOVING: &str = "
7 .-----------.-----------.
  |           |           |
6 |   W-------.-------.   |
  |   |       |       |   |
5 |   |   .---.---B   |   |
  |   |   |       |   |   |
4 .---.---.       .---.---W
  |   |   |       |   |   |
3 |   |   .---.---.   |   |
  |   |       |       |   |
2 |   B-------B-------B   |
  |           |           |
1 W-----------W-----------.
  a   b   c   d   e   f   g
to move: white
in hand: white 0, black 0";
