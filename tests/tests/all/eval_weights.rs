//! A definition's `eval { ... }` block reaches the engine: the evaluator of a rule set reads
//! the weights of its own table, not the standard set, and the rule table shows them.

use shogi_core::eval::{Evaluator, Weights};
use shogi_core::render::render_table;
use shogi_core::{Position, Rules};
use shogi_macros::variant;
use shogi_variants::variants::{ChuShogi, Minishogi, Standard};

use crate::support::{random_walk, Rng};

variant! {
    /// Standard shogi with centralisation raised and the king danger lowered (a test variant).
    pub struct Weighted;
    id = "Test-Weighted";
    pieces = standard;
    eval { mobility = 20; danger_scale = 40; }
    setup {}
}

fn walk<R: Rules>(games: usize, plies: usize) -> Vec<Position<R>> {
    random_walk(games, plies, &mut Rng(0x2545_F491_4F6C_DD1D))
}

#[test]
fn the_block_sets_only_the_weights_it_names() {
    assert_eq!(
        Weighted::TABLE.eval,
        Weights {
            mobility: 20,
            danger_scale: 40,
            ..Weights::STANDARD
        }
    );
    assert_eq!(Minishogi::TABLE.eval, Weights::STANDARD);
}

#[test]
fn the_evaluator_reads_its_tables_weights() {
    let own = Evaluator::new::<Weighted>();
    let own_by_hand = Evaluator::with_weights(Weighted::tables(), Weighted::TABLE.eval);
    let standard = Evaluator::with_weights(Weighted::tables(), Weights::STANDARD);
    let positions = walk::<Weighted>(10, 40);
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
    let text = render_table(&Weighted::TABLE);
    assert!(
        text.contains("evaluation weights: mobility = 20, danger_scale = 40\n"),
        "{text}"
    );
    assert!(!render_table(&Minishogi::TABLE).contains("evaluation weights"));
}

/// Every weight at once, each at `value` (or its bound if `None`), on positions of
/// standard shogi (pieces in hand) and chu shogi (the largest board): evaluating must not
/// overflow (tests build with overflow checks, so it would panic).
fn evaluate_with_every_weight_at<R: Rules>(value: Option<i32>) {
    let mut w = Weights::MAX;
    if let Some(v) = value {
        for n in Weights::NAMES {
            *w.get_mut(n).unwrap() = v;
        }
    }
    let eval = Evaluator::with_weights(R::tables(), w);
    for pos in random_walk::<R>(4, 200, &mut Rng(7)) {
        let _ = eval.evaluate(&pos);
    }
}

#[test]
fn the_largest_weights_keep_the_evaluation_in_range() {
    evaluate_with_every_weight_at::<Standard>(None);
    evaluate_with_every_weight_at::<ChuShogi>(None);
}

/// The bounds are what keeps it in range: a million everywhere overflows.
#[test]
#[should_panic(expected = "overflow")]
fn weights_beyond_the_bounds_overflow() {
    evaluate_with_every_weight_at::<Standard>(Some(1_000_000));
}
