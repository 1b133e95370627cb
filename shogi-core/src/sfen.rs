//! SFEN reading and writing with the letters of the variant's rule table.

pub use crate::board_text::{read_board, write_board};
use crate::error::SfenError;
use crate::geometry::Color;
use crate::position::{Piece, Position};
use crate::rules::Rules;
use crate::table::{AfterMove, KingLoss, LionRules, MovementSource, NifuPolicy, Reflect};

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// Largest hand count stored; the variant's own material bound is checked after reading.
const MAX_HAND: u32 = u8::MAX as u32;

/// A move number: ASCII digits only, at least 1, fitting a `u32`.
fn parse_move_number(s: &str) -> Result<u32, SfenError> {
    let bad = || SfenError::BadMoveNumber(s.to_string());
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    match s.parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(bad()),
    }
}

impl<R: Rules> Position<R> {
    /// Looks up a board token such as `+s` or `I`.
    fn token_piece(token: &str) -> Option<Piece> {
        let first = token.chars().last()?;
        let color = if first.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let upper = token.to_ascii_uppercase();
        if upper == token || token.to_ascii_lowercase() == token {
            R::TABLE.kind_by_sfen(&upper).map(|k| Piece::new(color, k))
        } else {
            None
        }
    }

    /// SFEN token of a piece.
    pub fn piece_token(piece: Piece) -> String {
        let s = R::TABLE.pieces[piece.kind() as usize].sfen;
        match piece.color() {
            Color::Black => s.to_string(),
            Color::White => s.to_ascii_lowercase(),
        }
    }

