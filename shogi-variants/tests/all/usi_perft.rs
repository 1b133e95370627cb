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
    usi.send("setoption name USI_Variant value minishogi");
    usi.send("position startpos moves 5d5c");
    usi.send("go perft 2");
    let lines = usi.until("Nodes searched");
    let (moves, tail) = lines.split_at(lines.len() - 2);
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
