use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    piece gold { promotes = gold; }
    setup 1 {}
}

fn main() {}
