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

    /// Calls `each(from, kind, targets)` for every mobile piece of the side to move, with the
    /// final squares of its chains (own pieces and immortals masked).
    #[inline]
    pub(crate) fn each_chain(&self, mut each: impl FnMut(Square, u8, Bb<R>)) {
        let t = self.tables;
        let us = self.side_to_move();
        let ours = self.pieces_of(us);
        let allowed = !ours & !self.immortals(!us);
        let frozen = self.paralysed_pieces(us);
        // Every friend's second leg, found once per node and kept by its rank among the
        // friends: a table by square would cost more to clear than the legs to find. For a
        // kind without special steps it is also its first leg.
        let occ = self.occupied();
        let mut rank = [u8::MAX; SQUARES];
        let mut legs = [Bitboard::EMPTY; KEPT_LEGS];
        for (i, sq) in ours.into_iter().take(KEPT_LEGS).enumerate() {
            rank[sq.index()] = i as u8;
            let k = self.piece_at(sq).kind();
            legs[i] = if t.special[k as usize] {
                self.movement_reach(k, us, sq)
            } else {
                t.plain_attacks_inlined(k as usize, us, sq, occ)
            };
        }
        let second = |mid: Square| match legs.get(rank[mid.index()] as usize) {
            Some(&leg) => leg,
            None => self.movement_reach(self.piece_at(mid).kind(), us, mid),
        };
        for (i, from) in ours.into_iter().enumerate() {
            if frozen.contains(from) {
                continue;
            }
            let kind = self.piece_at(from).kind();
            let first = if i < KEPT_LEGS && !t.special[kind as usize] {
                legs[i]
            } else {
                self.natural_attacks(kind, us, from)
            };
            let mut targets = Bitboard::EMPTY;
            for mid in first & ours {
                targets |= second(mid);
            }
            each(from, kind, targets & allowed);
        }
    }
}

/// Friends whose second legs [`Position::each_chain`] keeps per node (a side rarely has more
/// pieces on the board; those of more are found again for each chain through them).
const KEPT_LEGS: usize = 48;
