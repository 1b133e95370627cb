//! `shogi-variants match`: our engine against USI engines started as processes — our own
//! binary (legal games, refereed and recorded) and scripted fakes that break the protocol or
//! the rules (each caught and scored as a loss for the faulty engine).

use shogi_variants::match_runner::{run_match, summary_text, MatchError, MatchOptions, Tally};
use shogi_variants::registry;
use shogi_variants::usi_client::ClientError;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_shogi-variants");

fn our_usi() -> String {
    format!("{BIN} usi")
}

/// A fake USI engine: a shell script that answers the handshake, then `go` with `reply`
/// (a shell command line).
fn fake_engine(name: &str, reply: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!("fake-usi-{name}.sh"));
    let script = format!(
        r#"while read -r line; do
  case "$line" in
    usi) echo "id name fake-{name}"; echo "usiok";;
    isready) echo "readyok";;
    go*) {reply};;
    quit) exit 0;;
  esac
done
"#
    );
    std::fs::write(&path, script).expect("write the fake engine");
    format!("sh {}", path.display())
}

fn opts(id: &str, engine: String, games: usize, max_plies: usize) -> MatchOptions {
    MatchOptions {
        id: id.to_string(),
        engine,
        games,
        movetime: Duration::from_millis(10),
        max_plies,
        hash_mb: 1,
        ..MatchOptions::default()
    }
}

fn run(
    o: &MatchOptions,
) -> (
    shogi_variants::match_runner::MatchSummary,
    Vec<String>,
    String,
) {
    let mut records = Vec::new();
    let mut progress = Vec::new();
    let s = run_match(o, &mut records, &mut progress).expect("the match runs");
    let records = String::from_utf8(records)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    (s, records, String::from_utf8(progress).unwrap())
}

/// (moves, result words) of a record line.
fn parse(line: &str) -> (Vec<String>, Vec<String>) {
    let (head, result) = line.split_once(" result ").expect("a result");
    let (_, moves) = head.split_once(" moves").expect("a move list");
    (
        moves.split_whitespace().map(str::to_string).collect(),
        result.split_whitespace().map(str::to_string).collect(),
    )
}

#[test]
fn in_process_engine_against_our_usi_binary() {
    for id in ["shogi", "Shogi-Circe:1"] {
        let o = opts(id, our_usi(), 2, 12);
        let (s, records, progress) = run(&o);
        assert_eq!(s.games, 2);
        assert_eq!(s.wins + s.losses + s.draws, 2);
        assert_eq!(s.forfeits, 0, "{progress}");
        // One game with each colour, and the colours' tallies add up to the match's.
        let [black, white] = s.by_colour;
        assert_eq!((black.games(), white.games()), (1, 1));
        assert_eq!(
            (s.wins, s.losses, s.draws),
            (
                black.wins + white.wins,
                black.losses + white.losses,
                black.draws + white.draws
            )
        );
        assert!(
            s.second_name.starts_with("shogi-variants"),
            "{}",
            s.second_name
        );
        assert_eq!(records.len(), 2);
        for (i, r) in records.iter().enumerate() {
            assert!(r.starts_with("startpos moves "), "{r}");
            let (moves, result) = parse(r);
            // Colours alternate, the first player Black in game 1.
            let colours = if i == 0 {
                ["black=first", "white=second"]
            } else {
                ["black=second", "white=first"]
            };
            assert_eq!(&result[2..], &colours[..], "{r}");
            // Every move is legal in turn (our referee let nothing else through).
            let mut e = registry::create(id).unwrap();
            e.set_position(None, &moves).unwrap();
            if result[1] == "max-plies" {
                assert_eq!(moves.len(), 12);
                assert_eq!(result[0], "*");
            }
        }
        let text = summary_text(&o, &s);
        assert!(
            text.contains(&format!("{id} at 10 ms a move: 2 games")),
            "{text}"
        );
        assert!(text.contains("Elo difference"), "{text}");
    }
}

