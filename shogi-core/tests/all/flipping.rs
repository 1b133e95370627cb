//! Othello and Reversi sandwiches (RULES.md §4), expected boards worked out by hand.

use crate::common::*;
use shogi_core::{Outcome, Position, Rules};

/// A knight on 4g jumps to 5e and closes a run in each of the eight directions.
const EIGHT_RUNS: [(&str, &str); 22] = [
    ("9i", "K"),
    ("4g", "N"),
    ("1a", "k"),
    // runs of White pieces, then the Black piece closing each
    ("5d", "g"),
    ("5c", "S"),
    ("5f", "s"),
    ("5g", "s"),
    ("5h", "G"),
    ("4e", "g"),
    ("3e", "G"),
    ("6e", "s"),
    ("7e", "g"),
    ("8e", "s"),
    ("9e", "S"),
    ("4d", "+r"),
    ("3c", "G"),
    ("6d", "b"),
    ("7c", "S"),
    ("4f", "n"),
    ("3g", "S"),
    ("6f", "l"),
    ("7g", "G"),
];

#[test]
fn othello_flips_runs_in_all_eight_directions_at_once() {
    let mut p = pos::<OthelloB>(&EIGHT_RUNS, 'b', "-");
    play(&mut p, "4g5e");
    assert_board(
        &p,
        &[
            ("9i", "K"),
            ("5e", "N"),
            ("1a", "k"),
            ("5d", "G"),
            ("5c", "S"),
            ("5f", "S"),
            ("5g", "S"),
            ("5h", "G"),
            ("4e", "G"),
            ("3e", "G"),
            ("6e", "S"),
            ("7e", "G"),
            ("8e", "S"),
            ("9e", "S"),
            ("4d", "+R"),
            ("3c", "G"),
            ("6d", "B"),
            ("7c", "S"),
            ("4f", "N"),
            ("3g", "S"),
            ("6f", "L"),
            ("7g", "G"),
        ],
    );
    assert_eq!(hands(&p), "-");
}

#[test]
fn othello_owner_change_keeps_promotion() {
    let mut p = pos::<OthelloA>(&EIGHT_RUNS, 'b', "-");
    play(&mut p, "4g5e");
    assert_eq!(at(&p, "4d"), "+R", "White's dragon becomes Black's dragon");
}

#[test]
fn reversi_toggles_runs_in_all_eight_directions() {
    let mut p = pos::<ReversiB>(&EIGHT_RUNS, 'b', "-");
    play(&mut p, "4g5e");
    // Owners kept; golds unaffected; S↔+S, +R→R, B→+B, N→+N, L→+L.
    for (sq, token) in [
        ("5d", "g"),
        ("5f", "+s"),
        ("5g", "+s"),
        ("4e", "g"),
        ("6e", "+s"),
        ("7e", "g"),
        ("8e", "+s"),
        ("4d", "r"),
        ("6d", "+b"),
        ("4f", "+n"),
        ("6f", "+l"),
    ] {
        assert_eq!(at(&p, sq), token, "{sq}");
    }
}

#[test]
fn runs_ended_by_the_edge_or_an_empty_square_do_not_flip() {
    let board = [
        ("9i", "K"),
        ("4g", "N"),
        ("1i", "k"),
        // 5d then an empty 5c (a Black silver beyond the gap on 5b)
        ("5d", "g"),
        ("5b", "S"),
        // White to the edge toward file 1
        ("4e", "s"),
        ("3e", "s"),
        ("2e", "s"),
        ("1e", "s"),
        // White to the edge on the diagonal toward 9a
        ("6d", "g"),
        ("7c", "g"),
        ("8b", "g"),
        ("9a", "g"),
    ];
    let mut p = pos::<OthelloB>(&board, 'b', "-");
    play(&mut p, "4g5e");
    let mut after = board.to_vec();
    after[1] = ("5e", "N");
    assert_board(&p, &after);
}

#[test]
fn drops_never_flip() {
    let board = [
        ("9i", "K"),
        ("1a", "k"),
        ("5d", "g"),
        ("5c", "S"),
        ("4f", "G"),
    ];
    let mut p = pos::<OthelloB>(&board, 'b', "G");
    play(&mut p, "G*5e");
    assert_eq!(at(&p, "5d"), "g");
    // The same square reached by a move flips the gold.
    let mut p = pos::<OthelloB>(&board, 'b', "G");
    play(&mut p, "4f5e");
    assert_eq!(at(&p, "5d"), "G");
}

