//! The USI server driven through pipes, as a GUI would.

use crate::common::Usi;
use shogi_variants::registry;
use std::time::{Duration, Instant};

fn legal(id: &str, sfen: Option<&str>, moves: &[&str]) -> Vec<String> {
    let mut e = registry::create(id).unwrap();
    let moves: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    e.set_position(sfen, &moves).unwrap();
    e.legal_moves()
}

#[test]
fn handshake_lists_every_variant() {
    let mut usi = Usi::start();
    usi.send("usi");
    let lines = usi.until("usiok");
    assert!(lines[0].starts_with("id name shogi-variants"));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name USI_Hash type spin")));
    let variant = lines
        .iter()
        .find(|l| l.starts_with("option name USI_Variant type combo default shogi"))
        .expect("USI_Variant option");
    let offered: Vec<&str> = variant.split(" var ").skip(1).collect();
    assert_eq!(offered, registry::ids());
    usi.send("isready");
    assert_eq!(usi.until("readyok"), ["readyok"]);
    usi.close();
}

#[test]
fn searches_and_reports() {
    let mut usi = Usi::start();
    usi.send("usinewgame");
    usi.send("position startpos moves 7g7f 3c3d");
    usi.send("go depth 3");
    let lines = usi.until("bestmove");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 3, "{lines:?}");
    for (i, l) in infos.iter().enumerate() {
        assert!(l.starts_with(&format!("info depth {} ", i + 1)), "{l}");
        for field in [" score ", " nodes ", " nps ", " pv "] {
            assert!(l.contains(field), "{l} lacks{field}");
        }
    }
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(
        legal("shogi", None, &["7g7f", "3c3d"]).contains(&best),
        "{best}"
    );
    usi.send("quit");
    usi.close();
}

#[test]
fn mates_and_resigns() {
    let mut usi = Usi::start();
    // G*1b mates (see shogi-core tests/all/game.rs).
    usi.send("position sfen 8k/9/p7P/9/9/9/9/9/4K4 b G 1");
    usi.send("go depth 3");
    let lines = usi.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove G*1b");
    // The mated side resigns; so does a stalemated one.
    usi.send("position sfen 8k/9/p7P/9/9/9/9/9/4K4 b G 1 moves G*1b");
    usi.send("go btime 1000 wtime 1000");
    assert_eq!(usi.bestmove(), "resign");
    usi.send("position sfen 8k/6S2/8G/9/9/9/9/9/4K4 w - 1");
    usi.send("go depth 2");
    assert_eq!(usi.bestmove(), "resign");
    usi.close();
}

#[test]
fn infinite_waits_for_stop() {
    let mut usi = Usi::start();
    // The mate is found at once, but bestmove must wait for `stop`.
    usi.send("position sfen 8k/9/p7P/9/9/9/9/9/4K4 b G 1");
    usi.send("go infinite");
    let early = usi.within(Duration::from_millis(300));
    assert!(
        early.iter().all(|l| !l.starts_with("bestmove")),
        "{early:?}"
    );
    usi.send("isready");
    usi.until("readyok");
    usi.send("stop");
    assert_eq!(usi.bestmove(), "G*1b");
    // A long search stops promptly.
    usi.send("position startpos");
    usi.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    usi.send("stop");
    let best = usi.bestmove();
    assert!(t.elapsed() < Duration::from_secs(2));
    assert!(legal("shogi", None, &[]).contains(&best), "{best}");
    usi.close();
}

#[test]
fn ponder_then_ponderhit_or_stop() {
    let mut usi = Usi::start();
    usi.send("position startpos moves 7g7f");
    usi.send("go ponder btime 2000 wtime 2000 byoyomi 200");
    let early = usi.within(Duration::from_millis(300));
    assert!(
        early.iter().all(|l| !l.starts_with("bestmove")),
        "{early:?}"
    );
    let t = Instant::now();
    usi.send("ponderhit");
    let best = usi.bestmove();
    assert!(t.elapsed() < Duration::from_secs(5));
    assert!(legal("shogi", None, &["7g7f"]).contains(&best), "{best}");
    usi.send("go ponder btime 2000 wtime 2000");
    std::thread::sleep(Duration::from_millis(100));
    usi.send("stop");
    usi.bestmove();
    usi.close();
}

