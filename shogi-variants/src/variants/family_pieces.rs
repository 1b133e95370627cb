//! The shogi family members with pieces of their own (issue 17): EuroShogi, Yari shogi,
//! Okisaki shogi, and Check shogi (standard pieces, another goal). Rules as Fairy-Stockfish's
//! `src/variant.cpp` (commit c19b5f6c) defines them, checked against the published rules.

use shogi_macros::variant;

variant! {
    /// EuroShogi (8×8): king, rook, bishop, gold, pawn and its own knight, which jumps to the
    /// two squares two forward and one aside or steps one square sideways; the promotion zone
    /// is the last three ranks and a piece that may promote must (rook → dragon, bishop →
    /// horse, pawn and knight → gold). Drops, nifu and uchifuzume as in shogi.
    /// Start `1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1`, Black first.
    pub struct EuroShogi;
    id = "euroshogi";
    title = "EuroShogi, 8x8: forced promotion, a knight that also steps sideways";
    board = 8x8;
    zone = 3;
    pieces = standard without [silver, lance, promoted_silver, promoted_lance];
    piece knight {
        moves = leaps((1, 2), (-1, 2), (1, 0), (-1, 0));
        dead_ranks = 0;
    }
    promotion = forced;
    king_loss = checkmate;
    note = "Promotion is compulsory for every piece that may promote (Fairy-Stockfish's mandatoryPiecePromotion, as the published rules say); a pawn may not be dropped on the last rank.";
    start = "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1";
    setup {}
}

variant! {
    /// Yari shogi (7 files × 9 ranks), the spear pieces: the yari knight (forward slide and the
    /// two forward knight jumps), yari bishop (forward slide and forward diagonal steps) and
    /// yari rook (slides forward and sideways) promote to the yari gold (a gold that also
    /// slides backward) and, for the yari rook, to the rook; the pawn promotes to the yari
    /// silver (the three forward steps and a backward slide). Zone: the last three ranks;
    /// promotion is optional. Drops and nifu as in shogi, but a pawn drop may mate.
    /// Start `rnnkbbr/7/ppppppp/7/7/7/PPPPPPP/7/RBBKNNR`, Black first.
    pub struct YariShogi;
    id = "yarishogi";
    title = "Yari shogi, 7x9: spear pieces that slide forward";
    board = 7x9;
    zone = 3;
    pieces = standard without [gold, silver, lance, knight, bishop, rook, promoted_silver, promoted_lance, promoted_knight, tokin, horse, dragon];
    piece pawn { promotes = yari_silver; drop_mate_allowed; }
    piece yari_knight 'N' {
        moves = slides((0, 1)) + leaps((1, 2), (-1, 2));
        promotes = yari_gold_knight;
        dead_ranks = 1;
        value = 450;
    }
    piece yari_bishop 'B' {
        moves = slides((0, 1)) + leaps((1, 1), (-1, 1));
        promotes = yari_gold_bishop;
        dead_ranks = 1;
        value = 500;
    }
    piece yari_rook 'R' {
        moves = slides((0, 1), (1, 0), (-1, 0));
        promotes = rook;
        value = 800;
    }
    piece rook "+R" { moves = rook; value = 1000; }
    piece yari_gold_knight "+N" { moves = gold + slides((0, -1)); value = 700; }
    piece yari_gold_bishop "+B" { moves = gold + slides((0, -1)); value = 700; }
    piece yari_silver "+P" {
        moves = leaps((0, 1), (1, 1), (-1, 1)) + slides((0, -1));
        value = 550;
    }
    king_loss = checkmate;
    note = "A pawn drop may give mate (Fairy-Stockfish's yarishogi: shogiPawnDropMateIllegal = false, as the published rules have no uchifuzume).";
    note = "Fairy-Stockfish ends a game on the third repetition; this id keeps RULES.md's sennichite (fourth), like every id.";
    start = "rnnkbbr/7/ppppppp/7/7/7/PPPPPPP/7/RBBKNNR";
    setup {}
}

variant! {
    /// Okisaki shogi (10×10): standard shogi's pieces, with the lance sliding forward and
    /// backward and the knight jumping like a chess knight (both promote to gold), and a queen
    /// (slides in all eight directions, never promotes) beside each king. Zone: the last three
    /// ranks. Drops, nifu and uchifuzume as in shogi.
    /// Start `lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL`, Black first.
    ///
    /// Squares: files 1–10 from Black's right, written `10a` for the tenth file; the USI
    /// reader also takes `:a`, Fairy-Stockfish's spelling of the tenth file.
    pub struct OkisakiShogi;
    id = "okisakishogi";
    title = "Okisaki shogi, 10x10: a queen beside each king";
    board = 10x10;
    zone = 3;
    pieces = standard;
    piece lance { moves = slides((0, 1), (0, -1)); dead_ranks = 0; value = 550; }
    piece knight { moves = chess_knight; dead_ranks = 0; value = 550; }
    piece queen 'Q' { moves = queen; promotes = never; value = 1500; }
    king_loss = checkmate;
    start = "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL";
    setup {}
}

variant! {
    /// Check shogi (王手将棋): standard shogi in which the side that gives check wins at once.
    /// A move that leaves the own king in check stays illegal; a pawn drop that checks wins
    /// (no drop can mate before the check ends the game).
    pub struct CheckShogi;
    id = "checkshogi";
    title = "check shogi: the first check wins";
    pieces = standard;
    goal = check;
    king_loss = checkmate;
    note = "A pawn drop that gives check wins like any check: the game ends before mate could be asked, as in Fairy-Stockfish (its check counting ends the game; uchifuzume only scores a mate).";
    setup {}
}
