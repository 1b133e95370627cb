//! `shogi-variants play`, driven by scripted input (library and binary).

use shogi_core::Color;
use shogi_variants::play::{play, Command, PlayOptions, HELP};
use std::io::Write;
use std::process::{Command as Process, Stdio};
use std::time::Duration;

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
/// Black to move mates with G*1b (the pawn on 1c guards 1b; 2a and 2b are covered).
const MATE_IN_ONE: &str = "8k/9/p7P/9/9/9/9/9/4K4 b G 1";

fn opts(id: &str, sfen: Option<&str>) -> PlayOptions {
    PlayOptions {
        id: id.to_string(),
        movetime: Duration::from_millis(30),
        sfen: sfen.map(str::to_string),
        hash_mb: 1,
        ..PlayOptions::default()
    }
}

fn script(o: &PlayOptions, input: &str) -> String {
    let mut out = Vec::new();
    play(o, &mut input.as_bytes(), &mut out).expect("the game runs");
    String::from_utf8(out).expect("UTF-8 output")
}

/// The lines printed in answer to the `sfen` command.
fn sfens(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| l.rsplit("> ").next())
        .filter(|l| l.split_whitespace().count() == 4 && l.contains('/'))
        .map(str::to_string)
        .collect()
}

#[test]
fn commands_are_recognised() {
    assert_eq!(Command::parse("  UNDO \n"), Command::Undo);
    assert_eq!(Command::parse("quit"), Command::Quit);
    assert_eq!(Command::parse("?"), Command::Help);
    assert_eq!(Command::parse(""), Command::Empty);
    assert_eq!(Command::parse("P*5e"), Command::Move("P*5e".to_string()));
}

#[test]
fn mate_in_one_ends_the_game() {
    let out = script(&opts("shogi", Some(MATE_IN_ONE)), "G*1b\n");
    assert!(out.contains("Black (sente) [you] hand: G"), "{out}");
    assert!(out.contains("Last move: G*1b by Black (sente)"), "{out}");
    assert!(
        out.contains("Game over: checkmate: Black (sente) wins. You win!"),
        "{out}"
    );
    // The engine never searched: the game was over.
    assert!(!out.contains("The engine plays"), "{out}");
    assert!(out.trim_end().ends_with("End of input: leaving the game."));
}

#[test]
fn a_lost_start_is_announced_at_once() {
    // Engine White to move, stalemated (2a: silver; 1b, 2b: gold): the human has won.
    let out = script(&opts("shogi", Some("8k/6S2/8G/9/9/9/9/9/4K4 w - 1")), "");
    assert!(
        out.contains(
            "Game over: stalemate (no legal move, which loses): Black (sente) wins. You win!"
        ),
        "{out}"
    );
    // With the engine as Black, the same result is the engine's.
    let mut o = opts("shogi", Some("8k/6S2/8G/9/9/9/9/9/4K4 w - 1"));
    o.engine_color = Color::Black;
    let out = script(&o, "quit\n");
    assert!(
        out.contains("Black (sente) wins. The engine wins."),
        "{out}"
    );
    assert!(out.trim_end().ends_with("Bye."));
}

#[test]
fn bad_input_is_named_and_the_game_goes_on() {
    let out = script(&opts("shogi", None), "7g7e\nzz\nQ*5e\nmoves\nsfen\n");
    assert!(
        out.contains("error: illegal move '7g7e' in this position"),
        "{out}"
    );
    assert!(out.contains("error: malformed USI move 'zz'"), "{out}");
    assert!(
        out.contains("error: unknown piece letter in drop 'Q*5e'"),
        "{out}"
    );
    // 30 legal moves at the start (9 pawn pushes + 21 others, PERFT-STANDARD depth 1).
    assert!(out.contains("30 legal moves:"), "{out}");
    assert!(out.contains("  1g1f 1i1h 2g2f"), "{out}");
    // Nothing was played.
    assert_eq!(sfens(&out), [START]);
    assert!(!out.contains("The engine plays"));
}

#[test]
fn help_lists_the_commands() {
    let out = script(&opts("shogi", None), "help\n");
    assert!(out.contains(HELP));
    for word in ["moves", "undo", "sfen", "quit", "P*5e", "5e5d5c"] {
        assert!(HELP.contains(word), "{word}");
    }
}

