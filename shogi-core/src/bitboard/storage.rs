//! The words a [`super::Bitboard`] is stored in: `u64` for boards of up to five files, `u128`
//! for up to ten and [`U256`] above. All hold squares at the same bit indices (see
//! [`crate::geometry`]).

use crate::geometry::{SQUARES, STRIDE};
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitOr, BitXor, Not};

/// A fixed-width set of bits with the operations the move generator needs. Everything is
/// `#[inline]` and branch-light: a rule set's generator is monomorphized over its storage.
pub trait Storage:
    'static
    + Copy
    + Eq
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
{
    /// Squares this storage holds (indices below this).
    const CAPACITY: usize;
    const ZERO: Self;
    /// Every storage square.
    const FULL: Self;
    /// The squares of rank index 0 and of the last storage rank (for [`super::Bitboard::neighbours`]).
    const RANK_FIRST: Self;
    const RANK_LAST: Self;
    fn bit(index: usize) -> Self;
    fn test(self, index: usize) -> bool;
    fn count_ones(self) -> u32;
    /// Index of the lowest set bit (the word is not empty).
    fn trailing_zeros(self) -> u32;
    /// Index of the highest set bit (the word is not empty).
    fn highest(self) -> u32;
    /// The word with its lowest set bit cleared.
    fn without_lowest(self) -> Self;
    /// The bits up to and including the lowest set bit (`x ^ (x - 1)`); every bit when the
    /// word is empty. Branch-free: the slider kernel's positive directions.
    fn up_to_lowest(self) -> Self;
    /// Index of the highest set bit of `self | 1` (0 for an empty word). Branch-free: the
    /// slider kernel's negative directions.
    fn highest_or_zero(self) -> u32;
    /// Shifts towards higher (`shl`) or lower indices; bits shifted past either end are lost
    /// (any `n`, the whole word when `n` is its width or more).
    fn shl(self, n: u32) -> Self;
    fn shr(self, n: u32) -> Self;
    /// The squares of a widest-storage word that this storage holds.
    fn from_wide(wide: U256) -> Self;
}

/// Squares of every file at rank index `rank`, up to `capacity` squares, in two halves.
const fn rank_bits(rank: usize, capacity: usize) -> U256 {
    let mut m = U256::ZERO;
    let mut f = 0;
    while f * (STRIDE as usize) < capacity {
        m = m.with_bit(f * STRIDE as usize + rank);
        f += 1;
    }
    m
}

/// The first `n` bits.
const fn low_bits(n: usize) -> U256 {
    let mut m = U256::ZERO;
    let mut i = 0;
    while i < n {
        m = m.with_bit(i);
        i += 1;
    }
    m
}

/// A primitive word as storage: whole files of it (`$capacity`), one machine word or two.
/// `$test` is the body of [`Storage::test`] for `self` and `index`.
macro_rules! word_storage {
    ($word:ty, $capacity:ident, $doc:literal, |$s:ident, $i:ident| $test:block) => {
        #[doc = $doc]
        const $capacity: usize = <$word>::BITS as usize / STRIDE as usize * STRIDE as usize;

        impl Storage for $word {
            const CAPACITY: usize = $capacity;
            const ZERO: Self = 0;
            const FULL: Self = low_bits($capacity).lo as $word;
            const RANK_FIRST: Self = rank_bits(0, $capacity).lo as $word;
            const RANK_LAST: Self = rank_bits(STRIDE as usize - 1, $capacity).lo as $word;
            #[inline]
            fn bit(index: usize) -> Self {
                1 << index
            }
            #[inline]
            fn test($s, $i: usize) -> bool $test
            #[inline]
            fn count_ones(self) -> u32 {
                <$word>::count_ones(self)
            }
            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$word>::trailing_zeros(self)
            }
            #[inline]
            fn highest(self) -> u32 {
                <$word>::BITS - 1 - self.leading_zeros()
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn up_to_lowest(self) -> Self {
                self ^ self.wrapping_sub(1)
            }
            #[inline]
            fn highest_or_zero(self) -> u32 {
                <$word>::BITS - 1 - (self | 1).leading_zeros()
            }
            #[inline]
            fn shl(self, n: u32) -> Self {
                // Callers shift by constants (1, the stride): the check folds away.
                self.checked_shl(n).unwrap_or(0)
            }
            #[inline]
            fn shr(self, n: u32) -> Self {
                self.checked_shr(n).unwrap_or(0)
            }
            #[inline]
            fn from_wide(wide: U256) -> Self {
                wide.lo as $word
            }
        }
    };
}

