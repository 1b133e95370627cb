use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    eval { mobility = 10; }
    eval { proximity = 100; }
    setup 1 {}
}

fn main() {}
