//! Static evaluation: [`material_balance`] (the rule table's piece values, `PieceDef::value`),
//! used by the simple players, and [`Evaluator`], the search's evaluation.
//!
//! Pieces in hand count a tenth more than on the board, as usual in shogi engines: a piece in
//! hand can be dropped anywhere. Royal kinds are worth nothing here; losing one is a game end,
//! which the search scores itself.

use crate::bitboard::{Bitboard, Storage};
use crate::geometry::{Color, SQUARES};
use crate::position::Position;
use crate::rules::Rules;
use crate::table::MAX_KINDS;
use crate::tables::Tables;

/// Value of a piece of `kind` held in hand, from its board value.
#[inline]
pub fn hand_value(board_value: i32) -> i32 {
    board_value + board_value / 10
}

/// Material of Black minus material of White, in centipawns.
pub fn material_balance<R: Rules>(pos: &Position<R>) -> i32 {
    let t = pos.tables();
    let mut score = 0;
    for k in 0..t.kinds {
        let v = t.value[k];
        if v == 0 {
            continue;
        }
        let kind = k as u8;
        let black = pos.pieces(Color::Black, kind).count() as i32;
        let white = pos.pieces(Color::White, kind).count() as i32;
        score += v * (black - white);
    }
    for &kind in &t.hand_kinds {
        let v = hand_value(t.value[kind as usize]);
        let black = pos.hand(Color::Black, kind) as i32;
        let white = pos.hand(Color::White, kind) as i32;
        score += v * (black - white);
    }
    score
}

/// The evaluation from the side to move's point of view.
#[inline]
pub fn evaluate<R: Rules>(pos: &Position<R>) -> i32 {
    let balance = material_balance(pos);
    match pos.side_to_move() {
        Color::Black => balance,
        Color::White => -balance,
    }
}

/// Weights of [`Evaluator`] (centipawns, or centipawns per unit), tuned by
/// `cargo run --release -p shogi-variants -- tune` (see README, "Evaluation").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Per square of empty-board reach above the kind's average (centralisation).
    pub mobility: i32,
    /// Share (percent) of a promotion's gain credited to an unpromoted piece in its zone.
    pub promo_in_zone: i32,
    /// The same one rank before the zone.
    pub promo_near: i32,
    /// Extra for the first piece of a kind in hand (percent of its value).
    pub hand_first: i32,
    /// King danger units per enemy attack on the king's neighbourhood.
    pub attack_unit: i32,
    /// Danger units per 100 cp of enemy pieces in hand.
    pub hand_danger: i32,
    /// Danger units taken off per friendly piece next to the king.
    pub defender: i32,
    /// Divisor of the squared danger (larger: gentler king safety).
    pub danger_scale: i32,
    /// Largest king-safety penalty.
    pub danger_cap: i32,
}

/// The weights in use.
pub const WEIGHTS: Weights = Weights {
    mobility: 3,
    promo_in_zone: 25,
    promo_near: 10,
    hand_first: 5,
    attack_unit: 3,
    hand_danger: 1,
    defender: 2,
    danger_scale: 8,
    danger_cap: 900,
};

/// The evaluation of one rule set: material plus terms derived from each kind's movement in
/// the rule table, so a new kind gets sensible values without hand tuning:
/// - piece-square values: a piece is worth more where it reaches more squares on an empty
///   board (leaps and slides), and an unpromoted piece in or near its promotion zone is
///   credited with part of what promoting would gain;
/// - pieces in hand: the first of a kind counts a little more than further ones (it gives a
///   new kind of drop);
/// - king safety: enemy attacks on the squares around each royal piece (its actual attacks on
///   the board), plus enemy pieces in hand (they can be dropped next to it), less friendly
///   pieces beside it, squared into a penalty (attacks combine).
///
/// Terms are from Black's point of view; [`Evaluator::evaluate`] returns the side to move's.
pub struct Evaluator<S: Storage = u128> {
    w: Weights,
    /// `psq[color][kind][sq]`: material plus the square's terms, signed for the colour.
    psq: Vec<[[i32; SQUARES]; MAX_KINDS]>,
    /// `reach[color][kind][sq]`: empty-board reach (for a quick king-zone test).
    reach: Vec<[[Bitboard<S>; SQUARES]; MAX_KINDS]>,
    /// Hand value of the n-th piece of a kind (n = 0 the first).
    hand_first: [i32; MAX_KINDS],
    hand_more: [i32; MAX_KINDS],
    /// Danger units per 100 cp in hand for a kind.
    hand_units: [i32; MAX_KINDS],
    /// Attacks depend on the occupancy (slides, special movement); else they are `reach`.
    blockable: [bool; MAX_KINDS],
}

impl<S: Storage> Evaluator<S> {
    /// The evaluator of rule set `R` with the tuned weights. Where a piece's moves and attacks
    /// are not its kind's own movement (borrowed movement and Annan, paralysis, Isardam,
    /// chained moves: RULES.md §3, §5, §6), the reach and attack terms, read from the kind's
    /// own movement, are left out: with them the engine lost to a material-only one (paralysis:
    /// +9 -18 =13).
    pub fn new<R: Rules<Storage = S>>() -> Self {
        let w = if R::HOOKS.plain_attacks() {
            WEIGHTS
        } else {
            Weights {
                mobility: 0,
                attack_unit: 0,
                ..WEIGHTS
            }
        };
        Self::with_weights(R::tables(), w)
    }

