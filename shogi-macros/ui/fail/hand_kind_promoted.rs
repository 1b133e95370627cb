use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    piece silver { captured = promoted_silver; }
    setup 1 {}
}

fn main() {}
