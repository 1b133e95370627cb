//! Standard-shogi perft counts of /work/shared/PERFT-STANDARD.md (published, agreed by several
//! independent engines; none comes from this project).

use crate::common::{perft_reference, Std, MATSURI, MAX, START};
use shogi_core::Position;

fn pos(sfen: &str) -> Position<Std> {
    Position::from_sfen(sfen).unwrap()
}

#[test]
fn start_depth_1_to_5() {
    let mut p = pos(START);
    for (depth, nodes) in [
        (1, 30),
        (2, 900),
        (3, 25_470),
        (4, 719_731),
        (5, 19_861_490),
    ] {
        assert_eq!(p.perft(depth), nodes, "start depth {depth}");
    }
    assert_eq!(p.to_sfen(), START, "perft leaves the position as it was");
}

#[test]
fn start_without_bulk_counting() {
    let mut p = pos(START);
    assert_eq!(p.perft_full(4), 719_731);
}

#[test]
fn matsuri_depth_2_and_3() {
    let mut p = pos(MATSURI);
    assert_eq!(p.perft(2), 28_684);
    assert_eq!(p.perft(3), 4_809_015);
    assert_eq!(p.perft_full(3), 4_809_015);
}

#[test]
fn max_depth_1_and_3() {
    let mut p = pos(MAX);
    assert_eq!(p.perft(1), 593);
    // Strict uchifuzume (pawn-drop mates are not moves): 53,393,368.
    assert_eq!(p.perft(3), 53_393_368);
}

/// The make/test/unmake reference path alone reproduces the published counts.
#[test]
fn reference_path_counts() {
    assert_eq!(perft_reference(&mut pos(START), 3), 25_470);
    assert_eq!(perft_reference(&mut pos(MATSURI), 2), 28_684);
    assert_eq!(perft_reference(&mut pos(MAX), 1), 593);
}

#[test]
#[ignore = "547,581,517 nodes: tens of seconds"]
fn start_depth_6() {
    assert_eq!(pos(START).perft(6), 547_581_517);
}

#[test]
#[ignore = "516,925,165 nodes: tens of seconds"]
fn matsuri_depth_4() {
    assert_eq!(pos(MATSURI).perft(4), 516_925_165);
}
