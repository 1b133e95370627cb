//! Static evaluation: material from the rule table's piece values (`PieceDef::value`).
//!
//! Pieces in hand count a tenth more than on the board, as usual in shogi engines: a piece in
//! hand can be dropped anywhere. Royal kinds are worth nothing here; losing one is a game end,
//! which the search scores itself.

use crate::geometry::Color;
use crate::position::Position;
use crate::rules::Rules;

/// Value of a piece of `kind` held in hand, from its board value.
#[inline]
pub fn hand_value(board_value: i32) -> i32 {
    board_value + board_value / 10
}

/// Material of Black minus material of White, in centipawns.
pub fn material_balance<R: Rules>(pos: &Position<R>) -> i32 {
    let t = pos.tables();
    let mut score = 0;
    for k in 0..t.kinds {
        let v = t.value[k];
        if v == 0 {
            continue;
        }
        let kind = k as u8;
        let black = pos.pieces(Color::Black, kind).count() as i32;
        let white = pos.pieces(Color::White, kind).count() as i32;
        score += v * (black - white);
    }
    for &kind in &t.hand_kinds {
        let v = hand_value(t.value[kind as usize]);
        let black = pos.hand(Color::Black, kind) as i32;
        let white = pos.hand(Color::White, kind) as i32;
        score += v * (black - white);
    }
    score
}

/// The evaluation from the side to move's point of view.
#[inline]
pub fn evaluate<R: Rules>(pos: &Position<R>) -> i32 {
    let balance = material_balance(pos);
    match pos.side_to_move() {
        Color::Black => balance,
        Color::White => -balance,
    }
}
