//! Correction history: the search learns, position by position, how far its results came out
//! from the static evaluation, and corrects the evaluation of positions alike by as much
//! (Stockfish's correction history, with keys chosen for shogi).
//!
//! Positions are alike when they share one of three features, each with its own table per
//! side to move: the pieces in hand (what a hand is worth depends on where it can land, which
//! the evaluation reads only roughly), the squares of the two kings (king safety), and the
//! move that led here (the kind moved or dropped and its destination: the threat it made).
//! The correction is the sum of the three entries `/ 8`: at most [`LIMIT`]` / 8` centipawns
//! from each table, three times that in all.
//!
//! Minishogi, self-play at 60 ms a move from the balanced openings, SPRT [−5, 15]: the
//! corrected engine against the same build without scored +262 −206 =26 (55.7 %, about
//! +40 ± 30 Elo) when the test accepted (README, "Search and evaluation").

use crate::geometry::{Color, SQUARES};
use crate::position::Position;
use crate::rules::Rules;
use crate::tt::Bound;

/// Entries stay within ± this (gravity); a correction in centipawns is an entry `/ 8`.
pub const LIMIT: i32 = 1024;
/// Entries of the hand table and of the previous-move table, per side (a power of two).
const HASHED: usize = 1 << 14;

/// The indexes of a position in the three tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Keys {
    hand: usize,
    kings: usize,
    previous: usize,
}

impl Keys {
    /// The keys of `pos`, reached by a move whose continuation-history index is `previous`
    /// (`None` after a pass or at the root).
    pub fn of<R: Rules>(pos: &Position<R>, previous: Option<u32>) -> Keys {
        let us = pos.side_to_move();
        let side = us.index();
        // Both hands, ours first: a multiplicative hash of the counts of each kind.
        let mut h: u64 = 0;
        for &k in &pos.tables().hand_kinds {
            let counts = u64::from(pos.hand(us, k)) << 8 | u64::from(pos.hand(!us, k));
            h = h.wrapping_mul(MIX) ^ counts;
        }
        // The product's top bits, as many as index the table (the best mixed ones).
        let top = (h.wrapping_mul(MIX) >> (64 - HASHED.trailing_zeros())) as usize;
        let hand = side * HASHED + top;
        // A side without a royal piece (or with several) counts as its first one or none.
        let king = |c: Color| pos.royals(c).into_iter().next().map_or(0, |s| s.index());
        let kings = (side * SQUARES + king(us)) * SQUARES + king(!us);
        let previous = side * HASHED + previous.map_or(0, |p| p as usize + 1) % HASHED;
        Keys {
            hand,
            kings,
            previous,
        }
    }
}

const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// The three tables of one search thread.
pub struct Correction {
    hand: Vec<i32>,
    kings: Vec<i32>,
    previous: Vec<i32>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction {
            hand: vec![0; 2 * HASHED],
            kings: vec![0; 2 * SQUARES * SQUARES],
            previous: vec![0; 2 * HASHED],
        }
    }
}

impl Correction {
    /// The correction of a static value at `keys`, in centipawns.
    #[inline]
    pub fn value(&self, keys: Keys) -> i32 {
        (self.hand[keys.hand] + self.kings[keys.kings] + self.previous[keys.previous]) / 8
    }

    /// Learns from a search of `depth` at `keys` that came out `diff` centipawns from the
    /// (corrected) static value: each entry moves toward it, deeper searches more.
    pub fn learn(&mut self, keys: Keys, diff: i32, depth: i32) {
        let bonus = (diff.saturating_mul(depth) / 8).clamp(-LIMIT / 4, LIMIT / 4);
        for e in [
            &mut self.hand[keys.hand],
            &mut self.kings[keys.kings],
            &mut self.previous[keys.previous],
        ] {
            *e += bonus - *e * bonus.abs() / LIMIT;
        }
    }

    /// Entries that hold something learned (for tests of the search's wiring).
    #[cfg(test)]
    pub fn learned(&self) -> usize {
        [&self.hand, &self.kings, &self.previous]
            .iter()
            .map(|t| t.iter().filter(|&&e| e != 0).count())
            .sum()
    }

    pub fn clear(&mut self) {
        self.hand.fill(0);
        self.kings.fill(0);
        self.previous.fill(0);
    }
}

