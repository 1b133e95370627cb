use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    board = 5x5;
    zone = 1;
    pieces = standard;
    setup 1 {}
}

fn main() {}
