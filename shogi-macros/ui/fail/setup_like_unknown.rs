use shogi_macros::variant;

variant! {
    /// `like` names a setup that is not defined above it.
    pub struct Liked;
    id = "Test-Liked";
    pieces = standard;
    setup 1 {}
    setup 2 like 3 { first = white; }
    setup 3 {}
}

fn main() {}
