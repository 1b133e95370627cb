use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    eval = 5;
    setup 1 {}
}

fn main() {}
