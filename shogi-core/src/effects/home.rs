//! Home squares of the Circe family (RULES.md §0, "home square").

use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square, FILES, RANKS};
use crate::table::Home;

/// Black's home squares of a role as (file index, rank index): one square, or the pair
/// (files 1–4 home, files 6–9 home). The pawn's home depends on the capture file and is handled
/// apart.
fn black_homes(role: Home) -> Homes {
    match role {
        Home::King => Homes::One((4, 8)),    // 5i
        Home::Rook => Homes::One((1, 7)),    // 2h
        Home::Bishop => Homes::One((7, 7)),  // 8h
        Home::Gold => Homes::Two(3, 5, 8),   // 4i, 6i
        Home::Silver => Homes::Two(2, 6, 8), // 3i, 7i
        Home::Knight => Homes::Two(1, 7, 8), // 2i, 8i
        Home::Lance => Homes::Two(0, 8, 8),  // 1i, 9i
        Home::Pawn => Homes::Pawn(6),        // rank g of the capture file
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
fn for_owner(owner: Color, file: u8, rank: u8) -> Square {
    match owner {
        Color::Black => Square::from_file_rank(file, rank),
        Color::White => Square::from_file_rank(FILES - 1 - file, RANKS - 1 - rank),
    }
}

/// The home square of a piece with home role `role` owned by `owner`, for a capture on
/// `capture`. `occupied` is the board after the capturing piece has moved (its starting square
/// empty, the capture square holding the capturer); it only decides between the two homes of
/// L, N, S, G on file 5: the single empty one, else the one on the owner's right.
pub fn home_square(role: Home, owner: Color, capture: Square, occupied: Bitboard) -> Square {
    match black_homes(role) {
        Homes::One((f, r)) => for_owner(owner, f, r),
        Homes::Pawn(r) => {
            let rank = match owner {
                Color::Black => r,
                Color::White => RANKS - 1 - r,
            };
            Square::from_file_rank(capture.file(), rank)
        }
        Homes::Two(low, high, r) => {
            // Turning the board swaps the two homes' file halves, so take both and sort them.
            let a = for_owner(owner, low, r);
            let b = for_owner(owner, high, r);
            let (low_sq, high_sq) = if a.file() < b.file() { (a, b) } else { (b, a) };
            const CENTRE: u8 = FILES / 2; // file 5
            match capture.file() {
                f if f < CENTRE => low_sq,
                f if f > CENTRE => high_sq,
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
