//! Text rendering of a rule table (printed by `rules ID`, snapshotted by tests).

use crate::keywords::{rule_lines, Keyword, PIECE_FLAGS};
use crate::table::{Captured, Movement, Reflect, RuleTable};
use std::fmt::Write;

fn offsets(list: &[(i8, i8)]) -> String {
    list.iter()
        .map(|(x, y)| format!("({x},{y})"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn movement(m: &Movement) -> String {
    let mut parts = Vec::new();
    if !m.leaps.is_empty() {
        parts.push(format!("leaps {}", offsets(m.leaps)));
    }
    if !m.slides.is_empty() {
        parts.push(format!("slides {}", offsets(m.slides)));
    }
    for &((x, y), n) in m.ranged {
        parts.push(format!("slides up to {n} ({x},{y})"));
    }
    if !m.move_only.is_empty() {
        parts.push(format!("move-only {}", offsets(m.move_only)));
    }
    if !m.capture_only.is_empty() {
        parts.push(format!("capture-only {}", offsets(m.capture_only)));
    }
    if m.reflect != Reflect::None {
        parts.push(format!("reflecting({})", m.reflect.keyword()));
    }
    if m.lion {
        parts.push("lion double moves".to_string());
    }
    if !m.lion_lines.is_empty() {
        parts.push(format!("lion double moves along {}", offsets(m.lion_lines)));
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join("; ")
    }
}

impl RuleTable {
    /// Renders the table as text (printed by `rules ID`, snapshotted by the tests). Defined
    /// here so that the table module does not depend on its renderer.
    pub fn render(&self) -> String {
        render_table(self)
    }
}

/// Renders `t` as stable, reviewable text.
pub fn render_table(t: &RuleTable) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "rule set {}: {}", t.name, t.title);
    if t.geometry != crate::geometry::Geometry::STANDARD {
        // 9×9 is the default and is not printed, so the tables of 9×9 rule sets read as before.
        let _ = writeln!(
            s,
            "board: {} files x {} ranks (files 1-{}, ranks a-{})",
            t.geometry.files,
            t.geometry.ranks,
            t.geometry.files,
            t.geometry.last_rank_letter()
        );
    }
    let _ = writeln!(s, "offsets are (right, forward) from the owner's seat");
    let _ = writeln!(s, "pieces:");
    for (i, p) in t.pieces.iter().enumerate() {
        let _ = writeln!(s, "  [{i}] {} '{}'", p.name, p.sfen);
        let _ = writeln!(s, "      moves: {}", movement(&p.movement));
        match p.promotion {
            Some(pr) => {
                let _ = writeln!(
                    s,
                    "      promotes to: {} (zone {} ranks)",
                    t.pieces[pr.to as usize].name, pr.zone
                );
            }
            None => {
                let _ = writeln!(s, "      promotes: never");
            }
        }
        if p.unpromoted as usize != i {
            let _ = writeln!(
                s,
                "      unpromoted form: {}",
                t.pieces[p.unpromoted as usize].name
            );
        }
        // Flags and values as `variant!` writes them.
        let mut flags: Vec<String> = PIECE_FLAGS
            .iter()
            .filter(|(_, set)| set(p))
            .map(|(name, _)| name.to_string())
            .collect();
        if p.nifu && p.nifu_limit != 1 {
            for f in flags.iter_mut().filter(|f| *f == "nifu") {
                *f = format!("nifu = {}", p.nifu_limit);
            }
        }
        if p.dead_ranks > 0 {
            flags.push(format!("dead_ranks = {}", p.dead_ranks));
        }
        if let Some(h) = p.home {
            flags.push(format!("home = {}", h.keyword()));
        }
        if !flags.is_empty() {
            let _ = writeln!(s, "      rules: {}", flags.join(", "));
        }
        let cap = |c: Captured| match c {
            Captured::Hand(k) => format!("hand as {}", t.pieces[k as usize].name),
            Captured::Vanish => "vanishes".to_string(),
        };
        let _ = writeln!(
            s,
            "      captured by black: {}; by white: {}",
            cap(p.captured[0]),
            cap(p.captured[1])
        );
        let _ = writeln!(s, "      value: {}", p.value);
    }
    let _ = writeln!(s, "rules:");
    for line in rule_lines(&t.hooks) {
        let _ = writeln!(s, "  {line}");
    }
    let _ = writeln!(s, "setups:");
    for st in t.setups {
        let _ = writeln!(s, "  {}: {}", st.id, st.description);
        let _ = writeln!(s, "      {}", st.sfen);
    }
    // The engine's weights, where the definition sets some (`eval { ... }`).
    let changed = t.eval.changed();
    if !changed.is_empty() {
        let set: Vec<String> = changed.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        let _ = writeln!(s, "evaluation weights: {}", set.join(", "));
    }
    if !t.notes.is_empty() {
        let _ = writeln!(s, "notes:");
        for n in t.notes {
            let _ = writeln!(s, "  - {n}");
        }
    }
    s
}
