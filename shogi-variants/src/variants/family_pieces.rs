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

variant! {
    /// Kyoto shogi (5×5): every move of a two-sided piece turns it over — pawn ↔ rook,
    /// silver ↔ bishop, lance ↔ tokin (gold), knight ↔ gold — anywhere on the board; the king
    /// has one side. A piece in hand may be dropped either side up (`P*3c`, `+P*3c`). No nifu,
    /// no uchifuzume, no dead squares. USI writes a move that turns a piece up with `+` and one
    /// that turns it back with `-`, as Fairy-Stockfish does.
    /// Start `p+nks+l/5/5/5/+LSK+NP`, Black first.
    pub struct KyotoShogi;
    id = "kyotoshogi";
    title = "Kyoto shogi, 5x5: every move turns the piece over";
    board = 5x5;
    zone = 5;
    pieces = standard without [gold, bishop, rook, dragon, horse, tokin, promoted_silver];
    piece pawn { promotes = rook; dead_ranks = 0; no_nifu; drop_mate_allowed; value = 300; }
    piece lance { dead_ranks = 0; value = 350; }
    piece knight { dead_ranks = 0; value = 350; }
    piece silver { promotes = bishop; value = 500; }
    piece rook "+P" { moves = rook; value = 900; }
    piece bishop "+S" { moves = bishop; value = 750; }
    piece promoted_lance { value = 550; }
    piece promoted_knight { value = 550; }
    promotion = flip_each_move;
    king_loss = checkmate;
    note = "The rook is the pawn's other side ('+P') and the bishop the silver's ('+S'), as Fairy-Stockfish writes them.";
    start = "p+nks+l/5/5/5/+LSK+NP";
    setup {}
}

variant! {
    /// Micro shogi (4 files × 5 ranks): a two-sided piece turns over when it captures, and only
    /// then — bishop ↔ gold, rook ↔ gold, lance ↔ silver, pawn ↔ knight. A piece in hand may be
    /// dropped either side up. No nifu, no uchifuzume, no dead squares; `+`/`-` as in Kyoto.
    /// Start `kb+r+l/p3/4/3P/+L+RBK`, Black first.
    pub struct MicroShogi;
    id = "micro";
    title = "Micro shogi, 4x5: a piece turns over when it captures";
    board = 4x5;
    zone = 5;
    pieces = standard without [gold, silver, knight, dragon, horse, tokin, promoted_silver, promoted_knight, promoted_lance];
    piece pawn { promotes = knight; dead_ranks = 0; no_nifu; drop_mate_allowed; value = 250; }
    piece lance { promotes = silver; dead_ranks = 0; value = 350; }
    piece bishop { promotes = bishop_gold; value = 600; }
    piece rook { promotes = rook_gold; value = 700; }
    piece knight "+P" { moves = knight; value = 300; }
    piece silver "+L" { moves = silver; value = 450; }
    piece bishop_gold "+B" { moves = gold; value = 500; }
    piece rook_gold "+R" { moves = gold; value = 500; }
    promotion = flip_on_capture;
    king_loss = checkmate;
    start = "kb+r+l/p3/4/3P/+L+RBK";
    setup {}
}

variant! {
    /// Dōbutsu shōgi (3 files × 4 ranks): the lion (moves like a king) is captured to win, the
    /// giraffe steps one square orthogonally, the elephant one square diagonally, and the chick
    /// one square forward, promoting (forced) on the last rank to the hen, which moves like a
    /// gold. A lion on its last rank that no enemy piece attacks wins (the try). Captured
    /// pieces go to hand; no nifu, no uchifuzume, no dead squares; a move may leave the lion
    /// attacked. Start `gle/1c1/1C1/ELG`, Black first.
    pub struct Dobutsu;
    id = "dobutsu";
    title = "Dobutsu shogi, 3x4: capture the lion or bring it home safely";
    board = 3x4;
    zone = 1;
    pieces = none;
    piece lion 'L' { moves = king; royal; value = 0; }
    piece giraffe 'G' { moves = leaps((0, 1), (0, -1), (1, 0), (-1, 0)); value = 500; }
    piece elephant 'E' { moves = leaps((1, 1), (-1, 1), (1, -1), (-1, -1)); value = 400; }
    piece chick 'C' { moves = pawn; promotes = hen; value = 150; }
    piece hen "+C" { moves = gold; value = 550; }
    promotion = forced;
    goal = reach_last_rank;
    king_loss = king_capture;
    note = "Repetition is RULES.md's (a fourth occurrence draws, a perpetual check loses); Fairy-Stockfish scores every repetition of dobutsu a draw.";
    note = "Should both lions stand safe on their last ranks (one arrived attacked, the attacker left), the side to move wins; Fairy-Stockfish calls that a draw. Either way the game is over.";
    start = "gle/1c1/1C1/ELG";
    setup {}
}

