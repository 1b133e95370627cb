//! Isardam (RULES.md §6): a piece may not arrive on a square naturally attacked by an enemy
//! piece of the same kind; in the True forms no move may leave any such pair on the board.
//!
//! - The kind is the one the piece arrives with (after promotion), so the two promotion
//!   options of a move are judged separately.
//! - "After the move": the mover's starting square is empty (a slider of the enemy may now
//!   reach through it) and a captured piece no longer attacks. Isardam is combined with no
//!   capture or after-move effect in RULES.md; the board judged is the one the moving piece
//!   leaves, with no other effect.
//! - A (`binds_king_capture`): a capture of a king obeys the restriction too, so a king covered
//!   by a piece of the checker's kind is not in check from it; B: king captures are exempt.
//! - Drops are bound only with `drops` (rule sets 3–4); the True forms (`total`) bind every
//!   move and drop through the whole-board test, whatever `drops` says.
//! - True forms: a move is legal only if afterwards no piece of either side is naturally
//!   attacked by an enemy of the same kind, judged after the move is made (`is_legal`, which
//!   also covers the mover's own landing, so board moves are not filtered beforehand; drops
//!   are, which is cheaper); a king capture that counts as check must leave no such pair
//!   either (A), or is exempt (B).
//! - The filtered legality reads both colours' natural attacks by class, kept in the position
//!   along the line played ([`LikeStack`](crate::like_stack::LikeStack)): a node's maps are
//!   its parent's with the classes the last move touched found again (the mover's scope reads
//!   only the enemy's).

use crate::bitboard::{Bitboard, Storage};
use crate::geometry::{Color, Square};
use crate::hooks::node_cache::NodeCache;
use crate::hooks::{kinds_in, Derived};
use crate::like_stack::LikePly;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{Bb, Rules};
use crate::table::{Golds, Hooks, KindMask, Landing, MoveShape};
use crate::tables::{first_along, OPPOSITE};

/// Whether the rule set has the whole-board (True Isardam) restriction.
pub(crate) const fn whole_board(hooks: &Hooks) -> bool {
    matches!(hooks.landing, Landing::Isardam { total: true, .. })
}

/// What a node's like maps say ([`Position::like_node`]).
pub(crate) enum LikeNode {
    /// No piece stands in a like attack; the pieces that may uncover one by leaving were
    /// recorded ([`Position::like_discoveries`]).
    Clean,
    /// A piece already stands in a like attack: every move is doubtful.
    Pair,
    /// Under B the side to move may capture the enemy king (an illegal position, set up so),
    /// a capture exempt from the whole-board test.
    KingCapture,
}

/// The pieces standing alone between a slider and a like enemy it would reach, each with the
/// squares of that line (the slide's ends included). Leaving the line uncovers the pair, which
/// stays: illegal (a capture of the enemy king, the one move exempt, makes no clean node).
/// Moving along it keeps the slide covered or ends it.
pub(crate) struct LikeLines<B> {
    pub(crate) pieces: B,
    squares: [Square; 8],
    lines: [B; 8],
    n: usize,
}

impl<S: Storage> LikeLines<Bitboard<S>> {
    pub(crate) const NONE: Self = LikeLines {
        pieces: Bitboard::EMPTY,
        squares: [Square::new(0); 8],
        lines: [Bitboard::EMPTY; 8],
        n: 0,
    };

    /// Records that the piece on `sq` covers the slide along `line`.
    fn add(&mut self, sq: Square, line: Bitboard<S>) {
        self.pieces.set(sq);
        if self.n < self.lines.len() {
            (self.squares[self.n], self.lines[self.n]) = (sq, line);
        }
        self.n += 1;
    }

    /// The squares the piece on `sq` (one of `pieces`) may move to and keep every slide it
    /// covers covered; `None` where more lines were found than kept.
    pub(crate) fn keep(&self, sq: Square) -> Option<Bitboard<S>> {
        let squares = self.squares.get(..self.n)?;
        let keep = squares
            .iter()
            .zip(&self.lines)
            .filter(|&(&p, _)| p == sq)
            .fold(Bitboard::FULL, |keep, (_, &line)| keep & line);
        Some(keep)
    }
}

