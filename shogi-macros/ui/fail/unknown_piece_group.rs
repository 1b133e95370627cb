use shogi_macros::variant;

variant! {
    /// A piece group that does not exist.
    pub struct Grouped;
    id = "Test-Grouped";
    pieces = standard with [kirin_phenix];
    setup 1 {}
}

fn main() {}
