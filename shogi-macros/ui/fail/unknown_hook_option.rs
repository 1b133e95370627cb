use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    after_move = othello { nifo = a };
    setup 1 {}
}

fn main() {}
