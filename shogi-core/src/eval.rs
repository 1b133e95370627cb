//! Static evaluation: [`material_balance`] (the rule table's piece values, `PieceDef::value`),
//! used by the simple players, and [`Evaluator`], the search's evaluation.
//!
//! Pieces in hand count a tenth more than on the board, as usual in shogi engines: a piece in
//! hand can be dropped anywhere. Royal kinds are worth nothing here; losing one is a game end,
//! which the search scores itself.

use crate::bitboard::{Bitboard, Storage};
use crate::geometry::{Color, Square, SQUARES};
use crate::position::Position;
use crate::rules::Rules;
use crate::table::{MovementSource, Paralysis, MAX_KINDS};
use crate::tables::Tables;

/// Value of a piece of `kind` held in hand, from its board value.
#[inline]
pub fn hand_value(board_value: i32) -> i32 {
    board_value + board_value / 10
}

/// Material of Black minus material of White, in centipawns.
pub fn material_balance<R: Rules>(pos: &Position<R>) -> i32 {
    let t = pos.tables();
    let mut score = 0;
    for k in 0..t.kinds {
        let v = t.value[k];
        if v == 0 {
            continue;
        }
        let kind = k as u8;
        let black = pos.pieces(Color::Black, kind).count() as i32;
        let white = pos.pieces(Color::White, kind).count() as i32;
        score += v * (black - white);
    }
    for &kind in &t.hand_kinds {
        let v = hand_value(t.value[kind as usize]);
        let black = pos.hand(Color::Black, kind) as i32;
        let white = pos.hand(Color::White, kind) as i32;
        score += v * (black - white);
    }
    score
}

/// The evaluation from the side to move's point of view.
#[inline]
pub fn evaluate<R: Rules>(pos: &Position<R>) -> i32 {
    let balance = material_balance(pos);
    match pos.side_to_move() {
        Color::Black => balance,
        Color::White => -balance,
    }
}

/// Weights of [`Evaluator`] (centipawns, or centipawns per unit): the rule table's
/// ([`RuleTable::eval`](crate::table::RuleTable::eval), `eval { ... }` in `variant!`), fitted
/// by `cargo run --release -p shogi-variants -- tune` (see README, "Evaluation").
pub use crate::eval_weights::EvalWeights as Weights;

/// The standard weights, for rule sets that set none.
pub const WEIGHTS: Weights = Weights::STANDARD;

/// The king safety where pieces may not move by their own kind (the evaluation's first king
/// safety, before the Fairy-Stockfish shape): danger units per own-movement attack next to the
/// king, per 100 cp of enemy hand, less per defender beside it; squared over `scale`, at most
/// `cap`.
pub struct OwnMovementDanger {
    pub attack_unit: i32,
    pub hand_danger: i32,
    pub defender: i32,
    pub scale: i32,
    pub cap: i32,
}

/// The weights of [`OwnMovementDanger`] (tuned with the first evaluation).
pub const OWN_MOVEMENT_DANGER: OwnMovementDanger = OwnMovementDanger {
    attack_unit: 3,
    hand_danger: 1,
    defender: 2,
    scale: 8,
    cap: 900,
};

/// What a paralysed piece costs its side under paralysis and Madrasi (RULES.md §6), on top of
/// the mobility it loses: a piece that may not move can neither flee nor defend by moving,
/// and a side whose pieces are all frozen has no move and loses.
pub struct Immobility {
    /// Per paralysed piece (royal ones excluded): this much, plus `frozen_pct` % of its value.
    pub frozen: i32,
    pub frozen_pct: i32,
}

/// The weights of [`Immobility`].
pub const IMMOBILITY: Immobility = Immobility {
    frozen: 10,
    frozen_pct: 10,
};

impl Immobility {
    /// What a paralysed piece worth `value` costs its side.
    #[inline]
    fn frozen_cost(&self, value: i32) -> i32 {
        self.frozen + value * self.frozen_pct / 100
    }
}

