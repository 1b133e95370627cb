//! The cross-crate tests as one test binary (one link instead of one per file): each former
//! `tests/tests/<name>.rs` is the module `<name>`, so `cargo test -p shogi-tests --test all
//! <name>::` runs one of them. Insta names snapshots by module path: they are
//! `snapshots/all__<module>__<name>.snap`.

mod support;

mod annanshogi;
mod chu_lions;
mod chushogi;
mod eval_symmetry;
mod eval_weights;
mod family_a_eight_knight;
mod family_a_hybrid;
mod family_a_immortal_silver;
mod family_a_kirin_phoenix;
mod family_a_perft;
mod family_a_princess_empress;
mod family_a_reflection_bishop;
mod family_boards;
mod family_pieces;
mod invariants_all;
mod large_boards;
mod layout;
mod legal_filtered;
mod mate;
mod perft_standard;
mod perft_starts;
mod small_boards;
mod snapshots;
