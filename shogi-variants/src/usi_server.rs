//! `shogi-variants usi`: a USI engine on stdin/stdout for every variant id.
//!
//! The variant is chosen with `setoption name USI_Variant value ID` (default `shogi`); the
//! server then dispatches once to that variant's monomorphized session
//! ([`crate::usi_session`]). Searches run in their own thread so `stop`, `ponderhit`,
//! `isready` and `quit` are answered while they run. Malformed or illegal input is answered
//! with `info string <error>` and the server keeps running. Hostile input cannot make it
//! allocate without bound ([`crate::limits`]): long lines, long move lists, huge hash sizes and
//! depths are refused or clamped, each with an `info string` message.

use crate::limits::{self, Line, MAX_LINE_BYTES};
use crate::registry;
use crate::usi_go::{parse_go, time_plan};
use crate::usi_session::{self, Control, Output, Session};
use shogi_core::search::{DEFAULT_HASH_MB, MAX_DEPTH, MAX_THREADS};
use std::io::{self, BufRead, Write};
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub use crate::limits::MAX_HASH_MB;

/// Most lines `MultiPV` may ask for (more than any position has legal moves in practice;
/// a search reports at most as many lines as the root has legal moves).
const MAX_MULTIPV: usize = 600;

/// Runs the USI protocol on stdin/stdout until `quit` or the end of input (the hook for the
/// `usi` subcommand).
pub fn run_stdio() -> io::Result<()> {
    let stdin = io::stdin();
    run(stdin.lock(), io::stdout())
}

/// Starts a session of a variant id with a hash size in MB.
pub type SessionFactory = fn(&str, usize) -> Result<Box<dyn Session>, String>;

/// The variants a server offers: their ids and how to start a session of one.
pub struct Catalog {
    /// Every id offered by `USI_Variant`; the first is the default.
    pub ids: Vec<&'static str>,
    /// Starts a session of an id (with the hash size in MB).
    pub create: SessionFactory,
}

impl Catalog {
    /// Every registered variant.
    pub fn registry() -> Catalog {
        Catalog {
            ids: registry::ids(),
            create: |id, mb| usi_session::create(id, mb).map_err(|e| e.to_string()),
        }
    }

    /// The setups of one rule set `R` (for an engine built for a single variant, such as a
    /// variant authored outside this crate).
    pub fn of<R: shogi_core::Rules>() -> Catalog {
        fn create<R: shogi_core::Rules>(id: &str, mb: usize) -> Result<Box<dyn Session>, String> {
            match R::TABLE.setups.iter().position(|s| s.id == id) {
                Some(i) => Ok(Box::new(usi_session::VariantSession::<R>::new(i, mb))),
                None => Err(format!("unknown variant id '{id}'")),
            }
        }
        Catalog {
            ids: R::TABLE.setups.iter().map(|s| s.id).collect(),
            create: create::<R>,
        }
    }
}

/// Runs the USI protocol for every registered variant: commands from `input`, answers to
/// `output`.
pub fn run<I: BufRead, O: Write + Send + 'static>(input: I, output: O) -> io::Result<()> {
    run_with(Catalog::registry(), input, output)
}

/// Runs the USI protocol for the variants of `catalog`.
pub fn run_with<I: BufRead, O: Write + Send + 'static>(
    catalog: Catalog,
    mut input: I,
    output: O,
) -> io::Result<()> {
    let mut server = Server::new(Output::new(output), catalog);
    while let Some(line) = limits::read_line(&mut input, MAX_LINE_BYTES)? {
        let more = match line {
            Line::Text(text) => server.handle(&text),
            Line::TooLong(n) => {
                server.error(&format!(
                    "input line of {n} bytes exceeds the limit of {MAX_LINE_BYTES} bytes; ignored"
                ));
                true
            }
            Line::NotUtf8 => {
                server.error("input line is not valid UTF-8; ignored");
                true
            }
        };
        if !more {
            break;
        }
    }
    server.finish_search();
    Ok(())
}

struct Search {
    handle: JoinHandle<()>,
    control: Control,
}

/// The protocol state.
struct Server {
    out: Output,
    catalog: Catalog,
    variant: String,
    hash_mb: usize,
    threads: usize,
    /// `DepthLimit`: every search stops at this depth (0: no limit), to make a weaker
    /// opponent for matches (issue 21's depth-1 engine).
    depth_limit: u32,
    /// `MultiPV`: best lines each search reports.
    multipv: usize,
    session: Option<Box<dyn Session>>,
    search: Option<Search>,
    /// `go ponder` parameters, for the time plan at `ponderhit`.
    ponder_go: Option<crate::usi_go::Go>,
}

impl Server {
    fn new(out: Output, catalog: Catalog) -> Self {
        let variant = catalog.ids.first().copied().unwrap_or("shogi").to_string();
        Server {
            out,
            catalog,
            variant,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            depth_limit: 0,
            multipv: 1,
            session: None,
            search: None,
            ponder_go: None,
        }
    }

