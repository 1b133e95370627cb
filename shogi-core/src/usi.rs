//! USI move notation: reading (checked against the legal moves) and writing.

use crate::error::MoveError;
use crate::geometry::Square;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;

/// Longest USI move text: a lion's double move with promotion (`5e5d5c+`).
const MAX_MOVE_LEN: usize = 7;

impl<R: Rules> Position<R> {
    /// Writes a move in USI notation (`7g7f`, `8h2b+`, `P*5e`, `5e5d5c`).
    pub fn move_to_usi(&self, mv: Move) -> String {
        move_to_usi::<R>(mv)
    }

    /// Reads a USI move without checking legality.
    pub fn parse_usi_syntax(text: &str) -> Result<Move, MoveError> {
        let bad = || MoveError::Malformed(text.to_string());
        if !text.is_ascii() || text.len() < 4 || text.len() > MAX_MOVE_LEN {
            return Err(bad());
        }
        if text.as_bytes()[1] == b'*' {
            if text.len() != 4 {
                return Err(bad());
            }
            let letter = text[..1].to_string();
            if !letter.chars().all(|c| c.is_ascii_uppercase()) {
                return Err(MoveError::UnknownDropPiece(text.to_string()));
            }
            let kind = R::TABLE
                .kind_by_sfen(&letter)
                .ok_or_else(|| MoveError::UnknownDropPiece(text.to_string()))?;
            let to = Square::parse(&text[2..4]).ok_or_else(bad)?;
            return Ok(Move::drop(kind, to));
        }
        let (body, promote) = match text.strip_suffix('+') {
            Some(b) => (b, true),
            None => (text, false),
        };
        match body.len() {
            4 => {
                let from = Square::parse(&body[..2]).ok_or_else(bad)?;
                let to = Square::parse(&body[2..]).ok_or_else(bad)?;
                Ok(Move::new(from, to, promote))
            }
            6 => {
                let from = Square::parse(&body[..2]).ok_or_else(bad)?;
                let mid = Square::parse(&body[2..4]).ok_or_else(bad)?;
                let to = Square::parse(&body[4..]).ok_or_else(bad)?;
                Ok(Move::lion(from, mid, to, promote))
            }
            _ => Err(bad()),
        }
    }

    /// Reads a USI move and checks that it is legal here.
    pub fn parse_usi(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = Self::parse_usi_syntax(text)?;
        if self.winner_by_board().is_some() {
            return Err(MoveError::GameOver(text.to_string()));
        }
        if self.is_legal_move(mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal(text.to_string()))
        }
    }
}

/// Writes a move in USI notation for rule set `R`.
pub fn move_to_usi<R: Rules>(mv: Move) -> String {
    if mv.is_drop() {
        let letter = R::TABLE.pieces[mv.drop_kind() as usize].sfen;
        format!("{letter}*{}", mv.to())
    } else {
        let mut s = mv.from().to_string();
        if let Some(mid) = mv.mid() {
            s.push_str(&mid.to_string());
        }
        s.push_str(&mv.to().to_string());
        if mv.is_promotion() {
            s.push('+');
        }
        s
    }
}
