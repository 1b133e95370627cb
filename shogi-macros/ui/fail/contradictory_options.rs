use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    paralysis = same_kind { kings = included, kings = excluded };
    setup 1 {}
}

fn main() {}
