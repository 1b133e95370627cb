//! Shogi-ReflectionBishop (RULES.md §2), rule sets 1 (all edges reflect), 2 (side edges, files
//! 1 and 9) and 3 (top/bottom edges, ranks a and i). Every path below was walked by hand, square
//! by square; `(f, r)` is file and rank number (rank a = 1), a step off the board across a
//! reflecting edge reverses that component and the slide goes on from the edge square.

use shogi_tests::{moves, moves_from, perft, plain, sorted, with_promotions};

const ALL: &str = "Shogi-ReflectionBishop:1";
const SIDES: &str = "Shogi-ReflectionBishop:2";
const ENDS: &str = "Shogi-ReflectionBishop:3";

/// Black's promotion zone.
const ZONE: &str = "abc";

fn bishop_moves(id: &str, sfen: &str, from: &str) -> Vec<String> {
    moves_from(&moves(id, Some(sfen), &[]), from)
}

// ---------------------------------------------------------------------------------------------
// Bishop on 2h, only the kings (5a, 5i: not on any path) on the board.
//
// Rule set 1:
//   (+1,-1): 3g 4f 5e 6d 7c 8b 9a, corner 9a (both edges reflect) reverses back to 2h: ends.
//   (-1,+1): 1i, corner: reverses straight back to 2h: ends.
//   (+1,+1): 3i | off rank -> (+1,-1): 4h 5g 6f 7e 8d 9c | off file -> (-1,-1): 8b 7a | off rank
//            -> (-1,+1): 6b 5c 4d 3e 2f 1g | off file -> (+1,+1) would reach 2h itself: ends.
//   (-1,-1): the same cycle walked backwards (1g 2f ... 3i).
//   22 squares (8b twice), 7 of them in ranks a-c.
// Rule set 2 (files reflect): 3g..9a and 1i end in their corners; (+1,+1): 3i ends (rank i);
//   (-1,-1): 1g | off file -> (+1,-1): 2f 3e 4d 5c 6b 7a ends. 16 squares.
// Rule set 3 (ranks reflect): 3g..9a, corner ends; 1i corner ends; (+1,+1): 3i | off rank ->
//   (+1,-1): 4h 5g 6f 7e 8d 9c ends at file 9; (-1,-1): 1g ends at file 1. 16 squares.
// ---------------------------------------------------------------------------------------------

const BISHOP_2H: &str = "4k4/9/9/9/9/9/9/7B1/4K4 b - 1";
const HORSE_2H: &str = "4k4/9/9/9/9/9/9/7+B1/4K4 b - 1";

const RS1_FROM_2H: [&str; 22] = [
    "3g", "4f", "5e", "6d", "7c", "8b", "9a", "1i", "3i", "4h", "5g", "6f", "7e", "8d", "9c", "7a",
    "6b", "5c", "4d", "3e", "2f", "1g",
];
const RS2_FROM_2H: [&str; 16] = [
    "3g", "4f", "5e", "6d", "7c", "8b", "9a", "1i", "3i", "1g", "2f", "3e", "4d", "5c", "6b", "7a",
];
const RS3_FROM_2H: [&str; 16] = [
    "3g", "4f", "5e", "6d", "7c", "8b", "9a", "1i", "3i", "4h", "5g", "6f", "7e", "8d", "9c", "1g",
];

#[test]
fn bishop_rule_set_1_bounces_and_reverses_in_corners() {
    let list = bishop_moves(ALL, BISHOP_2H, "2h");
    assert_eq!(list, with_promotions("2h", &RS1_FROM_2H, ZONE));
    assert_eq!(list.len(), 22 + 7);
    // The path never comes back to the bishop's own square (no null move).
    assert!(!list.contains(&"2h2h".to_string()));
}

#[test]
fn bishop_rule_set_2_bounces_off_the_side_edges_only() {
    let list = bishop_moves(SIDES, BISHOP_2H, "2h");
    assert_eq!(list, with_promotions("2h", &RS2_FROM_2H, ZONE));
    assert_eq!(list.len(), 16 + 6);
}

