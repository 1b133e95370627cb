//! Paralysis and Madrasi (RULES.md §6), with hand-derived expectations.

use crate::movement::*;
use shogi_core::pieces::STANDARD_PIECES;
use shogi_core::table::{Golds, Hooks, Paralysis};
use shogi_core::Color;
use std::collections::BTreeSet;

const fn para(paralysis: Paralysis) -> Hooks {
    Hooks {
        paralysis,
        ..Hooks::STANDARD
    }
}

rule_set!(AnyEnemy, STANDARD_PIECES, para(Paralysis::AnyEnemy));
rule_set!(
    Madrasi1,
    STANDARD_PIECES,
    para(Paralysis::SameKind {
        kings: false,
        golds: Golds::Separate
    })
);
rule_set!(
    KingMadrasi2,
    STANDARD_PIECES,
    para(Paralysis::SameKind {
        kings: true,
        golds: Golds::Separate
    })
);
rule_set!(
    Madrasi3,
    STANDARD_PIECES,
    para(Paralysis::SameKind {
        kings: false,
        golds: Golds::AsGold
    })
);
rule_set!(
    KingMadrasi4,
    STANDARD_PIECES,
    para(Paralysis::SameKind {
        kings: true,
        golds: Golds::AsGold
    })
);

fn none() -> BTreeSet<String> {
    BTreeSet::new()
}

#[test]
fn a_piece_attacked_by_any_enemy_cannot_move() {
    // Gold on 5e and White pawn on 5d attack each other: both frozen. The gold on 3g is free.
    let pieces = [
        ("9i", "K"),
        ("1a", "k"),
        ("5e", "G"),
        ("5d", "p"),
        ("3g", "G"),
    ];
    let mut b = pos::<AnyEnemy>(&pieces, 'b', "-");
    assert_eq!(legal_from(&mut b, "5e"), none());
    assert_eq!(
        legal_from(&mut b, "3g"),
        from_to("3g", &["3f", "2f", "4f", "2g", "4g", "3h"])
    );
    let mut w = pos::<AnyEnemy>(&pieces, 'w', "-");
    assert_eq!(legal_from(&mut w, "5d"), none());
}

#[test]
fn a_paralysed_piece_gives_no_check_but_still_paralyses() {
    // The rook on 5e sees the White king on 5a but is paralysed by the knight on 4c: no
    // check. It still attacks the silver on 2e and the king, so neither may move. The
    // knight's only legal move is to take the rook: 4c3e would free it and expose the king.
    let pieces = [
        ("9i", "K"),
        ("5a", "k"),
        ("5e", "R"),
        ("4c", "n"),
        ("2e", "s"),
    ];
    let mut w = pos::<AnyEnemy>(&pieces, 'w', "-");
    assert!(!w.in_check(Color::White));
    assert_eq!(legal(&mut w), set(&["4c5e"]));
}

#[test]
fn madrasi_paralyses_only_by_the_same_kind() {
    // Rook on 5e against the White king on 5b: the White rook on 1e paralyses it (no check);
    // a White bishop on 3c attacks it too but is another kind (check).
    let same = [("9i", "K"), ("5b", "k"), ("5e", "R"), ("1e", "r")];
    let mut w = pos::<Madrasi1>(&same, 'w', "-");
    assert!(!w.in_check(Color::White));
    assert_eq!(
        legal_from(&mut w, "1e"),
        none(),
        "the White rook is frozen too"
    );
    let other = [("9i", "K"), ("5b", "k"), ("5e", "R"), ("3c", "b")];
    assert!(pos::<Madrasi1>(&other, 'w', "-").in_check(Color::White));
    // Under plain paralysis the bishop would do it.
    assert!(!pos::<AnyEnemy>(&other, 'w', "-").in_check(Color::White));
}

#[test]
fn king_madrasi_lets_kings_stand_adjacent() {
    // Black king on 5e, White king on 5c. Madrasi: the king may not step next to the other
    // king; King-Madrasi: it may (both kings are then paralysed).
    let pieces = [("5e", "K"), ("5c", "k")];
    let all = from_to("5e", &["4d", "5d", "6d", "4e", "6e", "4f", "5f", "6f"]);
    let apart = from_to("5e", &["4e", "6e", "4f", "5f", "6f"]);
    assert_eq!(legal(&mut pos::<Madrasi1>(&pieces, 'b', "-")), apart);
    assert_eq!(legal(&mut pos::<Madrasi3>(&pieces, 'b', "-")), apart);
    assert_eq!(legal(&mut pos::<KingMadrasi2>(&pieces, 'b', "-")), all);
    assert_eq!(legal(&mut pos::<KingMadrasi4>(&pieces, 'b', "-")), all);
    // Adjacent kings freeze each other: Black, with nothing else, has no move.
    let adjacent = [("5d", "K"), ("5c", "k")];
    assert_eq!(legal(&mut pos::<KingMadrasi2>(&adjacent, 'b', "-")), none());
    assert!(!pos::<KingMadrasi2>(&adjacent, 'b', "-").in_check(Color::Black));
}

#[test]
fn promoted_golds_separate_or_counted_as_gold() {
    // Gold on 5e faces a White tokin on 5d; a Black promoted silver on 2e faces a White
    // promoted knight on 2d.
    let pieces = [
        ("9i", "K"),
        ("1a", "k"),
        ("5e", "G"),
        ("5d", "+p"),
        ("2e", "+S"),
        ("2d", "+n"),
    ];
    let mut separate = pos::<Madrasi1>(&pieces, 'b', "-");
    assert_eq!(
        legal_from(&mut separate, "5e"),
        from_to("5e", &["5d", "4d", "6d", "4e", "6e", "5f"])
    );
    assert_eq!(
        legal_from(&mut separate, "2e"),
        from_to("2e", &["2d", "1d", "3d", "1e", "3e", "2f"])
    );
    let mut as_gold = pos::<Madrasi3>(&pieces, 'b', "-");
    assert_eq!(legal_from(&mut as_gold, "5e"), none());
    assert_eq!(legal_from(&mut as_gold, "2e"), none());
}

#[test]
fn fast_check_test_agrees_with_the_general_rule() {
    fn run<R: shogi_core::Rules>() {
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        let mut p = shogi_core::Position::<R>::from_sfen(start).unwrap();
        assert!(walk_checking(&mut p, 2) > 0);
        let (nodes, checks) = random_playouts::<R>(start, 40, 120);
        eprintln!(
            "{}: {nodes} nodes, {checks} in check",
            std::any::type_name::<R>()
        );
        assert!(checks > 0);
    }
    run::<AnyEnemy>();
    run::<Madrasi1>();
    run::<KingMadrasi2>();
    run::<Madrasi3>();
    run::<KingMadrasi4>();
}
