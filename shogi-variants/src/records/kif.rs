//! KIF: reading (Kifu for Windows, Shogidokoro, ShogiGUI, ShogiHome, Piyo Shogi output) and
//! writing (Kifu for Windows' layout).
//!
//! Read: header lines `key：value` (`手合割`, `先手`/`下手`, `後手`/`上手`, others kept), a
//! board diagram (BOD) for other positions, numbered moves (`７六歩(77)`, `同　歩(45)`,
//! `５五角打`, `成`/`不成`, also a USI move), times `( 0:16/00:00:16)`, comments `*` (after
//! the move they follow), the closing entry (`投了`, `詰み`, `中断`, `千日手`, ...). The
//! `まで...` line is derived and not needed. KI2 lines (`▲７六歩    △同　歩`, also
//! `▲5e5d5c`, a move in USI) are read as well. Variations (`変化：N手`) are read as lines of
//! their own; `#` and `&` lines are ignored.

use super::handicap;
use super::notation::{
    file_digit, kanji_count, kind_of_kanji, leading_piece, leading_rank, names_of, pad,
    parse_kanji_count, rank_numeral, square_of,
};
use super::replay::{self, MoveText, RawBoard, RawMove, RawRecord, RawStart, RawVariation};
use super::{EndKind, GameEnd, Record, RecordError, RecordMove, Variation, STANDARD_ID};
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

/// The line (main line or variation) that moves are being read into.
struct Lines {
    /// KIF number of the main line's first entry.
    first_number: Option<usize>,
    /// Index into `raw.variations` of the line being read; `None`: the main line.
    current: Option<usize>,
}

impl Lines {
    fn moves<'a>(&self, raw: &'a mut RawRecord) -> &'a mut Vec<RawMove> {
        match self.current {
            None => &mut raw.moves,
            Some(i) => &mut raw.variations[i].moves,
        }
    }
    fn end<'a>(&self, raw: &'a mut RawRecord) -> &'a mut Option<GameEnd> {
        match self.current {
            None => &mut raw.end,
            Some(i) => &mut raw.variations[i].end,
        }
    }
    fn named_winner<'a>(&self, raw: &'a mut RawRecord) -> &'a mut Option<(usize, Option<Color>)> {
        match self.current {
            None => &mut raw.named_winner,
            Some(i) => &mut raw.variations[i].named_winner,
        }
    }
    /// The ply (1-based, from the record's first move) of the current line's next entry.
    fn next_ply(&self, raw: &RawRecord) -> usize {
        match self.current {
            None => raw.moves.len() + 1,
            Some(i) => raw.variations[i].at + raw.variations[i].moves.len(),
        }
    }
}

/// The plies (first, one past the last entry) a line covers.
fn span(raw: &RawRecord, line: Option<usize>) -> (usize, usize) {
    let (first, moves, end) = match line {
        None => (1, raw.moves.len(), raw.end.is_some()),
        Some(i) => {
            let v = &raw.variations[i];
            (v.at, v.moves.len(), v.end.is_some())
        }
    };
    (first, first + moves + end as usize)
}

/// `変化：N手`: a new line replacing ply `at` of the nearest line above that has that ply
/// (Kifu for Windows writes variations deepest first, so this finds the right one); a
/// variation at its parent's own first ply is a sibling of it.
fn start_variation(raw: &mut RawRecord, at: usize, n: usize) -> Result<usize, RecordError> {
    let mut candidate = raw.variations.len();
    loop {
        let line = candidate.checked_sub(1);
        let (first, past) = span(raw, line);
        if (first..past).contains(&at) {
            let parent = match line {
                Some(i) if first == at => raw.variations[i].parent,
                other => other,
            };
            raw.variations.push(RawVariation {
                line: n,
                at,
                parent,
                moves: Vec::new(),
                end: None,
                named_winner: None,
            });
            return Ok(raw.variations.len() - 1);
        }
        match line {
            Some(_) => candidate -= 1,
            None => {
                return Err(RecordError::new(
                    n,
                    format!("a variation at move {at}, but no line above has a move {at}"),
                ))
            }
        }
    }
}

