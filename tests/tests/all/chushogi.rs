//! Chu shogi (`chushogi`, issue 21) against lishogi's rules library, shogiops 0.18.0 (npm; the
//! same numbers with its git HEAD 0.21.1), run outside the project with a script that lists
//! every from/mid/to/promotion string its `isLegal` accepts and counts each distinct move once
//! (a pass once per piece, a two-step move through an empty square as the move to its end).
//! Where the game is over no moves are counted, as shogiops does with its own end rule
//! (`outcome()`: no king or prince left, a bare king, king against king).

use shogi_core::Position;
use shogi_tests::{assert_perft, legal_usi as moves};
use shogi_variants::variants::ChuShogi;

fn perft(sfen: &str, expected: &[u64]) {
    assert_perft::<ChuShogi>(sfen, expected);
}

#[test]
fn start_perft_matches_the_published_counts_and_shogiops() {
    // 36 and 1296 are the published counts; 48315 and 1801639 are shogiops' (and depth 5,
    // 71548181, checked with the release binary: `shogi-variants perft chushogi 5`).
    let mut pos = Position::<ChuShogi>::startpos(0);
    assert_eq!(
        pos.to_sfen(),
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1"
    );
    for (depth, n) in [(1, 36), (2, 1296), (3, 48315), (4, 1801639)] {
        assert_eq!(pos.perft(depth), n, "depth {depth}");
    }
}

#[test]
fn start_moves_are_the_published_ones() {
    // shogiops' 36 root moves; the lion on 7j has five jumps.
    let start = Position::<ChuShogi>::startpos(0).to_sfen();
    let mut expected: Vec<String> = "4h4g 9h9g 1i1h 2i2h 3i3h 5i5h 6i6h 7i7h 8i8h 10i10h 11i11h \
        12i12h 2j2k 4j4k 5j4k 7j5h 7j6h 7j7h 7j8h 7j9k 8j9k 9j9k 11j11k 5k4k 7k9k 8k9k 2l2k \
        3l2k 3l4k 4l4k 5l4k 8l9k 9l9k 10l9k 10l11k 11l11k"
        .split_whitespace()
        .map(String::from)
        .collect();
    expected.sort();
    assert_eq!(moves::<ChuShogi>(&start), expected);
}

#[test]
fn promotion_rules() {
    // shogiops P8: entering, moving inside, capturing inside and leaving the zone; pawns on
    // the last rank.
    perft(
        "k7P3/5P6/7P1p2/1S7G2/2pP7L/12/12/12/12/12/12/11K b - 1",
        &[29, 141],
    );
}

#[test]
fn the_crown_prince_keeps_the_game_going_without_the_king() {
    // shogiops P9: White may take Black's king; Black still has a prince.
    perft(
        "11k/12/6r5/12/12/12/12/3e8/12/12/12/G5K3+E1 w - 1",
        &[39, 497, 18728],
    );
}

#[test]
fn kings_only_positions_and_mid_game_positions() {
    // shogiops P12 (Black's gold may take White's last piece and bare its king), and two
    // mid-game positions of shogiops' own fixtures (the second with a king en prise).
    perft(
        "12/12/12/12/6k5/4g7/4G7/6K5/12/12/12/12 b - 1",
        &[14, 182, 2326],
    );
    perft(
        "lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/5B2iPV1/2HP1ONPP3/MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142",
        &[113, 13869],
    );
    perft(
        "lt5s1v1l/a1v1q3s2a/f2gge2kcf+A/2bc+H+Pt2+Po1/mpS1P3bOV1/1VD9/5E6/4+iB1PP1M+L/1+p6R3/A1C1K2R3S/L2XGBG2F2/2F2TT1HD2 b - 369",
        &[171, 15271],
    );
}

/// Bare-king positions, with shogiops' counts under its end rule (`outcome()` ends the game)
/// and, where they differ, the counts without it; worked out with
/// /work/scratch/chu/perft.mjs `--all` (see the module docs).
#[test]
fn bare_king_positions_match_shogiops() {
    // White to move with its king alone against king and gold: bared, it has lost.
    perft("12/3k8/9G2/12/12/12/12/6K5/12/12/12/12 w - 1", &[0]);
    // ... unless the gold, Black's only counted piece besides the king, stands next to it
    // (royal: 8, 106, 816).
    perft(
        "12/12/12/12/6k5/6G5/12/6K5/12/12/12/12 w - 1",
        &[8, 56, 336],
    );
    // ... but with a third counted piece (a silver) taking the gold does not help.
    perft("12/10S1/12/12/6k5/6G5/12/6K5/12/12/12/12 w - 1", &[0]);
    // ... nor is it bared while it gives check (the kings touch; royal: 8, 84, 640).
    perft(
        "12/12/12/12/6k5/6K5/12/12/12/11G/12/12 w - 1",
        &[8, 48, 224],
    );
    // Pawns do not count for the side that bares: king and two pawns against a king.
    perft(
        "12/3k8/12/12/12/8PP2/12/6K5/12/12/12/12 w - 1",
        &[8, 80, 550],
    );
    // A dead pawn (on its last rank) does not save the bared side.
    perft("12/3k8/9G2/12/12/12/12/6K5/12/12/12/10p1 w - 1", &[0]);
    // King against king is a draw, also beside a dead lance.
    perft("12/3k8/12/12/12/12/12/6K5/12/12/12/12 b - 1", &[0]);
    perft("11L/3k8/12/12/12/12/12/6K5/12/12/12/12 b - 1", &[0]);
    // Baring and baring back in play: the rook takes the silver next to the king, which may
    // take the rook back (royal: 30, 352, 10862, 120541).
    perft(
        "12/3k8/3s8/12/12/12/12/6K5/12/12/12/3R8 b - 1",
        &[30, 352, 10637, 117320],
    );
    // The same with a gold and a white pawn: a live pawn keeps White's king from being bare.
    perft(
        "12/3k8/3s8/11p/12/12/12/6K2G2/12/12/12/3R8 b - 1",
        &[36, 460, 16702],
    );
    // A gold for a gold next to the king (royal: 12, 175, 2236).
    perft(
        "12/12/12/12/6k3P1/6g5/6G5/5K6/12/12/12/12 w - 1",
        &[12, 175, 2188],
    );
}

