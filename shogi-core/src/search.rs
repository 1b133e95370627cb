//! Game-tree search: iterative deepening negamax alpha-beta (principal variation search) with
//! aspiration windows (a stopped iteration's better first move is played: `line_to_play`), a
//! shared transposition table (Lazy SMP: helper threads search the same
//! root and share only the table), move ordering (TT move, captures by static exchange where the
//! rules allow it, else MVV-LVA, killers, history and continuation history; a promotion that
//! captures nothing is a quiet move, ordered, reduced and pruned as the others, as in
//! Fairy-Stockfish), null-move pruning,
//! reverse futility and late-move pruning and reductions (both sharper where the static value
//! is not improving on our previous move), pruning of quiet moves and drops that lose material
//! by exchange near the leaves, a check extension (boards of seven squares a side or more),
//! mate-distance pruning and a capture
//! quiescence search that uses the table too. The static value every pruning reads is
//! corrected by what earlier searches found in positions alike ([`crate::correction`]).
//!
//! Where the fast legality path applies, a node's moves are generated legal
//! ([`Position::search_moves`]) instead of being made and tested one by one: the test was a
//! third of the search's instructions.
//!
//! Null-move pruning assumes that passing is never better than the best move (no zugzwang).
//! It is off where that fails ([`null_move_sound`]): in king-capture mode (a side may have only
//! moves that give its king away), under paralysis and Isardam (a piece's mobility depends on
//! the enemy's placement, so every move may be a concession), with Othello/Reversi flips (each
//! move changes colours; a pass skips that) and with chained moves.
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

use crate::bitboard::Bitboard;
use crate::correction::{self, Correction};
use crate::eval::Evaluator;
use crate::game::{repetition_verdict, Game, Key, Repetition, SENNICHITE_OCCURRENCES};
use crate::geometry::{Geometry, Square, SQUARES};
use crate::legal::Scope;
use crate::moves::Move;
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::{Bb, Rules};
use crate::table::{AfterMove, KingLoss, Landing, MoveShape, Paralysis};
use crate::tt::{Bound, TransTable};
use std::collections::TryReserveError;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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

/// Bands of the move-ordering score ([`Worker::order_score`], higher first), which pruning and
/// the check extension also read. Quiet moves score their history, within ±[`HISTORY_BOUND`].
mod band {
    /// The root's best move of the previous iteration.
    pub const ROOT_HINT: i32 = i32::MAX;
    /// The transposition table's move.
    pub const TT_MOVE: i32 = 1 << 30;
    /// Captures that do not lose by exchange (plus MVV-LVA).
    pub const GOOD_CAPTURE: i32 = 1 << 26;
    /// The first killer (the second is one less).
    pub const KILLER: i32 = 1 << 24;
    /// Captures that lose by exchange: after the killers (plus MVV-LVA).
    pub const LOSING_CAPTURE: i32 = 1 << 22;
    /// Added to the history of a drop that loses the piece: below every other quiet move.
    pub const LOSING_DROP: i32 = -(1 << 21);
    /// History scores stay within ± this (history with gravity).
    pub const HISTORY_BOUND: i32 = 1 << 20;
}

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
    /// Best lines to find and report (USI `MultiPV`); 0 and 1 mean one.
    pub multipv: usize,
}

/// Progress after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    /// The line's rank (1 best) when several lines are searched (`Limits::multipv` > 1).
    pub multipv: Option<u32>,
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
    /// The board has drawn the game (chu shogi's royal against royal).
    Drawn,
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

/// The line a search plays: the last finished iteration's `(depth, value, pv)`, unless the
/// iteration after it, stopped unfinished, had found a first move better than that line's
/// (`partial`: the move and its value; `partial_pv` the root's line when it was stopped). That
/// move beat the finished line's, which it searches first, at a greater depth, so it is played
/// (as in Stockfish): the time spent on the unfinished iteration is not lost. The depth stays
/// the finished one's. Self-play at 60 ms a move, SPRT [-5, 15]: minishogi +232 -188 =28 over
/// 448 games, standard shogi +153 -104 =1 over 258, both H1 accepted (README, "Search and
/// evaluation").
fn line_to_play(
    completed: Option<(u32, i32, Vec<Move>)>,
    partial: Option<(Move, i32)>,
    partial_pv: &[Move],
) -> Option<(u32, i32, Vec<Move>)> {
    match (completed, partial) {
        (Some((depth, _, pv)), Some((mv, value))) if pv.first() != Some(&mv) => {
            let line = if partial_pv.first() == Some(&mv) {
                partial_pv.to_vec()
            } else {
                vec![mv]
            };
            Some((depth, value, line))
        }
        (completed, _) => completed,
    }
}

