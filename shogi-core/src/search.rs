//! Game-tree search: iterative deepening negamax alpha-beta (principal variation search) with a
//! transposition table, move ordering (TT move, MVV-LVA captures, killers, history), late-move
//! reductions, a check extension and a capture quiescence search.
//!
//! Every game end of RULES.md §0–§1 is scored:
//! - no legal move: the side to move loses (mate score, checkmate and stalemate alike);
//! - [`Position::winner_by_board`]: win or loss at once;
//! - a position that repeats one earlier in the game or the search path (same side to move)
//!   is scored as if the repetition went on to the fourth occurrence: a draw (0), or a loss for
//!   the side that gave check with every move since the earlier occurrence (sennichite and
//!   perpetual check, judged by [`repetition_verdict`]).
//!
//! Mate scores are `MATE - plies`, so shorter wins score higher. The quiescence search plays
//! captures only: moves whose destination or lion middle square holds an enemy piece (drops
//! never capture). In check, it plays every legal move instead (drops included), so a mate by
//! a quiet move is seen.

use crate::geometry::SQUARES;
use crate::eval::evaluate;
use crate::game::{repetition_verdict, Game, Key, Repetition};
use crate::movegen::MoveList;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;
use crate::tt::{Bound, TransTable};
use std::collections::TryReserveError;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Score of a won game at the root; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Deepest ply the search reaches (path length, extensions and quiescence included).
pub const MAX_PLY: usize = 128;
/// Deepest nominal iteration.
pub const MAX_DEPTH: u32 = 64;
const INF: i32 = 31_000;
/// Scores at least this far from 0 are mates.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Quiescence plies in which a side in check plays every evasion (then it stands pat).
const QS_EVASION_PLIES: u32 = 6;
/// Quiescence plies where captured pieces come back to the board (see `qsearch`).
const QS_RETURN_PLIES: u32 = 3;
/// Value given to a royal victim in move ordering (higher than any piece).
const ROYAL_VICTIM: i32 = 100_000;
/// Default transposition table size.
pub const DEFAULT_HASH_MB: usize = 16;

/// A score for the side to move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// The game ends in this many plies: positive when the side to move wins, negative when
    /// it loses; `Mate(0)` means the side to move has already lost (no legal move).
    Mate(i32),
}

impl Score {
    /// The score of an internal value seen from the root.
    pub fn from_value(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::Mate(MATE - v)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE + v))
        } else {
            Score::Cp(v)
        }
    }
}

impl std::fmt::Display for Score {
    /// USI spelling: `cp 35`, `mate 3`, `mate -2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(v) => write!(f, "cp {v}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// When to stop. Unset limits do not apply; with none set, the search runs to [`MAX_DEPTH`]
/// or until the stop flag is raised.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Most nodes visited (the search never visits more).
    pub nodes: Option<u64>,
    /// Time from the start of the search.
    pub movetime: Option<Duration>,
    /// Absolute time to stop.
    pub deadline: Option<Instant>,
    /// No new iteration starts after this much time (time management's soft limit).
    pub soft_time: Option<Duration>,
    /// Raised by another thread to stop the search; the caller lowers it before searching.
    pub stop: Option<Arc<AtomicBool>>,
}

/// Progress after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

/// A root position that is already decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terminal {
    /// The side to move has lost (no legal move, or its king is gone): resign.
    Lost,
    /// The side to move has already won (the opponent's king is gone).
    Won,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when `terminal` is set.
    pub best: Option<Move>,
    /// The expected reply (second move of the PV).
    pub ponder: Option<Move>,
    pub score: Score,
    /// Last completed iteration (0 if none completed).
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
    pub terminal: Option<Terminal>,
}

/// A searcher for rule set `R`; keeps its transposition table and history between searches.
pub struct Searcher<R: Rules> {
    tt: TransTable,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    // Per-search state.
    nodes: u64,
    max_nodes: u64,
    seldepth: usize,
    root_depth: i32,
    start: Instant,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    aborted: bool,
    keys: Vec<Key>,
    pv: Vec<Vec<Move>>,
    move_bufs: Vec<MoveList>,
    score_bufs: Vec<Vec<i32>>,
    root_hint: Option<Move>,
    root_partial: Option<Move>,
    _rules: PhantomData<R>,
}

