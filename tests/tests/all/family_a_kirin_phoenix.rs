//! Shogi-Kirin-Phoenix and -Variant (RULES.md §2): kirin, phoenix, lion, free king. Expected
//! values derived by hand.

use shogi_tests::{moves, moves_from, plain, position_after, sorted, start};

const KP: &str = "Shogi-Kirin-Phoenix:1";

#[test]
fn kirin_steps_diagonally_and_jumps_two_orthogonally() {
    // Kirin 5e, own pawn 5d (jumped over). Diagonal steps 4d 6d 4f 6f; jumps 5c 5g 3e 7e.
    // 5c is in the zone: it may promote (to lion) there.
    let sfen = "4k4/9/9/4P4/4O4/9/9/9/4K4 b - 1";
    let list = moves(KP, Some(sfen), &[]);
    assert_eq!(
        moves_from(&list, "5e"),
        sorted(&["5e4d", "5e6d", "5e4f", "5e6f", "5e5c", "5e5c+", "5e5g", "5e3e", "5e7e"])
    );
    assert_eq!(
        position_after(KP, Some(sfen), &["5e5c+"]),
        "4k4/9/4+O4/4P4/9/9/9/9/4K4 w -"
    );
}

#[test]
fn phoenix_steps_orthogonally_and_jumps_two_diagonally() {
    // Phoenix 5e, own pawn 6d and White pawn 4d (both jumped over). Steps 5d 5f 4e 6e; jumps
    // 3c 7c 3g 7g; 3c and 7c may promote (to free king).
    let sfen = "4k4/9/9/3P1p3/4X4/9/9/9/4K4 b - 1";
    let list = moves(KP, Some(sfen), &[]);
    assert_eq!(
        moves_from(&list, "5e"),
        sorted(&["5e5d", "5e5f", "5e4e", "5e6e", "5e3c", "5e3c+", "5e7c", "5e7c+", "5e3g", "5e7g"])
    );
    assert_eq!(
        position_after(KP, Some(sfen), &["5e7c+"]),
        "4k4/9/2+X6/3P1p3/9/9/9/9/4K4 w -"
    );
}

#[test]
fn free_king_moves_as_rook_plus_bishop() {
    // +X on 5e, White king 2a, Black king 8i (off its lines).
    let sfen = "7k1/9/9/9/4+X4/9/9/9/1K7 b - 1";
    let list = moves(KP, Some(sfen), &[]);
    let dests = [
        "5a", "5b", "5c", "5d", "5f", "5g", "5h", "5i", "1e", "2e", "3e", "4e", "6e", "7e", "8e",
        "9e", "4d", "3c", "2b", "1a", "6d", "7c", "8b", "9a", "4f", "3g", "2h", "1i", "6f", "7g",
        "8h", "9i",
    ];
    assert_eq!(moves_from(&list, "5e"), plain("5e", &dests));
}

#[test]
fn lion_jumps_anywhere_within_two_squares() {
    // Lion 5e hemmed in by its own pawns 4d 5d 6d: it jumps over them. Area: 8 + 16 squares
    // minus the 3 own pawns = 21. No enemy adjacent: no double move, and no move from 5e to
    // itself (no pass).
    let sfen = "4k4/9/9/3PPP3/4+O4/9/9/9/4K4 b - 1";
    let list = moves(KP, Some(sfen), &[]);
    let dests = [
        "4e", "6e", "4f", "5f", "6f", "3c", "4c", "5c", "6c", "7c", "3d", "7d", "3e", "7e", "3f",
        "7f", "3g", "4g", "5g", "6g", "7g",
    ];
    assert_eq!(moves_from(&list, "5e"), plain("5e", &dests));
}

/// Lion 5e; White pawn 5d and silver 5c; Black gold 6c; White king 9a, Black king 1i.
const LION: &str = "k8/9/3Gs4/4p4/4+O4/9/9/9/8K b - 1";

#[test]
fn lion_single_and_double_moves() {
    let list = moves(KP, Some(LION), &[]);
    // Single moves: the 24 squares within two, except 6c (own gold): 5d and 5c are captures.
    let singles = [
        "4d", "5d", "6d", "4e", "6e", "4f", "5f", "6f", "3c", "4c", "5c", "7c", "3d", "7d", "3e",
        "7e", "3f", "7f", "3g", "4g", "5g", "6g", "7g",
    ];
    let mut expected = plain("5e", &singles);
    // Double moves: only 5d holds an enemy next to the lion. From 5d on to every square next
    // to 5d that is not the lion's own: 4c, 5c (a second capture), 4d, 6d, 4e, 6e, and 5e
    // itself (igui); 6c holds the own gold. A double move through an empty square (5e4d3c,
    // 5e4e5e, ...) does not exist.
    for to in ["4c", "5c", "4d", "6d", "4e", "6e", "5e"] {
        expected.push(format!("5e5d{to}"));
    }
    expected.sort();
    assert_eq!(moves_from(&list, "5e"), expected);
    // The double move and the single move to the same square are two moves.
    assert!(list.contains(&"5e5c".to_string()) && list.contains(&"5e5d5c".to_string()));
    assert!(!list.contains(&"5e5e".to_string()));
}

