//! What the page draws of a position, read from the engine: the board's size and squares in
//! display order, a move's visible effects (a diff of the board against a plain move), and
//! the paralysed pieces. The page itself knows no rules.

use serde::Serialize;
use shogi_core::table::{Golds, Paralysis};
use shogi_core::{Bitboard, Color, Move, Piece, Position, Rules, Square};

/// Files and ranks of `R`'s board: the one place the web board reads its size from.
pub fn dims<R: Rules>() -> (u8, u8) {
    (R::GEOMETRY.files, R::GEOMETRY.ranks)
}

/// The squares of `R`'s board in display order from Black's side: rank a first, each rank
/// from the highest file (left) to file 1 (right).
pub fn display_rows<R: Rules>() -> Vec<Vec<Square>> {
    let (files, ranks) = dims::<R>();
    (0..ranks)
        .map(|rank| {
            (0..files)
                .rev()
                .map(|file| Square::from_file_rank(file, rank))
                .collect()
        })
        .collect()
}

/// `b` or `w`.
pub fn side_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// SFEN token of a square's piece, `None` when empty.
pub fn token<R: Rules>(p: Piece) -> Option<String> {
    (!p.is_empty()).then(|| Position::<R>::piece_token(p))
}

/// A visible consequence of a move beyond the plain move itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Effect {
    /// The piece on `square` changed owner (Othello flips, Andernach).
    Flip {
        square: String,
        before: String,
        after: String,
    },
    /// Same owner, another kind (Reversi's promotion toggles).
    Change {
        square: String,
        before: String,
        after: String,
    },
    /// A piece arrived where the move did not put one (a piece returning home, reborn, or
    /// a capturer that stayed where it was).
    Appear { square: String, piece: String },
    /// A piece left a square the move did not empty (a rifle capture's victim square).
    Remove { square: String, piece: String },
    /// A captured piece went to nobody's hand and nowhere on the board.
    Vanish { square: String, piece: String },
}

/// Board and hands, copied before a move so its effects can be found after it.
#[derive(Clone, Debug)]
pub struct Snapshot {
    board: Vec<(Square, Piece)>,
    hands: [u32; 2],
}

impl Snapshot {
    pub fn of<R: Rules>(pos: &Position<R>) -> Snapshot {
        let board = display_rows::<R>()
            .into_iter()
            .flatten()
            .map(|sq| (sq, pos.piece_at(sq)))
            .collect();
        let total = |c: Color| {
            pos.tables()
                .hand_kinds
                .iter()
                .map(|&k| pos.hand(c, k) as u32)
                .sum()
        };
        Snapshot {
            board,
            hands: [total(Color::Black), total(Color::White)],
        }
    }
}

/// The effects of `mv`, played by `mover` from `before`, that the position `after` shows:
/// every square where `after` differs from what a plain move would leave, and every captured
/// piece that reached neither the capturer's hand nor the board.
pub fn effects<R: Rules>(
    before: &Snapshot,
    mv: Move,
    mover: Color,
    after: &Position<R>,
) -> Vec<Effect> {
    let t = after.tables();
    let at = |sq: Square| {
        before
            .board
            .iter()
            .find(|(s, _)| *s == sq)
            .map(|(_, p)| *p)
            .unwrap_or(Piece::EMPTY)
    };
    let mut expected: Vec<(Square, Piece)> = before.board.clone();
    let mut set = |sq: Square, p: Piece| {
        if let Some(e) = expected.iter_mut().find(|(s, _)| *s == sq) {
            e.1 = p;
        }
    };
    let mut captured: Vec<(Square, Piece)> = Vec::new();
    if mv.is_drop() {
        set(mv.to(), Piece::new(mover, mv.drop_kind()));
    } else {
        let moving = at(mv.from());
        let kind = if mv.is_promotion() {
            t.promote_to[moving.kind() as usize]
        } else {
            moving.kind()
        };
        for sq in mv.mid().into_iter().chain([mv.to()]) {
            let victim = at(sq);
            if sq != mv.from() && !victim.is_empty() && victim.color() != mover {
                captured.push((sq, victim));
            }
        }
        set(mv.from(), Piece::EMPTY);
        if let Some(mid) = mv.mid() {
            set(mid, Piece::EMPTY);
        }
        set(mv.to(), Piece::new(mover, kind));
    }
    let name = |p: Piece| token::<R>(p).unwrap_or_default();
    let mut out = Vec::new();
    for &(sq, want) in &expected {
        let got = after.piece_at(sq);
        if got == want {
            continue;
        }
        let square = sq.to_string();
        out.push(match (want.is_empty(), got.is_empty()) {
            (false, false) if want.color() != got.color() => Effect::Flip {
                square,
                before: name(want),
                after: name(got),
            },
            (false, false) => Effect::Change {
                square,
                before: name(want),
                after: name(got),
            },
            (true, _) => Effect::Appear {
                square,
                piece: name(got),
            },
            (false, true) => Effect::Remove {
                square,
                piece: name(want),
            },
        });
    }
    // Captured pieces are accounted for by the capturer's hand growing or by pieces of the
    // victim's colour appearing on the board; the rest vanished.
    let after_hand: u32 = t
        .hand_kinds
        .iter()
        .map(|&k| after.hand(mover, k) as u32)
        .sum();
    let gained = after_hand.saturating_sub(before.hands[mover.index()]) as usize;
    let reborn = out
        .iter()
        .filter(|e| matches!(e, Effect::Appear { piece, .. } if is_colour(piece, !mover)))
        .count();
    let vanished = captured.len().saturating_sub(gained + reborn);
    for &(sq, p) in captured.iter().take(vanished) {
        out.push(Effect::Vanish {
            square: sq.to_string(),
            piece: name(p),
        });
    }
    out
}

/// Whether an SFEN token is `c`'s (uppercase Black, lowercase White).
fn is_colour(token: &str, c: Color) -> bool {
    let upper = token.chars().any(|ch| ch.is_ascii_uppercase());
    upper == (c == Color::Black)
}

/// The squares of pieces that may not move because of paralysis (RULES.md §6): under
/// `AnyEnemy` a piece naturally attacked by any enemy, under Madrasi one attacked by an enemy
/// of its own kind (promoted golds one kind with gold under `Golds::AsGold`; royals exempt
/// unless kings paralyse). Empty for rule sets without paralysis.
pub fn paralysed<R: Rules>(pos: &Position<R>) -> Vec<Square> {
    if matches!(R::HOOKS.paralysis, Paralysis::None) {
        return Vec::new();
    }
    let t = pos.tables();
    let mut out = Vec::new();
    for sq in display_rows::<R>().into_iter().flatten() {
        let p = pos.piece_at(sq);
        if p.is_empty() {
            continue;
        }
        let (color, kind) = (p.color(), p.kind() as usize);
        let attackers = pos.attackers_naturally(sq, !color);
        let frozen = match R::HOOKS.paralysis {
            Paralysis::None => false,
            Paralysis::AnyEnemy => attackers.nonempty(),
            Paralysis::SameKind { kings, golds } => {
                if !kings && t.royal[kind] {
                    false
                } else {
                    let gold_like = matches!(golds, Golds::AsGold) && t.gold_class[kind];
                    let same = (0..t.kinds as u8)
                        .filter(|&k| k as usize == kind || gold_like && t.gold_class[k as usize])
                        .fold(Bitboard::EMPTY, |bb, k| bb | pos.pieces(!color, k));
                    (attackers & same).nonempty()
                }
            }
        };
        if frozen {
            out.push(sq);
        }
    }
    out
}
