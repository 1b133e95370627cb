//! A game: a position plus its history, and how a game ends (RULES.md §0–§1).
//!
//! Ends, in the order they are tested after each move:
//! 1. the board decides ([`Position::winner_by_board`]: a king lost or flipped, a nifu win,
//!    a goal such as chu shogi's bare king; [`Position::drawn_by_board`]: chu shogi's royal
//!    against royal);
//! 2. sennichite: the same position (board, hands, side to move) for the fourth time is a
//!    draw, unless every move of one side since the first occurrence was forcing — gave
//!    check, or under chu shogi's `repetition = perpetual_attack` also left the moved piece
//!    attacking an enemy piece — and that side loses. If both sides forced with every move
//!    the rule names no single culprit, so it is a draw (decision; RULES.md is silent);
//! 3. the side to move has no legal move: it loses (checkmate and stalemate alike).
//!
//! Positions are compared by their 64-bit Zobrist hash, which covers board, hands and side
//! to move.

use crate::error::{MoveError, PositionError, SfenError};
use crate::geometry::Color;
use crate::moves::Move;
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::Rules;
use crate::table::{Goal, RepetitionRule};

/// One position of a game's history: its hash, whether the side to move there is in check
/// (whether the move that led to it gave check), and whether that move was forcing under the
/// rule set's repetition rule (a check; in chu shogi also an attack on a piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub hash: u64,
    pub checked: bool,
    pub forcing: bool,
}

impl Key {
    /// The key of a position reached by no known move (a game's start): forcing if in check.
    pub fn of<R: Rules>(pos: &Position<R>) -> Key {
        Key::checked(pos, pos.in_check(pos.side_to_move()))
    }

    fn checked<R: Rules>(pos: &Position<R>, checked: bool) -> Key {
        Key {
            hash: pos.hash(),
            checked,
            forcing: checked,
        }
    }

    /// The key of the position just reached by `mv`.
    pub fn after<R: Rules>(pos: &Position<R>, mv: Move) -> Key {
        // Most rule sets know from the move alone whether it checks.
        let checked = pos
            .check_given_by(mv)
            .unwrap_or_else(|| pos.in_check(pos.side_to_move()));
        let key = Key::checked(pos, checked);
        match R::HOOKS.repetition {
            RepetitionRule::PerpetualCheck => key,
            RepetitionRule::PerpetualAttack => Key {
                forcing: key.checked || pos.attacks_a_piece(mv.to()),
                ..key
            },
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move had no legal move (checkmate or stalemate; it loses).
    NoLegalMove,
    /// The board decided: a king was lost or flipped, or a rule-set win such as Reversi's nifu.
    BoardDecided,
    /// Fourth occurrence of a position: draw.
    Sennichite,
    /// Fourth occurrence of a position with one side checking every move: the checker loses.
    PerpetualCheck,
    /// Fourth occurrence of a position with one side checking or attacking a piece with every
    /// move (chu shogi): that side loses.
    PerpetualAttack,
    /// Chu shogi's bare king: the loser has one royal left and nothing else that can move.
    BareKing,
    /// Royal against royal, nothing else that can move, neither in check (chu shogi): a draw.
    BareKings,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameOutcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: EndReason,
}

/// What a repetition means, seen from the side to move in the repeated position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Repetition {
    Draw,
    /// Every move of the side to move since the first occurrence was forcing (gave check; in
    /// chu shogi, or attacked a piece): it loses.
    PerpetualCheckByMover,
    /// Every move of the other side was forcing: the side to move wins.
    PerpetualCheckByOpponent,
}

/// Sennichite: the game ends at this occurrence of a position (RULES.md).
pub const SENNICHITE_OCCURRENCES: usize = 4;

/// Judges the repetition between `keys[first]` and the last key (the same position, so an even
/// number of moves apart). `keys[i + 1].forcing` tells whether move `i` was forcing (gave
/// check, or under chu shogi's rule attacked a piece); move `first` was made by the side to
/// move in the repeated position.
pub fn repetition_verdict(keys: &[Key], first: usize) -> Repetition {
    let last = keys.len() - 1;
    debug_assert!(first < last && (last - first).is_multiple_of(2));
    let mut mover_always = true;
    let mut other_always = true;
    for k in first..last {
        let gave_check = keys[k + 1].forcing;
        if (k - first).is_multiple_of(2) {
            mover_always &= gave_check;
        } else {
            other_always &= gave_check;
        }
    }
    match (mover_always, other_always) {
        (true, false) => Repetition::PerpetualCheckByMover,
        (false, true) => Repetition::PerpetualCheckByOpponent,
        _ => Repetition::Draw,
    }
}

/// A position with its game history.
#[derive(Clone, Debug)]
pub struct Game<R: Rules> {
    pos: Position<R>,
    moves: Vec<Move>,
    /// One key per position: `keys[0]` is the start, `keys[i + 1]` follows `moves[i]`.
    keys: Vec<Key>,
    outcome: Option<GameOutcome>,
}

impl<R: Rules> Game<R> {
    /// A game starting from `pos` (its undo history is dropped).
    pub fn new(mut pos: Position<R>) -> Self {
        pos.clear_history();
        let keys = vec![Key::of(&pos)];
        let mut game = Game {
            pos,
            moves: Vec::new(),
            keys,
            outcome: None,
        };
        game.outcome = game.compute_outcome();
        game
    }

    /// A game from setup `index` of the rule set.
    pub fn startpos(index: usize) -> Self {
        Self::new(Position::startpos(index))
    }

