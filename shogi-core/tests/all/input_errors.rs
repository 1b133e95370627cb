//! Malformed SFEN and USI input: each case has its expected typed error, and nothing panics on
//! any input (random text, weird UTF-8, huge numbers, mutations of valid SFEN).

use crate::common::{Hybrid, Immortal, Rng, Std, MATSURI, MAX, START};
use shogi_core::geometry::Geometry;
use shogi_core::{MoveError, Position, Rules, SfenError};

const KINGS: &str = "4k4/9/9/9/9/9/9/9/4K4";

fn sfen_err(sfen: &str) -> SfenError {
    match Position::<Std>::from_sfen(sfen) {
        Ok(p) => panic!("{sfen:?} was accepted as {}", p.to_sfen()),
        Err(e) => e,
    }
}

fn start_with_rank(rank: usize, text: &str) -> String {
    let mut board: Vec<&str> = START.split(' ').next().unwrap().split('/').collect();
    board[rank] = text;
    format!("{} b - 1", board.join("/"))
}

const NINE: Geometry = Geometry::STANDARD;

fn bad_run(rank: char, run: &str) -> SfenError {
    SfenError::BadEmptyRun {
        rank,
        run: run.to_string(),
    }
}

/// More pieces of the pawn class than standard shogi's 18.
fn too_many_pawns(n: u32) -> SfenError {
    SfenError::TooManyPieces(format!(
        "{n} pieces of the pawn class (P, +P); this variant has at most 18"
    ))
}

fn unknown(s: &str) -> SfenError {
    SfenError::UnknownPiece(s.to_string())
}

#[test]
fn malformed_sfen_fields_and_board() {
    let cases: Vec<(String, SfenError)> = vec![
        (String::new(), SfenError::Empty),
        (" \t\n ".into(), SfenError::Empty),
        (format!("{KINGS} b"), SfenError::FieldCount(2)),
        ("startpos".into(), SfenError::FieldCount(1)),
        (format!("{START} 5"), SfenError::FieldCount(5)),
        (
            "9/9/9 b - 1".into(),
            SfenError::RankCount {
                found: 3,
                board: NINE,
            },
        ),
        (
            format!("{KINGS}/9 b - 1"),
            SfenError::RankCount {
                found: 10,
                board: NINE,
            },
        ),
        (
            start_with_rank(8, "LNSGKGSNLL"),
            SfenError::FileCount {
                rank: 'i',
                files: 10,
                board: NINE,
            },
        ),
        (
            start_with_rank(5, "8"),
            SfenError::FileCount {
                rank: 'f',
                files: 8,
                board: NINE,
            },
        ),
        (
            start_with_rank(1, ""),
            SfenError::FileCount {
                rank: 'b',
                files: 0,
                board: NINE,
            },
        ),
        (start_with_rank(4, "4X4"), unknown("X")),
        (start_with_rank(4, "4I4"), unknown("I")),
        (start_with_rank(4, "09"), bad_run('e', "09")),
        (start_with_rank(4, "0"), bad_run('e', "0")),
        (
            start_with_rank(5, "54"),
            SfenError::FileCount {
                rank: 'f',
                files: 54,
                board: NINE,
            },
        ),
        (
            start_with_rank(5, "4P13"),
            SfenError::FileCount {
                rank: 'f',
                files: 18,
                board: NINE,
            },
        ),
        (start_with_rank(0, "lnsg+kgsnl"), unknown("+k")),
        (start_with_rank(4, "4+G4"), unknown("+G")),
        (start_with_rank(4, "4é4"), unknown("é")),
        (start_with_rank(4, "４5"), unknown("４")),
        (start_with_rank(4, "8+"), SfenError::DanglingPromotion),
        (start_with_rank(4, "+18"), SfenError::DanglingPromotion),
        (start_with_rank(4, "++P8"), SfenError::DanglingPromotion),
        (start_with_rank(4, "+é8"), SfenError::DanglingPromotion),
        (format!("{KINGS} x - 1"), SfenError::BadSide("x".into())),
        (format!("{KINGS} B - 1"), SfenError::BadSide("B".into())),
        (format!("{KINGS} bw - 1"), SfenError::BadSide("bw".into())),
    ];
    for (sfen, expected) in cases {
        assert_eq!(sfen_err(&sfen), expected, "{sfen:?}");
    }
    // A run of empty squares is one number: "54" is 54 squares, not 5 and 4.
    assert!(Position::<Std>::from_sfen(&start_with_rank(5, "9")).is_ok());
    // `I` is a piece of the immortal fixture (in place of a silver: an immortal silver is of
    // the silver class, and there are four of those).
    let immortal = "lnsgkgsnl/1r5b1/ppppppppp/9/4I4/9/PPPPPPPPP/1B5R1/LN1GKGSNL b - 1";
    assert!(Position::<Immortal>::from_sfen(immortal).is_ok());
    assert!(matches!(
        Position::<Immortal>::from_sfen(&start_with_rank(4, "4I4")),
        Err(SfenError::TooManyPieces(_))
    ));
}

