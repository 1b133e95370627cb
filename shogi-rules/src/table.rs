//! The rule table: a variant's rules as plain data.
//!
//! The `variant!` macro lowers a definition to a [`RuleTable`] constant; the core reads it
//! (through `shogi_core::Rules`) to build attack tables and to pick the behaviour of
//! each rule seam. Every seam is a `Copy` enum in [`Hooks`], read as an associated constant, so
//! a variant that does not use a rule compiles the branch away.

/// A relative offset `(dx, dy)` seen from the piece owner's seat: `dy > 0` is forward,
/// `dx > 0` is to the owner's right.
pub type Offset = (i8, i8);

/// How a piece moves, composed from primitives (DESIGN.md principle 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Movement {
    /// Steps and jumps: offsets reached directly, never blocked, moving or capturing.
    pub leaps: &'static [Offset],
    /// Unit directions slid along until blocked (capturing the first enemy).
    pub slides: &'static [Offset],
    /// Slides of at most so many squares (Tori shogi's eagle: two back diagonally).
    pub ranged: &'static [(Offset, u8)],
    /// Steps onto an empty square only (chess pawn's advance).
    pub move_only: &'static [Offset],
    /// Steps that must capture (chess pawn's diagonal capture).
    pub capture_only: &'static [Offset],
    /// Which board edges reflect this piece's diagonal slides (RULES.md §2, reflecting bishop).
    pub reflect: Reflect,
    /// Chu shogi lion double moves (area jumps are listed in `leaps`).
    pub lion: bool,
    /// Lion power along these directions only (chu shogi's horned falcon forward, soaring
    /// eagle on the forward diagonals): a step onto an enemy, then one more step the same way
    /// or back to the start (igui). The two-square jump that way is listed in `leaps`.
    pub lion_lines: &'static [Offset],
}

impl Movement {
    /// A piece that cannot move at all.
    pub const NONE: Movement = Movement {
        leaps: &[],
        slides: &[],
        ranged: &[],
        move_only: &[],
        capture_only: &[],
        reflect: Reflect::None,
        lion: false,
        lion_lines: &[],
    };

    /// `self == other` at compile time (derived comparisons are not const).
    pub const fn same_as(&self, other: &Movement) -> bool {
        const fn offsets_eq(a: &[Offset], b: &[Offset]) -> bool {
            if a.len() != b.len() {
                return false;
            }
            let mut i = 0;
            while i < a.len() {
                if a[i].0 != b[i].0 || a[i].1 != b[i].1 {
                    return false;
                }
                i += 1;
            }
            true
        }
        let mut i = 0;
        let ranged = self.ranged.len() == other.ranged.len() && {
            let mut eq = true;
            while i < self.ranged.len() {
                let (a, b) = (self.ranged[i], other.ranged[i]);
                eq &= a.0 .0 == b.0 .0 && a.0 .1 == b.0 .1 && a.1 == b.1;
                i += 1;
            }
            eq
        };
        offsets_eq(self.leaps, other.leaps)
            && offsets_eq(self.slides, other.slides)
            && ranged
            && offsets_eq(self.move_only, other.move_only)
            && offsets_eq(self.capture_only, other.capture_only)
            && self.reflect as u8 == other.reflect as u8
            && self.lion == other.lion
            && offsets_eq(self.lion_lines, other.lion_lines)
    }
}

/// Edges that bounce a reflecting slide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reflect {
    /// Ordinary slide.
    None,
    /// Files 1 and 9 reflect (rule set 2).
    Sides,
    /// Ranks a and i reflect (rule set 3).
    TopBottom,
    /// Every edge reflects (rule set 1).
    All,
}

/// Promotion of a kind (RULES.md §0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// Kind index of the promoted form.
    pub to: u8,
    /// Depth of the promotion zone in ranks from the far edge (3 = the enemy camp, 1 = last rank).
    pub zone: u8,
}

/// Circe home-square role of an unpromoted kind (RULES.md §0, "home square").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Home {
    King,
    Rook,
    Bishop,
    Gold,
    Silver,
    Knight,
    Lance,
    Pawn,
}

/// What a captured piece becomes for its capturer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Captured {
    /// Goes to hand as this (unpromoted) kind index.
    Hand(u8),
    /// Removed from the game.
    Vanish,
}

