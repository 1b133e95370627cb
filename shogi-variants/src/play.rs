//! `shogi-variants play [ID]`: an interactive game in the terminal against the engine.
//!
//! The human types USI moves (`7g7f`, `8h2b+`, `P*5e`, lion `5e5d5c`) or a command
//! (`help`, `moves`, `undo`, `sfen`, `board`, `quit`); the engine answers within the move
//! time. Input and output are generic streams so tests can script a whole game.
//! The variant is chosen at run time and dispatched once through the registry; the game loop
//! is generic over the rule set.

use crate::board_text::{board_text, hand_text, move_squares, result_text, side_name};
use crate::registry::{self, UnknownVariant, VariantVisitor};
use shogi_core::search::{Limits, Searcher, DEFAULT_HASH_MB};
use shogi_core::{Color, Game, MoveError, Position, Rules, SfenError};
use std::io::{self, BufRead, Write};
use std::time::Duration;

/// How a game is set up.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Variant id.
    pub id: String,
    /// The side the engine plays.
    pub engine_color: Color,
    /// The engine's time per move.
    pub movetime: Duration,
    /// Start from this position instead of the setup's start.
    pub sfen: Option<String>,
    /// Transposition table size.
    pub hash_mb: usize,
    /// Save the game to this record file when leaving.
    pub kif: Option<std::path::PathBuf>,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            id: "shogi".to_string(),
            engine_color: Color::White,
            movetime: Duration::from_millis(1000),
            sfen: None,
            hash_mb: DEFAULT_HASH_MB,
            kif: None,
        }
    }
}

/// Why a game could not start or went on no longer.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error(transparent)]
    Unknown(#[from] UnknownVariant),
    #[error("--sfen: {0}")]
    Sfen(#[from] SfenError),
    #[error("terminal: {0}")]
    Io(#[from] io::Error),
    #[error("--kif {0}")]
    Record(#[from] crate::records::RecordError),
}

/// What one line of input asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Empty,
    Help,
    Moves,
    Undo,
    Sfen,
    Board,
    Quit,
    /// Anything else is read as a USI move.
    Move(String),
}

impl Command {
    /// Reads one input line (case-insensitive commands; moves keep their case).
    pub fn parse(line: &str) -> Command {
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => Command::Empty,
            "help" | "h" | "?" => Command::Help,
            "moves" | "legal" => Command::Moves,
            "undo" | "u" | "takeback" => Command::Undo,
            "sfen" | "position" => Command::Sfen,
            "board" | "show" => Command::Board,
            "quit" | "q" | "exit" | "resign" => Command::Quit,
            _ => Command::Move(text.to_string()),
        }
    }
}

/// Help text shown by `help`.
pub const HELP: &str = "\
Type a move in USI notation, or a command:
  7g7f       move from 7g to 7f (files 9..1 left to right, ranks a..i top to bottom)
  8h2b+      move and promote (8h2b without '+' declines promotion)
  P*5e       drop a pawn from your hand on 5e (letters as on the board: P L N S G B R ...)
  5e5d5c     a lion's double move (first step 5d, then 5c)
  moves      list the legal moves
  undo       take back your last move and the engine's reply
  board      show the board again
  sfen       print the position as SFEN
  help       this text
  quit       leave the game
Uppercase pieces are Black (sente), lowercase White (gote); [ ] mark the last move's squares.";

/// Plays a game: commands from `input`, everything shown to `output`. Ends at `quit`, at the
/// end of input, or after the game is over and the player quits.
pub fn play(
    opts: &PlayOptions,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), PlayError> {
    struct Start<'a> {
        opts: &'a PlayOptions,
        input: &'a mut dyn BufRead,
        output: &'a mut dyn Write,
    }
    impl VariantVisitor for Start<'_> {
        type Output = Result<(), PlayError>;
        fn visit<R: Rules>(self, setup: usize) -> Self::Output {
            let pos = match &self.opts.sfen {
                Some(s) => Position::<R>::from_sfen(s)?,
                None => Position::<R>::startpos(setup),
            };
            let searcher = Searcher::<R>::new(self.opts.hash_mb).unwrap_or_default();
            let mut session = PlaySession {
                id: R::TABLE.setups[setup].id,
                game: Game::new(pos),
                searcher,
                engine: self.opts.engine_color,
                movetime: self.opts.movetime,
                movers: Vec::new(),
                resigned: None,
                announced: false,
            };
            let played = session.run(self.input, self.output);
            if let Some(path) = &self.opts.kif {
                session.save(path)?;
                writeln!(self.output, "Game saved to {}.", path.display())?;
            }
            played
        }
    }
    registry::dispatch(
        &opts.id,
        Start {
            opts,
            input,
            output,
        },
    )?
}

