//! Andernach (RULES.md §4): a capturer changes owner on the capture square.

use crate::common::*;

#[test]
fn capturer_changes_owner_keeping_its_promotion() {
    let board = [("5i", "K"), ("4d", "S"), ("5a", "k"), ("3c", "p")];
    let mut p = pos::<Andernach>(&board, 'b', "-");
    play(&mut p, "4d3c+");
    assert_board(&p, &[("5i", "K"), ("3c", "+s"), ("5a", "k")]);
    assert_eq!(
        hands(&p),
        "P",
        "the captured piece goes to the capturer's hand"
    );
    let mut p = pos::<Andernach>(&board, 'b', "-");
    play(&mut p, "4d3c");
    assert_board(&p, &[("5i", "K"), ("3c", "s"), ("5a", "k")]);
}

#[test]
fn a_king_never_changes_owner() {
    let mut p = pos::<Andernach>(&[("5h", "K"), ("5g", "p"), ("5a", "k")], 'b', "-");
    play(&mut p, "5h5g");
    assert_board(&p, &[("5g", "K"), ("5a", "k")]);
    assert_eq!(hands(&p), "P");
}

#[test]
fn a_pawn_that_would_give_its_new_owner_nifu_stays() {
    let board = [("9i", "K"), ("5e", "P"), ("1a", "k"), ("5d", "s")];
    let mut with_pawn = board.to_vec();
    with_pawn.push(("5b", "p"));
    let mut p = pos::<Andernach>(&with_pawn, 'b', "-");
    play(&mut p, "5e5d");
    assert_eq!(at(&p, "5d"), "P");
    let mut p = pos::<Andernach>(&board, 'b', "-");
    play(&mut p, "5e5d");
    assert_eq!(at(&p, "5d"), "p");
}

#[test]
fn a_capture_handing_the_opponent_an_attacker_of_the_own_king_is_illegal() {
    // The gold taking 4g would become White's gold on 4g, attacking the king on 5h.
    let board = [("5h", "K"), ("4h", "G"), ("4g", "p"), ("1a", "k")];
    let mut p = pos::<Andernach>(&board, 'b', "-");
    assert!(!legal(&mut p, "4h4g"));
    let mut std = pos::<Standard>(&board, 'b', "-");
    assert!(legal(&mut std, "4h4g"));
}

#[test]
fn promotion_is_forced_only_for_a_capturer_that_keeps_its_owner() {
    // Unpromoted, the pawn becomes White's pawn on 5a, which can move: not forced.
    let board = [("9i", "K"), ("5b", "P"), ("1a", "k"), ("5a", "s")];
    let mut p = pos::<Andernach>(&board, 'b', "-");
    assert!(legal(&mut p, "5b5a+"));
    play(&mut p, "5b5a");
    assert_board(&p, &[("9i", "K"), ("5a", "p"), ("1a", "k")]);
    assert_eq!(hands(&p), "S");
    // With a White pawn on file 5 it would stay Black's, dead on 5a: it must promote, and the
    // tokin changes owner.
    let mut with_pawn = board.to_vec();
    with_pawn.push(("5c", "p"));
    let mut p = pos::<Andernach>(&with_pawn, 'b', "-");
    assert!(!legal(&mut p, "5b5a"));
    play(&mut p, "5b5a+");
    assert_eq!(at(&p, "5a"), "+p");
}
