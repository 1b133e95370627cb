//! Filtered legality: rule sets whose check or move effects differ from standard shogi
//! (borrowed movement, paralysis, Isardam, capture effects, flips) still find most of their
//! legal moves without make/test/unmake.
//!
//! The pseudo-legal moves (the reference generator's set, same seams) are sorted per node:
//! - *sure*: legal by an argument that holds under the rule set; counted in bulk;
//! - *doubtful*: tried by [`Position::is_legal`], the reference rule of RULES.md §0;
//! - *known bad*: illegal by the same argument, only where natural attack is the check rule
//!   and the move has no effect.
//!
//! The arguments:
//! - Own movement (paralysis, Isardam, effects): a check needs a natural attack (paralysis and
//!   the landing rule only take checks away), so a move that natural checkers and pins allow
//!   is legal; with paralysis or Isardam the others are doubtful (the checker may be
//!   paralysed, or barred from landing), otherwise they are illegal.
//! - Borrowed movement: a piece may move like any kind of the table, so only enemy pieces in
//!   the king's *capture zone* (the leap sources of every kind, and each ray up to its first
//!   piece) could capture it. A move other than the king's that does not uncover an enemy
//!   piece on a ray, and touches no square of a zone candidate's lender region (where its
//!   lenders stand, [`Position::lender_region`]), leaves every candidate's movement and path
//!   as they were: if none captures the king now, none can after it. Where lenders are the
//!   candidate's friends at fixed places, only a capture there changes them. With a candidate that
//!   captures the king now, everything is doubtful but the king's moves, which are sure where
//!   no enemy stands in the capture zone of their target.
//! - Effects: a capture under a capture effect changes more than two squares: doubtful. So
//!   does a move that may sandwich enemy pieces ([`Position::sandwich_squares`]) under
//!   Reversi, whose toggles change attacks. Othello's flips change owners only, so they take
//!   attackers away and add none: such a move stays sure if checkers and pins allow it (not
//!   under A, whose nifu voids moves), and is doubtful, not bad, if they refuse it.
//! - True Isardam: with a like attack already on the board everything is doubtful; otherwise
//!   a move can create one only where its piece lands (the landing squares of its arriving
//!   kind; the relation is symmetric within a kind), which is illegal whatever else the move
//!   does (that pair stays), or by uncovering a slide between two like pieces through its
//!   starting square: barred off that line, sure along it (it still covers the slide, or
//!   captures one end). Under B a board where the enemy king may be captured (exempt from the
//!   test; only set up so) goes to the reference whole. At bulk counting, where nothing else
//!   is doubtful, the pieces of a plain kind move by the attack kernel onto each form's
//!   like-free squares, found once for the kind.
//! - A drop of a kind barred from mating that may give check (uchifuzume): doubtful.
//!
//! - Lion double moves (three squares change): doubtful. Reflecting slides (natural mode):
//!   paths are reversible, so a reflecting piece checks iff it stands at the end of a path of
//!   its kind from the king; then everything is doubtful. Otherwise a piece first on such a
//!   path moves doubtfully where it may uncover one (a reflector on the paths with the first
//!   pieces lifted), and the king's moves are judged like the natural ones with the
//!   reflecting attacks on the target added (king lifted).
//!
//! Rule sets with king capture, chained moves, an immortal royal kind, or reflecting slides
//! together with borrowed movement keep the reference path. `tests/invariants_all.rs` and
//! `tests/legal_agreement.rs` compare this path with the reference move for move.

use super::fast::{has_reflect, immortal_royal, CountSink, FastLegality, ListSink, Sink};
use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::hooks::borrow::Hiding;
use crate::hooks::isardam::{whole_board, LikeLines, LikeNode};
use crate::moves::Move;
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::{Bb, Rules};
use crate::table::{
    AfterMove, CaptureEffect, KingLoss, Landing, LionRules, MoveShape, MovementSource, NifuPolicy,
    Paralysis, PromotionRule, Reflect,
};
use std::marker::PhantomData;

/// Whether the filtered path applies to rule set `R` (a compile-time constant per variant).
pub struct Filtered<R>(PhantomData<R>);