/// A game in progress against the engine.
struct PlaySession<R: Rules> {
    id: &'static str,
    game: Game<R>,
    searcher: Searcher<R>,
    engine: Color,
    movetime: Duration,
    /// The side that made each move of `game.moves()`.
    movers: Vec<Color>,
    /// The engine found no move although the game was not over (it resigns).
    resigned: Option<Color>,
    /// The result has been printed.
    announced: bool,
}

impl<R: Rules> PlaySession<R> {
    fn human(&self) -> Color {
        !self.engine
    }

    fn over(&self) -> bool {
        self.game.is_over() || self.resigned.is_some()
    }

    fn who(&self, c: Color) -> String {
        let role = if c == self.engine { "engine" } else { "you" };
        format!("{} [{role}]", side_name(c))
    }

    fn run(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), PlayError> {
        writeln!(
            out,
            "{}: you play {}, the engine plays {} ({} ms a move). Type 'help' for help.",
            self.id,
            side_name(self.human()),
            side_name(self.engine),
            self.movetime.as_millis()
        )?;
        self.show(out)?;
        let mut line = String::new();
        loop {
            if self.over() {
                if !self.announced {
                    self.announce(out)?;
                }
            } else if self.game.position().side_to_move() == self.engine {
                self.engine_move(out)?;
                self.show(out)?;
                continue;
            }
            write!(out, "{}> ", self.prompt())?;
            out.flush()?;
            line.clear();
            if input.read_line(&mut line)? == 0 {
                writeln!(out)?;
                writeln!(out, "End of input: leaving the game.")?;
                return Ok(());
            }
            match Command::parse(&line) {
                Command::Empty => {}
                Command::Help => writeln!(out, "{HELP}")?,
                Command::Moves => self.list_moves(out)?,
                Command::Sfen => writeln!(out, "{}", self.game.position().to_sfen())?,
                Command::Board => self.show(out)?,
                Command::Undo => self.undo(out)?,
                Command::Quit => {
                    writeln!(out, "Bye.")?;
                    return Ok(());
                }
                Command::Move(text) => self.human_move(&text, out)?,
            }
        }
    }

    fn prompt(&self) -> String {
        if self.over() {
            "game over (undo/quit)".to_string()
        } else {
            let n = self.game.position().move_number();
            format!("move {n}, {}", side_name(self.human()))
        }
    }

    fn human_move(&mut self, text: &str, out: &mut dyn Write) -> io::Result<()> {
        if self.over() {
            let e = MoveError::GameOver(text.to_string());
            return writeln!(out, "error: {e}. Type 'undo' to take moves back or 'quit'.");
        }
        match self.game.play_usi(text) {
            Ok(_) => {
                self.movers.push(self.human());
                self.show(out)
            }
            Err(e) => {
                let hint = match e {
                    MoveError::Malformed(_) => " (not a command either; type 'help')",
                    _ => " (type 'moves' for the legal moves)",
                };
                writeln!(out, "error: {e}{hint}")
            }
        }
    }

