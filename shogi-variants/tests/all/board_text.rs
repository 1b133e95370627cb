//! The text of boards, hands and results used by `play` and `selfplay`. Expected values are
//! worked out by hand from the positions (RULES.md), not copied from the program.

use shogi_core::game::EndReason;
use shogi_core::geometry::Geometry;
use shogi_core::{Color, Game, Position, Rules};

const STD: Geometry = Geometry::STANDARD;
use shogi_variants::board_text::{
    board_text, hand_text, move_squares, result_code, result_text, Ending,
};
use shogi_variants::variants::{OthelloA, ReversiA, Rifle, Standard};

fn game<R: Rules>(sfen: &str, moves: &str) -> Game<R> {
    let mut g = Game::<R>::from_sfen(sfen).expect("valid SFEN");
    for m in moves.split_whitespace() {
        g.play_usi(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

fn ending<R: Rules>(g: &Game<R>) -> (Ending, Option<Color>, String) {
    let o = g.outcome().expect("the game is over");
    (Ending::of(g, o), o.winner, result_text(g, o))
}

#[test]
fn start_board_and_hands() {
    let pos = Position::<Standard>::startpos(0);
    let text = board_text(&pos, &[]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 12);
    assert_eq!(lines[0], "    9   8   7   6   5   4   3   2   1");
    assert_eq!(lines[2], "  |  l   n   s   g   k   g   s   n   l | a");
    assert_eq!(lines[3], "  |  .   r   .   .   .   .   .   b   . | b");
    assert_eq!(lines[9], "  |  .   B   .   .   .   .   .   R   . | h");
    assert_eq!(lines[10], "  |  L   N   S   G   K   G   S   N   L | i");
    assert_eq!(hand_text(&pos, Color::Black), "-");
    // Promoted pieces take two columns; marked squares are bracketed in place.
    let pos = Position::<Standard>::from_sfen("4k4/9/9/9/9/9/9/4+P4/4K4 b 2PSgr 1").unwrap();
    let mv = pos.clone().parse_usi("5h5g").unwrap();
    let marks = move_squares(mv);
    assert_eq!(
        marks,
        [
            STD.parse_square("5h").unwrap(),
            STD.parse_square("5g").unwrap()
        ]
    );
    let text = board_text(&pos, &marks);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[8], "  |  .   .   .   .  [.]  .   .   .   . | g");
    assert_eq!(lines[9], "  |  .   .   .   . [+P]  .   .   .   . | h");
    // SFEN hand order is R B G S N L P.
    assert_eq!(hand_text(&pos, Color::Black), "S 2P");
    assert_eq!(hand_text(&pos, Color::White), "r g");
}

#[test]
fn checkmate_and_stalemate() {
    // G*1b, guarded by the pawn on 1c, covers 1a's escapes 2a and 2b.
    let g = game::<Standard>("8k/9/p7P/9/9/9/9/9/4K4 b G 1", "G*1b");
    let (e, w, text) = ending(&g);
    assert_eq!((e, w), (Ending::Checkmate, Some(Color::Black)));
    assert_eq!(text, "checkmate: Black (sente) wins");
    assert_eq!(result_code(g.outcome().unwrap()), "1-0");
    // White to move, not in check: 2a is covered by the silver, 1b and 2b by the gold.
    let g = game::<Standard>("8k/6S2/8G/9/9/9/9/9/4K4 w - 1", "");
    let (e, w, text) = ending(&g);
    assert_eq!((e, w), (Ending::Stalemate, Some(Color::Black)));
    assert_eq!(
        text,
        "stalemate (no legal move, which loses): Black (sente) wins"
    );
}

#[test]
fn repetitions() {
    // King shuffles: the start position occurs for the fourth time after 12 plies, no checks.
    let g = game::<Standard>(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        &"5i4h 5a4b 4h5i 4b5a ".repeat(3),
    );
    let (e, w, text) = ending(&g);
    assert_eq!((e, w), (Ending::Sennichite, None));
    assert_eq!(text, "sennichite (fourfold repetition): draw");
    assert_eq!(result_code(g.outcome().unwrap()), "1/2-1/2");
    // Every Black move of the rook cycle checks the king on 1a/1b/2b: Black loses.
    let cycle = "2i1i 1b2b 1i2i 2b1b ";
    let g = game::<Standard>(
        "8k/9/9/9/9/9/9/9/4K2R1 b - 1",
        &format!("5i5h 1a1b {}", cycle.repeat(3)),
    );
    let (e, w, text) = ending(&g);
    assert_eq!(g.outcome().unwrap().reason, EndReason::PerpetualCheck);
    assert_eq!((e, w), (Ending::PerpetualCheck, Some(Color::White)));
    assert_eq!(
        text,
        "perpetual check (fourfold repetition; the checker loses): White (gote) wins"
    );
    assert_eq!(result_code(g.outcome().unwrap()), "0-1");
}

#[test]
fn board_decided_endings() {
    // Rifle (king capture): the rook on 1i shoots the king on 1a and stays.
    let g = game::<Rifle>("8k/9/9/9/9/9/9/9/4K3R b - 1", "1i1a");
    let (e, w, text) = ending(&g);
    assert_eq!((e, w), (Ending::KingCaptured, Some(Color::Black)));
    assert_eq!(text, "king captured: Black (sente) wins");
    // Othello A: 3b4a sandwiches the king on 5a between the silvers on 6a and 4a.
    let g = game::<OthelloA>("3Sk4/6S2/9/9/9/9/9/9/4K4 b - 1", "3b4a");
    let (e, w, text) = ending(&g);
    assert_eq!((e, w), (Ending::KingFlipped, Some(Color::Black)));
    assert_eq!(text, "king flipped: Black (sente) wins");
    // Reversi A: 4f4e sandwiches White's tokin on 5e between the golds; it turns back into a
    // pawn on the file of White's pawn on 5c, and White loses by nifu.
    let g = game::<ReversiA>("k8/9/4p4/9/3G+p4/5G3/9/9/8K b - 1", "4f4e");
    let (e, w, text) = ending(&g);
    assert_eq!((e, w), (Ending::Nifu, Some(Color::Black)));
    assert_eq!(
        text,
        "two unpromoted pawns on a file (nifu): Black (sente) wins"
    );
    assert_eq!(e.code(), "nifu");
}