impl<R: Rules> Filtered<R> {
    /// Not exact by the fast path, but checkmate mode and one-leg moves (lion double moves
    /// are always doubtful), no immortal royal piece, and no reflecting slide where the
    /// capture zone is used (its rays are straight).
    pub const APPLIES: bool = !FastLegality::<R>::EXACT
        && matches!(R::HOOKS.king_loss, KingLoss::Checkmate)
        && matches!(R::HOOKS.move_shape, MoveShape::Normal)
        && !R::HOOKS.promotion.flips()
        && !immortal_royal(R::TABLE)
        && !(Self::BORROW && has_reflect(R::TABLE))
        && matches!(R::HOOKS.lions, LionRules::Plain);
    /// Check is exactly natural attack: own movement, no paralysis, and no landing rule on the
    /// capture of a king (none at all, or Isardam B's exemption).
    const NATURAL_EXACT: bool = matches!(R::HOOKS.movement_source, MovementSource::Own)
        && matches!(R::HOOKS.paralysis, Paralysis::None)
        && matches!(R::HOOKS.move_shape, MoveShape::Normal)
        && match R::HOOKS.landing {
            Landing::None => true,
            Landing::Isardam {
                binds_king_capture, ..
            } => !binds_king_capture,
        };
    /// No flips: a leaping kind's moves by its own movement are its leaps, promotion options
    /// and landing rule apart (bulk counting by sets, [`Position::set_landings`]; under
    /// borrowed movement for the pieces that borrow nothing, [`Position::borrowers`]).
    /// (With the True forms' like-free squares only sure, not barred, a forced promotion
    /// would still bar the plain move where the promoted form is not like-free: left out.)
    const SET_LEAPS: bool = !R::HOOKS.promotion.flips()
        && !(whole_board(&R::HOOKS) && matches!(R::HOOKS.promotion, PromotionRule::Forced));
    /// A board move's promoting and plain sets are the fast path's
    /// ([`Position::plain_move_sets`]): no landing rule judges the target (the True forms'
    /// like-free squares are applied later, to what is sure), no flip, and no capture effect
    /// that changes which landings are dead ([`Position::dead_landings`]).
    const PLAIN_SETS: bool = matches!(
        R::HOOKS.landing,
        Landing::None | Landing::Isardam { total: true, .. }
    ) && matches!(
        R::HOOKS.capture_effect,
        CaptureEffect::None | CaptureEffect::Circe | CaptureEffect::Pwc
    ) && !R::HOOKS.promotion.flips();
    /// King safety by capture zone rather than natural checkers and pins.
    const BORROW: bool = matches!(R::HOOKS.movement_source, MovementSource::Borrow { .. });
}

impl<R: Rules> Position<R> {
    /// Whether [`Position::legal_moves`] takes the filtered path here.
    #[inline]
    pub fn filtered_legality_applies(&self) -> bool {
        Filtered::<R>::APPLIES && self.royals(self.side_to_move()).count() == 1
    }

    /// Fills `out` with the legal moves by the filtered path (caller checked it applies and
    /// that the game is not over).
    pub(crate) fn legal_moves_filtered(&mut self, out: &mut MoveList) {
        out.clear();
        self.generate_filtered(&mut ListSink(out));
    }

    /// Number of legal moves by the filtered path (same preconditions).
    pub(crate) fn count_legal_filtered(&mut self) -> u64 {
        let mut sink = CountSink(0);
        self.generate_filtered(&mut sink);
        sink.0
    }

