//! Japanese notation shared by the KIF and CSA forms: numerals, square names and piece names.
//!
//! Squares go through their USI text (`Square`'s `Display` and `parse`), so the file/rank
//! layout of `shogi-core` is not repeated here; a square whose USI text is not one file digit
//! 1-9 and one rank letter a-i has no KIF or CSA name and such moves are written in USI.

use shogi_core::Square;

/// Full-width file digits, file 1 first.
const FILE_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
/// Kanji rank numerals, rank 1 (USI `a`) first.
const RANK_KANJI: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// File and rank numbers (1-9) of a square, from its USI text.
pub fn square_numbers(sq: Square) -> Option<(u8, u8)> {
    let text = sq.to_string();
    let b = text.as_bytes();
    if b.len() != 2 || !(b'1'..=b'9').contains(&b[0]) || !(b'a'..=b'i').contains(&b[1]) {
        return None;
    }
    Some((b[0] - b'0', b[1] - b'a' + 1))
}

/// The square of file and rank numbers (1-9), through its USI text.
pub fn square_of(file: u8, rank: u8) -> Option<Square> {
    if !(1..=9).contains(&file) || !(1..=9).contains(&rank) {
        return None;
    }
    // KIF and CSA squares are those of the 9×9 board.
    shogi_core::geometry::Geometry::STANDARD
        .parse_square(&format!("{file}{}", (b'a' + rank - 1) as char))
}

/// `７六` for 7f.
pub fn kif_square(sq: Square) -> Option<String> {
    let (f, r) = square_numbers(sq)?;
    Some(format!(
        "{}{}",
        FILE_DIGITS[f as usize - 1],
        RANK_KANJI[r as usize - 1]
    ))
}

/// The value of a full-width or ASCII file digit.
pub fn file_digit(c: char) -> Option<u8> {
    if let Some(i) = FILE_DIGITS.iter().position(|&d| d == c) {
        return Some(i as u8 + 1);
    }
    c.to_digit(10).filter(|&d| d >= 1).map(|d| d as u8)
}

/// The value of a kanji rank numeral (or a full-width/ASCII digit, which some tools write).
pub fn rank_numeral(c: char) -> Option<u8> {
    match RANK_KANJI.iter().position(|&d| d == c) {
        Some(i) => Some(i as u8 + 1),
        None => file_digit(c),
    }
}

/// A count written in kanji (`二`, `十`, `十八`), as in KIF hands; 1 is written as nothing.
pub fn kanji_count(n: u32) -> String {
    let digit = |d: u32| RANK_KANJI[d as usize - 1].to_string();
    match n {
        0 | 1 => String::new(),
        2..=9 => digit(n),
        10 => "十".to_string(),
        11..=19 => format!("十{}", digit(n - 10)),
        _ => n.to_string(),
    }
}

/// Reads a kanji count (`二`, `十五`) or ASCII digits; the empty text is 1.
pub fn parse_kanji_count(s: &str) -> Option<u32> {
    if s.is_empty() {
        return Some(1);
    }
    if let Ok(n) = s.parse::<u32>() {
        return Some(n);
    }
    let value = |c: char| {
        RANK_KANJI
            .iter()
            .position(|&d| d == c)
            .map(|i| i as u32 + 1)
    };
    let chars: Vec<char> = s.chars().collect();
    match chars.as_slice() {
        [c] if *c == '十' => Some(10),
        [c] => value(*c),
        ['十', d] => Some(10 + value(*d)?),
        [t, '十'] => Some(10 * value(*t)?),
        [t, '十', d] => Some(10 * value(*t)? + value(*d)?),
        _ => None,
    }
}

/// A piece kind's Japanese names: the move-text name written, its one-character board
/// (BOD) symbol, and further spellings accepted on reading. Keyed by the kind's name in the
/// rule table, so a variant's kind that shares a name with a standard kind shares its kanji.
pub struct PieceNames {
    pub kind: &'static str,
    pub kif: &'static str,
    pub board: char,
    pub aliases: &'static [&'static str],
    /// CSA two-letter code, for the standard kinds.
    pub csa: Option<&'static str>,
}

