//! Shogi-Hybrid (RULES.md §2): chess pawns and chess knights. Expected values derived by hand.

use shogi_tests::{all_squares, drops_of, moves, moves_from, position_after, sorted, start};

const ID: &str = "Shogi-Hybrid:1";

/// White: king 5a, gold 1a, pawns 5d 4d, gold 6d. Black: pawns 2b 7c 5e 3e 4g, king 5i.
const PAWNS: &str = "4k3g/7P1/2P6/3gpp3/4P1P2/9/5P3/9/4K4 b - 1";

#[test]
fn chess_pawn_moves() {
    // 2b: straight to the empty last rank, must promote: 2b2a+; takes the gold 1a diagonally,
    //     also promoting: 2b1a+ (3a is empty: nothing to take).
    // 7c: straight to 7b, rank b: no promotion there; 6b and 8b are empty.
    // 5e: 5d holds an enemy pawn, which it cannot take straight ahead; it takes 4d and 6d.
    // 3e: straight to the empty 3d; takes 4d; 2d is empty.
    // 4g: straight to 4f. (5e4d and 3e4d double Black's pawns on file 4: nifu concerns drops.)
    // King 5i: 4h 5h 6h 4i 6i, none attacked.
    let expected = sorted(&[
        "2b2a+", "2b1a+", "7c7b", "5e4d", "5e6d", "3e3d", "3e4d", "4g4f", "5i4h", "5i5h", "5i6h",
        "5i4i", "5i6i",
    ]);
    assert_eq!(moves(ID, Some(PAWNS), &[]), expected);
}

#[test]
fn chess_pawn_checks_diagonally_not_straight() {
    // White king 5b, White gold 9i (its moves: 9h, 8i), Black king 5i.
    // A Black pawn on 5c has the king straight ahead: no check, the gold may move.
    let no_check = "9/4k4/4P4/9/9/9/9/9/g3K4 w - 1";
    let list = moves(ID, Some(no_check), &[]);
    assert!(
        list.contains(&"9i9h".to_string()),
        "not in check: the gold moves"
    );
    // A Black pawn on 4c attacks 5b and 3b: check, the gold cannot help. Every square around
    // the king is safe (the pawn is unprotected, so 4c may be taken): 8 king moves.
    let check = "9/4k4/5P3/9/9/9/9/9/g3K4 w - 1";
    let list = moves(ID, Some(check), &[]);
    assert_eq!(
        list,
        sorted(&["5b4a", "5b5a", "5b6a", "5b4b", "5b6b", "5b4c", "5b5c", "5b6c"])
    );
}

#[test]
fn queen_moves_and_goes_to_hand_as_a_pawn() {
    // Queen (+P) on 5e, White king 2a, Black king 8i (off its lines): the whole file 5 and
    // rank e (16) and the four diagonals (16); it never promotes further.
    let sfen = "7k1/9/9/9/4+P4/9/9/9/1K7 b - 1";
    let list = moves(ID, Some(sfen), &[]);
    let mut expected = Vec::new();
    for d in [
        "5a", "5b", "5c", "5d", "5f", "5g", "5h", "5i", "1e", "2e", "3e", "4e", "6e", "7e", "8e",
        "9e", "4d", "3c", "2b", "1a", "6d", "7c", "8b", "9a", "4f", "3g", "2h", "1i", "6f", "7g",
        "8h", "9i",
    ] {
        expected.push(format!("5e{d}"));
    }
    expected.sort();
    assert_eq!(moves_from(&list, "5e"), expected);
    // White's gold 5d takes it (forward, for White): White gets a pawn.
    let sfen = "4k4/9/9/4g4/4+P4/9/9/9/4K4 w - 1";
    assert_eq!(
        position_after(ID, Some(sfen), &["5d5e"]),
        "4k4/9/9/9/4g4/9/9/9/4K4 b p"
    );
}

#[test]
fn chess_knight_never_promotes() {
    // Knight on 5c (in the zone): 4a 6a 3b 7b 3d 7d 4e 6e, no promotion, rank a allowed.
    let sfen = "k8/9/4N4/9/9/9/9/9/8K b - 1";
    let list = moves(ID, Some(sfen), &[]);
    assert_eq!(
        moves_from(&list, "5c"),
        sorted(&["5c4a", "5c6a", "5c3b", "5c7b", "5c3d", "5c7d", "5c4e", "5c6e"])
    );
}

#[test]
fn drops_knight_anywhere_pawn_not_on_the_last_rank_nor_a_pawn_file() {
    // Kings 5a and 5i, Black pawn 3e; Black holds a knight and a pawn.
    let sfen = "4k4/9/9/9/6P2/9/9/9/4K4 b NP 1";
    let list = moves(ID, Some(sfen), &[]);
    let empty: Vec<String> = all_squares()
        .into_iter()
        .filter(|s| s != "5a" && s != "5i" && s != "3e")
        .collect();
    let mut knight: Vec<String> = empty.iter().map(|s| format!("N*{s}")).collect();
    knight.sort();
    assert_eq!(drops_of(&list, 'N'), knight);
    // Pawn: not on rank a, not on file 3 (nifu). None of the drops is mate.
    let mut pawn: Vec<String> = empty
        .iter()
        .filter(|s| !s.ends_with('a') && !s.starts_with('3'))
        .map(|s| format!("P*{s}"))
        .collect();
    pawn.sort();
    assert_eq!(drops_of(&list, 'P'), pawn);
}

#[test]
fn pawn_drop_mate_is_refused() {
    // White king 1a, White knight 2a; Black gold 2c. P*2b checks 1a diagonally; the king cannot
    // take 2b (the gold guards it) nor go to 1b (the gold guards it too); 2a is its own knight,
    // and a chess knight on 2a reaches 1c 3c 4b, never 2b: mate, so the drop is illegal.
    let sfen = "7nk/9/7G1/9/9/9/9/9/K8 b P 1";
    let list = moves(ID, Some(sfen), &[]);
    assert!(!list.contains(&"P*2b".to_string()));
    assert!(list.contains(&"P*3b".to_string()));
}

#[test]
fn pawn_drop_check_that_is_not_mate_is_allowed() {
    // The gold on 2d instead guards 2c 1c 3c: after P*2b the king takes 2b or goes to 1b.
    let sfen = "7nk/9/9/7G1/9/9/9/9/K8 b P 1";
    let list = moves(ID, Some(sfen), &[]);
    assert!(list.contains(&"P*2b".to_string()));
    assert_eq!(moves(ID, Some(sfen), &["P*2b"]), sorted(&["1a1b", "1a2b"]));
}

#[test]
fn captured_knight_and_pawn_are_written_in_rulebook_order() {
    // Black's pawn 5e takes the knight 4d, White's king steps 5a5b (4d attacks only 3c and
    // 5c), the pawn takes the pawn 3c: Black holds N and P, written "NP" (RULES.md order).
    let sfen = "4k4/9/6p2/5n3/4P4/9/9/9/4K4 b - 1";
    assert_eq!(
        position_after(ID, Some(sfen), &["5e4d", "5a5b", "4d3c"]),
        "9/4k4/6P2/9/9/9/9/9/4K4 w NP"
    );
    // Hands are read in any order.
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b PN 1";
    assert_eq!(
        position_after(ID, Some(sfen), &[]),
        "4k4/9/9/9/9/9/9/9/4K4 b NP"
    );
}

#[test]
fn start_positions() {
    let board = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
    assert_eq!(start("Shogi-Hybrid:1"), format!("{board} b -"));
    assert_eq!(start("Shogi-Hybrid:2"), format!("{board} w -"));
}
