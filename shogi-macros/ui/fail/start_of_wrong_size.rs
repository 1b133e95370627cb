use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    board = 5x5;
    zone = 1;
    pieces = standard;
    start = "rbsgk/4p/5/P4/KGSBR1";
    setup 1 {}
}

fn main() {}
