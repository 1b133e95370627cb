//! Shogi-Princess-Empress and -Variant (RULES.md §2): royal rook/bishop, empress (rook + chess
//! knight), princess (bishop + chess knight). Expected values derived by hand.

use shogi_tests::{moves, moves_from, plain, position_after, start, with_promotions};

const PE: &str = "Shogi-Princess-Empress:1";
const PEV: &str = "Shogi-Princess-Empress-Variant:1";

/// The rook lines from 5e: file 5 and rank e.
const ROOK_5E: [&str; 16] = [
    "5a", "5b", "5c", "5d", "5f", "5g", "5h", "5i", "1e", "2e", "3e", "4e", "6e", "7e", "8e", "9e",
];
/// The bishop lines from 5e.
const BISHOP_5E: [&str; 16] = [
    "4d", "3c", "2b", "1a", "6d", "7c", "8b", "9a", "4f", "3g", "2h", "1i", "6f", "7g", "8h", "9i",
];
/// Chess-knight jumps from 5e.
const KNIGHT_5E: [&str; 8] = ["4c", "6c", "3d", "7d", "3f", "7f", "4g", "6g"];

/// Kings on 1b (White) and 9h (Black): on no rook line, diagonal or knight square of 5e.
fn alone_on_5e(piece: &str) -> String {
    format!("9/8k/9/9/4{piece}4/9/9/K8/9 b - 1")
}

