//! Bitboards: sets of cells stored as the bits of one integer.
//!
//! Each game declares its own bitboard type with [`bitboard!`](crate::bitboard!), naming the
//! integer width and the grid it draws in `Debug`. The generated type is a newtype with a
//! `pub` inner value, `const fn` set algebra, `EMPTY` / `FULL` constants and an exact-size
//! iterator ([`SetCells`]) over the cells it holds.

/// The integer words a bitboard can be made of.
pub trait BitWord: Copy + Eq {
    /// The word with no bit set.
    const ZERO: Self;
    /// The index of the lowest set bit, if any.
    fn lowest_bit(self) -> Option<u32>;
    /// The word with its lowest set bit cleared.
    fn without_lowest_bit(self) -> Self;
    /// The number of set bits.
    fn bit_count(self) -> u32;
    /// The index of the `n`-th set bit counting from the lowest (`n = 0` is the lowest), or
    /// `None` when fewer than `n + 1` bits are set.
    fn nth_set_bit(self, n: u32) -> Option<u32>;
}

macro_rules! impl_bit_word {
    ($select:path, $wide:ty: $($int:ty),*) => {$(
        impl BitWord for $int {
            const ZERO: Self = 0;
            #[inline]
            fn lowest_bit(self) -> Option<u32> {
                if self == 0 { None } else { Some(self.trailing_zeros()) }
            }
            #[inline]
            fn without_lowest_bit(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn bit_count(self) -> u32 {
                self.count_ones()
            }
            /// Constant time, no loop over bits: broadword selection (see `select.rs`).
            #[inline]
            fn nth_set_bit(self, n: u32) -> Option<u32> {
                $select(self as $wide, n)
            }
        }
    )*};
}
impl_bit_word!(crate::select::nth_set_bit_64, u64: u8, u16, u32, u64);
impl_bit_word!(crate::select::nth_set_bit_128, u128: u128);

/// An iterator over the set bits of a word, lowest first, yielding cell indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetCells<W: BitWord>(pub W);

impl<W: BitWord> Iterator for SetCells<W> {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        let bit = self.0.lowest_bit()?;
        self.0 = self.0.without_lowest_bit();
        Some(bit)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.bit_count() as usize;
        (n, Some(n))
    }
}

impl<W: BitWord> ExactSizeIterator for SetCells<W> {}
impl<W: BitWord> core::iter::FusedIterator for SetCells<W> {}

