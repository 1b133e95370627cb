use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    piece warrior 'W' { moves = silver; promotes = golde; }
    setup 1 {}
}

fn main() {}
