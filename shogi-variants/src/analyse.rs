//! `shogi-variants analyse ID --record FILE`: the engine's view of every move of a game.
//!
//! Each position of the game is searched once (the same limits for all). For move `i`,
//! played by side `s` in position `i`:
//! - *best*: the search's best move and score in position `i` (from `s`'s side);
//! - *played*: the score after the move, the negated score of position `i + 1`;
//! - *loss*: best minus played, in centipawns from `s`'s side (0 when the played move is the
//!   best move: the two searches of one line differ only by search noise).
//!
//! Mate scores count as ±[`MATE_CP`] less the plies to mate, so a missed mate or a move into
//! a forced loss is a blunder. Marks by loss: at least [`INACCURACY`] `?!`, [`MISTAKE`] `?`,
//! [`BLUNDER`] `??`.

use crate::progress::Progress;
use crate::records::{kif_text, Record};
use crate::registry::{self, VariantVisitor};
use shogi_core::search::{Limits, Score, Searcher, DEFAULT_HASH_MB};
use shogi_core::{Color, Game, Move, Position, Rules};
use std::io::Write;
use std::time::Duration;

/// Centipawn loss of an inaccuracy (`?!`).
pub const INACCURACY: i32 = 50;
/// Centipawn loss of a mistake (`?`).
pub const MISTAKE: i32 = 150;
/// Centipawn loss of a blunder (`??`).
pub const BLUNDER: i32 = 400;
/// The centipawn value of a mate (less one per ply to it); far above any material swing.
pub const MATE_CP: i32 = 10_000;
/// Centipawn scores are clamped to this before losses are taken, so that the difference
/// between two won positions does not count as a loss.
const CP_CLAMP: i32 = 3_000;

/// How long to search each position.
#[derive(Clone, Debug)]
pub struct AnalyseOptions {
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub hash_mb: usize,
}

impl Default for AnalyseOptions {
    fn default() -> Self {
        AnalyseOptions {
            movetime: Some(Duration::from_millis(500)),
            depth: None,
            hash_mb: DEFAULT_HASH_MB,
        }
    }
}

/// The mark of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    pub fn of_loss(loss: i32) -> Mark {
        if loss >= BLUNDER {
            Mark::Blunder
        } else if loss >= MISTAKE {
            Mark::Mistake
        } else if loss >= INACCURACY {
            Mark::Inaccuracy
        } else {
            Mark::Good
        }
    }
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Good => "",
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
    pub fn word(self) -> &'static str {
        match self {
            Mark::Good => "",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// The analysis of one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAnalysis {
    pub ply: usize,
    pub mover: Color,
    pub played: String,
    /// Score after the played move, from the mover's side.
    pub played_score: Score,
    pub best: Option<String>,
    /// Score of the position before the move (the best move's), from the mover's side.
    pub best_score: Score,
    /// Principal variation from the position before the move, USI.
    pub pv: Vec<String>,
    /// The same in KIF text where it has one (for KIF comments).
    pub pv_kif: Vec<String>,
    pub loss: i32,
    pub mark: Mark,
    pub depth: u32,
}

/// Centipawns of a score for loss arithmetic (see the module docs).
pub fn score_cp(s: Score) -> i32 {
    match s {
        Score::Cp(v) => v.clamp(-CP_CLAMP, CP_CLAMP),
        Score::Mate(n) if n > 0 => MATE_CP - n,
        Score::Mate(n) => -MATE_CP - n,
    }
}

/// A score seen from the other side one ply earlier (the mover of the move before).
pub fn negate(s: Score) -> Score {
    match s {
        Score::Cp(v) => Score::Cp(-v),
        // The side to move after the move is mated in n plies: the mover mates in n + 1.
        Score::Mate(n) if n <= 0 => Score::Mate(1 - n),
        Score::Mate(n) => Score::Mate(-(n + 1)),
    }
}

/// `+35`, `-120`, `#3` (mate in 3 plies for the side), `#-2`.
pub fn score_text(s: Score) -> String {
    match s {
        Score::Cp(v) => format!("{v:+}"),
        Score::Mate(n) => format!("#{n}"),
    }
}

/// Analyses every move of `record` under its variant; `progress` counts positions.
pub fn analyse(
    record: &Record,
    opts: &AnalyseOptions,
    progress: &Progress,
) -> Result<Vec<MoveAnalysis>, String> {
    struct Run<'a>(&'a Record, &'a AnalyseOptions, &'a Progress);
    impl VariantVisitor for Run<'_> {
        type Output = Result<Vec<MoveAnalysis>, String>;
        fn visit<R: Rules>(self, _setup: usize) -> Self::Output {
            run::<R>(self.0, self.1, self.2)
        }
    }
    registry::dispatch(&record.variant, Run(record, opts, progress)).map_err(|e| e.to_string())?
}

