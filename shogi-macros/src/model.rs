//! The lowered rule set: plain data between the lower and generate stages.

use shogi_rules::eval_weights::EvalWeights;
use shogi_rules::geometry::Geometry;
use shogi_rules::table::{Home, Hooks, Reflect};

/// One kind after lowering.
#[derive(Clone, Debug)]
pub struct PieceModel {
    pub name: String,
    pub sfen: String,
    pub leaps: Vec<(i8, i8)>,
    pub slides: Vec<(i8, i8)>,
    /// Slides of at most so many squares.
    pub ranged: Vec<((i8, i8), u8)>,
    pub move_only: Vec<(i8, i8)>,
    pub capture_only: Vec<(i8, i8)>,
    pub reflect: Reflect,
    pub lion: bool,
    /// Lion power along these unit directions only (falcon, eagle).
    pub lion_lines: Vec<(i8, i8)>,
    /// Target kind index and zone depth.
    pub promotion: Option<(usize, u8)>,
    pub unpromoted: usize,
    pub dead_ranks: u8,
    pub royal: bool,
    pub immortal: bool,
    pub nifu: bool,
    pub nifu_limit: u8,
    pub drop_mate_forbidden: bool,
    pub gold_class: bool,
    pub home: Option<Home>,
    /// Hand kind for a Black / White capturer; `None` = vanishes.
    pub captured: [Option<usize>; 2],
    pub value: i32,
}

impl PieceModel {
    /// A new kind `index` that cannot move yet: unpromoted, unflagged, captured into its own kind.
    pub fn new(name: &str, sfen: &str, index: usize) -> PieceModel {
        PieceModel {
            name: name.to_string(),
            sfen: sfen.to_string(),
            leaps: vec![],
            slides: vec![],
            ranged: vec![],
            move_only: vec![],
            capture_only: vec![],
            reflect: Reflect::None,
            lion: false,
            lion_lines: vec![],
            promotion: None,
            unpromoted: index,
            dead_ranks: 0,
            royal: false,
            immortal: false,
            nifu: false,
            nifu_limit: 1,
            drop_mate_forbidden: false,
            gold_class: false,
            home: None,
            captured: [Some(index), Some(index)],
            value: 0,
        }
    }
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
    /// The engine's evaluation weights (`eval { ... }`).
    pub eval: EvalWeights,
}
