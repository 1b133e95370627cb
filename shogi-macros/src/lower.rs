//! Stages 2 and 3: validate the syntax tree and lower it to a plain rule model.
//!
//! Every error carries the span of the offending token and says how to fix it; all errors of a
//! definition are reported together.

use crate::parse::{
    Item, MoveArgs, PieceItem, PieceProp, SetupItem, SetupProp, Target, VariantDef,
};
use proc_macro2::Span;
use shogi_core::geometry::{Color, Geometry, Square, SQUARES};
use shogi_core::pieces::{named_movement, NAMED_MOVEMENTS, STANDARD_PIECES};
use shogi_core::table::{
    AfterMove, CaptureEffect, Golds, Hooks, KingLoss, Landing, Lender, MoveShape, MovementSource,
    NifuPolicy, OwnMovement, Paralysis, Place, Reflect, MAX_KINDS,
};
use syn::{Ident, LitInt, LitStr};

/// One kind after lowering.
#[derive(Clone, Debug)]
pub struct PieceModel {
    pub name: String,
    pub sfen: String,
    pub leaps: Vec<(i8, i8)>,
    pub slides: Vec<(i8, i8)>,
    pub move_only: Vec<(i8, i8)>,
    pub capture_only: Vec<(i8, i8)>,
    pub reflect: Reflect,
    pub lion: bool,
    /// Target kind index and zone depth.
    pub promotion: Option<(usize, u8)>,
    pub unpromoted: usize,
    pub dead_ranks: u8,
    pub royal: bool,
    pub immortal: bool,
    pub nifu: bool,
    pub drop_mate_forbidden: bool,
    pub gold_class: bool,
    pub home: Option<String>,
    /// Hand kind for a Black / White capturer; `None` = vanishes.
    pub captured: [Option<usize>; 2],
    pub value: i32,
}

/// One numbered setup after lowering.
#[derive(Clone, Debug)]
pub struct SetupModel {
    pub id: String,
    pub sfen: String,
    pub description: String,
}

/// The lowered rule set: everything the generator needs, as plain data.
pub struct Model {
    pub title: String,
    pub geometry: Geometry,
    pub pieces: Vec<PieceModel>,
    pub hooks: Hooks,
    pub setups: Vec<SetupModel>,
    pub notes: Vec<String>,
}

/// Collects errors so that all of them are reported at once.
#[derive(Default)]
struct Errors(Option<syn::Error>);

impl Errors {
    fn push(&mut self, span: Span, msg: impl std::fmt::Display) {
        let e = syn::Error::new(span, msg);
        match &mut self.0 {
            Some(all) => all.combine(e),
            None => self.0 = Some(e),
        }
    }
    fn finish(self) -> syn::Result<()> {
        match self.0 {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// Levenshtein distance, for "did you mean" hints.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            cur.push(
                (prev[j] + usize::from(ca != *cb))
                    .min(prev[j + 1] + 1)
                    .min(cur[j] + 1),
            );
        }
        prev = cur;
    }
    prev[b.len()]
}

/// "expected one of ...", with a suggestion when a candidate is close.
fn one_of(word: &str, candidates: &[&str]) -> String {
    let best = candidates.iter().min_by_key(|c| distance(word, c));
    let list = candidates
        .iter()
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match best {
        Some(b) if distance(word, b) <= 2.max(word.len() / 3) => {
            format!("did you mean `{b}`? expected one of {list}")
        }
        _ => format!("expected one of {list}"),
    }
}

const RULE_KEYS: &[&str] = &[
    "king_loss",
    "movement",
    "paralysis",
    "landing",
    "capture_effect",
    "after_move",
    "move_shape",
    "nifu",
];
const TEXT_KEYS: &[&str] = &["id", "title", "note", "start"];
const SIZE_KEYS: &[&str] = &["board", "zone"];
const FLAGS: &[&str] = &[
    "immortal",
    "royal",
    "nifu",
    "no_drop_mate",
    "gold_class",
    "mortal",
    "not_royal",
];
const PIECE_KEYS: &[&str] = &[
    "moves",
    "promotes",
    "dead_ranks",
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
    "move_only",
    "capture_only",
    "reflecting",
];
const HOMES: &[&str] = &[
    "king", "rook", "bishop", "gold", "silver", "knight", "lance", "pawn",
];

