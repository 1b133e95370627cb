//! Paralysis and Madrasi (RULES.md §6): which pieces may not move.
//!
//! A paralysed piece has no moves and so gives no check, but its natural attacks are
//! unchanged: it still paralyses (attacks are always the natural ones, never filtered by
//! mobility, so paralysis is not recursive).

use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::position::Position;
use crate::rules::{Bb, Rules};
use crate::table::{Golds, KindMask, Paralysis};

impl<R: Rules> Position<R> {
    /// Whether the piece on `sq` is paralysed.
    ///
    /// - `AnyEnemy`: naturally attacked by any enemy piece (kings included: a king attacked
    ///   even by a paralysed piece cannot move).
    /// - `SameKind`: naturally attacked by an enemy piece of the same kind (promoted golds one
    ///   kind with gold under `Golds::AsGold`); with `kings: false` royal pieces are exempt
    ///   (they are never paralysed, and only a king could paralyse one).
    #[inline]
    pub(crate) fn paralysed(&self, sq: Square) -> bool {
        let p = self.piece_at(sq);
        let (color, kind) = (p.color(), p.kind());
        match R::HOOKS.paralysis {
            Paralysis::None => false,
            Paralysis::AnyEnemy => self.attacked_naturally(sq, !color),
            Paralysis::SameKind { kings, golds } => {
                if !kings && self.tables.royal[kind as usize] {
                    return false;
                }
                self.like_paralysed(golds, color, kind, Bitboard::from_square(sq))
                    .nonempty()
            }
        }
    }

    /// The `pieces` (all of `kind` and `color`) attacked by an enemy of their class (Madrasi).
    /// Within a kind attack is symmetric (White's movement is Black's turned round), so those
    /// are the pieces whose class's movements meet such an enemy: a lookup or two per piece,
    /// where the enemy's attack map would cost an attack set per kind.
    #[inline(always)]
    fn like_paralysed(&self, golds: Golds, color: Color, kind: u8, pieces: Bb<R>) -> Bb<R> {
        let mut frozen = Bitboard::EMPTY;
        let mut class = Self::same_kind_mask(golds, kind);
        while class != 0 {
            let k = class.trailing_zeros() as u8;
            class &= class - 1;
            let enemies = self.pieces(!color, k);
            if enemies.nonempty() {
                frozen |= self.pieces_attacking(k, color, pieces & !frozen, enemies);
            }
        }
        frozen
    }

    /// The paralysed pieces of `color`, all at once (move generation): the enemy's natural
    /// attack map, or for Madrasi each kind's pieces judged from their own squares. Empty
    /// without paralysis.
    #[inline(always)]
    pub(crate) fn paralysed_pieces(&self, color: Color) -> Bb<R> {
        match R::HOOKS.paralysis {
            Paralysis::None => Bitboard::EMPTY,
            Paralysis::AnyEnemy => self.pieces_of(color) & self.attack_map(!color, KindMask::MAX),
            // Kind by kind from the pieces' own squares ([`Position::like_paralysed`]).
            Paralysis::SameKind { kings, golds } => {
                let t = self.tables;
                let mut frozen = Bitboard::EMPTY;
                let mut kinds = t.kind_mask;
                while kinds != 0 {
                    let k = kinds.trailing_zeros() as u8;
                    kinds &= kinds - 1;
                    if !kings && t.royal[k as usize] {
                        continue;
                    }
                    let mine = self.pieces(color, k);
                    if mine.nonempty() {
                        frozen |= self.like_paralysed(golds, color, k, mine);
                    }
                }
                frozen
            }
        }
    }

    /// Squares naturally attacked by the pieces of `by` whose kind is in `kinds`.
    fn attack_map(&self, by: Color, kinds: KindMask) -> Bb<R> {
        self.kinds_attacks(by, kinds, Bitboard::FULL, self.occupied())
    }
}

#[cfg(test)]
mod tests {
    use crate::pieces::STANDARD_PIECES;
    use crate::table::{Golds, Hooks, Paralysis};
    use crate::{Color, Position, Rules, Square};

    macro_rules! fixture {
        ($ty:ident, $paralysis:expr) => {
            crate::rules::test_rule_set!(
                $ty,
                STANDARD_PIECES,
                Hooks {
                    paralysis: $paralysis,
                    ..Hooks::STANDARD
                }
            );
        };
    }
    fixture!(AnyEnemy, Paralysis::AnyEnemy);
    fixture!(
        Madrasi,
        Paralysis::SameKind {
            kings: false,
            golds: Golds::Separate
        }
    );
    fixture!(
        KingMadrasiGold,
        Paralysis::SameKind {
            kings: true,
            golds: Golds::AsGold
        }
    );

    /// The definition, from the attackers' side: an enemy piece (of the same kind for
    /// Madrasi) naturally attacks the piece on `sq`.
    fn paralysed_by_definition<R: Rules>(p: &Position<R>, sq: Square) -> bool {
        let piece = p.piece_at(sq);
        let (color, kind) = (piece.color(), piece.kind());
        match R::HOOKS.paralysis {
            Paralysis::None => false,
            Paralysis::AnyEnemy => p.attacked_naturally(sq, !color),
            Paralysis::SameKind { kings, golds } => {
                let class = Position::<R>::same_kind_mask(golds, kind);
                (kings || !p.tables.royal[kind as usize])
                    && p.pieces_of(!color).into_iter().any(|q| {
                        let k = p.piece_at(q).kind();
                        class >> k & 1 != 0 && p.natural_attacks(k, !color, q).contains(sq)
                    })
            }
        }
    }

    /// The per-piece test used by the check test follows the definition, and the all-at-once
    /// set used by move generation equals it, at every node of a shallow tree.
    fn walk<R: Rules>(p: &mut Position<R>, depth: u32) {
        for c in Color::BOTH {
            for sq in p.pieces_of(c) {
                assert_eq!(
                    p.paralysed(sq),
                    paralysed_by_definition(p, sq),
                    "{sq:?} {p:?}"
                );
            }
            let each = p.pieces_of(c).into_iter().filter(|&sq| p.paralysed(sq));
            let each = each.fold(crate::Bitboard::EMPTY, |mut bb, sq| {
                bb.set(sq);
                bb
            });
            assert_eq!(p.paralysed_pieces(c), each, "{p:?}");
        }
        if depth == 0 {
            return;
        }
        for mv in p.legal_move_list() {
            p.make(mv);
            walk(p, depth - 1);
            p.unmake();
        }
    }

    #[test]
    fn paralysed_set_matches_the_per_piece_test() {
        let sfens = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        ];
        for s in sfens {
            if let Ok(mut p) = Position::<AnyEnemy>::from_sfen(s) {
                walk(&mut p, 2);
            }
            if let Ok(mut p) = Position::<Madrasi>::from_sfen(s) {
                walk(&mut p, 2);
            }
            if let Ok(mut p) = Position::<KingMadrasiGold>::from_sfen(s) {
                walk(&mut p, 2);
            }
        }
    }
}
