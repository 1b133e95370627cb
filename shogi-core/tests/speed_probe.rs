//! Speed probes (ignored; run with `--ignored --nocapture`). `cargo bench` has the same suite.

mod common;

use common::{Std, MATSURI, START};
use shogi_core::bench::perft_bench;

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
