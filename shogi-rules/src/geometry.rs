//! Board geometry in one place (DESIGN.md principle 7): squares, colours, files and ranks.
//!
//! The board is data of the rule set: a [`Geometry`] of `files × ranks` (3×3 up to 12×12) in
//! the rule table. Square index = `file_index * STRIDE + rank_index` with [`STRIDE`] = 12, file
//! index 0 = USI file 1, rank index 0 = USI rank `a`, the same for every board and storage
//! type: a board of up to 5 files fits a `u64`, of up to 10 a `u128` (10 × 12 bits), chu shogi's 12×12 a 256-bit
//! storage, and a square means the same bit in both. Files are contiguous runs of bits, so
//! lance rays stay inside one word range, and a board of fewer ranks leaves the bits above its
//! last rank empty. Everything that depends on the size
//! (bounds, square names, far ranks, turning the board) goes through [`Geometry`]; a
//! [`Square`] alone only knows its file and rank indices.

use std::fmt;

/// Storage ranks per file (the largest board's rank count).
pub const STRIDE: u8 = 12;
/// Largest number of files.
pub const MAX_FILES: u8 = 12;
/// Most files a board stored in a `u128` can have (`u128` bits / [`STRIDE`]); wider boards use
/// the 256-bit storage.
pub const NARROW_FILES: u8 = (128 / STRIDE as u32) as u8;
/// Most files a board stored in a `u64` can have (`u64` bits / [`STRIDE`]).
pub const WORD_FILES: u8 = (64 / STRIDE as u32) as u8;
/// Largest number of ranks.
pub const MAX_RANKS: u8 = STRIDE;
/// Smallest number of files or ranks.
pub const MIN_SIDE: u8 = 3;
/// Number of storage squares of the largest board (square indices are below this).
pub const SQUARES: usize = (MAX_FILES as usize) * (STRIDE as usize);

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.flip()
    }
}

/// A board square (a storage index; which squares exist is the [`Geometry`]'s business).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// From a raw storage index `0..SQUARES`.
    #[inline]
    pub const fn new(index: u8) -> Square {
        debug_assert!((index as usize) < SQUARES);
        Square(index)
    }
    /// From zero-based file index (0 = file 1) and rank index (0 = rank a).
    #[inline]
    pub const fn from_file_rank(file: u8, rank: u8) -> Square {
        debug_assert!(file < MAX_FILES && rank < STRIDE);
        Square(file * STRIDE + rank)
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 / STRIDE
    }
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 % STRIDE
    }
}

/// USI spelling: file number then rank letter (`7g`; `10a` on a ten-file board).
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file() + 1, (b'a' + self.rank()) as char)
    }
}

/// The board of a rule set: `files × ranks`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    pub files: u8,
    pub ranks: u8,
}

impl Geometry {
    /// The 9×9 board of standard shogi (the default).
    pub const STANDARD: Geometry = Geometry { files: 9, ranks: 9 };
    /// The whole storage (the largest board).
    pub const STORAGE: Geometry = Geometry {
        files: MAX_FILES,
        ranks: MAX_RANKS,
    };

    /// A board of `files × ranks`, or why it cannot be one (the macro reports this).
    pub const fn new(files: u8, ranks: u8) -> Result<Geometry, &'static str> {
        if files < MIN_SIDE || ranks < MIN_SIDE {
            Err("a board needs at least 3 files and 3 ranks")
        } else if files > MAX_FILES || ranks > MAX_RANKS {
            Err("boards of up to 12 files and 12 ranks fit the storage")
        } else {
            Ok(Geometry { files, ranks })
        }
    }

    /// Number of squares on the board.
    #[inline]
    pub const fn square_count(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Whether signed coordinates lie on the board.
    #[inline]
    pub const fn contains(&self, file: i32, rank: i32) -> bool {
        file >= 0 && file < self.files as i32 && rank >= 0 && rank < self.ranks as i32
    }

    /// Checked construction from signed coordinates.
    #[inline]
    pub const fn square(&self, file: i32, rank: i32) -> Option<Square> {
        if self.contains(file, rank) {
            Some(Square::from_file_rank(file as u8, rank as u8))
        } else {
            None
        }
    }

    /// Whether a storage square is on the board.
    #[inline]
    pub const fn on_board(&self, sq: Square) -> bool {
        sq.file() < self.files && sq.rank() < self.ranks
    }

    /// The square `(dx, dy)` away from `sq` seen from `color`'s seat (dy forward, dx to the
    /// right), if it is on the board.
    #[inline]
    pub const fn offset(&self, sq: Square, color: Color, dx: i8, dy: i8) -> Option<Square> {
        let (df, dr) = match color {
            Color::Black => (-(dx as i32), -(dy as i32)),
            Color::White => (dx as i32, dy as i32),
        };
        self.square(sq.file() as i32 + df, sq.rank() as i32 + dr)
    }

    /// Rank of `sq` counted from `color`'s far edge: 0 = the last rank for that side.
    #[inline]
    pub const fn rank_from_far(&self, sq: Square, color: Color) -> u8 {
        match color {
            Color::Black => sq.rank(),
            Color::White => self.ranks - 1 - sq.rank(),
        }
    }

    /// The square a half turn of the board puts `sq` on (Black's view to White's).
    #[inline]
    pub const fn turned(&self, sq: Square) -> Square {
        Square::from_file_rank(self.files - 1 - sq.file(), self.ranks - 1 - sq.rank())
    }

    /// Whether the board fits the `u128` storage ([`NARROW_FILES`] files); wider boards take
    /// the 256-bit one (the `variant!` macro picks the storage by this).
    pub const fn fits_u128(&self) -> bool {
        self.files <= NARROW_FILES
    }

    /// Whether the board fits the `u64` storage ([`WORD_FILES`] files), which the `variant!`
    /// macro picks for it: one machine word per bitboard.
    pub const fn fits_u64(&self) -> bool {
        self.files <= WORD_FILES
    }

    /// Every square of the board in index order.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.files)
            .flat_map(move |f| (0..self.ranks).map(move |r| Square::from_file_rank(f, r)))
    }

    /// Parses a USI square: file number (`1`..`files`, no leading zero) then rank letter
    /// (`7g`, `10a`). Returns the square and the bytes read, so move parsers can walk a word.
    /// The tenth file may also be written `:` (`:a`), as Fairy-Stockfish writes it over USI.
    pub fn parse_prefix(&self, s: &str) -> Option<(Square, usize)> {
        let b = s.as_bytes();
        if b.first() == Some(&b':') {
            let rank = b.get(1)?.checked_sub(b'a')?;
            return (self.files == 10 && rank < self.ranks)
                .then(|| (Square::from_file_rank(9, rank), 2));
        }
        let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
        // Fairy-Stockfish writes the tenth rank's squares with two digits (`06a`).
        let fsf_zero = self.ranks == 10 && digits == 2 && b[0] == b'0';
        if digits == 0 || digits > 2 || (b[0] == b'0' && !fsf_zero) || b.len() <= digits {
            return None;
        }
        let file: u32 = s[..digits].parse().ok()?;
        let rank = b[digits].checked_sub(b'a')?;
        if file == 0 || file > self.files as u32 || rank >= self.ranks {
            return None;
        }
        Some((Square::from_file_rank(file as u8 - 1, rank), digits + 1))
    }

    /// Parses a whole USI square word (`7g`).
    pub fn parse_square(&self, s: &str) -> Option<Square> {
        match self.parse_prefix(s) {
            Some((sq, n)) if n == s.len() => Some(sq),
            _ => None,
        }
    }

    /// The last rank letter (`i` on 9×9), for messages.
    pub const fn last_rank_letter(&self) -> char {
        (b'a' + self.ranks - 1) as char
    }
}

