//! The integration tests of shogi-macros as one test binary: `ui::` (trybuild cases in `ui/`).
//! They live here rather than in the tests crate so that trybuild's own build of the cases'
//! dependencies is shogi-core and this macro only, not the 108 rule sets of shogi-variants.

mod ui;