/// Parses KIF or KI2 text (see the module docs) without checking the moves.
pub fn parse(text: &str) -> Result<RawRecord, RecordError> {
    let mut raw = RawRecord::default();
    let mut board: Option<BoardBuilder> = None;
    let mut lines = Lines {
        first_number: None,
        current: None,
    };
    // KI2 lines were read: a `まで` line is the closing entry.
    let mut ki2 = false;
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
            let in_variation = lines.current.is_some();
            if let Some(e) = lines.end(&mut raw) {
                e.comments.push(c);
            } else if let Some(m) = lines.moves(&mut raw).last_mut() {
                m.comments.push(c);
            } else if in_variation {
                return Err(err(
                    "a comment before the first move of a variation (it has no position to \
                     belong to)"
                        .to_string(),
                ));
            } else {
                raw.comments.push(c);
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("変化：") {
            let number: usize = rest
                .trim_end_matches('手')
                .trim()
                .parse()
                .map_err(|_| err(format!("bad variation line '{}'", clip(line))))?;
            let first = lines
                .first_number
                .ok_or_else(|| err("a variation before any move".to_string()))?;
            if number < first {
                return Err(err(format!(
                    "a variation at move {number}, before the first move {first}"
                )));
            }
            lines.current = Some(start_variation(&mut raw, number - first + 1, n)?);
            continue;
        }
        if let Some(rest) = line.strip_prefix("まで") {
            if ki2 {
                closing_line(&mut raw, &lines, rest, n)?;
            }
            continue;
        }
        if line == MOVES_HEADER || line.starts_with("手数--") {
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
        let trimmed = line.trim_start();
        if trimmed.starts_with(KI2_MARKS) {
            ki2 = true;
            ki2_line(&mut raw, &mut lines, trimmed, n)?;
            continue;
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
        if trimmed.starts_with(|c: char| c.is_ascii_digit()) {
            if lines.end(&mut raw).is_some() {
                return Err(err("a move after the closing entry".to_string()));
            }
            let (number, rest) = split_number(trimmed);
            let first = *lines.first_number.get_or_insert(number);
            // A lion's second step (`二歩目`) shares its move's number with the first.
            let second_step = rest.starts_with(SECOND_STEP) as usize;
            let expected = (first + lines.next_ply(&raw) - 1).saturating_sub(second_step);
            if number != expected {
                return Err(err(format!("move number {number}; expected {expected}")));
            }
            entry(&mut raw, &lines, rest, n, trimmed)?;
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

/// The side marks that open a KI2 move (`▲`/`△`, also `☗`/`☖` and `▼`/`▽`).
const KI2_MARKS: [char; 6] = ['▲', '△', '☗', '☖', '▼', '▽'];

/// A line of KI2 moves: `▲７六歩    △３四歩    ▲２二角成  △同　銀`.
fn ki2_line(
    raw: &mut RawRecord,
    lines: &mut Lines,
    line: &str,
    n: usize,
) -> Result<(), RecordError> {
    let err = |reason: String| RecordError::new(n, reason);
    if lines.end(raw).is_some() {
        return Err(err("a move after the closing entry".to_string()));
    }
    lines.first_number.get_or_insert(1);
    let starts: Vec<usize> = line
        .char_indices()
        .filter(|(_, c)| KI2_MARKS.contains(c))
        .map(|(i, _)| i)
        .collect();
    for (k, &at) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(line.len());
        let token = line[at..end].trim_end_matches([' ', '　', '\t']);
        let mut chars = token.chars();
        let color = match chars.next() {
            Some('▲' | '☗' | '▼') => Color::Black,
            _ => Color::White,
        };
        let text = chars.as_str();
        if !text.is_empty() && text.is_ascii() {
            // A move KI2's marks cannot write, in USI (see `ki2_entry`).
            lines.moves(raw).push(RawMove {
                line: n,
                written: token.to_string(),
                text: MoveText::Usi {
                    text: text.to_string(),
                    color: Some(color),
                },
                seconds: None,
                total: None,
                comments: Vec::new(),
            });
            continue;
        }
        let mut parsed = kif_move(text).map_err(err)?;
        if let MoveText::Kif { color: c, from, .. } = &mut parsed {
            if from.is_some() {
                return Err(err(format!("a KI2 move with an origin square: '{token}'")));
            }
            *c = Some(color);
        }
        lines.moves(raw).push(RawMove {
            line: n,
            written: token.to_string(),
            text: parsed,
            seconds: None,
            total: None,
            comments: Vec::new(),
        });
    }
    Ok(())
}

/// The side a closing line names first (`先手`/`下手` Black, `後手`/`上手` White) and the rest.
fn side_prefix(s: &str) -> Option<(Color, &str)> {
    for (name, c) in [
        ("先手", Color::Black),
        ("下手", Color::Black),
        ("後手", Color::White),
        ("上手", Color::White),
    ] {
        if let Some(r) = s.strip_prefix(name) {
            return Some((c, r));
        }
    }
    None
}

/// KI2's closing line after `まで`: `76手で先手の勝ち`, `10手で中断`, ...
fn closing_line(
    raw: &mut RawRecord,
    lines: &Lines,
    rest: &str,
    n: usize,
) -> Result<(), RecordError> {
    let err = |reason: String| RecordError::new(n, reason);
    let bad = || err(format!("unrecognised closing line 'まで{}'", clip(rest)));
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let count: usize = digits.parse().map_err(|_| bad())?;
    let what = rest[digits.len()..].strip_prefix("手で").ok_or_else(bad)?;
    let first = lines.first_number.unwrap_or(1);
    let played = first - 1 + lines.next_ply(raw) - 1;
    if count != played {
        return Err(err(format!(
            "the closing line says {count} moves; the line has {played}"
        )));
    }
    if lines.end(raw).is_some() {
        return Err(err("a second closing entry".to_string()));
    }
    let (kind, winner) = match what {
        "中断" => (EndKind::Abort, None),
        "千日手" => (EndKind::Sennichite, None),
        "持将棋" => (EndKind::Jishogi, None),
        "詰" | "詰み" => (EndKind::Checkmate, None),
        "不詰" => (EndKind::NoMate, None),
        _ => {
            let (timeup, s) = match what.strip_prefix("時間切れにより") {
                Some(r) => (true, r),
                None => (false, what),
            };
            let (c, r) = side_prefix(s).ok_or_else(bad)?;
            match (timeup, r) {
                (true, "の勝ち") => (EndKind::TimeUp, Some(c)),
                (false, "の勝ち") => (EndKind::Resign, Some(c)),
                (false, "の反則勝ち") => (EndKind::IllegalWin, Some(c)),
                (false, "の反則負け") => (EndKind::IllegalLoss, Some(!c)),
                (false, "の入玉勝ち") => (EndKind::DeclareWin, Some(c)),
                _ => return Err(bad()),
            }
        }
    };
    *lines.end(raw) = Some(GameEnd::new(kind));
    if kind != EndKind::Checkmate {
        *lines.named_winner(raw) = Some((n, winner));
    }
    Ok(())
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
fn entry(
    raw: &mut RawRecord,
    lines: &Lines,
    rest: &str,
    n: usize,
    whole: &str,
) -> Result<(), RecordError> {
    let err = |reason: String| RecordError::new(n, reason);
    // A trailing `+` marks a move that variations branch from; after a USI move's square it
    // is the promotion (our writer puts a space before the mark when there is no time).
    let rest = match rest.strip_suffix('+') {
        Some(r) if !r.ends_with(|c: char| c.is_ascii_alphanumeric()) => r,
        _ => rest,
    };
    // Large boards write a lion's double move as two entries of one number.
    let (step, rest) = match (
        rest.strip_prefix(FIRST_STEP),
        rest.strip_prefix(SECOND_STEP),
    ) {
        (Some(r), _) => (1, r.trim_start()),
        (_, Some(r)) => (2, r.trim_start()),
        _ => (0, rest),
    };
    let (text, tail) = split_move(rest);
    if text.is_empty() {
        return Err(err(format!(
            "a move number without a move: '{}'",
            clip(whole)
        )));
    }
    let (seconds, total) = parse_time(tail).map_err(err)?;
    if let Some(kind) = EndKind::of_kif(text) {
        *lines.end(raw) = Some(GameEnd {
            kind,
            seconds,
            total,
            comments: Vec::new(),
        });
        return Ok(());
    }
    let mut parsed = if text.is_ascii() {
        MoveText::Usi {
            text: text.to_string(),
            color: None,
        }
    } else {
        kif_move(text).map_err(err)?
    };
    let pending = |m: Option<&RawMove>| {
        matches!(
            m,
            Some(RawMove {
                text: MoveText::Kif {
                    first_step: true,
                    ..
                },
                ..
            })
        )
    };
    if step != 2 && pending(lines.moves(raw).last()) {
        return Err(err(format!(
            "a lion's first step (一歩目) without its second (二歩目) before '{}'",
            clip(whole)
        )));
    }
    match (step, &mut parsed) {
        (0, _) => {}
        (
            1,
            MoveText::Kif {
                from: Some(_),
                first_step,
                ..
            },
        ) => *first_step = true,
        (
            2,
            MoveText::Kif {
                from: Some(second_from),
                to,
                promote,
                ..
            },
        ) if pending(lines.moves(raw).last()) => {
            let prev = lines.moves(raw).last_mut().expect("a pending first step");
            let MoveText::Kif {
                to: first_to,
                mid,
                promote: first_promote,
                first_step,
                ..
            } = &mut prev.text
            else {
                unreachable!("checked by pending")
            };
            if first_to.is_some_and(|t| t != *second_from) {
                return Err(err(format!(
                    "the second step (二歩目) does not start where the first ended: '{}'",
                    clip(whole)
                )));
            }
            *mid = Some(*second_from);
            *first_to = *to;
            *first_promote = *promote;
            *first_step = false;
            prev.written = format!("{} {text}", prev.written);
            prev.seconds = seconds;
            prev.total = total;
            return Ok(());
        }
        (2, _) => {
            return Err(err(format!(
                "a second step (二歩目) without a first: '{}'",
                clip(whole)
            )))
        }
        _ => {
            return Err(err(format!(
                "a lion's step needs a kanji move with its origin: '{}'",
                clip(whole)
            )))
        }
    }
    lines.moves(raw).push(RawMove {
        line: n,
        written: text.to_string(),
        text: parsed,
        seconds,
        total,
        comments: Vec::new(),
    });
    Ok(())
}

/// The first and second entries of a lion's double move on large boards (lishogi).
const FIRST_STEP: &str = "一歩目";
const SECOND_STEP: &str = "二歩目";

/// Splits an entry into the move text and the time after it. The move text ends at the first
/// space, except after `同`, and except that large boards write ` （←7十）` after a space.
fn split_move(rest: &str) -> (&str, &str) {
    if let Some(i) = rest.find('←') {
        if let Some(j) = rest[i..].find([')', '）']) {
            let close = i + j;
            let end = close + rest[close..].chars().next().map_or(0, char::len_utf8);
            return (&rest[..end], rest[end..].trim_start());
        }
    }
    match rest.find([' ', '\t', '　']) {
        Some(i) if !rest.starts_with('同') => (&rest[..i], rest[i..].trim_start()),
        _ => split_same(rest),
    }
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

/// A kanji move: `７六歩(77)`, `同　角成(88)`, `５五角打`, `２二銀不成(33)`, and on large boards
/// as lishogi writes chu shogi `7八獅子 （←7十）`, `仝龍王 （←3五）`, `12十一香車成 （←12十）`.
fn kif_move(text: &str) -> Result<MoveText, String> {
    let mut rest = text;
    let to = if let Some(r) = rest.strip_prefix('同').or_else(|| rest.strip_prefix('仝')) {
        rest = r.trim_start_matches(['　', ' ']);
        None
    } else if rest.chars().count() < 2 {
        return Err(format!("incomplete move '{text}'"));
    } else {
        let (sq, len) =
            leading_square(rest).ok_or_else(|| format!("bad destination square in '{text}'"))?;
        rest = &rest[len..];
        Some(sq)
    };
    if rest.is_empty() {
        return Err(format!("incomplete move '{text}': no piece"));
    }
    let (_, len) = leading_piece(rest).ok_or_else(|| {
        let name: String = rest
            .chars()
            .take_while(|&c| c != '(' && c != '（')
            .collect();
        format!("unknown piece name '{name}' in '{text}'")
    })?;
    let piece = rest[..len].to_string();
    rest = &rest[len..];
    // KI2's marks (redundant with an origin square, which KIF writes).
    let mut relative = None;
    let mut motion = None;
    if let Some(c) = rest
        .chars()
        .next()
        .filter(|c| ['右', '左', '直'].contains(c))
    {
        relative = Some(c);
        rest = &rest[c.len_utf8()..];
    }
    if let Some(c) = rest
        .chars()
        .next()
        .filter(|c| ['上', '引', '寄', '行'].contains(c))
    {
        // 行 is an old spelling of 上.
        motion = Some(if c == '行' { '上' } else { c });
        rest = &rest[c.len_utf8()..];
    }
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
    // shogiops marks a lion's return (igui, jitto); the squares already say it.
    for mark in ["（居食い）", "(居食い)", "（じっと）", "(じっと)"] {
        if let Some(r) = rest.strip_prefix(mark) {
            rest = r;
        }
    }
    rest = rest.trim_start_matches([' ', '　']);
    let from = if let Some(r) = rest.strip_prefix("（←").or_else(|| rest.strip_prefix("(←")) {
        // Large boards: `（←12十一）`.
        let (sq, len) =
            leading_square(r).ok_or_else(|| format!("bad origin square in '{text}'"))?;
        let close = &r[len..];
        rest = close
            .strip_prefix('）')
            .or_else(|| close.strip_prefix(')'))
            .ok_or_else(|| format!("bad origin square in '{text}'"))?;
        Some(sq)
    } else if let Some(r) = rest.strip_prefix('(') {
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
    if drop && (relative.is_some() || motion.is_some()) {
        return Err(format!("a drop with a relative mark: '{text}'"));
    }
    Ok(MoveText::Kif {
        color: None,
        to,
        piece,
        promote,
        drop,
        from,
        relative,
        motion,
        mid: None,
        first_step: false,
    })
}

/// A destination or origin square at the start of `s`, with its length: one or two ASCII
/// file digits and a kanji rank (`7八`, `12十一`: large boards), or one file digit and one
/// rank numeral (`７六`; also `76`, which some tools write).
fn leading_square(s: &str) -> Option<((u8, u8), usize)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    for d in (1..=digits.min(2)).rev() {
        let file: u8 = s[..d].parse().ok()?;
        if let Some((rank, len)) = leading_rank(&s[d..]) {
            return (file > 0).then_some(((file, rank), d + len));
        }
    }
    let mut chars = s.chars();
    let (f, r) = (chars.next()?, chars.next()?);
    Some((
        (file_digit(f)?, rank_numeral(r)?),
        f.len_utf8() + r.len_utf8(),
    ))
}

/// The header lines of a KIF or KI2 record (players, headers, the start), and whether the
/// start is a handicap (players named 下手/上手).
fn header_lines<R: Rules>(record: &Record, out: &mut Vec<String>) -> Result<bool, RecordError> {
    for (k, v) in &record.headers {
        out.push(format!("{k}：{v}"));
    }
    let standard = record.variant == STANDARD_ID;
    let named = handicap::by_sfen(&record.start).filter(|_| standard);
    let handicapped = named.is_some_and(|h| h.name != handicap::EVEN.name);
    if !standard {
        out.push(format!("{VARIANT_KEY}：{}", record.variant));
        out.push(format!("{SFEN_KEY}：{}", record.start));
    } else if let Some(h) = named {
        out.push(format!("手合割：{}", h.name));
    } else {
        let pos = Position::<R>::from_sfen(&record.start)
            .map_err(|e| RecordError::new(1, format!("start position: {e}")))?;
        out.extend(bod::<R>(&pos)?);
    }
    let (b, w) = if handicapped {
        ("下手", "上手")
    } else {
        ("先手", "後手")
    };
    if let Some(name) = &record.black {
        out.push(format!("{b}：{name}"));
    }
    if let Some(name) = &record.white {
        out.push(format!("{w}：{name}"));
    }
    Ok(handicapped)
}

/// The notation a line's moves are written in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Kif,
    Ki2,
}

/// Where a line starts: the position before its first move, the previous move's
/// destination (for `同`), each side's total time so far, and the moves from the record's
/// start (to replay the positions its variations branch from).
#[derive(Clone)]
struct LineStart<R: Rules> {
    pos: Position<R>,
    prev_to: Option<shogi_core::Square>,
    totals: [u32; 2],
    path: Vec<(shogi_core::Move, [u32; 2])>,
}

/// Writes a line's entries (KIF numbered lines with times and `+` marks at the plies
/// variations branch from, or KI2 move text), then its variations, deepest first.
#[allow(clippy::too_many_arguments)]
fn write_line<R: Rules>(
    out: &mut Vec<String>,
    style: Style,
    start: LineStart<R>,
    first_ply: usize,
    moves: &[RecordMove],
    end: Option<&GameEnd>,
    variations: &[Variation],
    handicapped: bool,
) -> Result<(), RecordError> {
    let LineStart {
        mut pos,
        mut prev_to,
        mut totals,
        mut path,
    } = start;
    let line_start = pos.clone();
    let inherited = path.len();
    let forked = |ply: usize| variations.iter().any(|v| v.at == ply);
    let mut entries: Vec<Entry> = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let ply = first_ply + i;
        let bad = |reason: String| RecordError::new(1, format!("move {ply}: {reason}"));
        let mv = Position::<R>::parse_usi_syntax(&m.usi).map_err(|e| bad(e.to_string()))?;
        if !pos.is_legal_move(mv) {
            return Err(bad(format!("illegal move '{}'", m.usi)));
        }
        let text = match style {
            Style::Kif => replay::kif_text(&mut pos, mv, prev_to).unwrap_or_else(|| m.usi.clone()),
            Style::Ki2 => ki2_entry(&mut pos, mv, prev_to),
        };
        let side = pos.side_to_move().index();
        let total = m.seconds.map(|s| {
            totals[side] = m.total.unwrap_or(totals[side].saturating_add(s));
            totals[side]
        });
        if m.seconds.is_none() {
            if let Some(t) = m.total {
                totals[side] = t;
            }
        }
        entries.push((text, m.seconds, total.or(m.total), &m.comments));
        pos.make(mv);
        prev_to = Some(mv.to());
        path.push((mv, totals));
    }
    let to_move = pos.side_to_move();
    match style {
        Style::Kif => {
            if let Some(e) = end {
                let side = to_move.index();
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
                let mark = match (forked(first_ply + i), seconds.is_some()) {
                    (false, _) => "",
                    (true, true) => "+",
                    (true, false) => " +",
                };
                // A lion's double move on a large board: its first step on a line of its own.
                let text = match text.split_once('\n') {
                    Some((first, second)) => {
                        out.push(format!("{:>4} {first}", first_ply + i));
                        second.to_string()
                    }
                    None => text,
                };
                out.push(format!("{:>4} {text}{time}{mark}", first_ply + i));
                out.extend(comments.iter().map(|c| format!("*{c}")));
            }
            if first_ply == 1 {
                if let Some(e) = end {
                    out.push(result_line(e.kind, moves.len(), to_move, handicapped));
                }
            }
        }
        Style::Ki2 => {
            // Six moves a line, each padded to 12 columns; a comment ends its line.
            let mut row = String::new();
            let mut in_row = 0;
            for (text, _, _, comments) in &entries {
                row.push_str(&pad(text, KI2_COLUMNS));
                in_row += 1;
                if in_row == KI2_PER_LINE || !comments.is_empty() {
                    out.push(row.trim_end().to_string());
                    row.clear();
                    in_row = 0;
                }
                out.extend(comments.iter().map(|c| format!("*{c}")));
            }
            if !row.is_empty() {
                out.push(row.trim_end().to_string());
            }
            if let Some(e) = end {
                out.push(result_line(
                    e.kind,
                    first_ply - 1 + moves.len(),
                    to_move,
                    handicapped,
                ));
                out.extend(e.comments.iter().map(|c| format!("*{c}")));
            }
        }
    }
    // Deepest first: a reader attaches `変化：N手` to the nearest line above with ply N.
    let mut order: Vec<&Variation> = variations.iter().collect();
    order.sort_by_key(|v| std::cmp::Reverse(v.at));
    for v in order {
        let before =
            v.at.checked_sub(first_ply)
                .filter(|&k| k <= moves.len())
                .ok_or_else(|| {
                    RecordError::new(1, format!("a variation at move {} outside its line", v.at))
                })?;
        let prefix = &path[..inherited + before];
        let mut start_pos = line_start.clone();
        for (mv, _) in &path[inherited..inherited + before] {
            start_pos.make(*mv);
        }
        out.push(String::new());
        out.push(format!("変化：{}手", v.at));
        write_line(
            out,
            style,
            LineStart {
                pos: start_pos,
                prev_to: prefix.last().map(|(m, _)| m.to()),
                totals: prefix.last().map(|(_, t)| *t).unwrap_or([0, 0]),
                path: prefix.to_vec(),
            },
            v.at,
            &v.moves,
            v.end.as_ref(),
            &v.variations,
            handicapped,
        )?;
    }
    Ok(())
}

/// Columns of a KI2 move and moves per line (Kifu for Windows' layout).
const KI2_COLUMNS: usize = 12;
const KI2_PER_LINE: usize = 6;

/// Writes a record of rule set `R` as KIF (UTF-8 text with its `#KIF` encoding line).
pub fn write<R: Rules>(record: &Record) -> Result<String, RecordError> {
    let mut out = vec![
        "#KIF version=2.0 encoding=UTF-8".to_string(),
        "# ---- shogi-variants 棋譜ファイル ----".to_string(),
    ];
    let handicapped = header_lines::<R>(record, &mut out)?;
    out.push(MOVES_HEADER.to_string());
    out.extend(record.comments.iter().map(|c| format!("*{c}")));
    body::<R>(record, Style::Kif, handicapped, &mut out)?;
    Ok(out.iter().map(|l| format!("{l}\n")).collect())
}

/// The KI2 text of a move as the writer puts it: the kanji move with the marks that single
/// out its piece (`▲５八金右`, see [`replay::ki2_text`]) when reading that text back in this
/// position gives this very move; else the side mark and the USI move (`▲5e5d5c`). The
/// second is for the moves KI2 has no words for: a lion's double move, a piece without a
/// Japanese name, a square beyond the 9×9 board, or two pieces that no pair of marks tells
/// apart (pieces of unusual shapes). Standard shogi never needs it.
fn ki2_entry<R: Rules>(
    pos: &mut Position<R>,
    mv: shogi_core::Move,
    prev_to: Option<shogi_core::Square>,
) -> String {
    let side = replay::mark(pos.side_to_move());
    if let Some(text) = replay::ki2_text(pos, mv, prev_to) {
        let body = text.strip_prefix(side).unwrap_or(&text);
        if let Ok(mut parsed @ MoveText::Kif { from: None, .. }) = kif_move(body) {
            if let MoveText::Kif { color, .. } = &mut parsed {
                *color = Some(pos.side_to_move());
            }
            if replay::to_move::<R>(pos, &parsed, prev_to, "") == Ok(mv) {
                return text;
            }
        }
    }
    format!("{side}{}", pos.move_to_usi(mv))
}

/// Writes a record as KI2 (moves without origin squares, `右`/`左`/`直`/`上`/`引`/`寄`/`打`
/// where needed; no times, which KI2 does not hold). Every variant id is written with KIF's
/// headers (`変種`, `開始局面` for all but standard shogi); a move KI2 cannot write is given
/// in USI (see [`ki2_entry`]).
pub fn write_ki2<R: Rules>(record: &Record) -> Result<String, RecordError> {
    let mut out = vec!["#KI2 version=2.0 encoding=UTF-8".to_string()];
    let handicapped = header_lines::<R>(record, &mut out)?;
    out.extend(record.comments.iter().map(|c| format!("*{c}")));
    body::<R>(record, Style::Ki2, handicapped, &mut out)?;
    Ok(out.iter().map(|l| format!("{l}\n")).collect())
}

fn body<R: Rules>(
    record: &Record,
    style: Style,
    handicapped: bool,
    out: &mut Vec<String>,
) -> Result<(), RecordError> {
    let pos = Position::<R>::from_sfen(&record.start)
        .map_err(|e| RecordError::new(1, format!("start position: {e}")))?;
    write_line(
        out,
        style,
        LineStart {
            pos,
            prev_to: None,
            totals: [0, 0],
            path: Vec::new(),
        },
        1,
        &record.moves,
        record.end.as_ref(),
        &record.variations,
        handicapped,
    )
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