    /// A game from an SFEN.
    pub fn from_sfen(sfen: &str) -> Result<Self, SfenError> {
        Position::from_sfen(sfen).map(Self::new)
    }

    /// A game from `pos` after the USI `moves` (as in USI `position ... moves`); an error
    /// names the bad move by its 1-based number.
    pub fn with_moves<S: AsRef<str>>(pos: Position<R>, moves: &[S]) -> Result<Self, PositionError> {
        let mut game = Self::new(pos);
        for (index, text) in moves.iter().enumerate() {
            game.play_usi(text.as_ref())
                .map_err(|error| PositionError::Move {
                    index: index + 1,
                    error,
                })?;
        }
        Ok(game)
    }

    /// The current position.
    pub fn position(&self) -> &Position<R> {
        &self.pos
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// One key per position, the start first and the current position last.
    pub fn keys(&self) -> &[Key] {
        &self.keys
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<GameOutcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn repetition_count(&self) -> usize {
        let hash = self.pos.hash();
        self.keys.iter().filter(|k| k.hash == hash).count()
    }

    /// The legal moves; none once the game is over.
    pub fn legal_moves(&mut self) -> MoveList {
        if self.is_over() {
            return MoveList::new();
        }
        self.pos.legal_move_list()
    }

    /// Plays a move after checking that it is legal and the game is not over.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver(self.pos.move_to_usi(mv)));
        }
        if !self.pos.is_legal_move(mv) {
            return Err(MoveError::Illegal(self.pos.move_to_usi(mv)));
        }
        self.apply(mv);
        Ok(())
    }

    /// Reads a USI move, checks it and plays it.
    pub fn play_usi(&mut self, text: &str) -> Result<Move, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver(text.to_string()));
        }
        let mv = self.pos.parse_usi(text)?;
        self.apply(mv);
        Ok(mv)
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.keys.pop();
        self.pos.unmake();
        self.outcome = self.compute_outcome();
        Some(mv)
    }

    fn apply(&mut self, mv: Move) {
        self.pos.make(mv);
        self.moves.push(mv);
        self.keys.push(Key::after(&self.pos, mv));
        self.outcome = self.compute_outcome();
    }

    /// The end of the game in the current position, if any (order in the module docs).
    fn compute_outcome(&mut self) -> Option<GameOutcome> {
        if let Some(winner) = self.pos.winner_by_board() {
            // Under the bare-king goal a loser that keeps a royal was bared.
            let bared = R::HOOKS.goal == Goal::BareKing && self.pos.royals(!winner).nonempty();
            return Some(GameOutcome {
                winner: Some(winner),
                reason: if bared {
                    EndReason::BareKing
                } else {
                    EndReason::BoardDecided
                },
            });
        }
        if self.pos.drawn_by_board() {
            return Some(GameOutcome {
                winner: None,
                reason: EndReason::BareKings,
            });
        }
        let hash = self.pos.hash();
        if self.repetition_count() >= SENNICHITE_OCCURRENCES {
            let first = self
                .keys
                .iter()
                .position(|k| k.hash == hash)
                .expect("the current key is in the list");
            let side = self.pos.side_to_move();
            let perpetual = match R::HOOKS.repetition {
                RepetitionRule::PerpetualCheck => EndReason::PerpetualCheck,
                RepetitionRule::PerpetualAttack => EndReason::PerpetualAttack,
            };
            return Some(match repetition_verdict(&self.keys, first) {
                Repetition::Draw => GameOutcome {
                    winner: None,
                    reason: EndReason::Sennichite,
                },
                Repetition::PerpetualCheckByMover => GameOutcome {
                    winner: Some(!side),
                    reason: perpetual,
                },
                Repetition::PerpetualCheckByOpponent => GameOutcome {
                    winner: Some(side),
                    reason: perpetual,
                },
            });
        }
        if !self.pos.has_legal_move() {
            return Some(GameOutcome {
                winner: Some(!self.pos.side_to_move()),
                reason: EndReason::NoLegalMove,
            });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys for a line of moves: `checks[i]` = move `i` gave check; positions `0` and `n`
    /// share a hash (the other hashes are distinct).
    fn line(checks: &[bool]) -> Vec<Key> {
        let mut keys = vec![Key {
            hash: 7,
            checked: false,
            forcing: false,
        }];
        for (i, &c) in checks.iter().enumerate() {
            let hash = if i + 1 == checks.len() {
                7
            } else {
                100 + i as u64
            };
            keys.push(Key {
                hash,
                checked: c,
                forcing: c,
            });
        }
        keys
    }

    #[test]
    fn verdicts() {
        // Moves alternate mover, other, mover, other (the mover moves first from position 0).
        let v = |c: &[bool]| repetition_verdict(&line(c), 0);
        assert_eq!(v(&[false; 4]), Repetition::Draw);
        assert_eq!(
            v(&[true, false, true, false]),
            Repetition::PerpetualCheckByMover
        );
        assert_eq!(
            v(&[false, true, false, true]),
            Repetition::PerpetualCheckByOpponent
        );
        assert_eq!(v(&[true, false, false, false]), Repetition::Draw);
        // Both sides checking with every move names no single checker.
        assert_eq!(v(&[true; 4]), Repetition::Draw);
        // Only moves since the first occurrence count.
        let mut keys = vec![Key {
            hash: 1,
            checked: false,
            forcing: false,
        }];
        keys.extend(line(&[true, false, true, false]));
        keys[1].forcing = false; // the move into the first occurrence was no check
        assert_eq!(
            repetition_verdict(&keys, 1),
            Repetition::PerpetualCheckByMover
        );
    }
}
