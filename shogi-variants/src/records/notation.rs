//! Japanese notation shared by the KIF and CSA forms: numerals, square names and piece names.
//!
//! Standard boards (up to 9×9) write a square as a full-width file digit and a kanji rank
//! (`７六`); larger boards as lishogi writes chu shogi: ASCII file digits and a kanji rank
//! that may take two characters (`12十一`). CSA names only the 9×9 squares.

use shogi_core::geometry::Geometry;
use shogi_core::Square;

/// Full-width file digits, file 1 first.
const FILE_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
/// Kanji rank numerals, rank 1 (USI `a`) first.
const RANK_KANJI: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// File and rank numbers (1-9) of a square of the 9×9 board; `None` beyond it.
pub fn square_numbers(sq: Square) -> Option<(u8, u8)> {
    let (f, r) = (sq.file() + 1, sq.rank() + 1);
    (f <= 9 && r <= 9).then_some((f, r))
}

/// The square of file and rank numbers (1-based) on board `g`.
pub fn square_in(g: &Geometry, file: u8, rank: u8) -> Option<Square> {
    g.square(file as i32 - 1, rank as i32 - 1)
}

/// The square of file and rank numbers (1-9) on the 9×9 board (KIF and CSA diagrams).
pub fn square_of(file: u8, rank: u8) -> Option<Square> {
    square_in(&Geometry::STANDARD, file, rank)
}

/// A rank number in kanji, as large-board KIF writes it: `一` … `九`, `十`, `十一`, `十二`
/// (a count's numerals, [`kanji_count`], except that one is written).
pub fn rank_kanji(n: u8) -> String {
    match n {
        1 => RANK_KANJI[0].to_string(),
        _ => kanji_count(n as u32),
    }
}

/// `7八`, `12十一`: a square of a large board (lishogi's chu shogi KIF).
pub fn large_square(sq: Square) -> String {
    format!("{}{}", sq.file() + 1, rank_kanji(sq.rank() + 1))
}

/// A kanji rank at the start of `s` (`十二` before `十` before `一`), with its length.
pub fn leading_rank(s: &str) -> Option<(u8, usize)> {
    let unit = |c: char| RANK_KANJI.iter().position(|&d| d == c).map(|i| i as u8 + 1);
    let mut chars = s.chars();
    match chars.next()? {
        '十' => match chars.next().and_then(unit) {
            Some(d) => Some((10 + d, '十'.len_utf8() * 2)),
            None => Some((10, '十'.len_utf8())),
        },
        c => unit(c).map(|d| (d, c.len_utf8())),
    }
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

/// A piece kind's Japanese names: the move-text name written, the two-kanji name written on
/// large boards (chu shogi as lishogi writes it), its one-character board (BOD) symbol, and
/// further spellings accepted on reading. Keyed by the kind's name in the rule table, so a
/// variant's kind that shares a name with a standard kind shares its kanji.
pub struct PieceNames {
    pub kind: &'static str,
    pub kif: &'static str,
    pub long: &'static str,
    pub board: char,
    pub aliases: &'static [&'static str],
    /// CSA two-letter code, for the standard kinds.
    pub csa: Option<&'static str>,
}

impl PieceNames {
    /// Every spelling read as this kind: the move-text and long names, the aliases, and the
    /// board symbol.
    pub fn spells(&self, text: &str) -> bool {
        self.kif == text
            || self.long == text
            || self.aliases.contains(&text)
            || (text.chars().count() == 1 && text.starts_with(self.board))
    }
}

