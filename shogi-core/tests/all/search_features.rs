//! Search and evaluation features: static exchange values worked out by hand, Lazy SMP
//! threads, and evaluation terms that must point the right way (symmetry, king danger,
//! promotion potential, hand pieces).

use crate::borrow::Back;
use crate::common::Std;
use crate::paralysis::{AnyEnemy, Madrasi1};
use shogi_core::eval::Evaluator;
use shogi_core::search::{static_exchange, Limits, Score, Searcher};
use shogi_core::{Game, Position};

fn pos(sfen: &str) -> Position<Std> {
    Position::from_sfen(sfen).unwrap()
}

fn value(p: &Position<Std>, letter: &str) -> i32 {
    let t = p.tables();
    let pieces = <Std as shogi_core::Rules>::TABLE.pieces;
    let k = (0..t.kinds)
        .find(|&k| pieces[k].sfen == letter)
        .unwrap_or_else(|| panic!("{letter}"));
    t.value[k]
}

fn see(sfen: &str, mv: &str) -> i32 {
    let mut p = pos(sfen);
    let m = p.parse_usi(mv).unwrap();
    static_exchange(&p, m).expect("standard shogi has SEE")
}

#[test]
fn static_exchange_values() {
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b - 1");
    let (pawn, gold, rook) = (value(&p, "P"), value(&p, "G"), value(&p, "R"));
    // An undefended pawn: won.
    assert_eq!(see("4k4/9/9/9/4p4/4P4/9/9/4K4 b - 1", "5f5e"), pawn);
    // Defended by a gold: pawn for pawn.
    assert_eq!(see("4k4/9/9/4g4/4p4/4P4/9/9/4K4 b - 1", "5f5e"), 0);
    // The rook takes a pawn the gold defends: it loses rook for pawn.
    assert_eq!(
        see("4k4/9/9/4g4/4p4/9/9/4R4/4K4 b - 1", "5h5e"),
        pawn - rook
    );
    // A second attacker behind the first (x-ray through 5f once the pawn has left it): the
    // gold would lose itself to the rook, so it does not take back.
    assert_eq!(see("4k4/9/9/4g4/4p4/4P4/9/4R4/4K4 b - 1", "5f5e"), pawn);
    // Without the rook the gold takes back and wins the pawn (pawn for pawn).
    assert_eq!(
        see("4k4/9/9/4g4/4p4/4P4/9/9/4K4 b - 1", "5f5e"),
        pawn - pawn
    );
    let _ = gold;
    // A gold dropped where a pawn takes it for free is lost; elsewhere nothing happens.
    assert_eq!(see("4k4/9/9/4p4/9/9/9/9/4K4 b G 1", "G*5e"), -gold);
    assert_eq!(see("4k4/9/9/4p4/9/9/9/9/4K4 b G 1", "G*1e"), 0);
    // The king takes part in an exchange only where nothing takes it back: beside 5e it
    // keeps the gold from recapturing, unless a silver also guards 5e.
    assert_eq!(see("4k4/9/9/4g4/4p4/4PK3/9/9/9 b - 1", "5f5e"), pawn);
    assert_eq!(see("4k4/9/9/3sg4/4p4/4PK3/9/9/9 b - 1", "5f5e"), 0);
}

