//! Move generation: pseudo-legal moves through the movement, mobility and landing seams, then
//! the legality rule of RULES.md §0 (uchifuzume included).

use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::hooks::node_cache::NodeCache;
use crate::hooks::{kinds_in, Derived};
use crate::moves::Move;
use crate::position::{Piece, Position};
use crate::rules::{Bb, Rules};
use crate::table::{KingLoss, MoveShape, MovementSource, Paralysis, PromotionRule};
use crate::tables::{dir_step, DIRS, OPPOSITE};

// The move list lives with the move type so that the hooks need not import the generator.
pub use crate::moves::MoveList;

impl<R: Rules> Position<R> {
    /// Immortal pieces of `color` (nothing may capture them): the one immortal mask of every
    /// path (reference, fast, filtered, the seams).
    #[inline]
    pub(crate) fn immortals(&self, color: Color) -> Bb<R> {
        if R::IMMORTAL_MASK == 0 {
            return Bitboard::EMPTY;
        }
        let mut bb = Bitboard::EMPTY;
        for k in kinds_in(R::IMMORTAL_MASK) {
            bb |= self.pieces_of_kind(k);
        }
        bb & self.pieces_of(color)
    }

    /// Whether the piece on `from` may move at all (mobility seam, RULES.md §6).
    #[inline]
    pub(crate) fn mobile(&self, from: Square) -> bool {
        match R::HOOKS.paralysis {
            Paralysis::None => true,
            _ => !self.paralysed(from),
        }
    }

    /// Squares the piece on `from` may move to or capture on by the movement rules (movement
    /// source and shape seams), before promotion, landing and legality rules. Lion double moves
    /// and move-only steps are generated separately.
    #[inline]
    pub(crate) fn capture_targets(&self, from: Square) -> Bb<R> {
        if !self.mobile(from) {
            return Bitboard::EMPTY;
        }
        self.movement_targets(from)
    }

    /// [`Position::capture_targets`] of a piece known to be mobile.
    #[inline]
    fn movement_targets(&self, from: Square) -> Bb<R> {
        let p = self.piece_at(from);
        let color = p.color();
        let att = match (R::HOOKS.movement_source, R::HOOKS.move_shape) {
            (MovementSource::Own, MoveShape::Normal) => self.natural_attacks(p.kind(), color, from),
            (MovementSource::Borrow { .. }, MoveShape::Normal) => self.borrowed_attacks(from),
            (_, MoveShape::Chained) => self.chain_targets(from),
        };
        att & !self.pieces_of(color) & !self.immortals(!color)
    }

    /// Appends every pseudo-legal move of the side to move: board moves, then drops.
    pub fn pseudo_moves(&self, out: &mut MoveList) {
        let mut cache = self.node_cache();
        self.board_moves_into(&mut cache, out);
        self.drops(&mut cache, out);
    }

    /// Appends the pseudo-legal board moves of the side to move, no drops: what quiescence
    /// looks through for captures (a drop never captures), without making the drops first.
    pub fn pseudo_board_moves(&self, out: &mut MoveList) {
        let mut cache = self.node_cache();
        self.board_moves_into(&mut cache, out);
    }

    fn board_moves_into(&self, cache: &mut NodeCache<R::Storage>, out: &mut MoveList) {
        self.each_board_targets(cache, out, |cache, out, from, kind, targets| {
            self.push_board_moves(cache, from, kind, targets, out)
        });
    }

    /// Calls `each(cache, out, from, kind, targets)` for every mobile piece of the side to
    /// move with the squares it may move to ([`Position::piece_targets`], or its chains); lion
    /// double moves are appended to `out`.
    #[inline]
    fn each_board_targets(
        &self,
        cache: &mut NodeCache<R::Storage>,
        out: &mut MoveList,
        mut each: impl FnMut(&mut NodeCache<R::Storage>, &mut MoveList, Square, u8, Bb<R>),
    ) {
        if matches!(R::HOOKS.move_shape, MoveShape::Chained) {
            self.each_chain(|from, kind, targets| each(cache, out, from, kind, targets));
            return;
        }
        let us = self.side_to_move();
        // Paralysed pieces are found at once (cheaper than asking each piece).
        for from in self.pieces_of(us) & !self.paralysed_pieces(us) {
            let kind = self.piece_at(from).kind();
            let targets = self.piece_targets(cache, from, kind, out);
            each(cache, out, from, kind, targets);
        }
    }