    fn engine_move(&mut self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "The engine is thinking...")?;
        out.flush()?;
        let limits = Limits {
            movetime: Some(self.movetime),
            ..Limits::default()
        };
        let result = self.searcher.search(&self.game, &limits, &mut |_| {});
        match result.best {
            Some(mv) => {
                let text = self.game.position().move_to_usi(mv);
                // The searcher only returns legal moves; a failure here is a bug worth naming.
                if let Err(e) = self.game.play(mv) {
                    writeln!(out, "internal error: the engine chose {text}: {e}")?;
                    self.resigned = Some(self.engine);
                    return Ok(());
                }
                self.movers.push(self.engine);
                writeln!(
                    out,
                    "The engine plays {text} (depth {}, score {}).",
                    result.depth, result.score
                )
            }
            None => {
                self.resigned = Some(self.engine);
                writeln!(out, "The engine resigns.")
            }
        }
    }

    /// Takes back moves up to and including the human's last one.
    fn undo(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let human = self.human();
        if !self.movers.contains(&human) {
            return writeln!(out, "Nothing to undo: you have not moved yet.");
        }
        let mut taken = Vec::new();
        while let Some(mover) = self.movers.pop() {
            let mv = self.game.undo().expect("one game move per recorded mover");
            taken.push(self.game.position().move_to_usi(mv));
            if mover == human {
                break;
            }
        }
        self.resigned = None;
        self.announced = false;
        taken.reverse();
        writeln!(out, "Took back {}.", taken.join(" "))?;
        self.show(out)
    }

    fn list_moves(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.over() {
            return writeln!(out, "No legal moves: the game is over.");
        }
        let pos = self.game.position().clone();
        let mut moves: Vec<String> = self
            .game
            .legal_moves()
            .into_iter()
            .map(|m| pos.move_to_usi(m))
            .collect();
        moves.sort();
        writeln!(out, "{} legal moves:", moves.len())?;
        for chunk in moves.chunks(10) {
            writeln!(out, "  {}", chunk.join(" "))?;
        }
        Ok(())
    }

    fn show(&self, out: &mut dyn Write) -> io::Result<()> {
        let pos = self.game.position();
        let last = self.game.moves().last().copied();
        let mark = last.map(move_squares).unwrap_or_default();
        writeln!(out)?;
        writeln!(
            out,
            "{} hand: {}",
            self.who(Color::White),
            hand_text(pos, Color::White)
        )?;
        write!(out, "{}", board_text(pos, &mark))?;
        writeln!(
            out,
            "{} hand: {}",
            self.who(Color::Black),
            hand_text(pos, Color::Black)
        )?;
        if let (Some(mv), Some(&mover)) = (last, self.movers.last()) {
            writeln!(
                out,
                "Last move: {} by {}",
                pos.move_to_usi(mv),
                side_name(mover)
            )?;
        }
        if !self.over() {
            let side = pos.side_to_move();
            let check = if pos.in_check(side) {
                " (in check)"
            } else {
                ""
            };
            writeln!(out, "{} to move{check}.", self.who(side))?;
        }
        Ok(())
    }

    /// Writes the game as a record: players by role, the end by the game's outcome, a
    /// resignation of the engine, or an abort when the player left before the end.
    fn save(&self, path: &std::path::Path) -> Result<(), crate::records::RecordError> {
        use crate::records::{record_of_game, write_path, EndKind};
        let name = |c: Color| {
            if c == self.engine {
                "shogi-variants"
            } else {
                "human"
            }
        };
        let end = if self.resigned.is_some() {
            EndKind::Resign
        } else {
            EndKind::Abort
        };
        let record = record_of_game(
            self.id,
            &self.game,
            Some(name(Color::Black)),
            Some(name(Color::White)),
            Some(end),
        );
        write_path(path, &record)
    }

    fn announce(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.announced = true;
        let (text, winner) = match (self.game.outcome(), self.resigned) {
            (Some(o), _) => (result_text(&self.game, o), o.winner),
            (None, Some(loser)) => (
                format!("{} resigned: {} wins", side_name(loser), side_name(!loser)),
                Some(!loser),
            ),
            (None, None) => return Ok(()),
        };
        let verdict = match winner {
            Some(w) if w == self.human() => "You win!",
            Some(_) => "The engine wins.",
            None => "Draw.",
        };
        writeln!(out, "Game over: {text}. {verdict}")?;
        writeln!(
            out,
            "Type 'undo' to take back your last move, or 'quit' to leave."
        )
    }
}
