//! The filtered legality path (`shogi_core::legal::filtered`) against the make/test/unmake
//! reference path, over every id where it applies (families B–E in checkmate mode, and the
//! lion and reflecting-bishop rule sets of family A), in seeded
//! random games biased toward captures and checks so that evasions, checks by paralysed or
//! landing-barred pieces, like attacks, flips and capture effects next to the king come up.
//! At every position: the same legal moves, the same count in bulk, the same `has_legal_move`.
//! The CI sample plays 10 games per id; `FILTERED_GAMES=500 cargo test --release -p
//! shogi-tests --test all legal_filtered:: -- --nocapture` is the long run.

use shogi_core::legal::filtered::Filtered;
use shogi_core::{Move, Position, Rules};
use shogi_macros::variant;
use shogi_variants::registry::{self, VariantVisitor};

use crate::support::{fnv, pick_forcing, Rng};

#[derive(Default, Debug, Clone, Copy)]
struct Seen {
    positions: u64,
    in_check: u64,
    /// Pseudo-legal moves the rule refused (both paths agreeing).
    refused: u64,
}

struct Agreement {
    games: usize,
    plies: usize,
}

impl VariantVisitor for &Agreement {
    type Output = Option<Seen>;
    fn visit<R: Rules>(self, setup: usize) -> Option<Seen> {
        if !Filtered::<R>::APPLIES {
            return None;
        }
        let id = R::TABLE.setups[setup].id;
        let mut rng = Rng(0x5EED ^ fnv(id));
        let mut seen = Seen::default();
        for _ in 0..self.games {
            let mut pos = Position::<R>::startpos(setup);
            for _ in 0..self.plies {
                let moves = compare(&mut pos, id, &mut seen);
                if moves.is_empty() {
                    break;
                }
                let mv = pick_forcing(&mut pos, &moves, &mut rng);
                pos.make(mv);
            }
        }
        Some(seen)
    }
}

/// Compares the paths at `pos`; returns the legal moves.
fn compare<R: Rules>(pos: &mut Position<R>, id: &str, seen: &mut Seen) -> Vec<Move> {
    let mut filtered = Vec::new();
    pos.legal_moves(&mut filtered);
    let mut reference = Vec::new();
    pos.legal_moves_reference(&mut reference);
    filtered.sort();
    reference.sort();
    let sfen = pos.to_sfen();
    if pos.filtered_legality_applies() {
        assert_eq!(filtered, reference, "{id}: paths differ at {sfen}");
    }
    assert_eq!(
        pos.count_legal_moves(),
        reference.len() as u64,
        "{id}: count at {sfen}"
    );
    assert_eq!(
        pos.has_legal_move(),
        !reference.is_empty(),
        "{id}: has_legal_move at {sfen}"
    );
    seen.positions += 1;
    if pos.in_check(pos.side_to_move()) {
        seen.in_check += 1;
    }
    if pos.winner_by_board().is_none() {
        let mut pseudo = Vec::new();
        pos.pseudo_moves(&mut pseudo);
        seen.refused += (pseudo.len() - reference.len()) as u64;
    }
    reference
}

#[test]
fn filtered_path_agrees_with_reference_for_every_id_it_serves() {
    // FILTERED_GAMES raises the games per id for a long run (`--release -- --nocapture`).
    let games = std::env::var("FILTERED_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10);
    let run = Agreement { games, plies: 100 };
    let mut ids = 0;
    let mut total = Seen::default();
    for id in registry::ids() {
        if let Some(seen) = registry::dispatch(id, &run).expect("registered id") {
            assert!(seen.positions > 0, "{id}");
            ids += 1;
            total.positions += seen.positions;
            total.in_check += seen.in_check;
            total.refused += seen.refused;
        }
    }
    println!("{ids} ids, {total:?}");
    // Families B (14), C (14), D without king capture (Circe, Anti-Circe, PWC, Andernach's
    // capture effect counted in C) and E (18): the path must serve them all.
    assert!(
        ids >= 14 + 14 + 6 + 18,
        "the filtered path serves {ids} ids"
    );
    // The games reach the cases the filter doubts: checks and refused moves.
    assert!(total.in_check > 500, "{total:?}");
    assert!(total.refused > 500, "{total:?}");
}

/// Set-up positions for Isardam's node-level shortcuts: two like pieces already facing each
/// other (every move doubtful), and like pieces in hand and on the board next to both kings.
/// Each move is also made and taken back, with both positions compared again, so the like
/// maps kept along the line (found from the parent's) are checked after make and after
/// unmake. (A position where the mover could capture the enemy king cannot be set up: the
/// SFEN reader refuses it.)
struct SetUp(&'static [&'static str]);

