//! Hand-built positions for each rule of RULES.md §0. Every expected move list is derived by
//! hand from the rules (the derivation is in the comments), never taken from the engine. Each
//! list is produced by both legality paths, which must agree (`common::legal_usi`).

use crate::common::{all_squares, moves_of, sorted, starting_with, Hybrid, Immortal, Std};
use shogi_core::{Move, Position};

/// Drops `letter*sq` for every empty square of `ranks` except `except`.
fn drops(letter: &str, ranks: &str, occupied: &[&str], except: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = all_squares()
        .into_iter()
        .filter(|sq| ranks.contains(&sq[1..]))
        .filter(|sq| !occupied.contains(&sq.as_str()) && !except.contains(&sq.as_str()))
        .map(|sq| format!("{letter}*{sq}"))
        .collect();
    v.sort();
    v
}

/// After `usi` the side to move is in check and has no legal move.
fn is_mate_after(sfen: &str, usi: &str) -> bool {
    let mut pos = Position::<Std>::from_sfen(sfen).unwrap();
    let mv = Position::<Std>::parse_usi_syntax(usi).unwrap();
    pos.make(mv);
    let side = pos.side_to_move();
    pos.in_check(side) && !pos.has_legal_move() && !pos.has_legal_move_reference()
}

// ---- uchifuzume ----

/// White K 1a; Black G 3b (covers 2a, 2b), N 2d (defends 1b), K 5i; Black holds a pawn.
/// P*1b checks, the king can neither take (knight) nor flee (gold): mate, so refused. Every
/// other pawn drop (ranks b–i, empty, no pawn on any file) stands: 72 - 3 occupied - 1 = 68.
const DROP_MATE: &str = "8k/6G2/9/7N1/9/9/9/9/4K4 b P 1";

#[test]
fn uchifuzume_refused() {
    let all = moves_of::<Std>(DROP_MATE);
    let expected = drops("P", "bcdefghi", &["3b", "2d", "5i"], &["1b"]);
    assert_eq!(expected.len(), 68);
    assert_eq!(starting_with(&all, "P*"), expected);
    // The refused drop really is mate (so the rule, not a bug, removed it).
    assert!(is_mate_after(DROP_MATE, "P*1b"));
    // The knight's only move lands on rank b: it must promote.
    assert_eq!(starting_with(&all, "2d"), sorted(&["2d1b+"]));
}

/// Without the knight the king takes the pawn: the checking drop P*1b is legal (70 drops).
#[test]
fn checking_pawn_drop_that_is_not_mate() {
    let sfen = "8k/6G2/9/9/9/9/9/9/4K4 b P 1";
    let all = moves_of::<Std>(sfen);
    let expected = drops("P", "bcdefghi", &["3b", "5i"], &[]);
    assert_eq!(expected.len(), 70);
    assert_eq!(starting_with(&all, "P*"), expected);
    assert!(all.contains(&"P*1b".to_string()));
}

/// The same mate given by a lance drop is allowed: only pawn drops may not mate.
#[test]
fn mating_lance_drop_allowed() {
    let sfen = "8k/6G2/9/7N1/9/9/9/9/4K4 b L 1";
    let all = moves_of::<Std>(sfen);
    assert_eq!(
        starting_with(&all, "L*"),
        drops("L", "bcdefghi", &["3b", "2d", "5i"], &[])
    );
    assert!(is_mate_after(sfen, "L*1b"));
}

/// White K 1a, G 2a pinned on rank a by Black R 9a; Black G 3c covers 2b, N 2d defends 1b.
/// After P*1b the gold could take the pawn but is pinned: mate, refused (69 - 1 = 68 drops).
/// Without the rook the gold takes: the drop is legal.
#[test]
fn uchifuzume_with_a_pinned_defender() {
    let pinned = "R6gk/9/6G2/7N1/9/9/9/9/4K4 b P 1";
    let all = moves_of::<Std>(pinned);
    assert_eq!(
        starting_with(&all, "P*"),
        drops("P", "bcdefghi", &["3c", "2d", "5i"], &["1b"])
    );
    assert!(is_mate_after(pinned, "P*1b"));

    let free = "7gk/9/6G2/7N1/9/9/9/9/4K4 b P 1";
    let all = moves_of::<Std>(free);
    assert_eq!(
        starting_with(&all, "P*"),
        drops("P", "bcdefghi", &["3c", "2d", "5i"], &[])
    );
}

