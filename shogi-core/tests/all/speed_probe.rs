//! The benchmark function, and speed probes (ignored; run with `--ignored --nocapture`).
//! `cargo bench -p shogi-core` has the same suite.

use crate::common::{Std, MATSURI, START};
use shogi_core::bench::perft_bench;

#[test]
fn perft_bench_counts_and_rejects_bad_sfen() {
    for bulk in [true, false] {
        let r = perft_bench::<Std>(START, 3, bulk).unwrap();
        assert_eq!(r.nodes, 25_470);
        assert!(r.seconds >= 0.0 && r.nps >= 0.0);
    }
    assert!(perft_bench::<Std>("not a position", 3, true).is_err());
}

#[test]
#[ignore]
fn speed_probe() {
    for (name, sfen, depth) in [("start", START, 5), ("matsuri", MATSURI, 3)] {
        for bulk in [true, false] {
            let r = perft_bench::<Std>(sfen, depth, bulk).unwrap();
            eprintln!(
                "{name} depth {depth} bulk {bulk}: {} nodes {:.2}s {:.2} Mnps",
                r.nodes,
                r.seconds,
                r.nps / 1e6
            );
        }
    }
}
