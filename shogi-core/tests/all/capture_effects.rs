//! Capture effects in checkmate mode and Rifle (RULES.md §5, §0 forced promotion). Every
//! expected board is worked out by hand from the rules quoted in each test.

use crate::common::*;

// ---------------------------------------------------------------- Circe

#[test]
fn circe_reborn_on_home_still_its_owners() {
    // A silver captured on file 2 goes home on files 1–4 for White: 3a.
    let mut p = pos::<Circe>(
        &[("5i", "K"), ("2e", "R"), ("5a", "k"), ("2c", "s")],
        'b',
        "-",
    );
    play(&mut p, "2e2c");
    assert_board(&p, &[("5i", "K"), ("2c", "R"), ("5a", "k"), ("3a", "s")]);
    assert_eq!(hands(&p), "-");
}

#[test]
fn circe_demotes_first() {
    // A dragon is reborn as a rook on White's rook home 8b.
    let mut p = pos::<Circe>(
        &[("5i", "K"), ("8f", "B"), ("5a", "k"), ("6d", "+r")],
        'b',
        "-",
    );
    play(&mut p, "8f6d");
    assert_board(&p, &[("5i", "K"), ("6d", "B"), ("5a", "k"), ("8b", "r")]);
    assert_eq!(hands(&p), "-");
}

#[test]
fn circe_occupied_home_sends_to_hand() {
    let mut p = pos::<Circe>(
        &[
            ("5i", "K"),
            ("2e", "R"),
            ("5a", "k"),
            ("2c", "s"),
            ("3a", "g"),
        ],
        'b',
        "-",
    );
    play(&mut p, "2e2c");
    assert_board(&p, &[("5i", "K"), ("2c", "R"), ("5a", "k"), ("3a", "g")]);
    assert_eq!(hands(&p), "S");
}

#[test]
fn circe_file_five_home_judged_after_the_capturer_moved() {
    // Gold captured on 5b: homes 4a and 6a. Before the move 6a holds the capturer (only 4a
    // empty), after it both are empty, so White's right, 6a, is taken.
    let mut p = pos::<Circe>(
        &[("5i", "K"), ("6a", "+R"), ("1c", "k"), ("5b", "g")],
        'b',
        "-",
    );
    play(&mut p, "6a5b");
    assert_board(&p, &[("5i", "K"), ("5b", "+R"), ("1c", "k"), ("6a", "g")]);
    assert_eq!(hands(&p), "-");
}

#[test]
fn circe_reborn_pawn_making_nifu_goes_to_hand() {
    // A tokin captured on 3d is demoted to a pawn whose home 3c is empty, but White has a pawn
    // on 3b: nifu, so the pawn goes to Black's hand.
    let base = [("5i", "K"), ("3h", "R"), ("5a", "k"), ("3d", "+p")];
    let mut with_pawn = base.to_vec();
    with_pawn.push(("3b", "p"));
    let mut p = pos::<Circe>(&with_pawn, 'b', "-");
    play(&mut p, "3h3d");
    assert_board(&p, &[("5i", "K"), ("3d", "R"), ("5a", "k"), ("3b", "p")]);
    assert_eq!(hands(&p), "P");
    // Without the other pawn it is reborn on 3c.
    let mut p = pos::<Circe>(&base, 'b', "-");
    play(&mut p, "3h3d");
    assert_board(&p, &[("5i", "K"), ("3d", "R"), ("5a", "k"), ("3c", "p")]);
    assert_eq!(hands(&p), "-");
}

