//! `analyse`, parallel `perft`/`divide` and progress bars: results, and output unchanged
//! when stderr is not a terminal.

use shogi_core::search::Score;
use shogi_variants::analyse::{analyse, annotated, AnalyseOptions, Mark, BLUNDER};
use shogi_variants::progress::Progress;
use shogi_variants::records::{read_text, write_text, Format};
use shogi_variants::registry;
use std::process::Command;

fn bin(args: &[&str]) -> (bool, String, String) {
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

/// A mate in one missed (Black drops the gold on 4b instead of 5b, the head of the king):
/// the analysis names G*5b with a mate score and marks the played move a blunder.
const MISSED_MATE: &str = "\
後手の持駒：飛二　角二　金三　銀四　桂四　香四　歩十七　
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・v玉 ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| 玉 ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：金　
手数----指手---------消費時間--
   1 ４二金打
   2 ６二玉(51)
";

#[test]
fn analyse_marks_a_missed_mate() {
    let record = read_text(MISSED_MATE, Format::Kif, "shogi").unwrap();
    let opts = AnalyseOptions {
        movetime: None,
        depth: Some(3),
        hash_mb: 1,
    };
    let rows = analyse(&record, &opts, &Progress::hidden()).unwrap();
    assert_eq!(rows.len(), 2);
    let first = &rows[0];
    assert_eq!(first.played, "G*4b");
    assert_eq!(first.best.as_deref(), Some("G*5b"));
    assert_eq!(first.best_score, Score::Mate(1));
    assert!(first.loss >= BLUNDER, "{first:?}");
    assert_eq!(first.mark, Mark::Blunder);
    assert_eq!(first.pv_kif.first().map(String::as_str), Some("▲５二金打"));
    // The annotated record keeps the moves and carries the analysis as comments.
    let text = write_text(&annotated(&record, &rows), Format::Kif).unwrap();
    assert!(text.contains("*解析 ?? 評価値"), "{text}");
    assert!(text.contains("最善 ▲５二金打 #1"), "{text}");
    let back = read_text(&text, Format::Kif, "shogi").unwrap();
    assert_eq!(back.usi_moves(), record.usi_moves());
}

#[test]
fn analyse_command_table_and_kif() {
    let dir = std::env::temp_dir().join(format!("analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("game.kifu");
    std::fs::write(&game, MISSED_MATE).unwrap();
    let out_kif = dir.join("out.kif");
    let (ok, out, err) = bin(&[
        "analyse",
        "shogi",
        "--record",
        game.to_str().unwrap(),
        "--depth",
        "3",
        "--kif",
        out_kif.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(err.is_empty(), "no progress bar off a terminal: {err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with(" ply side"), "{out}");
    assert!(lines[1].contains("G*4b") && lines[1].contains("G*5b") && lines[1].contains("??"));
    assert!(lines[1].contains("#1"), "{out}");
    assert!(
        out.contains("black: 1 moves, 0 inaccuracies, 0 mistakes, 1 blunders"),
        "{out}"
    );
    let back = shogi_variants::records::read_path(&out_kif, "shogi").unwrap();
    assert!(back.moves[0].comments[0].starts_with("解析 ??"));
    let (ok, _, err) = bin(&[
        "analyse",
        "shogi",
        "--record",
        game.to_str().unwrap(),
        "--depth",
        "0",
    ]);
    assert!(!ok && err.contains("--depth 0"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Split perft and divide give the single-threaded counts for every id, on 1 to 3 threads.
#[test]
fn parallel_perft_equals_sequential() {
    for id in registry::ids() {
        let mut e = registry::create(id).unwrap();
        let depth = 2;
        let reference = e.perft(depth);
        let reference_full = e.perft_full(depth);
        let rows = e.divide(depth);
        for threads in 1..=3 {
            assert_eq!(
                e.perft_threads(depth, true, threads, &|_, _| {}).unwrap(),
                reference,
                "{id} {threads}"
            );
            assert_eq!(
                e.perft_threads(depth, false, threads, &|_, _| {}).unwrap(),
                reference_full,
                "{id} {threads}"
            );
            assert_eq!(
                e.divide_threads(depth, true, threads, &|_, _| {}).unwrap(),
                rows,
                "{id} {threads}"
            );
        }
    }
    // Deeper, with every root move reported once.
    for id in [
        "shogi",
        "Shogi-Kirin-Phoenix:1",
        "Shogi-Circe:1",
        "Shogi-ChainedMovement:1",
    ] {
        let mut e = registry::create(id).unwrap();
        let reference = e.perft(3);
        let seen = std::sync::Mutex::new(Vec::new());
        let n = e
            .perft_threads(3, true, 2, &|m, n| {
                seen.lock().unwrap().push((m.to_string(), n))
            })
            .unwrap();
        assert_eq!(n, reference, "{id}");
        let mut seen = seen.into_inner().unwrap();
        seen.sort();
        assert_eq!(seen, e.divide(3), "{id}");
    }
}

/// The CLI's perft and divide print the same with any thread count, and nothing on stderr
/// when it is not a terminal (no progress bar).
#[test]
fn perft_cli_threads_and_quiet_stderr() {
    let (_, one, err1) = bin(&["perft", "shogi", "3", "--threads", "1"]);
    let (_, two, err2) = bin(&["perft", "shogi", "3", "--threads", "2"]);
    let (_, default, err3) = bin(&["perft", "shogi", "3"]);
    assert_eq!(one, "25470\n");
    assert_eq!((two.as_str(), default.as_str()), ("25470\n", "25470\n"));
    assert!(err1.is_empty() && err2.is_empty() && err3.is_empty());
    let (_, d1, e1) = bin(&["divide", "shogi", "2", "--moves", "7g7f", "--threads", "1"]);
    let (_, d2, e2) = bin(&["divide", "shogi", "2", "--moves", "7g7f", "--threads", "2"]);
    assert_eq!(d1, d2);
    assert!(e1.is_empty() && e2.is_empty());
    let rows: u64 = d1
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(_, n)| n.parse::<u64>().unwrap())
        .sum();
    assert_eq!(d1.lines().last(), Some(rows.to_string().as_str()), "{d1}");
    let (_, no_bulk, _) = bin(&["perft", "shogi", "3", "--no-bulk", "--threads", "2"]);
    assert_eq!(no_bulk, "25470\n");
    let (ok, _, err) = bin(&["perft", "shogi", "2", "--threads", "0"]);
    assert!(!ok && err.contains("--threads 0"), "{err}");
    // selfplay's stderr is its game lines alone.
    let (ok, _, err) = bin(&[
        "selfplay",
        "shogi",
        "--games",
        "2",
        "--movetime",
        "5",
        "--max-plies",
        "4",
        "--opponent",
        "random",
    ]);
    assert!(ok);
    assert_eq!(err.lines().count(), 2, "{err}");
    assert!(err.lines().all(|l| l.starts_with("game ")), "{err}");
}

/// On a terminal (a pseudo-terminal from `script`), the bar is drawn on stderr while stdout
/// keeps the count alone. Skipped where `script` (util-linux) is missing.
#[test]
fn progress_bar_on_a_terminal_leaves_stdout_alone() {
    let bin = env!("CARGO_BIN_EXE_shogi-variants");
    let dir = std::env::temp_dir().join(format!("progress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let stdout_file = dir.join("stdout");
    // stderr stays on the pseudo-terminal, stdout goes to a file.
    let cmd = format!(
        "{bin} perft shogi 4 --threads 2 > {}",
        stdout_file.display()
    );
    // `script` must exist and be able to open a pseudo-terminal here.
    let usable = Command::new("script")
        .args(["-qec", "true", "/dev/null"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !usable {
        eprintln!("no usable `script` (util-linux) or no pseudo-terminal: skipped");
        return;
    }
    let out = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .output()
        .expect("script runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&stdout_file).unwrap(), "719731\n");
    let terminal = String::from_utf8_lossy(&out.stdout);
    assert!(
        terminal.contains("perft [") && terminal.contains("root moves"),
        "{terminal}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
