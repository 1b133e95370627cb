//! Whole games through the USI server, one variant of each family, the server playing both
//! sides as a GUI would drive it (`position startpos moves ...`, `go`). Our own `Game` referees:
//! every `bestmove` and `ponder` move must be legal, and a finished game must be answered with
//! `resign` by the loser to move (or `win` by a winner to move).

use crate::common::Usi;
use shogi_core::game::EndReason;
use shogi_core::{Game, Rules};
use shogi_variants::registry::{self, VariantVisitor};

/// Longest game played (plies) in the per-family test.
const MAX_PLIES: usize = 160;

#[derive(Debug)]
struct Played {
    plies: usize,
    reason: Option<EndReason>,
}

/// Plays one game of the variant through `usi`; `go` is the search command used each move.
struct Referee<'a> {
    usi: &'a mut Usi,
    go: &'a str,
    max_plies: usize,
}

impl VariantVisitor for Referee<'_> {
    type Output = Played;
    fn visit<R: Rules>(self, setup: usize) -> Played {
        let id = R::TABLE.setups[setup].id;
        let usi = self.usi;
        let mut game = Game::<R>::startpos(setup);
        let mut moves: Vec<String> = Vec::new();
        loop {
            usi.send(&format!("position startpos moves {}", moves.join(" ")));
            usi.send(self.go);
            let lines = usi.until("bestmove");
            let errors: Vec<&String> = lines
                .iter()
                .filter(|l| l.starts_with("info string error"))
                .collect();
            assert!(errors.is_empty(), "{id} after {moves:?}: {errors:?}");
            let words: Vec<&str> = lines.last().unwrap().split_whitespace().collect();
            let (best, ponder) = match words[..] {
                ["bestmove", m] => (m, None),
                ["bestmove", m, "ponder", p] => (m, Some(p)),
                _ => panic!("{id}: malformed {words:?}"),
            };
            if let Some(outcome) = game.outcome() {
                let side = game.position().side_to_move();
                match outcome.reason {
                    // A repetition ends the game without deciding the position: any answer.
                    EndReason::Sennichite
                    | EndReason::PerpetualCheck
                    | EndReason::PerpetualAttack => {}
                    _ if outcome.winner == Some(side) => assert_eq!(best, "win", "{id}"),
                    _ => assert_eq!(best, "resign", "{id} after {moves:?}"),
                }
                return Played {
                    plies: moves.len(),
                    reason: Some(outcome.reason),
                };
            }
            if let Err(e) = game.play_usi(best) {
                panic!("{id} after {moves:?}: bestmove {best}: {e}");
            }
            moves.push(best.to_string());
            if let Some(p) = ponder {
                let mut after = game.clone();
                if let Err(e) = after.play_usi(p) {
                    panic!("{id} after {moves:?}: ponder {p}: {e}");
                }
            }
            if moves.len() >= self.max_plies && !game.is_over() {
                return Played {
                    plies: moves.len(),
                    reason: None,
                };
            }
        }
    }
}

fn play(usi: &mut Usi, id: &str, go: &str) -> Played {
    play_up_to(usi, id, go, MAX_PLIES)
}

fn play_up_to(usi: &mut Usi, id: &str, go: &str, max_plies: usize) -> Played {
    usi.send(&format!("setoption name USI_Variant value {id}"));
    usi.send("isready");
    usi.until("readyok");
    usi.send("usinewgame");
    registry::dispatch(id, Referee { usi, go, max_plies }).expect("registered id")
}

/// Chu shogi (issue 21) played to its end through USI on its 12×12 board, the server on
/// both sides and our `Game` refereeing every move: the end (a royal taken or bared, or a
/// repetition) is answered as the other ends are.
#[test]
fn chushogi_game_to_the_end() {
    let mut usi = Usi::start();
    usi.send("setoption name USI_Hash value 4");
    let played = play_up_to(&mut usi, "chushogi", "go nodes 1500", 1500);
    eprintln!("chushogi: {played:?}");
    assert!(played.reason.is_some(), "the game ended: {played:?}");
    usi.send("quit");
    usi.close();
}

#[test]
fn one_game_per_family() {
    let mut usi = Usi::start();
    usi.send("setoption name USI_Hash value 4");
    let mut finished = 0;
    for (id, go) in [
        ("shogi", "go nodes 6000"),
        ("Shogi-Kirin-Phoenix:1", "go nodes 6000"),
        ("Shogi-Kiki-Position:1", "go nodes 6000"),
        ("Shogi-Othello-TypeA:1", "go nodes 6000"),
        ("Shogi-True-Circe:1", "go nodes 6000"),
        ("Shogi-Madrasi:2", "go nodes 6000"),
        // The shogi family on other boards and rules (issue 17).
        ("kyotoshogi", "go nodes 3000"),
        ("dobutsu", "go nodes 3000"),
        ("torishogi", "go nodes 3000"),
        ("shoshogi", "go nodes 3000"),
        ("okisakishogi", "go nodes 3000"),
        // Time-limited searches as a GUI sends them.
        ("shogi", "go btime 0 wtime 0 byoyomi 120"),
    ] {
        let played = play(&mut usi, id, go);
        eprintln!("{id} ({go}): {played:?}");
        assert!(played.plies > 0, "{id}");
        if played.reason.is_some() {
            finished += 1;
        }
    }
    // Most games end before the cap (figures: see the strength report); at least one must,
    // so the end-of-game answers are exercised.
    assert!(finished >= 1);
    usi.send("quit");
    usi.close();
}

#[test]
fn finished_positions_are_answered() {
    let mut usi = Usi::start();
    // Checkmated (G*1b played): resign.
    usi.send("position sfen 8k/9/p7P/9/9/9/9/9/4K4 b G 1 moves G*1b");
    usi.send("go nodes 1000");
    assert_eq!(usi.bestmove(), "resign");
    // True Circe: Black's rook on 1i takes the king on 1a, whose home square 5a is occupied by
    // a White gold, so the king is not reborn: White, to move, has lost.
    usi.send("setoption name USI_Variant value Shogi-True-Circe:1");
    usi.send("position sfen 4g3k/9/9/9/9/9/9/9/4K3R b - 1 moves 1i1a");
    usi.send("go nodes 1000");
    assert_eq!(usi.bestmove(), "resign");
    // Chu shogi's bare king: White's king stands alone against king and gold. With White to
    // move it has lost (resign); with Black to move Black has already won (win). King against
    // king is drawn on the board: there is no move to give, and the engine says so by
    // resigning (USI has no draw answer).
    usi.send("setoption name USI_Variant value chushogi");
    for (sfen, answer) in [
        ("12/3k8/9G2/12/12/12/12/6K5/12/12/12/12 w - 1", "resign"),
        ("12/3k8/9G2/12/12/12/12/6K5/12/12/12/12 b - 1", "win"),
        ("12/3k8/12/12/12/12/12/6K5/12/12/12/12 b - 1", "resign"),
    ] {
        usi.send(&format!("position sfen {sfen}"));
        usi.send("go nodes 1000");
        assert_eq!(usi.bestmove(), answer, "{sfen}");
    }
    usi.close();
}
