//! The shogi family on other boards and the standard handicaps (issue 17), named as
//! Fairy-Stockfish's `USI_Variant` names them. Rules as Fairy-Stockfish's `src/variant.cpp`
//! defines them (commit c19b5f6c), checked against the published rules.

use shogi_macros::variant;

variant! {
    /// Minishogi (5×5): standard pieces without knights and lances; the promotion zone is the
    /// last rank; nifu and uchifuzume as in shogi. Start `rbsgk/4p/5/P4/KGSBR`, Black first.
    pub struct Minishogi;
    id = "minishogi";
    title = "minishogi, 5x5";
    board = 5x5;
    zone = 1;
    pieces = standard without [knight, lance, promoted_knight, promoted_lance];
    king_loss = checkmate;
    start = "rbsgk/4p/5/P4/KGSBR";
    note = "Repetition is RULES.md's sennichite (a fourth occurrence draws, a perpetual check loses), like every id; Fairy-Stockfish scores a fourfold repetition in minishogi as a loss for the first player (Black), as computer minishogi tournaments do.";
    // Piece values for 5×5 (the engine's material; the rules do not read them), about
    // Fairy-Stockfish's for minishogi in pawns: its shogi values with sliders scaled down
    // to the small board and every value saturating as in drop games. Golds and silvers
    // count more and the bishop less than on 9×9: against Fairy-Stockfish at 100 ms a
    // move these scored 35.3 % over 480 games where the standard values scored 26.6 %
    // over 400 (README, "Search and evaluation").
    piece silver { value = 677; }
    piece gold { value = 734; }
    piece bishop { value = 638; }
    piece rook { value = 946; }
    piece horse { value = 1213; }
    piece dragon { value = 1373; }
    piece promoted_silver { value = 734; }
    piece tokin { value = 734; }
    setup {}
}

variant! {
    /// Judkins shogi (6×6): standard pieces without lances; the promotion zone is the last two
    /// ranks; nifu and uchifuzume as in shogi. Start `rbnsgk/5p/6/6/P5/KGSNBR`, Black first.
    pub struct Judkins;
    id = "judkins";
    title = "Judkins shogi, 6x6";
    board = 6x6;
    zone = 2;
    pieces = standard without [lance, promoted_lance];
    king_loss = checkmate;
    start = "rbnsgk/5p/6/6/P5/KGSNBR";
    setup {}
}

variant! {
    /// Goro goro shogi (5 files × 6 ranks): kings, golds, silvers and pawns; the promotion zone
    /// is the last two ranks; nifu and uchifuzume as in shogi. Start
    /// `sgkgs/5/1ppp1/1PPP1/5/SGKGS`, Black first, empty hands (the modern "plus" version with
    /// pieces in hand is not this id).
    pub struct Gorogoro;
    id = "gorogoro";
    title = "goro goro shogi, 5x6";
    board = 5x6;
    zone = 2;
    pieces = standard without [knight, lance, rook, bishop, promoted_knight, promoted_lance, dragon, horse];
    king_loss = checkmate;
    start = "sgkgs/5/1ppp1/1PPP1/5/SGKGS";
    setup {}
}

variant! {
    /// Standard shogi from the ten standard handicaps (駒落ち). White, the handicap giver,
    /// moves first; the giver's pieces removed are, by setup: 1 lance (left lance, 1a), 2 right
    /// lance (9a), 3 bishop, 4 rook, 5 rook and lance (1a), 6 two pieces (rook, bishop), 7
    /// four pieces (and both lances), 8 six pieces (and both knights), 9 eight pieces (and both
    /// silvers), 10 ten pieces (and both golds). Otherwise standard shogi.
    pub struct Handicap;
    id = "Shogi-Handicap";
    title = "standard shogi from the standard handicaps, White (the giver) first";
    pieces = standard;
    king_loss = checkmate;
    setup 1 { white remove ["1a"]; first = white; }
    setup 2 { white remove ["9a"]; first = white; }
    setup 3 { white remove [bishop]; first = white; }
    setup 4 { white remove [rook]; first = white; }
    setup 5 { white remove [rook, "1a"]; first = white; }
    setup 6 { white remove [rook, bishop]; first = white; }
    setup 7 { white remove [rook, bishop, lance]; first = white; }
    setup 8 { white remove [rook, bishop, lance, knight]; first = white; }
    setup 9 { white remove [rook, bishop, lance, knight, silver]; first = white; }
    setup 10 { white remove [rook, bishop, lance, knight, silver, gold]; first = white; }
}

variant! {
    /// Annan shogi (安南将棋) as the servers play it (lishogi; its rules library shogiops is
    /// the reference): a piece moves like the friendly piece directly behind it, else
    /// normally; it promotes as its own kind. The pawns of files 2 and 8 start one rank
    /// forward. Since any piece may borrow a move, no square is dead: pawns, lances and knights
    /// may be dropped on and move unpromoted to the last ranks, and a position with them there
    /// is valid. Nifu (drops only), uchifuzume and checkmate as in shogi; check uses the
    /// borrowed movement.
    pub struct AnnanShogi;
    id = "annanshogi";
    title = "Annan shogi: pieces move like the friendly piece directly behind them";
    pieces = standard;
    piece pawn { dead_ranks = 0; }
    piece lance { dead_ranks = 0; }
    piece knight { dead_ranks = 0; }
    movement = borrow { lender = friend, place = behind, own = when_none };
    king_loss = checkmate;
    start = "lnsgkgsnl/1r5b1/p1ppppp1p/1p5p1/9/1P5P1/P1PPPPP1P/1B5R1/LNSGKGSNL";
    note = "No dead squares (pieces may borrow any movement), as the servers' rules library has it; examples/annan keeps the seed's standard dead-piece rules and start.";
    note = "Nifu binds drops only; uchifuzume and checkmate as in shogi; check uses the borrowed movement.";
    setup {}
}