/// Chebyshev distance between two squares.
#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// Most pieces of one side whose attacks reach a checking square, kept per evaluation.
const CHECKERS: usize = 16;

/// What one pass over the pieces gathers for king safety: what both sides attack, and per
/// attacking colour what bears on the enemy king.
struct Picture<S: Storage> {
    /// Squares each colour attacks at least once / at least twice.
    /// A paralysed piece's attacks are left out: it captures nothing.
    once: [Bitboard<S>; 2],
    twice: [Bitboard<S>; 2],
    /// Squares paralysed pieces attack (under paralysis they still paralyse what lands
    /// there, so a check from one of them is no safer).
    frozen_attacks: [Bitboard<S>; 2],
    /// Per attacking colour: its pieces attacking the enemy king's ring, and their attacks
    /// on the squares next to that king.
    ring_attackers: [i32; 2],
    ring_hits: [i32; 2],
    /// Per attacking colour: (kind, squares it could check from and attacks) for its pieces
    /// that reach a checking square (at most [`CHECKERS`]; later ones are left out).
    checkers: [[(u8, Bitboard<S>); CHECKERS]; 2],
    checker_count: [usize; 2],
}

impl<S: Storage> Picture<S> {
    fn new() -> Self {
        Picture {
            once: [Bitboard::EMPTY; 2],
            twice: [Bitboard::EMPTY; 2],
            frozen_attacks: [Bitboard::EMPTY; 2],
            ring_attackers: [0; 2],
            ring_hits: [0; 2],
            checkers: [[(0, Bitboard::EMPTY); CHECKERS]; 2],
            checker_count: [0; 2],
        }
    }
}

/// The mobility curve of a piece with `n` squares in its mobility area (Fairy-Stockfish's
/// for fairy pieces in drop games, in our units), by `n`.
const MOBILITY: [i32; SQUARES + 1] = {
    let mut t = [0; SQUARES + 1];
    let mut n = 0;
    while n <= SQUARES {
        t[n] = 249 * (n as i32 - 2) / (8 + n as i32);
        n += 1;
    }
    t
};

/// A royal piece's surroundings: the squares next to it and its ring, the 3×3 block around
/// it moved off the board's edges.
struct KingZone<S: Storage> {
    king: Square,
    adjacent: Bitboard<S>,
    ring: Bitboard<S>,
    /// The file index the ring is centred on.
    file: u8,
}

