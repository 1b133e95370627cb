//! The top-level items of a definition, gathered once: each kept item is given at most once
//! and every unknown key is reported with a hint.

use super::board::parse_board;
use crate::diagnostics::{one_of, Errors};
use crate::parse::{Item, PieceItem, SetupItem, VariantDef};
use proc_macro2::Span;
use shogi_rules::eval_weights::EvalWeights;
use shogi_rules::geometry::Geometry;
use shogi_rules::keywords::RULE_KEYS;
use syn::{Ident, LitInt, LitStr};

const TEXT_KEYS: &[&str] = &["id", "title", "note", "start"];
const SIZE_KEYS: &[&str] = &["board", "zone"];

/// A rule item as written: key, value, options.
pub type RuleRef<'a> = (&'a Ident, &'a Ident, &'a Vec<(Ident, Ident)>);

/// The items of a definition, by kind.
pub struct Items<'a> {
    pub id: LitStr,
    pub title: Option<LitStr>,
    pub notes: Vec<String>,
    /// `pieces = standard without [...]`.
    pub base: Option<(Ident, Vec<Ident>)>,
    /// `with [groups]`: named piece groups added after the base set.
    pub groups: Vec<Ident>,
    pub pieces: Vec<&'a PieceItem>,
    pub setups: Vec<&'a SetupItem>,
    pub rules: Vec<RuleRef<'a>>,
    pub board: Option<(Geometry, Span)>,
    pub default_zone: Option<&'a LitInt>,
    pub start: Option<LitStr>,
    /// `captured = vanish;`: every piece without its own `captured` leaves the game when
    /// captured (no drops).
    pub captured: Option<&'a Ident>,
    /// `eval { ... }`: the engine's weights, the standard ones where the block is silent.
    pub eval: EvalWeights,
}

