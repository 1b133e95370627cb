//! The `variant!` macro: a shogi variant's rules, declared as data, compiled to one type.
//!
//! Four visible stages: [`parse`] (syntax with spans) → [`lower`] (validation and lowering to a
//! plain rule model) → [`generate`] (a `RuleTable` constant and a `Rules` impl).
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
//! The full grammar is documented by example in the workspace README.

use proc_macro::TokenStream;

mod generate;
mod lower;
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
