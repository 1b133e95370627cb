//! Making moves: the standard move plus the capture-effect and after-move seams (their logic
//! lives in [`crate::effects`]).

use crate::moves::Move;
use crate::position::{Piece, Position};
use crate::rules::Rules;
use crate::table::{AfterMove, CaptureEffect, LionRules};

impl<R: Rules> Position<R> {
    /// Plays a pseudo-legal move; [`Position::unmake`] takes it back exactly.
    pub fn make(&mut self, mv: Move) {
        // Chu shogi's counter-strike square, decided before the pieces move.
        let struck = (R::HOOKS.lions == LionRules::Chu).then(|| self.lion_struck_by(mv));
        self.begin();
        let us = self.side_to_move();
        if mv.is_drop() {
            let kind = mv.drop_kind();
            // A piece dropped promoted side up (flip rules) leaves hand as its unpromoted kind.
            self.add_hand(us, self.tables.unpromoted[kind as usize], -1);
            self.set(mv.to(), Piece::new(us, kind));
        } else {
            let landed = if R::HOOKS.capture_effect == CaptureEffect::None {
                let (from, to) = (mv.from(), mv.to());
                let piece = self.piece_at(from);
                let kind = if mv.is_promotion() {
                    self.tables.promote_to[piece.kind() as usize]
                } else if mv.is_demotion() {
                    self.tables.unpromoted[piece.kind() as usize]
                } else {
                    piece.kind()
                };
                let moved = Piece::new(us, kind);
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
                if !captured.is_empty() {
                    self.to_hand(us, captured);
                }
                to
            } else {
                self.make_board_move_with_effect(mv)
            };
            // Drops never flip (RULES.md §4).
            if R::HOOKS.after_move != AfterMove::None {
                self.after_move_effect(landed);
            }
        }
        if let Some(sq) = struck {
            self.set_lion_struck(sq);
        }
        self.finish();
    }
}
