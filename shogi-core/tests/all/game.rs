//! Game ends (RULES.md §0–§1) on hand-built positions; every expected result is reasoned out in
//! the comments.

use crate::common::Std;
use shogi_core::error::MoveError;
use shogi_core::pieces::STANDARD_PIECES;
use shogi_core::table::{Hooks, KingLoss, RuleTable};
use shogi_core::{impl_rules, Color, EndReason, Game, GameOutcome};

fn game(sfen: &str) -> Game<Std> {
    Game::from_sfen(sfen).expect("valid SFEN")
}

fn play_all(g: &mut Game<Std>, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_usi(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn checkmate_ends_the_game() {
    // White K 1a, Black P 1c, Black G in hand (White's pawn on 9c keeps White mobile).
    // G*1b: the gold checks 1a and covers 2a (forward diagonal) and 2b (side); the king
    // cannot take it because the pawn on 1c guards 1b.
    let mut g = game("8k/9/p7P/9/9/9/9/9/4K4 b G 1");
    assert_eq!(g.outcome(), None);
    g.play_usi("G*1b").unwrap();
    assert!(g.position().in_check(Color::White));
    assert_eq!(
        g.outcome(),
        Some(GameOutcome {
            winner: Some(Color::Black),
            reason: EndReason::NoLegalMove
        })
    );
    assert!(g.legal_moves().is_empty());
    assert!(matches!(g.play_usi("9c9d"), Err(MoveError::GameOver(_))));
}

#[test]
fn stalemate_is_a_loss() {
    // White K 1a alone; Black G 1c covers 1b and 2b. Silver 4c-3b covers 2a without touching
    // 1a: White is not in check and has no legal move, so White loses (ステイルメイト負け).
    let mut g = game("8k/9/5S2G/9/9/9/9/9/4K4 b - 1");
    g.play_usi("4c3b").unwrap();
    assert!(!g.position().in_check(Color::White));
    assert_eq!(
        g.outcome(),
        Some(GameOutcome {
            winner: Some(Color::Black),
            reason: EndReason::NoLegalMove
        })
    );
}

#[test]
fn sennichite_on_the_fourth_occurrence_is_a_draw() {
    // Both kings shuffle; the start position recurs after plies 4, 8 and 12.
    let mut g = game("4k4/9/9/9/9/9/9/9/4K4 b - 1");
    let cycle = "5i4i 5a4a 4i5i 4a5a";
    play_all(&mut g, cycle);
    play_all(&mut g, cycle);
    assert_eq!(g.repetition_count(), 3);
    play_all(&mut g, "5i4i 5a4a 4i5i");
    assert_eq!(
        g.outcome(),
        None,
        "11 plies: no position has occurred 4 times"
    );
    g.play_usi("4a5a").unwrap();
    assert_eq!(g.repetition_count(), 4);
    assert_eq!(
        g.outcome(),
        Some(GameOutcome {
            winner: None,
            reason: EndReason::Sennichite
        })
    );
    assert!(matches!(g.play_usi("5i4i"), Err(MoveError::GameOver(_))));
    // Undo reopens the game.
    g.undo();
    assert_eq!(g.outcome(), None);
}

#[test]
fn perpetual_check_loses() {
    // Black R 2i, White K 1a. After the quiet 5i5h 1a1b, the cycle
    //   2i1i (check along file 1), 1b2b, 1i2i (check along file 2), 2b1b
    // returns to the position after ply 2. Every Black move of the cycle checks, no White
    // move does; the quiet 5i5h came before the first occurrence and does not count.
    let mut g = game("8k/9/9/9/9/9/9/9/4K2R1 b - 1");
    play_all(&mut g, "5i5h 1a1b");
    let cycle = "2i1i 1b2b 1i2i 2b1b";
    for _ in 0..2 {
        play_all(&mut g, cycle);
    }
    play_all(&mut g, "2i1i 1b2b 1i2i");
    assert_eq!(g.outcome(), None);
    g.play_usi("2b1b").unwrap();
    assert_eq!(
        g.outcome(),
        Some(GameOutcome {
            winner: Some(Color::White),
            reason: EndReason::PerpetualCheck
        })
    );
}

#[test]
fn perpetual_check_loses_when_the_checked_side_completes_the_repetition() {
    // The same cycle seen from the checked side: the start (White to move, in check from the
    // rook on 1i) recurs after plies 4, 8 and 12; its fourth occurrence is reached by a Black
    // check, and every Black move since the first occurrence was a check: Black loses.
    let mut g = game("8k/9/9/9/9/9/9/9/4K3R w - 1");
    for _ in 0..3 {
        play_all(&mut g, "1a2a 1i2i 2a1a 2i1i");
    }
    assert_eq!(g.repetition_count(), 4);
    assert_eq!(
        g.outcome(),
        Some(GameOutcome {
            winner: Some(Color::White),
            reason: EndReason::PerpetualCheck
        })
    );
}

#[test]
fn repetition_with_an_interrupted_check_is_a_draw() {
    // Black R 3c, White K 1a. Cycle: 3c1c (check along file 1), 1a2a, 1c3c (no check: the
    // rook on 3c sees file 3 and rank c only), 2a1a. Black checks only every other move.
    let mut g = game("8k/9/6R2/9/9/9/9/9/4K4 b - 1");
    let cycle = "3c1c 1a2a 1c3c 2a1a";
    for _ in 0..3 {
        play_all(&mut g, cycle);
    }
    assert_eq!(g.repetition_count(), 4);
    assert_eq!(
        g.outcome(),
        Some(GameOutcome {
            winner: None,
            reason: EndReason::Sennichite
        })
    );
}

#[test]
fn hands_are_part_of_the_position() {
    // Same board and side to move, different hands: different positions for sennichite.
    let a = game("4k4/9/9/9/9/9/9/9/4K4 b G 1");
    let b = game("4k4/9/9/9/9/9/9/9/4K4 b - 1");
    assert_ne!(a.keys()[0].hash, b.keys()[0].hash);
}

#[test]
fn undo_restores_position_and_record() {
    let mut g = Game::<Std>::startpos(0);
    let start = g.position().clone();
    play_all(&mut g, "7g7f 3c3d 8h2b+");
    assert_eq!(g.moves().len(), 3);
    assert_eq!(g.keys().len(), 4);
    assert!(!g.keys()[3].checked);
    for _ in 0..3 {
        assert!(g.undo().is_some());
    }
    assert!(g.undo().is_none());
    assert_eq!(g.position(), &start);
    assert_eq!(g.position().hash(), start.hash());
    assert_eq!(g.keys().len(), 1);
}

#[test]
fn bad_moves_are_errors() {
    let mut g = Game::<Std>::startpos(0);
    assert!(matches!(g.play_usi("7g7e"), Err(MoveError::Illegal(_))));
    assert!(matches!(g.play_usi("zz"), Err(MoveError::Malformed(_))));
    let err = Game::<Std>::with_moves(g.position().clone(), &["7g7f", "7g7f"]).unwrap_err();
    assert!(matches!(
        err,
        shogi_core::PositionError::Move { index: 2, .. }
    ));
    assert_eq!(g.moves().len(), 0);
}

#[test]
fn check_flags_are_recorded() {
    // After 2i1i the White king on 1a is in check; after 1a2a Black is not.
    let mut g = game("8k/9/9/9/9/9/9/9/4K2R1 b - 1");
    play_all(&mut g, "2i1i 1a2a");
    let checks: Vec<bool> = g.keys().iter().map(|k| k.checked).collect();
    assert_eq!(checks, [false, true, false]);
}

/// Standard pieces in king-capture mode (RULES.md §1).
#[derive(Clone, Copy, Debug, Default)]
struct Capture;
const CAPTURE: RuleTable = RuleTable {
    name: "Capture",
    title: "standard pieces, king capture",
    geometry: shogi_core::geometry::Geometry::STANDARD,
    pieces: &STANDARD_PIECES,
    hooks: Hooks {
        king_loss: KingLoss::Capture,
        ..Hooks::STANDARD
    },
    setups: &[],
    notes: &[],
    eval: shogi_core::eval_weights::EvalWeights::STANDARD,
};
impl_rules!(Capture, CAPTURE);

#[test]
fn king_capture_is_decided_by_the_board() {
    // White left its king on 1a en prise to the Black rook on 1i; taking it ends the game.
    let mut g = Game::<Capture>::from_sfen("8k/9/9/9/9/9/9/9/4K3R b - 1").unwrap();
    assert_eq!(g.outcome(), None);
    g.play_usi("1i1a").unwrap();
    assert_eq!(
        g.outcome(),
        Some(GameOutcome {
            winner: Some(Color::Black),
            reason: EndReason::BoardDecided
        })
    );
}

/// Plays `usi` on `sfen` and returns what `check_given_by` says of it, after asserting that
/// it agrees with `in_check` where it answers and that `gives_check`, asked before the move,
/// says the same.
fn check_given<R: shogi_core::Rules>(sfen: &str, usi: &str) -> Option<bool> {
    let mut pos = shogi_core::Position::<R>::from_sfen(sfen).expect("valid SFEN");
    let mv = pos.parse_usi(usi).unwrap_or_else(|e| panic!("{usi}: {e}"));
    // Asked before the move, the answer is the same.
    let foreseen = pos.gives_check(mv);
    pos.make(mv);
    let given = pos.check_given_by(mv);
    if let Some(c) = given {
        assert_eq!(c, pos.in_check(pos.side_to_move()), "{usi} on {sfen}");
    }
    assert_eq!(foreseen, given, "foreseen: {usi} on {sfen}");
    given
}

#[test]
fn a_move_tells_whether_it_gave_check() {
    let discovered = "8k/9/8S/9/9/9/9/9/4K3L b - 1";
    let hand = "8k/9/9/9/9/9/9/9/4K4 b RG 1";
    let screen = "8k/9/9/9/8S/9/9/9/4K3R b - 1";
    let silver = "8k/6S2/9/9/9/9/9/9/4K4 b - 1";
    // White's king is on 1a in each.
    let cases = [
        // The silver on 1c steps back to 2d and uncovers the lance on 1i along file 1.
        (discovered, "1c2d", true),
        // The lance itself moving up file 1 stays behind the silver.
        (discovered, "1i1d", false),
        // A rook dropped on the king's file checks from afar; on the next file it does not.
        (hand, "R*1e", true),
        (hand, "R*2e", false),
        // A gold dropped next to the king checks by its step; a quiet king move does not.
        (hand, "G*1b", true),
        (hand, "5i5h", false),
        // A silver stepping up the king's file in front of a rook stays between them: it
        // uncovers nothing (the square it lands on, empty before the move, is not read);
        // stepping off the file, it uncovers the rook.
        (screen, "1e1d", false),
        (screen, "1e2d", true),
        // A silver stepping beside the king checks only when it promotes (a gold's side step).
        (silver, "3b2a+", true),
        (silver, "3b2a", false),
    ];
    for (sfen, usi, checks) in cases {
        assert_eq!(
            check_given::<Std>(sfen, usi),
            Some(checks),
            "{usi} on {sfen}"
        );
    }
    // Where the king is captured rather than mated, the side to move may have been in check
    // before the move: the move alone does not decide it.
    assert_eq!(
        check_given::<Capture>("8k/9/9/9/9/9/9/9/4K3R w - 1", "1a2a"),
        None
    );
}
