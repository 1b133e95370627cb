//! Kanji for the board's pieces, by piece name. The page shows these or the SFEN letters; a
//! kind missing here (a new variant's piece) falls back to its letter, so nothing breaks.

/// The kanji of a piece kind (one or two characters), by its rule-table name.
pub fn kanji(name: &str) -> Option<&'static str> {
    Some(match name {
        "king" => "玉",
        "rook" => "飛",
        "dragon" => "龍",
        "bishop" => "角",
        "horse" => "馬",
        "gold" => "金",
        "silver" => "銀",
        "promoted_silver" => "全",
        "knight" => "桂",
        "promoted_knight" => "圭",
        "lance" => "香",
        "promoted_lance" => "杏",
        "pawn" => "歩",
        "tokin" => "と",
        // Variant pieces, after the seeds' Japanese names (RULES.md gives the English ones):
        // 不死身銀 immortal silver, 八方桂 eight-direction knight (also the seed's name for the
        // Hybrid's chess knight), 奔王 the Hybrid's queen (the seed: 「歩は成ると、奔王（チェス
        // のQueen）になります」) as for the chu-shogi free king, 麒麟/鳳凰/獅子 of Kirin-Phoenix.
        // The seeds name the chess pawn, royal rook/bishop, empress and princess in katakana
        // only: 兵 (the usual kanji of a chess pawn), 玉飛/玉角 ("royal" rook/bishop), 后
        // (empress), 姫 (princess) are this table's.
        "immortal_silver" => "不銀",
        "eight_knight" => "八桂",
        "promoted_eight_knight" => "成八",
        "chess_pawn" => "兵",
        "chess_knight" => "八桂",
        "queen" => "奔",
        "kirin" => "麒",
        "phoenix" => "鳳",
        "lion" => "獅",
        "free_king" => "奔",
        "royal_rook" => "玉飛",
        "royal_bishop" => "玉角",
        "empress" => "后",
        "princess" => "姫",
        // The shogi family (issue 17). Yari shogi's spear pieces (槍): 槍桂, 槍角, 槍車,
        // promoting to golds (金) and the pawn to a silver (銀); Micro shogi's golds that
        // turn over to a bishop or rook; Dobutsu shogi's animals in katakana (ライオン
        // keeps 獅, キリン giraffe, ゾウ elephant, ヒヨコ chick, ニワトリ hen).
        "yari_knight" => "槍桂",
        "yari_bishop" => "槍角",
        "yari_rook" => "槍車",
        "yari_gold_knight" | "yari_gold_bishop" | "bishop_gold" | "rook_gold" => "金",
        "yari_silver" => "銀",
        "giraffe" => "キ",
        "elephant" => "ゾ",
        "chick" => "ヒ",
        "hen" => "ニ",
        // Sho shogi: 酔象 drunk elephant, 太子 crown prince.
        "drunk_elephant" => "酔象",
        "crown_prince" => "太子",
        // Tori shogi's birds: 鵬 phoenix, 燕 swallow, 鴈 goose, 鷹 falcon, 鵰 eagle, 鶴 crane,
        // 雉 pheasant, 左鶉/右鶉 left/right quail.
        "tori_phoenix" => "鵬",
        "swallow" => "燕",
        "goose" => "鴈",
        "falcon" => "鷹",
        "eagle" => "鵰",
        "crane" => "鶴",
        "pheasant" => "雉",
        "left_quail" => "左鶉",
        "right_quail" => "右鶉",
        // Chu shogi (中将棋): 銅将 copper, 猛豹 leopard, 反車 reverse chariot, 盲虎 blind tiger,
        // 横行/竪行 side/vertical mover, 仲人 go-between; promoted: 白駒 white horse, 鯨鯢
        // whale, 飛鹿 flying stag, 奔猪 free boar, 飛牛 flying ox, 角鷹 horned falcon, 飛鷲
        // soaring eagle. A promoted piece that moves as another kind shows that kind's kanji
        // (the gold promotes to 飛, the kirin to 獅, the go-between to 酔象).
        "copper" => "銅",
        "leopard" => "豹",
        "reverse_chariot" => "反車",
        "blind_tiger" => "盲虎",
        "side_mover" | "promoted_copper" => "横",
        "vertical_mover" | "vertical_mover_promoted" => "竪",
        "go_between" => "仲",
        "white_horse" => "白駒",
        "whale" => "鯨",
        "flying_stag" => "飛鹿",
        "free_boar" => "奔猪",
        "flying_ox" => "飛牛",
        "horned_falcon" => "角鷹",
        "soaring_eagle" => "飛鷲",
        "dragon_horse" | "promoted_bishop" => "馬",
        "dragon_king" | "promoted_rook" => "龍",
        "promoted_gold" => "飛",
        "promoted_leopard" => "角",
        "promoted_phoenix" => "奔",
        "promoted_kirin" => "獅",
        "promoted_go_between" => "酔象",
        _ => return None,
    })
}