    /// The legal moves: sure ones in bulk, doubtful ones through [`Position::is_legal`].
    fn generate_filtered<K: Sink<R::Storage>>(&mut self, sink: &mut K) {
        let t = self.tables;
        let us = self.side_to_move();
        let them = !us;
        let Some(king) = self.royals(us).lsb() else {
            return;
        };
        let occ = self.occupied();
        let enemy = self.pieces_of(them);
        let whole_board = whole_board(&R::HOOKS);

        // Moves whose effects reach beyond their two squares.
        let mut all = false;
        let mut doubt_to = Bitboard::EMPTY;
        let mut doubt_from = Bitboard::EMPTY;
        // Where a move that checkers and pins refuse may still be legal: tried, not refused.
        let mut rescue_to = Bitboard::EMPTY;
        if !matches!(R::HOOKS.capture_effect, CaptureEffect::None) {
            doubt_to |= enemy;
        }
        match R::HOOKS.after_move {
            AfterMove::None => {}
            // Othello flips change owners, not occupancy: they only take attackers away. A
            // move that checkers and pins allow stays legal (unless A's nifu voids it); one
            // they refuse may flip the checker, or the king.
            AfterMove::Othello(policy) if Filtered::<R>::NATURAL_EXACT => {
                rescue_to = self.sandwich_squares();
                if matches!(policy, NifuPolicy::A) {
                    doubt_to |= rescue_to;
                }
            }
            // Reversi toggles change what the sandwiched pieces attack (and elsewhere check
            // is not natural attack alone).
            _ => doubt_to |= self.sandwich_squares(),
        }
        // Under Isardam, the node's like maps (for the test below, then the landings). No
        // table of lent kinds: only the borrowers ask what they borrow, one by one.
        let mut cache = self.node_cache_by_piece();
        // True forms: the pieces whose moves off a line would uncover a like pair.
        let mut like_lines = LikeLines::NONE;
        if whole_board {
            match self.like_node(&mut cache, &mut like_lines) {
                LikeNode::Clean => {}
                LikeNode::Pair => all = true,
                // Every other landing in a like attack is barred below: the reference
                // judges this rare board whole.
                LikeNode::KingCapture => return self.reference_into(sink),
            }
        }

        // King safety: natural checkers and pins, or the capture zone.
        // Squares where a drop may change what an enemy in the capture zone borrows.
        let mut doubt_drop = Bitboard::EMPTY;
        // Pieces hiding an enemy from the king on a ray (borrowed movement).
        let mut hiding = Hiding::NONE;
        // Under borrowed movement the king's own moves are sure where no enemy stands in the
        // capture zone of its target (with the king lifted off its square): none there can
        // capture it, whatever it borrows. Not with like attacks (Isardam), which bar more.
        let king_by_zone = Filtered::<R>::BORROW && !whole_board;
        // The squares the last move changed: what the parent's record of the lenders and the
        // king's zone no longer holds.
        let changed = if Filtered::<R>::BORROW {
            self.last_move_changed()
        } else {
            Bitboard::EMPTY
        };
        let natural = if Filtered::<R>::BORROW {
            let (candidates, hidden_by) = self.king_zone(king, them, changed);
            hiding = hidden_by;
            if !king_by_zone {
                doubt_from.set(king);
            }
            // A candidate that cannot capture the king now can after a move only if the move
            // changes its lenders (its path from the zone is empty or already uncovered).
            for c in candidates {
                if self.borrowed_attacks(c).contains(king) {
                    all = true;
                    break;
                }
                let (leave, land) = self.lender_touch(c);
                doubt_from |= leave;
                doubt_to |= land;
                doubt_drop |= land;
            }
            None
        } else {
            // Reflecting slides bend, so natural pins miss them: a piece first on a reflecting
            // path from the king may uncover it, and a reflecting piece of the path's kind at
            // its end is checking (paths are reversible; one search per mode). The king's own moves are judged
            // below with the reflecting attacks on its target.
            if t.reverse.reflect_kinds != 0 {
                for (mode, theirs) in self.reflectors(them) {
                    if theirs.nonempty() {
                        let paths = self.reflect_slides(mode, king);
                        all |= (paths & theirs).nonempty();
                        doubt_from |= self.reflect_pinnable(mode, king, paths, theirs);
                    }
                }
            }
            Some(self.king_safety(us, king))
        };

        // Where a move other than the king's answers the natural checks (once per node, not
        // per piece).
        let check_mask =
            natural
                .as_ref()
                .map_or(Bitboard::FULL, |info| match info.checkers.count() {
                    0 => Bitboard::FULL,
                    1 => info.checkers | info.block,
                    _ => Bitboard::EMPTY,
                });

        // Isardam's mover scope: every like map at once, before the landings ask for them.
        self.fill_like_maps(&mut cache);
        // Under borrowed movement the children start from this node's record of their king's
        // zone and lenders: made where the children list their moves, not where bulk
        // counting ends the line.
        if !K::COUNTS {
            self.record_for_children();
        }
        let frozen = self.paralysed_pieces(us);
        // Under borrowed movement, the pieces that may borrow: the others move by their own
        // movement, found without asking for their lenders again. Bulk counting's kernel
        // judges the sliders that lend to attacked pieces from their attacks.
        let lends = if Filtered::<R>::BORROW {
            self.borrowers(us, K::COUNTS, changed)
        } else {
            Bitboard::EMPTY
        };

        // Bulk counting moves the free pieces of a leaping kind as a set (the fast path's
        // `count_leaps`): their sure moves are their leaps into one mask per form. What may
        // still be doubtful (`residual`) is left to the loop below, piece by piece. Under the
        // True forms the other pieces it counts go by the attack kernel (`by_kernel`).
        let mut by_set = Bitboard::EMPTY;
        // Counted pieces of a kind with doubtful moves left: the loop below visits them.
        let mut recheck = Bitboard::EMPTY;
        // What is left doubtful of their moves: the same for every kind counted by set.
        let mut set_residual = Bitboard::FULL;
        // Where the sure moves go (`base`), what may still be doubtful (`residual`), and the
        // pieces whose moves are all sure there.
        let sets = if K::COUNTS && Filtered::<R>::SET_LEAPS && !all {
            match &natural {
                Some(info) => {
                    let mask = check_mask;
                    let mut residual = doubt_to | rescue_to & !mask;
                    if !Filtered::<R>::NATURAL_EXACT {
                        residual |= !mask;
                    }
                    let free = self.pieces_of(us)
                        & !frozen
                        & !info.pinned
                        & !doubt_from
                        & !like_lines.pieces;
                    Some((mask & !doubt_to, residual, free))
                }
                // Borrowed movement: a piece other than the king that lends nothing to a
                // candidate and hides nothing has every move sure but onto `doubt_to` (as in
                // the loop below); counted by set only where it moves by its own movement.
                None => {
                    let free = self.pieces_of(us)
                        & !frozen
                        & !doubt_from
                        & !like_lines.pieces
                        & !hiding.pieces
                        & !lends;
                    Some((!doubt_to, doubt_to, free))
                }
            }
        } else {
            None
        };
        if let Some((allowed, residual, free)) = sets {
            set_residual = residual;
            let base = !self.pieces_of(us) & !self.immortals(them) & allowed;
            // True forms with nothing doubtful but by piece (natural checks and pins decide, the
            // like maps found no pair): the free pieces of a plain kind that no set counts move
            // by the attack kernel, onto their forms' like-free squares, at one mask per form
            // for the kind rather than one per piece.
            let by_kernel = whole_board
                && Filtered::<R>::PLAIN_SETS
                && !Filtered::<R>::BORROW
                && residual.is_empty();
            let mut kinds = t.kind_mask & !<R as crate::hooks::Derived>::ROYAL_MASK;
            while kinds != 0 {
                let k = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                let pieces = self.pieces(us, k as u8) & free;
                if pieces.is_empty() {
                    continue;
                }
                let leaps = self.counts_by_leaps(k);
                let alone = if leaps {
                    self.nifu_alone(k, pieces)
                } else {
                    pieces
                };
                let set = leaps && self.leaps_by_set_pay(k, alone);
                // (Not with like attacks, whose landings bar more: those pieces take the loop.)
                if !set
                    && Filtered::<R>::BORROW
                    && Filtered::<R>::PLAIN_SETS
                    && !whole_board
                    && !t.special[k]
                {
                    by_set |= self.count_own_by_kernel(sink, k, pieces, base, residual);
                    continue;
                }
                if !(set || by_kernel && !t.special[k]) {
                    continue;
                }
                if !set {
                    // A form's landings are found for the kind once, the promoting form's
                    // only where a piece may promote, and again for a piece whose leaving
                    // changes them.
                    let (kind, up_kind) = (k as u8, t.promote_to[k]);
                    let stay_landings = self.form_landings(&mut cache, us, kind);
                    // A piece standing where leaving changes its own form's landings stands in
                    // a like attack (a pair, so never at a clean node), or its class mixes
                    // movements: one test for all, none where every class moves alike.
                    let settled =
                        Self::like_classes_alike() || (stay_landings.1 & pieces).is_empty();
                    let mut up_landings = None;
                    for from in pieces {
                        let targets = t.plain_attacks_inlined(k, us, from, occ) & base;
                        let live = targets & !t.dead[us.index()][k];
                        let (up, stay) = self.plain_move_sets(us, from, k, targets, live);
                        let free = if settled {
                            stay_landings.0
                        } else {
                            self.landings_from(&mut cache, us, kind, from, stay_landings)
                        };
                        let mut n = (stay & free).count();
                        if up.nonempty() {
                            let landings = *up_landings
                                .get_or_insert_with(|| self.form_landings(&mut cache, us, up_kind));
                            n += (up & self.landings_from(&mut cache, us, up_kind, from, landings))
                                .count();
                        }
                        sink.add(n);
                    }
                    by_set |= pieces;
                    continue;
                }
                // Pieces whose leaving changes their landings move one by one below.
                let (plain, promo, unsettled) = self.set_landings(&mut cache, us, k as u8);
                let pieces = alone & !unsettled;
                // Under borrowed movement by attack, those that borrow move one by one.
                let pieces = pieces & !self.set_borrowers(k, pieces);
                sink.add(self.count_leaps(us, k, pieces, base & plain, base & promo));
                by_set |= pieces;
                if residual.nonempty() {
                    recheck |= pieces;
                }
            }
        }

        let mut lion_moves = MoveList::new();
        for from in self.pieces_of(us) & !frozen & !(by_set & !recheck) {
            let kind = self.piece_at(from).kind();
            // Counted pieces are visited only where they have doubtful moves left (rare).
            let counted = recheck.nonempty() && by_set.contains(from);
            let mut residual = Bitboard::FULL;
            if counted {
                // Its sure moves are counted: only the doubtful ones are left (its targets are
                // among its leaps).
                residual = set_residual;
                if (t.leap[us.index()][kind as usize][from.index()] & residual).is_empty() {
                    continue;
                }
            }
            let own = Filtered::<R>::BORROW && !lends.contains(from);
            let (targets, promo, stay) = self.filtered_move_sets::<K>(
                &mut cache,
                from,
                kind,
                own,
                residual,
                &mut lion_moves,
            );
            if targets.is_empty() {
                continue;
            }
            let (mut sure, mut bad) = match &natural {
                Some(info) => {
                    let ok = if from == king {
                        let lifted = occ ^ Bitboard::from_square(king);
                        // The leaps of the enemies near enough and the reflecting slides
                        // at once; the full test only where a slider stands on a line
                        // through the step.
                        let near = t.reverse.royal_leap_sources[us.index()][king.index()] & enemy;
                        let mut safe = targets
                            & !self.leap_attacks_of(near, them.index())
                            & if t.reverse.reflect_kinds != 0 {
                                !self.reflect_attacks(them, lifted)
                            } else {
                                Bitboard::FULL
                            };
                        let sliders = self.sliders_of(them);
                        for to in safe {
                            let lined = (t.reverse.lines[to.index()] & sliders).nonempty();
                            if lined && self.plain_attackers(to, them, lifted).nonempty() {
                                safe.clear(to);
                            }
                        }
                        safe
                    } else {
                        let mut ok = check_mask;
                        if info.pinned.nonempty() && info.pinned.contains(from) {
                            ok &= info.pin_line(from);
                        }
                        ok
                    };
                    let bad = if Filtered::<R>::NATURAL_EXACT {
                        !ok & !doubt_to & !rescue_to
                    } else {
                        Bitboard::EMPTY
                    };
                    (ok, bad)
                }
                None if from == king && king_by_zone => (
                    self.safe_king_steps(king, them, targets, changed),
                    Bitboard::EMPTY,
                ),
                None => (Bitboard::FULL, Bitboard::EMPTY),
            };
            if (all && !(from == king && king_by_zone))
                || doubt_from.nonempty() && doubt_from.contains(from)
            {
                sure = Bitboard::EMPTY;
            } else if like_lines.pieces.nonempty() && like_lines.pieces.contains(from) {
                // Off its lines it leaves a like pair on the board.
                match like_lines.keep(from) {
                    Some(keep) => {
                        sure &= keep;
                        bad |= !keep;
                    }
                    None => sure = Bitboard::EMPTY,
                }
            } else if hiding.pieces.contains(from) {
                // Along its ray it still hides the enemy; elsewhere it uncovers it. Whether
                // that is harmless is asked where it has an answer ([`Position::hiders_ask`]).
                let keep = hiding.keep(from);
                sure &= if Self::hiders_ask() && (targets & sure & !keep).nonempty() {
                    self.hider_keeps(&hiding, from, king)
                } else {
                    keep
                };
            }
            sure &= !doubt_to;
            let (mut sure_promo, mut sure_stay) = (promo & sure, stay & sure);
            let (mut bad_promo, mut bad_stay) = (bad, bad);
            if whole_board {
                // Landing in a like attack leaves that pair on the board: barred (B's exempt
                // king captures go to the reference, above).
                let left = Bitboard::from_square(from);
                let barred = !self.like_free_landings(&mut cache, us, kind, left);
                sure_stay &= !barred;
                bad_stay |= barred;
                if promo.nonempty() {
                    let up = t.promote_to[kind as usize];
                    let barred = !self.like_free_landings(&mut cache, us, up, left);
                    sure_promo &= !barred;
                    bad_promo |= barred;
                }
            }
            if !counted {
                sink.board(from, sure_promo, sure_stay);
            }
            for (set, promote, bad) in [
                (promo & !sure_promo, true, bad_promo),
                (stay & !sure_stay, false, bad_stay),
            ] {
                for to in set & !bad {
                    let mv = Move::new(from, to, promote);
                    if self.is_legal(mv) {
                        sink.one(mv);
                    }
                }
            }
            // Lion double moves change three squares (the middle capture may open a line).
            while let Some(mv) = lion_moves.pop() {
                if self.is_legal(mv) {
                    sink.one(mv);
                }
            }
        }

        // Drops block lines and have no effects.
        let drop_ok = match &natural {
            Some(info) => match info.checkers.count() {
                0 => Bitboard::FULL,
                1 => info.block,
                _ => Bitboard::EMPTY,
            },
            None => Bitboard::FULL,
        };
        let drop_bad = if Filtered::<R>::NATURAL_EXACT {
            !drop_ok
        } else {
            Bitboard::EMPTY
        };
        let empty = self.tables.board & !occ;
        // Most nodes hold nothing in hand: one test for all.
        let hand_kinds: &[u8] = if self.holds_any(us) {
            &t.hand_kinds
        } else {
            &[]
        };
        for &kind in hand_kinds {
            if self.hand(us, kind) == 0 {
                continue;
            }
            let k = kind as usize;
            let targets = self.drop_targets(&mut cache, us, kind, empty);
            if targets.is_empty() {
                continue;
            }
            let mut sure = if all {
                Bitboard::EMPTY
            } else {
                drop_ok & !doubt_drop
            };
            if t.drop_mate_forbidden[k] {
                sure &= !self.drop_may_check(us, kind);
            }
            let mut bad = drop_bad;
            if whole_board {
                let free = self.like_free_landings(&mut cache, us, kind, Bitboard::EMPTY);
                sure &= free;
                bad |= !free;
            }
            sink.drops(kind, targets & sure);
            for to in targets & !sure & !bad {
                let mv = Move::drop(kind, to);
                if self.is_legal(mv) {
                    sink.one(mv);
                }
            }
        }
    }

