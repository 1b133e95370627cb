//! Isardam's like maps along the line played: a field of the position, found and read by the
//! Isardam hooks (`hooks::isardam`). A leaf that imports neither, so the position need not
//! import the hooks that import it.

use crate::bitboard::{Bitboard, Storage};
use crate::table::KindMask;

/// Isardam's like maps along the line played, kept in the position
/// ([`Position::like_node`](crate::position::Position::like_node),
/// [`Position::fill_like_maps`](crate::position::Position::fill_like_maps)):
/// a node finds its maps from its parent's, redoing only the classes the last move touched.
pub(crate) struct LikeStack<S: Storage> {
    /// Per ply, what is known of the position its maps were found for.
    pub(crate) plies: Vec<LikePly>,
    /// Per ply, `2 * kinds` maps, Black's then White's: each colour's natural attacks by class
    /// (a class is named by its lowest kind).
    pub(crate) maps: Vec<Bitboard<S>>,
}

/// One ply of the [`LikeStack`].
#[derive(Clone, Copy, Default)]
pub(crate) struct LikePly {
    /// The hash of the position the maps were found for (stale where it differs).
    pub(crate) hash: Option<u64>,
    /// Per colour, the classes whose map is not empty (the others need no look).
    pub(crate) present: [KindMask; 2],
    /// Whether a piece stands in a like attack, once the True forms' node test has looked:
    /// a child whose parent had none looks only at the classes the move touched.
    pub(crate) paired: Option<bool>,
    /// The hash of the parent the maps were found from (none if from scratch), and the
    /// classes redone then, per colour: the next sibling restores only those from the
    /// parent's row rather than copying it whole.
    pub(crate) base: Option<u64>,
    pub(crate) redone: [KindMask; 2],
}

impl<S: Storage> Default for LikeStack<S> {
    fn default() -> Self {
        LikeStack {
            plies: Vec::new(),
            maps: Vec::new(),
        }
    }
}

impl<S: Storage> Clone for LikeStack<S> {
    fn clone(&self) -> Self {
        LikeStack {
            plies: self.plies.clone(),
            maps: self.maps.clone(),
        }
    }
}