    /// Number of pseudo-legal moves, [`Position::pseudo_moves`] counted without the list.
    pub(crate) fn count_pseudo_moves(&self) -> u64 {
        let mut cache = self.node_cache();
        let mut lions = MoveList::new();
        let mut n = 0;
        self.each_board_targets(&mut cache, &mut lions, |cache, _, from, kind, targets| {
            // Both sets lie within `targets`, one move per square of each.
            let (promo, stay) = self.board_move_sets(cache, from, kind, targets);
            n += u64::from(promo.count() + stay.count());
        });
        self.each_drop(&mut cache, |_, to| n += u64::from(to.count()));
        n + lions.len() as u64
    }

    /// Squares the mobile piece of `kind` on `from` may move to (normal move shape), before
    /// promotion, dead ranks, nifu and landing; its lion double moves are appended to `out`.
    /// `cache`: the node's cache for the side to move.
    #[inline]
    pub(crate) fn piece_targets(
        &self,
        cache: &NodeCache<R::Storage>,
        from: Square,
        kind: u8,
        out: &mut MoveList,
    ) -> Bb<R> {
        match R::HOOKS.movement_source {
            MovementSource::Own => self.own_targets(from, kind, out),
            MovementSource::Borrow { .. } => self.borrowed_targets(cache, from, kind, out),
        }
    }

    /// [`Position::piece_targets`] of a piece of the side to move that moves by its own
    /// movement (whatever the movement source: a borrower with no lender too).
    #[inline]
    pub(crate) fn own_targets(&self, from: Square, kind: u8, out: &mut MoveList) -> Bb<R> {
        let t = self.tables;
        let us = self.side_to_move();
        let k = kind as usize;
        if t.lion[k] || t.lion_lines[us.index()][k] != 0 {
            self.lion_double_moves(from, kind, t.lion[k], t.lion_lines[us.index()][k], out);
        }
        // Capture-only steps onto enemies only, move-only steps onto empty squares.
        self.movement_reach(kind, us, from) & !self.pieces_of(us) & !self.immortals(!us)
    }

    /// Adds moves from `from` to each target with the promotion options of §0 (for chains,
    /// §5: only the final square counts), the landing rule of each form (§6), dead ranks and
    /// nifu on moves (§3; a move capturing a king in king-capture mode is exempt, §0).
    #[inline]
    pub(crate) fn push_board_moves(
        &self,
        cache: &mut NodeCache<R::Storage>,
        from: Square,
        kind: u8,
        targets: Bb<R>,
        out: &mut MoveList,
    ) {
        let (promo, stay) = self.board_move_sets(cache, from, kind, targets);
        if promo.is_empty() {
            for to in stay {
                out.push(Move::new(from, to, false));
            }
            return;
        }
        // Under the flip rules a promoted piece's "promotion" turns it back.
        let demotes =
            R::HOOKS.promotion.flips() && self.tables.promote_to[kind as usize] == u8::MAX;
        for to in targets {
            if promo.contains(to) {
                out.push(if demotes {
                    Move::demote(from, to)
                } else {
                    Move::new(from, to, true)
                });
            }
            if stay.contains(to) {
                out.push(Move::new(from, to, false));
            }
        }
    }

    /// The targets of [`Position::push_board_moves`] split into those reached promoting and
    /// those reached without promoting (a square may be in both). Always inlined: the
    /// filtered path's bulk counting calls it per piece under a landing rule (Isardam B:1
    /// perft 4 184.8M -> 178.7M instructions where the compiler left it a call).
    #[inline(always)]
    pub(crate) fn board_move_sets(
        &self,
        cache: &mut NodeCache<R::Storage>,
        from: Square,
        kind: u8,
        targets: Bb<R>,
    ) -> (Bb<R>, Bb<R>) {
        let t = self.tables;
        let us = self.side_to_move();
        let k = kind as usize;
        let dead = self.dead_landings(from, kind, targets);
        let nifu_files = if R::HOOKS.nifu_on_moves && t.nifu[k] {
            let files = self.nifu_files_vacating(cache, kind, from);
            if R::HOOKS.king_loss == KingLoss::Capture {
                files & !self.royals(!us)
            } else {
                files
            }
        } else {
            Bitboard::EMPTY
        };
        let left = Bitboard::from_square(from);
        let stay =
            targets & !dead & !nifu_files & self.landing_squares_cached(cache, us, kind, left);
        if R::HOOKS.promotion.flips() {
            return self.flip_sets(cache, from, kind, targets, stay);
        }
        if t.promote_to[k] == u8::MAX {
            return (Bitboard::EMPTY, stay);
        }
        let mut promo = self.promotion_squares(us, from, k, targets);
        if promo.nonempty() {
            promo &= self.landing_squares_cached(cache, us, t.promote_to[k], left);
        }
        if R::HOOKS.promotion == PromotionRule::Forced {
            return (promo, stay & !promo);
        }
        (promo, stay)
    }