    /// The legal moves by the reference path into `sink`: a rare board, judged whole out of
    /// line so that the common ones do not pay for its code.
    #[cold]
    #[inline(never)]
    fn reference_into<K: Sink<R::Storage>>(&mut self, sink: &mut K) {
        let mut moves = MoveList::new();
        self.legal_moves_reference(&mut moves);
        moves.into_iter().for_each(|mv| sink.one(mv));
    }

    /// Borrowed movement, bulk counting: counts the moves of the `pieces` of plain `kind`
    /// (free: they lend nothing to a zone candidate and hide nothing) that move by their own
    /// movement and have no target in `doubtful`, onto `base`, by the attack kernel, and
    /// returns them. The others (a piece that borrows by its attacks, or with a doubtful
    /// target) are left to the per-piece loop.
    #[inline(always)]
    fn count_own_by_kernel<K: Sink<R::Storage>>(
        &self,
        sink: &mut K,
        k: usize,
        pieces: Bb<R>,
        base: Bb<R>,
        doubtful: Bb<R>,
    ) -> Bb<R> {
        let t = self.tables;
        let us = self.side_to_move();
        let occ = self.occupied();
        // Rare: one bit set per piece left rather than per piece counted.
        let mut left = Bitboard::EMPTY;
        for from in pieces {
            let att = t.plain_attacks_inlined(k, us, from, occ);
            if self.borrows_by_attacks(att) || (att & doubtful).nonempty() {
                left.set(from);
                continue;
            }
            let targets = att & base;
            let live = targets & !t.dead[us.index()][k];
            let (up, stay) = self.plain_move_sets(us, from, k, targets, live);
            sink.add(up.count() + stay.count());
        }
        pieces & !left
    }