/// The first position turned round for White: p*9h is the refused mate.
#[test]
fn uchifuzume_for_white() {
    let sfen = "4k4/9/9/9/9/1n7/9/2g6/K8 w p 1";
    let all = moves_of::<Std>(sfen);
    let expected = drops("P", "abcdefgh", &["5a", "8f", "7h"], &["9h"]);
    assert_eq!(expected.len(), 68);
    assert_eq!(starting_with(&all, "P*"), expected);
    assert!(is_mate_after(sfen, "P*9h"));
}

// ---- nifu ----

/// Black P 3g, +P 5e, P in hand; White p 4c. Pawn drops: files other than 3 (a pawn is there;
/// the tokin on file 5 does not count, nor White's pawn on file 4), ranks b–i, empty:
/// 8 files x 8 ranks - 4c - 5e - 5i = 61. P*5b checks, but the king takes it: legal.
#[test]
fn nifu_ignores_tokin() {
    let sfen = "4k4/9/5p3/9/4+P4/9/6P2/9/4K4 b P 1";
    let all = moves_of::<Std>(sfen);
    let mut expected = drops("P", "bcdefghi", &["4c", "5e", "5i"], &[]);
    expected.retain(|m| !m.starts_with("P*3"));
    assert_eq!(expected.len(), 61);
    assert_eq!(starting_with(&all, "P*"), expected);
    assert!(all.contains(&"P*5f".to_string()));
}

// ---- forced promotion and drop ranks ----

/// Black P 4b, L 2c, N 7d, N 8e. P must promote on rank a; L may stop unpromoted on 2b but not
/// on 2a; N from 7d lands on rank b (6b, 8b) and must promote; N from 8e lands on rank c (7c,
/// 9c), in the zone, promotion optional.
#[test]
fn forced_promotion_black() {
    let all = moves_of::<Std>("4k4/5P3/7L1/2N6/1N7/9/9/9/4K4 b - 1");
    assert_eq!(starting_with(&all, "4b"), sorted(&["4b4a+"]));
    assert_eq!(
        starting_with(&all, "2c"),
        sorted(&["2c2b", "2c2b+", "2c2a+"])
    );
    assert_eq!(starting_with(&all, "7d"), sorted(&["7d6b+", "7d8b+"]));
    assert_eq!(
        starting_with(&all, "8e"),
        sorted(&["8e7c", "8e7c+", "8e9c", "8e9c+"])
    );
}

/// The same position turned round for White.
#[test]
fn forced_promotion_white() {
    let all = moves_of::<Std>("4k4/9/9/9/7n1/6n2/1l7/3p5/4K4 w - 1");
    assert_eq!(starting_with(&all, "6h"), sorted(&["6h6i+"]));
    assert_eq!(
        starting_with(&all, "8g"),
        sorted(&["8g8h", "8g8h+", "8g8i+"])
    );
    assert_eq!(starting_with(&all, "3f"), sorted(&["3f2h+", "3f4h+"]));
    assert_eq!(
        starting_with(&all, "2e"),
        sorted(&["2e1g", "2e1g+", "2e3g", "2e3g+"])
    );
}

/// Lance drops avoid the last rank, knight drops the last two.
#[test]
fn lance_and_knight_drop_ranks() {
    let black = moves_of::<Std>("4k4/9/9/9/9/9/9/9/4K4 b LN 1");
    assert_eq!(
        starting_with(&black, "L*"),
        drops("L", "bcdefghi", &["5i"], &[])
    );
    assert_eq!(
        starting_with(&black, "N*"),
        drops("N", "cdefghi", &["5i"], &[])
    );
    let white = moves_of::<Std>("4k4/9/9/9/9/9/9/9/4K4 w ln 1");
    assert_eq!(
        starting_with(&white, "L*"),
        drops("L", "abcdefgh", &["5a"], &[])
    );
    assert_eq!(
        starting_with(&white, "N*"),
        drops("N", "abcdefg", &["5a"], &[])
    );
}

