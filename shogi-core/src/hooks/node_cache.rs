//! The node cache: what the movement and landing seams learn once per node, for the side to
//! move, and reuse for every piece and drop of that node.
//!
//! - Borrow family (`MovementSource::Borrow` with `Place::Attackers`): the movement kinds of
//!   every piece, found from the lenders' side at once ([`Position::lent_kinds`]).
//! - Isardam family (`Landing::Isardam`): the like-attack map of each arriving kind with no
//!   square left: read from the position's like stack where the node found them all there
//!   ([`Position::like_node`], [`Position::fill_like_maps`]), else filled on first use
//!   ([`Position::landing_squares_cached`]).
//! - Nifu on moves: the files of the side's pawns, once per node instead of once per pawn
//!   ([`Position::nifu_files_vacating`]).
//!
//! A rule set with neither seam builds an empty cache (no borrow table, the like maps never
//! allocated), so the standard path pays nothing for it.

use crate::bitboard::{Bitboard, Storage};
use crate::geometry::SQUARES;
use crate::position::Position;
use crate::rules::Rules;
use crate::table::{KindMask, MAX_KINDS};

/// Movement kinds (bit masks) per square, for the pieces of one colour at one node.
pub(crate) type LentKinds = [KindMask; SQUARES];

/// The per-node cache of the borrow and Isardam seams; see the module docs.
pub(crate) struct NodeCache<S: Storage> {
    /// Movement kinds of each square's piece of the side to move (borrow family with
    /// attacker lenders); `None` where asking each piece is cheap.
    pub(crate) lent: Option<LentKinds>,
    /// Like-attack maps per arriving kind.
    like: PerKind<S>,
    /// Where the enemy's like maps by class stand in the position's like stack, when they were
    /// all found there at once ([`Position::fill_like_maps`], [`Position::like_node`]).
    pub(crate) like_at: Option<usize>,
    /// Files of the side's pieces per kind (nifu on moves, where a pawn borrowing a sideways
    /// step may change file).
    nifu: PerKind<S>,
}

impl<S: Storage> Default for NodeCache<S> {
    fn default() -> Self {
        NodeCache {
            lent: None,
            like: PerKind::default(),
            like_at: None,
            nifu: PerKind::default(),
        }
    }
}

/// A bitboard per kind, each computed on first use (the array allocated on first use too,
/// so a rule set that never asks pays nothing).
struct PerKind<S: Storage> {
    /// Bit `k` set: `maps[k]` is filled.
    filled: KindMask,
    maps: Option<[Bitboard<S>; MAX_KINDS]>,
}

impl<S: Storage> Default for PerKind<S> {
    fn default() -> Self {
        PerKind {
            filled: 0,
            maps: None,
        }
    }
}

impl<S: Storage> PerKind<S> {
    #[inline]
    fn get(&mut self, kind: u8, fill: impl FnOnce() -> Bitboard<S>) -> Bitboard<S> {
        let maps = self.maps.get_or_insert([Bitboard::EMPTY; MAX_KINDS]);
        if self.filled >> kind & 1 == 0 {
            maps[kind as usize] = fill();
            self.filled |= 1 << kind;
        }
        maps[kind as usize]
    }
}

impl<S: Storage> NodeCache<S> {
    /// The like-attack map of arriving kind `kind`, computed by `fill` on first use.
    #[inline]
    pub(crate) fn like_map(&mut self, kind: u8, fill: impl FnOnce() -> Bitboard<S>) -> Bitboard<S> {
        self.like.get(kind, fill)
    }

    /// The files holding a piece of `kind` of the side to move, computed by `fill` on first
    /// use.
    #[inline]
    pub(crate) fn nifu_files(
        &mut self,
        kind: u8,
        fill: impl FnOnce() -> Bitboard<S>,
    ) -> Bitboard<S> {
        self.nifu.get(kind, fill)
    }
}

impl<R: Rules> Position<R> {
    /// A cache for this node's side to move (the borrow table is built now; the like maps
    /// on first use).
    #[inline]
    pub(crate) fn node_cache(&self) -> NodeCache<R::Storage> {
        NodeCache {
            lent: self.lent_kinds(self.side_to_move()),
            ..NodeCache::default()
        }
    }

    /// A cache without the borrow table, for a caller that asks only a few pieces what
    /// they borrow (each then finds its own lenders).
    #[inline]
    pub(crate) fn node_cache_by_piece(&self) -> NodeCache<R::Storage> {
        NodeCache::default()
    }
}
