//! `shogi-variants serve`: the JSON API checked against the engine façade, and the server's
//! safety bounds, over plain HTTP on loopback. The browser test is in `serve_browser` (ignored
//! unless Chromium is installed; `.ci/run` runs it).

mod serve_common;

use serde_json::{json, Value};
use serve_common::*;
use shogi_variants::registry;
use shogi_variants::serve::ServeOptions;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

#[test]
fn variants_list_every_id_with_its_board_size() {
    let s = server();
    let (status, v) = get_json(s, "/api/variants");
    assert_eq!(status, 200);
    let listed: Vec<&str> = v["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["id"].as_str().unwrap())
        .collect();
    assert_eq!(listed, registry::ids());
    for x in v["variants"].as_array().unwrap() {
        let (table, _) = registry::lookup(x["id"].as_str().unwrap()).unwrap();
        assert_eq!(x["files"], table.geometry.files);
        assert_eq!(x["ranks"], table.geometry.ranks);
        assert!(!x["title"].as_str().unwrap().is_empty());
    }
    let (status, d) = get_json(s, "/api/variants/Shogi-Othello-TypeA:1");
    assert_eq!(status, 200);
    let (t, _) = registry::lookup("Shogi-Othello-TypeA:1").unwrap();
    assert_eq!(d["rules"], t.render());
    assert_eq!(d["start_sfen"], t.setups[0].sfen);
}

/// The state of a new game of every id agrees with the engine: SFEN, legal moves, result, and
/// a board of `ranks` rows of `files` squares whose pieces spell the SFEN's board.
#[test]
fn every_variant_starts_as_the_engine_says() {
    let s = server();
    for id in registry::ids() {
        let st = new_game(s, json!({ "variant": id }));
        let mut e = registry::create(id).unwrap();
        assert_eq!(st["sfen"], e.sfen(), "{id}");
        assert_eq!(st["status"], e.result(), "{id}");
        let legal: Vec<String> = st["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["usi"].as_str().unwrap().to_string())
            .collect();
        let mut sorted = legal.clone();
        sorted.sort();
        assert_eq!(sorted, e.legal_moves(), "{id}");
        let board = st["board"].as_array().unwrap();
        assert_eq!(board.len() as u64, st["ranks"].as_u64().unwrap(), "{id}");
        let mut rows = Vec::new();
        for row in board {
            let row = row.as_array().unwrap();
            assert_eq!(row.len() as u64, st["files"].as_u64().unwrap(), "{id}");
            rows.push(sfen_row(row));
        }
        let sfen = st["sfen"].as_str().unwrap();
        assert_eq!(rows.join("/"), sfen.split(' ').next().unwrap(), "{id}");
        // Each move's parts spell its USI text.
        for m in st["legal"].as_array().unwrap() {
            let from = match (&m["from"], &m["drop"]) {
                (Value::String(f), Value::Null) => f.clone(),
                (Value::Null, Value::String(d)) => format!("{d}*"),
                other => panic!("{id}: move {m} has {other:?}"),
            };
            let mid = m["mid"].as_str().unwrap_or("");
            let plus = match (&m["promote"], &m["demote"]) {
                (Value::Bool(true), _) => "+",
                (_, Value::Bool(true)) => "-",
                _ => "",
            };
            let text = format!("{from}{mid}{}{plus}", m["to"].as_str().unwrap());
            assert_eq!(m["usi"], text, "{id}");
        }
    }
}

/// Rebuilds an SFEN board row from the squares of one display row.
fn sfen_row(row: &[Value]) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for sq in row {
        match sq["piece"].as_str() {
            Some(p) => {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push_str(p);
            }
            None => empty += 1,
        }
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}

/// A short standard game: after each move the SFEN and legal moves are the engine's; undo
/// restores the earlier position; the last move and hands are shown.
#[test]
fn a_game_of_shogi_through_the_api() {
    let s = server();
    let st = new_game(s, json!({ "variant": "shogi" }));
    let gid = st["game"].as_str().unwrap().to_string();
    let moves = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"];
    for (i, m) in moves.iter().enumerate() {
        let (status, st) = post_json(s, &format!("/api/games/{gid}/move"), &json!({ "move": m }));
        assert_eq!(status, 200, "{m}: {st}");
        let played: Vec<String> = moves[..=i].iter().map(|s| s.to_string()).collect();
        assert_eq!(st["sfen"], engine_sfen("shogi", None, &played), "after {m}");
        assert_eq!(st["last"]["usi"], *m);
        assert_eq!(st["moves"], json!(played));
    }
    let (_, st) = get_json(s, &format!("/api/games/{gid}"));
    assert_eq!(st["hands"]["b"], json!([]), "the bishop was dropped");
    assert_eq!(st["hands"]["w"], json!([{ "piece": "B", "count": 1 }]));
    assert_eq!(st["last"]["squares"], json!(["4e"]));
    let (status, st) = post_json(s, &format!("/api/games/{gid}/undo"), &json!({ "plies": 2 }));
    assert_eq!(status, 200);
    let kept: Vec<String> = moves[..3].iter().map(|s| s.to_string()).collect();
    assert_eq!(st["sfen"], engine_sfen("shogi", None, &kept));
    assert_eq!(st["last"]["usi"], "8h2b+");
}

/// The engine's reply is a legal move, played; its PV starts with it.
#[test]
fn engine_replies_with_a_legal_move_score_and_pv() {
    let s = server();
    let st = new_game(s, json!({ "variant": "shogi", "moves": ["7g7f"] }));
    let gid = st["game"].as_str().unwrap();
    let before = registry::create("shogi").map(|mut e| {
        e.set_position(None, &["7g7f".to_string()]).unwrap();
        e.legal_moves()
    });
    let (status, st) = post_json(
        s,
        &format!("/api/games/{gid}/engine"),
        &json!({ "movetime_ms": 200 }),
    );
    assert_eq!(status, 200, "{st}");
    let mv = st["engine"]["move"].as_str().unwrap().to_string();
    assert!(before.unwrap().contains(&mv), "{mv}");
    assert_eq!(st["engine"]["pv"][0], mv.as_str());
    assert!(st["engine"]["depth"].as_u64().unwrap() >= 1);
    assert!(
        st["engine"]["score"].as_str().unwrap().starts_with("cp ")
            || st["engine"]["score"].as_str().unwrap().starts_with("mate ")
    );
    assert_eq!(
        st["sfen"],
        engine_sfen("shogi", None, &["7g7f".to_string(), mv])
    );
}

/// A game set up from an SFEN, with a lion's double move, a promotion and the result.
#[test]
fn sfen_setup_lion_double_move_and_result() {
    let s = server();
    // Black lion (+O) on 5e, white pawns on 5d and 4d, white king 1a, black king 9i.
    let sfen = "8k/9/9/4pp3/4+O4/9/9/9/K8 b - 1";
    let st = new_game(
        s,
        json!({ "variant": "Shogi-Kirin-Phoenix:1", "sfen": sfen }),
    );
    let doubles: BTreeSet<String> = st["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["mid"].is_string())
        .map(|m| m["usi"].as_str().unwrap().to_string())
        .collect();
    assert!(doubles.contains("5e5d4d"), "{doubles:?}");
    let gid = st["game"].as_str().unwrap();
    let (status, st) = post_json(
        s,
        &format!("/api/games/{gid}/move"),
        &json!({ "move": "5e5d4d" }),
    );
    assert_eq!(status, 200, "{st}");
    assert_eq!(
        st["sfen"],
        engine_sfen("Shogi-Kirin-Phoenix:1", Some(sfen), &["5e5d4d".to_string()])
    );
    assert_eq!(st["last"]["squares"], json!(["5e", "5d", "4d"]));
    assert_eq!(st["hands"]["b"], json!([{ "piece": "P", "count": 2 }]));
    // A mate: the result and its reason, as the engine judges it.
    let mate = "8k/6G2/8P/9/9/9/9/9/K8 b G 1";
    let st = new_game(
        s,
        json!({ "variant": "shogi", "sfen": mate, "moves": ["G*1b"] }),
    );
    let mut e = registry::create("shogi").unwrap();
    e.set_position(Some(mate), &["G*1b".to_string()]).unwrap();
    assert_ne!(e.result(), "ongoing");
    assert_eq!(st["result"]["winner"], "b");
    assert_eq!(st["result"]["reason"], "checkmate");
    assert_eq!(st["legal"], json!([]));
    assert!(st["status"].as_str().unwrap().contains("checkmate"));
}

/// Effects are found by comparing the board with a plain move; each one is checked here
/// against the engine's positions before and after, and the rule that causes it.
#[test]
fn effects_of_flips_rebirth_and_vanishing_captures() {
    let s = server();
    // Othello: the gold's move to 5g sandwiches the white silver on 5f against the black
    // silver on 5e, which changes owner.
    let sfen = "4k4/9/9/9/4S4/4s4/9/4G4/4K4 b - 1";
    let st = new_game(
        s,
        json!({ "variant": "Shogi-Othello-TypeA:1", "sfen": sfen, "moves": ["5h5g"] }),
    );
    assert_eq!(
        st["sfen"],
        engine_sfen("Shogi-Othello-TypeA:1", Some(sfen), &["5h5g".to_string()])
    );
    assert_eq!(
        st["last"]["effects"],
        json!([{ "kind": "flip", "square": "5f", "before": "s", "after": "S" }])
    );
    // Reversi: the same sandwich toggles the silver's promotion, keeping its owner.
    let st = new_game(
        s,
        json!({ "variant": "Shogi-Reversi-TypeA:1", "sfen": sfen, "moves": ["5h5g"] }),
    );
    assert_eq!(
        st["sfen"],
        engine_sfen("Shogi-Reversi-TypeA:1", Some(sfen), &["5h5g".to_string()])
    );
    assert_eq!(
        st["last"]["effects"],
        json!([{ "kind": "change", "square": "5f", "before": "s", "after": "+s" }])
    );
    // The same move in standard shogi has no effect.
    let st = new_game(
        s,
        json!({ "variant": "shogi", "sfen": sfen, "moves": ["5h5g"] }),
    );
    assert_eq!(st["last"]["effects"], json!([]));
    // Circe: the white silver captured on 5f is reborn at home (RULES.md: on file 5 with both
    // homes empty, the one on the owner's right, White's files 6-9: 7a).
    let circe = "4k4/9/9/9/9/4s4/4G4/9/4K4 b - 1";
    let st = new_game(
        s,
        json!({ "variant": "Shogi-Circe:1", "sfen": circe, "moves": ["5g5f"] }),
    );
    let after = engine_sfen("Shogi-Circe:1", Some(circe), &["5g5f".to_string()]);
    assert_eq!(st["sfen"], after);
    let fx = st["last"]["effects"].as_array().unwrap();
    assert_eq!(fx.len(), 1, "{fx:?}");
    assert_eq!(fx[0]["kind"], "appear");
    assert_eq!(fx[0]["piece"], "s");
    assert_eq!(fx[0]["square"], "7a");
    assert_eq!(
        st["hands"]["b"],
        json!([]),
        "the silver went home, not to hand"
    );
    // Eight-knight setup 6: a captured eight-knight vanishes.
    let ek = "4k4/9/9/9/9/4e4/4G4/9/4K4 b - 1";
    let st = new_game(
        s,
        json!({ "variant": "Shogi-EightDirectionKnight:6", "sfen": ek, "moves": ["5g5f"] }),
    );
    assert_eq!(
        st["sfen"],
        engine_sfen(
            "Shogi-EightDirectionKnight:6",
            Some(ek),
            &["5g5f".to_string()]
        )
    );
    assert_eq!(
        st["last"]["effects"],
        json!([{ "kind": "vanish", "square": "5f", "piece": "e" }])
    );
    // Paralysis: the black gold attacked by the white silver may not move, and is marked.
    let para = "4k4/9/9/9/4s4/4G4/9/9/4K4 b - 1";
    let st = new_game(s, json!({ "variant": "Shogi-Paralysis:1", "sfen": para }));
    assert!(
        st["paralysed"].as_array().unwrap().contains(&json!("5f")),
        "{}",
        st["paralysed"]
    );
    assert!(
        !st["legal"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["from"] == "5f"),
        "a paralysed piece has no moves"
    );
}

// ---- safety -------------------------------------------------------------------------------

#[test]
fn malformed_requests_get_a_4xx_with_a_json_error_and_the_server_goes_on() {
    let s = server();
    let st = new_game(s, json!({ "variant": "shogi" }));
    let gid = st["game"].as_str().unwrap().to_string();
    let mv = format!("/api/games/{gid}/move");
    let long_sfen = "9/".repeat(600);
    let many_moves: Vec<&str> = vec!["7g7f"; 5000];
    let huge = format!(
        "{{\"variant\":\"shogi\",\"sfen\":\"{}\"}}",
        "x".repeat(100_000)
    );
    // Method, path, body, content type, the status expected.
    type Case<'a> = (&'a str, String, Option<String>, Option<&'a str>, u16);
    let cases: Vec<Case> = vec![
        (
            "POST",
            "/api/games".into(),
            Some("{not json".into()),
            Some("application/json"),
            400,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({"variant":"shogi"}).to_string()),
            Some("text/plain"),
            415,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({"variant":"shogi"}).to_string()),
            None,
            415,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({"variant":"shogi","extra":1}).to_string()),
            Some("application/json"),
            422,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({"variant":7}).to_string()),
            Some("application/json"),
            422,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({"variant":"no-such"}).to_string()),
            Some("application/json"),
            404,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({"variant":"shogi","sfen":"garbage"}).to_string()),
            Some("application/json"),
            422,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({"variant":"shogi","sfen":long_sfen}).to_string()),
            Some("application/json"),
            400,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({"variant":"shogi","moves":many_moves}).to_string()),
            Some("application/json"),
            400,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({"variant":"shogi","moves":["7g7f","7g7f"]}).to_string()),
            Some("application/json"),
            422,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(huge),
            Some("application/json"),
            413,
        ),
        (
            "POST",
            mv.clone(),
            Some(json!({"move":"7g7e"}).to_string()),
            Some("application/json"),
            422,
        ),
        (
            "POST",
            mv.clone(),
            Some(json!({"move":"zz"}).to_string()),
            Some("application/json"),
            422,
        ),
        (
            "POST",
            mv.clone(),
            Some(json!({"move":"7g7f".repeat(10)}).to_string()),
            Some("application/json"),
            400,
        ),
        (
            "POST",
            mv.clone(),
            Some(json!({}).to_string()),
            Some("application/json"),
            422,
        ),
        (
            "POST",
            format!("/api/games/{gid}/undo"),
            Some(json!({"plies":1}).to_string()),
            Some("application/json"),
            422,
        ),
        (
            "POST",
            format!("/api/games/{gid}/undo"),
            Some(json!({"plies":-1}).to_string()),
            Some("application/json"),
            422,
        ),
        (
            "POST",
            format!("/api/games/{gid}/engine"),
            Some(json!({"movetime_ms":0}).to_string()),
            Some("application/json"),
            400,
        ),
        (
            "POST",
            format!("/api/games/{gid}/engine"),
            Some(json!({"movetime_ms":999_999_999}).to_string()),
            Some("application/json"),
            400,
        ),
        ("GET", "/api/games/0123456789abcdef".into(), None, None, 404),
        (
            "GET",
            format!("/api/games/{}", "a".repeat(200)),
            None,
            None,
            400,
        ),
        (
            "POST",
            "/api/games/nope/move".into(),
            Some(json!({"move":"7g7f"}).to_string()),
            Some("application/json"),
            404,
        ),
        ("GET", "/api/variants/nope".into(), None, None, 404),
        ("GET", "/api/nothing".into(), None, None, 404),
        ("DELETE", "/api/variants".into(), None, None, 405),
        ("GET", "/api/games".into(), None, None, 405),
        (
            "PUT",
            mv.clone(),
            Some("{}".into()),
            Some("application/json"),
            405,
        ),
        ("GET", "/api/games/%ff%fe".into(), None, None, 400),
    ];
    for (method, path, body, ty, want) in cases {
        let r = request(s, method, &path, body.as_deref(), ty);
        assert_eq!(r.status, want, "{method} {path}: {}", r.body);
        let v: Value = serde_json::from_str(&r.body)
            .unwrap_or_else(|e| panic!("{method} {path}: not JSON ({e}): {}", r.body));
        assert!(
            v["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{method} {path}: {v}"
        );
        assert!(
            r.content_type.starts_with("application/json"),
            "{method} {path}"
        );
    }
    // Still serving, and the game is unchanged by the refused requests.
    let (status, st) = get_json(s, &format!("/api/games/{gid}"));
    assert_eq!(status, 200);
    assert_eq!(st["moves"], json!([]));
}

