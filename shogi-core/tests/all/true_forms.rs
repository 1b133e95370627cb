//! King capture mode with capture effects (RULES.md §1, §5 True-Circe, True-AntiCirce,
//! True-PWC): every pseudo-legal move is legal; each way a king is, or is not, lost.

use crate::common::*;

#[test]
fn leaving_the_own_king_capturable_is_legal() {
    let board = [("5h", "K"), ("4f", "g"), ("5a", "k")];
    let mut p = pos::<TrueCirce>(&board, 'b', "-");
    assert!(legal(&mut p, "5h4g"));
    let mut p = pos::<TrueAntiCirce>(&board, 'b', "-");
    assert!(legal(&mut p, "5h4g"));
    let mut p = pos::<TruePwc>(&board, 'b', "-");
    assert!(legal(&mut p, "5h4g"));
    // The same move in checkmate mode is illegal.
    let mut p = pos::<Circe>(&board, 'b', "-");
    assert!(!legal(&mut p, "5h4g"));
}

#[test]
fn true_circe_captured_king_is_reborn_on_its_home() {
    let mut p = pos::<TrueCirce>(&[("5i", "K"), ("4e", "G"), ("4d", "k")], 'b', "-");
    play(&mut p, "4e4d");
    assert_board(&p, &[("5i", "K"), ("4d", "G"), ("5a", "k")]);
    assert_eq!(hands(&p), "-");
    assert_eq!(p.winner_by_board(), None);
    assert!(!legal_usi(&mut p).is_empty());
}

#[test]
fn true_circe_king_is_lost_when_its_home_is_occupied() {
    let mut p = pos::<TrueCirce>(
        &[("5i", "K"), ("4e", "G"), ("4d", "k"), ("5a", "g")],
        'b',
        "-",
    );
    play(&mut p, "4e4d");
    assert_board(&p, &[("5i", "K"), ("4d", "G"), ("5a", "g")]);
    assert_eq!(hands(&p), "-");
    assert_eq!(p.winner_by_board(), Some(BLACK));
    assert!(legal_usi(&mut p).is_empty());
}

#[test]
fn true_circe_black_king_reborn_on_5i() {
    let mut p = pos::<TrueCirce>(&[("5h", "K"), ("4f", "g"), ("5a", "k")], 'b', "-");
    play(&mut p, "5h4g");
    play(&mut p, "4f4g");
    assert_board(&p, &[("5i", "K"), ("4g", "g"), ("5a", "k")]);
    assert_eq!(p.winner_by_board(), None);
}

#[test]
fn true_anti_circe_captured_king_is_lost() {
    // The gold captures on file 4 and returns to its home 4i; the king is gone.
    let mut p = pos::<TrueAntiCirce>(&[("5i", "K"), ("4e", "G"), ("4d", "k")], 'b', "-");
    play(&mut p, "4e4d");
    assert_board(&p, &[("5i", "K"), ("4i", "G")]);
    assert_eq!(hands(&p), "-");
    assert_eq!(p.winner_by_board(), Some(BLACK));
    assert!(legal_usi(&mut p).is_empty());
}

#[test]
fn true_anti_circe_capturing_king_returns_home() {
    let mut p = pos::<TrueAntiCirce>(
        &[("5h", "K"), ("4g", "g"), ("3f", "s"), ("5a", "k")],
        'b',
        "-",
    );
    play(&mut p, "5h4g");
    assert_board(&p, &[("5i", "K"), ("3f", "s"), ("5a", "k")]);
    assert_eq!(hands(&p), "G");
    assert_eq!(p.winner_by_board(), None);
}

#[test]
fn true_pwc_captured_king_survives_when_only_its_partner_attacks() {
    // The silver takes the king on 5c; the king goes to 4d, attacked only by the silver.
    let mut p = pos::<TruePwc>(&[("9i", "K"), ("4d", "S"), ("5c", "k")], 'b', "-");
    play(&mut p, "4d5c");
    assert_board(&p, &[("9i", "K"), ("5c", "S"), ("4d", "k")]);
    assert_eq!(p.winner_by_board(), None);
    assert!(!legal_usi(&mut p).is_empty());
}

#[test]
fn true_pwc_captured_king_attacked_by_a_third_piece_is_lost() {
    // The gold on 4e attacks 4d, where the king lands.
    let mut p = pos::<TruePwc>(
        &[("9i", "K"), ("4d", "S"), ("5c", "k"), ("4e", "G")],
        'b',
        "-",
    );
    play(&mut p, "4d5c");
    assert_board(&p, &[("9i", "K"), ("5c", "S"), ("4e", "G")]);
    assert_eq!(hands(&p), "-");
    assert_eq!(p.winner_by_board(), Some(BLACK));
    assert!(legal_usi(&mut p).is_empty());
}

#[test]
fn true_pwc_king_taking_a_piece_defended_by_a_third_piece_loses_at_once() {
    // The king takes the silver on 5g (legal); the gold on 5f attacks 5g.
    let mut p = pos::<TruePwc>(
        &[("5h", "K"), ("5g", "s"), ("5f", "g"), ("1a", "k")],
        'b',
        "-",
    );
    play(&mut p, "5h5g");
    assert_board(&p, &[("5h", "s"), ("5f", "g"), ("1a", "k")]);
    assert_eq!(p.winner_by_board(), Some(WHITE));
    assert!(legal_usi(&mut p).is_empty());
}

#[test]
fn true_pwc_king_defended_against_only_by_its_swap_partner_survives() {
    // The gold swapped to 5h attacks 5g, but it is the king's swap partner.
    let mut p = pos::<TruePwc>(&[("5h", "K"), ("5g", "g"), ("1a", "k")], 'b', "-");
    play(&mut p, "5h5g");
    assert_board(&p, &[("5g", "K"), ("5h", "g"), ("1a", "k")]);
    assert_eq!(hands(&p), "-");
    assert_eq!(p.winner_by_board(), None);
}

#[test]
fn true_pwc_king_takes_king_captured_king_judged_first() {
    // Both kings would be lost: the White king on 5f (gold 5g) and the Black king on 5e
    // (gold 5d). The captured king is judged first: Black wins, its king stays.
    let mut p = pos::<TruePwc>(
        &[("5f", "K"), ("5e", "k"), ("5g", "G"), ("5d", "g")],
        'b',
        "-",
    );
    play(&mut p, "5f5e");
    assert_board(&p, &[("5e", "K"), ("5g", "G"), ("5d", "g")]);
    assert_eq!(p.winner_by_board(), Some(BLACK));
}

#[test]
fn true_pwc_capture_without_a_king_loses_nothing() {
    // A silver takes a gold next to the kings: no king took part, nothing is judged.
    let mut p = pos::<TruePwc>(
        &[
            ("5i", "K"),
            ("4d", "S"),
            ("4c", "g"),
            ("5a", "k"),
            ("6b", "r"),
        ],
        'b',
        "-",
    );
    play(&mut p, "4d4c");
    assert_board(
        &p,
        &[
            ("5i", "K"),
            ("4c", "S"),
            ("4d", "g"),
            ("5a", "k"),
            ("6b", "r"),
        ],
    );
    assert_eq!(p.winner_by_board(), None);
}
