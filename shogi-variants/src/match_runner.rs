//! `shogi-variants match`: our engine (in-process, or another USI engine given by `--engine2`)
//! against a USI engine (`--engine`), refereed by our own rules.
//!
//! Every move an engine sends is parsed and checked legal in the game's position; the game is
//! a [`Game`], so its end (checkmate, stalemate, king loss, sennichite, perpetual check, ...) is
//! judged by RULES.md, never by what the engines claim. An engine that sends an illegal or
//! malformed move, claims a win it does not have, resigns, does not answer in time, or exits
//! loses the game, with a message saying which. The first player takes Black in odd-numbered
//! games and White in even ones. Games are written one a line as `selfplay` writes them.
//! With `--sprt` the match stops once the test decides (see [`crate::sprt`]).

use crate::board_text::{result_code, Ending};
use crate::registry::{self, UnknownVariant, VariantVisitor};
use crate::sprt::{Pairs, Sprt, Verdict};
use crate::usi_client::{BestMove, ClientError, UsiClient};
use shogi_core::game::GameOutcome;
use shogi_core::players::{EnginePlayer, Player};
use shogi_core::search::{Limits, Searcher, DEFAULT_HASH_MB};
use shogi_core::usi::move_to_usi;
use shogi_core::{Color, Game, Rules, SfenError};
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// Match settings.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    pub id: String,
    /// The opponent's command line.
    pub engine: String,
    /// The first player's command line; `None` for our engine in-process.
    pub engine2: Option<String>,
    pub games: usize,
    pub movetime: Duration,
    /// Games are stopped after this many plies (a draw).
    pub max_plies: usize,
    pub sfen: Option<String>,
    /// Openings, the lines of an `--openings` file: USI moves from the start (or `sfen`), or
    /// `startpos [moves ...]`, or `sfen SFEN [moves ...]`; blank lines and `#` comments are
    /// skipped. Game pair k (games 2k+1, 2k+2: one with each colour) plays opening k, cycling
    /// through the list, so that engines that always answer alike still play different games.
    pub openings: Vec<String>,
    /// Hash size of the in-process engine and, as `USI_Hash`, of external ones that have it.
    pub hash_mb: usize,
    /// Search threads of the in-process engine.
    pub threads: usize,
    /// `setoption` lines sent to the external engines (name, value).
    pub options: Vec<(String, String)>,
    /// The `USI_Variant` value sent to the external engines when it is not the id: the name
    /// another engine knows this rule set by (Fairy-Stockfish's variant names cannot hold
    /// the `:` of a setup id).
    pub engine_variant: Option<String>,
    /// Show a progress bar (when stderr is a terminal).
    pub progress_bar: bool,
    /// Save each game as a record file (KIF; CSA for `.csa`): game N of several goes to the
    /// file with `-N` before its extension (see [`crate::selfplay::record_path`]).
    pub kif: Option<std::path::PathBuf>,
    /// Stop when this test decides (`games` is then the most played).
    pub sprt: Option<Sprt>,
}

impl Default for MatchOptions {
    fn default() -> Self {
        MatchOptions {
            id: "shogi".to_string(),
            engine: String::new(),
            engine2: None,
            games: 2,
            movetime: Duration::from_millis(100),
            max_plies: 400,
            sfen: None,
            openings: Vec::new(),
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            options: Vec::new(),
            engine_variant: None,
            progress_bar: false,
            kif: None,
            sprt: None,
        }
    }
}