    /// The targets of the side to move's `kind` piece on `from` within `residual`, and the
    /// promoting and plain moves onto them ([`Position::board_move_sets`]); its lion double
    /// moves are appended to `lion_moves`. `own`: it moves by its own movement though the
    /// rule set borrows. A plain kind (no lion, reflecting, capture-only or move-only steps)
    /// moving by its own movement takes the fast path's attack kernel, and its move sets
    /// where no landing rule or capture effect has a say ([`Filtered::PLAIN_SETS`]): the same
    /// sets without the seams' calls, for listing as for bulk counting.
    #[inline(always)]
    fn filtered_move_sets<K: Sink<R::Storage>>(
        &self,
        cache: &mut crate::hooks::node_cache::NodeCache<R::Storage>,
        from: Square,
        kind: u8,
        own: bool,
        residual: Bb<R>,
        lion_moves: &mut MoveList,
    ) -> (Bb<R>, Bb<R>, Bb<R>) {
        let t = self.tables;
        let k = kind as usize;
        let us = self.side_to_move();
        let own = own || !Filtered::<R>::BORROW;
        let kernel = own && !t.special[k];
        let targets = if kernel {
            let att = t.plain_attacks_inlined(k, us, from, self.occupied());
            if Filtered::<R>::BORROW && self.borrows_by_attacks(att) {
                return self.borrowed_move_sets(cache, from, kind, residual, lion_moves);
            }
            let targets = att & !self.pieces_of(us) & !self.immortals(!us) & residual;
            if Filtered::<R>::PLAIN_SETS {
                let plain = targets & !t.dead[us.index()][k];
                let (promo, stay) = self.plain_move_sets(us, from, k, targets, plain);
                return (targets, promo, stay);
            }
            targets
        } else if own {
            self.own_targets(from, kind, lion_moves) & residual
        } else {
            return self.borrowed_move_sets(cache, from, kind, residual, lion_moves);
        };
        self.move_sets_onto(cache, from, kind, targets)
    }

