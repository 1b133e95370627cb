//! One game on the web board: the rule set chosen once through the registry, then a
//! monomorphized [`Game`] with its searcher behind an object-safe trait. Everything the page
//! shows of a game (board, hands, legal moves, effects, result, engine reply) is built here.

use super::board::{self, side_letter, token, Effect, Snapshot};
use super::glyphs;
use crate::board_text::{result_text, Ending};
use crate::registry::{self, UnknownVariant, VariantVisitor};
use serde::Serialize;
use shogi_core::search::{Limits, Score, Searcher};
use shogi_core::usi::move_to_usi;
use shogi_core::{Color, Game, MoveError, Position, PositionError, Rules, SfenError};
use std::time::Duration;

/// A game the server holds.
pub trait WebGame: Send {
    /// Everything the page draws.
    fn state(&mut self) -> GameState;
    /// Plays a USI move, checked legal.
    fn play(&mut self, usi: &str) -> Result<(), MoveError>;
    /// Takes back `plies` moves (at most the number played).
    fn undo(&mut self, plies: usize) -> Result<(), String>;
    /// Lets the engine choose and play a move within `movetime`; `Err` when the game is over.
    fn think(&mut self, movetime: Duration, hash_mb: usize) -> Result<EngineReply, String>;
    /// The game as a record (its start, moves and result), for saving and analysis.
    fn record(&self) -> crate::records::Record;
}

/// Why a game could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Unknown(#[from] UnknownVariant),
    #[error("sfen: {0}")]
    Sfen(#[from] SfenError),
    #[error("moves: {0}")]
    Moves(#[from] PositionError),
}

/// A variant as the picker shows it.
#[derive(Clone, Debug, Serialize)]
pub struct VariantInfo {
    pub id: &'static str,
    pub title: &'static str,
    pub files: u8,
    pub ranks: u8,
}

/// A piece kind: its SFEN token (Black's spelling), name, kanji and whether it is promoted.
#[derive(Clone, Debug, Serialize)]
pub struct PieceInfo {
    pub sfen: &'static str,
    pub name: &'static str,
    pub kanji: Option<&'static str>,
    pub promoted: bool,
    /// The SFEN token of the kind it promotes to, if any.
    pub promotes_to: Option<&'static str>,
}

/// A variant with its rule table, for the rule view.
#[derive(Clone, Debug, Serialize)]
pub struct VariantDetail {
    #[serde(flatten)]
    pub info: VariantInfo,
    pub start_sfen: &'static str,
    pub setup: &'static str,
    pub rules: String,
    pub pieces: Vec<PieceInfo>,
}

/// One legal move, split for the page: origin square or dropped piece, lion midpoint,
/// destination and promotion.
#[derive(Clone, Debug, Serialize)]
pub struct LegalMove {
    pub usi: String,
    pub from: Option<String>,
    pub drop: Option<&'static str>,
    pub mid: Option<String>,
    pub to: String,
    pub promote: bool,
    /// A promoted piece turning back over (Kyoto and Micro shogi's flips; USI `-`).
    pub demote: bool,
}

/// Pieces in hand of one kind.
#[derive(Clone, Debug, Serialize)]
pub struct HandPiece {
    pub piece: &'static str,
    pub count: u8,
}

/// A square of the board.
#[derive(Clone, Debug, Serialize)]
pub struct SquareView {
    pub square: String,
    pub piece: Option<String>,
}

/// The last move with the squares to mark and its effects.
#[derive(Clone, Debug, Serialize)]
pub struct LastMove {
    pub usi: String,
    pub by: &'static str,
    pub squares: Vec<String>,
    pub effects: Vec<Effect>,
}

/// The end of a game.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// `b`, `w`, or `None` for a draw.
    pub winner: Option<&'static str>,
    pub reason: &'static str,
    pub text: String,
}

/// The engine's reply: its move, score (for the engine, the side that moved), depth and PV.
#[derive(Clone, Debug, Serialize)]
pub struct EngineReply {
    #[serde(rename = "move")]
    pub mv: Option<String>,
    pub score: String,
    pub score_cp: Option<i32>,
    pub score_mate: Option<i32>,
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    pub pv: Vec<String>,
}

