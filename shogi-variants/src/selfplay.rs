//! `shogi-variants selfplay ID`: a match of the engine against itself or a baseline player.
//!
//! The first player is always the engine; it takes Black in odd-numbered games (1, 3, ...)
//! and White in even ones, so both colours are played equally. Each game is written as one
//! line: the USI position (`startpos moves ...` or `sfen <sfen> moves ...`), then
//! `result <1-0|0-1|1/2-1/2|*> <ending> black=<player> white=<player>`; `*` with ending
//! `max-plies` marks a game stopped at the ply cap (counted as a draw in the score).

use crate::board_text::{result_code, Ending};
use crate::registry::{self, UnknownVariant, VariantVisitor};
use shogi_core::players::{play_game, EnginePlayer, GreedyPlayer, PlayError, Player, RandomPlayer};
use shogi_core::search::{Limits, Searcher, DEFAULT_HASH_MB};
use shogi_core::usi::move_to_usi;
use shogi_core::{Color, Game, Position, Rules, SfenError};
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// The player the engine meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Opponent {
    /// The same engine, same time per move.
    Engine,
    /// A uniformly random legal mover.
    Random,
    /// A one-ply greedy capturer (takes mates in one, else the best material).
    Greedy,
}

impl Opponent {
    fn name(self) -> &'static str {
        match self {
            Opponent::Engine => "engine2",
            Opponent::Random => "random",
            Opponent::Greedy => "greedy",
        }
    }
}

/// Match settings.
#[derive(Clone, Debug)]
pub struct SelfplayOptions {
    pub id: String,
    pub games: usize,
    pub movetime: Duration,
    pub opponent: Opponent,
    /// Games are stopped after this many plies.
    pub max_plies: usize,
    /// Start every game from this position instead of the setup's start.
    pub sfen: Option<String>,
    /// Seed of the random and greedy players (game `i` uses `seed + i`).
    pub seed: u64,
    pub hash_mb: usize,
    /// Save each game as a record file (see [`record_path`]).
    pub kif: Option<std::path::PathBuf>,
}

impl Default for SelfplayOptions {
    fn default() -> Self {
        SelfplayOptions {
            id: "shogi".to_string(),
            games: 2,
            movetime: Duration::from_millis(100),
            opponent: Opponent::Engine,
            max_plies: 400,
            sfen: None,
            seed: 1,
            hash_mb: DEFAULT_HASH_MB,
            kif: None,
        }
    }
}

/// Why a match could not be played.
#[derive(Debug, thiserror::Error)]
pub enum SelfplayError {
    #[error(transparent)]
    Unknown(#[from] UnknownVariant),
    #[error("--sfen: {0}")]
    Sfen(#[from] SfenError),
    #[error("game {game}: {error}")]
    Play { game: usize, error: PlayError },
    #[error("output: {0}")]
    Io(#[from] io::Error),
    #[error("--kif {0}")]
    Record(#[from] crate::records::RecordError),
}

/// Where game `number` of `games` is saved: `path` itself for a single game, else `path`
/// with `-number` before its extension (`games.kif` → `games-3.kif`).
pub fn record_path(path: &std::path::Path, number: usize, games: usize) -> std::path::PathBuf {
    if games <= 1 {
        return path.to_path_buf();
    }
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("game");
    let name = match path.extension().and_then(|e| e.to_str()) {
        Some(ext) => format!("{stem}-{number}.{ext}"),
        None => format!("{stem}-{number}"),
    };
    path.with_file_name(name)
}

/// The match result from the engine's (first player's) point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: usize,
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    /// Games stopped at the ply cap (also counted in `draws`).
    pub capped: usize,
    /// Plies played in all games.
    pub plies: usize,
}

impl Summary {
    /// Points per game, a win 1 and a draw 1/2.
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games as f64
    }

    /// The rating difference the score suggests (logistic model); `None` at 0% or 100%.
    pub fn elo(&self) -> Option<f64> {
        let s = self.score();
        (s > 0.0 && s < 1.0).then(|| -400.0 * (1.0 / s - 1.0).log10())
    }
}

/// Plays the match: game records to `records`, a line per game to `progress`; returns the
/// summary (which the caller prints).
pub fn selfplay(
    opts: &SelfplayOptions,
    records: &mut dyn Write,
    progress: &mut dyn Write,
) -> Result<Summary, SelfplayError> {
    struct Run<'a> {
        opts: &'a SelfplayOptions,
        records: &'a mut dyn Write,
        progress: &'a mut dyn Write,
    }
    impl VariantVisitor for Run<'_> {
        type Output = Result<Summary, SelfplayError>;
        fn visit<R: Rules>(self, setup: usize) -> Self::Output {
            run_match::<R>(setup, self.opts, self.records, self.progress)
        }
    }
    registry::dispatch(
        &opts.id,
        Run {
            opts,
            records,
            progress,
        },
    )?
}

