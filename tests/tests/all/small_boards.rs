//! The board as data of the rule set (issue 16): two test rule sets on other boards, a 5×5 one
//! (minishogi's pieces, start and rules, so its published perft counts apply) and a 7-file ×
//! 9-rank one. Expected moves are worked out by hand from the positions.

use shogi_core::geometry::Geometry;
use shogi_core::{MoveError, Position, Rules, SfenError};
use shogi_macros::variant;
use shogi_variants::board_text::board_text;

variant! {
    /// 5×5 test board: standard pieces without knights and lances, promotion zone the last
    /// rank, minishogi's start.
    pub struct FiveByFive;
    id = "Test-FiveByFive";
    board = 5x5;
    zone = 1;
    pieces = standard without [knight, lance, promoted_knight, promoted_lance];
    start = "rbsgk/4p/5/P4/KGSBR";
    setup {}
}

variant! {
    /// 7 files × 9 ranks test board: standard pieces, three-rank zone, no silvers in the start.
    pub struct SevenByNine;
    id = "Test-SevenByNine";
    board = 7x9;
    pieces = standard;
    start = "lngkgnl/1r3b1/ppppppp/7/7/7/PPPPPPP/1B3R1/LNGKGNL";
    setup {}
}

variant! {
    /// 5 files × 12 ranks test board: the tallest board of the one-word storage, so that its
    /// last file's top squares take the word's highest used bits.
    pub struct FiveByTwelve;
    id = "Test-FiveByTwelve";
    board = 5x12;
    pieces = standard;
    start = "rbsgk/ln2p/5/5/5/5/5/5/5/5/P1PNL/KGSBR";
    setup {}
}

/// [`FiveByTwelve`]'s rules on the two-word storage, to compare the words.
#[derive(Clone, Copy, Debug, Default)]
struct FiveByTwelveWide;
shogi_core::impl_rules!(FiveByTwelveWide, *<FiveByTwelve as Rules>::TABLE, u128);

use shogi_tests::{legal_usi as moves, sorted, stores_in};

/// Boards of up to five files take a `u64` (one machine word), wider ones a `u128`; the words
/// must not change what is legal: perft from the start and from a walk into the middlegame
/// agree on both.
#[test]
fn five_files_take_one_word_and_count_the_same() {
    assert!(stores_in::<FiveByFive, u64>());
    assert!(stores_in::<FiveByTwelve, u64>());
    assert!(stores_in::<SevenByNine, u128>());
    let mut word = Position::<FiveByTwelve>::startpos(0);
    let mut wide = Position::<FiveByTwelveWide>::startpos(0);
    for ply in 0..40u64 {
        assert_eq!(word.to_sfen(), wide.to_sfen());
        assert_eq!(word.perft(2), wide.perft(2), "after {ply} plies");
        let list = word.legal_move_list();
        assert_eq!(
            list.len(),
            wide.legal_move_list().len(),
            "after {ply} plies"
        );
        if list.is_empty() {
            break;
        }
        // A fixed spread of moves, captures and drops among them.
        let usi = word.move_to_usi(list[(ply as usize * 7 + 3) % list.len()]);
        let (a, b) = (word.parse_usi(&usi).unwrap(), wide.parse_usi(&usi).unwrap());
        word.make(a);
        wide.make(b);
    }
    assert_eq!(
        Position::<FiveByTwelve>::startpos(0).perft(4),
        Position::<FiveByTwelveWide>::startpos(0).perft(4)
    );
}

#[test]
fn the_rule_tables_carry_their_boards() {
    assert_eq!(FiveByFive::GEOMETRY, Geometry::new(5, 5).unwrap());
    assert_eq!(SevenByNine::GEOMETRY, Geometry::new(7, 9).unwrap());
    assert_eq!(
        FiveByFive::TABLE.setups[0].sfen,
        "rbsgk/4p/5/P4/KGSBR b - 1"
    );
    let text = FiveByFive::TABLE.render();
    assert!(
        text.contains("board: 5 files x 5 ranks (files 1-5, ranks a-e)"),
        "{text}"
    );
    assert!(
        text.contains("promotes to: dragon (zone 1 ranks)"),
        "{text}"
    );
}

