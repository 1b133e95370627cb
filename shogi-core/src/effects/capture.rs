//! The capture-effect seam (RULES.md §5 and Andernach of §4), and the king-loss rule of the
//! True forms in king capture mode.
//!
//! Decisions where RULES.md is silent (no variant meets them today):
//! - A kind without a home (`PieceDef::home == None`, non-standard kinds) is never reborn by
//!   Circe (it goes to the capturer's hand) and never returns under Anti-Circe (it stays).
//! - A lion's first capture (on the middle square of a double move) goes to hand; the effect
//!   applies to the capture on the final square. Rifle shoots only with single moves.

use crate::effects::home::home_square;
use crate::geometry::{Color, Square};
use crate::moves::Move;
use crate::position::{Piece, Position};
use crate::rules::{Bb, Rules};
use crate::table::{CaptureEffect, KingLoss};

impl<R: Rules> Position<R> {
    /// Plays a board move under a capture effect other than `None`; returns the square where
    /// the moved piece finally stands.
    pub(crate) fn make_board_move_with_effect(&mut self, mv: Move) -> Square {
        let us = self.side_to_move();
        let (from, to) = (mv.from(), mv.to());
        let piece = self.piece_at(from);
        let kind = if mv.is_promotion() {
            self.tables.promote_to[piece.kind() as usize]
        } else {
            piece.kind()
        };
        let moved = Piece::new(us, kind);
        if R::HOOKS.capture_effect == CaptureEffect::Rifle && mv.mid().is_none() {
            let target = self.piece_at(to);
            if !target.is_empty() {
                // The shooter removes the target and stays, promoted if it chose to.
                self.set(to, Piece::EMPTY);
                self.to_hand(us, target);
                if moved != piece {
                    self.set(from, moved);
                }
                return from;
            }
        }
        self.set(from, Piece::EMPTY);
        if let Some(mid) = mv.mid() {
            let first = self.piece_at(mid);
            if !first.is_empty() {
                self.set(mid, Piece::EMPTY);
                self.to_hand(us, first);
            }
        }
        let captured = self.piece_at(to);
        self.set(to, moved);
        if captured.is_empty() {
            return to;
        }
        match R::HOOKS.capture_effect {
            CaptureEffect::None | CaptureEffect::Rifle => {
                self.to_hand(us, captured);
                to
            }
            CaptureEffect::Circe => {
                self.circe_rebirth(to, captured);
                to
            }
            CaptureEffect::AntiCirce => {
                self.to_hand(us, captured);
                match self.anti_circe_return(kind, to, self.occupied()) {
                    Some(home) => {
                        self.set(to, Piece::EMPTY);
                        self.set(home, moved);
                        home
                    }
                    None => to,
                }
            }
            CaptureEffect::Pwc => {
                self.pwc_swap(from, to, captured, moved);
                to
            }
            CaptureEffect::Andernach => {
                self.to_hand(us, captured);
                let owner = self.andernach_owner(kind, to);
                if owner != us {
                    self.set(to, Piece::new(owner, kind));
                }
                to
            }
        }
    }

    /// Whether `color` has an unpromoted pawn of `kind` on the file of `sq`, other than one on
    /// `sq` itself.
    #[inline]
    fn pawn_on_file(&self, color: Color, kind: u8, sq: Square) -> bool {
        let mut pawns = self.pieces(color, kind) & Bb::<R>::file(sq.file());
        pawns.clear(sq);
        pawns.nonempty()
    }

    /// Circe: the captured piece, demoted, is reborn on its home square for its owner; if that
    /// is occupied, or a reborn pawn would make nifu, it goes to the capturer's hand as usual.
    /// A king captured in king capture mode (True-Circe) is thus reborn on 5i/5a, or lost.
    fn circe_rebirth(&mut self, at: Square, captured: Piece) {
        let t = self.tables;
        let owner = captured.color();
        let kind = t.unpromoted[captured.kind() as usize];
        let home = R::TABLE.pieces[kind as usize]
            .home
            .map(|role| home_square(&R::GEOMETRY, role, owner, at, self.occupied()));
        let blocked = |h: Square| {
            self.occupied().contains(h)
                || t.nifu[kind as usize] && self.pawn_on_file(owner, kind, h)
        };
        match home {
            Some(h) if !blocked(h) => self.set(h, Piece::new(owner, kind)),
            _ => self.to_hand(!owner, captured),
        }
    }

    /// Anti-Circe: where a capturer of `kind` (after promotion) standing on `at` returns, or
    /// `None` if it stays: its home for its owner and unpromoted kind, when that is empty on
    /// `occupied` (the board after the capturer moved). The side to move owns the capturer.
    pub(crate) fn anti_circe_return(
        &self,
        kind: u8,
        at: Square,
        occupied: Bb<R>,
    ) -> Option<Square> {
        let base = self.tables.unpromoted[kind as usize];
        let role = R::TABLE.pieces[base as usize].home?;
        let home = home_square(&R::GEOMETRY, role, self.side_to_move(), at, occupied);
        (home != at && !occupied.contains(home)).then_some(home)
    }

    /// Andernach: who owns a capturer of `kind` (after promotion) on `at` after the capture.
    /// It changes owner, except a king, and an unpromoted pawn whose new owner already has a
    /// pawn of its kind on that file (a piece of the new owner on `at` itself, the one being
    /// captured, does not count).
    pub(crate) fn andernach_owner(&self, kind: u8, at: Square) -> Color {
        let t = self.tables;
        let us = self.side_to_move();
        let k = kind as usize;
        if t.royal[k] || t.nifu[k] && self.pawn_on_file(!us, kind, at) {
            us
        } else {
            !us
        }
    }

    /// PWC: the captured piece, promotion kept, goes to the square the capturer came from,
    /// still its owner's; if it could never move again there, or a pawn would make nifu, it
    /// goes to the capturer's hand. In king capture mode the True-PWC king rule follows.
    fn pwc_swap(&mut self, from: Square, at: Square, captured: Piece, capturer: Piece) {
        let t = self.tables;
        let owner = captured.color();
        let k = captured.kind();
        let dead = t.dead[owner.index()][k as usize].contains(from);
        let nifu = t.nifu[k as usize] && self.pawn_on_file(owner, k, from);
        let swapped = !dead && !nifu;
        if swapped {
            self.set(from, captured);
        } else {
            self.to_hand(!owner, captured);
        }
        if R::HOOKS.king_loss == KingLoss::Capture {
            self.true_pwc_king_loss(from, at, captured, capturer, swapped);
        }
    }

    /// True-PWC: after a capture in which a king takes part, that king is lost at once if it
    /// stands on a square naturally attacked by an enemy piece other than its swap partner.
    /// The captured king is judged first; if it is lost the game is over and the capturing
    /// king is not judged (the mover wins).
    fn true_pwc_king_loss(
        &mut self,
        from: Square,
        at: Square,
        captured: Piece,
        capturer: Piece,
        swapped: bool,
    ) {
        let t = self.tables;
        let us = capturer.color();
        if swapped && t.royal[captured.kind() as usize] {
            let mut attackers = self.attackers_naturally(from, us);
            attackers.clear(at);
            if attackers.nonempty() {
                self.set(from, Piece::EMPTY);
                return;
            }
        }
        if t.royal[capturer.kind() as usize] {
            let mut attackers = self.attackers_naturally(at, !us);
            if swapped {
                attackers.clear(from);
            }
            if attackers.nonempty() {
                self.set(at, Piece::EMPTY);
            }
        }
    }
}