fn union(parts: &[&[&'static str]]) -> Vec<&'static str> {
    parts.iter().flat_map(|p| p.iter().copied()).collect()
}

#[test]
fn royal_rook_moves_as_a_rook_and_may_promote() {
    let list = moves(PE, Some(&alone_on_5e("Y")), &[]);
    // 16 squares; 5a 5b 5c are in the zone.
    assert_eq!(
        moves_from(&list, "5e"),
        with_promotions("5e", &ROOK_5E, "abc")
    );
}

#[test]
fn royal_bishop_moves_as_a_bishop_and_may_promote() {
    let list = moves(PE, Some(&alone_on_5e("Z")), &[]);
    // 16 squares; 3c 2b 1a 7c 8b 9a in the zone.
    assert_eq!(
        moves_from(&list, "5e"),
        with_promotions("5e", &BISHOP_5E, "abc")
    );
}

#[test]
fn empress_is_rook_plus_chess_knight() {
    let list = moves(PE, Some(&alone_on_5e("+Y")), &[]);
    assert_eq!(
        moves_from(&list, "5e"),
        plain("5e", &union(&[&ROOK_5E, &KNIGHT_5E]))
    );
}

#[test]
fn princess_is_bishop_plus_chess_knight() {
    let list = moves(PE, Some(&alone_on_5e("+Z")), &[]);
    assert_eq!(
        moves_from(&list, "5e"),
        plain("5e", &union(&[&BISHOP_5E, &KNIGHT_5E]))
    );
}

#[test]
fn variant_empress_and_princess_never_promote() {
    // Same moves, and no promotion even into ranks a-c.
    let list = moves(PEV, Some(&alone_on_5e("C")), &[]);
    assert_eq!(
        moves_from(&list, "5e"),
        plain("5e", &union(&[&ROOK_5E, &KNIGHT_5E]))
    );
    let list = moves(PEV, Some(&alone_on_5e("A")), &[]);
    assert_eq!(
        moves_from(&list, "5e"),
        plain("5e", &union(&[&BISHOP_5E, &KNIGHT_5E]))
    );
    // From inside the zone too: a C on 5c.
    let list = moves(PEV, Some("9/8k/4C4/9/9/9/9/K8/9 b - 1"), &[]);
    assert!(moves_from(&list, "5c").iter().all(|m| !m.ends_with('+')));
}

#[test]
fn promotion_gives_empress_and_princess() {
    assert_eq!(
        position_after(PE, Some(&alone_on_5e("Y")), &["5e5c+"]),
        "9/8k/4+Y4/9/9/9/9/K8/9 w -"
    );
    assert_eq!(
        position_after(PE, Some(&alone_on_5e("Z")), &["5e7c+"]),
        "9/8k/2+Z6/9/9/9/9/K8/9 w -"
    );
}

#[test]
fn captured_empress_and_princess_keep_their_kind_unpromoted() {
    // White's gold 5d takes (forward, for White) the piece on 5e; White king 2a, Black king 9i.
    let take = |id: &str, piece: &str| {
        let sfen = format!("7k1/9/9/4g4/4{piece}4/9/9/9/K8 w - 1");
        position_after(id, Some(&sfen), &["5d5e"])
    };
    let after = "7k1/9/9/9/4g4/9/9/9/K8 b";
    assert_eq!(take(PE, "+Y"), format!("{after} y"));
    assert_eq!(take(PE, "+Z"), format!("{after} z"));
    assert_eq!(take(PE, "Y"), format!("{after} y"));
    assert_eq!(take(PEV, "C"), format!("{after} c"));
    assert_eq!(take(PEV, "A"), format!("{after} a"));
}

#[test]
fn start_positions_written_by_hand() {
    let mid = "ppppppppp/9/9/9/PPPPPPPPP";
    let w = "lnsgkgsnl/1r5b1";
    let b = "1B5R1/LNSGKGSNL";
    // Princess-Empress: rook 8b/2h -> Y, bishop 2b/8h -> Z; in 3-6 that side loses its knights.
    let wy = "lnsgkgsnl/1y5z1";
    let by = "1Z5Y1/LNSGKGSNL";
    let wy_nn = "l1sgkgs1l/1y5z1";
    let by_nn = "1Z5Y1/L1SGKGS1L";
    let pe = [
        (1, format!("{wy}/{mid}/{by} b -")),
        (2, format!("{wy}/{mid}/{by} w -")),
        (3, format!("{w}/{mid}/{by_nn} b -")),
        (4, format!("{w}/{mid}/{by_nn} w -")),
        (5, format!("{wy_nn}/{mid}/{b} b -")),
        (6, format!("{wy_nn}/{mid}/{b} w -")),
    ];
    for (n, sfen) in pe {
        assert_eq!(
            start(&format!("Shogi-Princess-Empress:{n}")),
            sfen,
            "setup {n}"
        );
    }
    // Variant: rook -> C, bishop -> A; in 3-6 that side keeps only its king, C and A.
    let wc = "lnsgkgsnl/1c5a1";
    let bc = "1A5C1/LNSGKGSNL";
    let wc_bare = "4k4/1c5a1";
    let bc_bare = "1A5C1/4K4";
    let pev = [
        (1, format!("{wc}/{mid}/{bc} b -")),
        (2, format!("{wc}/{mid}/{bc} w -")),
        (3, format!("{w}/{mid}/{bc_bare} b -")),
        (4, format!("{w}/{mid}/{bc_bare} w -")),
        (5, format!("{wc_bare}/{mid}/{b} b -")),
        (6, format!("{wc_bare}/{mid}/{b} w -")),
    ];
    for (n, sfen) in pev {
        assert_eq!(
            start(&format!("Shogi-Princess-Empress-Variant:{n}")),
            sfen,
            "setup {n}"
        );
    }
}

#[test]
fn empress_checks_with_a_knight_jump() {
    // White king 5a; Black empress 4c: its file attacks 4b 4a, its jumps 3a 5a (check) 2b 6b
    // 2d 6d 3e 5e. The king cannot reach 4c: it may go to 6a or 5b only.
    let sfen = "4k4/9/5+Y3/9/9/9/9/9/4K4 w - 1";
    assert_eq!(
        moves(PE, Some(sfen), &[]),
        vec!["5a5b".to_string(), "5a6a".to_string()]
    );
}