/// Declares a bitboard newtype over an unsigned integer.
///
/// `width` is the number of cells drawn per row by `Debug` (row 0 holds cells `0..width`,
/// drawn first); `cells` is the number of cells the board has (at most the integer's width).
///
/// ```
/// boardgames_core::bitboard! {
///     /// The nine cells of a 3x3 grid.
///     pub struct Grid(u16); width = 3, cells = 9;
/// }
/// let corners = Grid::from_cell(0).with(2).with(6).with(8);
/// assert_eq!(corners.count(), 4);
/// assert!(corners.contains(6));
/// assert_eq!(corners.union(Grid::from_cell(4)).count(), 5);
/// assert_eq!(Grid::FULL.difference(corners).count(), 5);
/// assert_eq!(corners.iter().collect::<Vec<_>>(), vec![0, 2, 6, 8]);
/// assert_eq!(format!("{corners:?}"), "X.X\n...\nX.X\n");
/// ```
#[macro_export]
macro_rules! bitboard {
    ($(#[$meta:meta])* $vis:vis struct $name:ident($int:ty); width = $width:expr, cells = $cells:expr;) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
        #[repr(transparent)]
        $vis struct $name(pub $int);

        #[allow(dead_code)]
        impl $name {
            /// The number of cells of the board.
            pub const CELLS: u32 = $cells;
            /// The number of cells `Debug` draws on one row.
            pub const WIDTH: u32 = $width;
            /// The empty set.
            pub const EMPTY: Self = Self(0);
            /// Every cell of the board.
            pub const FULL: Self = Self(if $cells >= <$int>::BITS {
                <$int>::MAX
            } else {
                ((1 as $int) << $cells) - 1
            });

            /// The set holding only `cell` (which must be below [`Self::CELLS`]).
            #[inline]
            pub const fn from_cell(cell: u32) -> Self {
                Self((1 as $int) << cell)
            }
            /// `true` when `cell` is in the set.
            #[inline]
            pub const fn contains(self, cell: u32) -> bool {
                (self.0 >> cell) & 1 != 0
            }
            /// The set with `cell` added.
            #[inline]
            pub const fn with(self, cell: u32) -> Self {
                Self(self.0 | ((1 as $int) << cell))
            }
            /// The set with `cell` removed.
            #[inline]
            pub const fn without(self, cell: u32) -> Self {
                Self(self.0 & !((1 as $int) << cell))
            }
            /// Cells in either set.
            #[inline]
            pub const fn union(self, other: Self) -> Self {
                Self(self.0 | other.0)
            }
            /// Cells in both sets.
            #[inline]
            pub const fn intersect(self, other: Self) -> Self {
                Self(self.0 & other.0)
            }
            /// Cells in `self` but not in `other`.
            #[inline]
            pub const fn difference(self, other: Self) -> Self {
                Self(self.0 & !other.0)
            }
            /// The cells of the board not in the set.
            #[inline]
            pub const fn complement(self) -> Self {
                Self(!self.0 & Self::FULL.0)
            }
            /// `true` when the set has no cell.
            #[inline]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }
            /// `true` when the sets share a cell.
            #[inline]
            pub const fn intersects(self, other: Self) -> bool {
                self.0 & other.0 != 0
            }
            /// `true` when every cell of `self` is in `other`.
            #[inline]
            pub const fn is_subset(self, other: Self) -> bool {
                self.0 & !other.0 == 0
            }
            /// The number of cells in the set.
            #[inline]
            pub const fn count(self) -> u32 {
                self.0.count_ones()
            }
            /// The lowest cell of the set, if any.
            #[inline]
            pub const fn first(self) -> Option<u32> {
                if self.0 == 0 { None } else { Some(self.0.trailing_zeros()) }
            }
            /// The `n`-th cell of the set counting from the lowest (`n = 0` is the lowest), or
            /// `None` when the set has `n` cells or fewer. Picks a uniform random cell when `n`
            /// is uniform in `0..count()`.
            #[inline]
            pub fn nth(self, n: u32) -> Option<u32> {
                $crate::bitboard::BitWord::nth_set_bit(self.0, n)
            }
            /// The cells of the set, lowest first.
            #[inline]
            pub const fn iter(self) -> $crate::bitboard::SetCells<$int> {
                $crate::bitboard::SetCells(self.0)
            }
        }

        impl IntoIterator for $name {
            type Item = u32;
            type IntoIter = $crate::bitboard::SetCells<$int>;
            #[inline]
            fn into_iter(self) -> Self::IntoIter {
                self.iter()
            }
        }

        impl ::core::ops::BitOr for $name {
            type Output = Self;
            #[inline]
            fn bitor(self, rhs: Self) -> Self { self.union(rhs) }
        }
        impl ::core::ops::BitAnd for $name {
            type Output = Self;
            #[inline]
            fn bitand(self, rhs: Self) -> Self { self.intersect(rhs) }
        }
        impl ::core::ops::BitXor for $name {
            type Output = Self;
            #[inline]
            fn bitxor(self, rhs: Self) -> Self { Self(self.0 ^ rhs.0) }
        }
        impl ::core::ops::Sub for $name {
            type Output = Self;
            #[inline]
            fn sub(self, rhs: Self) -> Self { self.difference(rhs) }
        }
        impl ::core::ops::Not for $name {
            type Output = Self;
            #[inline]
            fn not(self) -> Self { self.complement() }
        }
        impl ::core::ops::BitOrAssign for $name {
            #[inline]
            fn bitor_assign(&mut self, rhs: Self) { self.0 |= rhs.0 }
        }
        impl ::core::ops::BitAndAssign for $name {
            #[inline]
            fn bitand_assign(&mut self, rhs: Self) { self.0 &= rhs.0 }
        }
        impl ::core::ops::BitXorAssign for $name {
            #[inline]
            fn bitxor_assign(&mut self, rhs: Self) { self.0 ^= rhs.0 }
        }

        impl ::core::fmt::Debug for $name {
            /// Draws the set as a grid: `X` for a cell in the set, `.` for one outside.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                for cell in 0..Self::CELLS {
                    f.write_str(if self.contains(cell) { "X" } else { "." })?;
                    if cell % Self::WIDTH == Self::WIDTH - 1 || cell + 1 == Self::CELLS {
                        f.write_str("\n")?;
                    }
                }
                Ok(())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    crate::bitboard! {
        /// A test board of 24 cells drawn 8 per row.
        pub struct Ring(u32); width = 8, cells = 24;
    }
    crate::bitboard! {
        /// A full-width 128-bit board.
        pub struct Wide(u128); width = 16, cells = 128;
    }

    #[test]
    fn full_masks_cover_exactly_the_cells() {
        assert_eq!(Ring::FULL.count(), 24);
        assert_eq!(Wide::FULL.count(), 128);
        assert_eq!(Ring::EMPTY.complement(), Ring::FULL);
        assert_eq!(!Ring::FULL, Ring::EMPTY);
    }

    #[test]
    fn iterator_is_exact_and_ordered() {
        let set = Ring::from_cell(23).with(0).with(7);
        let it = set.iter();
        assert_eq!(it.len(), 3);
        assert_eq!(it.collect::<Vec<_>>(), vec![0, 7, 23]);
        assert_eq!(set.without(7).first(), Some(0));
        assert_eq!(Ring::EMPTY.first(), None);
    }

    #[test]
    fn nth_set_bit_agrees_with_iteration() {
        use super::BitWord;
        let words: [u128; 4] = [
            0,
            1 << 127,
            0xF0F0_0000_0000_0000_1234_5678_9ABC_DEF0,
            u128::MAX,
        ];
        for w in words {
            let bits: Vec<u32> = super::SetCells(w).collect();
            for (i, &b) in bits.iter().enumerate() {
                assert_eq!(w.nth_set_bit(i as u32), Some(b));
            }
            assert_eq!(w.nth_set_bit(bits.len() as u32), None);
        }
        assert_eq!(Ring::from_cell(5).with(20).nth(1), Some(20));
    }

    #[test]
    fn set_algebra() {
        let a = Ring(0b1100);
        let b = Ring(0b1010);
        assert_eq!(a | b, Ring(0b1110));
        assert_eq!(a & b, Ring(0b1000));
        assert_eq!(a - b, Ring(0b0100));
        assert_eq!(a ^ b, Ring(0b0110));
        assert!(Ring(0b1000).is_subset(a));
        assert!(!b.is_subset(a));
        assert!(a.intersects(b));
        assert!(!Ring(1).intersects(a));
    }

    #[test]
    fn debug_draws_rows() {
        let text = format!("{:?}", Ring::from_cell(0).with(9).with(23));
        assert_eq!(text, "X.......\n.X......\n.......X\n");
    }
}
