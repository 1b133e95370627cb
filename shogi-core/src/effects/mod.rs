//! Move effects: what a move does beyond moving a piece (RULES.md §4, §5).
//!
//! - [`capture`]: the capture-effect seam ([`crate::table::Hooks::capture_effect`]): Rifle,
//!   Circe, Anti-Circe, PWC, Andernach, and the king-loss rule of the True forms in king
//!   capture mode.
//! - [`flip`]: the after-move seam ([`crate::table::Hooks::after_move`]): Othello and Reversi
//!   sandwiches with their nifu policies.
//! - [`home`]: home squares (per-kind [`crate::table::PieceDef::home`]).
//! - [`promotion`]: forced promotion judged where the piece finally stands (RULES.md §0).
//!
//! Every change goes through the journaled mutators of [`crate::Position`], so `unmake`
//! restores it all, hash included. No code here names a variant: behaviour follows the hooks
//! and the per-kind data only.

pub mod capture;
pub mod flip;
pub mod home;
pub mod promotion;

use crate::geometry::Color;
use crate::position::{Outcome, Position};
use crate::rules::Rules;
use crate::table::{AfterMove, Hooks, NifuPolicy};

/// Whether an effect can make a pseudo-legal move no move at all (Othello-A flip nifu), so
/// that even king capture mode must test moves by making them.
pub(crate) const fn may_void_moves(hooks: &Hooks) -> bool {
    matches!(hooks.after_move, AfterMove::Othello(NifuPolicy::A))
}

/// Whether a side with two unpromoted pawns on a file has lost (Reversi-A, RULES.md §4).
const fn nifu_loses(hooks: &Hooks) -> bool {
    matches!(hooks.after_move, AfterMove::Reversi(NifuPolicy::A))
}

impl<R: Rules> Position<R> {
    /// The winner decided by an effect rather than by a missing king: a king flip recorded by
    /// the last move, or (Reversi-A) a side holding two unpromoted pawns on a file, the side
    /// to move judged first.
    #[inline]
    pub(crate) fn winner_by_effects(&self) -> Option<Color> {
        if let Outcome::Won(c) = self.outcome() {
            return Some(c);
        }
        if nifu_loses(&R::HOOKS) {
            let side = self.side_to_move();
            for c in [side, !side] {
                if self.has_nifu(c) {
                    return Some(!c);
                }
            }
        }
        None
    }

    /// Whether `color` has two unpromoted pawns (of one nifu kind) on a file: more pawns than
    /// files holding one (asked at every node, without a branch per file).
    pub(crate) fn has_nifu(&self, color: Color) -> bool {
        let t = self.tables;
        (0..t.kinds).filter(|&k| t.nifu[k]).any(|k| {
            let pawns = self.pieces(color, k as u8);
            pawns.count() > pawns.files_held().count()
        })
    }
}
