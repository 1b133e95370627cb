use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    board = 11x11;
    pieces = standard;
    setup 1 {}
}

fn main() {}