#[test]
fn clock_limits_the_search() {
    let mut usi = Usi::start();
    usi.send("position startpos");
    let t = Instant::now();
    usi.send("go btime 0 wtime 0 byoyomi 500");
    usi.bestmove();
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t.elapsed()
    );
    usi.send("go movetime 200");
    usi.bestmove();
    usi.send("go nodes 500");
    usi.bestmove();
    usi.close();
}

#[test]
fn bad_input_is_reported_and_survived() {
    let mut usi = Usi::start();
    for bad in [
        "position sfen not-a-board b - 1",
        "position startpos moves 7g7f 7g7f",
        "position startpos moves 7g7f zz",
        "position",
        "go depth x",
        "go sideways",
        "setoption name USI_Variant value no-such-variant",
        "setoption name USI_Hash value 0",
        "setoption name Bogus value 1",
        "setoption USI_Hash",
        "frobnicate",
    ] {
        usi.send(bad);
        let line = usi.until("info string");
        assert!(
            line.last().unwrap().starts_with("info string error:"),
            "{bad}: {line:?}"
        );
    }
    // The failed `position` commands kept the start position.
    usi.send("go depth 1");
    let best = usi.bestmove();
    assert!(legal("shogi", None, &[]).contains(&best), "{best}");
    usi.send("isready");
    usi.until("readyok");
    usi.close();
}

#[test]
fn every_variant_plays_a_legal_move() {
    let mut usi = Usi::start();
    usi.send("setoption name USI_Hash value 1");
    for id in registry::ids() {
        usi.send(&format!("setoption name USI_Variant value {id}"));
        usi.send("isready");
        usi.until("readyok");
        usi.send("usinewgame");
        usi.send("position startpos");
        usi.send("go depth 2");
        let mv = usi.bestmove();
        assert!(legal(id, None, &[]).contains(&mv), "{id}: {mv}");
        // One move into the game as well.
        usi.send(&format!("position startpos moves {mv}"));
        usi.send("go nodes 3000");
        let reply = usi.bestmove();
        assert!(
            legal(id, None, &[&mv]).contains(&reply),
            "{id}: {mv} {reply}"
        );
    }
    usi.close();
}

