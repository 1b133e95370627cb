//! Chu shogi's lion rules (`LionRules::Chu`): the pass, the lion-trading restrictions and the
//! counter-strike square. A lion is a kind with the lion's area power (`Movement::lion`); the
//! horned falcon and soaring eagle (lion power along lines) are not lions but may pass.
//!
//! - Pass (jitto): a piece with lion power steps to an empty square and back; one move per
//!   piece, written with the first empty square of its first-step directions (any empty one is
//!   read, [`Position::canonical_lion_move`]).
//! - A lion may take an adjacent lion always; one two squares away only if nothing of the
//!   victim's side attacks its square (the capturing lion and its first square lifted, the
//!   piece taken there still counting), unless its first step took a piece that moves more
//!   than one square straight forward or back (a "bridge"; a pawn or go-between is none).
//! - After a non-lion took a lion (directly, or on the first step of a line double move),
//!   the other side's non-lions may not take a lion on the next move, except one standing on
//!   that square (a kirin promoted to lion there).

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::hooks::kinds_in;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{Bb, Rules};
use crate::table::{KindMask, LionRules, RuleTable};
use crate::tables::{dir_step, pawn_like_kinds, DIRS};

/// The lions of `table`: kinds with the lion's area power.
const fn lion_kinds(table: &RuleTable) -> KindMask {
    let mut mask = 0;
    let mut i = 0;
    while i < table.pieces.len() {
        if table.pieces[i].movement.lion {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
}

impl<R: Rules> Position<R> {
    const WEAK_BRIDGES: KindMask = pawn_like_kinds(R::TABLE);
    const LION_KINDS: KindMask = lion_kinds(R::TABLE);

    /// Whether the piece on `sq` (of either side) is a lion.
    #[inline]
    fn lion_on(&self, sq: Square) -> bool {
        let p = self.piece_at(sq);
        !p.is_empty() && self.tables.lion[p.kind() as usize]
    }

    /// The empty squares a pass from `from` may step through (first steps: all eight with
    /// `area`, else the `lines` directions), in direction order.
    fn pass_squares(
        &self,
        from: Square,
        area: bool,
        lines: u8,
    ) -> impl Iterator<Item = Square> + '_ {
        let firsts = if area { u8::MAX } else { lines };
        (0..DIRS.len())
            .filter(move |d| firsts >> d & 1 != 0)
            .filter_map(move |d| dir_step(&R::GEOMETRY, from, d))
            .filter(|&sq| self.piece_at(sq).is_empty())
    }

    /// The squares a lion-power piece on `from` steps to first: every neighbour with `area`,
    /// else those along its `lines` directions (a bit each).
    pub(crate) fn lion_first_steps(&self, from: Square, area: bool, lines: u8) -> Bb<R> {
        let t = self.tables;
        let near = Bitboard::from_square(from).neighbours() & t.board;
        if area {
            return near;
        }
        let along = (0..DIRS.len())
            .filter(|d| lines >> d & 1 != 0)
            .fold(Bitboard::EMPTY, |bb, d| bb | t.rays[d][from.index()]);
        near & along
    }

    /// The pass of the lion-power piece on `from`, through its first empty first-step square.
    pub(crate) fn lion_pass(&self, from: Square, area: bool, lines: u8) -> Option<Move> {
        if R::HOOKS.lions != LionRules::Chu {
            return None;
        }
        self.pass_squares(from, area, lines)
            .next()
            .map(|mid| Move::lion(from, mid, from, false))
    }

    /// A three-square USI move read as the move it is (chu shogi): through an empty first
    /// square, back to the start is the piece's pass and elsewhere the plain move there.
    pub fn canonical_lion_move(&self, mv: Move) -> Move {
        let Some(mid) = mv.mid() else {
            return mv;
        };
        if R::HOOKS.lions != LionRules::Chu || !self.piece_at(mid).is_empty() {
            return mv;
        }
        let from = mv.from();
        if mv.to() != from {
            return Move::new(from, mv.to(), mv.is_promotion());
        }
        let piece = self.piece_at(from);
        if piece.is_empty() {
            return mv;
        }
        let (t, k) = (self.tables, piece.kind() as usize);
        let lines = t.lion_lines[piece.color().index()][k];
        // Only a first square the piece could step through makes it its pass.
        if self
            .pass_squares(from, t.lion[k], lines)
            .any(|sq| sq == mid)
        {
            self.lion_pass(from, t.lion[k], lines).unwrap_or(mv)
        } else {
            mv
        }
    }

    /// The counter-strike square a board move `mv` leaves (before it is made): where it takes a
    /// lion, if the mover is not a lion.
    pub(crate) fn lion_struck_by(&self, mv: Move) -> Option<Square> {
        let mover = self.piece_at(mv.from());
        if mv.is_drop() || self.tables.lion[mover.kind() as usize] {
            return None;
        }
        let taken = |sq: Square| sq != mv.from() && self.lion_on(sq);
        if taken(mv.to()) {
            Some(mv.to())
        } else {
            mv.mid().filter(|&mid| taken(mid))
        }
    }

    /// The lion-trading rules as sets, for counting board moves in bulk: the enemy lions (the
    /// only squares where they may bar a move), and those the counter-strike rule bars every
    /// non-lion of the side to move from taking (by a move there; a double move's first step
    /// is judged with the move). Both empty without chu shogi's rules.
    #[inline]
    pub(crate) fn lion_trade_sets(&self) -> (Bb<R>, Bb<R>) {
        if R::HOOKS.lions != LionRules::Chu {
            return (Bitboard::EMPTY, Bitboard::EMPTY);
        }
        let them = !self.side_to_move();
        let lions =
            kinds_in(Self::LION_KINDS).fold(Bitboard::EMPTY, |bb, k| bb | self.pieces(them, k));
        let mut barred = Bitboard::EMPTY;
        if let Some(sq) = self.lion_struck() {
            barred = lions;
            barred.clear(sq);
        }
        (lions, barred)
    }

    /// Whether the lion-trading rules allow the pseudo-legal board move `mv`.
    pub(crate) fn lion_trade_allowed(&self, mv: Move) -> bool {
        if R::HOOKS.lions != LionRules::Chu || mv.is_drop() {
            return true;
        }
        let (from, to) = (mv.from(), mv.to());
        let us = self.side_to_move();
        let enemy_lion =
            |sq: Square| sq != from && self.pieces_of(!us).contains(sq) && self.lion_on(sq);
        let victims = [Some(to), mv.mid()];
        let takes_lion = |except: Option<Square>| {
            victims
                .iter()
                .flatten()
                .any(|&sq| enemy_lion(sq) && Some(sq) != except)
        };
        if !self.lion_on(from) {
            // Counter-strike: no non-lion takes a lion right after a lion was taken so.
            return self.lion_struck().is_none() || !takes_lion(self.lion_struck());
        }
        let adjacent = |a: Square, b: Square| {
            (a.file() as i32 - b.file() as i32).abs() <= 1
                && (a.rank() as i32 - b.rank() as i32).abs() <= 1
        };
        if !enemy_lion(to) || adjacent(from, to) {
            return true;
        }
        // A lion two squares away: a bridge capture on the first step lifts the ban.
        if let Some(mid) = mv.mid() {
            let first = self.piece_at(mid);
            if !first.is_empty() && Self::WEAK_BRIDGES >> first.kind() & 1 == 0 {
                return true;
            }
        }
        let mut occ = self.occupied();
        occ.clear(from);
        if let Some(mid) = mv.mid() {
            occ.clear(mid);
        }
        (self.plain_attackers(to, !us, occ) & self.pieces_of(!us)).is_empty()
    }
}
