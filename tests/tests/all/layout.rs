//! The core's layering: no two modules of shogi-core import each other, directly or round a
//! longer loop (issue 16 asks for the core in layers). Read from the sources: every
//! `crate::...` path (use trees with braces expanded) and `super::...` path outside comments is
//! an edge to the deepest module it names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module path (`legal::fast`; the crate root is `""`) → source text without `//` comments.
fn modules(src: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("shogi-core/src is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap().with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
                parts.pop();
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code: String = text
                .lines()
                .map(|l| l.split("//").next().unwrap_or(""))
                .collect::<Vec<_>>()
                .join("\n");
            out.insert(parts.join("::"), code);
        }
    }
    out
}

/// The paths of a use tree starting at `text` (just after `crate::` or `super::`):
/// `a::{b, c::{d, e}}` gives `a::b`, `a::c::d`, `a::c::e`.
fn use_paths(text: &str) -> Vec<String> {
    fn skip_space(s: &[u8], i: &mut usize) {
        while *i < s.len() && s[*i].is_ascii_whitespace() {
            *i += 1;
        }
    }
    fn tree(s: &[u8], i: &mut usize, prefix: &str, out: &mut Vec<String>) {
        let mut path = prefix.to_string();
        loop {
            skip_space(s, i);
            if s.get(*i) == Some(&b'{') {
                // A group: each member is a tree of its own under `path`.
                *i += 1;
                loop {
                    skip_space(s, i);
                    if s.get(*i) == Some(&b'}') {
                        *i += 1;
                        return;
                    }
                    tree(s, i, &path, out);
                    skip_space(s, i);
                    match s.get(*i) {
                        Some(b',') => *i += 1,
                        Some(b'}') => {
                            *i += 1;
                            return;
                        }
                        _ => return,
                    }
                }
            }
            let start = *i;
            while *i < s.len() && (s[*i].is_ascii_alphanumeric() || s[*i] == b'_') {
                *i += 1;
            }
            if *i > start {
                if !path.is_empty() {
                    path.push_str("::");
                }
                path.push_str(std::str::from_utf8(&s[start..*i]).unwrap());
            }
            if s[*i..].starts_with(b"::") {
                *i += 2;
                continue;
            }
            out.push(path);
            return;
        }
    }
    let mut out = Vec::new();
    tree(text.as_bytes(), &mut 0, "", &mut out);
    out
}

/// The deepest module among `names` that `path` starts with.
fn module_of<'a>(names: &'a BTreeSet<String>, path: &str) -> Option<&'a String> {
    let segs: Vec<&str> = path.split("::").collect();
    (1..=segs.len())
        .rev()
        .find_map(|n| names.get(&segs[..n].join("::")))
}

/// Each module's imports of other modules (the crate root left out).
fn import_graph(mods: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let names: BTreeSet<String> = mods.keys().filter(|m| !m.is_empty()).cloned().collect();
    let mut graph = BTreeMap::new();
    for (m, code) in mods.iter().filter(|(m, _)| !m.is_empty()) {
        let parent = m.rsplit_once("::").map_or("", |(p, _)| p);
        let mut edges = BTreeSet::new();
        for (key, base) in [("crate::", ""), ("super::", parent)] {
            for (at, _) in code.match_indices(key) {
                // `foo_crate::` or `a::super::` are not ours.
                let before = code[..at].chars().last();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                for p in use_paths(&code[at + key.len()..]) {
                    let full = if base.is_empty() {
                        p
                    } else {
                        format!("{base}::{p}")
                    };
                    if let Some(target) = module_of(&names, &full) {
                        if target != m {
                            edges.insert(target.clone());
                        }
                    }
                }
            }
        }
        graph.insert(m.clone(), edges);
    }
    graph
}

/// A loop of imports, if there is one (depth-first search).
fn find_loop(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(m.to_string(), 1);
        stack.push(m.to_string());
        for next in graph.get(m).into_iter().flatten() {
            match state.get(next.as_str()) {
                Some(1) => {
                    let from = stack.iter().position(|s| s == next).unwrap();
                    let mut cycle = stack[from..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(_) => {}
                None => {
                    if let Some(c) = visit(next, graph, state, stack) {
                        return Some(c);
                    }
                }
            }
        }
        stack.pop();
        state.insert(m.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in graph.keys() {
        if !state.contains_key(m) {
            if let Some(c) = visit(m, graph, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn use_trees_expand() {
    assert_eq!(
        use_paths("a::{b, c::{d, e,}}, x;"),
        ["a::b", "a::c::d", "a::c::e"]
    );
    assert_eq!(use_paths("position::Position;"), ["position::Position"]);
}

#[test]
fn the_loop_finder_finds_loops() {
    let mut mods = BTreeMap::new();
    mods.insert("a".to_string(), "use crate::b::X;".to_string());
    mods.insert("b".to_string(), "use crate::{c::Y, d};".to_string());
    mods.insert("c".to_string(), "fn f() { crate::a::g() }".to_string());
    mods.insert("d".to_string(), String::new());
    let graph = import_graph(&mods);
    assert_eq!(find_loop(&graph).unwrap(), ["a", "b", "c", "a"]);
    mods.insert("c".to_string(), "use super::d;".to_string());
    assert_eq!(find_loop(&import_graph(&mods)), None);
}

#[test]
fn shogi_core_modules_import_no_loop() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shogi-core/src");
    let mods = modules(&src);
    assert!(mods.contains_key("legal::fast") && mods.contains_key("position"));
    let graph = import_graph(&mods);
    // The graph is really read: the position imports the bitboards and its like stack.
    assert!(
        graph["position"].contains("bitboard") && graph["position"].contains("like_stack"),
        "{graph:?}"
    );
    if let Some(cycle) = find_loop(&graph) {
        panic!(
            "shogi-core modules import each other: {}",
            cycle.join(" -> ")
        );
    }
}