// ---- promotion zone ----

/// Black R 8c and S 4c stand in the zone: every move of theirs may promote, leaving the camp
/// included (4c3d+, 8c8i+). S 2d enters the zone on 2c/1c/3c (optional) and not on 1e/3e.
/// S 6f never reaches the zone: no promotion.
#[test]
fn promotion_by_origin_or_destination() {
    let all = moves_of::<Std>("9/9/1R3S3/7S1/9/3S5/k8/9/4K4 b - 1");
    let both = |from: &str, tos: &[&str]| {
        let mut v = Vec::new();
        for to in tos {
            v.push(format!("{from}{to}"));
            v.push(format!("{from}{to}+"));
        }
        v.sort();
        v
    };
    assert_eq!(
        starting_with(&all, "8c"),
        both(
            "8c",
            &["8b", "8a", "8d", "8e", "8f", "8g", "8h", "8i", "9c", "7c", "6c", "5c"]
        )
    );
    assert_eq!(
        starting_with(&all, "4c"),
        both("4c", &["4b", "3b", "5b", "3d", "5d"])
    );
    let mut two_d = both("2d", &["2c", "1c", "3c"]);
    two_d.extend(["2d1e".to_string(), "2d3e".to_string()]);
    two_d.sort();
    assert_eq!(starting_with(&all, "2d"), two_d);
    assert_eq!(
        starting_with(&all, "6f"),
        sorted(&["6f6e", "6f5e", "6f7e", "6f5g", "6f7g"])
    );
}

// ---- legality: pins, evasions ----

/// White R 5b pins Black G 5g against K 5i: the gold may only move along file 5 (5f, 5h).
#[test]
fn pinned_piece_stays_on_its_line() {
    let all = moves_of::<Std>("k8/4r4/9/9/9/9/4G4/9/4K4 b - 1");
    assert_eq!(starting_with(&all, "5g"), sorted(&["5g5f", "5g5h"]));
}

/// White R 5a checks K 5i down the open file. The king leaves the file (5h stays attacked);
/// a gold drop interposes on 5b..5h.
#[test]
fn check_by_slider_king_moves_and_interposing_drops() {
    let all = moves_of::<Std>("k3r4/9/9/9/9/9/9/9/4K4 b G 1");
    assert_eq!(
        all,
        sorted(&[
            "5i4h", "5i6h", "5i4i", "5i6i", "G*5b", "G*5c", "G*5d", "G*5e", "G*5f", "G*5g", "G*5h"
        ])
    );
}

// ---- end of game: no legal move ----

/// White K 1a: Black S 3b covers 2a, G 2c covers 1b and 2b, nothing attacks 1a. Stalemate:
/// no legal move (the side to move loses; the outcome text is game.rs's).
#[test]
fn stalemate_has_no_moves() {
    let sfen = "8k/6S2/7G1/9/9/9/9/9/K8 w - 1";
    let mut pos = Position::<Std>::from_sfen(sfen).unwrap();
    assert!(!pos.in_check(pos.side_to_move()));
    assert!(moves_of::<Std>(sfen).is_empty());
    assert!(!pos.has_legal_move());
    assert_eq!(pos.count_legal_moves(), 0);
}

/// White K 1a, Black G 1b defended by P 1c: checkmate, no legal move.
#[test]
fn checkmate_has_no_moves() {
    let sfen = "8k/8G/8P/9/9/9/9/9/K8 w - 1";
    let pos = Position::<Std>::from_sfen(sfen).unwrap();
    assert!(pos.in_check(pos.side_to_move()));
    assert!(moves_of::<Std>(sfen).is_empty());
}

// ---- immortal pieces ----

