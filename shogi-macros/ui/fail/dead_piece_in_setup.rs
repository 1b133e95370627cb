use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    setup 1 {
        base = empty;
        black place { "5i" = king, "1a" = lance };
        white place { "5a" = king };
    }
}

fn main() {}