/// Everything the page draws of a game.
#[derive(Clone, Debug, Serialize)]
pub struct GameState {
    pub variant: &'static str,
    pub title: &'static str,
    pub files: u8,
    pub ranks: u8,
    pub start_sfen: String,
    pub moves: Vec<String>,
    pub sfen: String,
    pub side_to_move: &'static str,
    pub move_number: u32,
    pub in_check: bool,
    /// `ongoing`, or the result in words.
    pub status: String,
    pub result: Option<ResultView>,
    /// Rows from rank a down, each from the highest file to file 1 (Black's view).
    pub board: Vec<Vec<SquareView>>,
    pub hands: Hands,
    pub legal: Vec<LegalMove>,
    pub last: Option<LastMove>,
    pub paralysed: Vec<String>,
    pub pieces: Vec<PieceInfo>,
    /// The engine's last reply, while it is the last move.
    pub engine: Option<EngineReply>,
}

/// Both hands.
#[derive(Clone, Debug, Serialize)]
pub struct Hands {
    pub b: Vec<HandPiece>,
    pub w: Vec<HandPiece>,
}

/// Every variant for the picker, in RULES.md order.
pub fn variants() -> Vec<VariantInfo> {
    registry::ids()
        .into_iter()
        .filter_map(|id| info(id).ok())
        .collect()
}

fn info(id: &str) -> Result<VariantInfo, UnknownVariant> {
    struct Info;
    impl VariantVisitor for Info {
        type Output = VariantInfo;
        fn visit<R: Rules>(self, setup: usize) -> VariantInfo {
            variant_info::<R>(setup)
        }
    }
    registry::dispatch(id, Info)
}

fn variant_info<R: Rules>(setup: usize) -> VariantInfo {
    let (files, ranks) = board::dims::<R>();
    VariantInfo {
        id: R::TABLE.setups[setup].id,
        title: R::TABLE.title,
        files,
        ranks,
    }
}

fn pieces<R: Rules>() -> Vec<PieceInfo> {
    R::TABLE
        .pieces
        .iter()
        .map(|p| PieceInfo {
            sfen: p.sfen,
            name: p.name,
            kanji: glyphs::kanji(p.name),
            promoted: p.sfen.starts_with('+'),
            promotes_to: p.promotion.map(|pr| R::TABLE.pieces[pr.to as usize].sfen),
        })
        .collect()
}

/// A variant with its rule table.
pub fn detail(id: &str) -> Result<VariantDetail, UnknownVariant> {
    struct Detail;
    impl VariantVisitor for Detail {
        type Output = VariantDetail;
        fn visit<R: Rules>(self, setup: usize) -> VariantDetail {
            let s = &R::TABLE.setups[setup];
            VariantDetail {
                info: variant_info::<R>(setup),
                start_sfen: s.sfen,
                setup: s.description,
                rules: R::TABLE.render(),
                pieces: pieces::<R>(),
            }
        }
    }
    registry::dispatch(id, Detail)
}

/// Starts a game of variant `id` from `sfen` (or the setup's start) after `moves`.
pub fn new_game(
    id: &str,
    sfen: Option<&str>,
    moves: &[String],
) -> Result<Box<dyn WebGame>, SetupError> {
    struct New<'a> {
        sfen: Option<&'a str>,
        moves: &'a [String],
    }
    impl VariantVisitor for New<'_> {
        type Output = Result<Box<dyn WebGame>, SetupError>;
        fn visit<R: Rules>(self, setup: usize) -> Self::Output {
            let start = self.sfen.unwrap_or(R::TABLE.setups[setup].sfen);
            let pos = Position::<R>::from_sfen(start)?;
            let mut g = Session::<R> {
                id: R::TABLE.setups[setup].id,
                start_sfen: pos.to_sfen(),
                game: Game::new(pos),
                effects: Vec::new(),
                engine: None,
            };
            for (index, text) in self.moves.iter().enumerate() {
                g.play(text).map_err(|error| PositionError::Move {
                    index: index + 1,
                    error,
                })?;
            }
            Ok(Box::new(g))
        }
    }
    registry::dispatch(id, New { sfen, moves })?
}

struct Session<R: Rules> {
    id: &'static str,
    start_sfen: String,
    game: Game<R>,
    /// The effects of each move of `game.moves()`.
    effects: Vec<Vec<Effect>>,
    /// The engine's reply, kept while its move is the last one.
    engine: Option<EngineReply>,
}

