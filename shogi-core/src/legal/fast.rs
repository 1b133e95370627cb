//! Fast legal move generation: checkers and pins instead of make/test/unmake.
//!
//! The reference rule (RULES.md §0) is that a move is legal iff afterwards the opponent cannot
//! capture the mover's king. When a rule set's check is natural attack and a move changes the
//! board only as in standard shogi, that rule reduces to the classic one:
//! - a king move is legal iff its destination is not attacked with the king lifted off the
//!   board (so a slider checking along a line keeps attacking the squares behind the king);
//! - in double check only the king moves; in single check another piece must capture the
//!   checker, or interpose (move or drop) when the check is by a slide alone;
//! - a piece between its king and an enemy slider aiming along that line (pinned) may only move
//!   along the line;
//! - a drop of a kind barred from mating (uchifuzume) that gives check is tried by
//!   make/test/unmake. A drop can only block lines, so the check comes from the dropped piece.
//!
//! [`FastLegality::EXACT`] says when this is exact; otherwise [`Position::legal_moves`] uses the
//! reference path. Rejected: lion double moves (the captured middle piece can open a line to the
//! mover's king) and reflecting slides (paths bend, so a pin is not a straight line). Handled:
//! chess pawns (capture-only steps are leaps that must capture, move-only steps are moves that
//! never attack), immortal pieces (never capturable, so never a target), drop restrictions,
//! nifu on moves. An immortal royal piece would never be in check; rule sets with one take the
//! reference path. The test `tests/legal_agreement.rs` compares both paths move for move.

use super::Scope;
use crate::bitboard::{Bitboard, Storage};
use crate::geometry::{Color, Square};
use crate::hooks::node_cache::NodeCache;
use crate::moves::Move;
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::{Bb, Rules};
use crate::table::{KingLoss, LionRules, PromotionRule, Reflect, RuleTable};
use crate::tables::{first_along, OPPOSITE};
use std::marker::PhantomData;

/// Whether the fast path is exact for rule set `R` (a compile-time constant per variant).
pub struct FastLegality<R>(PhantomData<R>);

impl<R: Rules> FastLegality<R> {
    /// Check is natural attack, moves have no side effects, the (last) king may not be left
    /// capturable, and no piece moves in a way that breaks straight-line pins.
    pub const EXACT: bool = R::HOOKS.plain_attacks()
        && (R::HOOKS.plain_moves() || R::HOOKS.plain_but_flips())
        && matches!(
            R::HOOKS.king_loss,
            KingLoss::Checkmate | KingLoss::LastRoyal
        )
        && pins_are_straight(R::TABLE)
        && matches!(R::HOOKS.lions, LionRules::Plain);
}

