//! Shogi-EightDirectionKnight (RULES.md §2): the eight-direction knight's moves, optional
//! promotion, promoted moves, drops, and what a capture puts in hand in each rule set.
//! Expected values derived by hand.

use shogi_tests::{all_squares, drops_of, moves, moves_from, plain, position_after, sorted, start};

const KEPT: &str = "Shogi-EightDirectionKnight:3";

#[test]
fn jumps_like_a_chess_knight_and_may_promote_entering_the_zone() {
    // E on 5e: 4c 6c 3d 7d 3f 7f 4g 6g. 4c and 6c are in the zone: with and without promotion.
    let sfen = "4k4/9/9/9/4E4/9/9/9/4K4 b - 1";
    let list = moves(KEPT, Some(sfen), &[]);
    assert_eq!(
        moves_from(&list, "5e"),
        sorted(&["5e4c", "5e4c+", "5e6c", "5e6c+", "5e3d", "5e7d", "5e3f", "5e7f", "5e4g", "5e6g"])
    );
}

#[test]
fn promotion_is_never_forced_even_on_the_last_ranks() {
    // E on 5c (in the zone): every move may promote and every move may stay unpromoted, even
    // to rank a: 4a 6a 3b 7b 3d 7d 4e 6e.
    let sfen = "k8/9/4E4/9/9/9/9/9/8K b - 1";
    let list = moves(KEPT, Some(sfen), &[]);
    let mut expected = Vec::new();
    for d in ["4a", "6a", "3b", "7b", "3d", "7d", "4e", "6e"] {
        expected.push(format!("5c{d}"));
        expected.push(format!("5c{d}+"));
    }
    expected.sort();
    assert_eq!(moves_from(&list, "5c"), expected);
}

#[test]
fn a_white_eight_knight_on_blacks_first_rank_stays_unpromoted_if_it_likes() {
    // White E on 5g jumps to 4i and 6i (White's last rank): both plain and promoted.
    let sfen = "k8/9/9/9/9/9/4e4/9/8K w - 1";
    let list = moves(KEPT, Some(sfen), &[]);
    for m in ["5g4i", "5g4i+", "5g6i", "5g6i+", "5g3h", "5g3h+"] {
        assert!(list.contains(&m.to_string()), "{m} missing");
    }
}

#[test]
fn promoted_moves_are_knight_plus_gold() {
    // +E on 5e: knight 4c 6c 3d 7d 3f 7f 4g 6g; gold 5d 4d 6d 4e 6e 5f. No further promotion.
    let sfen = "4k4/9/9/9/4+E4/9/9/9/4K4 b - 1";
    let list = moves(KEPT, Some(sfen), &[]);
    let dests = [
        "4c", "6c", "3d", "7d", "3f", "7f", "4g", "6g", "5d", "4d", "6d", "4e", "6e", "5f",
    ];
    assert_eq!(moves_from(&list, "5e"), plain("5e", &dests));
}

#[test]
fn drops_on_any_rank() {
    // Only the kings (5a, 5i) stand: the eight-knight drops on each of the other 79 squares,
    // ranks a and b included.
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b E 1";
    let list = moves(KEPT, Some(sfen), &[]);
    let mut expected: Vec<String> = all_squares()
        .into_iter()
        .filter(|s| s != "5a" && s != "5i")
        .map(|s| format!("E*{s}"))
        .collect();
    expected.sort();
    assert_eq!(drops_of(&list, 'E'), expected);
}

/// Black pawn 5e takes White's knight-class piece on 5d; then White's gold 3f takes Black's
/// knight-class piece on 3g (a gold moves forward, toward rank i, for White).
fn capture_line(id: &str, white_piece_on_5d: &str, black_piece_on_3g: &str) -> String {
    let sfen = format!("4k4/9/9/4{white_piece_on_5d}4/4P4/6g2/6{black_piece_on_3g}2/9/4K4 b - 1");
    position_after(id, Some(&sfen), &["5e5d", "3f3g"])
}

