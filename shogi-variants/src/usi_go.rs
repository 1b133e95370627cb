//! The USI `go` command: its parameters and the time plan they give the search.

use shogi_core::Color;
use std::time::Duration;

/// Parameters of one `go` command (times in milliseconds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub btime: Option<u64>,
    pub wtime: Option<u64>,
    pub binc: Option<u64>,
    pub winc: Option<u64>,
    pub byoyomi: Option<u64>,
    pub infinite: bool,
    pub ponder: bool,
    /// `go mate` (tsume search).
    pub mate: bool,
    /// `go mate <ms>`'s time; `None` for `go mate infinite` (until `stop`).
    pub mate_ms: Option<u64>,
}

/// Reads the words after `go`.
pub fn parse_go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        i += 1;
        let next = words.get(i).copied();
        let mut skip = 0;
        let mut number = |name: &str| -> Result<u64, String> {
            let text = words
                .get(i)
                .ok_or_else(|| format!("go {name}: missing value"))?;
            i += 1;
            text.parse::<u64>()
                .map_err(|_| format!("go {name}: '{text}' is not a non-negative integer"))
        };
        match word {
            // The server clamps depths beyond the deepest search (with a message).
            "depth" => go.depth = Some(u32::try_from(number(word)?).unwrap_or(u32::MAX)),
            "nodes" => go.nodes = Some(number(word)?),
            "movetime" => go.movetime = Some(number(word)?),
            "btime" => go.btime = Some(number(word)?),
            "wtime" => go.wtime = Some(number(word)?),
            "binc" => go.binc = Some(number(word)?),
            "winc" => go.winc = Some(number(word)?),
            "byoyomi" => go.byoyomi = Some(number(word)?),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "mate" => {
                go.mate = true;
                // `go mate <ms>` or `go mate infinite`.
                match next {
                    Some("infinite") => skip = 1,
                    Some(_) => go.mate_ms = Some(number(word)?),
                    None => {}
                }
            }
            other => return Err(format!("go: unknown parameter '{other}'")),
        }
        i += skip;
    }
    Ok(go)
}

/// Time kept back for communication delays.
const MARGIN_MS: u64 = 100;
/// Shortest time budget.
const MIN_MS: u64 = 10;

/// Time budget for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimePlan {
    /// No new iteration starts after this.
    pub soft: Duration,
    /// The search stops at this.
    pub hard: Duration,
}

/// The time plan for `side` under a clock (`btime`/`wtime`, increments, byoyomi); `None`
/// when the command sets no clock. The increment arrives only after the move, so a move may
/// use at most the remaining time plus the byoyomi; it aims at a fortieth of the remaining
/// time plus most of the increment and all of the byoyomi (which is lost if unused).
pub fn time_plan(go: &Go, side: Color) -> Option<TimePlan> {
    let (time, inc) = match side {
        Color::Black => (go.btime, go.binc),
        Color::White => (go.wtime, go.winc),
    };
    if time.is_none() && inc.is_none() && go.byoyomi.is_none() {
        return None;
    }
    let time = time.unwrap_or(0);
    let inc = inc.unwrap_or(0);
    let byoyomi = go.byoyomi.unwrap_or(0);
    // Saturating: a GUI may send any u64 (a huge clock then means "no hurry").
    let cap = time
        .saturating_add(byoyomi)
        .saturating_sub(MARGIN_MS)
        .max(MIN_MS);
    let hard = (time / 8)
        .saturating_add(inc)
        .saturating_add(byoyomi)
        .min(cap)
        .max(MIN_MS);
    let soft = (time / 40)
        .saturating_add(inc / 4 * 3 + inc % 4 * 3 / 4)
        .saturating_add(byoyomi)
        .min(hard);
    Some(TimePlan {
        soft: Duration::from_millis(soft),
        hard: Duration::from_millis(hard),
    })
}