/// One kind of piece, its promoted forms being kinds of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceDef {
    /// Name used in the rule table and in `variant!` (`silver`, `immortal_silver`).
    pub name: &'static str,
    /// SFEN token for Black (`S`, `+S`, `I`); White's is lowercase.
    pub sfen: &'static str,
    pub movement: Movement,
    pub promotion: Option<Promotion>,
    /// Kind index of the unpromoted form (itself when unpromoted).
    pub unpromoted: u8,
    /// Last ranks on which the unpromoted piece could never move again: it may not stay or be
    /// dropped there (P, L: 1; N: 2).
    pub dead_ranks: u8,
    /// Whose loss ends the game.
    pub royal: bool,
    /// No piece may capture it.
    pub immortal: bool,
    /// Two-pawn rule applies to it.
    pub nifu: bool,
    /// Under nifu, how many own unpromoted pieces of the kind on a file bar a drop there
    /// (1 in shogi; Tori shogi's swallows: 2).
    pub nifu_limit: u8,
    /// Uchifuzume: a drop of it may not checkmate.
    pub drop_mate_forbidden: bool,
    /// Counts as a gold where a rule set says promoted golds count as gold.
    pub gold_class: bool,
    /// Circe home role.
    pub home: Option<Home>,
    /// What Black ([0]) or White ([1]) gets on capturing it.
    pub captured: [Captured; 2],
    /// Material value for the evaluation, in centipawns.
    pub value: i32,
}

/// Which kind loses the game (RULES.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KingLoss {
    /// Legality rule of §0: no move may leave the own king capturable.
    Checkmate,
    /// Every pseudo-legal move is legal; losing the king loses.
    Capture,
    /// Sho shogi's crown prince: a side loses when its last royal piece is gone. While it
    /// has two or more, none is protected (any may be left attacked and captured); its last
    /// one may not be left capturable, as a king under checkmate rules.
    LastRoyal,
}

/// Whose pieces are borrowed from (RULES.md §3, and Annan shogi).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lender {
    Enemy,
    Friend,
}

/// Where a lender stands relative to the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    Behind,
    Front,
    Side,
    Knight,
    Around,
    /// Pieces the mover naturally attacks.
    Attacked,
    /// Pieces naturally attacking the mover.
    Attackers,
}

/// When a borrowing piece may also use its own movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OwnMovement {
    WhenNone,
    Always,
}

/// Seam "movement source" (§3): where a piece's movement comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MovementSource {
    Own,
    Borrow {
        lender: Lender,
        place: Place,
        own: OwnMovement,
    },
}

/// Whether promoted golds (+P +L +N +S) count as gold for "same kind" (§6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Golds {
    Separate,
    AsGold,
}

/// Seam "mobility filter" (§6): which pieces may not move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Paralysis {
    None,
    /// A piece naturally attacked by any enemy cannot move.
    AnyEnemy,
    /// Madrasi: attacked by an enemy of the same kind.
    SameKind {
        kings: bool,
        golds: Golds,
    },
}

/// Seam "landing/drop filter" (§6): where a piece may not arrive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Landing {
    None,
    Isardam {
        /// Drops are bound too (rule sets 3–4).
        drops: bool,
        golds: Golds,
        /// A: capturing the king obeys the restriction; B: it is exempt.
        binds_king_capture: bool,
        /// True forms: no piece of either side may be left in a like attack.
        total: bool,
    },
}

/// Seam "capture effect" (§5, Andernach §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureEffect {
    None,
    Rifle,
    Circe,
    AntiCirce,
    Pwc,
    Andernach,
}

impl CaptureEffect {
    /// Whether a captured piece may come back to the board at once (reborn, returned home or
    /// swapped), so that captures need not lose material.
    pub const fn returns_pieces(self) -> bool {
        matches!(
            self,
            CaptureEffect::Circe | CaptureEffect::AntiCirce | CaptureEffect::Pwc
        )
    }
}

/// Policy when flips would make nifu (§4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NifuPolicy {
    A,
    B,
    C,
}

/// Seam "after-move effect" (§4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AfterMove {
    None,
    Othello(NifuPolicy),
    Reversi(NifuPolicy),
}

/// Seam "move shape" (§5 chained movement; the lion's double move is a movement primitive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveShape {
    Normal,
    Chained,
}

