//! Home squares (RULES.md §0 "home square"), every role for both colours, captures on files
//! 1–4, 5 (both branches) and 6–9. Expected squares read off the standard starting position.

use crate::common::{sq, BLACK, WHITE};
use shogi_core::effects::home::home_square;
use shogi_core::geometry::{Color, Geometry};
use shogi_core::table::Home;
use shogi_core::Bitboard;

fn home(role: Home, owner: Color, capture: &str, occupied: &[&str]) -> String {
    let mut occ = Bitboard::<u128>::EMPTY;
    for s in occupied {
        occ.set(sq(s));
    }
    home_square(&Geometry::STANDARD, role, owner, sq(capture), occ).to_string()
}

#[test]
fn single_homes_ignore_the_capture_square() {
    for capture in ["1a", "4e", "5e", "6c", "9i"] {
        assert_eq!(home(Home::King, BLACK, capture, &[]), "5i");
        assert_eq!(home(Home::King, WHITE, capture, &[]), "5a");
        assert_eq!(home(Home::Rook, BLACK, capture, &[]), "2h");
        assert_eq!(home(Home::Rook, WHITE, capture, &[]), "8b");
        assert_eq!(home(Home::Bishop, BLACK, capture, &[]), "8h");
        assert_eq!(home(Home::Bishop, WHITE, capture, &[]), "2b");
        // Occupied or not, these have one home (occupation is the effect's business).
        assert_eq!(home(Home::Rook, WHITE, capture, &["8b"]), "8b");
    }
}

#[test]
fn pawn_home_is_the_own_third_rank_of_the_capture_file() {
    assert_eq!(home(Home::Pawn, BLACK, "3d", &[]), "3g");
    assert_eq!(home(Home::Pawn, WHITE, "3d", &[]), "3c");
    assert_eq!(home(Home::Pawn, BLACK, "7b", &[]), "7g");
    assert_eq!(home(Home::Pawn, WHITE, "7h", &[]), "7c");
    assert_eq!(home(Home::Pawn, BLACK, "5a", &[]), "5g");
    assert_eq!(home(Home::Pawn, WHITE, "5i", &[]), "5c");
    assert_eq!(home(Home::Pawn, BLACK, "1e", &[]), "1g");
    assert_eq!(home(Home::Pawn, WHITE, "9e", &[]), "9c");
}

/// (role, Black's homes on files 1–4 and 6–9, White's homes on files 1–4 and 6–9).
const PAIRS: [(Home, &str, &str, &str, &str); 4] = [
    (Home::Lance, "1i", "9i", "1a", "9a"),
    (Home::Knight, "2i", "8i", "2a", "8a"),
    (Home::Silver, "3i", "7i", "3a", "7a"),
    (Home::Gold, "4i", "6i", "4a", "6a"),
];

#[test]
fn paired_homes_follow_the_half_of_the_board() {
    for (role, b_low, b_high, w_low, w_high) in PAIRS {
        for capture in ["1a", "2e", "3i", "4c"] {
            assert_eq!(home(role, BLACK, capture, &[]), b_low, "{role:?} {capture}");
            assert_eq!(home(role, WHITE, capture, &[]), w_low, "{role:?} {capture}");
            // Occupation does not matter off file 5.
            assert_eq!(home(role, BLACK, capture, &[b_low]), b_low);
        }
        for capture in ["6a", "7e", "8g", "9i"] {
            assert_eq!(
                home(role, BLACK, capture, &[]),
                b_high,
                "{role:?} {capture}"
            );
            assert_eq!(
                home(role, WHITE, capture, &[]),
                w_high,
                "{role:?} {capture}"
            );
            assert_eq!(home(role, WHITE, capture, &[w_high]), w_high);
        }
    }
}

#[test]
fn file_five_takes_the_single_empty_home_else_the_owners_right() {
    for (role, b_low, b_high, w_low, w_high) in PAIRS {
        for capture in ["5a", "5e", "5i"] {
            // Both empty, or both occupied: Black's right is files 1–4, White's files 6–9.
            assert_eq!(home(role, BLACK, capture, &[]), b_low, "{role:?}");
            assert_eq!(home(role, WHITE, capture, &[]), w_high, "{role:?}");
            assert_eq!(home(role, BLACK, capture, &[b_low, b_high]), b_low);
            assert_eq!(home(role, WHITE, capture, &[w_low, w_high]), w_high);
            // Exactly one empty: that one.
            assert_eq!(home(role, BLACK, capture, &[b_low]), b_high, "{role:?}");
            assert_eq!(home(role, BLACK, capture, &[b_high]), b_low, "{role:?}");
            assert_eq!(home(role, WHITE, capture, &[w_high]), w_low, "{role:?}");
            assert_eq!(home(role, WHITE, capture, &[w_low]), w_high, "{role:?}");
        }
    }
}