    /// [`Position::filtered_move_sets`] of a piece that borrows.
    fn borrowed_move_sets(
        &self,
        cache: &mut crate::hooks::node_cache::NodeCache<R::Storage>,
        from: Square,
        kind: u8,
        residual: Bb<R>,
        lion_moves: &mut MoveList,
    ) -> (Bb<R>, Bb<R>, Bb<R>) {
        let targets = self.piece_targets(cache, from, kind, lion_moves) & residual;
        self.move_sets_onto(cache, from, kind, targets)
    }

    /// `targets` and the promoting and plain moves onto them ([`Position::board_move_sets`]).
    #[inline(always)]
    fn move_sets_onto(
        &self,
        cache: &mut crate::hooks::node_cache::NodeCache<R::Storage>,
        from: Square,
        kind: u8,
        targets: Bb<R>,
    ) -> (Bb<R>, Bb<R>, Bb<R>) {
        if targets.is_empty() {
            return (targets, targets, targets);
        }
        let (promo, stay) = self.board_move_sets(cache, from, kind, targets);
        (targets, promo, stay)
    }

    /// The pieces of the side to move first on the reflecting `paths` (of `mode`) from its
    /// king on `king` that may uncover one of the reflectors `theirs` by moving: all of them,
    /// unless no reflector stands beyond any of them. That is judged at once with every such
    /// piece lifted: fewer blockers only lengthen paths, so the lifted board's paths hold
    /// every square a path could reach with one of them gone (a move's landing only blocks).
    fn reflect_pinnable(&self, mode: Reflect, king: Square, paths: Bb<R>, theirs: Bb<R>) -> Bb<R> {
        let firsts = paths & self.pieces_of(self.side_to_move());
        let lifted = self.occupied() & !(firsts & !Bitboard::from_square(king));
        if firsts.is_empty() || (self.reflect_slides_in(mode, king, lifted) & theirs).is_empty() {
            return Bitboard::EMPTY;
        }
        firsts
    }