/// Minishogi's published perft counts from the start (the table).
#[test]
fn five_by_five_perft_matches_minishogi() {
    let mut pos = Position::<FiveByFive>::startpos(0);
    for (depth, expected) in [(1, 14), (2, 181), (3, 2512), (4, 35401), (5, 533203)] {
        assert_eq!(pos.perft(depth), expected, "depth {depth}");
    }
}

#[test]
fn five_by_five_start_moves() {
    // Black: K 5e, G 4e, S 3e, B 2e, R 1e, P 5d. Pawn 5d5c. King 4d. Gold 4d 3d. Silver 4d 3d
    // 2d. Bishop 3d 4c 5b (stops on nothing: 5b is empty, then off the board) and 1d. Rook 1d
    // 1c; 1b holds White's pawn: 1e1b captures it (rank b, not the zone). 14 moves.
    let expected = sorted(&[
        "5d5c", "5e4d", "4e4d", "4e3d", "3e4d", "3e3d", "3e2d", "2e3d", "2e4c", "2e5b", "2e1d",
        "1e1d", "1e1c", "1e1b",
    ]);
    assert_eq!(moves::<FiveByFive>("rbsgk/4p/5/P4/KGSBR b - 1"), expected);
}

#[test]
fn five_by_five_promotes_on_the_last_rank_only() {
    // Black silver 3b, White king 5a, Black king 1e. Into rank a (4a 3a 2a): with and without
    // promotion; back to 4c and 2c: rank c is outside the one-rank zone. King: 2e 1d 2d.
    let expected = sorted(&[
        "3b4a", "3b4a+", "3b3a", "3b3a+", "3b2a", "3b2a+", "3b4c", "3b2c", "1e2e", "1e1d", "1e2d",
    ]);
    assert_eq!(moves::<FiveByFive>("k4/2S2/5/5/4K b - 1"), expected);
    // White's zone is rank e, the last rank of this board (not rank i).
    let expected = sorted(&[
        "3d4e", "3d4e+", "3d3e", "3d3e+", "3d2e", "3d2e+", "3d4c", "3d2c", "1a2a", "1a1b", "1a2b",
    ]);
    assert_eq!(moves::<FiveByFive>("4k/5/5/2s2/K4 w - 1"), expected);
}

#[test]
fn five_by_five_drops_near_the_edge() {
    // Black pawn in hand, a Black pawn on 3c, kings 5a (White) and 1e. Drops: not on rank a
    // (the pawn could never move), not on file 3 (nifu): files 5 4 2 1 on ranks b-e but 1e =
    // 15. Pawn 3c3b (rank b: no promotion). King 2e 1d 2d. A drop on 5b checks the king, which
    // takes it: not mate, so legal.
    let list = moves::<FiveByFive>("k4/5/2P2/5/4K b P 1");
    let drops: Vec<&String> = list.iter().filter(|m| m.starts_with("P*")).collect();
    let mut expected = Vec::new();
    for file in ['5', '4', '2', '1'] {
        for rank in ['b', 'c', 'd', 'e'] {
            if (file, rank) != ('1', 'e') {
                expected.push(format!("P*{file}{rank}"));
            }
        }
    }
    expected.sort();
    assert_eq!(drops, expected.iter().collect::<Vec<_>>());
    assert_eq!(list.len(), 15 + 1 + 3);
}

#[test]
fn five_by_five_rejects_other_sizes_and_squares() {
    let err = |s: &str| Position::<FiveByFive>::from_sfen(s).err();
    let five = Geometry::new(5, 5).unwrap();
    assert_eq!(
        err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
        Some(SfenError::RankCount {
            found: 9,
            board: five
        })
    );
    assert_eq!(
        err("k4/5/5/5/4K4 b - 1"),
        Some(SfenError::FileCount {
            rank: 'e',
            files: 9,
            board: five
        })
    );
    let text = err("k4/5/5/5/4K4 b - 1").unwrap().to_string();
    assert!(text.contains("rank e describes 9 files"), "{text}");
    assert!(text.contains("5x5 board has 5"), "{text}");
    // Squares off the board are not squares here.
    let mut pos = Position::<FiveByFive>::from_sfen("k4/5/2P2/5/4K b P 1").unwrap();
    for bad in ["6a5a", "1e1f", "P*6b", "P*1f", "1e0e"] {
        assert_eq!(
            pos.parse_usi(bad),
            Err(MoveError::Malformed(bad.into())),
            "{bad}"
        );
    }
    // A knight is not a piece of this rule set, in hand or on the board.
    assert_eq!(
        pos.parse_usi("N*3d"),
        Err(MoveError::UnknownDropPiece("N*3d".into()))
    );
    assert_eq!(
        err("k4/5/2N2/5/4K b - 1"),
        Some(SfenError::UnknownPiece("N".into()))
    );
    // The material of the start is the most there can be: three pawns are one too many.
    assert!(matches!(
        err("k4/5/2P2/5/4K b 2P 1"),
        Some(SfenError::TooManyPieces(_))
    ));
}