/// The standard start position, Black's view, as SFEN board text.
const STANDARD_BOARD: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";

fn standard_piece_model(i: usize) -> PieceModel {
    let p = &STANDARD_PIECES[i];
    let cap = |c: shogi_core::table::Captured| match c {
        shogi_core::table::Captured::Hand(k) => Some(k as usize),
        shogi_core::table::Captured::Vanish => None,
    };
    PieceModel {
        name: p.name.to_string(),
        sfen: p.sfen.to_string(),
        leaps: p.movement.leaps.to_vec(),
        slides: p.movement.slides.to_vec(),
        move_only: p.movement.move_only.to_vec(),
        capture_only: p.movement.capture_only.to_vec(),
        reflect: p.movement.reflect,
        lion: p.movement.lion,
        promotion: p.promotion.map(|pr| (pr.to as usize, pr.zone)),
        unpromoted: p.unpromoted as usize,
        dead_ranks: p.dead_ranks,
        royal: p.royal,
        immortal: p.immortal,
        nifu: p.nifu,
        drop_mate_forbidden: p.drop_mate_forbidden,
        gold_class: p.gold_class,
        home: p.home.map(|h| format!("{h:?}").to_lowercase()),
        captured: [cap(p.captured[0]), cap(p.captured[1])],
        value: p.value,
    }
}

/// Value derived from movement when a definition gives none (documented in the README).
fn derived_value(p: &PieceModel) -> i32 {
    let mut v = 100 * p.leaps.len() as i32 + 230 * p.slides.len() as i32;
    v += 60 * (p.move_only.len() + p.capture_only.len()) as i32;
    if p.reflect != Reflect::None {
        v += 200;
    }
    if p.lion {
        v += 800;
    }
    v
}

/// `captured = ...` as written: its span and the kinds named for Black and White.
type CapturedRef = (Span, Option<Ident>, Option<Ident>);

/// A rule item as written: key, value, options.
type RuleRef<'a> = (&'a Ident, &'a Ident, &'a Vec<(Ident, Ident)>);

/// Pieces under construction, with the span that introduced each (for errors).
struct PieceSet {
    pieces: Vec<PieceModel>,
    /// Kinds whose demotion target was written explicitly (or is standard).
    fixed_unpromoted: Vec<bool>,
    /// Pending references by name, resolved once every piece is known.
    promotes: Vec<Option<(Ident, Option<LitInt>)>>,
    captured: Vec<Option<CapturedRef>>,
    unpromoted: Vec<Option<Ident>>,
    value_given: Vec<bool>,
    span: Vec<Span>,
}

impl PieceSet {
    fn index(&self, name: &str) -> Option<usize> {
        self.pieces.iter().position(|p| p.name == name)
    }
    fn names(&self) -> Vec<&str> {
        self.pieces.iter().map(|p| p.name.as_str()).collect()
    }
}

