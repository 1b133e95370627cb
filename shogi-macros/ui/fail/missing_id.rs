use shogi_macros::variant;

variant! {
    pub struct Broken;
    pieces = standard;
    setup 1 {}
}

fn main() {}
