use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    board = 13x13;
    pieces = standard;
    setup 1 {}
}

fn main() {}
