//! Isardam A/B and True Isardam (RULES.md §6), with hand-derived expectations.

use crate::movement::*;
use shogi_core::pieces::STANDARD_PIECES;
use shogi_core::table::{Golds, Hooks, Landing};
use shogi_core::{Color, Rules};
use std::collections::BTreeSet;

const fn isardam(drops: bool, golds: Golds, binds_king_capture: bool, total: bool) -> Hooks {
    Hooks {
        landing: Landing::Isardam {
            drops,
            golds,
            binds_king_capture,
            total,
        },
        ..Hooks::STANDARD
    }
}

use Golds::{AsGold, Separate};
rule_set!(A1, STANDARD_PIECES, isardam(false, Separate, true, false));
rule_set!(A2, STANDARD_PIECES, isardam(false, AsGold, true, false));
rule_set!(A3, STANDARD_PIECES, isardam(true, Separate, true, false));
rule_set!(A4, STANDARD_PIECES, isardam(true, AsGold, true, false));
rule_set!(B1, STANDARD_PIECES, isardam(false, Separate, false, false));
rule_set!(B3, STANDARD_PIECES, isardam(true, Separate, false, false));
// True forms; `drops: false` on purpose: the whole-board rule binds drops whatever it says.
rule_set!(
    TrueA1,
    STANDARD_PIECES,
    isardam(false, Separate, true, true)
);
rule_set!(TrueA2, STANDARD_PIECES, isardam(false, AsGold, true, true));
rule_set!(
    TrueB1,
    STANDARD_PIECES,
    isardam(false, Separate, false, true)
);

#[test]
fn landing_is_judged_by_the_kind_after_promotion() {
    // Silver on 5d. The White silver on 3b attacks 4c (so only 4c+ is allowed); the White gold
    // on 7b attacks 6c, which bars 6c+ only where promoted golds count as gold.
    let pieces = [
        ("9i", "K"),
        ("1i", "k"),
        ("5d", "S"),
        ("3b", "s"),
        ("7b", "g"),
    ];
    let separate = set(&["5d5c", "5d5c+", "5d4c+", "5d6c", "5d6c+", "5d4e", "5d6e"]);
    assert_eq!(
        legal_from(&mut pos::<A1>(&pieces, 'b', "-"), "5d"),
        separate
    );
    let mut as_gold = separate.clone();
    as_gold.remove("5d6c+");
    assert_eq!(legal_from(&mut pos::<A2>(&pieces, 'b', "-"), "5d"), as_gold);
    // The True forms judge the same landings (no other pair appears on this board).
    assert_eq!(
        legal_from(&mut pos::<TrueA1>(&pieces, 'b', "-"), "5d"),
        separate
    );
    assert_eq!(
        legal_from(&mut pos::<TrueA2>(&pieces, 'b', "-"), "5d"),
        as_gold
    );
}

#[test]
fn landing_is_judged_after_the_mover_leaves_its_square() {
    // Rook on 5e shields its own rank from the White rook on 9e. Moving along the rank either
    // way lands in that rook's line once 5e is empty; taking it is fine.
    let pieces = [("5i", "K"), ("1a", "k"), ("5e", "R"), ("9e", "r")];
    let expected = set(&[
        "5e9e", "5e5d", "5e5c", "5e5c+", "5e5b", "5e5b+", "5e5a", "5e5a+", "5e5f", "5e5g", "5e5h",
    ]);
    assert_eq!(
        legal_from(&mut pos::<A1>(&pieces, 'b', "-"), "5e"),
        expected
    );
    assert_eq!(
        legal_from(&mut pos::<TrueA1>(&pieces, 'b', "-"), "5e"),
        expected
    );
}

#[test]
fn drops_are_bound_only_in_rule_sets_3_and_4() {
    // The White silver on 5c attacks 5d, 4d, 6d, 4b and 6b.
    let pieces = [("9i", "K"), ("1a", "k"), ("5c", "s")];
    let drops = |moves: std::collections::BTreeSet<String>| {
        moves.into_iter().filter(|m| m.starts_with("S*")).count()
    };
    let mut free = pos::<A1>(&pieces, 'b', "S");
    assert!(is_legal(&mut free, "S*5d"));
    assert_eq!(drops(legal(&mut free)), 78);
    let mut bound = pos::<A3>(&pieces, 'b', "S");
    assert!(!is_legal(&mut bound, "S*5d") && is_legal(&mut bound, "S*5e"));
    assert_eq!(drops(legal(&mut bound)), 73);
    assert_eq!(drops(legal(&mut pos::<B1>(&pieces, 'b', "S"))), 78);
    assert_eq!(drops(legal(&mut pos::<B3>(&pieces, 'b', "S"))), 73);
    assert_eq!(drops(legal(&mut pos::<TrueA1>(&pieces, 'b', "S"))), 73);
}

#[test]
fn another_piece_may_be_exposed_except_in_the_true_forms() {
    // The silver on 5e stands between the White rook on 5a and the Black rook on 5g; 5e4d
    // opens the file.
    let pieces = [
        ("9i", "K"),
        ("1a", "k"),
        ("5e", "S"),
        ("5g", "R"),
        ("5a", "r"),
    ];
    assert!(is_legal(&mut pos::<A1>(&pieces, 'b', "-"), "5e4d"));
    assert!(is_legal(&mut pos::<B1>(&pieces, 'b', "-"), "5e4d"));
    assert!(!is_legal(&mut pos::<TrueA1>(&pieces, 'b', "-"), "5e4d"));
    assert!(!is_legal(&mut pos::<TrueB1>(&pieces, 'b', "-"), "5e4d"));
    // The silver's other moves keep the file shut.
    assert!(is_legal(&mut pos::<TrueA1>(&pieces, 'b', "-"), "5e5d"));
}

