//! `shogi-variants tune`: Texel-style tuning of the evaluation weights
//! ([`shogi_core::eval::Weights`]) on positions from game records.
//!
//! Records are lines as `selfplay` and `match` write them (`startpos moves ... result 1-0 ...`).
//! From each decided game every position after the opening plies whose side to move is not in
//! check is taken with the game's result (1 Black won, 0 White won, 1/2 draw). A line may
//! instead give one position and its expected result for Black directly,
//! `sfen <SFEN> target <P>` with P in 0..=1, or a record's position with one,
//! `startpos moves ... target <P>` or `sfen <SFEN> moves ... target <P>` (the position after
//! its last move): for example another engine's search score turned into a winning chance (a
//! stronger engine's judgement is a less noisy target than the end of the game the position
//! came from). The weights are
//! fitted by coordinate descent (each weight up or down by its step while that lowers the
//! error) to minimise the mean squared difference between the result and
//! `1 / (1 + 10^(-eval / K))`, the logistic model of the Elo scale. K is fitted first, to the
//! starting weights (Texel's method): how many centipawns make a won game depends on the
//! evaluation's own scale, and a K that does not fit would pull every positional weight
//! towards it instead of towards the data.

use crate::registry::{self, UnknownVariant, VariantVisitor};
use shogi_core::eval::{Evaluator, Weights};
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

/// What a tuning run found.
#[derive(Clone, Copy, Debug)]
pub struct Tuned {
    /// The fitted weights.
    pub weights: Weights,
    /// The weights tuning started from: the variant's own (its table's `eval`).
    pub start: Weights,
    /// Mean squared error with the starting weights and with the fitted ones.
    pub error_before: f64,
    pub error_after: f64,
    /// Positions learnt from.
    pub positions: usize,
    /// The logistic scale K (centipawns), fitted to the starting weights.
    pub scale: f64,
}

/// Tunes on `records` for variant `id`, with the logistic scale K given (`scale`) or fitted.
pub fn tune(
    id: &str,
    records: &str,
    rounds: usize,
    scale: Option<f64>,
) -> Result<Tuned, TuneError> {
    struct Run<'a>(&'a str, usize, Option<f64>);
    impl VariantVisitor for Run<'_> {
        type Output = Result<Tuned, TuneError>;
        fn visit<R: Rules>(self, setup: usize) -> Self::Output {
            let samples = samples::<R>(setup, self.0)?;
            if samples.is_empty() {
                return Err(TuneError::NoPositions);
            }
            // Each variant starts from its own weights, so tuning it again refines them.
            let start = R::TABLE.eval;
            let scale = self.2.unwrap_or_else(|| fit_scale(&samples, start));
            let weights = descend(&samples, start, scale, self.1);
            Ok(Tuned {
                weights,
                start,
                error_before: error(&samples, start, scale),
                error_after: error(&samples, weights, scale),
                positions: samples.len(),
                scale,
            })
        }
    }
    registry::dispatch(id, Run(records, rounds, scale))?
}