/// History table width: the storage squares plus one row per droppable kind.
const ORIGINS: usize = SQUARES + crate::table::MAX_KINDS;

#[inline]
fn history_index(side: usize, mv: Move) -> usize {
    let origin = if mv.is_drop() {
        SQUARES + mv.drop_kind() as usize
    } else {
        mv.from().index()
    };
    (side * ORIGINS + origin) * SQUARES + mv.to().index()
}

impl<R: Rules> Default for Searcher<R> {
    fn default() -> Self {
        Self::new(DEFAULT_HASH_MB).expect("the default hash size can be allocated")
    }
}

impl<R: Rules> Searcher<R> {
    /// A searcher with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Result<Self, TryReserveError> {
        Ok(Searcher {
            tt: TransTable::new(hash_mb)?,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * ORIGINS * SQUARES],
            nodes: 0,
            max_nodes: u64::MAX,
            seldepth: 0,
            root_depth: 1,
            start: Instant::now(),
            deadline: None,
            stop: None,
            aborted: false,
            keys: Vec::new(),
            pv: (0..=MAX_PLY)
                .map(|_| Vec::with_capacity(MAX_PLY + 1))
                .collect(),
            move_bufs: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            score_bufs: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            root_hint: None,
            root_partial: None,
            _rules: PhantomData,
        })
    }

    /// Resizes the transposition table (cleared); on failure it is unchanged.
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), TryReserveError> {
        self.tt.resize(mb)
    }

    /// Forgets everything learnt (new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.fill(0);
        for k in &mut self.killers {
            *k = [None; 2];
        }
    }

    /// Searches the game's current position; `info` is called after each completed iteration.
    /// The game's history counts for repetitions.
    pub fn search(
        &mut self,
        game: &Game<R>,
        limits: &Limits,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.start = Instant::now();
        self.nodes = 0;
        self.max_nodes = limits.nodes.unwrap_or(u64::MAX);
        // A movetime too long for an `Instant` sets no deadline.
        let movetime_end = limits.movetime.and_then(|t| self.start.checked_add(t));
        self.deadline = match (movetime_end, limits.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.stop = limits.stop.clone();
        self.aborted = false;
        self.root_hint = None;
        self.root_partial = None;
        self.keys.clear();
        self.keys.extend_from_slice(game.keys());
        self.tt.new_search();
        for k in &mut self.killers {
            *k = [None; 2];
        }
        for h in &mut self.history {
            *h /= 8;
        }

        let mut pos = game.position().clone();
        pos.clear_history();
        let side = pos.side_to_move();
        let finished = |terminal, score| SearchResult {
            best: None,
            ponder: None,
            score,
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
            terminal: Some(terminal),
        };
        if let Some(winner) = pos.winner_by_board() {
            return if winner == side {
                finished(Terminal::Won, Score::Mate(0))
            } else {
                finished(Terminal::Lost, Score::Mate(0))
            };
        }
        let root_moves = pos.legal_move_list();
        let Some(&fallback) = root_moves.first() else {
            return finished(Terminal::Lost, Score::Mate(0));
        };

        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let root_checked = self.keys.last().is_some_and(|k| k.checked);
        let mut completed: Option<(u32, i32, Vec<Move>)> = None;
        for depth in 1..=max_depth {
            if self.should_stop_now() {
                break;
            }
            self.seldepth = 0;
            self.root_depth = depth as i32;
            self.root_partial = None;
            let value = self.negamax(&mut pos, depth as i32, 0, -INF, INF, root_checked);
            if self.aborted {
                break;
            }
            let pv = self.pv[0].clone();
            self.root_hint = pv.first().copied();
            let elapsed = self.start.elapsed();
            info(&Info {
                depth,
                seldepth: self.seldepth.max(depth as usize) as u32,
                score: Score::from_value(value),
                nodes: self.nodes,
                nps: nps(self.nodes, elapsed),
                time: elapsed,
                hashfull: self.tt.hashfull(),
                pv: pv.clone(),
            });
            completed = Some((depth, value, pv));
            // A mate found well within the full-width depth will not get shorter.
            if value.abs() >= MATE_BOUND && depth as i32 >= 2 * (MATE - value.abs()) + 2 {
                break;
            }
            if limits.soft_time.is_some_and(|t| elapsed >= t) {
                break;
            }
        }

        let time = self.start.elapsed();
        match completed {
            Some((depth, value, pv)) if !pv.is_empty() => SearchResult {
                best: Some(pv[0]),
                ponder: pv.get(1).copied(),
                score: Score::from_value(value),
                depth,
                nodes: self.nodes,
                time,
                pv,
                terminal: None,
            },
            // No iteration finished: the best root move proven so far, else the first legal.
            _ => {
                let best = self.root_partial.unwrap_or(fallback);
                SearchResult {
                    best: Some(best),
                    ponder: None,
                    score: Score::Cp(0),
                    depth: 0,
                    nodes: self.nodes,
                    time,
                    pv: vec![best],
                    terminal: None,
                }
            }
        }
    }

    /// Counts a node and tells whether the search must stop (limits are checked here).
    #[inline]
    fn tick(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.max_nodes {
            self.aborted = true;
            return true;
        }
        self.nodes += 1;
        if self.nodes & 1023 == 0 && self.should_stop_now() {
            self.aborted = true;
        }
        self.aborted
    }

    fn should_stop_now(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.nodes >= self.max_nodes
    }

    /// The value of a repetition of the current position (last key) with an earlier one.
    fn repetition_value(&self, ply: usize) -> Option<i32> {
        let last = self.keys.len() - 1;
        let hash = self.keys[last].hash;
        let mut j = last;
        while j >= 2 {
            j -= 2;
            if self.keys[j].hash == hash {
                return Some(match repetition_verdict(&self.keys, j) {
                    Repetition::Draw => 0,
                    Repetition::PerpetualCheckByMover => -(MATE - ply as i32),
                    Repetition::PerpetualCheckByOpponent => MATE - ply as i32,
                });
            }
        }
        None
    }

    /// Value of the captured piece(s) of `mv`, if it captures (for ordering and quiescence).
    #[inline]
    fn victim_value(pos: &Position<R>, mv: Move) -> Option<i32> {
        if mv.is_drop() {
            return None;
        }
        let them = !pos.side_to_move();
        let t = pos.tables();
        let value_at = |sq| {
            let p = pos.piece_at(sq);
            (!p.is_empty() && p.color() == them).then(|| {
                let k = p.kind() as usize;
                if t.royal[k] {
                    ROYAL_VICTIM
                } else {
                    t.value[k]
                }
            })
        };
        let at_to = value_at(mv.to());
        let at_mid = mv.mid().and_then(value_at);
        match (at_to, at_mid) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
        }
    }

    /// Ordering score of a move (higher first).
    #[inline]
    fn order_score(&self, pos: &Position<R>, mv: Move, tt_move: Option<u32>, ply: usize) -> i32 {
        if tt_move == Some(mv.bits()) {
            return 1 << 30;
        }
        let t = pos.tables();
        if let Some(victim) = Self::victim_value(pos, mv) {
            let attacker = t.value[pos.piece_at(mv.from()).kind() as usize];
            return (1 << 26) + victim * 16 - attacker / 16 + if mv.is_promotion() { 8 } else { 0 };
        }
        if mv.is_promotion() {
            let kind = pos.piece_at(mv.from()).kind() as usize;
            let gain = t.value[t.promote_to[kind] as usize] - t.value[kind];
            return (1 << 25) + gain;
        }
        let killers = &self.killers[ply];
        if killers[0] == Some(mv) {
            return 1 << 24;
        }
        if killers[1] == Some(mv) {
            return (1 << 24) - 1;
        }
        self.history[history_index(pos.side_to_move().index(), mv)]
    }

    /// Generates and scores the pseudo-legal moves at `ply` into the ply's buffers.
    fn generate(&mut self, pos: &Position<R>, ply: usize, tt_move: Option<u32>, captures: bool) {
        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        let mut scores = std::mem::take(&mut self.score_bufs[ply]);
        moves.clear();
        scores.clear();
        pos.pseudo_moves(&mut moves);
        if captures {
            moves.retain(|&m| Self::victim_value(pos, m).is_some());
        }
        for &m in &moves {
            let mut s = self.order_score(pos, m, tt_move, ply);
            if ply == 0 && self.root_hint == Some(m) {
                s = i32::MAX;
            }
            scores.push(s);
        }
        self.move_bufs[ply] = moves;
        self.score_bufs[ply] = scores;
    }

    /// Takes the best-scored remaining move of `ply` (selection sort, lazily).
    #[inline]
    fn next_move(&mut self, ply: usize, index: usize) -> Option<Move> {
        let moves = &mut self.move_bufs[ply];
        let scores = &mut self.score_bufs[ply];
        if index >= moves.len() {
            return None;
        }
        let mut best = index;
        for i in index + 1..moves.len() {
            if scores[i] > scores[best] {
                best = i;
            }
        }
        moves.swap(index, best);
        scores.swap(index, best);
        Some(moves[index])
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Plays `mv` and records the new position's key (for repetitions); returns whether the
    /// move gave check.
    #[inline]
    fn play(&mut self, pos: &mut Position<R>, mv: Move) -> bool {
        pos.make(mv);
        let key = Key::of(pos);
        self.keys.push(key);
        key.checked
    }

    #[inline]
    fn take_back(&mut self, pos: &mut Position<R>) {
        self.keys.pop();
        pos.unmake();
    }

    /// Negamax with alpha-beta; `in_check`: the side to move is in check.
    fn negamax(
        &mut self,
        pos: &mut Position<R>,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        in_check: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let us = pos.side_to_move();
        if let Some(winner) = pos.winner_by_board() {
            return if winner == us {
                MATE - ply as i32
            } else {
                -(MATE - ply as i32)
            };
        }
        if ply > 0 {
            if let Some(v) = self.repetition_value(ply) {
                return v;
            }
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos);
        }
        if in_check && (ply as i32) < 2 * self.root_depth {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(pos, ply, alpha, beta, in_check, 0);
        }
        if ply > 0 {
            // Mate distance pruning: no line from here beats a mate already found nearer.
            alpha = alpha.max(-(MATE - ply as i32));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let is_pv = beta - alpha > 1;
        let hash = pos.hash();
        let mut tt_move = None;
        if let Some(hit) = self.tt.probe(hash) {
            tt_move = hit.mv;
            if ply > 0 && !is_pv && hit.depth >= depth {
                let v = value_from_tt(hit.score, ply);
                match hit.bound {
                    Bound::Exact => return v,
                    Bound::Lower if v >= beta => return v,
                    Bound::Upper if v <= alpha => return v,
                    _ => {}
                }
            }
        }

        let alpha_orig = alpha;
        self.generate(pos, ply, tt_move, false);
        let mut best_value = -INF;
        let mut best_move = None;
        let mut legal = 0;
        let mut index = 0;
        while let Some(mv) = self.next_move(ply, index) {
            index += 1;
            if !pos.is_legal(mv) {
                continue;
            }
            legal += 1;
            let quiet = Self::victim_value(pos, mv).is_none() && !mv.is_promotion();
            let killer = self.killers[ply].contains(&Some(mv));
            let checks = self.play(pos, mv);
            let mut value;
            if legal == 1 {
                value = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, checks);
            } else {
                let reduction =
                    if depth >= 3 && legal > 3 && quiet && !killer && !in_check && !checks {
                        1 + (depth >= 6 && legal > 8) as i32
                    } else {
                        0
                    };
                value = -self.negamax(
                    pos,
                    depth - 1 - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    checks,
                );
                if reduction > 0 && value > alpha {
                    value = -self.negamax(pos, depth - 1, ply + 1, -alpha - 1, -alpha, checks);
                }
                if value > alpha && value < beta {
                    value = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, checks);
                }
            }
            self.take_back(pos);
            if self.aborted {
                return 0;
            }
            if value > best_value {
                best_value = value;
                best_move = Some(mv);
                if value > alpha {
                    alpha = value;
                    self.update_pv(ply, mv);
                    if ply == 0 {
                        self.root_partial = Some(mv);
                    }
                    if alpha >= beta {
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != Some(mv) {
                                k[1] = k[0];
                                k[0] = Some(mv);
                            }
                            let h = &mut self.history[history_index(us.index(), mv)];
                            *h = (*h + depth * depth).min(1 << 20);
                        }
                        break;
                    }
                }
            }
        }
        if legal == 0 {
            // No legal move: the side to move loses (RULES.md §0, stalemate included).
            return -(MATE - ply as i32);
        }
        let bound = if best_value >= beta {
            Bound::Lower
        } else if best_value > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(hash, best_move, value_to_tt(best_value, ply), depth, bound);
        best_value
    }

    /// Quiescence: captures only, or every legal move while in check (for a few plies).
    fn qsearch(
        &mut self,
        pos: &mut Position<R>,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        in_check: bool,
        qply: u32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let us = pos.side_to_move();
        if let Some(winner) = pos.winner_by_board() {
            return if winner == us {
                MATE - ply as i32
            } else {
                -(MATE - ply as i32)
            };
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos);
        }
        // Where captured pieces come back (Circe, Anti-Circe, PWC) captures do not use up
        // material, so capture sequences hardly end: quiescence stops after a few plies.
        if R::HOOKS.capture_effect.returns_pieces() && qply >= QS_RETURN_PLIES {
            return evaluate(pos);
        }
        let evasions = in_check && qply < QS_EVASION_PLIES;
        let mut best_value = -INF;
        if !evasions {
            let stand = evaluate(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best_value = stand;
        }
        self.generate(pos, ply, None, !evasions);
        let mut legal = 0;
        let mut index = 0;
        while let Some(mv) = self.next_move(ply, index) {
            index += 1;
            if !pos.is_legal(mv) {
                continue;
            }
            legal += 1;
            pos.make(mv);
            let checks = pos.in_check(pos.side_to_move());
            let value = -self.qsearch(pos, ply + 1, -beta, -alpha, checks, qply + 1);
            pos.unmake();
            if self.aborted {
                return 0;
            }
            if value > best_value {
                best_value = value;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if evasions && legal == 0 {
            return -(MATE - ply as i32);
        }
        best_value
    }
}

/// Mate scores are stored relative to the node, not the root.
#[inline]
fn value_to_tt(v: i32, ply: usize) -> i32 {
    if v >= MATE_BOUND {
        v + ply as i32
    } else if v <= -MATE_BOUND {
        v - ply as i32
    } else {
        v
    }
}

#[inline]
fn value_from_tt(v: i32, ply: usize) -> i32 {
    if v >= MATE_BOUND {
        v - ply as i32
    } else if v <= -MATE_BOUND {
        v + ply as i32
    } else {
        v
    }
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (nodes as u128 * 1_000_000 / micros) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_from_value() {
        assert_eq!(Score::from_value(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_value(-(MATE - 2)), Score::Mate(-2));
        assert_eq!(Score::from_value(-MATE), Score::Mate(0));
        assert_eq!(Score::from_value(250), Score::Cp(250));
        assert_eq!(Score::Mate(-2).to_string(), "mate -2");
        assert_eq!(Score::Cp(7).to_string(), "cp 7");
    }

    #[test]
    fn tt_mate_values_are_node_relative() {
        let v = MATE - 7; // mate 7 plies from the root, seen at ply 3
        assert_eq!(value_from_tt(value_to_tt(v, 3), 5), MATE - 9);
        assert_eq!(value_to_tt(123, 9), 123);
    }
}
