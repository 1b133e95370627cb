//! The command-line contract of ../shared/CLI.md.

use crate::play::{PlayError, PlayOptions};
use crate::registry;
use crate::selfplay::{Opponent, SelfplayError, SelfplayOptions};
use clap::{Args, Parser, Subcommand, ValueEnum};
use shogi_core::search::DEFAULT_HASH_MB;
use shogi_core::Color;
use std::time::Duration;
use std::time::Instant;

/// Largest perft depth the CLI accepts (deeper counts would run for days).
pub const MAX_DEPTH: u32 = 12;

#[derive(Parser, Debug)]
#[command(
    name = "shogi-variants",
    version,
    about = "Shogi variants: move generation, perft, play and USI"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// A position: a variant's start, or `--sfen`, then `--moves`.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// Variant id (see `list`).
    pub id: String,
    /// Start from this SFEN instead of the setup's start position.
    #[arg(long)]
    pub sfen: Option<String>,
    /// USI moves played from the start position.
    #[arg(long, num_args = 1.., allow_hyphen_values = false)]
    pub moves: Vec<String>,
    /// Start from a game record instead (KIF `.kif`/`.kifu` or CSA `.csa`): its start
    /// position and every move of it.
    #[arg(long, conflicts_with_all = ["sfen", "moves"])]
    pub record: Option<std::path::PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print every variant id, one per line.
    List,
    /// Print a variant's start position as SFEN.
    Startpos { id: String },
    /// Print a variant's rule table.
    Rules { id: String },
    /// Print the legal moves, sorted.
    Moves(PositionArgs),
    /// Print the game's result at the position: `ongoing`, or who won and why.
    Result(PositionArgs),
    /// Count legal move sequences to DEPTH.
    Perft {
        #[command(flatten)]
        pos: PositionArgs,
        depth: u32,
        /// Make every leaf move instead of counting the last ply from the move list.
        #[arg(long)]
        no_bulk: bool,
        /// Threads counting root moves in parallel (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Perft per root move.
    Divide {
        #[command(flatten)]
        pos: PositionArgs,
        depth: u32,
        /// Threads counting root moves in parallel (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Analyse a game: for every move the engine's score before and after, its best move
    /// and principal variation, and marks for inaccuracies (?!), mistakes (?) and blunders
    /// (??) by the score lost; a table on stdout, the record with comments to `--kif OUT`.
    Analyse {
        /// Variant id (see `list`).
        id: String,
        /// The game (KIF `.kif`/`.kifu` or CSA `.csa`).
        #[arg(long)]
        record: std::path::PathBuf,
        /// Search time per position, in milliseconds (default 500 unless --depth is given).
        #[arg(long, conflicts_with = "depth")]
        movetime: Option<u64>,
        /// Search depth per position instead of a time.
        #[arg(long)]
        depth: Option<u32>,
        /// Write the record with the analysis as comments (KIF; CSA for `.csa`).
        #[arg(long)]
        kif: Option<std::path::PathBuf>,
    },
    /// A USI engine on stdin/stdout; choose the variant with `setoption name USI_Variant value ID`.
    Usi,
    /// Play a game against the engine in the terminal (moves in USI notation; `help` lists
    /// the commands).
    Play {
        /// Variant id (see `list`).
        #[arg(default_value = "shogi")]
        id: String,
        /// The side the engine plays.
        #[arg(long, value_enum, default_value_t = Side::White)]
        engine_color: Side,
        /// The engine's time per move, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
        /// Start from this SFEN instead of the setup's start position.
        #[arg(long)]
        sfen: Option<String>,
        /// Save the game to this record file when leaving (KIF; CSA for `.csa`).
        #[arg(long)]
        kif: Option<std::path::PathBuf>,
    },
    /// Engine-vs-engine (or engine vs a baseline player) matches: a line per game on stderr,
    /// the games as USI move lists, then the score.
    Selfplay {
        /// Variant id (see `list`).
        id: String,
        /// Number of games (the engine alternates colours, Black first).
        #[arg(long, default_value_t = 10)]
        games: usize,
        /// Time per move, in milliseconds, for the engine (both engines with `--opponent engine`).
        #[arg(long, default_value_t = 100)]
        movetime: u64,
        /// Write the games to this file instead of stdout.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Who the engine plays against.
        #[arg(long, value_enum, default_value_t = Opponent::Engine)]
        opponent: Opponent,
        /// Stop a game after this many plies (scored as a draw).
        #[arg(long, default_value_t = 400)]
        max_plies: usize,
        /// Start every game from this SFEN.
        #[arg(long)]
        sfen: Option<String>,
        /// Seed of the random and greedy players.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Save each game as a record file (KIF; CSA for `.csa`); with several games, game N
        /// goes to FILE with `-N` before the extension.
        #[arg(long)]
        kif: Option<std::path::PathBuf>,
    },
    /// A web board for every variant: serves the page and its JSON API (loopback by default;
    /// prints the address).
    Serve {
        /// Port to listen on (0: any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Address to listen on; anything but loopback lets other machines reach the board.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Games held at once (a new game beyond them is refused until one expires).
        #[arg(long, default_value_t = crate::serve::limits::DEFAULT_MAX_GAMES)]
        max_games: usize,
        /// Minutes without a request after which a game is dropped.
        #[arg(long, default_value_t = crate::serve::limits::DEFAULT_IDLE_MINUTES)]
        idle_minutes: u64,
    },
    /// A match against a USI engine, refereed by our rules: our engine (or `--engine2`)
    /// against `--engine`, alternating colours; the games, then the score and an Elo estimate.
    Match {
        /// Variant id (see `list`).
        id: String,
        /// The opponent's command line (e.g. "/path/to/stockfish" or "/path/to/shogi-variants usi").
        #[arg(long)]
        engine: String,
        /// Play this USI engine as the first player instead of our engine in-process.
        #[arg(long)]
        engine2: Option<String>,
        /// Number of games (the first player alternates colours, Black first).
        #[arg(long, default_value_t = 2)]
        games: usize,
        /// Time per move for both players, in milliseconds.
        #[arg(long, default_value_t = 100)]
        movetime: u64,
        /// Write the games to this file instead of stdout.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Start every game from this SFEN.
        #[arg(long)]
        sfen: Option<String>,
        /// Openings, one a line: USI moves from the start (or `--sfen`), `startpos moves ...`
        /// or `sfen SFEN [moves ...]`; each is played twice, once with each colour.
        #[arg(long)]
        openings: Option<std::path::PathBuf>,
        /// Stop a game after this many plies (scored as a draw).
        #[arg(long, default_value_t = 400)]
        max_plies: usize,
        /// Hash size in MB (in-process engine; `USI_Hash` of USI engines that offer it).
        #[arg(long, default_value_t = DEFAULT_HASH_MB)]
        hash: usize,
        /// Search threads of our in-process engine.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// An option for the USI engines, `NAME=VALUE` (repeatable).
        #[arg(long = "option", value_parser = parse_option)]
        options: Vec<(String, String)>,
        /// The variant name sent to the USI engines (`USI_Variant`) when it is not the id,
        /// e.g. the section name of a rule set defined in Fairy-Stockfish's variants.ini.
        #[arg(long)]
        engine_variant: Option<String>,
        /// Save each game as a record file (KIF; CSA for `.csa`); with several games, game N
        /// goes to FILE with `-N` before the extension.
        #[arg(long)]
        kif: Option<std::path::PathBuf>,
        /// Stop early on a sequential probability ratio test, `ELO0,ELO1[,ALPHA,BETA]`
        /// (alpha = beta = 0.05 by default): once the game pairs show the first player's Elo
        /// difference is ELO1 or more, or ELO0 or less. `--games` is then the most played.
        /// A negative ELO0 needs no `=`: `--sprt -10,10`.
        #[arg(long, allow_hyphen_values = true)]
        sprt: Option<crate::sprt::Sprt>,
    },
    /// Texel-style tuning of the evaluation weights on game records (`selfplay`/`match`
    /// output) or on positions with a target (`sfen <SFEN> [moves ...] target <P>` or
    /// `startpos moves ... target <P>`, P the expected result for Black); prints the fitted
    /// weights.
    Tune {
        /// Variant id of the games.
        id: String,
        /// Record files, or files of `sfen <SFEN> [moves ...] target <P>` lines.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Rounds of coordinate descent.
        #[arg(long, default_value_t = 10)]
        rounds: usize,
        /// The logistic scale K in centipawns (default: fitted to the starting weights).
        /// Fixing it fits the positional weights to the material's scale: a K fitted to
        /// weights whose terms are too large keeps them so.
        #[arg(long, value_parser = parse_scale)]
        scale: Option<f64>,
    },
    /// Perft benchmark: nodes per second per variant, and the ratio to standard shogi.
    Bench {
        /// Only these variant ids (default: every id).
        ids: Vec<String>,
        /// Perft depth for the variants; each ratio is to standard shogi from its start at the
        /// same depth, measured in alternation with the variant, median of three rounds (the
        /// header rows: depth 5, matsuri 3).
        #[arg(long, default_value_t = 4)]
        depth: u32,
        /// Instead of perft: search nodes per second of standard shogi on a fixed position
        /// set (the start, a middle game, the matsuri position), to this depth each.
        #[arg(long, value_name = "DEPTH")]
        search: Option<u32>,
        /// Search threads for `--search`.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
}

/// `NAME=VALUE` of `--option`.
/// A logistic scale for `tune --scale`: a positive number of centipawns.
fn parse_scale(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(k) if k.is_finite() && k > 0.0 => Ok(k),
        _ => Err(format!("'{text}' is not a positive number of centipawns")),
    }
}

fn parse_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((n, v)) if !n.trim().is_empty() => Ok((n.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("expected NAME=VALUE, got '{text}'")),
    }
}

