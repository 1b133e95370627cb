//! A piece group adds its kinds as if their blocks were written; `like` copies a setup.
use shogi_core::{Position, Rules};
use shogi_macros::variant;

variant! {
    /// Kirins for Black only, either side first (a test variant).
    pub struct Grouped;
    id = "Test-Grouped";
    pieces = standard with [kirin_phoenix];
    piece phoenix { value = 750; }            // a block still edits a group kind
    setup 1 { black replace rook => kirin; }
    setup 2 like 1 { first = white; }
    setup 3 like 2 { black replace bishop => phoenix; }
}

fn main() {
    let t = <Grouped as Rules>::TABLE;
    let kind = |name: &str| t.kind_by_name(name).expect(name) as usize;
    assert_eq!(t.pieces[kind("kirin")].sfen, "O");
    assert_eq!(t.pieces[kind("kirin")].promotion.map(|p| p.to as usize), Some(kind("lion")));
    assert_eq!(t.pieces[kind("lion")].unpromoted as usize, kind("kirin"));
    assert_eq!(t.pieces[kind("free_king")].sfen, "+X");
    assert_eq!(t.pieces[kind("phoenix")].value, 750);
    assert_eq!(t.pieces[kind("kirin")].value, 700);
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5O1/LNSGKGSNL";
    assert_eq!(t.setups[0].sfen, format!("{start} b - 1"));
    assert_eq!(t.setups[1].sfen, format!("{start} w - 1"));
    assert_eq!(
        t.setups[2].sfen,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1X5O1/LNSGKGSNL w - 1"
    );
    let mut p = Position::<Grouped>::startpos(0);
    assert!(p.perft(1) > 0);
}
