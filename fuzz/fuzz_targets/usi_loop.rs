#![no_main]
//! See `shogi_variants_fuzz::run_usi_loop`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| shogi_variants_fuzz::run_usi_loop(data));