/// Why a match could not be played.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    #[error(transparent)]
    Unknown(#[from] UnknownVariant),
    #[error("--sfen: {0}")]
    Sfen(#[from] SfenError),
    #[error("engine '{command}': {error}")]
    Engine { command: String, error: ClientError },
    #[error("--openings line {line}: {error}")]
    Opening { line: usize, error: String },
    #[error("--openings: no opening in the file (only blank lines and # comments)")]
    NoOpenings,
    #[error("--games must be at least 1")]
    NoGames,
    #[error("output: {0}")]
    Io(#[from] io::Error),
    #[error("--kif {0}")]
    Record(#[from] crate::records::RecordError),
}

/// The result from the first player's point of view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchSummary {
    pub games: usize,
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    /// Games lost by a fault (illegal move, time, crash, false claim), by either side.
    pub forfeits: usize,
    pub plies: usize,
    pub first_name: String,
    pub second_name: String,
    /// The first player's results in the games it played as Black (`[0]`) and as White
    /// (`[1]`): in variants where one colour is stronger, a player can lose a match by its
    /// play with one colour alone.
    pub by_colour: [Tally; 2],
    /// Finished game pairs (one opening with each colour) by the first player's half points.
    pub pairs: Pairs,
    /// The SPRT's verdict, when the match stopped on one.
    pub verdict: Option<Verdict>,
}

/// Wins, losses and draws of one player over some games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
}

impl Tally {
    pub fn games(&self) -> usize {
        self.wins + self.losses + self.draws
    }

    /// The score fraction (a draw counts half); 0 with no games.
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.0,
            n => (self.wins as f64 + self.draws as f64 / 2.0) / n as f64,
        }
    }
}

impl MatchSummary {
    /// The first player's results over the whole match.
    pub fn total(&self) -> Tally {
        Tally {
            wins: self.wins,
            losses: self.losses,
            draws: self.draws,
        }
    }

    pub fn score(&self) -> f64 {
        self.total().score()
    }

    /// Elo difference and its 95% margin (see [`elo_estimate`]).
    pub fn elo(&self) -> Option<(f64, f64)> {
        elo_estimate(self.wins, self.losses, self.draws)
    }
}

/// The logistic Elo difference of a score fraction.
pub fn elo_of_score(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Elo difference of a result and the half-width of its 95% confidence interval, from the
/// trinomial (win/draw/loss) distribution of a game's score under the normal approximation:
/// the mean score ± 1.96 standard errors is mapped through the logistic curve and half the
/// distance of the ends is the margin. `None` at a score of 0 or 1 (unbounded) or no games;
/// an end of the interval at 0 or 1 gives an infinite margin.
pub fn elo_estimate(wins: usize, losses: usize, draws: usize) -> Option<(f64, f64)> {
    let n = (wins + losses + draws) as f64;
    if n == 0.0 {
        return None;
    }
    let (w, l, d) = (wins as f64 / n, losses as f64 / n, draws as f64 / n);
    let mu = w + d / 2.0;
    if mu <= 0.0 || mu >= 1.0 {
        return None;
    }
    let var = w * (1.0 - mu).powi(2) + l * mu.powi(2) + d * (0.5 - mu).powi(2);
    let se = (var / n).sqrt();
    let lo = mu - 1.96 * se;
    let hi = mu + 1.96 * se;
    let margin = if lo <= 0.0 || hi >= 1.0 {
        f64::INFINITY
    } else {
        (elo_of_score(hi) - elo_of_score(lo)) / 2.0
    };
    Some((elo_of_score(mu), margin))
}

/// Plays the match: game records to `records`, a line per game (and fault messages) to
/// `progress`.
pub fn run_match(
    opts: &MatchOptions,
    records: &mut dyn Write,
    progress: &mut dyn Write,
) -> Result<MatchSummary, MatchError> {
    struct Run<'a> {
        opts: &'a MatchOptions,
        records: &'a mut dyn Write,
        progress: &'a mut dyn Write,
    }
    impl VariantVisitor for Run<'_> {
        type Output = Result<MatchSummary, MatchError>;
        fn visit<R: Rules>(self, setup: usize) -> Self::Output {
            play_match::<R>(setup, self.opts, self.records, self.progress)
        }
    }
    if opts.games == 0 {
        return Err(MatchError::NoGames);
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

/// One side of the match.
enum Contestant<R: Rules> {
    Ours(Box<EnginePlayer<R>>),
    Usi(Box<UsiClient>),
}

/// How a player lost by its own fault.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Fault {
    Resigned,
    Illegal { text: String, error: String },
    FalseWin,
    Failed(ClientError),
}