#[test]
fn illegal_move_loses_with_a_message() {
    // 5e5a is never legal from the start: no piece on 5e.
    let o = opts(
        "shogi",
        fake_engine("illegal", "echo 'bestmove 5e5a'"),
        2,
        40,
    );
    let (s, records, progress) = run(&o);
    assert_eq!((s.wins, s.losses, s.draws, s.forfeits), (2, 0, 0, 2));
    // Our engine was Black in game 1 and White in game 2, and won both.
    let one_win = Tally {
        wins: 1,
        losses: 0,
        draws: 0,
    };
    assert_eq!(s.by_colour, [one_win, one_win]);
    let text = summary_text(&o, &s);
    assert!(
        text.ends_with("first as black +1 -0 =0 (100.0%), as white +1 -0 =0 (100.0%)"),
        "{text}"
    );
    // Game 1: the fake is White and fails at ply 2; game 2: it is Black and fails at ply 1.
    let (moves1, result1) = parse(&records[0]);
    assert_eq!(moves1.len(), 1);
    assert_eq!(result1[..2], ["1-0", "illegal-move"]);
    let (moves2, result2) = parse(&records[1]);
    assert!(moves2.is_empty());
    assert_eq!(result2[..2], ["0-1", "illegal-move"]);
    assert!(
        progress.contains(
            "game 1: fake-illegal (white) sent the move '5e5a', refused by our rules \
             (illegal move '5e5a' in this position) at ply 2; it loses the game"
        ),
        "{progress}"
    );
    assert!(
        progress.contains("game 2: fake-illegal (black)"),
        "{progress}"
    );
}

#[test]
fn malformed_move_false_claim_resign_and_silence_are_losses() {
    for (name, reply, code) in [
        ("garbage", "echo 'bestmove zz'", "illegal-move"),
        ("claim", "echo 'bestmove win'", "false-win-claim"),
        ("resign", "echo 'bestmove resign'", "resign"),
        ("crash", "exit 3", "engine-failure"),
    ] {
        let o = opts("shogi", fake_engine(name, reply), 1, 40);
        let (s, records, progress) = run(&o);
        assert_eq!((s.wins, s.losses), (1, 0), "{name}: {progress}");
        // One game: our engine had Black only, and the colours say so.
        let win = Tally {
            wins: 1,
            losses: 0,
            draws: 0,
        };
        assert_eq!(s.by_colour, [win, Tally::default()], "{name}");
        assert_eq!(s.total(), win);
        let text = summary_text(&o, &s);
        assert!(
            text.ends_with("first as black +1 -0 =0 (100.0%), as white no games"),
            "{text}"
        );
        let (_, result) = parse(&records[0]);
        assert_eq!(result[..2], ["1-0", code], "{name}");
        if name == "crash" {
            assert!(progress.contains("the engine exited"), "{progress}");
        }
    }
}

#[test]
fn silent_engine_loses_on_time() {
    let mut o = opts("shogi", fake_engine("silent", "true"), 1, 40);
    o.movetime = Duration::from_millis(1);
    let (s, records, progress) = run(&o);
    assert_eq!(s.wins, 1);
    assert_eq!(parse(&records[0]).1[1], "time-forfeit");
    assert!(progress.contains("no 'bestmove' within"), "{progress}");
}

#[test]
fn setup_errors_are_reported() {
    // An engine without a variant option plays standard shogi only.
    let o = opts("Shogi-Circe:1", fake_engine("plain", "true"), 1, 4);
    match run_match(&o, &mut Vec::new(), &mut Vec::new()) {
        Err(MatchError::Engine {
            error: ClientError::NoVariant { id, .. },
            ..
        }) => assert_eq!(id, "Shogi-Circe:1"),
        other => panic!("{other:?}"),
    }
    let o = opts("shogi", "/nonexistent/engine-binary".to_string(), 1, 4);
    let e = run_match(&o, &mut Vec::new(), &mut Vec::new()).unwrap_err();
    assert!(e.to_string().contains("/nonexistent/engine-binary"), "{e}");
    let o = opts("no-such-id", our_usi(), 1, 4);
    assert!(matches!(
        run_match(&o, &mut Vec::new(), &mut Vec::new()),
        Err(MatchError::Unknown(_))
    ));
    let o = opts("shogi", our_usi(), 0, 4);
    assert!(matches!(
        run_match(&o, &mut Vec::new(), &mut Vec::new()),
        Err(MatchError::NoGames)
    ));
}

#[test]
fn engine_variant_names_the_rule_set_for_the_other_engine() {
    // An engine that knows standard shogi only as "alias" and resigns at once.
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fake-usi-alias.sh");
    let script = r#"while read -r line; do
  case "$line" in
    usi) echo "id name fake-alias"; echo "option name USI_Variant type combo default alias var alias"; echo "usiok";;
    "setoption name USI_Variant value alias") chosen=1;;
    isready) echo "readyok";;
    go*) [ -n "$chosen" ] && echo "bestmove resign";;
    quit) exit 0;;
  esac