#[test]
fn a_move_gets_an_answer_and_undo_takes_both_back() {
    let out = script(&opts("shogi", None), "undo\n7g7f\nsfen\nundo\nsfen\n");
    assert!(out.contains("Nothing to undo: you have not moved yet."));
    let reply_line = out
        .lines()
        .find(|l| l.starts_with("The engine plays "))
        .expect("the engine answered");
    let reply = reply_line.split_whitespace().nth(3).unwrap();
    assert!(out.contains(&format!("Took back 7g7f {reply}.")), "{out}");
    let s = sfens(&out);
    assert_eq!(s.len(), 2, "{out}");
    assert!(s[0].ends_with(" b - 3"), "{}", s[0]);
    assert_eq!(s[1], START);
}

#[test]
fn undo_keeps_the_engines_first_move() {
    // The engine (Black) opens; undo takes back the human's move and the engine's reply but
    // not the opening, which the human did not answer yet.
    let mut o = opts("shogi", None);
    o.engine_color = Color::Black;
    let out = script(&o, "sfen\n3c3d\nundo\nsfen\n");
    let s = sfens(&out);
    assert_eq!(s.len(), 2, "{out}");
    assert_eq!(s[0], s[1]);
    assert!(s[0].ends_with(" w - 2"), "{}", s[0]);
    assert_eq!(out.matches("The engine plays ").count(), 2, "{out}");
}

#[test]
fn lion_moves_are_typed_with_three_squares() {
    // Black lion on 5e, a White pawn on 5d and silver on 5c: 5e5d5c takes both.
    let sfen = "4k4/9/4s4/4p4/4+O4/9/9/9/4K4 b - 1";
    let out = script(&opts("Shogi-Kirin-Phoenix:1", Some(sfen)), "5e5d5c\nsfen\n");
    assert!(out.contains("Last move: 5e5d5c by Black (sente)"), "{out}");
    assert!(out.contains("Black (sente) [you] hand: S P"), "{out}");
    // The lion on 5c covers every square within two of it: 5a has no escape.
    assert!(
        out.contains("Game over: checkmate: Black (sente) wins."),
        "{out}"
    );
}

#[test]
fn unknown_variant_and_bad_sfen_are_errors() {
    let mut out = Vec::new();
    let err = play(&opts("Shogi-Nope", None), &mut &b""[..], &mut out).unwrap_err();
    assert!(err.to_string().contains("unknown variant id 'Shogi-Nope'"));
    let err = play(&opts("shogi", Some("9/9 b - 1")), &mut &b""[..], &mut out).unwrap_err();
    assert!(err.to_string().starts_with("--sfen: "), "{err}");
}

#[test]
fn the_binary_plays_through_stdin() {
    let mut child = Process::new(env!("CARGO_BIN_EXE_shogi-variants"))
        .args(["play", "--movetime", "50", "--sfen", MATE_IN_ONE])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"7g7f\nG*1b\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("error: illegal move '7g7f' in this position"),
        "{text}"
    );
    assert!(
        text.contains("Game over: checkmate: Black (sente) wins. You win!"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("Bye."), "{text}");
    // A bad option is an error with a non-zero status.
    let out = Process::new(env!("CARGO_BIN_EXE_shogi-variants"))
        .args(["play", "no-such-id"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown variant id"));
}

#[test]
fn every_family_board_is_drawn_at_its_size() {
    // (id, files, ranks): the shogi family's boards from 3×4 to 10×10 (issue 17).
    for (id, files, ranks) in [
        ("dobutsu", 3, 4),
        ("micro", 4, 5),
        ("kyotoshogi", 5, 5),
        ("minishogi", 5, 5),
        ("gorogoro", 5, 6),
        ("judkins", 6, 6),
        ("torishogi", 7, 7),
        ("yarishogi", 7, 9),
        ("euroshogi", 8, 8),
        ("shoshogi", 9, 9),
        ("checkshogi", 9, 9),
        ("okisakishogi", 10, 10),
    ] {
        let out = script(&opts(id, None), "sfen\nquit\n");
        let rows: Vec<&str> = out.lines().filter(|l| l.starts_with("  |")).collect();
        assert_eq!(rows.len(), ranks, "{id}: {out}");
        for row in &rows {
            let cells = row.trim_start_matches("  |").split('|').next().unwrap();
            assert_eq!(cells.split_whitespace().count(), files, "{id}: {row}");
        }
        let header = out
            .lines()
            .find(|l| l.trim_start().starts_with(&files.to_string()));
        assert!(
            header.is_some(),
            "{id}: the file numbers start at {files}: {out}"
        );
        let sfen = &sfens(&out)[0];
        assert_eq!(
            sfen.split(' ').next().unwrap().split('/').count(),
            ranks,
            "{id}"
        );
    }
}
