//! Home squares of the Circe family (RULES.md §0, "home square").

use crate::bitboard::{Bitboard, Storage};
use crate::geometry::{Color, Geometry, Square};
use crate::table::Home;

/// Black's home squares of a role as (file index, rank index): one square, or the pair
/// (files 1–4 home, files 6–9 home). The pawn's home depends on the capture file and is handled
/// apart. On 9×9 these are the squares of RULES.md; another board keeps the same places
/// relative to its centre file and back ranks (clamped to the board).
fn black_homes(role: Home, g: &Geometry) -> Homes {
    let (c, back) = (g.files / 2, g.ranks - 1);
    let pair = |d: u8| Homes::Two(c.saturating_sub(d), (c + d).min(g.files - 1), back);
    match role {
        Home::King => Homes::One((c, back)),                 // 5i
        Home::Rook => Homes::One((1, back - 1)),             // 2h
        Home::Bishop => Homes::One((g.files - 2, back - 1)), // 8h
        Home::Gold => pair(1),                               // 4i, 6i
        Home::Silver => pair(2),                             // 3i, 7i
        Home::Knight => pair(3),                             // 2i, 8i
        Home::Lance => Homes::Two(0, g.files - 1, back),     // 1i, 9i
        Home::Pawn => Homes::Pawn(back - 2),                 // rank g of the capture file
    }
}

enum Homes {
    One((u8, u8)),
    /// Low file index, high file index, rank index.
    Two(u8, u8, u8),
    /// Rank index on the capture file.
    Pawn(u8),
}

/// White's squares are Black's turned half a turn about the centre.
fn for_owner(g: &Geometry, owner: Color, file: u8, rank: u8) -> Square {
    let sq = Square::from_file_rank(file, rank);
    match owner {
        Color::Black => sq,
        Color::White => g.turned(sq),
    }
}

/// The home square of a piece with home role `role` owned by `owner`, for a capture on
/// `capture`. `occupied` is the board after the capturing piece has moved (its starting square
/// empty, the capture square holding the capturer); it only decides between the two homes of
/// L, N, S, G on file 5: the single empty one, else the one on the owner's right.
pub fn home_square<S: Storage>(
    g: &Geometry,
    role: Home,
    owner: Color,
    capture: Square,
    occupied: Bitboard<S>,
) -> Square {
    match black_homes(role, g) {
        Homes::One((f, r)) => for_owner(g, owner, f, r),
        Homes::Pawn(r) => {
            let rank = match owner {
                Color::Black => r,
                Color::White => g.ranks - 1 - r,
            };
            Square::from_file_rank(capture.file(), rank)
        }
        Homes::Two(low, high, r) => {
            // Turning the board swaps the two homes' file halves, so take both and sort them.
            let a = for_owner(g, owner, low, r);
            let b = for_owner(g, owner, high, r);
            let (low_sq, high_sq) = if a.file() < b.file() { (a, b) } else { (b, a) };
            let centre = g.files / 2; // file 5
            match capture.file() {
                f if f < centre => low_sq,
                f if f > centre => high_sq,
                _ => {
                    let low_empty = !occupied.contains(low_sq);
                    let high_empty = !occupied.contains(high_sq);
                    if low_empty != high_empty {
                        if low_empty {
                            low_sq
                        } else {
                            high_sq
                        }
                    } else {
                        // The owner's right: files 1–4 for Black, files 6–9 for White.
                        match owner {
                            Color::Black => low_sq,
                            Color::White => high_sq,
                        }
                    }
                }
            }
        }
    }
}
