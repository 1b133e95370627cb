//! `match --sprt`: the test's ratio against fastchess's published values, its bounds, its
//! verdicts on clear and even results, and the parsing of its argument.

use shogi_variants::sprt::{Pairs, Sprt, SprtError, Verdict};

/// fastchess's counts `(LL, LD, WL, DD, WD, WW)` as our buckets by half points.
fn from_fastchess(ll: usize, ld: usize, wl: usize, dd: usize, wd: usize, ww: usize) -> Pairs {
    [ll, ld, wl + dd, wd, ww]
}

fn sprt(elo0: f64, elo1: f64) -> Sprt {
    Sprt {
        elo0,
        elo1,
        alpha: 0.05,
        beta: 0.05,
    }
}

/// Reference values: fastchess's test suite (`app/tests/sprt_test.cpp`, "logistic
/// pentanomial 1" and "2"), two decimals.
#[test]
fn the_ratio_matches_fastchess() {
    let a = from_fastchess(223, 9863, 20279, 1000, 10037, 246);
    assert!((sprt(0.5, 2.5).llr(&a) - -3.07).abs() < 0.005);
    let b = from_fastchess(871, 26175, 55003, 980, 26678, 821);
    assert!((sprt(0.0, 2.0).llr(&b) - -4.98).abs() < 0.005);
    assert_eq!(sprt(0.0, 2.0).verdict(&b), Some(Verdict::H0));
}

#[test]
fn wald_bounds() {
    let (lower, upper) = sprt(0.0, 10.0).bounds();
    // ln(0.05 / 0.95) and its negative.
    assert!((lower - -2.944_438_979).abs() < 1e-9);
    assert!((upper - 2.944_438_979).abs() < 1e-9);
}

#[test]
fn clear_results_decide_and_even_ones_do_not() {
    let s = sprt(-10.0, 10.0);
    assert_eq!(s.verdict(&[0; 5]), None);
    assert_eq!(s.llr(&[0; 5]), 0.0);
    // Every pair won 1½ or 2: far above +10 Elo.
    assert_eq!(s.verdict(&[0, 0, 0, 20, 20]), Some(Verdict::H1));
    assert_eq!(s.verdict(&[20, 20, 0, 0, 0]), Some(Verdict::H0));
    // Every pair split: level, between the hypotheses, no verdict after a few pairs
    // (without the prior, three such pairs gave -2.99 against [-5, 15]).
    assert_eq!(s.verdict(&[0, 0, 10, 0, 0]), None);
    assert_eq!(sprt(-5.0, 15.0).verdict(&[0, 0, 3, 0, 0]), None);
    // One won pair is not yet proof of anything.
    assert_eq!(sprt(0.0, 10.0).verdict(&[0, 0, 0, 0, 1]), None);
}

#[test]
fn parses_and_refuses() {
    assert_eq!("0,10".parse::<Sprt>(), Ok(sprt(0.0, 10.0)));
    assert_eq!(
        " -5 , 5 , 0.1, 0.2 ".parse::<Sprt>(),
        Ok(Sprt {
            elo0: -5.0,
            elo1: 5.0,
            alpha: 0.1,
            beta: 0.2
        })
    );
    let refused = [
        ("5", SprtError::Count(1)),
        ("0,5,0.05", SprtError::Count(3)),
        ("0,x", SprtError::Number("x".to_string())),
        ("0,NaN", SprtError::Number("NaN".to_string())),
        ("0,5,0.5,0.05", SprtError::Rate("0.5".to_string())),
        ("0,5,0.05,0", SprtError::Rate("0".to_string())),
        ("0,1e6", SprtError::Range("1e6".to_string())),
    ];
    for (text, error) in refused {
        assert_eq!(text.parse::<Sprt>(), Err(error), "{text}");
    }
    for text in ["5,0", "5,5"] {
        assert!(
            matches!(text.parse::<Sprt>(), Err(SprtError::Order { .. })),
            "{text}"
        );
    }
}