/// Validates and lowers a definition.
pub fn lower(def: &VariantDef) -> syn::Result<Model> {
    let mut errors = Errors::default();
    let mut id: Option<LitStr> = None;
    let mut title: Option<LitStr> = None;
    let mut notes = Vec::new();
    let mut base: Option<(Ident, Vec<Ident>)> = None;
    let mut pieces_items: Vec<&PieceItem> = Vec::new();
    let mut setups_items: Vec<&SetupItem> = Vec::new();
    let mut rules: Vec<RuleRef> = Vec::new();
    let mut board: Option<(Geometry, Span)> = None;
    let mut default_zone: Option<&LitInt> = None;
    let mut start: Option<LitStr> = None;

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
                without,
            } => {
                if base.replace((b.clone(), without.clone())).is_some() {
                    errors.push(key.span(), "`pieces` is given twice");
                }
            }
            Item::Size { key, value } => match key.to_string().as_str() {
                "board" => {
                    let g = parse_board(value, &mut errors);
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
            Item::Piece(p) => pieces_items.push(p),
            Item::Setup(s) => setups_items.push(s),
            Item::Rule {
                key,
                value,
                options,
            } => {
                let k = key.to_string();
                if k == "pieces" || TEXT_KEYS.contains(&k.as_str()) {
                    errors.push(
                        value.span(),
                        format!("`{k}` takes a string, e.g. `{k} = \"...\";`"),
                    );
                } else if !RULE_KEYS.contains(&k.as_str()) {
                    let mut all: Vec<&str> = RULE_KEYS.to_vec();
                    all.extend(["id", "title", "note", "pieces", "piece", "setup"]);
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

    // ---- pieces ----
    let mut set = PieceSet {
        pieces: Vec::new(),
        fixed_unpromoted: Vec::new(),
        promotes: Vec::new(),
        captured: Vec::new(),
        unpromoted: Vec::new(),
        value_given: Vec::new(),
        span: Vec::new(),
    };
    match &base {
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

    let mut declared: Vec<String> = Vec::new();
    for item in &pieces_items {
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
                    check_sfen(s, *span, &mut errors);
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
                check_sfen(s, *span, &mut errors);
                set.pieces.push(PieceModel {
                    name: name.clone(),
                    sfen: s.clone(),
                    leaps: vec![],
                    slides: vec![],
                    move_only: vec![],
                    capture_only: vec![],
                    reflect: Reflect::None,
                    lion: false,
                    promotion: None,
                    unpromoted: set.pieces.len(),
                    dead_ranks: 0,
                    royal: false,
                    immortal: false,
                    nifu: false,
                    drop_mate_forbidden: false,
                    gold_class: false,
                    home: None,
                    captured: [Some(set.pieces.len()), Some(set.pieces.len())],
                    value: 0,
                });
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
            apply_piece_prop(&mut set, i, prop, &mut errors);
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

    // The board and the default promotion zone (3 ranks, or `zone = N;` for every kind
    // that does not give its own).
    let (geometry, board_span) = board.unwrap_or((Geometry::STANDARD, def.name.span()));
    let zone_default = match default_zone {
        Some(z) => {
            let d = zone_depth(z, &geometry, &mut errors);
            for (p, promotes) in set.pieces.iter_mut().zip(&set.promotes) {
                if promotes.is_none() {
                    if let Some((_, zone)) = &mut p.promotion {
                        *zone = d;
                    }
                }
            }
            d
        }
        None => 3,
    };
    if geometry != Geometry::STANDARD && start.is_none() {
        errors.push(
            board_span,
            format!("a {geometry} board needs its start position: `start = \"<SFEN board>\";` (the standard one is 9x9)"),
        );
    }

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
                            Some(z) => zone_depth(z, &geometry, &mut errors),
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
                    Some(k) if set.pieces[k].unpromoted == k && !set.pieces[k].royal => Some(k),
                    Some(_) => {
                        errors.push(
                            w.span(),
                            format!(
                                "`{w}` cannot be held in hand: name an unpromoted, non-royal kind"
                            ),
                        );
                        None
                    }
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
        if set.pieces[i].royal && set.pieces[i].immortal {
            errors.push(set.span[i], format!("`{}` is both royal and immortal: a king that cannot be captured cannot be lost", set.pieces[i].name));
        }
    }
    // Letters are unique.
    for i in 0..set.pieces.len() {
        for j in 0..i {
            if set.pieces[i].sfen == set.pieces[j].sfen {
                errors.push(
                    set.span[i],
                    format!(
                        "SFEN letter '{}' of `{}` is already used by `{}`; choose another letter",
                        set.pieces[i].sfen, set.pieces[i].name, set.pieces[j].name
                    ),
                );
            }
        }
    }
    if !set.pieces.is_empty() && !set.pieces.iter().any(|p| p.royal) {
        errors.push(
            def.name.span(),
            "no royal piece: mark one kind `royal;` (the king)",
        );
    }

    // ---- rules ----
    let mut hooks = Hooks::STANDARD;
    for (key, value, options) in &rules {
        lower_rule(&mut hooks, key, value, options, &mut errors);
    }

    // ---- setups ----
    let mut setups = Vec::new();
    let mut ids: Vec<String> = Vec::new();
    for s in &setups_items {
        if let Some(setup) = lower_setup(&id, s, &set, &geometry, start.as_ref(), &mut errors) {
            if ids.contains(&setup.id) {
                errors.push(
                    s.keyword.span(),
                    format!("setup `{}` is defined twice", setup.id),
                );
            }
            ids.push(setup.id.clone());
            setups.push(setup);
        }
    }

    errors.finish()?;
    let title = match title {
        Some(t) => t.value(),
        None => first_doc_line(def).unwrap_or_else(|| def.name.to_string()),
    };
    Ok(Model {
        title,
        geometry,
        pieces: set.pieces,
        hooks,
        setups,
        notes,
    })
}

/// `board = 5x5;`: the literal's text is files, `x`, ranks (Rust reads `5x5` as the integer
/// 5 with suffix `x5`).
fn parse_board(lit: &LitInt, errors: &mut Errors) -> Geometry {
    let text = lit.to_string();
    let hint = "write the board as files x ranks, e.g. `board = 5x5;` or `board = 7x9;`";
    let parsed = text
        .split_once('x')
        .and_then(|(f, r)| Some((f.parse::<u8>().ok()?, r.parse::<u8>().ok()?)));
    match parsed {
        None => {
            errors.push(lit.span(), format!("`{text}` is not a board size: {hint}"));
            Geometry::STANDARD
        }
        Some((files, ranks)) => match Geometry::new(files, ranks) {
            Ok(g) => g,
            Err(why) => {
                errors.push(
                    lit.span(),
                    format!("board {files}x{ranks} is not supported: {why} (3x3 to 10x10)"),
                );
                Geometry::STANDARD
            }
        },
    }
}

/// A promotion zone depth: 1 to the board's rank count.
fn zone_depth(z: &LitInt, g: &Geometry, errors: &mut Errors) -> u8 {
    match z.base10_parse::<u8>() {
        Ok(d) if (1..=g.ranks).contains(&d) => d,
        _ => {
            errors.push(
                z.span(),
                format!(
                    "promotion zone depth must be 1 to {} ranks (the board has {} ranks)",
                    g.ranks, g.ranks
                ),
            );
            1
        }
    }
}

fn first_doc_line(def: &VariantDef) -> Option<String> {
    def.attrs.iter().find_map(|a| {
        if !a.path().is_ident("doc") {
            return None;
        }
        if let syn::Meta::NameValue(nv) = &a.meta {
            if let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
            {
                return Some(s.value().trim().to_string());
            }
        }
        None
    })
}

fn check_sfen(s: &str, span: Span, errors: &mut Errors) {
    let ok = match s.as_bytes() {
        [c] => c.is_ascii_uppercase(),
        [b'+', c] => c.is_ascii_uppercase(),
        _ => false,
    };
    if !ok {
        errors.push(span, format!("bad SFEN letter \"{s}\": use one uppercase letter, or '+' and one for a promoted kind"));
    }
}

fn apply_piece_prop(set: &mut PieceSet, i: usize, prop: &PieceProp, errors: &mut Errors) {
    let p = &mut set.pieces[i];
    match prop {
        PieceProp::Moves { terms, .. } => {
            p.leaps.clear();
            p.slides.clear();
            p.move_only.clear();
            p.capture_only.clear();
            p.reflect = Reflect::None;
            p.lion = false;
            for term in terms {
                let name = term.name.to_string();
                match (&term.args, name.as_str()) {
                    (None, n) => match named_movement(n) {
                        Some(m) => {
                            extend(&mut p.leaps, m.leaps);
                            extend(&mut p.slides, m.slides);
                            extend(&mut p.move_only, m.move_only);
                            extend(&mut p.capture_only, m.capture_only);
                            p.lion |= m.lion;
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
                            if *dx == 0 && *dy == 0 || dx.abs() > 8 || dy.abs() > 8 {
                                errors.push(*span, "offset must be nonzero and within the board (at most 8 squares)");
                                continue;
                            }
                            let o = (*dx, *dy);
                            match kind {
                                "leaps" | "steps" | "jumps" => extend(&mut p.leaps, &[o]),
                                "slides" => {
                                    if dx.abs() > 1 || dy.abs() > 1 {
                                        errors.push(*span, "a slide direction is a unit vector like (0, 1) or (1, 1)");
                                    } else {
                                        extend(&mut p.slides, &[o]);
                                    }
                                }
                                "move_only" => extend(&mut p.move_only, &[o]),
                                "capture_only" => extend(&mut p.capture_only, &[o]),
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
                    (Some(MoveArgs::Word(w)), "reflecting") => {
                        p.reflect = match w.to_string().as_str() {
                            "all" => Reflect::All,
                            "sides" => Reflect::Sides,
                            "top_bottom" => Reflect::TopBottom,
                            other => {
                                errors.push(
                                    w.span(),
                                    format!(
                                        "unknown edges `{other}`; {}",
                                        one_of(other, &["all", "sides", "top_bottom"])
                                    ),
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
            if p.reflect != Reflect::None && !p.slides.iter().any(|(x, y)| *x != 0 && *y != 0) {
                errors.push(terms[0].name.span(), "`reflecting(...)` needs diagonal slides to reflect (e.g. `bishop + reflecting(all)`)");
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
                } else if HOMES.contains(&v.as_str()) {
                    p.home = Some(v);
                } else {
                    errors.push(
                        value.span(),
                        format!("unknown home `{v}`; {}", one_of(&v, HOMES)),
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
            "gold_class" => p.gold_class = true,
            other => {
                let mut all = FLAGS.to_vec();
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

fn lower_rule(
    hooks: &mut Hooks,
    key: &Ident,
    value: &Ident,
    options: &[(Ident, Ident)],
    errors: &mut Errors,
) {
    let v = value.to_string();
    let mut opts: Vec<(String, &Ident, &Ident)> = Vec::new();
    for (k, val) in options {
        if opts.iter().any(|(_, k2, _)| *k2 == k) {
            errors.push(
                k.span(),
                format!("option `{k}` is given twice; the two values contradict each other"),
            );
        }
        opts.push((k.to_string(), k, val));
    }
    let allowed = |names: &[&str], errors: &mut Errors| {
        for (n, k, _) in &opts {
            if !names.contains(&n.as_str()) {
                errors.push(
                    k.span(),
                    format!(
                        "unknown option `{n}` of `{key} = {v}`; {}",
                        one_of(n, names)
                    ),
                );
            }
        }
    };
    let pick = |name: &str, choices: &[&str], default: &str, errors: &mut Errors| -> String {
        match opts.iter().find(|(n, _, _)| n == name) {
            Some((_, _, val)) => {
                let s = val.to_string();
                if choices.contains(&s.as_str()) {
                    s
                } else {
                    errors.push(
                        val.span(),
                        format!("bad value `{s}` for `{name}`; {}", one_of(&s, choices)),
                    );
                    default.to_string()
                }
            }
            None => default.to_string(),
        }
    };
    let need = |name: &str, errors: &mut Errors| {
        if !opts.iter().any(|(n, _, _)| n == name) {
            errors.push(
                value.span(),
                format!("`{key} = {v}` needs the option `{name} = ...`"),
            );
        }
    };
    let no_options = |errors: &mut Errors| {
        if let Some((_, k, _)) = opts.first() {
            errors.push(k.span(), format!("`{key} = {v}` takes no options"));
        }
    };
    let bad_value = |choices: &[&str], errors: &mut Errors| {
        errors.push(
            value.span(),
            format!("unknown value `{v}` for `{key}`; {}", one_of(&v, choices)),
        );
    };
    let golds = |errors: &mut Errors| match pick(
        "promoted_golds",
        &["separate", "as_gold"],
        "separate",
        errors,
    )
    .as_str()
    {
        "as_gold" => Golds::AsGold,
        _ => Golds::Separate,
    };
    match key.to_string().as_str() {
        "king_loss" => {
            no_options(errors);
            hooks.king_loss = match v.as_str() {
                "checkmate" => KingLoss::Checkmate,
                "king_capture" => KingLoss::Capture,
                _ => {
                    bad_value(&["checkmate", "king_capture"], errors);
                    KingLoss::Checkmate
                }
            }
        }
        "movement" => match v.as_str() {
            "own" => {
                no_options(errors);
                hooks.movement_source = MovementSource::Own;
            }
            "borrow" => {
                allowed(&["lender", "place", "own"], errors);
                need("place", errors);
                let lender = match pick("lender", &["enemy", "friend"], "enemy", errors).as_str() {
                    "friend" => Lender::Friend,
                    _ => Lender::Enemy,
                };
                let places = [
                    "behind",
                    "front",
                    "side",
                    "knight",
                    "around",
                    "attacked",
                    "attackers",
                ];
                let place = match pick("place", &places, "behind", errors).as_str() {
                    "front" => Place::Front,
                    "side" => Place::Side,
                    "knight" => Place::Knight,
                    "around" => Place::Around,
                    "attacked" => Place::Attacked,
                    "attackers" => Place::Attackers,
                    _ => Place::Behind,
                };
                let own = match pick("own", &["when_none", "always"], "when_none", errors).as_str()
                {
                    "always" => OwnMovement::Always,
                    _ => OwnMovement::WhenNone,
                };
                hooks.movement_source = MovementSource::Borrow { lender, place, own };
            }
            _ => bad_value(&["own", "borrow"], errors),
        },
        "paralysis" => match v.as_str() {
            "none" => {
                no_options(errors);
                hooks.paralysis = Paralysis::None;
            }
            "any_enemy" => {
                no_options(errors);
                hooks.paralysis = Paralysis::AnyEnemy;
            }
            "same_kind" => {
                allowed(&["kings", "promoted_golds"], errors);
                let kings =
                    pick("kings", &["included", "excluded"], "excluded", errors) == "included";
                hooks.paralysis = Paralysis::SameKind {
                    kings,
                    golds: golds(errors),
                };
            }
            _ => bad_value(&["none", "any_enemy", "same_kind"], errors),
        },
        "landing" => match v.as_str() {
            "none" => {
                no_options(errors);
                hooks.landing = Landing::None;
            }
            "isardam" => {
                allowed(
                    &["drops", "promoted_golds", "king_capture", "scope"],
                    errors,
                );
                need("king_capture", errors);
                let drops = pick("drops", &["free", "bound"], "free", errors) == "bound";
                let g = golds(errors);
                let binds = pick("king_capture", &["bound", "exempt"], "bound", errors) == "bound";
                let total =
                    pick("scope", &["mover", "every_piece"], "mover", errors) == "every_piece";
                if total && opts.iter().any(|(n, _, _)| n == "drops") && !drops {
                    errors.push(
                        value.span(),
                        "`scope = every_piece` binds drops too; `drops = free` contradicts it",
                    );
                }
                hooks.landing = Landing::Isardam {
                    drops: drops || total,
                    golds: g,
                    binds_king_capture: binds,
                    total,
                };
            }
            _ => bad_value(&["none", "isardam"], errors),
        },
        "capture_effect" => {
            no_options(errors);
            hooks.capture_effect = match v.as_str() {
                "none" => CaptureEffect::None,
                "rifle" => CaptureEffect::Rifle,
                "circe" => CaptureEffect::Circe,
                "anti_circe" => CaptureEffect::AntiCirce,
                "pwc" => CaptureEffect::Pwc,
                "andernach" => CaptureEffect::Andernach,
                _ => {
                    bad_value(
                        &["none", "rifle", "circe", "anti_circe", "pwc", "andernach"],
                        errors,
                    );
                    CaptureEffect::None
                }
            }
        }
        "after_move" => {
            let policy =
                |errors: &mut Errors| match pick("nifu", &["a", "b", "c"], "a", errors).as_str() {
                    "b" => NifuPolicy::B,
                    "c" => NifuPolicy::C,
                    _ => NifuPolicy::A,
                };
            match v.as_str() {
                "none" => {
                    no_options(errors);
                    hooks.after_move = AfterMove::None;
                }
                "othello" => {
                    allowed(&["nifu"], errors);
                    need("nifu", errors);
                    hooks.after_move = AfterMove::Othello(policy(errors));
                }
                "reversi" => {
                    allowed(&["nifu"], errors);
                    need("nifu", errors);
                    hooks.after_move = AfterMove::Reversi(policy(errors));
                }
                _ => bad_value(&["none", "othello", "reversi"], errors),
            }
        }
        "move_shape" => {
            no_options(errors);
            hooks.move_shape = match v.as_str() {
                "normal" => MoveShape::Normal,
                "chained" => MoveShape::Chained,
                _ => {
                    bad_value(&["normal", "chained"], errors);
                    MoveShape::Normal
                }
            }
        }
        "nifu" => {
            no_options(errors);
            hooks.nifu_on_moves = match v.as_str() {
                "drops" => false,
                "drops_and_moves" => true,
                _ => {
                    bad_value(&["drops", "drops_and_moves"], errors);
                    false
                }
            }
        }
        _ => unreachable!("rule keys are checked before lowering"),
    }
}

/// A setup's board under construction: `(white, token)` per storage square.
type Grid = Vec<Option<(bool, String)>>;

/// Reads an SFEN board text into a grid (errors at `span`).
fn grid_from_sfen(g: &Geometry, text: &str, span: Span, errors: &mut Errors) -> Grid {
    let mut grid: Grid = vec![None; SQUARES];
    let read = shogi_core::sfen::read_board(g, text, |sq, token| {
        grid[sq.index()] = Some((
            token.chars().any(|c| c.is_ascii_lowercase()),
            token.to_ascii_uppercase(),
        ));
        Ok(())
    });
    if let Err(e) = read {
        errors.push(span, format!("bad start board \"{text}\": {e}"));
    }
    grid
}

/// The base board of setups: the variant's `start`, or the standard position on 9x9.
fn base_grid(g: &Geometry, start: Option<&LitStr>, errors: &mut Errors) -> Grid {
    match start {
        Some(s) => grid_from_sfen(g, &s.value(), s.span(), errors),
        None if *g == Geometry::STANDARD => {
            grid_from_sfen(g, STANDARD_BOARD, Span::call_site(), errors)
        }
        None => vec![None; SQUARES],
    }
}

fn parse_square(g: &Geometry, s: &LitStr, errors: &mut Errors) -> Option<Square> {
    let v = s.value();
    let sq = g.parse_square(&v);
    if sq.is_none() {
        errors.push(
            s.span(),
            format!(
                "\"{v}\" is not a square of this {g} board: use file 1-{} and rank a-{}, e.g. \"{}\"",
                g.files,
                g.last_rank_letter(),
                Square::from_file_rank(g.files / 2, g.ranks - 1)
            ),
        );
    }
    sq
}

fn lower_setup(
    id: &LitStr,
    s: &SetupItem,
    set: &PieceSet,
    g: &Geometry,
    start: Option<&LitStr>,
    errors: &mut Errors,
) -> Option<SetupModel> {
    let setup_id = match &s.number {
        Some(n) => format!("{}:{}", id.value(), n.base10_digits()),
        None => id.value(),
    };
    let mut grid = base_grid(g, start, errors);
    let mut white_first = false;
    let mut description: Vec<String> = Vec::new();
    let side_of = |side: &Ident, errors: &mut Errors| -> Option<bool> {
        match side.to_string().as_str() {
            "black" => Some(false),
            "white" => Some(true),
            other => {
                errors.push(
                    side.span(),
                    format!(
                        "unknown side `{other}`; {}",
                        one_of(other, &["black", "white", "first", "base"])
                    ),
                );
                None
            }
        }
    };
    let kind = |name: &Ident, errors: &mut Errors| -> Option<usize> {
        let n = name.to_string();
        let k = set.index(&n);
        if k.is_none() {
            errors.push(
                name.span(),
                format!("unknown piece `{n}`; {}", one_of(&n, &set.names())),
            );
        }
        k
    };
    for prop in &s.props {
        match prop {
            SetupProp::Set { key, value } => match key.to_string().as_str() {
                "first" => match value.to_string().as_str() {
                    "black" => white_first = false,
                    "white" => {
                        white_first = true;
                        description.push("White first".into());
                    }
                    other => errors.push(
                        value.span(),
                        format!("`first` is `black` or `white`, not `{other}`"),
                    ),
                },
                "base" => match value.to_string().as_str() {
                    "standard" => grid = base_grid(g, start, errors),
                    "empty" => {
                        grid = vec![None; SQUARES];
                        description.push("empty base".into());
                    }
                    other => errors.push(
                        value.span(),
                        format!("`base` is `standard` or `empty`, not `{other}`"),
                    ),
                },
                other => errors.push(
                    key.span(),
                    format!(
                        "unknown setup item `{other}`; {}",
                        one_of(other, &["first", "base", "black", "white"])
                    ),
                ),
            },
            SetupProp::Base { key, board } => {
                if key == "base" {
                    grid = grid_from_sfen(g, &board.value(), board.span(), errors);
                    description.push("own start board".into());
                } else {
                    errors.push(
                        key.span(),
                        format!("only `base` takes a board text, not `{key}`"),
                    );
                }
            }
            SetupProp::Remove { side, targets } => {
                let Some(white) = side_of(side, errors) else {
                    continue;
                };
                let mut removed = Vec::new();
                for t in targets {
                    match t {
                        Target::Kind(name) => {
                            let Some(k) = kind(name, errors) else {
                                continue;
                            };
                            if set.pieces[k].royal {
                                errors.push(name.span(), "a handicap cannot remove the king");
                                continue;
                            }
                            let token = &set.pieces[k].sfen;
                            let mut any = false;
                            for cell in grid.iter_mut() {
                                if matches!(cell, Some((w, tk)) if *w == white && tk == token) {
                                    *cell = None;
                                    any = true;
                                }
                            }
                            if !any {
                                errors.push(
                                    name.span(),
                                    format!(
                                        "invalid handicap: {side} has no `{name}` left to remove"
                                    ),
                                );
                            }
                            removed.push(name.to_string());
                        }
                        Target::Square(sq) => {
                            let Some(at) = parse_square(g, sq, errors) else {
                                continue;
                            };
                            match &grid[at.index()] {
                                Some((w, tk)) if *w == white => {
                                    if set.pieces.iter().any(|p| p.royal && p.sfen == *tk) {
                                        errors.push(sq.span(), "a handicap cannot remove the king");
                                    }
                                    grid[at.index()] = None;
                                    removed.push(sq.value());
                                }
                                _ => errors.push(
                                    sq.span(),
                                    format!(
                                        "invalid handicap: no {side} piece on {} to remove",
                                        sq.value()
                                    ),
                                ),
                            }
                        }
                    }
                }
                description.push(format!("{side} removes {}", removed.join(", ")));
            }
            SetupProp::Place { side, places } => {
                let Some(white) = side_of(side, errors) else {
                    continue;
                };
                let mut placed = Vec::new();
                for (sq, name) in places {
                    let Some(at) = parse_square(g, sq, errors) else {
                        continue;
                    };
                    let Some(k) = kind(name, errors) else {
                        continue;
                    };
                    grid[at.index()] = Some((white, set.pieces[k].sfen.clone()));
                    placed.push(format!("{} on {}", name, sq.value()));
                }
                description.push(format!("{side} places {}", placed.join(", ")));
            }
            SetupProp::Replace { side, from, to } => {
                let Some(white) = side_of(side, errors) else {
                    continue;
                };
                let (Some(a), Some(b)) = (kind(from, errors), kind(to, errors)) else {
                    continue;
                };
                let (ta, tb) = (set.pieces[a].sfen.clone(), set.pieces[b].sfen.clone());
                let mut any = false;
                for (w, tk) in grid.iter_mut().flatten() {
                    if *w == white && *tk == ta {
                        tb.clone_into(tk);
                        any = true;
                    }
                }
                if !any {
                    errors.push(from.span(), format!("{side} has no `{from}` to replace"));
                }
                description.push(format!("{side}'s {from} become {to}"));
            }
        }
    }
    // Every token must name a kind; each side needs exactly one king; nothing on a dead square.
    let mut kings = [0, 0];
    let mut ok = true;
    for sq in g.squares() {
        {
            let Some((white, token)) = &grid[sq.index()] else {
                continue;
            };
            match set.pieces.iter().position(|p| p.sfen == *token) {
                None => {
                    ok = false;
                    errors.push(
                        s.keyword.span(),
                        format!("setup `{setup_id}` has a piece '{token}' on {sq} but no kind has that letter"),
                    );
                }
                Some(k) => {
                    if set.pieces[k].royal {
                        kings[usize::from(*white)] += 1;
                    }
                    let owner = if *white { Color::White } else { Color::Black };
                    if g.rank_from_far(sq, owner) < set.pieces[k].dead_ranks {
                        ok = false;
                        errors.push(
                            s.keyword.span(),
                            format!(
                                "setup `{setup_id}` puts `{}` where it could never move",
                                set.pieces[k].name
                            ),
                        );
                    }
                }
            }
        }
    }
    for (c, n) in kings.iter().enumerate() {
        let side = if c == 0 { "black" } else { "white" };
        if *n != 1 {
            ok = false;
            errors.push(s.keyword.span(), format!("setup `{setup_id}`: {side} has {n} kings; a setup needs exactly one king per side"));
        }
    }
    if !ok {
        return None;
    }
    let mut sfen = shogi_core::sfen::write_board(g, |sq| {
        grid[sq.index()].as_ref().map(|(white, token)| match white {
            true => token.to_ascii_lowercase(),
            false => token.clone(),
        })
    });
    sfen.push_str(if white_first { " w - 1" } else { " b - 1" });
    if description.is_empty() {
        description.push("even game, Black first".into());
    } else if !white_first {
        description.push("Black first".into());
    }
    Some(SetupModel {
        id: setup_id,
        sfen,
        description: description.join("; "),
    })
}
