//! Setups: each `setup N { ... }` block edits the base board (the variant's `start`, or the
//! standard position on 9x9) into one start position and one variant id.

use super::pieces::PieceSet;
use crate::check;
use crate::diagnostics::{one_of, Errors};
use crate::model::SetupModel;
use crate::parse::{SetupItem, SetupProp, Target};
use proc_macro2::Span;
use shogi_rules::board_text::{read_board, write_board, BoardError};
use shogi_rules::geometry::{Geometry, Square, SQUARES};
use syn::{Ident, LitStr};

/// The standard start position, Black's view, as SFEN board text.
const STANDARD_BOARD: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";

/// The items of setup `items[i]`: those of the setup it is `like` (an earlier one, itself
/// expanded), then its own.
fn setup_props<'a>(items: &[&'a SetupItem], i: usize, errors: &mut Errors) -> Vec<&'a SetupProp> {
    let s = items[i];
    let mut props = Vec::new();
    if let Some(n) = &s.like {
        let digits = n.base10_digits();
        let earlier = items[..i].iter().position(|e| {
            e.number
                .as_ref()
                .is_some_and(|m| m.base10_digits() == digits)
        });
        match earlier {
            Some(j) => props = setup_props(items, j, errors),
            None => errors.push(
                n.span(),
                format!("`like {digits}`: no setup {digits} is defined above this one"),
            ),
        }
    }
    props.extend(&s.props);
    props
}

/// Every setup block, each id given once.
pub fn lower_setups(
    id: &LitStr,
    items: &[&SetupItem],
    set: &PieceSet,
    geometry: &Geometry,
    start: Option<&LitStr>,
    errors: &mut Errors,
) -> Vec<SetupModel> {
    let mut setups = Vec::new();
    let mut ids: Vec<String> = Vec::new();
    for (i, s) in items.iter().enumerate() {
        let props = setup_props(items, i, errors);
        if let Some(setup) = lower_setup(id, s, &props, set, geometry, start, errors) {
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
    setups
}

/// A setup's board under construction: `(white, token)` per storage square.
pub type Grid = Vec<Option<(bool, String)>>;

/// Reads an SFEN board text into a grid (errors at `span`).
fn grid_from_sfen(g: &Geometry, text: &str, span: Span, errors: &mut Errors) -> Grid {
    let mut grid: Grid = vec![None; SQUARES];
    let read = read_board(g, text, |sq, token| {
        grid[sq.index()] = Some((
            token.chars().any(|c| c.is_ascii_lowercase()),
            token.to_ascii_uppercase(),
        ));
        Ok::<(), BoardError>(())
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
    check::square(g, &s.value())
        .map_err(|e| errors.push(s.span(), e))
        .ok()
}

fn lower_setup(
    id: &LitStr,
    s: &SetupItem,
    props: &[&SetupProp],
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
    for prop in props {
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
    let problems = check::setup_board(g, &grid, &set.pieces, &setup_id);
    for e in &problems {
        errors.push(s.keyword.span(), e);
    }
    if !problems.is_empty() {
        return None;
    }
    let mut sfen = write_board(g, |sq| {
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
