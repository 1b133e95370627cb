//! Borrowed movement (RULES.md §3) and Annan-style friend lending, with hand-derived
//! expectations. Coordinates: Black's forward is toward rank a, "behind" a Black piece is the
//! square one rank nearer i; for White the other way round.

use crate::movement::*;
use shogi_core::table::{Hooks, Lender, MovementSource, OwnMovement, Place};
use shogi_core::{Color, Position};

const fn borrow(lender: Lender, place: Place, own: OwnMovement) -> Hooks {
    Hooks {
        movement_source: MovementSource::Borrow { lender, place, own },
        nifu_on_moves: true,
        ..Hooks::STANDARD
    }
}

use Lender::{Enemy, Friend};
use OwnMovement::{Always, WhenNone};

rule_set!(Back, NO_DEAD, borrow(Enemy, Place::Behind, WhenNone));
rule_set!(Front, LAST_RANK_DEAD, borrow(Enemy, Place::Front, WhenNone));
rule_set!(Side, NO_DEAD, borrow(Enemy, Place::Side, WhenNone));
rule_set!(Knight, NO_DEAD, borrow(Enemy, Place::Knight, WhenNone));
rule_set!(Around1, NO_DEAD, borrow(Enemy, Place::Around, WhenNone));
rule_set!(Around2, NO_DEAD, borrow(Enemy, Place::Around, Always));
rule_set!(Kiki1, NO_DEAD, borrow(Enemy, Place::Attacked, WhenNone));
rule_set!(Kiki2, NO_DEAD, borrow(Enemy, Place::Attacked, Always));
rule_set!(
    AntiKiki1,
    NO_DEAD,
    borrow(Enemy, Place::Attackers, WhenNone)
);
rule_set!(AntiKiki2, NO_DEAD, borrow(Enemy, Place::Attackers, Always));
rule_set!(
    Annan,
    shogi_core::pieces::STANDARD_PIECES,
    Hooks {
        movement_source: MovementSource::Borrow {
            lender: Friend,
            place: Place::Behind,
            own: WhenNone,
        },
        ..Hooks::STANDARD
    }
);

const KINGS: [(&str, &str); 2] = [("9i", "K"), ("1a", "k")];

fn with_kings<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v = KINGS.to_vec();
    v.extend_from_slice(extra);
    v
}

#[test]
fn borrowed_movement_is_oriented_for_the_mover() {
    // A Black gold with a White piece behind it (5f) moves like that piece, toward rank a.
    let cases: [(&str, &[&str]); 4] = [
        ("p", &["5d"]),
        ("l", &["5d", "5c", "5b", "5a"]),
        ("n", &["4c", "6c"]),
        ("s", &["5d", "4d", "6d", "4f", "6f"]),
    ];
    for (lender, dests) in cases {
        let mut p = pos::<Back>(&with_kings(&[("5e", "G"), ("5f", lender)]), 'b', "-");
        assert_eq!(
            legal_from(&mut p, "5e"),
            from_to("5e", dests),
            "lender {lender}"
        );
    }
    // A White gold with a Black pawn behind it (5d, nearer rank a) steps toward rank i.
    let mut p = pos::<Back>(&with_kings(&[("5e", "g"), ("5d", "P")]), 'w', "-");
    assert_eq!(legal_from(&mut p, "5e"), from_to("5e", &["5f"]));
}

#[test]
fn several_side_lenders_are_united_and_own_movement_is_dropped() {
    // Silver on 5e between a White knight (4e) and a White pawn (6e): knight jumps 4c/6c
    // (promotable in the camp) and the pawn step 5d; no silver step.
    let mut p = pos::<Side>(
        &with_kings(&[("5e", "S"), ("4e", "n"), ("6e", "p")]),
        'b',
        "-",
    );
    assert_eq!(
        legal_from(&mut p, "5e"),
        set(&["5e5d", "5e4c", "5e4c+", "5e6c", "5e6c+"])
    );
}

