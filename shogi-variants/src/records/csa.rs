//! CSA records (version 2.2, as the computer-shogi servers and Floodgate write them).
//!
//! Read: `V2.2`, players `N+`/`N-`, `$KEY:value` information, the start as `PI` (the even
//! start less handicap pieces, e.g. `PI82HI22KA`), `P1`..`P9` rows with `P+`/`P-` pieces
//! (`00AL`: the rest to hand), the side `+`/`-`, moves `+7776FU` (the piece as it stands
//! after the move), times `T12`, the closing `%TORYO` etc., comments `'*` (after the move
//! they follow; other `'` lines are ignored). Statements may share a line, separated by `,`.
//! CSA describes standard shogi only, so only standard shogi is written as CSA.

use super::handicap;
use super::notation::{kind_of_csa, names_of, square_of};
use super::replay::{self, MoveText, RawBoard, RawMove, RawRecord, RawStart};
use super::{EndKind, GameEnd, Record, RecordError, STANDARD_ID};
use shogi_core::{Color, Position, Rules};

/// `$` keys with a KIF header name.
const INFO_KEYS: &[(&str, &str)] = &[
    ("EVENT", "棋戦"),
    ("SITE", "場所"),
    ("START_TIME", "開始日時"),
    ("END_TIME", "終了日時"),
    ("TIME_LIMIT", "持ち時間"),
    ("OPENING", "戦型"),
];

/// The pieces of a standard set (unpromoted kind names and counts), for `00AL`.
const FULL_SET: &[(&str, u32)] = &[
    ("rook", 2),
    ("bishop", 2),
    ("gold", 4),
    ("silver", 4),
    ("knight", 4),
    ("lance", 4),
    ("pawn", 18),
];

/// Unpromoted form of a standard kind name.
fn unpromoted(kind: &str) -> &str {
    match kind {
        "dragon" => "rook",
        "horse" => "bishop",
        "promoted_silver" => "silver",
        "promoted_knight" => "knight",
        "promoted_lance" => "lance",
        "tokin" => "pawn",
        k => k,
    }
}