/// The evaluation of one rule set: material plus terms derived from each kind's movement in
/// the rule table, so a new kind gets sensible values without hand tuning:
/// - piece-square values: a piece is worth more where it reaches more squares on an empty
///   board (leaps and slides), and an unpromoted piece in or near its promotion zone is
///   credited with part of what promoting would gain;
/// - mobility: a curve of the squares each piece (pawn-like kinds aside) attacks in its
///   side's mobility area;
/// - pieces in hand: the first of a kind counts a little more than further ones (it gives a
///   new kind of drop), and a kind in hand counts the squares of the enemy half it could be
///   dropped on safely;
/// - pieces far from both kings count less (drops make the game a race around the kings);
/// - king safety, in danger units squared into a penalty (attacks combine): the enemy pieces
///   bearing on the squares around each royal piece (its ring) and their attacks next to it,
///   the enemy kinds in hand that could be dropped into the ring, the ring squares only the
///   king defends, the enemy kinds that can give a safe check next move (a move or a drop),
///   and the enemy attacks on the king's flank of our camp.
///
/// Terms are from Black's point of view; [`Evaluator::evaluate`] returns the side to move's.
pub struct Evaluator<S: Storage = u128> {
    w: Weights,
    /// `psq[color][kind][sq]`: material plus the square's terms, signed for the colour.
    psq: Vec<[[i32; SQUARES]; MAX_KINDS]>,
    /// `reach[color][kind][sq]`: empty-board reach (for a quick king-zone test).
    reach: Vec<[[Bitboard<S>; SQUARES]; MAX_KINDS]>,
    /// Hand value of the n-th piece of a kind (n = 0 the first).
    hand_first: [i32; MAX_KINDS],
    hand_more: [i32; MAX_KINDS],
    /// Attacks depend on the occupancy (slides, special movement); else they are `reach`.
    blockable: [bool; MAX_KINDS],
    /// Kinds that never reach more than one square (pawns): they have no choice of move to
    /// credit, so no mobility or proximity term (Fairy-Stockfish leaves its shogi pawns out
    /// too), and the squares they attack are outside the enemy's mobility area. Bit per kind.
    single_step: u64,
    /// The board's squares.
    board: Bitboard<S>,
    /// `camp[color]`: the colour's own half and the middle (the king's flank is in it).
    camp: [Bitboard<S>; 2],
    /// `enemy_half[color]`: where the colour's drops press the enemy.
    enemy_half: [Bitboard<S>; 2],
    /// Drops onto squares next to the king are worth counting for this kind (pawns' are
    /// bound by nifu and the drop-mate rule).
    drop_attacker: [bool; MAX_KINDS],
    /// Whether the terms read from the pieces' attacks (mobility, proximity, drops, king
    /// safety) apply: not where pieces do not move by their kind's own movement.
    reads_attacks: bool,
    /// Paralysis (RULES.md §6) with otherwise natural attacks: a paralysed piece neither
    /// moves nor checks, and a checking piece is safe only on a square we do not attack
    /// (else it may be paralysed).
    paralysis: bool,
    /// Borrowed movement (RULES.md §3, Annan): pieces attack with what they borrow, which the
    /// position works out ([`Position::borrowed_attacks`]); read for mobility and king danger.
    borrowed: bool,
    /// Whether, for every kind that `piece_attacks` reads from `reach`, `reach` equals its
    /// natural attacks on any board (no move-only steps, no lame leaps). Then, without
    /// paralysis, the picture's attack maps are each side's natural attacks, and the search
    /// orders drops by them.
    reach_is_natural: bool,
}

impl<S: Storage> Evaluator<S> {
    /// The evaluator of rule set `R` with its table's weights.
    /// - Where pieces attack by their kind's own movement but paralysis freezes some
    ///   (RULES.md §6: Paralysis, Madrasi) or a landing rule bars some targets (Isardam):
    ///   every term, read from the natural attack maps; paralysed pieces are frozen
    ///   ([`IMMOBILITY`]), and a check is safe only where we do not attack (a checker there
    ///   would be paralysed; under Madrasi only by a like piece, which this overstates).
    ///   Against the engine of 39c9624, 100 ms a move, 40 games each unless said: Paralysis:1
    ///   four runs pooled +51 -36 =32, 56 % (material and own-movement danger before: +5 -9
    ///   =15, 43 %); IsardamB:1 +33 -7, 82.5 % (60.0 % before); Madrasi:1 +31 -9, 77.5 %
    ///   (67.5 % before).
    /// - Where a piece's moves and attacks are not its kind's own movement (borrowed movement
    ///   and Annan, chained moves: RULES.md §3, §5), the attack-map terms are left out and the
    ///   king safety is the coarser [`OWN_MOVEMENT_DANGER`]; under borrowed movement it reads
    ///   the borrowed attacks, which also give a mobility term (BackPosition:1 against
    ///   39c9624: 52.5 % with material and hand only, 61.3 % with own-movement danger, 72.5 %
    ///   with borrowed attacks and mobility, 40 games each).
    pub fn new<R: Rules<Storage = S>>() -> Self {
        let e = Self::with_weights(R::tables(), R::TABLE.eval);
        if R::HOOKS.natural_attack_maps() {
            return Evaluator {
                paralysis: !matches!(R::HOOKS.paralysis, Paralysis::None),
                ..e
            };
        }
        Evaluator {
            reads_attacks: false,
            borrowed: matches!(R::HOOKS.movement_source, MovementSource::Borrow { .. }),
            ..e
        }
    }

