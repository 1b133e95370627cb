//! Shared helpers for the seam tests: hand-written rule tables over the standard pieces, a
//! SFEN builder from a piece list, and move-set helpers. Expected values in the tests are
//! derived by hand from RULES.md.
#![allow(dead_code)]

use shogi_core::pieces::{kind, STANDARD_PIECES};
use shogi_core::table::PieceDef;
use shogi_core::{Color, Position, Rules};
use std::collections::BTreeSet;

/// Standard pieces with the dead-piece rules removed (family B: 「完全になくなります」).
pub const NO_DEAD: [PieceDef; 14] = {
    let mut p = STANDARD_PIECES;
    p[kind::PAWN as usize].dead_ranks = 0;
    p[kind::LANCE as usize].dead_ranks = 0;
    p[kind::KNIGHT as usize].dead_ranks = 0;
    p
};

/// Standard pieces where only the last rank is dead (Shogi-FrontPosition).
pub const LAST_RANK_DEAD: [PieceDef; 14] = {
    let mut p = STANDARD_PIECES;
    p[kind::KNIGHT as usize].dead_ranks = 1;
    p
};

/// Declares a unit rule type over `$pieces` with `$hooks`.
macro_rules! rule_set {
    ($ty:ident, $pieces:expr, $hooks:expr) => {
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $ty;
        shogi_core::impl_rules!(
            $ty,
            shogi_core::table::RuleTable {
                name: stringify!($ty),
                title: "seam test fixture",
                geometry: shogi_core::geometry::Geometry::STANDARD,
                pieces: &$pieces,
                hooks: $hooks,
                setups: &[shogi_core::table::Setup {
                    id: stringify!($ty),
                    sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                    description: "even",
                }],
                notes: &[],
                eval: shogi_core::eval_weights::EvalWeights::STANDARD,
            }
        );
    };
}

// The board builders are the common ones.
pub use crate::common::{pos, sfen};

pub fn legal<R: Rules>(p: &mut Position<R>) -> BTreeSet<String> {
    p.legal_move_list()
        .into_iter()
        .map(|m| p.move_to_usi(m))
        .collect()
}

/// Legal board moves from `from`, in USI.
pub fn legal_from<R: Rules>(p: &mut Position<R>, from: &str) -> BTreeSet<String> {
    legal(p)
        .into_iter()
        .filter(|m| m.starts_with(from) && !m.contains('*'))
        .collect()
}

/// Whether the USI move is legal.
pub fn is_legal<R: Rules>(p: &mut Position<R>, usi: &str) -> bool {
    legal(p).contains(usi)
}

/// A set of USI moves.
pub fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|s| s.to_string()).collect()
}

/// Moves from `from` to each listed square, unpromoted (`5e5d`).
pub fn from_to(from: &str, to: &[&str]) -> BTreeSet<String> {
    to.iter().map(|t| format!("{from}{t}")).collect()
}

/// Walks every legal line to `depth`, checking at each node that the fast check test
/// (`in_check`) agrees with the general rule (`capturers_by_rules` on each royal piece) for
/// both sides, and that the incremental hash is exact. Returns the leaf count.
pub fn walk_checking<R: Rules>(p: &mut Position<R>, depth: u32) -> u64 {
    for c in [Color::Black, Color::White] {
        let reference = p
            .royals(c)
            .into_iter()
            .any(|k| p.capturers_by_rules(k, !c).nonempty());
        assert_eq!(
            p.in_check(c),
            reference,
            "check test disagrees in {p:?} for {c:?}"
        );
    }
    assert_eq!(p.hash(), p.compute_hash(), "hash drift in {p:?}");
    if depth == 0 {
        return 1;
    }
    let moves = p.legal_move_list();
    let mut n = 0;
    for mv in moves {
        p.make(mv);
        n += walk_checking(p, depth - 1);
        p.unmake();
    }
    n
}

/// Plays `games` pseudo-random games of up to `plies` legal moves from `sfen` (a fixed
/// xorshift seed, so failures reproduce), checking at every node what [`walk_checking`]
/// checks, and that unmaking the whole game restores the start. Returns the nodes visited
/// and how many of them had the side to move in check (so a test can ask for some).
pub fn random_playouts<R: Rules>(sfen: &str, games: u32, plies: u32) -> (u64, u64) {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut start = Position::<R>::from_sfen(sfen).unwrap();
    let start_sfen = start.to_sfen();
    let (mut nodes, mut checks) = (0, 0);
    for _ in 0..games {
        let mut played = 0;
        for _ in 0..plies {
            walk_checking(&mut start, 0);
            nodes += 1;
            checks += start.in_check(start.side_to_move()) as u64;
            let moves = start.legal_move_list();
            if moves.is_empty() {
                break;
            }
            start.make(moves[(next() % moves.len() as u64) as usize]);
            played += 1;
        }
        for _ in 0..played {
            start.unmake();
        }
        assert_eq!(start.to_sfen(), start_sfen);
    }
    (nodes, checks)
}