#[test]
fn lion_double_capture_igui_and_capture_then_step() {
    // 5e5d5c takes the pawn and the silver: lion on 5c, both in hand (S before P).
    assert_eq!(
        position_after(KP, Some(LION), &["5e5d5c"]),
        "k8/9/3G+O4/9/9/9/9/9/8K w SP"
    );
    // Igui: takes the pawn and stays on 5e.
    assert_eq!(
        position_after(KP, Some(LION), &["5e5d5e"]),
        "k8/9/3Gs4/9/4+O4/9/9/9/8K w P"
    );
    // Take the pawn, then step to the empty 4c.
    assert_eq!(
        position_after(KP, Some(LION), &["5e5d4c"]),
        "k8/9/3Gs+O3/9/9/9/9/9/8K w P"
    );
    // The single jump to 5c takes only the silver; the pawn stays.
    assert_eq!(
        position_after(KP, Some(LION), &["5e5c"]),
        "k8/9/3G+O4/4p4/9/9/9/9/8K w S"
    );
}

#[test]
fn captured_lion_and_free_king_go_to_hand_as_kirin_and_phoenix() {
    // White's gold 5d takes the piece on 5e (forward, for White).
    let take = |piece: &str| {
        let sfen = format!("4k4/9/9/4g4/4{piece}4/9/9/9/4K4 w - 1");
        position_after(KP, Some(&sfen), &["5d5e"])
    };
    let after = "4k4/9/9/9/4g4/9/9/9/4K4 b";
    assert_eq!(take("+O"), format!("{after} o"));
    assert_eq!(take("+X"), format!("{after} x"));
    assert_eq!(take("O"), format!("{after} o"));
}

#[test]
fn start_positions_written_by_hand() {
    let mid = "ppppppppp/9/9/9/PPPPPPPPP";
    let w = "lnsgkgsnl/1r5b1";
    let b = "1B5R1/LNSGKGSNL";
    // The rook (8b, 2h) becomes a kirin, the bishop (2b, 8h) a phoenix.
    let wo = "lnsgkgsnl/1o5x1";
    let bo = "1X5O1/LNSGKGSNL";
    let kp = [
        (1, format!("{wo}/{mid}/{bo} b -")),
        (2, format!("{wo}/{mid}/{bo} w -")),
        (3, format!("{w}/{mid}/{bo} b -")),
        (4, format!("{w}/{mid}/{bo} w -")),
        (5, format!("{wo}/{mid}/{b} b -")),
        (6, format!("{wo}/{mid}/{b} w -")),
    ];
    for (n, sfen) in kp {
        assert_eq!(
            start(&format!("Shogi-Kirin-Phoenix:{n}")),
            sfen,
            "setup {n}"
        );
    }
    // Variant: the other side has royal rook (Y) and royal bishop (Z) instead.
    let wy = "lnsgkgsnl/1y5z1";
    let by = "1Z5Y1/LNSGKGSNL";
    let kpv = [
        (1, format!("{wy}/{mid}/{bo} b -")),
        (2, format!("{wy}/{mid}/{bo} w -")),
        (3, format!("{wo}/{mid}/{by} b -")),
        (4, format!("{wo}/{mid}/{by} w -")),
    ];
    for (n, sfen) in kpv {
        assert_eq!(
            start(&format!("Shogi-Kirin-Phoenix-Variant:{n}")),
            sfen,
            "setup {n}"
        );
    }
}

#[test]
fn kirin_checks_by_jumping_over_a_piece() {
    // White king 5a, White gold 5b; Black kirin 5c jumps over 5b to 5a: check. The kirin also
    // attacks 4b and 6b (diagonal steps). White: king to 4a or 6a, or the gold takes 5c
    // (forward, for White).
    let sfen = "4k4/4g4/4O4/9/9/9/9/9/4K4 w - 1";
    assert_eq!(
        moves(KP, Some(sfen), &[]),
        sorted(&["5a4a", "5a6a", "5b5c"])
    );
}

#[test]
fn lion_escapes_check_only_by_taking_the_checker() {
    // Black king 1i is checked by White's gold 1h, guarded by White's silver 2g; the king has
    // no square (1h guarded, 2h and 2i attacked by the gold). Black's lion 3h may take the gold
    // by a jump (3h1h) or take the silver and then the gold (3h2g1h); taking the silver and
    // stopping (3h2g3h igui, 3h2g2h, ...) leaves the check.
    let sfen = "k8/9/9/9/9/9/7s1/6+O1g/8K b - 1";
    assert_eq!(moves(KP, Some(sfen), &[]), sorted(&["3h1h", "3h2g1h"]));
}

#[test]
fn lion_double_move_may_not_open_a_line_to_its_own_king() {
    // White rook 5a aims down file 5 at Black's king 5i; White's own pawn 5e blocks it. Black's
    // lion 4f has one enemy next to it (5e), so its double moves all take 5e first; then the
    // second step goes to a square next to 5e: 4d 5d 6d 4e 6e 5f 6f, or back to 4f (igui).
    // Only 5d and 5f stand on file 5 and block the rook again; the others (and igui) leave
    // the king capturable. The single jump 4f5e takes the pawn and blocks.
    let sfen = "k3r4/9/9/9/4p4/5+O3/9/9/4K4 b - 1";
    let list = moves(KP, Some(sfen), &[]);
    let doubles: Vec<String> = moves_from(&list, "4f")
        .into_iter()
        .filter(|m| m.len() == 6)
        .collect();
    assert_eq!(doubles, sorted(&["4f5e5d", "4f5e5f"]));
    assert!(list.contains(&"4f5e".to_string()));
}
