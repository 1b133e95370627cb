//! Plain-ASCII text of a position and of a game's result, for `play` and `selfplay`.
//!
//! Pieces are shown by their SFEN tokens (`P`, `+P`, `O`): uppercase for Black (sente),
//! lowercase for White (gote), `.` for an empty square; files 9..1 run along the top and
//! ranks a..i down the right, as in USI coordinates.

use shogi_core::game::EndReason;
use shogi_core::{Color, Game, GameOutcome, Outcome, Piece, Position, Rules, Square};
use std::fmt::Write;

/// English name of a side, with its shogi name.
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black (sente)",
        Color::White => "White (gote)",
    }
}

/// A side's hand as `G 2P` (SFEN letters, count before the letter when above one), or `-`.
pub fn hand_text<R: Rules>(pos: &Position<R>, color: Color) -> String {
    let mut parts = Vec::new();
    for &k in &pos.tables().hand_kinds {
        let n = pos.hand(color, k);
        if n == 0 {
            continue;
        }
        let token = Position::<R>::piece_token(Piece::new(color, k));
        parts.push(if n > 1 { format!("{n}{token}") } else { token });
    }
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(" ")
    }
}

/// The board as a grid of the rule set's size with coordinates (files high to low on top,
/// rank letters at the right); `mark` squares (the last move's) are bracketed.
pub fn board_text<R: Rules>(pos: &Position<R>, mark: &[Square]) -> String {
    let g = R::GEOMETRY;
    let mut s = String::new();
    let mut header = String::from("  ");
    for file in (1..=g.files).rev() {
        let _ = write!(header, "{file:>3} ");
    }
    s.push_str(header.trim_end());
    s.push('\n');
    let rule = format!("  +{}+\n", "-".repeat(4 * g.files as usize));
    s.push_str(&rule);
    for rank in 0..g.ranks {
        s.push_str("  |");
        for file in (0..g.files).rev() {
            let sq = Square::from_file_rank(file, rank);
            let p = pos.piece_at(sq);
            let token = if p.is_empty() {
                ".".to_string()
            } else {
                Position::<R>::piece_token(p)
            };
            // Four columns per square, the token ending in the third; a marked square wraps
            // the token in brackets without moving it.
            if mark.contains(&sq) {
                let _ = write!(s, "{:>4}", format!("[{token}]"));
            } else {
                let _ = write!(s, "{:>3} ", token);
            }
        }
        let _ = writeln!(s, "| {}", (b'a' + rank) as char);
    }
    s.push_str(&rule);
    s
}

/// Squares of a move to mark on the board: origin, lion midpoint and destination.
pub fn move_squares(mv: shogi_core::Move) -> Vec<Square> {
    let mut v = Vec::new();
    if !mv.is_drop() {
        v.push(mv.from());
    }
    if let Some(mid) = mv.mid() {
        v.push(mid);
    }
    v.push(mv.to());
    v
}

/// The short result code: `1-0` (Black won), `0-1`, or `1/2-1/2`.
pub fn result_code(outcome: GameOutcome) -> &'static str {
    match outcome.winner {
        Some(Color::Black) => "1-0",
        Some(Color::White) => "0-1",
        None => "1/2-1/2",
    }
}

/// A one-line result: `checkmate: Black (sente) wins`, `sennichite ...: draw`.
pub fn result_text<R: Rules>(game: &Game<R>, outcome: GameOutcome) -> String {
    let reason = Ending::of(game, outcome).text();
    match outcome.winner {
        Some(w) => format!("{reason}: {} wins", side_name(w)),
        None => format!("{reason}: draw"),
    }
}

/// How a game ended, finer than [`EndReason`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Checkmate,
    /// No legal move without being in check (it loses too).
    Stalemate,
    KingCaptured,
    KingFlipped,
    /// A side holds two unpromoted pawns on a file where that loses (Reversi).
    Nifu,
    Sennichite,
    PerpetualCheck,
    /// Chu shogi: fourfold repetition with one side checking or attacking every move.
    PerpetualAttack,
    /// Chu shogi: a side left with its king alone.
    BareKing,
    /// Chu shogi: king against king.
    BareKings,
}

impl Ending {
    /// Classifies the end of a finished game.
    pub fn of<R: Rules>(game: &Game<R>, outcome: GameOutcome) -> Ending {
        let pos = game.position();
        match outcome.reason {
            EndReason::NoLegalMove if pos.in_check(pos.side_to_move()) => Ending::Checkmate,
            EndReason::NoLegalMove => Ending::Stalemate,
            EndReason::BoardDecided => {
                let loser = outcome.winner.map(|w| !w).unwrap_or(pos.side_to_move());
                if let Outcome::Won(_) = pos.outcome() {
                    Ending::KingFlipped
                } else if pos.royals(loser).is_empty() {
                    Ending::KingCaptured
                } else {
                    Ending::Nifu
                }
            }
            EndReason::Sennichite => Ending::Sennichite,
            EndReason::PerpetualCheck => Ending::PerpetualCheck,
            EndReason::PerpetualAttack => Ending::PerpetualAttack,
            EndReason::BareKing => Ending::BareKing,
            EndReason::BareKings => Ending::BareKings,
        }
    }

    /// One word for game records.
    pub fn code(self) -> &'static str {
        match self {
            Ending::Checkmate => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::KingCaptured => "king-captured",
            Ending::KingFlipped => "king-flipped",
            Ending::Nifu => "nifu",
            Ending::Sennichite => "sennichite",
            Ending::PerpetualCheck => "perpetual-check",
            Ending::PerpetualAttack => "perpetual-attack",
            Ending::BareKing => "bare-king",
            Ending::BareKings => "bare-kings",
        }
    }

    /// Words for people.
    pub fn text(self) -> &'static str {
        match self {
            Ending::Checkmate => "checkmate",
            Ending::Stalemate => "stalemate (no legal move, which loses)",
            Ending::KingCaptured => "king captured",
            Ending::KingFlipped => "king flipped",
            Ending::Nifu => "two unpromoted pawns on a file (nifu)",
            Ending::Sennichite => "sennichite (fourfold repetition)",
            Ending::PerpetualCheck => "perpetual check (fourfold repetition; the checker loses)",
            Ending::PerpetualAttack => {
                "perpetual attack (fourfold repetition; the side that checked or attacked with every move loses)"
            }
            Ending::BareKing => "bare king (only the king left)",
            Ending::BareKings => "king against king (draw)",
        }
    }
}
