//! Chained movement (RULES.md §5, Shogi-ChainedMovement), with hand-derived expectations.

use crate::movement::*;
use shogi_core::pieces::STANDARD_PIECES;
use shogi_core::table::{Hooks, KingLoss, MoveShape};
use shogi_core::Color;

rule_set!(
    Chained,
    STANDARD_PIECES,
    Hooks {
        king_loss: KingLoss::Capture,
        move_shape: MoveShape::Chained,
        nifu_on_moves: true,
        ..Hooks::STANDARD
    }
);

#[test]
fn chains_through_each_friendly_kind() {
    // Gold on 5e reaches only the friend on 5d, then moves by that friend's movement from 5d
    // (5e, its own start, counts as occupied by a friend).
    let bishop = [
        "4c", "3b", "2a", "6c", "7b", "8a", "4e", "3f", "2g", "1h", "6e", "7f", "8g", "9h",
    ];
    let rook = [
        "5c", "5b", "5a", "4d", "3d", "2d", "1d", "6d", "7d", "8d", "9d",
    ];
    let gold = ["5c", "4c", "6c", "4d", "6d"];
    let mut dragon = rook.to_vec();
    dragon.extend(["4c", "6c", "4e", "6e"]);
    let mut horse = bishop.to_vec();
    horse.extend(["5c", "4d", "6d"]);
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("P", vec!["5c"]),
        ("L", vec!["5c", "5b", "5a"]),
        ("N", vec!["4b", "6b"]),
        ("S", vec!["5c", "4c", "6c", "4e", "6e"]),
        ("G", gold.to_vec()),
        ("B", bishop.to_vec()),
        ("R", rook.to_vec()),
        ("K", vec!["4c", "5c", "6c", "4d", "6d", "4e", "6e"]),
        ("+R", dragon),
        ("+B", horse),
        ("+S", gold.to_vec()),
        ("+N", gold.to_vec()),
        ("+L", gold.to_vec()),
        ("+P", gold.to_vec()),
    ];
    for (friend, dests) in cases {
        let mut pieces = vec![("1a", "k"), ("5e", "G"), ("5d", friend)];
        if friend != "K" {
            pieces.push(("9i", "K"));
        }
        let mut p = pos::<Chained>(&pieces, 'b', "-");
        assert_eq!(
            legal_from(&mut p, "5e"),
            from_to("5e", &dests),
            "through {friend}"
        );
    }
}

#[test]
fn no_plain_moves_even_in_check_but_drops_stay() {
    // A lone king has no friend to chain through. The White lance on 5a reaches the rook on
    // 5c, whose movement reaches the king: check, yet the king has no move.
    let pieces = [("5e", "K"), ("1a", "k"), ("5a", "l"), ("5c", "r")];
    let mut p = pos::<Chained>(&pieces, 'b', "-");
    assert!(p.in_check(Color::Black));
    assert!(legal(&mut p).is_empty());
    // With a gold in hand, every one of the 77 empty squares takes a drop, and nothing else.
    let mut h = pos::<Chained>(&pieces, 'b', "G");
    let moves = legal(&mut h);
    assert_eq!(moves.len(), 77);
    assert!(moves.iter().all(|m| m.starts_with("G*")));
}

#[test]
fn the_start_square_blocks_the_second_leg() {
    // Pawn on 5e steps onto the rook on 5d, then slides as a rook: down the file it meets its
    // own start square at once. Promotion on c–b, forced on a (the pawn could not move).
    let pieces = [("9i", "K"), ("1a", "k"), ("5e", "P"), ("5d", "R")];
    let mut p = pos::<Chained>(&pieces, 'b', "-");
    assert_eq!(
        legal_from(&mut p, "5e"),
        set(&[
            "5e5c", "5e5c+", "5e5b", "5e5b+", "5e5a+", "5e4d", "5e3d", "5e2d", "5e1d", "5e6d",
            "5e7d", "5e8d", "5e9d"
        ])
    );
}

