//! Rules: each `key = value { options };` item sets one seam of [`Hooks`]. Values and option
//! words come from the keyword table of `shogi-rules`, which the rule-table renderer prints.

use crate::diagnostics::{one_of, Errors};
use shogi_rules::keywords::{Keyword, Switch, DROPS, KINGS, KING_CAPTURE, NIFU_ON_MOVES, SCOPE};
use shogi_rules::table::{
    AfterMove, CaptureEffect, Goal, Golds, Hooks, KingLoss, Landing, Lender, LionRules, MoveShape,
    MovementSource, NifuPolicy, OwnMovement, Paralysis, Place, PromotionRule, RepetitionRule,
};
use syn::Ident;

/// One rule item and its options, with the spans errors point at.
struct RuleItem<'a> {
    key: &'a Ident,
    value: &'a Ident,
    /// The value as text.
    v: String,
    opts: Vec<(String, &'a Ident, &'a Ident)>,
}

impl RuleItem<'_> {
    /// Reports options other than `names`.
    fn allowed(&self, names: &[&str], errors: &mut Errors) {
        let (key, v) = (self.key, &self.v);
        for (n, k, _) in &self.opts {
            if !names.contains(&n.as_str()) {
                errors.push(
                    k.span(),
                    format!(
                        "unknown option `{n}` of `{key} = {v}`; {}",
                        one_of(n, names)
                    ),
                );
            }
        }
    }

    /// Reports a missing required option.
    fn need(&self, name: &str, errors: &mut Errors) {
        if !self.opts.iter().any(|(n, _, _)| n == name) {
            let (key, v) = (self.key, &self.v);
            errors.push(
                self.value.span(),
                format!("`{key} = {v}` needs the option `{name} = ...`"),
            );
        }
    }

    fn no_options(&self, errors: &mut Errors) {
        if let Some((_, k, _)) = self.opts.first() {
            let (key, v) = (self.key, &self.v);
            errors.push(k.span(), format!("`{key} = {v}` takes no options"));
        }
    }

    /// The option `name` read as one of `choices`, or `default` when absent or bad.
    fn pick<'c>(
        &self,
        name: &str,
        choices: &[&'c str],
        default: &'c str,
        errors: &mut Errors,
    ) -> &'c str {
        match self.opts.iter().find(|(n, _, _)| n == name) {
            Some((_, _, val)) => {
                let s = val.to_string();
                match choices.iter().find(|c| **c == s) {
                    Some(c) => c,
                    None => {
                        errors.push(
                            val.span(),
                            format!("bad value `{s}` for `{name}`; {}", one_of(&s, choices)),
                        );
                        default
                    }
                }
            }
            None => default,
        }
    }

    /// A keyword-valued option.
    fn keyword<K: Keyword>(&self, name: &str, default: K, errors: &mut Errors) -> K {
        let word = self.pick(name, &K::keywords(), default.keyword(), errors);
        K::from_keyword(word).unwrap_or(default)
    }

    /// A yes/no option, `default` when absent.
    fn switch(&self, s: Switch, default: bool, errors: &mut Errors) -> bool {
        let choices = [s.word(default), s.word(!default)];
        s.parse(self.pick(s.key, &choices, s.word(default), errors))
            .unwrap_or(default)
    }

    fn bad_value(&self, choices: &[&str], errors: &mut Errors) {
        let (key, v) = (self.key, &self.v);
        errors.push(
            self.value.span(),
            format!("unknown value `{v}` for `{key}`; {}", one_of(v, choices)),
        );
    }

    /// A rule whose whole value is one keyword (no options).
    fn plain<K: Keyword>(&self, default: K, errors: &mut Errors) -> K {
        self.no_options(errors);
        K::from_keyword(&self.v).unwrap_or_else(|| {
            self.bad_value(&K::keywords(), errors);
            default
        })
    }
}

