//! Bulk counting under king capture (chu shogi): the reference path's count without a move
//! list. Where losing the king loses (moving into or staying in check is legal) and a move
//! changes the board as in standard shogi, [`Position::is_legal`] accepts every pseudo-legal
//! move that chu shogi's lion-trading rules allow, so they are counted as sets with no check
//! and no pin:
//! - the plain kinds' pieces outside the promotion zone all at once: per slide direction
//!   (one fill for every piece sliding that way) and per leap (one shift for every piece
//!   with it, [`crate::tables::Tables::leap_slots`]);
//! - the other pieces one by one with the attack kernel (leaping kinds by sets where that
//!   pays, as the fast path counts them);
//! - lion trading: a non-lion's move onto a lion the counter-strike rule protects is barred
//!   (a set); a lion's move onto an enemy lion two squares away and every capturing lion
//!   double move go through [`Position::lion_trade_allowed`]; a pass takes nothing and is
//!   never barred.
//!
//! `tests/invariants_all.rs` compares these counts with the reference move lists.

use crate::bitboard::{Bitboard, Storage};
use crate::geometry::{Color, Square, STRIDE};
use crate::hooks::kinds_in;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{Bb, Rules};
use crate::table::{KindMask, KingLoss, LionRules, Movement, PromotionRule, Reflect, RuleTable};
use crate::tables::DIRS;
use std::marker::PhantomData;

