use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    capture_effect = circle;
    setup 1 {}
}

fn main() {}
