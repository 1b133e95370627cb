//! Stage 2: the invariants of a definition as pure functions over plain data.
//!
//! Lowering calls these and attaches each message to the span of the offending token; keeping
//! them free of syntax makes every rule of the DSL testable on its own (tests below).

use crate::model::PieceModel;
use shogi_rules::geometry::{Color, Geometry, Square};
use shogi_rules::table::Reflect;

/// An SFEN token of a kind: one uppercase letter, or '+' and one for a promoted kind.
pub fn sfen_letter(s: &str) -> Result<(), String> {
    let ok = match s.as_bytes() {
        [c] | [b'+', c] => c.is_ascii_uppercase(),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "bad SFEN letter \"{s}\": use one uppercase letter, or '+' and one for a promoted kind"
        ))
    }
}

/// `board = FxR`: the literal's text, files `x` ranks, within the supported sizes.
pub fn board_size(text: &str) -> Result<Geometry, String> {
    let hint = "write the board as files x ranks, e.g. `board = 5x5;` or `board = 7x9;`";
    let parsed = text
        .split_once('x')
        .and_then(|(f, r)| Some((f.parse::<u8>().ok()?, r.parse::<u8>().ok()?)));
    let (files, ranks) = parsed.ok_or_else(|| format!("`{text}` is not a board size: {hint}"))?;
    Geometry::new(files, ranks)
        .map_err(|why| format!("board {files}x{ranks} is not supported: {why} (3x3 to 12x12)"))
}

/// A promotion zone depth (`None`: not a small number): 1 to the board's rank count.
pub fn zone_depth(depth: Option<u8>, g: &Geometry) -> Result<u8, String> {
    match depth {
        Some(d) if (1..=g.ranks).contains(&d) => Ok(d),
        _ => Err(format!(
            "promotion zone depth must be 1 to {} ranks (the board has {} ranks)",
            g.ranks, g.ranks
        )),
    }
}

/// A square name on board `g` (`"5i"`, `"10a"`).
pub fn square(g: &Geometry, text: &str) -> Result<Square, String> {
    g.parse_square(text).ok_or_else(|| {
        format!(
            "\"{text}\" is not a square of this {g} board: use file 1-{} and rank a-{}, e.g. \"{}\"",
            g.files,
            g.last_rank_letter(),
            Square::from_file_rank(g.files / 2, g.ranks - 1)
        )
    })
}

/// A movement offset: nonzero, at most 8 squares each way; a slide's is a unit step.
pub fn offset(dx: i8, dy: i8, slide: bool) -> Result<(), &'static str> {
    if dx == 0 && dy == 0 || dx.abs() > 8 || dy.abs() > 8 {
        Err("offset must be nonzero and within the board (at most 8 squares)")
    } else if slide && (dx.abs() > 1 || dy.abs() > 1) {
        Err("a slide direction is a unit vector like (0, 1) or (1, 1)")
    } else {
        Ok(())
    }
}

/// Reflection bounces diagonal slides; without one it would do nothing.
pub fn reflection(p: &PieceModel) -> Result<(), &'static str> {
    if p.reflect != Reflect::None && !p.slides.iter().any(|(x, y)| *x != 0 && *y != 0) {
        Err("`reflecting(...)` needs diagonal slides to reflect (e.g. `bishop + reflecting(all)`)")
    } else {
        Ok(())
    }
}

/// A king that cannot be captured could never be lost.
pub fn royal_and_immortal(p: &PieceModel) -> Result<(), String> {
    if p.royal && p.immortal {
        Err(format!(
            "`{}` is both royal and immortal: a king that cannot be captured cannot be lost",
            p.name
        ))
    } else {
        Ok(())
    }
}

