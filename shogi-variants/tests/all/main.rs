//! The integration tests of shogi-variants as one test binary (one link instead of one per
//! file): each former `tests/<name>.rs` is the module `<name>`, so `cargo test -p
//! shogi-variants --test all <name>::` runs one of them.

mod common;

mod board_text;
mod cli;
mod layout;
mod limits;
mod play;
mod regressions;
mod selfplay;
mod serve_units;
mod sprt;
mod units;
mod usi;
mod usi_games;
mod usi_go;
mod usi_perft;
