//! Shogi-Kirin-Phoenix and Shogi-Kirin-Phoenix-Variant (RULES.md §2).

use shogi_macros::variant;

variant! {
    /// Kirin and phoenix shogi: the kirin (one square diagonally, or a jump to the second
    /// square orthogonally) replaces the rook and promotes to the chu shogi lion; the phoenix
    /// (one square orthogonally, or a jump to the second square diagonally) replaces the bishop
    /// and promotes to the free king (rook + bishop). Kinds are kept on capture.
    ///
    /// The lion moves to any square within two (jumping), or makes a double king step that
    /// captures on the first square and then steps to an adjacent square: empty, a second enemy,
    /// or back to its start (igui), written with three squares (`5e5d5c`, igui `5e5d5e`). A pass
    /// is not a move; chu shogi's lion-trading rules do not apply.
    pub struct KirinPhoenix;
    id = "Shogi-Kirin-Phoenix";
    title = "kirin and phoenix promoting to lion and free king";
    pieces = standard with [kirin_phoenix];
    king_loss = checkmate;
    note = "A lion double move through an empty first square is not a double move (it would equal an area move); only the capturing double move and igui are three-square moves.";
    setup 1 {
        black replace rook => kirin;
        black replace bishop => phoenix;
        white replace rook => kirin;
        white replace bishop => phoenix;
    }
    setup 2 like 1 { first = white; }
    setup 3 {
        black replace rook => kirin;
        black replace bishop => phoenix;
    }
    setup 4 like 3 { first = white; }
    setup 5 {
        white replace rook => kirin;
        white replace bishop => phoenix;
    }
    setup 6 like 5 { first = white; }
}

variant! {
    /// Kirin/phoenix against royal rook/bishop: one side has kirin and phoenix, the other the
    /// royal rook and royal bishop of Shogi-Princess-Empress; no pieces are removed.
    pub struct KirinPhoenixVariant;
    id = "Shogi-Kirin-Phoenix-Variant";
    title = "kirin and phoenix against royal rook and royal bishop";
    pieces = standard with [kirin_phoenix, royal_rook_bishop];
    king_loss = checkmate;
    setup 1 {
        black replace rook => kirin;
        black replace bishop => phoenix;
        white replace rook => royal_rook;
        white replace bishop => royal_bishop;
    }
    setup 2 like 1 { first = white; }
    setup 3 {
        black replace rook => royal_rook;
        black replace bishop => royal_bishop;
        white replace rook => kirin;
        white replace bishop => phoenix;
    }
    setup 4 like 3 { first = white; }
}
