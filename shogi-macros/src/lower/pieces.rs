//! Pieces: the standard set and `piece` blocks are declared first, then references between
//! kinds (promotion, demotion, what a capture gives) are resolved once every kind is known.

use super::board::zone_depth;
use crate::check;
use crate::diagnostics::{one_of, Errors};
use crate::model::PieceModel;
use crate::parse::{MoveArgs, PieceItem, PieceProp, VariantDef};
use proc_macro2::Span;
use shogi_rules::geometry::Geometry;
use shogi_rules::keywords::{Keyword, PIECE_FLAGS};
use shogi_rules::pieces::{
    named_movement, piece_group, NAMED_MOVEMENTS, PIECE_GROUPS, STANDARD_PIECES,
};
use shogi_rules::table::{Home, Reflect, MAX_KINDS};
use syn::{Ident, LitInt};

/// Flags a piece block may give: the rule table's own (`royal`, `nifu`, ...) and the two
/// that switch a standard one off.
fn flag_names() -> Vec<&'static str> {
    let mut all: Vec<&str> = PIECE_FLAGS.iter().map(|(n, _)| *n).collect();
    all.extend(["mortal", "not_royal", "drop_mate_allowed", "no_nifu"]);
    all
}
const PIECE_KEYS: &[&str] = &[
    "moves",
    "promotes",
    "dead_ranks",
    "nifu",
    "value",
    "home",
    "captured",
    "unpromoted",
];
const PRIMITIVES: &[&str] = &[
    "leaps",
    "steps",
    "jumps",
    "slides",
    "slides_up_to",
    "move_only",
    "capture_only",
    "reflecting",
    "lion_lines",
];
fn standard_piece_model(i: usize) -> PieceModel {
    let p = &STANDARD_PIECES[i];
    let cap = |c: shogi_rules::table::Captured| match c {
        shogi_rules::table::Captured::Hand(k) => Some(k as usize),
        shogi_rules::table::Captured::Vanish => None,
    };
    PieceModel {
        name: p.name.to_string(),
        sfen: p.sfen.to_string(),
        leaps: p.movement.leaps.to_vec(),
        slides: p.movement.slides.to_vec(),
        ranged: p.movement.ranged.to_vec(),
        move_only: p.movement.move_only.to_vec(),
        capture_only: p.movement.capture_only.to_vec(),
        reflect: p.movement.reflect,
        lion: p.movement.lion,
        lion_lines: p.movement.lion_lines.to_vec(),
        promotion: p.promotion.map(|pr| (pr.to as usize, pr.zone)),
        unpromoted: p.unpromoted as usize,
        dead_ranks: p.dead_ranks,
        royal: p.royal,
        immortal: p.immortal,
        nifu: p.nifu,
        nifu_limit: p.nifu_limit,
        drop_mate_forbidden: p.drop_mate_forbidden,
        gold_class: p.gold_class,
        home: p.home,
        captured: [cap(p.captured[0]), cap(p.captured[1])],
        value: p.value,
    }
}

/// Value derived from movement when a definition gives none (documented in the README).
fn derived_value(p: &PieceModel) -> i32 {
    let mut v = 100 * p.leaps.len() as i32 + 230 * p.slides.len() as i32;
    v += p
        .ranged
        .iter()
        .map(|&(_, n)| 60 * n.min(4) as i32)
        .sum::<i32>();
    v += 60 * (p.move_only.len() + p.capture_only.len()) as i32;
    if p.reflect != Reflect::None {
        v += 200;
    }
    if p.lion {
        v += 800;
    }
    v += 250 * p.lion_lines.len() as i32;
    v
}

/// `captured = ...` as written: its span and the kinds named for Black and White.
type CapturedRef = (Span, Option<Ident>, Option<Ident>);

