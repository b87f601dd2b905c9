//! The 16 symmetries of the board as maps of 24-bit point sets: three table lookups, one per
//! byte of the set.

use boardgames_morris::actions::{map_point, SYMMETRY_COUNT};
use boardgames_morris::Point;
use std::sync::OnceLock;

/// The number of symmetries.
pub const COUNT: usize = SYMMETRY_COUNT;

/// For each symmetry and each byte of a point set, the image of every byte value.
struct Tables([[[u32; 256]; 3]; COUNT]);

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Box<Tables>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut t = Box::new(Tables([[[0; 256]; 3]; COUNT]));
        for (s, per_sym) in t.0.iter_mut().enumerate() {
            for (chunk, per_byte) in per_sym.iter_mut().enumerate() {
                for (byte, image) in per_byte.iter_mut().enumerate() {
                    *image = (0..8)
                        .filter(|bit| byte >> bit & 1 == 1)
                        .filter_map(|bit| Point::new((chunk * 8 + bit) as u32))
                        .map(|p| 1u32 << map_point(s, p).index())
                        .fold(0, |acc, b| acc | b);
                }
            }
        }
        t
    })
}

/// The image of the point set `x` under symmetry `s` (below [`COUNT`]).
#[inline(always)]
pub fn image(s: usize, x: u32) -> u32 {
    let t = &tables().0[s];
    t[0][(x & 0xFF) as usize] | t[1][(x >> 8 & 0xFF) as usize] | t[2][(x >> 16 & 0xFF) as usize]
}

/// The images of `x` under every symmetry.
#[inline(always)]
pub fn images(x: u32) -> [u32; COUNT] {
    core::array::from_fn(|s| image(s, x))
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_morris::bits::{mill_count, neighbours, FULL};

    #[test]
    fn every_symmetry_keeps_lines_and_mills() {
        let mut seen = std::collections::HashSet::new();
        for s in 0..COUNT {
            assert_eq!(image(s, FULL), FULL);
            for p in 0..24 {
                let x = 1u32 << p;
                assert_eq!(image(s, neighbours(x)), neighbours(image(s, x)), "{s} {p}");
            }
            for m in boardgames_morris::MILLS {
                assert_eq!(mill_count(image(s, m.0)), 1);
            }
            seen.insert((0..24).map(|p| image(s, 1 << p)).collect::<Vec<_>>());
        }
        assert_eq!(seen.len(), COUNT);
    }
}
