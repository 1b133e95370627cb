//! The command-line contract of ../shared/CLI.md.

use crate::registry;
use clap::{Args, Parser, Subcommand};
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
    /// Count legal move sequences to DEPTH.
    Perft {
        #[command(flatten)]
        pos: PositionArgs,
        depth: u32,
        /// Make every leaf move instead of counting the last ply from the move list.
        #[arg(long)]
        no_bulk: bool,
    },
    /// Perft per root move.
    Divide {
        #[command(flatten)]
        pos: PositionArgs,
        depth: u32,
    },
    /// Perft benchmark: nodes per second per variant, and the ratio to standard shogi.
    Bench {
        /// Only these variant ids (default: every rule set's first setup).
        ids: Vec<String>,
        /// Perft depth for the variants (standard shogi is measured at depth 5 and matsuri 3).
        #[arg(long, default_value_t = 3)]
        depth: u32,
    },
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
    #[error("{0}")]
    Other(String),
}

fn engine_at(p: &PositionArgs) -> Result<Box<dyn crate::engine::Engine>, CliError> {
    let mut e = registry::create(&p.id)?;
    if p.sfen.is_some() || !p.moves.is_empty() {
        e.set_position(p.sfen.as_deref(), &p.moves)?;
    }
    Ok(e)
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
            for m in e.legal_moves() {
                w(out, &m)?;
            }
        }
        Command::Perft {
            pos,
            depth,
            no_bulk,
        } => {
            let depth = check_depth(depth)?;
            let mut e = engine_at(&pos)?;
            let n = if no_bulk {
                e.perft_full(depth)
            } else {
                e.perft(depth)
            };
            w(out, &n.to_string())?;
        }
        Command::Divide { pos, depth } => {
            let depth = check_depth(depth)?;
            let mut e = engine_at(&pos)?;
            let rows = e.divide(depth);
            let total: u64 = rows.iter().map(|(_, n)| n).sum();
            for (m, n) in rows {
                w(out, &format!("{m} {n}"))?;
            }
            w(out, &total.to_string())?;
        }
        Command::Bench { ids, depth } => bench(&ids, check_depth(depth)?, out)?,
    }
    Ok(())
}

/// Times a perft; returns (nodes, seconds).
fn timed(e: &mut dyn crate::engine::Engine, depth: u32, bulk: bool) -> (u64, f64) {
    let t = Instant::now();
    let n = if bulk {
        e.perft(depth)
    } else {
        e.perft_full(depth)
    };
    (n, t.elapsed().as_secs_f64().max(1e-9))
}

fn bench(ids: &[String], depth: u32, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    let io = |e: std::io::Error| CliError::Other(e.to_string());
    writeln!(
        out,
        "{:<40} {:>5} {:>12} {:>10} {:>12} {:>8}",
        "position", "depth", "nodes", "seconds", "nodes/s", "ratio"
    )
    .map_err(io)?;
    let mut std_engine = registry::create("shogi")?;
    // Standard reference, measured in this run.
    let (n, s) = timed(std_engine.as_mut(), 5, true);
    let std_nps = n as f64 / s;
    writeln!(
        out,
        "{:<40} {:>5} {:>12} {:>10.3} {:>12.0} {:>8.2}",
        "shogi start (bulk)", 5, n, s, std_nps, 1.0
    )
    .map_err(io)?;
    let (n, s) = timed(std_engine.as_mut(), 4, false);
    let std_full = n as f64 / s;
    writeln!(
        out,
        "{:<40} {:>5} {:>12} {:>10.3} {:>12.0} {:>8.2}",
        "shogi start (no bulk)", 4, n, s, std_full, 1.0
    )
    .map_err(io)?;
    std_engine
        .set_position(
            Some("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"),
            &[],
        )
        .map_err(CliError::Position)?;
    let (n, s) = timed(std_engine.as_mut(), 3, true);
    writeln!(
        out,
        "{:<40} {:>5} {:>12} {:>10.3} {:>12.0} {:>8.2}",
        "shogi matsuri (bulk)",
        3,
        n,
        s,
        n as f64 / s,
        n as f64 / s / std_nps
    )
    .map_err(io)?;
    let (n, s) = timed(std_engine.as_mut(), 2, false);
    writeln!(
        out,
        "{:<40} {:>5} {:>12} {:>10.3} {:>12.0} {:>8.2}",
        "shogi matsuri (no bulk)",
        2,
        n,
        s,
        n as f64 / s,
        n as f64 / s / std_full
    )
    .map_err(io)?;
    let list: Vec<String> = if ids.is_empty() {
        registry::tables()
            .iter()
            .filter(|t| t.setups[0].id != "shogi")
            .map(|t| t.setups[0].id.to_string())
            .collect()
    } else {
        ids.to_vec()
    };
    for id in list {
        let mut e = registry::create(&id)?;
        let (n, s) = timed(e.as_mut(), depth, true);
        let nps = n as f64 / s;
        writeln!(
            out,
            "{:<40} {:>5} {:>12} {:>10.3} {:>12.0} {:>8.2}",
            format!("{id} (bulk)"),
            depth,
            n,
            s,
            nps,
            nps / std_nps
        )
        .map_err(io)?;
    }
    Ok(())
}
