use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    captured = hand;
    setup 1 {}
}

fn main() {}
