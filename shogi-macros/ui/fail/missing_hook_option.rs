use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    after_move = reversi;
    setup 1 {}
}

fn main() {}