/// Seam "promotion rule": whether a piece that may promote must (Fairy-Stockfish's
/// `mandatoryPiecePromotion`: EuroShogi, Tori shogi).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PromotionRule {
    /// §0: promoting is a choice, forced only where the unpromoted piece could never move.
    Optional,
    /// A move that may promote must promote.
    Forced,
    /// Kyoto shogi: every move of a piece with two sides turns it over (promoted ↔
    /// unpromoted, anywhere on the board); a piece in hand may be dropped either side up.
    FlipEachMove,
    /// Micro shogi: a piece with two sides turns over when it captures, and only then; a piece
    /// in hand may be dropped either side up.
    FlipOnCapture,
    /// Chu shogi (the Japanese Chu Shogi Association's rule): a piece may promote when it
    /// enters the zone from outside, when it captures with either end of the move in the zone,
    /// or when it reaches a square where it could never move again (a pawn or lance on the
    /// last rank); a move inside the zone or out of it without capturing may not. Promotion is
    /// never forced.
    EnterOrCapture,
}

impl PromotionRule {
    /// Pieces turn over between their two sides instead of promoting once.
    pub const fn flips(self) -> bool {
        matches!(
            self,
            PromotionRule::FlipEachMove | PromotionRule::FlipOnCapture
        )
    }
}

/// Seam "lion rules": what lion power may do beyond its movement (chu shogi).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LionRules {
    /// Lion power is its moves only: no pass, no trading restrictions (RULES.md §2).
    Plain,
    /// Chu shogi, as the Japanese Chu Shogi Association rules it (and lishogi's rules library):
    /// a piece with lion power may pass (jitto: step to an empty square and back, one move per
    /// piece); a lion may not take a protected lion two squares away unless its first step
    /// took a piece that moves only one square straight forward or back (pawn, go-between) or
    /// nothing; and after a non-lion took a lion, the other side's non-lions may not take a
    /// lion on the next move, except one standing on that square (a kirin that promoted there).
    /// A lion is a kind with the lion's area power (`lion`).
    Chu,
}

/// Seam "goal": a way to win besides the king rule (§1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Only the king rule decides.
    None,
    /// Check shogi (王手将棋): the side that gives check wins at once.
    Check,
    /// Dobutsu shogi's try: a royal piece on its last rank that no enemy piece attacks wins
    /// for its side (looked at before each move, the side to move's first).
    ReachLastRank,
    /// Chu shogi's bare king (the Japanese Chu Shogi Association's rule, as lishogi judges it):
    /// a side left with one royal and nothing else that can still move loses, unless it can
    /// answer at once. It can when the other side is in check, or when the other side's
    /// counted pieces (its royals and every piece that can still move, pawns and go-betweens
    /// excepted: the kinds that step one square straight forward or back) are two and one of
    /// them stands next to the bare royal. A royal against a royal with nothing else that can
    /// move, neither in check, is a draw.
    BareKing,
}

/// Seam "repetition": what a fourth occurrence of a position means (§1 sennichite).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RepetitionRule {
    /// RULES.md: a draw, unless one side gave check with every move since the first
    /// occurrence; that side loses.
    PerpetualCheck,
    /// Chu shogi (lishogi's server rule, the reading of the Association's "the attacker must
    /// vary"): a draw, unless every move of one side since the first occurrence gave check or
    /// left the moved piece attacking an enemy piece; that side loses.
    PerpetualAttack,
}

/// The rule seams of a variant, one field per kind of rule difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hooks {
    pub king_loss: KingLoss,
    pub movement_source: MovementSource,
    pub paralysis: Paralysis,
    pub landing: Landing,
    pub capture_effect: CaptureEffect,
    pub after_move: AfterMove,
    pub move_shape: MoveShape,
    /// Nifu also binds board moves of unpromoted pawns (§3, chained movement).
    pub nifu_on_moves: bool,
    pub promotion: PromotionRule,
    pub goal: Goal,
    pub lions: LionRules,
    pub repetition: RepetitionRule,
}

