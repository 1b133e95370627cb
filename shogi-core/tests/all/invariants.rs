//! Make/unmake, hash and SFEN invariants over seeded random playouts.

use crate::common::{Hybrid, Immortal, Rng, Std, MATSURI, MAX, START};
use shogi_core::{Position, Rules};

/// At every ply: the incremental hash equals the hash computed from scratch, the SFEN reads
/// back to an equal position with the same SFEN and hash, and unmake restores SFEN and hash
/// exactly; at the end, unmaking every move gives back the start.
fn check_playouts<R: Rules>(sfen: &str, games: usize, plies: usize, seed: u64) {
    let mut rng = Rng(seed);
    for _ in 0..games {
        let mut pos = Position::<R>::from_sfen(sfen).unwrap();
        let start_sfen = pos.to_sfen();
        let start_hash = pos.hash();
        assert_eq!(start_hash, pos.compute_hash());
        let mut made = 0;
        for _ in 0..plies {
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            let before = pos.to_sfen();
            let hash = pos.hash();
            // Every move of this position unmakes exactly.
            for &mv in &moves {
                pos.make(mv);
                assert_eq!(pos.hash(), pos.compute_hash(), "{before} {mv:?}");
                pos.unmake();
                assert_eq!(pos.to_sfen(), before);
                assert_eq!(pos.hash(), hash);
            }
            let mv = moves[rng.below(moves.len())];
            pos.make(mv);
            made += 1;
            let text = pos.to_sfen();
            let back = Position::<R>::from_sfen(&text)
                .unwrap_or_else(|e| panic!("{text} does not read back: {e}"));
            assert_eq!(back.to_sfen(), text);
            assert_eq!(back.hash(), pos.hash());
            assert!(back == pos);
        }
        for _ in 0..made {
            pos.unmake();
        }
        assert_eq!(pos.to_sfen(), start_sfen);
        assert_eq!(pos.hash(), start_hash);
    }
}

#[test]
fn standard_playouts() {
    check_playouts::<Std>(START, 40, 200, 11);
    check_playouts::<Std>(MATSURI, 20, 100, 12);
    check_playouts::<Std>(MAX, 10, 60, 13);
}

#[test]
fn fixture_playouts() {
    check_playouts::<Immortal>(Immortal::TABLE.setups[0].sfen, 20, 200, 14);
    check_playouts::<Hybrid>(START, 20, 200, 15);
}

/// SFEN round trips of the published positions; hands are read in any order and written in
/// the fixed order R B G S N L P, Black's first.
#[test]
fn sfen_round_trips() {
    for sfen in [START, MAX] {
        let pos = Position::<Std>::from_sfen(sfen).unwrap();
        assert_eq!(pos.to_sfen(), sfen);
    }
    // Matsuri's hand "GR5pnsg" is written back in the fixed order.
    let matsuri = MATSURI.replace("GR5pnsg", "RGgsn5p");
    let pos = Position::<Std>::from_sfen(MATSURI).unwrap();
    assert_eq!(pos.to_sfen(), matsuri);
    let pos = Position::<Std>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2pP3gR 7").unwrap();
    assert_eq!(pos.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 b RP3g2p 7");
    // The move number may be left out (it is then 1).
    let pos = Position::<Std>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w -").unwrap();
    assert_eq!(pos.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 w - 1");
    // Same position, same hash, whatever the hand order.
    let a = Position::<Std>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RP3g2p 1").unwrap();
    let b = Position::<Std>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2p3gPR 1").unwrap();
    assert_eq!(a.hash(), b.hash());
}
