//! The keyword table: every rule value's name as `variant!` spells it.
//!
//! The macro parses these names and the rule-table renderer prints them, so what `rules ID`
//! shows is what an author writes. A value missing from a list here can be neither written nor
//! printed; the round-trip test below keeps the lists complete.

use crate::table::{
    AfterMove, CaptureEffect, Goal, Golds, Home, Hooks, KingLoss, Landing, Lender, LionRules,
    MoveShape, MovementSource, NifuPolicy, OwnMovement, Paralysis, PieceDef, Place, PromotionRule,
    Reflect, RepetitionRule,
};

/// A rule value with a `variant!` name.
pub trait Keyword: Copy + PartialEq + Sized + 'static {
    /// Every value with its name, in the order an error hint lists them.
    const NAMES: &'static [(&'static str, Self)];

    /// The value named `word`.
    fn from_keyword(word: &str) -> Option<Self> {
        Self::NAMES
            .iter()
            .find(|(n, _)| *n == word)
            .map(|(_, v)| *v)
    }

    /// The name of this value.
    fn keyword(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, v)| *v == self)
            .map_or("?", |(n, _)| n)
    }

    /// Every name, for error hints.
    fn keywords() -> Vec<&'static str> {
        Self::NAMES.iter().map(|(n, _)| *n).collect()
    }
}

macro_rules! keywords {
    ($ty:ty { $($name:literal => $value:expr),+ $(,)? }) => {
        impl Keyword for $ty {
            const NAMES: &'static [(&'static str, Self)] = &[$(($name, $value)),+];
        }
    };
}

keywords!(KingLoss {
    "checkmate" => KingLoss::Checkmate,
    "king_capture" => KingLoss::Capture,
    "last_royal" => KingLoss::LastRoyal,
});
keywords!(Lender { "enemy" => Lender::Enemy, "friend" => Lender::Friend });
keywords!(Place {
    "behind" => Place::Behind,
    "front" => Place::Front,
    "side" => Place::Side,
    "knight" => Place::Knight,
    "around" => Place::Around,
    "attacked" => Place::Attacked,
    "attackers" => Place::Attackers,
});
keywords!(OwnMovement { "when_none" => OwnMovement::WhenNone, "always" => OwnMovement::Always });
keywords!(Golds { "separate" => Golds::Separate, "as_gold" => Golds::AsGold });
keywords!(CaptureEffect {
    "none" => CaptureEffect::None,
    "rifle" => CaptureEffect::Rifle,
    "circe" => CaptureEffect::Circe,
    "anti_circe" => CaptureEffect::AntiCirce,
    "pwc" => CaptureEffect::Pwc,
    "andernach" => CaptureEffect::Andernach,
});
keywords!(NifuPolicy { "a" => NifuPolicy::A, "b" => NifuPolicy::B, "c" => NifuPolicy::C });
keywords!(MoveShape { "normal" => MoveShape::Normal, "chained" => MoveShape::Chained });
keywords!(PromotionRule {
    "optional" => PromotionRule::Optional,
    "forced" => PromotionRule::Forced,
    "flip_each_move" => PromotionRule::FlipEachMove,
    "flip_on_capture" => PromotionRule::FlipOnCapture,
    "enter_or_capture" => PromotionRule::EnterOrCapture,
});
keywords!(LionRules { "plain" => LionRules::Plain, "chu" => LionRules::Chu });
keywords!(Goal {
    "none" => Goal::None,
    "check" => Goal::Check,
    "reach_last_rank" => Goal::ReachLastRank,
    "bare_king" => Goal::BareKing,
});
keywords!(RepetitionRule {
    "perpetual_check" => RepetitionRule::PerpetualCheck,
    "perpetual_attack" => RepetitionRule::PerpetualAttack,
});
// `reflecting(all)`: the edges; `None` is the absence of the term.
keywords!(Reflect {
    "all" => Reflect::All,
    "sides" => Reflect::Sides,
    "top_bottom" => Reflect::TopBottom,
    "none" => Reflect::None,
});
keywords!(Home {
    "king" => Home::King,
    "rook" => Home::Rook,
    "bishop" => Home::Bishop,
    "gold" => Home::Gold,
    "silver" => Home::Silver,
    "knight" => Home::Knight,
    "lance" => Home::Lance,
    "pawn" => Home::Pawn,
});

/// A yes/no option of a rule and its two spellings (`kings = included | excluded`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switch {
    pub key: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
}

impl Switch {
    /// The spelling of `on`.
    pub const fn word(&self, on: bool) -> &'static str {
        if on {
            self.yes
        } else {
            self.no
        }
    }

    /// The value spelled `word`.
    pub fn parse(&self, word: &str) -> Option<bool> {
        match word {
            w if w == self.yes => Some(true),
            w if w == self.no => Some(false),
            _ => None,
        }
    }
}

/// `paralysis = same_kind { kings = included }`: kings paralyse and are paralysed.
pub const KINGS: Switch = Switch {
    key: "kings",
    yes: "included",
    no: "excluded",
};
/// `landing = isardam { drops = bound }`: drops obey the landing rule too.
pub const DROPS: Switch = Switch {
    key: "drops",
    yes: "bound",
    no: "free",
};
/// `landing = isardam { king_capture = bound }`: capturing the king obeys the rule.
pub const KING_CAPTURE: Switch = Switch {
    key: "king_capture",
    yes: "bound",
    no: "exempt",
};
/// `landing = isardam { scope = every_piece }`: no piece may be left in a like attack.
pub const SCOPE: Switch = Switch {
    key: "scope",
    yes: "every_piece",
    no: "mover",
};
/// `nifu = drops_and_moves`: the two-pawn rule binds board moves too.
pub const NIFU_ON_MOVES: Switch = Switch {
    key: "nifu",
    yes: "drops_and_moves",
    no: "drops",
};

