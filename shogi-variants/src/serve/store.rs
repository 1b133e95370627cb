//! The games the server holds: a bounded number, each dropped after it has been idle too long,
//! named by unguessable ids.

use super::game::WebGame;
use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// A game shared between requests; a request that finds it locked (the engine thinking) is
/// refused rather than made to wait.
pub type SharedGame = Arc<Mutex<Box<dyn WebGame>>>;

struct Entry {
    game: SharedGame,
    last_used: Instant,
}

/// The table is full of games that are still in use.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the server holds its maximum of {0} games; try again when one has expired")]
pub struct Full(pub usize);

/// The games, bounded by count, each expiring after `idle` without a request.
pub struct Store {
    games: Mutex<HashMap<String, Entry>>,
    max_games: usize,
    idle: Duration,
    ids: RandomState,
    counter: AtomicU64,
}

impl Store {
    pub fn new(max_games: usize, idle: Duration) -> Store {
        Store {
            games: Mutex::new(HashMap::new()),
            max_games,
            idle,
            ids: RandomState::new(),
            counter: AtomicU64::new(0),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Entry>> {
        // A panic while holding this lock cannot leave the map half-changed (every change is
        // one insert or remove), so a poisoned lock is still usable.
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds a game and returns its id; expired games make room first.
    pub fn insert(&self, game: Box<dyn WebGame>) -> Result<String, Full> {
        let mut games = self.lock();
        if games.len() >= self.max_games {
            Self::expire_in(&mut games, self.idle);
        }
        if games.len() >= self.max_games {
            return Err(Full(self.max_games));
        }
        let mut id = self.new_id();
        while games.contains_key(&id) {
            id = self.new_id();
        }
        games.insert(
            id.clone(),
            Entry {
                game: Arc::new(Mutex::new(game)),
                last_used: Instant::now(),
            },
        );
        Ok(id)
    }

    /// The game named `id`, marked as used now.
    pub fn get(&self, id: &str) -> Option<SharedGame> {
        let mut games = self.lock();
        let e = games.get_mut(id)?;
        e.last_used = Instant::now();
        Some(e.game.clone())
    }

    /// Forgets a game; whether it existed.
    pub fn remove(&self, id: &str) -> bool {
        self.lock().remove(id).is_some()
    }

    /// Drops the games idle for longer than the limit; returns how many.
    pub fn expire(&self) -> usize {
        Self::expire_in(&mut self.lock(), self.idle)
    }

    fn expire_in(games: &mut HashMap<String, Entry>, idle: Duration) -> usize {
        let before = games.len();
        // A game in use by a request (its Arc shared) is kept whatever its age.
        games.retain(|_, e| e.last_used.elapsed() <= idle || Arc::strong_count(&e.game) > 1);
        before - games.len()
    }

    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn idle(&self) -> Duration {
        self.idle
    }

    pub fn max_games(&self) -> usize {
        self.max_games
    }

    /// A fresh id: a counter through a randomly keyed hash, so ids are unique and not
    /// guessable from one another.
    fn new_id(&self) -> String {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let a = self.ids.hash_one((n, 0u8));
        let b = self.ids.hash_one((n, 1u8));
        format!("{a:016x}{b:016x}")
    }
}