#[test]
fn circe_rebirth_that_blocks_a_check_makes_the_move_legal() {
    // The silver on 4c shields Black's king on 1c from the rook on 9c. Capturing the pawn on 4b
    // leaves 4c, but the pawn is reborn on 4c (its home on file 4) and blocks again.
    let mut p = pos::<Circe>(
        &[
            ("1c", "K"),
            ("4c", "S"),
            ("9c", "r"),
            ("4b", "p"),
            ("5a", "k"),
        ],
        'b',
        "-",
    );
    assert!(
        !legal(&mut p, "4c3b"),
        "a plain move off the line exposes the king"
    );
    play(&mut p, "4c4b");
    assert_board(
        &p,
        &[
            ("1c", "K"),
            ("4b", "S"),
            ("9c", "r"),
            ("4c", "p"),
            ("5a", "k"),
        ],
    );
    let mut std = pos::<Standard>(
        &[
            ("1c", "K"),
            ("4c", "S"),
            ("9c", "r"),
            ("4b", "p"),
            ("5a", "k"),
        ],
        'b',
        "-",
    );
    assert!(
        !legal(&mut std, "4c4b"),
        "without rebirth the capture exposes the king"
    );
}

#[test]
fn circe_rebirth_that_gives_check_makes_the_move_illegal() {
    // The gold captured on 7e is reborn on 6a (files 6–9) and attacks Black's king on 6b.
    let mut p = pos::<Circe>(
        &[("6b", "K"), ("7h", "R"), ("1a", "k"), ("7e", "g")],
        'b',
        "-",
    );
    assert!(!legal(&mut p, "7h7e"));
    assert!(legal(&mut p, "7h7f"));
    let mut std = pos::<Standard>(
        &[("6b", "K"), ("7h", "R"), ("1a", "k"), ("7e", "g")],
        'b',
        "-",
    );
    assert!(legal(&mut std, "7h7e"));
}

// ---------------------------------------------------------------- Anti-Circe

#[test]
fn anti_circe_capturer_returns_home_keeping_a_promotion_made_on_the_capture() {
    // Silver captures on 3c (file 3): its home is 3i.
    let board = [("5i", "K"), ("4d", "S"), ("5a", "k"), ("3c", "p")];
    let mut p = pos::<AntiCirce>(&board, 'b', "-");
    play(&mut p, "4d3c+");
    assert_board(&p, &[("5i", "K"), ("3i", "+S"), ("5a", "k")]);
    assert_eq!(hands(&p), "P");
    let mut p = pos::<AntiCirce>(&board, 'b', "-");
    play(&mut p, "4d3c");
    assert_board(&p, &[("5i", "K"), ("3i", "S"), ("5a", "k")]);
}

#[test]
fn anti_circe_capturer_stays_when_home_is_occupied() {
    let mut p = pos::<AntiCirce>(
        &[
            ("5i", "K"),
            ("4d", "S"),
            ("5a", "k"),
            ("3c", "p"),
            ("3i", "G"),
        ],
        'b',
        "-",
    );
    play(&mut p, "4d3c+");
    assert_board(&p, &[("5i", "K"), ("3c", "+S"), ("5a", "k"), ("3i", "G")]);
    assert_eq!(hands(&p), "P");
}

#[test]
fn anti_circe_king_takes_a_defended_piece_by_returning_home() {
    // The gold on 4g is defended by the silver on 3f; the king returns to 5i after taking it.
    let board = [("5h", "K"), ("4g", "g"), ("3f", "s"), ("5a", "k")];
    let mut p = pos::<AntiCirce>(&board, 'b', "-");
    play(&mut p, "5h4g");
    assert_board(&p, &[("5i", "K"), ("3f", "s"), ("5a", "k")]);
    assert_eq!(hands(&p), "G");
    // With 5i occupied the king would stay on the defended square: illegal.
    let mut blocked = board.to_vec();
    blocked.push(("5i", "G"));
    let mut p = pos::<AntiCirce>(&blocked, 'b', "-");
    assert!(!legal(&mut p, "5h4g"));
    let mut std = pos::<Standard>(&board, 'b', "-");
    assert!(!legal(&mut std, "5h4g"));
}

#[test]
fn anti_circe_return_that_exposes_the_king_is_illegal() {
    // The gold on 5f captures on file 5: both gold homes are empty, so it goes to Black's
    // right, 4i, and opens the lance's file onto the king.
    let board = [
        ("5i", "K"),
        ("5f", "G"),
        ("5a", "l"),
        ("5e", "p"),
        ("9a", "k"),
    ];
    let mut p = pos::<AntiCirce>(&board, 'b', "-");
    assert!(!legal(&mut p, "5f5e"));
    let mut std = pos::<Standard>(&board, 'b', "-");
    assert!(legal(&mut std, "5f5e"));
    // With both homes occupied the gold stays on 5e and keeps blocking.
    let mut full = board.to_vec();
    full.extend([("4i", "S"), ("6i", "S")]);
    let mut p = pos::<AntiCirce>(&full, 'b', "-");
    play(&mut p, "5f5e");
    assert_eq!(at(&p, "5e"), "G");
}

