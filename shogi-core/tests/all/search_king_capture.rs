//! Search stays bounded where captured pieces come back (Circe, Anti-Circe, PWC, their
//! king-capture True forms): a depth-2 search of positions reached by play visits few nodes.
//! There a capture need not lose material, so capture sequences hardly end and an unbounded
//! quiescence took millions of nodes at depth 2 (seen from ply 7 of a True-Circe game); it now
//! stops after a few plies.

use crate::common::{Circe, Rng, TrueAntiCirce, TrueCirce, TruePwc, START};
use shogi_core::search::{Limits, Searcher};
use shogi_core::{Game, Position, Rules};

/// Node limit of each search: a regression fails the bound below instead of running on.
const NODE_CAP: u64 = 1_000_000;

/// The most nodes a depth-2 search took over the positions of a few seeded random games.
fn max_nodes_depth_2<R: Rules>(seed: u64) -> u64 {
    let mut rng = Rng(seed);
    let mut worst = 0;
    for _ in 0..3 {
        let mut pos = Position::<R>::from_sfen(START).unwrap();
        for _ in 0..40 {
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            let limits = Limits {
                depth: Some(2),
                nodes: Some(NODE_CAP),
                ..Limits::default()
            };
            let mut searcher = Searcher::<R>::new(1).unwrap();
            let r = searcher.search(&Game::new(pos.clone()), &limits, &mut |_| {});
            assert!(r.best.is_some(), "a move at {}", pos.to_sfen());
            worst = worst.max(r.nodes);
            pos.make(moves[rng.below(moves.len())]);
        }
    }
    worst
}

#[test]
fn shallow_search_stays_small_where_captured_pieces_return() {
    for (name, nodes) in [
        ("Circe", max_nodes_depth_2::<Circe>(6)),
        ("True-Circe", max_nodes_depth_2::<TrueCirce>(7)),
        ("True-AntiCirce", max_nodes_depth_2::<TrueAntiCirce>(8)),
        ("True-PWC", max_nodes_depth_2::<TruePwc>(9)),
    ] {
        println!("{name}: at most {nodes} nodes at depth 2");
        assert!(nodes < 200_000, "{name}: depth 2 took {nodes} nodes");
    }
}
