//! Attacks: natural attacks of each kind, and whether a king can be captured (check).

use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{Bb, Rules};
use crate::table::{KindMask, Reflect};
use crate::tables::{first_along, OPPOSITE};

impl<R: Rules> Position<R> {
    /// Squares a piece of `kind` owned by `color` on `sq` attacks by its own kind's movement on
    /// the current board (RULES.md §0 "natural attack"), ignoring every variant restriction.
    #[inline]
    pub fn natural_attacks(&self, kind: u8, color: Color, sq: Square) -> Bb<R> {
        self.natural_attacks_in(kind, color, sq, self.occupied())
    }

    /// [`Position::natural_attacks`] on a board whose occupancy is `occ` (the seams judge the
    /// board a move would leave): the table kernel ([`crate::tables::Tables::attacks`]) and the
    /// reflecting slides, which bend with the board.
    #[inline]
    pub fn natural_attacks_in(&self, kind: u8, color: Color, sq: Square, occ: Bb<R>) -> Bb<R> {
        let t = self.tables;
        let k = kind as usize;
        let att = t.attacks(k, color, sq, occ);
        if t.special[k] && t.reflect[k] != Reflect::None {
            att | self.reflect_slides_in(t.reflect[k], sq, occ)
        } else {
            att
        }
    }

    /// The `pieces` that, moving as `kind` of `color`, naturally attack one of `targets`: their
    /// leaps and empty-board slides by lookups (inline, the tables' rows found once: most
    /// pieces end there), then [`Position::slides_meet`].
    #[inline(always)]
    pub(crate) fn pieces_attacking(
        &self,
        kind: u8,
        color: Color,
        pieces: Bb<R>,
        targets: Bb<R>,
    ) -> Bb<R> {
        let t = self.tables;
        let (k, c) = (kind as usize, color.index());
        let mut found = Bitboard::EMPTY;
        if t.special[k] {
            for sq in pieces {
                if (self.natural_attacks(kind, color, sq) & targets).nonempty() {
                    found.set(sq);
                }
            }
            return found;
        }
        // A leaping kind's set at once first: it mostly meets no target.
        if t.leap_set_attacks(k, color, pieces)
            .is_some_and(|att| (att & targets).is_empty())
        {
            return found;
        }
        let (leaps, slides) = (&t.leap[c][k], &t.slide_reach[c][k]);
        for sq in pieces {
            let i = sq.index();
            if (leaps[i] & targets).nonempty()
                || (slides[i] & targets).nonempty() && self.slides_meet(k, c, sq, targets)
            {
                found.set(sq);
            }
        }
        found
    }

