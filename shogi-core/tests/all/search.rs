//! Search on hand-built positions; expected moves and scores are reasoned out in comments and
//! mate claims are cross-checked by the exhaustive solver in `common`.

use crate::common::{winning_first_moves, Std};
use shogi_core::pieces::STANDARD_PIECES;
use shogi_core::players::{Player, RandomPlayer};
use shogi_core::search::{Limits, Score, Searcher, Terminal};
use shogi_core::table::{Hooks, KingLoss, RuleTable};
use shogi_core::{impl_rules, Game, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn searcher() -> Searcher<Std> {
    Searcher::new(4).unwrap()
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn best_usi(game: &Game<Std>, limits: &Limits) -> (String, Score) {
    let r = searcher().search(game, limits, &mut |_| {});
    let mv = r.best.expect("a move");
    (game.position().move_to_usi(mv), r.score)
}

#[test]
fn finds_mate_in_one() {
    // G*1b mates (see game.rs, checkmate_ends_the_game). Other gold drops next to the king
    // are taken (2b, 2a) or leave an escape; White's pawn on 9c rules out stalemate wins.
    let sfen = "8k/9/p7P/9/9/9/9/9/4K4 b G 1";
    let mut pos = Position::<Std>::from_sfen(sfen).unwrap();
    assert_eq!(winning_first_moves(&mut pos, 1), ["G*1b"]);
    let (mv, score) = best_usi(&Game::new(pos), &depth(3));
    assert_eq!((mv.as_str(), score), ("G*1b", Score::Mate(1)));
}

#[test]
fn finds_mate_in_three() {
    // White K 2a, Black P 1c, Black 2G in hand. No gold drop mates at once (2b is taken,
    // 1b/3b/1a/3a leave 3a or 1a free). G*2c (or G*3c) quietly covers 1b, 2b, 3b; then
    // K stays: G*2b (guarded by 2c) mates; K1a: G*1b mates; K3a: G*3b mates.
    let sfen = "7k1/9/p7P/9/9/9/9/9/4K4 b 2G 1";
    let mut pos = Position::<Std>::from_sfen(sfen).unwrap();
    assert!(winning_first_moves(&mut pos, 1).is_empty());
    assert_eq!(winning_first_moves(&mut pos, 3), ["G*2c", "G*3c"]);
    let (mv, score) = best_usi(&Game::new(pos), &depth(5));
    assert!(mv == "G*2c" || mv == "G*3c", "{mv}");
    assert_eq!(score, Score::Mate(3));
}

#[test]
fn the_mated_side_sees_its_loss() {
    // After G*2c White is mated in two more plies whatever it does.
    let pos = Position::<Std>::from_sfen("7k1/9/p7P/9/9/9/9/9/4K4 b 2G 1").unwrap();
    let g = Game::with_moves(pos, &["G*2c"]).unwrap();
    let r = searcher().search(&g, &depth(5), &mut |_| {});
    assert_eq!(r.score, Score::Mate(-2));
    assert!(r.best.is_some());
}

#[test]
fn takes_a_hanging_rook() {
    // The White rook on 2e is unguarded and attacks the Black gold on 2f: 2f2e wins it.
    let g = Game::<Std>::from_sfen("k8/9/9/9/7r1/7G1/9/9/4K4 b - 1").unwrap();
    for d in 1..=4 {
        let (mv, score) = best_usi(&g, &depth(d));
        assert_eq!(mv, "2f2e", "depth {d}");
        assert!(matches!(score, Score::Cp(v) if v > 1500), "{score:?}");
    }
}

/// Black has an extra gold (G 9i, K 5i; White K 5a). Both kings step aside and back
/// (5i4i 5a4a 4i5i 4a5a) `cycles` times, then 5i4i 5a4a 4i5i: White's 4a5a would bring the
/// start position back for the `cycles + 2`th time.
fn gold_down_kings_shuffling<R: shogi_core::Rules>(cycles: usize) -> Game<R> {
    let pos = Position::<R>::from_sfen("4k4/9/9/9/9/9/9/9/G3K4 b - 1").unwrap();
    let mut moves = ["5i4i", "5a4a", "4i5i", "4a5a"].repeat(cycles);
    moves.extend_from_slice(&["5i4i", "5a4a", "4i5i"]);
    Game::with_moves(pos, &moves).unwrap()
}

#[test]
fn claims_a_repetition_draw_when_behind() {
    // After two full cycles White's 4a5a brings the start position back a fourth time:
    // sennichite, a draw worth the contempt to White (-50: it would rather play on from a
    // level position), still better than any other move (about -600).
    let g = gold_down_kings_shuffling::<Std>(2);
    let (mv, score) = best_usi(&g, &depth(3));
    assert_eq!(
        (mv.as_str(), score),
        ("4a5a", Score::Cp(-shogi_core::search::CONTEMPT))
    );
}

#[test]
fn a_position_seen_once_or_twice_in_the_game_is_no_draw() {
    // With no full cycle, or one, 4a5a brings the start back a second or third time, which
    // ends nothing, and Black need not repeat; White stays a gold down. (In the search
    // itself a return to a position of the tree is priced as a draw: the side that steered
    // back can do so again; `search::tests` pins both.)
    for cycles in [0, 1] {
        let (_, score) = best_usi(&gold_down_kings_shuffling::<Std>(cycles), &depth(3));
        assert!(
            matches!(score, Score::Cp(v) if v < -300),
            "{cycles}: {score:?}"
        );
    }
}

#[test]
fn a_repetition_costs_more_where_captures_return_pieces() {
    // The same lines under Circe, where exchanges loop back to the same position: the draw
    // is worth RETURNING_CONTEMPT to White, still better than being a gold down.
    use crate::common::Circe;
    use shogi_core::search::{contempt, RETURNING_CONTEMPT};
    const { assert!(RETURNING_CONTEMPT > shogi_core::search::CONTEMPT) };
    assert_eq!(contempt::<Circe>(), RETURNING_CONTEMPT);
    assert_eq!(contempt::<Std>(), shogi_core::search::CONTEMPT);
    let g = gold_down_kings_shuffling::<Circe>(2);
    let r = Searcher::<Circe>::new(4)
        .unwrap()
        .search(&g, &depth(3), &mut |_| {});
    let mv = g.position().move_to_usi(r.best.unwrap());
    assert_eq!(
        (mv.as_str(), r.score),
        ("4a5a", Score::Cp(-RETURNING_CONTEMPT))
    );
}

#[test]
fn perpetual_check_repetition_wins_for_the_checked_side() {
    // Black R 2i, White K 1a. After 2i1i (check) 1a2a 1i2i (check) 2a1a twice and 2i1i 1a2a
    // 1i2i, White's 2a1a brings the start back a fourth time with every Black move since
    // its first occurrence a check: Black is the perpetual checker and loses. The search
    // scores it as a win in one ply for White (a plain draw would be 0, still better than
    // White's other moves at about -1000, so the score tells them apart).
    let pos = Position::<Std>::from_sfen("8k/9/9/9/9/9/9/9/4K2R1 b - 1").unwrap();
    let mut moves = ["2i1i", "1a2a", "1i2i", "2a1a"].repeat(2);
    moves.extend_from_slice(&["2i1i", "1a2a", "1i2i"]);
    let g = Game::with_moves(pos, &moves).unwrap();
    let (mv, score) = best_usi(&g, &depth(3));
    assert_eq!((mv.as_str(), score), ("2a1a", Score::Mate(1)));
}

#[test]
fn no_legal_move_means_resign() {
    // Stalemated White (see game.rs, stalemate_is_a_loss) and a checkmated White.
    for sfen in [
        "8k/6S2/8G/9/9/9/9/9/4K4 w - 1",
        "8k/8G/p7P/9/9/9/9/9/4K4 w - 1",
    ] {
        let g = Game::<Std>::from_sfen(sfen).unwrap();
        let r = searcher().search(&g, &depth(3), &mut |_| {});
        assert_eq!(r.best, None, "{sfen}");
        assert_eq!(r.terminal, Some(Terminal::Lost));
        assert_eq!(r.score, Score::Mate(0));
    }
}

#[test]
fn respects_the_node_limit() {
    let g = Game::<Std>::startpos(0);
    for n in [1, 50, 3000] {
        let limits = Limits {
            nodes: Some(n),
            ..Limits::default()
        };
        let mut s = searcher();
        let r = s.search(&g, &limits, &mut |_| {});
        assert!(r.nodes <= n, "{} > {n}", r.nodes);
        let mut pos = g.position().clone();
        assert!(pos.is_legal_move(r.best.unwrap()));
    }
}

#[test]
fn stops_on_the_flag() {
    let g = Game::<Std>::startpos(0);
    // Raised before the search: still a legal move, at once.
    let stop = Arc::new(AtomicBool::new(true));
    let limits = Limits {
        stop: Some(stop.clone()),
        ..Limits::default()
    };
    let r = searcher().search(&g, &limits, &mut |_| {});
    let mut pos = g.position().clone();
    assert!(pos.is_legal_move(r.best.unwrap()));
    assert!(r.nodes < 10);
    // Raised from another thread during an unlimited search.
    stop.store(false, Ordering::Relaxed);
    let raiser = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            stop.store(true, Ordering::Relaxed);
        })
    };
    let t = Instant::now();
    let mut infos = 0;
    let r = searcher().search(&g, &limits, &mut |_| infos += 1);
    raiser.join().unwrap();
    assert!(t.elapsed() < Duration::from_secs(10));
    assert!(pos.is_legal_move(r.best.unwrap()));
    assert!(infos >= 1);
}

