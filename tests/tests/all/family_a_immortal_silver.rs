//! Shogi-ImmortalSilver (RULES.md §2): every expected value below is derived by hand from the
//! rulebook, with the derivation in the comments.

use shogi_tests::{moves, moves_from, position_after, sorted, start};

const ID: &str = "Shogi-ImmortalSilver:1";

#[test]
fn the_king_cannot_capture_an_immortal_silver_that_checks_it() {
    // White king 5a, Black immortal silver 5b (unprotected), Black king 5i; White to move.
    // The silver (Black) attacks 5a, 4a, 6a (forward and forward diagonals), 4c, 6c. The king
    // may not take 5b, and 4a/6a are attacked: only 4b and 6b remain.
    let sfen = "4k4/4I4/9/9/9/9/9/9/4K4 w - 1";
    assert_eq!(moves(ID, Some(sfen), &[]), sorted(&["5a4b", "5a6b"]));
}

#[test]
fn an_ordinary_silver_in_the_same_place_can_be_captured() {
    // The contrast: an ordinary silver (dropped silvers are ordinary) on 5b is unprotected,
    // so the king may also take it.
    let sfen = "4k4/4S4/9/9/9/9/9/9/4K4 w - 1";
    assert_eq!(
        moves(ID, Some(sfen), &[]),
        sorted(&["5a4b", "5a5b", "5a6b"])
    );
}

#[test]
fn a_dropped_silver_is_ordinary_and_capturable() {
    // Black drops S*5b (check: a silver on 5b attacks 5a). White's king takes it or steps to
    // 4b/6b (4a and 6a are attacked by the silver).
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b S 1";
    assert_eq!(
        moves(ID, Some(sfen), &["S*5b"]),
        sorted(&["5a4b", "5a5b", "5a6b"])
    );
}

#[test]
fn an_unprotected_immortal_silver_mates() {
    // White king 1a; Black immortal silver 1b attacks 1a (check) and 2a; Black pawn 2c attacks
    // 2b. The king cannot take 1b (immortal), and 2a, 2b are attacked: no legal move.
    let sfen = "8k/8I/7P1/9/9/9/9/9/4K4 w - 1";
    assert_eq!(moves(ID, Some(sfen), &[]), Vec::<String>::new());
}

#[test]
fn no_other_piece_can_capture_it_either() {
    // White rook 5c, Black immortal silver 5g, White king 1a, Black king 9i; White to move.
    // The rook's file stops at 5f (5g cannot be taken); 5d-5f are outside White's zone (g-i)
    // and so is 5c, so no promotion. Rook: 5a 5b 5d 5e 5f and 1c-4c, 6c-9c; king: 2a 1b 2b.
    let sfen = "8k/9/4r4/9/9/9/4I4/9/K8 w - 1";
    let expected = sorted(&[
        "5c5a", "5c5b", "5c5d", "5c5e", "5c5f", "5c1c", "5c2c", "5c3c", "5c4c", "5c6c", "5c7c",
        "5c8c", "5c9c", "1a2a", "1a1b", "1a2b",
    ]);
    assert_eq!(moves(ID, Some(sfen), &[]), expected);
    // With an ordinary silver on 5g the rook may take it, entering its zone: with and without
    // promotion.
    let sfen = "8k/9/4r4/9/9/9/4S4/9/K8 w - 1";
    let list = moves(ID, Some(sfen), &[]);
    assert!(list.contains(&"5c5g".to_string()) && list.contains(&"5c5g+".to_string()));
}

#[test]
fn promotion_is_optional_in_the_usual_zone() {
    // Immortal silver 4d: forward 4c, forward diagonals 3c and 5c (all in the zone a-c: with
    // and without promotion), backward diagonals 3e and 5e (outside the zone: plain).
    let sfen = "4k4/9/3g5/5I3/9/9/9/9/4K4 b - 1";
    let list = moves(ID, Some(sfen), &[]);
    assert_eq!(
        moves_from(&list, "4d"),
        sorted(&["4d4c", "4d4c+", "4d3c", "4d3c+", "4d5c", "4d5c+", "4d3e", "4d5e"])
    );
    // From inside the zone (4b) every move may promote: 4a 3a 5a forward, 3c 5c backward.
    let sfen = "k8/5I3/9/9/9/9/9/9/8K b - 1";
    let list = moves(ID, Some(sfen), &[]);
    assert_eq!(
        moves_from(&list, "4b"),
        sorted(&[
            "4b4a", "4b4a+", "4b3a", "4b3a+", "4b5a", "4b5a+", "4b3c", "4b3c+", "4b5c", "4b5c+"
        ])
    );
}

#[test]
fn the_promoted_form_is_capturable_and_goes_to_hand_as_a_silver() {
    // Black's immortal silver 4d promotes on 5c (an ordinary +S); White's gold on 6c takes it
    // sideways and gets an ordinary silver in hand.
    let sfen = "4k4/9/3g5/5I3/9/9/9/9/4K4 b - 1";
    assert_eq!(
        position_after(ID, Some(sfen), &["4d5c+"]),
        "4k4/9/3g+S4/9/9/9/9/9/4K4 w -"
    );
    assert!(moves(ID, Some(sfen), &["4d5c+"]).contains(&"6c5c".to_string()));
    assert_eq!(
        position_after(ID, Some(sfen), &["4d5c+", "6c5c"]),
        "4k4/9/4g4/9/9/9/9/9/4K4 b s"
    );
}

#[test]
fn unpromoted_it_cannot_be_taken_on_the_same_square() {
    // The same line without promotion: the gold may not take the immortal silver on 5c.
    let sfen = "4k4/9/3g5/5I3/9/9/9/9/4K4 b - 1";
    assert!(!moves(ID, Some(sfen), &["4d5c"]).contains(&"6c5c".to_string()));
}

#[test]
fn start_positions_written_by_hand() {
    // Standard: lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL.
    // 6-piece handicap here: both lances, both golds, rook, bishop -> back rank 1ni1k1in1 with
    // immortal silvers, second rank empty. 9-piece: only the king and one immortal silver stay
    // (Black's right silver is 3i, left 7i; White's right 7a, left 3a).
    let mid = "ppppppppp/9/9/9/PPPPPPPPP";
    let white_even = "lnsgkgsnl/1r5b1";
    let black_even = "1B5R1/LNSGKGSNL";
    let cases = [
        (1, format!("lnigkginl/1r5b1/{mid}/1B5R1/LNIGKGINL b -")),
        (2, format!("1ni1k1in1/9/{mid}/9/1NI1K1IN1 b -")),
        (3, format!("{white_even}/{mid}/9/1NI1K1IN1 b -")),
        (4, format!("1ni1k1in1/9/{mid}/{black_even} b -")),
        (5, format!("{white_even}/{mid}/9/4K1I2 b -")),
        (6, format!("2i1k4/9/{mid}/{black_even} b -")),
        (7, format!("{white_even}/{mid}/9/2I1K4 b -")),
        (8, format!("4k1i2/9/{mid}/{black_even} b -")),
    ];
    for (n, sfen) in cases {
        assert_eq!(
            start(&format!("Shogi-ImmortalSilver:{n}")),
            sfen,
            "setup {n}"
        );
    }
}
