//! The simple players used for strength tests.

use crate::common::Std;
use shogi_core::players::{play_game, EnginePlayer, GreedyPlayer, Player, RandomPlayer};
use shogi_core::search::{Limits, Searcher};
use shogi_core::Game;

#[test]
fn greedy_takes_the_hanging_rook_and_the_mate() {
    let g = Game::<Std>::from_sfen("k8/9/9/9/7r1/7G1/9/9/4K4 b - 1").unwrap();
    let mut p = GreedyPlayer::new(1);
    let mv = p.choose(&g).unwrap();
    assert_eq!(g.position().move_to_usi(mv), "2f2e");
    // Mate in one beats any material (G*1b, see game.rs).
    let g = Game::<Std>::from_sfen("8k/9/p7P/9/9/9/9/9/4K4 b G 1").unwrap();
    let mv = p.choose(&g).unwrap();
    assert_eq!(g.position().move_to_usi(mv), "G*1b");
}

#[test]
fn random_player_is_legal_and_deterministic() {
    let g = Game::<Std>::startpos(0);
    let a = RandomPlayer::new(3).choose(&g).unwrap();
    let b = RandomPlayer::new(3).choose(&g).unwrap();
    assert_eq!(a, b);
    assert!(g.position().clone().is_legal_move(a));
    // No move once the game is over.
    let over = Game::<Std>::from_sfen("8k/6S2/8G/9/9/9/9/9/4K4 w - 1").unwrap();
    assert_eq!(RandomPlayer::new(3).choose(&over), None);
    assert_eq!(GreedyPlayer::new(3).choose(&over), None);
}

#[test]
fn games_between_players_run_to_the_end_or_the_limit() {
    let mut g = Game::<Std>::startpos(0);
    let mut greedy = GreedyPlayer::new(5);
    let mut random = RandomPlayer::new(6);
    let outcome = play_game(&mut g, &mut greedy, &mut random, 200).unwrap();
    assert!(outcome.is_some() || g.moves().len() == 200);

    let mut g = Game::<Std>::startpos(0);
    let mut engine = EnginePlayer::new(
        Searcher::new(2).unwrap(),
        Limits {
            nodes: Some(2_000),
            ..Limits::default()
        },
    );
    let mut random = RandomPlayer::new(8);
    let outcome = play_game(&mut g, &mut engine, &mut random, 40).unwrap();
    assert!(outcome.is_some() || g.moves().len() == 40);
}
