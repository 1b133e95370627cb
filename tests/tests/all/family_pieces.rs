//! The family members with pieces or goals of their own (issue 17): EuroShogi, Yari shogi,
//! Okisaki shogi, Check shogi. Perft and every expected move list are Fairy-Stockfish's
//! (commit c19b5f6c, largeboards=yes, nnue=no), driven over USI as in `family_boards.rs`
//! (`position startpos [moves ...]` or `position sfen S`, then `go perft N`); hand-built
//! positions were also derived by hand as the comments say.

use crate::family_boards::check;
use shogi_core::{Color, Position};
use shogi_tests::{legal_usi as moves, sorted};
use shogi_variants::variants::{
    CheckShogi, Dobutsu, EuroShogi, KyotoShogi, MicroShogi, OkisakiShogi, ShoShogi, Standard,
    ToriShogi, YariShogi,
};

#[test]
fn euroshogi_perft() {
    check::<EuroShogi>(0, &[], &[(1, 25), (2, 625), (3, 15424), (4, 380499)]);
}

#[test]
fn yarishogi_perft() {
    check::<YariShogi>(0, &[], &[(1, 20), (2, 400), (3, 7960), (4, 158404)]);
}

#[test]
fn okisakishogi_perft() {
    check::<OkisakiShogi>(0, &[], &[(1, 37), (2, 1369), (3, 48211)]);
}

#[test]
fn checkshogi_perft() {
    // Standard shogi's 719,731 at depth 4 less the positions a check has ended.
    check::<CheckShogi>(0, &[], &[(1, 30), (2, 900), (3, 25470), (4, 719408)]);
}

#[test]
fn euroshogi_promotion_is_forced_and_the_knight_steps_sideways() {
    // Black pawn 8d, knight 5e, king 4h; White king 4a. The pawn enters the zone (ranks a–c)
    // and must promote; the knight jumps to 6c/4c (promoting) or steps to 6e/4e.
    let expected = sorted(&[
        "8d8c+", "5e6e", "5e4e", "5e6c+", "5e4c+", "4h5h", "4h3h", "4h5g", "4h4g", "4h3g",
    ]);
    assert_eq!(moves::<EuroShogi>("4k3/8/8/P7/3N4/8/8/4K3 b - 1"), expected);
}

#[test]
fn yarishogi_pieces_and_pawn_drop_mate() {
    // White yari rooks 5a, 3a slide down files 5 and 3, so Black's king 4i has only 4h. Black's
    // yari gold (+N) 4c: gold steps and the backward slide. A pawn may be dropped anywhere but
    // rank a, including 4b, which mates: the king's 3b, 5b are the gold's, 3a, 5a its own rooks'.
    let sfen = "2rkr2/7/3+N3/7/7/7/7/7/3K3 b P 1";
    let list = moves::<YariShogi>(sfen);
    assert_eq!(list.len(), 65, "{list:?}");
    let gold: Vec<&String> = list.iter().filter(|m| m.starts_with("4c")).collect();
    assert_eq!(gold.len(), 10, "{gold:?}");
    assert!(list.contains(&"4i4h".to_string()));
    assert!(!list.iter().any(|m| m.starts_with("P*") && m.ends_with('a')));
    let mut pos = Position::<YariShogi>::from_sfen(sfen).unwrap();
    let drop = pos.parse_usi("P*4b").unwrap();
    assert!(pos.is_legal(drop), "uchifuzume does not bind yari shogi");
    pos.make(drop);
    assert!(pos.legal_move_list().is_empty(), "P*4b mates");
}