impl<R: Rules> WebGame for Session<R> {
    fn state(&mut self) -> GameState {
        let (files, ranks) = board::dims::<R>();
        let pos = self.game.position().clone();
        let side = pos.side_to_move();
        let letter = |k: u8| R::TABLE.pieces[k as usize].sfen;
        let legal = self
            .game
            .legal_moves()
            .into_iter()
            .map(|m| LegalMove {
                usi: move_to_usi::<R>(m),
                from: (!m.is_drop()).then(|| m.from().to_string()),
                drop: m.is_drop().then(|| letter(m.drop_kind())),
                mid: m.mid().map(|s| s.to_string()),
                to: m.to().to_string(),
                promote: m.is_promotion(),
                demote: m.is_demotion(),
            })
            .collect();
        let hand = |c: Color| {
            pos.tables()
                .hand_kinds
                .iter()
                .filter(|&&k| pos.hand(c, k) > 0)
                .map(|&k| HandPiece {
                    piece: letter(k),
                    count: pos.hand(c, k),
                })
                .collect()
        };
        let result = self.game.outcome().map(|o| ResultView {
            winner: o.winner.map(side_letter),
            reason: Ending::of(&self.game, o).code(),
            text: result_text(&self.game, o),
        });
        let last = self.game.moves().last().map(|&m| {
            // Turns alternate in every rule set: the last mover is the side not to move.
            let by = !side;
            LastMove {
                usi: move_to_usi::<R>(m),
                by: side_letter(by),
                squares: crate::board_text::move_squares(m)
                    .into_iter()
                    .map(|s| s.to_string())
                    .collect(),
                effects: self.effects.last().cloned().unwrap_or_default(),
            }
        });
        GameState {
            variant: self.id,
            title: R::TABLE.title,
            files,
            ranks,
            start_sfen: self.start_sfen.clone(),
            moves: self
                .game
                .moves()
                .iter()
                .map(|&m| move_to_usi::<R>(m))
                .collect(),
            sfen: pos.to_sfen(),
            side_to_move: side_letter(side),
            move_number: pos.move_number(),
            in_check: pos.in_check(side),
            status: result
                .as_ref()
                .map(|r| r.text.clone())
                .unwrap_or_else(|| "ongoing".to_string()),
            result,
            board: board::display_rows::<R>()
                .into_iter()
                .map(|row| {
                    row.into_iter()
                        .map(|sq| SquareView {
                            square: sq.to_string(),
                            piece: token::<R>(pos.piece_at(sq)),
                        })
                        .collect()
                })
                .collect(),
            hands: Hands {
                b: hand(Color::Black),
                w: hand(Color::White),
            },
            legal,
            last,
            paralysed: board::paralysed(&pos)
                .into_iter()
                .map(|s| s.to_string())
                .collect(),
            pieces: pieces::<R>(),
            engine: self.engine.clone(),
        }
    }

    fn play(&mut self, usi: &str) -> Result<(), MoveError> {
        let before = Snapshot::of(self.game.position());
        let mover = self.game.position().side_to_move();
        let mv = self.game.play_usi(usi)?;
        let fx = board::effects(&before, mv, mover, self.game.position());
        self.effects.push(fx);
        self.engine = None;
        Ok(())
    }

    fn undo(&mut self, plies: usize) -> Result<(), String> {
        let played = self.game.moves().len();
        if plies == 0 || plies > played {
            return Err(format!(
                "cannot take back {plies} moves: {played} have been played"
            ));
        }
        for _ in 0..plies {
            self.game.undo();
            self.effects.pop();
        }
        self.engine = None;
        Ok(())
    }

    fn think(&mut self, movetime: Duration, hash_mb: usize) -> Result<EngineReply, String> {
        if self.game.is_over() {
            return Err("the game is over".to_string());
        }
        // A searcher per move, dropped after it: the memory of transposition tables is then
        // bounded by the searches running at once, not by the games held (a game's table
        // would otherwise stay allocated while it idles). Zeroing one costs milliseconds.
        let mut searcher = Searcher::<R>::new(hash_mb)
            .map_err(|e| format!("no memory for the engine's table: {e}"))?;
        let limits = Limits {
            movetime: Some(movetime),
            ..Limits::default()
        };
        let result = searcher.search(&self.game, &limits, &mut |_| {});
        let (score_cp, score_mate) = match result.score {
            Score::Cp(v) => (Some(v), None),
            Score::Mate(n) => (None, Some(n)),
        };
        let reply = EngineReply {
            mv: result.best.map(|m| move_to_usi::<R>(m)),
            score: result.score.to_string(),
            score_cp,
            score_mate,
            depth: result.depth,
            nodes: result.nodes,
            time_ms: result.time.as_millis() as u64,
            pv: result.pv.iter().map(|&m| move_to_usi::<R>(m)).collect(),
        };
        if let Some(text) = &reply.mv {
            // The searcher returns legal moves only; a refusal here is a bug worth naming.
            self.play(text)
                .map_err(|e| format!("the engine chose {text}: {e}"))?;
        }
        self.engine = Some(reply.clone());
        Ok(reply)
    }

    fn record(&self) -> crate::records::Record {
        crate::records::record_of_game(self.id, &self.game, None, None, None)
    }
}
