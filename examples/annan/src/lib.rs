//! Annan shogi (安南将棋), authored with `variant!` outside the variants crate.
//!
//! A piece moves like the friendly piece directly behind it; with no friendly piece there, it
//! moves normally. Everything else is standard shogi: promotion by the piece's own kind, the
//! dead-piece rules, nifu on drops only, uchifuzume, checkmate.

use shogi_macros::variant;

variant! {
    /// Annan shogi: a piece moves like the friendly piece directly behind it, else normally.
    pub struct Annan;
    id = "Annan";
    title = "pieces move like the friendly piece directly behind them";
    pieces = standard;
    movement = borrow { lender = friend, place = behind, own = when_none };
    king_loss = checkmate;
    note = "Otherwise standard: dead-piece rules and nifu (drops only) as in shogi; check uses the borrowed movement.";
    setup {}
}