/// Sorts the items of `def`, reporting repeated and unknown ones.
pub fn collect<'a>(def: &'a VariantDef, errors: &mut Errors) -> Items<'a> {
    let mut id: Option<LitStr> = None;
    let mut title: Option<LitStr> = None;
    let mut notes = Vec::new();
    let mut base: Option<(Ident, Vec<Ident>)> = None;
    let mut groups: Vec<Ident> = Vec::new();
    let mut pieces_items: Vec<&PieceItem> = Vec::new();
    let mut setups_items: Vec<&SetupItem> = Vec::new();
    let mut rules: Vec<RuleRef> = Vec::new();
    let mut board: Option<(Geometry, Span)> = None;
    let mut default_zone: Option<&LitInt> = None;
    let mut start: Option<LitStr> = None;
    let mut captured: Option<&Ident> = None;
    let mut eval: Option<EvalWeights> = None;

    for item in &def.items {
        match item {
            Item::Text { key, value } => match key.to_string().as_str() {
                "id" => {
                    if id.replace(value.clone()).is_some() {
                        errors.push(
                            key.span(),
                            "`id` is given twice; a rule set has one id prefix",
                        );
                    }
                }
                "title" => {
                    if title.replace(value.clone()).is_some() {
                        errors.push(key.span(), "`title` is given twice");
                    }
                }
                "note" => notes.push(value.value()),
                "start" => {
                    if start.replace(value.clone()).is_some() {
                        errors.push(key.span(), "`start` is given twice");
                    }
                }
                other => errors.push(
                    key.span(),
                    format!("unknown text item `{other}`; {}", one_of(other, TEXT_KEYS)),
                ),
            },
            Item::Pieces {
                key,
                base: b,
                with,
                without,
            } => {
                if base.replace((b.clone(), without.clone())).is_some() {
                    errors.push(key.span(), "`pieces` is given twice");
                }
                groups.clone_from(with);
            }
            Item::Size { key, value } => match key.to_string().as_str() {
                "board" => {
                    let g = parse_board(value, errors);
                    if board.replace((g, value.span())).is_some() {
                        errors.push(key.span(), "`board` is given twice");
                    }
                }
                "zone" => {
                    if default_zone.replace(value).is_some() {
                        errors.push(key.span(), "`zone` is given twice");
                    }
                }
                other => errors.push(
                    key.span(),
                    format!(
                        "`{other}` does not take a number; {}",
                        one_of(other, SIZE_KEYS)
                    ),
                ),
            },
            Item::Eval { key, weights } => {
                if eval.replace(eval_weights(weights, errors)).is_some() {
                    errors.push(
                        key.span(),
                        "`eval` is given twice; set every weight in one block",
                    );
                }
            }
            Item::Piece(p) => pieces_items.push(p),
            Item::Setup(s) => setups_items.push(s),
            Item::Rule {
                key,
                value,
                options,
            } => {
                let k = key.to_string();
                if k == "captured" {
                    if value != "vanish" || !options.is_empty() {
                        errors.push(
                            value.span(),
                            "`captured` for the whole rule set takes `vanish` (captured pieces leave the game; a piece's own `captured = ...;` still applies)",
                        );
                    } else if captured.replace(value).is_some() {
                        errors.push(key.span(), "`captured` is given twice");
                    }
                } else if k == "pieces" || TEXT_KEYS.contains(&k.as_str()) {
                    errors.push(
                        value.span(),
                        format!("`{k}` takes a string, e.g. `{k} = \"...\";`"),
                    );
                } else if !RULE_KEYS.contains(&k.as_str()) {
                    let mut all: Vec<&str> = RULE_KEYS.to_vec();
                    all.extend([
                        "id", "title", "note", "pieces", "piece", "setup", "captured", "eval",
                    ]);
                    errors.push(
                        key.span(),
                        format!("unknown rule `{k}`; {}", one_of(&k, &all)),
                    );
                } else if rules.iter().any(|(k2, _, _)| *k2 == key) {
                    errors.push(
                        key.span(),
                        format!("rule `{k}` is given twice; give each rule once"),
                    );
                } else {
                    rules.push((key, value, options));
                }
            }
        }
    }
    let id = match id {
        Some(id) => id,
        None => {
            errors.push(
                def.name.span(),
                "missing `id = \"...\";` (the variant id prefix, e.g. \"Shogi-Circe\")",
            );
            LitStr::new("?", def.name.span())
        }
    };
    if setups_items.is_empty() {
        errors.push(
            def.name.span(),
            "missing setups: add at least one `setup N { ... }` block",
        );
    }

    Items {
        id,
        title,
        notes,
        base,
        groups,
        pieces: pieces_items,
        setups: setups_items,
        rules,
        board,
        default_zone,
        start,
        captured,
        eval: eval.unwrap_or(EvalWeights::STANDARD),
    }
}

/// The weights of an `eval { ... }` block over the standard ones: each named once, known,
/// and within its bound ([`EvalWeights::MAX`]).
fn eval_weights(given: &[(Ident, LitInt)], errors: &mut Errors) -> EvalWeights {
    let mut w = EvalWeights::STANDARD;
    for (i, (name, value)) in given.iter().enumerate() {
        let n = name.to_string();
        if given[..i].iter().any(|(other, _)| *other == n) {
            errors.push(name.span(), format!("weight `{n}` is given twice"));
            continue;
        }
        let Some(slot) = w.get_mut(&n) else {
            errors.push(
                name.span(),
                format!(
                    "unknown evaluation weight `{n}`; {}",
                    one_of(&n, EvalWeights::NAMES)
                ),
            );
            continue;
        };
        // Each weight's bound keeps the evaluation's arithmetic within `i32`.
        let max = EvalWeights::MAX.get(&n).unwrap_or(0);
        match value.base10_parse::<i32>() {
            Ok(v) if (0..=max).contains(&v) => *slot = v,
            _ => errors.push(value.span(), format!("`{n}` must be 0 to {max}")),
        }
    }
    w
}
