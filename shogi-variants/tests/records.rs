//! Game records: real-format KIF and CSA files (written in the exact layout of Kifu for
//! Windows, Piyo Shogi and Floodgate) read to their expected USI moves, round trips for every
//! variant id, and bad records reported by line and reason.

use shogi_variants::records::{
    self, read_bytes, read_path, read_text, write_text, EndKind, Format, Record, RecordMove,
};
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/records")
        .join(name)
}

fn usi(r: &Record) -> Vec<String> {
    r.usi_moves()
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

const EVEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// A Shift_JIS (CP932, CRLF) file in Kifu for Windows' layout: `同`, `打`, `成`, `不成`,
/// times, comments, resignation. The USI moves were translated from the kanji by hand and
/// each checked legal by cshogi's board (cshogi's own KIF reader skips `不成` moves, so it
/// cannot read this file).
#[test]
fn kifu_for_windows_even_game() {
    let r = read_path(&fixture("even-kifu-for-windows.kif"), "shogi").unwrap();
    assert_eq!(r.variant, "shogi");
    assert_eq!(r.start, EVEN);
    assert_eq!(
        usi(&r),
        words(
            "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 2e2d 2c2d 2h2d 8e8f 8g8f 8b8f 2d3d 8f7f 3d3c \
             2b3c 8h3c+ 2a3c B*2b 7f7i+ 2b1a+"
        )
    );
    assert_eq!(r.black.as_deref(), Some("先手の人"));
    assert_eq!(r.white.as_deref(), Some("後手の人"));
    assert_eq!(
        r.headers,
        vec![
            (
                "開始日時".to_string(),
                "2024/03/10(日) 10:00:00".to_string()
            ),
            (
                "終了日時".to_string(),
                "2024/03/10(日) 10:21:45".to_string()
            ),
            ("棋戦".to_string(), "練習対局".to_string()),
        ]
    );
    assert_eq!(r.comments, vec!["対局開始".to_string()]);
    let secs: Vec<u32> = r.moves.iter().map(|m| m.seconds.unwrap()).collect();
    assert_eq!(
        secs,
        vec![3, 5, 2, 4, 10, 7, 12, 1, 1, 20, 2, 1, 33, 9, 41, 3, 5, 2, 75, 6, 8]
    );
    // The totals are the running sums, so none is stored.
    assert!(r.moves.iter().all(|m| m.total.is_none()));
    assert_eq!(r.moves[14].comments, vec!["飛車を捨てる".to_string()]);
    let end = r.end.as_ref().unwrap();
    assert_eq!(end.kind, EndKind::Resign);
    assert_eq!(end.seconds, Some(30));
}

/// Piyo Shogi's layout (UTF-8 `.kifu`): a lance handicap, 下手/上手, White first, aborted.
#[test]
fn piyo_lance_handicap() {
    let r = read_path(&fixture("handicap-lance-piyo.kifu"), "shogi").unwrap();
    assert_eq!(
        r.start,
        "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    assert_eq!(
        usi(&r),
        words("3c3d 7g7f 4c4d 2g2f 8b4b 2f2e 2b3c 3i4h 5a6b 5i6h")
    );
    assert_eq!(r.black.as_deref(), Some("ひよこ"));
    assert_eq!(r.white.as_deref(), Some("ピヨ馬"));
    assert_eq!(r.end.as_ref().unwrap().kind, EndKind::Abort);
    // Written back, the handicap keeps its name and players their handicap titles.
    let text = write_text(&r, Format::Kif).unwrap();
    assert!(text.contains("手合割：香落ち\n"), "{text}");
    assert!(text.contains("下手：ひよこ\n上手：ピヨ馬\n"), "{text}");
    assert!(text.contains("まで10手で中断\n"), "{text}");
}

/// A board diagram (BOD) start in Shift_JIS: a mate in one, 詰み.
#[test]
fn board_diagram_mate_in_one() {
    let r = read_path(&fixture("mate-in-one-bod.kif"), "shogi").unwrap();
    assert_eq!(r.start, "4k4/9/4P4/9/9/9/9/9/K8 b G2r2b3g4s4n4l17p 1");
    assert_eq!(usi(&r), words("G*5b"));
    assert_eq!(r.comments, vec!["頭金".to_string()]);
    assert_eq!(r.end.as_ref().unwrap().kind, EndKind::Checkmate);
    assert_eq!(r.black.as_deref(), Some(""));
}

/// Floodgate's CSA layout: `'` comments, `$` information, `P1`..`P9`, times, a statement
/// pair on one line (`+0055KA,T30`), `'*` move comments, `%TORYO`. Moves as read by cshogi.
#[test]
fn floodgate_csa() {
    let r = read_path(&fixture("even-floodgate.csa"), "shogi").unwrap();
    assert_eq!(r.start, EVEN);
    assert_eq!(
        usi(&r),
        words("7g7f 3c3d 8h2b+ 3a2b B*5e B*3c 5e3c+ 2a3c B*5e")
    );
    assert_eq!(r.black.as_deref(), Some("alpha"));
    assert_eq!(r.white.as_deref(), Some("beta"));
    assert_eq!(
        r.headers[1],
        ("開始日時".to_string(), "2024/04/05 16:00:04".to_string())
    );
    let secs: Vec<u32> = r.moves.iter().map(|m| m.seconds.unwrap()).collect();
    assert_eq!(secs, vec![14, 12, 3, 2, 30, 5, 9, 2, 20]);
    assert_eq!(r.moves[4].comments, vec![" 角を打つ".to_string()]);
    let end = r.end.as_ref().unwrap();
    assert_eq!((end.kind, end.seconds), (EndKind::Resign, Some(7)));
}

/// CSA handicap starts (`PI` removals) map to the handicap table.
#[test]
fn csa_handicap_and_hands() {
    let text = "V2.2\nPI82HI22KA11KY91KY\n-\n-3334FU\n+7776FU\n%CHUDAN\n";
    let r = read_text(text, Format::Csa, "shogi").unwrap();
    assert_eq!(
        r.start,
        "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    let kif = write_text(&r, Format::Kif).unwrap();
    assert!(kif.contains("手合割：四枚落ち\n"), "{kif}");
    // P lines with 00AL: the rest of the pieces go to White's hand.
    let text = "P1 *  *  *  * -OU *  *  *  * \nP2\nP3\nP4\nP5\nP6\nP7\nP8\nP9+OU\nP+00KI\nP-00AL\n+\n+0052KI\n%TSUMI\n";
    let r = read_text(text, Format::Csa, "shogi");
    // P2.. without cells are rows of 0 characters: refused with the line.
    let e = r.unwrap_err();
    assert_eq!(e.line, 2);
    let text = "P1 *  *  *  * -OU *  *  *  * \nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  * +FU *  *  *  * \nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9+OU *  *  *  *  *  *  *  * \nP+00KI\nP-00AL\n+\n+0052KI\n%TSUMI\n";
    let r = read_text(text, Format::Csa, "shogi").unwrap();
    assert_eq!(r.start, "4k4/9/4P4/9/9/9/9/9/K8 b G2r2b3g4s4n4l17p 1");
    assert_eq!(usi(&r), words("G*5b"));
}

/// Read, write, read again: the same record, and the text is stable (KIF and CSA).
#[test]
fn fixtures_round_trip() {
    for (name, formats) in [
        ("even-kifu-for-windows.kif", &[Format::Kif, Format::Csa][..]),
        ("handicap-lance-piyo.kifu", &[Format::Kif, Format::Csa]),
        ("mate-in-one-bod.kif", &[Format::Kif, Format::Csa]),
        ("even-floodgate.csa", &[Format::Kif, Format::Csa]),
    ] {
        let r = read_path(&fixture(name), "shogi").unwrap();
        for &f in formats {
            let text = write_text(&r, f).unwrap();
            let back = read_text(&text, f, "shogi")
                .unwrap_or_else(|e| panic!("{name} {f:?}: {e}\n{text}"));
            assert_eq!(usi(&back), usi(&r), "{name} {f:?}");
            assert_eq!(back.start, r.start, "{name} {f:?}");
            assert_eq!(back.end, r.end, "{name} {f:?}");
            let secs = |r: &Record| r.moves.iter().map(|m| m.seconds).collect::<Vec<_>>();
            assert_eq!(secs(&back), secs(&r), "{name} {f:?}");
            if f == Format::Kif {
                assert_eq!(back, r, "{name}: KIF keeps everything\n{text}");
            }
            assert_eq!(
                write_text(&back, f).unwrap(),
                text,
                "{name} {f:?}: stable text"
            );
        }
    }
}

/// Our KIF of the Kifu for Windows game, line for line as that program lays it out.
#[test]
fn kif_layout() {
    let r = read_path(&fixture("even-kifu-for-windows.kif"), "shogi").unwrap();
    let text = write_text(&r, Format::Kif).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "#KIF version=2.0 encoding=UTF-8");
    for expected in [
        "手合割：平手",
        "先手：先手の人",
        "手数----指手---------消費時間--",
        "*対局開始",
        "   1 ７六歩(77)   ( 0:03/00:00:03)",
        "   8 同　歩(23)   ( 0:01/00:00:17)",
        "  15 ３三飛不成(34) ( 0:41/00:01:44)",
        "*飛車を捨てる",
        "  17 同　角成(88) ( 0:05/00:01:49)",
        "  19 ２二角打     ( 1:15/00:03:04)",
        "  22 投了         ( 0:30/00:01:28)",
        "まで21手で先手の勝ち",
    ] {
        assert!(lines.contains(&expected), "missing '{expected}' in\n{text}");
    }
    let csa = write_text(&r, Format::Csa).unwrap();
    for expected in [
        "V2.2",
        "N+先手の人",
        "$EVENT:練習対局",
        "PI",
        "+",
        "+3433HI",
        "-2233KA",
        "+8833UM",
        "+0022KA",
        "%TORYO",
        "T30",
    ] {
        assert!(
            csa.lines().any(|l| l == expected),
            "missing '{expected}' in\n{csa}"
        );
    }
}

/// Seeded random games of every variant id: written as KIF and read back to the same record
/// (lion double moves and pieces without kanji go in USI), text stable.
#[test]
fn every_variant_round_trips_through_kif() {
    use shogi_variants::registry;
    for (n, id) in registry::ids().into_iter().enumerate() {
        let mut e = registry::create(id).unwrap();
        let mut moves: Vec<String> = Vec::new();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ n as u64;
        for _ in 0..40 {
            let legal = e.legal_moves();
            if legal.is_empty() || e.result() != "ongoing" {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            moves.push(legal[(seed % legal.len() as u64) as usize].clone());
            if e.set_position(None, &moves).is_err() {
                moves.pop();
                break;
            }
        }
        let mut r = Record {
            variant: id.to_string(),
            start: e.start_sfen().to_string(),
            black: Some("black player".into()),
            white: None,
            headers: vec![("棋戦".into(), "test".into())],
            comments: vec!["start".into()],
            moves: moves.iter().map(RecordMove::new).collect(),
            end: Some(records::GameEnd::new(EndKind::Abort)),
            variations: Vec::new(),
        };
        if let Some(m) = r.moves.first_mut() {
            m.seconds = Some(7);
            m.comments.push("first".into());
        }
        let text = write_text(&r, Format::Kif).unwrap();
        let back =
            read_text(&text, Format::Kif, id).unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
        // The start SFEN comes back in the core's canonical spelling.
        r.start = back.start.clone();
        assert_eq!(back, r, "{id}\n{text}");
        assert_eq!(write_text(&back, Format::Kif).unwrap(), text, "{id}");
        if id != "shogi" {
            assert!(text.contains(&format!("変種：{id}\n")), "{id}");
            assert!(write_text(&r, Format::Csa).is_err(), "{id}: no CSA");
            // The record names its variant: another id refuses it.
            let e = read_text(&text, Format::Kif, "shogi").unwrap_err();
            assert!(e.reason.contains("not shogi"), "{e}");
        }
    }
}

/// Records written to `.kif` files are Shift_JIS, `.kifu` UTF-8; both read back.
#[test]
fn file_encodings() {
    let r = read_path(&fixture("even-kifu-for-windows.kif"), "shogi").unwrap();
    let dir = std::env::temp_dir().join(format!("records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["a.kif", "a.kifu", "a.csa"] {
        let path = dir.join(name);
        records::write_path(&path, &r).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let utf8 = std::str::from_utf8(&bytes).is_ok();
        assert_eq!(utf8, name != "a.kif", "{name}");
        let back = read_path(&path, "shogi").unwrap();
        assert_eq!(usi(&back), usi(&r), "{name}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

fn kif_error(text: &str) -> records::RecordError {
    read_text(text, Format::Kif, "shogi").unwrap_err()
}

/// Bad records: the line and the reason, never a panic.
#[test]
fn bad_records_name_line_and_reason() {
    let head = "手合割：平手\n手数----指手---------消費時間--\n";
    // An illegal move in the middle.
    let e = kif_error(&format!(
        "{head}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７四歩(76)\n   4 ８四歩(83)\n"
    ));
    assert_eq!(e.line, 5, "{e}");
    assert!(e.reason.contains("illegal move '７四歩(76)'"), "{e}");
    // The piece named is not the one on the square.
    let e = kif_error(&format!("{head}   1 ７六銀(77)\n"));
    assert_eq!(
        (e.line, e.reason.as_str()),
        (3, "the piece on ７七 is '歩', not '銀'")
    );
    // Unknown piece name.
    let e = kif_error(&format!("{head}   1 ７六犬(77)\n"));
    assert_eq!(e.line, 3);
    assert!(e.reason.contains("unknown piece name '犬'"), "{e}");
    // A piece of another variant (chu shogi's drunk elephant).
    let e = kif_error(&format!("{head}   1 ７六象(77)\n"));
    assert_eq!(e.reason, "the piece '象' does not exist in shogi");
    // Truncated in the middle of a move line.
    let e = kif_error(&format!("{head}   1 ７六歩(77)\n   2 ３"));
    assert_eq!(e.line, 4);
    assert!(e.reason.contains("incomplete move"), "{e}");
    // A number out of sequence.
    let e = kif_error(&format!("{head}   1 ７六歩(77)\n   3 ３四歩(33)\n"));
    assert_eq!(
        (e.line, e.reason.as_str()),
        (4, "move number 3; expected 2")
    );
    // 同 at the first move, a drop of a piece not in hand, a move after the end.
    let e = kif_error(&format!("{head}   1 同　歩(77)\n"));
    assert!(e.reason.contains("no previous move"), "{e}");
    let e = kif_error(&format!("{head}   1 ５五角打\n"));
    assert_eq!((e.line, e.reason.as_str()), (3, "no '角' in hand to drop"));
    let e = kif_error(&format!(
        "{head}   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n"
    ));
    assert_eq!(
        (e.line, e.reason.as_str()),
        (5, "a move after the closing entry")
    );
    let e = kif_error("手合割：九枚落ち\n");
    assert_eq!(
        (e.line, e.reason.as_str()),
        (1, "unknown handicap '九枚落ち' in 手合割")
    );
    let e = kif_error(&format!("{head}   1 ７六歩(77) (0:xx/00:00:00)\n"));
    assert!(e.reason.contains("bad time"), "{e}");
    // Moves after checkmate.
    let mate = std::fs::read(fixture("mate-in-one-bod.kif")).unwrap();
    let (text, _) = records::decode(&mate).unwrap();
    let text = text.replace("   2 詰み         ( 0:00/00:00:00)", "   2 ４一玉(51)");
    let e = read_text(&text, Format::Kif, "shogi").unwrap_err();
    assert!(e.reason.contains("after the end of the game"), "{e}");
    // Wrong encoding: bytes that are neither UTF-8 nor Shift_JIS, on line 3.
    let mut bytes = head.as_bytes().to_vec();
    bytes.extend_from_slice(b"   1 \xff\xfe\xfd\n");
    let e = read_bytes(&bytes, Format::Kif, "shogi").unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    assert!(e.reason.contains("neither UTF-8 nor Shift_JIS"), "{e}");
    // A file that declares UTF-8 but is cut inside a character.
    let mut bytes =
        format!("#KIF version=2.0 encoding=UTF-8\n{head}   1 ７六歩(77)\n").into_bytes();
    bytes.truncate(bytes.len() - 9); // inside 六
    let e = read_bytes(&bytes, Format::Kif, "shogi").unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    assert!(e.reason.contains("truncated"), "{e}");
    // CSA: a malformed move, the wrong side, an unknown piece, a piece that cannot become it.
    let csa = |s: &str| read_text(&format!("PI\n+\n{s}"), Format::Csa, "shogi").unwrap_err();
    let e = csa("+7776FU\n+3334FU\n");
    assert_eq!(
        (e.line, e.reason.as_str()),
        (4, "a move by + but - is to move")
    );
    let e = csa("+77\n");
    assert_eq!(e.line, 3);
    assert!(e.reason.contains("malformed move '+77'"), "{e}");
    let e = csa("+7776XX\n");
    assert_eq!(
        (e.line, e.reason.as_str()),
        (3, "unknown piece 'XX' in '+7776XX'")
    );
    let e = csa("+7776KI\n");
    assert!(e.reason.contains("cannot become"), "{e}");
    let e = read_text("+7776FU\n", Format::Csa, "shogi").unwrap_err();
    assert!(e.reason.contains("before the start position"), "{e}");
    // An unknown variant id.
    let e = read_text("変種：nonsense\n", Format::Kif, "nonsense").unwrap_err();
    assert!(e.reason.contains("unknown variant id"), "{e}");
}

/// Every prefix of the real files (a file cut anywhere) reads or fails with a line number.
#[test]
fn every_truncation_is_reported_or_read() {
    for name in [
        "even-kifu-for-windows.kif",
        "handicap-lance-piyo.kifu",
        "even-floodgate.csa",
    ] {
        let bytes = std::fs::read(fixture(name)).unwrap();
        let format = records::Format::of_path(&fixture(name));
        for cut in 0..bytes.len() {
            if let Err(e) = read_bytes(&bytes[..cut], format, "shogi") {
                let lines = bytes[..cut].iter().filter(|&&b| b == b'\n').count() + 1;
                assert!(e.line >= 1 && e.line <= lines, "{name} cut at {cut}: {e}");
            }
        }
    }
}

fn bin(args: &[&str], stdin: &str) -> (bool, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_shogi-variants"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("records-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `--record FILE` gives the same position as the record's moves given with `--moves`.
#[test]
fn cli_record_option() {
    let kif = fixture("even-kifu-for-windows.kif");
    let kif = kif.to_str().unwrap();
    let r = read_path(&fixture("even-kifu-for-windows.kif"), "shogi").unwrap();
    let moves = r.usi_moves();
    let mut args = vec!["moves", "shogi", "--moves"];
    args.extend(moves.iter().map(String::as_str));
    let (ok, by_moves, _) = bin(&args, "");
    assert!(ok);
    let (ok, by_record, _) = bin(&["moves", "shogi", "--record", kif], "");
    assert!(ok);
    assert_eq!(by_record, by_moves);
    let csa = fixture("even-floodgate.csa");
    let (ok, out, _) = bin(
        &["divide", "shogi", "1", "--record", csa.to_str().unwrap()],
        "",
    );
    assert!(ok);
    let csa_moves = read_path(&csa, "shogi").unwrap().usi_moves();
    let mut args = vec!["divide", "shogi", "1", "--moves"];
    args.extend(csa_moves.iter().map(String::as_str));
    assert_eq!(out, bin(&args, "").1);
    let bod = fixture("mate-in-one-bod.kif");
    let (ok, out, _) = bin(&["result", "shogi", "--record", bod.to_str().unwrap()], "");
    assert!(ok);
    assert!(out.starts_with("black wins"), "{out}");
    // A bad record: exit status 1, the file and line on stderr.
    let dir = temp_dir("cli");
    let bad = dir.join("bad.kif");
    std::fs::write(
        &bad,
        "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７四歩(76)\n",
    )
    .unwrap();
    let (ok, out, err) = bin(&["moves", "shogi", "--record", bad.to_str().unwrap()], "");
    assert!(!ok && out.is_empty());
    assert!(
        err.contains("bad.kif: line 4: illegal move '７四歩(76)'"),
        "{err}"
    );
    // --record excludes --moves.
    let (ok, _, err) = bin(&["moves", "shogi", "--record", kif, "--moves", "7g7f"], "");
    assert!(!ok && err.contains("cannot be used with"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `selfplay --kif` saves each game; the records hold the moves of the printed game lines.
#[test]
fn selfplay_saves_records() {
    let dir = temp_dir("selfplay");
    let path = dir.join("games.kif");
    let (ok, out, _) = bin(
        &[
            "selfplay",
            "shogi",
            "--games",
            "2",
            "--movetime",
            "5",
            "--max-plies",
            "6",
            "--opponent",
            "random",
            "--kif",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert!(ok, "{out}");
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("startpos")).collect();
    assert_eq!(lines.len(), 2);
    for (i, line) in lines.iter().enumerate() {
        let moves: Vec<String> = line
            .split(" moves ")
            .nth(1)
            .unwrap()
            .split(" result ")
            .next()
            .unwrap()
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let r = read_path(&dir.join(format!("games-{}.kif", i + 1)), "shogi").unwrap();
        assert_eq!(r.usi_moves(), moves);
        assert_eq!(
            r.end.unwrap().kind,
            EndKind::Abort,
            "stopped at the ply cap"
        );
        let names = (r.black.unwrap(), r.white.unwrap());
        let expect = if i == 0 {
            ("engine", "random")
        } else {
            ("random", "engine")
        };
        assert_eq!((names.0.as_str(), names.1.as_str()), expect);
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `play --kif` saves the game when the player leaves, as a variant record for a variant.
#[test]
fn play_saves_record() {
    let dir = temp_dir("play");
    let path = dir.join("game.kifu");
    let (ok, out, _) = bin(
        &[
            "play",
            "Shogi-ImmortalSilver:1",
            "--movetime",
            "10",
            "--kif",
            path.to_str().unwrap(),
        ],
        "7g7f\nquit\n",
    );
    assert!(ok, "{out}");
    assert!(out.contains("Game saved to"), "{out}");
    let r = read_path(&path, "Shogi-ImmortalSilver:1").unwrap();
    assert_eq!(r.moves.len(), 2, "the move and the engine's reply");
    assert_eq!(r.moves[0].usi, "7g7f");
    assert_eq!(r.end.unwrap().kind, EndKind::Abort);
    assert_eq!(r.white.as_deref(), Some("shogi-variants"));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("変種：Shogi-ImmortalSilver:1\n"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The fuzzer's CSA input (fuzz/artifacts/csa): a `$` value ending in a space was kept by the
/// CSA reader but trimmed by the KIF reader, so CSA -> KIF -> read lost it. Both readers trim
/// line ends now; the record reads the same through KIF.
#[test]
fn csa_line_ends_trimmed_like_kif() {
    let bytes = std::fs::read(fixture("fuzz-csa-trailing-space.bin")).unwrap();
    // The fuzz target's first byte picks the id; the rest is the record.
    let r = read_bytes(&bytes[1..], Format::Csa, "shogi").unwrap();
    let kif = write_text(&r, Format::Kif).unwrap();
    assert_eq!(read_text(&kif, Format::Kif, "shogi").unwrap(), r, "{kif}");

    // Names, `$` values and comments with trailing (also full-width) spaces.
    let csa = "V2.2\nN+black \nN-white\u{3000}\n$EVENT:floodgate  \n$MY_KEY:x \nPI\n+\n'*first \n+7776FU \nT3 \n'*second\u{3000}\n%TORYO \n";
    let r = read_text(csa, Format::Csa, "shogi").unwrap();
    assert_eq!(r.black.as_deref(), Some("black"));
    assert_eq!(r.white.as_deref(), Some("white"));
    assert_eq!(
        r.headers,
        vec![
            ("棋戦".to_string(), "floodgate".to_string()),
            ("$MY_KEY".to_string(), "x".to_string())
        ]
    );
    assert_eq!(r.comments, vec!["first".to_string()]);
    assert_eq!(usi(&r), words("7g7f"));
    assert_eq!(r.moves[0].seconds, Some(3));
    assert_eq!(r.moves[0].comments, vec!["second".to_string()]);
    let kif = write_text(&r, Format::Kif).unwrap();
    assert_eq!(read_text(&kif, Format::Kif, "shogi").unwrap(), r, "{kif}");

    // A `$` key with a '：' would split elsewhere as a KIF header: refused, with its line.
    let e = read_text("V2.2\n$A：B:value\nPI\n+\n", Format::Csa, "shogi").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    assert!(e.reason.contains("'：'"), "{e}");
}

/// A KI2 file (Shift_JIS, CRLF) in Kifu for Windows' layout of the game of
/// `even-kifu-for-windows.kif`: the same moves, players, headers, comments and result
/// (KI2 has no times); our KI2 of that record is the file line for line.
#[test]
fn ki2_kifu_for_windows_even_game() {
    let kif = read_path(&fixture("even-kifu-for-windows.kif"), "shogi").unwrap();
    let ki2 = read_path(&fixture("even-kifu-for-windows.ki2"), "shogi").unwrap();
    assert_eq!(usi(&ki2), usi(&kif));
    assert_eq!(
        usi(&ki2),
        words(
            "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 2e2d 2c2d 2h2d 8e8f 8g8f 8b8f 2d3d 8f7f 3d3c \
             2b3c 8h3c+ 2a3c B*2b 7f7i+ 2b1a+"
        )
    );
    assert_eq!((&ki2.black, &ki2.white), (&kif.black, &kif.white));
    assert_eq!(ki2.headers, kif.headers);
    assert_eq!(ki2.comments, vec!["対局開始".to_string()]);
    assert_eq!(ki2.moves[14].comments, vec!["飛車を捨てる".to_string()]);
    assert_eq!(ki2.end.as_ref().unwrap().kind, EndKind::Resign);
    let text = write_text(&kif, Format::Ki2).unwrap();
    let file = records::decode(&std::fs::read(fixture("even-kifu-for-windows.ki2")).unwrap())
        .unwrap()
        .0;
    let trimmed = |s: &str| -> Vec<String> {
        s.lines()
            .skip(1)
            .map(|l| l.trim_end_matches(['\r', ' ', '　']).to_string())
            .collect()
    };
    assert_eq!(trimmed(&text), trimmed(&file), "{text}");
}

/// KI2's marks, from a board diagram: 左/右 (also for White, whose left is the board's
/// right), 直, 上, 引 (none needed here: each use was told apart otherwise), 寄, 左上
/// combinations, 打 only when a board piece could also go there, 成/不成, 成銀. Each move's
/// text was checked by hand against the JSA notation rules and against cshogi's KI2 writer.
#[test]
fn ki2_marks() {
    let path = fixture("ki2-marks.ki2u");
    let r = read_path(&path, "shogi").unwrap();
    assert_eq!(
        r.start, "k8/9/3G1G3/4G4/9/1S1S5/3s1s3/1R5R1/8K b GPp 1",
        "the board diagram"
    );
    assert_eq!(
        usi(&r),
        words(
            "6c5c 4g5h+ 4c5b 6g5f 8f7e P*5e 5c6c 5h5g 2h5h 5f4e G*6d 5g4g 5d5c 4g5g 6d5d \
             9a9b 5d5e"
        )
    );
    assert_eq!(r.end.as_ref().unwrap().kind, EndKind::Abort);
    let text = write_text(&r, Format::Ki2).unwrap();
    assert_eq!(text, std::fs::read_to_string(&path).unwrap());
    // A mark that fits no piece: 直 (straight ahead) for the one gold that reaches 7h, on a
    // diagonal.
    let bad = "手合割：平手\n▲７六歩    △３四歩    ▲７八金直\n";
    let e = read_text(bad, Format::Ki2, "shogi").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    let ambiguous = "手合割：平手\n▲５八金\n";
    let e = read_text(ambiguous, Format::Ki2, "shogi").unwrap_err();
    assert!(e.reason.contains("ambiguous"), "{e}");
    let wrong_side = "手合割：平手\n△７六歩\n";
    let e = read_text(wrong_side, Format::Ki2, "shogi").unwrap_err();
    assert!(e.reason.contains("is to move"), "{e}");
    let wrong_count = "手合割：平手\n▲７六歩    △３四歩\nまで3手で先手の勝ち\n";
    let e = read_text(wrong_count, Format::Ki2, "shogi").unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    let wrong_winner = "手合割：平手\n▲７六歩    △３四歩\nまで2手で先手の勝ち\n";
    let e = read_text(wrong_winner, Format::Ki2, "shogi").unwrap_err();
    assert!(e.reason.contains("the winner is"), "{e}");
}

/// Random games (many promoted pieces, so many pieces of a kind reach the same squares):
/// every move's KI2 text reads back to the same move.
#[test]
fn ki2_round_trips_random_games() {
    use shogi_variants::shogi_core::{Game, Position};
    let mut seed = 7u64;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let mut marked = 0;
    for _ in 0..30 {
        let start = Position::<shogi_variants::variants::Standard>::startpos(0);
        let mut game = Game::new(start.clone());
        for _ in 0..300 {
            let moves = game.legal_moves();
            if moves.is_empty() || game.is_over() {
                break;
            }
            game.play(moves[next(moves.len())]).unwrap();
        }
        let mut r = records::record_of_game("shogi", &game, None, None, None);
        r.end = None;
        let text = write_text(&r, Format::Ki2).unwrap();
        marked += text.matches(['右', '左', '直', '上', '引', '寄']).count();
        let back = read_text(&text, Format::Ki2, "shogi").unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(usi(&back), usi(&r), "{text}");
    }
    assert!(marked > 50, "the games exercise the marks ({marked})");
}

/// Variations (変化) in Kifu for Windows' layout: a branch at move 3 with its own branch at
/// move 4, and one at move 2, each read with its moves, times and comments, and written
/// back line for line (deepest first, `+` on the moves they replace).
#[test]
fn kif_variations() {
    use shogi_variants::records::Variation;
    let path = fixture("variations-kifu-for-windows.kif");
    let r = read_path(&path, "shogi").unwrap();
    assert_eq!(usi(&r), words("7g7f 3c3d 2g2f 8c8d"));
    assert_eq!(r.end.as_ref().unwrap().kind, EndKind::Resign);
    assert_eq!(r.variations.len(), 2);
    let (v2, v3): (&Variation, &Variation) = (&r.variations[0], &r.variations[1]);
    assert_eq!(v2.at, 2);
    assert_eq!(usi_of(&v2.moves), words("8c8d 2g2f"));
    assert_eq!(
        v2.moves.iter().map(|m| m.seconds).collect::<Vec<_>>(),
        vec![Some(30), Some(1)]
    );
    assert!(v2.end.is_none() && v2.variations.is_empty());
    assert_eq!(v3.at, 3);
    assert_eq!(usi_of(&v3.moves), words("6g6f 8c8d"));
    assert_eq!(v3.moves[0].comments, vec!["振り飛車の含み".to_string()]);
    assert_eq!(v3.end.as_ref().unwrap().kind, EndKind::Abort);
    assert_eq!(v3.variations.len(), 1);
    assert_eq!(v3.variations[0].at, 4);
    assert_eq!(usi_of(&v3.variations[0].moves), words("3d3e"));
    let text = write_text(&r, Format::Kif).unwrap();
    let file = records::decode(&std::fs::read(&path).unwrap()).unwrap().0;
    let body = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.trim_end_matches(['\r', ' ', '　']).to_string())
            .collect()
    };
    assert_eq!(body(&text), body(&file), "{text}");
    assert_eq!(read_text(&text, Format::Kif, "shogi").unwrap(), r);
    // KI2 keeps the lines too (without times).
    let ki2 = write_text(&r, Format::Ki2).unwrap();
    let back = read_text(&ki2, Format::Ki2, "shogi").unwrap_or_else(|e| panic!("{e}\n{ki2}"));
    assert_eq!(usi(&back), usi(&r));
    assert_eq!(
        usi_of(&back.variations[1].variations[0].moves),
        words("3d3e")
    );
    assert_eq!(back.variations[0].at, 2);
    // CSA has one line: the main line is written and the file says the rest was left out.
    let csa = write_text(&r, Format::Csa).unwrap();
    assert!(csa.contains("'2 variation(s) not written"), "{csa}");
    // A variation at a move no line above has is refused, with its line.
    let e = read_text(
        "手合割：平手\n   1 ７六歩(77)\n\n変化：3手\n   3 ２六歩(27)\n",
        Format::Kif,
        "shogi",
    )
    .unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    // An illegal move in a variation names its line.
    let e = read_text(
        "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 ７六歩(77)\n",
        Format::Kif,
        "shogi",
    )
    .unwrap_err();
    assert_eq!(e.line, 6, "{e}");
}

fn usi_of(moves: &[RecordMove]) -> Vec<String> {
    moves.iter().map(|m| m.usi.clone()).collect()
}

/// Seeded random games of every variant id, each with a variation: written as KI2 (the
/// variant named in `変種`, the start in `開始局面`) and read back to the same moves on every
/// line, the same headers, players, comments and end; the text is stable. Standard pieces on
/// boards of at most 9×9 need no USI (every move is kanji with KI2's marks); the moves KI2
/// cannot write (lion double moves, pieces without kanji, the tenth file) go in USI.
#[test]
fn every_variant_round_trips_through_ki2() {
    use shogi_variants::registry;
    let (mut kanji, mut marked, mut usi_moves) = (0, 0, 0);
    for (n, id) in registry::ids().into_iter().enumerate() {
        for game in 0..3u64 {
            let mut e = registry::create(id).unwrap();
            let mut seed = 0x2545_f491_4f6c_dd1du64 ^ (n as u64) << 8 ^ game;
            let mut next = |len: usize| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed % len as u64) as usize
            };
            let mut moves: Vec<String> = Vec::new();
            // Alternatives to the second move, for a variation.
            let mut second: Vec<String> = Vec::new();
            for ply in 0..100 {
                let legal = e.legal_moves();
                if legal.is_empty() || e.result() != "ongoing" {
                    break;
                }
                if ply == 1 {
                    second = legal.clone();
                }
                moves.push(legal[next(legal.len())].clone());
                if e.set_position(None, &moves).is_err() {
                    moves.pop();
                    break;
                }
            }
            let variations = match second.iter().find(|m| moves.get(1) != Some(*m)) {
                Some(alt) => vec![records::Variation {
                    at: 2,
                    moves: vec![RecordMove::new(alt.clone())],
                    end: Some(records::GameEnd::new(EndKind::Abort)),
                    variations: Vec::new(),
                }],
                None => Vec::new(),
            };
            let r = Record {
                variant: id.to_string(),
                start: e.start_sfen().to_string(),
                black: Some("black player".into()),
                white: Some("white player".into()),
                headers: vec![("棋戦".into(), "test".into())],
                comments: vec!["start".into()],
                moves: moves.iter().map(RecordMove::new).collect(),
                end: Some(records::GameEnd::new(EndKind::Abort)),
                variations,
            };
            let text = write_text(&r, Format::Ki2).unwrap_or_else(|e| panic!("{id}: {e}"));
            let back =
                read_text(&text, Format::Ki2, id).unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
            assert_eq!(usi(&back), moves, "{id}\n{text}");
            assert_eq!(back.variations.len(), r.variations.len(), "{id}\n{text}");
            for (a, b) in back.variations.iter().zip(&r.variations) {
                assert_eq!((a.at, usi_of(&a.moves)), (b.at, usi_of(&b.moves)), "{id}");
                assert_eq!(a.end, b.end, "{id}");
            }
            assert_eq!((&back.black, &back.white), (&r.black, &r.white), "{id}");
            assert_eq!((&back.headers, &back.comments), (&r.headers, &r.comments));
            assert_eq!(back.end, r.end, "{id}");
            assert_eq!(write_text(&back, Format::Ki2).unwrap(), text, "{id}");
            if id != "shogi" {
                assert!(text.contains(&format!("変種：{id}\n")), "{id}");
                assert!(
                    text.contains(&format!("開始局面：{}\n", back.start)),
                    "{id}"
                );
                let e = read_text(&text, Format::Ki2, "shogi").unwrap_err();
                assert!(e.reason.contains("not shogi"), "{e}");
            }
            let tokens: Vec<&str> = text
                .lines()
                .filter(|l| l.starts_with(['▲', '△']))
                .flat_map(|l| l.split_whitespace())
                .collect();
            let in_usi: Vec<&&str> = tokens
                .iter()
                .filter(|t| t.trim_start_matches(['▲', '△']).is_ascii())
                .collect();
            let standard_pieces = ["shogi", "minishogi", "judkins", "gorogoro", "kyotoshogi"];
            if standard_pieces.contains(&id) || id.starts_with("Shogi-Handicap") {
                assert!(in_usi.is_empty(), "{id}: {in_usi:?}\n{text}");
            }
            usi_moves += in_usi.len();
            kanji += tokens.len() - in_usi.len();
            marked += tokens
                .iter()
                .filter(|t| t.contains(['右', '左', '直', '上', '引', '寄', '打']))
                .count();
        }
    }
    println!("KI2 moves: {kanji} kanji ({marked} with marks), {usi_moves} in USI");
    assert!(kanji > 10_000 && marked > 300 && usi_moves > 1_000);
}

/// KI2 of variants, each text checked by hand: minishogi (左, 打 beside a silver that could
/// go there, 上), Kyoto shogi (every move turns the piece over: `成` up, no mark back down, a
/// pawn dropped rook side up written as the rook), a lion's double move (USI; its jump is
/// kanji), and Okisaki's chess-move knights, where the JSA's choice (`左`, as both stand left
/// of the square) would pick the other knight and `右` (the one further right) is written.
#[test]
fn ki2_variant_moves_by_hand() {
    let cases: [(&str, &str, &str, &str); 4] = [
        (
            "minishogi",
            "4k/5/5/1G1G1/KS3 b S 1",
            "4d3c 1a1b S*3d 1b1a 2d2c 1a2a",
            "▲３三金左  △１二玉    ▲３四銀打  △１一玉    ▲２三金上  △２一玉",
        ),
        (
            "kyotoshogi",
            "p+nks+l/5/5/5/+LSK+NP b - 1",
            "4e4d+ 5a5b+ 5e5d- 5b5c- 5d5c+ 2a2b+ +P*3c",
            "▲４四銀成  △５二歩成  ▲５四成香  △５三飛    ▲同　香成  △２二銀成\n▲３三飛",
        ),
        (
            "Shogi-Kirin-Phoenix:1",
            "k8/9/9/4p4/4+O4/9/9/9/4K4 b - 1",
            "5e5d5c 9a8a 5c5a 8a8b",
            "▲5e5d5c    △８一玉    ▲５一獅    △８二玉",
        ),
        (
            "okisakishogi",
            "9k/10/10/10/10/3N6/4N5/10/10/5K4 b - 1",
            "6g5e 1a1b 7f6d",
            "▲５五桂右  △１二玉    ▲６四桂",
        ),
    ];
    for (id, sfen, moves, expected) in cases {
        let r = Record {
            variant: id.to_string(),
            start: sfen.to_string(),
            black: None,
            white: None,
            headers: Vec::new(),
            comments: Vec::new(),
            moves: words(moves).into_iter().map(RecordMove::new).collect(),
            end: Some(records::GameEnd::new(EndKind::Abort)),
            variations: Vec::new(),
        };
        let text = write_text(&r, Format::Ki2).unwrap_or_else(|e| panic!("{id}: {e}"));
        let plies = r.moves.len();
        assert_eq!(
            text,
            format!(
                "#KI2 version=2.0 encoding=UTF-8\n変種：{id}\n開始局面：{sfen}\n{expected}\nまで{plies}手で中断\n"
            ),
            "{id}"
        );
        let back = read_text(&text, Format::Ki2, id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(usi(&back), words(moves), "{id}");
    }
    // Okisaki's other knight reads as 左 (the one further left), and the JSA's mark for the
    // right one, 左, names the left one: reading it as 6g5e is refused as a different move.
    let head = "変種：okisakishogi\n開始局面：9k/10/10/10/10/3N6/4N5/10/10/5K4 b - 1\n";
    let left = read_text(&format!("{head}▲５五桂左\n"), Format::Ki2, "okisakishogi").unwrap();
    assert_eq!(usi(&left), ["7f5e"]);
    let e = read_text(&format!("{head}▲５五桂\n"), Format::Ki2, "okisakishogi").unwrap_err();
    assert!(e.reason.contains("ambiguous"), "{e}");
    // A USI move in KI2 is checked like any other: the side mark, then legality.
    let head = "変種：Shogi-Kirin-Phoenix:1\n開始局面：4k4/9/9/4p4/4+O4/9/9/9/4K4 b - 1\n";
    let id = "Shogi-Kirin-Phoenix:1";
    let e = read_text(&format!("{head}△5e5d5c\n"), Format::Ki2, id).unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    assert!(e.reason.contains("is to move"), "{e}");
    let e = read_text(
        &format!("{head}▲5e5d5e    △5a4a\n▲5e5c5b\n"),
        Format::Ki2,
        id,
    )
    .unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    assert!(e.reason.contains("illegal move '▲5e5c5b'"), "{e}");
}

const CHU_START: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

/// Chu shogi moves in KIF as lishogi writes them (scalashogi's `Kif.renderMove`: ASCII file
/// digits and kanji ranks, the two-kanji name, ` （←origin）`, `仝` for the previous
/// destination, a lion's double move as `一歩目` and `二歩目` entries of one number). The
/// lines below were written out by hand from the moves.
#[test]
fn chushogi_kif_is_written_as_lishogi_writes_it() {
    let moves = "7j7h 6c6e 7h7f 6e7f 7i7h 7f7g 12i12h 7g7h6i";
    let r = Record {
        variant: "chushogi".into(),
        start: CHU_START.into(),
        black: None,
        white: None,
        headers: Vec::new(),
        comments: Vec::new(),
        moves: words(moves).iter().map(RecordMove::new).collect(),
        end: Some(records::GameEnd::new(EndKind::Abort)),
        variations: Vec::new(),
    };
    let text = write_text(&r, Format::Kif).unwrap();
    let body: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("手数"))
        .skip(1)
        .collect();
    assert_eq!(
        body,
        [
            "   1 7八獅子 （←7十）",
            "   2 6五獅子 （←6三）",
            "   3 7六獅子 （←7八）",
            "   4 仝獅子 （←6五）",
            "   5 7八歩兵 （←7九）",
            "   6 7七獅子 （←7六）",
            "   7 12八歩兵 （←12九）",
            "   8 一歩目 7八獅子 （←7七）",
            "   8 二歩目 6九獅子 （←7八）",
            "   9 中断",
            "まで8手で中断",
        ],
        "{text}"
    );
    let back = read_text(&text, Format::Kif, "chushogi").unwrap();
    assert_eq!(usi(&back), words(moves));
    // KI2 names only the 9×9 squares (a move to 12h is written in USI); CSA refuses chu.
    let ki2 = write_text(&r, Format::Ki2).unwrap();
    assert!(
        ki2.contains("▲７八獅    △６五獅") && ki2.contains("▲12i12h"),
        "{ki2}"
    );
    assert_eq!(
        usi(&read_text(&ki2, Format::Ki2, "chushogi").unwrap()),
        words(moves)
    );
    assert!(write_text(&r, Format::Csa).is_err());
}

/// A chu shogi KIF in lishogi's exact spacing (number, three spaces, move; `一歩目` right
/// after the number), with shogiops' igui and jitto marks, a promotion on entering the zone,
/// and `龍王` for a promoted rook (the name it shares with the dragon king: the piece on the
/// origin decides).
#[test]
fn chushogi_kif_in_lishogi_spacing_reads() {
    let head = "変種：chushogi\n\
                開始局面：11g/12/12/12/12/8R3/3p8/3N8/12/12/7k4/K11 b - 1\n\
                手数----指手---------消費時間--\n";
    let lines = [
        "   1   4二飛車成 （←4六）",
        "   2   6十一玉将 （←5十一）",
        "   3   4三龍王 （←4二）",
        "   4   5十一玉将 （←6十一）",
        "   5一歩目 9七獅子 （←9八）",
        "   5二歩目 9八獅子（居食い） （←9七）",
        "   6   1二金将 （←1一）",
        "   7一歩目 9七獅子 （←9八）",
        "   7二歩目 9八獅子(じっと) （←9七）",
    ];
    let kif = format!("{head}{}\n", lines.join("\n"));
    let r = read_text(&kif, Format::Kif, "chushogi").unwrap();
    let got = usi(&r);
    assert_eq!(got[..6], words("4f4b+ 5k6k 4b4c 6k5k 9h9g9h 1a1b"));
    // The pass is read as the lion's one pass move, written with its first empty square.
    assert!(got[6].len() == 6 && got[6].starts_with("9h") && got[6].ends_with("9h"));
    // The wrong name for the piece on the origin is refused, naming the line.
    let bad = kif.replace("4三龍王 （←4二）", "4三金将 （←4二）");
    let e = read_text(&bad, Format::Kif, "chushogi").unwrap_err();
    assert_eq!(e.line, 6, "{e}");
    assert!(e.reason.contains("龍王"), "{e}");
    // A first step without its second.
    let bad = kif.replace("   5二歩目 9八獅子（居食い） （←9七）\n", "");
    let e = read_text(&bad, Format::Kif, "chushogi").unwrap_err();
    assert!(e.reason.contains("二歩目"), "{e}");
}