impl Fault {
    fn code(&self) -> &'static str {
        match self {
            Fault::Resigned => "resign",
            Fault::Illegal { .. } => "illegal-move",
            Fault::FalseWin => "false-win-claim",
            Fault::Failed(ClientError::Timeout { .. }) => "time-forfeit",
            Fault::Failed(_) => "engine-failure",
        }
    }

    fn describe(&self) -> String {
        match self {
            Fault::Resigned => "resigned".to_string(),
            Fault::Illegal { text, error } => {
                format!("sent the move '{text}', refused by our rules ({error})")
            }
            Fault::FalseWin => "claimed a win ('bestmove win') in a live game".to_string(),
            Fault::Failed(e) => e.to_string(),
        }
    }
}

impl Fault {
    /// The record's closing entry for a game the side to move lost by this fault: KIF and
    /// CSA have words for resigning, illegal actions and time; an engine failure is written
    /// as an abort (中断) with a comment saying who lost and why.
    fn record_end(&self, loser: &str) -> crate::records::GameEnd {
        use crate::records::{EndKind, GameEnd};
        let kind = match self {
            Fault::Resigned => EndKind::Resign,
            Fault::Illegal { .. } | Fault::FalseWin => EndKind::IllegalLoss,
            Fault::Failed(ClientError::Timeout { .. }) => EndKind::TimeUp,
            Fault::Failed(_) => EndKind::Abort,
        };
        let mut end = GameEnd::new(kind);
        if *self != Fault::Resigned {
            end.comments
                .push(format!("{loser} {}; it loses the game", self.describe()));
        }
        end
    }
}

impl<R: Rules> Contestant<R> {
    fn start(command: Option<&str>, setup: usize, opts: &MatchOptions) -> Result<Self, MatchError> {
        let Some(command) = command else {
            let mut searcher = Searcher::new(opts.hash_mb).unwrap_or_default();
            searcher.set_threads(opts.threads);
            let limits = Limits {
                movetime: Some(opts.movetime),
                ..Limits::default()
            };
            return Ok(Contestant::Ours(Box::new(EnginePlayer::new(
                searcher, limits,
            ))));
        };
        let fail = |error| MatchError::Engine {
            command: command.to_string(),
            error,
        };
        let mut client = UsiClient::start(command).map_err(fail)?;
        let mut options = opts.options.clone();
        if client.options.iter().any(|o| o == "USI_Hash")
            && !options.iter().any(|(n, _)| n == "USI_Hash")
        {
            options.insert(0, ("USI_Hash".to_string(), opts.hash_mb.to_string()));
        }
        let variant = opts
            .engine_variant
            .as_deref()
            .unwrap_or(R::TABLE.setups[setup].id);
        client.prepare(variant, &options).map_err(fail)?;
        Ok(Contestant::Usi(Box::new(client)))
    }

    fn name(&self) -> String {
        match self {
            Contestant::Ours(_) => {
                format!("shogi-variants {} (in-process)", env!("CARGO_PKG_VERSION"))
            }
            Contestant::Usi(c) => c.name.clone(),
        }
    }

    fn new_game(&mut self) -> Result<(), ClientError> {
        match self {
            Contestant::Ours(e) => {
                e.searcher.clear();
                Ok(())
            }
            Contestant::Usi(c) => c.new_game(),
        }
    }

