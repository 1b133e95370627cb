use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    setup 1 { white remove [king]; }
}

fn main() {}