#[test]
fn knight_place_lenders_are_united() {
    // Gold on 5e; White pawn on 4c and White bishop on 7f are on its knight squares.
    let pieces = [
        ("9e", "K"),
        ("1e", "k"),
        ("5e", "G"),
        ("4c", "p"),
        ("7f", "b"),
    ];
    let mut p = pos::<Knight>(&pieces, 'b', "-");
    let expected = from_to(
        "5e",
        &[
            "5d", "4d", "3c", "2b", "1a", "6d", "7c", "8b", "9a", "4f", "3g", "2h", "1i", "6f",
            "7g", "8h", "9i",
        ],
    );
    assert_eq!(legal_from(&mut p, "5e"), expected);
}

#[test]
fn around_lenders_and_own_movement_when_none_or_always() {
    // Silver on 5e touching a White pawn (5d) and a White knight (4f); a second silver on 2h
    // touches no enemy.
    let pieces = with_kings(&[("5e", "S"), ("5d", "p"), ("4f", "n"), ("2h", "S")]);
    let borrowed = set(&["5e5d", "5e4c", "5e4c+", "5e6c", "5e6c+"]);
    let alone = from_to("2h", &["2g", "1g", "3g", "1i", "3i"]);

    let mut p1 = pos::<Around1>(&pieces, 'b', "-");
    assert_eq!(legal_from(&mut p1, "5e"), borrowed);
    assert_eq!(legal_from(&mut p1, "2h"), alone);

    let mut p2 = pos::<Around2>(&pieces, 'b', "-");
    let mut always = borrowed.clone();
    always.extend(from_to("5e", &["4d", "6d", "4f", "6f"]));
    assert_eq!(legal_from(&mut p2, "5e"), always);
    assert_eq!(legal_from(&mut p2, "2h"), alone);
}

#[test]
fn kiki_lenders_are_the_enemies_naturally_attacked() {
    // Rook on 5e attacks the pawn on 5c (the gold on 5b behind it is blocked) and the knight
    // on 3e.
    let pieces = with_kings(&[("5e", "R"), ("5c", "p"), ("5b", "g"), ("3e", "n")]);
    let borrowed = set(&["5e5d", "5e4c", "5e4c+", "5e6c", "5e6c+"]);
    let mut p1 = pos::<Kiki1>(&pieces, 'b', "-");
    assert_eq!(legal_from(&mut p1, "5e"), borrowed);

    let mut p2 = pos::<Kiki2>(&pieces, 'b', "-");
    let mut always = borrowed.clone();
    always.extend(set(&["5e5c", "5e5c+"]));
    always.extend(from_to(
        "5e",
        &["5f", "5g", "5h", "5i", "6e", "7e", "8e", "9e", "4e", "3e"],
    ));
    assert_eq!(legal_from(&mut p2, "5e"), always);
}

#[test]
fn anti_kiki_lenders_are_the_enemies_naturally_attacking() {
    // Gold on 5e is attacked by the knight on 4c; the lance on 5a is blocked by the pawn on
    // 5b, which itself attacks only 5c.
    let pieces = with_kings(&[("5e", "G"), ("4c", "n"), ("5a", "l"), ("5b", "p")]);
    let borrowed = from_to("5e", &["4c", "6c"]);
    let mut p1 = pos::<AntiKiki1>(&pieces, 'b', "-");
    assert_eq!(legal_from(&mut p1, "5e"), borrowed);

    let mut p2 = pos::<AntiKiki2>(&pieces, 'b', "-");
    let mut always = borrowed.clone();
    always.extend(from_to("5e", &["5d", "4d", "6d", "4e", "6e", "5f"]));
    assert_eq!(legal_from(&mut p2, "5e"), always);
}

#[test]
fn nifu_binds_moves_unless_the_pawn_promotes() {
    // Pawn on 5c borrows the White gold behind it (5d); Black has another pawn on file 4, so
    // 4b and 4c are reachable only promoting. Dead ranks are gone (5b unpromoted is fine).
    let pieces = with_kings(&[("5c", "P"), ("5d", "g"), ("4g", "P")]);
    let mut p = pos::<Back>(&pieces, 'b', "-");
    assert_eq!(
        legal_from(&mut p, "5c"),
        set(&[
            "5c5b", "5c5b+", "5c4b+", "5c6b", "5c6b+", "5c4c+", "5c6c", "5c6c+", "5c5d", "5c5d+"
        ])
    );
}

