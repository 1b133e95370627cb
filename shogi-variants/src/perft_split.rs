//! Perft split at the root over a rayon thread pool: each root move's subtree is counted on
//! its own copy of the position. The counts are the same as the single-threaded perft's (the
//! sum of the root moves' subtrees is the definition of perft).

use rayon::prelude::*;
use shogi_core::{Position, Rules};

/// Threads of a `--threads` default: every core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

/// Per-root-move counts at `depth` (each root move counts 1 at depth 1, as in `divide`),
/// sorted by USI text; `on_root` is called with each root move as it is finished.
pub fn divide<R: Rules>(
    pos: &Position<R>,
    depth: u32,
    bulk: bool,
    threads: usize,
    on_root: &(dyn Fn(&str, u64) + Sync),
) -> Result<Vec<(String, u64)>, rayon::ThreadPoolBuildError> {
    let mut root = pos.clone();
    let moves: Vec<_> = root.legal_move_list().into_iter().collect();
    let count = |mv| {
        let mut p = pos.clone();
        let text = p.move_to_usi(mv);
        let n = if depth <= 1 {
            1
        } else {
            p.make(mv);
            if bulk {
                p.perft(depth - 1)
            } else {
                p.perft_full(depth - 1)
            }
        };
        on_root(&text, n);
        (text, n)
    };
    let mut out: Vec<(String, u64)> = if threads <= 1 {
        moves.into_iter().map(count).collect()
    } else {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()?
            .install(|| moves.into_par_iter().map(count).collect())
    };
    out.sort();
    Ok(out)
}

/// Perft at `depth` split at the root (see [`divide`]).
pub fn perft<R: Rules>(
    pos: &Position<R>,
    depth: u32,
    bulk: bool,
    threads: usize,
    on_root: &(dyn Fn(&str, u64) + Sync),
) -> Result<u64, rayon::ThreadPoolBuildError> {
    if depth == 0 {
        return Ok(1);
    }
    if depth == 1 {
        let mut p = pos.clone();
        return Ok(if bulk { p.perft(1) } else { p.perft_full(1) });
    }
    Ok(divide(pos, depth, bulk, threads, on_root)?
        .iter()
        .map(|(_, n)| n)
        .sum())
}
