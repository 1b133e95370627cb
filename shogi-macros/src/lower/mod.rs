//! Stage 3: lower a definition to the plain rule model, section by section: the top-level
//! [`items`], the [`board`], the [`pieces`] (declared, then resolved by name), the [`rules`]
//! and the [`setups`]. Invariants are the pure functions of [`crate::check`].
//!
//! Every error carries the span of the offending token and says how to fix it; all errors of a
//! definition are reported together.

mod board;
mod items;
mod pieces;
mod rules;
mod setups;

use crate::diagnostics::Errors;
use crate::model::Model;
use crate::parse::VariantDef;
use shogi_rules::geometry::Geometry;
use shogi_rules::table::Hooks;

/// Validates and lowers a definition.
pub fn lower(def: &VariantDef) -> syn::Result<Model> {
    let mut errors = Errors::default();
    let items = items::collect(def, &mut errors);
    let mut set = pieces::declare(def, &items.base, &items.groups, &items.pieces, &mut errors);

    // The board and the default promotion zone (3 ranks, or `zone = N;` for every kind
    // that does not give its own).
    let (geometry, board_span) = items.board.unwrap_or((Geometry::STANDARD, def.name.span()));
    let zone_default = match items.default_zone {
        Some(z) => {
            let d = board::zone_depth(z, &geometry, &mut errors);
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
    if geometry != Geometry::STANDARD && items.start.is_none() {
        errors.push(
            board_span,
            format!("a {geometry} board needs its start position: `start = \"<SFEN board>\";` (the standard one is 9x9)"),
        );
    }
    if let Some(vanish) = items.captured {
        for c in set.captured.iter_mut().filter(|c| c.is_none()) {
            *c = Some((vanish.span(), Some(vanish.clone()), Some(vanish.clone())));
        }
    }
    pieces::resolve(def, &mut set, &geometry, zone_default, &mut errors);

    let mut hooks = Hooks::STANDARD;
    for (key, value, options) in &items.rules {
        rules::lower_rule(&mut hooks, key, value, options, &mut errors);
    }
    let setups = setups::lower_setups(
        &items.id,
        &items.setups,
        &set,
        &geometry,
        items.start.as_ref(),
        &mut errors,
    );

    errors.finish()?;
    let title = match items.title {
        Some(t) => t.value(),
        None => board::first_doc_line(def).unwrap_or_else(|| def.name.to_string()),
    };
    Ok(Model {
        title,
        geometry,
        pieces: set.pieces,
        hooks,
        setups,
        notes: items.notes,
        eval: items.eval,
    })
}
