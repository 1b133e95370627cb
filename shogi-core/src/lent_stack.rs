//! Where lenders are attackers (Anti-Kiki): the lenders' attacks recorded along the line
//! played, a field of the position found and read by the borrow hooks (`hooks::borrow`). A leaf
//! that imports neither, so the position need not import the hooks that import it.

use crate::bitboard::{Bitboard, Storage};
use crate::geometry::{Color, Square};

/// One ply's record ([`Position::record_lenders`](crate::position::Position::record_lenders)).
#[derive(Clone, Copy)]
pub(crate) struct LentPly<S: Storage> {
    /// The hash of the position it was made at; `None`: no record.
    pub(crate) hash: Option<u64>,
    /// The colour of the lenders recorded.
    pub(crate) color: Color,
    /// Every square a leap away from one of them, by any leap of the table.
    pub(crate) leaps: Bitboard<S>,
    /// Their pieces that do not only leap: `sliders[start..end]`.
    pub(crate) start: u32,
    pub(crate) end: u32,
}

/// The records per ply, and the sliding lenders of all of them: square, kind and natural
/// attacks.
pub(crate) struct LentStack<S: Storage> {
    pub(crate) plies: Vec<LentPly<S>>,
    pub(crate) sliders: Vec<(Square, u8, Bitboard<S>)>,
}

impl<S: Storage> Default for LentStack<S> {
    fn default() -> Self {
        LentStack {
            plies: Vec::new(),
            sliders: Vec::new(),
        }
    }
}

impl<S: Storage> Clone for LentStack<S> {
    fn clone(&self) -> Self {
        LentStack {
            plies: self.plies.clone(),
            sliders: self.sliders.clone(),
        }
    }
}
