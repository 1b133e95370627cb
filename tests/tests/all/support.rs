//! Helpers shared by the cross-crate playout tests.
#![allow(dead_code)]

use shogi_core::{Move, Position, Rules};

/// splitmix64: a small seeded generator, so failures replay exactly.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The positions of `games` games of at most `plies` plies from the first setup's start
/// (each game's start included), every move drawn from the legal ones by `rng`; a game ends
/// early at a position without moves.
pub fn random_walk<R: Rules>(games: usize, plies: usize, rng: &mut Rng) -> Vec<Position<R>> {
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::<R>::startpos(0);
        for _ in 0..plies {
            out.push(pos.clone());
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            pos.make(moves[rng.below(moves.len())]);
        }
    }
    out
}

/// FNV-1a of a text (seeds one stream per variant id).
pub fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// Half the time a capture or a checking move when there is one, else any of `moves`.
pub fn pick_forcing<R: Rules>(pos: &mut Position<R>, moves: &[Move], rng: &mut Rng) -> Move {
    if rng.below(2) == 0 {
        let us = pos.side_to_move();
        let forcing: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let capture = !m.is_drop() && !pos.piece_at(m.to()).is_empty();
                pos.make(m);
                let check = pos.in_check(!us);
                pos.unmake();
                capture || check
            })
            .collect();
        if !forcing.is_empty() {
            return forcing[rng.below(forcing.len())];
        }
    }
    moves[rng.below(moves.len())]
}