    /// The player's move in the game's position, checked legal.
    fn choose(
        &mut self,
        game: &Game<R>,
        position_text: &str,
        opts: &MatchOptions,
    ) -> Result<shogi_core::Move, Fault> {
        match self {
            Contestant::Ours(e) => e.choose(game).ok_or(Fault::Resigned),
            Contestant::Usi(c) => {
                let mut line = position_text.to_string();
                if !game.moves().is_empty() {
                    line.push_str(" moves");
                    for &m in game.moves() {
                        line.push(' ');
                        line.push_str(&move_to_usi::<R>(m));
                    }
                }
                // Generous: a slow start (a big hash to clear) must not forfeit a game.
                let timeout = opts.movetime * 3 + Duration::from_secs(5);
                match c.go(&line, opts.movetime, timeout).map_err(Fault::Failed)? {
                    BestMove::Resign => Err(Fault::Resigned),
                    BestMove::Win => Err(Fault::FalseWin),
                    BestMove::Move(text) => {
                        let mut pos = game.position().clone();
                        pos.parse_usi(&text).map_err(|e| Fault::Illegal {
                            text: text.clone(),
                            error: e.to_string(),
                        })
                    }
                }
            }
        }
    }
}

/// How one game ended.
enum GameEnd {
    /// Judged by the rules.
    Rules(GameOutcome),
    /// The side to move lost by a fault.
    Fault(Color, Fault),
    /// The ply cap.
    Capped,
}

/// Where a game pair starts: the game with its opening moves played, and the `position`
/// text (before `moves`) that USI engines are sent.
struct Start<R: Rules> {
    game: Game<R>,
    position_text: String,
}

/// An opening line split into its SFEN (if it names one) and its USI moves.
fn split_opening(line: &str) -> Result<(Option<String>, Vec<&str>), String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let moves_at = tokens.iter().position(|&t| t == "moves");
    let after = |i: usize| tokens[i + 1..].to_vec();
    match tokens.first().copied() {
        Some("startpos") => match (moves_at, tokens.len()) {
            (_, 1) => Ok((None, Vec::new())),
            (Some(1), _) => Ok((None, after(1))),
            _ => Err(format!(
                "expected `moves` after `startpos`, found `{}`",
                tokens[1]
            )),
        },
        Some("sfen") => {
            let end = moves_at.unwrap_or(tokens.len());
            if end < 2 {
                return Err("`sfen` without a position".to_string());
            }
            let moves = moves_at.map(after).unwrap_or_default();
            Ok((Some(tokens[1..end].join(" ")), moves))
        }
        _ => Ok((None, tokens)),
    }
}

/// The starts of the match: one per opening line, else the one of `--sfen` or the setup.
fn starts<R: Rules>(setup: usize, opts: &MatchOptions) -> Result<Vec<Start<R>>, MatchError> {
    let (base, base_text) = crate::selfplay::start_position::<R>(setup, opts.sfen.as_deref())?;
    if opts.openings.is_empty() {
        return Ok(vec![Start {
            game: Game::new(base),
            position_text: base_text,
        }]);
    }
    let mut out = Vec::new();
    for (i, line) in opts.openings.iter().enumerate() {
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let bad = |error: String| MatchError::Opening { line: i + 1, error };
        let (sfen, moves) = split_opening(text).map_err(bad)?;
        let (pos, position_text) = match sfen {
            Some(s) => crate::selfplay::start_position::<R>(setup, Some(&s))
                .map_err(|e| bad(e.to_string()))?,
            None => (base.clone(), base_text.clone()),
        };
        let game = Game::with_moves(pos, &moves).map_err(|e| bad(e.to_string()))?;
        if let Some(o) = game.outcome() {
            return Err(bad(format!(
                "the game is over after it: {}",
                crate::engine::outcome_text(Some(o))
            )));
        }
        out.push(Start {
            game,
            position_text,
        });
    }
    if out.is_empty() {
        return Err(MatchError::NoOpenings);
    }
    Ok(out)
}