#[test]
fn check_by_a_borrowed_movement() {
    // Black pawn on 7e borrows the White bishop behind it (7f): its diagonal reaches 3a.
    let mut with_bishop = pos::<Back>(
        &[("9i", "K"), ("3a", "k"), ("7e", "P"), ("7f", "b")],
        'w',
        "-",
    );
    assert!(with_bishop.in_check(Color::White));
    let alone = pos::<Back>(&[("9i", "K"), ("3a", "k"), ("7e", "P")], 'w', "-");
    assert!(!alone.in_check(Color::White));
    // Read as Black to move, the first position is rejected: White is in check.
    let text = sfen(
        &[("9i", "K"), ("3a", "k"), ("7e", "P"), ("7f", "b")],
        'b',
        "-",
    );
    assert!(Position::<Back>::from_sfen(&text).is_err());
    let _ = with_bishop.legal_move_list();
}

/// A move that gives an enemy beside the king a lender it can capture the king with is
/// illegal, though that enemy does not threaten the king before the move (the filtered path
/// must judge exactly the moves that touch where its lenders stand, drops included).
#[test]
fn a_move_that_lends_an_enemy_a_capture_of_the_king_is_illegal() {
    // Back: the White pawn on 4h borrows from the square behind it (4g). Black's bishop going
    // there lends it a diagonal onto 5i; going to 3f or 5h lends nothing.
    let mut p = pos::<Back>(
        &[("5i", "K"), ("1a", "k"), ("4h", "p"), ("2e", "B")],
        'b',
        "-",
    );
    let from_2e = legal_from(&mut p, "2e");
    assert!(!from_2e.contains("2e4g"), "{from_2e:?}");
    assert!(
        from_2e.contains("2e3f") && from_2e.contains("2e5h"),
        "{from_2e:?}"
    );
    // Around: the White pawn on 4g borrows from its eight neighbours. Black's knight jumping
    // from 6i to 5g lends it a (White) knight's jump onto 5i; to 7g it lends nothing.
    let mut p = pos::<Around1>(
        &[("5i", "K"), ("1a", "k"), ("4g", "p"), ("6i", "N")],
        'b',
        "-",
    );
    assert_eq!(legal_from(&mut p, "6i"), set(&["6i7g"]));
    // Kiki: the White pawn on 4g borrows from what it attacks (4h). A knight dropped on 4h
    // lends it the jump onto 5i; dropped on 4e it lends nothing.
    let mut p = pos::<Kiki1>(&[("5i", "K"), ("1a", "k"), ("4g", "p")], 'b', "N");
    let all = legal(&mut p);
    assert!(!all.contains("N*4h") && all.contains("N*4e"), "{all:?}");
    // Anti-Kiki: it borrows from what attacks it. A knight dropped on 3i attacks 4g and lends
    // it the jump onto 5i; dropped on 2i (attacking 3g and 1g) it lends nothing.
    let mut p = pos::<AntiKiki1>(&[("5i", "K"), ("1a", "k"), ("4g", "p")], 'b', "N");
    let all = legal(&mut p);
    assert!(!all.contains("N*3i") && all.contains("N*2i"), "{all:?}");
}

#[test]
fn the_king_may_not_step_where_an_enemy_borrows_a_capture_of_it() {
    // Back: the White pawn on 4f borrows the Black knight behind it (4e), a White knight's
    // jump onto 3h and 5h. So the king on 5i may not go to 5h; 4h, 4i and 6h lie in the pawn's
    // reach by other movements but not its knight's, and 6i is out of its reach.
    let mut p = pos::<Back>(
        &[("5i", "K"), ("1a", "k"), ("4f", "p"), ("4e", "N")],
        'b',
        "-",
    );
    assert_eq!(
        legal_from(&mut p, "5i"),
        set(&["5i4h", "5i4i", "5i6h", "5i6i"])
    );
}

