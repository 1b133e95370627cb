//! Chained movement (RULES.md §5, Shogi-ChainedMovement): every board move is one link —
//! first, by the mover's own movement, to a square holding a friendly piece (which stays);
//! then, by that friendly piece's movement, to an empty or enemy square.
//!
//! - No plain moves, even in check; drops are as usual (movegen).
//! - The king may be the mover or the piece passed through.
//! - During the second leg the mover's starting square counts as occupied by a friendly
//!   piece: the board's occupancy is unchanged, and the start square is not a destination.
//! - Two chains with the same origin, destination and promotion are one move (the targets
//!   are a set).
//! - Promotion only when the final square is in the enemy camp (movegen); nifu binds moves
//!   through `Hooks::nifu_on_moves`.
//! - Decisions where RULES.md is silent (no chained variant has such pieces): the first leg
//!   is the mover's natural attack on the friendly square (so a chess pawn reaches a friend
//!   diagonally); the second leg is the friend's movement as a move (capture-only steps onto
//!   enemies, move-only steps onto empty squares); a lion's double move is
//!   not a leg. Borrowed movement is not combined with chains: both legs use the pieces' own
//!   kinds.

use crate::bitboard::Bitboard;
use crate::geometry::{Square, SQUARES};
use crate::hooks::node_cache::NodeCache;
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::{Bb, Rules};

impl<R: Rules> Position<R> {
    /// Final squares of the chains of the piece on `from`, before the own-piece and immortal
    /// masks (the capture targets used by the check test).
    pub(crate) fn chain_targets(&self, from: Square) -> Bb<R> {
        let p = self.piece_at(from);
        let color = p.color();
        let mut out = Bitboard::EMPTY;
        for mid in self.natural_attacks(p.kind(), color, from) & self.pieces_of(color) {
            out |= self.natural_attacks(self.piece_at(mid).kind(), color, mid);
        }
        out
    }

    /// Appends the pseudo-legal chained moves of the side to move.
    pub(crate) fn chain_moves(&self, cache: &mut NodeCache<R::Storage>, out: &mut MoveList) {
        let us = self.side_to_move();
        let ours = self.pieces_of(us);
        // Second-leg reach of every friendly piece, computed once.
        let mut reach = [Bitboard::EMPTY; SQUARES];
        for mid in ours {
            reach[mid.index()] = self.movement_reach(self.piece_at(mid).kind(), us, mid);
        }
        let allowed = !ours & !self.immortals(!us);
        for from in ours & !self.paralysed_pieces(us) {
            let kind = self.piece_at(from).kind();
            let mut targets = Bitboard::EMPTY;
            for mid in self.natural_attacks(kind, us, from) & ours {
                targets |= reach[mid.index()];
            }
            self.push_board_moves(cache, from, kind, targets & allowed, out);
        }
    }
}