/// The bound a search result within the window (`alpha`, `beta`) gives its position.
fn bound_of(value: i32, alpha: i32, beta: i32) -> Bound {
    if value >= beta {
        Bound::Lower
    } else if value > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// Whether null-move pruning is sound enough for rule set `R` (see the module docs).
pub const fn null_move_sound<R: Rules>() -> bool {
    let h = R::HOOKS;
    matches!(h.king_loss, KingLoss::Checkmate)
        && matches!(h.paralysis, Paralysis::None)
        && matches!(h.landing, Landing::None)
        && matches!(h.after_move, AfterMove::None)
        && matches!(h.move_shape, MoveShape::Normal)
}

/// Whether static exchange evaluation is exact enough for rule set `R`: attacks are the pieces'
/// own leaps and slides, captures have no effects, and no kind has special movement.
fn see_available<R: Rules>(pos: &Position<R>) -> bool {
    R::HOOKS.plain_attacks() && R::HOOKS.plain_effects() && !pos.tables().any_special
}

/// Static exchange evaluation of a capture or drop (the material the mover expects from the
/// exchange on the destination), or `None` for rule sets where it is not exact enough to use
/// (see the module docs).
pub fn static_exchange<R: Rules>(pos: &Position<R>, mv: Move) -> Option<i32> {
    see_available(pos).then(|| Worker::<R>::see(pos, mv))
}

/// Most helper threads (USI `Threads` allows one more).
pub const MAX_THREADS: usize = 64;

/// A searcher for rule set `R`; keeps its transposition table and history between searches.
pub struct Searcher<R: Rules> {
    tt: Arc<TransTable>,
    main: Worker<R>,
    helpers: Vec<Worker<R>>,
    threads: usize,
}

/// The state of one search thread.
struct Worker<R: Rules> {
    tt: Arc<TransTable>,
    eval: Arc<Evaluator<R::Storage>>,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    /// Continuation history (see [`ContHistory`]).
    cont: ContHistory,
    /// Correction history of the static evaluation (see [`Correction`]).
    correction: Correction,
    /// The piece-to index ([`ContHistory::piece_to`]) of the move played at each ply of the
    /// current line; `None` for a pass.
    moved: Vec<Option<u32>>,
    reductions: Vec<[u8; 64]>,
    // Per-search state.
    nodes: u64,
    max_nodes: u64,
    seldepth: usize,
    root_depth: i32,
    start: Instant,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    /// Nodes of the helper threads (main thread: added for `info`; helpers: add to it).
    shared_nodes: Arc<AtomicU64>,
    helper: bool,
    aborted: bool,
    /// The keys of the game and of the line searched (see [`KeyLine`]).
    keys: KeyLine,
    /// Repetitions are looked for at key indexes at least this (a null move is a barrier).
    rep_floor: usize,
    /// The root position's index in `keys` (positions after it were reached in the search).
    root_index: usize,
    pv: Vec<Vec<Move>>,
    move_bufs: Vec<MoveList>,
    score_bufs: Vec<Vec<i32>>,
    /// Scratch for sorting the tail of a move list (see [`Worker::next_move`]).
    sort_buf: Vec<(i32, Move)>,
    root_hint: Option<Move>,
    /// The best root move of the current iteration so far and its value (a lower bound when
    /// it failed high): it beat every root move searched before it at this depth.
    root_partial: Option<(Move, i32)>,
    /// Root moves left out of this search (MultiPV: the moves of the lines already found).
    root_excluded: Vec<Move>,
    see: bool,
    /// Quiet moves count as near the enemy king within two steps of it, else one (boards
    /// narrower than [`NEAR_TWO_STEPS_MIN_SIDE`]).
    near_two_steps: bool,
    /// Whether the moves generated at a ply are known legal (see [`Position::search_moves`]).
    all_legal: Vec<bool>,
    /// Static evaluation of each ply of the current line (`-INF` in check), for `improving`.
    static_evals: Vec<i32>,
    /// The table's move a singular search leaves out, per ply (see [`Worker::singular`]).
    excluded: Vec<Option<u32>>,
    _rules: PhantomData<R>,
}

/// Late-move reductions are `ln(depth) · ln(move number) / LMR_DIVISOR` plies before the
/// adjustments. 1.8 rather than 2.25 (a quarter more reduction, so a deeper search in the
/// same time): against Fairy-Stockfish at 100 ms a move in standard shogi, 53.2 % over 300
/// games where 2.25 scored 46.3 % from the same 150 openings (issue 18's note of 2026-12-05).
const LMR_DIVISOR: f64 = 1.8;

/// Singular extensions apply from this depth (see [`Worker::singular`]).
const SINGULAR_DEPTH: i32 = 6;

/// The longest shorter side of a board on which singular extensions apply. Against
/// Fairy-Stockfish at 100 ms a move, 80-game runs: minishogi (5×5) 46.2 %, 43.1 %, 44.4 %,
/// 43.8 %, 48.8 % and 46.2 %, 45.4 % over 480 games (35.3 % over 480 without); standard
/// shogi 43.8 % where the engine without scored 53.8 % beside it on the same openings (not
/// shown worse at 80 games, but no gain either; an earlier attempt there lost too). A 9×9
/// node has several times a 5×5 node's moves, which the singular search pays for; boards
/// between were not measured.
const SINGULAR_MAX_SIDE: u8 = 6;

/// Whether singular extensions apply on this board (see [`SINGULAR_MAX_SIDE`]).
pub const fn singular_extends(g: Geometry) -> bool {
    shorter_side(g) <= SINGULAR_MAX_SIDE
}

/// The board's shorter side, which the search's board-size choices read.
const fn shorter_side(g: Geometry) -> u8 {
    if g.files < g.ranks {
        g.files
    } else {
        g.ranks
    }
}

/// The shortest side of a board on which checks that hold their ground are extended a ply.
/// On smaller boards they are only spared reductions and pruning: there most moves near a king
/// check (every square is near one), and extending them made the tree several times wider
/// (nodes to depth 11 on 20 minishogi positions 10,784,902 with the extension, 2,270,958
/// without). Minishogi against Fairy-Stockfish at 100 ms a move, three 160-game runs from the
/// same openings, each beside the engine with the extension at the same time: 50.8 % over 480
/// games without it, 43.1 % with it (README "Search and evaluation"). Standard shogi keeps
/// the extension: it was not measured without.
const CHECK_EXTENSION_MIN_SIDE: u8 = 7;

/// Whether checks that hold their ground are extended on this board (see
/// [`CHECK_EXTENSION_MIN_SIDE`]).
pub const fn check_extends(g: Geometry) -> bool {
    shorter_side(g) >= CHECK_EXTENSION_MIN_SIDE
}

/// Plies a move is extended by: one for a singular move, or for a check that holds its ground
/// where checks extend (`checks_extend`, [`check_extends`] of the board), while the line is
/// shorter than twice the iteration's depth (`root_depth`) so extensions cannot run away.
const fn extension_plies(
    checks_extend: bool,
    safe_check: bool,
    singular: bool,
    ply: usize,
    root_depth: i32,
) -> i32 {
    (((checks_extend && safe_check) || singular) && (ply as i32) < 2 * root_depth) as i32
}

/// The singular search's bound: this many centipawns a ply of depth below the table's value.
const SINGULAR_MARGIN: i32 = 2;

/// What a singular search says of the table's move (see [`Worker::singular`]).
enum Singular {
    /// Every other move fails well below it: it is extended.
    Extend,
    /// Another move beats beta too: the node fails high with this value.
    Cut(i32),
    /// Neither.
    Not,
}

/// Moves of a node picked by selection before the rest is sorted (see `Worker::next_move`).
const SELECT_FIRST: usize = 6;

/// History table width: the origin squares plus one row per droppable kind.
const ORIGINS: usize = SQUARES + crate::table::MAX_KINDS;

/// Bits of a key's bucket for the repetition filter ([`KeyLine`]).
const KEY_BUCKET_BITS: u32 = 12;

/// The keys of the game and of the line searched, with how many fall in each bucket of
/// [`KEY_BUCKET_BITS`] hash bits: a position alone in its bucket repeats nothing, which
/// spares most nodes a scan of the whole line (shogi has no irreversible move that would
/// bound it). Keys come and go only through [`KeyLine::push`] and [`KeyLine::pop`], so the
/// counts always match the keys.
struct KeyLine {
    keys: Vec<Key>,
    counts: Vec<u32>,
}

impl KeyLine {
    fn new() -> Self {
        KeyLine {
            keys: Vec::new(),
            counts: vec![0; 1 << KEY_BUCKET_BITS],
        }
    }

    #[inline]
    fn bucket(hash: u64) -> usize {
        (hash & ((1 << KEY_BUCKET_BITS) - 1)) as usize
    }

    /// Starts again from the game's keys.
    fn reset(&mut self, keys: &[Key]) {
        self.keys.clear();
        self.counts.fill(0);
        for &k in keys {
            self.push(k);
        }
    }

    #[inline]
    fn push(&mut self, key: Key) {
        self.counts[Self::bucket(key.hash)] += 1;
        self.keys.push(key);
    }

    #[inline]
    fn pop(&mut self) {
        if let Some(k) = self.keys.pop() {
            self.counts[Self::bucket(k.hash)] -= 1;
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.keys.len()
    }

    #[inline]
    fn last(&self) -> Option<&Key> {
        self.keys.last()
    }

    #[inline]
    fn as_slice(&self) -> &[Key] {
        &self.keys
    }

    /// Whether the last key shares its bucket with an earlier one: only then can it repeat.
    #[inline]
    fn last_may_repeat(&self) -> bool {
        self.last()
            .is_some_and(|k| self.counts[Self::bucket(k.hash)] >= 2)
    }
}

/// Continuation history: how well a quiet move (the kind moved or dropped, and its
/// destination) did after the move one ply before it and after the move two plies before it
/// (the side's own previous move). Move ordering adds it to the plain history; a cutoff
/// rewards the move and punishes the quiet moves tried before it, as for the history.
/// Tables are `[distance][side][previous piece-to][piece-to]` of `i16`; where a rule set has
/// so many kinds and squares that they would be large, there are none (`stride == 0`).
struct ContHistory {
    table: Vec<i16>,
    /// Piece-to indexes: kinds × board squares (0: no table).
    stride: usize,
    /// Board squares (the compact square index's range).
    squares: usize,
    ranks: usize,
}

/// History values stay within ± this (gravity).
const CONT_BOUND: i32 = 1 << 14;
/// Most entries of a continuation-history table (both distances and sides).
const CONT_MAX_ENTRIES: usize = 8 << 20;

impl ContHistory {
    fn new(t: &crate::tables::Tables<impl crate::bitboard::Storage>) -> Self {
        let squares = t.geometry.square_count();
        let stride = t.kinds * squares;
        let entries = 4 * stride * stride;
        if entries > CONT_MAX_ENTRIES {
            return ContHistory {
                table: Vec::new(),
                stride: 0,
                squares,
                ranks: t.geometry.ranks as usize,
            };
        }
        ContHistory {
            table: vec![0; entries],
            stride,
            squares,
            ranks: t.geometry.ranks as usize,
        }
    }

    /// The piece-to index of `mv` by a piece of `kind` (before the move is made).
    #[inline]
    fn piece_to(&self, kind: u8, mv: Move) -> u32 {
        let to = mv.to();
        let sq = to.file() as usize * self.ranks + to.rank() as usize;
        (kind as usize * self.squares + sq) as u32
    }

    #[inline]
    fn index(&self, distance: usize, side: usize, prev: u32, pt: u32) -> usize {
        (((distance - 1) * 2 + side) * self.stride + prev as usize) * self.stride + pt as usize
    }

    #[inline]
    fn get(&self, distance: usize, side: usize, prev: Option<u32>, pt: u32) -> i32 {
        match prev {
            Some(p) if self.stride > 0 => i32::from(self.table[self.index(distance, side, p, pt)]),
            _ => 0,
        }
    }

    #[inline]
    fn update(&mut self, distance: usize, side: usize, prev: Option<u32>, pt: u32, bonus: i32) {
        if let Some(p) = prev {
            if self.stride > 0 {
                let i = self.index(distance, side, p, pt);
                let h = i32::from(self.table[i]);
                let v = h + bonus - h * bonus.abs() / CONT_BOUND;
                self.table[i] = v.clamp(-CONT_BOUND, CONT_BOUND) as i16;
            }
        }
    }

    fn clear(&mut self) {
        self.table.fill(0);
    }
}

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

impl<R: Rules> Worker<R> {
    fn new(tt: Arc<TransTable>, eval: Arc<Evaluator<R::Storage>>) -> Self {
        let cont = ContHistory::new(R::tables());
        let mut reductions = vec![[0u8; 64]; 64];
        for (d, row) in reductions.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR) as u8;
            }
        }
        Worker {
            tt,
            eval,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * ORIGINS * SQUARES],
            cont,
            correction: Correction::default(),
            moved: vec![None; MAX_PLY + 2],
            reductions,
            nodes: 0,
            max_nodes: u64::MAX,
            seldepth: 0,
            root_depth: 1,
            start: Instant::now(),
            deadline: None,
            stop: None,
            shared_nodes: Arc::new(AtomicU64::new(0)),
            helper: false,
            aborted: false,
            keys: KeyLine::new(),
            rep_floor: 0,
            root_index: 0,
            pv: (0..=MAX_PLY)
                .map(|_| Vec::with_capacity(MAX_PLY + 1))
                .collect(),
            move_bufs: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            score_bufs: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            sort_buf: Vec::with_capacity(256),
            root_hint: None,
            root_partial: None,
            root_excluded: Vec::new(),
            see: false,
            near_two_steps: shorter_side(R::tables().geometry) >= NEAR_TWO_STEPS_MIN_SIDE,
            all_legal: vec![false; MAX_PLY + 1],
            static_evals: vec![-INF; MAX_PLY + 1],
            excluded: vec![None; MAX_PLY + 1],
            _rules: PhantomData,
        }
    }

    fn clear(&mut self) {
        self.history.fill(0);
        self.cont.clear();
        self.correction.clear();
        for k in &mut self.killers {
            *k = [None; 2];
        }
    }
}

impl<R: Rules> Searcher<R> {
    /// A searcher with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Result<Self, TryReserveError> {
        let tt = Arc::new(TransTable::new(hash_mb)?);
        let eval = Arc::new(Evaluator::new::<R>());
        Ok(Searcher {
            main: Worker::new(tt.clone(), eval),
            tt,
            helpers: Vec::new(),
            threads: 1,
        })
    }

    /// Search threads (1 = no helpers); clamped to `1..=MAX_THREADS`.
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, MAX_THREADS);
        let eval = self.main.eval.clone();
        self.helpers.truncate(self.threads - 1);
        while self.helpers.len() < self.threads - 1 {
            let mut w = Worker::new(self.tt.clone(), eval.clone());
            w.helper = true;
            self.helpers.push(w);
        }
    }

    /// Threads in use.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Resizes the transposition table (cleared); on failure it is unchanged.
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), TryReserveError> {
        let tt = Arc::new(TransTable::new(mb)?);
        self.tt = tt.clone();
        self.main.tt = tt.clone();
        for h in &mut self.helpers {
            h.tt = tt.clone();
        }
        Ok(())
    }

    /// Forgets everything learnt (new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.main.clear();
        for h in &mut self.helpers {
            h.clear();
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
        let mut pos = game.position().clone();
        pos.clear_history();
        let side = pos.side_to_move();
        if let Some(winner) = pos.winner_by_board() {
            return if winner == side {
                finished(Terminal::Won, Score::Mate(0))
            } else {
                finished(Terminal::Lost, Score::Mate(0))
            };
        }
        if pos.drawn_by_board() {
            return finished(Terminal::Drawn, Score::Cp(0));
        }
        if pos.legal_move_list().is_empty() {
            return finished(Terminal::Lost, Score::Mate(0));
        }
        self.tt.new_search();
        let shared_nodes = Arc::new(AtomicU64::new(0));
        let helper_stop = Arc::new(AtomicBool::new(false));
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let main = &mut self.main;
        main.shared_nodes = shared_nodes.clone();
        if self.helpers.is_empty() {
            return main.iterate(&pos, game.keys(), limits, max_depth, info);
        }
        std::thread::scope(|scope| {
            for (i, h) in self.helpers.iter_mut().enumerate() {
                h.shared_nodes = shared_nodes.clone();
                let helper_limits = Limits {
                    stop: Some(helper_stop.clone()),
                    ..Limits::default()
                };
                let pos = pos.clone();
                let keys = game.keys();
                // Odd helpers start one iteration deeper, so the threads spread over depths.
                let skew = (i % 2) as u32;
                scope.spawn(move || {
                    h.iterate(
                        &pos,
                        keys,
                        &helper_limits,
                        MAX_DEPTH.min(max_depth + skew),
                        &mut |_| {},
                    )
                });
            }
            let result = main.iterate(&pos, game.keys(), limits, max_depth, info);
            helper_stop.store(true, Ordering::Relaxed);
            result
        })
    }
}

