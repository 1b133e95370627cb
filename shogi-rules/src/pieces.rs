//! Movement primitives of the standard pieces and the standard piece set (RULES.md §0).
//!
//! The `variant!` macro starts from [`STANDARD_PIECES`] when a definition says
//! `pieces: standard`, so standard movement is written once, here.

use crate::table::{Captured, Home, Movement, Offset, PieceDef, Promotion};

const ORTHO: &[Offset] = &[(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG: &[Offset] = &[(1, 1), (-1, 1), (1, -1), (-1, -1)];
const ALL8: &[Offset] = &[
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
const GOLD_STEPS: &[Offset] = &[(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1)];
const SILVER_STEPS: &[Offset] = &[(0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1)];
const KNIGHT_JUMPS: &[Offset] = &[(1, 2), (-1, 2)];
const CHESS_KNIGHT_JUMPS: &[Offset] = &[
    (1, 2),
    (-1, 2),
    (2, 1),
    (-2, 1),
    (1, -2),
    (-1, -2),
    (2, -1),
    (-2, -1),
];

const fn leaps(l: &'static [Offset]) -> Movement {
    Movement {
        leaps: l,
        ..Movement::NONE
    }
}
const fn slides(s: &'static [Offset]) -> Movement {
    Movement {
        slides: s,
        ..Movement::NONE
    }
}

/// Named movements usable by `variant!` (`moves: gold`).
pub mod moves {
    use super::*;
    pub const KING: Movement = leaps(ALL8);
    pub const GOLD: Movement = leaps(GOLD_STEPS);
    pub const SILVER: Movement = leaps(SILVER_STEPS);
    pub const KNIGHT: Movement = leaps(KNIGHT_JUMPS);
    pub const LANCE: Movement = slides(&[(0, 1)]);
    pub const PAWN: Movement = leaps(&[(0, 1)]);
    pub const ROOK: Movement = slides(ORTHO);
    pub const BISHOP: Movement = slides(DIAG);
    pub const DRAGON: Movement = Movement {
        leaps: DIAG,
        slides: ORTHO,
        ..Movement::NONE
    };
    pub const HORSE: Movement = Movement {
        leaps: ORTHO,
        slides: DIAG,
        ..Movement::NONE
    };
    pub const FREE_KING: Movement = slides(ALL8);
    pub const CHESS_KNIGHT: Movement = leaps(CHESS_KNIGHT_JUMPS);
    pub const CHESS_PAWN: Movement = Movement {
        move_only: &[(0, 1)],
        capture_only: &[(1, 1), (-1, 1)],
        ..Movement::NONE
    };
    pub const EMPRESS: Movement = Movement {
        leaps: CHESS_KNIGHT_JUMPS,
        slides: ORTHO,
        ..Movement::NONE
    };
    pub const PRINCESS: Movement = Movement {
        leaps: CHESS_KNIGHT_JUMPS,
        slides: DIAG,
        ..Movement::NONE
    };
    pub const KIRIN: Movement = leaps(&[
        (1, 1),
        (-1, 1),
        (1, -1),
        (-1, -1),
        (0, 2),
        (0, -2),
        (2, 0),
        (-2, 0),
    ]);
    pub const PHOENIX: Movement = leaps(&[
        (0, 1),
        (0, -1),
        (1, 0),
        (-1, 0),
        (2, 2),
        (-2, 2),
        (2, -2),
        (-2, -2),
    ]);
    pub const LION: Movement = Movement {
        leaps: &[
            (-2, -2),
            (-1, -2),
            (0, -2),
            (1, -2),
            (2, -2),
            (-2, -1),
            (-1, -1),
            (0, -1),
            (1, -1),
            (2, -1),
            (-2, 0),
            (-1, 0),
            (1, 0),
            (2, 0),
            (-2, 1),
            (-1, 1),
            (0, 1),
            (1, 1),
            (2, 1),
            (-2, 2),
            (-1, 2),
            (0, 2),
            (1, 2),
            (2, 2),
        ],
        lion: true,
        ..Movement::NONE
    };
    /// Chu shogi's horned falcon: slides every way but forward, and lion power forward (a step
    /// or a jump of two straight ahead, or a double move that way).
    pub const HORNED_FALCON: Movement = Movement {
        leaps: &[(0, 1), (0, 2)],
        slides: &[(0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)],
        lion_lines: &[(0, 1)],
        ..Movement::NONE
    };
    /// Chu shogi's soaring eagle: slides every way but the forward diagonals, and lion power
    /// along each of those.
    pub const SOARING_EAGLE: Movement = Movement {
        leaps: &[(1, 1), (-1, 1), (2, 2), (-2, 2)],
        slides: &[(0, 1), (0, -1), (1, 0), (-1, 0), (1, -1), (-1, -1)],
        lion_lines: &[(1, 1), (-1, 1)],
        ..Movement::NONE
    };
}

/// Kind indices of the standard set, fixed for every variant built on it.
pub mod kind {
    pub const KING: u8 = 0;
    pub const ROOK: u8 = 1;
    pub const BISHOP: u8 = 2;
    pub const GOLD: u8 = 3;
    pub const SILVER: u8 = 4;
    pub const KNIGHT: u8 = 5;
    pub const LANCE: u8 = 6;
    pub const PAWN: u8 = 7;
    pub const DRAGON: u8 = 8;
    pub const HORSE: u8 = 9;
    pub const PRO_SILVER: u8 = 10;
    pub const PRO_KNIGHT: u8 = 11;
    pub const PRO_LANCE: u8 = 12;
    pub const TOKIN: u8 = 13;
}

#[allow(clippy::too_many_arguments)]
const fn piece(
    name: &'static str,
    sfen: &'static str,
    movement: Movement,
    promotes_to: Option<u8>,
    unpromoted: u8,
    dead_ranks: u8,
    home: Option<Home>,
    value: i32,
) -> PieceDef {
    PieceDef {
        name,
        sfen,
        movement,
        promotion: match promotes_to {
            Some(to) => Some(Promotion { to, zone: 3 }),
            None => None,
        },
        unpromoted,
        dead_ranks,
        royal: false,
        immortal: false,
        nifu: false,
        nifu_limit: 1,
        drop_mate_forbidden: false,
        gold_class: false,
        home,
        captured: [Captured::Hand(unpromoted), Captured::Hand(unpromoted)],
        value,
    }
}

/// The fourteen standard kinds in the order of [`kind`].
pub const STANDARD_PIECES: [PieceDef; 14] = {
    use kind::*;
    let mut king = piece("king", "K", moves::KING, None, KING, 0, Some(Home::King), 0);
    king.royal = true;
    king.captured = [Captured::Vanish, Captured::Vanish];
    let mut gold = piece(
        "gold",
        "G",
        moves::GOLD,
        None,
        GOLD,
        0,
        Some(Home::Gold),
        600,
    );
    gold.gold_class = true;
    let mut pawn = piece(
        "pawn",
        "P",
        moves::PAWN,
        Some(TOKIN),
        PAWN,
        1,
        Some(Home::Pawn),
        100,
    );
    pawn.nifu = true;
    pawn.drop_mate_forbidden = true;
    let mut pro_silver = piece(
        "promoted_silver",
        "+S",
        moves::GOLD,
        None,
        SILVER,
        0,
        None,
        620,
    );
    pro_silver.gold_class = true;
    let mut pro_knight = piece(
        "promoted_knight",
        "+N",
        moves::GOLD,
        None,
        KNIGHT,
        0,
        None,
        640,
    );
    pro_knight.gold_class = true;
    let mut pro_lance = piece(
        "promoted_lance",
        "+L",
        moves::GOLD,
        None,
        LANCE,
        0,
        None,
        640,
    );
    pro_lance.gold_class = true;
    let mut tokin = piece("tokin", "+P", moves::GOLD, None, PAWN, 0, None, 650);
    tokin.gold_class = true;
    [
        king,
        piece(
            "rook",
            "R",
            moves::ROOK,
            Some(DRAGON),
            ROOK,
            0,
            Some(Home::Rook),
            1000,
        ),
        piece(
            "bishop",
            "B",
            moves::BISHOP,
            Some(HORSE),
            BISHOP,
            0,
            Some(Home::Bishop),
            850,
        ),
        gold,
        piece(
            "silver",
            "S",
            moves::SILVER,
            Some(PRO_SILVER),
            SILVER,
            0,
            Some(Home::Silver),
            550,
        ),
        piece(
            "knight",
            "N",
            moves::KNIGHT,
            Some(PRO_KNIGHT),
            KNIGHT,
            2,
            Some(Home::Knight),
            400,
        ),
        piece(
            "lance",
            "L",
            moves::LANCE,
            Some(PRO_LANCE),
            LANCE,
            1,
            Some(Home::Lance),
            350,
        ),
        pawn,
        piece("dragon", "+R", moves::DRAGON, None, ROOK, 0, None, 1300),
        piece("horse", "+B", moves::HORSE, None, BISHOP, 0, None, 1150),
        pro_silver,
        pro_knight,
        pro_lance,
        tokin,
    ]
};

/// Movements `variant!` knows by name (`moves = gold + chess_knight`).
pub const NAMED_MOVEMENTS: &[(&str, Movement)] = &[
    ("king", moves::KING),
    ("gold", moves::GOLD),
    ("silver", moves::SILVER),
    ("knight", moves::KNIGHT),
    ("lance", moves::LANCE),
    ("pawn", moves::PAWN),
    ("rook", moves::ROOK),
    ("bishop", moves::BISHOP),
    ("dragon", moves::DRAGON),
    ("horse", moves::HORSE),
    ("free_king", moves::FREE_KING),
    ("queen", moves::FREE_KING),
    ("chess_knight", moves::CHESS_KNIGHT),
    ("chess_pawn", moves::CHESS_PAWN),
    ("empress", moves::EMPRESS),
    ("princess", moves::PRINCESS),
    ("kirin", moves::KIRIN),
    ("phoenix", moves::PHOENIX),
    ("lion", moves::LION),
    ("horned_falcon", moves::HORNED_FALCON),
    ("soaring_eagle", moves::SOARING_EAGLE),
];

/// A named movement.
pub fn named_movement(name: &str) -> Option<Movement> {
    NAMED_MOVEMENTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, m)| *m)
}

/// A kind of a named piece group, defined once for every rule set that adds the group with
/// `pieces = standard with [group];` (a `piece` block of the same name may still edit it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupPiece {
    pub name: &'static str,
    pub sfen: &'static str,
    /// A named movement of [`NAMED_MOVEMENTS`].
    pub moves: &'static str,
    /// The kind (of the same group) it promotes to, in the default zone.
    pub promotes: Option<&'static str>,
    pub value: i32,
}

