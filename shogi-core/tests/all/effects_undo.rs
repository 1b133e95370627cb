//! Random playouts for every effect setting: after every make the incremental hash equals
//! the one computed from scratch, the position survives an SFEN round trip, and every unmake
//! (of legal and of merely pseudo-legal moves) restores board, hands, side, outcome and hash.
//! Finished positions have no moves.

use crate::common::*;
use shogi_core::{Outcome, Position, Rules};

struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn snapshot<R: Rules>(p: &Position<R>) -> (String, u64, Outcome) {
    (p.to_sfen(), p.hash(), p.outcome())
}

fn playouts<R: Rules>(seed: u64, games: usize, plies: usize) {
    let mut rng = XorShift(seed);
    let mut moves_tried = 0u64;
    let mut finished = 0;
    for _ in 0..games {
        let mut p = Position::<R>::startpos(0);
        let root = snapshot(&p);
        let mut depth = 0;
        for _ in 0..plies {
            assert_eq!(p.hash(), p.compute_hash(), "{}", p.to_sfen());
            let legal = p.legal_move_list();
            if p.winner_by_board().is_some() {
                assert!(legal.is_empty(), "finished yet moves: {}", p.to_sfen());
                finished += 1;
                break;
            }
            if legal.is_empty() {
                break;
            }
            let mut pseudo = Vec::new();
            p.pseudo_moves(&mut pseudo);
            let before = snapshot(&p);
            for &mv in &pseudo {
                p.make(mv);
                assert_eq!(p.hash(), p.compute_hash(), "after {mv:?} from {}", before.0);
                p.unmake();
                assert_eq!(snapshot(&p), before, "unmake of {mv:?}");
                moves_tried += 1;
            }
            let mv = legal[(rng.next() % legal.len() as u64) as usize];
            p.make(mv);
            depth += 1;
            let text = p.to_sfen();
            let read = Position::<R>::from_sfen(&text)
                .unwrap_or_else(|e| panic!("{text} after {mv:?}: {e}"));
            assert!(read == p, "round trip of {text}");
            assert_eq!(read.hash(), p.hash(), "hash of {text}");
        }
        for _ in 0..depth {
            p.unmake();
        }
        assert_eq!(snapshot(&p), root);
    }
    assert!(moves_tried > 1000);
    eprintln!(
        "{}: {moves_tried} moves tried, {finished} games finished",
        R::TABLE.name
    );
}

const GAMES: usize = 12;
const PLIES: usize = 160;

#[test]
fn rifle() {
    playouts::<Rifle>(1, GAMES, PLIES);
}
#[test]
fn circe() {
    playouts::<Circe>(2, GAMES, PLIES);
}
#[test]
fn anti_circe() {
    playouts::<AntiCirce>(3, GAMES, PLIES);
}
#[test]
fn pwc() {
    playouts::<Pwc>(4, GAMES, PLIES);
}
#[test]
fn true_circe() {
    playouts::<TrueCirce>(5, GAMES, PLIES);
}
#[test]
fn true_anti_circe() {
    playouts::<TrueAntiCirce>(6, GAMES, PLIES);
}
#[test]
fn true_pwc() {
    playouts::<TruePwc>(7, GAMES, PLIES);
}
#[test]
fn andernach() {
    playouts::<Andernach>(8, GAMES, PLIES);
}
#[test]
fn othello() {
    playouts::<OthelloA>(9, GAMES, PLIES);
    playouts::<OthelloB>(10, GAMES, PLIES);
    playouts::<OthelloC>(11, GAMES, PLIES);
}
#[test]
fn reversi() {
    playouts::<ReversiA>(12, GAMES, PLIES);
    playouts::<ReversiB>(13, GAMES, PLIES);
    playouts::<ReversiC>(14, GAMES, PLIES);
}
