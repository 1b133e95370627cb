use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    setup 1 { black replace silver => immortal_silver; }
}

fn main() {}
