//! Paralysis and Madrasi (RULES.md §6): which pieces may not move.
//!
//! A paralysed piece has no moves and so gives no check, but its natural attacks are
//! unchanged: it still paralyses (attacks are always the natural ones, never filtered by
//! mobility, so paralysis is not recursive).

use crate::geometry::Square;
use crate::hooks::kinds_in;
use crate::position::Position;
use crate::rules::Rules;
use crate::table::Paralysis;

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
                kinds_in(Self::same_kind_mask(golds, kind)).any(|k| {
                    let enemies = self.pieces(!color, k);
                    enemies.nonempty() && (self.reverse_attacks(k, !color, sq) & enemies).nonempty()
                })
            }
        }
    }
}