fn samples<R: Rules>(setup: usize, records: &str) -> Result<Vec<Sample<R>>, TuneError> {
    let mut out = Vec::new();
    for (i, line) in records.lines().enumerate() {
        let bad = |error: String| TuneError::Record { line: i + 1, error };
        if line.trim().is_empty() {
            continue;
        }
        // A record's position with a target: only the position after its last move counts.
        if let Some((head, target)) = line.split_once(" target ") {
            let result: f64 = target
                .trim()
                .parse()
                .ok()
                .filter(|p| (0.0..=1.0).contains(p))
                .ok_or_else(|| bad(format!("target '{}' is not in 0..=1", target.trim())))?;
            let pos = replay::<R>(setup, head, |_, _| {}).map_err(bad)?;
            if !pos.in_check(pos.side_to_move()) {
                out.push(Sample { pos, result });
            }
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
        replay::<R>(setup, head, |ply, pos| {
            if ply + 1 >= SKIP_PLIES && !pos.in_check(pos.side_to_move()) {
                out.push(Sample {
                    pos: pos.clone(),
                    result,
                });
            }
        })
        .map_err(bad)?;
    }
    Ok(out)
}

/// Plays a record's moves (`startpos moves ...` or `sfen S moves ...`, every move checked
/// legal), showing `each` the position after each (with its ply index); returns the last.
fn replay<R: Rules>(
    setup: usize,
    head: &str,
    mut each: impl FnMut(usize, &Position<R>),
) -> Result<Position<R>, String> {
    let (start, moves) = head.split_once(" moves").unwrap_or((head, ""));
    let mut pos = match start.trim().strip_prefix("sfen ") {
        Some(s) => Position::<R>::from_sfen(s).map_err(|e| e.to_string())?,
        None if start.trim() == "startpos" => Position::<R>::startpos(setup),
        None => return Err(format!("unknown start '{start}'")),
    };
    for (ply, m) in moves.split_whitespace().enumerate() {
        let mv = pos.parse_usi(m).map_err(|e| e.to_string())?;
        pos.make(mv);
        pos.clear_history();
        each(ply, &pos);
    }
    Ok(pos)
}

/// Each sample's evaluation for Black under weights `w`.
fn balances<R: Rules>(samples: &[Sample<R>], w: Weights) -> Vec<f64> {
    let e = Evaluator::with_weights(R::tables(), w);
    samples.iter().map(|s| e.balance(&s.pos) as f64).collect()
}

/// Mean squared error of the predictions `1 / (1 + 10^(-v / scale))` of values `v`.
fn error_of<R: Rules>(samples: &[Sample<R>], values: &[f64], scale: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .zip(values)
        .map(|(s, v)| (s.result - 1.0 / (1.0 + 10f64.powf(-v / scale))).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// Mean squared error of the weights' predictions.
fn error<R: Rules>(samples: &[Sample<R>], w: Weights, scale: f64) -> f64 {
    error_of(samples, &balances(samples, w), scale)
}

/// Scales K tried, in centipawns: the Elo scale's 400 lies within.
const SCALES: std::ops::RangeInclusive<u32> = 10..=1000;
const SCALE_STEP: f64 = 10.0;

/// The scale K that fits weights `w` best.
fn fit_scale<R: Rules>(samples: &[Sample<R>], w: Weights) -> f64 {
    let values = balances(samples, w);
    SCALES
        .map(|k| f64::from(k) * SCALE_STEP)
        .min_by(|&a, &b| error_of(samples, &values, a).total_cmp(&error_of(samples, &values, b)))
        .unwrap_or(400.0)
}

/// Each weight's step in the descent, by name (every weight of [`Weights::NAMES`]): about a
/// twentieth of its standard value, so small weights move by units and the danger cap by
/// hundreds.
pub const STEPS: [(&str, i32); Weights::NAMES.len()] = [
    ("mobility", 1),
    ("promo_in_zone", 5),
    ("promo_near", 5),
    ("hand_first", 2),
    ("attack_unit", 5),
    ("ring_hit", 10),
    ("weak_ring", 20),
    ("safe_check", 50),
    ("danger_scale", 5),
    ("danger_cap", 250),
    ("flank_attack", 4),
    ("proximity", 20),
    ("drop_mobility", 2),
    ("piece_mobility", 10),
];

fn descend<R: Rules>(samples: &[Sample<R>], mut w: Weights, scale: f64, rounds: usize) -> Weights {
    let mut best = error(samples, w, scale);
    for _ in 0..rounds {
        let mut improved = false;
        for (name, step) in STEPS {
            for dir in [1, -1] {
                loop {
                    let mut t = w;
                    let Some(f) = t.get_mut(name) else { break };
                    *f += dir * step;
                    // Every weight stays non-negative and within the bound `variant!`
                    // accepts (beyond it the evaluation could overflow).
                    if *f < 0 || Some(*f) > Weights::MAX.get(name) {
                        break;
                    }
                    let e = error(samples, t, scale);
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
