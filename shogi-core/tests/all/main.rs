//! The integration tests of shogi-core as one test binary (one link instead of one per file):
//! each former `tests/<name>.rs` is the module `<name>`, so `cargo test -p shogi-core --test all
//! <name>::` runs one of them.

// Shared helpers first: `movement` exports the `rule_set!` macro to the modules after it.
mod common;
#[macro_use]
mod movement;

mod andernach;
mod borrow;
mod capture_effects;
mod chain;
mod effects_undo;
mod flipping;
mod game;
mod home_squares;
mod input_errors;
mod invariants;
mod isardam;
mod legal_agreement;
mod paralysis;
mod perft_standard;
mod players;
mod rules_standard;
mod seam_speed;
mod search;
mod search_features;
mod search_king_capture;
mod speed_probe;
mod true_forms;
