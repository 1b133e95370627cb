//! `annan-usi`: a USI engine for Annan shogi alone, built from the `variant!` type of this
//! crate and the generic USI server of `shogi-variants`.

use annan_shogi::Annan;
use shogi_variants::usi_server::{run_with, Catalog};

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    run_with(Catalog::of::<Annan>(), stdin.lock(), std::io::stdout())
}
