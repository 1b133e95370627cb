//! Bitboards: a set of squares in a [`Storage`] word laid out as [`crate::geometry`] says.
//!
//! The storage type is chosen per rule set by its board ([`crate::Rules::Storage`]): a `u128`
//! for boards of up to ten files, [`U256`] for wider ones (chu shogi's 12×12). A square is the
//! same bit in both, so fixed masks are written once in the widest type and narrowed
//! ([`Bitboard::from_wide`]). Each rule set's move generator is monomorphized over its storage:
//! a 9×9 rule set runs on plain `u128` operations.
//!
//! Complement and [`Bitboard::neighbours`] work on the whole storage: on a smaller board they
//! may yield squares off it, so code that makes a set of targets from them intersects with the
//! board mask ([`crate::tables::Tables::board`]). Attack tables only ever hold board squares.

use crate::geometry::{Geometry, Square, MAX_FILES, STRIDE};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

mod storage;
pub use storage::{Storage, U256};

/// A set of squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard<S = u128>(pub S);

impl<S: Storage> Bitboard<S> {
    pub const EMPTY: Self = Bitboard(S::ZERO);
    /// Every storage square (on a smaller board, squares off it too).
    pub const FULL: Self = Bitboard(S::FULL);

    /// The squares of a board.
    pub fn board(geometry: &Geometry) -> Self {
        let mut b = Self::EMPTY;
        for sq in geometry.squares() {
            b.set(sq);
        }
        b
    }
    /// Every square moved `by` storage indexes (up if positive): a leap of a whole set, as
    /// `Tables::leap_shifts` lists them (the caller masks the starts so nothing wraps).
    #[inline]
    pub fn shifted(self, by: i32) -> Self {
        if by > 0 {
            Bitboard(self.0.shl(by as u32))
        } else {
            Bitboard(self.0.shr(by.unsigned_abs()))
        }
    }
    /// A set written in the widest storage, narrowed to this one (exact for every square this
    /// storage holds).
    #[inline]
    pub fn from_wide(wide: U256) -> Self {
        Bitboard(S::from_wide(wide))
    }
    /// The storage squares of file index `file` (a board's pieces on a file are its pieces on
    /// the file's storage squares).
    #[inline]
    pub fn file(file: u8) -> Self {
        Self::from_wide(FILE_MASKS[file as usize])
    }
    #[inline]
    pub fn from_square(sq: Square) -> Self {
        Bitboard(S::bit(sq.index()))
    }
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == S::ZERO
    }
    #[inline]
    pub fn nonempty(self) -> bool {
        self.0 != S::ZERO
    }
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        self.0.test(sq.index())
    }
    #[inline]
    pub fn set(&mut self, sq: Square) {
        self.0 = self.0 | S::bit(sq.index());
    }
    #[inline]
    pub fn clear(&mut self, sq: Square) {
        self.0 = self.0 & !S::bit(sq.index());
    }
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 = self.0 ^ S::bit(sq.index());
    }
    #[inline]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }
    /// Squares adjacent (in the eight directions) to a square of `self`, on the storage board
    /// (on a smaller board this may include squares just off it).
    #[inline]
    pub fn neighbours(self) -> Self {
        // Layout: index = file * STRIDE + rank; a rank step must not wrap into the next file.
        let b = self.0;
        let up = (b & !S::RANK_FIRST).shr(1);
        let down = (b & !S::RANK_LAST).shl(1);
        let column = b | up | down;
        Bitboard((up | down | column.shl(STRIDE as u32) | column.shr(STRIDE as u32)) & S::FULL)
    }
    /// The first-rank square of every file holding a square of `self` (each file's squares
    /// smeared down onto its first rank: a few shifts, no loop over the files).
    #[inline]
    pub fn files_held(self) -> Self {
        let mut b = self.0;
        let mut covered = 1;
        while covered < STRIDE as u32 {
            let by = covered.min(STRIDE as u32 - covered);
            b = b | b.shr(by);
            covered += by;
        }
        Bitboard(b & S::RANK_FIRST)
    }
    /// Every square moved one step by `(df, dr)` (each -1, 0 or 1) on the storage board, a
    /// rank step never wrapping into the next file (on a smaller board this may yield squares
    /// just off it).
    #[inline]
    pub fn stepped(self, df: i8, dr: i8) -> Self {
        let b = match dr {
            1 => self.0 & !S::RANK_LAST,
            -1 => self.0 & !S::RANK_FIRST,
            _ => self.0,
        };
        Bitboard(Bitboard(b).shifted(df as i32 * STRIDE as i32 + dr as i32).0 & S::FULL)
    }
    /// Lowest square.
    #[inline]
    pub fn lsb(self) -> Option<Square> {
        if self.is_empty() {
            None
        } else {
            Some(Square::new(self.0.trailing_zeros() as u8))
        }
    }
    /// Highest square.
    #[inline]
    pub fn msb(self) -> Option<Square> {
        if self.is_empty() {
            None
        } else {
            Some(Square::new(self.0.highest() as u8))
        }
    }
    /// Removes and returns the lowest square.
    #[inline]
    pub fn pop(&mut self) -> Option<Square> {
        if self.is_empty() {
            None
        } else {
            let sq = self.0.trailing_zeros() as u8;
            self.0 = self.0.without_lowest();
            Some(Square::new(sq))
        }
    }
}

