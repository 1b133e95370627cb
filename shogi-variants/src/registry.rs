//! Every variant id of RULES.md mapped to its rule type and setup.

use crate::engine::{Engine, VariantEngine};
use crate::variants::*;
use shogi_core::{RuleTable, Rules};
use thiserror::Error;

/// An id that names no variant.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown variant id '{id}'{hint}; `shogi-variants list` prints every id")]
pub struct UnknownVariant {
    pub id: String,
    hint: String,
}

macro_rules! registry {
    ($($ty:ty),* $(,)?) => {
        /// The rule tables of every registered rule set, in RULES.md order.
        pub fn tables() -> Vec<&'static RuleTable> {
            vec![$(<$ty as Rules>::TABLE),*]
        }

        /// Creates the engine of a variant id.
        pub fn create(id: &str) -> Result<Box<dyn Engine>, UnknownVariant> {
            $(
                if let Some(i) = <$ty as Rules>::TABLE.setups.iter().position(|s| s.id == id) {
                    return Ok(Box::new(VariantEngine::<$ty>::new(i)));
                }
            )*
            Err(unknown(id))
        }

        /// Calls `visitor.visit::<R>(setup)` with the rule type and setup index of an id: the
        /// one place where a generic front end (the USI server) picks its monomorphized code.
        pub fn dispatch<V: VariantVisitor>(id: &str, visitor: V) -> Result<V::Output, UnknownVariant> {
            $(
                if let Some(i) = <$ty as Rules>::TABLE.setups.iter().position(|s| s.id == id) {
                    return Ok(visitor.visit::<$ty>(i));
                }
            )*
            Err(unknown(id))
        }
    };
}

/// Generic code to run for a variant chosen at run time (see [`dispatch`]).
pub trait VariantVisitor {
    type Output;
    /// Called with the variant's rule type and its setup index.
    fn visit<R: Rules>(self, setup: usize) -> Self::Output;
}

registry!(
    Standard,
    ImmortalSilver,
    ReflectionBishopAll,
    ReflectionBishopSides,
    ReflectionBishopEnds,
    EightKnightKept,
    EightKnightFixedBlack,
    EightKnightFixedWhite,
    EightKnightVanish,
    Hybrid,
    PrincessEmpress,
    PrincessEmpressVariant,
    KirinPhoenix,
    KirinPhoenixVariant,
    BackPosition,
    FrontPosition,
    SidePosition,
    KnightPosition,
    AroundPosition,
    AroundPositionAlways,
    KikiPosition,
    KikiPositionAlways,
    AntiKikiPosition,
    AntiKikiPositionAlways,
    OthelloA,
    OthelloB,
    OthelloC,
    ReversiA,
    ReversiB,
    ReversiC,
    Andernach,
    Rifle,
    Circe,
    AntiCirce,
    Pwc,
    TrueCirce,
    TrueAntiCirce,
    TruePwc,
    ChainedMovement,
    Paralysis,
    Madrasi,
    MadrasiKings,
    MadrasiGolds,
    MadrasiKingsGolds,
    IsardamA1,
    IsardamA2,
    IsardamA3,
    IsardamA4,
    IsardamB1,
    IsardamB2,
    IsardamB3,
    IsardamB4,
    TrueIsardamA1,
    TrueIsardamA2,
    TrueIsardamB1,
    TrueIsardamB2,
    Minishogi,
    Judkins,
    Gorogoro,
    Handicap,
    AnnanShogi,
    EuroShogi,
    YariShogi,
    OkisakiShogi,
    CheckShogi,
    KyotoShogi,
    MicroShogi,
    Dobutsu,
    ShoShogi,
    ToriShogi,
    ChuShogi,
);

/// Every variant id, in RULES.md order: rule sets sharing an id prefix are listed together,
/// by setup number.
pub fn ids() -> Vec<&'static str> {
    let all: Vec<&'static str> = tables()
        .iter()
        .flat_map(|t| t.setups.iter().map(|s| s.id))
        .collect();
    let prefix = |id: &str| id.split(':').next().unwrap_or(id).to_string();
    let mut order: Vec<String> = Vec::new();
    for id in &all {
        let p = prefix(id);
        if !order.contains(&p) {
            order.push(p);
        }
    }
    let number = |id: &str| {
        id.split(':')
            .nth(1)
            .and_then(|n| n.parse::<u32>().ok())
            .unwrap_or(0)
    };
    let mut sorted = all;
    sorted.sort_by_key(|id| (order.iter().position(|p| *p == prefix(id)), number(id)));
    sorted
}

/// The rule table and setup index of an id.
pub fn lookup(id: &str) -> Result<(&'static RuleTable, usize), UnknownVariant> {
    for t in tables() {
        if let Some(i) = t.setups.iter().position(|s| s.id == id) {
            return Ok((t, i));
        }
    }
    Err(unknown(id))
}

fn unknown(id: &str) -> UnknownVariant {
    let lower = id.to_ascii_lowercase();
    let close = ids().into_iter().find(|c| {
        let c = c.to_ascii_lowercase();
        c.starts_with(&lower)
            || lower.starts_with(&c)
            || c.replace('-', "") == lower.replace('-', "")
    });
    UnknownVariant {
        id: id.to_string(),
        hint: close
            .map(|c| format!(" (did you mean '{c}'?)"))
            .unwrap_or_default(),
    }
}
