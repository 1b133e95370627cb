//! A definition's `eval { ... }` block reaches the engine: the evaluator of a rule set reads
//! the weights of its own table, not the standard set, and the rule table shows them.

use shogi_core::eval::{Evaluator, Weights};
use shogi_core::render::render_table;
use shogi_core::{Position, Rules};
use shogi_macros::variant;
use shogi_variants::variants::Minishogi;

variant! {
    /// Minishogi with centralisation and piece mobility raised (a test variant).
    pub struct WeightedMini;
    id = "Test-WeightedMini";
    board = 5x5;
    zone = 1;
    pieces = standard without [knight, lance, promoted_knight, promoted_lance];
    start = "rbsgk/4p/5/P4/KGSBR";
    eval {
        mobility = 76;
        piece_mobility = 270;
    }
    setup {}
}

/// Positions of a few fixed pseudo-random games from the start.
fn walk<R: Rules>(games: u64, plies: usize) -> Vec<Position<R>> {
    let mut seed = 0x2545_F491_4F6C_DD1D_u64;
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::<R>::startpos(0);
        for _ in 0..plies {
            out.push(pos.clone());
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            pos.make(moves[(seed >> 33) as usize % moves.len()]);
        }
    }
    out
}

#[test]
fn the_block_sets_only_the_weights_it_names() {
    assert_eq!(
        WeightedMini::TABLE.eval,
        Weights {
            mobility: 76,
            piece_mobility: 270,
            ..Weights::STANDARD
        }
    );
    assert_eq!(Minishogi::TABLE.eval, Weights::STANDARD);
}

#[test]
fn the_evaluator_reads_its_tables_weights() {
    let own = Evaluator::new::<WeightedMini>();
    let own_by_hand = Evaluator::with_weights(WeightedMini::tables(), WeightedMini::TABLE.eval);
    let standard = Evaluator::with_weights(WeightedMini::tables(), Weights::STANDARD);
    let positions = walk::<WeightedMini>(10, 40);
    let mut differ = 0;
    for pos in &positions {
        let v = own.evaluate(pos);
        assert_eq!(v, own_by_hand.evaluate(pos), "{}", pos.to_sfen());
        differ += usize::from(v != standard.evaluate(pos));
    }
    // Centralisation alone changes the value of nearly every position.
    assert!(
        2 * differ > positions.len(),
        "only {differ} of {} positions changed",
        positions.len()
    );
    // A rule set without the block evaluates with the standard weights.
    let mini = Evaluator::new::<Minishogi>();
    let mini_standard = Evaluator::with_weights(Minishogi::tables(), Weights::STANDARD);
    for pos in walk::<Minishogi>(5, 40) {
        assert_eq!(mini.evaluate(&pos), mini_standard.evaluate(&pos));
    }
}

#[test]
fn the_rule_table_shows_changed_weights() {
    let text = render_table(&WeightedMini::TABLE);
    assert!(
        text.contains("evaluation weights: mobility = 76, piece_mobility = 270\n"),
        "{text}"
    );
    assert!(!render_table(&Minishogi::TABLE).contains("evaluation weights"));
}
