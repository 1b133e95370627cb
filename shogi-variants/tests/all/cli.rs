//! The command-line contract of CLI.md, driven through the binary.

use std::process::Command;

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogi-variants"))
        .args(args)
        .output()
        .expect("binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn list_has_every_id_once() {
    let (ok, out, _) = run(&["list"]);
    assert!(ok);
    let ids: Vec<&str> = out.lines().collect();
    assert_eq!(ids[0], "shogi");
    let mut sorted = ids.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), ids.len());
    for id in [
        "Shogi-ImmortalSilver:8",
        "Shogi-EightDirectionKnight:0",
        "Shogi-Kirin-Phoenix-Variant:4",
    ] {
        assert!(ids.contains(&id), "{id}");
    }
}

#[test]
fn startpos_moves_perft_divide() {
    let (ok, out, _) = run(&["startpos", "shogi"]);
    assert!(ok);
    assert_eq!(
        out.trim(),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    );
    let (ok, out, _) = run(&["moves", "shogi", "--moves", "7g7f", "3c3d"]);
    assert!(ok);
    let moves: Vec<&str> = out.lines().collect();
    assert!(moves.contains(&"8h2b+") && moves.contains(&"8h2b"));
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted, "moves are sorted");
    let (ok, out, _) = run(&["perft", "shogi", "3"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("25470"));
    let (ok, out, _) = run(&["divide", "shogi", "2"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 31);
    assert_eq!(lines[30], "900");
    assert!(lines[..30].iter().all(|l| l.ends_with(" 30")));
}

#[test]
fn errors_name_the_problem() {
    let (ok, _, err) = run(&["startpos", "Shogi-Circle:1"]);
    assert!(!ok);
    assert!(err.contains("unknown variant id 'Shogi-Circle:1'"), "{err}");
    let (ok, _, err) = run(&[
        "moves",
        "shogi",
        "--sfen",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
    ]);
    assert!(!ok);
    assert!(err.contains("8 ranks"), "{err}");
    let (ok, _, err) = run(&["moves", "shogi", "--moves", "7g7e"]);
    assert!(!ok);
    assert!(
        err.contains("move 1") && err.contains("illegal move '7g7e'"),
        "{err}"
    );
    let (ok, _, err) = run(&["perft", "shogi", "99"]);
    assert!(!ok);
    assert!(err.contains("too deep"), "{err}");
}

#[test]
fn rules_prints_the_table() {
    let (ok, out, _) = run(&["rules", "Shogi-ImmortalSilver:3"]);
    assert!(ok);
    assert!(out.contains("immortal_silver 'I'") && out.contains("immortal"));
    assert!(out.contains("Shogi-ImmortalSilver:3"));
}

#[test]
fn finished_positions_have_no_moves_and_report_their_result() {
    // White (to move) is mated by the gold on 5b, protected by the pawn on 5c.
    let mate = "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1";
    let (ok, out, err) = run(&["moves", "shogi", "--sfen", mate]);
    assert!(ok);
    assert_eq!(out, "");
    assert!(
        err.contains("black wins (the side to move has no legal move)"),
        "{err}"
    );
    let (ok, out, _) = run(&["result", "shogi", "--sfen", mate]);
    assert!(ok);
    assert_eq!(
        out.trim(),
        "black wins (the side to move has no legal move)"
    );
    // King capture: White's king is gone.
    let (ok, out, _) = run(&[
        "result",
        "Shogi-True-Circe:1",
        "--sfen",
        "9/9/9/9/9/9/9/9/4K4 w - 1",
    ]);
    assert!(ok);
    assert!(out.starts_with("black wins (decided on the board"), "{out}");
    let (ok, out, _) = run(&["result", "shogi"]);
    assert!(ok);
    assert_eq!(out.trim(), "ongoing");
}

/// The CLI's bounds: perft depth and the length of `--moves`, each with a clear message.
#[test]
fn cli_limits() {
    let (ok, _, err) = run(&["perft", "shogi", "13"]);
    assert!(!ok);
    assert_eq!(
        err.trim(),
        "error: depth 13 is too deep; the CLI accepts at most 12"
    );
    let (ok, _, err) = run(&["divide", "shogi", "4000000000"]);
    assert!(!ok);
    assert!(err.contains("at most 12"), "{err}");
    let mut args = vec!["moves", "shogi", "--moves"];
    args.extend(std::iter::repeat_n("7g7f", 4097));
    let (ok, out, err) = run(&args);
    assert!(!ok);
    assert!(out.is_empty());
    assert_eq!(
        err.trim(),
        "error: 4097 moves given; at most 4096 moves are accepted after a position"
    );
    // At the limit the list is read (and here its second move is illegal).
    let (ok, _, err) = run(&args[..3 + 4096]);
    assert!(!ok);
    assert!(err.contains("move 2: illegal move '7g7f'"), "{err}");
}
