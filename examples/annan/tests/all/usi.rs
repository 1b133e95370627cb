//! The Annan USI engine binary answers the protocol and plays Annan moves.

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn annan_engine_plays_a_legal_annan_move() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_annan-usi"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("engine starts");
    // Black pawn 5e with a rook behind it: the only way to reach 1e is the borrowed rook move,
    // and taking the White gold there is the engine's obvious best move.
    let script = "usi\nisready\nposition sfen 8k/9/9/9/4P3g/4R4/9/9/K8 b - 1\ngo depth 2\n";
    child
        .stdin
        .as_mut()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    child.stdin.as_mut().unwrap().write_all(b"quit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("option name USI_Variant type combo default Annan var Annan"),
        "{text}"
    );
    assert!(text.contains("usiok") && text.contains("readyok"), "{text}");
    assert!(
        text.lines()
            .any(|l| l == "bestmove 5e1e" || l.starts_with("bestmove 5e1e ")),
        "{text}"
    );
}