impl<R: Rules> Worker<R> {
    /// Iterative deepening from `pos` (whose game history is `keys`).
    fn iterate(
        &mut self,
        root: &Position<R>,
        keys: &[Key],
        limits: &Limits,
        max_depth: u32,
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
        self.keys.reset(keys);
        self.rep_floor = 0;
        // `Game` always holds its current position's key; an empty list would put the
        // root before every key, all of them positions of the search.
        self.root_index = self.keys.len().saturating_sub(1);
        self.see = see_available(root);
        for k in &mut self.killers {
            *k = [None; 2];
        }
        for h in &mut self.history {
            *h /= 8;
        }
        let mut pos = root.clone();
        let fallback = pos.legal_move_list()[0];
        let root_checked = self.keys.last().is_some_and(|k| k.checked);
        let mut completed: Option<(u32, i32, Vec<Move>)> = None;
        // The lines of the last completed iteration, best first (one unless MultiPV).
        let mut prev: Vec<(i32, Vec<Move>)> = Vec::new();
        let line_count = limits.multipv.min(pos.legal_move_list().len()).max(1);
        self.root_excluded.clear();
        for depth in 1..=max_depth {
            if self.should_stop_now() {
                break;
            }
            self.seldepth = 0;
            self.root_depth = depth as i32;
            self.root_partial = None;
            // MultiPV: each further line searches the root without the moves of the lines
            // found before it in this iteration.
            let mut lines: Vec<(i32, Vec<Move>)> = Vec::with_capacity(line_count);
            self.root_excluded.clear();
            for index in 0..line_count {
                let last = prev.get(index);
                self.root_hint = last.and_then(|(_, pv)| pv.first().copied());
                let value = self.aspiration(&mut pos, depth, last.map(|l| l.0), root_checked);
                if self.aborted || self.pv[0].is_empty() {
                    break;
                }
                let pv = self.pv[0].clone();
                self.root_excluded.push(pv[0]);
                lines.push((value, pv));
            }
            self.root_excluded.clear();
            // An unfinished iteration still counts when its best line is done: that one
            // searched every root move.
            if lines.is_empty() {
                break;
            }
            // Later lines searched fewer moves and may come out better: rank them.
            lines.sort_by_key(|l| std::cmp::Reverse(l.0));
            let (value, pv) = lines[0].clone();
            self.root_hint = pv.first().copied();
            let elapsed = self.start.elapsed();
            if !self.helper {
                for (rank, (value, pv)) in lines.iter().enumerate() {
                    let rank = (line_count > 1).then_some(rank as u32 + 1);
                    info(&self.line_info(depth, rank, *value, pv, elapsed));
                }
            }
            completed = Some((depth, value, pv));
            // What the next iteration finds before it is stopped (below).
            self.root_partial = None;
            if self.aborted {
                break;
            }
            prev = lines;
            // A mate found well within the full-width depth will not get shorter.
            if value.abs() >= MATE_BOUND && depth as i32 >= 2 * (MATE - value.abs()) + 2 {
                break;
            }
            if limits.soft_time.is_some_and(|t| elapsed >= t) {
                break;
            }
        }
        if self.helper {
            self.shared_nodes
                .fetch_add(self.nodes & 1023, Ordering::Relaxed);
        }

        let time = self.start.elapsed();
        let nodes = self.nodes + self.shared_nodes.load(Ordering::Relaxed);
        // MultiPV has ranked and reported its lines: a stopped iteration's move replaces only a
        // single line, reported again.
        let partial = self.root_partial.filter(|_| line_count == 1);
        let played = line_to_play(completed.clone(), partial, &self.pv[0]);
        if let (Some((depth, value, line)), false) = (&played, self.helper) {
            if completed.as_ref().map(|c| c.2.first()) != Some(line.first()) {
                info(&self.line_info(*depth, None, *value, line, time));
            }
        }
        match played {
            Some((depth, value, pv)) if !pv.is_empty() => SearchResult {
                best: Some(pv[0]),
                ponder: pv.get(1).copied(),
                score: Score::from_value(value),
                depth,
                nodes,
                time,
                pv,
                terminal: None,
            },
            // No iteration finished: the best root move proven so far, else the first legal.
            _ => {
                let best = self.root_partial.map_or(fallback, |(m, _)| m);
                SearchResult {
                    best: Some(best),
                    ponder: None,
                    score: Score::Cp(0),
                    depth: 0,
                    nodes,
                    time,
                    pv: vec![best],
                    terminal: None,
                }
            }
        }
    }

    /// The `info` report of a root line found at `depth` (`rank` under MultiPV), `elapsed`
    /// into the search; nodes count every thread's.
    fn line_info(
        &self,
        depth: u32,
        rank: Option<u32>,
        value: i32,
        pv: &[Move],
        elapsed: Duration,
    ) -> Info {
        let nodes = self.nodes + self.shared_nodes.load(Ordering::Relaxed);
        Info {
            depth,
            seldepth: self.seldepth.max(depth as usize) as u32,
            multipv: rank,
            score: Score::from_value(value),
            nodes,
            nps: nps(nodes, elapsed),
            time: elapsed,
            hashfull: self.tt.hashfull(),
            pv: pv.to_vec(),
        }
    }