#[test]
fn okisakishogi_tenth_file_queen_and_pieces() {
    // Black queen 10j (the tenth file): slides up the file (10i..10a), along rank j (9j..2j)
    // and diagonally (9i..1a). The USI reader also takes Fairy-Stockfish's spellings: `:` for
    // the tenth file and a leading zero on the tenth rank (`6e06a`).
    let sfen = "2k7/10/10/10/10/10/10/10/10/Q8K b - 1";
    let list = moves::<OkisakiShogi>(sfen);
    let queen: Vec<&String> = list.iter().filter(|m| m.starts_with("10j")).collect();
    assert_eq!(queen.len(), 9 + 8 + 9, "{queen:?}");
    let mut pos = Position::<OkisakiShogi>::from_sfen(sfen).unwrap();
    assert_eq!(
        pos.parse_usi(":j:a").unwrap(),
        pos.parse_usi("10j10a").unwrap()
    );
    assert_eq!(
        pos.parse_usi(":j01a").unwrap(),
        pos.parse_usi("10j1a").unwrap()
    );
    assert!(pos.parse_usi("11j10a").is_err());
    // The lance slides both ways and the knight jumps like a chess knight; both keep moving
    // on the last ranks, so drops there are allowed.
    let list = moves::<OkisakiShogi>("k9/10/10/10/4L5/10/10/10/10/9K b N 1");
    let lance: Vec<&String> = list.iter().filter(|m| m.starts_with("6e")).collect();
    assert_eq!(lance.len(), 4 + 5 + 3, "{lance:?}"); // 6d..6a, 6f..6j, 6c+ 6b+ 6a+
    assert!(list.contains(&"N*5a".to_string()));
}

#[test]
fn checkshogi_check_wins_but_must_be_legal() {
    // Black rook 1i to 1a checks the king on 5a: the game ends, White has no move.
    let mut pos = Position::<CheckShogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K3R b - 1").unwrap();
    let mv = pos.parse_usi("1i1a").unwrap();
    pos.make(mv);
    assert_eq!(pos.winner_by_board(), Some(Color::Black));
    assert!(pos.legal_move_list().is_empty());
    // The bishop pinned on 5e by White's rook 5a could check the king on 1e from 3c or 3g,
    // but that leaves Black's own king in check: only the king moves.
    let expected = sorted(&["5i4h", "5i5h", "5i6h", "5i4i", "5i6i"]);
    assert_eq!(
        moves::<CheckShogi>("4r4/9/9/9/4B3k/9/9/9/4K4 b - 1"),
        expected
    );
    // A pawn drop that would be uchifuzume in shogi (1b, guarded by the gold 2c; 2a is the
    // king's own knight) is a winning check here.
    let sfen = "7nk/9/7G1/9/9/9/9/9/4K4 b P 1";
    assert!(moves::<CheckShogi>(sfen).contains(&"P*1b".to_string()));
    assert!(!moves::<shogi_variants::variants::Standard>(sfen).contains(&"P*1b".to_string()));
}

#[test]
fn kyotoshogi_perft() {
    check::<KyotoShogi>(
        0,
        &[],
        &[(1, 12), (2, 137), (3, 1636), (4, 18268), (5, 225903)],
    );
}

#[test]
fn micro_perft() {
    check::<MicroShogi>(0, &[], &[(1, 9), (2, 80), (3, 767), (4, 7256), (5, 71328)]);
}

