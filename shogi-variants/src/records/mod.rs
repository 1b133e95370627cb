//! Game records: KIF (Kakinoki's format, what ShogiHome, Shogidokoro, ShogiGUI and Kifu for
//! Windows read and write) and CSA (V2.2, the computer-shogi servers' format).
//!
//! A [`Record`] holds a game as its variant id, start SFEN and USI moves, with players,
//! headers, per-move times and comments and how the game ended. Reading checks every move
//! against the variant's rules; a bad record is reported as a [`RecordError`] with the line
//! number and the reason. Standard shogi and the handicaps of [`handicap`] are written as the
//! GUIs write them (`手合割`, kanji moves, a board diagram for other positions); every other
//! variant id is written as KIF with the id in a `変種` header and the start SFEN in a
//! `開始局面` header, moves in kanji where the piece has a Japanese name and the move a KIF
//! form, else in USI. KI2 is written for every id too, with the same headers: kanji moves
//! with KI2's marks where they single out the piece, else the side mark and the USI move
//! (`▲5e5d5c`); see [`kif::write_ki2`].
//!
//! No crate fits: `shogi-kifu-converter` and `csa` (crates.io) cover standard shogi only and
//! report errors without line numbers, so the parser is written once here, with
//! `encoding_rs` for Shift_JIS.

pub mod csa;
pub mod handicap;
pub mod kif;
pub mod notation;
mod replay;

pub use replay::{csa_text, kif_text};

use crate::registry::{self, VariantVisitor};
use shogi_core::{Color, Game, GameOutcome, Rules};
use std::path::Path;

/// The id of standard shogi, the one variant KIF and CSA describe without extensions.
pub const STANDARD_ID: &str = "shogi";

/// Largest record file read, in bytes (a 4096-move record with comments is well below).
pub const MAX_RECORD_BYTES: usize = 4 * 1024 * 1024;

/// A game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Variant id (`shogi` for KIF/CSA without a `変種` header).
    pub variant: String,
    /// The start position.
    pub start: String,
    pub black: Option<String>,
    pub white: Option<String>,
    /// Further header lines in file order, as (KIF key, value): `開始日時`, `棋戦`, ... CSA's
    /// `$` keys are stored under their KIF names where KIF has one.
    pub headers: Vec<(String, String)>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    pub moves: Vec<RecordMove>,
    /// How the game ended, when the record says.
    pub end: Option<GameEnd>,
    /// Variations (KIF `変化：N手`) branching off the main line, in file order.
    pub variations: Vec<Variation>,
}

/// An alternative line: from ply `at` of the line it branches off (1 for the first move of
/// the main line), its moves replace that line's moves (or its closing entry, when `at` is one
/// past its last move). Its own variations branch off it at later plies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The ply (1-based, counted from the record's first move) of the line's first move.
    pub at: usize,
    pub moves: Vec<RecordMove>,
    pub end: Option<GameEnd>,
    pub variations: Vec<Variation>,
}

/// One move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The move in USI notation.
    pub usi: String,
    /// Seconds spent on the move.
    pub seconds: Option<u32>,
    /// The mover's total time after this move, when it differs from the running sum of
    /// `seconds` (time added by the rules, a record started mid-game); else `None`.
    pub total: Option<u32>,
    pub comments: Vec<String>,
}

impl RecordMove {
    /// A move without time or comments.
    pub fn new(usi: impl Into<String>) -> RecordMove {
        RecordMove {
            usi: usi.into(),
            seconds: None,
            total: None,
            comments: Vec::new(),
        }
    }
}

/// The closing entry of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub kind: EndKind,
    pub seconds: Option<u32>,
    pub total: Option<u32>,
    pub comments: Vec<String>,
}

impl GameEnd {
    pub fn new(kind: EndKind) -> GameEnd {
        GameEnd {
            kind,
            seconds: None,
            total: None,
            comments: Vec::new(),
        }
    }
}

/// How a record ends. Each is said of the side to move after the last move (as KIF and CSA
/// put it), except the draws and `Abort`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndKind {
    /// 投了 / %TORYO: the side to move resigns.
    Resign,
    /// 詰み / %TSUMI: the side to move is checkmated.
    Checkmate,
    /// 中断 / %CHUDAN: stopped, no result.
    Abort,
    /// 千日手 / %SENNICHITE: draw by repetition.
    Sennichite,
    /// 持将棋 / %JISHOGI: draw by impasse.
    Jishogi,
    /// 切れ負け / %TIME_UP: the side to move lost on time.
    TimeUp,
    /// 反則勝ち: the previous move was illegal (CSA `%ILLEGAL_MOVE` is written with it), the
    /// side to move wins; also a perpetual check by the previous mover.
    IllegalWin,
    /// 反則負け: the side to move made an illegal action and loses.
    IllegalLoss,
    /// 入玉勝ち / %KACHI: the side to move declares an entering-king win.
    DeclareWin,
    /// 不詰 / %FUZUMI: a mate problem's side to move has no mate.
    NoMate,
}

