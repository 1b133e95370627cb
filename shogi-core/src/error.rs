//! Typed errors for every kind of bad input (DESIGN.md principle 6).

use thiserror::Error;

/// A malformed or impossible SFEN.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SfenError {
    #[error("SFEN is empty")]
    Empty,
    #[error("SFEN has {0} fields; expected 3 or 4 (board, side, hand, move number)")]
    FieldCount(usize),
    #[error("SFEN board has {found} ranks; this variant's {board} board has {} separated by '/'", board.ranks)]
    RankCount {
        found: usize,
        board: crate::geometry::Geometry,
    },
    #[error("SFEN rank {rank} describes {files} files; this variant's {board} board has {}", board.files)]
    FileCount {
        rank: char,
        files: usize,
        board: crate::geometry::Geometry,
    },
    #[error("SFEN rank {rank} has a bad run of empty squares '{run}'")]
    BadEmptyRun { rank: char, run: String },
    #[error("unknown piece '{0}' in SFEN board")]
    UnknownPiece(String),
    #[error("'+' must be followed by a piece letter in SFEN board")]
    DanglingPromotion,
    #[error("bad side to move '{0}'; expected 'b' or 'w'")]
    BadSide(String),
    #[error("unknown piece '{0}' in SFEN hand")]
    UnknownHandPiece(String),
    #[error("'{0}' cannot be held in hand")]
    NotHandable(String),
    #[error("bad hand count in '{0}'")]
    BadHandCount(String),
    #[error("'{0}' is neither '-' nor a square of the board (chu shogi's third field: where a lion was just taken by a non-lion)")]
    BadLionStruck(String),
    #[error("bad move number '{0}'; expected a positive integer")]
    BadMoveNumber(String),
    #[error("{0} has no king")]
    MissingKing(&'static str),
    #[error("{0} has more than one king")]
    TooManyKings(&'static str),
    #[error("{piece} on {square} could never move again")]
    DeadPiece { piece: String, square: String },
    #[error("{0} has two unpromoted pawns on file {1}")]
    Nifu(&'static str, u8),
    #[error("the side not to move ({0}) is in check")]
    OpponentInCheck(&'static str),
    #[error("too many pieces: {0}")]
    TooManyPieces(String),
}

/// A USI move that cannot be read or is not legal here.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("malformed USI move '{0}'")]
    Malformed(String),
    #[error("unknown piece letter in drop '{0}'")]
    UnknownDropPiece(String),
    #[error("illegal move '{0}' in this position")]
    Illegal(String),
    #[error("the game is over; no move '{0}' can be played")]
    GameOver(String),
}

/// A bad `position` command or CLI position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error(transparent)]
    Sfen(#[from] SfenError),
    #[error("move {index}: {error}")]
    Move { index: usize, error: MoveError },
}

/// The board field's own errors keep their `SfenError` names (the reader lives in
/// `shogi-rules`, shared with the macro).
impl From<crate::board_text::BoardError> for SfenError {
    fn from(e: crate::board_text::BoardError) -> Self {
        use crate::board_text::BoardError as B;
        match e {
            B::RankCount { found, board } => SfenError::RankCount { found, board },
            B::FileCount { rank, files, board } => SfenError::FileCount { rank, files, board },
            B::BadEmptyRun { rank, run } => SfenError::BadEmptyRun { rank, run },
            B::DanglingPromotion => SfenError::DanglingPromotion,
        }
    }
}
