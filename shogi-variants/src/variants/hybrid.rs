//! Shogi-Hybrid ポーン＆ナイト将棋 (RULES.md §2): chess pawns and chess knights.

use shogi_macros::variant;

variant! {
    /// Pawn-and-knight shogi: pawns are chess pawns, knights are chess knights.
    ///
    /// A chess pawn steps forward onto an empty square only and captures one square diagonally
    /// forward; on the last rank it must become a queen (rook + bishop) — there and nowhere else.
    /// A captured queen goes to hand as a pawn. Pawn drops: not on the last rank, nifu, and no
    /// drop mate. The chess knight never promotes and drops anywhere.
    pub struct Hybrid;
    id = "Shogi-Hybrid";
    title = "chess pawns and chess knights";
    pieces = standard without [pawn, tokin, knight, promoted_knight];
    piece chess_pawn 'P' {
        moves = chess_pawn;
        promotes = queen in 1;
        dead_ranks = 1;
        nifu;
        no_drop_mate;
        home = pawn;
        value = 100;
    }
    piece queen "+P" {
        moves = queen;
        value = 1500;
    }
    piece chess_knight 'N' {
        moves = chess_knight;
        home = knight;
        value = 450;
    }
    king_loss = checkmate;
    setup 1 {}
    setup 2 { first = white; }
}