/// Every kind with a Japanese name: the fourteen standard kinds (KIF format of Kakinoki:
/// `成銀`, `成桂`, `成香` in move text, `全`, `圭`, `杏` on the board) and the chu-shogi pieces
/// some variants use (kirin 麒麟, phoenix 鳳凰, lion 獅子, free king 奔王).
pub const PIECE_NAMES: &[PieceNames] = &[
    names("king", "玉", '玉', &["王"], Some("OU")),
    names("rook", "飛", '飛', &[], Some("HI")),
    names("bishop", "角", '角', &[], Some("KA")),
    names("gold", "金", '金', &[], Some("KI")),
    names("silver", "銀", '銀', &[], Some("GI")),
    names("knight", "桂", '桂', &[], Some("KE")),
    names("lance", "香", '香', &[], Some("KY")),
    names("pawn", "歩", '歩', &[], Some("FU")),
    names("dragon", "龍", '龍', &["竜"], Some("RY")),
    names("horse", "馬", '馬', &[], Some("UM")),
    names("promoted_silver", "成銀", '全', &["全"], Some("NG")),
    names("promoted_knight", "成桂", '圭', &["圭"], Some("NK")),
    names("promoted_lance", "成香", '杏', &["杏"], Some("NY")),
    names("tokin", "と", 'と', &[], Some("TO")),
    names("kirin", "麒", '麒', &["麒麟"], None),
    names("phoenix", "鳳", '鳳', &["鳳凰"], None),
    names("lion", "獅", '獅', &["獅子"], None),
    names("free_king", "奔", '奔', &["奔王"], None),
];

const fn names(
    kind: &'static str,
    kif: &'static str,
    board: char,
    aliases: &'static [&'static str],
    csa: Option<&'static str>,
) -> PieceNames {
    PieceNames {
        kind,
        kif,
        board,
        aliases,
        csa,
    }
}

/// The names of a kind, by its rule-table name.
pub fn names_of(kind: &str) -> Option<&'static PieceNames> {
    PIECE_NAMES.iter().find(|p| p.kind == kind)
}

/// The kind name of a KIF piece spelling (move text or board symbol).
pub fn kind_of_kanji(text: &str) -> Option<&'static str> {
    PIECE_NAMES
        .iter()
        .find(|p| {
            p.kif == text
                || p.aliases.contains(&text)
                || (text.chars().count() == 1 && text.starts_with(p.board))
        })
        .map(|p| p.kind)
}

/// The kind name of a CSA piece code.
pub fn kind_of_csa(code: &str) -> Option<&'static str> {
    PIECE_NAMES
        .iter()
        .find(|p| p.csa == Some(code))
        .map(|p| p.kind)
}

/// The longest KIF piece spelling at the start of `text`, with its kind name.
pub fn leading_piece(text: &str) -> Option<(&'static str, usize)> {
    let mut best: Option<(&'static str, usize)> = None;
    for p in PIECE_NAMES {
        let spellings = std::iter::once(p.kif).chain(p.aliases.iter().copied());
        for s in spellings {
            if text.starts_with(s) && best.is_none_or(|(_, n)| s.len() > n) {
                best = Some((p.kind, s.len()));
            }
        }
        let mut buf = [0u8; 4];
        let board: &str = p.board.encode_utf8(&mut buf);
        if text.starts_with(board) && best.is_none_or(|(_, n)| board.len() > n) {
            best = Some((p.kind, board.len()));
        }
    }
    best
}

/// Display width of text in a fixed-width terminal font: full-width characters count two.
pub fn width(text: &str) -> usize {
    text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// `text` padded with spaces to `w` columns (see [`width`]).
pub fn pad(text: &str, w: usize) -> String {
    let mut s = text.to_string();
    for _ in width(text)..w {
        s.push(' ');
    }
    s
}
