//! Family E — paralysis and Isardam (RULES.md §6, seed 004).

use shogi_macros::variant;

variant! {
    /// Paralysis shogi (heading lost; name and id provisional): a piece naturally attacked by
    /// any enemy piece cannot move; it still attacks and paralyses, and gives no check.
    pub struct Paralysis;
    id = "Shogi-Paralysis";
    title = "pieces attacked by any enemy cannot move";
    pieces = standard;
    paralysis = any_enemy;
    king_loss = checkmate;
    setup 1 {}
    setup 2 { first = white; }
}

macro_rules! madrasi {
    ($(#[doc = $doc:expr])* $name:ident, $n:tt, $kings:ident, $golds:ident) => {
        variant! {
            $(#[doc = $doc])*
            pub struct $name;
            id = "Shogi-Madrasi";
            title = "a piece attacked by an enemy of its own kind cannot move";
            pieces = standard;
            paralysis = same_kind { kings = $kings, promoted_golds = $golds };
            king_loss = checkmate;
            setup $n {}
        }
    };
}

madrasi!(
    /// Madrasi (heading lost; id provisional), rule set 1: kings exempt; +P +L +N +S are kinds
    /// of their own. A paralysed piece gives no check but still paralyses.
    Madrasi, 1, excluded, separate
);
madrasi!(
    /// King-Madrasi, rule set 2: kings included (they may stand adjacent and paralyse each
    /// other); promoted golds separate.
    MadrasiKings, 2, included, separate
);
madrasi!(
    /// Madrasi, rule set 3: kings exempt; every promoted gold counts as a gold.
    MadrasiGolds, 3, excluded, as_gold
);
madrasi!(
    /// King-Madrasi, rule set 4: kings included; promoted golds count as gold.
    MadrasiKingsGolds, 4, included, as_gold
);

macro_rules! isardam {
    ($(#[doc = $doc:expr])* $name:ident, $id:literal, $n:tt, drops = $drops:ident, golds = $golds:ident, king = $king:ident, scope = $scope:ident) => {
        variant! {
            $(#[doc = $doc])*
            pub struct $name;
            id = $id;
            title = "no piece may move into a like attack";
            pieces = standard;
            landing = isardam { drops = $drops, promoted_golds = $golds, king_capture = $king, scope = $scope };
            king_loss = checkmate;
            setup $n {}
        }
    };
}

isardam!(
    /// Isardam A (シラドマA, heading lost; id provisional), rule set 1: a piece may not move to a
    /// square naturally attacked (after the move) by an enemy of the same kind (kind after
    /// promotion); drops free; promoted golds separate. A: the restriction also binds capturing
    /// the king, so a king covered by a piece of the checker's kind is not in check from it.
    IsardamA1, "Shogi-IsardamA", 1, drops = free, golds = separate, king = bound, scope = mover
);
isardam!(
    /// Isardam A, rule set 2: drops free; promoted golds count as gold.
    IsardamA2, "Shogi-IsardamA", 2, drops = free, golds = as_gold, king = bound, scope = mover
);
isardam!(
    /// Isardam A, rule set 3: drops bound too; promoted golds separate.
    IsardamA3, "Shogi-IsardamA", 3, drops = bound, golds = separate, king = bound, scope = mover
);
isardam!(
    /// Isardam A, rule set 4: drops bound too; promoted golds count as gold.
    IsardamA4, "Shogi-IsardamA", 4, drops = bound, golds = as_gold, king = bound, scope = mover
);
isardam!(
    /// Isardam B (シラドマB), rule set 1: as Isardam A, but capturing the king is exempt, so a
    /// king covered by a piece of the checker's kind is in check. Drops free; golds separate.
    IsardamB1, "Shogi-IsardamB", 1, drops = free, golds = separate, king = exempt, scope = mover
);
isardam!(
    /// Isardam B, rule set 2: drops free; promoted golds count as gold.
    IsardamB2, "Shogi-IsardamB", 2, drops = free, golds = as_gold, king = exempt, scope = mover
);
isardam!(
    /// Isardam B, rule set 3: drops bound too; promoted golds separate.
    IsardamB3, "Shogi-IsardamB", 3, drops = bound, golds = separate, king = exempt, scope = mover
);
isardam!(
    /// Isardam B, rule set 4: drops bound too; promoted golds count as gold.
    IsardamB4, "Shogi-IsardamB", 4, drops = bound, golds = as_gold, king = exempt, scope = mover
);
isardam!(
    /// True Isardam A, rule set 1: no move or drop may leave any piece of either side naturally
    /// attacked by an enemy piece of the same kind; promoted golds separate; the restriction
    /// binds capturing the king.
    TrueIsardamA1, "Shogi-True-IsardamA", 1, drops = bound, golds = separate, king = bound, scope = every_piece
);
isardam!(
    /// True Isardam A, rule set 2: promoted golds count as gold.
    TrueIsardamA2, "Shogi-True-IsardamA", 2, drops = bound, golds = as_gold, king = bound, scope = every_piece
);
isardam!(
    /// True Isardam B, rule set 1: as True Isardam A, but capturing the king is exempt.
    TrueIsardamB1, "Shogi-True-IsardamB", 1, drops = bound, golds = separate, king = exempt, scope = every_piece
);
isardam!(
    /// True Isardam B, rule set 2: promoted golds count as gold.
    TrueIsardamB2, "Shogi-True-IsardamB", 2, drops = bound, golds = as_gold, king = exempt, scope = every_piece
);
