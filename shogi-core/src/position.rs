//! The position: board, hands, side to move, incremental Zobrist hash, and a journal that makes
//! `unmake` exact whatever a variant's effects changed (flips, rebirths, swaps).

use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square, SQUARES};
use crate::like_stack::LikeStack;
use crate::rules::{Bb, Rules};
use crate::table::{Captured, MAX_KINDS};
use crate::tables::{Tables, ZOBRIST};
use std::fmt;
use std::marker::PhantomData;

/// A piece on the board: a kind index and a colour; `Piece::EMPTY` for an empty square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Piece(u8);

impl Piece {
    pub const EMPTY: Piece = Piece(0);
    #[inline]
    pub const fn new(color: Color, kind: u8) -> Piece {
        Piece((kind + 1) | (color as u8) << 7)
    }
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub const fn color(self) -> Color {
        if self.0 & 0x80 != 0 {
            Color::White
        } else {
            Color::Black
        }
    }
    #[inline]
    pub const fn kind(self) -> u8 {
        (self.0 & 0x7F) - 1
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            write!(f, "-")
        } else {
            write!(f, "{:?}#{}", self.color(), self.kind())
        }
    }
}

/// Hash contribution of holding `count` pieces of `kind`. Every part of the hash is combined
/// by XOR, so incremental updates in any order give the hash computed from scratch.
#[inline]
fn hand_key(color: Color, kind: usize, count: u8) -> u64 {
    ZOBRIST.hand[color.index()][kind].wrapping_mul(count as u64)
}

/// What an effect of the last move decided beyond what the board shows (RULES.md §0, §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Outcome {
    /// Nothing beyond the board: the game goes on unless the board says otherwise.
    #[default]
    Open,
    /// The game ended at once in this side's favour (a flipped king, even where the loser
    /// keeps another king read from SFEN).
    Won(Color),
    /// The move is not a move at all (Othello-A flip nifu); only legality testing sees it.
    NotAMove,
}

/// One reversible change recorded by `make`.
#[derive(Clone, Copy, Debug)]
enum Change {
    Square(Square, Piece),
    Hand(Color, u8, u8),
    Outcome(Outcome),
    LionStruck(Option<Square>),
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    journal_len: u32,
    /// Restored by unmake: the counter saturates, so it cannot be recomputed.
    move_number: u32,
    hash: u64,
}

/// A position of the variant `R`.
pub struct Position<R: Rules> {
    board: [Piece; SQUARES],
    by_color: [Bb<R>; 2],
    by_kind: [Bb<R>; MAX_KINDS],
    hands: [[u8; MAX_KINDS]; 2],
    side: Color,
    move_number: u32,
    hash: u64,
    outcome: Outcome,
    /// Chu shogi's counter-strike rule: where a non-lion has just taken a lion.
    lion_struck: Option<Square>,
    journal: Vec<Change>,
    frames: Vec<Frame>,
    /// Isardam's like maps along the line played (empty elsewhere).
    pub(crate) like: LikeStack<R::Storage>,
    /// Attacker lenders' attacks along the line played (empty elsewhere).
    pub(crate) lent: crate::lent_stack::LentStack<R::Storage>,
    pub(crate) tables: &'static Tables<R::Storage>,
    _rules: PhantomData<R>,
}

impl<R: Rules> Clone for Position<R> {
    fn clone(&self) -> Self {
        Position {
            board: self.board,
            by_color: self.by_color,
            by_kind: self.by_kind,
            hands: self.hands,
            side: self.side,
            move_number: self.move_number,
            hash: self.hash,
            outcome: self.outcome,
            lion_struck: self.lion_struck,
            journal: self.journal.clone(),
            frames: self.frames.clone(),
            like: self.like.clone(),
            lent: self.lent.clone(),
            tables: self.tables,
            _rules: PhantomData,
        }
    }
}

impl<R: Rules> PartialEq for Position<R> {
    /// Positions are equal when board, hands and side to move are (history is ignored).
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.hands == other.hands
            && self.side == other.side
            && self.lion_struck == other.lion_struck
    }
}

impl<R: Rules> fmt::Debug for Position<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_sfen())
    }
}