impl<R: Rules> Position<R> {
    /// Squares of the enemy of `color` attacked by its pieces of the same kind as `kind`, on
    /// the board where `vacated` is empty (a captured piece there no longer attacks).
    #[inline]
    pub(crate) fn like_attacks(
        &self,
        golds: Golds,
        color: Color,
        kind: u8,
        vacated: Bb<R>,
    ) -> Bb<R> {
        let occ = self.occupied() & !vacated;
        self.kinds_attacks(!color, Self::same_kind_mask(golds, kind), !vacated, occ)
    }

    /// [`Position::like_attacks`] for the side to move's `color` leaving one square of its
    /// own, through the node cache's maps with nothing left: leaving a square changes a map
    /// only if that square is in it (a like slider's ray then reaches further). Inlined: with
    /// the maps filled at once, most calls only read one.
    #[inline(always)]
    fn like_attacks_cached(
        &self,
        cache: &mut NodeCache<R::Storage>,
        golds: Golds,
        color: Color,
        kind: u8,
        vacated: Bb<R>,
    ) -> Bb<R> {
        // One map per class: its kinds share it.
        let name = Self::class_of(golds, kind) as u8;
        let map = match cache.like_at {
            Some(at) => self.like.maps[at + name as usize],
            // The True forms' filtered path reads every map from the like stack: the fill,
            // for the reference path, kept out of its code.
            None if whole_board(&R::HOOKS) => self.like_map_cold(cache, name, golds, color, kind),
            None => cache.like_map(name, || {
                self.like_attacks(golds, color, kind, Bitboard::EMPTY)
            }),
        };
        if (map & vacated).nonempty() && Self::class_slides(golds, kind) {
            // Rare under the True forms (a pair on the board, or the map of the form a piece
            // promotes to): kept out of their filtered path's code.
            if whole_board(&R::HOOKS) {
                return self.like_attacks_cold(golds, color, kind, vacated);
            }
            return self.like_attacks(golds, color, kind, vacated);
        }
        map
    }

    /// [`Position::like_attacks`] out of line.
    #[cold]
    #[inline(never)]
    fn like_attacks_cold(&self, golds: Golds, color: Color, kind: u8, vacated: Bb<R>) -> Bb<R> {
        self.like_attacks(golds, color, kind, vacated)
    }

    /// The node cache's like map of class `name` (of `kind`) found on first use, out of line.
    #[cold]
    #[inline(never)]
    fn like_map_cold(
        &self,
        cache: &mut NodeCache<R::Storage>,
        name: u8,
        golds: Golds,
        color: Color,
        kind: u8,
    ) -> Bb<R> {
        cache.like_map(name, || {
            self.like_attacks(golds, color, kind, Bitboard::EMPTY)
        })
    }

    /// Isardam with the mover's scope: the node cache's like maps of every class at once, as
    /// the enemy's in the like stack (found from the parent's, where the enemy's last move
    /// touched few classes, rather than rebuilt). Nearly every class is asked for at a node.
    #[inline]
    pub(crate) fn fill_like_maps(&mut self, cache: &mut NodeCache<R::Storage>) {
        let Landing::Isardam {
            golds,
            total: false,
            ..
        } = R::HOOKS.landing
        else {
            return;
        };
        let (at, ..) = self.like_maps_here(golds);
        cache.like_at = Some(at + (!self.side_to_move()).index() * R::KINDS);
    }