#[test]
fn promotion_only_when_the_final_square_is_in_the_camp() {
    // Silver on 5c (already in the camp) chains through the gold on 4d: only the finals 4c
    // and 3c may promote.
    let pieces = [("9i", "K"), ("1a", "k"), ("5c", "S"), ("4d", "G")];
    let mut p = pos::<Chained>(&pieces, 'b', "-");
    assert_eq!(
        legal_from(&mut p, "5c"),
        set(&["5c4c", "5c4c+", "5c3c", "5c3c+", "5c3d", "5c5d", "5c4e"])
    );
}

#[test]
fn nifu_binds_chained_pawn_moves_except_a_king_capture() {
    // Pawn on 5e through the gold on 5d; Black has a pawn on file 4, so 4d is barred and 4c
    // only promoting.
    let base = [("9i", "K"), ("5e", "P"), ("5d", "G"), ("4g", "P")];
    let barred = set(&["5e5c", "5e5c+", "5e4c+", "5e6c", "5e6c+", "5e6d"]);
    let mut pieces = base.to_vec();
    pieces.push(("1a", "k"));
    assert_eq!(
        legal_from(&mut pos::<Chained>(&pieces, 'b', "-"), "5e"),
        barred
    );
    // With the White king on 4d, taking it is a legal move although it makes nifu.
    let mut pieces = base.to_vec();
    pieces.push(("4d", "k"));
    let mut with_king = barred.clone();
    with_king.insert("5e4d".to_string());
    assert_eq!(
        legal_from(&mut pos::<Chained>(&pieces, 'b', "-"), "5e"),
        with_king
    );
}

#[test]
fn two_chains_to_one_square_are_one_move() {
    // Gold on 5e reaches silvers on 4d and 6d; both reach 5c.
    let pieces = [
        ("9i", "K"),
        ("1a", "k"),
        ("5e", "G"),
        ("4d", "S"),
        ("6d", "S"),
    ];
    let mut p = pos::<Chained>(&pieces, 'b', "-");
    let from_5e: Vec<String> = p
        .legal_move_list()
        .into_iter()
        .map(|m| p.move_to_usi(m))
        .filter(|m| m.starts_with("5e"))
        .collect();
    assert_eq!(from_5e.len(), 7, "{from_5e:?}");
    assert_eq!(
        from_5e
            .into_iter()
            .collect::<std::collections::BTreeSet<_>>(),
        from_to("5e", &["4c", "3c", "5c", "3e", "6c", "7c", "7e"])
    );
}

#[test]
fn a_king_is_attacked_only_through_a_chain() {
    // The gold on 5d touches the White king on 4c but has no friend to chain through; the
    // pawn on 5e reaches the king through the gold.
    let with_pawn = [("9i", "K"), ("4c", "k"), ("5e", "P"), ("5d", "G")];
    assert!(pos::<Chained>(&with_pawn, 'w', "-").in_check(Color::White));
    let gold_only = [("9i", "K"), ("4c", "k"), ("5d", "G")];
    assert!(!pos::<Chained>(&gold_only, 'w', "-").in_check(Color::White));
}

#[test]
fn capturing_the_king_ends_the_game() {
    let pieces = [("9i", "K"), ("4c", "k"), ("5e", "P"), ("5d", "G")];
    let mut p = pos::<Chained>(&pieces, 'b', "-");
    let mv = p.parse_usi("5e4c+").unwrap();
    p.make(mv);
    assert_eq!(p.winner_by_board(), Some(Color::Black));
    assert!(p.legal_move_list().is_empty());
}

#[test]
fn hash_and_unmake_stay_exact() {
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let mut p = shogi_core::Position::<Chained>::from_sfen(start).unwrap();
    assert!(walk_checking(&mut p, 2) > 0);
    let (nodes, checks) = random_playouts::<Chained>(start, 40, 120);
    assert!(nodes > 0 && checks > 0);
}
