//! The checks behind the fuzz targets, shared with the seed writer. Each target decodes its
//! input here; a failed check panics, which libFuzzer reports as a crash (with the input).

use shogi_core::{Game, Move, Position, Rules};
use shogi_variants::registry::{self, VariantVisitor};
use std::io::{self, Cursor};

/// The variant id picked by an input's first byte.
pub fn id_of(byte: u8) -> &'static str {
    let ids = registry::ids();
    ids[byte as usize % ids.len()]
}

/// The byte that picks `id` (for seeds).
pub fn byte_of(id: &str) -> u8 {
    let i = registry::ids()
        .iter()
        .position(|x| *x == id)
        .expect("registered id");
    u8::try_from(i).expect("fewer than 256 ids")
}

/// splitmix64, for the random plies of the USI move target.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// Plays up to `plies` random legal moves (fewer if the game ends).
pub fn random_plies<R: Rules>(game: &mut Game<R>, plies: usize, seed: u64) {
    let mut rng = Rng(seed);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return;
        }
        game.play(moves[rng.below(moves.len())])
            .expect("a listed move is legal");
    }
}

// ---- target `sfen`: [id byte] SFEN text ----

/// Reads the SFEN; if it is accepted, checks that it reads back from its own SFEN, that the
/// hash is consistent, that the fast and reference legality paths agree, and that every legal
/// move makes, unmakes and round-trips through USI.
pub fn check_sfen(data: &[u8]) {
    let Some((&b, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    registry::dispatch(id_of(b), SfenCheck(text)).expect("registered id");
}

struct SfenCheck<'a>(&'a str);

impl VariantVisitor for SfenCheck<'_> {
    type Output = ();
    fn visit<R: Rules>(self, _setup: usize) {
        let Ok(mut pos) = Position::<R>::from_sfen(self.0) else {
            return;
        };
        let sfen = pos.to_sfen();
        let back = Position::<R>::from_sfen(&sfen)
            .unwrap_or_else(|e| panic!("{sfen} (from {:?}) does not read back: {e}", self.0));
        assert_eq!(back.to_sfen(), sfen);
        assert!(back == pos);
        assert_eq!(back.hash(), pos.hash());
        assert_eq!(pos.hash(), pos.compute_hash(), "{sfen}");
        let moves = pos.legal_move_list();
        if pos.fast_legality_applies() {
            let mut reference = Vec::new();
            pos.legal_moves_reference(&mut reference);
            let mut fast = moves.clone();
            fast.sort();
            reference.sort();
            assert_eq!(fast, reference, "fast and reference paths at {sfen}");
        }
        assert_eq!(pos.count_legal_moves(), moves.len() as u64, "{sfen}");
        for &mv in &moves {
            let usi = pos.move_to_usi(mv);
            assert_eq!(pos.parse_usi(&usi), Ok(mv), "{usi} at {sfen}");
            pos.make(mv);
            assert_eq!(pos.hash(), pos.compute_hash(), "{usi} at {sfen}");
            // One more ply: the replies exist without panicking (bulk count).
            pos.count_legal_moves();
            pos.unmake();
            assert_eq!(pos.to_sfen(), sfen, "unmake of {usi}");
        }
    }
}

// ---- target `usi_move`: [id byte] [plies byte] [seed byte] USI move words ----

/// Most words read from one input.
const MAX_WORDS: usize = 64;

/// From the variant's start after `plies % 32` random plies, plays each word of the text as a
/// USI move: a word accepted must be one of the legal moves and write back to the same move;
/// a word refused that reads as a move must not be one of them.
pub fn check_usi_moves(data: &[u8]) {
    let [id, plies, seed, rest @ ..] = data else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let check = MoveCheck {
        plies: *plies as usize % 32,
        seed: *seed as u64,
        text: &text,
    };
    registry::dispatch(id_of(*id), check).expect("registered id");
}

struct MoveCheck<'a> {
    plies: usize,
    seed: u64,
    text: &'a str,
}

impl VariantVisitor for MoveCheck<'_> {
    type Output = ();
    fn visit<R: Rules>(self, setup: usize) {
        let mut game = Game::<R>::startpos(setup);
        random_plies(&mut game, self.plies, self.seed);
        for word in self.text.split_whitespace().take(MAX_WORDS) {
            let legal = game.legal_moves();
            let sfen = game.position().to_sfen();
            match game.play_usi(word) {
                Ok(mv) => {
                    assert!(legal.contains(&mv), "{word} accepted at {sfen}");
                    assert_eq!(
                        Position::<R>::parse_usi_syntax(&shogi_core::usi::move_to_usi::<R>(mv)),
                        Ok(mv)
                    );
                }
                Err(_) => {
                    if let Ok(mv) = Position::<R>::parse_usi_syntax(word) {
                        assert!(!is_listed(&legal, mv), "{word} refused at {sfen}");
                    }
                    assert_eq!(game.position().to_sfen(), sfen, "a refused move changed it");
                }
            }
        }
    }
}