const fn group_piece(
    name: &'static str,
    sfen: &'static str,
    moves: &'static str,
    promotes: Option<&'static str>,
    value: i32,
) -> GroupPiece {
    GroupPiece {
        name,
        sfen,
        moves,
        promotes,
        value,
    }
}

/// The piece groups several rule sets share (RULES.md §2): kirin and phoenix promoting to lion
/// and free king; royal rook and royal bishop promoting to empress and princess; chu shogi's
/// lion-power pieces (the lion, the kirin promoting to a lion, the dragon horse and dragon king
/// promoting to horned falcon and soaring eagle).
pub const PIECE_GROUPS: &[(&str, &[GroupPiece])] = &[
    (
        "kirin_phoenix",
        &[
            group_piece("kirin", "O", "kirin", Some("lion"), 700),
            group_piece("lion", "+O", "lion", None, 2200),
            group_piece("phoenix", "X", "phoenix", Some("free_king"), 700),
            group_piece("free_king", "+X", "free_king", None, 1500),
        ],
    ),
    (
        "royal_rook_bishop",
        &[
            group_piece("royal_rook", "Y", "rook", Some("empress"), 1050),
            group_piece("empress", "+Y", "empress", None, 1600),
            group_piece("royal_bishop", "Z", "bishop", Some("princess"), 900),
            group_piece("princess", "+Z", "princess", None, 1450),
        ],
    ),
    (
        "chu_lion_power",
        &[
            group_piece("lion", "N", "lion", None, 2200),
            group_piece("kirin", "O", "kirin", Some("promoted_kirin"), 700),
            group_piece("promoted_kirin", "+O", "lion", None, 2200),
            group_piece("dragon_horse", "H", "horse", Some("horned_falcon"), 1150),
            group_piece("horned_falcon", "+H", "horned_falcon", None, 1600),
            group_piece("dragon_king", "D", "dragon", Some("soaring_eagle"), 1300),
            group_piece("soaring_eagle", "+D", "soaring_eagle", None, 1700),
        ],
    ),
];