/// The start of the games, `sfen` or the setup's, and its `position` text for USI engines
/// and game lines (`startpos`, or `sfen` with the SFEN as we write it).
pub(crate) fn start_position<R: Rules>(
    setup: usize,
    sfen: Option<&str>,
) -> Result<(Position<R>, String), SfenError> {
    Ok(match sfen {
        Some(s) => {
            let pos = Position::<R>::from_sfen(s)?;
            let text = format!("sfen {}", pos.to_sfen());
            (pos, text)
        }
        None => (Position::<R>::startpos(setup), "startpos".to_string()),
    })
}

fn engine_player<R: Rules>(opts: &SelfplayOptions) -> EnginePlayer<R> {
    EnginePlayer::new(
        Searcher::new(opts.hash_mb).unwrap_or_default(),
        Limits {
            movetime: Some(opts.movetime),
            ..Limits::default()
        },
    )
}

fn run_match<R: Rules>(
    setup: usize,
    opts: &SelfplayOptions,
    records: &mut dyn Write,
    progress: &mut dyn Write,
) -> Result<Summary, SelfplayError> {
    let (start, position_text) = start_position::<R>(setup, opts.sfen.as_deref())?;
    let mut engine = engine_player::<R>(opts);
    let mut engine2 = engine_player::<R>(opts);
    let mut summary = Summary::default();
    for index in 0..opts.games {
        let number = index + 1;
        let seed = opts.seed.wrapping_add(index as u64);
        let mut random = RandomPlayer::new(seed);
        let mut greedy = GreedyPlayer::new(seed);
        engine.searcher.clear();
        engine2.searcher.clear();
        let other: &mut dyn Player<R> = match opts.opponent {
            Opponent::Engine => &mut engine2,
            Opponent::Random => &mut random,
            Opponent::Greedy => &mut greedy,
        };
        let engine_color = if index % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let names = match engine_color {
            Color::Black => ("engine", opts.opponent.name()),
            Color::White => (opts.opponent.name(), "engine"),
        };
        let mut game = Game::new(start.clone());
        let started = Instant::now();
        let outcome = match engine_color {
            Color::Black => play_game(&mut game, &mut engine, other, opts.max_plies),
            Color::White => play_game(&mut game, other, &mut engine, opts.max_plies),
        }
        .map_err(|error| SelfplayError::Play {
            game: number,
            error,
        })?;
        let (code, ending) = match outcome {
            Some(o) => (result_code(o), Ending::of(&game, o).code()),
            None => ("*", "max-plies"),
        };
        let winner = outcome.and_then(|o| o.winner);
        summary.games += 1;
        summary.plies += game.moves().len();
        match winner {
            Some(w) if w == engine_color => summary.wins += 1,
            Some(_) => summary.losses += 1,
            None => summary.draws += 1,
        }
        if outcome.is_none() {
            summary.capped += 1;
        }
        if let Some(path) = &opts.kif {
            let end = outcome.is_none().then_some(crate::records::EndKind::Abort);
            let record = crate::records::record_of_game(
                R::TABLE.setups[setup].id,
                &game,
                Some(names.0),
                Some(names.1),
                end,
            );
            crate::records::write_path(&record_path(path, number, opts.games), &record)?;
        }
        let moves: Vec<String> = game.moves().iter().map(|&m| move_to_usi::<R>(m)).collect();
        let mut line = format!("{position_text} moves");
        for m in &moves {
            line.push(' ');
            line.push_str(m);
        }
        writeln!(
            records,
            "{line} result {code} {ending} black={} white={}",
            names.0, names.1
        )?;
        records.flush()?;
        writeln!(
            progress,
            "game {number}/{}: {} (black) vs {} (white): {code} {ending} after {} plies in {:.1} s; engine +{} -{} ={}",
            opts.games,
            names.0,
            names.1,
            moves.len(),
            started.elapsed().as_secs_f64(),
            summary.wins,
            summary.losses,
            summary.draws
        )?;
        progress.flush()?;
    }
    Ok(summary)
}

/// The closing lines of a match.
pub fn summary_text(opts: &SelfplayOptions, s: &Summary) -> String {
    let elo = match s.elo() {
        Some(e) if e.abs() < 0.5 => "0".to_string(),
        Some(e) => format!("{e:+.0}"),
        None if s.games > 0 && s.score() >= 1.0 => "+inf".to_string(),
        None if s.games > 0 => "-inf".to_string(),
        None => "n/a".to_string(),
    };
    let avg = if s.games > 0 {
        s.plies as f64 / s.games as f64
    } else {
        0.0
    };
    format!(
        "engine vs {} in {} at {} ms a move: {} games, {} wins, {} losses, {} draws \
         ({} stopped at {} plies); score {:.1}%, Elo difference {elo}; {avg:.0} plies a game",
        opts.opponent.name(),
        opts.id,
        opts.movetime.as_millis(),
        s.games,
        s.wins,
        s.losses,
        s.draws,
        s.capped,
        opts.max_plies,
        s.score() * 100.0,
    )
}
