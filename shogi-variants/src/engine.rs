//! The edge between dynamic variant choice and the monomorphized engine: one trait object per
//! chosen variant, so the CLI and USI dispatch once (DESIGN.md principle 1).

use shogi_core::{Position, PositionError, RuleTable, Rules};

/// What the CLI and USI server need from a variant, object-safe.
pub trait Engine: Send {
    /// The variant id this engine was created for.
    fn id(&self) -> &'static str;
    /// The rule table.
    fn table(&self) -> &'static RuleTable;
    /// The start position of the chosen setup, as SFEN.
    fn start_sfen(&self) -> &'static str;
    /// Sets the position: `sfen` or the setup's start, then USI moves.
    fn set_position(&mut self, sfen: Option<&str>, moves: &[String]) -> Result<(), PositionError>;
    /// The current position as SFEN.
    fn sfen(&self) -> String;
    /// Legal moves in USI notation, sorted.
    fn legal_moves(&mut self) -> Vec<String>;
    /// Perft with bulk counting.
    fn perft(&mut self, depth: u32) -> u64;
    /// Perft making every leaf move.
    fn perft_full(&mut self, depth: u32) -> u64;
    /// Per-root-move counts, sorted by move.
    fn divide(&mut self, depth: u32) -> Vec<(String, u64)>;
    /// [`Engine::divide`] (with bulk counting or not) split over `threads` threads;
    /// `on_root` is called as each root move is counted (see `perft_split`).
    fn divide_threads(
        &mut self,
        depth: u32,
        bulk: bool,
        threads: usize,
        on_root: &(dyn Fn(&str, u64) + Sync),
    ) -> Result<Vec<(String, u64)>, String>;
    /// Perft (bulk or not) split at the root over `threads` threads.
    fn perft_threads(
        &mut self,
        depth: u32,
        bulk: bool,
        threads: usize,
        on_root: &(dyn Fn(&str, u64) + Sync),
    ) -> Result<u64, String>;
    /// The game's result at the current position (`ongoing` or who won and why), judged with
    /// the moves given to `set_position` as history (for repetition).
    fn result(&self) -> String;
}

/// Describes a game outcome in words.
pub fn outcome_text(outcome: Option<shogi_core::game::GameOutcome>) -> String {
    use shogi_core::game::EndReason;
    let Some(o) = outcome else {
        return "ongoing".to_string();
    };
    let who = match o.winner {
        Some(shogi_core::Color::Black) => "black wins",
        Some(shogi_core::Color::White) => "white wins",
        None => "draw",
    };
    let why = match o.reason {
        EndReason::NoLegalMove => "the side to move has no legal move",
        EndReason::BoardDecided => "decided on the board (king lost or flipped, or a nifu win)",
        EndReason::Sennichite => "sennichite: fourth repetition",
        EndReason::PerpetualCheck => "perpetual check: the checking side loses",
        EndReason::PerpetualAttack => {
            "perpetual attack: the side that checked or attacked with every move loses"
        }
        EndReason::BareKing => "bare king: the side with only its king left loses",
        EndReason::BareKings => "king against king: draw",
    };
    format!("{who} ({why})")
}

/// The engine of rule set `R`, in setup `setup`.
pub struct VariantEngine<R: Rules> {
    setup: usize,
    pos: Position<R>,
    /// How the position was set: start SFEN (`None` = the setup's) and the moves played.
    sfen: Option<String>,
    moves: Vec<String>,
}

impl<R: Rules> VariantEngine<R> {
    pub fn new(setup: usize) -> Self {
        VariantEngine {
            setup,
            pos: Position::startpos(setup),
            sfen: None,
            moves: Vec::new(),
        }
    }
    /// The current position.
    pub fn position(&mut self) -> &mut Position<R> {
        &mut self.pos
    }
}

/// Reads `sfen` (or the start) and plays `moves`, each checked for legality.
pub fn build_position<R: Rules>(
    start: &str,
    sfen: Option<&str>,
    moves: &[String],
) -> Result<Position<R>, PositionError> {
    let mut pos = Position::<R>::from_sfen(sfen.unwrap_or(start))?;
    for (index, text) in moves.iter().enumerate() {
        let mv = pos.parse_usi(text).map_err(|error| PositionError::Move {
            index: index + 1,
            error,
        })?;
        pos.make(mv);
        pos.clear_history();
    }
    Ok(pos)
}

impl<R: Rules> Engine for VariantEngine<R> {
    fn id(&self) -> &'static str {
        R::TABLE.setups[self.setup].id
    }
    fn table(&self) -> &'static RuleTable {
        R::TABLE
    }
    fn start_sfen(&self) -> &'static str {
        R::TABLE.setups[self.setup].sfen
    }
    fn set_position(&mut self, sfen: Option<&str>, moves: &[String]) -> Result<(), PositionError> {
        self.pos = build_position::<R>(self.start_sfen(), sfen, moves)?;
        self.sfen = sfen.map(str::to_string);
        self.moves = moves.to_vec();
        Ok(())
    }
    fn sfen(&self) -> String {
        self.pos.to_sfen()
    }
    fn legal_moves(&mut self) -> Vec<String> {
        let moves = self.pos.legal_move_list();
        let mut v: Vec<String> = moves.into_iter().map(|m| self.pos.move_to_usi(m)).collect();
        v.sort();
        v
    }
    fn perft(&mut self, depth: u32) -> u64 {
        self.pos.perft(depth)
    }
    fn perft_full(&mut self, depth: u32) -> u64 {
        self.pos.perft_full(depth)
    }
    fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        self.pos.divide(depth)
    }
    fn divide_threads(
        &mut self,
        depth: u32,
        bulk: bool,
        threads: usize,
        on_root: &(dyn Fn(&str, u64) + Sync),
    ) -> Result<Vec<(String, u64)>, String> {
        crate::perft_split::divide(&self.pos, depth, bulk, threads, on_root)
            .map_err(|e| e.to_string())
    }
    fn perft_threads(
        &mut self,
        depth: u32,
        bulk: bool,
        threads: usize,
        on_root: &(dyn Fn(&str, u64) + Sync),
    ) -> Result<u64, String> {
        crate::perft_split::perft(&self.pos, depth, bulk, threads, on_root)
            .map_err(|e| e.to_string())
    }
    fn result(&self) -> String {
        let start = self.sfen.as_deref().unwrap_or(self.start_sfen());
        let game = Position::<R>::from_sfen(start)
            .map_err(shogi_core::PositionError::from)
            .and_then(|p| shogi_core::game::Game::with_moves(p, &self.moves));
        match game {
            Ok(g) => outcome_text(g.outcome()),
            // The moves were accepted by `set_position`; a failure here can only be a move
            // after the end of the game by repetition.
            Err(e) => format!("the game ended before the moves given: {e}"),
        }
    }
}