#[test]
fn anti_circe_promotion_forced_only_when_the_capturer_stays_dead() {
    let board = [("1i", "K"), ("5b", "P"), ("9a", "k"), ("5a", "g")];
    let mut p = pos::<AntiCirce>(&board, 'b', "-");
    assert!(legal(&mut p, "5b5a+"));
    play(&mut p, "5b5a");
    assert_board(&p, &[("1i", "K"), ("5g", "P"), ("9a", "k")]);
    assert_eq!(hands(&p), "G");
    // Home 5g occupied: the pawn would stay on 5a unpromoted, where it could never move.
    let mut blocked = board.to_vec();
    blocked.push(("5g", "S"));
    let mut p = pos::<AntiCirce>(&blocked, 'b', "-");
    assert!(!legal(&mut p, "5b5a"));
    play(&mut p, "5b5a+");
    assert_eq!(at(&p, "5a"), "+P");
}

// ---------------------------------------------------------------- PWC

#[test]
fn pwc_swaps_without_promoting_the_captured_piece() {
    // The silver lands on 2h, in White's camp, and stays a silver.
    let board = [("5i", "K"), ("2h", "R"), ("5a", "k"), ("2c", "s")];
    let mut p = pos::<Pwc>(&board, 'b', "-");
    play(&mut p, "2h2c");
    assert_board(&p, &[("5i", "K"), ("2c", "R"), ("5a", "k"), ("2h", "s")]);
    assert_eq!(hands(&p), "-");
    let mut p = pos::<Pwc>(&board, 'b', "-");
    play(&mut p, "2h2c+");
    assert_board(&p, &[("5i", "K"), ("2c", "+R"), ("5a", "k"), ("2h", "s")]);
}

#[test]
fn pwc_captured_piece_keeps_its_promotion() {
    let mut p = pos::<Pwc>(
        &[("5i", "K"), ("2h", "R"), ("5a", "k"), ("2d", "+b")],
        'b',
        "-",
    );
    play(&mut p, "2h2d");
    assert_board(&p, &[("5i", "K"), ("2d", "R"), ("5a", "k"), ("2h", "+b")]);
}

#[test]
fn pwc_dead_pawn_lance_knight_go_to_hand() {
    // White's last rank is i, its last two ranks h and i.
    for (from, victim, to, hand) in [
        ("3i", "p", "3d", "P"),
        ("3i", "l", "3e", "L"),
        ("3h", "n", "3d", "N"),
    ] {
        let mut p = pos::<Pwc>(
            &[("5i", "K"), (from, "R"), ("5a", "k"), (to, victim)],
            'b',
            "-",
        );
        play(&mut p, &format!("{from}{to}"));
        assert_board(&p, &[("5i", "K"), (to, "R"), ("5a", "k")]);
        assert_eq!(hands(&p), hand, "{victim} swapped onto {from}");
    }
    // A knight swapped onto 3g can still move: it swaps.
    let mut p = pos::<Pwc>(
        &[("5i", "K"), ("3g", "R"), ("5a", "k"), ("3d", "n")],
        'b',
        "-",
    );
    play(&mut p, "3g3d");
    assert_board(&p, &[("5i", "K"), ("3d", "R"), ("5a", "k"), ("3g", "n")]);
}

