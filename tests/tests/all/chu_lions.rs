//! Chu shogi's lion rules (`lions = chu;`, issue 21) on a 12×12 test rule set with chu shogi's
//! letters for the pieces it needs (the whole game is a later `variant!` block). Perft counts
//! from lishogi's rules library, shogiops 0.18.0 (npm; the same with its git HEAD 0.21.1),
//! each legal move counted once ("dedup": every pass of a piece is one move, a two-step move
//! through an empty square is the move to its end), with `perft.mjs` in a scratch folder
//! outside the project (`node perft.mjs --list "<sfen>" 2`): every from/mid/to/promotion
//! string shogiops' `isLegal` accepts, grouped by the position it leads to.

use shogi_core::{Position, SfenError};
use shogi_macros::variant;
use shogi_tests::{assert_perft, legal_usi as moves};

variant! {
    /// Chu shogi's lion-power pieces on 12×12: lion 'N', kirin 'O' promoting to a lion '+O',
    /// dragon horse 'H' to horned falcon '+H', dragon king 'D' to soaring eagle '+D', copper
    /// 'C', with shogi's king, rook, bishop, gold, silver, lance and pawn; chu shogi's zone,
    /// promotion and king rules, no drops.
    pub struct ChuLions;
    id = "Test-ChuLions";
    board = 12x12;
    zone = 4;
    pieces = standard without [knight, promoted_knight] with [chu_lion_power];
    piece copper 'C' { moves = leaps((1, 1), (0, 1), (-1, 1), (0, -1)); promotes = never; }
    piece pawn { no_nifu; dead_ranks = 0; }
    piece lance { dead_ranks = 0; }
    captured = vanish;
    king_loss = king_capture;
    promotion = enter_or_capture;
    lions = chu;
    start = "lcsgokngschd/1r8b1/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/1B8R1/DHCSGNKOGSCL";
    setup {}
}

fn perft(sfen: &str, expected: &[u64]) {
    assert_perft::<ChuLions>(sfen, expected);
}

#[test]
fn a_lone_lion_passes_once() {
    // 24 squares within two, one pass, the king's three steps (shogiops P1).
    perft("11k/10p1/12/12/12/6N5/12/12/12/12/12/K11 b - 1", &[28, 84]);
    let all = moves::<ChuLions>("11k/10p1/12/12/12/6N5/12/12/12/12/12/K11 b - 1");
    let passes: Vec<_> = all
        .iter()
        .filter(|m| m.len() == 6 && m[..2] == m[4..])
        .collect();
    assert_eq!(passes.len(), 1, "{passes:?}");
}

#[test]
fn lion_captures_igui_and_double_captures() {
    // shogiops P2: double capture 6f6e5d, igui 6f6e6f, jump capture over a friend.
    perft(
        "11k/12/12/7s4/6g5/6NGc3/5p6/12/12/12/12/K11 b - 1",
        &[47, 775],
    );
}

#[test]
fn a_protected_lion_two_away_is_taken_only_over_a_bridge() {
    // shogiops P3: the lion on 6d is protected by the gold on 6c: not by the jump, not through
    // the empty 6e, not over the pawn on 7e; over the silver on 5e it is. The promoted kirin
    // on 4h (a lion) is unprotected: the jump takes it.
    let sfen = "11k/12/6g5/6n5/5p1s4/6N5/12/8+o3/12/12/12/K11 b - 1";
    perft(sfen, &[42, 2532]);
    let all = moves::<ChuLions>(sfen);
    for banned in ["6f6d", "6f7e6d"] {
        assert!(!all.contains(&banned.to_string()), "{banned}");
    }
    for allowed in ["6f5e6d", "6f4h"] {
        assert!(all.contains(&allowed.to_string()), "{allowed}");
    }
}

#[test]
fn the_pawn_taken_on_the_first_step_still_protects() {
    // shogiops P4: 6d6e6f would take the pawn, then the lion it protects.
    let sfen = "11k/12/12/6N5/6p5/6n5/12/12/12/12/12/K11 b - 1";
    perft(sfen, &[34, 994]);
    assert!(!moves::<ChuLions>(sfen).contains(&"6d6e6f".to_string()));
}

