//! Movement rule seams (RULES.md §3 borrowed movement, §5 chained movement, §6 paralysis and
//! Isardam), and the check test they need.
//!
//! `movegen.rs` and `attack.rs` reach this module only from `match R::HOOKS...` arms, so a
//! rule set whose seams are at their defaults ([`crate::table::Hooks::STANDARD`]) compiles to
//! the same code as before: every function here starts by matching the hook constant.
//!
//! - [`borrow`]: where a piece's movement comes from (`MovementSource::Borrow`).
//! - [`paralysis`]: which pieces may not move (`Paralysis`).
//! - [`isardam`]: where a piece may not arrive (`Landing::Isardam`).
//! - [`chain`]: the chained move shape (`MoveShape::Chained`).
//! - [`lion`]: chu shogi's pass, lion trading and counter-strike (`LionRules::Chu`).

pub(crate) mod borrow;
pub(crate) mod chain;
pub(crate) mod isardam;
pub(crate) mod lion;
pub(crate) mod node_cache;
pub(crate) mod paralysis;

use crate::geometry::{Color, Square};
use crate::position::Position;
use crate::rules::{Bb, Rules};
use crate::table::{Golds, KindMask, MoveShape, MovementSource, Reflect};

// Kept under its old path for the hooks' users; it lives beside `Rules`, which the position
// reads too (no circle between the position and the hooks).
pub(crate) use crate::rules::Derived;

/// The kinds of a kind mask, lowest first.
#[inline]
pub(crate) fn kinds_in(mut mask: KindMask) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let k = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            Some(k)
        }
    })
}

impl<R: Rules> Position<R> {
    /// Kinds that are "the same kind" as `kind` (RULES.md §0 *kind*): itself, or every
    /// gold-class kind when promoted golds count as gold.
    #[inline]
    pub(crate) fn same_kind_mask(golds: Golds, kind: u8) -> KindMask {
        match golds {
            Golds::AsGold if R::GOLD_MASK >> kind & 1 != 0 => R::GOLD_MASK,
            _ => 1 << kind,
        }
    }

    /// Squares a piece of `color` on `from` may move to with the movement of `kind` (before
    /// the own-piece mask): its natural attacks, capture-only steps only onto an enemy, and
    /// move-only steps onto empty squares.
    #[inline]
    pub(crate) fn movement_reach(&self, kind: u8, color: Color, from: Square) -> Bb<R> {
        let t = self.tables;
        let k = kind as usize;
        let occ = self.occupied();
        let reach = t.reach(k, color, from, occ, self.pieces_of(!color));
        if t.special[k] && t.reflect[k] != Reflect::None {
            reach | self.reflect_slides_in(t.reflect[k], from, occ)
        } else {
            reach
        }
    }

    /// Whether `by` has a pseudo-legal capture of the royal piece on `target` (check) when the
    /// movement rules are not plain. Same answer as
    /// `capturers_by_rules(target, by).nonempty()` (tests compare them), found from the
    /// target: for each movement kind, the pieces that would reach `target` with it, then
    /// whether each may use that movement, may move at all, and may land there.
    pub(crate) fn king_capturable(&self, target: Square, by: Color) -> bool {
        if matches!(R::HOOKS.move_shape, MoveShape::Chained) {
            // Two legs have no cheap reverse; chained rule sets capture kings (no check test
            // in the legality path), so the reference path is enough.
            return self.capturers_by_rules(target, by).nonempty();
        }
        if self.immortals(!by).contains(target) {
            return false;
        }
        let t = self.tables;
        match R::HOOKS.movement_source {
            // Under its own movement a piece captures where it naturally attacks.
            MovementSource::Own => self
                .attackers_naturally(target, by)
                .into_iter()
                .any(|from| self.mobile(from) && self.capture_obeys_landing(from, target)),
            // Without reflecting slides every movement is leaps and straight slides, so only
            // pieces in the capture zone can capture; each is asked with its borrowed movement.
            MovementSource::Borrow { .. } if t.reverse.reflect_kinds == 0 => {
                self.zone_capturable(target, by)
            }
            MovementSource::Borrow { .. } => self.king_capturable_by_kinds(target, by),
        }
    }

    /// [`Position::king_capturable`] kind by kind: for each movement kind, the pieces that
    /// would reach `target` with it, then whether each may use that movement.
    fn king_capturable_by_kinds(&self, target: Square, by: Color) -> bool {
        let t = self.tables;
        let ours = self.pieces_of(by);
        // Kinds a piece of `by` might borrow: those its lenders have.
        let borrowable: u32 = match R::HOOKS.movement_source {
            MovementSource::Own => 0,
            MovementSource::Borrow { lender, .. } => {
                let lc = Self::lender_color(lender, by);
                let mut mask = 0;
                for k in 0..t.kinds {
                    if self.pieces(lc, k as u8).nonempty() {
                        mask |= 1 << k;
                    }
                }
                mask
            }
        };
        for k in 0..t.kinds as u8 {
            let borrowed = borrowable >> k & 1 != 0;
            let users = if borrowed { ours } else { self.pieces(by, k) };
            if users.is_empty() {
                continue;
            }
            // Every movement is point-symmetric between the colours: the squares from which a
            // `k` of `by` attacks `target` are those a `k` of the other colour attacks from it.
            for from in self.natural_attacks(k, !by, target) & users {
                let free = matches!(R::HOOKS.movement_source, MovementSource::Own);
                if (free || self.uses_movement_of(from, k))
                    && self.mobile(from)
                    && self.capture_obeys_landing(from, target)
                {
                    return true;
                }
            }
        }
        false
    }
}
