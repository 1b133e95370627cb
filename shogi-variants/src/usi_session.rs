//! The monomorphized half of the USI server: a variant's game and searcher behind an
//! object-safe trait, created once per variant change through [`registry::dispatch`].

use crate::registry::{self, UnknownVariant, VariantVisitor};
use crate::usi_go::{time_plan, Go};
use shogi_core::mate::{search_mate, Mate, MateLimits};
use shogi_core::search::{Info, Limits, Searcher, Terminal};
use shogi_core::usi::move_to_usi;
use shogi_core::{Game, Position, PositionError, Rules};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Longest mate `go mate` looks for, in plies.
const MATE_PLIES: u32 = 31;

/// Where the server's lines go; shared by the input loop and the search thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn new(w: impl Write + Send + 'static) -> Self {
        Output(Arc::new(Mutex::new(Box::new(w))))
    }

    /// Writes one line and flushes it. A closed output (the GUI went away) is ignored: the
    /// input loop ends when the GUI does.
    pub fn line(&self, text: &str) {
        let mut w = lock(&self.0);
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }
}

/// Locks a mutex even if a panicking thread poisoned it (the data stays usable here).
fn lock<T: ?Sized>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Flags shared with a running search.
#[derive(Clone, Default)]
pub struct Control {
    /// Raised by `stop`, `quit` or the ponder timer.
    pub stop: Arc<AtomicBool>,
    /// Raised by `ponderhit`.
    pub ponderhit: Arc<AtomicBool>,
}

/// A variant's game and engine, object-safe.
pub trait Session: Send {
    /// The variant id.
    fn id(&self) -> &'static str;
    /// Sets the position: the setup's start or `sfen`, then the USI `moves`. On error the
    /// previous position is kept.
    fn set_position(&mut self, sfen: Option<&str>, moves: &[&str]) -> Result<(), PositionError>;
    /// Resizes the transposition table (waits for a running search).
    fn set_hash(&mut self, mb: usize) -> Result<(), String>;
    /// Search threads (waits for a running search).
    fn set_threads(&mut self, n: usize);
    /// Best lines each search reports (`MultiPV`).
    fn set_multipv(&mut self, n: usize);
    /// Forgets what the searcher learnt (`usinewgame`).
    fn new_game(&mut self);
    /// The side to move.
    fn side_to_move(&self) -> shogi_core::Color;
    /// Starts a search of the current position in a new thread, which prints `info` lines
    /// and finally `bestmove`.
    fn go(&mut self, go: &Go, control: Control, out: Output) -> JoinHandle<()>;
    /// Perft divide from the current position: each root move (USI) with its leaf count at
    /// `depth`, sorted by move text.
    fn perft(&self, depth: u32) -> Vec<(String, u64)>;
    /// Starts a mate search (`go mate`) in a new thread, which prints `checkmate <moves>`,
    /// `checkmate nomate` or `checkmate timeout`.
    fn mate(&mut self, ms: Option<u64>, control: Control, out: Output) -> JoinHandle<()>;
}

/// Creates the session of a variant id.
pub fn create(id: &str, hash_mb: usize) -> Result<Box<dyn Session>, UnknownVariant> {
    struct Make(usize);
    impl VariantVisitor for Make {
        type Output = Box<dyn Session>;
        fn visit<R: Rules>(self, setup: usize) -> Box<dyn Session> {
            Box::new(VariantSession::<R>::new(setup, self.0))
        }
    }
    registry::dispatch(id, Make(hash_mb))
}

/// The session of rule set `R`, setup `setup`.
pub struct VariantSession<R: Rules> {
    setup: usize,
    game: Game<R>,
    searcher: Arc<Mutex<Searcher<R>>>,
    multipv: usize,
}

impl<R: Rules> VariantSession<R> {
    /// A session at the setup's start. If `hash_mb` cannot be allocated, the default size
    /// is used.
    pub fn new(setup: usize, hash_mb: usize) -> Self {
        let searcher = Searcher::new(hash_mb).unwrap_or_default();
        VariantSession {
            setup,
            game: Game::startpos(setup),
            searcher: Arc::new(Mutex::new(searcher)),
            multipv: 1,
        }
    }
}

