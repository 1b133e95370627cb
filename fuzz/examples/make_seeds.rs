//! Writes the seed corpus of the fuzz targets to fuzz/corpus-seed/<target>/: start positions
//! of every rule set and positions after seeded random plies, USI move sequences, and USI
//! sessions. Deterministic, so the committed corpus can be regenerated:
//! `cargo run --release --manifest-path fuzz/Cargo.toml --example make-seeds`.

use shogi_core::usi::move_to_usi;
use shogi_core::{Game, Rules};
use shogi_variants::registry::{self, VariantVisitor};
use shogi_variants_fuzz::{byte_of, random_plies};
use std::fs;
use std::path::{Path, PathBuf};

/// SFEN after `plies` random plies, and the next `more` moves in USI.
struct Line {
    plies: usize,
    seed: u64,
    more: usize,
}

impl VariantVisitor for &Line {
    type Output = (String, Vec<String>);
    fn visit<R: Rules>(self, setup: usize) -> (String, Vec<String>) {
        let mut game = Game::<R>::startpos(setup);
        random_plies(&mut game, self.plies, self.seed);
        let sfen = game.position().to_sfen();
        let start = game.moves().len();
        random_plies(&mut game, self.more, self.seed ^ 0xABCD);
        let moves = game.moves()[start..]
            .iter()
            .map(|&m| move_to_usi::<R>(m))
            .collect();
        (sfen, moves)
    }
}

fn line(id: &str, plies: usize, seed: u64, more: usize) -> (String, Vec<String>) {
    registry::dispatch(id, &Line { plies, seed, more }).expect("registered id")
}

fn file_name(id: &str, n: usize) -> String {
    let clean: String = id
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("{clean}-{n}")
}

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    fs::write(dir.join(name), bytes).expect("writable corpus directory");
}

