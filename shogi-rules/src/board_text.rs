//! The board field of an SFEN on any geometry: read and written once, for the core's SFEN
//! reader and for the macro's setup boards.

use crate::geometry::{Geometry, Square};
use std::fmt;

/// What is wrong with the board field itself (the core's `SfenError` wraps each one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// The field has `found` ranks separated by '/'.
    RankCount { found: usize, board: Geometry },
    /// Rank `rank` describes `files` files.
    FileCount {
        rank: char,
        files: usize,
        board: Geometry,
    },
    /// A run of empty squares written with a leading zero or more than three digits.
    BadEmptyRun { rank: char, run: String },
    /// A '+' not followed by a piece letter.
    DanglingPromotion,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::RankCount { found, board } => write!(
                f,
                "SFEN board has {found} ranks; this variant's {board} board has {} separated by '/'",
                board.ranks
            ),
            BoardError::FileCount { rank, files, board } => write!(
                f,
                "SFEN rank {rank} describes {files} files; this variant's {board} board has {}",
                board.files
            ),
            BoardError::BadEmptyRun { rank, run } => {
                write!(f, "SFEN rank {rank} has a bad run of empty squares '{run}'")
            }
            BoardError::DanglingPromotion => {
                write!(f, "'+' must be followed by a piece letter in SFEN board")
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// Reads the board field of an SFEN on board `g`: ranks from `a` down, files from the highest
/// down to 1, a run of empty squares as one decimal number (`10` on a ten-file board; `54` is
/// 54 squares, not 5 and 4). Calls `put` with each square and piece token (`+s`, `K`); its
/// errors pass through.
pub fn read_board<E: From<BoardError>>(
    g: &Geometry,
    field: &str,
    mut put: impl FnMut(Square, &str) -> Result<(), E>,
) -> Result<(), E> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != g.ranks as usize {
        return Err(BoardError::RankCount {
            found: ranks.len(),
            board: *g,
        }
        .into());
    }
    for (r, row) in ranks.iter().enumerate() {
        let rank_char = (b'a' + r as u8) as char;
        let too_many = |files| BoardError::FileCount {
            rank: rank_char,
            files,
            board: *g,
        };
        // `placed` counts the files described so far, from the highest file down.
        let mut placed = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(ch) = chars.next() {
            if ch.is_ascii_digit() {
                let mut run = String::from(ch);
                while let Some(d) = chars.next_if(char::is_ascii_digit) {
                    run.push(d);
                }
                if run.starts_with('0') || run.len() > 3 {
                    return Err(BoardError::BadEmptyRun {
                        rank: rank_char,
                        run,
                    }
                    .into());
                }
                placed += run.parse::<usize>().unwrap_or(usize::MAX / 2);
                continue;
            }
            let token = if ch == '+' {
                match chars.next() {
                    Some(c) if c.is_ascii_alphabetic() => format!("+{c}"),
                    _ => return Err(BoardError::DanglingPromotion.into()),
                }
            } else {
                ch.to_string()
            };
            if placed >= g.files as usize {
                return Err(too_many(placed + 1).into());
            }
            let file = g.files - 1 - placed as u8;
            put(Square::from_file_rank(file, r as u8), &token)?;
            placed += 1;
        }
        if placed != g.files as usize {
            return Err(too_many(placed).into());
        }
    }
    Ok(())
}

/// Writes the board field of an SFEN on board `g`, `token(square)` giving each square's piece
/// token (already cased for its owner) or `None` for an empty square.
pub fn write_board(g: &Geometry, mut token: impl FnMut(Square) -> Option<String>) -> String {
    let mut s = String::with_capacity(96);
    for r in 0..g.ranks {
        if r > 0 {
            s.push('/');
        }
        let mut empty = 0;
        for f in (0..g.files).rev() {
            match token(Square::from_file_rank(f, r)) {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&t);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(g: &Geometry, field: &str) -> Result<Vec<(String, String)>, BoardError> {
        let mut out = Vec::new();
        read_board(g, field, |sq, t| {
            out.push((sq.to_string(), t.to_string()));
            Ok::<(), BoardError>(())
        })?;
        Ok(out)
    }

    #[test]
    fn reads_files_from_the_highest_down_and_runs_as_one_number() {
        let g = Geometry::new(5, 5).unwrap();
        let read = tokens(&g, "rbsgk/4p/5/P4/KGSBR").unwrap();
        assert_eq!(read[0], ("5a".into(), "r".into()));
        assert_eq!(read[4], ("1a".into(), "k".into()));
        assert_eq!(read[5], ("1b".into(), "p".into()));
        assert_eq!(read[6], ("5d".into(), "P".into()));
        let ten = Geometry::new(10, 10).unwrap();
        let field = ["10"; 10].join("/");
        assert_eq!(tokens(&ten, &field).unwrap(), vec![]);
    }

    #[test]
    fn bad_fields_name_the_rank_and_the_board() {
        let g = Geometry::STANDARD;
        let err = |f: &str| tokens(&g, f).unwrap_err();
        assert_eq!(err("9/9/9"), BoardError::RankCount { found: 3, board: g });
        assert_eq!(
            err("4k4/9/9/54/9/9/9/9/4K4"),
            BoardError::FileCount {
                rank: 'd',
                files: 54,
                board: g
            }
        );
        assert_eq!(
            err("4k4/9/9/09/9/9/9/9/4K4"),
            BoardError::BadEmptyRun {
                rank: 'd',
                run: "09".into()
            }
        );
        assert_eq!(err("4k3+/9/9/9/9/9/9/9/4K4"), BoardError::DanglingPromotion);
        assert!(err("4k4/9/9/9/9/9/9/9/4K4/9")
            .to_string()
            .contains("10 ranks; this variant's 9x9 board has 9"));
    }

    #[test]
    fn writing_reverses_reading() {
        let g = Geometry::new(7, 9).unwrap();
        let field = "rnbkbnr/7/ppppppp/7/7/7/PPPPPPP/7/RNBKBNR";
        let read = tokens(&g, field).unwrap();
        let back = write_board(&g, |sq| {
            read.iter()
                .find(|(s, _)| *s == sq.to_string())
                .map(|(_, t)| t.clone())
        });
        assert_eq!(back, field);
    }
}