#[test]
fn malformed_sfen_hands() {
    let hand = |h: &str| format!("{KINGS} b {h} 1");
    let count = |s: &str| SfenError::BadHandCount(s.to_string());
    let cases: Vec<(&str, SfenError)> = vec![
        ("+P", SfenError::NotHandable("+P".into())),
        ("2+P", SfenError::NotHandable("+P".into())),
        ("+", SfenError::NotHandable("+".into())),
        ("K", SfenError::NotHandable("K".into())),
        ("k", SfenError::NotHandable("k".into())),
        ("X", SfenError::UnknownHandPiece("X".into())),
        ("*", SfenError::UnknownHandPiece("*".into())),
        ("é", SfenError::UnknownHandPiece("é".into())),
        ("0P", count("0P")),
        ("03P", count("03P")),
        ("1000P", count("1000P")),
        ("256P", count("256P")),
        ("100P", too_many_pawns(100)),
        ("82P", too_many_pawns(82)),
        ("19P", too_many_pawns(19)),
        ("10P9p", too_many_pawns(19)),
        ("99999999999999999999P", count("99999999999999999999P")),
        ("41P41P", too_many_pawns(82)),
        ("200P100P", count("100P")),
        ("P2", count("2")),
        ("2", count("2")),
    ];
    for (h, expected) in cases {
        assert_eq!(sfen_err(&hand(h)), expected, "hand {h:?}");
    }
    // Counts of 1 may be written; 18 pawns is the most standard shogi holds.
    let p = Position::<Std>::from_sfen(&hand("1P17p")).unwrap();
    assert_eq!(p.to_sfen(), format!("{KINGS} b P17p 1"));
    // Promoted pawns on the board count as pawns: 1 + 17 is the most, 1 + 18 too many.
    let board = "4k4/9/9/9/9/9/9/9/+P3K4";
    assert!(Position::<Std>::from_sfen(&format!("{board} b 17P 1")).is_ok());
    assert_eq!(sfen_err(&format!("{board} b 18P 1")), too_many_pawns(19));
}

#[test]
fn malformed_move_numbers() {
    for n in ["0", "-1", "+5", "abc", "1.0", "4294967296", "٣"] {
        assert_eq!(
            sfen_err(&format!("{KINGS} b - {n}")),
            SfenError::BadMoveNumber(n.to_string()),
            "{n:?}"
        );
    }
    assert!(Position::<Std>::from_sfen(&format!("{KINGS} b - 4294967295")).is_ok());
}

/// Review of the fuzz targets' reach: a move from the largest move number SFEN accepts once
/// overflowed the counter (a panic with overflow checks, move number 0 and an unreadable SFEN
/// without). The counter now saturates and unmake restores it exactly.
#[test]
fn largest_move_number_saturates() {
    let mut pos = Position::<Std>::from_sfen(&format!("{KINGS} b - 4294967294")).unwrap();
    let moves = pos.legal_move_list();
    pos.make(moves[0]);
    assert_eq!(pos.move_number(), u32::MAX);
    let reply = pos.legal_move_list()[0];
    pos.make(reply);
    assert_eq!(pos.move_number(), u32::MAX);
    let text = pos.to_sfen();
    assert!(text.ends_with(" b - 4294967295"), "{text}");
    assert!(Position::<Std>::from_sfen(&text).is_ok());
    pos.unmake();
    assert_eq!(pos.move_number(), u32::MAX);
    pos.unmake();
    assert_eq!(pos.to_sfen(), format!("{KINGS} b - 4294967294"));
}

