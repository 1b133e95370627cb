//! The start positions named by KIF's `手合割` (and CSA's `PI` removals): even and the
//! standard handicaps. In a handicap game the upper player (White, 上手) removes pieces and
//! moves first. Written once here; KIF and CSA both read it.

/// One named start: its KIF name, SFEN, and the CSA `PI` removals (square + piece, in the
/// order the CSA standard lists them).
pub struct Handicap {
    pub name: &'static str,
    pub sfen: &'static str,
    pub csa_removed: &'static str,
}

/// The even game first, then the handicaps in increasing size.
pub const HANDICAPS: &[Handicap] = &[
    h(
        "平手",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "",
    ),
    h(
        "香落ち",
        "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "11KY",
    ),
    h(
        "右香落ち",
        "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "91KY",
    ),
    h(
        "角落ち",
        "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "22KA",
    ),
    h(
        "飛車落ち",
        "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "82HI",
    ),
    h(
        "飛香落ち",
        "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "82HI11KY",
    ),
    h(
        "二枚落ち",
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "82HI22KA",
    ),
    h(
        "四枚落ち",
        "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "82HI22KA11KY91KY",
    ),
    h(
        "六枚落ち",
        "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "82HI22KA11KY91KY21KE81KE",
    ),
    h(
        "八枚落ち",
        "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "82HI22KA11KY91KY21KE81KE31GI71GI",
    ),
    h(
        "十枚落ち",
        "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "82HI22KA11KY91KY21KE81KE31GI71GI41KI61KI",
    ),
];

const fn h(name: &'static str, sfen: &'static str, csa_removed: &'static str) -> Handicap {
    Handicap {
        name,
        sfen,
        csa_removed,
    }
}

/// The even start.
pub const EVEN: &Handicap = &HANDICAPS[0];

/// The handicap of a KIF `手合割` name (trailing full-width spaces, which Kifu for Windows
/// writes, ignored).
pub fn by_name(name: &str) -> Option<&'static Handicap> {
    let name = name.trim_end_matches(['　', ' ']);
    HANDICAPS.iter().find(|h| h.name == name)
}

/// The handicap whose start is `sfen` (compared by its first three fields).
pub fn by_sfen(sfen: &str) -> Option<&'static Handicap> {
    let key = |s: &str| s.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
    let k = key(sfen);
    let numbered = sfen.split_whitespace().nth(3).is_none_or(|n| n == "1");
    HANDICAPS.iter().find(|h| numbered && key(h.sfen) == k)
}
