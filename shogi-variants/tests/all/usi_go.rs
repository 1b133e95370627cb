//! The USI `go` parameters and the time plan (moved from the unit tests of `usi_go.rs`, so the
//! library is not compiled a second time as a test harness). The plan keeps a 100 ms margin
//! off every clock.

use shogi_core::Color;
use shogi_variants::usi_go::{parse_go, time_plan, Go};
use std::time::Duration;

#[test]
fn parses_every_parameter() {
    let go = parse_go(&[
        "btime", "1000", "wtime", "2000", "binc", "10", "winc", "20", "byoyomi", "500", "depth",
        "7", "nodes", "99", "movetime", "300", "infinite", "ponder",
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
            mate_ms: None,
        }
    );
    assert!(parse_go(&["mate", "infinite"]).unwrap().mate);
    assert_eq!(parse_go(&["mate", "infinite"]).unwrap().mate_ms, None);
    assert_eq!(parse_go(&["mate", "300"]).unwrap().mate_ms, Some(300));
    assert!(parse_go(&["mate", "soon"]).is_err());
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
    assert_eq!(plan.hard, Duration::from_millis(u64::MAX - 100));
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