#[test]
fn othello_capture_comes_first_then_the_flips() {
    // The rook takes the horse on 5e (to hand as a bishop), then sandwiches 5d against 5c.
    let mut p = pos::<OthelloB>(
        &[
            ("9i", "K"),
            ("5h", "R"),
            ("1a", "k"),
            ("5e", "+b"),
            ("5d", "s"),
            ("5c", "S"),
        ],
        'b',
        "-",
    );
    play(&mut p, "5h5e");
    assert_board(
        &p,
        &[
            ("9i", "K"),
            ("5e", "R"),
            ("1a", "k"),
            ("5d", "S"),
            ("5c", "S"),
        ],
    );
    assert_eq!(hands(&p), "B");
}

#[test]
fn othello_flipping_the_enemy_king_wins_even_leaving_the_own_king_capturable() {
    // Black is in check from the rook on 1i; 4d5c does not answer it but flips the king on 5b
    // (sandwiched against the silver on 5a), which ends the game.
    let board = [
        ("5i", "K"),
        ("1i", "r"),
        ("4d", "G"),
        ("5b", "k"),
        ("5a", "S"),
    ];
    let mut p = pos::<OthelloA>(&board, 'b', "-");
    assert!(
        !legal(&mut p, "4d4c"),
        "an ordinary move must answer the check"
    );
    play(&mut p, "4d5c");
    assert_eq!(at(&p, "5b"), "K");
    assert_eq!(p.winner_by_board(), Some(BLACK));
    assert!(
        legal_usi(&mut p).is_empty(),
        "a finished position has no moves"
    );
}

#[test]
fn othello_flipping_one_of_two_kings_still_wins() {
    // Read from SFEN, White has a second king on 9c; flipping the one on 5b ends the game.
    let board = [
        ("5i", "K"),
        ("4d", "G"),
        ("5b", "k"),
        ("5a", "S"),
        ("9c", "k"),
    ];
    let mut p = pos::<OthelloC>(&board, 'b', "-");
    play(&mut p, "4d5c");
    assert_eq!(p.outcome(), Outcome::Won(BLACK));
    assert_eq!(p.winner_by_board(), Some(BLACK));
    assert!(legal_usi(&mut p).is_empty());
    p.unmake();
    assert_eq!(p.outcome(), Outcome::Open);
    assert_eq!(p.winner_by_board(), None);
}

#[test]
fn othello_kingless_side_read_from_sfen_has_lost() {
    let mut p = pos::<OthelloA>(&[("5i", "K"), ("5a", "G"), ("4a", "s")], 'w', "-");
    assert_eq!(p.winner_by_board(), Some(BLACK));
    assert!(legal_usi(&mut p).is_empty());
}

/// 6g5e sandwiches the king on 5d (against 5c), the pawn on 4e (against 3e; Black already
/// has a pawn on 4h: nifu), the pawn on 6e (against 7e; no Black pawn on file 6) and the
/// silver on 5f (against 5g).
const OTHELLO_NIFU: [(&str, &str); 12] = [
    ("9i", "K"),
    ("6g", "N"),
    ("5c", "S"),
    ("3e", "G"),
    ("7e", "G"),
    ("5g", "G"),
    ("4h", "P"),
    ("5d", "k"),
    ("4e", "p"),
    ("6e", "p"),
    ("5f", "s"),
    ("1a", "l"),
];

#[test]
fn othello_a_flip_nifu_makes_the_move_illegal_even_with_a_king_flip() {
    let mut p = pos::<OthelloA>(&OTHELLO_NIFU, 'b', "-");
    let before = p.to_sfen();
    assert!(!legal(&mut p, "6g5e"));
    assert!(legal(&mut p, "4h4g"));
    // Made anyway (as a pseudo-legal move), it is marked as no move and undone exactly.
    let mv = Position::<OthelloA>::parse_usi_syntax("6g5e").unwrap();
    p.make(mv);
    assert_eq!(p.outcome(), Outcome::NotAMove);
    p.unmake();
    assert_eq!(p.to_sfen(), before);
    assert_eq!(p.outcome(), Outcome::Open);
}