/// The kinds of the group `name`.
pub fn piece_group(name: &str) -> Option<&'static [GroupPiece]> {
    PIECE_GROUPS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, g)| *g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_name_known_movements_and_promote_within_the_group() {
        for (group, kinds) in PIECE_GROUPS {
            for k in *kinds {
                assert!(named_movement(k.moves).is_some(), "{group}: {}", k.moves);
                if let Some(to) = k.promotes {
                    let target = kinds.iter().find(|t| t.name == to).expect(to);
                    assert_eq!(target.sfen, format!("+{}", k.sfen), "{group}: {to}");
                    assert_eq!(target.promotes, None, "{group}: promotions are final");
                }
                // A group added to the standard set must not clash with it; chu shogi's
                // lion-power group is used without the knight (the macro refuses a duplicate
                // letter at the `variant!` that would clash).
                let clash = STANDARD_PIECES
                    .iter()
                    .any(|p| (p.sfen == k.sfen && *group != "chu_lion_power") || p.name == k.name);
                assert!(!clash, "{group}: {} clashes with a standard kind", k.name);
            }
        }
        assert_eq!(piece_group("kirin_phoenix").map(<[_]>::len), Some(4));
        assert_eq!(piece_group("no_such_group"), None);
    }

    /// The const comparison agrees with `==` on every pair of named movements (the standard
    /// kinds' among them).
    #[test]
    fn same_as_is_equality() {
        let all = NAMED_MOVEMENTS.iter().map(|(_, m)| m);
        for a in all
            .clone()
            .chain(STANDARD_PIECES.iter().map(|p| &p.movement))
        {
            for b in all.clone() {
                assert_eq!(a.same_as(b), a == b, "{a:?} {b:?}");
            }
        }
    }
}
