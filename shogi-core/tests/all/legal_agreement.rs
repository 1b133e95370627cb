//! The fast legality path (checkers and pins) and the make/test/unmake reference path give the
//! same moves in every position of many seeded random playouts.

use crate::common::{Hybrid, Immortal, Rng, Std, MATSURI, MAX, START};
use shogi_core::legal::fast::FastLegality;
use shogi_core::{Move, Position, Rules};

#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    in_check: usize,
    double_check: usize,
    no_moves: usize,
    /// Pseudo-legal moves refused while not in check (pinned pieces, king into attack).
    refused_quiet: usize,
    /// Pseudo-legal drops refused while not in check (only uchifuzume refuses those).
    drop_mates: usize,
}

/// Plays `games` random games of up to `plies` plies from `sfen`, comparing both paths at every
/// position. Moves are drawn at random, with checks and captures preferred half the time so
/// that evasions, pins and drop mates come up often.
fn playouts<R: Rules>(sfen: &str, games: usize, plies: usize, seed: u64) -> Seen {
    assert!(FastLegality::<R>::EXACT, "the fast path must apply");
    let mut rng = Rng(seed);
    let mut seen = Seen::default();
    for _ in 0..games {
        let mut pos = Position::<R>::from_sfen(sfen).unwrap();
        for _ in 0..plies {
            let mut fast = Vec::new();
            pos.legal_moves(&mut fast);
            let mut reference = Vec::new();
            pos.legal_moves_reference(&mut reference);
            fast.sort();
            reference.sort();
            assert_eq!(fast, reference, "paths differ in {}", pos.to_sfen());
            assert_eq!(pos.count_legal_moves(), fast.len() as u64);
            assert_eq!(pos.has_legal_move(), !fast.is_empty());
            assert_eq!(pos.has_legal_move_reference(), !fast.is_empty());
            seen.positions += 1;
            let us = pos.side_to_move();
            if !pos.in_check(us) {
                let mut pseudo = Vec::new();
                pos.pseudo_moves(&mut pseudo);
                for m in pseudo.iter().filter(|m| fast.binary_search(m).is_err()) {
                    seen.refused_quiet += 1;
                    seen.drop_mates += m.is_drop() as usize;
                }
            }
            if pos.in_check(us) {
                seen.in_check += 1;
                let king = pos.royals(us).lsb().unwrap();
                if pos.attackers_naturally(king, !us).count() > 1 {
                    seen.double_check += 1;
                }
            }
            if fast.is_empty() {
                seen.no_moves += 1;
                break;
            }
            let mv = pick(&mut pos, &fast, &mut rng);
            pos.make(mv);
        }
    }
    seen
}

fn pick<R: Rules>(pos: &mut Position<R>, moves: &[Move], rng: &mut Rng) -> Move {
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

#[test]
fn standard_from_start() {
    let seen = playouts::<Std>(START, 400, 160, 1);
    eprintln!("{seen:?}");
    assert!(seen.in_check > 2000, "{seen:?}");
    assert!(seen.double_check > 5, "{seen:?}");
    assert!(seen.no_moves > 10, "{seen:?}");
    assert!(seen.refused_quiet > 1000, "{seen:?}");
    assert!(seen.drop_mates > 0, "{seen:?}");
}

#[test]
fn standard_from_matsuri_and_max() {
    let a = playouts::<Std>(MATSURI, 60, 80, 2);
    let b = playouts::<Std>(MAX, 40, 60, 3);
    eprintln!("{a:?} {b:?}");
    assert!(a.in_check > 100 && b.in_check > 100, "{a:?} {b:?}");
}

#[test]
fn immortal_silvers() {
    let sfen = Immortal::TABLE.setups[0].sfen;
    let seen = playouts::<Immortal>(sfen, 60, 160, 4);
    eprintln!("{seen:?}");
    assert!(seen.in_check > 100, "{seen:?}");
}

#[test]
fn chess_pawns_and_knights() {
    let seen = playouts::<Hybrid>(crate::common::START, 60, 160, 5);
    eprintln!("{seen:?}");
    assert!(seen.in_check > 100, "{seen:?}");
}