#[test]
fn bishop_rule_set_3_bounces_off_the_top_and_bottom_only() {
    let list = bishop_moves(ENDS, BISHOP_2H, "2h");
    assert_eq!(list, with_promotions("2h", &RS3_FROM_2H, ZONE));
    assert_eq!(list.len(), 16 + 4);
}

#[test]
fn horse_adds_unbounced_orthogonal_steps() {
    // The horse has the same diagonal paths (no promotion) plus 2g, 2i, 1h, 3h.
    let steps = ["2g", "2i", "1h", "3h"];
    for (id, diag) in [
        (ALL, &RS1_FROM_2H[..]),
        (SIDES, &RS2_FROM_2H[..]),
        (ENDS, &RS3_FROM_2H[..]),
    ] {
        let mut dests: Vec<&str> = diag.to_vec();
        dests.extend(steps);
        assert_eq!(
            bishop_moves(id, HORSE_2H, "2h"),
            plain("2h", &dests),
            "{id}"
        );
    }
}

#[test]
fn horse_on_the_side_edge() {
    // Horse 1e, kings 4a and 6i (off every path). Orthogonal steps 1d 1f 2e (none off the edge).
    // Rule set 1: (+1,-1): 2d 3c 4b 5a | -> (+1,+1): 6b 7c 8d 9e | -> (-1,+1): 8f 7g 6h 5i |
    //   -> (-1,-1): 4h 3g 2f, then 1e itself: ends. The directions toward file 0 bounce at once
    //   into the same cycle. 15 squares.
    // Rule set 2: 2d 3c 4b 5a end at rank a; 2f 3g 4h 5i end at rank i. 8 squares.
    // Rule set 3: 2d 3c 4b 5a | -> 6b 7c 8d 9e ends; 2f 3g 4h 5i | -> 6h 7g 8f 9e ends; toward
    //   file 0 nothing. 15 squares (9e twice).
    let sfen = "5k3/9/9/9/8+B/9/9/9/3K5 b - 1";
    let steps = ["1d", "1f", "2e"];
    let rs1 = [
        "2d", "3c", "4b", "5a", "6b", "7c", "8d", "9e", "8f", "7g", "6h", "5i", "4h", "3g", "2f",
    ];
    let rs2 = ["2d", "3c", "4b", "5a", "2f", "3g", "4h", "5i"];
    let rs3 = [
        "2d", "3c", "4b", "5a", "6b", "7c", "8d", "9e", "2f", "3g", "4h", "5i", "6h", "7g", "8f",
    ];
    for (id, diag) in [(ALL, &rs1[..]), (SIDES, &rs2[..]), (ENDS, &rs3[..])] {
        let mut dests: Vec<&str> = diag.to_vec();
        dests.extend(steps);
        assert_eq!(bishop_moves(id, sfen, "1e"), plain("1e", &dests), "{id}");
    }
}

#[test]
fn bishop_on_the_long_diagonal_rule_set_1() {
    // Bishop 3c (rule set 1), kings 5b and 5h (odd squares, never on an even bishop's path).
    // (+1,+1): 4d 5e 6f 7g 8h 9i, corner reverses back to 3c. (-1,-1): 2b 1a, corner reverses.
    // (+1,-1): 4b 5a | -> (+1,+1): 6b 7c 8d 9e | -> (-1,+1): 8f 7g 6h 5i | -> (-1,-1): 4h 3g 2f 1e
    //   | -> (+1,-1): 2d, then 3c itself. (-1,+1) walks it backwards. 23 squares (7g twice).
    let sfen = "9/4k4/6B2/9/9/9/9/4K4/9 b - 1";
    let dests = [
        "4d", "5e", "6f", "7g", "8h", "9i", "2b", "1a", "4b", "5a", "6b", "7c", "8d", "9e", "8f",
        "6h", "5i", "4h", "3g", "2f", "1e", "2d",
    ];
    // From 3c (in the zone) every move may promote.
    let list = bishop_moves(ALL, sfen, "3c");
    assert_eq!(list, with_promotions("3c", &dests, ZONE));
    assert_eq!(list.len(), 2 * 22);
}

// ---------------------------------------------------------------------------------------------
// Blocked paths and captures after a bounce.
// ---------------------------------------------------------------------------------------------