    /// Where a piece of `kind` of the side to move may land without promoting and promoting
    /// (the landing seam for board moves, and the True forms' like-free squares), whatever
    /// square it leaves but those of the third set (where a like kind slides, leaving a square
    /// in its map opens its ray).
    #[inline(always)]
    fn set_landings(
        &self,
        cache: &mut crate::hooks::node_cache::NodeCache<R::Storage>,
        us: Color,
        kind: u8,
    ) -> (Bb<R>, Bb<R>, Bb<R>) {
        let (plain, unsettled) = self.form_landings(cache, us, kind);
        match self.tables.promote_to[kind as usize] {
            u8::MAX => (plain, Bitboard::FULL, unsettled),
            up => {
                let (promo, more) = self.form_landings(cache, us, up);
                (plain, promo, unsettled | more)
            }
        }
    }

    /// [`Position::set_landings`] of one form.
    #[inline(always)]
    fn form_landings(
        &self,
        cache: &mut crate::hooks::node_cache::NodeCache<R::Storage>,
        us: Color,
        form: u8,
    ) -> (Bb<R>, Bb<R>) {
        let squares = match R::HOOKS.landing {
            Landing::None => return (Bitboard::FULL, Bitboard::EMPTY),
            Landing::Isardam { total: true, .. } => return self.like_landings(cache, us, form),
            Landing::Isardam { .. } => {
                self.landing_squares_cached(cache, us, form, Bitboard::EMPTY)
            }
        };
        (squares, self.like_unsettled(cache, us, form))
    }

