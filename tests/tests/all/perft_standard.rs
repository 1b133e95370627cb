//! Standard shogi through its `variant!` type: the published counts of PERFT-STANDARD.md.

use shogi_tests::perft;

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
const MAX: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

#[test]
fn start_depth_1_to_4() {
    for (d, n) in [(1, 30), (2, 900), (3, 25470), (4, 719731)] {
        assert_eq!(perft("shogi", None, d), n, "depth {d}");
    }
}

#[test]
fn start_depth_5() {
    assert_eq!(perft("shogi", Some(START), 5), 19861490);
}

#[test]
fn matsuri() {
    assert_eq!(perft("shogi", Some(MATSURI), 2), 28684);
    assert_eq!(perft("shogi", Some(MATSURI), 3), 4809015);
}

#[test]
fn max_depth_1() {
    assert_eq!(perft("shogi", Some(MAX), 1), 593);
}

#[test]
fn max_depth_3() {
    // Strict uchifuzume: Fairy-Stockfish's 53399737 counts pawn-drop mates.
    assert_eq!(perft("shogi", Some(MAX), 3), 53393368);
}

#[test]
#[ignore = "long: run with --ignored"]
fn start_depth_6() {
    assert_eq!(perft("shogi", Some(START), 6), 547581517);
}

#[test]
#[ignore = "long: run with --ignored"]
fn matsuri_depth_4() {
    assert_eq!(perft("shogi", Some(MATSURI), 4), 516925165);
}