    /// One root search at `depth` in an aspiration window around the previous iteration's
    /// value (`last`), widened on failure.
    fn aspiration(
        &mut self,
        pos: &mut Position<R>,
        depth: u32,
        last: Option<i32>,
        root_checked: bool,
    ) -> i32 {
        let mut delta = Self::margin(40);
        let (mut alpha, mut beta) = match last {
            Some(v) if depth >= 4 && v.abs() < MATE_BOUND => (v - delta, v + delta),
            _ => (-INF, INF),
        };
        loop {
            let v = self.negamax(pos, depth as i32, 0, alpha, beta, root_checked);
            if self.aborted {
                return v;
            }
            if v <= alpha && alpha > -INF {
                alpha = (v - delta).max(-INF);
            } else if v >= beta && beta < INF {
                beta = (v + delta).min(INF);
            } else {
                return v;
            }
            delta *= 3;
            if delta > 1500 {
                alpha = -INF;
                beta = INF;
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
        if self.nodes & 1023 == 0 {
            if self.helper {
                self.shared_nodes.fetch_add(1024, Ordering::Relaxed);
            }
            if self.should_stop_now() {
                self.aborted = true;
            }
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

    #[inline]
    fn evaluate(&self, pos: &Position<R>) -> i32 {
        self.eval.evaluate(pos)
    }

    /// The correction-history keys of `pos` at `ply` (see [`Correction`]).
    #[inline]
    fn correction_keys(&self, pos: &Position<R>, ply: usize) -> correction::Keys {
        let previous = ply.checked_sub(1).and_then(|p| self.moved[p]);
        correction::Keys::of(pos, previous)
    }

    /// `raw`, a static value at `keys`, corrected by what the search learned there.
    #[inline]
    fn corrected(&self, raw: i32, keys: correction::Keys) -> i32 {
        (raw + self.correction.value(keys)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The value of a repetition of the current position (last key) with an earlier one
    /// (see [`counted_repetition`]).
    fn repetition_value(&self, ply: usize) -> Option<i32> {
        // Most positions share their bucket with no other key: nothing to scan.
        if !self.keys.last_may_repeat() {
            return None;
        }
        let line = self.keys.as_slice();
        let first = counted_repetition(line, self.rep_floor, self.root_index)?;
        Some(match repetition_verdict(line, first) {
            Repetition::Draw => draw_value(ply, contempt::<R>()),
            Repetition::PerpetualCheckByMover => -(MATE - ply as i32),
            Repetition::PerpetualCheckByOpponent => MATE - ply as i32,
        })
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

    /// Static exchange evaluation of a capture or drop on `mv.to()` (rule sets where
    /// [`see_available`]): the material the mover expects from the exchange there, both sides
    /// capturing with their least valuable attacker and stopping when that loses.
    fn see(pos: &Position<R>, mv: Move) -> i32 {
        let t = pos.tables();
        let to = mv.to();
        let us = pos.side_to_move();
        let value = |k: usize| if t.royal[k] { ROYAL_VICTIM } else { t.value[k] };
        let mut occ = pos.occupied();
        let mut gain = [0i32; 40];
        let (mut on_square, first) = if mv.is_drop() {
            (value(mv.drop_kind() as usize), Bb::<R>::EMPTY)
        } else {
            let k = pos.piece_at(mv.from()).kind() as usize;
            let moved = if mv.is_promotion() {
                t.promote_to[k] as usize
            } else {
                k
            };
            (value(moved), Bitboard::from_square(mv.from()))
        };
        gain[0] = Self::victim_value(pos, mv).unwrap_or(0);
        occ &= !first;
        occ.set(to);
        // Each side's attackers, found when first needed, then kept up to date as pieces
        // leave the square's lines (the sliders they uncover join).
        let mut found: [Option<Bb<R>>; 2] = [None, None];
        let leave = |found: &mut [Option<Bb<R>>; 2], occ: &mut Bb<R>, sq: Square| {
            occ.clear(sq);
            if let Some(x) = pos.slider_through(to, sq, *occ) {
                if let Some(a) = &mut found[pos.piece_at(x).color().index()] {
                    a.set(x);
                }
            }
        };
        let mut side = !us;
        let mut n = 1;
        while n < gain.len() {
            let attackers = *found[side.index()]
                .get_or_insert_with(|| pos.plain_attackers(to, side, occ) & occ)
                & occ;
            // The least valuable attacker.
            let mut best: Option<(Square, i32)> = None;
            for sq in attackers {
                let v = value(pos.piece_at(sq).kind() as usize);
                if best.is_none_or(|(_, b)| v < b) {
                    best = Some((sq, v));
                }
            }
            let Some((sq, v)) = best else { break };
            gain[n] = on_square - gain[n - 1];
            // A king may take only when nothing would take it back.
            if v == ROYAL_VICTIM {
                leave(&mut found, &mut occ, sq);
                let back = *found[(!side).index()]
                    .get_or_insert_with(|| pos.plain_attackers(to, !side, occ) & occ)
                    & occ;
                if back.nonempty() {
                    break;
                }
                n += 1;
                break;
            }
            on_square = v;
            leave(&mut found, &mut occ, sq);
            side = !side;
            n += 1;
        }
        while n > 1 {
            n -= 1;
            gain[n - 1] = -(-gain[n - 1]).max(gain[n]);
        }
        gain[0]
    }

    /// Ordering score of a move (higher first); `threat` are the squares the opponent
    /// attacks and `guard` ours (empty when not computed).
    #[inline]
    fn order_score(
        &self,
        pos: &Position<R>,
        mv: Move,
        tt_move: Option<u32>,
        ply: usize,
        (threat, guard): (Bb<R>, Bb<R>),
    ) -> i32 {
        if tt_move == Some(mv.bits()) {
            return band::TT_MOVE;
        }
        let t = pos.tables();
        if let Some(victim) = Self::victim_value(pos, mv) {
            let kind = pos.piece_at(mv.from()).kind() as usize;
            let mvv = victim * 16 - t.value[kind] / 16 + if mv.is_promotion() { 8 } else { 0 };
            // A capture that takes at least what it puts on the square cannot lose its
            // exchange (the mover may stop after the first recapture): no SEE needed.
            let landed = if mv.is_promotion() {
                t.promote_to[kind] as usize
            } else {
                kind
            };
            let at_stake = if t.royal[landed] {
                ROYAL_VICTIM
            } else {
                t.value[landed]
            };
            if self.see && victim < at_stake && Self::see(pos, mv) < 0 {
                // Losing captures after the quiet killers.
                return band::LOSING_CAPTURE + mvv;
            }
            return band::GOOD_CAPTURE + mvv;
        }
        let killers = &self.killers[ply];
        if killers[0] == Some(mv) {
            return band::KILLER;
        }
        if killers[1] == Some(mv) {
            return band::KILLER - 1;
        }
        let side = pos.side_to_move().index();
        let pt = self.piece_to(pos, mv);
        let mut h = self.history[history_index(side, mv)] / 2;
        if ply >= 1 {
            h += 16 * self.cont.get(1, side, self.moved[ply - 1], pt);
        }
        if ply >= 2 {
            h += 16 * self.cont.get(2, side, self.moved[ply - 2], pt);
        }
        // A drop onto a square the opponent attacks and we do not guard loses the piece (the
        // sign of its exchange, from attack maps made once per node): it goes last.
        if mv.is_drop() && threat.contains(mv.to()) && !guard.contains(mv.to()) {
            return h + band::LOSING_DROP;
        }
        h
    }

    /// The continuation-history index of `mv` (the position before it).
    #[inline]
    fn piece_to(&self, pos: &Position<R>, mv: Move) -> u32 {
        let kind = if mv.is_drop() {
            mv.drop_kind()
        } else {
            pos.piece_at(mv.from()).kind()
        };
        self.cont.piece_to(kind, mv)
    }

    /// Generates and scores the pseudo-legal moves at `ply` into the ply's buffers;
    /// `attacks`: each colour's attack maps when the node's evaluation made them (drops are
    /// ordered by them; made here otherwise).
    fn generate(
        &mut self,
        pos: &mut Position<R>,
        ply: usize,
        tt_move: Option<u32>,
        captures: bool,
        attacks: Option<[Bb<R>; 2]>,
    ) {
        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        let mut scores = std::mem::take(&mut self.score_bufs[ply]);
        moves.clear();
        scores.clear();
        let scope = if captures {
            Scope::Captures
        } else {
            Scope::All
        };
        self.all_legal[ply] = pos.search_moves(&mut moves, scope);
        if captures && !self.all_legal[ply] {
            moves.retain(|&m| Self::victim_value(pos, m).is_some());
        }
        let us = pos.side_to_move();
        let maps = if !captures && moves.iter().any(|m| m.is_drop()) {
            match attacks {
                Some(a) => (a[(!us).index()], a[us.index()]),
                None => (pos.natural_attack_map(!us), pos.natural_attack_map(us)),
            }
        } else {
            (Bitboard::EMPTY, Bitboard::EMPTY)
        };
        for &m in &moves {
            let mut s = self.order_score(pos, m, tt_move, ply, maps);
            if ply == 0 && self.root_hint == Some(m) {
                s = band::ROOT_HINT;
            }
            scores.push(s);
        }
        self.move_bufs[ply] = moves;
        self.score_bufs[ply] = scores;
    }

    /// Takes the best-scored remaining move of `ply` (see [`pick_next`]).
    #[inline]
    fn next_move(&mut self, ply: usize, index: usize) -> Option<(Move, i32)> {
        pick_next(
            &mut self.move_bufs[ply],
            &mut self.score_bufs[ply],
            index,
            &mut self.sort_buf,
        )
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
        self.tt.prefetch(pos.hash());
        let key = Key::after(pos, mv);
        self.keys.push(key);
        key.checked
    }

    #[inline]
    fn take_back(&mut self, pos: &mut Position<R>) {
        self.keys.pop();
        pos.unmake();
    }

    /// A pruning margin (centipawns, as tuned on the standard board) on this board: a
    /// constant of the rule set, so 9×9 ones pay no arithmetic for it.
    #[inline]
    fn margin(cp: i32) -> i32 {
        cp * const { margin_scale(R::GEOMETRY) } / 100
    }

    /// Whether a checking move `mv`, about to be played, keeps the material it risks (its
    /// static exchange is not negative). Drops and captures have the answer in their ordering
    /// score (`order`, see [`Worker::order_score`]: a drop onto a square the opponent attacks
    /// and we do not guard, a capture that loses the exchange); a quiet board move or
    /// promotion asks `see` for its SEE (on the position before the move; the caller may have
    /// it already). Without SEE (capture effects, special attacks) board moves count as safe.
    fn check_holds(&self, mv: Move, order: i32, see: impl FnOnce() -> i32) -> bool {
        if order == band::TT_MOVE || order == band::ROOT_HINT {
            // The table's or the root's best move: kept as it is.
            return true;
        }
        if mv.is_drop() {
            return order >= -band::HISTORY_BOUND;
        }
        if !self.see || order >= band::GOOD_CAPTURE {
            return true;
        }
        if (band::LOSING_CAPTURE..band::KILLER).contains(&order) {
            return false;
        }
        see() >= 0
    }

    /// Singular extension (Stockfish's): is the table's move `mv`, worth at least `tt_value`
    /// by a search nearly as deep, the only good move here? The node is searched again
    /// without it at half the depth against a bound [`SINGULAR_MARGIN`] cp a ply of `depth`
    /// below `tt_value`. If every other move fails below, `mv` is singular and is extended;
    /// if that bound is at least `beta`, another move beats beta too and the node fails high
    /// (multi-cut). The search at the same ply reuses the ply's move buffers, so the node's
    /// moves are generated again here, `mv` first: the caller goes on at the second.
    #[allow(clippy::too_many_arguments)]
    fn singular(
        &mut self,
        pos: &mut Position<R>,
        mv: Move,
        tt_value: i32,
        depth: i32,
        ply: usize,
        beta: i32,
        in_check: bool,
        tt_move: Option<u32>,
    ) -> Singular {
        let bound = tt_value - SINGULAR_MARGIN * depth;
        self.excluded[ply] = Some(mv.bits());
        let v = self.negamax(pos, (depth - 1) / 2, ply, bound - 1, bound, in_check);
        self.excluded[ply] = None;
        // Rare (depth 6 and more): the attack maps are made again rather than passed down.
        self.generate(pos, ply, tt_move, false, None);
        let first = self.next_move(ply, 0).map(|(m, _)| m);
        debug_assert_eq!(first, Some(mv), "the table's move sorts first");
        self.pv[ply].clear();
        if self.aborted {
            Singular::Not
        } else if v < bound {
            Singular::Extend
        } else if bound >= beta {
            Singular::Cut(bound)
        } else {
            Singular::Not
        }
    }

    /// Negamax with alpha-beta; `in_check`: the side to move is in check.
    #[allow(clippy::too_many_arguments)]
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
        if pos.drawn_by_board() {
            return 0;
        }
        if ply > 0 {
            if let Some(v) = self.repetition_value(ply) {
                return v;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
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
        // A singular search of this node leaves the table's move out: its value is not the
        // node's, so the table neither cuts it off nor keeps it.
        let excluded = self.excluded[ply];
        let mut tt_move = None;
        let mut tt_hit = None;
        if let Some(hit) = self.tt.probe(hash) {
            tt_move = hit.mv;
            tt_hit = Some(hit);
            if ply > 0 && !is_pv && hit.depth >= depth && excluded.is_none() {
                let v = value_from_tt(hit.score, ply);
                match hit.bound {
                    Bound::Exact => return v,
                    Bound::Lower if v >= beta => return v,
                    Bound::Upper if v <= alpha => return v,
                    _ => {}
                }
            }
        }

        // The evaluation's attack maps, where it has them, spare `generate` its own.
        let correction_keys = (!in_check).then(|| self.correction_keys(pos, ply));
        let (static_eval, attacks) = match correction_keys {
            None => (-INF, None),
            Some(keys) => {
                let (raw, attacks) = self.eval.evaluate_with_attacks(pos);
                (self.corrected(raw, keys), attacks)
            }
        };
        self.static_evals[ply] = static_eval;
        // Improving: our static value rose since our previous move (two plies up; four when
        // that one was in check). Where it fell, late quiet moves are cut sooner.
        let improving = !in_check
            && match ply {
                0 | 1 => true,
                _ if self.static_evals[ply - 2] > -INF => static_eval > self.static_evals[ply - 2],
                2 | 3 => true,
                _ => static_eval > self.static_evals[ply - 4],
            };
        let null_window_non_mate = !is_pv && !in_check && ply > 0 && beta.abs() < MATE_BOUND;
        // Reverse futility: far above beta near the leaves, a quiet position stays there.
        // The margin is wider when the opponent holds pieces (its drops can start an attack).
        let them_hold = pos
            .tables()
            .hand_kinds
            .iter()
            .any(|&k| pos.hand(!us, k) > 0);
        let rfp_margin = Self::margin(if them_hold { 140 } else { 110 });
        if null_window_non_mate && depth <= 6 && static_eval - rfp_margin * depth >= beta {
            return static_eval;
        }
        // Null move: if passing still fails high, a real move will too.
        if null_move_sound::<R>()
            && excluded.is_none()
            && null_window_non_mate
            && depth >= 3
            && static_eval >= beta
            && self.rep_floor + 1 < self.keys.len()
        {
            // At least one full ply is left after the pass: quiescence alone plays no drops,
            // so it would miss the drop mates that make passing fatal in shogi.
            let r =
                (4 + depth / 3 + ((static_eval - beta) / Self::margin(200)).min(3)).min(depth - 2);
            self.moved[ply] = None;
            pos.begin();
            // A pass is a move: chu shogi's counter-strike binds only the very next one.
            pos.set_lion_struck(None);
            pos.finish();
            self.keys.push(Key {
                hash: pos.hash(),
                checked: false,
                forcing: false,
            });
            let saved_floor = self.rep_floor;
            self.rep_floor = self.keys.len() - 1;
            let v = -self.negamax(pos, depth - 1 - r, ply + 1, -beta, -beta + 1, false);
            self.rep_floor = saved_floor;
            self.keys.pop();
            pos.unmake();
            if self.aborted {
                return 0;
            }
            if v >= beta {
                return if v >= MATE_BOUND { beta } else { v };
            }
        }

        // Quiet moves landing within two steps of the enemy king (one on boards under 7×7)
        // may start a mating net: they are neither pruned nor reduced.
        let near_king = if self.near_two_steps {
            pos.royals(!us).neighbours().neighbours()
        } else {
            pos.royals(!us).neighbours()
        };
        // Internal iterative reduction: without a move from the table, this node was not
        // searched before; a shallower search costs less and orders the next iteration.
        if tt_move.is_none() && depth >= 4 {
            depth -= 1;
        }
        let alpha_orig = alpha;
        self.generate(pos, ply, tt_move, false, attacks);
        let mut best_value = -INF;
        let mut best_move = None;
        let mut legal = 0;
        let mut quiets_tried = 0;
        let mut quiets_seen: [Option<Move>; 32] = [None; 32];
        let mut index = 0;
        while let Some((mv, order)) = self.next_move(ply, index) {
            index += 1;
            if ply == 0 && self.root_excluded.contains(&mv) {
                continue;
            }
            if excluded == Some(mv.bits()) {
                continue;
            }
            if !self.all_legal[ply] && !pos.is_legal(mv) {
                continue;
            }
            let quiet = Self::victim_value(pos, mv).is_none();
            let near = near_king.contains(mv.to());
            let reducible = quiet;
            let killer = self.killers[ply].contains(&Some(mv));
            // Late quiet moves near the leaves (after one move proved we are not mated);
            // those near the enemy king only by move count.
            let prunable = quiet
                && !is_pv
                && !in_check
                && !killer
                && legal > 0
                && best_value > -MATE_BOUND
                && depth <= 5;
            legal += 1;
            if quiet {
                if quiets_tried < quiets_seen.len() {
                    quiets_seen[quiets_tried] = Some(mv);
                }
                quiets_tried += 1;
            }
            // The move's static exchange, found when first needed: pruning below reads it,
            // then whether a check holds.
            let mut see_memo: Option<i32> = None;
            let mut singular = false;
            if let Some(hit) = tt_hit.filter(|h| {
                (const { singular_extends(R::GEOMETRY) })
                    && ply > 0
                    && excluded.is_none()
                    && depth >= SINGULAR_DEPTH
                    && h.mv == Some(mv.bits())
                    && h.depth >= depth - 3
                    && h.bound != Bound::Upper
                    && h.score.abs() < MATE_BOUND
            }) {
                let tt_value = value_from_tt(hit.score, ply);
                match self.singular(pos, mv, tt_value, depth, ply, beta, in_check, tt_move) {
                    Singular::Extend => singular = true,
                    Singular::Cut(v) => return v,
                    Singular::Not => {}
                }
                if self.aborted {
                    return 0;
                }
                // The node's moves were generated again with this one first.
                index = 1;
            }
            let lmp_count = (3 + (depth * depth) as usize) / if improving { 1 } else { 2 };
            // Pruned unless it is a check that holds its ground (below).
            let pruned = prunable
                && (quiets_tried > lmp_count + if near { 6 } else { 0 }
                    || (!near && static_eval + Self::margin(120 + 90 * depth) <= alpha)
                    || (depth <= 4 && order < -band::HISTORY_BOUND)
                    // A quiet board move near the leaves that leaves its piece to be taken
                    // for more than a small margin (rule sets with SEE; a drop's exchange is
                    // in its score).
                    || (depth <= 4
                        && self.see
                        && !mv.is_drop()
                        && *see_memo.get_or_insert_with(|| Self::see(pos, mv))
                            < -Self::margin(40 * depth * depth)));
            // A check that loses material by exchange (a piece dropped or moved where it is
            // taken for nothing) is an ordinary quiet move: shogi offers many such checks with
            // pieces in hand, and extending them, never pruning nor reducing them, made the
            // tree several times wider. Only checks that hold their ground are extended.
            // So a pruned move is played only to see whether it checks, and not at all when it
            // would not hold or, where that is known before the move (`gives_check`), when it
            // gives no check.
            if pruned && pos.gives_check(mv) == Some(false) {
                continue;
            }
            let holds = pruned.then(|| {
                self.check_holds(mv, order, || see_memo.unwrap_or_else(|| Self::see(pos, mv)))
            });
            if holds == Some(false) {
                continue;
            }
            self.moved[ply] = Some(self.piece_to(pos, mv));
            let checks = self.play(pos, mv);
            let safe_check = checks
                && holds.unwrap_or_else(|| match see_memo {
                    Some(v) => self.check_holds(mv, order, || v),
                    // The exchange is judged on the position before the move.
                    None => {
                        self.take_back(pos);
                        let h = self.check_holds(mv, order, || Self::see(pos, mv));
                        self.play(pos, mv);
                        h
                    }
                });
            let extension = extension_plies(
                const { check_extends(R::GEOMETRY) },
                safe_check,
                singular,
                ply,
                self.root_depth,
            );
            if pruned && !safe_check {
                self.take_back(pos);
                continue;
            }
            let mut value;
            if legal == 1 {
                value = -self.negamax(pos, depth - 1 + extension, ply + 1, -beta, -alpha, checks);
            } else {
                let reduction = if depth >= 3 && legal > 2 && reducible && !in_check && !safe_check
                {
                    let mut r = self.reductions[depth.min(63) as usize][legal.min(63)] as i32;
                    if is_pv {
                        r -= 1;
                    }
                    if near {
                        r -= 1;
                    }
                    if killer {
                        r -= 1;
                    }
                    if order > 4000 {
                        r -= 1;
                    }
                    if order < -8000 {
                        r += 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    r.clamp(0, depth - 2)
                } else {
                    0
                };
                let full = depth - 1 + extension;
                value = -self.negamax(pos, full - reduction, ply + 1, -alpha - 1, -alpha, checks);
                if reduction > 0 && value > alpha {
                    value = -self.negamax(pos, full, ply + 1, -alpha - 1, -alpha, checks);
                }
                if value > alpha && value < beta {
                    value = -self.negamax(pos, full, ply + 1, -beta, -alpha, checks);
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
                    if ply == 0 && self.root_excluded.is_empty() {
                        self.root_partial = Some((mv, value));
                    }
                    if alpha >= beta {
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != Some(mv) {
                                k[1] = k[0];
                                k[0] = Some(mv);
                            }
                            // History with gravity: the cutoff move gains, the quiet moves
                            // tried before it lose (scores stay within ±2^20).
                            let bonus = (depth * depth).min(400) * 32;
                            let cont_bonus = (depth * depth).min(256) * 8;
                            let side = us.index();
                            let (prev1, prev2) = (
                                ply.checked_sub(1).and_then(|p| self.moved[p]),
                                ply.checked_sub(2).and_then(|p| self.moved[p]),
                            );
                            for &m in quiets_seen.iter().take(quiets_tried).flatten() {
                                let h = &mut self.history[history_index(side, m)];
                                let b = if m == mv { bonus } else { -bonus };
                                // i64: |h| · |b| reaches 2^20 · 12800.
                                *h += b - ((i64::from(*h) * i64::from(b.abs())) >> 20) as i32;
                                let pt = self.piece_to(pos, m);
                                let cb = if m == mv { cont_bonus } else { -cont_bonus };
                                self.cont.update(1, side, prev1, pt, cb);
                                self.cont.update(2, side, prev2, pt, cb);
                            }
                        }
                        break;
                    }
                }
            }
        }
        if legal == 0 {
            if excluded.is_some() {
                // The left-out move is the only one: it is singular.
                return alpha;
            }
            // No legal move: the side to move loses (RULES.md §0, stalemate included).
            return -(MATE - ply as i32);
        }
        if best_value == -INF {
            // Every move was pruned as futile: the position is worth about its static value.
            best_value = alpha_orig;
        }
        // A root searched without some of its moves (MultiPV) has no value of its own.
        if (ply > 0 || self.root_excluded.is_empty()) && excluded.is_none() {
            let bound = bound_of(best_value, alpha_orig, beta);
            if let Some(keys) = correction_keys.filter(|_| {
                correction::worth_learning(
                    bound,
                    best_value,
                    static_eval,
                    best_move.is_some_and(|m| Self::victim_value(pos, m).is_some()),
                    MATE_BOUND,
                )
            }) {
                self.correction.learn(keys, best_value - static_eval, depth);
            }
            self.tt
                .store(hash, best_move, value_to_tt(best_value, ply), depth, bound);
        }
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
        if pos.drawn_by_board() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        // Where captured pieces come back (Circe, Anti-Circe, PWC) captures do not use up
        // material, so capture sequences hardly end: quiescence stops after a few plies.
        if R::HOOKS.capture_effect.returns_pieces() && qply >= QS_RETURN_PLIES {
            return self.evaluate(pos);
        }
        let evasions = in_check && qply < QS_EVASION_PLIES;
        // The table, where quiescence values do not depend on how deep it has gone (not
        // where captured pieces return, cut off by `qply` above).
        let use_tt = !R::HOOKS.capture_effect.returns_pieces();
        let hash = pos.hash();
        let mut tt_move = None;
        if use_tt {
            if let Some(hit) = self.tt.probe(hash) {
                let v = value_from_tt(hit.score, ply);
                match hit.bound {
                    Bound::Exact => return v,
                    Bound::Lower if v >= beta => return v,
                    Bound::Upper if v <= alpha => return v,
                    _ => {}
                }
                tt_move = hit.mv;
            }
        }
        let alpha_orig = alpha;
        let mut best_move = None;
        let mut best_value = -INF;
        if !evasions {
            // Corrected as in the main search, which learns only out of check.
            let stand = if in_check {
                self.evaluate(pos)
            } else {
                self.corrected(self.evaluate(pos), self.correction_keys(pos, ply))
            };
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best_value = stand;
        }
        self.generate(pos, ply, tt_move, !evasions, None);
        let mut legal = 0;
        let mut index = 0;
        while let Some((mv, order)) = self.next_move(ply, index) {
            index += 1;
            // Captures that lose material by exchange are not worth a look here.
            if !evasions && self.see && order < band::GOOD_CAPTURE {
                break;
            }
            if !self.all_legal[ply] && !pos.is_legal(mv) {
                continue;
            }
            legal += 1;
            // The continuation history of the reply reads it (evasions are ordered by it).
            self.moved[ply] = Some(self.piece_to(pos, mv));
            pos.make(mv);
            self.tt.prefetch(pos.hash());
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
                    best_move = Some(mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if evasions && legal == 0 {
            return -(MATE - ply as i32);
        }
        if use_tt {
            let bound = bound_of(best_value, alpha_orig, beta);
            self.tt
                .store(hash, best_move, value_to_tt(best_value, ply), 0, bound);
        }
        best_value
    }
}

/// The move at `index` of a list being walked best first: the first [`SELECT_FIRST`] by
/// selection (a cut node mostly ends among them), then, at `SELECT_FIRST`, the rest sorted at
/// once (stable: equal scores keep their order in the list), so that a node that tries every
/// move (shogi's drops make 100–200) costs n log n, not n². Quiescence relies on the order:
/// it stops at the first losing capture. `rest` is scratch space.
#[inline]
fn pick_next(
    moves: &mut [Move],
    scores: &mut [i32],
    index: usize,
    rest: &mut Vec<(i32, Move)>,
) -> Option<(Move, i32)> {
    if index >= moves.len() {
        return None;
    }
    if index < SELECT_FIRST {
        // The first of the best: the maximum, then where it first is (two plain loops the
        // compiler vectorises, where one loop carrying the index is not).
        let mut top = scores[index];
        for &s in &scores[index + 1..] {
            top = top.max(s);
        }
        let mut best = index;
        while scores[best] != top {
            best += 1;
        }
        moves.swap(index, best);
        scores.swap(index, best);
    } else if index == SELECT_FIRST && moves.len() > index + 1 {
        rest.clear();
        rest.extend(
            scores[index..]
                .iter()
                .copied()
                .zip(moves[index..].iter().copied()),
        );
        rest.sort_by_key(|r| std::cmp::Reverse(r.0));
        for (i, &(s, m)) in rest.iter().enumerate() {
            scores[index + i] = s;
            moves[index + i] = m;
        }
    }
    Some((moves[index], scores[index]))
}

/// The shortest side of a board on which "near the enemy king" (never pruned nor reduced)
/// reaches two steps: on a smaller board two steps cover most of it, and almost nothing would
/// be pruned or reduced. Minishogi against Fairy-Stockfish, 100 ms a move, balanced openings,
/// runs of 40-80 games pooled: 20.0 % over 160 games with two steps, 26.0 % over 240 with one.
const NEAR_TWO_STEPS_MIN_SIDE: u8 = 7;

/// Percent of the pruning margins (reverse futility, futility, the SEE bar for hanging
/// moves, the null move's extra reduction, the aspiration window) on board `g`: they were tuned
/// on the standard 81 squares, and on a smaller board a quiet move changes the evaluation more
/// (every drop lands near a king), so they widen in proportion to the board, at most twice.
/// Minishogi against Fairy-Stockfish, 100 ms a move, balanced openings, 80-game runs: margins
/// as tuned 26.9 %, 26.9 %, 26.2 %, 28.7 %, 23.1 % (26.4 % over 400 games); ×1.5 36.2 %; ×2
/// 40.0 %, 30.0 %, 26.9 %, 30.6 %, 24.4 %, 24.4 % (29.4 % over 480, about +15 ± 30 Elo: not a
/// proven gain); ×3 30.6 %. The evaluation halved, which also doubles these margins against it,
/// scored 35.2 % over 240.
pub const fn margin_scale(g: Geometry) -> i32 {
    let squares = g.square_count() as i32;
    let pct = 100 * Geometry::STANDARD.square_count() as i32 / squares;
    if pct < 100 {
        100
    } else if pct > 200 {
        200
    } else {
        pct
    }
}

/// What a repetition draw costs the side to move at the root (centipawns): the search plays
/// on rather than repeat a level position, and takes a draw only when it stands worse than
/// this. Against the engine of 39c9624 at Circe:1, where most games ended in sennichite:
/// +11 -0 =29 (63.7 %) without it, +21 -0 =19 (76.2 %) with it, 40 games each.
pub const CONTEMPT: i32 = 50;

/// The contempt where a capture may put the captured piece back on the board (Circe, PWC,
/// Anti-Circe): exchanges there loop back to the same position (`8h5e 2b5e 8h5e ...`, each
/// bishop reborn at home), so a repetition says little about who stands better, and our
/// evaluation's threats from such a piece overstate what it can win. Against the engine of
/// 39c9624 at Circe:1, 40 games from the same openings: contempt 50 +4 -2 =34 (52.5 %),
/// 150 +14 -1 =25 (66.2 %), 300 +25 -5 =10 (75.0 %).
pub const RETURNING_CONTEMPT: i32 = 300;

/// What a repetition draw costs the root side under rule set `R`.
pub const fn contempt<R: Rules>() -> i32 {
    if R::HOOKS.capture_effect.returns_pieces() {
        RETURNING_CONTEMPT
    } else {
        CONTEMPT
    }
}

/// Whether the last of `keys` repeats a position the search prices as a repetition, and
/// from which occurrence ([`repetition_verdict`]'s `first`). Keys below `floor` are not
/// looked at (a null move is a barrier); `root` is the root position's index. A repetition
/// of a position reached in the search (after the root) counts at once: the side that
/// steered back can do it again. Positions of the game up to the root count only when this
/// is their [`SENNICHITE_OCCURRENCES`]th occurrence, as in the game and in Fairy-Stockfish:
/// a move back to a position seen once is no draw, since the opponent need not repeat.
fn counted_repetition(keys: &[Key], floor: usize, root: usize) -> Option<usize> {
    let last = keys.len().checked_sub(1)?;
    let hash = keys[last].hash;
    let mut earlier = 0;
    let mut j = last;
    while j >= floor + 2 {
        j -= 2;
        if keys[j].hash == hash {
            earlier += 1;
            if j > root || earlier == SENNICHITE_OCCURRENCES - 1 {
                return Some(j);
            }
        }
    }
    None
}

/// The value of a repetition draw `ply` plies below the root, for the side to move there,
/// with the root side's contempt `contempt`.
#[inline]
pub fn draw_value(ply: usize, contempt: i32) -> i32 {
    if ply.is_multiple_of(2) {
        -contempt
    } else {
        contempt
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
    use crate::geometry::Color;

    #[test]
    fn pruning_margins_widen_on_boards_smaller_than_standard() {
        let scale = |f, r| margin_scale(Geometry::new(f, r).unwrap());
        // As tuned on 9×9 and on larger boards; in proportion below, at most doubled.
        assert_eq!(scale(9, 9), 100);
        assert_eq!(scale(10, 10), 100);
        assert_eq!(scale(12, 12), 100);
        assert_eq!(scale(7, 9), 128);
        assert_eq!(scale(8, 8), 126);
        assert_eq!(scale(7, 7), 165);
        assert_eq!(scale(6, 6), 200);
        assert_eq!(scale(5, 5), 200);
    }

    #[test]
    fn singular_extensions_are_for_small_boards() {
        let on = |f, r| singular_extends(Geometry::new(f, r).unwrap());
        assert!(on(5, 5) && on(6, 6) && on(5, 6));
        assert!(!on(7, 7) && !on(9, 9) && !on(12, 12) && !on(7, 9));
    }

    #[test]
    fn checks_are_extended_on_boards_of_seven_squares_a_side_or_more() {
        let on = |f, r| check_extends(Geometry::new(f, r).unwrap());
        assert!(on(7, 7) && on(9, 9) && on(12, 12) && on(7, 9));
        assert!(!on(5, 5) && !on(6, 6) && !on(5, 6) && !on(3, 4));
    }

    #[test]
    fn extensions_are_one_ply_for_singular_moves_and_safe_checks_where_checks_extend() {
        let g = |f, r| Geometry::new(f, r).unwrap();
        let ext = |board, check, singular, ply| {
            extension_plies(check_extends(board), check, singular, ply, 6)
        };
        // A check that holds its ground: a ply on 9×9, none on 5×5.
        assert_eq!(ext(g(9, 9), true, false, 3), 1);
        assert_eq!(ext(g(5, 5), true, false, 3), 0);
        // A singular move: a ply on either board; both at once still one.
        assert_eq!(ext(g(5, 5), false, true, 3), 1);
        assert_eq!(ext(g(9, 9), true, true, 3), 1);
        assert_eq!(ext(g(9, 9), false, false, 3), 0);
        // Not from twice the iteration's depth on.
        assert_eq!(ext(g(9, 9), true, false, 11), 1);
        assert_eq!(ext(g(9, 9), true, false, 12), 0);
        assert_eq!(ext(g(5, 5), false, true, 12), 0);
    }

    /// Keys with these hashes (no move forcing).
    fn keys(hashes: &[u64]) -> Vec<Key> {
        hashes
            .iter()
            .map(|&hash| Key {
                hash,
                checked: false,
                forcing: false,
            })
            .collect()
    }

    #[test]
    fn repetitions_inside_the_search_count_at_once_game_ones_at_the_fourth() {
        // A and B alternate: A at 0, 2, 4 and 6 (the last key).
        let line = keys(&[1, 2, 1, 2, 1, 2, 1]);
        // Root at 1: A at 2 and 4 came in the search, the nearest (4) counts.
        assert_eq!(counted_repetition(&line, 0, 1), Some(4));
        // Root at 5: A at 4, 2 and 0 are game positions, the fourth occurrence counts
        // from the first.
        assert_eq!(counted_repetition(&line, 0, 5), Some(0));
        // Root at 5 with only A at 2 and 4 before it (a third occurrence): nothing.
        assert_eq!(counted_repetition(&line[2..], 0, 3), None);
        // A second occurrence of a game position, the root itself included: nothing.
        assert_eq!(counted_repetition(&line[4..], 0, 1), None);
        assert_eq!(counted_repetition(&line[4..], 0, 0), None);
        // A null move at 4 (the floor) hides every earlier key.
        assert_eq!(counted_repetition(&line, 4, 1), Some(4));
        assert_eq!(counted_repetition(&line, 5, 1), None);
        // No repetition, or no keys at all.
        assert_eq!(counted_repetition(&keys(&[1, 2, 3, 4, 5]), 0, 0), None);
        assert_eq!(counted_repetition(&[], 0, 0), None);
    }

    #[test]
    fn the_key_filter_finds_every_repetition_and_forgets_taken_back_keys() {
        let mut s = Searcher::<Standard>::new(1).unwrap();
        let w = &mut s.main;
        let key = |hash| Key {
            hash,
            checked: false,
            forcing: false,
        };
        // A and A2 share a bucket of the filter; B, C and D do not.
        let (root, a, a2, b, c, d) = (1, 5, 5 + (1 << KEY_BUCKET_BITS), 9, 11, 13);
        for h in [root, a, b] {
            w.keys.push(key(h));
        }
        w.root_index = 0;
        assert_eq!(w.repetition_value(3), None);
        w.keys.push(key(a));
        assert!(w.repetition_value(3).is_some(), "A after A");
        // Taken back and replayed: the counts follow.
        w.keys.pop();
        w.keys.pop();
        w.keys.push(key(c));
        w.keys.push(key(a));
        assert!(w.repetition_value(3).is_some(), "A after A, replayed");
        w.keys.pop();
        w.keys.push(key(a2));
        assert_eq!(w.repetition_value(3), None, "A2 shares A's bucket only");
        // A key alone in its bucket may not repeat; one sharing it may.
        assert!(w.keys.last_may_repeat());
        w.keys.pop();
        w.keys.push(key(d));
        assert!(!w.keys.last_may_repeat(), "D is alone in its bucket");
        while w.keys.last().is_some() {
            w.keys.pop();
        }
        assert!(w.keys.counts.iter().all(|&n| n == 0));
        // Starting again from a game's keys counts them all.
        w.keys.reset(&[key(a), key(b), key(a2)]);
        assert!(w.keys.last_may_repeat());
        assert_eq!(w.keys.counts.iter().sum::<u32>(), 3);
    }

    /// Calls `visit` at every position of `games` random games of standard shogi (up to 120
    /// plies each), from a start with pieces on every line.
    fn random_standard_positions(games: usize, mut visit: impl FnMut(&mut Position<Standard>)) {
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        let mut pos = Position::<Standard>::from_sfen(start).unwrap();
        // A xorshift of its own: `players::Rng` would make search import players, which
        // imports search (tests/layout.rs forbids the loop).
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..games {
            let mut plies = 0;
            while plies < 120 {
                let moves = pos.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                visit(&mut pos);
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.make(moves[(seed % moves.len() as u64) as usize]);
                plies += 1;
            }
            for _ in 0..plies {
                pos.unmake();
            }
        }
    }

    /// A capture whose victim is worth at least what lands on the square skips its SEE: the
    /// band it gets must be the one its SEE gives, for every capture of random games.
    #[test]
    fn captures_are_banded_as_their_exchange_says() {
        let mut s = Searcher::<Standard>::new(1).unwrap();
        let w = &mut s.main;
        w.see = true;
        let (mut good, mut losing) = (0, 0);
        random_standard_positions(40, |pos| {
            assert!(see_available(pos));
            for mv in pos.legal_move_list() {
                if Worker::<Standard>::victim_value(pos, mv).is_none() {
                    continue;
                }
                let band = w.order_score(pos, mv, None, 1, (Bitboard::EMPTY, Bitboard::EMPTY));
                let loses = Worker::<Standard>::see(pos, mv) < 0;
                assert_eq!(band < band::GOOD_CAPTURE, loses, "{} {mv:?}", pos.to_sfen());
                if loses {
                    losing += 1;
                } else {
                    good += 1;
                }
            }
        });
        assert!(
            good > 100 && losing > 100,
            "{good} good, {losing} losing captures"
        );
    }

    /// The exchange as the SEE first found it: every side's attackers found again, from
    /// scratch, before each capture (the search keeps them and adds the uncovered sliders).
    fn see_from_scratch(pos: &Position<Standard>, mv: Move) -> i32 {
        let t = pos.tables();
        let to = mv.to();
        let value = |k: usize| if t.royal[k] { ROYAL_VICTIM } else { t.value[k] };
        let mut occ = pos.occupied();
        let mut on_square = if mv.is_drop() {
            value(mv.drop_kind() as usize)
        } else {
            occ.clear(mv.from());
            let k = pos.piece_at(mv.from()).kind() as usize;
            value(if mv.is_promotion() {
                t.promote_to[k] as usize
            } else {
                k
            })
        };
        occ.set(to);
        let mut gain = vec![Worker::<Standard>::victim_value(pos, mv).unwrap_or(0)];
        let mut side = !pos.side_to_move();
        loop {
            let attackers = pos.plain_attackers(to, side, occ) & occ;
            let Some((sq, v)) = attackers
                .into_iter()
                .map(|sq| (sq, value(pos.piece_at(sq).kind() as usize)))
                .min_by_key(|&(sq, v)| (v, sq.index()))
            else {
                break;
            };
            let before = *gain.last().unwrap();
            occ.clear(sq);
            if v == ROYAL_VICTIM {
                if (pos.plain_attackers(to, !side, occ) & occ).is_empty() {
                    gain.push(on_square - before);
                }
                break;
            }
            gain.push(on_square - before);
            on_square = v;
            side = !side;
        }
        while gain.len() > 1 {
            let last = gain.pop().unwrap();
            let prev = gain.last_mut().unwrap();
            *prev = -(-*prev).max(last);
        }
        gain[0]
    }

    /// The static exchange of every capture and drop of random games equals the one found
    /// with every attacker looked up again at each capture: the sliders a capture uncovers
    /// behind it (rooks, bishops and lances lined up) join the exchange.
    #[test]
    fn the_exchange_adds_the_sliders_each_capture_uncovers() {
        let (mut exchanges, mut xrays) = (0, 0);
        random_standard_positions(40, |pos| {
            for mv in pos.legal_move_list() {
                if Worker::<Standard>::victim_value(pos, mv).is_none() && !mv.is_drop() {
                    continue;
                }
                let see = Worker::<Standard>::see(pos, mv);
                assert_eq!(see, see_from_scratch(pos, mv), "{} {mv:?}", pos.to_sfen());
                exchanges += 1;
                // An exchange where some slider stands behind a piece of the square's lines.
                let to = mv.to();
                let occ = pos.occupied();
                xrays += usize::from(
                    (pos.plain_attackers(to, Color::Black, occ)
                        | pos.plain_attackers(to, Color::White, occ))
                    .into_iter()
                    .any(|sq| {
                        let mut o = occ;
                        o.clear(sq);
                        pos.slider_through(to, sq, o).is_some()
                    }),
                );
            }
        });
        assert!(
            exchanges > 1000 && xrays > 100,
            "{exchanges} exchanges, {xrays} with x-rays"
        );
    }

    #[test]
    fn a_repetition_draw_costs_the_root_side_the_contempt() {
        // Seen from the root's side at even plies, from its opponent's at odd ones: the same
        // draw is -CONTEMPT for the root's side either way.
        const { assert!(CONTEMPT > 0) };
        assert_eq!(draw_value(0, CONTEMPT), -CONTEMPT);
        assert_eq!(draw_value(1, CONTEMPT), CONTEMPT);
        assert_eq!(draw_value(6, CONTEMPT), -CONTEMPT);
        assert_eq!(-draw_value(7, CONTEMPT), draw_value(8, CONTEMPT));
    }

    #[test]
    fn score_from_value() {
        assert_eq!(Score::from_value(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_value(-(MATE - 2)), Score::Mate(-2));
        assert_eq!(Score::from_value(-MATE), Score::Mate(0));
        assert_eq!(Score::from_value(250), Score::Cp(250));
        assert_eq!(Score::Mate(-2).to_string(), "mate -2");
        assert_eq!(Score::Cp(7).to_string(), "cp 7");
    }

    /// Walked from 0, [`pick_next`] yields every move once with its own score, best score
    /// first, with fewer moves than the selected head, as many, and more.
    #[test]
    fn moves_are_picked_best_first() {
        for len in [0usize, 1, 3, SELECT_FIRST, SELECT_FIRST + 1, 40] {
            // Scores with repeats, in no order; the move's destination names its slot.
            let scores: Vec<i32> = (0..len as i32).map(|i| (i * 37 + 11) % 13).collect();
            let moves: Vec<Move> = (0..len)
                .map(|i| Move::new(Square::new(0), Square::new(i as u8 + 1), false))
                .collect();
            let (mut m, mut s, mut rest) = (moves.clone(), scores.clone(), Vec::new());
            let mut walked = Vec::new();
            let mut index = 0;
            while let Some(pair) = pick_next(&mut m, &mut s, index, &mut rest) {
                walked.push(pair);
                index += 1;
            }
            assert_eq!(walked.len(), len);
            for w in walked.windows(2) {
                assert!(w[0].1 >= w[1].1, "len {len}: {walked:?}");
            }
            for &(mv, score) in &walked {
                assert_eq!(scores[mv.to().index() - 1], score, "a move keeps its score");
            }
            let mut seen: Vec<_> = walked.iter().map(|p| p.0.to().index()).collect();
            seen.sort_unstable();
            assert_eq!(seen, (1..=len).collect::<Vec<_>>());
        }
    }

    use crate::rules::fixtures::Standard;

    #[test]
    fn the_search_learns_corrections_and_a_new_game_forgets_them() {
        let (mut s, _, _) = searched(
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "7g7f",
        );
        assert!(s.main.correction.learned() > 0);
        s.clear();
        assert_eq!(s.main.correction.learned(), 0);
    }

    #[test]
    fn a_stopped_iteration_plays_the_better_first_move_it_found() {
        let mut pos = Position::<Standard>::from_sfen(
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        )
        .unwrap();
        let [a, b, reply] = ["7g7f", "2g2f", "3g3f"].map(|u| pos.parse_usi(u).unwrap());
        let done = Some((5, 30, vec![a, reply]));
        // Nothing found after the finished iteration, or its own first move again.
        assert_eq!(line_to_play(done.clone(), None, &[]), done);
        assert_eq!(line_to_play(done.clone(), Some((a, 80)), &[a]), done);
        // Another first move: played, with its value and the line searched under it.
        assert_eq!(
            line_to_play(done.clone(), Some((b, 45)), &[b, reply]),
            Some((5, 45, vec![b, reply]))
        );
        // Its line cleared by a later aspiration pass: the move alone.
        assert_eq!(
            line_to_play(done.clone(), Some((b, 45)), &[]),
            Some((5, 45, vec![b]))
        );
        // No finished iteration: none (the caller falls back to the partial move itself).
        assert_eq!(line_to_play(None, Some((b, 45)), &[b]), None);
    }

    #[test]
    fn searches_stopped_by_a_node_limit_play_the_unfinished_iterations_better_moves() {
        let game = Game::<Standard>::from_sfen(
            "ln1g3nl/1r1sk1gb1/p1pppsppp/1p3p3/9/2P1P4/PPBP1PPPP/2S2S1R1/LN1GKG1NL b - 1",
        )
        .unwrap();
        let legal = game.position().clone().legal_move_list();
        let mut switched = 0;
        for nodes in (1..=30).map(|k| k * 1500) {
            let mut s = Searcher::<Standard>::new(1).unwrap();
            let limits = Limits {
                nodes: Some(nodes),
                ..Limits::default()
            };
            let mut lines: Vec<(u32, Move)> = Vec::new();
            let r = s.search(&game, &limits, &mut |i| lines.push((i.depth, i.pv[0])));
            let best = r.best.unwrap();
            assert!(legal.contains(&best));
            assert_eq!(r.pv.first(), Some(&best));
            // The line played is the last reported; a switch reports it again at the
            // finished iteration's depth.
            let &[.., before, (depth, last)] = lines.as_slice() else {
                panic!("too few lines at {nodes} nodes")
            };
            assert_eq!((r.depth, best), (depth, last));
            if before.0 == depth {
                assert_ne!(before.1, best);
                switched += 1;
            }
        }
        // Without the rule every result is the last finished iteration's move.
        assert!(
            switched > 0,
            "no search played an unfinished iteration's move"
        );
    }

    #[test]
    fn multipv_searches_stopped_by_a_node_limit_keep_their_ranked_lines() {
        let game = Game::<Standard>::from_sfen(
            "ln1g3nl/1r1sk1gb1/p1pppsppp/1p3p3/9/2P1P4/PPBP1PPPP/2S2S1R1/LN1GKG1NL b - 1",
        )
        .unwrap();
        for nodes in (1..=30).map(|k| k * 1500) {
            let mut s = Searcher::<Standard>::new(1).unwrap();
            let limits = Limits {
                nodes: Some(nodes),
                multipv: 2,
                ..Limits::default()
            };
            let mut firsts: Vec<(Option<u32>, Move)> = Vec::new();
            let r = s.search(&game, &limits, &mut |i| firsts.push((i.multipv, i.pv[0])));
            // Every report is ranked, and the move played is the last best-ranked line's.
            assert!(firsts.iter().all(|f| f.0.is_some()), "at {nodes} nodes");
            let best = firsts.iter().rev().find(|f| f.0 == Some(1)).unwrap().1;
            assert_eq!(r.best, Some(best), "at {nodes} nodes");
        }
    }

    /// A searcher that has searched `sfen` to depth 7, and the move `usi` of its root.
    fn searched(sfen: &str, usi: &str) -> (Searcher<Standard>, Position<Standard>, Move) {
        let game = Game::<Standard>::from_sfen(sfen).unwrap();
        let mut s = Searcher::<Standard>::new(1).unwrap();
        let limits = Limits {
            depth: Some(7),
            ..Limits::default()
        };
        s.search(&game, &limits, &mut |_| {});
        let mut pos = game.position().clone();
        let mv = pos.parse_usi(usi).unwrap();
        (s, pos, mv)
    }

    /// The singular search of `mv` at depth 7 as an inner node (ply 1) runs it, with the
    /// table's value `tt_value`; also whether the table's entry of the position is unchanged.
    fn singular_of(
        s: &mut Searcher<Standard>,
        pos: &mut Position<Standard>,
        mv: Move,
        tt_value: i32,
        beta: i32,
    ) -> (Singular, bool) {
        let entry = |s: &Searcher<Standard>, pos: &Position<Standard>| {
            s.tt.probe(pos.hash())
                .map(|h| (h.mv, h.score, h.depth, h.bound))
        };
        let before = entry(s, pos);
        let w = &mut s.main;
        let outcome = w.singular(pos, mv, tt_value, 7, 1, beta, false, Some(mv.bits()));
        assert_eq!(
            w.next_move(1, 0).map(|p| p.0),
            Some(mv),
            "regenerated, mv first"
        );
        assert!(!w.aborted);
        (outcome, entry(s, pos) == before)
    }

    #[test]
    fn the_only_good_move_is_singular() {
        // The White rook on 2e attacks the Black gold on 2f, which takes it: every other
        // move leaves Black a rook down for a gold or worse, far below the capture's value.
        let sfen = "k8/9/9/9/7r1/7G1/9/9/4K4 b - 1";
        let (mut s, mut pos, mv) = searched(sfen, "2f2e");
        let hit = s.tt.probe(pos.hash()).expect("the root is in the table");
        assert_eq!(hit.mv, Some(mv.bits()));
        let tt_value = value_from_tt(hit.score, 0);
        assert!(tt_value > 1000, "{tt_value}");
        let (outcome, kept) = singular_of(&mut s, &mut pos, mv, tt_value, INF);
        assert!(matches!(outcome, Singular::Extend));
        assert!(
            kept,
            "a search without the table's move stores nothing for the node"
        );
    }

    #[test]
    fn a_move_with_an_equal_twin_is_not_singular() {
        // The White bishop on 5e attacks both Black golds (4f, 6f); either takes it, and the
        // positions after are mirror images (kings on the 5th file). Without 4f5e, 6f5e
        // reaches any bound the bishop's capture would set: no extension; where that bound
        // is already at least beta, the node fails high with it (multi-cut).
        let sfen = "4k4/9/9/9/4b4/3G1G3/9/9/4K4 b - 1";
        let (mut s, mut pos, mv) = searched(sfen, "4f5e");
        let (outcome, kept) = singular_of(&mut s, &mut pos, mv, 500, INF);
        assert!(matches!(outcome, Singular::Not));
        assert!(kept);
        let bound = 500 - SINGULAR_MARGIN * 7;
        let (outcome, _) = singular_of(&mut s, &mut pos, mv, 500, bound);
        assert!(matches!(outcome, Singular::Cut(v) if v == bound));
    }

    #[test]
    fn a_promotion_that_captures_nothing_is_ordered_as_a_quiet_move() {
        let no_maps = (Bitboard::EMPTY, Bitboard::EMPTY);
        let game = Game::<Standard>::from_sfen("4k4/9/9/6S2/9/9/9/9/4K4 b - 1").unwrap();
        let mut s = Searcher::<Standard>::new(1).unwrap();
        let mut pos = game.position().clone();
        let promote = pos.parse_usi("3d3c+").unwrap();
        let killer = pos.parse_usi("3d4c").unwrap();
        s.main.killers[0] = [Some(killer), None];
        let w = &s.main;
        // Nothing learned yet: the promotion scores as any quiet move, below the killer.
        assert_eq!(w.order_score(&pos, promote, None, 0, no_maps), 0);
        assert_eq!(w.order_score(&pos, killer, None, 0, no_maps), band::KILLER);
        // Taking a piece as it promotes is a capture.
        let game = Game::<Standard>::from_sfen("4k4/9/6p2/6S2/9/9/9/9/4K4 b - 1").unwrap();
        let mut pos = game.position().clone();
        let take = pos.parse_usi("3d3c+").unwrap();
        assert!(w.order_score(&pos, take, None, 0, no_maps) >= band::GOOD_CAPTURE);
    }

    #[test]
    fn the_only_legal_move_is_singular() {
        // The lone White gold on 2h checks Black's king on 1i and covers 1h and 2i: taking
        // it is the only move, so the search without it has none.
        let sfen = "k8/9/9/9/9/9/9/7g1/8K b - 1";
        let (mut s, mut pos, mv) = searched(sfen, "1i2h");
        assert_eq!(pos.legal_move_list(), vec![mv]);
        let (outcome, kept) = singular_of(&mut s, &mut pos, mv, 0, INF);
        assert!(matches!(outcome, Singular::Extend));
        assert!(kept);
    }

    #[test]
    fn tt_mate_values_are_node_relative() {
        let v = MATE - 7; // mate 7 plies from the root, seen at ply 3
        assert_eq!(value_from_tt(value_to_tt(v, 3), 5), MATE - 9);
        assert_eq!(value_to_tt(123, 9), 123);
    }
}
