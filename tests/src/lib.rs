//! Helpers shared by the cross-crate tests.

use shogi_variants::registry;

/// Legal moves of `id` at `sfen` (or its start), sorted USI.
pub fn moves(id: &str, sfen: Option<&str>, moves: &[&str]) -> Vec<String> {
    let mut e = registry::create(id).expect("registered id");
    let moves: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    e.set_position(sfen, &moves).expect("valid position");
    e.legal_moves()
}

/// Perft of `id` at `sfen` (or its start).
pub fn perft(id: &str, sfen: Option<&str>, depth: u32) -> u64 {
    let mut e = registry::create(id).expect("registered id");
    if sfen.is_some() {
        e.set_position(sfen, &[]).expect("valid position");
    }
    e.perft(depth)
}

/// The legal moves of rule type `R` at `sfen`, as sorted USI text (for test rule sets
/// outside the registry and for typed tests).
pub fn legal_usi<R: shogi_core::Rules>(sfen: &str) -> Vec<String> {
    let mut pos =
        shogi_core::Position::<R>::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let mut list: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| pos.move_to_usi(m))
        .collect();
    list.sort();
    list
}

/// Asserts the perft counts of rule type `R` at `sfen` for depths 1, 2, ... (reference counts
/// from an independent implementation, as the caller says).
pub fn assert_perft<R: shogi_core::Rules>(sfen: &str, expected: &[u64]) {
    let mut pos =
        shogi_core::Position::<R>::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    for (depth, &n) in expected.iter().enumerate() {
        let depth = depth as u32 + 1;
        assert_eq!(pos.perft(depth), n, "{sfen} depth {depth}");
    }
}

/// Whether rule type `R` stores its bitboards in the word `S`.
pub fn stores_in<R: shogi_core::Rules, S: 'static>() -> bool {
    std::any::TypeId::of::<R::Storage>() == std::any::TypeId::of::<S>()
}

/// Sorted copy of a list of USI moves.
pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The position after `moves` from `sfen` (or the start), as SFEN without the move number
/// (board, side to move, hands), so tests need not fix how the counter advances.
pub fn position_after(id: &str, sfen: Option<&str>, moves: &[&str]) -> String {
    let mut e = registry::create(id).expect("registered id");
    let moves: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    e.set_position(sfen, &moves)
        .expect("valid position and moves");
    without_move_number(&e.sfen())
}

/// The start position of `id` as SFEN without the move number.
pub fn start(id: &str) -> String {
    let e = registry::create(id).expect("registered id");
    without_move_number(e.start_sfen())
}

