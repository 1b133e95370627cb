//! Core-level checks with a hand-built standard rule table (the `variant!`-generated one lives
//! in `shogi-variants`; this fixture keeps the core testable on its own).

use shogi_core::pieces::STANDARD_PIECES;
use shogi_core::table::{Hooks, RuleTable, Setup};
use shogi_core::{impl_rules, Position};

#[derive(Clone, Copy, Debug, Default)]
struct Std;
const TABLE: RuleTable = RuleTable {
    name: "Std",
    title: "standard shogi (core fixture)",
    pieces: &STANDARD_PIECES,
    hooks: Hooks::STANDARD,
    setups: &[Setup {
        id: "shogi",
        sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        description: "even",
    }],
    notes: &[],
};
impl_rules!(Std, TABLE);

#[test]
fn start_perft_shallow() {
    let mut p = Position::<Std>::startpos(0);
    assert_eq!(p.perft(1), 30);
    assert_eq!(p.perft(2), 900);
    assert_eq!(p.perft(3), 25470);
    assert_eq!(p.perft(4), 719731);
}

#[test]
fn matsuri_and_max() {
    let mut p = Position::<Std>::from_sfen(
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    )
    .unwrap();
    assert_eq!(p.perft(2), 28684);
    let mut m =
        Position::<Std>::from_sfen("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1").unwrap();
    assert_eq!(m.perft(1), 593);
}

#[test]
#[ignore]
fn speed_probe() {
    let mut p = Position::<Std>::startpos(0);
    for (d, bulk) in [(5, true), (4, false)] {
        let t = std::time::Instant::now();
        let n = if bulk { p.perft(d) } else { p.perft_full(d) };
        let s = t.elapsed().as_secs_f64();
        eprintln!(
            "depth {d} bulk {bulk}: {n} nodes {:.2}s {:.2} Mnps",
            s,
            n as f64 / s / 1e6
        );
    }
}

#[test]
#[ignore]
fn speed_probe_more() {
    const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    for (name, sfen, d) in [("start", START, 5), ("matsuri", MATSURI, 3)] {
        for bulk in [true, false] {
            let r = shogi_core::bench::perft_bench::<Std>(sfen, d, bulk).unwrap();
            eprintln!(
                "{name} d{d} bulk {bulk}: {} nodes {:.2}s {:.2} Mnps",
                r.nodes,
                r.seconds,
                r.nps / 1e6
            );
        }
    }
}
