//! USI move notation: reading (checked against the legal moves) and writing.

use crate::error::MoveError;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;

/// Longest USI move text: a lion's double move with promotion on a ten-file board
/// (`10e10d10c+`).
const MAX_MOVE_LEN: usize = 10;

impl<R: Rules> Position<R> {
    /// Writes a move in USI notation (`7g7f`, `8h2b+`, `P*5e`, `5e5d5c`).
    pub fn move_to_usi(&self, mv: Move) -> String {
        move_to_usi::<R>(mv)
    }

    /// Reads a USI move without checking legality. Squares are read on the rule set's board
    /// (`10a` on a ten-file board); a drop names the piece by its SFEN token (`P*5e`, `+L*3c`).
    pub fn parse_usi_syntax(text: &str) -> Result<Move, MoveError> {
        let bad = || MoveError::Malformed(text.to_string());
        if !text.is_ascii() || text.len() < 4 || text.len() > MAX_MOVE_LEN {
            return Err(bad());
        }
        let g = R::GEOMETRY;
        if let Some((token, square)) = text.split_once('*') {
            let letter_ok = match token.as_bytes() {
                [c] | [b'+', c] => c.is_ascii_uppercase(),
                _ => false,
            };
            if !letter_ok {
                return Err(MoveError::UnknownDropPiece(text.to_string()));
            }
            let kind = R::TABLE
                .kind_by_sfen(token)
                .ok_or_else(|| MoveError::UnknownDropPiece(text.to_string()))?;
            let to = g.parse_square(square).ok_or_else(bad)?;
            return Ok(Move::drop(kind, to));
        }
        let (body, promote, demote) = match (text.strip_suffix('+'), text.strip_suffix('-')) {
            (Some(b), _) => (b, true, false),
            (None, Some(b)) => (b, false, true),
            (None, None) => (text, false, false),
        };
        // Two or three squares, each a file number and a rank letter.
        let mut squares = [None; 3];
        let mut rest = body;
        for slot in squares.iter_mut() {
            if rest.is_empty() {
                break;
            }
            let (sq, n) = g.parse_prefix(rest).ok_or_else(bad)?;
            *slot = Some(sq);
            rest = &rest[n..];
        }
        match (rest.is_empty(), squares) {
            (true, [Some(from), Some(to), None]) if demote => Ok(Move::demote(from, to)),
            (true, [Some(from), Some(to), None]) => Ok(Move::new(from, to, promote)),
            (true, [_, _, Some(_)]) if demote => Err(bad()),
            (true, [Some(from), Some(mid), Some(to)]) => Ok(Move::lion(from, mid, to, promote)),
            _ => Err(bad()),
        }
    }

    /// Reads a USI move and checks that it is legal here.
    pub fn parse_usi(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.canonical_lion_move(Self::parse_usi_syntax(text)?);
        if self.decided_by_board() {
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
        } else if mv.is_demotion() {
            s.push('-');
        }
        s
    }
}
