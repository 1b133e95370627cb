use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    setup 1 { black remove [rook, "5e"]; }
}

fn main() {}