word_storage!(
    u128,
    U128_CAPACITY,
    "Whole files that fit 128 bits.",
    |self, index| {
        // One 64-bit half and a bit test (a 128-bit shift by a variable count is several
        // instructions).
        let half = if index < 64 {
            self as u64
        } else {
            (self >> 64) as u64
        };
        half >> (index & 63) & 1 != 0
    }
);

word_storage!(
    u64,
    U64_CAPACITY,
    "Whole files that fit 64 bits: small boards, whose every bitboard operation is then one \
     machine instruction where a `u128` takes two or more.",
    |self, index| { self >> index & 1 != 0 }
);

/// 256 bits as two `u128` halves (`lo` holds indices 0–127): the storage of boards wider than
/// ten files.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct U256 {
    pub lo: u128,
    pub hi: u128,
}

impl U256 {
    pub const ZERO: U256 = U256 { lo: 0, hi: 0 };

    /// `self` with bit `index` set (`const`, for fixed tables).
    pub const fn with_bit(self, index: usize) -> U256 {
        if index < 128 {
            U256 {
                lo: self.lo | 1 << index,
                hi: self.hi,
            }
        } else {
            U256 {
                lo: self.lo,
                hi: self.hi | 1 << (index - 128),
            }
        }
    }
}

macro_rules! u256_op {
    ($tr:ident, $f:ident, $op:tt) => {
        impl $tr for U256 {
            type Output = U256;
            #[inline]
            fn $f(self, rhs: U256) -> U256 {
                U256 {
                    lo: self.lo $op rhs.lo,
                    hi: self.hi $op rhs.hi,
                }
            }
        }
    };
}
u256_op!(BitAnd, bitand, &);
u256_op!(BitOr, bitor, |);
u256_op!(BitXor, bitxor, ^);

impl Not for U256 {
    type Output = U256;
    #[inline]
    fn not(self) -> U256 {
        U256 {
            lo: !self.lo,
            hi: !self.hi,
        }
    }
}

impl Storage for U256 {
    const CAPACITY: usize = SQUARES;
    const ZERO: Self = U256::ZERO;
    const FULL: Self = low_bits(SQUARES);
    const RANK_FIRST: Self = rank_bits(0, SQUARES);
    const RANK_LAST: Self = rank_bits(STRIDE as usize - 1, SQUARES);
    #[inline]
    fn bit(index: usize) -> Self {
        U256::ZERO.with_bit(index)
    }
    #[inline]
    fn test(self, index: usize) -> bool {
        if index < 128 {
            self.lo >> index & 1 != 0
        } else {
            self.hi >> (index - 128) & 1 != 0
        }
    }
    #[inline]
    fn count_ones(self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }
    #[inline]
    fn trailing_zeros(self) -> u32 {
        if self.lo != 0 {
            self.lo.trailing_zeros()
        } else {
            128 + self.hi.trailing_zeros()
        }
    }
    #[inline]
    fn highest(self) -> u32 {
        if self.hi != 0 {
            255 - self.hi.leading_zeros()
        } else {
            127 - self.lo.leading_zeros()
        }
    }
    #[inline]
    fn without_lowest(self) -> Self {
        if self.lo != 0 {
            U256 {
                lo: self.lo & (self.lo - 1),
                hi: self.hi,
            }
        } else {
            U256 {
                lo: 0,
                hi: self.hi & self.hi.wrapping_sub(1),
            }
        }
    }
    #[inline]
    fn up_to_lowest(self) -> Self {
        // x - 1 with the borrow carried from the low half into the high one.
        let (lo, borrow) = self.lo.overflowing_sub(1);
        let hi = self.hi.wrapping_sub(borrow as u128);
        U256 {
            lo: self.lo ^ lo,
            hi: self.hi ^ hi,
        }
    }
    #[inline]
    fn highest_or_zero(self) -> u32 {
        if self.hi != 0 {
            255 - self.hi.leading_zeros()
        } else {
            127 - (self.lo | 1).leading_zeros()
        }
    }
    #[inline]
    fn shl(self, n: u32) -> Self {
        match n {
            0 => self,
            1..=127 => U256 {
                lo: self.lo << n,
                hi: self.hi << n | self.lo >> (128 - n),
            },
            128..=255 => U256 {
                lo: 0,
                hi: self.lo << (n - 128),
            },
            _ => U256::ZERO,
        }
    }
    #[inline]
    fn shr(self, n: u32) -> Self {
        match n {
            0 => self,
            1..=127 => U256 {
                lo: self.lo >> n | self.hi << (128 - n),
                hi: self.hi >> n,
            },
            128..=255 => U256 {
                lo: self.hi >> (n - 128),
                hi: 0,
            },
            _ => U256::ZERO,
        }
    }
    #[inline]
    fn from_wide(wide: U256) -> Self {
        wide
    }
}