/// Pieces under construction, with the span that introduced each (for errors).
pub struct PieceSet {
    pub pieces: Vec<PieceModel>,
    /// Kinds whose demotion target was written explicitly (or is standard).
    fixed_unpromoted: Vec<bool>,
    /// Pending references by name, resolved once every piece is known.
    pub promotes: Vec<Option<(Ident, Option<LitInt>)>>,
    pub captured: Vec<Option<CapturedRef>>,
    unpromoted: Vec<Option<Ident>>,
    value_given: Vec<bool>,
    span: Vec<Span>,
}

impl PieceSet {
    pub fn index(&self, name: &str) -> Option<usize> {
        self.pieces.iter().position(|p| p.name == name)
    }
    pub fn names(&self) -> Vec<&str> {
        self.pieces.iter().map(|p| p.name.as_str()).collect()
    }
}

/// The standard set (less `without`) and every `piece` block, each property applied.
pub fn declare(
    def: &VariantDef,
    base: &Option<(Ident, Vec<Ident>)>,
    groups: &[Ident],
    pieces_items: &[&PieceItem],
    errors: &mut Errors,
) -> PieceSet {
    let mut set = PieceSet {
        pieces: Vec::new(),
        fixed_unpromoted: Vec::new(),
        promotes: Vec::new(),
        captured: Vec::new(),
        unpromoted: Vec::new(),
        value_given: Vec::new(),
        span: Vec::new(),
    };
    match base {
        None => errors.push(
            def.name.span(),
            "missing `pieces = standard;` (or `pieces = none;`)",
        ),
        Some((b, without)) => match b.to_string().as_str() {
            "standard" => {
                for i in 0..STANDARD_PIECES.len() {
                    set.pieces.push(standard_piece_model(i));
                    set.fixed_unpromoted.push(true);
                    set.promotes.push(None);
                    set.captured.push(None);
                    set.unpromoted.push(None);
                    set.value_given.push(true);
                    set.span.push(b.span());
                }
                for w in without {
                    match set.index(&w.to_string()) {
                        Some(i) if set.pieces[i].royal => errors.push(
                            w.span(),
                            "the king cannot be left out: every setup needs one king per side",
                        ),
                        Some(_) => {}
                        None => errors.push(
                            w.span(),
                            format!(
                                "unknown standard piece `{w}`; {}",
                                one_of(&w.to_string(), &set.names())
                            ),
                        ),
                    }
                }
                // Remove the left-out kinds, remapping indices of the ones that stay.
                let keep: Vec<bool> = set
                    .pieces
                    .iter()
                    .map(|p| !without.iter().any(|w| *w == p.name))
                    .collect();
                let mut remap = vec![usize::MAX; keep.len()];
                let mut n = 0;
                for (i, k) in keep.iter().enumerate() {
                    if *k {
                        remap[i] = n;
                        n += 1;
                    }
                }
                let old = std::mem::take(&mut set.pieces);
                for (i, mut p) in old.into_iter().enumerate() {
                    if !keep[i] {
                        continue;
                    }
                    p.promotion = p
                        .promotion
                        .and_then(|(t, z)| (remap[t] != usize::MAX).then(|| (remap[t], z)));
                    p.unpromoted = if remap[p.unpromoted] != usize::MAX {
                        remap[p.unpromoted]
                    } else {
                        remap[i]
                    };
                    for c in &mut p.captured {
                        *c = c.and_then(|k| (remap[k] != usize::MAX).then(|| remap[k]));
                    }
                    set.pieces.push(p);
                }
                let n = set.pieces.len();
                set.fixed_unpromoted.truncate(n);
                set.promotes.truncate(n);
                set.captured.truncate(n);
                set.unpromoted.truncate(n);
                set.value_given.truncate(n);
                set.span.truncate(n);
            }
            "none" => {
                if let Some(w) = without.first() {
                    errors.push(w.span(), "`without` only applies to `pieces = standard`");
                }
            }
            other => errors.push(
                b.span(),
                format!("unknown piece set `{other}`; expected `standard` or `none`"),
            ),
        },
    }

    for g in groups {
        add_group(&mut set, g, errors);
    }

    let mut declared: Vec<String> = Vec::new();
    for item in pieces_items {
        let name = item.name.to_string();
        if declared.contains(&name) {
            errors.push(
                item.name.span(),
                format!("piece `{name}` is defined twice; merge the two blocks"),
            );
            continue;
        }
        declared.push(name.clone());
        let existing = set.index(&name);
        let i = match existing {
            Some(i) => {
                if let Some((s, span)) = &item.sfen {
                    set.pieces[i].sfen.clone_from(s);
                    check_sfen(s, *span, errors);
                }
                i
            }
            None => {
                let Some((s, span)) = &item.sfen else {
                    errors.push(
                        item.name.span(),
                        format!("unknown piece `{name}`: a new piece needs its SFEN letter, e.g. `piece {name} 'X' {{ ... }}`"),
                    );
                    continue;
                };
                check_sfen(s, *span, errors);
                set.pieces.push(PieceModel::new(&name, s, set.pieces.len()));
                set.fixed_unpromoted.push(false);
                set.promotes.push(None);
                set.captured.push(None);
                set.unpromoted.push(None);
                set.value_given.push(false);
                set.span.push(item.name.span());
                if !item
                    .props
                    .iter()
                    .any(|p| matches!(p, PieceProp::Moves { .. }))
                {
                    errors.push(
                        item.name.span(),
                        format!("piece `{name}` needs `moves = ...;`"),
                    );
                }
                set.pieces.len() - 1
            }
        };
        let mut seen: Vec<String> = Vec::new();
        for prop in &item.props {
            let (key, span) = match prop {
                PieceProp::Moves { key, .. }
                | PieceProp::Promotes { key, .. }
                | PieceProp::Int { key, .. }
                | PieceProp::Name { key, .. }
                | PieceProp::Captured { key, .. } => (key.to_string(), key.span()),
                PieceProp::Flag(f) => (f.to_string(), f.span()),
            };
            if seen.contains(&key) {
                errors.push(span, format!("`{key}` is given twice for piece `{name}`"));
            }
            seen.push(key.clone());
            apply_piece_prop(&mut set, i, prop, errors);
        }
    }
    if set.pieces.len() > MAX_KINDS {
        errors.push(
            def.name.span(),
            format!(
                "{} kinds; at most {MAX_KINDS} are supported",
                set.pieces.len()
            ),
        );
    }
    set
}

