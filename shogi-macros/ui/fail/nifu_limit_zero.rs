use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    piece pawn { nifu = 0; }
    setup 1 {}
}

fn main() {}