variant! {
    /// Sho shogi (小将棋), shogi before drops: the standard pieces and a drunk elephant (one
    /// step in every direction but straight back) beside each king, which may promote to a
    /// crown prince (moves like a king, royal too). Captured pieces leave the game; no drops.
    /// A side loses when it has no royal piece left: while it has king and prince, either may
    /// be left attacked and captured; its last royal piece may not be left capturable (a side
    /// without a legal move loses, as in shogi).
    /// Start `lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL`, Black first.
    pub struct ShoShogi;
    id = "shoshogi";
    title = "Sho shogi: no drops, a drunk elephant that becomes a second royal";
    pieces = standard;
    piece drunk_elephant 'E' {
        moves = leaps((0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (1, -1), (-1, -1));
        promotes = crown_prince;
        value = 650;
    }
    piece crown_prince "+E" { moves = king; royal; value = 900; }
    captured = vanish;
    king_loss = last_royal;
    note = "The crown prince is written `+E` (the promoted elephant), as Fairy-Stockfish writes it; its extinction pseudo-royalty is this rule set's `last_royal`.";
    start = "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL";
    setup {}
}

variant! {
    /// Tori shogi (禽将棋, 7×7), the bird pieces: the phoenix (king, royal), falcon (every step
    /// but straight back; promotes to the eagle: every step, a slide straight back and forward
    /// diagonally, and up to two squares back diagonally), crane (every step but sideways),
    /// pheasant (a jump two squares forward, a step back diagonally), left quail (slides
    /// forward and back to the right, steps back to the left), right quail (the mirror), and
    /// swallow (a step forward; promotes to the goose: jumps two squares forward diagonally or
    /// two straight back). Zone: the last two ranks; promotion is compulsory. Drops: a file
    /// may hold two unpromoted swallows of a side, not three; a swallow drop may not mate;
    /// no swallow on the last rank. Start `rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR`,
    /// Black first.
    pub struct ToriShogi;
    id = "torishogi";
    title = "Tori shogi, 7x7: the bird pieces";
    board = 7x7;
    zone = 2;
    pieces = none;
    piece tori_phoenix 'K' { moves = king; royal; value = 0; }
    piece swallow 'S' {
        moves = pawn;
        promotes = goose;
        dead_ranks = 1;
        nifu = 2;
        no_drop_mate;
        value = 100;
    }
    piece goose "+S" { moves = leaps((2, 2), (-2, 2), (0, -2)); value = 350; }
    piece falcon 'F' {
        moves = leaps((0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (1, -1), (-1, -1));
        promotes = eagle;
        value = 650;
    }
    piece eagle "+F" {
        moves = king + slides((0, -1), (1, 1), (-1, 1)) + slides_up_to(2, (1, -1), (-1, -1));
        value = 1200;
    }
    piece crane 'C' { moves = leaps((0, 1), (1, 1), (-1, 1), (0, -1), (1, -1), (-1, -1)); value = 500; }
    piece pheasant 'P' { moves = leaps((0, 2), (1, -1), (-1, -1)); value = 300; }
    piece left_quail 'L' { moves = slides((0, 1), (1, -1)) + leaps((-1, -1)); value = 450; }
    piece right_quail 'R' { moves = slides((0, 1), (-1, -1)) + leaps((1, -1)); value = 450; }
    promotion = forced;
    king_loss = checkmate;
    note = "Repetition is RULES.md's sennichite (a fourth occurrence draws, a perpetual check loses); Fairy-Stockfish scores a fourfold repetition as a loss for the side that completes it.";
    note = "A swallow drop that mates is not a legal move, as the published rules say; Fairy-Stockfish generates it and scores it as a loss for the dropper, so its perft counts such drops.";
    start = "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR";
    setup {}
}