#[test]
fn pwc_pawn_making_nifu_goes_to_hand() {
    let base = [("5i", "K"), ("7g", "B"), ("5a", "k"), ("4d", "p")];
    let mut with_pawn = base.to_vec();
    with_pawn.push(("7c", "p"));
    let mut p = pos::<Pwc>(&with_pawn, 'b', "-");
    play(&mut p, "7g4d");
    assert_board(&p, &[("5i", "K"), ("4d", "B"), ("5a", "k"), ("7c", "p")]);
    assert_eq!(hands(&p), "P");
    let mut p = pos::<Pwc>(&base, 'b', "-");
    play(&mut p, "7g4d");
    assert_board(&p, &[("5i", "K"), ("4d", "B"), ("5a", "k"), ("7g", "p")]);
}

#[test]
fn pwc_checkmate_mode_uses_ordinary_check() {
    // The gold swapped to 5h attacks 5g (a White gold's backward step): the king may not take.
    let mut p = pos::<Pwc>(&[("5h", "K"), ("5g", "g"), ("5a", "k")], 'b', "-");
    assert!(!legal(&mut p, "5h5g"));
    assert!(legal(&mut p, "5h4i"));
}

// ---------------------------------------------------------------- Rifle (king capture mode)

#[test]
fn rifle_shooter_stays_and_may_promote_when_target_is_in_the_camp() {
    let board = [("5i", "K"), ("2h", "R"), ("5a", "k"), ("2c", "s")];
    let mut p = pos::<Rifle>(&board, 'b', "-");
    play(&mut p, "2h2c");
    assert_board(&p, &[("5i", "K"), ("2h", "R"), ("5a", "k")]);
    assert_eq!(hands(&p), "S");
    let mut p = pos::<Rifle>(&board, 'b', "-");
    play(&mut p, "2h2c+");
    assert_board(&p, &[("5i", "K"), ("2h", "+R"), ("5a", "k")]);
    // Neither square in the camp: no promotion.
    let mut p = pos::<Rifle>(
        &[("5i", "K"), ("2h", "R"), ("5a", "k"), ("2e", "s")],
        'b',
        "-",
    );
    assert!(legal(&mut p, "2h2e"));
    assert!(!legal(&mut p, "2h2e+"));
}

#[test]
fn rifle_shooter_in_the_camp_may_promote() {
    // The silver on 4c shoots backward onto 3d (outside the camp); its own square is inside.
    let mut p = pos::<Rifle>(
        &[("5i", "K"), ("4c", "S"), ("9a", "k"), ("3d", "g")],
        'b',
        "-",
    );
    play(&mut p, "4c3d+");
    assert_board(&p, &[("5i", "K"), ("4c", "+S"), ("9a", "k")]);
    assert_eq!(hands(&p), "G");
}

#[test]
fn rifle_shot_is_never_forced_to_promote() {
    let board = [
        ("5i", "K"),
        ("5b", "P"),
        ("4b", "P"),
        ("9a", "k"),
        ("5a", "g"),
    ];
    let mut p = pos::<Rifle>(&board, 'b', "-");
    assert!(legal(&mut p, "5b5a+"));
    // A plain move onto the last rank still must promote.
    assert!(!legal(&mut p, "4b4a"));
    assert!(legal(&mut p, "4b4a+"));
    play(&mut p, "5b5a");
    assert_board(&p, &[("5i", "K"), ("5b", "P"), ("4b", "P"), ("9a", "k")]);
    assert_eq!(hands(&p), "G");
}

#[test]
fn rifle_capturing_the_king_wins_and_ends_the_game() {
    let mut p = pos::<Rifle>(
        &[("5i", "K"), ("5e", "R"), ("5a", "k"), ("9c", "g")],
        'b',
        "-",
    );
    play(&mut p, "5e5a");
    assert_board(&p, &[("5i", "K"), ("5e", "R"), ("9c", "g")]);
    assert_eq!(hands(&p), "-", "a lost king goes to no hand");
    assert_eq!(p.winner_by_board(), Some(BLACK));
    assert!(legal_usi(&mut p).is_empty());
}

#[test]
fn rifle_every_pseudo_legal_move_is_legal() {
    // Moving the king next to an enemy gold is legal in king capture mode.
    let mut p = pos::<Rifle>(&[("5h", "K"), ("4f", "g"), ("5a", "k")], 'b', "-");
    assert!(legal(&mut p, "5h4g"));
}