impl EndKind {
    /// Every kind, for tables and tests.
    pub const ALL: [EndKind; 10] = [
        EndKind::Resign,
        EndKind::Checkmate,
        EndKind::Abort,
        EndKind::Sennichite,
        EndKind::Jishogi,
        EndKind::TimeUp,
        EndKind::IllegalWin,
        EndKind::IllegalLoss,
        EndKind::DeclareWin,
        EndKind::NoMate,
    ];

    /// The winner, given the side to move after the last move; `None` for draws and aborts.
    pub fn winner(self, to_move: Color) -> Option<Color> {
        match self {
            EndKind::Resign | EndKind::Checkmate | EndKind::TimeUp | EndKind::IllegalLoss => {
                Some(!to_move)
            }
            EndKind::IllegalWin | EndKind::DeclareWin => Some(to_move),
            EndKind::Abort | EndKind::Sennichite | EndKind::Jishogi | EndKind::NoMate => None,
        }
    }

    /// The end of a finished game of our rules, said of the side to move: a loss of the side
    /// to move by checkmate is `Checkmate`, any other loss `Resign` (stalemate, king
    /// captured); a win of the side to move (the previous move broke a rule: perpetual check,
    /// nifu) is `IllegalWin`; a draw is `Sennichite`.
    pub fn of_outcome(outcome: GameOutcome, to_move: Color, in_check: bool) -> EndKind {
        use shogi_core::EndReason;
        match outcome.winner {
            None => EndKind::Sennichite,
            Some(w) if w == to_move => EndKind::IllegalWin,
            Some(_) if outcome.reason == EndReason::NoLegalMove && in_check => EndKind::Checkmate,
            Some(_) => EndKind::Resign,
        }
    }
}

/// A record that could not be read or written: where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}line {line}: {reason}", file.as_deref().map(|f| format!("{f}: ")).unwrap_or_default())]
pub struct RecordError {
    /// The file, when read from one.
    pub file: Option<String>,
    /// 1-based line number.
    pub line: usize,
    pub reason: String,
}

impl RecordError {
    pub fn new(line: usize, reason: impl Into<String>) -> RecordError {
        RecordError {
            file: None,
            line,
            reason: reason.into(),
        }
    }
    fn in_file(mut self, path: &Path) -> RecordError {
        self.file = Some(path.display().to_string());
        self
    }
}

/// A record file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Kif,
    /// KI2: KIF's headers with moves written without their origin squares (`▲７六歩`), or
    /// in USI after the side mark where KI2 has no words for a move (`▲5e5d5c`). Read by the
    /// KIF reader, which takes both.
    Ki2,
    Csa,
}

/// Text encodings of record files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    ShiftJis,
}

impl Format {
    /// The format a file name implies: `.csa` is CSA, `.ki2`/`.ki2u` KI2, anything else KIF.
    pub fn of_path(path: &Path) -> Format {
        match extension(path).as_str() {
            "csa" => Format::Csa,
            "ki2" | "ki2u" => Format::Ki2,
            _ => Format::Kif,
        }
    }

    /// The format of a text: CSA when its first statement is one (`V2.2`, `N+`, `P1`, `PI`,
    /// `+`, `$`, a `'` comment), else KIF.
    pub fn sniff(text: &str) -> Format {
        for line in text.lines() {
            let l = line.trim_start_matches('\u{feff}').trim();
            if l.is_empty() {
                continue;
            }
            let csa = l.starts_with('V')
                || l.starts_with("N+")
                || l.starts_with("N-")
                || l.starts_with('P')
                || l.starts_with('\'')
                || l.starts_with('$')
                || l.starts_with('%')
                || ((l.starts_with('+') || l.starts_with('-')) && l.is_ascii());
            return if csa { Format::Csa } else { Format::Kif };
        }
        Format::Kif
    }
}

