use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard without [king, lanse];
    setup 1 {}
}

fn main() {}