    /// [`Position::landing_squares`] for a board move or drop of the side to move, whose
    /// `vacated` square (if any) is its own: like-attack maps come from the node cache.
    #[inline(always)]
    pub(crate) fn landing_squares_cached(
        &self,
        cache: &mut NodeCache<R::Storage>,
        color: Color,
        kind: u8,
        vacated: Bb<R>,
    ) -> Bb<R> {
        match R::HOOKS.landing {
            Landing::Isardam {
                golds,
                binds_king_capture,
                total: false,
                ..
            } => {
                let mut barred = self.like_attacks_cached(cache, golds, color, kind, vacated);
                if !binds_king_capture {
                    barred &= !self.royals(!color);
                }
                !barred
            }
            _ => self.landing_squares(color, kind, vacated),
        }
    }

    /// Squares where a piece of `kind` (the kind it arrives with) of `color` may arrive when
    /// the squares in `vacated` have been left; every square without Isardam.
    #[inline(always)]
    pub(crate) fn landing_squares(&self, color: Color, kind: u8, vacated: Bb<R>) -> Bb<R> {
        match R::HOOKS.landing {
            Landing::None => Bitboard::FULL,
            // True forms: the whole-board test after the move covers the landing too, and
            // is cheaper than judging every target beforehand.
            Landing::Isardam { total: true, .. } => Bitboard::FULL,
            Landing::Isardam {
                golds,
                binds_king_capture,
                ..
            } => {
                let mut barred = self.like_attacks(golds, color, kind, vacated);
                if !binds_king_capture {
                    barred &= !self.royals(!color);
                }
                !barred
            }
        }
    }

    /// Squares where a piece of `kind` of `color` may be dropped.
    #[inline(always)]
    pub(crate) fn drop_squares(
        &self,
        cache: &mut NodeCache<R::Storage>,
        color: Color,
        kind: u8,
    ) -> Bb<R> {
        match R::HOOKS.landing {
            Landing::Isardam {
                drops,
                total,
                golds,
                ..
            } if drops || total => {
                !self.like_attacks_cached(cache, golds, color, kind, Bitboard::EMPTY)
            }
            _ => Bitboard::FULL,
        }
    }

    /// Whether the piece on `from` capturing on `target` obeys the landing rule in at least
    /// one of its promotion forms (RULES.md §0: a king capture counts if any form does).
    /// Dead ranks and nifu are not asked: they never stop a king capture.
    pub(crate) fn capture_obeys_landing(&self, from: Square, target: Square) -> bool {
        let Landing::Isardam {
            golds,
            binds_king_capture,
            total,
            ..
        } = R::HOOKS.landing
        else {
            return true;
        };
        let t = self.tables;
        if !binds_king_capture && t.royal[self.piece_at(target).kind() as usize] {
            return true;
        }
        let p = self.piece_at(from);
        let (color, kind) = (p.color(), p.kind());
        let k = kind as usize;
        let zone = t.zone[color.index()][k];
        let chained = matches!(R::HOOKS.move_shape, MoveShape::Chained);
        let can_promote = t.promote_to[k] != u8::MAX
            && (zone.contains(target) || zone.contains(from) && !chained);
        let forms = [Some(kind), can_promote.then_some(t.promote_to[k])];
        forms.into_iter().flatten().any(|form| {
            if total {
                !self.like_attack_after_capture(golds, from, target, form)
            } else {
                let vacated = Bitboard::from_square(from) | Bitboard::from_square(target);
                !self
                    .like_attacks(golds, color, form, vacated)
                    .contains(target)
            }
        })
    }

    /// Whether the board after the piece on `from` captures on `target` as `form` holds a
    /// piece attacked by an enemy of its kind.
    fn like_attack_after_capture(
        &self,
        golds: Golds,
        from: Square,
        target: Square,
        form: u8,
    ) -> bool {
        let p = self.piece_at(from);
        let (color, kind) = (p.color(), p.kind());
        let occ = self.occupied() & !Bitboard::from_square(from);
        self.like_attack_exists(golds, occ, |c, k| {
            let mut bb = self.pieces(c, k);
            if c == color {
                if k == kind {
                    bb.clear(from);
                }
                if k == form {
                    bb.set(target);
                }
            } else {
                bb.clear(target);
            }
            bb
        })
    }