    /// The evaluator for some tables and weights (the tuner varies the weights).
    pub fn with_weights(t: &Tables<S>, w: Weights) -> Self {
        let mut psq = vec![[[0i32; SQUARES]; MAX_KINDS]; 2];
        let mut reach = vec![[[Bitboard::EMPTY; SQUARES]; MAX_KINDS]; 2];
        for k in 0..t.kinds {
            for c in Color::BOTH {
                let ci = c.index();
                let mut counts = [0i32; SQUARES];
                for sq in t.geometry.squares() {
                    let mut r = t.plain_attacks(k, c, sq, Bitboard::EMPTY);
                    r |= t.capture_only[ci][k][sq.index()] | t.move_only[ci][k][sq.index()];
                    reach[ci][k][sq.index()] = r;
                    counts[sq.index()] = r.count() as i32;
                }
                let mean = counts.iter().sum::<i32>() / t.geometry.square_count() as i32;
                let promo_gain = match t.promote_to[k] {
                    p if (p as usize) < t.kinds => (t.value[p as usize] - t.value[k]).max(0),
                    _ => 0,
                };
                let zone = t.zone[ci][k];
                let near = zone.neighbours() & !zone;
                for sq in t.geometry.squares() {
                    if t.royal[k] {
                        continue;
                    }
                    let mut v = t.value[k] + w.mobility * (counts[sq.index()] - mean);
                    if promo_gain > 0 {
                        if zone.contains(sq) {
                            v += promo_gain * w.promo_in_zone / 100;
                        } else if near.contains(sq) {
                            v += promo_gain * w.promo_near / 100;
                        }
                    }
                    psq[ci][k][sq.index()] = if c == Color::Black { v } else { -v };
                }
            }
        }
        let mut hand_first = [0; MAX_KINDS];
        let mut hand_more = [0; MAX_KINDS];
        let mut hand_units = [0; MAX_KINDS];
        for &k in &t.hand_kinds {
            let v = hand_value(t.value[k as usize]);
            hand_first[k as usize] = v + t.value[k as usize] * w.hand_first / 100;
            hand_more[k as usize] = v;
            hand_units[k as usize] = t.value[k as usize] * w.hand_danger / 100;
        }
        let mut blockable = [false; MAX_KINDS];
        for (k, b) in blockable.iter_mut().enumerate().take(t.kinds) {
            *b = t.slide_dirs[0][k] != 0 || t.slide_dirs[1][k] != 0 || t.special[k];
        }
        Evaluator {
            w,
            psq,
            reach,
            hand_first,
            hand_more,
            hand_units,
            blockable,
        }
    }

    /// Black's score.
    pub fn balance<R: Rules<Storage = S>>(&self, pos: &Position<R>) -> i32 {
        let t = pos.tables();
        let mut score = 0;
        for c in Color::BOTH {
            let ci = c.index();
            for sq in pos.pieces_of(c) {
                score += self.psq[ci][pos.piece_at(sq).kind() as usize][sq.index()];
            }
            let sign = if c == Color::Black { 1 } else { -1 };
            for &k in &t.hand_kinds {
                let n = pos.hand(c, k) as i32;
                if n > 0 {
                    let k = k as usize;
                    score += sign * (self.hand_first[k] + (n - 1) * self.hand_more[k]);
                }
            }
        }
        score - self.king_danger(pos, Color::Black) + self.king_danger(pos, Color::White)
    }

    /// The safety penalty of `color`'s royal piece (the first, if there are several).
    pub fn king_danger<R: Rules<Storage = S>>(&self, pos: &Position<R>, color: Color) -> i32 {
        let t = pos.tables();
        let Some(king) = pos.royals(color).lsb() else {
            return 0;
        };
        let zone = Bitboard::from_square(king).neighbours();
        let them = !color;
        let ti = them.index();
        let mut units = 0;
        for sq in pos.pieces_of(them) {
            let k = pos.piece_at(sq).kind();
            let reach = self.reach[ti][k as usize][sq.index()] & zone;
            if t.royal[k as usize] || reach.is_empty() {
                continue;
            }
            let hits = if self.blockable[k as usize] {
                (pos.natural_attacks(k, them, sq) & zone).count() as i32
            } else {
                reach.count() as i32
            };
            units += hits * self.w.attack_unit;
        }
        for &k in &t.hand_kinds {
            units += pos.hand(them, k) as i32 * self.hand_units[k as usize];
        }
        let defenders = (pos.pieces_of(color) & zone).count() as i32;
        units = (units - defenders * self.w.defender).max(0);
        (units * units / self.w.danger_scale.max(1)).min(self.w.danger_cap)
    }

    /// The evaluation from the side to move's point of view.
    #[inline]
    pub fn evaluate<R: Rules<Storage = S>>(&self, pos: &Position<R>) -> i32 {
        let b = self.balance(pos);
        match pos.side_to_move() {
            Color::Black => b,
            Color::White => -b,
        }
    }
}
