use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    eval { mobility = -3; }
    setup 1 {}
}

fn main() {}
