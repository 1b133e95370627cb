use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    piece warrior 'W' { moves = sliver + leaps((0, 2)); }
    setup 1 {}
}

fn main() {}
