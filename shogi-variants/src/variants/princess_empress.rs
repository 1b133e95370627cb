//! Shogi-Princess-Empress and Shogi-Princess-Empress-Variant (RULES.md §2).

use shogi_macros::variant;

variant! {
    /// Princess/empress shogi: royal rook and royal bishop (not royal despite the name: only
    /// the king matters) promote to empress (rook + chess knight) and princess (bishop + chess
    /// knight). Kinds are kept on capture: a captured empress goes to hand as a royal rook.
    /// In setups 3–6 only one side has the pieces, and that side plays without its knights.
    pub struct PrincessEmpress;
    id = "Shogi-Princess-Empress";
    title = "royal rook and royal bishop promoting to empress and princess";
    pieces = standard with [royal_rook_bishop];
    king_loss = checkmate;
    setup 1 {
        black replace rook => royal_rook;
        black replace bishop => royal_bishop;
        white replace rook => royal_rook;
        white replace bishop => royal_bishop;
    }
    setup 2 like 1 { first = white; }
    setup 3 {
        black remove [knight];
        black replace rook => royal_rook;
        black replace bishop => royal_bishop;
    }
    setup 4 like 3 { first = white; }
    setup 5 {
        white remove [knight];
        white replace rook => royal_rook;
        white replace bishop => royal_bishop;
    }
    setup 6 like 5 { first = white; }
}

variant! {
    /// Princess/empress shogi, variant: rooks are empresses and bishops princesses from the
    /// start (rook + chess knight, bishop + chess knight); neither promotes, and kinds are kept
    /// on capture. In setups 3–6 the side with them plays without lances, knights, silvers and
    /// golds.
    pub struct PrincessEmpressVariant;
    id = "Shogi-Princess-Empress-Variant";
    title = "unpromotable empress and princess";
    pieces = standard;
    piece empress 'C' {
        moves = empress;
        value = 1600;
    }
    piece princess 'A' {
        moves = princess;
        value = 1450;
    }
    king_loss = checkmate;
    setup 1 {
        black replace rook => empress;
        black replace bishop => princess;
        white replace rook => empress;
        white replace bishop => princess;
    }
    setup 2 like 1 { first = white; }
    setup 3 {
        black remove [lance, knight, silver, gold];
        black replace rook => empress;
        black replace bishop => princess;
    }
    setup 4 like 3 { first = white; }
    setup 5 {
        white remove [lance, knight, silver, gold];
        white replace rook => empress;
        white replace bishop => princess;
    }
    setup 6 like 5 { first = white; }
}