#[test]
fn impossible_positions() {
    let dead = |piece: &str, square: &str| SfenError::DeadPiece {
        piece: piece.into(),
        square: square.into(),
    };
    let cases: Vec<(&str, SfenError)> = vec![
        ("9/9/9/9/9/9/9/9/4K4 b - 1", SfenError::MissingKing("White")),
        ("4k4/9/9/9/9/9/9/9/9 b - 1", SfenError::MissingKing("Black")),
        (
            "3kk4/9/9/9/9/9/9/9/4K4 b - 1",
            SfenError::TooManyKings("White"),
        ),
        (
            "4k4/9/9/9/9/9/9/9/3KK4 b - 1",
            SfenError::TooManyKings("Black"),
        ),
        ("4k3P/9/9/9/9/9/9/9/4K4 b - 1", dead("P", "1a")),
        ("L3k4/9/9/9/9/9/9/9/4K4 b - 1", dead("L", "9a")),
        ("4k4/N8/9/9/9/9/9/9/4K4 b - 1", dead("N", "9b")),
        ("4k4/9/9/9/9/9/9/9/p3K4 b - 1", dead("p", "9i")),
        ("4k4/9/9/9/9/9/9/9/l3K4 b - 1", dead("l", "9i")),
        ("4k4/9/9/9/9/9/9/n8/4K4 b - 1", dead("n", "9h")),
        (
            "4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1",
            SfenError::Nifu("Black", 5),
        ),
        ("4k4/9/p8/p8/9/9/9/9/4K4 b - 1", SfenError::Nifu("White", 9)),
        (
            "4k4/4R4/9/9/9/9/9/9/4K4 b - 1",
            SfenError::OpponentInCheck("White"),
        ),
        (
            "4k4/9/9/9/4r4/9/9/9/4K4 w - 1",
            SfenError::OpponentInCheck("Black"),
        ),
    ];
    for (sfen, expected) in cases {
        assert_eq!(sfen_err(sfen), expected, "{sfen}");
    }
    // A tokin and a pawn share a file; the side to move may be in check.
    assert!(Position::<Std>::from_sfen("4k4/9/9/9/4+P4/9/4P4/9/4K4 b - 1").is_ok());
    assert!(Position::<Std>::from_sfen("4k4/9/9/9/4r4/9/9/9/4K4 b - 1").is_ok());
    // Chess pawns double up by capturing: not an error there.
    assert!(Position::<Hybrid>::from_sfen("4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1").is_ok());
}

