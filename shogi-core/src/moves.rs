//! The move type and its USI spelling.

use crate::geometry::Square;
use std::fmt;

/// Move list type used throughout.
pub type MoveList = Vec<Move>;

/// A move, packed: destination, origin or dropped kind, promotion, drop flag, and the middle
/// square of a lion's double move. Two paths with the same squares and promotion are one move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u32);

// A square takes 8 bits (indices up to 143 on the 12×12 storage).
const TO_MASK: u32 = 0xFF;
const FROM_SHIFT: u32 = 8;
const PROMOTE: u32 = 1 << 16;
const DROP: u32 = 1 << 17;
const MID_SHIFT: u32 = 18;
const DEMOTE: u32 = 1 << 26;

impl Move {
    /// A board move.
    #[inline]
    pub const fn new(from: Square, to: Square, promote: bool) -> Move {
        Move(
            to.index() as u32
                | (from.index() as u32) << FROM_SHIFT
                | if promote { PROMOTE } else { 0 },
        )
    }
    /// A board move that turns a promoted piece back to its unpromoted side (Kyoto and Micro
    /// shogi), written with a `-` suffix.
    #[inline]
    pub const fn demote(from: Square, to: Square) -> Move {
        Move(Move::new(from, to, false).0 | DEMOTE)
    }
    /// A lion double move through `mid` (igui when `to == from`).
    #[inline]
    pub const fn lion(from: Square, mid: Square, to: Square, promote: bool) -> Move {
        Move(Move::new(from, to, promote).0 | (mid.index() as u32 + 1) << MID_SHIFT)
    }
    /// A drop of `kind`.
    #[inline]
    pub const fn drop(kind: u8, to: Square) -> Move {
        Move(to.index() as u32 | (kind as u32) << FROM_SHIFT | DROP)
    }
    #[inline]
    pub const fn to(self) -> Square {
        Square::new((self.0 & TO_MASK) as u8)
    }
    /// Origin of a board move.
    #[inline]
    pub const fn from(self) -> Square {
        Square::new((self.0 >> FROM_SHIFT & TO_MASK) as u8)
    }
    /// Dropped kind of a drop.
    #[inline]
    pub const fn drop_kind(self) -> u8 {
        (self.0 >> FROM_SHIFT & TO_MASK) as u8
    }
    #[inline]
    pub const fn is_drop(self) -> bool {
        self.0 & DROP != 0
    }
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & PROMOTE != 0
    }
    #[inline]
    pub const fn is_demotion(self) -> bool {
        self.0 & DEMOTE != 0
    }
    /// Middle square of a lion double move.
    #[inline]
    pub const fn mid(self) -> Option<Square> {
        let m = self.0 >> MID_SHIFT & TO_MASK;
        if m == 0 {
            None
        } else {
            Some(Square::new((m - 1) as u8))
        }
    }
    /// Raw bits (for hashing tables).
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_drop() {
            write!(f, "drop#{}*{}", self.drop_kind(), self.to())
        } else {
            write!(f, "{}", self.from())?;
            if let Some(m) = self.mid() {
                write!(f, "{m}")?;
            }
            write!(
                f,
                "{}{}",
                self.to(),
                if self.is_promotion() { "+" } else { "" }
            )
        }
    }
}