#[test]
fn rule_set_1_blocks_and_captures_after_a_bounce() {
    // Bishop 2g; White pawn 9b, Black pawn 5f, Black gold 5h, kings 5a and 5i (even squares;
    // the bishop on 2g only ever reaches odd ones).
    // (+1,-1): 3f 4e 5d 6c 7b 8a | off rank -> (+1,+1): 9b captures, stops.
    // (-1,+1): 1h | off file -> (+1,+1): 2i | off rank -> (+1,-1): 3h 4g, own pawn 5f: stops.
    // (+1,+1): 3h 4i | off rank -> (+1,-1): own gold 5h: stops.
    // (-1,-1): 1f | off file -> (+1,-1): 2e 3d 4c 5b 6a | off rank -> (+1,+1): 7b 8c 9d | off
    //   file -> (-1,+1): 8e 7f 6g, own gold 5h: stops.
    // 23 squares (3h, 7b twice); in ranks a-c: 6c 7b 8a 9b 4c 5b 6a 8c.
    let sfen = "4k4/p8/9/9/9/4P4/7B1/4G4/4K4 b - 1";
    let dests = [
        "3f", "4e", "5d", "6c", "7b", "8a", "9b", "1h", "2i", "3h", "4g", "4i", "1f", "2e", "3d",
        "4c", "5b", "6a", "8c", "9d", "8e", "7f", "6g",
    ];
    let list = bishop_moves(ALL, sfen, "2g");
    assert_eq!(list, with_promotions("2g", &dests, ZONE));
    assert_eq!(list.len(), 23 + 8);
}

#[test]
fn rule_set_2_captures_after_a_bounce_off_file_1() {
    // Bishop 2g; White pawn 3d, Black pawn 4e, kings 5a and 5i.
    // (+1,-1): 3f, own pawn 4e. (-1,-1): 1f | -> (+1,-1): 2e 3d captures.
    // (+1,+1): 3h 4i, ends at rank i. (-1,+1): 1h | -> (+1,+1): 2i, ends at rank i.
    let sfen = "4k4/9/9/6p2/5P3/9/7B1/9/4K4 b - 1";
    let dests = ["3f", "1f", "2e", "3d", "3h", "4i", "1h", "2i"];
    assert_eq!(bishop_moves(SIDES, sfen, "2g"), plain("2g", &dests));
}

#[test]
fn rule_set_3_captures_after_a_bounce_off_rank_i() {
    // Bishop 2g; Black pawn 5d, White pawn 5h, White king 5a, Black king 9i.
    // (+1,-1): 3f 4e, own pawn 5d. (-1,-1): 1f, ends at file 1.
    // (+1,+1): 3h 4i | off rank -> (+1,-1): 5h captures. (-1,+1): 1h, ends at file 1.
    let sfen = "4k4/9/9/4P4/9/9/7B1/4p4/K8 b - 1";
    let dests = ["3f", "4e", "1f", "3h", "4i", "5h", "1h"];
    assert_eq!(bishop_moves(ENDS, sfen, "2g"), plain("2g", &dests));
}

// ---------------------------------------------------------------------------------------------
// Check along a bounced path.
// ---------------------------------------------------------------------------------------------

/// White bishop 3c, White king 9a, Black king 5i alone; Black to move.
const CHECK: &str = "k8/9/6b2/9/9/9/9/9/4K4 b - 1";

#[test]
fn check_along_a_bounced_path_rule_set_1() {
    // White bishop 3c, (-1,+1): 2d 1e | off file -> (+1,+1): 2f 3g 4h 5i: check. With the king
    // gone from 5i the path goes on: off rank -> (+1,-1): 6h. (Also (+1,-1): 4b 5a | 6b 7c 8d 9e
    // | 8f 7g 6h 5i.) So 4h and 6h are attacked; 5h, 4i, 6i are odd squares, safe.
    assert_eq!(
        moves(ALL, Some(CHECK), &[]),
        sorted(&["5i4i", "5i5h", "5i6i"])
    );
}

