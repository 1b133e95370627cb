use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    king_loss = checkmate;
    king_loss = king_capture;
    setup 1 {}
}

fn main() {}
