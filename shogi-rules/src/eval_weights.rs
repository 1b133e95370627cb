//! The weights of the engine's evaluation, as a rule table carries them: the standard set
//! ([`EvalWeights::STANDARD`], tuned on 9×9 shogi) unless a definition's `eval { ... }` block
//! sets some (`shogi-variants tune` fits them to a variant's games and prints such a block).
//! The rules never read them; like a piece's `value`, they are the engine's.

/// Declares [`EvalWeights`] once, with the names `variant!` accepts in `eval { ... }` and the
/// accessors the macro and the tuner use, so a new weight is written in one place.
macro_rules! weights {
    ($($(#[$doc:meta])* $name:ident = $standard:expr, at most $max:expr;)*) => {
        /// Weights of the evaluation (centipawns, or centipawns per unit).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct EvalWeights {
            $($(#[$doc])* pub $name: i32,)*
        }

        impl EvalWeights {
            /// The standard weights: the king-safety shape and magnitudes follow
            /// Fairy-Stockfish's classical evaluation for drop games (its units scaled to
            /// ours), the rest tuned on 9×9 games.
            pub const STANDARD: EvalWeights = EvalWeights { $($name: $standard,)* };

            /// The largest value of each weight (`variant!` refuses more, the tuner stops
            /// there): bounds under which every product of the evaluation stays within `i32`
            /// on the largest board (144 squares, as many pieces), so no weight can make it
            /// overflow.
            pub const MAX: EvalWeights = EvalWeights { $($name: $max,)* };

            /// Every weight's name, as `eval { ... }` writes it, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name),)*];

            /// The weight called `name`.
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $(stringify!($name) => Some(self.$name),)*
                    _ => None,
                }
            }

            /// The weight called `name`, to change.
            pub fn get_mut(&mut self, name: &str) -> Option<&mut i32> {
                match name {
                    $(stringify!($name) => Some(&mut self.$name),)*
                    _ => None,
                }
            }
        }
    };
}

weights! {
    /// Per square of empty-board reach above the kind's average (centralisation).
    mobility = 3, at most 10_000;
    /// Share (percent) of a promotion's gain credited to an unpromoted piece in its zone.
    promo_in_zone = 25, at most 1_000;
    /// The same one rank before the zone.
    promo_near = 10, at most 1_000;
    /// Extra for the first piece of a kind in hand (percent of its value).
    hand_first = 5, at most 1_000;
    /// Weight (danger units) of each enemy piece bearing on the king's ring; the count of
    /// such pieces multiplies it, so attacks combine.
    attack_unit = 40, at most 10_000;
    /// Danger units per enemy attack on a square next to the king.
    ring_hit = 100, at most 10_000;
    /// Danger units per ring square the enemy attacks and we defend at most with the king.
    weak_ring = 360, at most 10_000;
    /// Danger units per enemy kind that can check safely next move (by a move or a drop).
    safe_check = 650, at most 10_000;
    /// Percent of the danger, squared over 4096, taken off (the king-safety scale; at most
    /// 500, since it multiplies the whole penalty).
    danger_scale = 55, at most 500;
    /// Largest danger before squaring (at most 40,000: its square fits an `i32`).
    danger_cap = 3500, at most 40_000;
    /// Per unit of enemy attacks on our camp's three files around the king.
    flank_attack = 48, at most 10_000;
    /// Hundredths of a centipawn per piece per unit of (distance to our king × distance to
    /// theirs), for pieces bearing on neither king (drop games pull pieces to the kings).
    proximity = 166, at most 10_000;
    /// Per square a kind in hand could be dropped on in the enemy half, safely.
    drop_mobility = 17, at most 10_000;
    /// Percent of the mobility curve (about -50 for a piece with no move, +120 for one
    /// with sixteen) credited for the squares a board piece attacks in its side's mobility
    /// area (Fairy-Stockfish's: not our royal pieces or blocked pawns, nor squares the
    /// enemy's pawns attack; a defended piece counts). Pawn-like kinds get none.
    piece_mobility = 100, at most 10_000;
}

impl EvalWeights {
    /// The weights that differ from [`EvalWeights::STANDARD`], as `(name, value)`.
    pub fn changed(&self) -> Vec<(&'static str, i32)> {
        Self::NAMES
            .iter()
            .filter_map(|&n| {
                let v = self.get(n)?;
                (Some(v) != Self::STANDARD.get(n)).then_some((n, v))
            })
            .collect()
    }

    /// An `eval { ... }` block setting every weight that differs from the standard set
    /// (empty when none does), as `variant!` reads it.
    pub fn block(&self) -> String {
        let changed = self.changed();
        if changed.is_empty() {
            return String::new();
        }
        let body: Vec<String> = changed.iter().map(|(n, v)| format!("{n} = {v};")).collect();
        format!("eval {{ {} }}", body.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::EvalWeights;

    #[test]
    fn names_reach_their_fields() {
        let mut w = EvalWeights::STANDARD;
        for (i, n) in EvalWeights::NAMES.iter().enumerate() {
            *w.get_mut(n).unwrap() = 1000 + i as i32;
        }
        assert_eq!(w.mobility, 1000);
        assert_eq!(w.piece_mobility, 1013);
        assert_eq!(EvalWeights::NAMES.len(), 14);
        assert_eq!(w.get("no_such_weight"), None);
    }

    #[test]
    fn standard_weights_lie_within_their_bounds() {
        for n in EvalWeights::NAMES {
            let (v, max) = (EvalWeights::STANDARD.get(n), EvalWeights::MAX.get(n));
            assert!(v <= max && v >= Some(0), "{n}: {v:?} over {max:?}");
        }
    }

    #[test]
    fn block_lists_only_changed_weights() {
        assert_eq!(EvalWeights::STANDARD.block(), "");
        let w = EvalWeights {
            mobility: 76,
            safe_check: 700,
            ..EvalWeights::STANDARD
        };
        assert_eq!(w.changed(), vec![("mobility", 76), ("safe_check", 700)]);
        assert_eq!(w.block(), "eval { mobility = 76; safe_check = 700; }");
    }
}
