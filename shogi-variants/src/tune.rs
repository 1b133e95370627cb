//! `shogi-variants tune`: Texel-style tuning of the evaluation weights
//! ([`shogi_core::eval::Weights`]) on positions from game records.
//!
//! Records are lines as `selfplay` and `match` write them (`startpos moves ... result 1-0 ...`).
//! From each decided game every position after the opening plies whose side to move is not in
//! check is taken with the game's result (1 Black won, 0 White won, 1/2 draw). The weights are
//! fitted by coordinate descent (each weight up or down by its step while that lowers the
//! error) to minimise the mean squared difference between the result and
//! `1 / (1 + 10^(-eval / 400))`, the logistic model of the Elo scale.

use crate::registry::{self, UnknownVariant, VariantVisitor};
use shogi_core::eval::{Evaluator, Weights, WEIGHTS};
use shogi_core::{Position, Rules};

/// Plies skipped at the start of each game (book-like, little to learn).
const SKIP_PLIES: usize = 8;

/// A position with the game's result for Black.
struct Sample<R: Rules> {
    pos: Position<R>,
    result: f64,
}

/// Why tuning could not run.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    #[error(transparent)]
    Unknown(#[from] UnknownVariant),
    #[error("record line {line}: {error}")]
    Record { line: usize, error: String },
    #[error("no positions: the records hold no decided game longer than {SKIP_PLIES} plies")]
    NoPositions,
}

/// Tunes on `records` for variant `id`; returns the weights, the error before and after, and
/// the number of positions.
pub fn tune(
    id: &str,
    records: &str,
    rounds: usize,
) -> Result<(Weights, f64, f64, usize), TuneError> {
    struct Run<'a>(&'a str, usize);
    impl VariantVisitor for Run<'_> {
        type Output = Result<(Weights, f64, f64, usize), TuneError>;
        fn visit<R: Rules>(self, setup: usize) -> Self::Output {
            let samples = samples::<R>(setup, self.0)?;
            if samples.is_empty() {
                return Err(TuneError::NoPositions);
            }
            let before = error(&samples, WEIGHTS);
            let w = descend(&samples, WEIGHTS, self.1);
            Ok((w, before, error(&samples, w), samples.len()))
        }
    }
    registry::dispatch(id, Run(records, rounds))?
}

fn samples<R: Rules>(setup: usize, records: &str) -> Result<Vec<Sample<R>>, TuneError> {
    let mut out = Vec::new();
    for (i, line) in records.lines().enumerate() {
        let bad = |error: String| TuneError::Record { line: i + 1, error };
        if line.trim().is_empty() {
            continue;
        }
        let (head, tail) = line
            .split_once(" result ")
            .ok_or_else(|| bad("no ' result '".into()))?;
        let result = match tail.split_whitespace().next() {
            Some("1-0") => 1.0,
            Some("0-1") => 0.0,
            Some("1/2-1/2") => 0.5,
            _ => continue, // unfinished games teach nothing
        };
        let (start, moves) = head.split_once(" moves").unwrap_or((head, ""));
        let mut pos = match start.strip_prefix("sfen ") {
            Some(s) => Position::<R>::from_sfen(s).map_err(|e| bad(e.to_string()))?,
            None if start == "startpos" => Position::<R>::startpos(setup),
            None => return Err(bad(format!("unknown start '{start}'"))),
        };
        for (ply, m) in moves.split_whitespace().enumerate() {
            let mv = pos.parse_usi(m).map_err(|e| bad(e.to_string()))?;
            pos.make(mv);
            pos.clear_history();
            if ply + 1 >= SKIP_PLIES && !pos.in_check(pos.side_to_move()) {
                out.push(Sample {
                    pos: pos.clone(),
                    result,
                });
            }
        }
    }
    Ok(out)
}

/// Mean squared error of the weights' predictions.
fn error<R: Rules>(samples: &[Sample<R>], w: Weights) -> f64 {
    let e = Evaluator::with_weights(R::tables(), w);
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let v = e.balance(&s.pos) as f64;
            let p = 1.0 / (1.0 + 10f64.powf(-v / 400.0));
            (s.result - p).powi(2)
        })
        .sum();
    sum / samples.len() as f64
}

/// The tunable weights as (getter/setter index, step).
const PARAMS: [(usize, i32); 14] = [
    (0, 1),
    (1, 5),
    (2, 5),
    (3, 2),
    (4, 5),
    (5, 10),
    (6, 20),
    (7, 50),
    (8, 5),
    (9, 250),
    (10, 4),
    (11, 20),
    (12, 2),
    (13, 10),
];

fn field(w: &mut Weights, i: usize) -> &mut i32 {
    match i {
        0 => &mut w.mobility,
        1 => &mut w.promo_in_zone,
        2 => &mut w.promo_near,
        3 => &mut w.hand_first,
        4 => &mut w.attack_unit,
        5 => &mut w.ring_hit,
        6 => &mut w.weak_ring,
        7 => &mut w.safe_check,
        8 => &mut w.danger_scale,
        9 => &mut w.danger_cap,
        10 => &mut w.flank_attack,
        11 => &mut w.proximity,
        12 => &mut w.drop_mobility,
        _ => &mut w.piece_mobility,
    }
}

fn descend<R: Rules>(samples: &[Sample<R>], mut w: Weights, rounds: usize) -> Weights {
    let mut best = error(samples, w);
    for _ in 0..rounds {
        let mut improved = false;
        for (i, step) in PARAMS {
            for dir in [1, -1] {
                loop {
                    let mut t = w;
                    let f = field(&mut t, i);
                    *f += dir * step;
                    // Every weight stays non-negative.
                    if *f < 0 {
                        break;
                    }
                    let e = error(samples, t);
                    if e < best {
                        best = e;
                        w = t;
                        improved = true;
                    } else {
                        break;
                    }
                }
            }
        }
        if !improved {
            break;
        }
    }
    w
}