impl VariantVisitor for &SetUp {
    type Output = u64;
    fn visit<R: Rules>(self, setup: usize) -> u64 {
        let id = R::TABLE.setups[setup].id;
        let mut seen = Seen::default();
        for sfen in self.0 {
            let mut pos = Position::<R>::from_sfen(sfen).expect("valid SFEN");
            for mv in compare(&mut pos, id, &mut seen) {
                pos.make(mv);
                compare(&mut pos, id, &mut seen);
                pos.unmake();
                compare(&mut pos, id, &mut seen);
            }
        }
        seen.positions
    }
}

/// Compares the paths on `run`'s positions under each of `ids`, each of which must see them.
fn agree_under(run: &SetUp, ids: &[&str]) {
    for id in ids {
        let positions = registry::dispatch(id, run).expect("registered id");
        assert!(positions > 30, "{id}: {positions}");
    }
}

#[test]
fn isardam_set_up_positions_agree_with_reference() {
    let run = SetUp(&[
        // Black's rook on the king's file behind a pawn; golds beside both kings.
        "4k4/3g1g3/4p4/9/4R4/9/9/3G1G3/4K4 b S 1",
        // White to move, a bishop near Black's camp, a gold in hand against a gold.
        "4k4/9/9/9/9/9/1b7/9/4K1G2 w G 1",
        // Two like golds already face each other; silvers in hand.
        "4k4/9/9/3gG4/9/9/9/9/4K4 b S2s 1",
    ]);
    agree_under(
        &run,
        &[
            "Shogi-IsardamA:1",
            "Shogi-IsardamB:1",
            "Shogi-True-IsardamA:1",
            "Shogi-True-IsardamB:1",
        ],
    );
}

/// Set-up positions for the shortcuts of this session's borrowed-movement and True Isardam
/// work: a piece hiding an enemy slider from its own king (under Anti-Kiki it may move off the
/// ray surely only where no kind the hidden piece could borrow reaches the king; its king
/// steps near an enemy piece surely only where no kind that piece might move by after the step
/// reaches the target), and a piece standing between two like sliders (under True Isardam it is kept to that line like a
/// pinned piece). Each move is made and taken back with both paths compared, so the lent and
/// like records kept along the line are checked too.
#[test]
fn hiding_and_like_line_set_ups_agree_with_reference() {
    let hiding = SetUp(&[
        // Black's silver hides White's lance from Black's king; a bishop and golds about.
        "4k4/9/4l4/9/7b1/9/4S4/3G1G3/4K4 b P 1",
        // White's silver hides Black's rook from White's king; a gold in hand.
        "4k4/4s4/9/9/4R4/9/9/9/4K4 w g 1",
        // Two hiders on one ray, and a knight a leap from the king's zone.
        "4k4/9/4r4/9/4G4/3n5/4S4/9/4K4 b - 1",
        // King steps near a White pawn that borrows what attacks it (under Anti-Kiki the
        // step is sure only where no kind the pawn might move by reaches the target): a
        // bishop lends a slide onto 5h, a knight a leap onto 4h.
        "4k4/9/3B5/9/1p7/9/9/9/4K4 b - 1",
        "4k4/9/9/9/9/4p4/9/3N5/4K4 b - 1",
    ]);
    for id in [
        "Shogi-Anti-Kiki-Position:1",
        "Shogi-Anti-Kiki-Position:2",
        "Shogi-Kiki-Position:1",
    ] {
        let positions = registry::dispatch(id, &hiding).expect("registered id");
        assert!(positions > 30, "{id}: {positions}");
    }
    let like_line = SetUp(&[
        // Black's silver between White's rook and Black's rook on the 5-file.
        "4k4/4r4/9/4S4/9/4R4/9/9/4K4 b - 1",
        // The same with White to move and its silver between them.
        "4k4/4r4/9/4s4/9/4R4/9/9/4K4 w - 1",
        // Bishops on a diagonal with a gold between, pieces in hand.
        "4k4/9/2b6/9/4G4/9/6B2/9/4K4 b Pp 1",
    ]);
    agree_under(
        &like_line,
        &[
            "Shogi-True-IsardamA:1",
            "Shogi-True-IsardamA:2",
            "Shogi-True-IsardamB:1",
            "Shogi-True-IsardamB:2",
        ],
    );
}

/// Set-up positions for bulk counting's free pieces under borrowed movement, counted by the
/// attack kernel kind by kind: a free rook or bishop with a target in a zone candidate's
/// lender region (a move there may lend the candidate a way to the king: left to make/test,
/// not counted), and under Kiki a rook that borrows from the gold it attacks (left to the
/// per-piece loop). Checked: counting either kind of piece by its own movement anyway makes
/// the count at the set-up position differ from the reference.
#[test]
fn free_pieces_counted_by_kernel_agree_with_reference() {
    let run = SetUp(&[
        // White's pawn on 5f is in Black's king's zone; the rook or bishop may lend it a way.
        "4k4/9/9/9/9/4p4/9/9/R3K4 b - 1",
        "4k4/9/9/9/9/4p4/9/9/B3K4 b - 1",
        "4k4/9/2r6/9/9/4P4/9/9/4K4 w - 1",
        // Black's rook attacks White's gold, off both kings' lines.
        "4k4/9/6g1R/9/9/9/9/9/4K4 b - 1",
    ]);
    agree_under(
        &run,
        &[
            "Shogi-Anti-Kiki-Position:1",
            "Shogi-Anti-Kiki-Position:2",
            "Shogi-Kiki-Position:1",
            "Shogi-Kiki-Position:2",
            "Shogi-BackPosition:1",
        ],
    );
}

