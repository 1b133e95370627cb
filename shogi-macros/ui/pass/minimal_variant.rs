//! A user-defined variant outside the variants crate builds and runs.
use shogi_core::{Position, Rules};
use shogi_macros::variant;

variant! {
    /// Gold-general pawns: pawns move like golds (a test variant).
    pub struct GoldPawns;
    id = "Test-GoldPawns";
    pieces = standard;
    piece pawn { moves = gold; }
    setup 1 {}
    setup 2 { first = white; }
}

fn main() {
    let mut p = Position::<GoldPawns>::startpos(0);
    assert!(p.perft(1) > 30);
    assert_eq!(GoldPawns::TABLE.setups[1].id, "Test-GoldPawns:2");
    assert_eq!(<GoldPawns as Rules>::TABLE.setups.len(), 2);
}
