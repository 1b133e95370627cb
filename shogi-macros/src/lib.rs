//! The `variant!` macro: a shogi variant's rules, declared as data, compiled to one type.
//!
//! Four visible stages: [`parse`] (syntax with spans) → [`check`] (the invariants, pure
//! functions with unit tests) → [`lower`] (section by section to the plain [`model`]) →
//! [`generate`] (a `RuleTable` constant and a `Rules` impl). The rule-table types, standard
//! pieces and the keyword table come from `shogi-rules`, shared with the engine.
//!
//! ```text
//! variant! {
//!     /// Immortal silver shogi (RULES.md §2).
//!     pub struct ImmortalSilver;
//!     id = "Shogi-ImmortalSilver";
//!     pieces = standard;
//!     piece immortal_silver 'I' {
//!         moves = silver;
//!         promotes = promoted_silver;   // optional promotion in the usual 3-rank zone
//!         immortal;
//!         captured = silver;            // what a capturer would get in hand
//!     }
//!     king_loss = checkmate;
//!     setup 3 {
//!         black remove [lance, gold, rook, bishop];
//!         black replace silver => immortal_silver;
//!     }
//! }
//! ```
//!
//! The board is part of the rule set. A 5×5 variant written from scratch (minishogi's rules:
//! standard pieces without knights and lances, promotion on the last rank):
//!
//! ```text
//! variant! {
//!     /// Minishogi on 5×5.
//!     pub struct Mini;
//!     id = "Test-Mini";
//!     board = 5x5;                      // files x ranks, 3x3 up to 12x12 (default 9x9)
//!     zone = 1;                         // promotion zone depth of every kind (default 3)
//!     pieces = standard without [knight, lance, promoted_knight, promoted_lance];
//!     start = "rbsgk/4p/5/P4/KGSBR";    // the setups' base board, as SFEN (needed off 9x9)
//!     setup {}
//! }
//! ```
//!
//! The full grammar is documented by example in the workspace README.

use proc_macro::TokenStream;

mod check;
mod diagnostics;
mod generate;
mod lower;
mod model;
mod parse;

/// Declares a variant rule set. See the crate documentation and the README for the grammar.
#[proc_macro]
pub fn variant(input: TokenStream) -> TokenStream {
    let def = syn::parse_macro_input!(input as parse::VariantDef);
    match lower::lower(&def) {
        Ok(model) => generate::generate(&def, &model).into(),
        Err(e) => e.to_compile_error().into(),
    }
}
