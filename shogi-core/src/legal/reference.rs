//! The reference legality path: every pseudo-legal move made, tested and taken back. Exact
//! for every rule set; the fast and filtered paths are checked against it
//! (`shogi-core/tests/all/legal_agreement.rs`, `tests/tests/all/legal_filtered.rs`).

use crate::effects::may_void_moves;
use crate::hooks::isardam;
use crate::moves::{Move, MoveList};
use crate::position::{Outcome, Position};
use crate::rules::Rules;
use crate::table::{Goal, Hooks, KingLoss, LionRules};

/// Whether a move that lion trading allows is legal without making it: king capture mode (no
/// check to test), no effect that voids a move, no landing rule judged on the whole board.
const fn untested(hooks: &Hooks) -> bool {
    matches!(hooks.king_loss, KingLoss::Capture)
        && !may_void_moves(hooks)
        && !isardam::whole_board(hooks)
}

/// Whether every pseudo-legal move is legal under `hooks` (then perft counts them in bulk).
pub(crate) const fn pseudo_moves_legal(hooks: &Hooks) -> bool {
    untested(hooks) && !matches!(hooks.lions, LionRules::Chu)
}

impl<R: Rules> Position<R> {
    /// Whether a pseudo-legal move is legal (RULES.md §0 legality and uchifuzume), by
    /// make/test/unmake: the reference path, exact for every rule set.
    pub fn is_legal(&mut self, mv: Move) -> bool {
        // Chu shogi's lion trading (no other rule set has lion rules).
        if !self.lion_trade_allowed(mv) {
            return false;
        }
        if untested(&R::HOOKS) {
            return true;
        }
        let voidable = may_void_moves(&R::HOOKS);
        let us = self.side_to_move();
        // Under `last_royal` royals are protected by their number when the move starts (a
        // piece promoting to a second royal frees the first only from the next move on, as
        // Fairy-Stockfish counts): with two, none is, and a board move cannot lose one.
        let last_royal = R::HOOKS.king_loss == KingLoss::LastRoyal;
        let unprotected = last_royal && self.royals(us).count() >= 2;
        if unprotected && R::HOOKS.plain_moves() && R::HOOKS.plain_attacks() && !mv.is_drop() {
            return true;
        }
        // The one protected piece, where it stands after the move (a prince this move
        // creates is not protected yet).
        let protected = if last_royal && !unprotected {
            self.royals(us).lsb().map(|sq| {
                if !mv.is_drop() && mv.from() == sq {
                    mv.to()
                } else {
                    sq
                }
            })
        } else {
            None
        };
        let exempt = self.like_attack_exempt(mv);
        self.make(mv);
        if voidable && self.outcome() == Outcome::NotAMove {
            self.unmake();
            return false;
        }
        if R::HOOKS.king_loss == KingLoss::Capture {
            let ok = exempt || !self.like_attack_on_board();
            self.unmake();
            return ok;
        }
        let mut ok = match protected {
            Some(sq) => !self.king_attacked(sq, !us),
            None => unprotected || !self.in_check(us),
        };
        // A move that wins on the board stands even if it leaves the own king attacked,
        // except in check shogi, where the check only wins a legal move, and for a last
        // royal piece (Fairy-Stockfish's extinction pseudo-royalty).
        if !ok
            && R::HOOKS.goal != Goal::Check
            && R::HOOKS.king_loss == KingLoss::Checkmate
            && self.winner_by_board() == Some(us)
        {
            ok = true;
        }
        if ok && !exempt && self.like_attack_on_board() {
            ok = false;
        }
        if ok
            && mv.is_drop()
            && self.tables.drop_mate_forbidden[mv.drop_kind() as usize]
            && self.in_check(!us)
            && !self.has_legal_move_reference()
        {
            ok = false;
        }
        self.unmake();
        ok
    }

    /// The legal moves by the reference path: every pseudo-legal move through
    /// [`Position::is_legal`] (make/test/unmake).
    pub fn legal_moves_reference(&mut self, out: &mut MoveList) {
        out.clear();
        if self.decided_by_board() {
            return;
        }
        self.pseudo_moves(out);
        let mut i = 0;
        while i < out.len() {
            if self.is_legal(out[i]) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// [`Position::has_legal_move`] by the reference path only.
    pub fn has_legal_move_reference(&mut self) -> bool {
        if self.decided_by_board() {
            return false;
        }
        let mut moves = Vec::with_capacity(128);
        self.pseudo_moves(&mut moves);
        // Pawn drops last: their uchifuzume test recurses.
        moves.sort_by_key(|m| {
            m.is_drop() && self.tables.drop_mate_forbidden[m.drop_kind() as usize]
        });
        moves.into_iter().any(|m| self.is_legal(m))
    }

    /// Whether `mv` is a legal move here.
    pub fn is_legal_move(&mut self, mv: Move) -> bool {
        let mut moves = Vec::with_capacity(128);
        if self.decided_by_board() {
            return false;
        }
        self.pseudo_moves(&mut moves);
        moves.contains(&mv) && self.is_legal(mv)
    }
}
