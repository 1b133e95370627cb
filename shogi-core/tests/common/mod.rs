//! Fixtures shared by the core tests: hand-built rule tables (the `variant!`-generated ones live
//! in `shogi-variants`; these keep the core testable on its own), a seeded generator, and
//! helpers that list moves by both legality paths.
#![allow(dead_code)]

use shogi_core::pieces::{kind, moves, STANDARD_PIECES};
use shogi_core::table::{Hooks, PieceDef, Promotion, RuleTable, Setup};
use shogi_core::{impl_rules, Move, Position, Rules};

pub const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
pub const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
pub const MAX: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

/// Standard shogi (RULES.md §0).
#[derive(Clone, Copy, Debug, Default)]
pub struct Std;
pub const STD_TABLE: RuleTable = RuleTable {
    name: "Std",
    title: "standard shogi (core fixture)",
    pieces: &STANDARD_PIECES,
    hooks: Hooks::STANDARD,
    setups: &[Setup {
        id: "shogi",
        sfen: START,
        description: "even",
    }],
    notes: &[],
};
impl_rules!(Std, STD_TABLE);

/// Kind index of the immortal silver in [`IMMORTAL_PIECES`].
pub const IMMORTAL_SILVER: u8 = 14;

/// The standard set plus an immortal silver `I` (RULES.md §2): moves as a silver, cannot be
/// captured, promotes to an ordinary promoted silver; it is never held in hand.
pub const IMMORTAL_PIECES: [PieceDef; 15] = {
    let s = STANDARD_PIECES;
    let immortal = PieceDef {
        name: "immortal_silver",
        sfen: "I",
        immortal: true,
        unpromoted: kind::SILVER,
        promotion: Some(Promotion {
            to: kind::PRO_SILVER,
            zone: 3,
        }),
        ..s[kind::SILVER as usize]
    };
    [
        s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10], s[11], s[12], s[13],
        immortal,
    ]
};

/// Standard shogi with every silver immortal (Shogi-ImmortalSilver setup 1).
#[derive(Clone, Copy, Debug, Default)]
pub struct Immortal;
pub const IMMORTAL_TABLE: RuleTable = RuleTable {
    name: "Immortal",
    title: "immortal silvers (core fixture)",
    pieces: &IMMORTAL_PIECES,
    hooks: Hooks::STANDARD,
    setups: &[Setup {
        id: "immortal",
        sfen: "lnigkginl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNIGKGINL b - 1",
        description: "every silver immortal",
    }],
    notes: &[],
};
impl_rules!(Immortal, IMMORTAL_TABLE);

/// Standard pieces with chess pawns (promoting to a queen on the last rank only) and chess
/// knights (never promoting), as in Shogi-Hybrid (RULES.md §2).
pub const HYBRID_PIECES: [PieceDef; 14] = {
    let mut p = STANDARD_PIECES;
    let pawn = kind::PAWN as usize;
    p[pawn].movement = moves::CHESS_PAWN;
    p[pawn].promotion = Some(Promotion {
        to: kind::TOKIN,
        zone: 1,
    });
    let queen = kind::TOKIN as usize;
    p[queen].name = "queen";
    p[queen].movement = moves::FREE_KING;
    p[queen].gold_class = false;
    let knight = kind::KNIGHT as usize;
    p[knight].movement = moves::CHESS_KNIGHT;
    p[knight].promotion = None;
    p[knight].dead_ranks = 0;
    p
};

#[derive(Clone, Copy, Debug, Default)]
pub struct Hybrid;
pub const HYBRID_TABLE: RuleTable = RuleTable {
    name: "Hybrid",
    title: "chess pawns and knights (core fixture)",
    pieces: &HYBRID_PIECES,
    hooks: Hooks::STANDARD,
    setups: &[Setup {
        id: "hybrid",
        sfen: START,
        description: "even",
    }],
    notes: &[],
};
impl_rules!(Hybrid, HYBRID_TABLE);

/// A seeded splitmix64 generator (tests stay reproducible without a dependency).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Legal moves in USI, sorted, by the fast path; asserts the reference path gives the same.
pub fn legal_usi<R: Rules>(pos: &mut Position<R>) -> Vec<String> {
    let mut fast = Vec::new();
    pos.legal_moves(&mut fast);
    let mut reference = Vec::new();
    pos.legal_moves_reference(&mut reference);
    let text = |pos: &Position<R>, list: &[Move]| {
        let mut v: Vec<String> = list.iter().map(|&m| pos.move_to_usi(m)).collect();
        v.sort();
        v
    };
    let a = text(pos, &fast);
    let b = text(pos, &reference);
    assert_eq!(a, b, "fast and reference paths differ in {}", pos.to_sfen());
    a
}

/// Legal moves of a SFEN position (both paths checked).
pub fn moves_of<R: Rules>(sfen: &str) -> Vec<String> {
    let mut pos = Position::<R>::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    legal_usi(&mut pos)
}

/// The moves of `all` starting with `prefix` (a square such as `7g` or a drop such as `P*`).
pub fn starting_with(all: &[String], prefix: &str) -> Vec<String> {
    all.iter()
        .filter(|m| m.starts_with(prefix))
        .cloned()
        .collect()
}

/// Sorted owned strings.
pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Perft by the reference path only.
pub fn perft_reference<R: Rules>(pos: &mut Position<R>, depth: u32) -> u64 {
    let mut list = Vec::new();
    pos.legal_moves_reference(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for mv in list {
        pos.make(mv);
        n += perft_reference(pos, depth - 1);
        pos.unmake();
    }
    n
}

/// Every square name, file 1..9, rank a..i.
pub fn all_squares() -> Vec<String> {
    let mut v = Vec::new();
    for f in 1..=9 {
        for r in "abcdefghi".chars() {
            v.push(format!("{f}{r}"));
        }
    }
    v
}