    fn say(&self, text: &str) {
        self.out.line(text);
    }

    fn error(&self, text: &str) {
        // One line per message: a newline in an error would start a bogus command.
        self.out
            .line(&format!("info string error: {}", text.replace('\n', " ")));
    }

    /// The session of the chosen variant, created on first use (`None` after reporting an
    /// error, which cannot happen for an id accepted by `setoption`).
    fn session(&mut self) -> Option<&mut Box<dyn Session>> {
        if self.session.is_none() {
            match (self.catalog.create)(&self.variant, self.hash_mb) {
                Ok(mut s) => {
                    s.set_threads(self.threads);
                    s.set_multipv(self.multipv);
                    self.session = Some(s)
                }
                Err(e) => {
                    self.error(&e);
                    return None;
                }
            }
        }
        self.session.as_mut()
    }

    /// Stops a running search and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some(s) = self.search.take() {
            s.control.stop.store(true, Ordering::Relaxed);
            let _ = s.handle.join();
        }
        self.ponder_go = None;
    }

    /// Joins a search that already ended by itself.
    fn reap_search(&mut self) {
        if self.search.as_ref().is_some_and(|s| s.handle.is_finished()) {
            self.finish_search();
        }
    }

    /// Handles one line; `false` after `quit`.
    fn handle(&mut self, line: &str) -> bool {
        self.reap_search();
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return true;
        };
        match command {
            "usi" => self.usi(),
            "isready" => {
                if self.session().is_some() {
                    self.say("readyok");
                }
            }
            "setoption" => self.setoption(args),
            "usinewgame" => {
                self.finish_search();
                if let Some(s) = self.session() {
                    s.new_game();
                }
            }
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => self.finish_search(),
            "ponderhit" => self.ponderhit(),
            "gameover" => self.finish_search(),
            "quit" => return false,
            // Accepted and ignored: no debug output, no registration needed.
            "debug" | "register" => {}
            other => self.error(&format!("unknown command '{other}'")),
        }
        true
    }

    fn usi(&self) {
        self.say(concat!(
            "id name shogi-variants ",
            env!("CARGO_PKG_VERSION")
        ));
        self.say("id author the shogi-variants authors");
        self.say(&format!(
            "option name USI_Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        self.say("option name USI_Ponder type check default false");
        self.say(&format!(
            "option name Threads type spin default 1 min 1 max {}",
            MAX_THREADS + 1
        ));
        self.say(&format!(
            "option name DepthLimit type spin default 0 min 0 max {MAX_DEPTH}"
        ));
        self.say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        let default = self.catalog.ids.first().copied().unwrap_or("shogi");
        let mut variants = format!("option name USI_Variant type combo default {default}");
        for id in &self.catalog.ids {
            variants.push_str(" var ");
            variants.push_str(id);
        }
        self.say(&variants);
        self.say("usiok");
    }

    /// `setoption name <name> [value <value>]`.
    fn setoption(&mut self, args: &[&str]) {
        if args.first() != Some(&"name") {
            return self.error("setoption: expected 'setoption name <id> [value <x>]'");
        }
        let rest = &args[1..];
        let (name, value) = match rest.iter().position(|w| *w == "value") {
            Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
            None => (rest.join(" "), String::new()),
        };
        match name.as_str() {
            "USI_Variant" => {
                if !self.catalog.ids.contains(&value.as_str()) {
                    let e = match registry::lookup(&value) {
                        Err(e) => e.to_string(),
                        Ok(_) => format!("'{value}' is not offered by this engine"),
                    };
                    return self.error(&format!("USI_Variant: {e}"));
                }
                if value != self.variant || self.session.is_none() {
                    self.finish_search();
                    self.variant = value;
                    self.session = None;
                }
            }
            "USI_Hash" => {
                // A size above the maximum (even beyond `usize`) is clamped to it.
                let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
                let mb = match value.parse::<usize>() {
                    Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => mb,
                    Ok(mb) if mb > MAX_HASH_MB => MAX_HASH_MB,
                    Err(_) if digits => MAX_HASH_MB,
                    _ => {
                        return self.error(&format!(
                            "USI_Hash: '{value}' is not a size in MB from 1 to {MAX_HASH_MB}"
                        ))
                    }
                };
                if mb == MAX_HASH_MB && value.trim_start_matches('0') != MAX_HASH_MB.to_string() {
                    self.say(&format!(
                        "info string USI_Hash {value} exceeds the maximum; using {MAX_HASH_MB} MB"
                    ));
                }
                self.finish_search();
                if let Some(s) = self.session.as_mut() {
                    if let Err(e) = s.set_hash(mb) {
                        return self.error(&e);
                    }
                }
                self.hash_mb = mb;
            }
            "USI_Ponder" => {}
            "Threads" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS + 1).contains(&n) => {
                    self.finish_search();
                    self.threads = n;
                    if let Some(s) = self.session.as_mut() {
                        s.set_threads(n);
                    }
                }
                _ => self.error(&format!(
                    "Threads: '{value}' is not a number from 1 to {}",
                    MAX_THREADS + 1
                )),
            },
            "DepthLimit" => match value.parse::<u32>() {
                Ok(d) if d <= MAX_DEPTH => self.depth_limit = d,
                _ => self.error(&format!(
                    "DepthLimit: '{value}' is not a depth from 0 (no limit) to {MAX_DEPTH}"
                )),
            },
            "MultiPV" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_MULTIPV).contains(&n) => {
                    self.finish_search();
                    self.multipv = n;
                    if let Some(s) = self.session.as_mut() {
                        s.set_multipv(n);
                    }
                }
                _ => self.error(&format!(
                    "MultiPV: '{value}' is not a number of lines from 1 to {MAX_MULTIPV}"
                )),
            },
            _ => self.error(&format!("setoption: unknown option '{name}'")),
        }
    }

    /// `position startpos|sfen <sfen> [moves <m>...]`.
    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|w| *w == "moves");
        let (spec, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        if let Err(e) = limits::check_moves(moves.len()) {
            return self.error(&format!("position: {e}; the position is unchanged"));
        }
        let sfen = match spec.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"sfen", fields)) if !fields.is_empty() => Some(fields.join(" ")),
            _ => {
                return self
                    .error("position: expected 'position startpos|sfen <sfen> [moves <move>...]'")
            }
        };
        self.finish_search();
        let result = match self.session() {
            Some(s) => s.set_position(sfen.as_deref(), moves),
            None => return,
        };
        if let Err(e) = result {
            self.error(&format!("position: {e}"));
        }
    }

    fn go(&mut self, args: &[&str]) {
        if args.first() == Some(&"perft") {
            return self.perft(&args[1..]);
        }
        let mut go = match parse_go(args) {
            Ok(go) => go,
            Err(e) => return self.error(&e),
        };
        if go.depth.is_some_and(|d| d > MAX_DEPTH) {
            self.say(&format!(
                "info string go depth exceeds the deepest search; searching to depth {MAX_DEPTH}"
            ));
            go.depth = Some(MAX_DEPTH);
        }
        if self.depth_limit > 0 {
            go.depth = Some(
                go.depth
                    .map_or(self.depth_limit, |d| d.min(self.depth_limit)),
            );
        }
        self.finish_search();
        if go.mate {
            let control = Control::default();
            let out = self.out.clone();
            let Some(session) = self.session() else {
                return;
            };
            let handle = session.mate(go.mate_ms, control.clone(), out);
            self.search = Some(Search { handle, control });
            return;
        }
        let control = Control::default();
        let out = self.out.clone();
        let Some(session) = self.session() else {
            return;
        };
        let handle = session.go(&go, control.clone(), out);
        if go.ponder {
            self.ponder_go = Some(go);
        }
        self.search = Some(Search { handle, control });
    }

    /// `go perft N`, answered as Fairy-Stockfish does: `move: count` per root move, a blank
    /// line, `Nodes searched: total`, a blank line (so the two can be compared over one pipe).
    fn perft(&mut self, args: &[&str]) {
        let depth = match args {
            [d] => match d.parse::<u32>() {
                Ok(n) if (1..=MAX_DEPTH).contains(&n) => n,
                _ => {
                    return self.error(&format!(
                        "go perft: depth '{d}' is not a number from 1 to {MAX_DEPTH}"
                    ))
                }
            },
            _ => return self.error("go perft: give one depth, e.g. `go perft 3`"),
        };
        self.finish_search();
        let Some(session) = self.session() else {
            return;
        };
        let divide = session.perft(depth);
        let total: u64 = divide.iter().map(|(_, n)| n).sum();
        for (mv, n) in &divide {
            self.say(&format!("{mv}: {n}"));
        }
        self.say("");
        self.say(&format!("Nodes searched: {total}"));
        self.say("");
    }

    /// The predicted move was played: the ponder search becomes a timed one, with the clock
    /// given in `go ponder`, counted from now.
    fn ponderhit(&mut self) {
        let Some(search) = self.search.as_ref() else {
            return;
        };
        let Some(go) = self.ponder_go.take() else {
            return;
        };
        search.control.ponderhit.store(true, Ordering::Relaxed);
        let stop = search.control.stop.clone();
        let Some(side) = self.session.as_ref().map(|s| s.side_to_move()) else {
            return;
        };
        let budget = match (go.movetime, time_plan(&go, side)) {
            (Some(ms), _) => Some(Duration::from_millis(ms)),
            (None, Some(plan)) => Some(plan.hard),
            (None, None) => None,
        };
        if let Some(budget) = budget {
            // The timer ends early once the search is stopped, so repeated `go ponder` /
            // `ponderhit` with huge clocks never pile up sleeping threads.
            let start = Instant::now();
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let left = budget.saturating_sub(start.elapsed());
                    if left.is_zero() {
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                    std::thread::sleep(left.min(Duration::from_millis(5)));
                }
            });
        }
    }
}
