//! Standard shogi (RULES.md §0), itself a `variant!` block.

use shogi_macros::variant;

variant! {
    /// Standard shogi: the base every variant changes (RULES.md §0).
    pub struct Standard;
    id = "shogi";
    title = "standard shogi";
    pieces = standard;
    king_loss = checkmate;
    setup {}
}
