//! Isardam's like maps along the line played: a field of the position, found and read by the
//! Isardam hooks (`hooks::isardam`). A leaf that imports neither, so the position need not
//! import the hooks that import it.

use crate::bitboard::{Bitboard, Storage};

/// Isardam's like maps along the line played, kept in the position
/// ([`Position::like_node`](crate::position::Position::like_node),
/// [`Position::fill_like_maps`](crate::position::Position::fill_like_maps)):
/// a node finds its maps from its parent's, redoing only the classes the last move touched.
pub(crate) struct LikeStack<S: Storage> {
    /// Per ply, the hash of the position its maps were found for (stale where it differs).
    pub(crate) hashes: Vec<Option<u64>>,
    /// Per ply, `2 * kinds` maps, Black's then White's: each colour's natural attacks by class
    /// (a class is named by its lowest kind).
    pub(crate) maps: Vec<Bitboard<S>>,
}

impl<S: Storage> Default for LikeStack<S> {
    fn default() -> Self {
        LikeStack {
            hashes: Vec::new(),
            maps: Vec::new(),
        }
    }
}

impl<S: Storage> Clone for LikeStack<S> {
    fn clone(&self) -> Self {
        LikeStack {
            hashes: self.hashes.clone(),
            maps: self.maps.clone(),
        }
    }
}