#[cfg(test)]
mod tests {
    use super::{Storage, U256};

    /// The 256-bit word against a model of bit sets (a `Vec<bool>`), across the half boundary.
    #[test]
    fn u256_matches_a_model() {
        let picks = [
            0usize, 1, 11, 12, 100, 126, 127, 128, 129, 140, 143, 200, 255,
        ];
        let model = |w: U256| (0..256).filter(|&i| w.test(i)).collect::<Vec<_>>();
        let mut w = U256::ZERO;
        for &i in &picks {
            w = w | U256::bit(i);
        }
        assert_eq!(model(w), picks.to_vec());
        assert_eq!(w.count_ones() as usize, picks.len());
        assert_eq!(w.trailing_zeros(), 0);
        assert_eq!(w.highest(), 255);
        assert_eq!(model(w.without_lowest()), picks[1..].to_vec());
        assert_eq!(model(w.up_to_lowest()), vec![0]);
        assert_eq!(w.highest_or_zero(), 255);
        assert_eq!(U256::ZERO.highest_or_zero(), 0);
        assert_eq!(model(U256::ZERO.up_to_lowest()).len(), 256);
        let across = U256::bit(130) | U256::bit(200);
        assert_eq!(model(across.up_to_lowest()), (0..=130).collect::<Vec<_>>());
        assert_eq!(across.highest_or_zero(), 200);
        assert_eq!((U256::bit(7) | U256::bit(90)).highest_or_zero(), 90);
        for n in [1u32, 12, 100, 127, 128, 130, 255, 256, 300] {
            let up: Vec<usize> = picks
                .iter()
                .map(|&i| i + n as usize)
                .filter(|&i| i < 256)
                .collect();
            assert_eq!(model(w.shl(n)), up, "shl {n}");
            let down: Vec<usize> = picks
                .iter()
                .filter(|&&i| i >= n as usize)
                .map(|&i| i - n as usize)
                .collect();
            assert_eq!(model(w.shr(n)), down, "shr {n}");
        }
        let hi_only = U256::bit(140) | U256::bit(200);
        assert_eq!(hi_only.trailing_zeros(), 140);
        assert_eq!(hi_only.highest(), 200);
        assert_eq!(model(hi_only.without_lowest()), vec![200]);
        assert_eq!(model(!U256::ZERO & U256::FULL).len(), U256::CAPACITY);
    }

    /// The narrow storages hold whole files only, and narrowing keeps exactly their squares.
    #[test]
    fn narrow_words_hold_whole_files() {
        assert_eq!(u128::CAPACITY % crate::geometry::STRIDE as usize, 0);
        assert_eq!(u128::FULL.count_ones() as usize, u128::CAPACITY);
        let w = U256::bit(5) | U256::bit(59) | U256::bit(119) | U256::bit(130);
        assert_eq!(
            u128::from_wide(w),
            u128::bit(5) | u128::bit(59) | u128::bit(119)
        );
        assert_eq!(u128::RANK_FIRST.count_ones() as usize, u128::CAPACITY / 12);
        let stride = crate::geometry::STRIDE as usize;
        assert_eq!(u64::CAPACITY, 64 / stride * stride);
        assert_eq!(u64::FULL.count_ones() as usize, u64::CAPACITY);
        assert_eq!(u64::from_wide(w), u64::bit(5) | u64::bit(59));
        assert_eq!(u64::RANK_FIRST.count_ones() as usize, u64::CAPACITY / 12);
        assert_eq!(u64::RANK_LAST.highest(), 59);
        // The one-word kernel's bit operations at the word's ends.
        let ends = u64::bit(0) | u64::bit(59);
        assert_eq!(ends.highest_or_zero(), 59);
        assert_eq!(ends.without_lowest(), u64::bit(59));
        assert_eq!(u64::bit(59).up_to_lowest().count_ones(), 60);
        assert!(ends.test(59) && !ends.test(58));
        assert_eq!(ends.shl(12), u64::bit(12));
        assert_eq!(ends.shr(12), u64::bit(47));
        assert_eq!(ends.shl(64), 0);
    }
}