const AFTER: &str = "4k4/9/9/4P4/9/9/6g2/9/4K4 b";

#[test]
fn setup_1_keeps_kinds_on_capture() {
    // Black takes an ordinary knight: N in hand; White takes an eight-knight: E in hand.
    let id = "Shogi-EightDirectionKnight:1";
    assert_eq!(capture_line(id, "n", "E"), format!("{AFTER} Ne"));
    // A promoted eight-knight goes to hand unpromoted, still an eight-knight; a promoted
    // knight as a knight.
    assert_eq!(capture_line(id, "+e", "+E"), format!("{AFTER} Ee"));
    assert_eq!(capture_line(id, "+n", "E"), format!("{AFTER} Ne"));
}

#[test]
fn setup_4_fixes_the_kind_by_owner() {
    // Black is the eight-knight side: Black taking a knight gets an E; White taking an E gets
    // an ordinary N.
    let id = "Shogi-EightDirectionKnight:4";
    assert_eq!(capture_line(id, "n", "E"), format!("{AFTER} En"));
    // Promoted pieces likewise: Black taking +N gets E, White taking +E gets N.
    assert_eq!(capture_line(id, "+n", "+E"), format!("{AFTER} En"));
    // Each then drops as its own kind: Black's E anywhere (rank a too); White's N not on its
    // last two ranks (h, i).
    let sfen = "4k4/9/9/4n4/4P4/6g2/6E2/9/4K4 b - 1";
    let black = moves(id, Some(sfen), &["5e5d", "3f3g"]);
    assert!(black.contains(&"E*1a".to_string()));
    assert!(drops_of(&black, 'N').is_empty());
    let white = moves(id, Some(sfen), &["5e5d", "3f3g", "E*9a"]);
    assert!(white.contains(&"N*1g".to_string()));
    assert!(!white.contains(&"N*1h".to_string()) && !white.contains(&"N*1i".to_string()));
    assert!(drops_of(&white, 'E').is_empty());
}

#[test]
fn setup_5_fixes_the_kind_by_owner_for_white() {
    // White is the eight-knight side: a knight Black takes becomes N, one White takes becomes
    // E. Line: White's E on 5f is taken by Black's gold on 5g; White's pawn 3c takes Black's N
    // on 3d.
    let id = "Shogi-EightDirectionKnight:5";
    let sfen = "4k4/9/6p2/6N2/9/4e4/4G4/9/4K4 b - 1";
    assert_eq!(
        position_after(id, Some(sfen), &["5g5f", "3c3d"]),
        "4k4/9/9/6p2/9/4G4/9/9/4K4 b Ne"
    );
}

#[test]
fn setup_6_eight_knights_vanish_when_captured() {
    let id = "Shogi-EightDirectionKnight:6";
    // Captures of promoted and unpromoted eight-knights put nothing in hand.
    assert_eq!(capture_line(id, "+e", "E"), format!("{AFTER} -"));
    assert_eq!(capture_line(id, "e", "+E"), format!("{AFTER} -"));
}

/// The SFEN reader's material bound (at most the largest count of a class in any setup).
fn sfen_error(id: &str, sfen: &str) -> Option<String> {
    let mut e = shogi_variants::registry::create(id).expect("registered id");
    e.set_position(Some(sfen), &[])
        .err()
        .map(|err| err.to_string())
}

