//! Speed of the movement seams relative to standard shogi: perft from the start position
//! (`cargo test --release --test seam_speed -- --ignored --nocapture`). The target for these
//! families is at least 0.3 × standard.

mod movement;

use shogi_core::pieces::STANDARD_PIECES;
use shogi_core::table::{
    Golds, Hooks, KingLoss, Landing, Lender, MoveShape, MovementSource, OwnMovement, Paralysis,
    Place,
};
use shogi_core::{Position, Rules};

const fn borrow(place: Place, own: OwnMovement) -> Hooks {
    Hooks {
        movement_source: MovementSource::Borrow {
            lender: Lender::Enemy,
            place,
            own,
        },
        nifu_on_moves: true,
        ..Hooks::STANDARD
    }
}
const fn isardam(drops: bool, total: bool) -> Hooks {
    Hooks {
        landing: Landing::Isardam {
            drops,
            golds: Golds::Separate,
            binds_king_capture: true,
            total,
        },
        ..Hooks::STANDARD
    }
}

rule_set!(Std, STANDARD_PIECES, Hooks::STANDARD);
rule_set!(
    Back,
    movement::NO_DEAD,
    borrow(Place::Behind, OwnMovement::WhenNone)
);
rule_set!(
    Around2,
    movement::NO_DEAD,
    borrow(Place::Around, OwnMovement::Always)
);
rule_set!(
    Kiki1,
    movement::NO_DEAD,
    borrow(Place::Attacked, OwnMovement::WhenNone)
);
rule_set!(
    AntiKiki1,
    movement::NO_DEAD,
    borrow(Place::Attackers, OwnMovement::WhenNone)
);
rule_set!(
    AnyEnemy,
    STANDARD_PIECES,
    Hooks {
        paralysis: Paralysis::AnyEnemy,
        ..Hooks::STANDARD
    }
);
rule_set!(
    KingMadrasi4,
    STANDARD_PIECES,
    Hooks {
        paralysis: Paralysis::SameKind {
            kings: true,
            golds: Golds::AsGold
        },
        ..Hooks::STANDARD
    }
);
rule_set!(IsardamA3, STANDARD_PIECES, isardam(true, false));
rule_set!(TrueIsardamA, STANDARD_PIECES, isardam(true, true));
rule_set!(
    Chained,
    STANDARD_PIECES,
    Hooks {
        king_loss: KingLoss::Capture,
        move_shape: MoveShape::Chained,
        nifu_on_moves: true,
        ..Hooks::STANDARD
    }
);

/// Nodes per second of a bulk-counted perft to `depth` from the start position.
fn nps<R: Rules>(depth: u32) -> f64 {
    let mut p = Position::<R>::startpos(0);
    let t = std::time::Instant::now();
    let n = p.perft(depth);
    let s = t.elapsed().as_secs_f64();
    eprintln!(
        "{:<14} depth {depth}: {n:>9} nodes {s:>6.2}s",
        std::any::type_name::<R>()
            .rsplit("::")
            .next()
            .unwrap_or("?")
    );
    n as f64 / s
}

#[test]
#[ignore]
fn seam_speed() {
    nps::<Std>(3); // warm-up
    let base = nps::<Std>(5);
    for (name, v) in [
        ("Back", nps::<Back>(5)),
        ("Around2", nps::<Around2>(5)),
        ("Kiki1", nps::<Kiki1>(5)),
        ("AntiKiki1", nps::<AntiKiki1>(5)),
        ("AnyEnemy", nps::<AnyEnemy>(5)),
        ("KingMadrasi4", nps::<KingMadrasi4>(5)),
        ("IsardamA3", nps::<IsardamA3>(5)),
        ("TrueIsardamA", nps::<TrueIsardamA>(5)),
        ("Chained", nps::<Chained>(5)),
    ] {
        eprintln!("{name:<14} {:.2} x standard", v / base);
    }
}