    /// The evaluator for some tables and weights (the tuner varies the weights).
    pub fn with_weights(t: &Tables<S>, w: Weights) -> Self {
        let mut psq = vec![[[0i32; SQUARES]; MAX_KINDS]; 2];
        let mut reach = vec![[[Bitboard::EMPTY; SQUARES]; MAX_KINDS]; 2];
        for k in 0..t.kinds {
            for c in Color::BOTH {
                let ci = c.index();
                let mut counts = [0i32; SQUARES];
                for sq in t.geometry.squares() {
                    let mut r = t.plain_attacks(k, c, sq, Bitboard::EMPTY);
                    r |= t.capture_only[ci][k][sq.index()] | t.move_only[ci][k][sq.index()];
                    reach[ci][k][sq.index()] = r;
                    counts[sq.index()] = r.count() as i32;
                }
                let mean = counts.iter().sum::<i32>() / t.geometry.square_count() as i32;
                let promo_gain = match t.promote_to[k] {
                    p if (p as usize) < t.kinds => (t.value[p as usize] - t.value[k]).max(0),
                    _ => 0,
                };
                let zone = t.zone[ci][k];
                let near = zone.neighbours() & !zone;
                for sq in t.geometry.squares() {
                    if t.royal[k] {
                        continue;
                    }
                    let mut v = t.value[k] + w.mobility * (counts[sq.index()] - mean);
                    if promo_gain > 0 {
                        if zone.contains(sq) {
                            v += promo_gain * w.promo_in_zone / 100;
                        } else if near.contains(sq) {
                            v += promo_gain * w.promo_near / 100;
                        }
                    }
                    psq[ci][k][sq.index()] = if c == Color::Black { v } else { -v };
                }
            }
        }
        let mut hand_first = [0; MAX_KINDS];
        let mut hand_more = [0; MAX_KINDS];
        for &k in &t.hand_kinds {
            let v = hand_value(t.value[k as usize]);
            hand_first[k as usize] = v + t.value[k as usize] * w.hand_first / 100;
            hand_more[k as usize] = v;
        }
        let mut blockable = [false; MAX_KINDS];
        let mut reach_is_natural = true;
        let mut drop_attacker = [false; MAX_KINDS];
        let mut single_step = 0u64;
        for k in 0..t.kinds {
            blockable[k] = t.slide_dirs[0][k] != 0 || t.slide_dirs[1][k] != 0 || t.special[k];
            if !blockable[k] {
                reach_is_natural &= Color::BOTH.iter().all(|&c| {
                    t.geometry.squares().all(|sq| {
                        let r = reach[c.index()][k][sq.index()];
                        r == t.attacks(k, c, sq, Bitboard::EMPTY)
                            && r == t.attacks(k, c, sq, t.board)
                    })
                });
            }
            let one_square = Color::BOTH.iter().all(|c| {
                t.geometry
                    .squares()
                    .all(|sq| reach[c.index()][k][sq.index()].count() <= 1)
            });
            if one_square && !t.royal[k] {
                single_step |= 1 << k;
            }
            drop_attacker[k] = !t.nifu[k] && !t.drop_mate_forbidden[k];
        }
        // Own-side rank 0 is the colour's back rank; the camp is the first half plus the
        // middle, the enemy half the rest.
        let g = t.geometry;
        let camp_ranks = (g.ranks as i32 - 2) / 2 + 1;
        let mut camp = [Bitboard::EMPTY; 2];
        let mut enemy_half = [Bitboard::EMPTY; 2];
        for c in Color::BOTH {
            for sq in g.squares() {
                let own_rank = g.ranks as i32 - 1 - g.rank_from_far(sq, c) as i32;
                if own_rank <= camp_ranks {
                    camp[c.index()].set(sq);
                }
                if own_rank >= g.ranks as i32 / 2 + g.ranks as i32 % 2 {
                    enemy_half[c.index()].set(sq);
                }
            }
        }
        Evaluator {
            w,
            psq,
            reach,
            hand_first,
            hand_more,
            blockable,
            single_step,
            board: t.board,
            camp,
            enemy_half,
            drop_attacker,
            reads_attacks: true,
            paralysis: false,
            borrowed: false,
            reach_is_natural,
        }
    }

