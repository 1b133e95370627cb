//! The evaluation is colour-blind: a position and its mirror (the board turned half a turn,
//! colours, hands and the side to move swapped) are worth the same to the side to move. A
//! term computed from one colour's view only (a rank counted from the wrong edge, a zone or
//! camp taken for the other side) breaks it. Positions are walked from the start by a fixed
//! pseudo-random choice of legal moves.

use shogi_core::eval::Evaluator;
use shogi_core::{Position, Rules};
use shogi_tests::mirror_sfen_sized;

use crate::support::{random_walk, Rng};
use shogi_variants::variants::{EuroShogi, Judkins, Minishogi, Standard};

/// Walks `games` games of up to `plies` plies and checks the evaluation of every position
/// against its mirror's.
fn check<R: Rules>(games: usize, plies: usize) {
    let eval = Evaluator::new::<R>();
    let g = R::GEOMETRY;
    let mirror = |sfen: &str| {
        mirror_sfen_sized(sfen, g.files as usize, g.ranks as usize)
            .unwrap_or_else(|e| panic!("{}: {sfen}: {e}", R::TABLE.name))
    };
    let (mut checked, mut nonzero) = (0, 0);
    for pos in random_walk::<R>(games, plies, &mut Rng(0x9E37_79B9_7F4A_7C15)) {
        let sfen = pos.to_sfen();
        let mirrored = Position::<R>::from_sfen(&mirror(&sfen))
            .unwrap_or_else(|e| panic!("{}: mirror of {sfen}: {e}", R::TABLE.name));
        let value = eval.evaluate(&pos);
        nonzero += usize::from(value != 0);
        assert_eq!(
            value,
            eval.evaluate(&mirrored),
            "{}: {sfen} and its mirror {} evaluate differently",
            R::TABLE.name,
            mirrored.to_sfen()
        );
        checked += 1;
    }
    assert!(checked > games * 10, "{}: too few positions", R::TABLE.name);
    // An evaluation that said 0 everywhere would be symmetric too.
    assert!(
        2 * nonzero > checked,
        "{}: most positions evaluate to 0",
        R::TABLE.name
    );
}

#[test]
fn minishogi_evaluates_mirrors_alike() {
    check::<Minishogi>(40, 80);
}

#[test]
fn standard_shogi_evaluates_mirrors_alike() {
    check::<Standard>(20, 120);
}

#[test]
fn judkins_and_euro_shogi_evaluate_mirrors_alike() {
    check::<Judkins>(20, 80);
    check::<EuroShogi>(20, 80);
}
