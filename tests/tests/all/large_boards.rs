//! Boards wider than ten files (issue 21): they do not fit a `u128` of 12-square files, so
//! `variant!` stores them in the 256-bit word. Two test rule sets with the standard pieces: a
//! 12-file × 10-rank one, whose perft counts come from Fairy-Stockfish (the largest board it
//! plays; how they were produced is written beside them), and chu shogi's 12×12, with move
//! lists worked out by hand at the far files and ranks.

use shogi_core::bitboard::U256;
use shogi_core::{Position, SfenError};
use shogi_macros::variant;
use shogi_tests::{legal_usi as moves, sorted, stores_in};

variant! {
    /// 12 files × 10 ranks: standard pieces, three-rank zone, twelve pawns a side.
    pub struct TwelveByTen;
    id = "Test-TwelveByTen";
    board = 12x10;
    pieces = standard;
    start = "lnsgkgsnlbrl/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/12/LRBLNSGKGSNL";
    setup {}
}

variant! {
    /// 12 × 12 (chu shogi's board): standard pieces, three-rank zone.
    pub struct TwelveByTwelve;
    id = "Test-TwelveByTwelve";
    board = 12x12;
    pieces = standard;
    start = "lnsgkgsnlbrl/12/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/12/LRBLNSGKGSNL";
    setup {}
}

#[test]
fn wide_boards_take_the_wide_storage() {
    assert!(stores_in::<TwelveByTen, U256>());
    assert!(stores_in::<TwelveByTwelve, U256>());
    // Ten files still fit the narrow word.
    assert!(stores_in::<shogi_variants::variants::Standard, u128>());
    let text = TwelveByTwelve::TABLE.render();
    assert!(
        text.contains("board: 12 files x 12 ranks (files 1-12, ranks a-l)"),
        "{text}"
    );
}

/// Perft counts from Fairy-Stockfish ("Fairy-Stockfish 031226 LB", built with
/// `largeboards=yes`), variant `[shogi12x10:shogi]` with `maxFile = 12`, `maxRank = 10`,
/// `promotionRegionWhite = *8 *9 *10`, `promotionRegionBlack = *1 *2 *3` and the position as
/// `startFen` or `position fen` (its FEN is this SFEN's board, `[hand]`, and `w` for Black to
/// move), `go perft N`.
#[test]
fn twelve_by_ten_perft_matches_fairy_stockfish() {
    let cases: [(&str, &[u64]); 4] = [
        (
            "lnsgkgsnlbrl/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/12/LRBLNSGKGSNL b - 1",
            &[33, 1089, 35906, 1183855],
        ),
        // Black in check from the bishop on 1d (Black's king on 3i), hands on both sides,
        // a promoted pawn and a bishop inside the zones.
        (
            "l2gk2s3l/1r4g1B3/p1pp1pp1pp1p/4p2+P4/12/2n6S2/P1P1P1P1P2b/1P1P1P1P1P1P/2R6K2/LN1G2G1SNL1 b SL2Pnlp 1",
            &[9, 1863, 406880],
        ),
        // 61 random plies from the start (seed 7): White to move.
        (
            "5ksnl1r1/l2sg3b2l/1ppppgp2p2/7pp1pp/pn6P3/5p6/1P1PPB3P1P/P1P2PPP2PN/LR3SS1K2L/3LNG3G2 w - 1",
            &[42, 1916, 82296],
        ),
        // 40 random plies from the start (Fairy-Stockfish's moves, seed 1).
        (
            "1n1g1g1nl2l/2s1ks4r1/lp1p1pppp1p1/p3p4p1p/12/2p4P4/7bPP2/PPPPPPPG1NPP/LB1L1S1G2S1/1R2N4K1L b - 1",
            &[30, 1444, 46011],
        ),
    ];
    for (sfen, counts) in cases {
        let mut pos = Position::<TwelveByTen>::from_sfen(sfen).unwrap();
        for (depth, &expected) in counts.iter().enumerate() {
            let depth = depth as u32 + 1;
            assert_eq!(pos.perft(depth), expected, "{sfen} depth {depth}");
        }
        // Counting by making every move agrees with the bulk count.
        assert_eq!(pos.perft_full(2), counts[1], "{sfen} without bulk counting");
    }
}

#[test]
fn twelve_by_twelve_rook_in_the_far_corner() {
    // Black rook 12l, Black king 1l, White king 1a. The rook runs along rank l to 2l (ten
    // squares) and up file 12 to 12a (eleven), promoting or not on 12c, 12b, 12a (the
    // three-rank zone of a 12-rank board); the king steps to 2l, 1k, 2k.
    let mut expected = vec!["1l2l".to_string(), "1l1k".into(), "1l2k".into()];
    for f in 2..=11 {
        expected.push(format!("12l{f}l"));
    }
    for r in "abcdefghijk".chars() {
        expected.push(format!("12l12{r}"));
        if "abc".contains(r) {
            expected.push(format!("12l12{r}+"));
        }
    }
    expected.sort();
    assert_eq!(
        moves::<TwelveByTwelve>("11k/12/12/12/12/12/12/12/12/12/12/R10K b - 1"),
        expected
    );
}

