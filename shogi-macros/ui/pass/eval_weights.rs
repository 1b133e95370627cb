//! `eval { ... }` sets some of the engine's weights; the others stay standard.
use shogi_core::eval_weights::EvalWeights;
use shogi_macros::variant;

variant! {
    /// Standard shogi with its own evaluation weights (a test variant).
    pub struct Weighted;
    id = "Test-Weighted";
    pieces = standard;
    eval {
        mobility = 76;
        piece_mobility = 270;
    }
    setup 1 {}
}

fn main() {
    let w = Weighted::TABLE.eval;
    assert_eq!(w.mobility, 76);
    assert_eq!(w.piece_mobility, 270);
    assert_eq!(
        w,
        EvalWeights {
            mobility: 76,
            piece_mobility: 270,
            ..EvalWeights::STANDARD
        }
    );
}
