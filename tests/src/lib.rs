//! Helpers shared by the cross-crate tests.

use shogi_variants::registry;

/// Legal moves of `id` at `sfen` (or its start), sorted USI.
pub fn moves(id: &str, sfen: Option<&str>, moves: &[&str]) -> Vec<String> {
    let mut e = registry::create(id).expect("registered id");
    let moves: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    e.set_position(sfen, &moves).expect("valid position");
    e.legal_moves()
}

/// Perft of `id` at `sfen` (or its start).
pub fn perft(id: &str, sfen: Option<&str>, depth: u32) -> u64 {
    let mut e = registry::create(id).expect("registered id");
    if sfen.is_some() {
        e.set_position(sfen, &[]).expect("valid position");
    }
    e.perft(depth)
}

/// Sorted copy of a list of USI moves.
pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}
