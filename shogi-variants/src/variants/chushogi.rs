//! Chu shogi (中将棋), 12×12: the large shogi still played, with the lion (issue 21).

use shogi_macros::variant;

variant! {
    /// Chu shogi (中将棋) on 12×12, as the Japanese Chu Shogi Association rules it: 21 kinds,
    /// 46 pieces a side, no drops (captured pieces leave the game). A side loses when it has
    /// no royal piece left (king, and the crown prince a drunk elephant promotes to); moving
    /// into or staying in check is legal.
    ///
    /// Promotion zone: the far four ranks. A piece may promote when it enters the zone, when
    /// it captures with either end of the move in the zone, or when a pawn or lance reaches
    /// the last rank; never forced (a pawn or lance may stay on the last rank).
    ///
    /// The lion (and the kirin promoted to lion) moves to any square within two, or makes two
    /// king steps: capturing on the first and stepping on (a double capture, or capture and
    /// step), returning (igui), or passing (jitto, through an empty square: one move, written
    /// `7g7f7g` with any empty first square). The horned falcon has that power straight
    /// forward, the soaring eagle on the forward diagonals. Lion trading: a lion takes an
    /// adjacent lion freely, one two squares away only if nothing protects it or the first
    /// step took something other than a pawn or go-between; after a non-lion took a lion, the
    /// other side's non-lions may not take a lion on the next move (the third SFEN field names
    /// that square).
    ///
    /// Bare king: a side left with its king alone loses, unless it can answer at once (it
    /// attacks a royal, or can take the other side's last counted piece); king against king
    /// draws. Repetition: the fourth occurrence draws, unless one side checked or attacked a
    /// piece with every move since the first; that side loses.
    pub struct ChuShogi;
    id = "chushogi";
    title = "Chu shogi, 12x12: the lion and 21 kinds, no drops";
    board = 12x12;
    zone = 4;
    pieces = none with [chu_lion_power];
    piece king 'K' { moves = king; royal; value = 0; }
    piece gold 'G' { moves = gold; promotes = promoted_gold; }
    piece promoted_gold "+G" { moves = rook; }
    piece silver 'S' { moves = silver; promotes = vertical_mover_promoted; }
    piece vertical_mover_promoted "+S" { moves = slides((0, 1), (0, -1)) + leaps((1, 0), (-1, 0)); }
    piece copper 'C' { moves = leaps((1, 1), (0, 1), (-1, 1), (0, -1)); promotes = promoted_copper; }
    piece promoted_copper "+C" { moves = slides((1, 0), (-1, 0)) + leaps((0, 1), (0, -1)); }
    piece leopard 'F' {
        moves = leaps((1, 1), (0, 1), (-1, 1), (1, -1), (0, -1), (-1, -1));
        promotes = promoted_leopard;
    }
    piece promoted_leopard "+F" { moves = bishop; }
    piece lance 'L' { moves = lance; promotes = white_horse; }
    piece white_horse "+L" { moves = slides((0, 1), (1, 1), (-1, 1), (0, -1)); }
    piece reverse_chariot 'A' { moves = slides((0, 1), (0, -1)); promotes = whale; }
    piece whale "+A" { moves = slides((0, 1), (0, -1), (1, -1), (-1, -1)); }
    piece blind_tiger 'T' {
        moves = leaps((1, 1), (-1, 1), (1, 0), (-1, 0), (1, -1), (0, -1), (-1, -1));
        promotes = flying_stag;
    }
    piece flying_stag "+T" { moves = king + slides((0, 1), (0, -1)); }
    piece drunk_elephant 'E' {
        moves = leaps((1, 1), (0, 1), (-1, 1), (1, 0), (-1, 0), (1, -1), (-1, -1));
        promotes = crown_prince;
    }
    piece crown_prince "+E" { moves = king; royal; value = 900; }
    piece phoenix 'X' { moves = phoenix; promotes = promoted_phoenix; }
    piece promoted_phoenix "+X" { moves = free_king; }
    piece bishop 'B' { moves = bishop; promotes = promoted_bishop; }
    piece promoted_bishop "+B" { moves = horse; }
    piece rook 'R' { moves = rook; promotes = promoted_rook; }
    piece promoted_rook "+R" { moves = dragon; }
    piece side_mover 'M' { moves = slides((1, 0), (-1, 0)) + leaps((0, 1), (0, -1)); promotes = free_boar; }
    piece free_boar "+M" { moves = slides((1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)); }
    piece vertical_mover 'V' { moves = slides((0, 1), (0, -1)) + leaps((1, 0), (-1, 0)); promotes = flying_ox; }
    piece flying_ox "+V" { moves = slides((0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)); }
    piece queen 'Q' { moves = free_king; }
    piece pawn 'P' { moves = pawn; promotes = tokin; }
    piece tokin "+P" { moves = gold; }
    piece go_between 'I' { moves = leaps((0, 1), (0, -1)); promotes = promoted_go_between; }
    piece promoted_go_between "+I" {
        moves = leaps((1, 1), (0, 1), (-1, 1), (1, 0), (-1, 0), (1, -1), (-1, -1));
    }
    captured = vanish;
    king_loss = king_capture;
    promotion = enter_or_capture;
    lions = chu;
    goal = bare_king;
    repetition = perpetual_attack;
    note = "Letters and start as lishogi's rules library (shogiops) writes them: lion N, kirin O, phoenix X, queen Q, dragon king D, dragon horse H, side mover M, vertical mover V, reverse chariot A, blind tiger T, drunk elephant E, leopard F, copper C, go-between I; a promoted piece is '+' and its unpromoted letter (+E crown prince, +I the go-between's drunk elephant, not royal).";
    note = "A pawn (or go-between) taken on a lion's first step still protects the lion behind it (the Association's reading, and shogiops'); H. G. Muller's reading would allow that capture.";
    note = "After a non-lion took a lion, the other side's non-lions may not take any lion next move, protected or not, except one standing on that square (shogiops); the Association's Okazaki rule would allow taking an unprotected one.";
    note = "Bare king as lishogi judges the Association's rule: a side left with its king (or prince) alone, dead pawns and lances not counted, loses at once, unless the other side is in check or has just one counted piece besides its royals next to the bare king (pawns and go-betweens not counted); king against king is a draw. shogiops (lishogi's rules library) also needs the winner to have exactly one royal; we follow the server, which needs at least one.";
    note = "Repetition as lishogi's server judges it: the fourth occurrence of a position is a draw, unless one side checked or left the moved piece attacking an enemy piece with every move since the first occurrence; that side loses (the Association: the attacker must vary).";
    start = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL";
    setup {}
}