/// Board, side to move and hands of an SFEN (its first three fields).
pub fn without_move_number(sfen: &str) -> String {
    sfen.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The moves of `list` that start on square `from` (board moves only).
pub fn moves_from(list: &[String], from: &str) -> Vec<String> {
    list.iter()
        .filter(|m| m.starts_with(from) && m.as_bytes().get(1) != Some(&b'*'))
        .cloned()
        .collect()
}

/// The drops of `list` of the piece with SFEN letter `letter`.
pub fn drops_of(list: &[String], letter: char) -> Vec<String> {
    let prefix = format!("{letter}*");
    list.iter()
        .filter(|m| m.starts_with(&prefix))
        .cloned()
        .collect()
}

/// Board moves from `from` to each of `dests` (squares), for the side whose promotion zone is
/// `zone_ranks` (e.g. "abc" for Black): a move touching the zone is listed with and without
/// promotion (RULES.md §0, for a kind that promotes and is never dead), sorted.
pub fn with_promotions(from: &str, dests: &[&str], zone_ranks: &str) -> Vec<String> {
    let in_zone = |sq: &str| zone_ranks.contains(&sq[1..2]);
    let mut v = Vec::new();
    for d in dests {
        v.push(format!("{from}{d}"));
        if in_zone(from) || in_zone(d) {
            v.push(format!("{from}{d}+"));
        }
    }
    v.sort();
    v
}

/// Board moves from `from` to each of `dests`, without promotion, sorted.
pub fn plain(from: &str, dests: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = dests.iter().map(|d| format!("{from}{d}")).collect();
    v.sort();
    v
}

/// Every square in USI notation, file 1..9, rank a..i.
pub fn all_squares() -> Vec<String> {
    let mut v = Vec::with_capacity(81);
    for f in 1..=9 {
        for r in "abcdefghi".chars() {
            v.push(format!("{f}{r}"));
        }
    }
    v
}

/// The colour mirror of a standard-board (9×9) SFEN: the board turned 180°, every piece
/// changing colour, the hands swapped and the other side to move. The move number is kept. A
/// rule set that treats the two colours alike must give the mirrored position the same perft
/// counts.
///
/// Hands are written in RULES.md order (Black's first, `R B G S N L P E Y Z C A O X`).
pub fn mirror_sfen(sfen: &str) -> Result<String, String> {
    mirror_sfen_sized(sfen, 9, 9)
}

/// [`mirror_sfen`] on a board of `files` × `ranks` squares (every row must have `files`
/// squares, and there must be `ranks` rows); empty runs may take several digits.
pub fn mirror_sfen_sized(sfen: &str, files: usize, ranks: usize) -> Result<String, String> {
    let fields: Vec<&str> = sfen.split_whitespace().collect();
    if fields.len() < 3 {
        return Err(format!("SFEN needs board, side and hands: '{sfen}'"));
    }
    // Board: `ranks` rows of `files` cells, each cell `None` or a token like "+p".
    let mut rows: Vec<Vec<Option<String>>> = Vec::new();
    for row in fields[0].split('/') {
        let mut cells = Vec::new();
        let mut promoted = false;
        let mut run = 0usize;
        for c in row.chars() {
            if let (Some(d), false) = (c.to_digit(10), promoted) {
                // A run starts at 1: "0" is no count of empty squares.
                if run == 0 && d == 0 {
                    return Err(format!("bad character '{c}' in row '{row}'"));
                }
                run = run * 10 + d as usize;
                continue;
            }
            cells.extend(std::iter::repeat_n(None, run));
            run = 0;
            match c {
                '+' if !promoted => promoted = true,
                c if c.is_ascii_alphabetic() => {
                    let swapped = swap_case(c);
                    cells.push(Some(if promoted {
                        format!("+{swapped}")
                    } else {
                        swapped.to_string()
                    }));
                    promoted = false;
                }
                _ => return Err(format!("bad character '{c}' in row '{row}'")),
            }
        }
        cells.extend(std::iter::repeat_n(None, run));
        if cells.len() != files || promoted {
            return Err(format!("row '{row}' is not {files} squares"));
        }
        cells.reverse();
        rows.push(cells);
    }
    if rows.len() != ranks {
        return Err(format!("board '{}' is not {ranks} rows", fields[0]));
    }
    rows.reverse();
    let board: Vec<String> = rows
        .iter()
        .map(|cells| {
            let mut s = String::new();
            let mut empty = 0;
            for cell in cells {
                match cell {
                    None => empty += 1,
                    Some(t) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push_str(t);
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    let side = match fields[1] {
        "b" => "w",
        "w" => "b",
        other => return Err(format!("bad side to move '{other}'")),
    };
    let hands = mirror_hands(fields[2])?;
    let mut out = format!("{} {side} {hands}", board.join("/"));
    for rest in &fields[3..] {
        out.push(' ');
        out.push_str(rest);
    }
    Ok(out)
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// Swaps the owners of the hands and writes them in RULES.md order.
fn mirror_hands(hands: &str) -> Result<String, String> {
    const ORDER: &str = "RBGSNLPEYZCAOX";
    if hands == "-" {
        return Ok("-".to_string());
    }
    let mut items: Vec<(char, u32)> = Vec::new();
    let mut count = 0u32;
    for c in hands.chars() {
        if let Some(d) = c.to_digit(10) {
            count = count * 10 + d;
        } else if c.is_ascii_alphabetic() {
            items.push((swap_case(c), count.max(1)));
            count = 0;
        } else {
            return Err(format!("bad hand '{hands}'"));
        }
    }
    let rank = |c: char| {
        let lower = c.is_ascii_lowercase();
        let i = ORDER.find(c.to_ascii_uppercase()).unwrap_or(ORDER.len());
        (lower, i)
    };
    items.sort_by_key(|&(c, _)| rank(c));
    Ok(items
        .iter()
        .map(|&(c, n)| {
            if n > 1 {
                format!("{n}{c}")
            } else {
                c.to_string()
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_of_the_standard_start_is_itself_with_white_to_move() {
        let s = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        assert_eq!(
            mirror_sfen(s).unwrap(),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        );
    }

    #[test]
    fn mirror_turns_the_board_and_swaps_hands() {
        // White king 9a, Black +O on 2h, Black king 1i; hands: Black S 2P, White R.
        // Turned and recoloured: White's king 9a -> Black's king 1i, Black's +O 2h -> White's
        // +o 8b, Black's king 1i -> White's king 9a; Black gets R, White s and 2p.
        let s = "k8/9/9/9/9/9/9/7+O1/8K b S2Pr 5";
        assert_eq!(mirror_sfen(s).unwrap(), "k8/1+o7/9/9/9/9/9/9/8K w Rs2p 5");
        assert_eq!(
            mirror_sfen(&mirror_sfen(s).unwrap()).unwrap(),
            "k8/9/9/9/9/9/9/7+O1/8K b S2Pr 5"
        );
    }

    #[test]
    fn mirror_of_other_boards() {
        assert_eq!(
            mirror_sfen_sized("rbsgk/4p/5/P4/KGSBR b Sp 3", 5, 5).unwrap(),
            "rbsgk/4p/5/P4/KGSBR w Ps 3"
        );
        assert_eq!(
            mirror_sfen_sized("4k/+P4/5/5/K3+b b - 1", 5, 5).unwrap(),
            "+B3k/5/5/4+p/K4 w - 1"
        );
        // Runs of ten or more empty squares (a 12-file board).
        assert_eq!(
            mirror_sfen_sized("k11/12/K11 b - 1", 12, 3).unwrap(),
            "11k/12/11K w - 1"
        );
        // The board's size is checked.
        assert!(mirror_sfen_sized("rbsgk/4p/5/P4/KGSBR b - 1", 5, 6).is_err());
        assert!(mirror_sfen_sized("rbsgk/4p/6/P4/KGSBR b - 1", 5, 5).is_err());
        assert!(mirror_sfen_sized("rbsgk/04p/5/P4/KGSBR b - 1", 5, 5).is_err());
    }

    #[test]
    fn mirror_rejects_bad_input() {
        assert!(mirror_sfen("9/9 b -").is_err());
        assert!(
            mirror_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x -").is_err()
        );
    }
}