impl fmt::Display for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.files, self.ranks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_and_print_on_each_board() {
        let g = Geometry::STANDARD;
        assert_eq!(
            g.parse_square("7g").map(|s| s.to_string()),
            Some("7g".into())
        );
        assert_eq!(g.parse_square("1a"), Some(Square::from_file_rank(0, 0)));
        assert_eq!(g.parse_square("9i"), Some(Square::from_file_rank(8, 8)));
        for bad in ["", "0a", "10a", "1j", "a1", "7", "7gg", "07g", ":", ":a"] {
            assert_eq!(g.parse_square(bad), None, "{bad}");
        }
        let small = Geometry::new(5, 5).unwrap();
        assert_eq!(small.parse_square("6a"), None);
        assert_eq!(small.parse_square("5f"), None);
        assert_eq!(small.parse_square("5e"), Some(Square::from_file_rank(4, 4)));
        let ten = Geometry::new(10, 10).unwrap();
        let sq = ten.parse_square("10j").unwrap();
        assert_eq!((sq.file(), sq.rank()), (9, 9));
        assert_eq!(sq.to_string(), "10j");
        assert_eq!(
            ten.parse_prefix("10a9b"),
            Some((Square::from_file_rank(9, 0), 3))
        );
        // Fairy-Stockfish's tenth file.
        assert_eq!(
            ten.parse_prefix(":a9b"),
            Some((Square::from_file_rank(9, 0), 2))
        );
        assert_eq!(ten.parse_square(":k"), None);
        assert_eq!(ten.parse_square("06a"), ten.parse_square("6a"));
        assert_eq!(ten.parse_square("00a"), None);
        assert_eq!(g.parse_square(":a"), None);
    }

    #[test]
    fn sizes_outside_the_storage_are_refused() {
        assert!(Geometry::new(2, 5).is_err());
        assert!(Geometry::new(13, 12).is_err());
        assert!(Geometry::new(12, 13).is_err());
        assert!(Geometry::new(3, 3).is_ok());
        assert!(Geometry::new(10, 10).is_ok());
        assert!(Geometry::new(10, 10).unwrap().fits_u128());
        assert!(!Geometry::new(11, 11).unwrap().fits_u128());
        assert!(Geometry::new(5, 5).unwrap().fits_u64());
        assert!(!Geometry::new(6, 6).unwrap().fits_u64());
        assert!(Geometry::new(12, 12).is_ok());
    }

    #[test]
    fn offsets_far_ranks_and_turns_follow_the_board() {
        let g = Geometry::new(7, 9).unwrap(); // yari: 7 files, 9 ranks
        let sq = g.parse_square("1i").unwrap();
        assert_eq!(g.offset(sq, Color::Black, 0, 1), g.parse_square("1h"));
        assert_eq!(g.offset(sq, Color::Black, 1, 0), None); // file 0 is the right edge
        assert_eq!(g.offset(sq, Color::Black, -1, 0), g.parse_square("2i"));
        assert_eq!(g.offset(sq, Color::White, 0, 1), None);
        assert_eq!(g.rank_from_far(sq, Color::Black), 8);
        assert_eq!(g.rank_from_far(sq, Color::White), 0);
        assert_eq!(g.turned(sq), g.parse_square("7a").unwrap());
        assert_eq!(g.squares().count(), 63);
        assert!(g.squares().all(|s| g.on_board(s)));
        assert!(!g.on_board(Square::from_file_rank(7, 0)));
        assert!(!g.on_board(Square::from_file_rank(0, 9)));
    }
}