#[test]
fn a_piece_hiding_an_enemy_slider_may_move_only_along_its_line() {
    // Back: Black's rook on 5g hides the White rook on 5c (nothing behind it, so it moves as
    // a rook) from the king on 5i: it may move along the file, up to taking the rook, and
    // not off it.
    let mut p = pos::<Back>(
        &[("5i", "K"), ("1a", "k"), ("5g", "R"), ("5c", "r")],
        'b',
        "-",
    );
    assert_eq!(
        legal_from(&mut p, "5g"),
        set(&["5g5h", "5g5f", "5g5e", "5g5d", "5g5c", "5g5c+"])
    );
}

#[test]
fn king_escapes_by_a_borrowed_movement() {
    // White king on 5b is checked by the rook on 5i; a Black knight stands behind it (5a),
    // so the king may only jump like a knight toward rank i: 4d or 6d.
    let mut p = pos::<Back>(
        &[("9i", "K"), ("5b", "k"), ("5a", "N"), ("5i", "R")],
        'w',
        "-",
    );
    assert!(p.in_check(Color::White));
    assert_eq!(legal(&mut p), set(&["5b4d", "5b6d"]));
}

#[test]
fn uchifuzume_is_judged_with_borrowed_movements() {
    // Knight place. White king on 1a borrows the Black knight on 2c (its only move: take it).
    // P*1b checks (the pawn has no knight-square enemy, so it moves as a pawn).
    let base = [("9i", "K"), ("1a", "k"), ("2c", "N")];
    let mut escape = pos::<Knight>(&base, 'b', "P");
    assert!(
        is_legal(&mut escape, "P*1b"),
        "the king escapes by taking on 2c"
    );

    // With a lance on 2i covering 2c, the drop mates and is illegal.
    let mut covered = base.to_vec();
    covered.push(("2i", "L"));
    let mut mate = pos::<Knight>(&covered, 'b', "P");
    assert!(!is_legal(&mut mate, "P*1b"), "pawn-drop mate");
}

#[test]
fn front_position_keeps_only_the_last_rank_dead() {
    // Knight on 5d with nobody in front moves as a knight; rank b is not dead any more.
    let mut p = pos::<Front>(&with_kings(&[("5d", "N")]), 'b', "NP");
    assert_eq!(
        legal_from(&mut p, "5d"),
        set(&["5d4b", "5d4b+", "5d6b", "5d6b+"])
    );
    assert!(is_legal(&mut p, "N*5b"));
    assert!(!is_legal(&mut p, "N*5a"));
    assert!(!is_legal(&mut p, "P*5a"));
    // Family B without dead ranks: all three drops are fine.
    let mut q = pos::<Back>(&with_kings(&[]), 'b', "NP");
    assert!(is_legal(&mut q, "N*5a") && is_legal(&mut q, "P*5a"));
}

#[test]
fn annan_friend_behind_lends_its_movement() {
    // Pawn on 5e with a friendly rook behind it (5f) moves like a rook; ranks c–a offer
    // promotion and 5a forces it (standard dead ranks).
    let mut p = pos::<Annan>(
        &[("1i", "K"), ("9a", "k"), ("5e", "P"), ("5f", "R")],
        'b',
        "-",
    );
    assert_eq!(
        legal_from(&mut p, "5e"),
        set(&[
            "5e5d", "5e5c", "5e5c+", "5e5b", "5e5b+", "5e5a+", "5e4e", "5e3e", "5e2e", "5e1e",
            "5e6e", "5e7e", "5e8e", "5e9e"
        ])
    );
    // White: a pawn on 3c with a friendly lance behind it (3b) slides toward rank i.
    let mut w = pos::<Annan>(
        &[("1i", "K"), ("9a", "k"), ("3c", "p"), ("3b", "l")],
        'w',
        "-",
    );
    assert_eq!(
        legal_from(&mut w, "3c"),
        set(&["3c3d", "3c3e", "3c3f", "3c3g", "3c3g+", "3c3h", "3c3h+", "3c3i+"])
    );
}

