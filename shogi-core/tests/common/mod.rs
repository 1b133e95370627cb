//! Shared helpers of the effect tests: one hand-written rule table per hooks setting over the
//! standard pieces, and small position helpers (pieces placed by square name, so each test's
//! board reads as the RULES.md reasoning behind it).
#![allow(dead_code)]

use shogi_core::geometry::Color;
use shogi_core::pieces::STANDARD_PIECES;
use shogi_core::table::{AfterMove, CaptureEffect, Hooks, KingLoss, NifuPolicy, RuleTable, Setup};
use shogi_core::{impl_rules, Position, Rules, Square};

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
        pieces: &STANDARD_PIECES,
        hooks,
        setups: &[Setup {
            id: "fixture",
            sfen: START,
            description: "even",
        }],
        notes: &[],
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
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
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

pub fn legal_usi<R: Rules>(p: &mut Position<R>) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_move_list()
        .into_iter()
        .map(|m| p.move_to_usi(m))
        .collect();
    v.sort();
    v
}

pub const BLACK: Color = Color::Black;
pub const WHITE: Color = Color::White;