#[test]
fn two_threads_find_the_mate_and_share_the_table() {
    // G*1b mates (see tests/search.rs).
    let game = Game::<Std>::from_sfen("8k/9/p7P/9/9/9/9/9/4K4 b G 1").unwrap();
    let mut s = Searcher::<Std>::new(4).unwrap();
    s.set_threads(2);
    assert_eq!(s.threads(), 2);
    let r = s.search(
        &game,
        &Limits {
            depth: Some(4),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert_eq!(game.position().move_to_usi(r.best.unwrap()), "G*1b");
    assert_eq!(r.score, Score::Mate(1));
    // A timed search from the start with helpers returns a legal move and counts their nodes.
    let game = Game::<Std>::startpos(0);
    let limits = Limits {
        movetime: Some(std::time::Duration::from_millis(200)),
        ..Limits::default()
    };
    let r2 = s.search(&game, &limits, &mut |_| {});
    assert!(game.position().clone().is_legal_move(r2.best.unwrap()));
    s.set_threads(1);
    let r1 = s.search(&game, &limits, &mut |_| {});
    assert!(r1.best.is_some());
    s.set_threads(10_000);
    assert_eq!(s.threads(), shogi_core::search::MAX_THREADS);
}

/// Enemy pieces bearing on the king endanger it, the same pieces far away do not; enemy
/// pieces in hand threaten it and defenders beside it help (under rule set `R`).
fn king_danger_points_the_right_way<R: shogi_core::Rules<Storage = u128>>() {
    let e = Evaluator::new::<R>();
    let black = shogi_core::Color::Black;
    let p = |s: &str| Position::<R>::from_sfen(s).unwrap();
    let near = p("4k4/9/9/9/9/9/3s1s3/9/4K4 b - 1");
    let far = p("4k4/9/3s1s3/9/9/9/9/9/4K4 b - 1");
    assert!(e.king_danger(&near, black) > 0);
    assert_eq!(e.king_danger(&far, black), 0);
    assert!(e.balance(&near) < e.balance(&far));
    let bare = p("4k4/9/9/9/9/9/9/9/4K4 b - 1");
    let armed = p("4k4/9/9/9/9/9/9/9/4K4 b rb 1");
    let defended = p("4k4/9/9/9/9/9/9/4G4/4K4 b rb 1");
    assert_eq!(e.king_danger(&bare, black), 0);
    assert!(e.king_danger(&armed, black) > 0);
    assert!(e.king_danger(&defended, black) < e.king_danger(&armed, black));
    assert_eq!(e.balance(&bare), 0);
}

#[test]
fn evaluation_terms_point_the_right_way() {
    let e = Evaluator::new::<Std>();
    // The symmetric start is level, for either side to move.
    let start = Position::<Std>::startpos(0);
    assert_eq!(e.balance(&start), 0);
    // Mirror images (colours swapped, board turned) are negatives.
    let a = pos("4k4/9/9/9/9/2B6/9/9/4K4 b P 1");
    let b = pos("4k4/9/9/6b2/9/9/9/9/4K4 w p 1");
    assert_eq!(e.balance(&a), -e.balance(&b));
    assert_eq!(e.evaluate(&a), e.evaluate(&b));
    king_danger_points_the_right_way::<Std>();
    // A pawn in the promotion zone is worth more than one further back.
    let deep = pos("4k4/9/1P7/9/9/9/9/9/4K4 b - 1");
    let home = pos("4k4/9/9/9/9/9/1P7/9/4K4 b - 1");
    assert!(e.balance(&deep) > e.balance(&home));
    // The first piece of a kind in hand is worth more than the second.
    let one = e.balance(&pos("4k4/9/9/9/9/9/9/9/4K4 b S 1"));
    let two = e.balance(&pos("4k4/9/9/9/9/9/9/9/4K4 b 2S 1"));
    assert!(one > two - one && one > 0);
}

#[test]
fn king_safety_reads_checks_drops_and_mobility() {
    let e = Evaluator::new::<Std>();
    let black = shogi_core::Color::Black;
    // Two enemy silvers bear on the king's ring; a gold in hand adds a drop into the ring
    // and a safe drop check on 5h (attacked twice by them, once by us: only the king).
    let silvers = pos("4k4/9/9/9/9/9/3s1s3/9/4K4 b - 1");
    let with_gold = pos("4k4/9/9/9/9/9/3s1s3/9/4K4 b g 1");
    assert!(e.king_danger(&with_gold, black) > e.king_danger(&silvers, black));
    // The same check square covered twice by us is no longer safe: less danger.
    let covered = pos("4k4/9/9/9/9/9/3s1s3/3G1G3/4K4 b g 1");
    assert!(e.king_danger(&covered, black) < e.king_danger(&with_gold, black));
    // Enemy pieces in hand alone (nothing on the board near the king) endanger it only
    // through their safe checks; with every check square covered they count for nothing.
    let bare_hand = pos("4k4/9/9/9/9/9/9/9/4K4 b g 1");
    assert!(e.king_danger(&bare_hand, black) > 0);
    // Mobility: a rook on an open board is worth more than one boxed in by its own pawns.
    let open = pos("4k4/9/9/9/3R5/9/9/P8/1P2K4 b - 1");
    let boxed = pos("4k4/9/9/9/9/9/9/P8/RP2K4 b - 1");
    assert!(e.balance(&open) > e.balance(&boxed));
}

#[test]
fn losing_a_pawn_is_never_a_gain() {
    // From the start, each White pawn taken off the board (nothing else changed) leaves
    // Black better. Pawns have no mobility term (one square, no choice), and a defended piece
    // counts as a square reached: before both, the edge pawns' removal scored for White
    // (1c: -132, 9c: -97), the freed lance and bishop and the pawn's own -27 outweighing it.
    let e = Evaluator::new::<Std>();
    let start = e.balance(&Position::<Std>::startpos(0));
    for (file, rank_c) in [
        (1, "pppppppp1"),
        (2, "ppppppp1p"),
        (5, "pppp1pppp"),
        (8, "p1ppppppp"),
        (9, "1pppppppp"),
    ] {
        let sfen = format!("lnsgkgsnl/1r5b1/{rank_c}/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        let gain = e.balance(&pos(&sfen)) - start;
        assert!(gain > 0, "White's {file}c pawn removed: {gain}");
    }
}

#[test]
fn squares_an_enemy_pawn_attacks_are_no_mobility() {
    // Fairy-Stockfish's mobility area: Black's rook on 7e loses 5e from its mobility where a
    // White pawn on 5d attacks it, and keeps it with that pawn on 5c (attacking 5d, off the rook's lines;
    // a pawn has no mobility or pull of its own, and neither square is near its zone).
    let e = Evaluator::new::<Std>();
    let covered = pos("8k/9/9/4p4/2R6/9/9/9/K8 b - 1");
    let clear = pos("8k/9/4p4/9/2R6/9/9/9/K8 b - 1");
    assert!(e.balance(&clear) > e.balance(&covered));
}

#[test]
fn king_safety_without_attack_maps() {
    // Where pieces do not always move by their own kind, king safety reads the enemy pieces'
    // movement next to the king and the enemy hand, less the defenders beside it.
    king_danger_points_the_right_way::<Back>();
    let e = Evaluator::new::<Back>();
    let p = |s: &str| Position::<Back>::from_sfen(s).unwrap();
    // The piece-square terms stay: a silver reaching more squares is worth more.
    let centre = p("4k4/9/9/9/4S4/9/9/9/4K4 b - 1");
    let corner = p("4k4/9/9/9/9/9/9/9/S3K4 b - 1");
    assert!(e.balance(&centre) > e.balance(&corner));
}

/// Black's gain, under evaluator `e`, from the position `better` over `worse`.
fn gain<R: shogi_core::Rules<Storage = u128>>(e: &Evaluator, better: &str, worse: &str) -> i32 {
    let p = |s: &str| Position::<R>::from_sfen(s).unwrap();
    e.balance(&p(better)) - e.balance(&p(worse))
}

#[test]
fn paralysed_pieces_cost_their_side() {
    // Paralysis by any enemy: a gold on 5e and the pawn on 5d paralyse each other; with the
    // gold on 3e both are free. Under standard rules the two placements are worth the same
    // (the pieces attack as many squares); under paralysis the frozen gold costs part of its
    // value and its mobility, the frozen pawn a little less: hand-summed, about 150.
    let frozen = "4k4/9/9/4p4/4G4/9/9/9/4K4 b - 1";
    let free = "4k4/9/9/4p4/6G2/9/9/9/4K4 b - 1";
    let std = gain::<Std>(&Evaluator::new::<Std>(), free, frozen);
    let para = gain::<AnyEnemy>(&Evaluator::new::<AnyEnemy>(), free, frozen);
    assert!(para >= std + 100, "paralysis {para}, standard {std}");
    // Madrasi (same kind): one white gold between two black ones freezes all three. Under
    // standard rules that cluster is far better for Black than the golds spread apart (two
    // golds bearing on the white king's ring: about 400). Under Madrasi the frozen golds
    // capture nothing and give no check, and Black pays one gold's frozen cost more than
    // White (10 + 10 % of its value): spread apart is better.
    let three = "4k4/9/9/3GgG3/9/9/9/9/4K4 b - 1";
    let apart = "4k4/9/9/1G2g2G1/9/9/9/9/4K4 b - 1";
    let madrasi = gain::<Madrasi1>(&Evaluator::new::<Madrasi1>(), apart, three);
    let std = gain::<Std>(&Evaluator::new::<Std>(), apart, three);
    assert!(std < -300, "standard {std}");
    assert!(madrasi > 0, "madrasi {madrasi}");
}

#[test]
fn borrowed_movement_counts_for_mobility_and_king_danger() {
    // Back position: a black pawn (2e) with a white rook behind it moves like a rook, and the
    // rook, with the pawn behind it (seen from White), moves like a pawn; with the rook on
    // 1f both keep their own movement. The first is far better for Black.
    let e = Evaluator::new::<Back>();
    let lent = "4k4/9/9/9/7P1/7r1/9/9/4K4 b - 1";
    let own = "4k4/9/9/9/7P1/8r/9/9/4K4 b - 1";
    assert!(gain::<Back>(&e, lent, own) >= 100);
    // A white pawn on 6g borrows the black rook behind it (on 6f, seen from White): it
    // attacks the king's side squares as a rook would, which a pawn alone never does.
    let black = shogi_core::Color::Black;
    let p = |s: &str| Position::<Back>::from_sfen(s).unwrap();
    let rook_lent = p("4k4/9/9/9/9/3R5/3p5/9/4K4 b - 1");
    let alone = p("4k4/9/9/9/9/9/3p5/9/R3K4 b - 1");
    assert!(e.king_danger(&rook_lent, black) > e.king_danger(&alone, black));
}

#[test]
fn isardam_reads_the_natural_attack_maps() {
    // Isardam only bars some landings: its pieces attack as in standard shogi, so its
    // evaluation is standard shogi's, term for term (the material path would give other
    // values: no mobility, the coarser king safety).
    let isardam = Evaluator::new::<crate::isardam::B1>();
    let std = Evaluator::new::<Std>();
    for s in [
        "4k4/9/9/9/9/9/3s1s3/9/4K4 b g 1",
        "4k4/9/9/9/9/9/3s1s3/3G1G3/4K4 b g 1",
        "4k4/9/9/9/3R5/9/9/P8/1P2K4 b - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
    ] {
        let a = Position::<crate::isardam::B1>::from_sfen(s).unwrap();
        let b = pos(s);
        assert_eq!(isardam.balance(&a), std.balance(&b), "{s}");
        let black = shogi_core::Color::Black;
        assert_eq!(
            isardam.king_danger(&a, black),
            std.king_danger(&b, black),
            "{s}"
        );
    }
}