#[test]
fn othello_b_flip_nifu_cancels_every_flip() {
    let mut p = pos::<OthelloB>(&OTHELLO_NIFU, 'b', "-");
    play(&mut p, "6g5e");
    let mut after = OTHELLO_NIFU.to_vec();
    after[1] = ("5e", "N");
    assert_board(&p, &after);
    assert_eq!(p.winner_by_board(), None);
}

#[test]
fn othello_c_flip_nifu_cancels_only_the_offending_pawn() {
    let mut p = pos::<OthelloC>(&OTHELLO_NIFU, 'b', "-");
    play(&mut p, "6g5e");
    assert_board(
        &p,
        &[
            ("9i", "K"),
            ("5e", "N"),
            ("5c", "S"),
            ("3e", "G"),
            ("7e", "G"),
            ("5g", "G"),
            ("4h", "P"),
            ("5d", "K"),
            ("4e", "p"),
            ("6e", "P"),
            ("5f", "S"),
            ("1a", "l"),
        ],
    );
    assert_eq!(p.winner_by_board(), Some(BLACK), "the king flip stands");
}

#[test]
fn othello_flipped_piece_that_can_never_move_stays() {
    // 6b6a sandwiches White's pawn on 5a against the silver on 4a: it becomes a Black pawn on
    // Black's last rank and stays there, immobile.
    let mut p = pos::<OthelloB>(
        &[
            ("9i", "K"),
            ("6b", "G"),
            ("4a", "S"),
            ("1e", "k"),
            ("5a", "p"),
        ],
        'b',
        "-",
    );
    play(&mut p, "6b6a");
    assert_eq!(at(&p, "5a"), "P");
    play(&mut p, "1e1f");
    assert!(legal_usi(&mut p).iter().all(|m| !m.starts_with("5a")));
}

#[test]
fn reversi_kings_and_golds_are_unaffected_but_part_of_a_run() {
    // 4g5e: north run g 5d, s 5c closed by 5b; south run k 5f, +r 5g closed by 5h;
    // toward file 1 +p 4e closed by 3e; toward file 9 b 6e closed by 7e.
    let mut p = pos::<ReversiB>(
        &[
            ("9i", "K"),
            ("4g", "N"),
            ("5b", "S"),
            ("5h", "G"),
            ("3e", "G"),
            ("7e", "S"),
            ("5d", "g"),
            ("5c", "s"),
            ("5f", "k"),
            ("5g", "+r"),
            ("4e", "+p"),
            ("6e", "b"),
        ],
        'b',
        "-",
    );
    play(&mut p, "4g5e");
    assert_board(
        &p,
        &[
            ("9i", "K"),
            ("5e", "N"),
            ("5b", "S"),
            ("5h", "G"),
            ("3e", "G"),
            ("7e", "S"),
            ("5d", "g"),
            ("5c", "+s"),
            ("5f", "k"),
            ("5g", "r"),
            ("4e", "p"),
            ("6e", "+b"),
        ],
    );
}

#[test]
fn reversi_piece_demoted_onto_a_dead_square_stays() {
    // The promoted knight on 5h (White's second-last rank) becomes a knight and stays.
    let mut p = pos::<ReversiC>(
        &[
            ("9i", "K"),
            ("4g", "G"),
            ("6h", "S"),
            ("1a", "k"),
            ("5h", "+n"),
        ],
        'b',
        "-",
    );
    play(&mut p, "4g4h");
    assert_eq!(at(&p, "5h"), "n");
    assert!(legal_usi(&mut p).iter().all(|m| !m.starts_with("5h")));
}

/// 6g5e toggles the tokin on 4e to a pawn (White has a pawn on 4b: nifu on file 4), the silver
/// on 6e to a promoted silver and the tokin on 5f to a pawn (alone on file 5); the gold on 5d
/// is unaffected.
const REVERSI_NIFU: [(&str, &str); 12] = [
    ("9i", "K"),
    ("6g", "N"),
    ("3e", "G"),
    ("7e", "G"),
    ("5g", "G"),
    ("5c", "S"),
    ("1a", "k"),
    ("4e", "+p"),
    ("4b", "p"),
    ("6e", "s"),
    ("5f", "+p"),
    ("5d", "g"),
];

