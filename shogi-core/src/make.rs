//! Making moves: the standard move plus the capture-effect and after-move seams.

use crate::geometry::Square;
use crate::moves::Move;
use crate::position::{Piece, Position};
use crate::rules::Rules;
use crate::table::{AfterMove, CaptureEffect};

impl<R: Rules> Position<R> {
    /// Plays a pseudo-legal move; [`Position::unmake`] takes it back exactly.
    pub fn make(&mut self, mv: Move) {
        self.begin();
        let us = self.side_to_move();
        if mv.is_drop() {
            let kind = mv.drop_kind();
            self.add_hand(us, kind, -1);
            self.set(mv.to(), Piece::new(us, kind));
        } else {
            let (from, to) = (mv.from(), mv.to());
            let piece = self.piece_at(from);
            let kind = if mv.is_promotion() {
                self.tables.promote_to[piece.kind() as usize]
            } else {
                piece.kind()
            };
            let moved = Piece::new(us, kind);
            self.set(from, Piece::EMPTY);
            if let Some(mid) = mv.mid() {
                let first = self.piece_at(mid);
                if !first.is_empty() {
                    self.set(mid, Piece::EMPTY);
                    self.capture_effect(from, mid, first);
                }
            }
            let captured = self.piece_at(to);
            if captured.is_empty() {
                self.set(to, moved);
            } else {
                self.set(to, moved);
                self.capture_effect(from, to, captured);
            }
        }
        match R::HOOKS.after_move {
            AfterMove::None => {}
            _ => unimplemented!("after-move effects are added with family C"),
        }
        self.finish();
    }

    /// What happens to a piece captured on `at` by a piece that came from `from`
    /// (the capturer already stands on `at`).
    #[inline]
    fn capture_effect(&mut self, from: Square, at: Square, captured: Piece) {
        let _ = (from, at);
        let us = self.side_to_move();
        match R::HOOKS.capture_effect {
            CaptureEffect::None => self.to_hand(us, captured),
            _ => unimplemented!("capture effects are added with family D"),
        }
    }
}
