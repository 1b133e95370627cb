//! Attack tables built once per rule set from its [`RuleTable`].

use crate::bitboard::{Bitboard, Storage};
use crate::geometry::{Color, Geometry, Square, SQUARES, STRIDE};
use crate::table::{
    AfterMove, CaptureEffect, Captured, Goal, KindMask, Reflect, RuleTable, HAND_ORDER, MAX_KINDS,
};

/// Absolute directions `(file delta, rank delta)`.
pub const DIRS: [(i8, i8); 8] = [
    (0, -1),
    (0, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
];

/// Rays of a board: `rays[d][sq]` = squares from `sq` (exclusive) to the board's edge in
/// direction `d`.
pub type Rays<S> = [[Bitboard<S>; SQUARES]; 8];

fn build_rays<S: Storage>(g: &Geometry) -> Rays<S> {
    let mut rays = [[Bitboard::EMPTY; SQUARES]; 8];
    for (d, &(df, dr)) in DIRS.iter().enumerate() {
        for sq in g.squares() {
            let (mut f, mut r) = (sq.file() as i32 + df as i32, sq.rank() as i32 + dr as i32);
            while let Some(next) = g.square(f, r) {
                rays[d][sq.index()].set(next);
                f += df as i32;
                r += dr as i32;
            }
        }
    }
    // `ray_attack` takes square 0 for "no blocker" along a decreasing direction.
    for (d, ray) in rays.iter().enumerate() {
        assert!(positive(d) || ray[0].is_empty());
    }
    rays
}

/// Whether moving along `d` increases the square index.
#[inline]
pub const fn positive(d: usize) -> bool {
    POSITIVE >> d & 1 != 0
}

/// Bit `d` set: moving along `d` increases the square index (one test for a direction
/// known only at run time).
const POSITIVE: u8 = {
    let mut m = 0;
    let mut d = 0;
    while d < 8 {
        if (DIRS[d].0 as i32) * STRIDE as i32 + (DIRS[d].1 as i32) > 0 {
            m |= 1 << d;
        }
        d += 1;
    }
    m
};

/// `OPPOSITE[d]` is the direction index of `-DIRS[d]`.
pub const OPPOSITE: [usize; 8] = [1, 0, 3, 2, 7, 6, 5, 4];

/// The first square of `bb` met when walking from a square along `d` (`bb` a subset of that
/// ray).
#[inline]
pub fn first_along<S: Storage>(d: usize, bb: Bitboard<S>) -> Option<Square> {
    if positive(d) {
        bb.lsb()
    } else {
        bb.msb()
    }
}

/// The square one step from `sq` along absolute direction `d` on board `g`, if any.
#[inline]
pub const fn dir_step(g: &Geometry, sq: Square, d: usize) -> Option<Square> {
    let (df, dr) = DIRS[d];
    g.square(sq.file() as i32 + df as i32, sq.rank() as i32 + dr as i32)
}

/// Direction index of an absolute unit vector.
pub fn dir_index(df: i8, dr: i8) -> Option<usize> {
    DIRS.iter().position(|&d| d == (df, dr))
}

/// Absolute delta of a relative offset for `color`.
#[inline]
pub const fn absolute(color: Color, dx: i8, dy: i8) -> (i8, i8) {
    match color {
        Color::Black => (-dx, -dy),
        Color::White => (dx, dy),
    }
}

/// Zobrist keys, fixed for every variant (a splitmix64 stream).
pub struct Zobrist {
    pub board: [[[u64; SQUARES]; MAX_KINDS]; 2],
    pub hand: [[u64; MAX_KINDS]; 2],
    pub side: u64,
    /// The square of chu shogi's counter-strike rule (a lion just taken there by a non-lion).
    pub lion_struck: [u64; SQUARES],
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub static ZOBRIST: Zobrist = {
    let mut state = 0x05EE_D0F5_4091_u64;
    let mut z = Zobrist {
        board: [[[0; SQUARES]; MAX_KINDS]; 2],
        hand: [[0; MAX_KINDS]; 2],
        side: 0,
        lion_struck: [0; SQUARES],
    };
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < MAX_KINDS {
            let mut s = 0;
            while s < SQUARES {
                z.board[c][k][s] = splitmix(&mut state);
                s += 1;
            }
            z.hand[c][k] = splitmix(&mut state);
            k += 1;
        }
        c += 1;
    }
    z.side = splitmix(&mut state);
    let mut s = 0;
    while s < SQUARES {
        z.lion_struck[s] = splitmix(&mut state);
        s += 1;
    }
    z
};

/// Reflecting slide paths (RULES.md §2, reflecting bishop), fixed by the board: from each
/// square along each diagonal, the billiard path as straight runs, so that a slide is found
/// with one blocker search per run instead of a walk square by square.
pub struct ReflectPaths<S> {
    /// Direction and squares of each run (in order along the direction).
    runs: Vec<(u8, Bitboard<S>)>,
    /// Per mode (sides, top and bottom, all), per square, per first diagonal: the range of
    /// its runs in `runs`.
    index: [Vec<[(u16, u16); 4]>; 3],
}

impl<S: Storage> ReflectPaths<S> {
    fn mode(reflect: Reflect) -> usize {
        match reflect {
            Reflect::Sides => 0,
            Reflect::TopBottom => 1,
            Reflect::All | Reflect::None => 2,
        }
    }

    /// Adds the paths of `reflect` on `g`: a slide bounces (a 90° turn) where its next step
    /// would leave the board across a reflecting edge, reverses in a corner of two reflecting
    /// edges, and ends at a non-reflecting edge or when it comes back to its start (whose
    /// square ends the last run: the start stops the slide like a friendly piece).
    fn add(&mut self, g: &Geometry, reflect: Reflect) {
        let (sides, ends) = match reflect {
            Reflect::None => (false, false),
            Reflect::Sides => (true, false),
            Reflect::TopBottom => (false, true),
            Reflect::All => (true, true),
        };
        let mut index = vec![[(0u16, 0u16); 4]; SQUARES];
        for sq in g.squares() {
            for (i, (df0, dr0)) in [(1i32, 1i32), (1, -1), (-1, 1), (-1, -1)]
                .into_iter()
                .enumerate()
            {
                let start = self.runs.len();
                let (mut f, mut r) = (sq.file() as i32, sq.rank() as i32);
                let (mut df, mut dr) = (df0, dr0);
                let mut run: Option<(u8, Bitboard<S>)> = None;
                // A billiard path on n squares repeats within 4 * n steps.
                for _ in 0..4 * g.square_count() {
                    let off_f = !(0..g.files as i32).contains(&(f + df));
                    let off_r = !(0..g.ranks as i32).contains(&(r + dr));
                    if off_f && off_r {
                        if sides && ends {
                            df = -df;
                            dr = -dr;
                        } else {
                            break;
                        }
                    } else if off_f {
                        if !sides {
                            break;
                        }
                        df = -df;
                    } else if off_r {
                        if !ends {
                            break;
                        }
                        dr = -dr;
                    }
                    f += df;
                    r += dr;
                    let Some(next) = g.square(f, r) else {
                        break;
                    };
                    let d = dir_index(df as i8, dr as i8).expect("diagonal") as u8;
                    match &mut run {
                        Some((rd, bb)) if *rd == d => bb.set(next),
                        _ => {
                            self.runs.extend(run.take());
                            run = Some((d, Bitboard::from_square(next)));
                        }
                    }
                    if next == sq {
                        break;
                    }
                }
                self.runs.extend(run);
                index[sq.index()][i] = (start as u16, self.runs.len() as u16);
            }
        }
        self.index[Self::mode(reflect)] = index;
    }

    /// Squares reached by the reflecting slides of `reflect` from `sq` with blockers `occ`, the
    /// first blocker of each path included, `sq` itself never.
    #[inline]
    pub fn slides(
        &self,
        rays: &Rays<S>,
        reflect: Reflect,
        sq: Square,
        occ: Bitboard<S>,
    ) -> Bitboard<S> {
        let occ = occ | Bitboard::from_square(sq);
        let mut out = Bitboard::EMPTY;
        for &(start, end) in &self.index[Self::mode(reflect)][sq.index()] {
            for &(d, run) in &self.runs[start as usize..end as usize] {
                if let Some(b) = first_along(d as usize, run & occ) {
                    out |= run & !rays[d as usize][b.index()];
                    break;
                }
                out |= run;
            }
        }
        out.clear(sq);
        out
    }
}

/// One leap of a colour shared by its kinds: the index shift, the squares it starts from, the
/// kinds that have it, and its rank step.
#[derive(Clone, Copy, Debug)]
pub struct LeapSlot<S> {
    pub shift: i32,
    pub starts: Bitboard<S>,
    pub kinds: KindMask,
    pub rank_step: i8,
}

/// Per-kind data laid out for the move generator.
pub struct Tables<S = u128> {
    /// The board.
    pub geometry: Geometry,
    /// Its squares.
    pub board: Bitboard<S>,
    /// Its rays (inline: the slider kernel reads them at every node).
    pub rays: Rays<S>,
    pub kinds: usize,
    /// `leap[color][kind][sq]`.
    pub leap: Vec<[[Bitboard<S>; SQUARES]; MAX_KINDS]>,
    pub move_only: Vec<[[Bitboard<S>; SQUARES]; MAX_KINDS]>,
    pub capture_only: Vec<[[Bitboard<S>; SQUARES]; MAX_KINDS]>,
    /// For each kind that only leaps (no slides, no special movement), per colour, each leap
    /// as an index shift and the squares it can start from (its target on the board). Bulk
    /// counting moves all unpinned pieces of such a kind one leap at a time.
    pub leap_shifts: Vec<(i32, Bitboard<S>)>,
    /// `leap_shift_range[color][kind]`: where that kind's leaps lie in `leap_shifts` (start,
    /// end); empty for a kind that does not only leap.
    pub leap_shift_range: [[(u16, u16); MAX_KINDS]; 2],
    /// The distinct leaps of each colour's kinds without special movement or ranged slides
    /// (sliding ones too), to move the pieces of several kinds one leap at a time (bulk
    /// counting under king capture).
    pub leap_slots: [Vec<LeapSlot<S>>; 2],
    /// Kinds with leap shifts, per colour (bit mask).
    pub set_leapers: [KindMask; 2],
    /// Kinds of `set_leapers` whose every leap stays on its file, per colour (a pawn): nifu on
    /// moves cannot bar them unless another piece of the kind shares the file.
    pub file_leapers: [KindMask; 2],
    /// `slide_reach[color][kind][sq]`: the squares its plain slides reach on an empty board (a
    /// superset of where they attack on any board; empty for a kind without slides).
    pub slide_reach: Vec<[[Bitboard<S>; SQUARES]; MAX_KINDS]>,
    /// Bit `d` set: slides along absolute direction `d`.
    pub slide_dirs: [[u8; MAX_KINDS]; 2],
    /// Longest slide along `d` per colour and kind, 0 for no limit (`slides_up_to`).
    pub slide_range: [[[u8; 8]; MAX_KINDS]; 2],
    /// Kinds with a range-limited slide (bit mask); the plain kernels skip the range test
    /// when it is zero.
    pub ranged_mask: KindMask,
    /// `within[n][sq]`: squares at most `n` king steps from `sq`, for the ranges in use.
    pub within: Vec<[Bitboard<S>; SQUARES]>,
    /// Diagonal slides that reflect, per kind (those directions are not in `slide_dirs`).
    pub reflect: [Reflect; MAX_KINDS],
    /// The reflecting paths of the modes in use, as straight runs.
    pub reflect_paths: ReflectPaths<S>,
    pub lion: [bool; MAX_KINDS],
    /// Lion power along lines (falcon, eagle): absolute directions (a bit each), per colour.
    pub lion_lines: [[u8; MAX_KINDS]; 2],
    /// Kind has movement beyond leaps and plain slides (move-only, capture-only, reflect, lion).
    pub special: [bool; MAX_KINDS],
    /// Promoted kind, or `u8::MAX`.
    pub promote_to: [u8; MAX_KINDS],
    /// Promotion zone per kind as a bitboard, per colour.
    pub zone: [[Bitboard<S>; MAX_KINDS]; 2],
    /// Squares where the unpromoted kind could never move again, per colour.
    pub dead: [[Bitboard<S>; MAX_KINDS]; 2],
    /// Squares from which the kind has no move even on an empty board, per colour (a pawn or
    /// lance on the last rank), whether or not its dead ranks forbid standing there.
    pub stuck: [[Bitboard<S>; MAX_KINDS]; 2],
    /// Kinds stuck on some square for some colour (the bare-king count looks only at them).
    pub stuck_kinds: KindMask,
    pub unpromoted: [u8; MAX_KINDS],
    pub royal: [bool; MAX_KINDS],
    pub immortal: [bool; MAX_KINDS],
    pub nifu: [bool; MAX_KINDS],
    /// How many of the kind a file may hold before nifu bars a drop there (1 in shogi).
    pub nifu_limit: [u8; MAX_KINDS],
    pub drop_mate_forbidden: [bool; MAX_KINDS],
    pub gold_class: [bool; MAX_KINDS],
    pub captured: [[Captured; 2]; MAX_KINDS],
    pub value: [i32; MAX_KINDS],
    /// Kinds that may be held in hand, in SFEN writing order.
    pub hand_kinds: Vec<u8>,
    /// Any kind has specials.
    pub any_special: bool,
    /// Kinds that are royal (bit mask).
    pub royal_mask: KindMask,
    /// Every kind of the table (bit mask).
    pub kind_mask: KindMask,
    /// `same_movement[kind]`: the kinds that move exactly as `kind` does (itself included), so
    /// that their attacks are found as one set (the golds and promoted golds).
    pub same_movement: [KindMask; MAX_KINDS],
    /// Who can attack a square: the reverse view used by check detection.
    pub reverse: ReverseAttacks<S>,
    /// Material class of each kind: the lowest kind linked to it by promotion or by what a
    /// capture puts in hand. No move changes the count of a class.
    pub material_class: [u8; MAX_KINDS],
    /// Most pieces of each class (indexed by the class's kind) in any setup.
    pub material_limit: [u8; MAX_KINDS],
    /// Classes (bit mask, by the class's kind) whose pieces never change owner: every member
    /// vanishes when captured and no effect turns pieces over (Andernach, Othello, Reversi).
    pub owner_fixed: KindMask,
    /// Most pieces of each class one side holds in any setup (bounds `owner_fixed` classes).
    pub material_limit_per_side: [[u8; MAX_KINDS]; 2],
}

/// Reverse attack data: from a target square, where its attackers can stand.
pub struct ReverseAttacks<S = u128> {
    /// `leap_sources[color][sq]`: squares from which some kind of `color` reaches `sq` by a leap
    /// or a capture-only step (a superset: the piece found there is checked against its table).
    pub leap_sources: [[Bitboard<S>; SQUARES]; 2],
    /// `slide_kinds[color][d]`: bit mask of kinds whose `color` piece slides along direction `d`
    /// (plain slides; reflecting ones are in `reflect_kinds`).
    pub slide_kinds: [[KindMask; 8]; 2],
    /// Bit `d` set: some kind of that colour slides along `d`.
    pub slide_dirs: [u8; 2],
    /// Kinds with a plain slide, per colour (bit mask).
    pub slider_kinds: [KindMask; 2],
    /// `lines[sq]`: the squares of the eight rays from `sq` (where a slider must stand to
    /// attack `sq` or pin a piece to it).
    pub lines: [Bitboard<S>; SQUARES],
    /// `royal_leap_sources[color][sq]`: where a piece of the other colour can stand to attack,
    /// by a leap or capture-only step, a square a royal piece of `color` on `sq` could reach
    /// on an empty board (none there: no king move is attacked that way).
    pub royal_leap_sources: [[Bitboard<S>; SQUARES]; 2],
    /// Kinds with reflecting slides (bit mask).
    pub reflect_kinds: KindMask,
    /// Kinds whose attacks depend on the occupancy (slides or reflecting slides, either
    /// colour), as a bit mask.
    pub blockable_kinds: KindMask,
}

impl<S: Storage> ReverseAttacks<S> {
    fn build(t: &Tables<S>) -> ReverseAttacks<S> {
        let mut r = ReverseAttacks {
            leap_sources: [[Bitboard::EMPTY; SQUARES]; 2],
            slide_kinds: [[0; 8]; 2],
            slide_dirs: [0; 2],
            slider_kinds: [0; 2],
            lines: std::array::from_fn(|s| {
                (0..8).fold(Bitboard::EMPTY, |acc, d| acc | t.rays[d][s])
            }),
            royal_leap_sources: [[Bitboard::EMPTY; SQUARES]; 2],
            reflect_kinds: 0,
            blockable_kinds: 0,
        };
        for c in 0..2 {
            for k in 0..t.kinds {
                for from in 0..SQUARES {
                    let reach = t.leap[c][k][from] | t.capture_only[c][k][from];
                    for to in reach {
                        r.leap_sources[c][to.index()].set(Square::new(from as u8));
                    }
                }
                for d in 0..8 {
                    if t.slide_dirs[c][k] >> d & 1 != 0 {
                        r.slide_kinds[c][d] |= 1 << k;
                        r.slide_dirs[c] |= 1 << d;
                        r.slider_kinds[c] |= 1 << k;
                        r.blockable_kinds |= 1 << k;
                    }
                }
            }
        }
        for c in 0..2 {
            for k in (0..t.kinds).filter(|&k| t.royal[k]) {
                for from in 0..SQUARES {
                    let reach = t.leap[c][k][from]
                        | t.slide_reach[c][k][from]
                        | t.move_only[c][k][from]
                        | t.capture_only[c][k][from];
                    for to in reach {
                        r.royal_leap_sources[c][from] |= r.leap_sources[1 - c][to.index()];
                    }
                }
            }
        }
        for k in 0..t.kinds {
            if t.reflect[k] != Reflect::None {
                r.reflect_kinds |= 1 << k;
                r.blockable_kinds |= 1 << k;
            }
        }
        r
    }
}

impl<S: Storage> Tables<S> {
    /// Builds the tables of `table`.
    pub fn build(table: &RuleTable) -> Tables<S> {
        let n = table.pieces.len();
        assert!(n <= MAX_KINDS, "at most {MAX_KINDS} kinds");
        let empty = [[Bitboard::EMPTY; SQUARES]; MAX_KINDS];
        let g = table.geometry;
        let mut t = Tables {
            geometry: g,
            board: Bitboard::board(&g),
            rays: build_rays(&g),
            kinds: n,
            leap: vec![empty; 2],
            move_only: vec![empty; 2],
            capture_only: vec![empty; 2],
            slide_reach: vec![empty; 2],
            leap_shifts: Vec::new(),
            leap_shift_range: [[(0, 0); MAX_KINDS]; 2],
            leap_slots: [Vec::new(), Vec::new()],
            set_leapers: [0; 2],
            file_leapers: [0; 2],
            slide_dirs: [[0; MAX_KINDS]; 2],
            slide_range: [[[0; 8]; MAX_KINDS]; 2],
            ranged_mask: 0,
            within: Vec::new(),
            reflect: [Reflect::None; MAX_KINDS],
            reflect_paths: ReflectPaths {
                runs: Vec::new(),
                index: [Vec::new(), Vec::new(), Vec::new()],
            },
            lion: [false; MAX_KINDS],
            lion_lines: [[0; MAX_KINDS]; 2],
            special: [false; MAX_KINDS],
            promote_to: [u8::MAX; MAX_KINDS],
            zone: [[Bitboard::EMPTY; MAX_KINDS]; 2],
            dead: [[Bitboard::EMPTY; MAX_KINDS]; 2],
            stuck: [[Bitboard::EMPTY; MAX_KINDS]; 2],
            stuck_kinds: 0,
            unpromoted: [0; MAX_KINDS],
            royal: [false; MAX_KINDS],
            immortal: [false; MAX_KINDS],
            nifu: [false; MAX_KINDS],
            nifu_limit: [1; MAX_KINDS],
            drop_mate_forbidden: [false; MAX_KINDS],
            gold_class: [false; MAX_KINDS],
            captured: [[Captured::Vanish; 2]; MAX_KINDS],
            value: [0; MAX_KINDS],
            hand_kinds: Vec::new(),
            any_special: false,
            royal_mask: 0,
            kind_mask: 0,
            same_movement: [0; MAX_KINDS],
            reverse: ReverseAttacks {
                leap_sources: [[Bitboard::EMPTY; SQUARES]; 2],
                slide_kinds: [[0; 8]; 2],
                slide_dirs: [0; 2],
                slider_kinds: [0; 2],
                lines: [Bitboard::EMPTY; SQUARES],
                royal_leap_sources: [[Bitboard::EMPTY; SQUARES]; 2],
                reflect_kinds: 0,
                blockable_kinds: 0,
            },
            material_class: [0; MAX_KINDS],
            material_limit: [0; MAX_KINDS],
            owner_fixed: 0,
            material_limit_per_side: [[0; MAX_KINDS]; 2],
        };
        for (k, p) in table.pieces.iter().enumerate() {
            let m = &p.movement;
            for color in Color::BOTH {
                let c = color.index();
                for sq in g.squares() {
                    let s = sq.index();
                    for &(dx, dy) in m.leaps {
                        if let Some(to) = g.offset(sq, color, dx, dy) {
                            t.leap[c][k][s].set(to);
                        }
                    }
                    for &(dx, dy) in m.move_only {
                        if let Some(to) = g.offset(sq, color, dx, dy) {
                            t.move_only[c][k][s].set(to);
                        }
                    }
                    for &(dx, dy) in m.capture_only {
                        if let Some(to) = g.offset(sq, color, dx, dy) {
                            t.capture_only[c][k][s].set(to);
                        }
                    }
                    let far = g.rank_from_far(sq, color);
                    if let Some(pr) = p.promotion {
                        if far < pr.zone {
                            t.zone[c][k].set(sq);
                        }
                    }
                    if far < p.dead_ranks {
                        t.dead[c][k].set(sq);
                    }
                }
                for &(dx, dy) in m.slides {
                    if m.reflect != Reflect::None && dx != 0 && dy != 0 {
                        continue;
                    }
                    let (df, dr) = absolute(color, dx, dy);
                    let d = dir_index(df, dr).expect("slide directions are unit vectors");
                    t.slide_dirs[c][k] |= 1 << d;
                }
                for &(dx, dy) in m.lion_lines {
                    let (df, dr) = absolute(color, dx, dy);
                    let d = dir_index(df, dr).expect("lion lines are unit vectors");
                    t.lion_lines[c][k] |= 1 << d;
                }
                for &((dx, dy), n) in m.ranged {
                    let (df, dr) = absolute(color, dx, dy);
                    let d = dir_index(df, dr).expect("slide directions are unit vectors");
                    // An unlimited slide the same way wins over the limited one.
                    if t.slide_dirs[c][k] >> d & 1 == 0 || t.slide_range[c][k][d] != 0 {
                        t.slide_dirs[c][k] |= 1 << d;
                        let r = &mut t.slide_range[c][k][d];
                        *r = (*r).max(n);
                        t.ranged_mask |= 1 << k;
                    }
                }
            }
            t.reflect[k] = m.reflect;
            t.lion[k] = m.lion;
            t.special[k] = !m.move_only.is_empty()
                || !m.capture_only.is_empty()
                || m.reflect != Reflect::None
                || m.lion
                || !m.lion_lines.is_empty();
            t.promote_to[k] = p.promotion.map_or(u8::MAX, |pr| pr.to);
            t.unpromoted[k] = p.unpromoted;
            t.royal[k] = p.royal;
            t.immortal[k] = p.immortal;
            t.nifu[k] = p.nifu;
            t.nifu_limit[k] = p.nifu_limit.max(1);
            // In check shogi a drop that checks wins at once, so no drop mates.
            t.drop_mate_forbidden[k] = p.drop_mate_forbidden && table.hooks.goal != Goal::Check;
            t.gold_class[k] = p.gold_class;
            t.captured[k] = p.captured;
            t.value[k] = p.value;
            t.any_special |= t.special[k];
            if p.royal {
                t.royal_mask |= 1 << k;
            }
            t.kind_mask |= 1 << k;
            if !t.special[k] && m.ranged.is_empty() {
                for color in Color::BOTH {
                    let c = color.index();
                    let start = t.leap_shifts.len();
                    for &(dx, dy) in m.leaps {
                        let (df, dr) = absolute(color, dx, dy);
                        let shift = df as i32 * STRIDE as i32 + dr as i32;
                        if t.leap_shifts[start..].iter().any(|&(s, _)| s == shift) {
                            continue;
                        }
                        let mut from = Bitboard::EMPTY;
                        for sq in g.squares() {
                            if g.offset(sq, color, dx, dy).is_some() {
                                from.set(sq);
                            }
                        }
                        if m.slides.is_empty() {
                            t.leap_shifts.push((shift, from));
                        }
                        match t.leap_slots[c].iter_mut().find(|s| s.shift == shift) {
                            Some(slot) => slot.kinds |= 1 << k,
                            None => t.leap_slots[c].push(LeapSlot {
                                shift,
                                starts: from,
                                kinds: 1 << k,
                                rank_step: dr,
                            }),
                        }
                    }
                    let end = t.leap_shifts.len();
                    if end > start {
                        t.leap_shift_range[c][k] = (start as u16, end as u16);
                        t.set_leapers[c] |= 1 << k;
                        if m.leaps.iter().all(|&(dx, _)| dx == 0) {
                            t.file_leapers[c] |= 1 << k;
                        }
                    }
                }
            }
        }
        for (i, p) in table.pieces.iter().enumerate() {
            for (j, q) in table.pieces.iter().enumerate() {
                if p.movement == q.movement {
                    t.same_movement[i] |= 1 << j;
                }
            }
        }
        // Leaps of the same kinds side by side (a leap and its mirror image, mostly): bulk
        // counting gathers their pieces once.
        for slots in &mut t.leap_slots {
            slots.sort_by_key(|slot| slot.kinds);
        }
        // Hand kinds: exactly what a capture can put in hand.
        let mut hand: Vec<u8> = Vec::new();
        for p in table.pieces {
            for cap in p.captured {
                if let Captured::Hand(h) = cap {
                    if !hand.contains(&h) {
                        hand.push(h);
                    }
                }
            }
        }
        let order = |k: &u8| {
            let letter = table.pieces[*k as usize].sfen.chars().last().unwrap_or(' ');
            HAND_ORDER
                .find(letter)
                .unwrap_or(HAND_ORDER.len() + *k as usize)
        };
        hand.sort_by_key(order);
        t.hand_kinds = hand;
        let longest = t
            .slide_range
            .iter()
            .flatten()
            .flatten()
            .copied()
            .max()
            .unwrap_or(0);
        if longest > 0 {
            t.within = (0..=longest as i32)
                .map(|n| {
                    std::array::from_fn(|s| {
                        let from = Square::new(s as u8);
                        let mut near = Bitboard::EMPTY;
                        for to in t.board {
                            let df = (to.file() as i32 - from.file() as i32).abs();
                            let dr = (to.rank() as i32 - from.rank() as i32).abs();
                            if df.max(dr) <= n {
                                near.set(to);
                            }
                        }
                        near
                    })
                })
                .collect();
        }
        for c in Color::BOTH {
            for k in 0..n {
                for sq in g.squares() {
                    let s = sq.index();
                    let mut slides = Bitboard::EMPTY;
                    for d in 0..8 {
                        if t.slide_dirs[c.index()][k] >> d & 1 != 0 {
                            slides |= match t.slide_range[c.index()][k][d] {
                                0 => t.rays[d][s],
                                n => t.rays[d][s] & t.within[n as usize][s],
                            };
                        }
                    }
                    t.slide_reach[c.index()][k][s] = slides;
                    let reach = t.plain_attacks(k, c, sq, Bitboard::EMPTY)
                        | t.move_only[c.index()][k][s]
                        | t.capture_only[c.index()][k][s];
                    if reach.is_empty() {
                        t.stuck[c.index()][k].set(sq);
                        t.stuck_kinds |= 1 << k;
                    }
                }
            }
        }
        for mode in [Reflect::Sides, Reflect::TopBottom, Reflect::All] {
            if t.reflect.contains(&mode) {
                t.reflect_paths.add(&g, mode);
            }
        }
        t.reverse = ReverseAttacks::build(&t);
        t.material_class = material_classes(table);
        (t.material_limit, t.material_limit_per_side) = material_limits(table, &t.material_class);
        t.owner_fixed = owner_fixed_classes(table, &t.material_class);
        t
    }

    /// Squares attacked by a slider from `sq` along `d`, up to and including the first blocker.
    ///
    /// Branch-free: along a direction of increasing index the squares up to the lowest
    /// blocker are `ray & (x ^ (x - 1))` (`x` the blockers; the whole ray when there are none);
    /// along a decreasing one, the ray minus the ray beyond the highest blocker, square 0
    /// standing in for no blocker (nothing lies beyond it that way).
    #[inline]
    pub fn ray_attack(&self, d: usize, sq: Square, occ: Bitboard<S>) -> Bitboard<S> {
        let ray = self.rays[d][sq.index()];
        let blockers = (ray & occ).0;
        if positive(d) {
            Bitboard(ray.0 & blockers.up_to_lowest())
        } else {
            ray ^ self.rays[d][blockers.highest_or_zero() as usize]
        }
    }

    /// Attacks of a kind without special movement (leaps and plain slides).
    #[inline]
    pub fn plain_attacks(
        &self,
        kind: usize,
        color: Color,
        sq: Square,
        occ: Bitboard<S>,
    ) -> Bitboard<S> {
        self.plain_attacks_inlined(kind, color, sq, occ)
    }

    /// [`Tables::plain_attacks`], inlined where it is called: for bulk counting's piece loop
    /// only (inlining it everywhere cost build time for the 108 rule sets).
    #[inline(always)]
    pub(crate) fn plain_attacks_inlined(
        &self,
        kind: usize,
        color: Color,
        sq: Square,
        occ: Bitboard<S>,
    ) -> Bitboard<S> {
        let c = color.index();
        let mut att = self.leap[c][kind][sq.index()];
        let mut dirs = self.slide_dirs[c][kind];
        let ranged = self.ranged_mask >> kind & 1 != 0;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let ray = self.ray_attack(d, sq, occ);
            att |= match self.slide_range[c][kind][d] {
                n if ranged && n != 0 => ray & self.within[n as usize][sq.index()],
                _ => ray,
            };
        }
        att
    }

    /// The one attack kernel: squares a `kind` of `color` on `sq` attacks by leaps, plain
    /// slides (blocked by `occ`) and capture-only steps. Reflecting slides bend with the board
    /// and are added by the position ([`crate::Position::natural_attacks_in`]).
    #[inline]
    pub fn attacks(&self, kind: usize, color: Color, sq: Square, occ: Bitboard<S>) -> Bitboard<S> {
        let att = self.plain_attacks(kind, color, sq, occ);
        if self.special[kind] {
            att | self.capture_only[color.index()][kind][sq.index()]
        } else {
            att
        }
    }

    /// Squares the `pieces` of `kind` and `color` attack together, if the kind only leaps (one
    /// of `set_leapers`): one shift of the whole set per leap, or a lookup per piece where
    /// there are fewer pieces than leaps (a lone king, two golds). Always inlined: small, and
    /// called per kind in the attack-map loops.
    #[inline(always)]
    pub fn leap_set_attacks(
        &self,
        kind: usize,
        color: Color,
        pieces: Bitboard<S>,
    ) -> Option<Bitboard<S>> {
        let c = color.index();
        if self.set_leapers[c] >> kind & 1 == 0 {
            return None;
        }
        let (start, end) = self.leap_shift_range[c][kind];
        let mut att = Bitboard::EMPTY;
        if (pieces.count() as usize) < (end - start) as usize {
            for sq in pieces {
                att |= self.leap[c][kind][sq.index()];
            }
            return Some(att);
        }
        for &(by, from) in &self.leap_shifts[start as usize..end as usize] {
            att |= (pieces & from).shifted(by);
        }
        Some(att)
    }

    /// Squares a `kind` of `color` on `sq` may move to by its own movement, before the own-
    /// piece mask: [`Tables::attacks`], except that a square reached only by a capture-only
    /// step needs a piece of `capturable` on it, plus move-only steps onto empty squares.
    #[inline]
    pub fn reach(
        &self,
        kind: usize,
        color: Color,
        sq: Square,
        occ: Bitboard<S>,
        capturable: Bitboard<S>,
    ) -> Bitboard<S> {
        self.reach_with(
            self.plain_attacks(kind, color, sq, occ),
            kind,
            color,
            sq,
            occ,
            capturable,
        )
    }

    /// [`Tables::reach`] from the kind's plain attacks `att` (computed by the caller).
    #[inline(always)]
    pub(crate) fn reach_with(
        &self,
        att: Bitboard<S>,
        kind: usize,
        color: Color,
        sq: Square,
        occ: Bitboard<S>,
        capturable: Bitboard<S>,
    ) -> Bitboard<S> {
        if self.special[kind] {
            let (c, s) = (color.index(), sq.index());
            att | self.capture_only[c][kind][s] & capturable | self.move_only[c][kind][s] & !occ
        } else {
            att
        }
    }

    /// Whether the `kind` slider of colour `c` on `from` reaches `to` along `d` (the ray
    /// between them known to be clear): always, unless its slide that way is range-limited.
    #[inline]
    pub fn slide_reaches(&self, c: usize, kind: usize, d: usize, from: Square, to: Square) -> bool {
        if self.ranged_mask >> kind & 1 == 0 {
            return true;
        }
        match self.slide_range[c][kind][d] {
            0 => true,
            n => self.within[n as usize][from.index()].contains(to),
        }
    }
}

