//! Bugs found by the randomized invariant test and the fuzz targets, kept as regressions.

use shogi_variants::registry;

/// Found by tests/tests/all/invariants_all.rs: in king-capture mode the move that captures the
/// king may break nifu on moves (RULES.md §0), and the finished position must read back from
/// its own SFEN. Here White's pawn 4c chains through its bishop on 4d onto Black's king on 2f,
/// a file that already holds White's pawn 2c.
#[test]
fn chained_king_capture_with_nifu_reads_back() {
    let id = "Shogi-ChainedMovement:1";
    let before = "4k4/9/5p1p1/5b3/9/7K1/9/9/9 w - 1";
    let mut e = registry::create(id).unwrap();
    e.set_position(Some(before), &[]).unwrap();
    let moves = e.legal_moves();
    // The king capture is legal; the same chain to 2b (no king there) is nifu.
    assert!(moves.contains(&"4c2f".to_string()), "{moves:?}");
    assert!(!moves.contains(&"4c2b".to_string()), "{moves:?}");
    e.set_position(Some(before), &["4c2f".to_string()]).unwrap();
    let after = e.sfen();
    // The pawn leaves 4c, the bishop stays on 4d, the king goes to no hand.
    assert_eq!(after, "4k4/9/7p1/5b3/9/7p1/9/9/9 b - 2");
    let mut back = registry::create(id).unwrap();
    back.set_position(Some(&after), &[])
        .expect("a finished king-capture game reads back");
    assert_eq!(back.sfen(), after);
    // Black has lost its king: no moves.
    assert!(back.legal_moves().is_empty());
    // Nifu is still refused where no king was captured.
    let mut bad = registry::create(id).unwrap();
    assert!(bad
        .set_position(Some("4k4/9/7p1/5b3/9/7p1/9/9/4K4 b - 2"), &[])
        .is_err());
}
