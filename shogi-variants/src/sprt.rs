//! The sequential probability ratio test of `match --sprt`: a match stops as soon as its games
//! tell which of two Elo differences holds, instead of after a fixed number of games.
//!
//! The games come in pairs (one opening played with each colour), so the test counts pairs by
//! their score for the first player (0, ½, 1, 1½ or 2 points: the pentanomial model, which
//! takes out most of what an opening's own bias adds to the noise). The log-likelihood ratio
//! is the generalised SPRT's normal approximation, as fishtest and fastchess compute it for
//! logistic Elo: `N · (s1 − s0) · (2·s̄ − s0 − s1) / (2·σ²)` over the `N` pairs, with `s̄` and
//! `σ²` the mean and variance of a pair's score (per game) and `s0`, `s1` the scores of the two
//! Elo differences. Wald's bounds `ln(β / (1 − α))` and `ln((1 − β) / α)` end the test.
//!
//! Every bucket starts with half a pair (a Jeffreys-like prior): without it a few pairs that
//! all ended alike (three pairs split 1–1) have almost no variance and the ratio leaps past a
//! bound on nothing. On thousands of pairs it moves the ratio by less than 0.001.

use std::fmt;
use std::str::FromStr;

/// The test's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// H0: the first player's Elo difference is `elo0`.
    pub elo0: f64,
    /// H1: it is `elo1` (greater than `elo0`).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the test decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The Elo difference is `elo0` or less (as far as the error rates go).
    H0,
    /// The Elo difference is `elo1` or more.
    H1,
}

/// Game pairs counted by the first player's points in them, in half points: `[0]` lost both,
/// `[4]` won both.
pub type Pairs = [usize; 5];

/// Pairs every bucket starts with (see the module's documentation).
const PRIOR_PAIRS: f64 = 0.5;

/// The expected score of an Elo difference (logistic).
fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// Wald's (lower, upper) bounds on the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after `pairs`; 0 with no pair.
    pub fn llr(&self, pairs: &Pairs) -> f64 {
        let total: usize = pairs.iter().sum();
        if total == 0 {
            return 0.0;
        }
        let weights: Vec<f64> = pairs.iter().map(|&c| c as f64 + PRIOR_PAIRS).collect();
        let n: f64 = weights.iter().sum();
        // A pair's score per game: 0, ¼, ½, ¾, 1.
        let value = |i: usize| i as f64 / 4.0;
        let mean = weights
            .iter()
            .enumerate()
            .map(|(i, w)| w * value(i))
            .sum::<f64>()
            / n;
        let variance = weights
            .iter()
            .enumerate()
            .map(|(i, w)| w * (value(i) - mean).powi(2))
            .sum::<f64>()
            / n;
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The verdict after `pairs`, once the ratio leaves the bounds.
    pub fn verdict(&self, pairs: &Pairs) -> Option<Verdict> {
        let llr = self.llr(pairs);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }

    /// One line on the test's state: hypotheses, ratio, bounds and verdict.
    pub fn report(&self, pairs: &Pairs) -> String {
        let (lower, upper) = self.bounds();
        let state = match self.verdict(pairs) {
            Some(Verdict::H1) => format!("H1 accepted (Elo {:+} or more)", self.elo1),
            Some(Verdict::H0) => format!("H0 accepted (Elo {:+} or less)", self.elo0),
            None => "no verdict yet".to_string(),
        };
        let [p0, p1, p2, p3, p4] = pairs;
        format!(
            "SPRT {self}: LLR {:.2} ({lower:.2}, {upper:.2}), {state}; pairs scoring \
             0/0.5/1/1.5/2: {p0} {p1} {p2} {p3} {p4}",
            self.llr(pairs),
        )
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[{}, {}] alpha {} beta {}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// Why `--sprt` was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SprtError {
    #[error("expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA, found {0} numbers")]
    Count(usize),
    #[error("`{0}` is not a number")]
    Number(String),
    #[error("ELO1 ({elo1}) must be greater than ELO0 ({elo0})")]
    Order { elo0: String, elo1: String },
    #[error("ALPHA and BETA must lie strictly between 0 and 0.5, found {0}")]
    Rate(String),
    #[error("Elo bounds must lie strictly between -1000 and 1000, found {0}")]
    Range(String),
}

impl FromStr for Sprt {
    type Err = SprtError;

    /// `ELO0,ELO1` (alpha = beta = 0.05) or `ELO0,ELO1,ALPHA,BETA`.
    fn from_str(text: &str) -> Result<Self, SprtError> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() != 2 && parts.len() != 4 {
            return Err(SprtError::Count(parts.len()));
        }
        let mut numbers = Vec::with_capacity(4);
        for p in &parts {
            match p.parse::<f64>() {
                Ok(v) if v.is_finite() => numbers.push(v),
                _ => return Err(SprtError::Number(p.to_string())),
            }
        }
        let (elo0, elo1) = (numbers[0], numbers[1]);
        for (v, p) in numbers.iter().zip(&parts).take(2) {
            if v.abs() >= 1000.0 {
                return Err(SprtError::Range(p.to_string()));
            }
        }
        if elo1 <= elo0 {
            return Err(SprtError::Order {
                elo0: parts[0].to_string(),
                elo1: parts[1].to_string(),
            });
        }
        let (alpha, beta) = match numbers.len() {
            4 => (numbers[2], numbers[3]),
            _ => (0.05, 0.05),
        };
        for (v, p) in [(alpha, parts.get(2)), (beta, parts.get(3))] {
            if !(v > 0.0 && v < 0.5) {
                return Err(SprtError::Rate(p.copied().unwrap_or_default().to_string()));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}
