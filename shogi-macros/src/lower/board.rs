//! The board items: `board = FxR;` and promotion zone depths, and the title from the doc comment.

use crate::check;
use crate::diagnostics::Errors;
use crate::parse::VariantDef;
use shogi_rules::geometry::Geometry;
use syn::LitInt;

/// `board = 5x5;`: the literal's text is files, `x`, ranks (Rust reads `5x5` as the integer
/// 5 with suffix `x5`).
pub fn parse_board(lit: &LitInt, errors: &mut Errors) -> Geometry {
    check::board_size(&lit.to_string()).unwrap_or_else(|e| {
        errors.push(lit.span(), e);
        Geometry::STANDARD
    })
}

/// A promotion zone depth: 1 to the board's rank count.
pub fn zone_depth(z: &LitInt, g: &Geometry, errors: &mut Errors) -> u8 {
    check::zone_depth(z.base10_parse::<u8>().ok(), g).unwrap_or_else(|e| {
        errors.push(z.span(), e);
        1
    })
}

/// The first line of the doc comment, the title when `title = "..."` is not given.
pub fn first_doc_line(def: &VariantDef) -> Option<String> {
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