    /// Reads a position from SFEN (`board side hand [move-number]`).
    pub fn from_sfen(sfen: &str) -> Result<Self, SfenError> {
        let fields: Vec<&str> = sfen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(SfenError::Empty);
        }
        if !(3..=4).contains(&fields.len()) {
            return Err(SfenError::FieldCount(fields.len()));
        }
        let mut pos = Self::empty();
        read_board(&R::GEOMETRY, fields[0], |sq, token| {
            let piece = Self::token_piece(token)
                .ok_or_else(|| SfenError::UnknownPiece(token.to_string()))?;
            pos.setup_put(sq, piece);
            Ok::<(), SfenError>(())
        })?;
        let side = match fields[1] {
            "b" => Color::Black,
            "w" => Color::White,
            other => return Err(SfenError::BadSide(other.to_string())),
        };
        match fields[2] {
            "-" => {}
            // Chu shogi has no hands: the field holds the counter-strike square.
            field if R::HOOKS.lions == LionRules::Chu && pos.tables.hand_kinds.is_empty() => {
                let sq = R::GEOMETRY
                    .parse_square(field)
                    .ok_or_else(|| SfenError::BadLionStruck(field.to_string()))?;
                pos.setup_lion_struck(sq);
            }
            field => pos.read_hand(field)?,
        }
        let move_number = match fields.get(3) {
            None => 1,
            Some(s) => parse_move_number(s)?,
        };
        pos.setup_side(side, move_number);
        pos.validate()?;
        Ok(pos)
    }

    /// Reads the hand field: `[count]letter` items in any order, count 1 when left out, counts
    /// without leading zeros and at most [`MAX_HAND`] per kind.
    fn read_hand(&mut self, field: &str) -> Result<(), SfenError> {
        let mut chars = field.chars().peekable();
        while chars.peek().is_some() {
            let mut digits = String::new();
            while let Some(&c) = chars.peek() {
                if !c.is_ascii_digit() {
                    break;
                }
                digits.push(c);
                chars.next();
            }
            let Some(ch) = chars.next() else {
                // Digits with no piece after them.
                return Err(SfenError::BadHandCount(digits));
            };
            if ch == '+' {
                // A promoted piece is never held in hand.
                let token = match chars.next() {
                    Some(c) => format!("+{c}"),
                    None => "+".to_string(),
                };
                return Err(SfenError::NotHandable(token));
            }
            let label = format!("{digits}{ch}");
            let count = if digits.is_empty() {
                1
            } else if digits.starts_with('0') || digits.len() > 3 {
                return Err(SfenError::BadHandCount(label));
            } else {
                digits.parse::<u32>().unwrap_or(u32::MAX)
            };
            if count > MAX_HAND {
                return Err(SfenError::BadHandCount(label));
            }
            if !ch.is_ascii_alphabetic() {
                return Err(SfenError::UnknownHandPiece(ch.to_string()));
            }
            let color = if ch.is_ascii_uppercase() {
                Color::Black
            } else {
                Color::White
            };
            let kind = R::TABLE
                .kind_by_sfen(&ch.to_ascii_uppercase().to_string())
                .ok_or_else(|| SfenError::UnknownHandPiece(ch.to_string()))?;
            if !self.tables.hand_kinds.contains(&kind) {
                return Err(SfenError::NotHandable(ch.to_string()));
            }
            let total = self.hand(color, kind) as u32 + count;
            if total > MAX_HAND {
                return Err(SfenError::BadHandCount(label));
            }
            self.setup_hand(color, kind, total as u8);
        }
        Ok(())
    }

    /// Rejects positions that cannot arise under the variant's rules.
    fn validate(&self) -> Result<(), SfenError> {
        let hooks = R::HOOKS;
        let flipping = hooks.after_move != AfterMove::None;
        let kings_may_be_lost = matches!(hooks.king_loss, KingLoss::Capture | KingLoss::LastRoyal)
            || matches!(hooks.after_move, AfterMove::Othello(_));
        // A second royal piece: by flipping, under `last_royal`, or where a non-royal piece
        // promotes to a royal one (chu shogi's crown prince).
        let promotes_to_royal = R::TABLE.pieces.iter().any(|p| {
            !p.royal
                && p.promotion
                    .is_some_and(|pr| R::TABLE.pieces[pr.to as usize].royal)
        });
        let several_royals =
            flipping || hooks.king_loss == KingLoss::LastRoyal || promotes_to_royal;
        for c in Color::BOTH {
            let kings = self.royals(c).count();
            if kings == 0 && !kings_may_be_lost {
                return Err(SfenError::MissingKing(color_name(c)));
            }
            if kings > 1 && !several_royals {
                return Err(SfenError::TooManyKings(color_name(c)));
            }
        }
        let t = self.tables;
        if !flipping {
            for sq in self.occupied() {
                let p = self.piece_at(sq);
                if t.dead[p.color().index()][p.kind() as usize].contains(sq) {
                    return Err(SfenError::DeadPiece {
                        piece: Self::piece_token(p),
                        square: sq.to_string(),
                    });
                }
            }
        }
        let nifu_ends_game = hooks.after_move == AfterMove::Reversi(NifuPolicy::A);
        // Two unpromoted pawns on a file arise in play only from a move that changes file
        // (a chess pawn's capture, RULES.md §2 Hybrid; any borrowed movement, §3 and Annan
        // shogi) where nifu does not bind moves.
        let borrows = matches!(hooks.movement_source, MovementSource::Borrow { .. });
        let changes_file = |k: usize| {
            let m = &R::TABLE.pieces[k].movement;
            borrows
                || m.lion
                || !m.lion_lines.is_empty()
                || m.reflect != Reflect::None
                || [m.leaps, m.slides, m.move_only, m.capture_only]
                    .iter()
                    .any(|list| list.iter().any(|&(dx, _)| dx != 0))
        };
        if !nifu_ends_game {
            for c in Color::BOTH {
                // In king-capture mode the move that captures the king may break nifu on moves
                // (RULES.md §0), so the winner of such a finished game may show nifu.
                if hooks.king_loss == KingLoss::Capture && self.royals(!c).is_empty() {
                    continue;
                }
                for k in 0..t.kinds {
                    if !t.nifu[k] || (!hooks.nifu_on_moves && changes_file(k)) {
                        continue;
                    }
                    let mut seen = [0u8; crate::geometry::MAX_FILES as usize];
                    for sq in self.pieces(c, k as u8) {
                        let n = &mut seen[sq.file() as usize];
                        *n += 1;
                        if *n > t.nifu_limit[k] {
                            return Err(SfenError::Nifu(color_name(c), sq.file() + 1));
                        }
                    }
                }
            }
        }
        self.check_material()?;
        let waiting = !self.side_to_move();
        let protected = match hooks.king_loss {
            KingLoss::Checkmate => true,
            KingLoss::LastRoyal => self.royals(waiting).count() == 1,
            KingLoss::Capture => false,
        };
        if protected && self.winner_by_board().is_none() && self.in_check(waiting) {
            return Err(SfenError::OpponentInCheck(color_name(waiting)));
        }
        Ok(())
    }

    /// Rejects more pieces of a material class (a kind, its promoted forms and what it turns
    /// into in hand) than any setup of the rule set holds: no move creates material. Where a
    /// class's pieces never change owner (they vanish when captured), each side is bounded by
    /// its own count too: a side cannot come to hold the other side's pieces.
    fn check_material(&self) -> Result<(), SfenError> {
        let t = self.tables;
        let mut count = [[0u32; crate::table::MAX_KINDS]; 2];
        for sq in self.occupied() {
            let p = self.piece_at(sq);
            count[p.color().index()][t.material_class[p.kind() as usize] as usize] += 1;
        }
        for c in Color::BOTH {
            for &k in &t.hand_kinds {
                count[c.index()][t.material_class[k as usize] as usize] += self.hand(c, k) as u32;
            }
        }
        let too_many = |class: usize, n: u32, limit: u8, whose: &str| {
            let members: Vec<&str> = (0..t.kinds)
                .filter(|&k| t.material_class[k] as usize == class)
                .map(|k| R::TABLE.pieces[k].sfen)
                .collect();
            SfenError::TooManyPieces(format!(
                "{n} pieces of the {} class ({}){whose}; this variant has at most {limit}",
                R::TABLE.pieces[class].name,
                members.join(", "),
            ))
        };
        for (class, sides) in count[0].iter().zip(&count[1]).enumerate() {
            let n = sides.0 + sides.1;
            if n > t.material_limit[class] as u32 {
                return Err(too_many(class, n, t.material_limit[class], ""));
            }
            if t.owner_fixed >> class & 1 == 0 {
                continue;
            }
            for (c, &n) in Color::BOTH.into_iter().zip([sides.0, sides.1]) {
                let limit = t.material_limit_per_side[c.index()][class];
                if n > limit as u32 {
                    let whose = format!(
                        " for {} (captured pieces vanish, so no side gains the other's)",
                        color_name(c)
                    );
                    return Err(too_many(class, n, limit, &whose));
                }
            }
        }
        Ok(())
    }

    /// Writes the position as SFEN.
    pub fn to_sfen(&self) -> String {
        let mut s = write_board(&R::GEOMETRY, |sq| {
            let p = self.piece_at(sq);
            (!p.is_empty()).then(|| Self::piece_token(p))
        });
        s.push_str(match self.side_to_move() {
            Color::Black => " b ",
            Color::White => " w ",
        });
        let mut hand = String::new();
        for c in Color::BOTH {
            for &k in &self.tables.hand_kinds {
                let n = self.hand(c, k);
                if n == 0 {
                    continue;
                }
                if n > 1 {
                    hand.push_str(&n.to_string());
                }
                hand.push_str(&Self::piece_token(Piece::new(c, k)));
            }
        }
        if hand.is_empty() {
            match self.lion_struck() {
                Some(sq) => hand.push_str(&sq.to_string()),
                None => hand.push('-'),
            }
        }
        s.push_str(&hand);
        s.push(' ');
        s.push_str(&self.move_number().to_string());
        s
    }
}