    /// The True forms' like-free squares of `form` for a piece leaving `from`: `landings`
    /// ([`Position::form_landings`]), found again where leaving `from` changes them.
    #[inline(always)]
    fn landings_from(
        &self,
        cache: &mut crate::hooks::node_cache::NodeCache<R::Storage>,
        us: Color,
        form: u8,
        from: Square,
        (free, unsettled): (Bb<R>, Bb<R>),
    ) -> Bb<R> {
        if unsettled.contains(from) {
            self.like_free_landings(cache, us, form, Bitboard::from_square(from))
        } else {
            free
        }
    }

    /// Squares where a drop of `kind` by `us` might give check (so uchifuzume must be judged).
    fn drop_may_check(&self, us: Color, kind: u8) -> Bb<R> {
        let them = !us;
        let Some(their_king) = self.royals(them).lsb() else {
            return Bitboard::EMPTY;
        };
        if self.royals(them).count() > 1 {
            return Bitboard::FULL;
        }
        if Filtered::<R>::BORROW {
            // Outside the zone no piece of ours can capture; a piece already in it may borrow
            // from the dropped one.
            let zone = self.capture_zone(their_king, us);
            return if (zone & self.pieces_of(us)).nonempty() {
                Bitboard::FULL
            } else {
                zone
            };
        }
        if self.attackers_naturally(their_king, us).nonempty() {
            // A drop may free an attacker (block what paralyses it or covers the king).
            return Bitboard::FULL;
        }
        // A `kind` of `us` on s attacks r iff one of `them` on r attacks s.
        self.natural_attacks(kind, them, their_king)
    }
}
