//! Shogi-EightDirectionKnight 八方桂 (RULES.md §2; heading lost in the seed, id provisional).
//!
//! Four rule sets: kinds kept on capture (setups 0–3, 9), kinds fixed by owner with Black or
//! White as the eight-knight side (4, 7 and 5, 8), and eight-knights vanishing when captured (6).

use shogi_macros::variant;

variant! {
    /// Eight-direction knight, kinds kept on capture: a captured eight-knight goes to the
    /// capturer's hand as an eight-knight, an ordinary knight as an ordinary knight.
    ///
    /// The eight-direction knight jumps like a chess knight, may promote in the usual zone
    /// (never forced) to knight + gold, and may be dropped on any rank.
    pub struct EightKnightKept;
    id = "Shogi-EightDirectionKnight";
    title = "eight-direction knights, kinds kept on capture";
    pieces = standard;
    piece eight_knight 'E' {
        moves = chess_knight;
        promotes = promoted_eight_knight;
        value = 700;
    }
    piece promoted_eight_knight "+E" {
        moves = chess_knight + gold;
        value = 1100;
    }
    king_loss = checkmate;
    note = "Setup 0 is ordinary shogi; no eight-knight is on the board, so play is standard.";
    setup 0 {}
    setup 1 { black replace knight => eight_knight; }
    setup 2 { white replace knight => eight_knight; }
    setup 3 {
        black replace knight => eight_knight;
        white replace knight => eight_knight;
    }
    setup 9 {
        black remove [lance, rook, bishop];
        white remove [lance, rook, bishop];
        black replace knight => eight_knight;
        white replace knight => eight_knight;
    }
}

variant! {
    /// Eight-direction knight with Black as the "fixed" eight-knight side: every knight Black
    /// owns (on board or in hand) is an eight-knight, every knight White owns is ordinary; a
    /// captured knight changes kind with its owner.
    pub struct EightKnightFixedBlack;
    id = "Shogi-EightDirectionKnight";
    title = "eight-direction knights fixed to Black";
    pieces = standard;
    piece eight_knight 'E' {
        moves = chess_knight;
        promotes = promoted_eight_knight;
        captured = { black = eight_knight, white = knight };
        value = 700;
    }
    piece promoted_eight_knight "+E" {
        moves = chess_knight + gold;
        captured = { black = eight_knight, white = knight };
        value = 1100;
    }
    piece knight { captured = { black = eight_knight, white = knight }; }
    piece promoted_knight { captured = { black = eight_knight, white = knight }; }
    king_loss = checkmate;
    setup 4 { black replace knight => eight_knight; }
    setup 7 {
        black remove [lance, rook, bishop];
        black replace knight => eight_knight;
    }
}

variant! {
    /// Eight-direction knight with White as the "fixed" eight-knight side (mirror of
    /// [`EightKnightFixedBlack`]).
    pub struct EightKnightFixedWhite;
    id = "Shogi-EightDirectionKnight";
    title = "eight-direction knights fixed to White";
    pieces = standard;
    piece eight_knight 'E' {
        moves = chess_knight;
        promotes = promoted_eight_knight;
        captured = { black = knight, white = eight_knight };
        value = 700;
    }
    piece promoted_eight_knight "+E" {
        moves = chess_knight + gold;
        captured = { black = knight, white = eight_knight };
        value = 1100;
    }
    piece knight { captured = { black = knight, white = eight_knight }; }
    piece promoted_knight { captured = { black = knight, white = eight_knight }; }
    king_loss = checkmate;
    setup 5 { white replace knight => eight_knight; }
    setup 8 {
        white remove [lance, rook, bishop];
        white replace knight => eight_knight;
    }
}

variant! {
    /// Eight-direction knight, both sides, where a captured eight-knight (promoted or not)
    /// vanishes instead of going to hand.
    pub struct EightKnightVanish;
    id = "Shogi-EightDirectionKnight";
    title = "eight-direction knights that vanish when captured";
    pieces = standard;
    piece eight_knight 'E' {
        moves = chess_knight;
        promotes = promoted_eight_knight;
        captured = vanish;
        value = 700;
    }
    piece promoted_eight_knight "+E" {
        moves = chess_knight + gold;
        captured = vanish;
        value = 1100;
    }
    king_loss = checkmate;
    setup 6 {
        black replace knight => eight_knight;
        white replace knight => eight_knight;
    }
}