    /// The attacks of the piece of `kind` and `color` on `sq`.
    #[inline]
    fn piece_attacks<R: Rules<Storage = S>>(
        &self,
        pos: &Position<R>,
        kind: u8,
        color: Color,
        sq: Square,
    ) -> Bitboard<S> {
        if self.blockable[kind as usize] {
            pos.natural_attacks(kind, color, sq)
        } else {
            self.reach[color.index()][kind as usize][sq.index()]
        }
    }

    fn king_zone<R: Rules<Storage = S>>(
        &self,
        pos: &Position<R>,
        color: Color,
    ) -> Option<KingZone<S>> {
        let king = pos.royals(color).lsb()?;
        let g = pos.tables().geometry;
        let centre = Square::from_file_rank(
            king.file().clamp(1, g.files - 2),
            king.rank().clamp(1, g.ranks - 2),
        );
        let c = Bitboard::from_square(centre);
        Some(KingZone {
            king,
            adjacent: Bitboard::from_square(king).neighbours() & self.board,
            ring: (c.neighbours() | c) & self.board,
            file: centre.file(),
        })
    }

    /// Black's score.
    pub fn balance<R: Rules<Storage = S>>(&self, pos: &Position<R>) -> i32 {
        self.balance_and_attacks(pos).0
    }

    /// Black's score, and the squares each colour naturally attacks (indexed by colour)
    /// where the evaluation's picture holds exactly those.
    fn balance_and_attacks<R: Rules<Storage = S>>(
        &self,
        pos: &Position<R>,
    ) -> (i32, Option<[Bitboard<S>; 2]>) {
        if !self.reads_attacks {
            let score = self.material(pos) + self.borrowed_mobility(pos)
                - self.own_movement_danger(pos, Color::Black)
                + self.own_movement_danger(pos, Color::White);
            return (score, None);
        }
        let zones = [
            self.king_zone(pos, Color::Black),
            self.king_zone(pos, Color::White),
        ];
        let mut picture = Picture::new();
        let score = self.survey(pos, &zones, &mut picture);
        let score = score - self.danger(pos, Color::Black, &zones, &picture)
            + self.danger(pos, Color::White, &zones, &picture);
        let natural = self.reach_is_natural && !self.paralysis;
        (score, natural.then_some(picture.once))
    }

    /// The safety penalty of `color`'s royal piece (the first, if there are several).
    pub fn king_danger<R: Rules<Storage = S>>(&self, pos: &Position<R>, color: Color) -> i32 {
        if !self.reads_attacks {
            return self.own_movement_danger(pos, color);
        }
        let zones = [
            self.king_zone(pos, Color::Black),
            self.king_zone(pos, Color::White),
        ];
        let mut picture = Picture::new();
        self.survey(pos, &zones, &mut picture);
        self.danger(pos, color, &zones, &picture)
    }

    /// The king-safety penalty of `color` where pieces may not move by their own kind: the
    /// enemy pieces' own-movement attacks on the squares next to the king and the enemy
    /// hand's value, less the friendly pieces beside it, squared ([`OWN_MOVEMENT_DANGER`]).
    fn own_movement_danger<R: Rules<Storage = S>>(&self, pos: &Position<R>, color: Color) -> i32 {
        let t = pos.tables();
        let w = OWN_MOVEMENT_DANGER;
        let Some(king) = pos.royals(color).lsb() else {
            return 0;
        };
        let zone = Bitboard::from_square(king).neighbours() & self.board;
        let them = !color;
        let ti = them.index();
        let mut units = 0;
        for sq in pos.pieces_of(them) {
            let k = pos.piece_at(sq).kind();
            if t.royal[k as usize] {
                continue;
            }
            if self.borrowed {
                units += (pos.borrowed_attacks(sq) & zone).count() as i32 * w.attack_unit;
                continue;
            }
            let reach = self.reach[ti][k as usize][sq.index()] & zone;
            if reach.is_empty() {
                continue;
            }
            let hits = if self.blockable[k as usize] {
                (pos.natural_attacks(k, them, sq) & zone).count() as i32
            } else {
                reach.count() as i32
            };
            units += hits * w.attack_unit;
        }
        for &k in &t.hand_kinds {
            units += pos.hand(them, k) as i32 * t.value[k as usize] * w.hand_danger / 100;
        }
        let defenders = (pos.pieces_of(color) & zone).count() as i32;
        units = (units - defenders * w.defender).max(0);
        (units * units / w.scale).min(w.cap)
    }