/// A side, as a command-line value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    Black,
    White,
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::Black => Color::Black,
            Side::White => Color::White,
        }
    }
}

/// A CLI failure: printed to stderr, exit status 1.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Unknown(#[from] registry::UnknownVariant),
    #[error("position: {0}")]
    Position(#[from] shogi_core::PositionError),
    #[error("depth {0} is too deep; the CLI accepts at most {MAX_DEPTH}")]
    Depth(u32),
    #[error(transparent)]
    Play(#[from] PlayError),
    #[error(transparent)]
    Selfplay(#[from] SelfplayError),
    #[error(transparent)]
    Serve(#[from] crate::serve::ServeError),
    #[error(transparent)]
    Match(#[from] crate::match_runner::MatchError),
    #[error(transparent)]
    TooManyMoves(#[from] crate::limits::TooManyMoves),
    #[error("record {0}")]
    Record(#[from] crate::records::RecordError),
    #[error("{0}")]
    Other(String),
}

fn engine_at(p: &PositionArgs) -> Result<Box<dyn crate::engine::Engine>, CliError> {
    let mut e = registry::create(&p.id)?;
    if let Some(path) = &p.record {
        let record = crate::records::read_path(path, &p.id)?;
        let moves = record.usi_moves();
        crate::limits::check_moves(moves.len())?;
        e.set_position(Some(&record.start), &moves)?;
        return Ok(e);
    }
    crate::limits::check_moves(p.moves.len())?;
    if p.sfen.is_some() || !p.moves.is_empty() {
        e.set_position(p.sfen.as_deref(), &p.moves)?;
    }
    Ok(e)
}

/// Most `--threads` accepted.
pub const MAX_THREADS: usize = 256;

fn check_threads(t: Option<usize>) -> Result<usize, CliError> {
    match t {
        None => Ok(crate::perft_split::default_threads()),
        Some(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        Some(n) => Err(CliError::Other(format!(
            "--threads {n}: expected 1 to {MAX_THREADS}"
        ))),
    }
}

/// A progress bar over the root moves of a perft (nodes counted in the message).
struct RootProgress {
    bar: crate::progress::Progress,
    nodes: std::sync::atomic::AtomicU64,
}

impl RootProgress {
    fn root_done(&self, mv: &str, n: u64) {
        use std::sync::atomic::Ordering;
        let total = self.nodes.fetch_add(n, Ordering::Relaxed) + n;
        self.bar.set_message(format!("{mv} {n}, {total} nodes"));
        self.bar.inc(1);
    }
}

fn root_progress(e: &mut dyn crate::engine::Engine, depth: u32, what: &str) -> RootProgress {
    let bar = if depth >= 2 {
        crate::progress::Progress::new(e.legal_moves().len() as u64, what, "root moves")
    } else {
        crate::progress::Progress::hidden()
    };
    RootProgress {
        bar,
        nodes: std::sync::atomic::AtomicU64::new(0),
    }
}

fn analyse(
    id: &str,
    path: &std::path::Path,
    movetime: Option<u64>,
    depth: Option<u32>,
    kif: Option<&std::path::Path>,
    out: &mut dyn std::io::Write,
) -> Result<(), CliError> {
    use crate::analyse::{analyse, annotated, write_table, AnalyseOptions};
    let record = crate::records::read_path(path, id)?;
    let depth = match depth {
        Some(d) if d == 0 || d > shogi_core::search::MAX_DEPTH => {
            return Err(CliError::Other(format!(
                "--depth {d}: expected 1 to {}",
                shogi_core::search::MAX_DEPTH
            )))
        }
        d => d,
    };
    let opts = AnalyseOptions {
        movetime: match (movetime, depth) {
            (Some(ms), _) => Some(Duration::from_millis(ms)),
            (None, Some(_)) => None,
            (None, None) => Some(Duration::from_millis(500)),
        },
        depth,
        hash_mb: DEFAULT_HASH_MB,
    };
    let bar = crate::progress::Progress::new(record.moves.len() as u64 + 1, "analyse", "positions");
    let rows = analyse(&record, &opts, &bar).map_err(CliError::Other)?;
    bar.finish();
    write_table(out, &record, &rows).map_err(|e| CliError::Other(e.to_string()))?;
    if let Some(path) = kif {
        crate::records::write_path(path, &annotated(&record, &rows))?;
    }
    Ok(())
}

fn check_depth(d: u32) -> Result<u32, CliError> {
    if d > MAX_DEPTH {
        Err(CliError::Depth(d))
    } else {
        Ok(d)
    }
}

/// Runs a parsed command, writing its output to `out`.
pub fn run(cli: Cli, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    let w = |out: &mut dyn std::io::Write, s: &str| {
        writeln!(out, "{s}").map_err(|e| CliError::Other(e.to_string()))
    };
    match cli.command {
        Command::List => {
            for id in registry::ids() {
                w(out, id)?;
            }
        }
        Command::Startpos { id } => {
            let (t, i) = registry::lookup(&id)?;
            w(out, t.setups[i].sfen)?;
        }
        Command::Rules { id } => {
            let (t, _) = registry::lookup(&id)?;
            write!(out, "{}", t.render()).map_err(|e| CliError::Other(e.to_string()))?;
        }
        Command::Moves(p) => {
            let mut e = engine_at(&p)?;
            let moves = e.legal_moves();
            for m in &moves {
                w(out, m)?;
            }
            if moves.is_empty() {
                // No moves: say why on stderr, keeping stdout a plain move list.
                eprintln!("no legal moves: {}", e.result());
            }
        }
        Command::Result(p) => {
            let e = engine_at(&p)?;
            w(out, &e.result())?;
        }
        Command::Perft {
            pos,
            depth,
            no_bulk,
            threads,
        } => {
            let depth = check_depth(depth)?;
            let mut e = engine_at(&pos)?;
            let threads = check_threads(threads)?;
            let bar = root_progress(e.as_mut(), depth, "perft");
            let n = e
                .perft_threads(depth, !no_bulk, threads, &|m, n| bar.root_done(m, n))
                .map_err(CliError::Other)?;
            drop(bar);
            w(out, &n.to_string())?;
        }
        Command::Divide {
            pos,
            depth,
            threads,
        } => {
            let depth = check_depth(depth)?;
            let mut e = engine_at(&pos)?;
            let threads = check_threads(threads)?;
            let bar = root_progress(e.as_mut(), depth, "divide");
            let rows = e
                .divide_threads(depth, true, threads, &|m, n| bar.root_done(m, n))
                .map_err(CliError::Other)?;
            drop(bar);
            let total: u64 = rows.iter().map(|(_, n)| n).sum();
            for (m, n) in rows {
                w(out, &format!("{m} {n}"))?;
            }
            w(out, &total.to_string())?;
        }
        Command::Usi => {
            crate::usi_server::run_stdio().map_err(|e| CliError::Other(e.to_string()))?
        }
        Command::Play {
            id,
            engine_color,
            movetime,
            sfen,
            kif,
        } => {
            let opts = PlayOptions {
                id,
                engine_color: engine_color.into(),
                movetime: Duration::from_millis(movetime),
                sfen,
                hash_mb: DEFAULT_HASH_MB,
                kif,
            };
            let stdin = std::io::stdin();
            crate::play::play(&opts, &mut stdin.lock(), out)?;
        }
        Command::Selfplay {
            id,
            games,
            movetime,
            out: file,
            opponent,
            max_plies,
            sfen,
            seed,
            kif,
        } => {
            let opts = SelfplayOptions {
                id,
                games,
                movetime: Duration::from_millis(movetime),
                opponent,
                max_plies,
                sfen,
                seed,
                hash_mb: DEFAULT_HASH_MB,
                kif,
            };
            // The per-game lines go to stderr as before; on a terminal, above a bar.
            let bar = crate::progress::Progress::new(opts.games as u64, "selfplay", "games");
            let mut progress = crate::progress::LineProgress::new(&bar);
            let summary = match &file {
                Some(path) => {
                    let f = std::fs::File::create(path)
                        .map_err(|e| CliError::Other(format!("--out {}: {e}", path.display())))?;
                    let mut records = std::io::BufWriter::new(f);
                    crate::selfplay::selfplay(&opts, &mut records, &mut progress)?
                }
                None => crate::selfplay::selfplay(&opts, out, &mut progress)?,
            };
            bar.finish();
            w(out, &crate::selfplay::summary_text(&opts, &summary))?;
        }
        Command::Serve {
            port,
            host,
            max_games,
            idle_minutes,
        } => {
            let opts = crate::serve::ServeOptions {
                host,
                port,
                max_games,
                idle: Duration::from_secs(idle_minutes.saturating_mul(60)),
                ..crate::serve::ServeOptions::default()
            };
            crate::serve::run(opts, out)?;
        }
        Command::Analyse {
            id,
            record,
            movetime,
            depth,
            kif,
        } => analyse(&id, &record, movetime, depth, kif.as_deref(), out)?,
        Command::Match {
            id,
            engine,
            engine2,
            games,
            movetime,
            out: file,
            sfen,
            openings,
            max_plies,
            hash,
            threads,
            options,
            engine_variant,
            kif,
            sprt,
        } => {
            let openings = match &openings {
                Some(path) => std::fs::read_to_string(path)
                    .map_err(|e| CliError::Other(format!("--openings {}: {e}", path.display())))?
                    .lines()
                    .map(str::to_string)
                    .collect(),
                None => Vec::new(),
            };
            let opts = crate::match_runner::MatchOptions {
                id,
                engine,
                engine2,
                games,
                movetime: Duration::from_millis(movetime),
                max_plies,
                sfen,
                openings,
                hash_mb: hash.clamp(1, crate::limits::MAX_HASH_MB),
                threads,
                options,
                engine_variant,
                progress_bar: true,
                kif,
                sprt,
            };
            let stderr = std::io::stderr();
            let summary = match &file {
                Some(path) => {
                    let f = std::fs::File::create(path)
                        .map_err(|e| CliError::Other(format!("--out {}: {e}", path.display())))?;
                    let mut records = std::io::BufWriter::new(f);
                    crate::match_runner::run_match(&opts, &mut records, &mut stderr.lock())?
                }
                None => crate::match_runner::run_match(&opts, out, &mut stderr.lock())?,
            };
            w(out, &crate::match_runner::summary_text(&opts, &summary))?;
        }
        Command::Tune {
            id,
            files,
            rounds,
            scale,
        } => {
            let mut text = String::new();
            for f in &files {
                text.push_str(
                    &std::fs::read_to_string(f)
                        .map_err(|e| CliError::Other(format!("{}: {e}", f.display())))?,
                );
                text.push('\n');
            }
            let t = crate::tune::tune(&id, &text, rounds, scale)
                .map_err(|e| CliError::Other(e.to_string()))?;
            w(
                out,
                &format!(
                    "{} positions; scale K {:.0} cp; mean squared error {:.6} -> {:.6}",
                    t.positions, t.scale, t.error_before, t.error_after
                ),
            )?;
            w(out, &format!("{:#?}", t.weights))?;
            // Ready to paste into the variant's definition (its weights that differ from
            // the standard set).
            w(
                out,
                &match t.weights.block() {
                    b if b.is_empty() => "the standard weights: no `eval` block".to_string(),
                    b => format!("as a `variant!` item: {b}"),
                },
            )?;
        }
        Command::Bench {
            search: Some(d),
            threads,
            ..
        } => bench_search(d.clamp(1, shogi_core::search::MAX_DEPTH), threads, out)?,
        Command::Bench { ids, depth, .. } => bench(&ids, check_depth(depth)?, out)?,
    }
    Ok(())
}

/// Standard shogi with a hand-written `Rules` impl, to show that `variant!` adds no cost.
#[derive(Clone, Copy, Debug, Default)]
struct HandWrittenStandard;
const HAND_WRITTEN: shogi_core::RuleTable = shogi_core::RuleTable {
    name: "HandWrittenStandard",
    title: "standard shogi without the macro (bench reference)",
    geometry: shogi_core::geometry::Geometry::STANDARD,
    pieces: &shogi_core::pieces::STANDARD_PIECES,
    hooks: shogi_core::table::Hooks::STANDARD,
    setups: &[shogi_core::table::Setup {
        id: "bench-standard",
        sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        description: "even",
    }],
    notes: &[],
    eval: shogi_core::eval_weights::EvalWeights::STANDARD,
};
shogi_core::impl_rules!(HandWrittenStandard, HAND_WRITTEN);

/// Times a perft; returns (nodes, seconds).
/// Perft nodes and mean seconds per run: a short run is repeated until [`BENCH_MIN_SECONDS`]
/// have passed, so that sub-millisecond timer noise and cache warm-up do not decide a ratio.
fn timed(e: &mut dyn crate::engine::Engine, depth: u32, bulk: bool) -> (u64, f64) {
    timed_for(e, depth, bulk, BENCH_MIN_SECONDS)
}

/// [`timed`] for at least `min_seconds`.
fn timed_for(
    e: &mut dyn crate::engine::Engine,
    depth: u32,
    bulk: bool,
    min_seconds: f64,
) -> (u64, f64) {
    let t = Instant::now();
    let mut runs = 0u32;
    let mut n;
    loop {
        n = if bulk {
            e.perft(depth)
        } else {
            e.perft_full(depth)
        };
        runs += 1;
        if t.elapsed().as_secs_f64() >= min_seconds || runs >= 1000 {
            break;
        }
    }
    (n, (t.elapsed().as_secs_f64() / runs as f64).max(1e-9))
}

/// Least time spent on one row of `bench`.
const BENCH_MIN_SECONDS: f64 = 0.3;
/// Rounds of (standard, variant) measurements per variant row; the median ratio is reported.
const BENCH_ROUNDS: usize = 3;

/// One variant row: [`BENCH_ROUNDS`] rounds of standard shogi from its start then the
/// variant, each for a third of [`BENCH_MIN_SECONDS`]; returns the variant's (nodes, seconds)
/// and standard's nodes/s of the round whose ratio is the median, so that a burst of
/// machine load during one measurement does not decide the ratio.
fn paired(
    std_engine: &mut Box<dyn crate::engine::Engine>,
    e: &mut dyn crate::engine::Engine,
    depth: u32,
    bulk: bool,
) -> Result<((u64, f64), f64), CliError> {
    let slice = BENCH_MIN_SECONDS / BENCH_ROUNDS as f64;
    let mut rounds = Vec::with_capacity(BENCH_ROUNDS);
    for _ in 0..BENCH_ROUNDS {
        let std_nps = nps(timed_for(
            std_engine_at_start(std_engine)?,
            depth,
            bulk,
            slice,
        ));
        let run = timed_for(e, depth, bulk, slice);
        rounds.push((nps(run) / std_nps, run, std_nps));
    }
    rounds.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (_, run, std_nps) = rounds[BENCH_ROUNDS / 2];
    Ok((run, std_nps))
}

fn bench(ids: &[String], depth: u32, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    writeln!(
        out,
        "{:<44} {:>5} {:>12} {:>9} {:>12} {:>6}",
        "position", "depth", "nodes", "seconds", "nodes/s", "ratio"
    )
    .map_err(|e| CliError::Other(e.to_string()))?;
    let list: Vec<String> = if ids.is_empty() {
        registry::ids()
            .into_iter()
            .filter(|id| *id != "shogi")
            .map(str::to_string)
            .collect()
    } else {
        ids.to_vec()
    };
    // Six header rows, then two rows per id.
    let bar = crate::progress::Progress::new(6 + 2 * list.len() as u64, "bench", "rows");
    let mut row =
        |name: &str, d: u32, (n, s): (u64, f64), reference: f64| -> Result<f64, CliError> {
            let nps = n as f64 / s;
            let ratio = if reference > 0.0 {
                nps / reference
            } else {
                1.0
            };
            writeln!(
                out,
                "{name:<44} {d:>5} {n:>12} {s:>9.3} {nps:>12.0} {ratio:>6.2}"
            )
            .map_err(|e| CliError::Other(e.to_string()))?;
            bar.set_message(name.to_string());
            bar.inc(1);
            Ok(nps)
        };
    let mut std_engine = registry::create("shogi")?;
    let std_nps = row(
        "shogi start (bulk)",
        5,
        timed(std_engine.as_mut(), 5, true),
        0.0,
    )?;
    let std_full = row(
        "shogi start (no bulk)",
        4,
        timed(std_engine.as_mut(), 4, false),
        0.0,
    )?;
    // The same rules through a hand-written `Rules` impl (no macro): the DSL must cost nothing.
    let mut hand = crate::engine::VariantEngine::<HandWrittenStandard>::new(0);
    row(
        "hand-written standard, no macro (bulk)",
        5,
        timed(&mut hand, 5, true),
        std_nps,
    )?;
    row(
        "hand-written standard, no macro (no bulk)",
        4,
        timed(&mut hand, 4, false),
        std_full,
    )?;
    std_engine
        .set_position(Some(MATSURI), &[])
        .map_err(CliError::Position)?;
    row(
        "shogi matsuri (bulk)",
        3,
        timed(std_engine.as_mut(), 3, true),
        std_nps,
    )?;
    row(
        "shogi matsuri (no bulk)",
        2,
        timed(std_engine.as_mut(), 2, false),
        std_full,
    )?;
    // Each id is compared with standard shogi from its start at the same depth, measured in
    // alternation with it (see `paired`), so that drift of the machine's speed cancels out.
    for id in list {
        let mut e = registry::create(&id)?;
        for bulk in [true, false] {
            let (run, std_nps) = paired(&mut std_engine, e.as_mut(), depth, bulk)?;
            let mode = if bulk { "bulk" } else { "no bulk" };
            row(&format!("{id} ({mode})"), depth, run, std_nps)?;
        }
    }
    Ok(())
}

/// Positions of `bench --search` (standard shogi).
pub const SEARCH_BENCH: [(&str, &str); 3] = [
    (
        "start",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    ),
    (
        "middle game",
        "ln1g3nl/1r3kg2/p2pppsp1/2ps2p1p/1p7/2PP1PPPP/PPS1P1N2/2GK1S1R1/LN3G2L b Bb 29",
    ),
    ("matsuri", MATSURI),
];

/// `bench --search DEPTH`: a search of each position to DEPTH from a clear table.
fn bench_search(depth: u32, threads: usize, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    use shogi_core::search::{Limits, Searcher};
    let e = |e: std::io::Error| CliError::Other(e.to_string());
    writeln!(
        out,
        "{:<14} {:>5} {:>12} {:>9} {:>12}  best",
        "position", "depth", "nodes", "seconds", "nodes/s"
    )
    .map_err(e)?;
    let (mut nodes, mut secs) = (0u64, 0f64);
    for (name, sfen) in SEARCH_BENCH {
        let game = shogi_core::Game::<crate::variants::Standard>::from_sfen(sfen)
            .map_err(|err| CliError::Other(format!("{name}: {err}")))?;
        let mut s = Searcher::new(DEFAULT_HASH_MB).unwrap_or_default();
        s.set_threads(threads);
        let t = Instant::now();
        let r = s.search(
            &game,
            &Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            &mut |_| {},
        );
        let dt = t.elapsed().as_secs_f64().max(1e-9);
        nodes += r.nodes;
        secs += dt;
        let best = r
            .best
            .map(|m| game.position().move_to_usi(m))
            .unwrap_or_default();
        writeln!(
            out,
            "{name:<14} {depth:>5} {:>12} {dt:>9.3} {:>12.0}  {best}",
            r.nodes,
            r.nodes as f64 / dt
        )
        .map_err(e)?;
    }
    writeln!(
        out,
        "{:<14} {:>5} {nodes:>12} {secs:>9.3} {:>12.0}",
        "total",
        depth,
        nodes as f64 / secs.max(1e-9)
    )
    .map_err(e)?;
    Ok(())
}

/// Nodes per second of a [`timed`] result.
fn nps((n, s): (u64, f64)) -> f64 {
    n as f64 / s
}

/// The standard engine, back at its start position.
fn std_engine_at_start(
    e: &mut Box<dyn crate::engine::Engine>,
) -> Result<&mut dyn crate::engine::Engine, CliError> {
    e.set_position(None, &[]).map_err(CliError::Position)?;
    Ok(e.as_mut())
}

const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
