//! Every rule set of RULES.md as a `variant!` block, one module per family.

mod standard;

pub use standard::Standard;