/// Adds the kinds of piece group `g` as if their `piece` blocks were written here.
fn add_group(set: &mut PieceSet, g: &Ident, errors: &mut Errors) {
    let Some(kinds) = piece_group(&g.to_string()) else {
        let names: Vec<&str> = PIECE_GROUPS.iter().map(|(n, _)| *n).collect();
        errors.push(
            g.span(),
            format!(
                "unknown piece group `{g}`; {}",
                one_of(&g.to_string(), &names)
            ),
        );
        return;
    };
    for k in kinds {
        if set.index(k.name).is_some() {
            errors.push(
                g.span(),
                format!("group `{g}` adds `{}`, which is already defined", k.name),
            );
            continue;
        }
        let i = set.pieces.len();
        let Some(m) = named_movement(k.moves) else {
            errors.push(g.span(), format!("group `{g}`: no movement `{}`", k.moves));
            continue;
        };
        let mut p = PieceModel::new(k.name, k.sfen, i);
        p.leaps = m.leaps.to_vec();
        p.slides = m.slides.to_vec();
        p.move_only = m.move_only.to_vec();
        p.capture_only = m.capture_only.to_vec();
        p.reflect = m.reflect;
        p.lion = m.lion;
        p.lion_lines = m.lion_lines.to_vec();
        p.value = k.value;
        set.pieces.push(p);
        set.fixed_unpromoted.push(false);
        set.promotes
            .push(k.promotes.map(|to| (Ident::new(to, g.span()), None)));
        set.captured.push(None);
        set.unpromoted.push(None);
        set.value_given.push(true);
        set.span.push(g.span());
    }
}