impl<R: Rules> Session for VariantSession<R> {
    fn id(&self) -> &'static str {
        R::TABLE.setups[self.setup].id
    }

    fn set_position(&mut self, sfen: Option<&str>, moves: &[&str]) -> Result<(), PositionError> {
        let pos = match sfen {
            Some(s) => Position::<R>::from_sfen(s)?,
            None => Position::<R>::startpos(self.setup),
        };
        self.game = Game::with_moves(pos, moves)?;
        Ok(())
    }

    fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        lock(&self.searcher)
            .set_hash_mb(mb)
            .map_err(|e| format!("USI_Hash {mb}: {e}"))
    }

    fn set_threads(&mut self, n: usize) {
        lock(&self.searcher).set_threads(n);
    }

    fn set_multipv(&mut self, n: usize) {
        self.multipv = n;
    }

    fn new_game(&mut self) {
        lock(&self.searcher).clear();
    }

    fn side_to_move(&self) -> shogi_core::Color {
        self.game.position().side_to_move()
    }

    fn perft(&self, depth: u32) -> Vec<(String, u64)> {
        self.game.position().clone().divide(depth)
    }

    fn mate(&mut self, ms: Option<u64>, control: Control, out: Output) -> JoinHandle<()> {
        let mut pos = self.game.position().clone();
        std::thread::spawn(move || {
            let limits = MateLimits {
                max_plies: MATE_PLIES,
                deadline: ms.and_then(|ms| Instant::now().checked_add(Duration::from_millis(ms))),
                stop: Some(&control.stop),
            };
            let text = match search_mate(&mut pos, &limits) {
                Mate::Found(line) => {
                    let moves: Vec<String> = line.iter().map(|&m| move_to_usi::<R>(m)).collect();
                    format!("checkmate {}", moves.join(" "))
                }
                Mate::None => "checkmate nomate".to_string(),
                Mate::Timeout => "checkmate timeout".to_string(),
            };
            out.line(&text);
        })
    }

    fn go(&mut self, go: &Go, control: Control, out: Output) -> JoinHandle<()> {
        let game = self.game.clone();
        let searcher = self.searcher.clone();
        let plan = time_plan(go, game.position().side_to_move());
        let waits = go.infinite || go.ponder;
        let mut limits = Limits {
            depth: go.depth,
            nodes: go.nodes,
            movetime: go.movetime.map(Duration::from_millis),
            stop: Some(control.stop.clone()),
            multipv: self.multipv,
            ..Limits::default()
        };
        if !waits {
            if let Some(p) = plan {
                // A clock too far in the future for an `Instant` sets no deadline.
                limits.deadline = Instant::now().checked_add(p.hard);
                limits.soft_time = Some(p.soft);
            }
        }
        let ponder = go.ponder;
        std::thread::spawn(move || {
            let mut searcher = lock(&searcher);
            let result =
                searcher.search(&game, &limits, &mut |info| out.line(&info_line::<R>(info)));
            drop(searcher);
            // In infinite and ponder mode bestmove waits for `stop` (or `ponderhit`).
            while waits
                && !control.stop.load(Ordering::Relaxed)
                && !(ponder && control.ponderhit.load(Ordering::Relaxed))
            {
                std::thread::sleep(Duration::from_millis(2));
            }
            let text = match (result.best, result.terminal) {
                (Some(best), _) => match result.ponder {
                    Some(p) => format!(
                        "bestmove {} ponder {}",
                        move_to_usi::<R>(best),
                        move_to_usi::<R>(p)
                    ),
                    None => format!("bestmove {}", move_to_usi::<R>(best)),
                },
                (None, Some(Terminal::Won)) => "bestmove win".to_string(),
                (None, _) => "bestmove resign".to_string(),
            };
            out.line(&text);
        })
    }
}

/// `info depth .. seldepth .. [multipv ..] score .. nodes .. nps .. time .. hashfull .. pv ..`.
fn info_line<R: Rules>(info: &Info) -> String {
    let multipv = info
        .multipv
        .map_or(String::new(), |k| format!(" multipv {k}"));
    let mut s = format!(
        "info depth {} seldepth {}{multipv} score {} nodes {} nps {} time {} hashfull {}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nps,
        info.time.as_millis(),
        info.hashfull
    );
    if !info.pv.is_empty() {
        s.push_str(" pv");
        for &mv in &info.pv {
            s.push(' ');
            s.push_str(&move_to_usi::<R>(mv));
        }
    }
    s
}
