//! Family B — borrowed movement (RULES.md §3, seed 001).
//!
//! Every rule set here differs only in where the lenders stand, when a piece keeps its own
//! movement, and (FrontPosition) the last-rank rule, so one `macro_rules!` stamps out the
//! `variant!` blocks. Common rules: a borrowed movement is oriented as if the mover owned the
//! lender; several lenders give the union of their movements; promotion as usual by the mover's
//! own kind; nifu binds moves too (a promoting pawn move escapes it); check uses borrowed
//! movements; dead-piece rules are gone (P, L, N move and drop anywhere unpromoted), except in
//! FrontPosition where only the last-rank rule stays.

use shogi_macros::variant;

macro_rules! borrowed {
    ($(#[doc = $doc:expr])* $name:ident, $id:literal, $title:literal, $place:ident, $own:ident, dead = $dead:tt, $($setups:tt)*) => {
        variant! {
            $(#[doc = $doc])*
            pub struct $name;
            id = $id;
            title = $title;
            pieces = standard;
            piece pawn { dead_ranks = $dead; }
            piece lance { dead_ranks = $dead; }
            piece knight { dead_ranks = $dead; }
            movement = borrow { lender = enemy, place = $place, own = $own };
            nifu = drops_and_moves;
            king_loss = checkmate;
            $($setups)*
        }
    };
}

borrowed!(
    /// 背面将棋 (heading lost in the seed; name provisional): a piece moves like the enemy piece
    /// directly behind it, else by its own movement.
    BackPosition, "Shogi-BackPosition", "moves of the enemy piece directly behind", behind, when_none, dead = 0,
    setup 1 {}
    setup 2 { first = white; }
);

borrowed!(
    /// 対面将棋: a piece moves like the enemy piece directly in front of it, else by its own
    /// movement. Only the last-rank dead-piece rule stays: no P, L, N moves or drops
    /// unpromoted onto the last rank; a knight may stop on the second-last rank.
    FrontPosition, "Shogi-FrontPosition", "moves of the enemy piece directly in front", front, when_none, dead = 1,
    setup 1 {}
    setup 2 { first = white; }
);

borrowed!(
    /// 側面将棋 (heading lost; name provisional): a piece moves like the enemy pieces directly
    /// left or right of it (either), else by its own movement.
    SidePosition, "Shogi-SidePosition", "moves of the enemy pieces directly beside", side, when_none, dead = 0,
    setup 1 {}
    setup 2 { first = white; }
);

borrowed!(
    /// 騎面将棋: a piece moves like any enemy piece on its eight chess-knight squares, else by
    /// its own movement.
    KnightPosition, "Shogi-KnightPosition", "moves of the enemy pieces a knight's jump away", knight, when_none, dead = 0,
    setup 1 {}
    setup 2 { first = white; }
);

borrowed!(
    /// 全面将棋, rule set 1: a piece moves like any adjacent enemy piece; its own movement only
    /// when no enemy is adjacent. (The seed's setup line says "no enemy attacking it"; the main
    /// text — no enemy on the 8 squares — is taken, as RULES.md decides.)
    AroundPosition, "Shogi-AroundPosition", "moves of adjacent enemy pieces; own movement only when none", around, when_none, dead = 0,
    note = "Own movement only when no enemy piece stands on the 8 adjacent squares (RULES.md §3 reading of the seed).";
    setup 1 {}
);

borrowed!(
    /// 全面将棋（天竺）, rule set 2: adjacent enemies' movements and always its own.
    AroundPositionAlways, "Shogi-AroundPosition", "moves of adjacent enemy pieces and always its own", around, always, dead = 0,
    setup 2 {}
);

borrowed!(
    /// 利き位置将棋, rule set 1: a piece moves like the enemy pieces it naturally attacks; its
    /// own movement only when it attacks none.
    KikiPosition, "Shogi-Kiki-Position", "moves of the enemy pieces it attacks; own movement only when none", attacked, when_none, dead = 0,
    setup 1 {}
);

borrowed!(
    /// 利き位置将棋（天竺）, rule set 2: the enemies it attacks, and always its own movement.
    KikiPositionAlways, "Shogi-Kiki-Position", "moves of the enemy pieces it attacks and always its own", attacked, always, dead = 0,
    setup 2 {}
);

borrowed!(
    /// アンチ利き位置将棋, rule set 1: a piece moves like the enemy pieces naturally attacking
    /// it; its own movement only when none attacks it.
    AntiKikiPosition, "Shogi-Anti-Kiki-Position", "moves of the enemy pieces attacking it; own movement only when none", attackers, when_none, dead = 0,
    setup 1 {}
);

borrowed!(
    /// アンチ利き位置将棋（天竺）, rule set 2: its attackers' movements and always its own.
    AntiKikiPositionAlways, "Shogi-Anti-Kiki-Position", "moves of the enemy pieces attacking it and always its own", attackers, always, dead = 0,
    setup 2 {}
);
