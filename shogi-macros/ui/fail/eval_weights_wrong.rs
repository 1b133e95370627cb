use shogi_macros::variant;

variant! {
    pub struct Broken;
    id = "Test-Broken";
    pieces = standard;
    eval {
        mobilty = 76;
        safe_check = 700;
        safe_check = 800;
        danger_cap = 50000;
    }
    setup 1 {}
}

fn main() {}