/// Resolves promotion targets, demotions and captures by name, derives missing values, and
/// checks the invariants of the whole set.
pub fn resolve(
    def: &VariantDef,
    set: &mut PieceSet,
    geometry: &Geometry,
    zone_default: u8,
    errors: &mut Errors,
) {
    // Resolve references between pieces.
    for i in 0..set.pieces.len() {
        if let Some((target, zone)) = set.promotes[i].clone() {
            if target == "never" {
                set.pieces[i].promotion = None;
            } else {
                match set.index(&target.to_string()) {
                    None => errors.push(
                        target.span(),
                        format!(
                            "promotion to unknown piece `{target}`; {}",
                            one_of(&target.to_string(), &set.names())
                        ),
                    ),
                    Some(t) if t == i => errors.push(
                        target.span(),
                        "a piece cannot promote to itself; use `promotes = never;`",
                    ),
                    Some(t) => {
                        let z = match &zone {
                            Some(z) => zone_depth(z, geometry, errors),
                            None => zone_default,
                        };
                        set.pieces[i].promotion = Some((t, z));
                    }
                }
            }
        }
        if let Some(u) = set.unpromoted[i].clone() {
            match set.index(&u.to_string()) {
                Some(k) => {
                    set.pieces[i].unpromoted = k;
                    set.fixed_unpromoted[i] = true;
                }
                None => errors.push(
                    u.span(),
                    format!(
                        "unknown piece `{u}`; {}",
                        one_of(&u.to_string(), &set.names())
                    ),
                ),
            }
        }
    }
    // A new promoted kind demotes to the one kind promoting to it.
    for t in 0..set.pieces.len() {
        if set.fixed_unpromoted[t] {
            continue;
        }
        let sources: Vec<usize> = (0..set.pieces.len())
            .filter(|&s| set.pieces[s].promotion.map(|p| p.0) == Some(t))
            .collect();
        match sources.as_slice() {
            [] => {}
            [s] => set.pieces[t].unpromoted = set.pieces[*s].unpromoted,
            _ => errors.push(
                set.span[t],
                format!("several kinds promote to `{}`; say which it demotes to with `unpromoted = kind;`", set.pieces[t].name),
            ),
        }
    }
    for i in 0..set.pieces.len() {
        if let Some((t, _)) = set.pieces[i].promotion {
            if set.pieces[t].promotion.is_some() && set.promotes[i].is_some() {
                errors.push(
                    set.promotes[i].as_ref().map_or(set.span[i], |p| p.0.span()),
                    format!("`{}` promotes further; a promoted kind must be final (`promotes = never;` on it)", set.pieces[t].name),
                );
            }
        }
        // Captured: by default the unpromoted form goes to hand; a royal piece vanishes.
        let u = set.pieces[i].unpromoted;
        set.pieces[i].captured = if set.pieces[i].royal {
            [None, None]
        } else {
            [Some(u), Some(u)]
        };
        if let Some((span, black, white)) = set.captured[i].clone() {
            let mut resolve = |w: &Option<Ident>| -> Option<usize> {
                let w = w.as_ref()?;
                if w == "vanish" {
                    return None;
                }
                match set.index(&w.to_string()) {
                    Some(k) => match check::hand_kind(&set.pieces, k, &w.to_string()) {
                        Ok(()) => Some(k),
                        Err(e) => {
                            errors.push(w.span(), e);
                            None
                        }
                    },
                    None => {
                        errors.push(
                            w.span(),
                            format!(
                                "unknown piece `{w}`; {}",
                                one_of(&w.to_string(), &set.names())
                            ),
                        );
                        None
                    }
                }
            };
            let _ = span;
            set.pieces[i].captured = [resolve(&black), resolve(&white)];
        }
        if !set.value_given[i] {
            set.pieces[i].value = derived_value(&set.pieces[i]);
        }
        if let Err(e) = check::royal_and_immortal(&set.pieces[i]) {
            errors.push(set.span[i], e);
        }
    }
    for (i, e) in check::duplicate_letters(&set.pieces) {
        errors.push(set.span[i], e);
    }
    if let Err(e) = check::has_royal(&set.pieces) {
        errors.push(def.name.span(), e);
    }
}