/// Sets the seam named by `key` in `hooks`.
pub fn lower_rule(
    hooks: &mut Hooks,
    key: &Ident,
    value: &Ident,
    options: &[(Ident, Ident)],
    errors: &mut Errors,
) {
    let mut opts: Vec<(String, &Ident, &Ident)> = Vec::new();
    for (k, val) in options {
        if opts.iter().any(|(_, k2, _)| *k2 == k) {
            errors.push(
                k.span(),
                format!("option `{k}` is given twice; the two values contradict each other"),
            );
        }
        opts.push((k.to_string(), k, val));
    }
    let r = RuleItem {
        key,
        value,
        v: value.to_string(),
        opts,
    };
    let golds = |errors: &mut Errors| r.keyword("promoted_golds", Golds::Separate, errors);
    match key.to_string().as_str() {
        "king_loss" => hooks.king_loss = r.plain(KingLoss::Checkmate, errors),
        "movement" => match r.v.as_str() {
            "own" => {
                r.no_options(errors);
                hooks.movement_source = MovementSource::Own;
            }
            "borrow" => {
                r.allowed(&["lender", "place", "own"], errors);
                r.need("place", errors);
                hooks.movement_source = MovementSource::Borrow {
                    lender: r.keyword("lender", Lender::Enemy, errors),
                    place: r.keyword("place", Place::Behind, errors),
                    own: r.keyword("own", OwnMovement::WhenNone, errors),
                };
            }
            _ => r.bad_value(&["own", "borrow"], errors),
        },
        "paralysis" => match r.v.as_str() {
            "none" => {
                r.no_options(errors);
                hooks.paralysis = Paralysis::None;
            }
            "any_enemy" => {
                r.no_options(errors);
                hooks.paralysis = Paralysis::AnyEnemy;
            }
            "same_kind" => {
                r.allowed(&[KINGS.key, "promoted_golds"], errors);
                hooks.paralysis = Paralysis::SameKind {
                    kings: r.switch(KINGS, false, errors),
                    golds: golds(errors),
                };
            }
            _ => r.bad_value(&["none", "any_enemy", "same_kind"], errors),
        },
        "landing" => match r.v.as_str() {
            "none" => {
                r.no_options(errors);
                hooks.landing = Landing::None;
            }
            "isardam" => {
                r.allowed(
                    &[DROPS.key, "promoted_golds", KING_CAPTURE.key, SCOPE.key],
                    errors,
                );
                r.need(KING_CAPTURE.key, errors);
                let drops = r.switch(DROPS, false, errors);
                let g = golds(errors);
                let binds = r.switch(KING_CAPTURE, true, errors);
                let total = r.switch(SCOPE, false, errors);
                if total && r.opts.iter().any(|(n, _, _)| n == DROPS.key) && !drops {
                    errors.push(
                        value.span(),
                        "`scope = every_piece` binds drops too; `drops = free` contradicts it",
                    );
                }
                hooks.landing = Landing::Isardam {
                    drops: drops || total,
                    golds: g,
                    binds_king_capture: binds,
                    total,
                };
            }
            _ => r.bad_value(&["none", "isardam"], errors),
        },
        "capture_effect" => hooks.capture_effect = r.plain(CaptureEffect::None, errors),
        "after_move" => {
            let policy = |errors: &mut Errors| r.keyword("nifu", NifuPolicy::A, errors);
            match r.v.as_str() {
                "none" => {
                    r.no_options(errors);
                    hooks.after_move = AfterMove::None;
                }
                "othello" | "reversi" => {
                    r.allowed(&["nifu"], errors);
                    r.need("nifu", errors);
                    let p = policy(errors);
                    hooks.after_move = if r.v == "othello" {
                        AfterMove::Othello(p)
                    } else {
                        AfterMove::Reversi(p)
                    };
                }
                _ => r.bad_value(&["none", "othello", "reversi"], errors),
            }
        }
        "move_shape" => hooks.move_shape = r.plain(MoveShape::Normal, errors),
        "promotion" => hooks.promotion = r.plain(PromotionRule::Optional, errors),
        "goal" => hooks.goal = r.plain(Goal::None, errors),
        "lions" => hooks.lions = r.plain(LionRules::Plain, errors),
        "repetition" => hooks.repetition = r.plain(RepetitionRule::PerpetualCheck, errors),
        "nifu" => {
            r.no_options(errors);
            hooks.nifu_on_moves = match NIFU_ON_MOVES.parse(&r.v) {
                Some(on) => on,
                None => {
                    r.bad_value(&[NIFU_ON_MOVES.no, NIFU_ON_MOVES.yes], errors);
                    false
                }
            }
        }
        _ => unreachable!("rule keys are checked before lowering"),
    }
}