fn play_match<R: Rules>(
    setup: usize,
    opts: &MatchOptions,
    records: &mut dyn Write,
    progress: &mut dyn Write,
) -> Result<MatchSummary, MatchError> {
    let starts = starts::<R>(setup, opts)?;
    let mut first = Contestant::<R>::start(opts.engine2.as_deref(), setup, opts)?;
    let mut second = Contestant::<R>::start(Some(&opts.engine), setup, opts)?;
    let mut summary = MatchSummary {
        first_name: first.name(),
        second_name: second.name(),
        ..MatchSummary::default()
    };
    let bar = (opts.progress_bar && io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(opts.games as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {pos}/{len} games  {msg}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        bar
    });
    let say = |progress: &mut dyn Write, text: String| -> io::Result<()> {
        match &bar {
            Some(b) => {
                b.println(text);
                Ok(())
            }
            None => writeln!(progress, "{text}").and_then(|_| progress.flush()),
        }
    };
    let mut pair_first = 0;
    for index in 0..opts.games {
        let number = index + 1;
        let first_color = if index % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let labels = match first_color {
            Color::Black => ("first", "second"),
            Color::White => ("second", "first"),
        };
        for (c, which) in [(&mut first, "first"), (&mut second, "second")] {
            if let Err(error) = c.new_game() {
                let command = match which {
                    "first" => opts.engine2.clone().unwrap_or_default(),
                    _ => opts.engine.clone(),
                };
                return Err(MatchError::Engine { command, error });
            }
        }
        let start = &starts[index / 2 % starts.len()];
        let position_text = start.position_text.as_str();
        let mut game = start.game.clone();
        let started = Instant::now();
        let end = loop {
            if let Some(o) = game.outcome() {
                break GameEnd::Rules(o);
            }
            if game.moves().len() >= opts.max_plies {
                break GameEnd::Capped;
            }
            let side = game.position().side_to_move();
            let player = if side == first_color {
                &mut first
            } else {
                &mut second
            };
            match player.choose(&game, position_text, opts) {
                Ok(mv) => {
                    if let Err(e) = game.play(mv) {
                        // Only the in-process engine can get here (USI moves were checked).
                        break GameEnd::Fault(
                            side,
                            Fault::Illegal {
                                text: game.position().move_to_usi(mv),
                                error: e.to_string(),
                            },
                        );
                    }
                }
                Err(f) => break GameEnd::Fault(side, f),
            }
        };
        let (code, ending, winner) = match &end {
            GameEnd::Rules(o) => (result_code(*o), Ending::of(&game, *o).code(), o.winner),
            GameEnd::Fault(loser, f) => {
                let winner = !*loser;
                let code = if winner == Color::Black { "1-0" } else { "0-1" };
                (code, f.code(), Some(winner))
            }
            GameEnd::Capped => ("*", "max-plies", None),
        };
        if let GameEnd::Fault(loser, f) = &end {
            if *f != Fault::Resigned {
                summary.forfeits += 1;
                let who = if *loser == first_color {
                    &summary.first_name
                } else {
                    &summary.second_name
                };
                say(
                    progress,
                    format!(
                        "game {number}: {who} ({}) {} at ply {}; it loses the game",
                        if *loser == Color::Black {
                            "black"
                        } else {
                            "white"
                        },
                        f.describe(),
                        game.moves().len() + 1
                    ),
                )?;
            }
        }
        summary.games += 1;
        summary.plies += game.moves().len();
        let tally = &mut summary.by_colour[first_color.index()];
        let half_points = match winner {
            Some(w) if w == first_color => {
                summary.wins += 1;
                tally.wins += 1;
                2
            }
            Some(_) => {
                summary.losses += 1;
                tally.losses += 1;
                0
            }
            None => {
                summary.draws += 1;
                tally.draws += 1;
                1
            }
        };
        // Games 2k+1 and 2k+2 play the same opening: a pair.
        if index % 2 == 0 {
            pair_first = half_points;
        } else {
            summary.pairs[pair_first + half_points] += 1;
        }
        if let Some(path) = &opts.kif {
            let names = match first_color {
                Color::Black => (&summary.first_name, &summary.second_name),
                Color::White => (&summary.second_name, &summary.first_name),
            };
            let mut record = crate::records::record_of_game(
                R::TABLE.setups[setup].id,
                &game,
                Some(names.0),
                Some(names.1),
                None,
            );
            record.end = match &end {
                GameEnd::Rules(_) => record.end,
                GameEnd::Fault(loser, f) => Some(f.record_end(if *loser == first_color {
                    &summary.first_name
                } else {
                    &summary.second_name
                })),
                GameEnd::Capped => {
                    let mut e = crate::records::GameEnd::new(crate::records::EndKind::Abort);
                    e.comments
                        .push(format!("stopped at the ply cap ({})", opts.max_plies));
                    Some(e)
                }
            };
            let file = crate::selfplay::record_path(path, number, opts.games);
            crate::records::write_path(&file, &record)?;
        }
        let mut line = format!("{position_text} moves");
        for &m in game.moves() {
            line.push(' ');
            line.push_str(&move_to_usi::<R>(m));
        }
        writeln!(
            records,
            "{line} result {code} {ending} black={} white={}",
            labels.0, labels.1
        )?;
        records.flush()?;
        let mut tally = format!(
            "first +{} -{} ={}",
            summary.wins, summary.losses, summary.draws
        );
        if let Some(sprt) = &opts.sprt {
            tally.push_str(&format!(", LLR {:.2}", sprt.llr(&summary.pairs)));
        }
        match &bar {
            Some(b) => {
                b.set_message(tally);
                b.inc(1);
            }
            None => say(
                progress,
                format!(
                    "game {number}/{}: {} (black) vs {} (white): {code} {ending} after {} plies in {:.1} s; {tally}",
                    opts.games,
                    labels.0,
                    labels.1,
                    game.moves().len(),
                    started.elapsed().as_secs_f64(),
                ),
            )?,
        }
        if let Some(sprt) = &opts.sprt {
            if index % 2 == 1 {
                summary.verdict = sprt.verdict(&summary.pairs);
                if summary.verdict.is_some() {
                    break;
                }
            }
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(summary)
}

/// The closing lines of a match.
pub fn summary_text(opts: &MatchOptions, s: &MatchSummary) -> String {
    let elo = match s.elo() {
        Some((e, m)) if m.is_finite() => format!("{e:+.0} ± {m:.0}"),
        Some((e, _)) => format!("{e:+.0} ± inf"),
        None if s.games > 0 && s.score() >= 1.0 => "+inf".to_string(),
        None if s.games > 0 => "-inf".to_string(),
        None => "n/a".to_string(),
    };
    let avg = if s.games > 0 {
        s.plies as f64 / s.games as f64
    } else {
        0.0
    };
    // A colour the first player never had (a one-game match) has no score to show.
    let colour = |name: &str, t: &Tally| match t.games() {
        0 => format!("as {name} no games"),
        _ => format!(
            "as {name} +{} -{} ={} ({:.1}%)",
            t.wins,
            t.losses,
            t.draws,
            t.score() * 100.0
        ),
    };
    let sprt = match &opts.sprt {
        Some(t) => format!("\n{}", t.report(&s.pairs)),
        None => String::new(),
    };
    format!(
        "first: {}\nsecond: {}\n{} at {} ms a move: {} games, first +{} -{} ={} \
         ({} forfeits); score {:.1}%, Elo difference {elo} (95%); {avg:.0} plies a game\n\
         first {}, {}{sprt}",
        s.first_name,
        s.second_name,
        opts.id,
        opts.movetime.as_millis(),
        s.games,
        s.wins,
        s.losses,
        s.draws,
        s.forfeits,
        s.score() * 100.0,
        colour("black", &s.by_colour[Color::Black.index()]),
        colour("white", &s.by_colour[Color::White.index()]),
    )
}
