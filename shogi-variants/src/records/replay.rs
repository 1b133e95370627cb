//! The generic half of reading and writing records: record moves resolved against the
//! positions of rule set `R` (legality, `同`, promotion, piece names) and written back.

use super::notation::{kif_square, names_of, square_numbers, square_of};
use super::{GameEnd, Record, RecordError, RecordMove};
use shogi_core::{Color, Game, Move, MoveError, Piece, Position, Rules, Square};

/// A record as parsed from text, before its moves are checked.
#[derive(Clone, Debug, Default)]
pub struct RawRecord {
    /// The `変種` header.
    pub variant: Option<String>,
    pub variant_line: usize,
    pub start: RawStart,
    pub start_line: usize,
    pub black: Option<String>,
    pub white: Option<String>,
    pub headers: Vec<(String, String)>,
    pub comments: Vec<String>,
    pub moves: Vec<RawMove>,
    pub end: Option<GameEnd>,
}

/// Where a parsed record starts.
#[derive(Clone, Debug, Default)]
pub enum RawStart {
    /// The setup's start (KIF without `手合割`, CSA `PI`).
    #[default]
    Setup,
    Sfen(String),
    Board(RawBoard),
}

/// A board diagram (KIF BOD, CSA `P1`..`P9`): pieces by kind name.
#[derive(Clone, Debug)]
pub struct RawBoard {
    pub squares: Vec<(Square, Color, &'static str)>,
    /// Hand pieces by kind name and count, Black's then White's.
    pub hands: [Vec<(&'static str, u32)>; 2],
    pub side: Color,
    pub move_number: u32,
}

/// A move as written in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    Usi(String),
    Kif {
        /// File and rank numbers; `None` for `同` (the previous move's destination).
        to: Option<(u8, u8)>,
        kind: &'static str,
        /// The written text of the piece (for messages).
        piece: String,
        promote: Option<bool>,
        drop: bool,
        from: Option<(u8, u8)>,
    },
    Csa {
        color: Color,
        from: Option<(u8, u8)>,
        to: (u8, u8),
        kind: &'static str,
    },
}

/// One parsed move with its line.
#[derive(Clone, Debug)]
pub struct RawMove {
    pub line: usize,
    /// The move's text as written (for messages).
    pub written: String,
    pub text: MoveText,
    pub seconds: Option<u32>,
    pub total: Option<u32>,
    pub comments: Vec<String>,
}

fn kind_in<R: Rules>(name: &str) -> Option<u8> {
    R::TABLE.kind_by_name(name)
}

fn kind_name<R: Rules>(kind: u8) -> &'static str {
    R::TABLE.pieces[kind as usize].name
}

/// The SFEN of a board diagram under rule set `R`.
fn board_sfen<R: Rules>(b: &RawBoard, id: &str) -> Result<String, String> {
    let missing =
        |name: &str| format!("the piece '{name}' of the board diagram does not exist in {id}");
    let mut placed = Vec::new();
    for &(sq, color, name) in &b.squares {
        let kind = kind_in::<R>(name).ok_or_else(|| missing(name))?;
        placed.push((sq, Piece::new(color, kind)));
    }
    // The SFEN text is built from the parsed squares, then read by the core's SFEN reader,
    // which checks it (kings, dead pieces, nifu).
    let mut rows = Vec::new();
    for rank in 1..=9u8 {
        let mut row = String::new();
        let mut empty = 0;
        for file in (1..=9u8).rev() {
            let sq = square_of(file, rank).ok_or("the board does not have 9x9 squares")?;
            match placed.iter().find(|(s, _)| *s == sq) {
                Some(&(_, p)) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(&Position::<R>::piece_token(p));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let mut hand = String::new();
    for (ci, color) in [Color::Black, Color::White].into_iter().enumerate() {
        for &(name, n) in &b.hands[ci] {
            let kind = kind_in::<R>(name).ok_or_else(|| missing(name))?;
            if n == 0 {
                continue;
            }
            if n > 1 {
                hand.push_str(&n.to_string());
            }
            hand.push_str(&Position::<R>::piece_token(Piece::new(color, kind)));
        }
    }
    if hand.is_empty() {
        hand.push('-');
    }
    let side = if b.side == Color::Black { "b" } else { "w" };
    Ok(format!(
        "{} {side} {hand} {}",
        rows.join("/"),
        b.move_number.max(1)
    ))
}

/// Checks a parsed record under rule set `R` (setup `setup`) and turns it into a [`Record`].
pub fn resolve<R: Rules>(raw: RawRecord, setup: usize) -> Result<Record, RecordError> {
    let id = R::TABLE.setups[setup].id;
    let start_err = |reason: String| RecordError::new(raw.start_line.max(1), reason);
    let sfen = match &raw.start {
        RawStart::Setup => R::TABLE.setups[setup].sfen.to_string(),
        RawStart::Sfen(s) => s.clone(),
        RawStart::Board(b) => board_sfen::<R>(b, id).map_err(start_err)?,
    };
    let pos =
        Position::<R>::from_sfen(&sfen).map_err(|e| start_err(format!("start position: {e}")))?;
    let start = pos.to_sfen();
    let mut game = Game::new(pos);
    let mut last_to: Option<Square> = None;
    let mut totals = [0u32; 2];
    let mut moves = Vec::with_capacity(raw.moves.len());
    for m in raw.moves {
        let err = |reason: String| RecordError::new(m.line, reason);
        if let Some(o) = game.outcome() {
            return Err(err(format!(
                "move '{}' after the end of the game ({})",
                m.written,
                crate::engine::outcome_text(Some(o))
            )));
        }
        let mover = game.position().side_to_move();
        let mv = to_move::<R>(game.position(), &m.text, last_to, id).map_err(err)?;
        let usi = shogi_core::usi::move_to_usi::<R>(mv);
        game.play(mv).map_err(|e| {
            err(match e {
                MoveError::Illegal(_) => format!("illegal move '{}' ({usi})", m.written),
                other => format!("'{}': {other}", m.written),
            })
        })?;
        last_to = Some(mv.to());
        let total = match m.seconds {
            Some(s) => {
                let t = &mut totals[mover.index()];
                *t = t.saturating_add(s);
                m.total.filter(|&x| x != *t)
            }
            None => m.total,
        };
        if let Some(x) = total {
            totals[mover.index()] = x;
        }
        moves.push(RecordMove {
            usi,
            seconds: m.seconds,
            total,
            comments: m.comments,
        });
    }
    let end = raw.end.map(|mut e| {
        let mover = game.position().side_to_move();
        if let (Some(s), Some(t)) = (e.seconds, e.total) {
            if totals[mover.index()].saturating_add(s) == t {
                e.total = None;
            }
        }
        e
    });
    Ok(Record {
        variant: id.to_string(),
        start,
        black: raw.black,
        white: raw.white,
        headers: raw.headers,
        comments: raw.comments,
        moves,
        end,
    })
}

/// The move a record's text means in `pos`.
fn to_move<R: Rules>(
    pos: &Position<R>,
    text: &MoveText,
    last_to: Option<Square>,
    id: &str,
) -> Result<Move, String> {
    let sq = |(f, r): (u8, u8)| square_of(f, r).ok_or_else(|| format!("no square {f}{r}"));
    let side = pos.side_to_move();
    match text {
        MoveText::Usi(t) => Position::<R>::parse_usi_syntax(t).map_err(|e| e.to_string()),
        MoveText::Kif {
            to,
            kind,
            piece,
            promote,
            drop,
            from,
        } => {
            let to = match to {
                Some(t) => sq(*t)?,
                None => last_to.ok_or("'同' (same square) with no previous move")?,
            };
            let k = kind_in::<R>(kind)
                .ok_or_else(|| format!("the piece '{piece}' does not exist in {id}"))?;
            if *drop {
                if pos.hand(side, k) == 0 {
                    return Err(format!("no '{piece}' in hand to drop"));
                }
                return Ok(Move::drop(k, to));
            }
            let promote = promote.unwrap_or(false);
            let from = match from {
                Some(f) => sq(*f)?,
                None => return unique_origin(pos, k, to, promote, piece),
            };
            match pos.kind_at(from) {
                None => Err(format!(
                    "no piece on {} to move",
                    kif_square(from).unwrap_or_default()
                )),
                Some((c, _)) if c != side => Err(format!(
                    "the piece on {} is the opponent's",
                    kif_square(from).unwrap_or_default()
                )),
                Some((_, actual)) if actual != k => Err(format!(
                    "the piece on {} is '{}', not '{piece}'",
                    kif_square(from).unwrap_or_default(),
                    names_of(kind_name::<R>(actual))
                        .map(|n| n.kif)
                        .unwrap_or(kind_name::<R>(actual))
                )),
                Some(_) => Ok(Move::new(from, to, promote)),
            }
        }
        MoveText::Csa {
            color,
            from,
            to,
            kind,
        } => {
            if *color != side {
                return Err(format!(
                    "a move by {} but {} is to move",
                    sign(*color),
                    sign(side)
                ));
            }
            let to = sq(*to)?;
            let k = kind_in::<R>(kind)
                .ok_or_else(|| format!("the piece '{kind}' does not exist in {id}"))?;
            let Some(from) = from else {
                if pos.hand(side, k) == 0 {
                    return Err(format!("no {kind} in hand to drop"));
                }
                return Ok(Move::drop(k, to));
            };
            let from = sq(*from)?;
            match pos.kind_at(from) {
                None => Err(format!("no piece on {from} to move")),
                Some((c, _)) if c != side => Err(format!("the piece on {from} is the opponent's")),
                Some((_, actual)) if actual == k => Ok(Move::new(from, to, false)),
                Some((_, actual))
                    if R::TABLE.pieces[actual as usize]
                        .promotion
                        .is_some_and(|p| p.to == k) =>
                {
                    Ok(Move::new(from, to, true))
                }
                Some((_, actual)) => Err(format!(
                    "the piece on {from} is {}, which cannot become {kind}",
                    kind_name::<R>(actual)
                )),
            }
        }
    }
}

fn sign(c: Color) -> char {
    match c {
        Color::Black => '+',
        Color::White => '-',
    }
}

/// A move given without its origin (as KI2 writes them): the one legal move of that kind.
fn unique_origin<R: Rules>(
    pos: &Position<R>,
    kind: u8,
    to: Square,
    promote: bool,
    piece: &str,
) -> Result<Move, String> {
    let mut p = pos.clone();
    let found: Vec<Move> = p
        .legal_move_list()
        .into_iter()
        .filter(|m| {
            !m.is_drop()
                && m.mid().is_none()
                && m.to() == to
                && m.is_promotion() == promote
                && pos.kind_at(m.from()).map(|(_, k)| k) == Some(kind)
        })
        .collect();
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(format!("no '{piece}' can move there")),
        _ => Err(format!(
            "'{piece}' without its origin square is ambiguous ({} pieces can move there)",
            found.len()
        )),
    }
}

/// A record's moves replayed under `R`: each move with the position before it.
pub fn replay<R: Rules>(
    record: &Record,
    mut visit: impl FnMut(&mut Position<R>, Move, usize) -> Result<(), RecordError>,
) -> Result<Position<R>, RecordError> {
    let mut pos = Position::<R>::from_sfen(&record.start)
        .map_err(|e| RecordError::new(1, format!("start position: {e}")))?;
    for (i, m) in record.moves.iter().enumerate() {
        let bad = |reason: String| RecordError::new(1, format!("move {}: {reason}", i + 1));
        let mv = Position::<R>::parse_usi_syntax(&m.usi).map_err(|e| bad(e.to_string()))?;
        if !pos.is_legal_move(mv) {
            return Err(bad(format!("illegal move '{}'", m.usi)));
        }
        visit(&mut pos, mv, i)?;
        pos.make(mv);
    }
    Ok(pos)
}

/// The KIF text of a move (`７六歩(77)`, `同　角成(88)`, `５五角打`, `２二銀不成(33)`), or
/// `None` when it has no KIF form (a lion's double move, a piece without a Japanese name, a
/// square without a KIF name): such moves are written in USI.
pub fn kif_text<R: Rules>(
    pos: &mut Position<R>,
    mv: Move,
    prev_to: Option<Square>,
) -> Option<String> {
    if mv.mid().is_some() {
        return None;
    }
    let to = if prev_to == Some(mv.to()) {
        "同　".to_string()
    } else {
        kif_square(mv.to())?
    };
    if mv.is_drop() {
        let n = names_of(kind_name::<R>(mv.drop_kind()))?;
        return Some(format!("{to}{}打", n.kif));
    }
    let (_, kind) = pos.kind_at(mv.from())?;
    let n = names_of(kind_name::<R>(kind))?;
    let (ff, fr) = square_numbers(mv.from())?;
    let suffix = if mv.is_promotion() {
        "成"
    } else if pos.is_legal_move(Move::new(mv.from(), mv.to(), true)) {
        "不成"
    } else {
        ""
    };
    Some(format!("{to}{}{suffix}({ff}{fr})", n.kif))
}

/// The CSA text of a move (`+7776FU`, `-0055KA`), or `None` when it has none.
pub fn csa_text<R: Rules>(pos: &Position<R>, mv: Move) -> Option<String> {
    if mv.mid().is_some() {
        return None;
    }
    let s = sign(pos.side_to_move());
    let (tf, tr) = square_numbers(mv.to())?;
    if mv.is_drop() {
        let code = names_of(kind_name::<R>(mv.drop_kind()))?.csa?;
        return Some(format!("{s}00{tf}{tr}{code}"));
    }
    let (_, kind) = pos.kind_at(mv.from())?;
    let after = if mv.is_promotion() {
        R::TABLE.pieces[kind as usize].promotion?.to
    } else {
        kind
    };
    let code = names_of(kind_name::<R>(after))?.csa?;
    let (ff, fr) = square_numbers(mv.from())?;
    Some(format!("{s}{ff}{fr}{tf}{tr}{code}"))
}
