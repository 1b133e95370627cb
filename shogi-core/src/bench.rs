//! Perft benchmark: the library side of the CLI's `bench` command and of `cargo bench`.

use crate::error::SfenError;
use crate::position::Position;
use crate::rules::Rules;
use std::time::Instant;

/// Nodes counted and time taken by one perft run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BenchResult {
    /// Leaf count.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Nodes per second.
    pub nps: f64,
}

/// Runs perft to `depth` from `sfen` under rule set `R`, single thread. With `bulk` the last
/// ply is counted without making its moves ([`Position::perft`]); without it every leaf move is
/// made and unmade ([`Position::perft_full`]).
pub fn perft_bench<R: Rules>(sfen: &str, depth: u32, bulk: bool) -> Result<BenchResult, SfenError> {
    let mut pos = Position::<R>::from_sfen(sfen)?;
    let start = Instant::now();
    let nodes = if bulk {
        pos.perft(depth)
    } else {
        pos.perft_full(depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    };
    Ok(BenchResult {
        nodes,
        seconds,
        nps,
    })
}