impl<S: Storage> Iterator for Bitboard<S> {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.pop()
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl<S: Storage> $tr for Bitboard<S> {
            type Output = Self;
            #[inline]
            fn $f(self, rhs: Self) -> Self {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl<S: Storage> $tra for Bitboard<S> {
            #[inline]
            fn $fa(&mut self, rhs: Self) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<S: Storage> Not for Bitboard<S> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        Bitboard(!self.0 & S::FULL)
    }
}

/// Storage squares of each file, by file index, in the widest storage.
const FILE_MASKS: [U256; MAX_FILES as usize] = {
    let mut m = [U256::ZERO; MAX_FILES as usize];
    let mut f = 0;
    while f < MAX_FILES as usize {
        let mut r = 0;
        while r < STRIDE as usize {
            m[f] = m[f].with_bit(f * STRIDE as usize + r);
            r += 1;
        }
        f += 1;
    }
    m
};

#[cfg(test)]
mod tests {
    use super::{Bitboard, Storage, U256};
    use crate::geometry::{Geometry, Square, STRIDE};

    /// `neighbours` against the definition, on the whole board of a storage: squares one king
    /// step away.
    fn neighbours_are_the_king_steps<S: Storage>() {
        let files = (S::CAPACITY / STRIDE as usize) as u8;
        let storage = Geometry::new(files, STRIDE).unwrap();
        for sq in storage.squares() {
            let mut expected = Bitboard::<S>::EMPTY;
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
            assert_eq!(
                Bitboard::<S>::from_square(sq).neighbours(),
                expected,
                "{sq:?}"
            );
        }
        // Two squares: the union, with each other included when adjacent.
        let (a, b) = (Square::new(0), Square::new(1));
        let both = Bitboard::<S>::from_square(a) | Bitboard::from_square(b);
        assert!(both.neighbours().contains(a) && both.neighbours().contains(b));
    }

    #[test]
    fn neighbours_in_each_storage() {
        neighbours_are_the_king_steps::<u64>();
        neighbours_are_the_king_steps::<u128>();
        neighbours_are_the_king_steps::<U256>();
    }

    /// `files_held` against the definition: each file's first-rank square where the file
    /// holds a square, for a square on every rank of every file and for whole files.
    fn files_held_are_the_files<S: Storage>() {
        let files = (S::CAPACITY / STRIDE as usize) as u8;
        let storage = Geometry::new(files, STRIDE).unwrap();
        for sq in storage.squares() {
            let one = Bitboard::<S>::from_square(sq);
            let head = Bitboard::from_square(Square::from_file_rank(sq.file(), 0));
            assert_eq!(one.files_held(), head, "{sq:?}");
        }
        for f in 0..files {
            let file = Bitboard::<S>::file(f);
            assert_eq!(file.files_held().count(), 1);
            assert_eq!(
                (file | Bitboard::file((f + 1) % files))
                    .files_held()
                    .count(),
                2
            );
        }
    }

    #[test]
    fn files_held_in_each_storage() {
        files_held_are_the_files::<u64>();
        files_held_are_the_files::<u128>();
        files_held_are_the_files::<U256>();
    }

    /// File masks and board masks hold exactly their squares, in both storages.
    #[test]
    fn files_and_boards_in_each_storage() {
        let chu = Geometry::new(12, 12).unwrap();
        let board = Bitboard::<U256>::board(&chu);
        assert_eq!(board.count(), 144);
        assert_eq!(Bitboard::<U256>::file(11).count(), STRIDE as u32);
        assert!(Bitboard::<U256>::file(11).contains(Square::from_file_rank(11, 11)));
        let shogi = Geometry::STANDARD;
        let nine = Bitboard::<u128>::board(&shogi);
        assert_eq!(nine.count(), 81);
        assert_eq!((nine & Bitboard::file(8)).count(), 9);
        assert_eq!(!nine & nine, Bitboard::EMPTY);
        assert_eq!((!Bitboard::<u128>::EMPTY).count() as usize, u128::CAPACITY);
        let micro = Geometry::new(4, 5).unwrap();
        let small = Bitboard::<u64>::board(&micro);
        assert_eq!(small.count(), 20);
        assert_eq!((small & Bitboard::file(3)).count(), 5);
        assert_eq!(!small & small, Bitboard::EMPTY);
        assert_eq!((!Bitboard::<u64>::EMPTY).count() as usize, u64::CAPACITY);
    }
}