    /// Whether a slide of the plain `k` of colour index `c` on `sq` reaches one of `targets`:
    /// only the rays that meet a target, by their first piece. Out of line: few pieces get
    /// this far.
    #[inline(never)]
    fn slides_meet(&self, k: usize, c: usize, sq: Square, targets: Bb<R>) -> bool {
        let t = self.tables;
        let occ = self.occupied();
        let mut dirs = t.slide_dirs[c][k];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let ray = t.rays[d][sq.index()];
            if (ray & targets).is_empty() {
                continue;
            }
            if let Some(first) = first_along(d, ray & occ) {
                if targets.contains(first) && t.slide_reaches(c, k, d, sq, first) {
                    return true;
                }
            }
        }
        false
    }

    /// The union of [`Position::natural_attacks_in`] over the `pieces` (all of `kind` and
    /// `color`): by shifts of the whole set where the kind only leaps, else piece by piece.
    #[inline]
    pub(crate) fn natural_attacks_of(
        &self,
        kind: u8,
        color: Color,
        pieces: Bb<R>,
        occ: Bb<R>,
    ) -> Bb<R> {
        let t = self.tables;
        if let Some(att) = t.leap_set_attacks(kind as usize, color, pieces) {
            return att;
        }
        let mut att = Bitboard::EMPTY;
        if !t.special[kind as usize] {
            // The plain kernel inlined: these sets are the borrow and paralysis seams' per-node
            // cost (a slider's attacks per lending or paralysing piece).
            for sq in pieces {
                att |= t.plain_attacks_inlined(kind as usize, color, sq, occ);
            }
            return att;
        }
        for sq in pieces {
            att |= self.natural_attacks_in(kind, color, sq, occ);
        }
        att
    }

    /// Squares naturally attacked on the board `occ` by the pieces of `by` among `within` whose
    /// kind is in `kinds`: the kinds that move alike as one set (a gold class counted as gold).
    #[inline]
    pub(crate) fn kinds_attacks(
        &self,
        by: Color,
        kinds: KindMask,
        within: Bb<R>,
        occ: Bb<R>,
    ) -> Bb<R> {
        let t = self.tables;
        let mut left = kinds & t.kind_mask;
        let mut att = Bitboard::EMPTY;
        while left != 0 {
            let k = left.trailing_zeros() as u8;
            let alike = t.same_movement[k as usize] & left;
            left &= !alike;
            let mut pieces = Bitboard::EMPTY;
            let mut rest = alike;
            while rest != 0 {
                pieces |= self.pieces(by, rest.trailing_zeros() as u8);
                rest &= rest - 1;
            }
            pieces &= within;
            if pieces.nonempty() {
                att |= self.natural_attacks_of(k, by, pieces, occ);
            }
        }
        att
    }

    /// Squares reached by reflecting diagonal slides from `sq`; `sq` counts as occupied by a
    /// friendly piece (RULES.md §2, reflecting bishop). Includes the first occupied square of
    /// each path (a capture if it holds an enemy).
    #[inline]
    pub fn reflect_slides(&self, reflect: Reflect, sq: Square) -> Bb<R> {
        self.reflect_slides_in(reflect, sq, self.occupied())
    }

    /// [`Position::reflect_slides`] on a board whose occupancy is `occ` (the variant seams
    /// judge the board a move would leave); the paths come from the tables, run by run.
    #[inline]
    pub fn reflect_slides_in(&self, reflect: Reflect, sq: Square, occ: Bb<R>) -> Bb<R> {
        let t = self.tables;
        t.reflect_paths.slides(&t.rays, reflect, sq, occ)
    }

    /// The pieces of `by` with reflecting slides, grouped by reflecting mode (a path depends
    /// on the mode only, so one path search serves every kind of a mode).
    #[inline]
    pub(crate) fn reflectors(&self, by: Color) -> [(Reflect, Bb<R>); 3] {
        let t = self.tables;
        let mut out = [
            (Reflect::Sides, Bitboard::EMPTY),
            (Reflect::TopBottom, Bitboard::EMPTY),
            (Reflect::All, Bitboard::EMPTY),
        ];
        let mut mask = t.reverse.reflect_kinds;
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let i = match t.reflect[k] {
                Reflect::Sides => 0,
                Reflect::TopBottom => 1,
                Reflect::All | Reflect::None => 2,
            };
            out[i].1 |= self.pieces(by, k as u8);
        }
        out
    }

    /// The squares reflecting slides of `by` reach on a board occupied as `occ`: one path
    /// search per reflecting piece, for every target at once (a search from each target
    /// would find the same, paths being reversible, at one search per target).
    #[inline]
    pub(crate) fn reflect_attacks(&self, by: Color, occ: Bb<R>) -> Bb<R> {
        let mut att = Bitboard::EMPTY;
        if self.tables.reverse.reflect_kinds == 0 {
            return att;
        }
        for (mode, pieces) in self.reflectors(by) {
            for from in pieces {
                att |= self.reflect_slides_in(mode, from, occ);
            }
        }
        att
    }

    /// Whether `sq` is naturally attacked by a piece of `by`.
    #[inline]
    pub fn attacked_naturally(&self, sq: Square, by: Color) -> bool {
        self.attackers_naturally(sq, by).nonempty()
    }

    /// Pieces of `by` naturally attacking `sq` (reverse attacks: every movement here is
    /// point-symmetric between the two colours, reflecting paths being reversible).
    pub fn attackers_naturally(&self, sq: Square, by: Color) -> Bb<R> {
        let mut found = self.plain_attackers(sq, by, self.occupied());
        if self.tables.reverse.reflect_kinds != 0 {
            for (mode, bb) in self.reflectors(by) {
                if bb.nonempty() {
                    found |= self.reflect_slides(mode, sq) & bb;
                }
            }
        }
        found
    }

    /// Pieces of `by` attacking `sq` by leaps, capture-only steps and plain slides, with slides
    /// blocked by `occ` instead of the board's occupancy (reflecting slides are not included).
    ///
    /// Leapers come from [`Position::leap_attackers`]; sliders are found by one ray per
    /// direction, the first piece on it being an attacker when its kind slides back along it.
    #[inline]
    pub fn plain_attackers(&self, sq: Square, by: Color, occ: Bb<R>) -> Bb<R> {
        let t = self.tables;
        let rv = &t.reverse;
        let b = by.index();
        let them = self.pieces_of(by);
        let mut found = self.leap_attackers(sq, by);
        let sliders = self.sliders_of(by);
        if (t.reverse.lines[sq.index()] & sliders).is_empty() {
            return found;
        }
        let mut dirs = rv.slide_dirs[b];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            // A piece sliding along `d` reaches `sq` from the opposite side.
            let o = OPPOSITE[d];
            let ray = t.rays[o][sq.index()];
            if (ray & sliders).is_empty() {
                continue;
            }
            if let Some(first) = self.slider_along(sq, o, occ) {
                if them.contains(first) {
                    found.set(first);
                }
            }
        }
        found
    }

    /// The first piece of `occ` along absolute direction `o` from `sq`, if its kind (for its
    /// own colour) slides back along the line as far as `sq`: a plain slide attacking `sq`.
    #[inline]
    fn slider_along(&self, sq: Square, o: usize, occ: Bb<R>) -> Option<Square> {
        let t = self.tables;
        let first = first_along(o, t.rays[o][sq.index()] & occ)?;
        let p = self.piece_at(first);
        let (b, k, d) = (p.color().index(), p.kind() as usize, OPPOSITE[o]);
        (t.reverse.slide_kinds[b][d] >> k & 1 != 0 && t.slide_reaches(b, k, d, first, sq))
            .then_some(first)
    }

    /// The first piece of `occ` on the line from `sq` through `through` (`through` itself if
    /// it is in `occ`), if its kind slides back along that line as far as `sq`. With
    /// `through` just left empty, that is the slider it uncovers against `sq`: the static
    /// exchange's attackers are those before a piece left, less it, plus this one (updated
    /// so instead of found again at every capture), and a move discovers check by it.
    #[inline]
    pub(crate) fn slider_through(&self, sq: Square, through: Square, occ: Bb<R>) -> Option<Square> {
        let t = self.tables;
        if !t.reverse.lines[sq.index()].contains(through) {
            return None;
        }
        let o = self.direction_to(sq, through)?;
        self.slider_along(sq, o, occ)
    }

    /// The absolute direction from `sq` along which `other` lies, if they share a line.
    #[inline]
    fn direction_to(&self, sq: Square, other: Square) -> Option<usize> {
        self.tables
            .rays
            .iter()
            .position(|r| r[sq.index()].contains(other))
    }

    /// The squares `color`'s pieces attack by their own kind's movement on the current board
    /// (the union of [`Position::natural_attacks`]).
    pub fn natural_attack_map(&self, color: Color) -> Bb<R> {
        let mut map = Bitboard::EMPTY;
        for sq in self.pieces_of(color) {
            map |= self.natural_attacks(self.piece_at(sq).kind(), color, sq);
        }
        map
    }

    /// The pieces of `by` whose kind has a plain slide (for `by`).
    #[inline]
    pub(crate) fn sliders_of(&self, by: Color) -> Bb<R> {
        let mut kinds = self.tables.reverse.slider_kinds[by.index()];
        let mut bb = Bitboard::EMPTY;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            bb |= self.pieces_of_kind(k as u8);
        }
        bb & self.pieces_of(by)
    }

    /// Pieces of `by` attacking `sq` by a leap or a capture-only step: found from the few
    /// squares such a step can come from (`leap_sources`), each checked against its own table.
    #[inline]
    pub(crate) fn leap_attackers(&self, sq: Square, by: Color) -> Bb<R> {
        let t = self.tables;
        let b = by.index();
        let mut found = Bitboard::EMPTY;
        let target = Bitboard::from_square(sq);
        for n in t.reverse.leap_sources[b][sq.index()] & self.pieces_of(by) {
            if (self.leap_reach(n, b) & target).nonempty() {
                found.set(n);
            }
        }
        found
    }

    /// The squares the `pieces` (all of colour index `b`) attack by a leap or a capture-only
    /// step: the forward view of [`Position::leap_attackers`], for many targets at once.
    #[inline]
    pub(crate) fn leap_attacks_of(&self, pieces: Bb<R>, b: usize) -> Bb<R> {
        pieces
            .into_iter()
            .fold(Bitboard::EMPTY, |att, n| att | self.leap_reach(n, b))
    }

    /// The leaps and capture-only steps of the piece on `n` (of colour index `b`).
    #[inline(always)]
    fn leap_reach(&self, n: Square, b: usize) -> Bb<R> {
        let t = self.tables;
        let k = self.piece_at(n).kind() as usize;
        let reach = t.leap[b][k][n.index()];
        if t.special[k] {
            reach | t.capture_only[b][k][n.index()]
        } else {
            reach
        }
    }

    /// Whether the move `mv`, just made, gives check, found from the piece that moved and the
    /// line it left instead of from every attacker of the king; `None` where that does not
    /// decide it (then [`Position::in_check`] does). It decides where attacks are the pieces'
    /// own leaps and slides (no special kind), a move changes the board only on its squares
    /// (no capture effects, after-move effects or chained moves), checkmate ends the game (so
    /// the side to move was not in check before the move) and that side has one royal piece:
    /// a check then comes from the moved piece, or from a slider behind the square it left.
    #[inline]
    pub fn check_given_by(&self, mv: Move) -> Option<bool> {
        let king = self.lone_king_for_check_test(mv, self.side_to_move())?;
        let t = self.tables;
        let (to, occ) = (mv.to(), self.occupied());
        let p = self.piece_at(to);
        let (c, k) = (p.color().index(), p.kind() as usize);
        if t.leap[c][k][to.index()].contains(king) {
            return Some(true);
        }
        if t.slide_dirs[c][k] != 0 && self.slider_through(king, to, occ) == Some(to) {
            return Some(true);
        }
        if mv.is_drop() {
            return Some(false);
        }
        let uncovered = self.slider_through(king, mv.from(), occ);
        Some(uncovered.is_some_and(|sq| self.piece_at(sq).color() == p.color()))
    }

    /// Whether `mv`, not yet played, would give check: [`Position::check_given_by`] asked
    /// before the move, where it answers (`None` elsewhere). The search plays a move it prunes
    /// only when it would give check; this spares making and taking back the others.
    #[inline]
    pub fn gives_check(&self, mv: Move) -> Option<bool> {
        let us = self.side_to_move();
        let king = self.lone_king_for_check_test(mv, !us)?;
        let t = self.tables;
        let to = mv.to();
        // The kind that lands on `to`.
        let c = us.index();
        let k = if mv.is_drop() {
            mv.drop_kind() as usize
        } else if mv.is_promotion() {
            t.promote_to[self.piece_at(mv.from()).kind() as usize] as usize
        } else {
            self.piece_at(mv.from()).kind() as usize
        };
        if t.leap[c][k][to.index()].contains(king) {
            return Some(true);
        }
        // The board after the move, as far as lines are concerned.
        let mut occ = self.occupied();
        if !mv.is_drop() {
            occ.clear(mv.from());
        }
        occ.set(to);
        if t.slide_dirs[c][k] != 0 && t.reverse.lines[king.index()].contains(to) {
            // The moved piece slides back to the king along the line, nothing between.
            let o = self.direction_to(king, to)?;
            let d = OPPOSITE[o];
            if first_along(o, t.rays[o][king.index()] & occ) == Some(to)
                && t.reverse.slide_kinds[c][d] >> k & 1 != 0
                && t.slide_reaches(c, k, d, to, king)
            {
                return Some(true);
            }
        }
        if mv.is_drop() {
            return Some(false);
        }
        // A slider of ours uncovered behind the square left. The first piece on that line may
        // be the moved one (it stayed on the line): that uncovers nothing, and its square still
        // holds the old contents on this board, so it is not read.
        if !t.reverse.lines[king.index()].contains(mv.from()) {
            return Some(false);
        }
        let Some(o) = self.direction_to(king, mv.from()) else {
            return Some(false);
        };
        if first_along(o, t.rays[o][king.index()] & occ) == Some(to) {
            return Some(false);
        }
        let uncovered = self.slider_along(king, o, occ);
        Some(uncovered.is_some_and(|sq| self.piece_at(sq).color() == us))
    }

    /// The royal piece of `checked` when whether `mv` checks it can be read from the move
    /// alone (the conditions of [`Position::check_given_by`]): its square, else `None`.
    #[inline]
    fn lone_king_for_check_test(&self, mv: Move, checked: Color) -> Option<Square> {
        let exact = const { R::HOOKS.plain_attacks() && R::HOOKS.plain_effects() };
        if !exact || self.tables.any_special || mv.mid().is_some() {
            return None;
        }
        let kings = self.royals(checked);
        let king = kings.lsb()?;
        (kings.count() == 1).then_some(king)
    }

    /// Whether `color` is in check: the opponent has a pseudo-legal move capturing one of its
    /// royal pieces (RULES.md §0), judged with the variant's movement rules.
    pub fn in_check(&self, color: Color) -> bool {
        let kings = self.royals(color);
        kings.into_iter().any(|k| self.king_attacked(k, !color))
    }

    /// Whether the royal piece on `king` can be captured by `by` under the variant's rules.
    #[inline]
    pub(crate) fn king_attacked(&self, king: Square, by: Color) -> bool {
        if R::HOOKS.plain_attacks() {
            self.attacked_naturally(king, by)
        } else {
            self.king_capturable(king, by)
        }
    }

    /// Whether the piece on `sq` could capture an enemy piece by its movement (chu shogi's
    /// repetition rule: a move that leaves the moved piece attacking something is forcing).
    pub fn attacks_a_piece(&self, sq: Square) -> bool {
        let p = self.piece_at(sq);
        !p.is_empty() && (self.capture_targets(sq) & self.pieces_of(!p.color())).nonempty()
    }

    /// Pieces of `by` with a pseudo-legal capture on `target` under every movement rule of the
    /// variant (the general path; the plain path is [`Position::attackers_naturally`]).
    pub fn capturers_by_rules(&self, target: Square, by: Color) -> Bb<R> {
        let mut found = Bitboard::EMPTY;
        for from in self.pieces_of(by) {
            if self.capture_targets(from).contains(target)
                && self.capture_obeys_landing(from, target)
            {
                found.set(from);
            }
        }
        found
    }
}