impl Hooks {
    /// Standard shogi: every seam at its default.
    pub const STANDARD: Hooks = Hooks {
        king_loss: KingLoss::Checkmate,
        movement_source: MovementSource::Own,
        paralysis: Paralysis::None,
        landing: Landing::None,
        capture_effect: CaptureEffect::None,
        after_move: AfterMove::None,
        move_shape: MoveShape::Normal,
        nifu_on_moves: false,
        promotion: PromotionRule::Optional,
        goal: Goal::None,
        lions: LionRules::Plain,
        repetition: RepetitionRule::PerpetualCheck,
    };

    /// True when attacks and check are those of the pieces' own movement, so the fast
    /// reverse-attack test and pin-based legality are exact.
    pub const fn plain_attacks(&self) -> bool {
        self.own_attacks() && matches!(self.paralysis, Paralysis::None)
    }

    /// True when every piece attacks with its own movement, whatever else may keep it from
    /// moving there: paralysis freezes some pieces (RULES.md §6), a landing rule (Isardam)
    /// bars some targets. The natural attack maps are then a fair picture of the position,
    /// less what the paralysed pieces may do.
    pub const fn natural_attack_maps(&self) -> bool {
        matches!(self.movement_source, MovementSource::Own)
            && matches!(self.move_shape, MoveShape::Normal)
    }

    /// Pieces move and land by their own movement (paralysis aside).
    const fn own_attacks(&self) -> bool {
        matches!(self.movement_source, MovementSource::Own)
            && matches!(self.landing, Landing::None)
            && matches!(self.move_shape, MoveShape::Normal)
    }

    /// True when the position after a move is that of standard shogi (no effects).
    pub const fn plain_effects(&self) -> bool {
        self.plain_moves() && matches!(self.king_loss, KingLoss::Checkmate)
    }

    /// True when a move changes the board as in standard shogi except that a two-sided piece
    /// may turn over (Kyoto, Micro): king safety after it is still that of the pieces'
    /// natural attacks.
    pub const fn plain_but_flips(&self) -> bool {
        matches!(self.capture_effect, CaptureEffect::None)
            && matches!(self.after_move, AfterMove::None)
            && self.promotion.flips()
            && !matches!(self.goal, Goal::ReachLastRank)
    }

    /// True when a move changes the board only as in standard shogi (no capture or
    /// after-move effect, no flips, no board goal); the king-loss rule may still differ.
    pub const fn plain_moves(&self) -> bool {
        matches!(self.capture_effect, CaptureEffect::None)
            && matches!(self.after_move, AfterMove::None)
            && !self.promotion.flips()
            && !matches!(self.goal, Goal::ReachLastRank)
    }
}

/// A numbered setup: one variant id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Variant id, e.g. `Shogi-ImmortalSilver:3`.
    pub id: &'static str,
    /// Start position.
    pub sfen: &'static str,
    /// How the setup was built (for the rule table), e.g. `black: 6-piece handicap`.
    pub description: &'static str,
}

/// A whole rule set as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleTable {
    /// The generated type's name.
    pub name: &'static str,
    /// One-line summary.
    pub title: &'static str,
    /// The board (`board = 5x5;` in `variant!`; 9×9 by default).
    pub geometry: crate::geometry::Geometry,
    pub pieces: &'static [PieceDef],
    pub hooks: Hooks,
    pub setups: &'static [Setup],
    /// Interpretations fixed for this variant (documented decisions).
    pub notes: &'static [&'static str],
    /// The engine's evaluation weights (`eval { ... }` in `variant!`; the rules do not read
    /// them).
    pub eval: crate::eval_weights::EvalWeights,
}

/// Maximum number of kinds (promoted forms included) in one variant (chu shogi has 39).
pub const MAX_KINDS: usize = 64;

/// A set of kinds as bits (bit `k` = kind `k`); wide enough for [`MAX_KINDS`].
pub type KindMask = u64;

/// Order in which hand pieces are written in SFEN (RULES.md notation).
pub const HAND_ORDER: &str = "RBGSNLPEYZCAOX";

impl RuleTable {
    /// Kind index of the SFEN token (`"+S"`, `"I"`), Black's spelling.
    pub fn kind_by_sfen(&self, token: &str) -> Option<u8> {
        self.pieces
            .iter()
            .position(|p| p.sfen == token)
            .map(|i| i as u8)
    }

    /// Kind index by name.
    pub fn kind_by_name(&self, name: &str) -> Option<u8> {
        self.pieces
            .iter()
            .position(|p| p.name == name)
            .map(|i| i as u8)
    }
}