/// Kinds linked by promotion or by the hand mapping share a class, named by its lowest kind.
fn material_classes(table: &RuleTable) -> [u8; MAX_KINDS] {
    let mut class: [u8; MAX_KINDS] = std::array::from_fn(|k| k as u8);
    fn root(class: &[u8; MAX_KINDS], mut k: u8) -> u8 {
        while class[k as usize] != k {
            k = class[k as usize];
        }
        k
    }
    let join = |class: &mut [u8; MAX_KINDS], a: u8, b: u8| {
        let (ra, rb) = (root(class, a), root(class, b));
        class[ra.max(rb) as usize] = ra.min(rb);
    };
    for (k, p) in table.pieces.iter().enumerate() {
        let k = k as u8;
        join(&mut class, k, p.unpromoted);
        if let Some(pr) = p.promotion {
            join(&mut class, k, pr.to);
        }
        for cap in p.captured {
            if let Captured::Hand(h) = cap {
                join(&mut class, k, h);
            }
        }
    }
    std::array::from_fn(|k| root(&class, k as u8))
}

/// Classes whose pieces never change owner (see [`Tables::owner_fixed`]).
fn owner_fixed_classes(table: &RuleTable, class: &[u8; MAX_KINDS]) -> KindMask {
    let turns_over = table.hooks.capture_effect == CaptureEffect::Andernach
        || table.hooks.after_move != AfterMove::None;
    if turns_over {
        return 0;
    }
    let mut fixed: KindMask = 0;
    for &c in &class[..table.pieces.len()] {
        fixed |= 1 << c;
    }
    for (k, p) in table.pieces.iter().enumerate() {
        if p.captured.iter().any(|c| matches!(c, Captured::Hand(_))) {
            fixed &= !(1 << class[k]);
        }
    }
    fixed
}