    /// The squares of `targets` where the promotable `kind` of the side to move (`us`) moving
    /// from `from` may promote (before the landing seam), RULES.md §0: a move that starts or
    /// ends in the zone (a chained move must end there); chu shogi's rule
    /// ([`PromotionRule::EnterOrCapture`]): entering, capturing with an end in the zone, or
    /// reaching a square it could never move from.
    #[inline(always)]
    pub(crate) fn promotion_squares(
        &self,
        us: Color,
        from: Square,
        kind: usize,
        targets: Bb<R>,
    ) -> Bb<R> {
        let from_zone = self.tables.zone[us.index()][kind].contains(from);
        self.promotion_squares_from(us, from_zone, kind, targets)
    }

    /// [`Position::promotion_squares`] for moves whose start is in the zone (`from_zone`) or
    /// not: all it needs to know of the start.
    #[inline(always)]
    pub(crate) fn promotion_squares_from(
        &self,
        us: Color,
        from_zone: bool,
        kind: usize,
        targets: Bb<R>,
    ) -> Bb<R> {
        let t = self.tables;
        let zone = t.zone[us.index()][kind];
        if !from_zone || matches!(R::HOOKS.move_shape, MoveShape::Chained) {
            return targets & zone;
        }
        match R::HOOKS.promotion {
            PromotionRule::EnterOrCapture => {
                targets & (self.pieces_of(!us) | t.stuck[us.index()][kind])
            }
            _ => targets,
        }
    }

    /// [`Position::board_move_sets`] under the flip rules: the first set holds the moves that
    /// turn the piece over (to its promoted side, or back for a promoted piece), the second
    /// the moves that keep it; every move flips (Kyoto) or every capture does (Micro).
    pub(crate) fn flip_sets(
        &self,
        cache: &mut NodeCache<R::Storage>,
        from: Square,
        kind: u8,
        targets: Bb<R>,
        stay: Bb<R>,
    ) -> (Bb<R>, Bb<R>) {
        let Some(other) = self.other_side(kind) else {
            return (Bitboard::EMPTY, stay);
        };
        let us = self.side_to_move();
        let flip = match R::HOOKS.promotion {
            PromotionRule::FlipOnCapture => targets & self.pieces_of(!us),
            _ => targets,
        } & self.landing_squares_cached(cache, us, other, Bitboard::from_square(from));
        (flip, stay & !flip)
    }

    /// The other side of a two-sided piece under the flip rules: the promoted kind of an
    /// unpromoted piece, the unpromoted kind of a promoted one; `None` for one-sided pieces.
    #[inline]
    pub(crate) fn other_side(&self, kind: u8) -> Option<u8> {
        let t = self.tables;
        let k = kind as usize;
        if t.promote_to[k] != u8::MAX {
            Some(t.promote_to[k])
        } else if t.unpromoted[k] != kind {
            Some(t.unpromoted[k])
        } else {
            None
        }
    }

    /// [`Position::nifu_files`] of the side to move with `from` (a piece of `kind`) vacated,
    /// from the side's files cached for the node.
    #[inline]
    pub(crate) fn nifu_files_vacating(
        &self,
        cache: &mut NodeCache<R::Storage>,
        kind: u8,
        from: Square,
    ) -> Bb<R> {
        let us = self.side_to_move();
        if self.tables.nifu_limit[kind as usize] != 1 {
            return self.nifu_files(us, kind, Some(from));
        }
        let files = cache.nifu_files(kind, || self.nifu_files(us, kind, None));
        let file = Bb::<R>::file(from.file());
        // Leaving frees its file unless another piece of the kind stands there.
        if (self.pieces(us, kind) & file).count() > 1 {
            files
        } else {
            files & !file
        }
    }

    /// Files holding an unpromoted `kind` pawn of `color` (other than the one on `except`).
    #[inline]
    pub(crate) fn nifu_files(&self, color: Color, kind: u8, except: Option<Square>) -> Bb<R> {
        let mut pawns = self.pieces(color, kind);
        if let Some(sq) = except {
            pawns.clear(sq);
        }
        let mut files = Bitboard::EMPTY;
        let limit = self.tables.nifu_limit[kind as usize];
        for sq in pawns {
            let file = Bb::<R>::file(sq.file());
            if limit == 1 || (pawns & file).count() >= limit as u32 {
                files |= file;
            }
        }
        files
    }