fn main() {
    let root = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus-seed"));
    let dirs: Vec<PathBuf> = ["sfen", "usi_move", "usi_loop"]
        .iter()
        .map(|t| root.join(t))
        .collect();
    for d in &dirs {
        let _ = fs::remove_dir_all(d);
        fs::create_dir_all(d).expect("corpus directory");
    }
    // The first setup of every rule set.
    let firsts: Vec<&str> = registry::tables().iter().map(|t| t.setups[0].id).collect();
    let mut count = [0usize; 3];

    for (i, id) in firsts.iter().enumerate() {
        let b = byte_of(id);
        for (n, plies) in [0usize, 12, 40].into_iter().enumerate() {
            let (sfen, _) = line(id, plies, i as u64, 0);
            let mut data = vec![b];
            data.extend_from_slice(sfen.as_bytes());
            write(&dirs[0], &file_name(id, n), &data);
            count[0] += 1;
        }
        // Every third rule set: move sequences from the start and from the middlegame.
        if i % 3 == 0 {
            for (n, plies) in [0u8, 20].into_iter().enumerate() {
                let seed = i as u8;
                let (_, moves) = line(id, plies as usize, seed as u64, 12);
                let mut data = vec![b, plies, seed];
                data.extend_from_slice(moves.join(" ").as_bytes());
                if n == 1 {
                    // Words that are not moves here, after the real ones.
                    data.extend_from_slice(b" 5e5d5c+ P*1a 0a9z K*5e 1a1a+");
                }
                write(&dirs[1], &file_name(id, n), &data);
                count[1] += 1;
            }
        }
    }

    let mut sessions: Vec<String> = vec![
        "usi\nisready\nusinewgame\nposition startpos moves 7g7f 3c3d\ngo btime 1000 wtime 1000 byoyomi 100\nstop\nquit\n".into(),
        "position startpos\ngo ponder btime 100 wtime 100 binc 10 winc 10\nponderhit\nstop\ngameover win\n".into(),
        "go infinite\nstop\ngo mate 1000\ngo movetime 50\ndebug on\nregister later\n".into(),
        "setoption name USI_Hash value 4\nsetoption name USI_Ponder value true\nisready\nposition startpos moves 7g7f 7g7f\ngo nodes 100\n".into(),
        "position sfen 4k4/9/9/9/9/9/9/9/4K4 b RB2G 1 moves R*5b\ngo depth 3\n".into(),
    ];
    for (i, id) in firsts.iter().enumerate().filter(|(i, _)| i % 4 == 1) {
        let (sfen, moves) = line(id, 10, i as u64, 3);
        sessions.push(format!(
            "setoption name USI_Variant value {id}\nisready\nposition sfen {sfen} moves {}\ngo depth 2\nposition startpos\ngo btime 0 wtime 0 byoyomi 30\nquit\n",
            moves.join(" ")
        ));
    }
    for (n, s) in sessions.iter().enumerate() {
        write(&dirs[2], &format!("session-{n}"), s.as_bytes());
        count[2] += 1;
    }
    // Records: games of every rule set as KIF and KI2, standard games and handicaps as CSA,
    // and the hand-written fixtures of the records tests (which name standard shogi, byte 0).
    use shogi_variants::records::{handicap::HANDICAPS, write_text, Format, Record, RecordMove};
    let record_dirs = [root.join("kif"), root.join("csa")];
    for d in &record_dirs {
        let _ = fs::remove_dir_all(d);
        fs::create_dir_all(d).expect("corpus directory");
    }
    let mut records = 0;
    let record = |id: &str, start: String, moves: Vec<String>| Record {
        variant: id.to_string(),
        start,
        black: Some("black".into()),
        white: Some("white".into()),
        headers: vec![("棋戦".into(), "seed".into())],
        comments: vec!["comment".into()],
        moves: moves
            .into_iter()
            .enumerate()
            .map(|(i, m)| RecordMove {
                seconds: Some(i as u32),
                ..RecordMove::new(m)
            })
            .collect(),
        end: Some(shogi_variants::records::GameEnd::new(
            shogi_variants::records::EndKind::Resign,
        )),
        variations: Vec::new(),
    };
    for (i, id) in firsts.iter().enumerate() {
        let (start, moves) = line(id, 0, i as u64, 16);
        let text = write_text(&record(id, start, moves), Format::Kif).expect("writes");
        let mut data = vec![byte_of(id)];
        data.extend_from_slice(text.as_bytes());
        write(&record_dirs[0], &file_name(id, 0), &data);
        records += 1;
        // The same rule set as KI2 (the kif target's reader takes both), a longer game so
        // that marks and USI moves (lion double moves, pieces without kanji) appear.
        let (start, moves) = line(id, 0, i as u64, 60);
        let text = write_text(&record(id, start, moves), Format::Ki2).expect("writes");
        let mut data = vec![byte_of(id)];
        data.extend_from_slice(text.as_bytes());
        write(&record_dirs[0], &format!("{}-ki2", file_name(id, 0)), &data);
        records += 1;
    }
    for (n, h) in HANDICAPS.iter().enumerate() {
        let start = h.sfen.to_string();
        let moves = {
            let (_, m) = line("shogi", 0, n as u64, 0);
            m
        };
        for (k, format) in [Format::Kif, Format::Csa].into_iter().enumerate() {
            let text =
                write_text(&record("shogi", start.clone(), moves.clone()), format).expect("writes");
            let mut data = vec![byte_of("shogi")];
            data.extend_from_slice(text.as_bytes());
            write(&record_dirs[k], &format!("handicap-{n}"), &data);
            records += 1;
        }
    }
    for seed in 0..4u64 {
        let (start, moves) = line("shogi", 0, seed, 30);
        let text = write_text(&record("shogi", start, moves), Format::Csa).expect("writes");
        let mut data = vec![byte_of("shogi")];
        data.extend_from_slice(text.as_bytes());
        write(&record_dirs[1], &format!("shogi-{seed}"), &data);
        records += 1;
    }
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shogi-variants/tests/records");
    for entry in fs::read_dir(&fixtures).expect("the records fixtures") {
        let path = entry.expect("a fixture").path();
        let k = usize::from(path.extension().is_some_and(|e| e == "csa"));
        let mut data = vec![byte_of("shogi")];
        data.extend_from_slice(&fs::read(&path).expect("readable fixture"));
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("fixture")
            .to_string();
        write(&record_dirs[k], &name, &data);
        records += 1;
    }
    println!(
        "seeds written to {}: sfen {}, usi_move {}, usi_loop {}, kif/csa {records}",
        root.display(),
        count[0],
        count[1],
        count[2]
    );
}
