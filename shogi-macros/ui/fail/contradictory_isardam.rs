use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    landing = isardam { king_capture = bound, scope = every_piece, drops = free };
    setup 1 {}
}

fn main() {}
