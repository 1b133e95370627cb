#![no_main]
//! See `shogi_variants_fuzz::check_record`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| shogi_variants_fuzz::check_record(
    data,
    shogi_variants::records::Format::Kif
));