#[test]
fn a_bare_king_loses_and_king_against_king_draws() {
    use shogi_core::{Color, EndReason, Game};
    let game = Game::<ChuShogi>::from_sfen("12/3k8/9G2/12/12/12/12/6K5/12/12/12/12 w - 1").unwrap();
    let o = game.outcome().expect("bared");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::BareKing)
    );
    // The other side's bare king is judged too: Black to move has bared White.
    let game = Game::<ChuShogi>::from_sfen("12/3k8/9G2/12/12/12/12/6K5/12/12/12/12 b - 1").unwrap();
    let o = game.outcome().expect("bared");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::BareKing)
    );
    let game = Game::<ChuShogi>::from_sfen("12/3k8/12/12/12/12/12/6K5/12/12/12/12 b - 1").unwrap();
    let o = game.outcome().expect("drawn");
    assert_eq!((o.winner, o.reason), (None, EndReason::BareKings));
    // Taking the last piece bares the king at once; taking back next to the king draws.
    let mut game =
        Game::<ChuShogi>::from_sfen("12/3k8/3s8/12/12/12/12/6K5/12/12/12/3R8 b - 1").unwrap();
    game.play_usi("9l9c").unwrap();
    assert!(!game.is_over(), "the rook stands next to the bare king");
    game.play_usi("9b9c").unwrap();
    let o = game.outcome().expect("king against king");
    assert_eq!((o.winner, o.reason), (None, EndReason::BareKings));
}

/// A cycle of four moves from `sfen`, played three times: the fourth occurrence ends it.
fn repeat(sfen: &str, cycle: [&str; 4]) -> shogi_core::GameOutcome {
    let mut game = shogi_core::Game::<ChuShogi>::from_sfen(sfen).unwrap();
    for _ in 0..3 {
        for mv in cycle {
            assert!(!game.is_over());
            game.play_usi(mv).unwrap();
        }
    }
    assert_eq!(game.repetition_count(), 4);
    game.outcome().expect("fourth occurrence")
}

#[test]
fn repetition_the_side_attacking_with_every_move_loses() {
    use shogi_core::{Color, EndReason};
    let sfen = "k11/12/7g4/11R/12/12/12/12/12/12/12/K11 b - 1";
    // Every rook move attacks the gold (on 5c from 1c, on 5d from 1d); the gold only runs.
    let o = repeat(sfen, ["1d1c", "5c5d", "1c1d", "5d5c"]);
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::PerpetualAttack)
    );
    // The rook shuffling on the second rank attacks nothing: a draw.
    let o = repeat(sfen, ["1d2d", "5c6c", "2d1d", "6c5c"]);
    assert_eq!((o.winner, o.reason), (None, EndReason::Sennichite));
}

#[test]
fn the_search_knows_the_bare_king_and_the_drawn_board() {
    use shogi_core::search::{Limits, Score, Searcher, Terminal};
    use shogi_core::Game;
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let search = |sfen: &str| {
        let game = Game::<ChuShogi>::from_sfen(sfen).unwrap();
        let r = Searcher::<ChuShogi>::new(2)
            .unwrap()
            .search(&game, &limits, &mut |_| {});
        (
            r.best.map(|m| game.position().move_to_usi(m)),
            r.score,
            r.terminal,
        )
    };
    // The gold takes White's last piece (back onto 3d, promoting or not: a capture in the
    // zone) and bares its king: a win at once.
    let (best, score, terminal) = search("12/3k8/9G2/9s2/12/12/12/6K5/12/12/12/R11 b - 1");
    assert!(
        matches!(best.as_deref(), Some("3c3d" | "3c3d+")),
        "{best:?}"
    );
    assert_eq!((score, terminal), (Score::Mate(1), None));
    // King against king: the board has drawn the game, nothing to search.
    assert_eq!(
        search("12/3k8/12/12/12/12/12/6K5/12/12/12/12 b - 1"),
        (None, Score::Cp(0), Some(Terminal::Drawn))
    );
    // Black to move has already bared White's king.
    assert_eq!(
        search("12/3k8/9G2/12/12/12/12/6K5/12/12/12/12 b - 1"),
        (None, Score::Mate(0), Some(Terminal::Won))
    );
}