impl<R: Rules> Position<R> {
    /// An empty board, Black to move.
    pub fn empty() -> Self {
        Position {
            board: [Piece::EMPTY; SQUARES],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; MAX_KINDS],
            hands: [[0; MAX_KINDS]; 2],
            side: Color::Black,
            move_number: 1,
            hash: 0,
            outcome: Outcome::Open,
            lion_struck: None,
            journal: Vec::with_capacity(256),
            frames: Vec::with_capacity(64),
            like: LikeStack::default(),
            lent: crate::lent_stack::LentStack::default(),
            tables: R::tables(),
            _rules: PhantomData,
        }
    }

    /// The start position of setup `index` (0-based into `R::TABLE.setups`).
    pub fn startpos(index: usize) -> Self {
        let setup = &R::TABLE.setups[index];
        Self::from_sfen(setup.sfen)
            .unwrap_or_else(|e| panic!("setup {} has a bad SFEN: {e}", setup.id))
    }

    // ---- accessors ----

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }
    #[inline]
    pub fn occupied(&self) -> Bb<R> {
        self.by_color[0] | self.by_color[1]
    }
    /// The empty squares of the board (not of the whole storage).
    #[inline]
    pub fn empty_squares(&self) -> Bb<R> {
        self.tables.board ^ self.occupied()
    }
    #[inline]
    pub fn pieces_of(&self, color: Color) -> Bb<R> {
        self.by_color[color.index()]
    }
    #[inline]
    pub fn pieces_of_kind(&self, kind: u8) -> Bb<R> {
        self.by_kind[kind as usize]
    }
    #[inline]
    pub fn pieces(&self, color: Color, kind: u8) -> Bb<R> {
        self.by_kind[kind as usize] & self.by_color[color.index()]
    }
    #[inline]
    pub fn hand(&self, color: Color, kind: u8) -> u8 {
        self.hands[color.index()][kind as usize]
    }
    /// Whether `color` holds any piece in hand (one pass over the fixed-size hand, no
    /// per-kind branch).
    #[inline(always)]
    pub fn holds_any(&self, color: Color) -> bool {
        self.hands[color.index()].iter().fold(0, |acc, &n| acc | n) != 0
    }
    #[inline]
    pub fn tables(&self) -> &'static Tables<R::Storage> {
        self.tables
    }
    /// What the effects of the last move decided (not part of the hash: a decided game has
    /// no moves, so it is never searched further).
    #[inline]
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }
    /// Number of moves made since this position was set up (journal depth).
    #[inline]
    pub fn ply_from_root(&self) -> usize {
        self.frames.len()
    }

    /// Royal pieces of `color`.
    #[inline]
    pub fn royals(&self, color: Color) -> Bb<R> {
        // The rule set's constant mask: the loop unrolls to its royal kinds.
        let mut mask = <R as crate::rules::Derived>::ROYAL_MASK;
        let mut bb = Bitboard::EMPTY;
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bb |= self.by_kind[k];
        }
        bb & self.by_color[color.index()]
    }

    // ---- raw mutation (journaled) ----

    /// Sets a square, recording the old content.
    #[inline(always)]
    pub(crate) fn set(&mut self, sq: Square, piece: Piece) {
        let old = self.board[sq.index()];
        self.journal.push(Change::Square(sq, old));
        self.put_raw(sq, piece);
    }

    #[inline(always)]
    fn put_raw(&mut self, sq: Square, piece: Piece) {
        debug_assert!(
            R::GEOMETRY.on_board(sq),
            "{sq} is off the {} board",
            R::GEOMETRY
        );
        let s = sq.index();
        let old = self.board[s];
        if !old.is_empty() {
            let (c, k) = (old.color().index(), old.kind() as usize % MAX_KINDS);
            self.hash ^= ZOBRIST.board[c][k][s];
        }
        if !piece.is_empty() {
            let (c, k) = (piece.color().index(), piece.kind() as usize % MAX_KINDS);
            self.hash ^= ZOBRIST.board[c][k][s];
        }
        self.put_board(sq, piece);
    }

    /// Board and bitboards only; the hash is left to the caller (`unmake` restores it whole).
    #[inline(always)]
    fn put_board(&mut self, sq: Square, piece: Piece) {
        let s = sq.index();
        let old = self.board[s];
        // The square's bit is set in a bitboard iff the piece there belongs to it, so toggling
        // removes the old piece and adds the new one.
        let bit = Bitboard::from_square(sq);
        if !old.is_empty() {
            self.by_color[old.color().index()] ^= bit;
            self.by_kind[old.kind() as usize % MAX_KINDS] ^= bit;
        }
        if !piece.is_empty() {
            self.by_color[piece.color().index()] ^= bit;
            self.by_kind[piece.kind() as usize % MAX_KINDS] ^= bit;
        }
        self.board[s] = piece;
    }

    /// Changes a hand count by `delta`, recording the old count.
    #[inline]
    pub(crate) fn add_hand(&mut self, color: Color, kind: u8, delta: i8) {
        let old = self.hands[color.index()][kind as usize];
        self.journal.push(Change::Hand(color, kind, old));
        self.set_hand_raw(color, kind, old.wrapping_add_signed(delta));
    }

    #[inline]
    fn set_hand_raw(&mut self, color: Color, kind: u8, count: u8) {
        let old = self.hands[color.index()][kind as usize];
        self.hash ^= hand_key(color, kind as usize, old) ^ hand_key(color, kind as usize, count);
        self.hands[color.index()][kind as usize] = count;
    }

    /// Chu shogi's counter-strike square: where a non-lion took a lion on the last move.
    #[inline]
    pub fn lion_struck(&self) -> Option<Square> {
        self.lion_struck
    }

    /// Sets the counter-strike square (recorded for unmake).
    pub(crate) fn set_lion_struck(&mut self, sq: Option<Square>) {
        if sq == self.lion_struck {
            return;
        }
        self.journal.push(Change::LionStruck(self.lion_struck));
        self.put_lion_struck(sq);
    }

    fn put_lion_struck(&mut self, sq: Option<Square>) {
        for s in [self.lion_struck, sq].into_iter().flatten() {
            self.hash ^= ZOBRIST.lion_struck[s.index()];
        }
        self.lion_struck = sq;
    }

    /// Records what an effect of the move decided (journaled).
    #[inline]
    pub(crate) fn set_outcome(&mut self, outcome: Outcome) {
        self.journal.push(Change::Outcome(self.outcome));
        self.outcome = outcome;
    }

    /// Puts a captured piece where its capturer's rules send it (hand mapping seam).
    #[inline]
    #[allow(clippy::wrong_self_convention)]
    pub(crate) fn to_hand(&mut self, capturer: Color, captured: Piece) {
        if let Captured::Hand(k) = self.tables.captured[captured.kind() as usize][capturer.index()]
        {
            self.add_hand(capturer, k, 1);
        }
    }

    /// Starts a move: remembers where the journal stood.
    #[inline]
    pub(crate) fn begin(&mut self) {
        self.frames.push(Frame {
            journal_len: self.journal.len() as u32,
            move_number: self.move_number,
            hash: self.hash,
        });
    }

    /// Ends a move: passes the turn.
    #[inline]
    pub(crate) fn finish(&mut self) {
        self.side = !self.side;
        self.hash ^= ZOBRIST.side;
        // Saturating: SFEN may set any u32 move number.
        self.move_number = self.move_number.saturating_add(1);
    }

    /// Takes back the last move made by [`Position::make`].
    pub fn unmake(&mut self) {
        let frame = self.frames.pop().expect("unmake without make");
        while self.journal.len() > frame.journal_len as usize {
            match self.journal.pop() {
                Some(Change::Square(sq, p)) => self.put_board(sq, p),
                Some(Change::Hand(c, k, n)) => self.hands[c.index()][k as usize] = n,
                Some(Change::Outcome(o)) => self.outcome = o,
                Some(Change::LionStruck(sq)) => self.lion_struck = sq,
                None => break,
            }
        }
        self.side = !self.side;
        self.move_number = frame.move_number;
        self.hash = frame.hash;
    }

    /// The squares the last move changed, each with what stood there before (a square
    /// changed twice is listed twice, the older content first); none at the root.
    pub(crate) fn last_move_squares(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let start = self
            .frames
            .last()
            .map_or(self.journal.len(), |f| f.journal_len as usize);
        self.journal[start..].iter().filter_map(|c| match *c {
            Change::Square(sq, old) => Some((sq, old)),
            _ => None,
        })
    }

    /// The hash of the position before the last move, if a move was made.
    #[inline]
    pub(crate) fn parent_hash(&self) -> Option<u64> {
        self.frames.last().map(|f| f.hash)
    }

    /// Forgets the undo history (after a game move is final).
    pub fn clear_history(&mut self) {
        self.journal.clear();
        self.frames.clear();
    }

    /// The Zobrist hash computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0u64;
        for sq in R::GEOMETRY.squares() {
            let p = self.board[sq.index()];
            if !p.is_empty() {
                h ^= ZOBRIST.board[p.color().index()][p.kind() as usize][sq.index()];
            }
        }
        for c in Color::BOTH {
            for k in 0..MAX_KINDS {
                h ^= hand_key(c, k, self.hands[c.index()][k]);
            }
        }
        if self.side == Color::White {
            h ^= ZOBRIST.side;
        }
        if let Some(sq) = self.lion_struck {
            h ^= ZOBRIST.lion_struck[sq.index()];
        }
        h
    }

    // ---- setup helpers used by the SFEN reader ----

    pub(crate) fn setup_put(&mut self, sq: Square, piece: Piece) {
        self.put_raw(sq, piece);
    }
    pub(crate) fn setup_hand(&mut self, color: Color, kind: u8, count: u8) {
        self.set_hand_raw(color, kind, count);
    }
    pub(crate) fn setup_lion_struck(&mut self, sq: Square) {
        self.put_lion_struck(Some(sq));
    }
    pub(crate) fn setup_side(&mut self, side: Color, move_number: u32) {
        if self.side != side {
            self.hash ^= ZOBRIST.side;
        }
        self.side = side;
        self.move_number = move_number;
    }
}
