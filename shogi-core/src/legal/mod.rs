//! Legality: which pseudo-legal moves a side may play, by one of three paths chosen in one
//! place, [`Position::legal_path`]:
//!
//! - [`fast`]: checkers and pins of the one royal piece, no move made (exact where attacks are
//!   the pieces' own movement and moves have no side effects; flips allowed);
//! - [`filtered`]: most moves accepted by the same pin/check analysis, the doubtful ones by
//!   make/test/unmake (the families whose check is not natural attack);
//! - [`reference`]: every move made, tested and taken back; exact for every rule set, the
//!   yardstick the other two are tested against. Under king capture every pseudo-legal
//!   move is legal but for lion trading and voiding effects: [`capture`] counts plain moves
//!   by sets, and the pseudo-legal generator counts the rest where nothing voids a move
//!   ([`reference::pseudo_moves_legal`]: chained moves).

pub mod capture;
pub mod fast;
pub mod filtered;
pub mod reference;

use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::Rules;

/// The moves a search asks [`Position::search_moves`] for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every move.
    All,
    /// Board moves onto an enemy piece (quiescence). The fast path generates only these;
    /// elsewhere the list is every board move, and the caller keeps the captures.
    Captures,
}

/// The legality path a position takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    Fast,
    Filtered,
    Reference,
}

impl<R: Rules> Position<R> {
    /// The path that decides legality here: the fast one where the rule set allows it and the
    /// side to move has exactly one royal piece, else the filtered one where it applies, else
    /// the reference. The only place the choice is made.
    #[inline]
    pub fn legal_path(&self) -> Path {
        if self.fast_legality_applies() {
            Path::Fast
        } else if self.filtered_legality_applies() {
            Path::Filtered
        } else {
            Path::Reference
        }
    }

    /// Appends the legal moves of the side to move (none when the game is over).
    pub fn legal_moves(&mut self, out: &mut MoveList) {
        out.clear();
        if self.decided_by_board() {
            return;
        }
        match self.legal_path() {
            Path::Fast => self.legal_moves_fast(out),
            Path::Filtered => self.legal_moves_filtered(out),
            Path::Reference => self.legal_moves_reference(out),
        }
    }

    /// Appends the moves a search tries here (see [`Scope`]) and tells whether they are all
    /// legal: so where the fast path decides legality, at no more cost than generating them;
    /// elsewhere they are the pseudo-legal moves, each to be tested with
    /// [`Position::is_legal`] when its turn comes (most are never tried).
    pub fn search_moves(&mut self, out: &mut MoveList, scope: Scope) -> bool {
        if self.legal_path() == Path::Fast {
            self.append_legal_fast(out, scope);
            return true;
        }
        if scope == Scope::All {
            self.pseudo_moves(out);
        } else {
            self.pseudo_board_moves(out);
        }
        false
    }

    /// The legal moves as a new list.
    pub fn legal_move_list(&mut self) -> MoveList {
        let mut v = Vec::with_capacity(128);
        self.legal_moves(&mut v);
        v
    }

    /// Whether [`Position::count_legal_moves`] counts without building the list: on the fast
    /// and filtered paths, and on the reference path under king capture, by sets where the
    /// moves are plain ([`capture::CaptureCount`], chu shogi) and by the pseudo-legal
    /// generator's sets where every pseudo-legal move is legal (chained moves).
    #[inline]
    pub(crate) fn counts_in_bulk(&self) -> bool {
        self.legal_path() != Path::Reference
            || capture::CaptureCount::<R>::APPLIES
            || reference::pseudo_moves_legal(&R::HOOKS)
    }

    /// Number of legal moves of the side to move (none when the game is over); counted
    /// without building the list where [`Position::counts_in_bulk`] (perft's bulk counting).
    pub fn count_legal_moves(&mut self) -> u64 {
        if self.decided_by_board() {
            return 0;
        }
        match self.legal_path() {
            Path::Fast => self.count_legal_fast(),
            Path::Filtered => self.count_legal_filtered(),
            Path::Reference if capture::CaptureCount::<R>::APPLIES => self.count_legal_capture(),
            Path::Reference if reference::pseudo_moves_legal(&R::HOOKS) => {
                self.count_pseudo_moves()
            }
            Path::Reference => {
                let mut v = Vec::with_capacity(256);
                self.legal_moves_reference(&mut v);
                v.len() as u64
            }
        }
    }

    /// Whether the side to move has any legal move (the reference path stops at the first).
    pub fn has_legal_move(&mut self) -> bool {
        match self.legal_path() {
            Path::Fast | Path::Filtered => self.count_legal_moves() > 0,
            Path::Reference => self.has_legal_move_reference(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::fixtures::Standard;

    fn captures(sfen: &str) -> Vec<String> {
        let mut pos = Position::<Standard>::from_sfen(sfen).unwrap();
        let mut list = Vec::new();
        assert!(
            pos.search_moves(&mut list, Scope::Captures),
            "standard takes the fast path"
        );
        let mut names: Vec<String> = list.iter().map(|&m| pos.move_to_usi(m)).collect();
        names.sort();
        names
    }

    #[test]
    fn the_captures_scope_lists_the_legal_captures_only() {
        // Black: king 6i, gold 4f, rook 1i; White: rook 5e, pawn 1c. The gold takes the rook,
        // the rook takes the pawn (promoting or not); every other move captures nothing.
        let free = "k8/9/8p/9/4r4/5G3/9/9/3K4R b - 1";
        assert_eq!(captures(free), ["1i1c", "1i1c+", "4f5e"]);
        // The king on 5i is in check from the rook: only taking the checker is legal.
        let checked = "k8/9/8p/9/4r4/5G3/9/9/4K3R b - 1";
        assert_eq!(captures(checked), ["4f5e"]);
    }
}
