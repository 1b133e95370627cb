//! Stage 4: generate the rule type, its `RuleTable` constant and its `Rules` impl.

use crate::model::{Model, PieceModel};
use crate::parse::VariantDef;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use shogi_rules::eval_weights::EvalWeights;
use shogi_rules::table::{
    AfterMove, CaptureEffect, Goal, Golds, Hooks, KingLoss, Landing, Lender, LionRules, MoveShape,
    MovementSource, NifuPolicy, OwnMovement, Paralysis, Place, PromotionRule, Reflect,
    RepetitionRule,
};

fn offsets(v: &[(i8, i8)]) -> TokenStream {
    let items = v.iter().map(|(x, y)| quote!((#x, #y)));
    quote!(&[#(#items),*])
}

fn reflect(r: Reflect) -> TokenStream {
    let id = format_ident!("{}", format!("{r:?}"));
    quote!(::shogi_core::table::Reflect::#id)
}

fn golds(g: Golds) -> TokenStream {
    match g {
        Golds::Separate => quote!(::shogi_core::table::Golds::Separate),
        Golds::AsGold => quote!(::shogi_core::table::Golds::AsGold),
    }
}

fn policy(p: NifuPolicy) -> TokenStream {
    let id = format_ident!("{}", format!("{p:?}"));
    quote!(::shogi_core::table::NifuPolicy::#id)
}

fn hooks(h: &Hooks) -> TokenStream {
    let t = quote!(::shogi_core::table);
    let king_loss = match h.king_loss {
        KingLoss::Checkmate => quote!(#t::KingLoss::Checkmate),
        KingLoss::Capture => quote!(#t::KingLoss::Capture),
        KingLoss::LastRoyal => quote!(#t::KingLoss::LastRoyal),
    };
    let movement_source = match h.movement_source {
        MovementSource::Own => quote!(#t::MovementSource::Own),
        MovementSource::Borrow { lender, place, own } => {
            let lender = match lender {
                Lender::Enemy => quote!(#t::Lender::Enemy),
                Lender::Friend => quote!(#t::Lender::Friend),
            };
            let place = format_ident!("{}", format!("{:?}", place));
            let _: Place = Place::Behind;
            let own = match own {
                OwnMovement::WhenNone => quote!(#t::OwnMovement::WhenNone),
                OwnMovement::Always => quote!(#t::OwnMovement::Always),
            };
            quote!(#t::MovementSource::Borrow { lender: #lender, place: #t::Place::#place, own: #own })
        }
    };
    let paralysis = match h.paralysis {
        Paralysis::None => quote!(#t::Paralysis::None),
        Paralysis::AnyEnemy => quote!(#t::Paralysis::AnyEnemy),
        Paralysis::SameKind { kings, golds: g } => {
            let g = golds(g);
            quote!(#t::Paralysis::SameKind { kings: #kings, golds: #g })
        }
    };
    let landing = match h.landing {
        Landing::None => quote!(#t::Landing::None),
        Landing::Isardam {
            drops,
            golds: g,
            binds_king_capture,
            total,
        } => {
            let g = golds(g);
            quote!(#t::Landing::Isardam { drops: #drops, golds: #g, binds_king_capture: #binds_king_capture, total: #total })
        }
    };
    let capture_effect = format_ident!("{}", format!("{:?}", h.capture_effect));
    let _: CaptureEffect = CaptureEffect::None;
    let after_move = match h.after_move {
        AfterMove::None => quote!(#t::AfterMove::None),
        AfterMove::Othello(p) => {
            let p = policy(p);
            quote!(#t::AfterMove::Othello(#p))
        }
        AfterMove::Reversi(p) => {
            let p = policy(p);
            quote!(#t::AfterMove::Reversi(#p))
        }
    };
    let move_shape = match h.move_shape {
        MoveShape::Normal => quote!(#t::MoveShape::Normal),
        MoveShape::Chained => quote!(#t::MoveShape::Chained),
    };
    let nifu = h.nifu_on_moves;
    let promotion = match h.promotion {
        PromotionRule::Optional => quote!(#t::PromotionRule::Optional),
        PromotionRule::Forced => quote!(#t::PromotionRule::Forced),
        PromotionRule::FlipEachMove => quote!(#t::PromotionRule::FlipEachMove),
        PromotionRule::FlipOnCapture => quote!(#t::PromotionRule::FlipOnCapture),
        PromotionRule::EnterOrCapture => quote!(#t::PromotionRule::EnterOrCapture),
    };
    let goal = match h.goal {
        Goal::None => quote!(#t::Goal::None),
        Goal::Check => quote!(#t::Goal::Check),
        Goal::ReachLastRank => quote!(#t::Goal::ReachLastRank),
        Goal::BareKing => quote!(#t::Goal::BareKing),
    };
    let repetition = match h.repetition {
        RepetitionRule::PerpetualCheck => quote!(#t::RepetitionRule::PerpetualCheck),
        RepetitionRule::PerpetualAttack => quote!(#t::RepetitionRule::PerpetualAttack),
    };
    let lions = match h.lions {
        LionRules::Plain => quote!(#t::LionRules::Plain),
        LionRules::Chu => quote!(#t::LionRules::Chu),
    };
    quote!(#t::Hooks {
        king_loss: #king_loss,
        movement_source: #movement_source,
        paralysis: #paralysis,
        landing: #landing,
        capture_effect: #t::CaptureEffect::#capture_effect,
        after_move: #after_move,
        move_shape: #move_shape,
        nifu_on_moves: #nifu,
        promotion: #promotion,
        goal: #goal,
        lions: #lions,
        repetition: #repetition,
    })
}

fn piece(p: &PieceModel) -> TokenStream {
    let t = quote!(::shogi_core::table);
    let name = &p.name;
    let sfen = &p.sfen;
    let (leaps, slides, move_only, capture_only) = (
        offsets(&p.leaps),
        offsets(&p.slides),
        offsets(&p.move_only),
        offsets(&p.capture_only),
    );
    let ranged = p.ranged.iter().map(|&((x, y), n)| quote!(((#x, #y), #n)));
    let ranged = quote!(&[#(#ranged),*]);
    let nifu_limit = p.nifu_limit;
    let refl = reflect(p.reflect);
    let lion = p.lion;
    let lion_lines = offsets(&p.lion_lines);
    let promotion = match p.promotion {
        Some((to, zone)) => {
            let to = to as u8;
            quote!(::core::option::Option::Some(#t::Promotion { to: #to, zone: #zone }))
        }
        None => quote!(::core::option::Option::None),
    };
    let unpromoted = p.unpromoted as u8;
    let dead = p.dead_ranks;
    let (royal, immortal, nifu, dmf, gold) = (
        p.royal,
        p.immortal,
        p.nifu,
        p.drop_mate_forbidden,
        p.gold_class,
    );
    let home = match p.home {
        Some(h) => {
            // The variant name is the enum's own (`Home::King`).
            let id = format_ident!("{}", format!("{h:?}"));
            quote!(::core::option::Option::Some(#t::Home::#id))
        }
        None => quote!(::core::option::Option::None),
    };
    let cap = p.captured.iter().map(|c| match c {
        Some(k) => {
            let k = *k as u8;
            quote!(#t::Captured::Hand(#k))
        }
        None => quote!(#t::Captured::Vanish),
    });
    let value = p.value;
    quote!(#t::PieceDef {
        name: #name,
        sfen: #sfen,
        movement: #t::Movement {
            leaps: #leaps,
            slides: #slides,
            ranged: #ranged,
            move_only: #move_only,
            capture_only: #capture_only,
            reflect: #refl,
            lion: #lion,
            lion_lines: #lion_lines,
        },
        promotion: #promotion,
        unpromoted: #unpromoted,
        dead_ranks: #dead,
        royal: #royal,
        immortal: #immortal,
        nifu: #nifu,
        nifu_limit: #nifu_limit,
        drop_mate_forbidden: #dmf,
        gold_class: #gold,
        home: #home,
        captured: [#(#cap),*],
        value: #value,
    })
}

/// Emits the type, its table and its `Rules` impl.
pub fn generate(def: &VariantDef, model: &Model) -> TokenStream {
    let attrs = &def.attrs;
    let vis = &def.vis;
    let name = &def.name;
    let name_str = name.to_string();
    let title = &model.title;
    let pieces = model.pieces.iter().map(piece);
    let hooks = hooks(&model.hooks);
    let setups = model.setups.iter().map(|s| {
        let (id, sfen, d) = (&s.id, &s.sfen, &s.description);
        quote!(::shogi_core::table::Setup { id: #id, sfen: #sfen, description: #d })
    });
    let notes = &model.notes;
    // Every weight written out, so the table reads as data in `cargo expand`.
    let eval = EvalWeights::NAMES.iter().map(|&n| {
        let field = format_ident!("{n}");
        let v = model.eval.get(n).unwrap_or_default();
        quote!(#field: #v)
    });
    let (files, ranks) = (model.geometry.files, model.geometry.ranks);
    // The storage word: boards of up to five files fit a u64, of up to ten a u128, wider ones
    // take 256 bits.
    let storage = if model.geometry.fits_u64() {
        quote!(u64)
    } else if model.geometry.fits_u128() {
        quote!(u128)
    } else {
        quote!(::shogi_core::bitboard::U256)
    };
    let ids = model
        .setups
        .iter()
        .map(|s| s.id.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let doc = format!("Variant ids: {ids}.");
    quote! {
        #(#attrs)*
        #[doc = ""]
        #[doc = #doc]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        #vis struct #name;

        impl #name {
            /// The rule table this type was generated from.
            pub const TABLE: ::shogi_core::table::RuleTable = ::shogi_core::table::RuleTable {
                name: #name_str,
                title: #title,
                geometry: ::shogi_core::geometry::Geometry { files: #files, ranks: #ranks },
                pieces: &[#(#pieces),*],
                hooks: #hooks,
                setups: &[#(#setups),*],
                notes: &[#(#notes),*],
                eval: ::shogi_core::eval_weights::EvalWeights { #(#eval),* },
            };
        }

        ::shogi_core::impl_rules!(#name, #name::TABLE, #storage);
    }
}