#[test]
fn kyotoshogi_every_move_turns_the_piece_over() {
    // From the start: the silver 4e and pawn 1e turn up (`+`), the tokin 5e and gold 2e turn
    // back (`-`); only the king moves without turning.
    let start = "p+nks+l/5/5/5/+LSK+NP b - 1";
    let expected = sorted(&[
        "4e5d+", "4e4d+", "4e3d+", "1e1d+", "5e5d-", "5e4d-", "2e3d-", "2e2d-", "2e1d-", "3e4d",
        "3e3d", "3e2d",
    ]);
    assert_eq!(moves::<KyotoShogi>(start), expected);
    let mut pos = Position::<KyotoShogi>::from_sfen(start).unwrap();
    assert!(pos.parse_usi("1e1d").is_err(), "a pawn must turn over");
    assert!(
        pos.parse_usi("1e1d-").is_err(),
        "an unpromoted pawn cannot turn back"
    );
    let mv = pos.parse_usi("1e1d+").unwrap();
    pos.make(mv);
    assert_eq!(pos.to_sfen(), "p+nks+l/5/5/4+P/+LSK+N1 w - 2");
    let mut pos = Position::<KyotoShogi>::from_sfen(start).unwrap();
    assert!(pos.parse_usi("2e2d").is_err(), "a gold must turn back");
    let mv = pos.parse_usi("2e2d-").unwrap();
    pos.make(mv);
    assert_eq!(pos.to_sfen(), "p+nks+l/5/5/3N1/+LSK1P w - 2");
    // A pawn in hand drops on each of the 23 empty squares either side up (no nifu, no dead
    // squares): 46 drops and the king's 3 moves.
    let list = moves::<KyotoShogi>("k4/5/5/5/4K b P 1");
    assert_eq!(list.len(), 49, "{list:?}");
    assert!(list.contains(&"+P*5e".to_string()) && list.contains(&"P*5e".to_string()));
    let mut pos = Position::<KyotoShogi>::from_sfen("k4/5/5/5/4K b P 1").unwrap();
    let mv = pos.parse_usi("+P*3c").unwrap();
    pos.make(mv);
    assert_eq!(pos.to_sfen(), "k4/5/2+P2/5/4K w - 2");
}

#[test]
fn micro_a_piece_turns_over_when_it_captures() {
    // Black bishop 2d: 3e and 1c plain, the capture on 3c only turned over (to gold).
    let expected = sorted(&["2d3e", "2d1c", "2d3c+", "1e2e", "1e1d"]);
    assert_eq!(moves::<MicroShogi>("k3/4/1p2/2B1/3K b - 1"), expected);
    // Its gold side moves plainly and captures turning back (`-`).
    let expected = sorted(&[
        "2d2e", "2d3d", "2d1d", "2d2c", "2d1c", "2d3c-", "1e2e", "1e1d",
    ]);
    assert_eq!(moves::<MicroShogi>("k3/4/1p2/2+B1/3K b - 1"), expected);
}

#[test]
fn dobutsu_perft() {
    check::<Dobutsu>(
        0,
        &[],
        &[(1, 4), (2, 17), (3, 123), (4, 976), (5, 8122), (6, 71677)],
    );
}

#[test]
fn dobutsu_try_and_drops() {
    // Black lion 3b, White lion 1a. 3a is not attacked: reaching it wins at once. 2a is the
    // white lion's: the game goes on and White may take the lion.
    let sfen = "2l/L2/3/3 b - 1";
    let expected = sorted(&["3b3c", "3b2c", "3b2b", "3b3a", "3b2a"]);
    assert_eq!(moves::<Dobutsu>(sfen), expected);
    let mut pos = Position::<Dobutsu>::from_sfen(sfen).unwrap();
    let mv = pos.parse_usi("3b3a").unwrap();
    pos.make(mv);
    assert_eq!(pos.winner_by_board(), Some(Color::Black));
    assert!(pos.legal_move_list().is_empty());
    let mut pos = Position::<Dobutsu>::from_sfen(sfen).unwrap();
    let mv = pos.parse_usi("3b2a").unwrap();
    pos.make(mv);
    assert_eq!(pos.winner_by_board(), None);
    assert_eq!(pos.legal_move_list().len(), 3);
    let mv = pos.parse_usi("1a2a").unwrap();
    pos.make(mv);
    assert_eq!(
        pos.winner_by_board(),
        Some(Color::White),
        "the lion is taken"
    );
    // A chick in hand drops anywhere empty, beside another chick on its file and on the last
    // rank; the chick on the board steps to 2b (outside the one-rank zone).
    let expected = sorted(&[
        "2c2b", "3d2d", "3d3c", "C*2d", "C*1d", "C*3c", "C*1c", "C*3b", "C*2b", "C*1b", "C*3a",
        "C*2a",
    ]);
    assert_eq!(moves::<Dobutsu>("2l/3/1C1/L2 b C 1"), expected);
    // Into the zone the chick must promote.
    assert_eq!(
        moves::<Dobutsu>("2l/1C1/3/L2 b - 1")
            .iter()
            .filter(|m| m.starts_with("2b"))
            .collect::<Vec<_>>(),
        vec!["2b2a+"]
    );
}

