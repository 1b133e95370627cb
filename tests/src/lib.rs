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

/// Sorted copy of a list of USI moves.
pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The colour-mirrored SFEN: the board turned 180°, colours and hands swapped, the other side
/// to move. A setup and its mirror must have equal perft counts.
pub fn mirror_sfen(sfen: &str) -> String {
    let fields: Vec<&str> = sfen.split_whitespace().collect();
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    // Tokens of one rank, left to right ('+' kept with its letter).
    let rank_tokens = |row: &str| -> Vec<String> {
        let mut out = Vec::new();
        let mut chars = row.chars();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                out.extend((0..d).map(|_| "1".to_string()));
            } else if c == '+' {
                out.push(format!("+{}", chars.next().map(swap).unwrap_or('?')));
            } else {
                out.push(swap(c).to_string());
            }
        }
        out
    };
    let ranks: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|row| {
            let mut tokens = rank_tokens(row);
            tokens.reverse();
            let mut s = String::new();
            let mut empty = 0;
            for t in tokens {
                if t == "1" {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&t);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    let side = if fields[1] == "b" { "w" } else { "b" };
    let hand = if fields[2] == "-" {
        "-".to_string()
    } else {
        fields[2]
            .chars()
            .map(|c| if c.is_ascii_alphabetic() { swap(c) } else { c })
            .collect()
    };
    format!(
        "{} {side} {hand} {}",
        ranks.join("/"),
        fields.get(3).unwrap_or(&"1")
    )
}
