//! Perft from every registered start position.
//!
//! The counts to depth 3 are insta snapshots: REGRESSION GUARDS ONLY (they record what the
//! engine computed when reviewed, not independent truth; the hand-derived rule tests and the
//! published standard counts are the claims of correctness). Colour-mirrored setups — the same
//! armies swapped, the other side first — must have equal counts, which is a real check.

use shogi_tests::{mirror_sfen, perft};
use shogi_variants::registry;

#[test]
fn perft_to_depth_3_from_every_start_regression_guard() {
    let mut table =
        String::from("# regression guard: perft 1 2 3 from every start (not independent truth)\n");
    for id in registry::ids() {
        let counts: Vec<String> = (1..=3).map(|d| perft(id, None, d).to_string()).collect();
        table.push_str(&format!("{id} {}\n", counts.join(" ")));
    }
    insta::assert_snapshot!("perft_regression_guard_depth_3", table);
}

/// Every pair of setups of one id prefix whose starts are mirrors of each other.
fn mirrored_pairs() -> Vec<(&'static str, &'static str)> {
    let ids = registry::ids();
    let start = |id: &str| {
        let (t, i) = registry::lookup(id).expect("registered");
        t.setups[i].sfen
    };
    let prefix = |id: &str| id.split(':').next().unwrap_or(id).to_string();
    let mut pairs = Vec::new();
    for (i, a) in ids.iter().enumerate() {
        for b in &ids[i + 1..] {
            if prefix(a) == prefix(b) && mirror_sfen(start(a)).ok().as_deref() == Some(start(b)) {
                // Mirrored starts only pair up when the rules are the same rule set.
                let (ta, _) = registry::lookup(a).unwrap();
                let (tb, _) = registry::lookup(b).unwrap();
                if ta.name == tb.name || ta.pieces == tb.pieces && ta.hooks == tb.hooks {
                    pairs.push((*a, *b));
                }
            }
        }
    }
    pairs
}

#[test]
fn mirrored_setups_have_equal_counts() {
    let pairs = mirrored_pairs();
    // Pairs RULES.md defines (one per family member that has them).
    for expected in [
        ("Shogi-Kirin-Phoenix:3", "Shogi-Kirin-Phoenix:6"),
        ("Shogi-Kirin-Phoenix:4", "Shogi-Kirin-Phoenix:5"),
        (
            "Shogi-Kirin-Phoenix-Variant:1",
            "Shogi-Kirin-Phoenix-Variant:4",
        ),
        ("Shogi-Princess-Empress:3", "Shogi-Princess-Empress:6"),
        (
            "Shogi-Princess-Empress-Variant:4",
            "Shogi-Princess-Empress-Variant:5",
        ),
        ("Shogi-Hybrid:1", "Shogi-Hybrid:2"),
        ("Shogi-Othello-TypeA:1", "Shogi-Othello-TypeA:2"),
        ("Shogi-Circe:1", "Shogi-Circe:2"),
    ] {
        assert!(
            pairs.contains(&expected),
            "{expected:?} should be a mirrored pair"
        );
    }
    for (a, b) in pairs {
        for d in 1..=3 {
            assert_eq!(
                perft(a, None, d),
                perft(b, None, d),
                "{a} vs {b} at depth {d}"
            );
        }
    }
}

#[test]
fn mirrored_pairs_agree_at_depth_4() {
    for (a, b) in [
        ("Shogi-Kirin-Phoenix:3", "Shogi-Kirin-Phoenix:6"),
        ("Shogi-Andernach:1", "Shogi-Andernach:2"),
        ("Shogi-Rifle:1", "Shogi-Rifle:2"),
    ] {
        assert_eq!(perft(a, None, 4), perft(b, None, 4), "{a} vs {b}");
    }
}