    /// Lion double moves of a `kind` piece on `from`: capture on an adjacent square, then step
    /// to a square adjacent to it (empty, a second enemy, or the starting square: igui), RULES.md
    /// §2. `area`: the lion's, any first and second step; `lines` (absolute directions, a bit
    /// each): lion power along a line only (horned falcon, soaring eagle), the second step going
    /// on the same way or back.
    pub(crate) fn lion_double_moves(
        &self,
        from: Square,
        kind: u8,
        area: bool,
        lines: u8,
        out: &mut MoveList,
    ) {
        self.each_lion_capture_move(from, kind, area, lines, |mv| out.push(mv));
        out.extend(self.lion_pass(from, area, lines));
    }

    /// [`Position::lion_double_moves`] but the pass, each handed to `found` (bulk counting
    /// counts them without a list).
    #[inline]
    pub(crate) fn each_lion_capture_move(
        &self,
        from: Square,
        kind: u8,
        area: bool,
        lines: u8,
        mut found: impl FnMut(Move),
    ) {
        let us = self.side_to_move();
        let t = self.tables;
        let step = |sq: Square, d: usize| dir_step(&R::GEOMETRY, sq, d);
        let enemies = self.pieces_of(!us) & !self.immortals(!us);
        let firsts = if area { u8::MAX } else { lines };
        for d in (0..DIRS.len()).filter(|d| firsts >> d & 1 != 0) {
            let Some(mid) = step(from, d) else {
                continue;
            };
            if !enemies.contains(mid) {
                continue;
            }
            let seconds = if area {
                u8::MAX
            } else {
                1 << d | 1 << OPPOSITE[d]
            };
            for e in (0..DIRS.len()).filter(|e| seconds >> e & 1 != 0) {
                let Some(to) = step(mid, e) else {
                    continue;
                };
                if to == from
                    || !self.pieces_of(us).contains(to) && !self.immortals(!us).contains(to)
                {
                    let k = kind as usize;
                    let left = Bitboard::from_square(from) | Bitboard::from_square(mid);
                    let promo = t.promote_to[k] != u8::MAX
                        && (t.zone[us.index()][k].contains(from)
                            || t.zone[us.index()][k].contains(to))
                        && self.landing_squares(us, t.promote_to[k], left).contains(to);
                    if promo {
                        found(Move::lion(from, mid, to, true));
                    }
                    let forced = promo && R::HOOKS.promotion == PromotionRule::Forced;
                    if !forced
                        && !t.dead[us.index()][k].contains(to)
                        && self.landing_squares(us, kind, left).contains(to)
                    {
                        found(Move::lion(from, mid, to, false));
                    }
                }
            }
        }
    }

    /// The one drop kernel of every legality path: squares of `onto` (empty squares of the
    /// board, or fewer) where `us` may drop `kind` by the drop rules — not where it could never
    /// move (dead ranks), not a second unpromoted pawn on a file (nifu), and only where the
    /// landing seam allows (Isardam drops). Legality (check, uchifuzume) is the caller's.
    #[inline]
    pub(crate) fn drop_targets(
        &self,
        cache: &mut NodeCache<R::Storage>,
        us: Color,
        kind: u8,
        onto: Bb<R>,
    ) -> Bb<R> {
        let t = self.tables;
        let k = kind as usize;
        let mut targets = onto & !t.dead[us.index()][k] & self.drop_squares(cache, us, kind);
        if t.nifu[k] {
            targets &= !self.nifu_files(us, kind, None);
        }
        targets
    }

    /// Pseudo-legal drops (dead-piece ranks and nifu excluded).
    fn drops(&self, cache: &mut NodeCache<R::Storage>, out: &mut MoveList) {
        self.each_drop(cache, |kind, to| {
            for sq in to {
                out.push(Move::drop(kind, sq));
            }
        });
    }

    /// Calls `each(kind, squares)` for every kind the side to move may drop, with the
    /// squares it may go to.
    #[inline]
    fn each_drop(&self, cache: &mut NodeCache<R::Storage>, mut each: impl FnMut(u8, Bb<R>)) {
        let us = self.side_to_move();
        let t = self.tables;
        let empty = self.empty_squares();
        for &kind in &t.hand_kinds {
            if self.hand(us, kind) == 0 {
                continue;
            }
            each(kind, self.drop_targets(cache, us, kind, empty));
            // Flip rules: the piece may also be dropped promoted side up.
            let up = t.promote_to[kind as usize];
            if R::HOOKS.promotion.flips() && up != u8::MAX {
                each(up, self.drop_targets(cache, us, up, empty));
            }
        }
    }

    /// Kind of the piece on a square (for callers that know it is occupied).
    #[inline]
    pub fn kind_at(&self, sq: Square) -> Option<(Color, u8)> {
        let p: Piece = self.piece_at(sq);
        (!p.is_empty()).then(|| (p.color(), p.kind()))
    }
}