#[test]
fn twelve_by_twelve_drops_reach_every_edge() {
    // Kings on 6l and 6a, a pawn and a knight in Black's hand. The pawn drops anywhere empty
    // but rank a (142 − 11 = 131 squares; 6b checks, but the king takes it); the knight
    // anywhere but ranks a and b (142 − 11 − 12 = 119); the king has 5 steps.
    let sfen = "6k5/12/12/12/12/12/12/12/12/12/12/6K5 b NP 1";
    let all = moves::<TwelveByTwelve>(sfen);
    let count = |prefix: &str| all.iter().filter(|m| m.starts_with(prefix)).count();
    assert_eq!(count("P*"), 131);
    assert_eq!(count("N*"), 119);
    assert_eq!(all.len(), 131 + 119 + 5);
    assert!(all.contains(&"P*12b".to_string()) && all.contains(&"N*1c".to_string()));
    assert!(!all.contains(&"P*12a".to_string()) && !all.contains(&"N*12b".to_string()));
}

#[test]
fn twelve_by_twelve_lance_and_knight_on_file_twelve() {
    // Black lance 12d and knight 11e; White pawn 12b. The lance stops on 12c or takes on 12b,
    // both in the zone, promoting or not (only rank a would leave it no move); the knight
    // jumps to 12c and 10c, in the zone, either way (rank c leaves it a move).
    let expected = sorted(&[
        "12d12c", "12d12c+", "12d12b", "12d12b+", "11e12c", "11e12c+", "11e10c", "11e10c+", "1l2l",
        "1l1k", "1l2k",
    ]);
    assert_eq!(
        moves::<TwelveByTwelve>("11k/p11/12/L11/1N10/12/12/12/12/12/12/11K b - 1"),
        expected
    );
}

#[test]
fn twelve_by_twelve_sfen_round_trips_and_sizes_are_checked() {
    let start = Position::<TwelveByTwelve>::startpos(0).to_sfen();
    assert_eq!(
        start,
        "lnsgkgsnlbrl/12/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/12/LRBLNSGKGSNL b - 1"
    );
    assert_eq!(
        Position::<TwelveByTwelve>::from_sfen(&start)
            .unwrap()
            .to_sfen(),
        start
    );
    let err = |s: &str| Position::<TwelveByTwelve>::from_sfen(s).err();
    assert!(matches!(
        err("9/9/9/9/9/9/9/9/4k4 b - 1"),
        Some(SfenError::RankCount { .. })
    ));
    assert!(matches!(
        err("13/12/12/12/12/12/12/12/12/12/12/12 b - 1"),
        Some(SfenError::FileCount { .. })
    ));
}

variant! {
    /// 12 × 12 with chu shogi's horned falcon ('H') and soaring eagle ('E'): lion power along
    /// a line (issue 21).
    pub struct FalconEagle;
    id = "Test-FalconEagle";
    board = 12x12;
    pieces = standard;
    piece falcon 'H' { moves = horned_falcon; }
    piece eagle 'E' { moves = soaring_eagle; }
    start = "lnsgkgsnlbrl/12/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/12/LHELNSGKGSNL";
    setup {}
}

#[test]
fn falcon_has_lion_power_forward_only() {
    // Black falcon 6g, White pawn 6f and gold 6e in front of it; kings 12l and 1a. Forward it
    // takes the pawn (step) or jumps onto the gold (two), or takes the pawn and then the gold
    // (6g6f6e) or returns (igui 6g6f6g). It slides back (6h–6l, five), right (5g–1g, five),
    // left (7g–12g, six) and along the four diagonals (5f–1b five, 7f–12a six, 5h–1l five,
    // 7h–11l five). The king steps to 11l, 12k, 11k.
    let mut expected = vec![
        "6g6f", "6g6e", "6g6f6e", "6g6f6g", "12l11l", "12l12k", "12l11k",
    ]
    .into_iter()
    .map(String::from)
    .collect::<Vec<_>>();
    let mut slide = |squares: &[&str]| expected.extend(squares.iter().map(|s| format!("6g{s}")));
    slide(&["6h", "6i", "6j", "6k", "6l"]);
    slide(&["5g", "4g", "3g", "2g", "1g"]);
    slide(&["7g", "8g", "9g", "10g", "11g", "12g"]);
    slide(&["5f", "4e", "3d", "2c", "1b"]);
    slide(&["7f", "8e", "9d", "10c", "11b", "12a"]);
    slide(&["5h", "4i", "3j", "2k", "1l"]);
    slide(&["7h", "8i", "9j", "10k", "11l"]);
    expected.sort();
    let sfen = "11k/12/12/12/6g5/6p5/6H5/12/12/12/12/K11 b - 1";
    assert_eq!(moves::<FalconEagle>(sfen), expected);
    let text = FalconEagle::TABLE.render();
    assert!(text.contains("lion double moves along (0,1)"), "{text}");
    // Only the forward line has lion power: an enemy beside or behind is taken by a slide.
    let beside = "11k/12/12/12/12/12/5pHp4/6p5/12/12/12/K11 b - 1";
    let beside = moves::<FalconEagle>(beside);
    assert!(beside
        .iter()
        .filter(|m| m.starts_with("6g"))
        .all(|m| m.len() <= 5));
    assert!(beside.contains(&"6g7g".to_string()) && beside.contains(&"6g6h".to_string()));
}