/// Kinds whose moves from outside their promotion zone are counted by sets, for all pieces
/// of all such kinds at once: slides by direction ([`Position::slide_fill`]), leaps by
/// shift. They have no range, special step or lion power, no leap on one of their slide
/// lines (the two would reach some squares twice), no dead ranks, and either never promote
/// or promote with the zone of the first such promoting kind (one zone for the set). The
/// pieces moving one way reach disjoint squares (by a leap: each square from one start; by
/// a slide: a piece behind another stops at it), so the counts add up.
const fn set_kinds(table: &RuleTable) -> KindMask {
    let mut mask = 0;
    let mut zone = None;
    let mut i = 0;
    while i < table.pieces.len() {
        let p = &table.pieces[i];
        let m = &p.movement;
        let mut fits = (!m.slides.is_empty() || !m.leaps.is_empty())
            && !leaps_on_slide_lines(m)
            && m.ranged.is_empty()
            && m.move_only.is_empty()
            && m.capture_only.is_empty()
            && matches!(m.reflect, Reflect::None)
            && !m.lion
            && m.lion_lines.is_empty()
            && p.dead_ranks == 0;
        if let Some(pr) = p.promotion {
            match zone {
                None if fits => zone = Some(pr.zone),
                Some(z) => fits &= z == pr.zone,
                None => {}
            }
        }
        if fits {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
}

/// Whether rule set `R` counts this way (a compile-time constant per variant).
pub struct CaptureCount<R>(PhantomData<R>);

impl<R: Rules> CaptureCount<R> {
    /// King capture, own movement with no paralysis or landing rule, normal move shape, and
    /// moves without effects (none voided, no flip), so that the pseudo-legal moves are the
    /// kernel's targets with [`Position::plain_move_sets`]; no nifu on moves (its exemption
    /// for a move taking a king is not in those sets).
    pub const APPLIES: bool = matches!(R::HOOKS.king_loss, KingLoss::Capture)
        && R::HOOKS.plain_attacks()
        && R::HOOKS.plain_moves()
        && !R::HOOKS.nifu_on_moves;
}

/// Whether a leap of `m` lies on one of its slide lines (a multiple of a slide direction).
const fn leaps_on_slide_lines(m: &Movement) -> bool {
    let mut i = 0;
    while i < m.leaps.len() {
        let (dx, dy) = m.leaps[i];
        let mut j = 0;
        while j < m.slides.len() {
            let (sx, sy) = m.slides[j];
            // Same direction: a positive multiple (slides are unit vectors).
            let n = if sx != 0 { dx / sx } else { dy / sy };
            if n > 0 && dx == n * sx && dy == n * sy {
                return true;
            }
            j += 1;
        }
        i += 1;
    }
    false
}

/// The kinds of `table` that promote.
const fn promoting_kinds(table: &RuleTable) -> KindMask {
    let mut mask = 0;
    let mut i = 0;
    while i < table.pieces.len() {
        if table.pieces[i].promotion.is_some() {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
}

impl<R: Rules> Position<R> {
    const SET_KINDS: KindMask = set_kinds(R::TABLE);
    /// The set kinds that promote, all with one zone.
    const SET_PROMOTING: KindMask = Self::SET_KINDS & promoting_kinds(R::TABLE);

    /// Number of legal moves under king capture (caller checked [`CaptureCount::APPLIES`] and
    /// that the game is not over).
    pub(crate) fn count_legal_capture(&self) -> u64 {
        let t = self.tables;
        let us = self.side_to_move();
        let c = us.index();
        let immortal = self.immortals(!us);
        let blocked = self.pieces_of(us) | immortal;
        let (lions, barred) = self.lion_trade_sets();
        let mut n = 0u64;
        // The set kinds' zone: their promoting pieces in it go one by one.
        let zone = if Self::SET_PROMOTING == 0 {
            Bitboard::EMPTY
        } else {
            t.zone[c][Self::SET_PROMOTING.trailing_zeros() as usize]
        };
        for kind in kinds_in(t.kind_mask & !Self::SET_KINDS) {
            let (k, mut pieces) = (kind as usize, self.pieces(us, kind));
            if pieces.is_empty() {
                continue;
            }
            // The counter-strike rule binds every non-lion.
            let allowed = if t.lion[k] {
                !blocked
            } else {
                !blocked & !barred
            };
            if self.counts_by_leaps(k) {
                let free = self.nifu_alone(k, pieces);
                if self.leaps_by_set_pay(k, free) {
                    n += self.count_leaps(us, k, free, allowed, allowed) as u64;
                    pieces &= !free;
                }
            }
            for from in pieces {
                n += self.count_piece_moves(from, k, allowed, lions);
            }
        }
        let ours = self.pieces_of(us);
        if Self::SET_PROMOTING != 0 {
            for from in ours & zone {
                let k = self.piece_at(from).kind() as usize;
                if Self::SET_PROMOTING >> k & 1 != 0 {
                    n += self.count_piece_moves(from, k, !blocked & !barred, lions);
                }
            }
        }
        let empty = self.empty_squares();
        let allowed = !blocked & !barred;
        // The set kinds on the board (either side's): the unions skip the others.
        let present = kinds_in(Self::SET_KINDS).fold(0, |mask: KindMask, k| {
            mask | (self.pieces_of_kind(k).nonempty() as KindMask) << k
        });
        let ours_out = ours & !zone;
        // The pieces of the set `kinds` outside the zone: those that promote, and all (every
        // piece of a kind that never promotes).
        let of = |kinds: KindMask| {
            kinds_in(kinds).fold(Bitboard::EMPTY, |bb, k| bb | self.pieces_of_kind(k))
        };
        // Ways with the same kinds come one after another (mirror images): gathered once.
        let mut last: (KindMask, Bb<R>, Bb<R>) = (0, Bitboard::EMPTY, Bitboard::EMPTY);
        let mut split = |kinds: KindMask| {
            if kinds != last.0 {
                let up = of(kinds & Self::SET_PROMOTING) & ours_out;
                last = (kinds, up, up | of(kinds & !Self::SET_PROMOTING) & ours);
            }
            (last.1, last.2)
        };
        // A promoting move from outside the zone lands in it, going forward: counted once
        // more (not under forced promotion, where it replaces the plain one).
        let forward = |rank_step: i8| {
            R::HOOKS.promotion != PromotionRule::Forced
                && if us == Color::Black {
                    rank_step < 0
                } else {
                    rank_step > 0
                }
        };
        for (d, &(_, rank_step)) in DIRS.iter().enumerate() {
            let kinds = t.reverse.slide_kinds[c][d] & present;
            if kinds == 0 {
                continue;
            }
            let (up, all) = split(kinds);
            n += (self.slide_fill(d, all, empty) & allowed).count() as u64;
            if forward(rank_step) && up.nonempty() {
                n += (self.slide_fill(d, up, empty) & allowed & zone).count() as u64;
            }
        }
        for slot in &t.leap_slots[c] {
            let kinds = slot.kinds & present;
            if kinds == 0 {
                continue;
            }
            let (up, all) = split(kinds);
            n += ((all & slot.starts).shifted(slot.shift) & allowed).count() as u64;
            if forward(slot.rank_step) && up.nonempty() {
                let to = (up & slot.starts).shifted(slot.shift) & allowed & zone;
                n += to.count() as u64;
            }
        }
        let mut cache = self.node_cache();
        for &kind in &t.hand_kinds {
            if self.hand(us, kind) != 0 {
                n += self.drop_targets(&mut cache, us, kind, empty).count() as u64;
            }
        }
        n
    }
}

impl<R: Rules> Position<R> {
    /// The legal moves of the `kind` piece on `from` of the side to move onto `allowed`, one
    /// by one: the attack kernel, the promotion sets, and its lion moves under the lion-trading
    /// rules (`lions`: the enemy lions).
    #[inline(always)]
    fn count_piece_moves(&self, from: Square, k: usize, allowed: Bb<R>, lions: Bb<R>) -> u64 {
        let t = self.tables;
        let us = self.side_to_move();
        let c = us.index();
        let targets = if t.special[k] {
            self.movement_reach(k as u8, us, from)
        } else {
            t.plain_attacks_inlined(k, us, from, self.occupied())
        } & allowed;
        let (promo, stay) = self.plain_move_sets(us, from, k, targets, targets & !t.dead[c][k]);
        let mut n = (promo.count() + stay.count()) as u64;
        let (lion, lines) = (t.lion[k], t.lion_lines[c][k]);
        if !lion && lines == 0 {
            return n;
        }
        if lion {
            // A lion takes an enemy lion two squares away only if the rules allow it.
            let far = targets & lions & !Bitboard::from_square(from).neighbours();
            for to in far {
                if !self.lion_trade_allowed(Move::new(from, to, false)) {
                    n -= (promo.contains(to) as u64) + (stay.contains(to) as u64);
                }
            }
        }
        // Double moves start by taking a neighbour (most often there is none); the pass,
        // through an empty one, takes nothing and is never barred.
        let firsts = self.lion_first_steps(from, lion, lines);
        if (firsts & self.pieces_of(!us)).nonempty() {
            self.each_lion_capture_move(from, k as u8, lion, lines, |mv| {
                n += self.lion_trade_allowed(mv) as u64
            });
        }
        if R::HOOKS.lions == LionRules::Chu && (firsts & self.empty_squares()).nonempty() {
            n += 1;
        }
        n
    }

    /// The squares the `sources` reach sliding along direction `d` over the `empty` squares,
    /// each up to and including its first blocker: one shift of the whole set per step.
    #[inline(always)]
    fn slide_fill(&self, d: usize, sources: Bb<R>, empty: Bb<R>) -> Bb<R> {
        let (df, dr) = DIRS[d];
        let shift = df as i32 * STRIDE as i32 + dr as i32;
        // A rank step must not wrap into the next file; off-board squares fall off `board`.
        let keep = match dr {
            1 => !Bitboard(<R::Storage as Storage>::RANK_LAST),
            -1 => !Bitboard(<R::Storage as Storage>::RANK_FIRST),
            _ => Bitboard::FULL,
        };
        let board = self.tables.board;
        let mut reach = Bitboard::EMPTY;
        let mut front = sources;
        while front.nonempty() {
            front = (front & keep).shifted(shift) & board;
            reach |= front;
            front &= empty;
        }
        reach
    }
}
