//! Speed of the movement seams relative to standard shogi: perft from the start position
//! (`cargo test --release -p shogi-core --test all seam_speed -- --ignored --nocapture`). The target for these
//! families is at least 0.3 × standard.

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
    crate::movement::NO_DEAD,
    borrow(Place::Behind, OwnMovement::WhenNone)
);
rule_set!(
    Around2,
    crate::movement::NO_DEAD,
    borrow(Place::Around, OwnMovement::Always)
);
rule_set!(
    Kiki1,
    crate::movement::NO_DEAD,
    borrow(Place::Attacked, OwnMovement::WhenNone)
);
rule_set!(
    AntiKiki1,
    crate::movement::NO_DEAD,
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

/// CPU time of this thread in seconds (Linux `schedstat`; wall time elsewhere), so that other
/// processes on a shared machine do not distort the ratios much.
fn cpu_seconds(wall: std::time::Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(|| wall.elapsed().as_secs_f64(), |ns| ns / 1e9)
}

/// Nodes per CPU second of a bulk-counted perft to `depth` from the start position (best of
/// three runs).
fn nps<R: Rules>(depth: u32) -> f64 {
    let mut p = Position::<R>::startpos(0);
    let mut best = 0.0f64;
    let mut nodes = 0;
    for _ in 0..3 {
        let wall = std::time::Instant::now();
        let t0 = cpu_seconds(wall);
        nodes = p.perft(depth);
        let s = (cpu_seconds(wall) - t0).max(1e-9);
        best = best.max(nodes as f64 / s);
    }
    eprintln!(
        "{:<14} depth {depth}: {nodes:>9} nodes {:>6.2} Mnps",
        std::any::type_name::<R>()
            .rsplit("::")
            .next()
            .unwrap_or("?"),
        best / 1e6
    );
    best
}

#[test]
#[ignore]
fn seam_speed() {
    Position::<Std>::startpos(0).perft(4); // warm-up
    let base = nps::<Std>(4);
    for (name, v) in [
        ("Back", nps::<Back>(4)),
        ("Around2", nps::<Around2>(4)),
        ("Kiki1", nps::<Kiki1>(4)),
        ("AntiKiki1", nps::<AntiKiki1>(4)),
        ("AnyEnemy", nps::<AnyEnemy>(4)),
        ("KingMadrasi4", nps::<KingMadrasi4>(4)),
        ("IsardamA3", nps::<IsardamA3>(4)),
        ("TrueIsardamA", nps::<TrueIsardamA>(4)),
        ("Chained", nps::<Chained>(4)),
    ] {
        eprintln!("{name:<14} {:.2} x standard", v / base);
    }
}