    /// Before making `mv`: whether it escapes the whole-board test (no True form, or a king
    /// capture under B).
    #[inline(always)]
    pub(crate) fn like_attack_exempt(&self, mv: Move) -> bool {
        match R::HOOKS.landing {
            Landing::Isardam {
                total: true,
                binds_king_capture,
                ..
            } => {
                !binds_king_capture
                    && !mv.is_drop()
                    && self.royals(!self.side_to_move()).contains(mv.to())
            }
            _ => true,
        }
    }

    /// Squares where a piece of `us` arriving as `form` (with `vacated` left empty) is surely
    /// in no like attack, as attacker or attacked (the filtered legality of the True forms).
    /// Within one kind the relation is symmetric; a gold-class form counted as gold also meets
    /// the other gold-class kinds, so its own attacks on them are added (found from their
    /// squares: a `form` of `us` on s attacks q iff a `form` of the enemy on q attacks s).
    #[inline(always)]
    pub(crate) fn like_free_landings(
        &self,
        cache: &mut NodeCache<R::Storage>,
        us: Color,
        form: u8,
        vacated: Bb<R>,
    ) -> Bb<R> {
        match R::HOOKS.landing {
            Landing::Isardam { golds, .. } => {
                let mut barred = self.like_attacks_cached(cache, golds, us, form, vacated);
                let gold = Self::gold_class(golds);
                if gold >> form & 1 != 0 && self.golds_unlike(golds) {
                    let occ = self.occupied() & !vacated;
                    let class = kinds_in(R::GOLD_MASK)
                        .fold(Bitboard::EMPTY, |bb, k| bb | self.pieces(!us, k));
                    barred |= self.natural_attacks_of(form, !us, class & !vacated, occ);
                }
                !barred
            }
            Landing::None => Bitboard::FULL,
        }
    }

    /// [`Position::like_free_landings`] of `form` with nothing left, and the squares of `us`
    /// whose leaving changes them ([`Position::like_unsettled`]), from one read of the map
    /// (bulk counting asks both for every form it moves).
    #[inline(always)]
    pub(crate) fn like_landings(
        &self,
        cache: &mut NodeCache<R::Storage>,
        us: Color,
        form: u8,
    ) -> (Bb<R>, Bb<R>) {
        let Landing::Isardam { golds, .. } = R::HOOKS.landing else {
            return (Bitboard::FULL, Bitboard::EMPTY);
        };
        let gold = Self::gold_class(golds);
        if gold >> form & 1 != 0 && self.golds_unlike(golds) {
            let free = self.like_free_landings(cache, us, form, Bitboard::EMPTY);
            return (free, self.like_unsettled(cache, us, form));
        }
        let map = self.like_attacks_cached(cache, golds, us, form, Bitboard::EMPTY);
        let slides = Self::class_slides(golds, form);
        (!map, if slides { map } else { Bitboard::EMPTY })
    }

    /// The squares of `us` whose leaving changes [`Position::like_free_landings`] (and the
    /// landing seam) for `form` with nothing else left: where its class slides, the enemy's
    /// map of the class (leaving one of them opens a ray), else none.
    #[inline(always)]
    pub(crate) fn like_unsettled(
        &self,
        cache: &mut NodeCache<R::Storage>,
        us: Color,
        form: u8,
    ) -> Bb<R> {
        let Landing::Isardam { golds, .. } = R::HOOKS.landing else {
            return Bitboard::EMPTY;
        };
        if !Self::class_slides(golds, form) {
            return Bitboard::EMPTY;
        }
        let gold = Self::gold_class(golds);
        // A sliding gold-class form that moves unlike the others: its own attacks on them
        // may pass any square.
        if gold >> form & 1 != 0 && self.golds_unlike(golds) {
            return Bitboard::FULL;
        }
        self.like_attacks_cached(cache, golds, us, form, Bitboard::EMPTY)
    }

