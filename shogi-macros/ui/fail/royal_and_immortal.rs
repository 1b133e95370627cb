use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    piece king { immortal; }
    setup 1 {}
}

fn main() {}