#[test]
fn respects_movetime() {
    let g = Game::<Std>::startpos(0);
    let limits = Limits {
        movetime: Some(Duration::from_millis(150)),
        ..Limits::default()
    };
    let t = Instant::now();
    let r = searcher().search(&g, &limits, &mut |_| {});
    assert!(t.elapsed() < Duration::from_secs(3));
    assert!(r.best.is_some());
}

#[test]
fn info_is_reported_per_depth() {
    let g = Game::<Std>::startpos(0);
    let mut depths = Vec::new();
    let r = searcher().search(&g, &depth(3), &mut |i| {
        assert!(!i.pv.is_empty());
        depths.push(i.depth);
    });
    assert_eq!(depths, [1, 2, 3]);
    assert_eq!(r.depth, 3);
    // The PV is a legal line.
    let mut pos = g.position().clone();
    for &mv in &r.pv {
        assert!(pos.is_legal_move(mv));
        pos.make(mv);
    }
}

/// MultiPV: each depth reports its lines ranked 1.., each from a different root move, best
/// first; the best is the single-line answer.
#[test]
fn multipv_reports_ranked_lines_of_distinct_root_moves() {
    // G*1b is the only mate in one (see `finds_mate_in_one`): line 1 is it, lines 2 and 3
    // are other moves that do not mate at once.
    let pos = Position::<Std>::from_sfen("8k/9/p7P/9/9/9/9/9/4K4 b G 1").unwrap();
    let g = Game::new(pos);
    let limits = Limits {
        multipv: 3,
        ..depth(3)
    };
    let mut infos = Vec::new();
    let r = searcher().search(&g, &limits, &mut |i| infos.push(i.clone()));
    assert_eq!(infos.len(), 9, "three lines at each of three depths");
    for (d, lines) in infos.chunks(3).enumerate() {
        let ranks: Vec<_> = lines.iter().map(|i| (i.depth, i.multipv)).collect();
        let want: Vec<_> = (1..=3).map(|k| (d as u32 + 1, Some(k))).collect();
        assert_eq!(ranks, want);
        let firsts: Vec<_> = lines.iter().map(|i| i.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        let values: Vec<_> = lines.iter().map(|i| i.score).collect();
        assert!(
            lines
                .windows(2)
                .all(|w| !score_below(&w[0].score, &w[1].score)),
            "{values:?}"
        );
    }
    let last = &infos[6..];
    assert_eq!(g.position().move_to_usi(last[0].pv[0]), "G*1b");
    assert_eq!(last[0].score, Score::Mate(1));
    assert!(last[1..].iter().all(|i| i.score != Score::Mate(1)));
    assert_eq!(r.best, Some(last[0].pv[0]));

    // No more lines than legal moves: a lone king in the corner has three.
    let g = Game::<Std>::from_sfen("k8/9/9/9/9/9/9/9/8K b - 1").unwrap();
    let limits = Limits {
        multipv: 5,
        ..depth(2)
    };
    let mut lines = Vec::new();
    searcher().search(&g, &limits, &mut |i| {
        if i.depth == 2 {
            lines.push(g.position().move_to_usi(i.pv[0]))
        }
    });
    lines.sort();
    assert_eq!(lines, ["1i1h", "1i2h", "1i2i"]);

    // One line (the default) is reported without a rank.
    searcher().search(&g, &depth(2), &mut |i| assert_eq!(i.multipv, None));
}

/// Whether score `a` is worse than `b` for the side to move.
fn score_below(a: &Score, b: &Score) -> bool {
    let rank = |s: &Score| match *s {
        Score::Mate(n) if n > 0 => 1_000_000 - n,
        Score::Mate(n) => -1_000_000 - n,
        Score::Cp(v) => v,
    };
    rank(a) < rank(b)
}

#[test]
fn never_returns_an_illegal_move() {
    // Positions reached by random play from the start, searched briefly.
    let mut random = RandomPlayer::new(7);
    let mut s = searcher();
    for game_no in 0..4 {
        let mut g = Game::<Std>::startpos(0);
        for ply in 0..60 {
            if g.is_over() {
                break;
            }
            if ply % 6 == game_no % 6 {
                let limits = Limits {
                    depth: Some(3),
                    nodes: Some(20_000),
                    ..Limits::default()
                };
                let r = s.search(&g, &limits, &mut |_| {});
                let mv = r.best.expect("a live game has a move");
                let mut pos = g.position().clone();
                assert!(pos.is_legal_move(mv), "{}", pos.to_sfen());
            }
            let mv = random.choose(&g).unwrap();
            g.play(mv).unwrap();
        }
    }
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
fn king_capture_mode_takes_the_king_and_defends_its_own() {
    // White's king on 1a stands on the Black rook's file: 1i1a (or 1i1a+) takes it and wins.
    let g = Game::<Capture>::from_sfen("8k/9/9/9/9/9/9/9/4K3R b - 1").unwrap();
    let r = Searcher::<Capture>::new(2)
        .unwrap()
        .search(&g, &depth(2), &mut |_| {});
    let mv = g.position().move_to_usi(r.best.unwrap());
    assert!(mv == "1i1a" || mv == "1i1a+", "{mv}");
    assert_eq!(r.score, Score::Mate(1));
    // White to move with its king attacked by the rook: every pseudo-legal move is legal in
    // this mode, but only leaving file 1 (1a2a, 1a2b) avoids losing the king next ply.
    let g = Game::<Capture>::from_sfen("8k/9/9/9/9/9/9/9/4K3R w - 1").unwrap();
    let r = Searcher::<Capture>::new(2)
        .unwrap()
        .search(&g, &depth(3), &mut |_| {});
    let mv = g.position().move_to_usi(r.best.unwrap());
    assert!(mv == "1a2a" || mv == "1a2b", "{mv}");
    // A side whose king is gone has lost.
    let g = Game::<Capture>::from_sfen("9/9/9/9/9/9/9/9/4K3R w - 1").unwrap();
    let r = Searcher::<Capture>::new(2)
        .unwrap()
        .search(&g, &depth(3), &mut |_| {});
    assert_eq!((r.best, r.terminal), (None, Some(Terminal::Lost)));
}

#[test]
#[ignore]
fn speed_probe() {
    let g = Game::<Std>::startpos(0);
    let limits = Limits {
        movetime: Some(Duration::from_secs(10)),
        ..Limits::default()
    };
    let r = searcher().search(&g, &limits, &mut |i| {
        eprintln!(
            "depth {} seldepth {} score {} nodes {} nps {} pv {:?}",
            i.depth, i.seldepth, i.score, i.nodes, i.nps, i.pv
        )
    });
    eprintln!("best {:?}", r.best);
}