#[test]
fn material_bound_joins_the_kinds_a_capture_turns_into_each_other() {
    // Setup 4: a knight Black takes becomes an E and an E White takes becomes an N, so E, +E,
    // N, +N are one class of at most 4 (the start has 2 + 2). Four E and nothing else: fine.
    let id = "Shogi-EightDirectionKnight:4";
    assert_eq!(sfen_error(id, "4k4/9/9/9/9/9/9/9/E1E1K1E1E b - 1"), None);
    assert_eq!(sfen_error(id, "4k4/9/9/9/9/9/9/9/E1E1K1E1E w - 1"), None);
    let five = sfen_error(
        id,
        "4k4/9/9/9/9/9/9/9/E1E1K1E1E b - 1"
            .replace(" - ", " n ")
            .as_str(),
    );
    let five = five.expect("a fifth knight-class piece is refused");
    assert!(
        five.contains("5 pieces of the") && five.contains("at most 4"),
        "{five}"
    );
    // Setup 3 keeps kinds: E and N are separate classes of 4 each, so four of each is fine and
    // a fifth E is not.
    let kept = "Shogi-EightDirectionKnight:3";
    assert_eq!(
        sfen_error(kept, "4k4/9/nnnn5/9/9/9/9/9/E1E1K1E1E b - 1"),
        None
    );
    let fifth = sfen_error(kept, "4k4/9/nnnn5/9/9/9/9/9/E1E1K1E1E b E 1");
    assert!(fifth.is_some_and(|e| e.contains("5 pieces of the") && e.contains("at most 4")));
    // Setup 6: captured eight-knights vanish and no side has plain knights, so a knight in
    // hand can never occur.
    let gone = "Shogi-EightDirectionKnight:6";
    let knight = sfen_error(gone, "4k4/9/9/9/9/9/9/9/4K4 b n 1");
    assert!(knight.is_some_and(|e| e.contains("knight class") && e.contains("at most 0")));
    // Setup 6 per side: each side starts with two eight-knights and never gains the other's,
    // so a third black one (promoted or not) is refused though both sides together may hold
    // four; two of each side's own stand, and the standard pieces, which go to hand, are
    // bounded only in all (Black may hold both bishops).
    let third = sfen_error(gone, "4k4/9/9/9/9/9/9/9/E1E1K1+E2 b - 1");
    assert!(
        third.is_some_and(|e| e.contains("for Black") && e.contains("at most 2")),
        "a third black eight-knight is refused"
    );
    let third_white = sfen_error(gone, "e1e1k1e2/9/9/9/9/9/9/9/4K4 w - 1");
    assert!(third_white.is_some_and(|e| e.contains("for White") && e.contains("at most 2")));
    assert_eq!(sfen_error(gone, "e1e1k4/9/9/9/9/9/9/9/E1+E1K4 b - 1"), None);
    assert_eq!(sfen_error(gone, "4k4/9/9/9/9/9/9/1B5B1/4K4 b - 1"), None);
}

#[test]
fn start_positions_written_by_hand() {
    // Knights (2i, 8i for Black; 2a, 8a for White) become E; the 4-piece handicap removes both
    // lances, the rook and the bishop.
    let mid = "ppppppppp/9/9/9/PPPPPPPPP";
    let w = "lnsgkgsnl/1r5b1";
    let b = "1B5R1/LNSGKGSNL";
    let we = "lesgkgsel/1r5b1";
    let be = "1B5R1/LESGKGSEL";
    let w4 = "1esgkgse1/9";
    let b4 = "9/1ESGKGSE1";
    let cases = [
        (0, format!("{w}/{mid}/{b} b -")),
        (1, format!("{w}/{mid}/{be} b -")),
        (2, format!("{we}/{mid}/{b} b -")),
        (3, format!("{we}/{mid}/{be} b -")),
        (4, format!("{w}/{mid}/{be} b -")),
        (5, format!("{we}/{mid}/{b} b -")),
        (6, format!("{we}/{mid}/{be} b -")),
        (7, format!("{w}/{mid}/{b4} b -")),
        (8, format!("{w4}/{mid}/{b} b -")),
        (9, format!("{w4}/{mid}/{b4} b -")),
    ];
    for (n, sfen) in cases {
        assert_eq!(
            start(&format!("Shogi-EightDirectionKnight:{n}")),
            sfen,
            "setup {n}"
        );
    }
}
