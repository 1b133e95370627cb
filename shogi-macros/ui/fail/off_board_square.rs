use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    setup 1 { black place { "0j" = gold }; }
}

fn main() {}
