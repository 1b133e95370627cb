//! A server on loopback for the web tests, and a plain HTTP/1.1 client over `TcpStream` (so
//! tests can send exactly the malformed requests they mean to).
#![allow(dead_code)]

use serde_json::Value;
use shogi_variants::registry;
use shogi_variants::serve::{self, ServeOptions};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::Duration;

/// One server for the tests of a binary (each test makes its own games).
pub fn server() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| {
        // Room for every test's games at once (the bound has a test of its own).
        spawn(ServeOptions {
            port: 0,
            max_games: 4096,
            ..ServeOptions::default()
        })
    })
}

/// A server of its own, with these options.
pub fn spawn(opts: ServeOptions) -> SocketAddr {
    serve::spawn(opts).expect("the test server starts")
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub content_type: String,
    pub body: String,
}

/// Sends one request (the path as written, not normalised) and reads the whole answer.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    content_type: Option<&str>,
) -> Reply {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(t) = content_type {
        head.push_str(&format!("Content-Type: {t}\r\n"));
    }
    let body = body.unwrap_or("");
    if !body.is_empty() || method == "POST" || method == "PUT" {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    // A server may answer (413) before reading a long body and close; that is fine.
    let _ = s.write_all(body.as_bytes());
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).to_string();
    let (headers, rest) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("{method} {path}: no HTTP answer: {text:?}"));
    let status: u16 = headers
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("bad status line in {headers:?}"));
    let header = |name: &str| {
        headers
            .lines()
            .find_map(|l| {
                let (k, v) = l.split_once(':')?;
                k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
            })
            .unwrap_or_default()
    };
    let body = if header("transfer-encoding").eq_ignore_ascii_case("chunked") {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    Reply {
        status,
        content_type: header("content-type"),
        body,
    }
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

fn parse(r: &Reply, what: &str) -> Value {
    serde_json::from_str(&r.body).unwrap_or_else(|e| panic!("{what}: not JSON ({e}): {}", r.body))
}

pub fn get_json(addr: SocketAddr, path: &str) -> (u16, Value) {
    let r = request(addr, "GET", path, None, None);
    let v = parse(&r, path);
    (r.status, v)
}

pub fn post_json(addr: SocketAddr, path: &str, body: &Value) -> (u16, Value) {
    let r = request(
        addr,
        "POST",
        path,
        Some(&body.to_string()),
        Some("application/json"),
    );
    let v = parse(&r, path);
    (r.status, v)
}

/// Creates a game; panics unless the server accepts it.
pub fn new_game(addr: SocketAddr, body: Value) -> Value {
    let (status, v) = post_json(addr, "/api/games", &body);
    assert_eq!(status, 201, "new game {body}: {v}");
    v
}

/// The SFEN the engine façade gives after `moves` from `sfen` (or the start).
pub fn engine_sfen(id: &str, sfen: Option<&str>, moves: &[String]) -> String {
    let mut e = registry::create(id).unwrap();
    e.set_position(sfen, moves).unwrap();
    e.sfen()
}