#[test]
fn five_by_five_board_text_has_five_files() {
    let pos = Position::<FiveByFive>::startpos(0);
    let text = board_text(&pos, &[]);
    let expected = "    5   4   3   2   1
  +--------------------+
  |  r   b   s   g   k | a
  |  .   .   .   .   p | b
  |  .   .   .   .   . | c
  |  P   .   .   .   . | d
  |  K   G   S   B   R | e
  +--------------------+
";
    assert_eq!(text, expected);
}

#[test]
fn seven_by_nine_start_moves() {
    // Pawns g-rank: 7 moves. Rook 2h: 1h 3h 4h 5h (6h is the bishop; 2g and 2i own pieces).
    // Bishop 6h: 7g 5g 7i 5i own pieces: none. Lances 7i7h and 1i1h. Knights 6i and 2i land
    // on own pawns: none. Golds 5i: 5h 4h (6h own, 4i king, 6i knight); 3i: 3h 4h. King 4i:
    // 3h 4h 5h. 20 moves.
    let expected = sorted(&[
        "7g7f", "6g6f", "5g5f", "4g4f", "3g3f", "2g2f", "1g1f", "2h1h", "2h3h", "2h4h", "2h5h",
        "7i7h", "1i1h", "5i5h", "5i4h", "3i3h", "3i4h", "4i3h", "4i4h", "4i5h",
    ]);
    let start = Position::<SevenByNine>::startpos(0).to_sfen();
    assert_eq!(moves::<SevenByNine>(&start), expected);
}

#[test]
fn seven_by_nine_knights_at_the_side_edges_must_promote() {
    // Black knights 7d and 1d (the two side files), kings 4a and 4i. Each has one jump on
    // the board (6b, 2b), on a dead rank for a knight: promotion is forced.
    let expected = sorted(&["7d6b+", "1d2b+", "4i3h", "4i4h", "4i5h", "4i3i", "4i5i"]);
    assert_eq!(
        moves::<SevenByNine>("3k3/7/7/N5N/7/7/7/7/3K3 b - 1"),
        expected
    );
}

#[test]
fn seven_by_nine_slides_stop_at_file_seven() {
    // Rook 7e: rank e to 1e (6 squares), file 7 up to 7a and down to 7i (8); 7a 7b 7c are the
    // zone, with the promotion as well: 17. King 4i: 5 moves.
    let list = moves::<SevenByNine>("3k3/7/7/7/R6/7/7/7/3K3 b - 1");
    let rook: Vec<&String> = list.iter().filter(|m| m.starts_with("7e")).collect();
    assert_eq!(rook.len(), 17, "{rook:?}");
    for m in ["7e1e", "7e7a+", "7e7a", "7e7c+", "7e7d", "7e7i", "7e6e"] {
        assert!(list.contains(&m.to_string()), "{m} in {list:?}");
    }
    assert!(!list.iter().any(|m| m.starts_with("7e8")));
    assert_eq!(list.len(), 22);
}

#[test]
fn seven_by_nine_drops_fill_the_board_but_rank_a() {
    // A lance in hand: every empty square of ranks b-i (7 × 8 = 56, less the king's 4i),
    // plus 5 king moves.
    let list = moves::<SevenByNine>("3k3/7/7/7/7/7/7/7/3K3 b L 1");
    assert_eq!(list.iter().filter(|m| m.starts_with("L*")).count(), 55);
    assert!(!list.iter().any(|m| m.starts_with("L*") && m.ends_with('a')));
    assert!(list.contains(&"L*7b".to_string()) && list.contains(&"L*1i".to_string()));
    assert_eq!(list.len(), 60);
    // SFEN round trip at this size.
    let sfen = "3k3/7/7/N5N/7/7/7/7/3K3 b L 1";
    assert_eq!(
        Position::<SevenByNine>::from_sfen(sfen).unwrap().to_sfen(),
        sfen
    );
}