    /// The pieces that, by leaving, would uncover a slide between two like pieces of
    /// opposite colours (the first piece on a slider's line with a like enemy second), with
    /// their lines, into `out`.
    pub(crate) fn like_discoveries(&self, out: &mut LikeLines<Bb<R>>) {
        let Landing::Isardam { golds, .. } = R::HOOKS.landing else {
            return;
        };
        let t = self.tables;
        let occ = self.occupied();
        for c in Color::BOTH {
            // Only the kinds that slide, and of them those on the board, can uncover a slide.
            for k in kinds_in(t.reverse.slider_kinds[c.index()]) {
                let like = Self::same_kind_mask(golds, k);
                // Where the class moves alike, a pair is found from either end (White's slide
                // is Black's turned round): Black's sliders find them all.
                if self.pieces(c, k).is_empty() || c == Color::White && self.moves_alike(like) {
                    continue;
                }
                let slides = t.slide_dirs[c.index()][k as usize];
                let like_enemies =
                    kinds_in(like).fold(Bitboard::EMPTY, |bb, l| bb | self.pieces(!c, l));
                if like_enemies.is_empty() {
                    continue;
                }
                for sq in self.pieces(c, k) {
                    // Most sliders reach no like enemy even on an empty board: one test for
                    // all their rays.
                    if (t.slide_reach[c.index()][k as usize][sq.index()] & like_enemies).is_empty()
                    {
                        continue;
                    }
                    let mut dirs = slides;
                    while dirs != 0 {
                        let d = dirs.trailing_zeros() as usize;
                        dirs &= dirs - 1;
                        if (t.rays[d][sq.index()] & like_enemies).is_empty() {
                            continue;
                        }
                        let Some(first) = first_along(d, t.rays[d][sq.index()] & occ) else {
                            continue;
                        };
                        let Some(second) = first_along(d, t.rays[d][first.index()] & occ) else {
                            continue;
                        };
                        let q = self.piece_at(second);
                        let reach = t.slide_reach[c.index()][k as usize][sq.index()];
                        if q.color() != c && like >> q.kind() & 1 != 0 && reach.contains(second) {
                            let line = t.rays[d][sq.index()] & !t.rays[d][second.index()];
                            out.add(first, line | Bitboard::from_square(sq));
                        }
                    }
                }
            }
        }
    }

    /// Whether some piece on the board is naturally attacked by an enemy of its kind.
    pub(crate) fn like_attack_on_board(&self) -> bool {
        match R::HOOKS.landing {
            Landing::Isardam { golds, .. } => {
                self.like_attack_exists(golds, self.occupied(), |c, k| self.pieces(c, k))
            }
            Landing::None => false,
        }
    }