fn is_listed(moves: &[Move], mv: Move) -> bool {
    moves.contains(&mv)
}

// ---- target `usi_loop`: USI command lines ----

/// Most lines fed from one input.
const MAX_LINES: usize = 100;

/// Feeds the input to the USI server as lines, with every search bounded: each `go` line gets
/// `depth 1 nodes 2000` appended (later parameters win), every number in a `USI_Hash` line is
/// cut to at most 8 (MB), and the server starts with a 1 MB table. The limits of the server
/// itself (line length, move count) are what the fuzzer probes.
pub fn run_usi_loop(data: &[u8]) {
    let mut input = b"setoption name USI_Hash value 1\n".to_vec();
    for line in data.split(|&b| b == b'\n').take(MAX_LINES) {
        let words: Vec<&[u8]> = line.split(|b| b.is_ascii_whitespace()).collect();
        let first = words.iter().find(|w| !w.is_empty()).copied();
        if first == Some(b"go".as_slice()) {
            input.extend_from_slice(line);
            input.extend_from_slice(b" depth 1 nodes 2000");
        } else if line.windows(8).any(|w| w == b"USI_Hash") {
            let cut: Vec<Vec<u8>> = words
                .iter()
                .map(|w| {
                    if !w.is_empty() && w.iter().all(u8::is_ascii_digit) {
                        let small = std::str::from_utf8(w)
                            .ok()
                            .and_then(|s| s.parse::<u64>().ok())
                            .is_some_and(|n| n <= 8);
                        if small {
                            w.to_vec()
                        } else {
                            b"8".to_vec()
                        }
                    } else {
                        w.to_vec()
                    }
                })
                .collect();
            input.extend_from_slice(&cut.join(&b' '));
        } else {
            input.extend_from_slice(line);
        }
        input.push(b'\n');
    }
    shogi_variants::usi_server::run(Cursor::new(input), io::sink()).expect("in-memory I/O");
}

/// The record targets (`kif`, `csa`): the first byte picks the variant id, the rest is the
/// record file's bytes (the `kif` target's reader takes KI2 too). A record that reads must
/// write and read back to itself (KIF keeps everything; KI2 the moves of every line; CSA the
/// moves, start and end); a refused one names a line within the input. Nothing may panic.
/// Every line of a record (main line, then each variation depth first) as (ply, USI moves).
fn lines(r: &shogi_variants::records::Record) -> Vec<(usize, Vec<String>)> {
    fn walk(v: &[shogi_variants::records::Variation], out: &mut Vec<(usize, Vec<String>)>) {
        for x in v {
            out.push((x.at, x.moves.iter().map(|m| m.usi.clone()).collect()));
            walk(&x.variations, out);
        }
    }
    let mut out = vec![(1, r.usi_moves())];
    walk(&r.variations, &mut out);
    out
}

pub fn check_record(data: &[u8], format: shogi_variants::records::Format) {
    use shogi_variants::records::{read_bytes, read_text, write_text, Format};
    let Some((&first, body)) = data.split_first() else {
        return;
    };
    let id = id_of(first);
    match read_bytes(body, format, id) {
        Ok(record) => {
            let text = write_text(&record, Format::Kif).expect("a record read writes as KIF");
            let back = read_text(&text, Format::Kif, id)
                .unwrap_or_else(|e| panic!("our KIF does not read back: {e}\n{text}"));
            assert_eq!(back, record, "KIF round trip\n{text}");
            // KI2 (every id) keeps the moves of every line (not the times).
            let text = write_text(&record, Format::Ki2).expect("a record read writes as KI2");
            let back = read_text(&text, Format::Ki2, id)
                .unwrap_or_else(|e| panic!("our KI2 does not read back: {e}\n{text}"));
            assert_eq!(lines(&back), lines(&record), "KI2 round trip\n{text}");
            if format == Format::Csa && record.variant == "shogi" {
                let text = write_text(&record, Format::Csa).expect("a CSA record writes as CSA");
                let back = read_text(&text, Format::Csa, id)
                    .unwrap_or_else(|e| panic!("our CSA does not read back: {e}\n{text}"));
                assert_eq!(
                    back.usi_moves(),
                    record.usi_moves(),
                    "CSA round trip\n{text}"
                );
                assert_eq!(back.end, record.end, "CSA round trip\n{text}");
            }
        }
        Err(e) => {
            let lines = body.iter().filter(|&&b| b == b'\n').count() + 1;
            assert!(
                e.line >= 1 && e.line <= lines.max(1),
                "line {} of {lines}: {e}",
                e.line
            );
        }
    }
}
