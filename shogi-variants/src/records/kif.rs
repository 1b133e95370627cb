//! KIF: reading (Kifu for Windows, Shogidokoro, ShogiGUI, ShogiHome, Piyo Shogi output) and
//! writing (Kifu for Windows' layout).
//!
//! Read: header lines `key：value` (`手合割`, `先手`/`下手`, `後手`/`上手`, others kept), a
//! board diagram (BOD) for other positions, numbered moves (`７六歩(77)`, `同　歩(45)`,
//! `５五角打`, `成`/`不成`, also a USI move), times `( 0:16/00:00:16)`, comments `*` (after
//! the move they follow), the closing entry (`投了`, `詰み`, `中断`, `千日手`, ...). The
//! `まで...` line is derived and not needed. Variations (`変化：`) end the main line and are
//! skipped; `#` and `&` lines are ignored.

use super::handicap;
use super::notation::{
    file_digit, kanji_count, kind_of_kanji, leading_piece, names_of, pad, parse_kanji_count,
    rank_numeral, square_of,
};
use super::replay::{self, MoveText, RawBoard, RawMove, RawRecord, RawStart};
use super::{EndKind, GameEnd, Record, RecordError, STANDARD_ID};
use shogi_core::{Color, Piece, Position, Rules};

/// Header key naming the variant (written for every id but standard shogi).
pub const VARIANT_KEY: &str = "変種";
/// Header key holding the start SFEN of a variant record.
pub const SFEN_KEY: &str = "開始局面";
/// The line before the moves.
const MOVES_HEADER: &str = "手数----指手---------消費時間--";
/// Columns of the move text before its time (Kifu for Windows' layout).
const MOVE_COLUMNS: usize = 13;

impl EndKind {
    /// The KIF word of the closing entry.
    pub fn kif(self) -> &'static str {
        match self {
            EndKind::Resign => "投了",
            EndKind::Checkmate => "詰み",
            EndKind::Abort => "中断",
            EndKind::Sennichite => "千日手",
            EndKind::Jishogi => "持将棋",
            EndKind::TimeUp => "切れ負け",
            EndKind::IllegalWin => "反則勝ち",
            EndKind::IllegalLoss => "反則負け",
            EndKind::DeclareWin => "入玉勝ち",
            EndKind::NoMate => "不詰",
        }
    }

    fn of_kif(word: &str) -> Option<EndKind> {
        EndKind::ALL.into_iter().find(|k| k.kif() == word)
    }
}

/// Parses KIF text (see the module docs) without checking the moves.
pub fn parse(text: &str) -> Result<RawRecord, RecordError> {
    let mut raw = RawRecord::default();
    let mut board: Option<BoardBuilder> = None;
    let mut first_number: Option<usize> = None;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let line = line
            .trim_start_matches('\u{feff}')
            .trim_end_matches(['\r', ' ', '　']);
        let err = |reason: String| RecordError::new(n, reason);
        if line.is_empty() || line.starts_with('#') || line.starts_with('&') {
            continue;
        }
        if let Some(c) = line.strip_prefix('*') {
            let c = c.to_string();
            match (&mut raw.end, raw.moves.last_mut()) {
                (Some(e), _) => e.comments.push(c),
                (None, Some(m)) => m.comments.push(c),
                (None, None) => raw.comments.push(c),
            }
            continue;
        }
        if line.starts_with("変化：") {
            break; // variations are not read
        }
        if line.starts_with("まで") || line == MOVES_HEADER || line.starts_with("手数--") {
            continue;
        }
        let moves_started = !raw.moves.is_empty() || raw.end.is_some();
        if !moves_started {
            if let Some(b) = board_line(line, n, &mut board)? {
                if b {
                    continue;
                }
            }
        }
        if let Some((key, value)) = line.split_once('：') {
            if moves_started {
                return Err(err(format!("header line '{key}' among the moves")));
            }
            header(
                &mut raw,
                &mut board,
                key,
                value.trim_end_matches(['　', ' ']),
                n,
            )?;
            continue;
        }
        let trimmed = line.trim_start();
        if trimmed.starts_with(|c: char| c.is_ascii_digit()) {
            if raw.end.is_some() {
                return Err(err("a move after the closing entry".to_string()));
            }
            let (number, rest) = split_number(trimmed);
            let expected = first_number.unwrap_or(number) + raw.moves.len();
            if number != expected {
                return Err(err(format!("move number {number}; expected {expected}")));
            }
            first_number.get_or_insert(number);
            entry(&mut raw, rest, n, trimmed)?;
            continue;
        }
        return Err(err(format!("unrecognised line '{}'", clip(line))));
    }
    if let Some(b) = board {
        raw.start_line = b.line;
        raw.start = RawStart::Board(b.finish()?);
    }
    Ok(raw)
}

