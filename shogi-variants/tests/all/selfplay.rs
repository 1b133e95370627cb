//! `shogi-variants selfplay`: tiny matches (a few plies at 10 ms a move), library and binary.

use shogi_variants::registry;
use shogi_variants::selfplay::{selfplay, summary_text, Opponent, SelfplayOptions, Summary};
use std::process::Command;
use std::time::Duration;

fn tiny(id: &str, opponent: Opponent) -> SelfplayOptions {
    SelfplayOptions {
        id: id.to_string(),
        games: 2,
        movetime: Duration::from_millis(10),
        opponent,
        max_plies: 12,
        hash_mb: 1,
        ..SelfplayOptions::default()
    }
}

/// A record line split into (position words, moves, result words).
fn parse(line: &str) -> (Vec<String>, Vec<String>, Vec<String>) {
    let (head, result) = line.split_once(" result ").expect("a result");
    let (pos, moves) = head.split_once(" moves").expect("a move list");
    (
        pos.split_whitespace().map(str::to_string).collect(),
        moves.split_whitespace().map(str::to_string).collect(),
        result.split_whitespace().map(str::to_string).collect(),
    )
}

/// Every move of the record is legal in turn.
fn replay(id: &str, sfen: Option<&str>, moves: &[String]) {
    let mut e = registry::create(id).unwrap();
    e.set_position(sfen, moves)
        .unwrap_or_else(|err| panic!("{id}: {err} in {moves:?}"));
}

fn run(opts: &SelfplayOptions) -> (Summary, Vec<String>, Vec<String>) {
    let mut records = Vec::new();
    let mut progress = Vec::new();
    let s = selfplay(opts, &mut records, &mut progress).expect("the match runs");
    let lines = |b: Vec<u8>| {
        String::from_utf8(b)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    (s, lines(records), lines(progress))
}

#[test]
fn records_alternate_colours_and_replay() {
    for (id, opponent) in [
        ("shogi", Opponent::Random),
        ("shogi", Opponent::Greedy),
        ("Shogi-Othello-TypeA:1", Opponent::Engine),
    ] {
        let opts = tiny(id, opponent);
        let (s, records, progress) = run(&opts);
        assert_eq!(s.games, 2);
        assert_eq!(s.wins + s.losses + s.draws, 2);
        assert_eq!(records.len(), 2);
        assert_eq!(progress.len(), 2);
        assert!(progress[0].starts_with("game 1/2: engine (black) vs "));
        assert!(progress[1].starts_with("game 2/2: "));
        assert!(progress[1].contains(" vs engine (white): "));
        for (i, line) in records.iter().enumerate() {
            let (pos, moves, result) = parse(line);
            assert_eq!(pos, ["startpos"]);
            replay(id, None, &moves);
            let engine = if i == 0 {
                "black=engine"
            } else {
                "white=engine"
            };
            assert!(result.contains(&engine.to_string()), "{line}");
            if result[0] == "*" {
                assert_eq!(result[1], "max-plies");
                assert_eq!(moves.len(), 12);
            } else {
                assert!(["1-0", "0-1", "1/2-1/2"].contains(&result[0].as_str()));
                assert!(moves.len() <= 12);
            }
        }
        assert!(summary_text(&opts, &s).contains("2 games"));
    }
}

#[test]
fn a_decided_game_is_recorded_with_its_result() {
    // The engine, Black in game 1, mates at once with G*1b.
    let sfen = "8k/9/p7P/9/9/9/9/9/4K4 b G 1";
    let mut opts = tiny("shogi", Opponent::Random);
    opts.sfen = Some(sfen.to_string());
    let (s, records, _) = run(&opts);
    assert_eq!(
        records[0],
        format!("sfen {sfen} moves G*1b result 1-0 checkmate black=engine white=random")
    );
    let (pos, moves, _) = parse(&records[1]);
    assert_eq!(pos[0], "sfen");
    replay("shogi", Some(sfen), &moves);
    assert!(s.wins >= 1);
}

#[test]
fn score_and_elo() {
    let s = Summary {
        games: 4,
        wins: 3,
        losses: 1,
        ..Summary::default()
    };
    assert_eq!(s.score(), 0.75);
    // -400 log10(1/0.75 - 1) = 400 log10(3) = 190.8.
    assert!((s.elo().unwrap() - 190.85).abs() < 0.1);
    let all = Summary {
        games: 2,
        wins: 2,
        ..Summary::default()
    };
    assert_eq!(all.elo(), None);
    let drawn = Summary {
        games: 2,
        draws: 2,
        capped: 1,
        ..Summary::default()
    };
    assert_eq!(drawn.score(), 0.5);
    assert!(
        summary_text(&tiny("shogi", Opponent::Engine), &drawn).contains(
            "0 wins, 0 losses, 2 draws (1 stopped at 12 plies); score 50.0%, Elo difference 0"
        )
    );
}

#[test]
fn the_binary_writes_games_to_a_file() {
    let dir = std::env::temp_dir().join(format!("selfplay-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.txt");
    let out = Command::new(env!("CARGO_BIN_EXE_shogi-variants"))
        .args([
            "selfplay",
            "Shogi-Kirin-Phoenix:1",
            "--games",
            "2",
            "--movetime",
            "10",
            "--max-plies",
            "10",
            "--opponent",
            "greedy",
            "--out",
        ])
        .arg(&file)
        .output()
        .expect("binary runs");
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with("engine vs greedy in Shogi-Kirin-Phoenix:1 at 10 ms a move: 2 games"),
        "{stdout}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().filter(|l| l.starts_with("game ")).count(), 2);
    let games = std::fs::read_to_string(&file).unwrap();
    assert_eq!(games.lines().count(), 2);
    for line in games.lines() {
        let (_, moves, _) = parse(line);
        replay("Shogi-Kirin-Phoenix:1", None, &moves);
    }
    std::fs::remove_dir_all(&dir).unwrap();
    // Bad arguments fail with a message.
    let out = Command::new(env!("CARGO_BIN_EXE_shogi-variants"))
        .args(["selfplay", "shogi", "--opponent", "oracle"])
        .output()
        .unwrap();
    assert!(!out.status.success());
}