fn run<R: Rules>(
    record: &Record,
    opts: &AnalyseOptions,
    progress: &Progress,
) -> Result<Vec<MoveAnalysis>, String> {
    let start = Position::<R>::from_sfen(&record.start).map_err(|e| e.to_string())?;
    let mut game = Game::new(start);
    let mut searcher = Searcher::<R>::new(opts.hash_mb).map_err(|e| e.to_string())?;
    let limits = Limits {
        movetime: opts.movetime,
        depth: opts.depth,
        ..Limits::default()
    };
    let moves: Vec<Move> = {
        let mut g = game.clone();
        let mut v = Vec::new();
        for (i, m) in record.moves.iter().enumerate() {
            let mv = g
                .play_usi(&m.usi)
                .map_err(|e| format!("move {}: {e}", i + 1))?;
            v.push(mv);
        }
        v
    };
    progress.set_length(moves.len() as u64 + 1);
    // One search per position, the last after the last move.
    let mut searches = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        let result = searcher.search(&game, &limits, &mut |_| {});
        let mut pv_pos = game.position().clone();
        let mut pv_kif = Vec::new();
        let mut prev = game.moves().last().map(|m| m.to());
        for &m in &result.pv {
            if !pv_pos.is_legal_move(m) {
                break;
            }
            let text = kif_text(&mut pv_pos, m, prev).unwrap_or_else(|| pv_pos.move_to_usi(m));
            let mark = if pv_pos.side_to_move() == Color::Black {
                "▲"
            } else {
                "△"
            };
            pv_kif.push(format!("{mark}{text}"));
            prev = Some(m.to());
            pv_pos.make(m);
        }
        searches.push((result, pv_kif));
        progress.inc(1);
        if i < moves.len() {
            game.play(moves[i])
                .map_err(|e| format!("move {}: {e}", i + 1))?;
        }
    }
    let mut out = Vec::with_capacity(moves.len());
    let mut pos = Position::<R>::from_sfen(&record.start).map_err(|e| e.to_string())?;
    for (i, &mv) in moves.iter().enumerate() {
        let (before, pv_kif) = &searches[i];
        let (after, _) = &searches[i + 1];
        let played_score = negate(after.score);
        let best_score = before.score;
        let best = before.best.map(|b| pos.move_to_usi(b));
        let played = pos.move_to_usi(mv);
        let loss = if before.best == Some(mv) {
            0
        } else {
            (score_cp(best_score) - score_cp(played_score)).max(0)
        };
        out.push(MoveAnalysis {
            ply: i + 1,
            mover: pos.side_to_move(),
            played,
            played_score,
            best,
            best_score,
            pv: before.pv.iter().map(|&m| pos.move_to_usi(m)).collect(),
            pv_kif: pv_kif.clone(),
            loss,
            mark: Mark::of_loss(loss),
            depth: before.depth,
        });
        pos.make(mv);
    }
    Ok(out)
}

/// The readable table: a row per move, then a summary per side.
pub fn write_table(
    out: &mut dyn Write,
    record: &Record,
    rows: &[MoveAnalysis],
) -> std::io::Result<()> {
    writeln!(
        out,
        "{:>4} {:<5} {:<8} {:>7} {:<8} {:>7} {:>5} {:<2} {:>3}  pv",
        "ply", "side", "played", "score", "best", "best", "loss", "", "dep"
    )?;
    for r in rows {
        writeln!(
            out,
            "{:>4} {:<5} {:<8} {:>7} {:<8} {:>7} {:>5} {:<2} {:>3}  {}",
            r.ply,
            side(r.mover),
            r.played,
            score_text(r.played_score),
            r.best.as_deref().unwrap_or("-"),
            score_text(r.best_score),
            r.loss,
            r.mark.symbol(),
            r.depth,
            r.pv.join(" ")
        )?;
    }
    for color in [Color::Black, Color::White] {
        let mine: Vec<&MoveAnalysis> = rows.iter().filter(|r| r.mover == color).collect();
        let count = |m: Mark| mine.iter().filter(|r| r.mark == m).count();
        let avg = if mine.is_empty() {
            0.0
        } else {
            mine.iter()
                .map(|r| r.loss.min(CP_CLAMP) as f64)
                .sum::<f64>()
                / mine.len() as f64
        };
        let name = match color {
            Color::Black => record.black.as_deref(),
            Color::White => record.white.as_deref(),
        }
        .filter(|n| !n.is_empty())
        .map(|n| format!(" ({n})"))
        .unwrap_or_default();
        writeln!(
            out,
            "{}{name}: {} moves, {} inaccuracies, {} mistakes, {} blunders, average loss {avg:.0} cp",
            side(color),
            mine.len(),
            count(Mark::Inaccuracy),
            count(Mark::Mistake),
            count(Mark::Blunder),
        )?;
    }
    Ok(())
}

fn side(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The record with the analysis added as a comment after each move (shown by KIF GUIs).
pub fn annotated(record: &Record, rows: &[MoveAnalysis]) -> Record {
    let mut r = record.clone();
    for (m, a) in r.moves.iter_mut().zip(rows) {
        let mark = match a.mark {
            Mark::Good => String::new(),
            m => format!(" {}", m.symbol()),
        };
        let mut c = format!(
            "解析{mark} 評価値 {} 最善 {} {} 損失 {}",
            score_text(a.played_score),
            a.pv_kif.first().map(String::as_str).unwrap_or("-"),
            score_text(a.best_score),
            a.loss
        );
        if a.mark != Mark::Good {
            c.push_str(&format!(" ({})", a.mark.word()));
        }
        m.comments.push(c);
        if !a.pv_kif.is_empty() {
            m.comments.push(format!("読み筋 {}", a.pv_kif.join("")));
        }
    }
    r
}