/// At most 40 characters of a line, for messages.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

fn split_number(s: &str) -> (usize, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    // At most 9 digits parse; a longer number is refused as a mismatch by the caller.
    let number = s[..end.min(9)].parse().unwrap_or(usize::MAX);
    (number, s[end..].trim_start())
}

fn header(
    raw: &mut RawRecord,
    board: &mut Option<BoardBuilder>,
    key: &str,
    value: &str,
    n: usize,
) -> Result<(), RecordError> {
    let err = |reason: String| RecordError::new(n, reason);
    match key {
        "手合割" => match handicap::by_name(value) {
            Some(h) => {
                raw.start = RawStart::Sfen(h.sfen.to_string());
                raw.start_line = n;
            }
            // `その他` and unknown names: the board diagram that follows decides.
            None if value == "その他" => {}
            None => return Err(err(format!("unknown handicap '{value}' in 手合割"))),
        },
        "先手" | "下手" => raw.black = Some(value.to_string()),
        "後手" | "上手" => raw.white = Some(value.to_string()),
        VARIANT_KEY => {
            raw.variant = Some(value.to_string());
            raw.variant_line = n;
        }
        SFEN_KEY => {
            raw.start = RawStart::Sfen(value.to_string());
            raw.start_line = n;
        }
        "先手の持駒" | "下手の持駒" | "後手の持駒" | "上手の持駒" => {
            let color = if key.starts_with('先') || key.starts_with('下') {
                Color::Black
            } else {
                Color::White
            };
            let b = board.get_or_insert_with(|| BoardBuilder::new(n));
            b.hands[color.index()] = parse_hand(value).map_err(err)?;
        }
        _ => raw.headers.push((key.to_string(), value.to_string())),
    }
    Ok(())
}

/// Pieces in hand: `飛　金四　歩十五` or `なし`.
fn parse_hand(value: &str) -> Result<Vec<(&'static str, u32)>, String> {
    let mut out = Vec::new();
    if value == "なし" {
        return Ok(out);
    }
    for token in value.split(['　', ' ']).filter(|t| !t.is_empty()) {
        let (kind, len) =
            leading_piece(token).ok_or_else(|| format!("unknown piece name in hand '{token}'"))?;
        let count = parse_kanji_count(&token[len..])
            .ok_or_else(|| format!("bad count in hand '{token}'"))?;
        out.push((kind, count));
    }
    Ok(out)
}