/// The bounds of `shogi_variants::limits`: each hostile input gets an `info string` and the
/// server goes on.
#[test]
fn hostile_input_is_bounded() {
    use shogi_variants::limits::{MAX_HASH_MB, MAX_LINE_BYTES, MAX_MOVES};
    let mut usi = Usi::start();
    usi.send("position startpos moves 7g7f");
    // A line over the limit is discarded unread, whatever it says.
    let long = format!(
        "position startpos moves {}",
        "3c3d ".repeat(MAX_LINE_BYTES / 5)
    );
    assert!(long.len() > MAX_LINE_BYTES);
    usi.send(&long);
    let lines = usi.until("info string");
    assert_eq!(
        lines.last().unwrap(),
        &format!(
            "info string error: input line of {} bytes exceeds the limit of {MAX_LINE_BYTES} bytes; ignored",
            long.len()
        )
    );
    // A move list over the limit (in a line within it) is refused before any move is read.
    let many = format!("position startpos moves {}", "7g7f ".repeat(MAX_MOVES + 1));
    assert!(many.len() <= MAX_LINE_BYTES);
    usi.send(&many);
    let lines = usi.until("info string");
    assert_eq!(
        lines.last().unwrap(),
        "info string error: position: 4097 moves given; at most 4096 moves are accepted after a position; the position is unchanged"
    );
    // Input that is not UTF-8.
    usi.send_bytes(b"go \xff\xfe depth 1\n");
    let lines = usi.until("info string");
    assert_eq!(
        lines.last().unwrap(),
        "info string error: input line is not valid UTF-8; ignored"
    );
    // The position is still the one after 7g7f: White moves.
    usi.send("go depth 1");
    let best = usi.bestmove();
    assert!(legal("shogi", None, &["7g7f"]).contains(&best), "{best}");
    // A huge depth is clamped (and the node limit ends the search).
    usi.send("go depth 1000000 nodes 3000");
    let lines = usi.until("bestmove");
    assert_eq!(
        lines[0],
        "info string go depth exceeds the deepest search; searching to depth 64"
    );
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:?}");
    // Clocks at u64::MAX neither overflow nor hang the search past its node limit.
    let max = u64::MAX.to_string();
    for go in [
        format!("go btime {max} wtime {max} binc {max} winc {max} byoyomi {max} nodes 3000"),
        format!("go movetime {max} nodes 3000"),
    ] {
        usi.send(&go);
        let best = usi.bestmove();
        assert!(
            legal("shogi", None, &["7g7f"]).contains(&best),
            "{go}: {best}"
        );
    }
    usi.close();

    // A huge hash is clamped with a message; it is allocated only when the session is made,
    // so a smaller size set before `isready` keeps the test light.
    let mut usi = Usi::start();
    for huge in ["1000000", "99999999999999999999999999"] {
        usi.send(&format!("setoption name USI_Hash value {huge}"));
        let lines = usi.until("info string");
        assert_eq!(
            lines.last().unwrap(),
            &format!("info string USI_Hash {huge} exceeds the maximum; using {MAX_HASH_MB} MB")
        );
    }
    usi.send("usi");
    let lines = usi.until("usiok");
    assert!(lines.contains(&format!(
        "option name USI_Hash type spin default 16 min 1 max {MAX_HASH_MB}"
    )));
    usi.send("setoption name USI_Hash value 1");
    usi.send("isready");
    let lines = usi.until("readyok");
    assert_eq!(lines, ["readyok"]);
    usi.close();
}

/// Smoke test: repeated `go ponder` with a huge clock, `ponderhit` and `stop` (each ponderhit
/// timer now ends when its search is stopped instead of sleeping out the clock).
#[test]
fn ponder_timers_end_with_their_search() {
    let mut usi = Usi::start();
    usi.send("setoption name USI_Hash value 1");
    let max = u64::MAX.to_string();
    for _ in 0..50 {
        usi.send(&format!("go ponder btime {max} wtime {max} nodes 200"));
        usi.send("ponderhit");
        usi.send("stop");
        usi.bestmove();
    }
    usi.send("isready");
    usi.until("readyok");
    usi.close();
}

#[test]
fn threads_option() {
    let mut usi = Usi::start();
    usi.send("usi");
    let lines = usi.until("usiok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Threads type spin default 1 min 1 max ")),
        "{lines:?}"
    );
    usi.send("setoption name Threads value 0");
    usi.send("setoption name Threads value many");
    usi.send("setoption name Threads value 2");
    usi.send("isready");
    let lines = usi.until("readyok");
    let errors: Vec<_> = lines
        .iter()
        .filter(|l| l.starts_with("info string error: Threads:"))
        .collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    usi.send("position startpos moves 7g7f");
    usi.send("go depth 4");
    let lines = usi.until("bestmove");
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(legal("shogi", None, &["7g7f"]).contains(&best), "{best}");
    // Threads carry over to a new variant's session.
    usi.send("setoption name USI_Variant value Shogi-Circe:1");
    usi.send("position startpos");
    usi.send("go movetime 100");
    let lines = usi.until("bestmove");
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(legal("Shogi-Circe:1", None, &[]).contains(&best), "{best}");
    usi.send("quit");
    usi.close();
}

