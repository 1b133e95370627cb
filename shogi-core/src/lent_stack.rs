//! The borrow family's records along the line played: what a node learnt of its children's
//! side to move (the king's capture zone; where lenders are attackers, the lenders' attacks),
//! a field of the position found and read by the borrow hooks (`hooks::borrow`). A leaf that
//! imports neither, so the position need not import the hooks that import it.

use crate::bitboard::{Bitboard, Storage};
use crate::geometry::{Color, Square, SQUARES};
use crate::tables::DIRS;

/// One ply's record
/// ([`Position::record_for_children`](crate::position::Position::record_for_children)).
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
    /// Per square, the sliders (bit `i`: `sliders[start + i]`, the last bit shared by the
    /// eighth and later) standing there or attacking it: a last move that changed no square
    /// of one left it lending as recorded ...
    pub(crate) cover: [u8; SQUARES],
    /// ... to its share of the pieces in `lent` (each attacked by one of another kind); those
    /// in `twice` by two or more of them.
    pub(crate) lent: Bitboard<S>,
    pub(crate) twice: Bitboard<S>,
    /// The capture zone of the children's king, where they have one.
    pub(crate) zone: Option<ZoneRecord<S>>,
}

/// A king's zone candidates and hiding pieces
/// ([`Position::zone_candidates_hiding`](crate::position::Position::zone_candidates_hiding)),
/// and the squares whose contents decide them; the same for the safety of its steps.
#[derive(Clone, Copy)]
pub(crate) struct ZoneRecord<S: Storage> {
    pub(crate) king: Square,
    /// The side whose pieces are the candidates.
    pub(crate) by: Color,
    pub(crate) region: Bitboard<S>,
    pub(crate) candidates: Bitboard<S>,
    pub(crate) hiding: Bitboard<S>,
    pub(crate) lines: [Bitboard<S>; DIRS.len()],
    /// The king's own steps judged, those of them that are safe
    /// ([`Position::safe_king_steps`](crate::position::Position::safe_king_steps)), and the
    /// squares whose contents decide that.
    pub(crate) steps: Bitboard<S>,
    pub(crate) safe: Bitboard<S>,
    pub(crate) steps_region: Bitboard<S>,
}

/// The records per ply, and the sliding lenders of all of them: square, kind and natural
/// attacks.
#[derive(Clone, Default)]
pub(crate) struct LentStack<S: Storage> {
    pub(crate) plies: Vec<LentPly<S>>,
    pub(crate) sliders: Vec<(Square, u8, Bitboard<S>)>,
}