fn check_sfen(s: &str, span: Span, errors: &mut Errors) {
    if let Err(e) = check::sfen_letter(s) {
        errors.push(span, e);
    }
}

fn apply_piece_prop(set: &mut PieceSet, i: usize, prop: &PieceProp, errors: &mut Errors) {
    let p = &mut set.pieces[i];
    match prop {
        PieceProp::Moves { terms, .. } => {
            p.leaps.clear();
            p.slides.clear();
            p.ranged.clear();
            p.move_only.clear();
            p.capture_only.clear();
            p.reflect = Reflect::None;
            p.lion = false;
            p.lion_lines.clear();
            for term in terms {
                let name = term.name.to_string();
                match (&term.args, name.as_str()) {
                    (None, n) => match named_movement(n) {
                        Some(m) => {
                            extend(&mut p.leaps, m.leaps);
                            extend(&mut p.slides, m.slides);
                            for r in m.ranged {
                                if !p.ranged.contains(r) {
                                    p.ranged.push(*r);
                                }
                            }
                            extend(&mut p.move_only, m.move_only);
                            extend(&mut p.capture_only, m.capture_only);
                            p.lion |= m.lion;
                            extend(&mut p.lion_lines, m.lion_lines);
                        }
                        None => {
                            let mut all: Vec<&str> =
                                NAMED_MOVEMENTS.iter().map(|(n, _)| *n).collect();
                            all.extend(PRIMITIVES);
                            errors.push(
                                term.name.span(),
                                format!("unknown movement `{n}`; {}", one_of(n, &all)),
                            );
                        }
                    },
                    (Some(MoveArgs::Offsets(offs)), kind) => {
                        for ((dx, dy), span) in offs {
                            if let Err(e) = check::offset(*dx, *dy, kind == "slides") {
                                errors.push(*span, e);
                                continue;
                            }
                            let o = (*dx, *dy);
                            match kind {
                                "leaps" | "steps" | "jumps" => extend(&mut p.leaps, &[o]),
                                "slides" => extend(&mut p.slides, &[o]),
                                "slides_up_to" => errors.push(
                                    term.name.span(),
                                    "slides_up_to takes its range first: `slides_up_to(2, (1, -1))`",
                                ),
                                "move_only" => extend(&mut p.move_only, &[o]),
                                "capture_only" => extend(&mut p.capture_only, &[o]),
                                "lion_lines" if dx.abs() > 1 || dy.abs() > 1 => errors.push(
                                    *span,
                                    "lion_lines takes unit directions (king steps), e.g. `lion_lines((0, 1))`",
                                ),
                                "lion_lines" => extend(&mut p.lion_lines, &[o]),
                                other => errors.push(
                                    term.name.span(),
                                    format!(
                                        "unknown movement primitive `{other}`; {}",
                                        one_of(other, PRIMITIVES)
                                    ),
                                ),
                            }
                        }
                    }
                    (Some(MoveArgs::Ranged(n, offs)), "slides_up_to") => {
                        let n = match n.base10_parse::<u8>() {
                            Ok(n) if (1..=11).contains(&n) => n,
                            _ => {
                                errors.push(n.span(), "slides_up_to takes a range of 1 to 11 squares first, e.g. `slides_up_to(2, (1, -1))`");
                                continue;
                            }
                        };
                        for ((dx, dy), span) in offs {
                            if let Err(e) = check::offset(*dx, *dy, true) {
                                errors.push(*span, e);
                            } else if !p.ranged.contains(&((*dx, *dy), n)) {
                                p.ranged.push(((*dx, *dy), n));
                            }
                        }
                    }
                    (Some(MoveArgs::Ranged(n, _)), other) => errors.push(
                        n.span(),
                        format!("`{other}` takes offsets only; a range comes first in `slides_up_to(2, (1, -1))`"),
                    ),
                    (Some(MoveArgs::Word(w)), "reflecting") => {
                        // `none` is the absence of the term, not an argument of it.
                        let edges: Vec<&str> = Reflect::NAMES
                            .iter()
                            .filter(|(_, r)| *r != Reflect::None)
                            .map(|(n, _)| *n)
                            .collect();
                        let word = w.to_string();
                        p.reflect = match Reflect::from_keyword(&word) {
                            Some(r) if r != Reflect::None => r,
                            _ => {
                                errors.push(
                                    w.span(),
                                    format!("unknown edges `{word}`; {}", one_of(&word, &edges)),
                                );
                                Reflect::None
                            }
                        };
                    }
                    (Some(MoveArgs::Word(w)), other) => {
                        errors.push(
                            w.span(),
                            format!("`{other}(...)` takes offsets like `(1, 2)`"),
                        );
                    }
                }
            }
            if let Err(e) = check::reflection(p) {
                errors.push(terms[0].name.span(), e);
            }
        }
        PieceProp::Promotes { target, zone, .. } => {
            set.promotes[i] = Some((target.clone(), zone.clone()))
        }
        PieceProp::Int { key, value } => match key.to_string().as_str() {
            "dead_ranks" => match value.base10_parse::<u8>() {
                Ok(d) if d <= 8 => p.dead_ranks = d,
                _ => errors.push(value.span(), "dead_ranks must be 0 to 8"),
            },
            // `nifu = 2;`: nifu, barring a drop on a file with two of the kind already.
            "nifu" => match value.base10_parse::<u8>() {
                Ok(n) if (1..=9).contains(&n) => {
                    p.nifu = true;
                    p.nifu_limit = n;
                }
                _ => errors.push(
                    value.span(),
                    "nifu takes the number of pieces a file may hold, 1 to 9 (`nifu;` is 1)",
                ),
            },
            "value" => match value.base10_parse::<i32>() {
                Ok(v) if (0..=100_000).contains(&v) => {
                    p.value = v;
                    set.value_given[i] = true;
                }
                _ => errors.push(value.span(), "value must be 0 to 100000 (centipawns)"),
            },
            other => errors.push(
                key.span(),
                format!(
                    "unknown piece property `{other}`; {}",
                    one_of(other, PIECE_KEYS)
                ),
            ),
        },
        PieceProp::Name { key, value } => match key.to_string().as_str() {
            "home" => {
                let v = value.to_string();
                if v == "none" {
                    p.home = None;
                } else if let Some(h) = Home::from_keyword(&v) {
                    p.home = Some(h);
                } else {
                    errors.push(
                        value.span(),
                        format!("unknown home `{v}`; {}", one_of(&v, &Home::keywords())),
                    );
                }
            }
            "captured" => {
                set.captured[i] = Some((key.span(), Some(value.clone()), Some(value.clone())))
            }
            "unpromoted" => set.unpromoted[i] = Some(value.clone()),
            "promotes" => unreachable!("parsed as Promotes"),
            other => errors.push(
                key.span(),
                format!(
                    "unknown piece property `{other}`; {}",
                    one_of(other, PIECE_KEYS)
                ),
            ),
        },
        PieceProp::Captured { key, black, white } => {
            set.captured[i] = Some((key.span(), Some(black.clone()), Some(white.clone())))
        }
        PieceProp::Flag(f) => match f.to_string().as_str() {
            "immortal" => p.immortal = true,
            "mortal" => p.immortal = false,
            "royal" => {
                p.royal = true;
                p.captured = [None, None];
            }
            "not_royal" => p.royal = false,
            "nifu" => p.nifu = true,
            "no_drop_mate" => p.drop_mate_forbidden = true,
            "drop_mate_allowed" => p.drop_mate_forbidden = false,
            "no_nifu" => p.nifu = false,
            "gold_class" => p.gold_class = true,
            other => {
                let mut all = flag_names();
                all.extend(PIECE_KEYS);
                errors.push(
                    f.span(),
                    format!("unknown piece flag `{other}`; {}", one_of(other, &all)),
                )
            }
        },
    }
}

fn extend(v: &mut Vec<(i8, i8)>, add: &[(i8, i8)]) {
    for o in add {
        if !v.contains(o) {
            v.push(*o);
        }
    }
}