/// What a capture gives must be holdable: an unpromoted, non-royal kind.
pub fn hand_kind(pieces: &[PieceModel], k: usize, name: &str) -> Result<(), String> {
    let p = &pieces[k];
    if p.unpromoted == k && !p.royal {
        Ok(())
    } else {
        Err(format!(
            "`{name}` cannot be held in hand: name an unpromoted, non-royal kind"
        ))
    }
}

/// Kinds reusing an earlier kind's letter, with the message for each.
pub fn duplicate_letters(pieces: &[PieceModel]) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, p) in pieces.iter().enumerate() {
        for q in &pieces[..i] {
            if p.sfen == q.sfen {
                out.push((
                    i,
                    format!(
                        "SFEN letter '{}' of `{}` is already used by `{}`; choose another letter",
                        p.sfen, p.name, q.name
                    ),
                ));
            }
        }
    }
    out
}

/// Some kind must be royal (the king), or no game could be lost.
pub fn has_royal(pieces: &[PieceModel]) -> Result<(), &'static str> {
    if pieces.is_empty() || pieces.iter().any(|p| p.royal) {
        Ok(())
    } else {
        Err("no royal piece: mark one kind `royal;` (the king)")
    }
}

/// A setup's finished board, `(white, token)` per storage square: every token names a kind,
/// nothing stands where it could never move, and each side has exactly one king.
pub fn setup_board(
    g: &Geometry,
    grid: &[Option<(bool, String)>],
    pieces: &[PieceModel],
    setup_id: &str,
) -> Vec<String> {
    let mut problems = Vec::new();
    let mut kings = [0, 0];
    for sq in g.squares() {
        let Some((white, token)) = &grid[sq.index()] else {
            continue;
        };
        match pieces.iter().position(|p| p.sfen == *token) {
            None => problems.push(format!(
                "setup `{setup_id}` has a piece '{token}' on {sq} but no kind has that letter"
            )),
            Some(k) => {
                if pieces[k].royal {
                    kings[usize::from(*white)] += 1;
                }
                let owner = if *white { Color::White } else { Color::Black };
                if g.rank_from_far(sq, owner) < pieces[k].dead_ranks {
                    problems.push(format!(
                        "setup `{setup_id}` puts `{}` where it could never move",
                        pieces[k].name
                    ));
                }
            }
        }
    }
    for (side, n) in ["black", "white"].iter().zip(kings) {
        if n != 1 {
            problems.push(format!(
                "setup `{setup_id}`: {side} has {n} kings; a setup needs exactly one king per side"
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_rules::geometry::SQUARES;

    fn piece(name: &str, sfen: &str) -> PieceModel {
        let mut p = PieceModel::new(name, sfen, 0);
        p.leaps = vec![(0, 1)];
        p
    }

    #[test]
    fn letters_are_one_uppercase_or_plus_and_one() {
        for ok in ["P", "Z", "+P"] {
            assert_eq!(sfen_letter(ok), Ok(()), "{ok}");
        }
        for bad in ["p", "", "PP", "+", "++P", "+p", "1"] {
            assert!(sfen_letter(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn board_sizes_from_3x3_to_10x10() {
        assert_eq!(board_size("5x5").unwrap(), Geometry::new(5, 5).unwrap());
        assert_eq!(board_size("7x9").unwrap().files, 7);
        assert!(board_size("10x10").is_ok() && board_size("3x3").is_ok());
        assert!(board_size("12x12").is_ok() && board_size("11x11").is_ok());
        for bad in [
            "0x5", "13x13", "12x13", "2x9", "9", "5x", "x5", "5x5x5", "axb",
        ] {
            assert!(board_size(bad).is_err(), "{bad}");
        }
        assert!(board_size("9").unwrap_err().contains("files x ranks"));
        assert!(board_size("13x13").unwrap_err().contains("3x3 to 12x12"));
    }

    #[test]
    fn zones_fit_the_board() {
        let five = Geometry::new(5, 5).unwrap();
        assert_eq!(zone_depth(Some(1), &five), Ok(1));
        assert_eq!(zone_depth(Some(5), &five), Ok(5));
        for bad in [Some(0), Some(6), None] {
            assert!(zone_depth(bad, &five).unwrap_err().contains("1 to 5 ranks"));
        }
    }

    #[test]
    fn squares_are_on_the_board() {
        let five = Geometry::new(5, 5).unwrap();
        assert_eq!(square(&five, "5e").unwrap().to_string(), "5e");
        let err = square(&five, "9i").unwrap_err();
        assert!(
            err.contains("5x5 board") && err.contains("rank a-e"),
            "{err}"
        );
        assert!(square(&Geometry::new(10, 10).unwrap(), "10a").is_ok());
    }

    #[test]
    fn offsets_and_slide_directions() {
        assert_eq!(offset(1, 2, false), Ok(()));
        assert_eq!(offset(-8, 8, false), Ok(()));
        assert!(offset(0, 0, false).is_err());
        assert!(offset(9, 0, false).is_err());
        assert_eq!(offset(1, -1, true), Ok(()));
        assert!(offset(0, 2, true).unwrap_err().contains("unit vector"));
    }

    #[test]
    fn piece_invariants() {
        let mut k = piece("king", "K");
        k.royal = true;
        assert!(royal_and_immortal(&k).is_ok());
        k.immortal = true;
        assert!(royal_and_immortal(&k)
            .unwrap_err()
            .contains("both royal and immortal"));

        let mut b = piece("bishop", "B");
        b.reflect = Reflect::All;
        assert!(reflection(&b).is_err());
        b.slides = vec![(1, 1)];
        assert!(reflection(&b).is_ok());
        b.slides = vec![(0, 1)];
        assert!(reflection(&b).is_err(), "orthogonal slides do not reflect");

        let mut set = vec![piece("king", "K"), piece("pawn", "P"), piece("tokin", "+P")];
        set[0].royal = true;
        set[1].unpromoted = 1;
        set[2].unpromoted = 1;
        assert!(hand_kind(&set, 1, "pawn").is_ok());
        assert!(hand_kind(&set, 2, "tokin").is_err(), "a promoted kind");
        assert!(hand_kind(&set, 0, "king").is_err(), "a royal kind");

        assert!(duplicate_letters(&set).is_empty());
        assert!(has_royal(&set).is_ok());
        set.push(piece("other_pawn", "P"));
        let dups = duplicate_letters(&set);
        assert_eq!(dups.len(), 1);
        assert_eq!(dups[0].0, 3);
        assert!(dups[0].1.contains("already used by `pawn`"));
        set[0].royal = false;
        assert!(has_royal(&set).is_err());
    }

    #[test]
    fn setup_boards_need_one_king_each_known_letters_and_no_dead_pieces() {
        let g = Geometry::STANDARD;
        let mut set = vec![piece("king", "K"), piece("pawn", "P")];
        set[0].royal = true;
        set[1].dead_ranks = 1;
        let mut grid: Vec<Option<(bool, String)>> = vec![None; SQUARES];
        let at = |s: &str| g.parse_square(s).unwrap().index();
        grid[at("5i")] = Some((false, "K".into()));
        grid[at("5a")] = Some((true, "K".into()));
        assert!(setup_board(&g, &grid, &set, "T").is_empty());

        grid[at("1a")] = Some((false, "P".into())); // Black pawn on its last rank
        grid[at("2a")] = Some((true, "P".into())); // White pawn far from its last rank: fine
        grid[at("3a")] = Some((true, "X".into()));
        grid[at("5a")] = None;
        let problems = setup_board(&g, &grid, &set, "T");
        assert_eq!(problems.len(), 3, "{problems:?}");
        let has = |text: &str| problems.iter().any(|p| p.contains(text));
        assert!(has("'X' on 3a"));
        assert!(has("`pawn` where it could never move"));
        assert!(has("white has 0 kings"));
    }
}
