//! The mate search (`shogi_core::mate`, USI `go mate`) on hand-checked positions.

use shogi_core::mate::{search_mate, search_mate_bounded, Mate, MateLimits};
use shogi_core::usi::move_to_usi;
use shogi_core::{Position, Rules};
use shogi_variants::variants::Standard;
use std::sync::atomic::AtomicBool;

fn mate<R: Rules>(sfen: &str, max_plies: u32) -> Result<Vec<String>, Mate> {
    let mut pos = Position::<R>::from_sfen(sfen).unwrap();
    let limits = MateLimits {
        max_plies,
        deadline: None,
        stop: None,
    };
    match search_mate(&mut pos, &limits) {
        Mate::Found(line) => {
            // The line is legal move by move and ends with the defender lost.
            let mut list = Vec::new();
            for mv in line {
                assert!(pos.is_legal_move(mv), "{sfen}: {}", move_to_usi::<R>(mv));
                list.push(move_to_usi::<R>(mv));
                pos.make(mv);
            }
            assert!(
                pos.legal_move_list().is_empty(),
                "{sfen}: {list:?} does not mate"
            );
            Ok(list)
        }
        other => Err(other),
    }
}

#[test]
fn mate_in_one_and_three() {
    // G*1b: the pawn on 1c guards it, 2a and 2b are the gold's.
    assert_eq!(
        mate::<Standard>("8k/9/p7P/9/9/9/9/9/4K4 b G 1", 5),
        Ok(vec!["G*1b".to_string()])
    );
    // B*2b (guarded by the gold 3b, which also holds 2a) leaves the king only 1b; then S*1c
    // mates: 1a is the bishop's, 2a the gold's, 2b and 1c are guarded, White's silver on 2c
    // cannot reach 1c. No mate in one exists (the search deepens by two plies).
    let sfen = "6p1k/6G2/7s1/9/9/9/9/9/4K4 b BS 1";
    assert_eq!(mate::<Standard>(sfen, 1), Err(Mate::None));
    assert_eq!(
        mate::<Standard>(sfen, 3),
        Ok(vec![
            "B*2b".to_string(),
            "1a1b".to_string(),
            "S*1c".to_string()
        ])
    );
}

#[test]
fn a_pawn_drop_mate_is_not_a_mate() {
    // P*1b would mate (the gold 2c guards 1b and 2b; 2a is White's knight), but uchifuzume
    // forbids the drop, and no other move mates at once.
    assert_eq!(
        mate::<Standard>("7nk/9/7G1/9/9/9/9/9/4K4 b P 1", 1),
        Err(Mate::None)
    );
}

#[test]
fn no_checks_no_mate_and_the_stop_flag() {
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    assert_eq!(mate::<Standard>(start, 31), Err(Mate::None));
    // A raised stop flag ends a long search with a timeout.
    let stop = AtomicBool::new(true);
    let mut pos = Position::<Standard>::from_sfen("8k/9/6G2/9/9/9/9/9/4K4 b S 1").unwrap();
    let limits = MateLimits {
        max_plies: 31,
        deadline: None,
        stop: Some(&stop),
    };
    assert_eq!(search_mate(&mut pos, &limits), Mate::Timeout);
}

#[test]
fn the_refutation_table_stays_within_its_cap() {
    // No mate within seven plies here (the lone gold cannot mate a king with room), so the
    // search refutes a few dozen positions: with a cap of 8 entries the table never holds more,
    // and the answer is the unbounded one.
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b G 1";
    let limits = MateLimits {
        max_plies: 7,
        deadline: None,
        stop: None,
    };
    let mut pos = Position::<Standard>::from_sfen(sfen).unwrap();
    let (free, free_peak) = search_mate_bounded(&mut pos, &limits, usize::MAX);
    let (capped, capped_peak) = search_mate_bounded(&mut pos, &limits, 8);
    assert_eq!(free, Mate::None);
    assert_eq!(capped, free);
    assert!(
        free_peak > 8,
        "the unbounded table held only {free_peak} entries"
    );
    assert!(capped_peak <= 8, "{capped_peak} entries");
    assert_eq!(
        pos.to_sfen(),
        Position::<Standard>::from_sfen(sfen).unwrap().to_sfen()
    );
    // A mate is still found with the smallest table.
    let mut pos = Position::<Standard>::from_sfen("6p1k/6G2/7s1/9/9/9/9/9/4K4 b BS 1").unwrap();
    let (found, _) = search_mate_bounded(&mut pos, &limits, 1);
    assert!(
        matches!(found, Mate::Found(ref line) if line.len() == 3),
        "{found:?}"
    );
}
