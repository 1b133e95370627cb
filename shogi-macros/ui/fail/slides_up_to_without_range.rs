use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    piece warrior 'W' { moves = slides_up_to((1, -1)); }
    piece runner 'U' { moves = slides_up_to(0, (0, 1)); }
    setup 1 {}
}

fn main() {}