#[test]
fn go_mate_answers_checkmate() {
    let mut usi = Usi::start();
    // A mate in three (see tests/tests/all/mate.rs), none at the start, none that fits in 0 ms.
    usi.send("position sfen 6p1k/6G2/7s1/9/9/9/9/9/4K4 b BS 1");
    usi.send("go mate 5000");
    assert_eq!(
        usi.until("checkmate").last().unwrap(),
        "checkmate B*2b 1a1b S*1c"
    );
    usi.send("position startpos");
    usi.send("go mate infinite");
    assert_eq!(usi.until("checkmate").last().unwrap(), "checkmate nomate");
    usi.send("position sfen 8k/9/6G2/9/9/9/9/9/4K4 b S 1");
    usi.send("go mate 0");
    assert_eq!(usi.until("checkmate").last().unwrap(), "checkmate timeout");
    usi.send("isready");
    usi.until("readyok");
    usi.close();
}

/// `usi` offers the spin option `offer`; of `(name, bad, good)` the bad value is refused with
/// one error naming the option and the good one is taken.
fn spin_option(usi: &mut Usi, offer: &str, (name, bad, good): (&str, &str, &str)) {
    usi.send("usi");
    let lines = usi.until("usiok");
    assert!(lines.iter().any(|l| l == offer), "{lines:?}");
    usi.send(&format!("setoption name {name} value {bad}"));
    usi.send(&format!("setoption name {name} value {good}"));
    usi.send("isready");
    let lines = usi.until("readyok");
    let error = format!("info string error: {name}:");
    let errors = lines.iter().filter(|l| l.starts_with(&error)).count();
    assert_eq!(errors, 1, "{lines:?}");
}

/// `MultiPV` reports that many lines per depth, ranked, each from its own root move; it is
/// refused out of range and the `bestmove` is line 1's move.
#[test]
fn multipv_option() {
    let mut usi = Usi::start();
    spin_option(
        &mut usi,
        "option name MultiPV type spin default 1 min 1 max 600",
        ("MultiPV", "0", "3"),
    );
    usi.send("position startpos");
    usi.send("go depth 3");
    let lines = usi.until("bestmove");
    // (depth, rank, first move of the PV) of each info line.
    let infos: Vec<(String, String, String)> = lines
        .iter()
        .filter(|l| l.starts_with("info depth "))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let after = |key: &str| w[w.iter().position(|x| *x == key).unwrap() + 1].to_string();
            (after("depth"), after("multipv"), after("pv"))
        })
        .collect();
    assert_eq!(infos.len(), 9, "{lines:?}");
    for (d, depth) in infos.chunks(3).enumerate() {
        let ranks: Vec<(&str, &str)> = depth.iter().map(|(d, k, _)| (&d[..], &k[..])).collect();
        let want = (d + 1).to_string();
        assert_eq!(
            ranks,
            [(&want[..], "1"), (&want[..], "2"), (&want[..], "3")]
        );
        assert!(depth[0].2 != depth[1].2 && depth[1].2 != depth[2].2 && depth[0].2 != depth[2].2);
    }
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert_eq!(best, infos[6].2);
    usi.close();
}

/// `DepthLimit` caps every search (the weak opponent of a match), and is refused out of range.
#[test]
fn depth_limit_option() {
    let mut usi = Usi::start();
    spin_option(
        &mut usi,
        "option name DepthLimit type spin default 0 min 0 max 64",
        ("DepthLimit", "65", "1"),
    );
    for go in ["go movetime 3000", "go depth 5"] {
        usi.send("position startpos moves 7g7f");
        usi.send(go);
        let lines = usi.until("bestmove");
        let depths: Vec<&str> = lines
            .iter()
            .filter_map(|l| l.strip_prefix("info depth "))
            .map(|r| r.split_whitespace().next().unwrap())
            .collect();
        assert_eq!(depths, ["1"], "{go}: {lines:?}");
    }
    usi.close();
}
