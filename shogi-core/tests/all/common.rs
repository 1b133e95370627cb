//! Shared helpers of the core tests.
//!
//! Effect tests: one hand-written rule table per hooks setting over the standard pieces, and
//! small position helpers (pieces placed by square name, so each test's board reads as the
//! RULES.md reasoning behind it).
//!
//! Standard-shogi tests: hand-built rule tables (standard, immortal silvers, chess pawns; the
//! `variant!`-generated ones live in `shogi-variants`), the published perft positions, a seeded
//! generator, and move lists checked on both legality paths.
#![allow(dead_code)]

use shogi_core::geometry::Color;
use shogi_core::pieces::{kind, moves, STANDARD_PIECES};
use shogi_core::table::{
    AfterMove, CaptureEffect, Hooks, KingLoss, NifuPolicy, PieceDef, Promotion, RuleTable, Setup,
};
use shogi_core::{impl_rules, Move, Position, Rules, Square};

pub const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

const fn hooks(capture_effect: CaptureEffect, after_move: AfterMove, king_loss: KingLoss) -> Hooks {
    Hooks {
        capture_effect,
        after_move,
        king_loss,
        ..Hooks::STANDARD
    }
}

const fn table(name: &'static str, hooks: Hooks) -> RuleTable {
    RuleTable {
        name,
        title: "effects test fixture",
        geometry: shogi_core::geometry::Geometry::STANDARD,
        pieces: &STANDARD_PIECES,
        hooks,
        setups: &[
            Setup {
                id: "fixture",
                sfen: START,
                description: "even",
            },
            // The SFEN reader admits no more material than a setup holds; the hand-built
            // positions of the flip tests use more golds, silvers and kings than a game can.
            Setup {
                id: "fixture-material",
                sfen: "kkk6/ggggggggg/sssssssss/9/9/9/9/9/K8 b - 1",
                description: "material bound of hand-built test positions, never played",
            },
        ],
        notes: &[],
        eval: shogi_core::eval_weights::EvalWeights::STANDARD,
    }
}

macro_rules! fixture {
    ($ty:ident, $table:ident, $effect:expr, $after:expr, $loss:expr) => {
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $ty;
        pub const $table: RuleTable = table(stringify!($ty), hooks($effect, $after, $loss));
        impl_rules!($ty, $table);
    };
}

use AfterMove as A;
use CaptureEffect as C;
use KingLoss as K;

fixture!(Rifle, RIFLE, C::Rifle, A::None, K::Capture);
fixture!(Circe, CIRCE, C::Circe, A::None, K::Checkmate);
fixture!(AntiCirce, ANTI_CIRCE, C::AntiCirce, A::None, K::Checkmate);
fixture!(Pwc, PWC, C::Pwc, A::None, K::Checkmate);
fixture!(TrueCirce, TRUE_CIRCE, C::Circe, A::None, K::Capture);
fixture!(
    TrueAntiCirce,
    TRUE_ANTI_CIRCE,
    C::AntiCirce,
    A::None,
    K::Capture
);
fixture!(TruePwc, TRUE_PWC, C::Pwc, A::None, K::Capture);
fixture!(Andernach, ANDERNACH, C::Andernach, A::None, K::Checkmate);
fixture!(
    OthelloA,
    OTHELLO_A,
    C::None,
    A::Othello(NifuPolicy::A),
    K::Checkmate
);
fixture!(
    OthelloB,
    OTHELLO_B,
    C::None,
    A::Othello(NifuPolicy::B),
    K::Checkmate
);
fixture!(
    OthelloC,
    OTHELLO_C,
    C::None,
    A::Othello(NifuPolicy::C),
    K::Checkmate
);
fixture!(
    ReversiA,
    REVERSI_A,
    C::None,
    A::Reversi(NifuPolicy::A),
    K::Checkmate
);
fixture!(
    ReversiB,
    REVERSI_B,
    C::None,
    A::Reversi(NifuPolicy::B),
    K::Checkmate
);
fixture!(
    ReversiC,
    REVERSI_C,
    C::None,
    A::Reversi(NifuPolicy::C),
    K::Checkmate
);
fixture!(Standard, STANDARD, C::None, A::None, K::Checkmate);

pub fn sq(name: &str) -> Square {
    shogi_core::geometry::Geometry::STANDARD
        .parse_square(name)
        .unwrap_or_else(|| panic!("bad square {name}"))
}