/// Whether some kind of the table has a reflecting slide.
pub const fn has_reflect(table: &RuleTable) -> bool {
    let mut i = 0;
    while i < table.pieces.len() {
        if !matches!(table.pieces[i].movement.reflect, Reflect::None) {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether some royal kind of the table is immortal (never in check).
pub const fn immortal_royal(table: &RuleTable) -> bool {
    let mut i = 0;
    while i < table.pieces.len() {
        if table.pieces[i].royal && table.pieces[i].immortal {
            return true;
        }
        i += 1;
    }
    false
}

/// No lion power, no reflecting slide, no immortal royal piece.
pub const fn pins_are_straight(table: &RuleTable) -> bool {
    let mut i = 0;
    while i < table.pieces.len() {
        let p = &table.pieces[i];
        if p.movement.lion
            || !p.movement.lion_lines.is_empty()
            || !matches!(p.movement.reflect, Reflect::None)
        {
            return false;
        }
        if p.royal && p.immortal {
            return false;
        }
        i += 1;
    }
    true
}

/// Where generated moves go: a list, or a counter (perft's bulk counting).
pub(crate) trait Sink<S: Storage> {
    /// Moves from `from` to each square of `promote` (promoting) and of `plain` (not).
    fn board(&mut self, from: Square, promote: Bitboard<S>, plain: Bitboard<S>);
    /// Drops of `kind` on each square of `to`.
    fn drops(&mut self, kind: u8, to: Bitboard<S>);
    /// One move found legal by make/test/unmake.
    fn one(&mut self, mv: Move);
    /// Moves from `from` to each square of `to` turning a promoted piece back (flip rules).
    fn demotes(&mut self, from: Square, to: Bitboard<S>);
    /// Whether the sink only counts (then [`Sink::add`] may stand for moves never listed).
    const COUNTS: bool;
    /// `n` more moves (a counting sink only).
    fn add(&mut self, n: u32);
}

pub(crate) struct ListSink<'a>(pub(crate) &'a mut MoveList);

impl<S: Storage> Sink<S> for ListSink<'_> {
    #[inline]
    fn board(&mut self, from: Square, promote: Bitboard<S>, plain: Bitboard<S>) {
        for to in promote {
            self.0.push(Move::new(from, to, true));
        }
        for to in plain {
            self.0.push(Move::new(from, to, false));
        }
    }
    #[inline]
    fn drops(&mut self, kind: u8, to: Bitboard<S>) {
        for sq in to {
            self.0.push(Move::drop(kind, sq));
        }
    }
    #[inline]
    fn one(&mut self, mv: Move) {
        self.0.push(mv);
    }
    #[inline]
    fn demotes(&mut self, from: Square, to: Bitboard<S>) {
        for sq in to {
            self.0.push(Move::demote(from, sq));
        }
    }
    const COUNTS: bool = false;
    fn add(&mut self, _n: u32) {
        unreachable!("a move list is never given a bare count")
    }
}

pub(crate) struct CountSink(pub(crate) u64);

impl<S: Storage> Sink<S> for CountSink {
    #[inline]
    fn board(&mut self, _from: Square, promote: Bitboard<S>, plain: Bitboard<S>) {
        self.0 += (promote.count() + plain.count()) as u64;
    }
    #[inline]
    fn drops(&mut self, _kind: u8, to: Bitboard<S>) {
        self.0 += to.count() as u64;
    }
    #[inline]
    fn one(&mut self, _mv: Move) {
        self.0 += 1;
    }
    #[inline]
    fn demotes(&mut self, _from: Square, to: Bitboard<S>) {
        self.0 += to.count() as u64;
    }
    const COUNTS: bool = true;
    #[inline]
    fn add(&mut self, n: u32) {
        self.0 += n as u64;
    }
}

/// Checks against and pins of the side to move's king.
pub(crate) struct KingSafety<S: Storage> {
    pub(crate) checkers: Bitboard<S>,
    /// Squares between the king and a lone checker that attacks only by sliding (where a move
    /// or drop interposes); empty otherwise.
    pub(crate) block: Bitboard<S>,
    pub(crate) pinned: Bitboard<S>,
    /// Pinned piece and the squares of its line (pinner included, king excluded).
    pins: [(Square, Bitboard<S>); 8],
    pin_count: usize,
}

impl<S: Storage> KingSafety<S> {
    #[inline]
    pub(crate) fn pin_line(&self, sq: Square) -> Bitboard<S> {
        self.pins[..self.pin_count]
            .iter()
            .find(|(p, _)| *p == sq)
            .map_or(Bitboard::FULL, |&(_, line)| line)
    }
}

impl<R: Rules> Position<R> {
    /// Whether [`Position::legal_moves`] takes the fast path here: the rule set allows it and
    /// the side to move has exactly one royal piece.
    #[inline]
    pub fn fast_legality_applies(&self) -> bool {
        FastLegality::<R>::EXACT && self.royals(self.side_to_move()).count() == 1
    }

    /// Fills `out` with the legal moves by the fast path (caller checked it applies).
    pub(crate) fn legal_moves_fast(&mut self, out: &mut MoveList) {
        out.clear();
        self.generate_fast(&mut ListSink(out), Scope::All);
    }

    /// Appends the legal moves of `scope` by the fast path (caller checked it applies).
    pub(crate) fn append_legal_fast(&mut self, out: &mut MoveList, scope: Scope) {
        self.generate_fast(&mut ListSink(out), scope);
    }

    /// Counts the legal moves by the fast path (caller checked it applies).
    pub(crate) fn count_legal_fast(&mut self) -> u64 {
        let mut sink = CountSink(0);
        self.generate_fast(&mut sink, Scope::All);
        sink.0
    }

    /// Checkers and pins of `us`'s king on `king`.
    #[inline]
    pub(crate) fn king_safety(&self, us: Color, king: Square) -> KingSafety<R::Storage> {
        let t = self.tables;
        let rv = &t.reverse;
        let them = !us;
        let b = them.index();
        let occ = self.occupied();
        let enemy = self.pieces_of(them);
        let mut info = KingSafety {
            checkers: Bitboard::EMPTY,
            block: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            pins: [(king, Bitboard::EMPTY); 8],
            pin_count: 0,
        };
        let leapers = if (rv.leap_sources[b][king.index()] & enemy).is_empty() {
            Bitboard::EMPTY
        } else {
            self.leap_attackers(king, them)
        };
        let mut sliders = Bitboard::EMPTY;
        // Only a slider on a line from the king checks it or pins a piece to it.
        let snipers = self.sliders_of(them) & rv.lines[king.index()];
        let mut dirs = if snipers.is_empty() {
            0
        } else {
            rv.slide_dirs[b]
        };
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let o = OPPOSITE[d];
            let ray = t.rays[o][king.index()];
            if (ray & snipers).is_empty() {
                continue;
            }
            let Some(first) = first_along(o, ray & occ) else {
                continue;
            };
            let kinds = rv.slide_kinds[b][d];
            if enemy.contains(first) {
                let k = self.piece_at(first).kind() as usize;
                if kinds >> k & 1 != 0 && t.slide_reaches(b, k, d, first, king) {
                    sliders.set(first);
                    info.block |= ray ^ t.rays[o][first.index()] ^ Bitboard::from_square(first);
                }
            } else if let Some(second) = first_along(o, t.rays[o][first.index()] & occ) {
                let k = self.piece_at(second).kind() as usize;
                if enemy.contains(second)
                    && kinds >> k & 1 != 0
                    && t.slide_reaches(b, k, d, second, king)
                {
                    info.pinned.set(first);
                    info.pins[info.pin_count] = (first, ray ^ t.rays[o][second.index()]);
                    info.pin_count += 1;
                }
            }
        }
        info.checkers = leapers | sliders;
        // Interposing answers a check only when it is by a slide alone.
        if (leapers & sliders).nonempty() || info.checkers.count() != 1 {
            info.block = Bitboard::EMPTY;
        }
        info
    }

    /// Squares the `kind` piece of `us` on `from` moves to: its own movement, never onto a
    /// friendly piece or an immortal enemy, capture-only steps only onto capturable enemies,
    /// move-only steps only onto empty squares.
    #[inline(always)]
    fn fast_targets(
        &self,
        kind: usize,
        us: Color,
        from: Square,
        occ: Bb<R>,
        blocked: Bb<R>,
        capturable: Bb<R>,
    ) -> Bb<R> {
        // Capture-only and move-only squares never hold a blocked piece.
        self.tables.reach(kind, us, from, occ, capturable) & !blocked
    }

    /// Hands the moves from `from` to `targets` to the sink with the promotion options of §0
    /// (same rules as the reference generator).
    #[inline(always)]
    fn emit<K: Sink<R::Storage>>(
        &self,
        sink: &mut K,
        us: Color,
        from: Square,
        kind: usize,
        targets: Bb<R>,
    ) {
        // A counting sink counts an empty set as nothing: no branch for it there.
        if !K::COUNTS && targets.is_empty() {
            return;
        }
        let t = self.tables;
        let c = us.index();
        let plain = targets & !t.dead[c][kind];
        if R::HOOKS.promotion.flips() {
            // No landing or borrow seam on this path: the cache stays empty.
            let (flip, stay) =
                self.flip_sets(&mut NodeCache::default(), from, kind as u8, targets, plain);
            if t.promote_to[kind] == u8::MAX {
                sink.demotes(from, flip);
                sink.board(from, Bitboard::EMPTY, stay);
            } else {
                sink.board(from, flip, stay);
            }
            return;
        }
        let (promote, plain) = self.plain_move_sets(us, from, kind, targets, plain);
        sink.board(from, promote, plain);
    }

    /// The moves of the `kind` piece of `us` from `from` onto `targets` split into promoting
    /// and plain ones (`plain`: `targets` off the dead squares), where no landing rule, flip
    /// or capture effect has a say: nifu on moves, the promotion squares and forced
    /// promotion. What [`Position::board_move_sets`] finds then, without the node cache:
    /// the fast path's emitter and the filtered path's bulk counting share it.
    #[inline(always)]
    pub(crate) fn plain_move_sets(
        &self,
        us: Color,
        from: Square,
        kind: usize,
        targets: Bb<R>,
        mut plain: Bb<R>,
    ) -> (Bb<R>, Bb<R>) {
        let t = self.tables;
        if R::HOOKS.nifu_on_moves && t.nifu[kind] {
            // A pawn has a target or two: their files asked, not every pawn's.
            let others = self.pieces(us, kind as u8) & !Bitboard::from_square(from);
            let limit = t.nifu_limit[kind] as u32;
            for to in plain {
                if (others & Bb::<R>::file(to.file())).count() >= limit {
                    plain.clear(to);
                }
            }
        }
        let promote = if t.promote_to[kind] == u8::MAX {
            Bitboard::EMPTY
        } else {
            self.promotion_squares(us, from, kind, targets)
        };
        if R::HOOKS.promotion == PromotionRule::Forced {
            plain &= !promote;
        }
        (promote, plain)
    }

    /// The legal moves of `scope` by checkers and pins.
    #[inline(always)]
    fn generate_fast<K: Sink<R::Storage>>(&mut self, sink: &mut K, scope: Scope) {
        let t = self.tables;
        let us = self.side_to_move();
        let them = !us;
        let occ = self.occupied();
        let immortal = self.immortals(them);
        let capturable = self.pieces_of(them) & !immortal;
        let blocked = self.pieces_of(us) | immortal;
        // Destinations of the scope: captures land on an enemy piece.
        let only = if scope == Scope::Captures {
            capturable
        } else {
            Bitboard::FULL
        };
        let Some(king) = self.royals(us).lsb() else {
            return;
        };
        let info = self.king_safety(us, king);

        let king_kind = self.piece_at(king).kind() as usize;
        let lifted = occ ^ Bitboard::from_square(king);
        let mut safe = Bitboard::EMPTY;
        let targets = self.fast_targets(king_kind, us, king, occ, blocked, capturable) & only;
        if targets.nonempty() {
            // Squares some enemy slider could reach on an empty board: elsewhere only leaps
            // and capture-only steps can attack.
            let b = them.index();
            let mut threat = Bitboard::EMPTY;
            let mut kinds = t.reverse.slider_kinds[b];
            while kinds != 0 {
                let k = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                for from in self.pieces(them, k as u8) {
                    threat |= t.slide_reach[b][k][from.index()];
                }
            }
            // Only the enemies near enough to leap onto a king move attack it there: their
            // leaps at once (on small boards several stand near the king at most nodes).
            let near =
                t.reverse.royal_leap_sources[us.index()][king.index()] & self.pieces_of(them);
            safe = if near.is_empty() {
                targets & !threat
            } else {
                targets & !threat & !self.leap_attacks_of(near, b)
            };
            for to in targets & threat {
                if self.plain_attackers(to, them, lifted).is_empty() {
                    safe.set(to);
                }
            }
        }
        self.emit(sink, us, king, king_kind, safe);

        let checks = info.checkers.count();
        if checks > 1 {
            return;
        }
        let (mask, drop_mask) = if checks == 0 {
            (only, t.board & !occ)
        } else {
            ((info.checkers | info.block) & only, info.block)
        };
        let pinned = info.pinned;
        let mut kinds = t.kind_mask & !<R as crate::hooks::Derived>::ROYAL_MASK;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let mut pieces = self.pieces(us, k as u8);
            if pieces.is_empty() {
                continue;
            }
            if K::COUNTS && self.counts_by_leaps(k) {
                let free = self.nifu_alone(k, pieces & !pinned);
                if self.leaps_by_set_pay(k, free) {
                    let allowed = !blocked & mask;
                    sink.add(self.count_leaps(us, k, free, allowed, allowed));
                    pieces &= !free;
                }
            }
            for from in pieces {
                let mut targets = if K::COUNTS {
                    // Bulk counting's hot loop: the attack kernel inlined here only.
                    let att = t.plain_attacks_inlined(k, us, from, occ);
                    t.reach_with(att, k, us, from, occ, capturable) & !blocked & mask
                } else {
                    self.fast_targets(k, us, from, occ, blocked, capturable) & mask
                };
                if pinned.nonempty() && pinned.contains(from) {
                    targets &= info.pin_line(from);
                }
                self.emit(sink, us, from, k, targets);
            }
        }
        if scope == Scope::All && drop_mask.nonempty() && self.holds_any(us) {
            self.drops_fast(sink, us, drop_mask);
        }
    }

    /// Whether bulk counting may move the `kind` pieces as a set ([`Position::count_leaps`]):
    /// the kind only leaps, and [`Position::emit`] has nothing more to say of its moves than
    /// the dead squares and the promotion squares. Under nifu on moves a pawn qualifies if its
    /// leaps keep its file, for the pieces [`Position::nifu_alone`] keeps.
    #[inline(always)]
    pub(crate) fn counts_by_leaps(&self, kind: usize) -> bool {
        let t = self.tables;
        let c = self.side_to_move().index();
        !R::HOOKS.promotion.flips()
            && t.set_leapers[c] >> kind & 1 != 0
            && !(R::HOOKS.nifu_on_moves && t.nifu[kind] && t.file_leapers[c] >> kind & 1 == 0)
    }

    /// The `pieces` of `kind` (all of the side to move) that nifu on moves cannot bar: all of
    /// them, but for a nifu kind (whose leaps keep the file, [`Position::counts_by_leaps`])
    /// those alone of their kind on their file. A file with two is no start and no legal
    /// move's result, but SFEN may allow one where the limit is above one.
    #[inline(always)]
    pub(crate) fn nifu_alone(&self, kind: usize, pieces: Bb<R>) -> Bb<R> {
        if !(R::HOOKS.nifu_on_moves && self.tables.nifu[kind]) {
            return pieces;
        }
        let all = self.pieces(self.side_to_move(), kind as u8);
        // Usually every file holds one at most: as many files holding one as pieces.
        if all.files_held().count() == all.count() {
            return pieces;
        }
        let mut alone = pieces;
        for sq in pieces {
            if (all & Bb::<R>::file(sq.file())).count() > 1 {
                alone.clear(sq);
            }
        }
        alone
    }

    /// Whether moving the `pieces` of leaping `kind` as a set is cheaper than one by one: a
    /// shift per leap against a target set per piece; without promotion a shift costs about a
    /// third as much.
    #[inline(always)]
    pub(crate) fn leaps_by_set_pay(&self, kind: usize, pieces: Bb<R>) -> bool {
        let t = self.tables;
        let (start, end) = t.leap_shift_range[self.side_to_move().index()][kind];
        let (n, leaps) = (pieces.count() as usize, (end - start) as usize);
        n >= leaps || t.promote_to[kind] == u8::MAX && 3 * n >= leaps
    }

    /// The moves [`Position::emit`] would count for every piece of `pieces` (all of one
    /// leaping `kind`, none pinned), their targets limited to `allowed` (`allowed_promo` for
    /// the promoting moves; the filtered path's landing rules differ by form): one shift of
    /// the whole set per leap, those starting in the promotion zone apart from the others.
    #[inline(always)]
    pub(crate) fn count_leaps(
        &self,
        us: Color,
        kind: usize,
        pieces: Bb<R>,
        allowed: Bb<R>,
        allowed_promo: Bb<R>,
    ) -> u32 {
        let t = self.tables;
        let c = us.index();
        let live = allowed & !t.dead[c][kind];
        let promotes = t.promote_to[kind] != u8::MAX;
        let zone = t.zone[c][kind];
        let mut n = 0;
        let (start, end) = t.leap_shift_range[c][kind];
        for &(by, from) in &t.leap_shifts[start as usize..end as usize] {
            if !promotes {
                n += ((pieces & from).shifted(by) & live).count();
                continue;
            }
            for from_zone in [false, true] {
                let starts = pieces & from & if from_zone { zone } else { !zone };
                if starts.is_empty() {
                    continue;
                }
                let to = starts.shifted(by);
                let promote = self.promotion_squares_from(us, from_zone, kind, to & allowed_promo);
                let mut plain = to & live;
                if R::HOOKS.promotion == PromotionRule::Forced {
                    plain &= !promote;
                }
                n += promote.count() + plain.count();
            }
        }
        n
    }

    /// Legal drops onto `mask` (all empty squares, or the interposition squares in check).
    #[inline]
    fn drops_fast<K: Sink<R::Storage>>(&mut self, sink: &mut K, us: Color, mask: Bb<R>) {
        let t = self.tables;
        for &kind in &t.hand_kinds {
            if self.hand(us, kind) == 0 {
                continue;
            }
            let k = kind as usize;
            // No landing or borrow seam on this path: the cache stays empty.
            let mut targets = self.drop_targets(&mut NodeCache::default(), us, kind, mask);
            if t.drop_mate_forbidden[k] && targets.nonempty() {
                targets = self.without_drop_mates(us, kind, targets);
            }
            sink.drops(kind, targets);
            // Flip rules: the piece may also be dropped promoted side up.
            let up = t.promote_to[k];
            if R::HOOKS.promotion.flips() && up != u8::MAX {
                let mut targets = self.drop_targets(&mut NodeCache::default(), us, up, mask);
                if t.drop_mate_forbidden[up as usize] && targets.nonempty() {
                    targets = self.without_drop_mates(us, up, targets);
                }
                sink.drops(up, targets);
            }
        }
    }

    /// Removes from `targets` the drops of `kind` that checkmate (uchifuzume, RULES.md §0).
    /// Only drops that give check are tried, by make/test/unmake.
    fn without_drop_mates(&mut self, us: Color, kind: u8, mut targets: Bb<R>) -> Bb<R> {
        let t = self.tables;
        let them = !us;
        let k = kind as usize;
        let occ = self.occupied();
        // A `kind` piece of `us` on s attacks r iff one of `them` on r attacks s (offsets of
        // the two colours are opposite), so the checking squares are the reverse attacks.
        let mut checking = Bitboard::EMPTY;
        for r in self.royals(them) {
            checking |= t.attacks(k, them, r, occ);
        }
        for sq in targets & checking {
            self.make(Move::drop(kind, sq));
            let mated = !self.has_legal_move();
            self.unmake();
            if mated {
                targets.clear(sq);
            }
        }
        targets
    }
}
