//! Board geometry in one place (DESIGN.md principle 7): squares, colours, files and ranks.
//!
//! Square index = `file_index * RANKS + rank_index`, file index 0 = USI file 1, rank index 0 =
//! USI rank `a`. Files are contiguous runs of bits, so lance rays stay inside one word range.

use std::fmt;

/// Number of files.
pub const FILES: u8 = 9;
/// Number of ranks.
pub const RANKS: u8 = 9;
/// Number of squares.
pub const SQUARES: usize = (FILES as usize) * (RANKS as usize);

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.flip()
    }
}

/// A board square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// From a raw index `0..SQUARES`.
    #[inline]
    pub const fn new(index: u8) -> Square {
        debug_assert!((index as usize) < SQUARES);
        Square(index)
    }
    /// From zero-based file index (0 = file 1) and rank index (0 = rank a).
    #[inline]
    pub const fn from_file_rank(file: u8, rank: u8) -> Square {
        Square(file * RANKS + rank)
    }
    /// Checked construction from signed coordinates.
    #[inline]
    pub const fn try_from_coords(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < FILES as i32 && rank >= 0 && rank < RANKS as i32 {
            Some(Square((file * RANKS as i32 + rank) as u8))
        } else {
            None
        }
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 / RANKS
    }
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 % RANKS
    }
    /// Rank counted from `color`'s far edge: 0 = the last rank for that side.
    #[inline]
    pub const fn rank_from_far(self, color: Color) -> u8 {
        match color {
            Color::Black => self.rank(),
            Color::White => RANKS - 1 - self.rank(),
        }
    }
    /// The square `(dx, dy)` away seen from `color`'s seat (dy forward, dx to the right).
    #[inline]
    pub const fn offset(self, color: Color, dx: i8, dy: i8) -> Option<Square> {
        let (df, dr) = match color {
            Color::Black => (-(dx as i32), -(dy as i32)),
            Color::White => (dx as i32, dy as i32),
        };
        Square::try_from_coords(self.file() as i32 + df, self.rank() as i32 + dr)
    }
    /// Every square in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
    /// Parses `7g`.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].checked_sub(b'1')?;
        let rank = b[1].checked_sub(b'a')?;
        if file < FILES && rank < RANKS {
            Some(Square::from_file_rank(file, rank))
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'1' + self.file()) as char,
            (b'a' + self.rank()) as char
        )
    }
}