/// A request naming another host (a rebinding page's domain) is refused.
#[test]
fn only_loopback_host_names_are_served() {
    let s = server();
    let ask = |host: &str| {
        let mut c = std::net::TcpStream::connect(s).unwrap();
        use std::io::{Read, Write};
        write!(
            c,
            "GET /api/variants HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut out = String::new();
        c.read_to_string(&mut out).unwrap();
        out
    };
    let r = ask("evil.example:8080");
    assert!(r.starts_with("HTTP/1.1 421"), "{r}");
    assert!(r.contains("\"error\""), "{r}");
    assert!(ask(&format!("localhost:{}", s.port())).starts_with("HTTP/1.1 200"));
}

#[test]
fn assets_are_served_by_name_only() {
    let s = server();
    let r = request(s, "GET", "/", None, None);
    assert_eq!(r.status, 200);
    assert!(r.content_type.starts_with("text/html"));
    assert!(r.body.contains("id=\"sfen\""));
    for (path, ty) in [
        ("/assets/app.js", "text/javascript"),
        ("/assets/style.css", "text/css"),
    ] {
        let r = request(s, "GET", path, None, None);
        assert_eq!(r.status, 200, "{path}");
        assert!(r.content_type.starts_with(ty), "{path}");
    }
    for path in [
        "/assets/../Cargo.toml",
        "/assets/..%2fCargo.toml",
        "/assets/%2e%2e%2f%2e%2e%2fCargo.toml",
        "/assets/..%5c..%5cCargo.toml",
        "/../../../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/assets/%2fetc%2fpasswd",
        "/assets/app.js%00.css",
        "/assets/",
        "/src/serve/assets/app.js",
        "/assets/APP.JS",
    ] {
        let r = request(s, "GET", path, None, None);
        assert_eq!(r.status, 404, "{path}: {}", r.body);
        assert!(
            !r.body.contains("[package]") && !r.body.contains("root:"),
            "{path}"
        );
        let v: Value = serde_json::from_str(&r.body).unwrap();
        assert!(v["error"].is_string(), "{path}");
    }
}

#[test]
fn games_are_bounded_and_idle_ones_expire() {
    let s = spawn(ServeOptions {
        port: 0,
        max_games: 3,
        idle: Duration::from_millis(1000),
        ..ServeOptions::default()
    });
    let ids: Vec<String> = (0..3)
        .map(|_| {
            new_game(s, json!({"variant":"shogi"}))["game"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let r = request(
        s,
        "POST",
        "/api/games",
        Some(r#"{"variant":"shogi"}"#),
        Some("application/json"),
    );
    assert_eq!(r.status, 503, "{}", r.body);
    assert!(r.body.contains("maximum of 3 games"), "{}", r.body);
    // Deleting one makes room.
    let r = request(s, "DELETE", &format!("/api/games/{}", ids[0]), None, None);
    assert_eq!(r.status, 200);
    let fresh = new_game(s, json!({"variant":"shogi"}))["game"]
        .as_str()
        .unwrap()
        .to_string();
    // Idle games expire; a game in use does not.
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(2500) {
        assert_eq!(get_json(s, &format!("/api/games/{fresh}")).0, 200);
        std::thread::sleep(Duration::from_millis(100));
    }
    for id in &ids[1..] {
        let (status, v) = get_json(s, &format!("/api/games/{id}"));
        assert_eq!(status, 404, "{id}: {v}");
        assert!(v["error"].as_str().unwrap().contains("expired"));
    }
    assert_eq!(get_json(s, &format!("/api/games/{fresh}")).0, 200);
    // Room again for new games.
    new_game(s, json!({"variant":"shogi"}));
    new_game(s, json!({"variant":"shogi"}));
}

#[test]
fn a_game_is_refused_while_its_engine_thinks() {
    let s = server();
    let st = new_game(s, json!({"variant":"shogi"}));
    let gid = st["game"].as_str().unwrap().to_string();
    let path = format!("/api/games/{gid}/engine");
    let thinker = std::thread::spawn(move || post_json(s, &path, &json!({"movetime_ms": 3000})));
    // Wait (without changing the game) until the search holds it, then try to move.
    let start = Instant::now();
    while get_json(s, &format!("/api/games/{gid}")).0 != 409 {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the search never started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let (status, v) = post_json(
        s,
        &format!("/api/games/{gid}/move"),
        &json!({"move":"7g7f"}),
    );
    assert_eq!(status, 409, "{v}");
    assert!(v["error"].as_str().unwrap().contains("thinking"));
    let (status, v) = thinker.join().unwrap();
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["moves"].as_array().unwrap().len(), 1);
}

#[test]
fn the_command_binds_loopback_by_default_and_prints_the_address() {
    assert_eq!(ServeOptions::default().host, "127.0.0.1");
    assert_eq!(ServeOptions::default().port, 8080);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_shogi-variants"))
        .args(["serve", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    let sock: std::net::SocketAddr = addr.parse().unwrap();
    assert!(sock.ip().is_loopback(), "{line}");
    let r = request(sock, "GET", "/api/variants", None, None);
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(r.status, 200);
}

/// Load: `LOAD_GAMES` (50) clients, each playing random legal moves in games of random ids
/// against the server binary (optimised: the test profile) over loopback for `LOAD_SECS` (60) seconds, with an
/// engine move every 20 plies; a game ends at its result or 200 plies and is deleted. Prints
/// requests, errors and the server's resident memory every 5 s. Run by hand:
/// `cargo test -p shogi-variants --test serve -- --ignored load --nocapture`
#[test]
#[ignore = "a minute of load; run by hand"]
fn load() {
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let (clients, secs) = (env("LOAD_GAMES", 50) as usize, env("LOAD_SECS", 60));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_shogi-variants"))
        .args([
            "serve",
            "--port",
            "0",
            "--max-games",
            &(clients + 8).to_string(),
        ])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    let addr: std::net::SocketAddr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap()
        .parse()
        .unwrap();
    let rss = move || {
        std::fs::read_to_string(format!("/proc/{pid}/status"))
            .ok()
            .and_then(|s| {
                s.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| {
                    l.split_whitespace()
                        .nth(1)
                        .map(|n| n.parse::<u64>().unwrap_or(0))
                })
            })
            .unwrap_or(0)
    };
    let ids = registry::ids();
    let deadline = Instant::now() + Duration::from_secs(secs);
    let requests = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let errors = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let games = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let workers: Vec<_> = (0..clients)
        .map(|i| {
            let (ids, requests, errors, games) =
                (ids.clone(), requests.clone(), errors.clone(), games.clone());
            std::thread::spawn(move || {
                let mut seed =
                    0x9E37_79B9_7F4A_7C15u64 ^ (i as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03);
                let mut next = move |n: usize| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    (seed % n as u64) as usize
                };
                let count = |r: u64| requests.fetch_add(r, std::sync::atomic::Ordering::Relaxed);
                while Instant::now() < deadline {
                    let id = ids[next(ids.len())];
                    let (status, mut st) = post_json(addr, "/api/games", &json!({ "variant": id }));
                    count(1);
                    if status != 201 {
                        errors
                            .lock()
                            .unwrap()
                            .push(format!("new {id}: {status} {st}"));
                        continue;
                    }
                    games.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let gid = st["game"].as_str().unwrap().to_string();
                    for ply in 0..200 {
                        if Instant::now() >= deadline || st["status"] != "ongoing" {
                            break;
                        }
                        let (status, next_st) = if ply % 20 == 19 {
                            post_json(
                                addr,
                                &format!("/api/games/{gid}/engine"),
                                &json!({ "movetime_ms": 20 }),
                            )
                        } else {
                            let legal = st["legal"].as_array().unwrap();
                            let m = legal[next(legal.len())]["usi"]
                                .as_str()
                                .unwrap()
                                .to_string();
                            post_json(
                                addr,
                                &format!("/api/games/{gid}/move"),
                                &json!({ "move": m }),
                            )
                        };
                        count(1);
                        if status != 200 {
                            errors
                                .lock()
                                .unwrap()
                                .push(format!("{id} ply {ply}: {status} {next_st}"));
                            break;
                        }
                        st = next_st;
                    }
                    let r = request(addr, "DELETE", &format!("/api/games/{gid}"), None, None);
                    count(1);
                    if r.status != 200 {
                        errors
                            .lock()
                            .unwrap()
                            .push(format!("delete: {} {}", r.status, r.body));
                    }
                }
            })
        })
        .collect();
    let start = Instant::now();
    let mut samples = Vec::new();
    while Instant::now() < deadline {
        std::thread::sleep(
            Duration::from_secs(5).min(deadline.saturating_duration_since(Instant::now())),
        );
        let kb = rss();
        samples.push(kb);
        println!(
            "t={:>3}s requests={} games={} errors={} server RSS {} MB",
            start.elapsed().as_secs(),
            requests.load(std::sync::atomic::Ordering::Relaxed),
            games.load(std::sync::atomic::Ordering::Relaxed),
            errors.lock().unwrap().len(),
            kb / 1024
        );
    }
    for w in workers {
        w.join().unwrap();
    }
    // Still serving after the load.
    assert_eq!(get_json(addr, "/api/variants").0, 200);
    child.kill().unwrap();
    child.wait().unwrap();
    let errors = errors.lock().unwrap();
    assert!(
        errors.is_empty(),
        "{} errors, first: {:?}",
        errors.len(),
        errors.first()
    );
    println!(
        "RSS samples (MB): {:?}",
        samples.iter().map(|k| k / 1024).collect::<Vec<_>>()
    );
}

/// `GET /api/games/{g}/record`: the game as KIF (default), KI2 or CSA, which our readers
/// read back to the moves played; a variant's game as KIF and KI2 with its id; CSA of a
/// variant and unknown formats are refused with a JSON error.
#[test]
fn games_are_saved_as_records() {
    use shogi_variants::records::{read_text, Format};
    let s = server();
    let moves = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"];
    let st = new_game(s, json!({ "variant": "shogi", "moves": moves }));
    let gid = st["game"].as_str().unwrap().to_string();
    for (query, format) in [
        ("", Format::Kif),
        ("?format=kif", Format::Kif),
        ("?format=ki2", Format::Ki2),
        ("?format=csa", Format::Csa),
    ] {
        let r = request(
            s,
            "GET",
            &format!("/api/games/{gid}/record{query}"),
            None,
            None,
        );
        assert_eq!(r.status, 200, "{query}: {}", r.body);
        assert!(
            r.content_type.starts_with("text/plain"),
            "{}",
            r.content_type
        );
        let record = read_text(&r.body, format, "shogi").unwrap();
        assert_eq!(record.usi_moves(), moves, "{query}");
    }
    let id = "Shogi-Circe:1";
    let st = new_game(s, json!({ "variant": id, "moves": ["7g7f", "3c3d"] }));
    let vid = st["game"].as_str().unwrap().to_string();
    let r = request(s, "GET", &format!("/api/games/{vid}/record"), None, None);
    assert_eq!(r.status, 200);
    assert!(r.body.contains(&format!("変種：{id}")), "{}", r.body);
    assert_eq!(
        read_text(&r.body, Format::Kif, id).unwrap().usi_moves(),
        ["7g7f", "3c3d"]
    );
    let r = request(
        s,
        "GET",
        &format!("/api/games/{vid}/record?format=ki2"),
        None,
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains(&format!("変種：{id}")), "{}", r.body);
    assert!(r.body.contains("▲７六歩    △３四歩"), "{}", r.body);
    assert_eq!(
        read_text(&r.body, Format::Ki2, id).unwrap().usi_moves(),
        ["7g7f", "3c3d"]
    );
    for (path, status) in [
        (format!("/api/games/{vid}/record?format=csa"), 422),
        (format!("/api/games/{gid}/record?format=pgn"), 400),
        ("/api/games/nosuchgame/record".to_string(), 404),
    ] {
        let (got, v) = get_json(s, &path);
        assert_eq!(got, status, "{path}: {v}");
        assert!(v["error"].is_string(), "{path}: {v}");
    }
}

/// `POST /api/games/{g}/analyse`: a row per move (the move played, scores, best move, PV) and
/// the KIF with the analysis as comments; out-of-range times are refused.
#[test]
fn games_are_analysed() {
    use shogi_variants::records::{read_text, Format};
    let s = server();
    let moves = ["7g7f", "3c3d", "8h2b+"];
    let st = new_game(s, json!({ "variant": "shogi", "moves": moves }));
    let gid = st["game"].as_str().unwrap().to_string();
    let path = format!("/api/games/{gid}/analyse");
    let (status, v) = post_json(s, &path, &json!({ "movetime_ms": 20 }));
    assert_eq!(status, 200, "{v}");
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), moves.len());
    for (i, (row, mv)) in rows.iter().zip(moves).enumerate() {
        assert_eq!(row["ply"], i + 1);
        assert_eq!(row["played"], mv);
        assert_eq!(row["by"], if i % 2 == 0 { "b" } else { "w" });
        // The best move is legal where it was found.
        let best = row["best"].as_str().unwrap().to_string();
        let mut e = registry::create("shogi").unwrap();
        let before: Vec<String> = moves[..i].iter().map(|m| m.to_string()).collect();
        e.set_position(None, &before).unwrap();
        assert!(e.legal_moves().contains(&best), "{best} at ply {}", i + 1);
        assert!(row["best_score"].is_string() && row["played_score"].is_string());
    }
    let kif = v["kif"].as_str().unwrap();
    let r = read_text(kif, Format::Kif, "shogi").unwrap();
    assert_eq!(r.usi_moves(), moves);
    assert!(r.moves.iter().all(|m| !m.comments.is_empty()), "{kif}");
    for (body, status) in [
        (json!({ "movetime_ms": 0 }), 400),
        (json!({ "movetime_ms": 60_000 }), 422),
        (json!({ "depth": 3 }), 422),
    ] {
        let (got, v) = post_json(s, &path, &body);
        assert_eq!(got, status, "{body}: {v}");
        assert!(v["error"].is_string());
    }
}

/// Connections are bounded: one that sends no request head (or half of one) within the
/// header deadline is closed; beyond `max_connections`, a new one waits until a slot frees
/// and is then served; the server goes on.
#[test]
fn connections_are_bounded_and_slow_ones_closed() {
    use std::io::{Read, Write};
    use std::net::TcpStream;
    let deadline = Duration::from_millis(600);
    let s = spawn(ServeOptions {
        port: 0,
        max_connections: 2,
        header_timeout: deadline,
        ..ServeOptions::default()
    });
    // Closed by the server: reads end (EOF or an error) soon after the deadline.
    let closed_within = |mut c: TcpStream| -> Duration {
        c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let t = Instant::now();
        let mut buf = [0u8; 256];
        loop {
            match c.read(&mut buf) {
                Ok(0) | Err(_) => return t.elapsed(),
                Ok(_) => {} // a 408 answer may come first
            }
        }
    };
    let silent = TcpStream::connect(s).unwrap();
    let mut half = TcpStream::connect(s).unwrap();
    half.write_all(b"GET /api/variants HTTP/1.1\r\nHo").unwrap();
    // Both slots are held: a third connection's request waits for one of them.
    let started = Instant::now();
    let third = std::thread::spawn(move || {
        let r = request(s, "GET", "/api/variants", None, None);
        (r.status, started.elapsed())
    });
    let a = closed_within(silent);
    let b = closed_within(half);
    for (what, t) in [("silent", a), ("half a head", b)] {
        assert!(t < deadline * 8, "{what}: closed after {t:?}");
    }
    let (status, waited) = third.join().unwrap();
    assert_eq!(status, 200);
    assert!(
        waited >= deadline / 2,
        "the third connection waited for a slot ({waited:?})"
    );
    // The server goes on serving at once.
    let t = Instant::now();
    assert_eq!(get_json(s, "/api/variants").0, 200);
    assert!(t.elapsed() < deadline, "{:?}", t.elapsed());
}
