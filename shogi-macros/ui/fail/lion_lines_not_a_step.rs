use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    piece falcon 'H' { moves = rook + lion_lines((0, 2)); }
    setup 1 {}
}

fn main() {}