/// Every kind with a Japanese name: the fourteen standard kinds (KIF format of Kakinoki:
/// `成銀`, `成桂`, `成香` in move text, `全`, `圭`, `杏` on the board) and chu shogi's (the
/// names lishogi writes, `獅子`, `龍王`, `金飛車`, ...; several promoted kinds share the name
/// of the kind they move like, so on large boards the origin square tells them apart).
pub const PIECE_NAMES: &[PieceNames] = &[
    names("king", "玉", "玉将", '玉', &["王", "王将"], Some("OU")),
    names("rook", "飛", "飛車", '飛', &[], Some("HI")),
    names("bishop", "角", "角行", '角', &[], Some("KA")),
    names("gold", "金", "金将", '金', &[], Some("KI")),
    names("silver", "銀", "銀将", '銀', &[], Some("GI")),
    names("knight", "桂", "桂馬", '桂', &[], Some("KE")),
    names("lance", "香", "香車", '香', &[], Some("KY")),
    names("pawn", "歩", "歩兵", '歩', &[], Some("FU")),
    names("dragon", "龍", "龍王", '龍', &["竜", "竜王"], Some("RY")),
    names("horse", "馬", "龍馬", '馬', &["竜馬"], Some("UM")),
    names("promoted_silver", "成銀", "成銀", '全', &["全"], Some("NG")),
    names("promoted_knight", "成桂", "成桂", '圭', &["圭"], Some("NK")),
    names("promoted_lance", "成香", "成香", '杏', &["杏"], Some("NY")),
    names("tokin", "と", "と金", 'と', &[], Some("TO")),
    names("kirin", "麒", "麒麟", '麒', &[], None),
    names("phoenix", "鳳", "鳳凰", '鳳', &[], None),
    names("lion", "獅", "獅子", '獅', &[], None),
    names("free_king", "奔", "奔王", '奔', &[], None),
    // Chu shogi (kind names of `chushogi`); lishogi's board symbols of the promoted ones
    // (`成獅`, `成龍`) are two characters and are accepted as spellings.
    names("promoted_kirin", "獅", "獅子", '獅', &["成獅"], None),
    names("dragon_horse", "馬", "龍馬", '馬', &["竜馬"], None),
    names("horned_falcon", "鷹", "角鷹", '鷹', &[], None),
    names("dragon_king", "龍", "龍王", '龍', &["竜", "竜王"], None),
    names("soaring_eagle", "鷲", "飛鷲", '鷲', &[], None),
    names("promoted_gold", "金飛車", "金飛車", '飛', &["成飛"], None),
    names(
        "vertical_mover_promoted",
        "竪行",
        "竪行",
        '竪',
        &["成竪"],
        None,
    ),
    names("copper", "銅", "銅将", '銅', &[], None),
    names("promoted_copper", "横行", "横行", '横', &["成横"], None),
    names("leopard", "豹", "猛豹", '豹', &[], None),
    names("promoted_leopard", "小角", "小角", '角', &["成角"], None),
    names("white_horse", "駒", "白駒", '駒', &[], None),
    names("reverse_chariot", "反", "反車", '反', &[], None),
    names("whale", "鯨", "鯨鯢", '鯨', &[], None),
    names("blind_tiger", "虎", "盲虎", '虎', &[], None),
    names("flying_stag", "鹿", "飛鹿", '鹿', &[], None),
    names("drunk_elephant", "象", "醉象", '象', &["酔象"], None),
    names("crown_prince", "太", "太子", '太', &[], None),
    names("promoted_phoenix", "奔王", "奔王", '奔', &["成奔"], None),
    names(
        "promoted_bishop",
        "龍馬",
        "龍馬",
        '馬',
        &["成馬", "竜馬"],
        None,
    ),
    names(
        "promoted_rook",
        "龍王",
        "龍王",
        '龍',
        &["成龍", "成竜", "竜王"],
        None,
    ),
    names("side_mover", "横", "横行", '横', &[], None),
    names("free_boar", "猪", "奔猪", '猪', &[], None),
    names("vertical_mover", "竪", "竪行", '竪', &[], None),
    names("flying_ox", "牛", "飛牛", '牛', &[], None),
    names("queen", "奔", "奔王", '奔', &[], None),
    names("go_between", "仲", "仲人", '仲', &[], None),
    names(
        "promoted_go_between",
        "醉象",
        "醉象",
        '象',
        &["成象", "酔象"],
        None,
    ),
];

const fn names(
    kind: &'static str,
    kif: &'static str,
    long: &'static str,
    board: char,
    aliases: &'static [&'static str],
    csa: Option<&'static str>,
) -> PieceNames {
    PieceNames {
        kind,
        kif,
        long,
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
    PIECE_NAMES.iter().find(|p| p.spells(text)).map(|p| p.kind)
}

/// The kind name of a CSA piece code.
pub fn kind_of_csa(code: &str) -> Option<&'static str> {
    PIECE_NAMES
        .iter()
        .find(|p| p.csa == Some(code))
        .map(|p| p.kind)
}

/// The longest KIF piece spelling at the start of `text`, with the first kind it names.
pub fn leading_piece(text: &str) -> Option<(&'static str, usize)> {
    let mut best: Option<(&'static str, usize)> = None;
    for p in PIECE_NAMES {
        let mut buf = [0u8; 4];
        let board: &str = p.board.encode_utf8(&mut buf);
        let spellings = [p.kif, p.long, board]
            .into_iter()
            .chain(p.aliases.iter().copied());
        for s in spellings {
            if text.starts_with(s) && best.is_none_or(|(_, n)| s.len() > n) {
                best = Some((p.kind, s.len()));
            }
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