    /// True forms, once per node: what the like maps say of the node
    /// ([`LikeNode`]). Points the node cache's like maps at the enemy's.
    ///
    /// Both colours' maps are at hand, so a pair is a piece of either side in the other's map
    /// of its class. Where every class moves alike, a piece alone between a slider and a like
    /// enemy it reaches is attacked by both (the enemy slides back along the same line): only
    /// such pieces of ours are looked at, along their lines.
    pub(crate) fn like_node(
        &mut self,
        cache: &mut NodeCache<R::Storage>,
        out: &mut LikeLines<Bb<R>>,
    ) -> LikeNode {
        let Landing::Isardam {
            golds,
            binds_king_capture,
            ..
        } = R::HOOKS.landing
        else {
            return LikeNode::Clean;
        };
        let (at, mut pair, recheck) = self.like_maps_here(golds);
        let t = self.tables;
        let us = self.side_to_move();
        let present = self.like.plies[self.ply_from_root()].present;
        let (black, white) = self.like.maps[at..at + 2 * R::KINDS].split_at(R::KINDS);
        let (ours, theirs) = match us {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        if !binds_king_capture {
            let reach = ours.iter().fold(Bitboard::EMPTY, |bb, &m| bb | m);
            if (reach & self.royals(!us)).nonempty() {
                return LikeNode::KingCapture;
            }
        }
        cache.like_at = Some(at + (!us).index() * R::KINDS);
        // A class of one kind is symmetric: the enemy's attacks on our pieces find its pairs.
        let gold = Self::gold_class(golds);
        for k in kinds_in(recheck & present[(!us).index()] & t.kind_mask & !gold) {
            pair |= (self.pieces(us, k) & theirs[k as usize]).nonempty();
        }
        let g = gold.trailing_zeros();
        if gold != 0 && recheck >> g & 1 != 0 {
            let class = |c| kinds_in(gold).fold(Bitboard::EMPTY, |bb, k| bb | self.pieces(c, k));
            let g = g as usize;
            pair |= (class(us) & theirs[g]).nonempty();
            // Where the class moves alike it is symmetric too.
            if self.golds_unlike(golds) {
                pair |= (class(!us) & ours[g]).nonempty();
            }
        }
        let ply = self.ply_from_root();
        self.like.plies[ply].paired = Some(pair);
        if pair {
            return LikeNode::Pair;
        }
        if self.golds_unlike(golds) {
            self.like_discoveries(out);
            return LikeNode::Clean;
        }
        let mut between = Bitboard::EMPTY;
        let blocked = Self::class_names(golds, R::BLOCKABLE_MASK);
        for class in kinds_in(blocked & present[0] & present[1]) {
            between |= ours[class as usize] & theirs[class as usize];
        }
        let occ = self.occupied();
        for x in between & self.pieces_of(us) {
            for (d, &o) in OPPOSITE.iter().enumerate().filter(|&(d, &o)| d < o) {
                let ends = (
                    first_along(d, t.rays[d][x.index()] & occ),
                    first_along(o, t.rays[o][x.index()] & occ),
                );
                let (Some(a), Some(b)) = ends else {
                    continue;
                };
                let (p, q) = (self.piece_at(a), self.piece_at(b));
                if p.color() != q.color()
                    && Self::class_of(golds, p.kind()) == Self::class_of(golds, q.kind())
                    && t.slide_reach[p.color().index()][p.kind() as usize][a.index()].contains(b)
                {
                    let line = t.rays[o][a.index()] & !t.rays[o][b.index()];
                    out.add(x, line | Bitboard::from_square(a));
                }
            }
        }
        LikeNode::Clean
    }

    /// The offset in the like stack of this position's maps, found now if they are not there:
    /// from the parent's where the stack holds them, redoing only the classes the last move
    /// touched (a piece of the class arrived or left, or a changed square lies in the map of
    /// a class whose attacks depend on the occupancy), else from scratch. Also what is known
    /// of like pairs ([`LikePly::paired`]): whether one stands outside the classes returned,
    /// which are the classes still to be looked at.
    fn like_maps_here(&mut self, golds: Golds) -> (usize, bool, KindMask) {
        let t = self.tables;
        let stride = 2 * R::KINDS;
        let ply = self.ply_from_root();
        let hash = self.hash();
        let at = ply * stride;
        let all = Self::class_names(golds, t.kind_mask);
        if self.like.plies.len() <= ply {
            self.like.plies.resize(ply + 1, LikePly::default());
            self.like.maps.resize(at + stride, Bitboard::EMPTY);
        } else if self.like.plies[ply].hash == Some(hash) {
            return match self.like.plies[ply].paired {
                Some(paired) => (at, paired, 0),
                None => (at, false, all),
            };
        }
        let parent_hash = self.parent_hash();
        let parent = ply
            .checked_sub(1)
            .filter(|&p| self.like.plies[p].hash == parent_hash);
        let found_from = parent.and(parent_hash);
        let mut redo = [all; 2];
        let mut present = [0; 2];
        let mut recheck = all;
        if let Some(p) = parent {
            present = self.like.plies[p].present;
            redo = [0; 2];
            let mut changed = Bitboard::EMPTY;
            for (sq, old) in self.last_move_squares() {
                changed.set(sq);
                for piece in [old, self.piece_at(sq)] {
                    if !piece.is_empty() {
                        redo[piece.color().index()] |= 1 << Self::class_of(golds, piece.kind());
                    }
                }
            }
            let blocked = Self::class_names(golds, R::BLOCKABLE_MASK);
            let (parent_maps, maps) = self.like.maps.split_at_mut(at);
            let (from, to) = (&parent_maps[p * stride..][..stride], &mut maps[..stride]);
            for (c, redo) in redo.iter_mut().enumerate() {
                // An empty map holds no changed square.
                for class in kinds_in(blocked & present[c] & !*redo) {
                    if (from[c * R::KINDS + class as usize] & changed).nonempty() {
                        *redo |= 1 << class;
                    }
                }
            }
            let last = self.like.plies[ply];
            if last.base == found_from {
                // The row holds a sibling's maps, found from the same parent: they differ
                // from the parent's in the classes redone for it alone, and of those only
                // the ones not redone now need the parent's.
                for (c, redone) in last.redone.into_iter().enumerate() {
                    for class in kinds_in(redone & !redo[c]) {
                        let i = c * R::KINDS + class as usize;
                        to[i] = from[i];
                    }
                }
            } else {
                to.copy_from_slice(from);
            }
            // No pair at the parent: only the classes redone may hold one now (a class's
            // pieces and both colours' maps of it are as they were).
            if self.like.plies[p].paired == Some(false) {
                recheck = redo[0] | redo[1];
            }
        }
        let occ = self.occupied();
        for c in Color::BOTH {
            let base = at + c.index() * R::KINDS;
            let redo = redo[c.index()];
            let mut filled = 0;
            for class in kinds_in(redo) {
                let kinds = Self::same_kind_mask(golds, class) & t.kind_mask;
                // Where every class moves alike, a class's pieces attack as one set: the gold
                // class and its promoted golds at one look rather than one a kind.
                let map = if Self::like_classes_alike() {
                    let pieces =
                        kinds_in(kinds).fold(Bitboard::EMPTY, |bb, k| bb | self.pieces(c, k));
                    self.set_attacks(kinds.trailing_zeros() as u8, c, pieces, occ)
                } else {
                    kinds_in(kinds).fold(Bitboard::EMPTY, |map, k| {
                        map | self.set_attacks(k, c, self.pieces(c, k), occ)
                    })
                };
                self.like.maps[base + class as usize] = map;
                filled |= (map.nonempty() as KindMask) << class;
            }
            present[c.index()] = present[c.index()] & !redo | filled;
        }
        self.like.plies[ply] = LikePly {
            hash: Some(hash),
            present,
            paired: None,
            base: found_from,
            redone: redo,
        };
        (at, false, recheck)
    }

    /// The natural attacks of `kind` of `color` standing on `pieces`: the leapers' sets
    /// without the call through natural_attacks_of.
    #[inline(always)]
    fn set_attacks(&self, kind: u8, color: Color, pieces: Bb<R>, occ: Bb<R>) -> Bb<R> {
        if pieces.is_empty() {
            return Bitboard::EMPTY;
        }
        match self.tables.leap_set_attacks(kind as usize, color, pieces) {
            Some(att) => att,
            None => self.natural_attacks_of(kind, color, pieces, occ),
        }
    }

    /// The class (its lowest kind) of `kind` for like attacks.
    #[inline]
    fn class_of(golds: Golds, kind: u8) -> usize {
        Self::same_kind_mask(golds, kind).trailing_zeros() as usize
    }

    /// Whether the class of `kind` holds a kind that slides (its map depends on occupancy):
    /// one test of `kind` against a constant mask, asked at every landing read of counting.
    #[inline]
    fn class_slides(golds: Golds, kind: u8) -> bool {
        let gold = Self::gold_class(golds);
        let slides = if gold & R::BLOCKABLE_MASK != 0 {
            R::BLOCKABLE_MASK | gold
        } else {
            R::BLOCKABLE_MASK
        };
        slides >> kind & 1 != 0
    }

    /// The classes of the kinds in `kinds`, by their names.
    #[inline]
    fn class_names(golds: Golds, kinds: KindMask) -> KindMask {
        let gold = Self::gold_class(golds);
        if kinds & gold != 0 {
            kinds & !gold | 1 << gold.trailing_zeros()
        } else {
            kinds
        }
    }

    /// Whether the kinds of `class` (on the board's table) all move alike.
    #[inline]
    fn moves_alike(&self, class: KindMask) -> bool {
        let class = class & self.tables.kind_mask;
        class == 0 || self.tables.same_movement[class.trailing_zeros() as usize] & class == class
    }

    /// Whether every class of like attacks moves alike (so is symmetric, as one kind is): at
    /// a node with no like pair, no piece's leaving then changes its own form's landings.
    pub(crate) const fn like_classes_alike() -> bool {
        match R::HOOKS.landing {
            Landing::Isardam {
                golds: Golds::AsGold,
                ..
            } => R::GOLD_MASK == 0 || R::GOLDS_MOVE_ALIKE,
            _ => true,
        }
    }

    /// Whether the kinds that count as one (gold) for like attacks move unlike each other.
    #[inline(always)]
    fn golds_unlike(&self, golds: Golds) -> bool {
        Self::gold_class(golds) != 0 && !R::GOLDS_MOVE_ALIKE
    }

    /// The kinds that count as one (gold) for like attacks.
    fn gold_class(golds: Golds) -> KindMask {
        match golds {
            Golds::AsGold => R::GOLD_MASK,
            Golds::Separate => 0,
        }
    }

    /// Whether, on the board given by `occ` and `pieces(color, kind)`, a piece is naturally
    /// attacked by an enemy of its kind. Within one kind the relation is symmetric (White's
    /// movement is Black's turned round), so Black's attacks are enough; the gold class may
    /// mix movements, so both sides are tried there.
    fn like_attack_exists(
        &self,
        golds: Golds,
        occ: Bb<R>,
        pieces: impl Fn(Color, u8) -> Bb<R>,
    ) -> bool {
        let gold = Self::gold_class(golds);
        for k in 0..self.tables.kinds as u8 {
            if gold >> k & 1 != 0 {
                continue;
            }
            let white = pieces(Color::White, k);
            if white.is_empty() {
                continue;
            }
            if let Some(att) =
                self.tables
                    .leap_set_attacks(k as usize, Color::Black, pieces(Color::Black, k))
            {
                if (att & white).nonempty() {
                    return true;
                }
                continue;
            }
            for sq in pieces(Color::Black, k) {
                if (self.natural_attacks_in(k, Color::Black, sq, occ) & white).nonempty() {
                    return true;
                }
            }
        }
        self.gold_class_like_attack(gold, occ, pieces)
    }

    /// [`Position::like_attack_exists`] within the gold class `gold` (counted as one kind;
    /// none where promoted golds are kinds of their own): each side's gold-class attacks on
    /// the other's gold-class pieces.
    fn gold_class_like_attack(
        &self,
        gold: KindMask,
        occ: Bb<R>,
        pieces: impl Fn(Color, u8) -> Bb<R>,
    ) -> bool {
        if gold != 0 {
            let class = |c| kinds_in(gold).fold(Bitboard::EMPTY, |bb, k| bb | pieces(c, k));
            let (black, white) = (class(Color::Black), class(Color::White));
            if black.nonempty() && white.nonempty() {
                // Kinds that move alike as one set (the golds and promoted golds).
                let mut left = gold & self.tables.kind_mask;
                while left != 0 {
                    let alike = self.tables.same_movement[left.trailing_zeros() as usize] & left;
                    left &= !alike;
                    for (c, enemies) in [(Color::Black, white), (Color::White, black)] {
                        let ours = kinds_in(alike).fold(Bitboard::EMPTY, |bb, k| bb | pieces(c, k));
                        let k = alike.trailing_zeros() as u8;
                        if ours.nonempty()
                            && (self.natural_attacks_of(k, c, ours, occ) & enemies).nonempty()
                        {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }
}
