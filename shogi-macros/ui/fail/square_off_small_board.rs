use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    board = 5x5;
    zone = 1;
    pieces = standard;
    start = "rbsgk/4p/5/P4/KGSBR";
    setup 1 { black place { "6a" = gold }; }
}

fn main() {}