#[test]
fn eagle_has_lion_power_on_the_forward_diagonals() {
    // Black eagle 6g, White pawns 5f and 7f, White silver 4e; kings 12l and 1a. The forward
    // diagonals: steps onto 5f and 7f, jumps to 4e (taking the silver) and 8e; double moves
    // 6g5f4e, 6g5f6g, 6g7f8e, 6g7f6g. Slides: forward 6f–6a (six), back 6h–6l (five), right
    // 5g–1g (five), left 7g–12g (six), back diagonals 5h–1l and 7h–11l (five each).
    let mut expected = vec![
        "6g5f", "6g7f", "6g4e", "6g8e", "6g5f4e", "6g5f6g", "6g7f8e", "6g7f6g", "12l11l", "12l12k",
        "12l11k",
    ]
    .into_iter()
    .map(String::from)
    .collect::<Vec<_>>();
    let mut slide = |squares: &[&str]| expected.extend(squares.iter().map(|s| format!("6g{s}")));
    slide(&["6f", "6e", "6d", "6c", "6b", "6a"]);
    slide(&["6h", "6i", "6j", "6k", "6l"]);
    slide(&["5g", "4g", "3g", "2g", "1g"]);
    slide(&["7g", "8g", "9g", "10g", "11g", "12g"]);
    slide(&["5h", "4i", "3j", "2k", "1l"]);
    slide(&["7h", "8i", "9j", "10k", "11l"]);
    expected.sort();
    let sfen = "11k/12/12/12/8s3/5p1p4/6E5/12/12/12/12/K11 b - 1";
    assert_eq!(moves::<FalconEagle>(sfen), expected);
}

#[test]
fn falcon_and_eagle_double_moves_play_and_take_back() {
    let sfen = "11k/12/12/12/6g5/6p5/6H5/12/12/12/12/K11 b - 1";
    let mut pos = Position::<FalconEagle>::from_sfen(sfen).unwrap();
    let double = pos.parse_usi("6g6f6e").unwrap();
    pos.make(double);
    assert_eq!(
        pos.to_sfen(),
        "11k/12/12/12/6H5/12/12/12/12/12/12/K11 w GP 2"
    );
    pos.unmake();
    let igui = pos.parse_usi("6g6f6g").unwrap();
    pos.make(igui);
    assert_eq!(
        pos.to_sfen(),
        "11k/12/12/12/6g5/12/6H5/12/12/12/12/K11 w P 2"
    );
    pos.unmake();
    assert_eq!(pos.to_sfen(), sfen);
    // Not a double move: the first step is not onto an enemy, or not along the line.
    assert!(pos.parse_usi("6g7f8e").is_err());
    assert!(pos.parse_usi("6g5g4g").is_err());
}

variant! {
    /// 12 × 12 with chu shogi's promotion rule and four-rank zone; pawns and lances may stay
    /// unpromoted on the last rank (issue 21).
    pub struct EnterOrCapture;
    id = "Test-EnterOrCapture";
    board = 12x12;
    zone = 4;
    pieces = standard;
    piece pawn { dead_ranks = 0; }
    piece lance { dead_ranks = 0; }
    promotion = enter_or_capture;
    start = "lnsgkgsnlbrl/12/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/12/LRBLNSGKGSNL";
    setup {}
}

#[test]
fn chu_promotion_on_entering_capturing_or_the_last_rank() {
    // Zone: ranks a–d. Silver 4e enters on 5d, 4d, 3d (either way) and steps back to 5f, 3f.
    // Silver 8c inside the zone: only the capture on 8b may promote (9b, 7b, 9d, 7d may not).
    // Silver 6d: leaving without a capture (7e) or moving inside (7c, 6c, 5c) may not; taking
    // the pawn on 5e as it leaves may. Pawn 2b and lance 11d: the last rank (2a, 11a) either
    // way; 11c and 11b stay inside, not promoting. Kings 12l and 1a.
    let expected = sorted(&[
        "12l11l", "12l12k", "12l11k", "4e5d", "4e5d+", "4e4d", "4e4d+", "4e3d", "4e3d+", "4e5f",
        "4e3f", "8c9b", "8c8b", "8c8b+", "8c7b", "8c9d", "8c7d", "6d7c", "6d6c", "6d5c", "6d7e",
        "6d5e", "6d5e+", "2b2a", "2b2a+", "11d11c", "11d11b", "11d11a", "11d11a+",
    ]);
    let sfen = "11k/4p5P1/4S7/1L4S5/7pS3/12/12/12/12/12/12/K11 b - 1";
    assert_eq!(moves::<EnterOrCapture>(sfen), expected);
    let text = EnterOrCapture::TABLE.render();
    assert!(text.contains("promotion = enter_or_capture;"), "{text}");
}
