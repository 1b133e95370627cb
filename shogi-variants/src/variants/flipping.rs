//! Family C — flipping (RULES.md §4, seed 002): Othello, Reversi and Andernach shogi.
//!
//! After a move (not a drop), every run of enemy pieces sandwiched between the moved piece and
//! another piece of the mover, in each of the 8 directions, is flipped at once; captures
//! happen first. The flip is mandatory. Each rule set has setup 1 (Black first) and 2 (White
//! first).

use shogi_macros::variant;

macro_rules! flipping {
    ($(#[doc = $doc:expr])* $name:ident, $id:literal, $title:literal, $($rule:tt)*) => {
        variant! {
            $(#[doc = $doc])*
            pub struct $name;
            id = $id;
            title = $title;
            pieces = standard;
            king_loss = checkmate;
            $($rule)*
            setup 1 {}
            setup 2 { first = white; }
        }
    };
}

flipping!(
    /// Othello shogi, type A: sandwiched enemy pieces change owner, keeping promotion; flipping
    /// the enemy king wins at once. A move whose flips would give the mover two unpromoted
    /// pawns on a file is illegal, even if it would also flip the king.
    OthelloA, "Shogi-Othello-TypeA", "sandwiched pieces change owner; nifu flips make the move illegal",
    after_move = othello { nifu = a };
);

flipping!(
    /// Othello shogi, type B: as type A, but a move whose flips would make nifu is legal and
    /// flips nothing (the king flip included).
    OthelloB, "Shogi-Othello-TypeB", "sandwiched pieces change owner; nifu cancels every flip of the move",
    after_move = othello { nifu = b };
);

flipping!(
    /// Othello shogi, type C: as type A, but only the pawn flips that cause nifu are cancelled
    /// (a flipped pawn is cancelled when its file would hold two or more of the mover's
    /// unpromoted pawns if every pawn flip happened); the other flips stand.
    OthelloC, "Shogi-Othello-TypeC", "sandwiched pieces change owner; only nifu-making pawn flips are cancelled",
    after_move = othello { nifu = c };
    note = "The reading \"C cancels every pawn flip\" was considered and rejected (RULES.md §4).";
);

flipping!(
    /// Reversi shogi, type A: sandwiched enemy pieces toggle promotion and keep their owner;
    /// kings and golds are unaffected but count as part of a run. If the toggles leave the
    /// enemy with two unpromoted pawns on a file, the enemy loses at once.
    ReversiA, "Shogi-Reversi-TypeA", "sandwiched pieces toggle promotion; enemy nifu loses",
    after_move = reversi { nifu = a };
);

flipping!(
    /// Reversi shogi, type B: as type A, but a move whose toggles would make enemy nifu
    /// toggles nothing.
    ReversiB, "Shogi-Reversi-TypeB", "sandwiched pieces toggle promotion; nifu cancels every toggle",
    after_move = reversi { nifu = b };
);

flipping!(
    /// Reversi shogi, type C: as type A, but every tokin→pawn toggle on a file that would hold
    /// two or more enemy unpromoted pawns is cancelled; other toggles stand.
    ReversiC, "Shogi-Reversi-TypeC", "sandwiched pieces toggle promotion; nifu-making demotions are cancelled",
    after_move = reversi { nifu = c };
);

flipping!(
    /// Andernach shogi: a piece that captures changes owner on the capture square (keeping the
    /// promotion it has after the move); the captured piece goes to the capturer's hand as
    /// usual. A king never changes owner; a capturing unpromoted pawn that would give its new
    /// owner nifu stays with its mover. Forced promotion is judged for the owner after the move.
    Andernach, "Shogi-Andernach", "a capturing piece changes owner",
    capture_effect = andernach;
);