/// The most pieces of each class found in any setup's start position (board and hands), in
/// all and per side. A table without setups (a hand-written test table) bounds nothing.
fn material_limits(
    table: &RuleTable,
    class: &[u8; MAX_KINDS],
) -> ([u8; MAX_KINDS], [[u8; MAX_KINDS]; 2]) {
    if table.setups.is_empty() {
        return ([u8::MAX; MAX_KINDS], [[u8::MAX; MAX_KINDS]; 2]);
    }
    let mut limit = [0u8; MAX_KINDS];
    let mut per_side = [[0u8; MAX_KINDS]; 2];
    for setup in table.setups {
        let mut count = [0u32; MAX_KINDS];
        let mut side_count = [[0u32; MAX_KINDS]; 2];
        // Black's tokens are upper case, White's lower case.
        let side = |token: &str| usize::from(token.chars().any(|c| c.is_ascii_lowercase()));
        let mut fields = setup.sfen.split_whitespace();
        let board = fields.next().unwrap_or("");
        let kind_of = |token: &str| table.kind_by_sfen(&token.to_ascii_uppercase());
        // Setup boards were checked by the macro; a bad one would only count less.
        let _ = crate::board_text::read_board(&table.geometry, board, |_, token| {
            if let Some(k) = kind_of(token) {
                count[class[k as usize] as usize] += 1;
                side_count[side(token)][class[k as usize] as usize] += 1;
            }
            Ok::<(), crate::board_text::BoardError>(())
        });
        // Hands of a setup: `[count]letter` items.
        let hand = fields.nth(1).unwrap_or("-");
        let mut n = 0u32;
        for ch in hand.chars() {
            if let Some(d) = ch.to_digit(10) {
                n = n * 10 + d;
            } else if let Some(k) = kind_of(&ch.to_string()) {
                count[class[k as usize] as usize] += n.max(1);
                side_count[side(&ch.to_string())][class[k as usize] as usize] += n.max(1);
                n = 0;
            }
        }
        let widen = |limit: &mut [u8; MAX_KINDS], count: [u32; MAX_KINDS]| {
            for (l, c) in limit.iter_mut().zip(count) {
                *l = (*l).max(c.min(u8::MAX as u32) as u8);
            }
        };
        widen(&mut limit, count);
        for c in 0..2 {
            widen(&mut per_side[c], side_count[c]);
        }
    }
    (limit, per_side)
}

/// Kinds that move only one square straight forward or back (pawn, go-between): chu shogi's
/// minor pieces, which make no bridge for a lion and do not count for baring a king.
pub const fn pawn_like_kinds(table: &RuleTable) -> KindMask {
    let mut mask = 0;
    let mut i = 0;
    while i < table.pieces.len() {
        let m = &table.pieces[i].movement;
        let mut weak = m.slides.is_empty()
            && m.ranged.is_empty()
            && m.capture_only.is_empty()
            && m.move_only.is_empty()
            && !m.lion
            && m.lion_lines.is_empty();
        let mut j = 0;
        while j < m.leaps.len() {
            let (dx, dy) = m.leaps[j];
            weak &= dx == 0 && (dy == 1 || dy == -1);
            j += 1;
        }
        if weak {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
}
