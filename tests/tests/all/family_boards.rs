//! The shogi family on other boards and the standard handicaps (issue 17): perft against
//! Fairy-Stockfish, and hand-derived tests of the promotion zones and handicap starts.
//!
//! Reference counts: Fairy-Stockfish commit c19b5f6c (largeboards=yes, nnue=no), driven over USI
//! with
//! `printf 'usi\nsetoption name USI_Variant value <id>\n<position>\ngo perft <depth>\nquit\n' | stockfish`
//! and read from its `Nodes searched: N` line; `<position>` is `position startpos [moves ...]`,
//! and for the handicaps (which Fairy-Stockfish has no variant for) `USI_Variant shogi` with
//! `position sfen <handicap board> w - 1 [moves ...]`. Every move sequence was checked applied
//! in full by the `Sfen:` line of its `d` output. Annan shogi is not in Fairy-Stockfish: its
//! counts 28 and 784 are the published ones (lishogi's shogiops; more in `annanshogi.rs`).

use shogi_core::{Color, Position, Rules};
use shogi_variants::variants::{AnnanShogi, Gorogoro, Handicap, Judkins, Minishogi};

/// The position after `moves` (USI) from setup `setup`'s start.
pub(crate) fn after<R: Rules>(setup: usize, moves: &[&str]) -> Position<R> {
    let mut pos = Position::<R>::startpos(setup);
    for m in moves {
        let mv = pos.parse_usi(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert!(pos.is_legal(mv), "{m} is legal");
        pos.make(mv);
    }
    pos
}

pub(crate) fn check<R: Rules>(setup: usize, moves: &[&str], counts: &[(u32, u64)]) {
    let mut pos = after::<R>(setup, moves);
    for &(depth, expected) in counts {
        assert_eq!(
            pos.perft(depth),
            expected,
            "{} setup {setup} after {moves:?}, depth {depth}",
            R::TABLE.name
        );
    }
}

use shogi_tests::{legal_usi as moves, sorted};

#[test]
fn minishogi_perft() {
    check::<Minishogi>(0, &[], &[(1, 14), (2, 181), (3, 2512), (4, 35401)]);
    check::<Minishogi>(0, &["5d5c", "1b1c", "5c5b", "5a5b"], &[(4, 30410)]);
    check::<Minishogi>(0, &["2e5b", "5a5b", "1e1b", "1a1b"], &[(4, 408661)]);
}

#[test]
fn judkins_perft() {
    check::<Judkins>(0, &[], &[(1, 20), (2, 336), (3, 6183), (4, 118345)]);
    check::<Judkins>(0, &["2f6b+", "6a6b", "6e6d"], &[(4, 339017)]);
    check::<Judkins>(0, &["3f4d", "1b1c", "4d3b+", "2a3b"], &[(4, 282636)]);
}

#[test]
fn gorogoro_perft() {
    check::<Gorogoro>(0, &[], &[(1, 16), (2, 250), (3, 4166), (4, 67517)]);
    check::<Gorogoro>(0, &["3d3c", "2c2d", "3c3b+", "3a3b"], &[(4, 406860)]);
    check::<Gorogoro>(0, &["4d4c", "4a4b", "4c4b+", "3a4b"], &[(4, 654690)]);
}

#[test]
#[ignore = "depth 5: a few seconds"]
fn small_boards_perft_depth_5() {
    check::<Minishogi>(0, &[], &[(5, 533203)]);
    check::<Judkins>(0, &[], &[(5, 2389896)]);
    check::<Gorogoro>(0, &[], &[(5, 1186299)]);
}

/// Fairy-Stockfish's counts from each handicap start (setups 1..=10), depths 1-4.
const HANDICAP_PERFT: [[u64; 4]; 10] = [
    [30, 900, 25530, 721433],
    [29, 870, 23790, 672187],
    [33, 990, 29910, 846566],
    [25, 750, 18570, 524461],
    [25, 750, 18570, 524465],
    [26, 780, 19740, 558731],
    [24, 720, 16800, 475521],
    [24, 720, 16740, 473823],
    [20, 600, 12000, 339669],
    [14, 420, 5880, 166449],
];

#[test]
fn handicap_perft_depth_3() {
    for (i, counts) in HANDICAP_PERFT.iter().enumerate() {
        check::<Handicap>(i, &[], &[(1, counts[0]), (2, counts[1]), (3, counts[2])]);
    }
    check::<Handicap>(9, &["5a4b", "7g7f"], &[(3, 7145)]);
    check::<Handicap>(
        3,
        &["3c3d", "7g7f", "2b8h+", "7i8h", "B*5e"],
        &[(3, 134001)],
    );
}

#[test]
#[ignore = "depth 4 over ten starts: several seconds"]
fn handicap_perft_depth_4() {
    for (i, counts) in HANDICAP_PERFT.iter().enumerate() {
        check::<Handicap>(i, &[], &[(4, counts[3])]);
    }
}

#[test]
fn annanshogi_perft_published() {
    check::<AnnanShogi>(0, &[], &[(1, 28), (2, 784)]);
}

#[test]
fn handicap_starts_remove_the_givers_pieces_and_white_moves_first() {
    let rest = "ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
    let expected = [
        ("Shogi-Handicap:1", "lnsgkgsn1/1r5b1"),
        ("Shogi-Handicap:2", "1nsgkgsnl/1r5b1"),
        ("Shogi-Handicap:3", "lnsgkgsnl/1r7"),
        ("Shogi-Handicap:4", "lnsgkgsnl/7b1"),
        ("Shogi-Handicap:5", "lnsgkgsn1/7b1"),
        ("Shogi-Handicap:6", "lnsgkgsnl/9"),
        ("Shogi-Handicap:7", "1nsgkgsn1/9"),
        ("Shogi-Handicap:8", "2sgkgs2/9"),
        ("Shogi-Handicap:9", "3gkg3/9"),
        ("Shogi-Handicap:10", "4k4/9"),
    ];
    assert_eq!(Handicap::TABLE.setups.len(), 10);
    for (i, (id, top)) in expected.iter().enumerate() {
        let setup = &Handicap::TABLE.setups[i];
        assert_eq!(setup.id, *id);
        assert_eq!(setup.sfen, format!("{top}/{rest}"), "{id}");
        let pos = Position::<Handicap>::startpos(i);
        assert_eq!(pos.side_to_move(), Color::White, "{id}");
    }
    // The ten-piece handicap: White's only piece behind the pawns is the king on 5a.
    let pos = Position::<Handicap>::startpos(9);
    assert_eq!(pos.pieces_of(Color::White).count(), 10);
}

#[test]
fn minishogi_zone_is_the_last_rank() {
    // Black silver 3c, kings 5a (White) and 1e. Silver: 4b 3b 2b (rank b: outside the one-rank
    // zone, no promotion), back to 4d 2d. King 1e: 2e 1d 2d (2d also the silver's).
    let expected = sorted(&[
        "3c4b", "3c3b", "3c2b", "3c4d", "3c2d", "1e2e", "1e1d", "1e2d",
    ]);
    assert_eq!(moves::<Minishogi>("k4/5/2S2/5/4K b - 1"), expected);
    // One rank further the silver reaches rank a: every move there may promote; moving
    // out of the zone (from 3b to 4c, 2c) may not, as it never was in the zone before.
    let list = moves::<Minishogi>("k4/2S2/5/5/4K b - 1");
    for m in ["3b4a+", "3b3a+", "3b2a+", "3b4a"] {
        assert!(list.contains(&m.to_string()), "{m} in {list:?}");
    }
    assert!(!list.contains(&"3b4c+".to_string()));
}

#[test]
fn judkins_and_gorogoro_zones_are_two_ranks() {
    // Judkins: Black silver 3d (rank d, outside), kings 6a and 1f. Into rank c (4c 3c 2c):
    // outside the two-rank zone of a six-rank board, no promotion.
    let list = moves::<Judkins>("k5/6/6/3S2/6/5K b - 1");
    let silver: Vec<&String> = list.iter().filter(|m| m.starts_with("3d")).collect();
    assert_eq!(silver.len(), 5, "{silver:?}");
    assert!(!list.iter().any(|m| m.ends_with('+')), "{list:?}");
    // From rank c into rank b (the zone): 4b 3b 2b with and without promotion, 4d 2d plain,
    // and back out of the zone from inside is also a promotion chance only when starting in
    // the zone: here 3c starts outside.
    let expected = sorted(&[
        "3c4b", "3c4b+", "3c3b", "3c3b+", "3c2b", "3c2b+", "3c4d", "3c2d", "1f2f", "1f1e", "1f2e",
    ]);
    assert_eq!(moves::<Judkins>("k5/6/3S2/6/6/5K b - 1"), expected);
    // A Black knight on 3d jumps to 4b and 2b: rank b is the last rank a knight can move
    // from? No: from rank b a knight could never move again, so the jump must promote.
    let list = moves::<Judkins>("k5/6/6/3N2/6/5K b - 1");
    let knight: Vec<&String> = list.iter().filter(|m| m.starts_with("3d")).collect();
    assert_eq!(knight, vec!["3d2b+", "3d4b+"]);
    // Gorogoro (5 files x 6 ranks): White silver 3d moves toward rank f; ranks e and f are its
    // zone. 4e 3e 2e with and without promotion; back to 4c 2c plain. White king 5a, Black 1f.
    let expected = sorted(&[
        "3d4e", "3d4e+", "3d3e", "3d3e+", "3d2e", "3d2e+", "3d4c", "3d2c", "5a4a", "5a5b", "5a4b",
    ]);
    assert_eq!(moves::<Gorogoro>("k4/5/5/2s2/5/4K w - 1"), expected);
}

#[test]
fn minishogi_prices_a_repetition_draw_at_the_contempt() {
    // As `claims_a_repetition_draw_when_behind` in shogi-core's search tests, on 5×5: Black
    // has an extra gold; after 1e2e 1a2a 2e1e 2a1a twice and 1e2e 1a2a 2e1e, White's 2a1a
    // brings the start position back a fourth time, a draw worth the contempt to White,
    // still its best move.
    use shogi_core::search::{contempt, Limits, Score, Searcher, CONTEMPT};
    use shogi_core::Game;
    assert_eq!(contempt::<Minishogi>(), CONTEMPT);
    let pos = Position::<Minishogi>::from_sfen("4k/5/5/5/G3K b - 1").unwrap();
    let mut moves = ["1e2e", "1a2a", "2e1e", "2a1a"].repeat(2);
    moves.extend_from_slice(&["1e2e", "1a2a", "2e1e"]);
    let g = Game::with_moves(pos, &moves).unwrap();
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let r = Searcher::<Minishogi>::new(4)
        .unwrap()
        .search(&g, &limits, &mut |_| {});
    let mv = g.position().move_to_usi(r.best.unwrap());
    assert_eq!((mv.as_str(), r.score), ("2a1a", Score::Cp(-CONTEMPT)));
}