done
"#;
    std::fs::write(&path, script).expect("write the fake engine");
    let mut o = opts("shogi", format!("sh {}", path.display()), 2, 10);
    match run_match(&o, &mut Vec::new(), &mut Vec::new()) {
        Err(MatchError::Engine {
            error: ClientError::NoVariant { id, .. },
            ..
        }) => assert_eq!(id, "shogi"),
        other => panic!("{other:?}"),
    }
    o.engine_variant = Some("alias".to_string());
    let (s, records, _) = run(&o);
    assert_eq!((s.wins, s.losses, s.draws), (2, 0, 0), "{records:?}");
    assert!(records.iter().all(|r| r.contains("resign")), "{records:?}");
}

#[test]
fn binary_engine2_against_engine_with_sfen_and_out_file() {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("match-games.txt");
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    let output = Command::new(BIN)
        .args([
            "match",
            "shogi",
            "--engine",
            &our_usi(),
            "--engine2",
            &our_usi(),
            "--games",
            "2",
            "--movetime",
            "10",
            "--max-plies",
            "6",
            "--hash",
            "1",
            "--sfen",
            sfen,
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stdout.contains("shogi at 10 ms a move: 2 games"),
        "{stdout}"
    );
    // Not a terminal: a line per game instead of a progress bar.
    assert_eq!(stderr.matches("game ").count(), 2, "{stderr}");
    let games = std::fs::read_to_string(&out).unwrap();
    assert_eq!(games.lines().count(), 2);
    for line in games.lines() {
        assert!(line.starts_with(&format!("sfen {sfen} moves ")), "{line}");
    }
    // A bad option is refused by the command line.
    let bad = Command::new(BIN)
        .args(["match", "shogi", "--engine", "x", "--option", "novalue"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("expected NAME=VALUE"));
}

/// `--kif`: each game saved as a record (`-N` before the extension with several games) holding
/// the moves of the printed game line, the players' names by colour, and the end: the ply cap
/// as 中断 with a comment, an illegal move as 反則負け of the side to move.
#[test]
fn games_saved_as_records() {
    use shogi_variants::records::{read_path, EndKind};
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("match-kif");
    std::fs::create_dir_all(&dir).unwrap();
    let mut o = opts("Shogi-Circe:1", our_usi(), 2, 8);
    o.kif = Some(dir.join("games.kif"));
    let (s, records, _) = run(&o);
    for (i, line) in records.iter().enumerate() {
        let (moves, _) = parse(line);
        let r = read_path(&dir.join(format!("games-{}.kif", i + 1)), "Shogi-Circe:1").unwrap();
        assert_eq!(r.usi_moves(), moves, "game {}", i + 1);
        let names = (r.black.unwrap(), r.white.unwrap());
        let (first, second) = (s.first_name.clone(), s.second_name.clone());
        let expect = if i == 0 {
            (first, second)
        } else {
            (second, first)
        };
        assert_eq!(names, expect);
        let end = r.end.unwrap();
        assert_eq!(end.kind, EndKind::Abort);
        assert_eq!(end.comments, vec!["stopped at the ply cap (8)".to_string()]);
    }

    // One game: the file itself; the fake engine (White) plays 5e5a at ply 2 and loses.
    let mut o = opts(
        "shogi",
        fake_engine("illegal-kif", "echo 'bestmove 5e5a'"),
        1,
        40,
    );
    let path = dir.join("illegal.kif");
    o.kif = Some(path.clone());
    let (_, records, _) = run(&o);
    let r = read_path(&path, "shogi").unwrap();
    assert_eq!(r.usi_moves(), parse(&records[0]).0);
    assert_eq!(r.moves.len(), 1);
    let end = r.end.unwrap();
    assert_eq!(end.kind, EndKind::IllegalLoss);
    assert!(
        end.comments[0].starts_with("fake-illegal-kif sent the move '5e5a'"),
        "{:?}",
        end.comments
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `--openings`: game pair k plays opening k (once with each colour), cycling; the opening
/// moves are part of the game sent to the engines and written out; every form of line is
/// read (moves, `startpos moves`, `sfen ... moves`, comments and blank lines skipped).
#[test]
fn openings_cycle_by_game_pair() {
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    let mut o = opts("shogi", our_usi(), 6, 4);
    o.openings = vec![
        "# two-move openings".to_string(),
        "7g7f 3c3d".to_string(),
        String::new(),
        "startpos moves 2g2f".to_string(),
        format!("sfen {sfen} moves 8c8d"),
    ];
    let (s, records, _) = run(&o);
    assert_eq!(s.games, 6);
    let expected = [
        ("startpos moves 7g7f 3c3d ", 2),
        ("startpos moves 7g7f 3c3d ", 2),
        ("startpos moves 2g2f ", 1),
        ("startpos moves 2g2f ", 1),
        (
            "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 8c8d ",
            1,
        ),
        (
            "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 8c8d ",
            1,
        ),
    ];
    for (line, (prefix, opening_plies)) in records.iter().zip(expected) {
        assert!(line.starts_with(prefix), "{line}");
        // The ply cap counts the opening's moves: the engines played the rest.
        let (moves, _) = parse(line);
        assert_eq!(moves.len(), 4, "{line}");
        assert!(moves.len() > opening_plies);
    }
    // Colours alternate within each pair.
    assert!(
        records[0].ends_with("black=first white=second"),
        "{}",
        records[0]
    );
    assert!(
        records[1].ends_with("black=second white=first"),
        "{}",
        records[1]
    );
}

/// A bad opening line is refused before any game, naming its line (comments count).
#[test]
fn bad_openings_are_refused_with_their_line() {
    let cases: [(&[&str], &str); 6] = [
        (&["# c", "7g7f 7g7f"], "--openings line 2: move 2"),
        // White to move is mated by the two golds: no game is left to play.
        (
            &["7g7f", "sfen 4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1"],
            "--openings line 2: the game is over after it: black wins",
        ),
        (
            &["startpos 7g7f"],
            "--openings line 1: expected `moves` after `startpos`",
        ),
        (
            &["", "sfen"],
            "--openings line 2: `sfen` without a position",
        ),
        (&["sfen 9/9/9 b - 1"], "--openings line 1:"),
        (&["# only a comment", "  "], "no opening in the file"),
    ];
    for (lines, message) in cases {
        let mut o = opts("shogi", our_usi(), 2, 4);
        o.openings = lines.iter().map(|l| l.to_string()).collect();
        let e = run_match(&o, &mut Vec::new(), &mut Vec::new())
            .err()
            .unwrap_or_else(|| panic!("{lines:?} accepted"));
        assert!(e.to_string().contains(message), "{lines:?}: {e}");
    }
}

/// An `--openings` file that cannot be read is named in the error; no game is played.
#[test]
fn unreadable_openings_file_is_an_error() {
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-openings.txt");
    let output = Command::new(BIN)
        .args(["match", "shogi", "--engine", &our_usi(), "--openings"])
        .arg(&missing)
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("--openings {}", missing.display())),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

/// `--sprt`: against an engine that loses every game (an illegal move each time), the test
/// accepts H1 after 18 pairs (against [0, 10]) and the match stops there; with no test it
/// plays on.
#[test]
fn sprt_stops_the_match_once_it_decides() {
    use shogi_variants::sprt::{Sprt, Verdict};
    let loser = fake_engine("sprt-loser", "echo 'bestmove 5e5a'");
    let mut o = opts("shogi", loser, 60, 40);
    o.sprt = Some("0,10".parse::<Sprt>().unwrap());
    let (s, records, _) = run(&o);
    assert_eq!((s.games, s.wins), (36, 36));
    assert_eq!(records.len(), 36);
    assert_eq!(s.pairs, [0, 0, 0, 0, 18]);
    assert_eq!(s.verdict, Some(Verdict::H1));
    let text = summary_text(&o, &s);
    assert!(text.contains("H1 accepted (Elo +10 or more)"), "{text}");

    o.sprt = None;
    o.games = 6;
    let (s, _, _) = run(&o);
    assert_eq!((s.games, s.wins, s.verdict), (6, 6, None));
    assert_eq!(s.pairs, [0, 0, 0, 0, 3]);

    // The command line takes a negative ELO0 as it is, and refuses bounds in the wrong order.
    let cli = |sprt: &str| {
        Command::new(BIN)
            .args(["match", "shogi", "--engine", &o.engine, "--games", "40"])
            .args(["--movetime", "10", "--hash", "1", "--sprt", sprt])
            .output()
            .unwrap()
    };
    let ok = cli("-10,10");
    let stdout = String::from_utf8_lossy(&ok.stdout);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    // [-10, 10] decides on fewer won pairs than [0, 10]: 12.
    assert!(stdout.contains("24 games, first +24 -0 =0"), "{stdout}");
    assert!(
        stdout.contains("SPRT [-10, 10] alpha 0.05 beta 0.05: LLR"),
        "{stdout}"
    );
    let bad = cli("10,-10");
    assert!(!bad.status.success());
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("ELO1 (-10) must be greater than ELO0 (10)")
    );
}
