//! Shogi-ReflectionBishop 反射角 (RULES.md §2): three rule sets, one per set of reflecting edges.

use shogi_macros::variant;

variant! {
    /// Reflecting bishop, rule set 1: bishop and horse bounce off every edge.
    ///
    /// A slide bounces (a 90° turn) where its next step would cross a reflecting edge; it may
    /// stop anywhere on its path, captures the first enemy and stops, never passes a piece; its
    /// own starting square counts as a friendly piece. In a corner where both edges reflect the
    /// direction reverses. The horse's orthogonal steps do not bounce.
    pub struct ReflectionBishopAll;
    id = "Shogi-ReflectionBishop";
    title = "bishop and horse reflect off all four edges";
    pieces = standard;
    piece bishop { moves = bishop + reflecting(all); }
    piece horse { moves = horse + reflecting(all); }
    king_loss = checkmate;
    setup 1 {}
}

variant! {
    /// Reflecting bishop, rule set 2: only the side edges (files 1 and 9) reflect; a path that
    /// reaches rank a or i ends there, and in a corner the path ends.
    pub struct ReflectionBishopSides;
    id = "Shogi-ReflectionBishop";
    title = "bishop and horse reflect off the side edges (files 1 and 9)";
    pieces = standard;
    piece bishop { moves = bishop + reflecting(sides); }
    piece horse { moves = horse + reflecting(sides); }
    king_loss = checkmate;
    setup 2 {}
}

variant! {
    /// Reflecting bishop, rule set 3: only the top and bottom edges (ranks a and i) reflect.
    pub struct ReflectionBishopEnds;
    id = "Shogi-ReflectionBishop";
    title = "bishop and horse reflect off the top and bottom edges (ranks a and i)";
    pieces = standard;
    piece bishop { moves = bishop + reflecting(top_bottom); }
    piece horse { moves = horse + reflecting(top_bottom); }
    king_loss = checkmate;
    setup 3 {}
}