type Grid = [[Option<(Color, &'static str)>; 9]; 9];

/// The even start as a grid, indexed `[file - 1][rank - 1]`.
fn even_grid() -> Grid {
    // The CSA standard's even position, row by row (files 9 to 1).
    const ROWS: [&str; 9] = [
        "-KY-KE-GI-KI-OU-KI-GI-KE-KY",
        " * -HI *  *  *  *  * -KA * ",
        "-FU-FU-FU-FU-FU-FU-FU-FU-FU",
        " *  *  *  *  *  *  *  *  * ",
        " *  *  *  *  *  *  *  *  * ",
        " *  *  *  *  *  *  *  *  * ",
        "+FU+FU+FU+FU+FU+FU+FU+FU+FU",
        " * +KA *  *  *  *  * +HI * ",
        "+KY+KE+GI+KI+OU+KI+GI+KE+KY",
    ];
    let mut g: Grid = [[None; 9]; 9];
    for (r, row) in ROWS.iter().enumerate() {
        for (c, cell) in row.as_bytes().chunks(3).enumerate() {
            if let Ok(Some(p)) = cell_piece(cell) {
                g[8 - c][r] = Some(p);
            }
        }
    }
    g
}

fn cell_piece(cell: &[u8]) -> Result<Option<(Color, &'static str)>, String> {
    let text = String::from_utf8_lossy(cell);
    if cell.len() != 3 {
        return Err(format!("bad board cell '{text}'"));
    }
    if &cell[1..] == b"* " || cell == b" * " {
        return Ok(None);
    }
    let color = match cell[0] {
        b'+' => Color::Black,
        b'-' => Color::White,
        _ => return Err(format!("bad board cell '{text}'")),
    };
    let code = std::str::from_utf8(&cell[1..]).map_err(|_| format!("bad board cell '{text}'"))?;
    let kind = kind_of_csa(code).ok_or_else(|| format!("unknown piece '{code}'"))?;
    Ok(Some((color, kind)))
}

impl EndKind {
    /// The CSA closing statement, given the side to move after the last move.
    pub fn csa(self, to_move: Color) -> &'static str {
        match self {
            EndKind::Resign => "%TORYO",
            EndKind::Checkmate => "%TSUMI",
            EndKind::Abort => "%CHUDAN",
            EndKind::Sennichite => "%SENNICHITE",
            EndKind::Jishogi => "%JISHOGI",
            EndKind::TimeUp => "%TIME_UP",
            EndKind::IllegalWin => match to_move {
                Color::White => "%+ILLEGAL_ACTION",
                Color::Black => "%-ILLEGAL_ACTION",
            },
            EndKind::IllegalLoss => "%ILLEGAL_MOVE",
            EndKind::DeclareWin => "%KACHI",
            EndKind::NoMate => "%FUZUMI",
        }
    }
}

/// Reading state.
struct Reader {
    raw: RawRecord,
    grid: Option<Grid>,
    hands: [Vec<(&'static str, u32)>; 2],
    side: Option<Color>,
    /// Line of the first start statement.
    start_line: usize,
}

/// Parses CSA text without checking the moves.
pub fn parse(text: &str) -> Result<RawRecord, RecordError> {
    let mut r = Reader {
        raw: RawRecord::default(),
        grid: None,
        hands: [Vec::new(), Vec::new()],
        side: None,
        start_line: 0,
    };
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        // Line ends are trimmed of spaces as the KIF reader trims them, so that a name, `$`
        // value or comment reads the same from CSA and from the KIF written of it (board
        // rows get their last empty cell's spaces back below).
        let line = line
            .trim_start_matches('\u{feff}')
            .trim_end_matches(['\r', ' ', '\u{3000}']);
        if let Some(c) = line.strip_prefix('\'') {
            if let Some(c) = c.strip_prefix('*') {
                let c = c.to_string();
                match (&mut r.raw.end, r.raw.moves.last_mut()) {
                    (Some(e), _) => e.comments.push(c),
                    (None, Some(m)) => m.comments.push(c),
                    (None, None) => r.raw.comments.push(c),
                }
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix('$') {
            let (k, v) = rest
                .split_once(':')
                .ok_or_else(|| RecordError::new(n, format!("'$' line without ':': '{line}'")))?;
            if k.contains('：') {
                // KIF splits a header at its first '：': such a key would not survive as KIF.
                return Err(RecordError::new(
                    n,
                    format!(
                        "'$' key '{}' contains '：'",
                        k.chars().take(40).collect::<String>()
                    ),
                ));
            }
            let key = INFO_KEYS
                .iter()
                .find(|(c, _)| *c == k)
                .map(|(_, kif)| kif.to_string())
                .unwrap_or_else(|| format!("${k}"));
            r.raw.headers.push((key, v.to_string()));
            continue;
        }
        if let Some(name) = line.strip_prefix("N+") {
            r.raw.black = Some(name.to_string());
            continue;
        }
        if let Some(name) = line.strip_prefix("N-") {
            r.raw.white = Some(name.to_string());
            continue;
        }
        // Board rows contain spaces, which are also statement text: take P lines whole.
        if line.starts_with('P') {
            statement(&mut r, line, n)?;
            continue;
        }
        for s in line.split(',') {
            let s = s.trim();
            if !s.is_empty() {
                statement(&mut r, s, n)?;
            }
        }
    }
    if r.raw.moves.is_empty() && r.grid.is_none() && r.side.is_none() {
        let last = text.lines().count().max(1);
        return Err(RecordError::new(
            last,
            "no start position (P1..P9 or PI) and no moves",
        ));
    }
    let grid = r.grid.ok_or_else(|| {
        RecordError::new(
            r.raw.moves.first().map(|m| m.line).unwrap_or(1),
            "moves before any start position (P1..P9 or PI)",
        )
    })?;
    let side = r.side.ok_or_else(|| {
        RecordError::new(
            r.start_line.max(1),
            "no side to move ('+' or '-') after the start position",
        )
    })?;
    r.raw.start_line = r.start_line.max(1);
    r.raw.start = start_of(&grid, &r.hands, side);
    Ok(r.raw)
}

/// The start: a named handicap's SFEN when it is one, else the board.
fn start_of(grid: &Grid, hands: &[Vec<(&'static str, u32)>; 2], side: Color) -> RawStart {
    let mut squares = Vec::new();
    for (f, col) in grid.iter().enumerate() {
        for (rk, cell) in col.iter().enumerate() {
            if let (Some((c, k)), Some(sq)) = (cell, square_of(f as u8 + 1, rk as u8 + 1)) {
                squares.push((sq, *c, *k));
            }
        }
    }
    RawStart::Board(RawBoard {
        squares,
        hands: hands.clone(),
        side,
        move_number: 1,
    })
}

fn statement(r: &mut Reader, s: &str, n: usize) -> Result<(), RecordError> {
    let err = |reason: String| RecordError::new(n, reason);
    let bytes = s.as_bytes();
    match bytes[0] {
        b'V' => Ok(()),
        b'P' => {
            if r.start_line == 0 {
                r.start_line = n;
            }
            if !r.raw.moves.is_empty() {
                return Err(err("a position line among the moves".to_string()));
            }
            start_line(r, s, n)
        }
        b'+' | b'-' if bytes.len() == 1 => {
            if !r.raw.moves.is_empty() {
                return Err(err("a side-to-move line among the moves".to_string()));
            }
            if r.start_line == 0 {
                r.start_line = n;
            }
            r.side = Some(if bytes[0] == b'+' {
                Color::Black
            } else {
                Color::White
            });
            Ok(())
        }
        b'+' | b'-' => {
            if r.raw.end.is_some() {
                return Err(err(format!("move '{s}' after the closing statement")));
            }
            if r.grid.is_none() || r.side.is_none() {
                return Err(err(format!(
                    "move '{s}' before the start position and side"
                )));
            }
            let color = if bytes[0] == b'+' {
                Color::Black
            } else {
                Color::White
            };
            if bytes.len() != 7 || !s.is_ascii() {
                return Err(err(format!("malformed move '{s}'; expected like +7776FU")));
            }
            let d = |i: usize| -> Result<u8, RecordError> {
                let c = bytes[i];
                if c.is_ascii_digit() {
                    Ok(c - b'0')
                } else {
                    Err(err(format!("malformed move '{s}'; expected like +7776FU")))
                }
            };
            let from = (d(1)?, d(2)?);
            let to = (d(3)?, d(4)?);
            let code = &s[5..7];
            let kind =
                kind_of_csa(code).ok_or_else(|| err(format!("unknown piece '{code}' in '{s}'")))?;
            r.raw.moves.push(RawMove {
                line: n,
                written: s.to_string(),
                text: MoveText::Csa {
                    color,
                    from: if from == (0, 0) { None } else { Some(from) },
                    to,
                    kind,
                },
                seconds: None,
                total: None,
                comments: Vec::new(),
            });
            Ok(())
        }
        b'T' => {
            let digits = s[1..].split('.').next().unwrap_or("");
            let t: u32 = digits.parse().map_err(|_| err(format!("bad time '{s}'")))?;
            match (&mut r.raw.end, r.raw.moves.last_mut()) {
                (Some(e), _) => e.seconds = Some(t),
                (None, Some(m)) => m.seconds = Some(t),
                (None, None) => return Err(err("a time before any move".to_string())),
            }
            Ok(())
        }
        b'%' => {
            if r.raw.end.is_some() {
                return Err(err(format!("a second closing statement '{s}'")));
            }
            let side = r
                .side
                .ok_or_else(|| err(format!("'{s}' before the start position")))?;
            let to_move = match r.raw.moves.last() {
                Some(RawMove {
                    text: MoveText::Csa { color, .. },
                    ..
                }) => !*color,
                _ => side,
            };
            let kind = match s {
                "%TORYO" => EndKind::Resign,
                "%TSUMI" => EndKind::Checkmate,
                "%CHUDAN" | "%HIKIWAKE" | "%MATTA" | "%ERROR" => EndKind::Abort,
                "%SENNICHITE" => EndKind::Sennichite,
                "%JISHOGI" => EndKind::Jishogi,
                "%TIME_UP" => EndKind::TimeUp,
                "%ILLEGAL_MOVE" => EndKind::IllegalLoss,
                "%+ILLEGAL_ACTION" | "%-ILLEGAL_ACTION" => {
                    let offender = if s.starts_with("%+") {
                        Color::Black
                    } else {
                        Color::White
                    };
                    if offender == to_move {
                        EndKind::IllegalLoss
                    } else {
                        EndKind::IllegalWin
                    }
                }
                "%KACHI" => EndKind::DeclareWin,
                "%FUZUMI" => EndKind::NoMate,
                _ => return Err(err(format!("unknown closing statement '{s}'"))),
            };
            let mut end = GameEnd::new(kind);
            if matches!(s, "%HIKIWAKE" | "%MATTA" | "%ERROR") {
                end.comments.push(format!("CSA {s}"));
            }
            r.raw.end = Some(end);
            Ok(())
        }
        _ => Err(err(format!(
            "unrecognised statement '{}'",
            s.chars().take(40).collect::<String>()
        ))),
    }
}

/// `PI...`, `P1`..`P9`, `P+...`, `P-...`.
fn start_line(r: &mut Reader, s: &str, n: usize) -> Result<(), RecordError> {
    let err = |reason: String| RecordError::new(n, reason);
    let bytes = s.as_bytes();
    if bytes.len() < 2 {
        return Err(err(format!("bad position line '{s}'")));
    }
    match bytes[1] {
        b'I' => {
            let mut g = even_grid();
            let rest = &bytes[2..];
            if !rest.len().is_multiple_of(4) {
                return Err(err(format!(
                    "bad PI line '{s}'; expected square+piece pairs"
                )));
            }
            for c in rest.chunks(4) {
                let (f, rk) = (c[0].wrapping_sub(b'0'), c[1].wrapping_sub(b'0'));
                let code = std::str::from_utf8(&c[2..]).unwrap_or("");
                if !(1..=9).contains(&f) || !(1..=9).contains(&rk) {
                    return Err(err(format!("bad square in PI line '{s}'")));
                }
                let cell = &mut g[f as usize - 1][rk as usize - 1];
                match cell {
                    Some((_, k)) if kind_of_csa(code) == Some(*k) => *cell = None,
                    _ => {
                        return Err(err(format!(
                            "PI removes {code} from {f}{rk}, which does not hold it"
                        )))
                    }
                }
            }
            r.grid = Some(g);
            Ok(())
        }
        b'1'..=b'9' => {
            let rank = (bytes[1] - b'0') as usize;
            let g = r.grid.get_or_insert([[None; 9]; 9]);
            let cells = &bytes[2..];
            // Trailing spaces of the last empty cell are often dropped.
            let mut padded = cells.to_vec();
            while padded.len() < 27 && !padded.len().is_multiple_of(3) {
                padded.push(b' ');
            }
            if padded.len() != 27 {
                return Err(err(format!(
                    "board row P{rank} has {} characters; expected 9 cells of 3",
                    cells.len()
                )));
            }
            for (c, cell) in padded.chunks(3).enumerate() {
                g[8 - c][rank - 1] = cell_piece(cell).map_err(err)?;
            }
            Ok(())
        }
        b'+' | b'-' => {
            let color = if bytes[1] == b'+' {
                Color::Black
            } else {
                Color::White
            };
            let rest = &bytes[2..];
            if !rest.len().is_multiple_of(4) {
                return Err(err(format!("bad line '{s}'; expected square+piece pairs")));
            }
            let g = r.grid.get_or_insert([[None; 9]; 9]);
            for c in rest.chunks(4) {
                let code = std::str::from_utf8(&c[2..]).unwrap_or("");
                if &c[..2] == b"00" && code == "AL" {
                    let rest = remaining(g, &r.hands);
                    r.hands[color.index()].extend(rest);
                    continue;
                }
                let kind = kind_of_csa(code)
                    .ok_or_else(|| err(format!("unknown piece '{code}' in '{s}'")))?;
                if &c[..2] == b"00" {
                    r.hands[color.index()].push((kind, 1));
                } else {
                    let (f, rk) = (c[0].wrapping_sub(b'0'), c[1].wrapping_sub(b'0'));
                    if !(1..=9).contains(&f) || !(1..=9).contains(&rk) {
                        return Err(err(format!("bad square in '{s}'")));
                    }
                    g[f as usize - 1][rk as usize - 1] = Some((color, kind));
                }
            }
            Ok(())
        }
        _ => Err(err(format!("bad position line '{s}'"))),
    }
}

/// The standard pieces on neither the board nor a hand (for `00AL`).
fn remaining(g: &Grid, hands: &[Vec<(&'static str, u32)>; 2]) -> Vec<(&'static str, u32)> {
    let mut left: Vec<(&'static str, u32)> = FULL_SET.to_vec();
    let mut take = |kind: &str, n: u32| {
        if let Some(e) = left.iter_mut().find(|(k, _)| *k == unpromoted(kind)) {
            e.1 = e.1.saturating_sub(n);
        }
    };
    for col in g {
        for (_, k) in col.iter().flatten() {
            take(k, 1);
        }
    }
    for h in hands {
        for (k, n) in h {
            take(k, *n);
        }
    }
    left.into_iter().filter(|(_, n)| *n > 0).collect()
}

/// Writes a standard-shogi record as CSA V2.2.
pub fn write<R: Rules>(record: &Record) -> Result<String, RecordError> {
    if record.variant != STANDARD_ID {
        return Err(RecordError::new(
            1,
            format!(
                "CSA describes standard shogi only; write {} as KIF (.kif or .kifu)",
                record.variant
            ),
        ));
    }
    let mut out = String::new();
    let mut line = |s: &str| {
        out.push_str(s);
        out.push('\n');
    };
    line("V2.2");
    if let Some(b) = &record.black {
        line(&format!("N+{b}"));
    }
    if let Some(w) = &record.white {
        line(&format!("N-{w}"));
    }
    for (k, v) in &record.headers {
        let key = INFO_KEYS
            .iter()
            .find(|(_, kif)| kif == k)
            .map(|(c, _)| c.to_string())
            .or_else(|| k.strip_prefix('$').map(str::to_string));
        match key {
            Some(key) => line(&format!("${key}:{v}")),
            // A KIF header without a CSA key is kept as a comment line.
            None => line(&format!("'{k}：{v}")),
        }
    }
    let pos = Position::<R>::from_sfen(&record.start)
        .map_err(|e| RecordError::new(1, format!("start position: {e}")))?;
    match handicap::by_sfen(&record.start) {
        Some(h) => line(&format!("PI{}", h.csa_removed)),
        None => {
            for l in board_lines(&pos)? {
                line(&l);
            }
        }
    }
    line(if pos.side_to_move() == Color::Black {
        "+"
    } else {
        "-"
    });
    for c in &record.comments {
        line(&format!("'*{c}"));
    }
    if !record.variations.is_empty() {
        // CSA has no variations: say so in a plain comment (not a `'*` move comment).
        line(&format!(
            "'{} variation(s) not written: CSA holds one line; write KIF to keep them",
            record.variations.len()
        ));
    }
    let mut body = Vec::new();
    let last = replay::replay::<R>(record, |pos, mv, i| {
        let m = &record.moves[i];
        let text = replay::csa_text(pos, mv).ok_or_else(|| {
            RecordError::new(1, format!("move {}: '{}' has no CSA form", i + 1, m.usi))
        })?;
        body.push(text);
        if let Some(s) = m.seconds {
            body.push(format!("T{s}"));
        }
        body.extend(m.comments.iter().map(|c| format!("'*{c}")));
        Ok(())
    })?;
    for b in &body {
        line(b);
    }
    if let Some(e) = &record.end {
        line(e.kind.csa(last.side_to_move()));
        if let Some(s) = e.seconds {
            line(&format!("T{s}"));
        }
        for c in &e.comments {
            line(&format!("'*{c}"));
        }
    }
    Ok(out)
}

/// `P1`..`P9` rows and `P+`/`P-` hands of a position.
fn board_lines<R: Rules>(pos: &Position<R>) -> Result<Vec<String>, RecordError> {
    let bad = |what: String| RecordError::new(1, format!("no CSA form of the start: {what}"));
    let code = |kind: u8| -> Result<&'static str, RecordError> {
        let name = R::TABLE.pieces[kind as usize].name;
        names_of(name)
            .and_then(|n| n.csa)
            .ok_or_else(|| bad(format!("'{name}' has no CSA code")))
    };
    let mut lines = Vec::new();
    for rank in 1..=9u8 {
        let mut row = format!("P{rank}");
        for file in (1..=9u8).rev() {
            let sq = square_of(file, rank).ok_or_else(|| bad("board size".into()))?;
            let p = pos.piece_at(sq);
            if p.is_empty() {
                row.push_str(" * ");
            } else {
                row.push(if p.color() == Color::Black { '+' } else { '-' });
                row.push_str(code(p.kind())?);
            }
        }
        lines.push(row);
    }
    for color in [Color::Black, Color::White] {
        let mut s = format!("P{}", if color == Color::Black { '+' } else { '-' });
        for &k in &pos.tables().hand_kinds {
            for _ in 0..pos.hand(color, k) {
                s.push_str("00");
                s.push_str(code(k)?);
            }
        }
        if s.len() > 2 {
            lines.push(s);
        }
    }
    Ok(lines)
}