/// Whether a node's result says how far its static value `static_eval` was off: a bound on
/// the wrong side of it says nothing (a fail-high below the static value, a fail-low above),
/// and neither does a node that was decided by a capture (quiescence's business) or a mate.
pub fn worth_learning(
    bound: Bound,
    best: i32,
    static_eval: i32,
    decided_by_capture: bool,
    mate_bound: i32,
) -> bool {
    let wrong_side = match bound {
        Bound::Lower => best <= static_eval,
        Bound::Upper => best >= static_eval,
        Bound::Exact => false,
    };
    !decided_by_capture && best.abs() < mate_bound && !wrong_side
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::fixtures::Standard;

    fn keys(sfen: &str) -> Keys {
        Keys::of(&Position::<Standard>::from_sfen(sfen).unwrap(), None)
    }

    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    #[test]
    fn the_correction_converges_on_the_evaluations_error() {
        // Searches keep finding the position 150 cp better than the evaluation says; the
        // difference is always taken from the corrected value, as the search does.
        for (error, depth) in [(150, 8), (-150, 8), (60, 3), (-300, 12)] {
            let mut c = Correction::default();
            let k = keys(START);
            for _ in 0..200 {
                let diff = error - c.value(k);
                c.learn(k, diff, depth);
            }
            let v = c.value(k);
            assert!(
                (v - error).abs() <= 10,
                "error {error} at depth {depth}: {v}"
            );
        }
    }

    #[test]
    fn entries_stay_within_the_limit() {
        let mut c = Correction::default();
        let k = keys(START);
        let mut last = 0;
        for _ in 0..1000 {
            c.learn(k, 5000, 20);
            let v = c.value(k);
            assert!(v >= last, "the same lesson never lowers it");
            last = v;
        }
        assert!(last <= 3 * LIMIT / 8 && last > 3 * LIMIT / 8 - 8, "{last}");
        c.learn(k, -5000, 20);
        assert!(c.value(k) < last);
        c.clear();
        assert_eq!(c.value(k), 0);
    }

    #[test]
    fn keys_separate_sides_hands_kings_and_previous_moves() {
        let start = keys(START);
        // The other side to move: every table's other half.
        let white = keys("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
        assert!(white.hand != start.hand && white.kings != start.kings);
        assert!(white.previous != start.previous);
        // A pawn in hand (from a position with one fewer on the board): another hand key,
        // the same kings.
        let hand = keys("lnsgkgsnl/1r5b1/pppppppp1/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1");
        assert!(hand.hand != start.hand && hand.kings == start.kings);
        // The same pawn in the other hand is another hand.
        let theirs = keys("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL b p 1");
        assert!(theirs.hand != start.hand && theirs.hand != hand.hand);
        // A king moved: other kings, the same hand.
        let king = keys("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B3K1R1/LNSG1GSNL b - 1");
        assert!(king.kings != start.kings && king.hand == start.hand);
        // The move that led here.
        let pos = Position::<Standard>::from_sfen(START).unwrap();
        let after = |p| Keys::of(&pos, p).previous;
        assert!(after(Some(5)) != after(None) && after(Some(5)) != after(Some(6)));
        // Separate tables: learning at one key leaves positions that share none alone.
        let mut c = Correction::default();
        c.learn(start, 200, 10);
        assert!(c.value(start) > 0);
        let other = Keys::of(
            &Position::<Standard>::from_sfen(
                "lnsgkgsnl/1r5b1/pppppppp1/9/9/9/PPPPPPPPP/1B3K1R1/LNSG1GSNL b P 1",
            )
            .unwrap(),
            Some(7),
        );
        assert_eq!(c.value(other), 0);
        // Sharing the kings and the previous move (none) shares two of the three entries.
        assert!(c.value(hand) > 0 && c.value(hand) < c.value(start));
    }

    #[test]
    fn only_results_on_the_informative_side_are_learned() {
        let m = 30_000;
        // (bound, best, static, decided by a capture): learned?
        let cases = [
            (Bound::Exact, 50, 0, false, true),
            (Bound::Lower, 50, 0, false, true),
            (Bound::Lower, -50, 0, false, false),
            (Bound::Upper, -50, 0, false, true),
            (Bound::Upper, 50, 0, false, false),
            (Bound::Exact, 50, 0, true, false),
            (Bound::Exact, m, 0, false, false),
            (Bound::Exact, -m, 0, false, false),
        ];
        for (bound, best, stat, capture, want) in cases {
            assert_eq!(
                worth_learning(bound, best, stat, capture, m),
                want,
                "{bound:?} {best} {stat} {capture}"
            );
        }
    }
}