fn reversi_after<R: Rules>(extra: &[(&'static str, &'static str)]) -> Position<R> {
    let mut board = REVERSI_NIFU.to_vec();
    board.extend_from_slice(extra);
    let mut p = pos::<R>(&board, 'b', "-");
    play(&mut p, "6g5e");
    p
}

#[test]
fn reversi_a_nifu_toggles_and_wins() {
    let mut p = reversi_after::<ReversiA>(&[]);
    assert_eq!(
        [at(&p, "4e"), at(&p, "6e"), at(&p, "5f"), at(&p, "5d")],
        ["p", "+s", "p", "g"]
    );
    assert_eq!(p.winner_by_board(), Some(BLACK));
    assert!(legal_usi(&mut p).is_empty());
}

#[test]
fn reversi_a_winning_move_is_legal_even_leaving_the_own_king_capturable() {
    // The rook on 9a checks the Black king on 9i; 6g5e ignores the check but wins at once.
    let p = reversi_after::<ReversiA>(&[("9a", "r")]);
    assert_eq!(p.winner_by_board(), Some(BLACK));
    let mut b = pos::<ReversiB>(
        &[REVERSI_NIFU.as_slice(), &[("9a", "r")]].concat(),
        'b',
        "-",
    );
    assert!(!legal(&mut b, "6g5e"));
}

#[test]
fn reversi_b_nifu_cancels_every_toggle() {
    let p = reversi_after::<ReversiB>(&[]);
    assert_eq!(
        [at(&p, "4e"), at(&p, "6e"), at(&p, "5f"), at(&p, "5d")],
        ["+p", "s", "+p", "g"]
    );
    assert_eq!(p.winner_by_board(), None);
}

#[test]
fn reversi_c_nifu_cancels_only_the_toggle_to_pawn_on_that_file() {
    let p = reversi_after::<ReversiC>(&[]);
    assert_eq!(
        [at(&p, "4e"), at(&p, "6e"), at(&p, "5f"), at(&p, "5d")],
        ["+p", "+s", "p", "g"]
    );
    assert_eq!(p.winner_by_board(), None);
}

#[test]
fn reversi_pawn_and_tokin_toggles_on_one_file_cancel_out() {
    // 5g4e: 4d p → +p (against 4c) and 4f +p → p (against 4g): still one pawn on file 4.
    let mut p = pos::<ReversiB>(
        &[
            ("9i", "K"),
            ("5g", "N"),
            ("4c", "S"),
            ("4g", "G"),
            ("1a", "k"),
            ("4d", "p"),
            ("4f", "+p"),
        ],
        'b',
        "-",
    );
    play(&mut p, "5g4e");
    assert_eq!([at(&p, "4d"), at(&p, "4f")], ["+p", "p"]);
}

#[test]
fn reversi_capture_comes_before_the_nifu_judgement() {
    // The gold takes the pawn on 4e (stepping back), then the tokin on 4f toggles to a pawn:
    // the captured pawn is already gone, so there is no nifu and B lets the toggle stand.
    let mut p = pos::<ReversiB>(
        &[
            ("9i", "K"),
            ("4d", "G"),
            ("4g", "G"),
            ("1a", "k"),
            ("4e", "p"),
            ("4f", "+p"),
        ],
        'b',
        "-",
    );
    play(&mut p, "4d4e");
    assert_board(
        &p,
        &[
            ("9i", "K"),
            ("4e", "G"),
            ("4g", "G"),
            ("1a", "k"),
            ("4f", "p"),
        ],
    );
    assert_eq!(hands(&p), "P");
}

#[test]
fn reversi_a_nifu_read_from_sfen_is_a_finished_game() {
    let mut p = pos::<ReversiA>(
        &[("5i", "K"), ("5a", "k"), ("3c", "p"), ("3e", "p")],
        'b',
        "-",
    );
    assert_eq!(p.winner_by_board(), Some(BLACK));
    assert!(legal_usi(&mut p).is_empty());
    let mut p = pos::<ReversiA>(
        &[("5i", "K"), ("5a", "k"), ("3c", "p"), ("3e", "p")],
        'w',
        "-",
    );
    assert_eq!(
        p.winner_by_board(),
        Some(BLACK),
        "the side with nifu loses, whoever moves"
    );
    assert!(legal_usi(&mut p).is_empty());
}
