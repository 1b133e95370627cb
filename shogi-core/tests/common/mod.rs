//! Shared fixture for the integration tests: standard shogi as a hand-built rule table, and an
//! exhaustive mate solver that is independent of the search (used to cross-check positions).

#![allow(dead_code)]

use shogi_core::pieces::STANDARD_PIECES;
use shogi_core::table::{Hooks, RuleTable, Setup};
use shogi_core::{impl_rules, Position};

#[derive(Clone, Copy, Debug, Default)]
pub struct Std;
const TABLE: RuleTable = RuleTable {
    name: "Std",
    title: "standard shogi (core fixture)",
    pieces: &STANDARD_PIECES,
    hooks: Hooks::STANDARD,
    setups: &[Setup {
        id: "shogi",
        sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        description: "even",
    }],
    notes: &[],
};
impl_rules!(Std, TABLE);

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
