//! The after-move seam: Othello and Reversi sandwiches (RULES.md §4).
//!
//! After a board move (never a drop), every run of one or more enemy pieces that starts next
//! to the moved piece's final square and is directly followed by a piece of the mover is
//! sandwiched, judged on the board after the capture and before any flip of the move. Every
//! sandwiched run is affected at once.
//!
//! Decisions where RULES.md is silent:
//! - A king flip is recorded as [`Outcome::Won`], so it ends the game even where the loser
//!   keeps a second king (only possible in a position read from SFEN).
//! - An Othello-A move whose flips would make nifu is made without flips and marked
//!   [`Outcome::NotAMove`]; legality rejects it (in king capture mode too), and `unmake`
//!   clears the mark.
//! - Othello nifu counts the mover's unpromoted pawns already on the board (the moved piece
//!   included) plus the flipped ones, per file and pawn kind.

use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::position::{Outcome, Piece, Position};
use crate::rules::{Bb, Rules};
use crate::table::{AfterMove, NifuPolicy};
use crate::tables::{first_along, DIRS};

impl<R: Rules> Position<R> {
    /// Applies the after-move effect of a board move whose piece now stands on `at`.
    #[inline]
    pub(crate) fn after_move_effect(&mut self, at: Square) {
        match R::HOOKS.after_move {
            AfterMove::None => {}
            AfterMove::Othello(policy) => self.othello(at, policy),
            AfterMove::Reversi(policy) => self.reversi(at, policy),
        }
    }

    /// Enemy pieces sandwiched between `at` and a piece of the side to move, in all eight
    /// directions. A run ended by the edge or an empty square is not sandwiched.
    pub fn sandwiched(&self, at: Square) -> Bb<R> {
        let t = self.tables;
        let us = self.side_to_move();
        let ours = self.pieces_of(us);
        let others = !self.pieces_of(!us);
        let mut out = Bitboard::EMPTY;
        for d in 0..DIRS.len() {
            // The run ends on the first square along the ray that holds no enemy piece.
            let ray = t.rays[d][at.index()];
            if let Some(end) = first_along(d, ray & others) {
                if ours.contains(end) {
                    out |= ray ^ t.rays[d][end.index()] ^ Bitboard::from_square(end);
                }
            }
        }
        out
    }

    /// Squares where a board move of the side to move may sandwich something: next to a run
    /// of enemy pieces closed by a piece of the mover, judged before the move (moving can
    /// take a closer away but never makes a run), so a superset of every move's sandwiches.
    pub(crate) fn sandwich_squares(&self) -> Bb<R> {
        let us = self.side_to_move();
        let (ours, theirs) = (self.pieces_of(us), self.pieces_of(!us));
        let mut out = Bitboard::EMPTY;
        // A run's last piece stands next to its closer.
        if (theirs & ours.neighbours()).is_empty() {
            return out;
        }
        for (df, dr) in DIRS {
            // Back from the closers through the runs they close along (df, dr).
            let mut front = ours.stepped(-df, -dr) & theirs;
            let mut runs = front;
            while front.nonempty() {
                front = front.stepped(-df, -dr) & theirs;
                runs |= front;
            }
            out |= runs.stepped(-df, -dr);
        }
        out & !ours
    }

    /// Othello: sandwiched pieces change owner, keeping promotion; a flipped king wins at once.
    /// If the flips would give the mover two unpromoted pawns on a file: A — not a move;
    /// B — no flip at all; C — only the offending pawn flips are cancelled.
    fn othello(&mut self, at: Square, policy: NifuPolicy) {
        let us = self.side_to_move();
        let mut flips = self.sandwiched(at);
        if flips.is_empty() {
            return;
        }
        let offending = self.othello_nifu_flips(us, flips);
        if offending.nonempty() {
            match policy {
                NifuPolicy::A => {
                    self.set_outcome(Outcome::NotAMove);
                    return;
                }
                NifuPolicy::B => return,
                NifuPolicy::C => flips &= !offending,
            }
        }
        let mut king = false;
        for sq in flips {
            let kind = self.piece_at(sq).kind();
            king |= self.tables.royal[kind as usize];
            self.set(sq, Piece::new(us, kind));
        }
        if king {
            self.set_outcome(Outcome::Won(us));
        }
    }

    /// Flipped pawns whose file would hold two or more unpromoted pawns of their kind for the
    /// mover `us` if every flip happened.
    fn othello_nifu_flips(&self, us: Color, flips: Bb<R>) -> Bb<R> {
        let t = self.tables;
        let mut offending = Bitboard::EMPTY;
        for sq in flips {
            let kind = self.piece_at(sq).kind();
            if !t.nifu[kind as usize] {
                continue;
            }
            let file = Bb::<R>::file(sq.file());
            let after = (self.pieces(us, kind) | (flips & self.pieces_of_kind(kind))) & file;
            if after.count() >= 2 {
                offending.set(sq);
            }
        }
        offending
    }

    /// The kind a Reversi toggle turns `kind` into: promoted ↔ unpromoted; a kind with neither
    /// form (king, gold) is unaffected.
    #[inline]
    fn toggled(&self, kind: u8) -> u8 {
        let t = self.tables;
        let k = kind as usize;
        if t.unpromoted[k] != kind {
            t.unpromoted[k]
        } else if t.promote_to[k] != u8::MAX {
            t.promote_to[k]
        } else {
            kind
        }
    }

    /// Reversi: sandwiched pieces toggle promotion and keep their owner. Nifu is judged on the
    /// enemy's unpromoted pawns per file with every toggle applied; where a file would hold two
    /// or more: A — every toggle stands and the enemy has lost (seen by `winner_by_board`);
    /// B — no toggle happens; C — the toggles to pawn on such files are cancelled.
    fn reversi(&mut self, at: Square, policy: NifuPolicy) {
        let mut toggles = Bitboard::EMPTY;
        for sq in self.sandwiched(at) {
            let kind = self.piece_at(sq).kind();
            if self.toggled(kind) != kind {
                toggles.set(sq);
            }
        }
        if toggles.is_empty() {
            return;
        }
        let (nifu, cancel) = self.reversi_nifu(toggles);
        if nifu {
            match policy {
                NifuPolicy::A => {}
                NifuPolicy::B => return,
                NifuPolicy::C => toggles &= !cancel,
            }
        }
        for sq in toggles {
            let p = self.piece_at(sq);
            self.set(sq, Piece::new(p.color(), self.toggled(p.kind())));
        }
    }

    /// Whether, with every toggle applied, the enemy would hold two or more unpromoted pawns
    /// of a kind on some file; and the toggles to such a pawn on those files.
    fn reversi_nifu(&self, toggles: Bb<R>) -> (bool, Bb<R>) {
        let t = self.tables;
        let them = !self.side_to_move();
        let mut nifu = false;
        let mut demotions = Bitboard::EMPTY;
        for k in (0..t.kinds).filter(|&k| t.nifu[k]) {
            let kind = k as u8;
            let mut to_pawn = Bitboard::EMPTY;
            for sq in toggles {
                if self.toggled(self.piece_at(sq).kind()) == kind {
                    to_pawn.set(sq);
                }
            }
            let after = (self.pieces(them, kind) & !toggles) | to_pawn;
            for file in (0..self.tables.geometry.files).map(Bb::<R>::file) {
                if (after & file).count() >= 2 {
                    nifu = true;
                    demotions |= to_pawn & file;
                }
            }
        }
        (nifu, demotions)
    }
}
