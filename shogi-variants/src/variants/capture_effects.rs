//! Family D — capture effects and king capture (RULES.md §5, seed 003).
//!
//! Each rule set has setup 1 (Black first) and 2 (White first).

use shogi_macros::variant;

macro_rules! capture_rules {
    ($(#[doc = $doc:expr])* $name:ident, $id:literal, $title:literal, $($rule:tt)*) => {
        variant! {
            $(#[doc = $doc])*
            pub struct $name;
            id = $id;
            title = $title;
            pieces = standard;
            $($rule)*
            setup 1 {}
            setup 2 { first = white; }
        }
    };
}

capture_rules!(
    /// Rifle shogi (heading lost; id provisional): a capturing piece removes the captured piece
    /// (to hand as usual) and stays on its own square; it may promote if the target or its own
    /// square is in the enemy camp, never forced. Capturing the king wins. A capture is written
    /// from the shooter to the target.
    Rifle, "Shogi-Rifle", "captures shoot: the capturer stays; king capture",
    capture_effect = rifle;
    king_loss = king_capture;
);

capture_rules!(
    /// Circe shogi (heading lost; id provisional): a captured piece is demoted and reborn on its
    /// home square for its owner; if that square is occupied, or the reborn pawn would make
    /// nifu, it goes to the capturer's hand as usual.
    Circe, "Shogi-Circe", "captured pieces are reborn on their home squares",
    capture_effect = circe;
    king_loss = checkmate;
    note = "Home squares of L, N, S, G on file 5: the empty one if exactly one is, else the owner's right (RULES.md §0).";
);

capture_rules!(
    /// Anti-Circe shogi: a capturing piece (keeping any promotion, one made on this move
    /// included) goes back to its own home square; if that square is occupied by another piece
    /// it stays on the capture square. Kings too. A capture whose return leaves the own king in
    /// check is illegal.
    AntiCirce, "Shogi-AntiCirce", "capturing pieces return to their home squares",
    capture_effect = anti_circe;
    king_loss = checkmate;
);

capture_rules!(
    /// PWC shogi (Platzwechsel-Circe): a captured piece (keeping its promotion) goes to the
    /// square the capturer came from, still owned by its owner, never promoting there; if it
    /// could never move again there, or its pawn would make nifu, it goes to the capturer's hand.
    Pwc, "Shogi-PWC", "captured pieces swap to the capturer's square",
    capture_effect = pwc;
    king_loss = checkmate;
    note = "Ordinary check: where a captured king would land by the swap does not matter (RULES.md §5).";
);

capture_rules!(
    /// True Circe shogi: Circe in king-capture mode. A captured king is reborn on 5i/5a and is
    /// lost if that square is occupied.
    TrueCirce, "Shogi-True-Circe", "Circe with king capture",
    capture_effect = circe;
    king_loss = king_capture;
);

capture_rules!(
    /// True Anti-Circe shogi: Anti-Circe in king-capture mode. A captured king is lost; a
    /// capturing king returns home as in Anti-Circe.
    TrueAntiCirce, "Shogi-True-AntiCirce", "Anti-Circe with king capture",
    capture_effect = anti_circe;
    king_loss = king_capture;
);

capture_rules!(
    /// True PWC shogi: PWC in king-capture mode. After a capture in which a king takes part, if
    /// that king then stands on a square naturally attacked by an enemy piece other than its
    /// swap partner, it is lost at once; when both kings would be lost, the captured king is
    /// judged first (the mover wins).
    TruePwc, "Shogi-True-PWC", "PWC with king capture",
    capture_effect = pwc;
    king_loss = king_capture;
);

capture_rules!(
    /// Chained movement shogi (連鎖移動将棋): every move of a piece is a chain — by its own
    /// movement to a square held by a friendly piece (which stays), then by that piece's
    /// movement to an empty or enemy square. Plain moves do not exist; drops are as usual.
    /// Promotion only when the final square is in the enemy camp. Nifu binds moves.
    ChainedMovement, "Shogi-ChainedMovement", "every move passes through a friendly piece",
    move_shape = chained;
    nifu = drops_and_moves;
    king_loss = king_capture;
);
