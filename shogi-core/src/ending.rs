//! How the board alone ends a game (RULES.md §1 and the goal seam): a king lost or flipped,
//! an effect's win, check shogi's check, dobutsu's try, chu shogi's bare king. Repetition and
//! "no legal move" need the game's history or a move list and are judged in [`crate::game`].
//!
//! A decided position has no legal moves, so perft, the search and the referee all stop there.

use crate::bitboard::Bitboard;
use crate::geometry::Color;
use crate::hooks::kinds_in;
use crate::position::Position;
use crate::rules::{Bb, Rules};
use crate::table::{Goal, KindMask};
use crate::tables::pawn_like_kinds;

impl<R: Rules> Position<R> {
    /// Kinds that do not count for the side that bares a king (pawn, go-between).
    const MINOR_KINDS: KindMask = pawn_like_kinds(R::TABLE);

    /// The winner when the game is already over on this board: an effect decided it (a king
    /// flip, Reversi-A nifu), a side has lost its king (king capture, flip), or the rule set's
    /// goal was reached; the side to move is judged first.
    pub fn winner_by_board(&self) -> Option<Color> {
        if R::HOOKS.goal == Goal::Check && self.in_check(self.side_to_move()) {
            return Some(!self.side_to_move());
        }
        if R::HOOKS.plain_effects() {
            return None;
        }
        if let Some(winner) = self.winner_by_effects() {
            return Some(winner);
        }
        let side = self.side_to_move();
        if self.royals(side).is_empty() {
            return Some(!side);
        }
        if self.royals(!side).is_empty() {
            return Some(side);
        }
        match R::HOOKS.goal {
            Goal::ReachLastRank => self.try_winner(),
            Goal::BareKing => [side, !side]
                .into_iter()
                .find(|&c| self.bared(c))
                .map(|c| !c),
            Goal::None | Goal::Check => None,
        }
    }

    /// Whether the board alone makes the game a draw: chu shogi's royal against royal with
    /// nothing else that can move, neither in check.
    pub fn drawn_by_board(&self) -> bool {
        R::HOOKS.goal == Goal::BareKing
            && Color::BOTH.into_iter().all(|c| {
                let live = self.live(c);
                live.count() == 1 && (live & self.royals(c)).nonempty()
            })
            && Color::BOTH.into_iter().all(|c| !self.in_check(c))
    }

    /// Whether the board has ended the game, won or drawn: such a position has no legal move.
    #[inline]
    pub fn decided_by_board(&self) -> bool {
        self.winner_by_board().is_some() || self.drawn_by_board()
    }

    /// Dobutsu's try: the side with a royal piece on its last rank, attacked by no enemy
    /// piece, has won (the side to move first, as Fairy-Stockfish's flagPieceSafe).
    fn try_winner(&self) -> Option<Color> {
        let side = self.side_to_move();
        [side, !side].into_iter().find(|&c| {
            self.royals(c)
                .into_iter()
                .any(|sq| R::GEOMETRY.rank_from_far(sq, c) == 0 && !self.attacked_naturally(sq, !c))
        })
    }

    /// Pieces of `color` that can still move somewhere (a pawn or lance on its last rank
    /// cannot).
    fn live(&self, color: Color) -> Bb<R> {
        self.pieces_of(color) & !self.kinds_of(color, self.tables.stuck_kinds, true)
    }

    /// The pieces of `color` of the kinds in `mask`; with `stuck`, only those on squares
    /// where their kind is stuck.
    fn kinds_of(&self, color: Color, mask: KindMask, stuck: bool) -> Bb<R> {
        kinds_in(mask).fold(Bitboard::EMPTY, |bb, k| {
            let on = self.pieces(color, k);
            bb | if stuck {
                on & self.tables.stuck[color.index()][k as usize]
            } else {
                on
            }
        })
    }

    /// Chu shogi's bare king, as lishogi judges it: `color` has one royal and nothing else
    /// that can move, and cannot answer at once. The other side keeps a royal and at least
    /// one more counted piece (pawns and go-betweens, and dead pieces, do not count), is not
    /// in check (else the bare royal takes a royal), and either counts three or more or has
    /// none of them next to the bare royal (else it could be bared back).
    fn bared(&self, color: Color) -> bool {
        let ours = self.live(color);
        if ours.count() != 1 || (ours & self.royals(color)).is_empty() {
            return false;
        }
        let them = !color;
        let counted = self.live(them) & !self.kinds_of(them, Self::MINOR_KINDS, false);
        counted.count() > 1
            && self.royals(them).nonempty()
            && !self.in_check(them)
            && (counted.count() > 2 || (counted & ours.neighbours()).is_empty())
    }
}
