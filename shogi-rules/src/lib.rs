//! `shogi-rules`: the data both sides of `variant!` share, with no dependencies.
//!
//! The proc macro (`shogi-macros`) builds a [`RuleTable`] from a definition and the engine
//! (`shogi-core`) runs it; both read these types, the board geometry, the standard pieces and
//! named movements, the keyword table of DSL names and the board text of an SFEN from here, so
//! the macro does not depend on the engine and nothing is written twice.

pub mod board_text;
pub mod eval_weights;
pub mod geometry;
pub mod keywords;
pub mod pieces;
pub mod render;
pub mod table;

pub use eval_weights::EvalWeights;
pub use geometry::{Color, Geometry, Square};
pub use table::RuleTable;