/// White immortal silver 5h checks Black K 5i. It cannot be captured (not by the king, not by
/// G 4i) and a contact check cannot be blocked: the king steps to 4h or 6h (6i and 4i are
/// attacked by / occupied next to the silver). With an ordinary silver, 5i5h and 4i5h appear.
#[test]
fn immortal_checker_cannot_be_captured() {
    assert_eq!(
        moves_of::<Immortal>("4k4/9/9/9/9/9/9/4i4/4KG3 b - 1"),
        sorted(&["5i4h", "5i6h"])
    );
    assert_eq!(
        moves_of::<Std>("4k4/9/9/9/9/9/9/4s4/4KG3 b - 1"),
        sorted(&["5i4h", "5i6h", "5i5h", "4i5h"])
    );
}

/// Black R 5e faces a White immortal silver on 5c: the rook stops at 5d and never takes it.
#[test]
fn immortal_piece_blocks_but_is_never_taken() {
    let all = moves_of::<Immortal>("4k4/9/4i4/9/4R4/9/9/9/K8 b - 1");
    assert_eq!(
        starting_with(&all, "5e"),
        sorted(&[
            "5e5d", "5e5f", "5e5g", "5e5h", "5e5i", "5e1e", "5e2e", "5e3e", "5e4e", "5e6e", "5e7e",
            "5e8e", "5e9e"
        ])
    );
    let ordinary = moves_of::<Std>("4k4/9/4s4/9/4R4/9/9/9/K8 b - 1");
    assert!(ordinary.contains(&"5e5c+".to_string()));
}

// ---- move-only and capture-only steps (chess pawn fixture) ----

/// Black chess pawns: 5b advances to the empty 5a and takes the gold on 6a, promoting (forced
/// on the last rank); 4a is empty, so no diagonal step there. 7f advances to 7e and takes on
/// 6e; 8e is empty, so no move there; no promotion outside the last rank.
#[test]
fn chess_pawn_steps() {
    let all = moves_of::<Hybrid>("3g4k/4P4/9/9/3p5/2P6/9/9/4K4 b - 1");
    assert_eq!(starting_with(&all, "5b"), sorted(&["5b5a+", "5b6a+"]));
    assert_eq!(starting_with(&all, "7f"), sorted(&["7f7e", "7f6e"]));
}

/// A move is a value: the USI text of a parsed drop round-trips.
#[test]
fn drop_move_text() {
    let mv = Position::<Std>::parse_usi_syntax("P*5e").unwrap();
    assert!(mv.is_drop());
    assert_eq!(shogi_core::usi::move_to_usi::<Std>(mv), "P*5e");
    assert_eq!(mv, Move::drop(shogi_core::pieces::kind::PAWN, mv.to()));
}

// ---- captures ----

/// Black R 5h takes the White dragon on 5e (outside the zone: no promotion offered); the dragon
/// goes to Black's hand unpromoted, as a rook.
#[test]
fn captured_piece_goes_to_hand_unpromoted() {
    let sfen = "4k4/9/9/9/4+r4/9/9/4R4/4K4 b - 1";
    let all = moves_of::<Std>(sfen);
    assert!(all.contains(&"5h5e".to_string()));
    assert!(!all.contains(&"5h5e+".to_string()));
    let mut pos = Position::<Std>::from_sfen(sfen).unwrap();
    let mv = pos.parse_usi("5h5e").unwrap();
    pos.make(mv);
    assert_eq!(pos.to_sfen(), "4k4/9/9/9/4R4/9/9/9/4K4 w R 2");
}

// ---- king moves next to leaping enemies ----

#[test]
fn king_avoids_every_square_a_near_leaper_attacks() {
    // Black king 5e, no enemy slider (no square is threatened by a slide), three White leapers
    // near it. The gold on 5c attacks (White's forward is toward rank i) 4d 5d 6d; the silver
    // on 3e attacks 4d and 4f (and 2d 2f 3f); the knight on 7c attacks 6e (and 8e). Of the
    // king's eight steps 4e, 5f and 6f are left: three moves, listed and counted in bulk (the
    // leaps of the near pieces taken at once).
    let sfen = "8k/9/2n1g4/9/4K1s2/9/9/9/9 b - 1";
    assert_eq!(moves_of::<Std>(sfen), sorted(&["5e4e", "5e5f", "5e6f"]));
    let mut pos = Position::<Std>::from_sfen(sfen).unwrap();
    assert_eq!(pos.count_legal_moves(), 3);
}
