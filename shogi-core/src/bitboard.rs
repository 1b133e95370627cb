//! Bitboards in a `u128`, laid out as [`crate::geometry`] says (up to 10×10 squares).
//!
//! Complement and [`Bitboard::neighbours`] work on the whole storage: on a smaller board they
//! may yield squares off it, so code that makes a set of targets from them intersects with the
//! board mask ([`crate::tables::Tables::board`]). Attack tables only ever hold board squares.

use crate::geometry::{Geometry, Square, MAX_FILES, SQUARES, STRIDE};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

const FULL: u128 = (1u128 << SQUARES) - 1;

/// Storage squares of rank index 0 and of the last storage rank.
const RANK_FIRST: u128 = rank_mask(0);
const RANK_LAST: u128 = rank_mask(STRIDE as usize - 1);

const fn rank_mask(rank: usize) -> u128 {
    let mut m = 0;
    let mut f = 0;
    while f < SQUARES / STRIDE as usize {
        m |= 1u128 << (f * STRIDE as usize + rank);
        f += 1;
    }
    m
}

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(FULL);

    /// The squares of a board.
    #[inline]
    pub const fn board(geometry: &Geometry) -> Bitboard {
        Bitboard(geometry.mask_bits())
    }
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub const fn nonempty(self) -> bool {
        self.0 != 0
    }
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }
    #[inline]
    pub fn set(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }
    #[inline]
    pub fn clear(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= 1u128 << sq.index();
    }
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    /// Squares adjacent (in the eight directions) to a square of `self`, on the storage board
    /// (on a smaller board this may include squares just off it).
    #[inline]
    pub const fn neighbours(self) -> Bitboard {
        // Layout: index = file * STRIDE + rank; a rank step must not wrap into the next file.
        let b = self.0;
        let up = (b & !RANK_FIRST) >> 1;
        let down = (b & !RANK_LAST) << 1;
        let column = b | up | down;
        Bitboard((up | down | column << STRIDE | column >> STRIDE) & FULL)
    }
    /// Lowest square.
    #[inline]
    pub fn lsb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new(self.0.trailing_zeros() as u8))
        }
    }
    /// Highest square.
    #[inline]
    pub fn msb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new(127 - self.0.leading_zeros() as u8))
        }
    }
    /// Removes and returns the lowest square.
    #[inline]
    pub fn pop(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(Square::new(sq))
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.pop()
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & FULL)
    }
}

/// Storage squares of a file, by file index (a board's pieces on a file are its pieces on the
/// file's storage squares).
pub(crate) const FILE_MASKS: [Bitboard; MAX_FILES as usize] = {
    let mut m = [Bitboard(0); MAX_FILES as usize];
    let mut f = 0;
    while f < MAX_FILES as usize {
        m[f] = Bitboard(((1u128 << STRIDE) - 1) << (f * STRIDE as usize));
        f += 1;
    }
    m
};

#[cfg(test)]
mod tests {
    use super::Bitboard;
    use crate::geometry::{Geometry, Square};

    /// `neighbours` against the definition: squares one king step away, on the board.
    #[test]
    fn neighbours_are_the_king_steps() {
        let storage = Geometry::STORAGE;
        for sq in storage.squares() {
            let mut expected = Bitboard::EMPTY;
            for df in -1i32..=1 {
                for dr in -1i32..=1 {
                    if (df, dr) == (0, 0) {
                        continue;
                    }
                    let (f, r) = (sq.file() as i32 + df, sq.rank() as i32 + dr);
                    if let Some(n) = storage.square(f, r) {
                        expected.set(n);
                    }
                }
            }
            assert_eq!(Bitboard::from_square(sq).neighbours(), expected, "{sq:?}");
        }
        // Two squares: the union, with each other included when adjacent.
        let (a, b) = (Square::new(0), Square::new(1));
        let both = Bitboard::from_square(a) | Bitboard::from_square(b);
        assert!(both.neighbours().contains(a) && both.neighbours().contains(b));
    }
}