/// Reads one flag of a piece.
pub type FlagOf = fn(&PieceDef) -> bool;

/// A piece's yes/no properties as `variant!` flags (`piece pawn { nifu; no_drop_mate; }`),
/// in the order the renderer prints them.
pub const PIECE_FLAGS: &[(&str, FlagOf)] = &[
    ("royal", |p| p.royal),
    ("immortal", |p| p.immortal),
    ("nifu", |p| p.nifu),
    ("no_drop_mate", |p| p.drop_mate_forbidden),
    ("gold_class", |p| p.gold_class),
];

/// The rule keys of `variant!`, in the order the renderer prints them.
pub const RULE_KEYS: &[&str] = &[
    "king_loss",
    "movement",
    "paralysis",
    "landing",
    "capture_effect",
    "after_move",
    "move_shape",
    "nifu",
    "promotion",
    "goal",
    "lions",
    "repetition",
];

/// `value` or `value { key = word, ... }`.
fn with_options(value: &str, options: &[(&str, &str)]) -> String {
    if options.is_empty() {
        return value.to_string();
    }
    let list: Vec<String> = options.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    format!("{value} {{ {} }}", list.join(", "))
}

/// Each rule of `hooks` as the `variant!` line that sets it (`paralysis = same_kind { ... };`),
/// in [`RULE_KEYS`] order, every option written out.
pub fn rule_lines(hooks: &Hooks) -> Vec<String> {
    let movement = match hooks.movement_source {
        MovementSource::Own => "own".to_string(),
        MovementSource::Borrow { lender, place, own } => with_options(
            "borrow",
            &[
                ("lender", lender.keyword()),
                ("place", place.keyword()),
                ("own", own.keyword()),
            ],
        ),
    };
    let paralysis = match hooks.paralysis {
        Paralysis::None => "none".to_string(),
        Paralysis::AnyEnemy => "any_enemy".to_string(),
        Paralysis::SameKind { kings, golds } => with_options(
            "same_kind",
            &[
                (KINGS.key, KINGS.word(kings)),
                ("promoted_golds", golds.keyword()),
            ],
        ),
    };
    let landing = match hooks.landing {
        Landing::None => "none".to_string(),
        Landing::Isardam {
            drops,
            golds,
            binds_king_capture,
            total,
        } => with_options(
            "isardam",
            &[
                (DROPS.key, DROPS.word(drops)),
                ("promoted_golds", golds.keyword()),
                (KING_CAPTURE.key, KING_CAPTURE.word(binds_king_capture)),
                (SCOPE.key, SCOPE.word(total)),
            ],
        ),
    };
    let after_move = match hooks.after_move {
        AfterMove::None => "none".to_string(),
        AfterMove::Othello(p) => with_options("othello", &[("nifu", p.keyword())]),
        AfterMove::Reversi(p) => with_options("reversi", &[("nifu", p.keyword())]),
    };
    let values = [
        hooks.king_loss.keyword().to_string(),
        movement,
        paralysis,
        landing,
        hooks.capture_effect.keyword().to_string(),
        after_move,
        hooks.move_shape.keyword().to_string(),
        NIFU_ON_MOVES.word(hooks.nifu_on_moves).to_string(),
        hooks.promotion.keyword().to_string(),
        hooks.goal.keyword().to_string(),
        hooks.lions.keyword().to_string(),
        hooks.repetition.keyword().to_string(),
    ];
    RULE_KEYS
        .iter()
        .zip(values)
        .map(|(k, v)| format!("{k} = {v};"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<K: Keyword + std::fmt::Debug>() {
        for (name, value) in K::NAMES {
            assert_eq!(K::from_keyword(name), Some(*value), "{name}");
            assert_eq!(value.keyword(), *name);
        }
        assert_eq!(K::from_keyword("no such word"), None);
    }

    #[test]
    fn every_name_reads_back_as_its_value() {
        round_trip::<KingLoss>();
        round_trip::<Lender>();
        round_trip::<Place>();
        round_trip::<OwnMovement>();
        round_trip::<Golds>();
        round_trip::<CaptureEffect>();
        round_trip::<NifuPolicy>();
        round_trip::<MoveShape>();
        round_trip::<PromotionRule>();
        round_trip::<Goal>();
        round_trip::<LionRules>();
        round_trip::<RepetitionRule>();
        round_trip::<Reflect>();
        round_trip::<Home>();
        for s in [KINGS, DROPS, KING_CAPTURE, SCOPE, NIFU_ON_MOVES] {
            assert_eq!(s.parse(s.word(true)), Some(true));
            assert_eq!(s.parse(s.word(false)), Some(false));
            assert_eq!(s.parse(s.key), None);
        }
    }

    #[test]
    fn rules_print_as_the_lines_an_author_writes() {
        assert_eq!(
            rule_lines(&Hooks::STANDARD),
            [
                "king_loss = checkmate;",
                "movement = own;",
                "paralysis = none;",
                "landing = none;",
                "capture_effect = none;",
                "after_move = none;",
                "move_shape = normal;",
                "nifu = drops;",
                "promotion = optional;",
                "goal = none;",
                "lions = plain;",
                "repetition = perpetual_check;",
            ]
        );
        let hooks = Hooks {
            paralysis: Paralysis::SameKind {
                kings: true,
                golds: Golds::AsGold,
            },
            after_move: AfterMove::Reversi(NifuPolicy::C),
            ..Hooks::STANDARD
        };
        let lines = rule_lines(&hooks);
        assert_eq!(
            lines[2],
            "paralysis = same_kind { kings = included, promoted_golds = as_gold };"
        );
        assert_eq!(lines[5], "after_move = reversi { nifu = c };");
    }
}
