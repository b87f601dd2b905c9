//! The symmetries of a position around the centre of an odd board, for the RIF condition
//! that offered fifth moves may not be symmetrical to each other: two points are the same
//! fifth move when a symmetry of the board that maps the stones onto themselves (black onto
//! black, white onto white) maps one point onto the other.

use crate::point::Point;
use crate::Position;
use boardgames_core::Player;

/// One of the eight symmetries of the square, as a map of offsets from the centre.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Symmetry {
    swap: bool,
    flip_x: bool,
    flip_y: bool,
}

impl Symmetry {
    const ALL: [Symmetry; 8] = {
        let mut all = [Symmetry {
            swap: false,
            flip_x: false,
            flip_y: false,
        }; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Symmetry {
                swap: i & 4 != 0,
                flip_x: i & 2 != 0,
                flip_y: i & 1 != 0,
            };
            i += 1;
        }
        all
    };

    /// The image of `point` on a `size` x `size` board with an odd size.
    fn apply(self, point: Point, size: u8) -> Point {
        let c = (size / 2) as i32;
        let (mut x, mut y) = (point.col() as i32 - c, point.row() as i32 - c);
        if self.swap {
            core::mem::swap(&mut x, &mut y);
        }
        if self.flip_x {
            x = -x;
        }
        if self.flip_y {
            y = -y;
        }
        // Every symmetry maps the board onto itself, so the image stays on it.
        Point::new((x + c) as u8, (y + c) as u8).unwrap_or(point)
    }
}

/// The symmetries that map the stones of `position` onto themselves (the identity among
/// them). On an even board only the identity is used: there is no centre to turn around.
pub(crate) fn stabiliser(position: &Position) -> Vec<Symmetry> {
    let size = position.size();
    if size % 2 == 0 {
        return vec![Symmetry::ALL[0]];
    }
    Symmetry::ALL
        .into_iter()
        .filter(|sym| {
            Player::ALL.iter().all(|&colour| {
                position
                    .stones(colour)
                    .iter()
                    .all(|p| position.stone_at(sym.apply(p, size)) == Some(colour))
            })
        })
        .collect()
}

/// The smallest image of `point` under `syms`: equal for two points exactly when they are
/// the same fifth move.
pub(crate) fn canonical(point: Point, syms: &[Symmetry], size: u8) -> Point {
    syms.iter()
        .map(|s| s.apply(point, size))
        .min_by_key(|p| p.index())
        .unwrap_or(point)
}

/// The offered point that `point` mirrors under `syms`, if any.
pub(crate) fn twin_among(
    point: Point,
    offers: impl IntoIterator<Item = Point>,
    syms: &[Symmetry],
    size: u8,
) -> Option<Point> {
    let key = canonical(point, syms, size);
    offers
        .into_iter()
        .find(|&o| canonical(o, syms, size) == key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rule;
    use boardgames_core::Game;

    #[test]
    fn the_eight_symmetries_are_distinct_and_keep_the_centre() {
        let p: Point = "j9".parse().unwrap();
        let images: std::collections::HashSet<Point> =
            Symmetry::ALL.iter().map(|s| s.apply(p, 15)).collect();
        assert_eq!(images.len(), 8);
        let centre: Point = "h8".parse().unwrap();
        assert!(Symmetry::ALL.iter().all(|s| s.apply(centre, 15) == centre));
    }

    #[test]
    fn a_lone_centre_stone_keeps_all_eight_and_a_direct_pair_two() {
        let mut game = Position::new(15, Rule::RENJU).unwrap();
        game.play("h8".parse().unwrap()).unwrap();
        assert_eq!(stabiliser(&game).len(), 8);
        game.play("h9".parse().unwrap()).unwrap();
        // The mirror across the h column, and the identity.
        assert_eq!(stabiliser(&game).len(), 2);
        let syms = stabiliser(&game);
        assert_eq!(
            canonical("g10".parse().unwrap(), &syms, 15),
            canonical("i10".parse().unwrap(), &syms, 15)
        );
        assert_ne!(
            canonical("g10".parse().unwrap(), &syms, 15),
            canonical("g6".parse().unwrap(), &syms, 15)
        );
    }
}
