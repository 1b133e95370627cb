use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    captur_effect = circe;
    setup 1 {}
}

fn main() {}
