//! The generic half of reading and writing records: record moves resolved against the
//! positions of rule set `R` (legality, `同`, promotion, piece names) and written back.

use super::notation::{kif_square, large_square, names_of, square_in, square_numbers, square_of};
use super::{EndKind, GameEnd, Record, RecordError, RecordMove, Variation};
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
    /// The winner a KI2 `まで` line names for the main line's end (checked on resolving).
    pub named_winner: Option<(usize, Option<Color>)>,
    /// Variations in file order.
    pub variations: Vec<RawVariation>,
}

/// A parsed variation (`変化：N手`): it replaces ply `at` of line `parent` (`None`: the
/// main line; else an index into [`RawRecord::variations`], always an earlier one).
#[derive(Clone, Debug)]
pub struct RawVariation {
    pub line: usize,
    pub at: usize,
    pub parent: Option<usize>,
    pub moves: Vec<RawMove>,
    pub end: Option<GameEnd>,
    pub named_winner: Option<(usize, Option<Color>)>,
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
    /// A USI move: in KIF a numbered entry, in KI2 a side mark and the move (`▲5e5d5c`),
    /// for moves without a kanji form; `color` is the KI2 side mark.
    Usi { text: String, color: Option<Color> },
    Kif {
        /// The side mark of a KI2 move (`▲`/`△`), checked against the side to move.
        color: Option<Color>,
        /// File and rank numbers; `None` for `同` (the previous move's destination).
        to: Option<(u8, u8)>,
        /// The piece as written: the kinds of the rule set it spells are the candidates
        /// (on large boards several promoted kinds share a name; the origin decides).
        piece: String,
        promote: Option<bool>,
        drop: bool,
        from: Option<(u8, u8)>,
        /// KI2's relative mark (`左`, `右`, `直`) and motion (`上`, `引`, `寄`), which pick
        /// the moving piece when no origin is written.
        relative: Option<char>,
        motion: Option<char>,
        /// A lion's double move (large-board KIF writes it as two entries, `一歩目` and
        /// `二歩目`): the square of the first step.
        mid: Option<(u8, u8)>,
        /// This entry is a `一歩目` still waiting for its `二歩目`.
        first_step: bool,
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

/// The kinds of `R` a written piece name spells (several on large boards: `龍王` is the
/// dragon king and the promoted rook).
fn kinds_spelled<R: Rules>(piece: &str) -> Vec<u8> {
    (0..R::TABLE.pieces.len() as u8)
        .filter(|&k| names_of(kind_name::<R>(k)).is_some_and(|n| n.spells(piece)))
        .collect()
}

/// A square's name in messages: `７六` on a standard board, `12十一` beyond it.
fn square_name(sq: Square) -> String {
    kif_square(sq).unwrap_or_else(|| large_square(sq))
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
    let mut game = Game::new(pos.clone());
    let mut main_path = Path::default();
    let (moves, end) = resolve_line(
        &mut game,
        &mut main_path,
        raw.moves,
        raw.end,
        raw.named_winner,
        id,
    )?;
    // Each variation is replayed from the start along its parent's path to its branch ply.
    let mut paths: Vec<Path> = Vec::with_capacity(raw.variations.len());
    let mut flat: Vec<(Option<usize>, Variation)> = Vec::with_capacity(raw.variations.len());
    for v in raw.variations {
        let parent = match v.parent {
            None => &main_path,
            Some(p) => &paths[p],
        };
        let err = |reason: String| RecordError::new(v.line, reason);
        let before = v.at - 1;
        if before > parent.moves.len() {
            return Err(err(format!(
                "a variation at move {} but its line has {} moves",
                v.at,
                parent.moves.len()
            )));
        }
        let mut path = Path {
            moves: parent.moves[..before].to_vec(),
            totals: parent.totals[..before].to_vec(),
        };
        let mut game = Game::new(pos.clone());
        for &m in &path.moves {
            game.play(m)
                .map_err(|e| err(format!("replaying the main line: {e}")))?;
        }
        let (moves, end) = resolve_line(&mut game, &mut path, v.moves, v.end, v.named_winner, id)?;
        paths.push(path);
        flat.push((
            v.parent,
            Variation {
                at: v.at,
                moves,
                end,
                variations: Vec::new(),
            },
        ));
    }
    // Nest them: a variation's children come after it in file order.
    let mut variations = Vec::new();
    while let Some((parent, v)) = flat.pop() {
        match parent {
            None => variations.insert(0, v),
            Some(p) => flat[p].1.variations.insert(0, v),
        }
    }
    sort_variations(&mut variations);
    Ok(Record {
        variant: id.to_string(),
        start,
        black: raw.black,
        white: raw.white,
        headers: raw.headers,
        comments: raw.comments,
        moves,
        end,
        variations,
    })
}

/// Orders each line's variations by the ply they branch at (siblings in file order): one
/// order for the readings of a file whatever order its writer chose.
fn sort_variations(v: &mut [Variation]) {
    v.sort_by_key(|x| x.at);
    for x in v.iter_mut() {
        sort_variations(&mut x.variations);
    }
}

/// The moves of a line from the record's start and each mover's total time after each.
#[derive(Clone, Debug, Default)]
struct Path {
    moves: Vec<Move>,
    totals: Vec<[u32; 2]>,
}

/// Checks one line's moves from `game` (the position at its first move) on.
fn resolve_line<R: Rules>(
    game: &mut Game<R>,
    path: &mut Path,
    raw_moves: Vec<RawMove>,
    raw_end: Option<GameEnd>,
    named_winner: Option<(usize, Option<Color>)>,
    id: &str,
) -> Result<(Vec<RecordMove>, Option<GameEnd>), RecordError> {
    let mut last_to: Option<Square> = path.moves.last().map(|m| m.to());
    let mut totals = path.totals.last().copied().unwrap_or([0, 0]);
    let mut moves = Vec::with_capacity(raw_moves.len());
    for m in raw_moves {
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
        path.moves.push(mv);
        path.totals.push(totals);
        moves.push(RecordMove {
            usi,
            seconds: m.seconds,
            total,
            comments: m.comments,
        });
    }
    let to_move = game.position().side_to_move();
    let mut end = raw_end.map(|mut e| {
        if let (Some(s), Some(t)) = (e.seconds, e.total) {
            if totals[to_move.index()].saturating_add(s) == t {
                e.total = None;
            }
        }
        e
    });
    if let (Some(e), Some((line, named))) = (&mut end, named_winner) {
        // KI2's `まで…の勝ち` is said of resignations and checkmates alike.
        let pos = game.position();
        if e.kind == EndKind::Resign
            && pos.in_check(to_move)
            && pos.clone().legal_move_list().is_empty()
        {
            e.kind = EndKind::Checkmate;
        }
        let winner = e.kind.winner(to_move);
        let side = |c: Option<Color>| match c {
            Some(Color::Black) => "先手 (Black)",
            Some(Color::White) => "後手 (White)",
            None => "nobody",
        };
        if winner != named {
            return Err(RecordError::new(
                line,
                format!(
                    "the closing line names {} but after these moves {} is to move, so the winner is {}",
                    side(named),
                    side(Some(to_move)),
                    side(winner)
                ),
            ));
        }
    }
    Ok((moves, end))
}

/// The move a record's text means in `pos` (the KI2 writer also runs it on each move it
/// writes, to check the text reads back).
pub(super) fn to_move<R: Rules>(
    pos: &Position<R>,
    text: &MoveText,
    last_to: Option<Square>,
    id: &str,
) -> Result<Move, String> {
    let sq = |(f, r): (u8, u8)| {
        square_in(&R::GEOMETRY, f, r)
            .ok_or_else(|| format!("no square {f}{r} on the {} board", R::GEOMETRY))
    };
    let side = pos.side_to_move();
    // KI2's side mark, where the text has one, must name the side to move.
    let color = match text {
        MoveText::Usi { color, .. } | MoveText::Kif { color, .. } => *color,
        MoveText::Csa { .. } => None,
    };
    if let Some(c) = color.filter(|&c| c != side) {
        return Err(format!(
            "a move by {} but {} is to move",
            mark(c),
            mark(side)
        ));
    }
    match text {
        MoveText::Usi { text, .. } => {
            Position::<R>::parse_usi_syntax(text).map_err(|e| e.to_string())
        }
        MoveText::Kif {
            to,
            piece,
            promote,
            drop,
            from,
            relative,
            motion,
            mid,
            first_step,
            ..
        } => {
            if *first_step {
                return Err("a lion's first step (一歩目) without its second (二歩目)".into());
            }
            let to = match to {
                Some(t) => sq(*t)?,
                None => last_to.ok_or("'同' (same square) with no previous move")?,
            };
            let kinds = kinds_spelled::<R>(piece);
            if kinds.is_empty() {
                return Err(format!("the piece '{piece}' does not exist in {id}"));
            }
            let drop_it = || {
                // A piece dropped promoted side up (flip rules) is held unpromoted.
                kinds
                    .iter()
                    .find(|&&k| pos.hand(side, pos.tables().unpromoted[k as usize]) > 0)
                    .map(|&k| Move::drop(k, to))
                    .ok_or_else(|| format!("no '{piece}' in hand to drop"))
            };
            if *drop {
                return drop_it();
            }
            let from = match from {
                Some(f) => sq(*f)?,
                None => {
                    let cands: Vec<Move> =
                        kinds.iter().flat_map(|&k| candidates(pos, k, to)).collect();
                    // KI2 writes a drop without 打 when no piece on the board can go there.
                    if cands.is_empty()
                        && promote.is_none()
                        && relative.is_none()
                        && motion.is_none()
                    {
                        return drop_it();
                    }
                    let marks = Marks {
                        relative: *relative,
                        motion: *motion,
                    };
                    return ki2_origin::<R>(
                        pos,
                        &cands,
                        to,
                        promote.unwrap_or(false),
                        marks,
                        piece,
                    );
                }
            };
            let promote = promote.unwrap_or(false);
            match pos.kind_at(from) {
                None => Err(format!("no piece on {} to move", square_name(from))),
                Some((c, _)) if c != side => Err(format!(
                    "the piece on {} is the opponent's",
                    square_name(from)
                )),
                Some((_, actual)) if !kinds.contains(&actual) => Err(format!(
                    "the piece on {} is '{}', not '{piece}'",
                    square_name(from),
                    names_of(kind_name::<R>(actual))
                        .map(|n| n.kif)
                        .unwrap_or(kind_name::<R>(actual))
                )),
                Some(_) => match mid {
                    Some(m) => Ok(pos.canonical_lion_move(Move::lion(from, sq(*m)?, to, promote))),
                    None => Ok(turned_down(pos, Move::new(from, to, promote))),
                },
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
                if pos.hand(side, pos.tables().unpromoted[k as usize]) == 0 {
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
                    if R::HOOKS.promotion.flips()
                        && pos.tables().unpromoted[actual as usize] == k =>
                {
                    Ok(Move::demote(from, to))
                }
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

/// KI2's side mark: `▲` Black, `△` White.
pub(super) fn mark(c: Color) -> char {
    match c {
        Color::Black => '▲',
        Color::White => '△',
    }
}

/// KI2's marks of a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    pub relative: Option<char>,
    pub motion: Option<char>,
}

/// Under the flip rules a promoted piece that moves without `成` may turn back over: the
/// plain move if it is legal, else its demotion (KIF has no mark for the turn back).
fn turned_down<R: Rules>(pos: &Position<R>, mv: Move) -> Move {
    if !R::HOOKS.promotion.flips() || mv.is_promotion() {
        return mv;
    }
    let mut p = pos.clone();
    if p.is_legal_move(mv) {
        return mv;
    }
    let down = Move::demote(mv.from(), mv.to());
    if p.is_legal_move(down) {
        down
    } else {
        mv
    }
}

/// The legal non-drop moves of a `kind` piece of the side to move to `to` (plain one-step
/// moves: a lion's double move has no KI2 form).
pub fn candidates<R: Rules>(pos: &Position<R>, kind: u8, to: Square) -> Vec<Move> {
    let mut p = pos.clone();
    p.legal_move_list()
        .into_iter()
        .filter(|m| {
            !m.is_drop()
                && m.mid().is_none()
                && m.to() == to
                && pos.kind_at(m.from()).map(|(_, k)| k) == Some(kind)
        })
        .collect()
}

/// File and rank numbers of a square as the side to move sees the board: Black's view, or
/// White's turned round (so for both, a larger file is further left and a smaller rank
/// further forward).
fn seen(side: Color, sq: Square) -> (i32, i32) {
    // File and rank numbers on any board (a tenth file or rank included), from the square.
    let (f, r) = (sq.file() as i32 + 1, sq.rank() as i32 + 1);
    match side {
        Color::Black => (f, r),
        Color::White => (-f, -r),
    }
}

/// The moves among `moves` that KI2's marks allow, as KI2 readers take them: `左`/`右` the
/// piece(s) furthest left/right, `直` the piece straight behind the destination (moving
/// straight ahead), `上`/`引`/`寄` a piece behind/ahead of/level with the destination.
pub fn filter_marks<R: Rules>(
    pos: &Position<R>,
    moves: &[Move],
    to: Square,
    marks: Marks,
) -> Vec<Move> {
    let side = pos.side_to_move();
    let (tf, tr) = seen(side, to);
    let at = |m: &Move| seen(side, m.from());
    let mut out: Vec<Move> = moves.to_vec();
    match marks.relative {
        Some('左') => {
            let far = out.iter().map(|m| at(m).0).max().unwrap_or(0);
            out.retain(|m| at(m).0 == far);
        }
        Some('右') => {
            let far = out.iter().map(|m| at(m).0).min().unwrap_or(0);
            out.retain(|m| at(m).0 == far);
        }
        Some('直') => out.retain(|m| at(m).0 == tf && at(m).1 > tr),
        _ => {}
    }
    match marks.motion {
        Some('上') => out.retain(|m| at(m).1 > tr),
        Some('引') => out.retain(|m| at(m).1 < tr),
        Some('寄') => out.retain(|m| at(m).1 == tr),
        _ => {}
    }
    out
}

/// A move given without its origin (as KI2 writes them): the one legal move its marks
/// leave.
fn ki2_origin<R: Rules>(
    pos: &Position<R>,
    cands: &[Move],
    to: Square,
    promote: bool,
    marks: Marks,
    piece: &str,
) -> Result<Move, String> {
    let of_kind: Vec<Move> = cands
        .iter()
        .copied()
        .filter(|m| m.is_promotion() == promote)
        .collect();
    let found = filter_marks(pos, &of_kind, to, marks);
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(format!("no '{piece}' can make this move")),
        _ => Err(format!(
            "'{piece}' without its origin square is ambiguous ({} pieces can move there)",
            found.len()
        )),
    }
}

/// KI2's marks for a move (none when no other piece of its kind can go to its destination):
/// as the Japan Shogi Association's notation rules put it, the motion (`上` forward, `引`
/// back, `寄` sideways) when it tells the piece apart, else its place (`左`/`右` of the
/// destination, `直` straight ahead of it; dragons and horses use `左`/`右` only), else both.
pub fn ki2_marks<R: Rules>(pos: &Position<R>, mv: Move) -> Option<Marks> {
    let (_, kind) = pos.kind_at(mv.from())?;
    let cands = candidates(pos, kind, mv.to());
    // One entry per origin square (a piece that may promote or not is one piece).
    let mut origins: Vec<Move> = Vec::new();
    for m in cands {
        if !origins.iter().any(|o| o.from() == m.from()) {
            origins.push(Move::new(m.from(), m.to(), false));
        }
    }
    let me = Move::new(mv.from(), mv.to(), false);
    if origins.len() <= 1 {
        return Some(Marks::default());
    }
    let side = pos.side_to_move();
    let (tf, tr) = seen(side, mv.to());
    let (ff, fr) = seen(side, mv.from());
    let motion = match fr.cmp(&tr) {
        std::cmp::Ordering::Greater => '上',
        std::cmp::Ordering::Less => '引',
        std::cmp::Ordering::Equal => '寄',
    };
    let name = R::TABLE.pieces[kind as usize].name;
    let straight_banned = matches!(name, "dragon" | "horse");
    let relative = if ff > tf {
        '左'
    } else if ff < tf {
        '右'
    } else if !straight_banned && fr > tr {
        '直'
    } else {
        // A dragon or horse on the destination's file (or a piece moving straight back): its
        // side of the other one(s).
        let others: Vec<i32> = origins
            .iter()
            .filter(|o| o.from() != mv.from())
            .map(|o| seen(side, o.from()).0)
            .collect();
        if others.iter().all(|&f| f < ff) {
            '左'
        } else {
            '右'
        }
    };
    let tries = [
        Marks {
            relative: None,
            motion: Some(motion),
        },
        Marks {
            relative: Some(relative),
            motion: None,
        },
        Marks {
            relative: Some(relative),
            motion: Some(motion),
        },
    ];
    // Pieces of other shapes (a chess knight, a jumping or backward-moving piece) can leave
    // two candidates the JSA's choice does not split: then any other pair of marks that the
    // reader's rules (see `filter_marks`: `左`/`右` the furthest left/right piece, ...) resolve
    // to this piece alone, in a fixed order; `None` if no pair does.
    let others = [None, Some('左'), Some('右'), Some('直')]
        .into_iter()
        .flat_map(|relative| {
            [None, Some('上'), Some('引'), Some('寄')]
                .into_iter()
                .map(move |motion| Marks { relative, motion })
        });
    tries
        .into_iter()
        .chain(others.filter(|m| m.relative.is_some() || m.motion.is_some()))
        .find(|&marks| filter_marks(pos, &origins, mv.to(), marks) == [me])
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
    if large_board::<R>() {
        return large_kif_text(pos, mv, prev_to);
    }
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

/// Whether `R`'s board is beyond 9×9, so its records use large-board notation.
pub fn large_board<R: Rules>() -> bool {
    R::GEOMETRY.files > 9 || R::GEOMETRY.ranks > 9
}

/// The large-board KIF text of a move, as lishogi writes chu shogi: `7八獅子 （←7十）`,
/// `仝龍王 （←3五）`, `12十一香車成 （←12十）`; a lion's double move as two entries,
/// `一歩目 7九獅子 （←7十）` and `二歩目 7八獅子 （←7九）`, joined by a line break.
/// `None` for a piece without a Japanese name, or a drop (large boards have no hands).
fn large_kif_text<R: Rules>(
    pos: &mut Position<R>,
    mv: Move,
    prev_to: Option<Square>,
) -> Option<String> {
    if mv.is_drop() {
        return None;
    }
    let (_, kind) = pos.kind_at(mv.from())?;
    let name = names_of(kind_name::<R>(kind))?.long;
    let dest = |sq: Square| {
        if prev_to == Some(sq) {
            "仝".to_string()
        } else {
            large_square(sq)
        }
    };
    let from = large_square(mv.from());
    if let Some(mid) = mv.mid() {
        return Some(format!(
            "一歩目 {}{name} （←{from}）\n二歩目 {}{name} （←{}）",
            dest(mid),
            large_square(mv.to()),
            large_square(mid)
        ));
    }
    let suffix = if mv.is_promotion() {
        "成"
    } else if pos.is_legal_move(Move::new(mv.from(), mv.to(), true)) {
        "不成"
    } else {
        ""
    };
    Some(format!("{}{name}{suffix} （←{from}）", dest(mv.to())))
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
    } else if mv.is_demotion() {
        pos.tables().unpromoted[kind as usize]
    } else {
        kind
    };
    let code = names_of(kind_name::<R>(after))?.csa?;
    let (ff, fr) = square_numbers(mv.from())?;
    Some(format!("{s}{ff}{fr}{tf}{tr}{code}"))
}

/// The KI2 text of a move (`▲７六歩`, `△同　銀`, `▲５八金右`, `▲５五角打` when a board piece
/// could also go there, `▲５五角` else), or `None` when it has none.
pub fn ki2_text<R: Rules>(
    pos: &mut Position<R>,
    mv: Move,
    prev_to: Option<Square>,
) -> Option<String> {
    if mv.mid().is_some() {
        return None;
    }
    let side = mark(pos.side_to_move());
    let to = if prev_to == Some(mv.to()) {
        "同　".to_string()
    } else {
        kif_square(mv.to())?
    };
    if mv.is_drop() {
        let kind = mv.drop_kind();
        let n = names_of(kind_name::<R>(kind))?;
        let da = if candidates(pos, kind, mv.to()).is_empty() {
            ""
        } else {
            "打"
        };
        return Some(format!("{side}{to}{}{da}", n.kif));
    }
    let (_, kind) = pos.kind_at(mv.from())?;
    let n = names_of(kind_name::<R>(kind))?;
    let marks = ki2_marks(pos, mv)?;
    let suffix = if mv.is_promotion() {
        "成"
    } else if pos.is_legal_move(Move::new(mv.from(), mv.to(), true)) {
        "不成"
    } else {
        ""
    };
    let mut s = format!("{side}{to}{}", n.kif);
    s.extend(marks.relative);
    s.extend(marks.motion);
    s.push_str(suffix);
    Some(s)
}
