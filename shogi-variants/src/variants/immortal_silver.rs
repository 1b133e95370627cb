//! Shogi-ImmortalSilver 不死身銀 (RULES.md §2).

use shogi_macros::variant;

variant! {
    /// Immortal silver shogi: no piece, the king included, can capture an immortal silver.
    ///
    /// It moves as a silver and may promote (optionally, usual zone) to an ordinary promoted
    /// silver, which is capturable and goes to hand as an ordinary silver. Silvers in hand and
    /// dropped silvers are ordinary. The 6-piece handicap here removes both lances, both golds,
    /// rook and bishop; the 9-piece handicap also both knights and one silver.
    pub struct ImmortalSilver;
    id = "Shogi-ImmortalSilver";
    title = "immortal silvers: no piece can capture them";
    pieces = standard;
    piece immortal_silver 'I' {
        moves = silver;
        promotes = promoted_silver;
        immortal;
        // Never captured while immortal; its promoted form goes to hand as an ordinary silver.
        captured = silver;
        home = silver;
        value = 750;
    }
    king_loss = checkmate;
    note = "Handicap setups: Black moves first in every setup, as RULES.md says.";
    setup 1 {
        black replace silver => immortal_silver;
        white replace silver => immortal_silver;
    }
    setup 2 {
        black remove [lance, gold, rook, bishop];
        white remove [lance, gold, rook, bishop];
        black replace silver => immortal_silver;
        white replace silver => immortal_silver;
    }
    setup 3 {
        black remove [lance, gold, rook, bishop];
        black replace silver => immortal_silver;
    }
    setup 4 {
        white remove [lance, gold, rook, bishop];
        white replace silver => immortal_silver;
    }
    setup 5 {
        black remove [lance, knight, gold, rook, bishop, "7i"];
        black place { "3i" = immortal_silver };
    }
    setup 6 {
        white remove [lance, knight, gold, rook, bishop, "3a"];
        white place { "7a" = immortal_silver };
    }
    setup 7 {
        black remove [lance, knight, gold, rook, bishop, "3i"];
        black place { "7i" = immortal_silver };
    }
    setup 8 {
        white remove [lance, knight, gold, rook, bishop, "7a"];
        white place { "3a" = immortal_silver };
    }
}
