//! The rule table of every registered rule set, snapshotted (reviewed: each is a claim that the
//! table states RULES.md correctly), and every variant id belongs to exactly one table.

use shogi_variants::registry;

#[test]
fn rule_tables() {
    for t in registry::tables() {
        insta::assert_snapshot!(format!("rules_{}", t.name), t.render());
    }
}

#[test]
fn every_id_has_exactly_one_table() {
    for id in registry::ids() {
        let n = registry::tables()
            .iter()
            .filter(|t| t.setups.iter().any(|s| s.id == id))
            .count();
        assert_eq!(n, 1, "{id}");
    }
}