fn extension(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// Decodes a record file's bytes: UTF-8 (with or without a byte-order mark), or Shift_JIS
/// (as Windows writes it, CP932), following a `#KIF ... encoding=` line when there is one.
/// `.kifu` files are UTF-8 by convention, but a Shift_JIS one is accepted too.
pub fn decode(bytes: &[u8]) -> Result<(String, Encoding), RecordError> {
    let body = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let declared = declared_encoding(body);
    let utf8 = std::str::from_utf8(body);
    match (declared, utf8) {
        (Some(Encoding::ShiftJis), _) => shift_jis(body).map(|s| (s, Encoding::ShiftJis)),
        (_, Ok(s)) => Ok((s.to_string(), Encoding::Utf8)),
        (Some(Encoding::Utf8), Err(e)) => Err(RecordError::new(
            line_at(body, e.valid_up_to()),
            if e.error_len().is_none() {
                "the text ends inside a UTF-8 character (truncated file?)".to_string()
            } else {
                "bytes that are not UTF-8, although the file says encoding=UTF-8".to_string()
            },
        )),
        (None, Err(_)) => shift_jis(body).map(|s| (s, Encoding::ShiftJis)),
    }
}

/// The encoding named by a leading `#KIF version=2.0 encoding=...` line.
fn declared_encoding(body: &[u8]) -> Option<Encoding> {
    let first = body.split(|&b| b == b'\n').next()?;
    let first = std::str::from_utf8(first).ok()?.to_ascii_lowercase();
    if !first.starts_with("#kif") && !first.starts_with("#ki2") {
        return None;
    }
    let enc = first.split("encoding=").nth(1)?.trim();
    if enc.starts_with("utf-8") || enc.starts_with("utf8") {
        Some(Encoding::Utf8)
    } else if enc.starts_with("shift_jis") || enc.starts_with("sjis") || enc.starts_with("cp932") {
        Some(Encoding::ShiftJis)
    } else {
        None
    }
}

fn shift_jis(body: &[u8]) -> Result<String, RecordError> {
    // CP932, as Windows writes "Shift_JIS" text (encoding_rs's SHIFT_JIS is that superset).
    let (text, had_errors) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(body);
    if !had_errors {
        return Ok(text.into_owned());
    }
    // The message names the first line that is neither UTF-8 nor Shift_JIS, else the first
    // line that is not Shift_JIS in a file that mixes the two.
    let lines: Vec<&[u8]> = body.split(|&b| b == b'\n').collect();
    let sjis_bad = |l: &[u8]| encoding_rs::SHIFT_JIS.decode_without_bom_handling(l).1;
    let last = lines.len();
    if let Some(i) = lines
        .iter()
        .position(|l| std::str::from_utf8(l).is_err() && sjis_bad(l))
    {
        let reason = if i + 1 == last {
            "neither UTF-8 nor Shift_JIS text (the last line is cut: truncated file?)"
        } else {
            "neither UTF-8 nor Shift_JIS text"
        };
        return Err(RecordError::new(i + 1, reason));
    }
    let i = lines.iter().position(|l| sjis_bad(l)).unwrap_or(0);
    Err(RecordError::new(
        i + 1,
        "UTF-8 text here but Shift_JIS elsewhere in the file (mixed encodings)",
    ))
}

fn line_at(body: &[u8], offset: usize) -> usize {
    body[..offset.min(body.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Reads a record from bytes in `format`, checking it under the variant `id` (a record that
/// names another variant is refused).
pub fn read_bytes(bytes: &[u8], format: Format, id: &str) -> Result<Record, RecordError> {
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(RecordError::new(
            1,
            format!(
                "the record has {} bytes; at most {MAX_RECORD_BYTES} are read",
                bytes.len()
            ),
        ));
    }
    let (text, _) = decode(bytes)?;
    read_text(&text, format, id)
}

/// Reads a record from text (see [`read_bytes`]).
pub fn read_text(text: &str, format: Format, id: &str) -> Result<Record, RecordError> {
    let raw = match format {
        Format::Kif | Format::Ki2 => kif::parse(text)?,
        Format::Csa => csa::parse(text)?,
    };
    let variant = raw.variant.clone().unwrap_or_else(|| id.to_string());
    if variant != id {
        return Err(RecordError::new(
            raw.variant_line,
            format!("the record is a game of {variant}, not {id}"),
        ));
    }
    struct Resolve(replay::RawRecord);
    impl VariantVisitor for Resolve {
        type Output = Result<Record, RecordError>;
        fn visit<R: Rules>(self, setup: usize) -> Self::Output {
            replay::resolve::<R>(self.0, setup)
        }
    }
    registry::dispatch(id, Resolve(raw)).map_err(|e| RecordError::new(1, e.to_string()))?
}

/// Reads a record file: the format from the extension (`.csa`, else KIF), or from the text
/// when the extension names neither (`.txt`).
pub fn read_path(path: &Path, id: &str) -> Result<Record, RecordError> {
    let bytes = std::fs::read(path)
        .map_err(|e| RecordError::new(1, format!("cannot read: {e}")).in_file(path))?;
    let format = match extension(path).as_str() {
        "csa" => Format::Csa,
        "kif" | "kifu" => Format::Kif,
        "ki2" | "ki2u" => Format::Ki2,
        _ => {
            let (text, _) = decode(&bytes).map_err(|e| e.in_file(path))?;
            Format::sniff(&text)
        }
    };
    read_bytes(&bytes, format, id).map_err(|e| e.in_file(path))
}

/// Writes a record as text in `format` (CSA only for standard shogi and its handicaps).
pub fn write_text(record: &Record, format: Format) -> Result<String, RecordError> {
    struct Render<'a>(&'a Record, Format);
    impl VariantVisitor for Render<'_> {
        type Output = Result<String, RecordError>;
        fn visit<R: Rules>(self, _setup: usize) -> Self::Output {
            match self.1 {
                Format::Kif => kif::write::<R>(self.0),
                Format::Ki2 => kif::write_ki2::<R>(self.0),
                Format::Csa => csa::write::<R>(self.0),
            }
        }
    }
    registry::dispatch(&record.variant, Render(record, format))
        .map_err(|e| RecordError::new(1, e.to_string()))?
}

/// Writes a record file: CSA for `.csa`, KI2 for `.ki2`/`.ki2u`, else KIF; a `.kif` or
/// `.ki2` file is Shift_JIS (as Kifu for Windows writes it) when every character has a
/// Shift_JIS form, other KIF and KI2 files UTF-8. The encoding is named in the first line
/// (`#KIF version=2.0 encoding=...`).
pub fn write_path(path: &Path, record: &Record) -> Result<(), RecordError> {
    let format = Format::of_path(path);
    let text = write_text(record, format).map_err(|e| e.in_file(path))?;
    let bytes = if matches!(extension(path).as_str(), "kif" | "ki2") {
        let sjis = text.replacen("encoding=UTF-8", "encoding=Shift_JIS", 1);
        let (bytes, _, unmappable) = encoding_rs::SHIFT_JIS.encode(&sjis);
        if unmappable {
            text.into_bytes()
        } else {
            bytes.into_owned()
        }
    } else {
        text.into_bytes()
    };
    std::fs::write(path, bytes)
        .map_err(|e| RecordError::new(1, format!("cannot write: {e}")).in_file(path))
}

/// The record of a game of rule set `R` played from `game`'s start: moves, players, and the
/// end (the game's own outcome, else `end`, e.g. a resignation or an abort).
pub fn record_of_game<R: Rules>(
    id: &str,
    game: &Game<R>,
    black: Option<&str>,
    white: Option<&str>,
    end: Option<EndKind>,
) -> Record {
    let mut pos = game.position().clone();
    let moves = game.moves();
    let mut usi = Vec::with_capacity(moves.len());
    for &mv in moves.iter().rev() {
        usi.push(pos.move_to_usi(mv));
        pos.unmake();
    }
    usi.reverse();
    let start = pos.to_sfen();
    let now = game.position();
    let end = match game.outcome() {
        Some(o) => Some(EndKind::of_outcome(
            o,
            now.side_to_move(),
            now.in_check(now.side_to_move()),
        )),
        None => end,
    };
    Record {
        variant: id.to_string(),
        start,
        black: black.map(str::to_string),
        white: white.map(str::to_string),
        headers: Vec::new(),
        comments: Vec::new(),
        moves: usi.into_iter().map(RecordMove::new).collect(),
        end: end.map(GameEnd::new),
        variations: Vec::new(),
    }
}

/// Writes a game to a record file (the format from the extension, see [`write_path`]):
/// the simple entry point for front ends that hold a start SFEN and USI moves (`match`).
/// The moves are checked by the variant's rules as they are written.
pub fn save_game(
    path: &Path,
    id: &str,
    start_sfen: &str,
    usi_moves: &[String],
    black: Option<&str>,
    white: Option<&str>,
    end: Option<EndKind>,
) -> Result<(), RecordError> {
    let record = Record {
        variant: id.to_string(),
        start: start_sfen.to_string(),
        black: black.map(str::to_string),
        white: white.map(str::to_string),
        headers: Vec::new(),
        comments: Vec::new(),
        moves: usi_moves.iter().map(RecordMove::new).collect(),
        end: end.map(GameEnd::new),
        variations: Vec::new(),
    };
    write_path(path, &record)
}

impl Record {
    /// The moves in USI notation.
    pub fn usi_moves(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.usi.clone()).collect()
    }
}
