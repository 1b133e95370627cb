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
    /// `go mate` (tsume search), answered with `checkmate notimplemented`.
    pub mate: bool,
}

/// Reads the words after `go`.
pub fn parse_go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        i += 1;
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
                if words.get(i).is_some() {
                    i += 1;
                }
            }
            other => return Err(format!("go: unknown parameter '{other}'")),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_parameter() {
        let go = parse_go(&[
            "btime", "1000", "wtime", "2000", "binc", "10", "winc", "20", "byoyomi", "500",
            "depth", "7", "nodes", "99", "movetime", "300", "infinite", "ponder",
        ])
        .unwrap();
        assert_eq!(
            go,
            Go {
                depth: Some(7),
                nodes: Some(99),
                movetime: Some(300),
                btime: Some(1000),
                wtime: Some(2000),
                binc: Some(10),
                winc: Some(20),
                byoyomi: Some(500),
                infinite: true,
                ponder: true,
                mate: false,
            }
        );
        assert!(parse_go(&["mate", "infinite"]).unwrap().mate);
        assert!(parse_go(&["depth"]).is_err());
        assert!(parse_go(&["depth", "x"]).is_err());
        assert!(parse_go(&["nodes", "-5"]).is_err());
        assert!(parse_go(&["sideways"]).is_err());
        // Huge depths are kept (clamped to u32) for the server to clamp with a message.
        assert_eq!(
            parse_go(&["depth", "99999999999"]).unwrap().depth,
            Some(u32::MAX)
        );
    }

    #[test]
    fn huge_clocks_do_not_overflow() {
        let max = u64::MAX.to_string();
        let go = parse_go(&["btime", &max, "binc", &max, "byoyomi", &max]).unwrap();
        let plan = time_plan(&go, Color::Black).unwrap();
        assert_eq!(plan.hard, Duration::from_millis(u64::MAX - MARGIN_MS));
        assert_eq!(plan.soft, plan.hard);
        // inc * 3 / 4 without overflow: 100 s / 40 + 3/4 of 1001 ms = 2500 + 750 ms.
        let go = parse_go(&["btime", "100000", "binc", "1001"]).unwrap();
        assert_eq!(
            time_plan(&go, Color::Black).unwrap().soft,
            Duration::from_millis(3250)
        );
    }

    #[test]
    fn plans_time() {
        // Byoyomi only: use the byoyomi less the margin.
        let go = parse_go(&["btime", "0", "wtime", "0", "byoyomi", "1000"]).unwrap();
        let plan = time_plan(&go, Color::Black).unwrap();
        assert_eq!(plan.hard, Duration::from_millis(900));
        assert_eq!(plan.soft, Duration::from_millis(900));
        // Sudden death, 60 s left for White: soft 1.5 s, hard 7.5 s.
        let go = parse_go(&["btime", "1", "wtime", "60000"]).unwrap();
        let plan = time_plan(&go, Color::White).unwrap();
        assert_eq!(plan.soft, Duration::from_millis(1500));
        assert_eq!(plan.hard, Duration::from_millis(7500));
        // Almost out of time: never more than what is left.
        let plan = time_plan(&go, Color::Black).unwrap();
        assert_eq!(plan.hard, Duration::from_millis(10));
        // No clock.
        assert_eq!(
            time_plan(&parse_go(&["depth", "3"]).unwrap(), Color::Black),
            None
        );
    }
}