    /// Black's mobility under borrowed movement: the mobility curve of the squares each
    /// non-royal piece attacks with what it borrows, outside its side's pieces. 0 elsewhere.
    fn borrowed_mobility<R: Rules<Storage = S>>(&self, pos: &Position<R>) -> i32 {
        if !self.borrowed {
            return 0;
        }
        let t = pos.tables();
        let mut score = 0;
        for c in Color::BOTH {
            let own = pos.pieces_of(c);
            let mut side = 0;
            for sq in own {
                if t.royal[pos.piece_at(sq).kind() as usize] {
                    continue;
                }
                let free = pos.borrowed_attacks(sq) & !own & self.board;
                side += MOBILITY[free.count() as usize];
            }
            score += if c == Color::Black { side } else { -side };
        }
        score * self.w.piece_mobility / 100
    }

    /// Black's material and piece-square values, on the board and in hand (all of the
    /// evaluation but king safety where it reads no attacks).
    fn material<R: Rules<Storage = S>>(&self, pos: &Position<R>) -> i32 {
        let mut score = 0;
        for c in Color::BOTH {
            let ci = c.index();
            let sign = if c == Color::Black { 1 } else { -1 };
            for sq in pos.pieces_of(c) {
                score += self.psq[ci][pos.piece_at(sq).kind() as usize][sq.index()];
            }
            score += sign * self.hand(pos, c).0;
        }
        score
    }

    /// The value of `color`'s hand, and how many kinds it holds.
    fn hand<R: Rules<Storage = S>>(&self, pos: &Position<R>, color: Color) -> (i32, i32) {
        let (mut value, mut kinds) = (0, 0);
        for &k in &pos.tables().hand_kinds {
            let n = pos.hand(color, k) as i32;
            if n > 0 {
                let k = k as usize;
                value += self.hand_first[k] + (n - 1) * self.hand_more[k];
                kinds += 1;
            }
        }
        (value, kinds)
    }