#[test]
fn counter_strike_bars_non_lions_from_taking_a_lion() {
    // shogiops P5 (third field 6e: a lion was just taken there by a non-lion) and P5b (not).
    let struck = "11k/12/7N3B/12/6+o2n2/12/9+H2/6R5/12/12/12/K11 b 6e 1";
    perft(struck, &[82, 4374]);
    perft(&struck.replace(" 6e ", " - "), &[85, 4455]);
    let pos = Position::<ChuLions>::from_sfen(struck).unwrap();
    assert_eq!(pos.to_sfen(), struck);
    assert_ne!(
        pos.hash(),
        Position::<ChuLions>::from_sfen(&struck.replace(" 6e ", " - "))
            .unwrap()
            .hash()
    );
}

#[test]
fn falcon_and_eagle_pass_too() {
    // shogiops P6 and P7.
    perft(
        "11k/12/12/12/9s2/6g5/6p5/6+H5/12/12/12/K11 b - 1",
        &[39, 530],
    );
    perft(
        "11k/12/12/12/12/8g3/5s1p4/6+D5/12/12/12/K11 b - 1",
        &[41, 548],
    );
}

#[test]
fn a_king_may_move_into_check_and_be_taken() {
    // shogiops P10 (its "royal" end rule: no moves once a side has no king).
    perft(
        "k5r5/12/12/12/12/6K5/12/12/12/12/12/11G b - 1",
        &[11, 258, 2885],
    );
}

#[test]
fn a_kirin_taking_a_lion_promotes_and_may_be_taken_back_there() {
    // shogiops P11.
    perft(
        "10rk/12/6g5/6n5/12/6O5/12/10N1/12/12/12/K11 b - 1",
        &[32, 1626],
    );
}

#[test]
fn lion_power_at_the_edges() {
    // shogiops P13.
    perft(
        "11N/6+H5/12/12/+D11/12/12/7p4/12/12/3k8/K11 b - 1",
        &[79, 790],
    );
}

#[test]
fn passes_and_two_steps_through_empty_squares_read_as_the_moves_they_are() {
    let sfen = "11k/10p1/12/12/12/6N5/12/12/12/12/12/K11 b - 1";
    let mut pos = Position::<ChuLions>::from_sfen(sfen).unwrap();
    // Any empty first square names the pass; every one is the same move.
    let a = pos.parse_usi("6f6e6f").unwrap();
    let b = pos.parse_usi("6f5g6f").unwrap();
    assert_eq!(a, b);
    pos.make(a);
    assert_eq!(
        pos.to_sfen(),
        "11k/10p1/12/12/12/6N5/12/12/12/12/12/K11 w - 2"
    );
    pos.unmake();
    // Through an empty square to elsewhere: the jump there.
    assert_eq!(
        pos.parse_usi("6f6e6d").unwrap(),
        pos.parse_usi("6f6d").unwrap()
    );
    // The counter-strike field is a square of the board or '-'.
    assert!(matches!(
        Position::<ChuLions>::from_sfen("11k/12/12/12/12/6N5/12/12/12/12/12/K11 b 13a 1"),
        Err(SfenError::BadLionStruck(_))
    ));
}

#[test]
fn counter_strike_square_is_made_hashed_and_taken_back() {
    // shogiops P11: the kirin on 6f jumps onto the lion on 6d and promotes (entering the zone).
    // White's non-lions may then take no lion but the one on 6d: the gold 6c may, the rook 2a
    // may not take the lion on 2h.
    let sfen = "10rk/12/6g5/6n5/12/6O5/12/10N1/12/12/12/K11 b - 1";
    let mut pos = Position::<ChuLions>::from_sfen(sfen).unwrap();
    let before = pos.hash();
    let mv = pos.parse_usi("6f6d+").unwrap();
    pos.make(mv);
    let after = pos.to_sfen();
    assert_eq!(after, "10rk/12/6g5/6+O5/12/12/12/10N1/12/12/12/K11 w 6d 2");
    assert_eq!(
        pos.lion_struck(),
        pos.parse_usi("6c6d").ok().map(|m| m.to())
    );
    assert_eq!(pos.hash(), pos.compute_hash());
    let replies = moves::<ChuLions>(&after);
    assert!(replies.contains(&"6c6d".to_string()));
    assert!(!replies.contains(&"2a2h".to_string()));
    assert!(replies.contains(&"2a2g".to_string()));
    pos.unmake();
    assert_eq!(pos.to_sfen(), sfen);
    assert_eq!((pos.hash(), pos.lion_struck()), (before, None));
}