#[test]
fn true_forms_count_promoted_golds_as_gold_in_rule_set_2() {
    // A Black gold dropped on 5d would face the White tokin on 5c (it attacks 5d).
    let pieces = [("9i", "K"), ("1a", "k"), ("5c", "+p")];
    assert!(is_legal(&mut pos::<TrueA1>(&pieces, 'b', "G"), "G*5d"));
    assert!(!is_legal(&mut pos::<TrueA2>(&pieces, 'b', "G"), "G*5d"));
    // Rule set 4 of A binds drops the same way.
    assert!(!is_legal(&mut pos::<A4>(&pieces, 'b', "G"), "G*5d"));
}

#[test]
fn a_king_covered_by_the_checkers_kind_is_in_check_only_under_b() {
    // White king 5d, covered along rank d by the White rook on 1d; the Black rook on 5f
    // attacks it. Under A the rook may not capture onto a square the White rook attacks
    // (outside the camp it cannot turn into a dragon to escape the restriction).
    let pieces = [("9i", "K"), ("5d", "k"), ("1d", "r"), ("5f", "R")];
    let king_moves = from_to("5d", &["4c", "6c", "4d", "6d", "4e", "6e"]);
    // Under A the rook must keep covering 5d: only its moves along rank d are legal. The king
    // may not go to 5e (uncovered) nor to 5c: capturing there the rook may promote, and a
    // dragon is not of the covering rook's kind.
    let mut a_moves = king_moves.clone();
    a_moves.extend(from_to("1d", &["2d", "3d", "4d"]));

    let mut a = pos::<A1>(&pieces, 'w', "-");
    assert!(!a.in_check(Color::White));
    assert_eq!(legal(&mut a), a_moves);
    let mut b = pos::<B1>(&pieces, 'w', "-");
    assert!(b.in_check(Color::White));
    assert_eq!(legal(&mut b), king_moves);

    let mut ta = pos::<TrueA1>(&pieces, 'w', "-");
    assert!(!ta.in_check(Color::White));
    assert_eq!(legal(&mut ta), a_moves);
    let mut tb = pos::<TrueB1>(&pieces, 'w', "-");
    assert!(tb.in_check(Color::White));
    assert_eq!(legal(&mut tb), king_moves);
}

#[test]
fn a_king_capture_counts_if_a_promotion_form_obeys() {
    // Same cover inside Black's camp: the rook on 5e may take the king on 5c as a dragon,
    // which no White dragon attacks, so the king is in check under A too.
    let pieces = [("9i", "K"), ("5c", "k"), ("1c", "r"), ("5e", "R")];
    assert!(pos::<A1>(&pieces, 'w', "-").in_check(Color::White));
    assert!(pos::<TrueA1>(&pieces, 'w', "-").in_check(Color::White));
}

#[test]
fn uchifuzume_under_a_and_b() {
    // White king 1d behind its own pawn on 1c; the rook on 2a and the gold on 2f cover 2c, 2d,
    // 2e and 1e. P*1e attacks the king, but the pawn would capture onto 1d (no promotion
    // there), which the White pawn on 1c attacks: under A that is no check (the drop is
    // legal), under B it is mate (the drop is illegal).
    let pieces = [
        ("9i", "K"),
        ("1d", "k"),
        ("1c", "p"),
        ("2a", "R"),
        ("2f", "G"),
    ];
    assert!(is_legal(&mut pos::<A1>(&pieces, 'b', "P"), "P*1e"));
    assert!(!is_legal(&mut pos::<B1>(&pieces, 'b', "P"), "P*1e"));
    assert!(is_legal(&mut pos::<TrueA1>(&pieces, 'b', "P"), "P*1e"));
    assert!(!is_legal(&mut pos::<TrueB1>(&pieces, 'b', "P"), "P*1e"));
    // The same drop is check under B and not under A.
    let mut after = pieces.to_vec();
    after.push(("1e", "P"));
    assert!(!pos::<A1>(&after, 'w', "-").in_check(Color::White));
    assert!(pos::<B1>(&after, 'w', "-").in_check(Color::White));
    assert!(legal(&mut pos::<B1>(&after, 'w', "-")).is_empty());
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
    run::<A1>();
    run::<A2>();
    run::<A3>();
    run::<B1>();
    run::<B3>();
    run::<TrueA1>();
    run::<TrueA2>();
    run::<TrueB1>();
}

#[test]
fn true_forms_with_a_like_attack_on_the_board_allow_only_moves_that_end_it() {
    // Black rook 5e and White rook 5c face each other on file 5 (5d empty): a like attack is
    // already on the board. A move is legal only if none is left: the rook captures on 5c
    // (promoting or not: no White rook is left) or leaves file 5 along rank e (4e-1e, 6e-9e:
    // neither rook's lines then meet the other). Down the file (5f-5i) or up to 5d it stays
    // attacked, and a king step (9h 8h 8i) leaves the pair: ten moves, listed and counted.
    let pieces = [("9i", "K"), ("1a", "k"), ("5e", "R"), ("5c", "r")];
    let expected = set(&[
        "5e5c", "5e5c+", "5e4e", "5e3e", "5e2e", "5e1e", "5e6e", "5e7e", "5e8e", "5e9e",
    ]);
    fn check<R: Rules>(pieces: &[(&str, &str)], expected: &BTreeSet<String>) {
        let mut p = pos::<R>(pieces, 'b', "-");
        assert_eq!(&legal(&mut p), expected, "{}", R::TABLE.name);
        assert_eq!(p.count_legal_moves(), 10, "{}", R::TABLE.name);
    }
    check::<TrueA1>(&pieces, &expected);
    check::<TrueA2>(&pieces, &expected);
    check::<TrueB1>(&pieces, &expected);
}