/// SFEN of a board given as `(square, token)` pairs (`"+r"` = White dragon).
pub fn sfen(pieces: &[(&str, &str)], side: char, hand: &str) -> String {
    let mut grid = vec![vec![String::new(); 9]; 9];
    for &(s, token) in pieces {
        let q = sq(s);
        let cell = &mut grid[q.rank() as usize][q.file() as usize];
        assert!(cell.is_empty(), "{s} placed twice");
        *cell = token.to_string();
    }
    let mut out = String::new();
    for (r, row) in grid.iter().enumerate() {
        if r > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for f in (0..9).rev() {
            if row[f].is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push_str(&row[f]);
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    format!("{out} {side} {hand} 1")
}

pub fn pos<R: Rules>(pieces: &[(&str, &str)], side: char, hand: &str) -> Position<R> {
    let text = sfen(pieces, side, hand);
    Position::from_sfen(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Token on a square, `.` when empty.
pub fn at<R: Rules>(p: &Position<R>, s: &str) -> String {
    let piece = p.piece_at(sq(s));
    if piece.is_empty() {
        ".".to_string()
    } else {
        Position::<R>::piece_token(piece)
    }
}

/// Asserts the whole board: exactly these squares are occupied, by these tokens.
pub fn assert_board<R: Rules>(p: &Position<R>, pieces: &[(&str, &str)]) {
    let expected = sfen(pieces, 'b', "-");
    let expected_board = expected.split(' ').next().unwrap().to_string();
    let actual = p.to_sfen();
    let actual_board = actual.split(' ').next().unwrap().to_string();
    assert_eq!(actual_board, expected_board, "board after the move");
}

pub fn legal<R: Rules>(p: &mut Position<R>, usi: &str) -> bool {
    p.parse_usi(usi).is_ok()
}

/// Plays a move that must be legal.
pub fn play<R: Rules>(p: &mut Position<R>, usi: &str) {
    let mv = p
        .parse_usi(usi)
        .unwrap_or_else(|e| panic!("{usi} in {}: {e}", p.to_sfen()));
    p.make(mv);
}

/// The hand field of the SFEN (`-` when empty).
pub fn hands<R: Rules>(p: &Position<R>) -> String {
    p.to_sfen().split(' ').nth(2).unwrap().to_string()
}

pub const BLACK: Color = Color::Black;
pub const WHITE: Color = Color::White;

// ---- standard-shogi fixtures ----

pub const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
pub const MAX: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

/// Standard shogi (RULES.md §0).
#[derive(Clone, Copy, Debug, Default)]
pub struct Std;
pub const STD_TABLE: RuleTable = RuleTable {
    name: "Std",
    title: "standard shogi (core fixture)",
    geometry: shogi_core::geometry::Geometry::STANDARD,
    pieces: &STANDARD_PIECES,
    hooks: Hooks::STANDARD,
    setups: &[Setup {
        id: "shogi",
        sfen: START,
        description: "even",
    }],
    notes: &[],
    eval: shogi_core::eval_weights::EvalWeights::STANDARD,
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
    geometry: shogi_core::geometry::Geometry::STANDARD,
    pieces: &IMMORTAL_PIECES,
    hooks: Hooks::STANDARD,
    setups: &[Setup {
        id: "immortal",
        sfen: "lnigkginl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNIGKGINL b - 1",
        description: "every silver immortal",
    }],
    notes: &[],
    eval: shogi_core::eval_weights::EvalWeights::STANDARD,
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
    geometry: shogi_core::geometry::Geometry::STANDARD,
    pieces: &HYBRID_PIECES,
    hooks: Hooks::STANDARD,
    setups: &[Setup {
        id: "hybrid",
        sfen: START,
        description: "even",
    }],
    notes: &[],
    eval: shogi_core::eval_weights::EvalWeights::STANDARD,
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

// ---- mate solver (game, search and player tests) ----

/// Whether the side to move can force the opponent out of legal moves within `plies` plies
/// (odd), by plain exhaustive AND/OR search over the legal moves.
pub fn forced_win_within(pos: &mut Position<Std>, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    for mv in pos.legal_move_list() {
        pos.make(mv);
        let replies = pos.legal_move_list();
        let win = replies.is_empty()
            || (plies >= 3
                && replies.into_iter().all(|r| {
                    pos.make(r);
                    let w = forced_win_within(pos, plies - 2);
                    pos.unmake();
                    w
                }));
        pos.unmake();
        if win {
            return true;
        }
    }
    false
}

/// The first moves (USI) that force a win within `plies` plies.
pub fn winning_first_moves(pos: &mut Position<Std>, plies: u32) -> Vec<String> {
    let mut out = Vec::new();
    for mv in pos.legal_move_list() {
        pos.make(mv);
        let replies = pos.legal_move_list();
        let win = replies.is_empty()
            || (plies >= 3
                && replies.into_iter().all(|r| {
                    pos.make(r);
                    let w = forced_win_within(pos, plies - 2);
                    pos.unmake();
                    w
                }));
        pos.unmake();
        if win {
            out.push(pos.move_to_usi(mv));
        }
    }
    out.sort();
    out
}