#[test]
fn fast_check_test_agrees_with_the_general_rule() {
    fn walk<R: shogi_core::Rules>(sfens: &[&str]) {
        // The start position is valid everywhere; a middle-game position may be illegal under
        // a rule set (the side not to move in check), and is then skipped.
        let mut start = Position::<R>::from_sfen(sfens[0]).unwrap();
        assert!(walk_checking(&mut start, 2) > 0);
        let (nodes, checks) = random_playouts::<R>(sfens[0], 40, 120);
        eprintln!(
            "{}: {nodes} nodes, {checks} in check",
            std::any::type_name::<R>()
        );
        assert!(checks > 0);
        for s in &sfens[1..] {
            if let Ok(mut p) = Position::<R>::from_sfen(s) {
                assert!(walk_checking(&mut p, 2) > 0);
            }
        }
    }
    let sfens = [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    ];
    walk::<Back>(&sfens);
    walk::<Front>(&sfens[..1]);
    walk::<Side>(&sfens);
    walk::<Knight>(&sfens);
    walk::<Around1>(&sfens);
    walk::<Around2>(&sfens);
    walk::<Kiki1>(&sfens);
    walk::<Kiki2>(&sfens);
    walk::<AntiKiki1>(&sfens);
    walk::<AntiKiki2>(&sfens);
    walk::<Annan>(&sfens);
}

#[test]
fn bulk_counting_moves_non_borrowers_as_sets_and_borrowers_one_by_one() {
    // The pawn on 5c borrows the White gold behind it (the moves of the nifu test above:
    // ten); the pawns on 4g, 3g and 2g have nothing behind them and step forward (three); the
    // king on 9i has 9h, 8h and 8i (three). Bulk counting (the non-borrowing pawns as one set)
    // must give the same sixteen as the list.
    let pieces = with_kings(&[
        ("5c", "P"),
        ("5d", "g"),
        ("4g", "P"),
        ("3g", "P"),
        ("2g", "P"),
    ]);
    let mut p = pos::<Back>(&pieces, 'b', "-");
    let expected = set(&[
        "5c5b", "5c5b+", "5c4b+", "5c6b", "5c6b+", "5c4c+", "5c6c", "5c6c+", "5c5d", "5c5d+",
        "4g4f", "3g3f", "2g2f", "9i9h", "9i8h", "9i8i",
    ]);
    assert_eq!(legal(&mut p), expected);
    assert_eq!(p.count_legal_moves(), 16);
    // With a White pawn behind the 4g pawn it borrows a forward step (for Black), the same
    // square: still sixteen, and still counted exactly.
    let pieces = with_kings(&[
        ("5c", "P"),
        ("5d", "g"),
        ("4g", "P"),
        ("4h", "p"),
        ("3g", "P"),
        ("2g", "P"),
    ]);
    let mut p = pos::<Back>(&pieces, 'b', "-");
    assert_eq!(legal(&mut p), expected);
    assert_eq!(p.count_legal_moves(), 16);
}

#[test]
fn bulk_counting_of_own_movers_keeps_promotions_and_live_last_ranks() {
    // Nothing stands behind the rook on 2c or the lance on 5b, so both move by their own
    // movement (bulk counting finds their sets by the fast path's kernel). The rook: 2b 2a up,
    // 2d-2i down (six), 1c and 3c-9c along rank c (eight): sixteen targets, each with and
    // without promotion since it starts in the zone, 32 moves. The lance: 5a, promoting or not
    // (no dead ranks here), 2 moves. The king on 9i: 9h 8h 8i. 37 in all.
    let pieces = with_kings(&[("2c", "R"), ("5b", "L")]);
    let mut p = pos::<Back>(&pieces, 'b', "-");
    let rook = [
        "2b", "2a", "2d", "2e", "2f", "2g", "2h", "2i", "1c", "3c", "4c", "5c", "6c", "7c", "8c",
        "9c",
    ];
    let mut expected = from_to("2c", &rook);
    expected.extend(rook.iter().map(|to| format!("2c{to}+")));
    expected.extend(set(&["5b5a", "5b5a+", "9i9h", "9i8h", "9i8i"]));
    assert_eq!(legal(&mut p), expected);
    assert_eq!(p.count_legal_moves(), 37);
}
