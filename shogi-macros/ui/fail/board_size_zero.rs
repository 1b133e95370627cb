use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    board = 0x5;
    pieces = standard;
    setup 1 {}
}

fn main() {}