/// Set-up positions for the gold class of True Isardam's rule sets 2 (promoted golds count as
/// gold): a promoted piece and a gold already facing each other, which only those rule sets
/// call a like pair (every move doubtful; the node test reads the enemy's map alone, the
/// class moving alike), and such pieces near each other where a move or drop may make one.
#[test]
fn gold_class_set_ups_agree_with_reference() {
    let run = SetUp(&[
        // Black's tokin beside White's gold: a pair under :2 only.
        "4k4/9/9/3g+P4/9/9/9/9/4K4 b S2s 1",
        // White to move, its promoted silver beside Black's gold.
        "4k4/9/9/9/3+sG4/9/9/9/4K4 w Pp 1",
        // No pair yet: a tokin and a gold a step apart, golds in hand.
        "4k4/9/3+p5/9/4G4/9/9/9/4K4 b G 1",
    ]);
    agree_under(
        &run,
        &[
            "Shogi-True-IsardamA:1",
            "Shogi-True-IsardamA:2",
            "Shogi-True-IsardamB:1",
            "Shogi-True-IsardamB:2",
        ],
    );
}

variant! {
    /// True Isardam A with promoted golds counted as gold, where the gold class mixes
    /// movements: a tokin moves as gold plus a step back diagonally, a promoted lance as gold
    /// plus a slide forward. No registered id has such a class.
    pub struct MixedGolds;
    id = "Test-True-IsardamA-MixedGolds";
    pieces = standard;
    piece tokin { moves = gold + leaps((1, -1)); }
    piece promoted_lance { moves = gold + slides((0, 1)); }
    landing = isardam { drops = bound, promoted_golds = as_gold, king_capture = bound, scope = every_piece };
    king_loss = checkmate;
    setup {}
}

/// A gold class whose kinds move unlike each other is not symmetric: a tokin may attack a gold
/// that does not attack it back, so the node test reads both colours' maps, and the like maps
/// are found kind by kind (`like_classes_alike()` is false). Set-up positions where only the
/// extra movement makes or threatens a like pair, and seeded games. Checked: taking the class
/// as moving alike fails the set-ups.
#[test]
fn a_gold_class_of_mixed_movements_agrees_with_reference() {
    let run = SetUp(&[
        // Black's tokin attacks White's gold on 6f by its extra step only: a pair already.
        "4k4/9/9/9/4+P4/3g1g3/9/9/4K4 b G 1",
        // Black's promoted lance would slide onto White's gold once the pawn between goes.
        "4k4/4g4/9/4p4/9/9/9/4+L4/4K4 b - 1",
        // White's tokin a step from Black's gold, golds in hand.
        "4k4/9/3+p5/9/4G4/9/9/9/4K4 b G 1",
    ]);
    assert!((&run).visit::<MixedGolds>(0) > 30);
    let games = Agreement {
        games: 4,
        plies: 100,
    };
    let seen = (&games)
        .visit::<MixedGolds>(0)
        .expect("the filtered path serves it");
    assert!(seen.positions > 100, "{seen:?}");
}

/// The one way to a position where the mover could capture the enemy king: the SFEN reader
/// refuses it, but `make` plays any pseudo-legal move, so a pinned silver may step off its
/// line. True Isardam B exempts that capture from the whole-board test, and its node test
/// hands such a board to the reference whole (`LikeNode::KingCapture`); both paths must agree
/// after every pseudo-legal move, legal or not.
struct AfterPseudoMoves(&'static str);

impl VariantVisitor for &AfterPseudoMoves {
    type Output = u64;
    fn visit<R: Rules>(self, setup: usize) -> u64 {
        let id = R::TABLE.setups[setup].id;
        let mut seen = Seen::default();
        let mut pos = Position::<R>::from_sfen(self.0).expect("valid SFEN");
        let mut pseudo = Vec::new();
        pos.pseudo_moves(&mut pseudo);
        for mv in pseudo {
            pos.make(mv);
            compare(&mut pos, id, &mut seen);
            pos.unmake();
        }
        seen.positions
    }
}

#[test]
fn true_isardam_b_agrees_where_the_king_may_be_captured() {
    // Black's silver on 5h is pinned by White's rook on 5e.
    let run = AfterPseudoMoves("4k4/9/9/9/4r4/9/9/4S4/4K4 b - 1");
    for id in ["Shogi-True-IsardamB:1", "Shogi-True-IsardamB:2"] {
        let positions = registry::dispatch(id, &run).expect("registered id");
        assert!(positions > 5, "{id}: {positions}");
    }
}