#[test]
fn check_along_a_bounced_path_rule_set_2() {
    // Files reflect: 2d 1e | 2f 3g 4h 5i is check; past 5i the path would leave across rank i,
    // which does not reflect, so 6h is safe. The other paths end at 9i, 1a and 5a.
    assert_eq!(
        moves(SIDES, Some(CHECK), &[]),
        sorted(&["5i4i", "5i5h", "5i6h", "5i6i"])
    );
}

#[test]
fn no_check_without_the_side_bounce_rule_set_3() {
    // Ranks reflect only: 2d 1e ends at file 1; 4b 5a | 6b 7c 8d 9e ends at file 9; 4d..9i and
    // 2b 1a end in corners. Nothing reaches the king's area: all five king moves.
    assert_eq!(
        moves(ENDS, Some(CHECK), &[]),
        sorted(&["5i4h", "5i4i", "5i5h", "5i6h", "5i6i"])
    );
}

#[test]
fn pin_along_a_bounced_path_rule_set_2() {
    // White bishop 3c: 2d 1e | 2f 3g 4h (Black gold) ... 5i (Black king): the gold is pinned.
    // Of its moves (4g 3g 5g 3h 5h 4i) only 3g stays on the line. The king may go to 4i 5h 6h
    // 6i (the line ends at 5i in rule set 2; the bishop's other paths end at 5a, 1a, 9i).
    let sfen = "k8/9/6b2/9/9/9/9/5G3/4K4 b - 1";
    assert_eq!(
        moves(SIDES, Some(sfen), &[]),
        sorted(&["4h3g", "5i4i", "5i5h", "5i6h", "5i6i"])
    );
}

// ---------------------------------------------------------------------------------------------
// A piece first on a bent path from its king: pinned only with a reflector beyond it.
// ---------------------------------------------------------------------------------------------

#[test]
fn piece_on_a_bent_path_from_the_king_is_pinned_only_by_a_reflector_beyond_it() {
    // Rule set 2 (files reflect, ranks end paths). Black king 8h, Black gold 7e, White king 1a.
    // The king's (+1,-1) path: 9g | off file 10 -> (-1,-1): 8f 7e (the gold, first) and on,
    // with the gold lifted, 6d 5c 4b 3a (ends at rank a). Its other paths: (-1,-1) 7g 6f 5e 4d
    // 3c 2b 1a (the White king), (+1,+1) 9i and (-1,+1) 7i end at rank i.
    //
    // White bishop 5c: beyond the gold, so the gold may only stay on the path: 7e6d (its
    // other steps 7d 8d 6e 8e 7f leave it). The bishop's paths: 6d 7e (the gold); 6b 7a;
    // 4b 3a; 4d 3e 2f 1g | -> (+1,+1): 2h 3i. None reaches a square next to the king, so all
    // eight king steps are legal: nine moves.
    let pinned = "8k/9/4b4/9/2G6/9/9/1K7/9 b - 1";
    let kings = [
        "8h7g", "8h7h", "8h7i", "8h8g", "8h8i", "8h9g", "8h9h", "8h9i",
    ];
    let mut expected: Vec<&str> = kings.to_vec();
    expected.push("7e6d");
    assert_eq!(moves(SIDES, Some(pinned), &[]), sorted(&expected));
    assert_eq!(perft(SIDES, Some(pinned), 1), 9);
    // White bishop 2a instead: no reflector beyond the gold (the lifted path ends at 3a), so
    // all six gold steps are legal. The bishop's paths: 1b | -> (+1,+1): 2c 3d 4e 5f 6g 7h 8i
    // (ends); 3b 4c 5d 6e 7f 8g 9h | off file -> (-1,+1): 8i (ends). The king may not go to
    // 7h, 8g, 9h or 8i: 7g 7i 9g 9i and the six gold steps, ten moves.
    let free = "7bk/9/9/9/2G6/9/9/1K7/9 b - 1";
    let expected = sorted(&[
        "8h7g", "8h7i", "8h9g", "8h9i", "7e7d", "7e6d", "7e8d", "7e6e", "7e8e", "7e7f",
    ]);
    assert_eq!(moves(SIDES, Some(free), &[]), expected);
    assert_eq!(perft(SIDES, Some(free), 1), 10);
}