#[test]
fn shoshogi_two_royals_are_unprotected_the_last_is_protected() {
    // King 5i and crown prince 1e against the rook 9i: with two royals every move stands, the
    // king may stay attacked (prince moves) or step along the rook's rank (4i, 6i).
    let two = "4k4/9/9/9/8+E/9/9/9/r3K4 b - 1";
    let expected = sorted(&[
        "1e1d", "1e2d", "1e2e", "1e1f", "1e2f", "5i4h", "5i5h", "5i6h", "5i4i", "5i6i",
    ]);
    assert_eq!(moves::<ShoShogi>(two), expected);
    // The king alone is protected as in shogi: it leaves the rook's rank.
    let one = "4k4/9/9/9/9/9/9/9/r3K4 b - 1";
    assert_eq!(moves::<ShoShogi>(one), sorted(&["5i4h", "5i5h", "5i6h"]));
    // The rook takes the king left attacked: the captured king leaves the game (White's hand
    // stays empty), Black plays on with the prince, now protected from the rook's file.
    let mut pos = Position::<ShoShogi>::from_sfen("4k4/9/9/9/5+E3/9/9/9/r3K4 b - 1").unwrap();
    for usi in ["4e4d", "9i5i"] {
        let mv = pos.parse_usi(usi).unwrap();
        pos.make(mv);
    }
    assert_eq!(pos.to_sfen(), "4k4/9/9/5+E3/9/9/9/9/4r4 b - 3");
    assert_eq!(pos.winner_by_board(), None);
    assert_eq!(
        sorted_list(pos.legal_move_list().iter().map(|m| pos.move_to_usi(*m))),
        sorted(&["4d3c", "4d4c", "4d3d", "4d3e", "4d4e"])
    );
    // No royal left: the game is lost.
    let pos = Position::<ShoShogi>::from_sfen("4k4/9/9/9/9/9/9/9/r8 b - 1").unwrap();
    assert_eq!(pos.winner_by_board(), Some(Color::White));
}

#[test]
fn shoshogi_a_prince_promoted_in_check_does_not_free_the_king() {
    // The king 5i is in check from the rook 9i. The drunk elephant 1d (every step but straight
    // back) could promote on 1c or 2c to a crown prince, but royals are counted when the move
    // starts (Fairy-Stockfish: 5i4h, 5i5h, 5i6h only): the last royal must still escape.
    let sfen = "4k4/9/9/8E/9/9/9/9/r3K4 b - 1";
    assert_eq!(moves::<ShoShogi>(sfen), sorted(&["5i4h", "5i5h", "5i6h"]));
    // Unchecked, the elephant's steps: 1c and 2c either way, 2d, 2e; no drops ever.
    let free = moves::<ShoShogi>("4k4/9/9/8E/9/9/9/9/4K4 b - 1");
    let elephant: Vec<&String> = free.iter().filter(|m| m.starts_with("1d")).collect();
    assert_eq!(elephant.len(), 6, "{elephant:?}");
    // Once promoted, the prince frees the king from the next move on: after 1d1c+ and the
    // rook's 9a9i, the king may stay on the rook's rank.
    let mut pos = Position::<ShoShogi>::from_sfen("r3k4/9/9/8E/9/9/9/9/4K4 b - 1").unwrap();
    for usi in ["1d1c+", "9a9i"] {
        let mv = pos.parse_usi(usi).unwrap();
        pos.make(mv);
    }
    let list = sorted_list(pos.legal_move_list().iter().map(|m| pos.move_to_usi(*m)));
    assert!(list.contains(&"5i4i".to_string()), "{list:?}");
}

