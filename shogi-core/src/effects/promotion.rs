//! Forced promotion judged where the piece finally stands (RULES.md §0): the unpromoted option
//! is barred when the moving piece, after every effect of the move and for its owner after the
//! move, could never move again. So a Rifle shooter (it stays where it stood), an Anti-Circe
//! capturer that returns home and an Andernach capturer that changes owner are never forced;
//! one that stays on a dead square is.

use crate::geometry::Square;
use crate::position::Position;
use crate::rules::{Bb, Rules};
use crate::table::CaptureEffect;

impl<R: Rules> Position<R> {
    /// Targets of the piece of `kind` on `from` to which it may not move unpromoted because it
    /// would end dead. Without a capture effect that moves the capturer or changes its owner,
    /// these are the kind's dead squares.
    #[inline(always)]
    pub(crate) fn dead_landings(&self, from: Square, kind: u8, targets: Bb<R>) -> Bb<R> {
        let t = self.tables;
        let us = self.side_to_move();
        let k = kind as usize;
        let dead = t.dead[us.index()][k];
        match R::HOOKS.capture_effect {
            CaptureEffect::None | CaptureEffect::Circe | CaptureEffect::Pwc => dead,
            // The shooter stays on its own square, where it could move before.
            CaptureEffect::Rifle => dead & !(targets & self.pieces_of(!us)),
            CaptureEffect::AntiCirce | CaptureEffect::Andernach => {
                let captures = targets & self.pieces_of(!us);
                let mut out = dead & !captures;
                // Homes are never dead for their owner, so only captures onto a square dead
                // for either side can end dead.
                for to in captures & (t.dead[0][k] | t.dead[1][k]) {
                    if self.capture_ends_dead(from, kind, to) {
                        out.set(to);
                    }
                }
                out
            }
        }
    }

    /// Whether the unpromoted piece of `kind` capturing from `from` on `to` ends, under an
    /// Anti-Circe or Andernach effect, where it could never move again.
    fn capture_ends_dead(&self, from: Square, kind: u8, to: Square) -> bool {
        let t = self.tables;
        let k = kind as usize;
        let us = self.side_to_move();
        if R::HOOKS.capture_effect == CaptureEffect::Andernach {
            let owner = self.andernach_owner(kind, to);
            return t.dead[owner.index()][k].contains(to);
        }
        let mut after = self.occupied();
        after.clear(from);
        let stand = self.anti_circe_return(kind, to, after).unwrap_or(to);
        t.dead[us.index()][k].contains(stand)
    }
}
