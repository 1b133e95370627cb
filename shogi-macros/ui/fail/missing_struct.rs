use shogi_macros::variant;

variant! {
    id = "Test-Broken";
    pieces = standard;
    setup 1 {}
}

fn main() {}
