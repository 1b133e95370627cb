//! Every rule set of RULES.md as a `variant!` block, one module per variant family member.

mod chushogi;
mod eight_knight;
mod family;
mod family_pieces;
mod hybrid;
mod immortal_silver;
mod kirin_phoenix;
mod princess_empress;
mod reflection_bishop;
mod standard;

pub use chushogi::ChuShogi;
pub use eight_knight::{
    EightKnightFixedBlack, EightKnightFixedWhite, EightKnightKept, EightKnightVanish,
};
pub use family::{AnnanShogi, Gorogoro, Handicap, Judkins, Minishogi};
pub use family_pieces::{
    CheckShogi, Dobutsu, EuroShogi, KyotoShogi, MicroShogi, OkisakiShogi, ShoShogi, ToriShogi,
    YariShogi,
};
pub use hybrid::Hybrid;
pub use immortal_silver::ImmortalSilver;
pub use kirin_phoenix::{KirinPhoenix, KirinPhoenixVariant};
pub use princess_empress::{PrincessEmpress, PrincessEmpressVariant};
pub use reflection_bishop::{ReflectionBishopAll, ReflectionBishopEnds, ReflectionBishopSides};
pub use standard::Standard;

// Families B–E.
mod borrowed;
mod capture_effects;
mod flipping;
mod paralysis;

pub use borrowed::*;
pub use capture_effects::*;
pub use flipping::*;
pub use paralysis::*;
