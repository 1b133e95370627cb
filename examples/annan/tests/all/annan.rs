//! Hand-built Annan positions; every expected list derived by hand from the rule above.

use annan_shogi::Annan;
use shogi_core::Position;

fn moves(sfen: &str) -> Vec<String> {
    let mut p = Position::<Annan>::from_sfen(sfen).expect("valid SFEN");
    let mut v: Vec<String> = p
        .legal_move_list()
        .into_iter()
        .map(|m| p.move_to_usi(m))
        .collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn pawn_with_a_rook_behind_moves_like_a_rook() {
    // Black pawn 5e, Black rook 5f behind it, Black king 9i, White king 1a.
    let got = moves("8k/9/9/9/4P4/4R4/9/9/K8 b - 1");
    let expected = sorted(&[
        // pawn as a rook: up the file (promotion by its own kind in ranks a-c; 5a must promote)
        "5e5d", "5e5c", "5e5c+", "5e5b", "5e5b+", "5e5a+",
        // along rank e; down is blocked by the rook
        "5e4e", "5e3e", "5e2e", "5e1e", "5e6e", "5e7e", "5e8e", "5e9e",
        // the rook (nothing behind it: own movement)
        "5f5g", "5f5h", "5f5i", "5f4f", "5f3f", "5f2f", "5f1f", "5f6f", "5f7f", "5f8f", "5f9f",
        // the king
        "9i9h", "9i8h", "9i8i",
    ]);
    assert_eq!(got, expected);
}

#[test]
fn silver_with_a_knight_behind_jumps_like_a_knight() {
    // Black silver 5e, Black knight 5f: the silver has only knight jumps (promotable in 4c/6c).
    let got = moves("8k/9/9/9/4S4/4N4/9/9/K8 b - 1");
    let expected = sorted(&[
        "5e4c", "5e4c+", "5e6c", "5e6c+", "5f4d", "5f6d", "9i9h", "9i8h", "9i8i",
    ]);
    assert_eq!(got, expected);
}

#[test]
fn a_borrowed_lance_move_gives_check() {
    // Black pawn 5c with a Black lance behind it attacks 5b and 5a like a lance: White, to
    // move, is in check and the gold on 9a may not move; the king may not go to 5b.
    let got = moves("g3k4/9/4P4/4L4/9/9/9/9/K8 w - 1");
    assert_eq!(got, sorted(&["5a4a", "5a6a", "5a4b", "5a6b"]));
}