    /// `color`'s pawn-like pieces ([`Self::single_step`]): the squares they attack, and those
    /// of them blocked by a piece of their own side.
    fn single_steppers<R: Rules<Storage = S>>(
        &self,
        pos: &Position<R>,
        color: Color,
    ) -> (Bitboard<S>, Bitboard<S>) {
        let own = pos.pieces_of(color);
        let (mut attacks, mut blocked) = (Bitboard::EMPTY, Bitboard::EMPTY);
        let mut kinds = self.single_step;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            for sq in pos.pieces(color, k as u8) {
                let r = self.reach[color.index()][k][sq.index()];
                attacks |= r;
                if (r & own).nonempty() {
                    blocked.set(sq);
                }
            }
        }
        (attacks, blocked)
    }

    /// One pass over the pieces and hands: Black's score without king safety, and in `p` the
    /// picture king safety reads (the caller's: it is large, and returning it cost a copy per
    /// evaluation).
    fn survey<R: Rules<Storage = S>>(
        &self,
        pos: &Position<R>,
        zones: &[Option<KingZone<S>>; 2],
        p: &mut Picture<S>,
    ) -> i32 {
        let t = pos.tables();
        // Pieces within two steps of a king are near it (no proximity penalty).
        let near_kings = zones
            .iter()
            .flatten()
            .map(|z| Bitboard::from_square(z.king).neighbours().neighbours())
            .fold(Bitboard::EMPTY, |a, b| a | b);
        let both_kings = match zones {
            [Some(a), Some(b)] => Some((a.king, b.king)),
            _ => None,
        };
        let steppers = Color::BOTH.map(|c| self.single_steppers(pos, c));
        let mut score = 0;
        for c in Color::BOTH {
            let ci = c.index();
            let sign = if c == Color::Black { 1 } else { -1 };
            let own = pos.pieces_of(c);
            let enemy = zones[(!c).index()].as_ref();
            // Fairy-Stockfish's mobility area: a defended piece counts as a square reached, but
            // not our royal pieces or blocked pawns, nor the squares the enemy's pawns attack.
            let area = self.board & !pos.royals(c) & !steppers[ci].1 & !steppers[(!c).index()].0;
            // Checking squares by kind against the enemy king (a kind's own attacks from the
            // king's square, seen from the king's side), made when first needed.
            let mut check_from = [Bitboard::EMPTY; MAX_KINDS];
            let mut check_known: u64 = 0;
            let (mut mobility, mut far) = (0, 0);
            let frozen = if self.paralysis {
                pos.paralysed_pieces(c)
            } else {
                Bitboard::EMPTY
            };
            for sq in own {
                let k = pos.piece_at(sq).kind();
                let ku = k as usize;
                score += self.psq[ci][ku][sq.index()];
                if t.royal[ku] {
                    let att = self.piece_attacks(pos, k, c, sq);
                    p.twice[ci] |= p.once[ci] & att;
                    p.once[ci] |= att;
                    continue;
                }
                let reach = self.reach[ci][ku][sq.index()];
                let att = self.piece_attacks(pos, k, c, sq);
                if frozen.contains(sq) {
                    p.frozen_attacks[ci] |= att;
                    score -= sign * IMMOBILITY.frozen_cost(t.value[ku]);
                    continue;
                }
                p.twice[ci] |= p.once[ci] & att;
                p.once[ci] |= att;
                if self.single_step >> ku & 1 == 0 {
                    mobility += MOBILITY[(att & area).count() as usize];
                    if let Some((a, b)) = both_kings {
                        if (reach & near_kings).is_empty() {
                            far += distance(sq, a) * distance(sq, b);
                        }
                    }
                }
                let Some(z) = enemy else { continue };
                if (att & z.ring).nonempty() {
                    p.ring_attackers[ci] += 1;
                    p.ring_hits[ci] += (att & z.adjacent).count() as i32;
                }
                // On an empty board the piece reaches no square its kind checks from: no check.
                if (self.reach[(!c).index()][ku][z.king.index()] & reach).is_empty() {
                    continue;
                }
                if check_known >> ku & 1 == 0 {
                    check_known |= 1 << ku;
                    check_from[ku] = self.piece_attacks(pos, k, !c, z.king);
                }
                let checks = att & check_from[ku];
                if checks.nonempty() && p.checker_count[ci] < CHECKERS {
                    p.checkers[ci][p.checker_count[ci]] = (k, checks);
                    p.checker_count[ci] += 1;
                }
            }
            score += sign * (mobility * self.w.piece_mobility / 100 - far * self.w.proximity / 100);
        }
        for c in Color::BOTH {
            let sign = if c == Color::Black { 1 } else { -1 };
            let (value, kinds_held) = self.hand(pos, c);
            score += sign * value;
            if kinds_held > 0 && self.w.drop_mobility != 0 {
                let safe = self.enemy_half[c.index()]
                    & !pos.occupied()
                    & self.board
                    & !p.once[(!c).index()];
                score += sign * kinds_held * self.w.drop_mobility * safe.count() as i32;
            }
        }
        score
    }

    /// The king-safety penalty of `color` from the picture.
    fn danger<R: Rules<Storage = S>>(
        &self,
        pos: &Position<R>,
        color: Color,
        zones: &[Option<KingZone<S>>; 2],
        p: &Picture<S>,
    ) -> i32 {
        let t = pos.tables();
        let Some(z) = &zones[color.index()] else {
            return 0;
        };
        let us = color.index();
        let them_c = !color;
        let them = them_c.index();
        let weak = p.once[them] & !p.twice[us];
        let safe = if self.paralysis {
            !pos.pieces_of(them_c) & !(p.once[us] | p.frozen_attacks[us])
        } else {
            !pos.pieces_of(them_c) & (!p.once[us] | (weak & p.twice[them]))
        };
        let empty = !pos.occupied() & self.board;
        let attackers = p.ring_attackers[them];
        let weight = attackers * self.w.attack_unit;
        let mut hits = p.ring_hits[them];
        // Safe checks next move: one credit per kind, by a board move or a drop.
        let mut checks = 0;
        let mut checked_kinds: u64 = 0;
        let mut unsafe_checks = Bitboard::EMPTY;
        for &(k, squares) in &p.checkers[them][..p.checker_count[them]] {
            if (squares & safe).nonempty() {
                if checked_kinds >> k & 1 == 0 {
                    checks += 1;
                    checked_kinds |= 1 << k;
                }
            } else {
                unsafe_checks |= squares;
            }
        }
        let mut hand_attackers = 0;
        for &k in &t.hand_kinds {
            let n = pos.hand(them_c, k) as i32;
            let ku = k as usize;
            if n == 0 || !self.drop_attacker[ku] {
                continue;
            }
            let drops = empty & !t.dead[them][ku];
            let into_ring = drops & z.ring & (!p.twice[us] | p.once[them]);
            if into_ring.nonempty() {
                hand_attackers += n;
                hits += (into_ring & z.adjacent).count() as i32;
            }
            if checked_kinds >> ku & 1 == 0
                && (drops & safe & self.piece_attacks(pos, k, color, z.king)).nonempty()
            {
                checks += 1;
                checked_kinds |= 1 << ku;
            }
        }
        // The king's flank: its file and the next ones, in our camp.
        let flank =
            (Bitboard::file(z.file - 1) | Bitboard::file(z.file) | Bitboard::file(z.file + 1))
                & self.camp[us];
        let flank_attacks = p.once[them] & flank;
        let flank_units =
            flank_attacks.count() as i32 + (flank_attacks & p.twice[them]).count() as i32;

        let danger = attackers * weight
            + hand_attackers * weight
            + attackers * hand_attackers * self.w.attack_unit
            + self.w.weak_ring * (z.ring & weak).count() as i32
            + 148 * unsafe_checks.count() as i32
            + self.w.ring_hit * hits
            + 3 * flank_units * flank_units / 8
            - 4 * (p.once[us] & flank).count() as i32
            + self.w.safe_check * checks;
        let danger = danger.min(self.w.danger_cap);
        let mut penalty = self.w.flank_attack * flank_units;
        if danger > 100 {
            penalty += danger * danger / 4096;
        }
        penalty * self.w.danger_scale / 100
    }

    /// The evaluation from the side to move's point of view.
    #[inline]
    pub fn evaluate<R: Rules<Storage = S>>(&self, pos: &Position<R>) -> i32 {
        self.evaluate_with_attacks(pos).0
    }

    /// The evaluation from the side to move's point of view, and the squares each colour
    /// naturally attacks (indexed by colour) when the evaluation found them on its way (see
    /// [`Self::balance_and_attacks`]): the search orders drops by them.
    #[inline]
    pub fn evaluate_with_attacks<R: Rules<Storage = S>>(
        &self,
        pos: &Position<R>,
    ) -> (i32, Option<[Bitboard<S>; 2]>) {
        let (b, attacks) = self.balance_and_attacks(pos);
        match pos.side_to_move() {
            Color::Black => (b, attacks),
            Color::White => (-b, attacks),
        }
    }
}