#[test]
fn shoshogi_a_new_prince_may_land_attacked() {
    // White's elephant 1f promotes on 2g, where Black's rook 2h attacks it: only the king,
    // royal when the move starts, is protected (Fairy-Stockfish lists 1f2g+ and 1f2g).
    let expected = sorted(&[
        "1f1g+", "1f1g", "1f2e", "1f2f", "1f2g+", "1f2g", "5a4a", "5a4b", "5a5b", "5a6a", "5a6b",
    ]);
    let sfen = "4k4/9/9/9/9/8e/9/7R1/4K4 w - 1";
    assert_eq!(moves::<ShoShogi>(sfen), expected);
    let mut pos = Position::<ShoShogi>::from_sfen(sfen).unwrap();
    let mv = pos.parse_usi("1f2g+").unwrap();
    assert!(pos.is_legal_move(mv));
}

#[test]
fn shoshogi_captures_leave_the_game() {
    // Bishop 8h takes the pawn on 3c: nothing goes to Black's hand.
    let mut pos = Position::<ShoShogi>::from_sfen("4k4/9/6p2/9/9/9/9/1B7/4K4 b - 1").unwrap();
    let mv = pos.parse_usi("8h3c").unwrap();
    pos.make(mv);
    assert_eq!(pos.to_sfen(), "4k4/9/6B2/9/9/9/9/9/4K4 w - 2");
    // An SFEN with pieces in hand names a piece the variant cannot hold in hand.
    assert!(Position::<ShoShogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").is_err());
}

fn sorted_list(it: impl Iterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = it.collect();
    v.sort();
    v
}

#[test]
fn torishogi_perft() {
    check::<ToriShogi>(0, &[], &[(1, 17), (2, 288), (3, 5430), (4, 103857)]);
}

#[test]
fn torishogi_two_swallows_a_file() {
    // Swallows on 4d and 4f: a third may not be dropped on file 4; every other empty square
    // below the last rank takes one (Fairy-Stockfish's list: 36 drops, 2 swallow steps, 4
    // phoenix steps).
    let list = moves::<ToriShogi>("3k3/7/7/3S3/7/3S3/3K3 b S 1");
    let drops: Vec<&String> = list.iter().filter(|m| m.starts_with("S*")).collect();
    assert_eq!(drops.len(), 36, "{drops:?}");
    assert!(drops
        .iter()
        .all(|m| !m.starts_with("S*4") && !m.ends_with('a')));
    assert_eq!(list.len(), 42);
    // With one swallow on the file, a second may come.
    let list = moves::<ToriShogi>("3k3/7/7/3S3/7/7/3K3 b S 1");
    assert!(list.contains(&"S*4e".to_string()), "{list:?}");
}

#[test]
fn torishogi_swallow_drop_mate_is_illegal() {
    // S*1b checks the phoenix on 1a: 2a is the crane's (3b), 2b and 1b the falcon's (2c), so
    // the drop would mate and is not a move. Fairy-Stockfish lists it (and scores it as a loss
    // for the dropper); the rule is that the drop may not be made. Every other drop stands,
    // and the falcon entering the zone must promote.
    let list = moves::<ToriShogi>("6k/4C2/5F1/7/7/7/K6 b S 1");
    assert!(!list.contains(&"S*1b".to_string()));
    assert!(list.contains(&"S*2b".to_string()));
    assert!(list.contains(&"2c2b+".to_string()) && !list.contains(&"2c2b".to_string()));
    assert_eq!(list.len(), 53 - 1);
}

#[test]
fn torishogi_eagle_slides_two_back_diagonally() {
    // The eagle on 4d: every step, the slide back (4f, 4g) and forward diagonally (to 1a,
    // 7a), and two squares back diagonally (2f, 6f; not 1g, 7g). Fairy-Stockfish agrees.
    let expected = sorted(&[
        "4d4g", "4d6f", "4d4f", "4d2f", "4d5e", "4d4e", "4d3e", "4d5d", "4d3d", "4d5c", "4d4c",
        "4d3c", "4d6b", "4d2b", "4d7a", "4d1a", "7g6g", "7g7f", "7g6f",
    ]);
    assert_eq!(moves::<ToriShogi>("3k3/7/7/3+F3/7/7/K6 b - 1"), expected);
}

#[test]
fn torishogi_eagle_range_in_check_and_attack() {
    // White's eagle 4e reaches two squares back diagonally (toward rank a): 3d, 2c, not 1b.
    // The phoenix on 1c may go to 1b but not 2c (Fairy-Stockfish: 1b, 2b, 1d, 2d).
    let list = moves::<ToriShogi>("3k3/7/6K/7/3+f3/7/7 b - 1");
    assert_eq!(list, sorted(&["1c1b", "1c2b", "1c1d", "1c2d"]));
    // From 4g the eagle checks the phoenix two squares away on 2e: a crane in hand can only
    // block on 3f (Fairy-Stockfish: C*3f and seven phoenix steps).
    let list = moves::<ToriShogi>("3k3/7/7/7/5K1/7/3+f3 b C 1");
    let expected = sorted(&[
        "C*3f", "2e1d", "2e2f", "2e1f", "2e3e", "2e1e", "2e3d", "2e2d",
    ]);
    assert_eq!(list, expected);
}

#[test]
fn bad_input_on_the_family_boards() {
    // A piece the variant does not have, a board of the wrong size, a drop of a kind it
    // cannot hold, a square off the 7×7 board: errors, no panic.
    assert!(Position::<ToriShogi>::from_sfen("3k3/7/7/7/7/7/3KG2 b - 1").is_err());
    assert!(Position::<ToriShogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").is_err());
    assert!(Position::<ToriShogi>::from_sfen("3k3/7/7/7/7/7/3K3 b G 1").is_err());
    assert!(Position::<ToriShogi>::from_sfen("3k3/7/7/S6/7/7/3K3 b - 1").is_ok());
    let mut pos = Position::<ToriShogi>::from_sfen("3k3/7/7/7/7/7/3K3 b S 1").unwrap();
    assert!(pos.parse_usi("S*8a").is_err(), "file 8 is off the board");
    assert!(pos.parse_usi("S*4h").is_err(), "rank h is off the board");
    assert!(pos.parse_usi("G*4d").is_err(), "no gold in Tori shogi");
    let mut pos = Position::<ShoShogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
    assert!(
        pos.parse_usi("P*5e").is_err(),
        "nothing in hand in Sho shogi"
    );
    // Three swallows on a file cannot arise from play (two a file by drops, none change file).
    assert!(Position::<ToriShogi>::from_sfen("3k3/7/7/3S3/3S3/3S3/K6 b - 1").is_err());
    assert!(Position::<ToriShogi>::from_sfen("3k3/7/7/3S3/3S3/7/K6 b - 1").is_ok());
}

#[test]
fn perft_after_move_sequences() {
    // Random walks over Fairy-Stockfish's move lists (seeded, /work/scratch/seqs.py), then its
    // `go perft D` after `position startpos moves ...`; Okisaki's moves are in its spelling
    // (`:b` tenth file, `05a` tenth rank), which the USI reader takes.
    check::<EuroShogi>(
        0,
        &[
            "2g4g", "7b3b", "2h1h", "3b7b", "3f3e", "6a5b", "5h5g", "6c6d", "8f8e", "5a6b", "4g1g",
            "2c2d",
        ],
        &[(3, 17278)],
    );
    check::<YariShogi>(
        0,
        &[
            "1i1h", "2a1b", "1h3h", "5a5b", "3h2h", "4a5a", "3g3f", "3c3d", "5i6h", "1c1d", "6i7h",
            "3a3b",
        ],
        &[(3, 7638)],
    );
    check::<OkisakiShogi>(
        0,
        &[
            "4j3i", "9b:b", "2j4i", "4c4d", "7j6i", ":b4b", "8h8g", "05a5b", "1h1g", "5b:b",
            "6i7i", ":b8b", "5j6i", "08a9b",
        ],
        &[(2, 1190)],
    );
    check::<CheckShogi>(
        0,
        &[
            "2h6h", "4c4d", "3g3f", "8b5b", "5g5f", "5b8b", "3f3e", "2c2d", "2g2f", "1a1b",
        ],
        &[(3, 24809)],
    );
    check::<KyotoShogi>(
        0,
        &[
            "4e5d+", "2a3b+", "5e4d-", "3b1d-", "5d4c-", "5a5b+", "4c5d+", "5b5d-", "1e1d+", "S*1c",
        ],
        &[(4, 137228)],
    );
    check::<MicroShogi>(
        0,
        &[
            "1e2d", "4a3b", "2e4c", "3b2b", "1d1c", "2a1b", "4c3b", "4b4c", "3e4d", "2b3b",
        ],
        &[(4, 61423)],
    );
    check::<Dobutsu>(
        0,
        &["2d1c", "2a3b", "1d2d", "2b2c", "1c1b", "C*2a"],
        &[(4, 2224)],
    );
    check::<ToriShogi>(
        0,
        &[
            "4f3f", "5a5b", "5g4f", "3a3b", "3d3c", "1c1d", "2e2d", "3b3a", "7e7d", "4a5a", "S*5f",
            "1a1b", "7d7c", "4c4d", "7c7b+", "5b4c",
        ],
        &[(3, 15078)],
    );
    check::<ShoShogi>(
        0,
        &[
            "5h6h", "7c7d", "4i3h", "4c4d", "3g3f", "3c3d", "8g8f", "1a1b", "5g5f", "5c5d", "6g6f",
            "8c8d", "6i5h", "3a3b", "5f5e", "2b1a", "8f8e", "8a7c", "3f3e", "8b8a",
        ],
        &[(3, 22690)],
    );
    check::<ToriShogi>(
        0,
        &[
            "1g1f", "5d5e", "4f5e", "1a1b", "5e6d", "S*6b", "S*5f", "7a7b", "4g4f", "5a5b", "4e4d",
            "1c1d", "6d7c", "4a5a", "S*1g", "1d1e", "4f4e", "S*4f", "5g4f", "1b1c", "S*5e", "7b7c",
            "3d3c", "F*3d", "4e3d", "4b3b", "F*2d", "3b4a", "6e6d", "1e1f+",
        ],
        &[(3, 27593)],
    );
}

#[test]
fn shoshogi_sfen_rejects_a_last_royal_left_capturable() {
    // White to move with Black's lone king attacked by the rook 9i: Black's last move left its
    // last royal capturable, which no legal move does. With a prince beside it, it may be.
    assert!(Position::<ShoShogi>::from_sfen("4k4/9/9/9/9/9/9/9/r3K4 w - 1").is_err());
    assert!(Position::<ShoShogi>::from_sfen("4k4/9/9/9/8+E/9/9/9/r3K4 w - 1").is_ok());
}

#[test]
fn shoshogi_sfen_bounds_each_side_by_its_own_pieces() {
    // Captured pieces vanish in sho shogi, so no side ever holds more of a class than it
    // starts with: one drunk elephant (or crown prince), one rook, nine pawns.
    // Black with two crown princes (its own elephant and White's) cannot arise.
    let err = Position::<ShoShogi>::from_sfen("4k4/9/9/9/3+E4+E/9/9/9/4K4 b - 1")
        .expect_err("two black princes are refused");
    let text = err.to_string();
    assert!(
        text.contains("for Black") && text.contains("at most 1"),
        "{text}"
    );
    // Two black rooks, although both sides together start with two.
    let err = Position::<ShoShogi>::from_sfen("4k4/9/9/9/9/9/9/1R5R1/4K4 b - 1")
        .expect_err("two black rooks are refused");
    assert!(err.to_string().contains("for Black"), "{err}");
    // One of each side's own, as in play.
    assert!(Position::<ShoShogi>::from_sfen("4k4/4e4/9/9/3+E5/9/9/9/4K4 b - 1").is_ok());
    // Standard shogi puts captures in hand: a side may hold both bishops.
    assert!(Position::<Standard>::from_sfen("4k4/9/9/9/9/9/9/1B5B1/4K4 b - 1").is_ok());
}