/// A board diagram being read.
struct BoardBuilder {
    line: usize,
    rows: Vec<Vec<(Color, Option<&'static str>)>>,
    hands: [Vec<(&'static str, u32)>; 2],
    side: Color,
    move_number: u32,
}

impl BoardBuilder {
    fn new(line: usize) -> BoardBuilder {
        BoardBuilder {
            line,
            rows: Vec::new(),
            hands: [Vec::new(), Vec::new()],
            side: Color::Black,
            move_number: 1,
        }
    }

    fn finish(self) -> Result<RawBoard, RecordError> {
        if self.rows.len() != 9 {
            return Err(RecordError::new(
                self.line,
                format!(
                    "the board diagram has {} ranks; expected 9",
                    self.rows.len()
                ),
            ));
        }
        let mut squares = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            for (c, &(color, kind)) in row.iter().enumerate() {
                if let Some(kind) = kind {
                    let sq = square_of(9 - c as u8, r as u8 + 1)
                        .ok_or_else(|| RecordError::new(self.line, "bad board square"))?;
                    squares.push((sq, color, kind));
                }
            }
        }
        Ok(RawBoard {
            squares,
            hands: self.hands,
            side: self.side,
            move_number: self.move_number,
        })
    }
}

/// Reads a line of a board diagram; `Some(true)` when it was one.
fn board_line(
    line: &str,
    n: usize,
    board: &mut Option<BoardBuilder>,
) -> Result<Option<bool>, RecordError> {
    let err = |reason: String| RecordError::new(n, reason);
    let t = line.trim();
    if t.starts_with('９') && t.ends_with('１') || t.starts_with("+---") {
        board.get_or_insert_with(|| BoardBuilder::new(n));
        return Ok(Some(true));
    }
    match t {
        "先手番" | "下手番" | "後手番" | "上手番" => {
            let b = board.get_or_insert_with(|| BoardBuilder::new(n));
            b.side = if t.starts_with('先') || t.starts_with('下') {
                Color::Black
            } else {
                Color::White
            };
            return Ok(Some(true));
        }
        _ => {}
    }
    if let Some(rest) = t.strip_prefix("手数＝") {
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        let played: u32 = digits
            .parse()
            .map_err(|_| err(format!("bad move count in '{}'", clip(t))))?;
        let b = board.get_or_insert_with(|| BoardBuilder::new(n));
        b.move_number = played.saturating_add(1);
        return Ok(Some(true));
    }
    let Some(body) = t.strip_prefix('|') else {
        return Ok(None);
    };
    let Some((cells, _rank)) = body.rsplit_once('|') else {
        return Err(err("a board row without its closing '|'".to_string()));
    };
    let chars: Vec<char> = cells.chars().collect();
    if chars.len() != 18 {
        return Err(err(format!(
            "a board row of {} characters; expected 9 squares of 2",
            chars.len()
        )));
    }
    let mut row = Vec::with_capacity(9);
    for pair in chars.chunks(2) {
        let color = match pair[0] {
            'v' | 'V' => Color::White,
            ' ' | '^' | '　' => Color::Black,
            c => return Err(err(format!("bad side mark '{c}' on the board"))),
        };
        let kind = match pair[1] {
            '・' => None,
            c => Some(
                kind_of_kanji(&c.to_string())
                    .ok_or_else(|| err(format!("unknown piece name '{c}' on the board")))?,
            ),
        };
        row.push((color, kind));
    }
    let b = board.get_or_insert_with(|| BoardBuilder::new(n));
    if b.rows.len() >= 9 {
        return Err(err("more than 9 board rows".to_string()));
    }
    b.rows.push(row);
    Ok(Some(true))
}

/// Reads a numbered entry: a move or the closing entry, then its time.
fn entry(raw: &mut RawRecord, rest: &str, n: usize, whole: &str) -> Result<(), RecordError> {
    let err = |reason: String| RecordError::new(n, reason);
    // The move text ends at the first space; the time follows in parentheses.
    let (text, tail) = match rest.find([' ', '\t', '　']) {
        Some(i) if !rest.starts_with('同') => (&rest[..i], rest[i..].trim_start()),
        _ => split_same(rest),
    };
    if text.is_empty() {
        return Err(err(format!(
            "a move number without a move: '{}'",
            clip(whole)
        )));
    }
    let (seconds, total) = parse_time(tail).map_err(err)?;
    if let Some(kind) = EndKind::of_kif(text) {
        raw.end = Some(GameEnd {
            kind,
            seconds,
            total,
            comments: Vec::new(),
        });
        return Ok(());
    }
    let parsed = if text.is_ascii() {
        MoveText::Usi(text.to_string())
    } else {
        kif_move(text).map_err(err)?
    };
    raw.moves.push(RawMove {
        line: n,
        written: text.to_string(),
        text: parsed,
        seconds,
        total,
        comments: Vec::new(),
    });
    Ok(())
}

/// Splits `同　歩(45) ( 0:01/...)`: `同` may be followed by a full-width space.
fn split_same(rest: &str) -> (&str, &str) {
    let head = rest
        .strip_prefix("同　")
        .or_else(|| rest.strip_prefix("同 "))
        .map(|r| rest.len() - r.len())
        .unwrap_or(0);
    let body = &rest[head..];
    match body.find([' ', '\t', '　']) {
        Some(i) => (&rest[..head + i], body[i..].trim_start()),
        None => (rest, ""),
    }
}

/// `( 0:16/00:00:16)`, `(00:01 / 00:00:01)`, or nothing; a trailing `+` (variation mark) is
/// ignored.
fn parse_time(tail: &str) -> Result<(Option<u32>, Option<u32>), String> {
    let t = tail.trim().trim_end_matches('+').trim();
    if t.is_empty() {
        return Ok((None, None));
    }
    let inner = t
        .strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .ok_or_else(|| format!("unexpected text after the move: '{}'", clip(t)))?;
    let clock = |s: &str| -> Result<u32, String> {
        let mut v: u32 = 0;
        for part in s.trim().split(':') {
            let x: u32 = part
                .trim()
                .parse()
                .map_err(|_| format!("bad time '{}'", clip(inner)))?;
            v = v
                .checked_mul(60)
                .and_then(|v| v.checked_add(x))
                .ok_or_else(|| format!("time out of range '{}'", clip(inner)))?;
        }
        Ok(v)
    };
    match inner.split_once('/') {
        Some((a, b)) => Ok((Some(clock(a)?), Some(clock(b)?))),
        None => Ok((Some(clock(inner)?), None)),
    }
}

/// A kanji move: `７六歩(77)`, `同　角成(88)`, `５五角打`, `２二銀不成(33)`.
fn kif_move(text: &str) -> Result<MoveText, String> {
    let mut rest = text;
    let to = if let Some(r) = rest.strip_prefix('同') {
        rest = r.trim_start_matches(['　', ' ']);
        None
    } else {
        let mut chars = rest.chars();
        let (Some(f), Some(r)) = (chars.next(), chars.next()) else {
            return Err(format!("incomplete move '{text}'"));
        };
        let file =
            file_digit(f).ok_or_else(|| format!("bad destination file '{f}' in '{text}'"))?;
        let rank =
            rank_numeral(r).ok_or_else(|| format!("bad destination rank '{r}' in '{text}'"))?;
        rest = chars.as_str();
        Some((file, rank))
    };
    if rest.is_empty() {
        return Err(format!("incomplete move '{text}': no piece"));
    }
    let (kind, len) = leading_piece(rest).ok_or_else(|| {
        let name: String = rest.chars().take_while(|&c| c != '(').collect();
        format!("unknown piece name '{name}' in '{text}'")
    })?;
    let piece = rest[..len].to_string();
    rest = &rest[len..];
    // Relative marks (KI2 style, redundant with the origin square) are skipped.
    rest = rest.trim_start_matches(['右', '左', '直', '上', '引', '寄', '行']);
    let (promote, drop) = if let Some(r) = rest.strip_prefix("不成") {
        rest = r;
        (Some(false), false)
    } else if let Some(r) = rest.strip_prefix("生") {
        rest = r;
        (Some(false), false)
    } else if let Some(r) = rest.strip_prefix('成') {
        rest = r;
        (Some(true), false)
    } else if let Some(r) = rest.strip_prefix('打') {
        rest = r;
        (None, true)
    } else {
        (None, false)
    };
    let from = if let Some(r) = rest.strip_prefix('(') {
        let b = r.as_bytes();
        if b.len() != 3 || b[2] != b')' || !b[0].is_ascii_digit() || !b[1].is_ascii_digit() {
            return Err(format!("bad origin square in '{text}'"));
        }
        rest = "";
        Some((b[0] - b'0', b[1] - b'0'))
    } else {
        None
    };
    if !rest.is_empty() {
        return Err(format!("unexpected '{rest}' in move '{text}'"));
    }
    if drop && from.is_some() {
        return Err(format!("a drop with an origin square: '{text}'"));
    }
    Ok(MoveText::Kif {
        to,
        kind,
        piece,
        promote,
        drop,
        from,
    })
}

/// Writes a record of rule set `R` as KIF (UTF-8 text with its `#KIF` encoding line).
pub fn write<R: Rules>(record: &Record) -> Result<String, RecordError> {
    let mut out = String::new();
    let mut line = |s: &str| {
        out.push_str(s);
        out.push('\n');
    };
    line("#KIF version=2.0 encoding=UTF-8");
    line("# ---- shogi-variants 棋譜ファイル ----");
    for (k, v) in &record.headers {
        line(&format!("{k}：{v}"));
    }
    let standard = record.variant == STANDARD_ID;
    let named = handicap::by_sfen(&record.start).filter(|_| standard);
    let handicapped = named.is_some_and(|h| h.name != handicap::EVEN.name);
    if !standard {
        line(&format!("{VARIANT_KEY}：{}", record.variant));
        line(&format!("{SFEN_KEY}：{}", record.start));
    } else if let Some(h) = named {
        line(&format!("手合割：{}", h.name));
    } else {
        let pos = Position::<R>::from_sfen(&record.start)
            .map_err(|e| RecordError::new(1, format!("start position: {e}")))?;
        for l in bod::<R>(&pos)? {
            line(&l);
        }
    }
    let (b, w) = if handicapped {
        ("下手", "上手")
    } else {
        ("先手", "後手")
    };
    if let Some(name) = &record.black {
        line(&format!("{b}：{name}"));
    }
    if let Some(name) = &record.white {
        line(&format!("{w}：{name}"));
    }
    line(MOVES_HEADER);
    for c in &record.comments {
        line(&format!("*{c}"));
    }
    let mut totals = [0u32; 2];
    let mut prev_to = None;
    let mut entries: Vec<Entry> = Vec::new();
    let last = replay::replay::<R>(record, |pos, mv, i| {
        let m = &record.moves[i];
        let text = replay::kif_text(pos, mv, prev_to).unwrap_or_else(|| m.usi.clone());
        prev_to = Some(mv.to());
        let side = pos.side_to_move().index();
        let total = m.seconds.map(|s| {
            totals[side] = m.total.unwrap_or(totals[side].saturating_add(s));
            totals[side]
        });
        entries.push((text, m.seconds, total.or(m.total), &m.comments));
        Ok(())
    })?;
    if let Some(e) = &record.end {
        let side = last.side_to_move().index();
        let total = e
            .seconds
            .map(|s| e.total.unwrap_or(totals[side].saturating_add(s)));
        entries.push((
            e.kind.kif().to_string(),
            e.seconds,
            total.or(e.total),
            &e.comments,
        ));
    }
    for (i, (text, seconds, total, comments)) in entries.iter().enumerate() {
        let time = match seconds {
            Some(s) => format!(
                "{}{}",
                if pad(text, MOVE_COLUMNS) == *text {
                    " "
                } else {
                    ""
                },
                time_text(*s, total.unwrap_or(*s))
            ),
            None => String::new(),
        };
        let text = if seconds.is_some() {
            pad(text, MOVE_COLUMNS)
        } else {
            text.clone()
        };
        line(&format!("{:>4} {text}{time}", i + 1));
        for c in comments.iter() {
            line(&format!("*{c}"));
        }
    }
    if let Some(e) = &record.end {
        line(&result_line(
            e.kind,
            record.moves.len(),
            last.side_to_move(),
            handicapped,
        ));
    }
    Ok(out)
}

/// A numbered line to write: text, seconds, total, comments.
type Entry<'a> = (String, Option<u32>, Option<u32>, &'a Vec<String>);

/// `( 0:16/00:00:16)`.
fn time_text(seconds: u32, total: u32) -> String {
    format!(
        "({:>2}:{:02}/{:02}:{:02}:{:02})",
        seconds / 60,
        seconds % 60,
        total / 3600,
        total / 60 % 60,
        total % 60
    )
}

/// `まで76手で先手の勝ち` and the other closing lines of Kifu for Windows.
fn result_line(kind: EndKind, moves: usize, to_move: Color, handicapped: bool) -> String {
    let name = |c: Color| match (c, handicapped) {
        (Color::Black, false) => "先手",
        (Color::White, false) => "後手",
        (Color::Black, true) => "下手",
        (Color::White, true) => "上手",
    };
    let winner = kind.winner(to_move).map(name).unwrap_or("");
    match kind {
        EndKind::Resign | EndKind::Checkmate => format!("まで{moves}手で{winner}の勝ち"),
        EndKind::TimeUp => format!("まで{moves}手で時間切れにより{winner}の勝ち"),
        EndKind::IllegalWin => format!("まで{moves}手で{winner}の反則勝ち"),
        EndKind::IllegalLoss => format!("まで{moves}手で{}の反則負け", name(to_move)),
        EndKind::DeclareWin => format!("まで{moves}手で{winner}の入玉勝ち"),
        EndKind::Abort => format!("まで{moves}手で中断"),
        EndKind::Sennichite => format!("まで{moves}手で千日手"),
        EndKind::Jishogi => format!("まで{moves}手で持将棋"),
        EndKind::NoMate => format!("まで{moves}手で不詰"),
    }
}

/// The board diagram (BOD) of a position, as Kifu for Windows draws it.
fn bod<R: Rules>(pos: &Position<R>) -> Result<Vec<String>, RecordError> {
    let bad = |what: String| RecordError::new(1, format!("no KIF board diagram: {what}"));
    let hand = |c: Color| -> Result<String, RecordError> {
        let mut s = String::new();
        for &k in &pos.tables().hand_kinds {
            let n = pos.hand(c, k);
            if n == 0 {
                continue;
            }
            let name = R::TABLE.pieces[k as usize].name;
            let p = names_of(name).ok_or_else(|| bad(format!("'{name}' has no kanji")))?;
            s.push_str(&format!("{}{}　", p.board, kanji_count(n as u32)));
        }
        if s.is_empty() {
            s.push_str("なし");
        }
        Ok(s)
    };
    let mut lines = vec![format!("後手の持駒：{}", hand(Color::White)?)];
    lines.push("  ９ ８ ７ ６ ５ ４ ３ ２ １".to_string());
    lines.push("+---------------------------+".to_string());
    const RANKS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
    for (r, rank) in RANKS.iter().enumerate() {
        let mut row = String::from("|");
        for file in (1..=9u8).rev() {
            let sq = square_of(file, r as u8 + 1).ok_or_else(|| bad("board size".into()))?;
            let p: Piece = pos.piece_at(sq);
            if p.is_empty() {
                row.push_str(" ・");
            } else {
                let name = R::TABLE.pieces[p.kind() as usize].name;
                let n = names_of(name).ok_or_else(|| bad(format!("'{name}' has no kanji")))?;
                row.push(if p.color() == Color::White { 'v' } else { ' ' });
                row.push(n.board);
            }
        }
        row.push('|');
        row.push(*rank);
        lines.push(row);
    }
    lines.push("+---------------------------+".to_string());
    lines.push(format!("先手の持駒：{}", hand(Color::Black)?));
    if pos.move_number() > 1 {
        lines.push(format!("手数＝{}", pos.move_number() - 1));
    }
    if pos.side_to_move() == Color::White {
        lines.push("後手番".to_string());
    }
    Ok(lines)
}
