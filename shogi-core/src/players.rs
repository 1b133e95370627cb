//! Simple players for strength tests and self-play: a random mover, a one-ply greedy capturer
//! and the searching engine, plus a loop that plays a game between two of them.

use crate::error::MoveError;
use crate::eval::evaluate;
use crate::game::{Game, GameOutcome};
use crate::geometry::Color;
use crate::moves::Move;
use crate::rules::Rules;
use crate::search::{Limits, Searcher};

/// A small deterministic random number generator (splitmix64), so games can be replayed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

/// Something that picks moves.
pub trait Player<R: Rules> {
    /// A short name for reports.
    fn name(&self) -> String;
    /// A legal move in the game's position, or `None` when there is none (the game is over).
    fn choose(&mut self, game: &Game<R>) -> Option<Move>;
}

/// Plays a uniformly random legal move.
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl<R: Rules> Player<R> for RandomPlayer {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, game: &Game<R>) -> Option<Move> {
        let moves = game.clone().legal_moves();
        (!moves.is_empty()).then(|| moves[self.rng.below(moves.len())])
    }
}

/// Looks one ply ahead: takes a move that wins at once (board decided, or a check that leaves
/// no legal reply), else the one with the best material after it; ties are broken at random.
pub struct GreedyPlayer {
    rng: Rng,
}

impl GreedyPlayer {
    pub fn new(seed: u64) -> Self {
        GreedyPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl<R: Rules> Player<R> for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn choose(&mut self, game: &Game<R>) -> Option<Move> {
        let mut game = game.clone();
        let moves = game.legal_moves();
        let mut pos = game.position().clone();
        let us = pos.side_to_move();
        let mut best: Vec<Move> = Vec::new();
        let mut best_value = i32::MIN;
        for mv in moves {
            pos.make(mv);
            let them = pos.side_to_move();
            let value = if pos.winner_by_board() == Some(us)
                || (pos.in_check(them) && !pos.has_legal_move())
            {
                i32::MAX
            } else {
                -evaluate(&pos)
            };
            pos.unmake();
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(mv);
            }
        }
        (!best.is_empty()).then(|| best[self.rng.below(best.len())])
    }
}

/// The searching engine with fixed limits per move.
pub struct EnginePlayer<R: Rules> {
    pub searcher: Searcher<R>,
    pub limits: Limits,
}

impl<R: Rules> EnginePlayer<R> {
    pub fn new(searcher: Searcher<R>, limits: Limits) -> Self {
        EnginePlayer { searcher, limits }
    }
}

impl<R: Rules> Player<R> for EnginePlayer<R> {
    fn name(&self) -> String {
        format!("engine {:?}", self.limits)
    }

    fn choose(&mut self, game: &Game<R>) -> Option<Move> {
        if game.is_over() {
            return None;
        }
        self.searcher.search(game, &self.limits, &mut |_| {}).best
    }
}

/// A player broke the rules of [`Player::choose`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("{0} found no move in a live game")]
    NoMove(String),
    #[error("{player} chose a bad move: {error}")]
    BadMove { player: String, error: MoveError },
}

/// Plays until the game ends or `max_plies` more moves were played; returns the outcome
/// (`None` if the ply limit came first).
pub fn play_game<R: Rules>(
    game: &mut Game<R>,
    black: &mut dyn Player<R>,
    white: &mut dyn Player<R>,
    max_plies: usize,
) -> Result<Option<GameOutcome>, PlayError> {
    for _ in 0..max_plies {
        if game.is_over() {
            break;
        }
        let player: &mut dyn Player<R> = match game.position().side_to_move() {
            Color::Black => &mut *black,
            Color::White => &mut *white,
        };
        let mv = player
            .choose(game)
            .ok_or_else(|| PlayError::NoMove(player.name()))?;
        game.play(mv).map_err(|error| PlayError::BadMove {
            player: player.name(),
            error,
        })?;
    }
    Ok(game.outcome())
}
