//! `go perft N` over USI, answered line for line as Fairy-Stockfish answers it.

use crate::common::Usi;

/// Fairy-Stockfish (commit c19b5f6c) for
/// `printf 'usi\nsetoption name USI_Variant value minishogi\nposition startpos moves 5d5c\ngo perft 2\nquit\n' | stockfish`
/// printed these root-move lines (here sorted by move; it prints them in generation order),
/// then an empty line, `Nodes searched: 190` and an empty line.
const FS_MINISHOGI_5D5C_PERFT_2: [&str; 13] = [
    "1a2b: 16", "1b1c: 15", "2a2b: 16", "2a3b: 16", "3a2b: 16", "3a3b: 16", "3a4b: 16", "4a1d: 14",
    "4a2c: 16", "4a3b: 15", "4a5b: 16", "5a5b: 16", "5a5c: 2",
];

#[test]
fn go_perft_answers_like_fairy_stockfish() {
    let mut usi = Usi::start();
    let (moves, tail) = go_perft(&mut usi, "minishogi", "startpos moves 5d5c", 2);
    assert_eq!(moves, FS_MINISHOGI_5D5C_PERFT_2);
    assert_eq!(tail, ["", "Nodes searched: 190"]);
    // The closing empty line, then the server still answers.
    usi.send("isready");
    assert_eq!(usi.until("readyok"), ["", "readyok"]);
    usi.close();
}

#[test]
fn go_perft_rejects_a_bad_depth() {
    let mut usi = Usi::start();
    for bad in ["go perft", "go perft x", "go perft 0", "go perft 2 3"] {
        usi.send(bad);
        usi.send("isready");
        let lines = usi.until("readyok");
        assert_eq!(lines.len(), 2, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error: go perft"),
            "{bad}: {lines:?}"
        );
    }
    usi.close();
}

/// Fairy-Stockfish (commit c19b5f6c) for
/// `printf 'usi\nsetoption name USI_Variant value kyotoshogi\nposition startpos\ngo perft 2\nquit\n' | stockfish`,
/// sorted: the turn-up (`+`) and turn-back (`-`) suffixes as it writes them.
const FS_KYOTO_START_PERFT_2: [&str; 12] = [
    "1e1d+: 12",
    "2e1d-: 11",
    "2e2d-: 11",
    "2e3d-: 10",
    "3e2d: 12",
    "3e3d: 12",
    "3e4d: 12",
    "4e3d+: 12",
    "4e4d+: 11",
    "4e5d+: 11",
    "5e4d-: 11",
    "5e5d-: 12",
];

#[test]
fn go_perft_writes_kyoto_flips_like_fairy_stockfish() {
    let mut usi = Usi::start();
    let (mut moves, tail) = go_perft(&mut usi, "kyotoshogi", "startpos", 2);
    moves.sort();
    assert_eq!(moves, FS_KYOTO_START_PERFT_2);
    assert_eq!(tail, ["", "Nodes searched: 137"]);
    usi.close();
}

/// `go perft depth` in `variant` from `position`: the root-move lines, then the last two
/// lines (the empty one and `Nodes searched: N`).
fn go_perft(
    usi: &mut Usi,
    variant: &str,
    position: &str,
    depth: u32,
) -> (Vec<String>, Vec<String>) {
    usi.send(&format!("setoption name USI_Variant value {variant}"));
    usi.send(&format!("position {position}"));
    usi.send(&format!("go perft {depth}"));
    let mut lines = usi.until("Nodes searched");
    let tail = lines.split_off(lines.len() - 2);
    (lines, tail)
}