#[test]
fn malformed_and_illegal_usi_moves() {
    let malformed = |s: &str| MoveError::Malformed(s.to_string());
    let drop_piece = |s: &str| MoveError::UnknownDropPiece(s.to_string());
    let illegal = |s: &str| MoveError::Illegal(s.to_string());
    let mate = "8k/6G2/9/7N1/9/9/9/9/4K4 b P 1";
    let pin = "k8/4r4/9/9/9/9/4G4/9/4K4 b - 1";
    let nifu = "4k4/9/5p3/9/4+P4/9/6P2/9/4K4 b P 1";
    let cases: Vec<(&str, &str, MoveError)> = vec![
        (START, "", malformed("")),
        (START, "7g", malformed("7g")),
        (START, "7g7", malformed("7g7")),
        (START, "7g7f++", malformed("7g7f++")),
        (START, "7g7f=", malformed("7g7f=")),
        (START, "7g7f7e7d", malformed("7g7f7e7d")),
        (START, "7G7F", malformed("7G7F")),
        (START, "７g７f", malformed("７g７f")),
        (START, "7g7j", malformed("7g7j")),
        (START, "0g7f", malformed("0g7f")),
        (START, "P*", malformed("P*")),
        (START, "P*5", malformed("P*5")),
        (START, "P*5j", malformed("P*5j")),
        (START, "P*0e", malformed("P*0e")),
        (START, "P*5e+", malformed("P*5e+")),
        (START, "p*5e", drop_piece("p*5e")),
        (START, "X*5e", drop_piece("X*5e")),
        (START, "+*5e", drop_piece("+*5e")),
        (START, "7g7e", illegal("7g7e")),
        (START, "7g7g", illegal("7g7g")),
        (START, "2b8h", illegal("2b8h")),
        (START, "G*5e", illegal("G*5e")),
        (START, "K*5e", illegal("K*5e")),
        (START, "7g7f+", illegal("7g7f+")),
        (START, "5e5d5c", illegal("5e5d5c")),
        (mate, "P*1b", illegal("P*1b")),
        (mate, "2d1b", illegal("2d1b")),
        (mate, "P*1a", illegal("P*1a")),
        (pin, "5g4f", illegal("5g4f")),
        (nifu, "P*3e", illegal("P*3e")),
    ];
    for (sfen, text, expected) in cases {
        let mut pos = Position::<Std>::from_sfen(sfen).unwrap();
        assert_eq!(pos.parse_usi(text), Err(expected), "{text:?} in {sfen}");
    }
    let mut pos = Position::<Std>::from_sfen(START).unwrap();
    let mv = pos.parse_usi("7g7f").unwrap();
    assert_eq!(pos.move_to_usi(mv), "7g7f");
    let mut pos = Position::<Std>::from_sfen(mate).unwrap();
    assert!(pos.parse_usi("2d1b+").is_ok());
    assert!(pos.parse_usi("P*1c").is_ok());
}

/// Feeds `text` to every entry point that reads input; none may panic.
fn feed<R: Rules>(text: &str) {
    if let Ok(mut pos) = Position::<R>::from_sfen(text) {
        let back = pos.to_sfen();
        assert!(Position::<R>::from_sfen(&back).is_ok(), "{text} -> {back}");
        let n = pos.legal_move_list().len();
        assert_eq!(pos.count_legal_moves(), n as u64);
        let _ = pos.parse_usi(text);
    }
    let _ = Position::<R>::parse_usi_syntax(text);
}

const ALPHABET: &[&str] = &[
    "/",
    "+",
    "-",
    "*",
    " ",
    "1",
    "2",
    "8",
    "9",
    "0",
    "k",
    "K",
    "p",
    "P",
    "l",
    "L",
    "n",
    "N",
    "s",
    "S",
    "g",
    "G",
    "r",
    "R",
    "b",
    "B",
    "I",
    "i",
    "x",
    "a",
    "e",
    "é",
    "９",
    "\u{0}",
    "\u{FEFF}",
    "\t",
    "99999999999",
];

#[test]
fn nothing_panics_on_any_input() {
    let mut rng = Rng(99);
    let seeds = [START, MATSURI, MAX, "8k/6G2/9/7N1/9/9/9/9/4K4 b P 1"];
    for i in 0..20_000 {
        // Random strings over SFEN-like pieces.
        let len = rng.below(40);
        let text: String = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect();
        feed::<Std>(&text);
        // Mutations of valid SFEN: replace, insert or delete a few characters.
        let mut chars: Vec<char> = seeds[i % seeds.len()].chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(chars.len().max(1));
            let piece: Vec<char> = ALPHABET[rng.below(ALPHABET.len())].chars().collect();
            match rng.below(3) {
                0 if at < chars.len() => {
                    chars.splice(at..at + 1, piece);
                }
                1 => {
                    chars.splice(at..at, piece);
                }
                _ if at < chars.len() => {
                    chars.remove(at);
                }
                _ => {}
            }
        }
        let text: String = chars.into_iter().collect();
        feed::<Std>(&text);
        feed::<Immortal>(&text);
        feed::<Hybrid>(&text);
    }
    // Raw bytes, read lossily as UTF-8.
    for _ in 0..5_000 {
        let len = rng.below(30);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        feed::<Std>(&String::from_utf8_lossy(&bytes));
    }
}
