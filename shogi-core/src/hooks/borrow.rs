//! Borrowed movement (RULES.md §3, and Annan shogi's friend behind): a piece moves like the
//! lenders standing at a place relative to it.
//!
//! - A lender's movement is its kind's, oriented as if the mover owned it (borrowing an enemy
//!   pawn is one step toward the mover's own forward).
//! - Several lenders: the union of their movements.
//! - Own movement: only when no lender qualifies (`WhenNone`), or always (`Always`).
//! - `Attacked` / `Attackers` places are decided by natural attacks (sliders blocked).
//! - Promotion, dead ranks and nifu stay those of the mover's own kind (movegen applies them).

use crate::bitboard::{Bitboard, Storage, U256};
use crate::geometry::{Color, Geometry, Square, SQUARES, STRIDE};
use crate::hooks::kinds_in;
use crate::hooks::node_cache::{LentKinds, NodeCache};
use crate::lent_stack::{LentPly, ZoneRecord};
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::{Bb, Rules};
use crate::table::{KindMask, Lender, MovementSource, Offset, OwnMovement, Place};
use crate::tables::{first_along, DIRS, OPPOSITE};

/// The pieces of the side to move that are first on a ray from its king and hide an enemy
/// piece behind them, and per ray the squares up to that enemy (the piece's own included).
pub(crate) struct Hiding<S: Storage> {
    pub(crate) pieces: Bitboard<S>,
    pub(crate) lines: [Bitboard<S>; DIRS.len()],
}

impl<S: Storage> Hiding<S> {
    /// Nothing hidden (rule sets without borrowed movement).
    pub(crate) const NONE: Self = Hiding {
        pieces: Bitboard::EMPTY,
        lines: [Bitboard::EMPTY; DIRS.len()],
    };

    /// Where the hiding piece on `from` may go and still hide the enemy (along its ray).
    #[inline]
    pub(crate) fn keep(&self, from: Square) -> Bitboard<S> {
        self.lines
            .iter()
            .copied()
            .find(|l| l.contains(from))
            .map_or(Bitboard::EMPTY, |l| l & !Bitboard::from_square(from))
    }
}

/// Squares at `offsets` (seen from the owner's seat) from each square, per colour.
const fn place_masks(offsets: &[Offset]) -> [[U256; SQUARES]; 2] {
    let mut masks = [[U256::ZERO; SQUARES]; 2];
    let mut c = 0;
    while c < 2 {
        let color = if c == 0 { Color::Black } else { Color::White };
        let mut s = 0;
        while s < SQUARES {
            let mut i = 0;
            while i < offsets.len() {
                let from = Square::new(s as u8);
                // Storage bounds: lenders stand on the board, so squares off it never matter.
                if let Some(to) = Geometry::STORAGE.offset(from, color, offsets[i].0, offsets[i].1)
                {
                    masks[c][s] = masks[c][s].with_bit(to.index());
                }
                i += 1;
            }
            s += 1;
        }
        c += 1;
    }
    masks
}

const BEHIND_AT: &[Offset] = &[(0, -1)];
const FRONT_AT: &[Offset] = &[(0, 1)];
const SIDE_AT: &[Offset] = &[(1, 0), (-1, 0)];
const KNIGHT_AT: &[Offset] = &[
    (1, 2),
    (-1, 2),
    (2, 1),
    (-2, 1),
    (1, -2),
    (-1, -2),
    (2, -1),
    (-2, -1),
];
const AROUND_AT: &[Offset] = &[
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

static BEHIND: [[U256; SQUARES]; 2] = place_masks(BEHIND_AT);
static FRONT: [[U256; SQUARES]; 2] = place_masks(FRONT_AT);
static SIDE: [[U256; SQUARES]; 2] = place_masks(SIDE_AT);
static KNIGHT: [[U256; SQUARES]; 2] = place_masks(KNIGHT_AT);
static AROUND: [[U256; SQUARES]; 2] = place_masks(AROUND_AT);

/// The bit of [`LentPly::cover`] that the eighth and later sliding lenders share.
const COVER_SHARED: usize = 7;

/// A place's offsets per colour as index shifts, each with the squares it stays on the storage
/// from: `shifted(lenders, -shift) & from` holds every square with a lender at that offset,
/// so the pieces with some lender are found with one shift per offset instead of a mask per
/// piece ([`Position::borrowers`]). Equal to the place masks above square for square.
/// Constants, not statics: the compiler sees the shift counts.
struct PlaceShifts {
    len: usize,
    shifts: [(i32, U256); 8],
}

const fn place_shifts(offsets: &[Offset]) -> [PlaceShifts; 2] {
    let mut out = [
        PlaceShifts {
            len: 0,
            shifts: [(0, U256::ZERO); 8],
        },
        PlaceShifts {
            len: 0,
            shifts: [(0, U256::ZERO); 8],
        },
    ];
    let mut c = 0;
    while c < 2 {
        let color = if c == 0 { Color::Black } else { Color::White };
        let mut i = 0;
        while i < offsets.len() {
            let (dx, dy) = offsets[i];
            let (df, dr) = match color {
                Color::Black => (-(dx as i32), -(dy as i32)),
                Color::White => (dx as i32, dy as i32),
            };
            let mut from = U256::ZERO;
            let mut s = 0;
            while s < SQUARES {
                if Geometry::STORAGE
                    .offset(Square::new(s as u8), color, dx, dy)
                    .is_some()
                {
                    from = from.with_bit(s);
                }
                s += 1;
            }
            out[c].shifts[i] = (df * STRIDE as i32 + dr, from);
            i += 1;
        }
        out[c].len = offsets.len();
        c += 1;
    }
    out
}

const BEHIND_SHIFTS: [PlaceShifts; 2] = place_shifts(BEHIND_AT);
const FRONT_SHIFTS: [PlaceShifts; 2] = place_shifts(FRONT_AT);
const SIDE_SHIFTS: [PlaceShifts; 2] = place_shifts(SIDE_AT);
const KNIGHT_SHIFTS: [PlaceShifts; 2] = place_shifts(KNIGHT_AT);
const AROUND_SHIFTS: [PlaceShifts; 2] = place_shifts(AROUND_AT);

impl<R: Rules> Position<R> {
    /// The side whose pieces lend to a mover of `color`.
    #[inline]
    pub(crate) fn lender_color(lender: Lender, color: Color) -> Color {
        match lender {
            Lender::Enemy => !color,
            Lender::Friend => color,
        }
    }

    /// Squares of the pieces lending their movement to a piece of `kind` and `color` on
    /// `from`.
    #[inline]
    fn lenders(&self, from: Square, color: Color, kind: u8, lender: Lender, place: Place) -> Bb<R> {
        let lc = Self::lender_color(lender, color);
        let theirs = self.pieces_of(lc);
        let (c, s) = (color.index(), from.index());
        match place {
            Place::Behind => Bb::<R>::from_wide(BEHIND[c][s]) & theirs,
            Place::Front => Bb::<R>::from_wide(FRONT[c][s]) & theirs,
            Place::Side => Bb::<R>::from_wide(SIDE[c][s]) & theirs,
            Place::Knight => Bb::<R>::from_wide(KNIGHT[c][s]) & theirs,
            Place::Around => Bb::<R>::from_wide(AROUND[c][s]) & theirs,
            Place::Attacked => self.natural_attacks(kind, color, from) & theirs,
            Place::Attackers => self.attackers_naturally(from, lc),
        }
    }

    /// Kinds whose movement the piece on `from` uses, as a bit mask.
    #[inline]
    pub(crate) fn movement_kinds(&self, from: Square) -> KindMask {
        let p = self.piece_at(from);
        let MovementSource::Borrow { lender, place, own } = R::HOOKS.movement_source else {
            return 1 << p.kind();
        };
        let mut mask: KindMask = 0;
        for sq in self.lenders(from, p.color(), p.kind(), lender, place) {
            mask |= 1 << self.piece_at(sq).kind();
        }
        if mask == 0 || own == OwnMovement::Always {
            mask |= 1 << p.kind();
        }
        mask
    }

    /// The pieces of `color` that may borrow: every other piece of `color` moves by its own
    /// movement alone ([`Position::movement_kinds`] is its own kind), so bulk counting may
    /// move it with the others of its kind as a set. Those with a lender, except where the
    /// lenders are attackers: there those attacked by a lender of another kind than their own
    /// (a lender of its own kind lends nothing new); a piece left in moves one by one, which
    /// is never wrong.
    /// Found from the lenders' side where that is cheaper than asking each piece: one shift
    /// per offset of a fixed place, one shift per leap for the leaping kinds that attack, and
    /// for attacker lenders their attacks ([`Position::lender_attacks`], from the parent's
    /// record where it holds them).
    /// `by_attack`: where lenders are attacked pieces, the pieces of every plain kind are
    /// left out: the caller computes their attacks anyway and asks
    /// [`Position::borrows_by_attacks`] (one attack set per slider saved), or moves a leaping
    /// kind as a set and asks [`Position::set_borrowers`].
    /// `changed`: the squares the last move changed ([`Position::last_move_changed`]).
    pub(crate) fn borrowers(&self, color: Color, by_attack: bool, changed: Bb<R>) -> Bb<R> {
        let MovementSource::Borrow { lender, place, .. } = R::HOOKS.movement_source else {
            return Bitboard::EMPTY;
        };
        let lc = Self::lender_color(lender, color);
        let mine = self.pieces_of(color);
        let theirs = self.pieces_of(lc);
        let shifts = match place {
            Place::Behind => &BEHIND_SHIFTS,
            Place::Front => &FRONT_SHIFTS,
            Place::Side => &SIDE_SHIFTS,
            Place::Knight => &KNIGHT_SHIFTS,
            Place::Around => &AROUND_SHIFTS,
            Place::Attacked => {
                let t = self.tables;
                let mut found = Bitboard::EMPTY;
                if by_attack && !t.any_special {
                    return found;
                }
                for k in kinds_in(t.kind_mask) {
                    if by_attack && !t.special[k as usize] {
                        continue;
                    }
                    let pieces = self.pieces(color, k);
                    if pieces.nonempty() {
                        found |= self.attacking(color, k, pieces, theirs);
                    }
                }
                return found;
            }
            Place::Attackers => {
                // The squares a leap from a lender (more than those attacked), and the pieces
                // a sliding lender of another kind attacks: from the parent's record where it
                // holds the lenders, else found now.
                let (near, mut found) = match self.lenders_since_parent(lc, mine, changed) {
                    Some(pair) => pair,
                    None => {
                        let mut found = Bitboard::EMPTY;
                        let near = self.lender_attacks(lc, |_, k, att| {
                            found |= att & mine & !self.pieces_of_kind(k);
                        });
                        (near, found)
                    }
                };
                // Few pieces stand a leap from a lender: those few are asked for their
                // leaping attackers.
                for sq in near & mine {
                    let own = self.pieces_of_kind(self.piece_at(sq).kind());
                    if (self.leap_attackers(sq, lc) & !own).nonempty() {
                        found.set(sq);
                    }
                }
                return found;
            }
        };
        // One arm per colour: the shifts are then constants, unrolled with immediate counts.
        let found = match color {
            Color::Black => Self::with_lender_at(&shifts[0], theirs),
            Color::White => Self::with_lender_at(&shifts[1], theirs),
        };
        found & mine
    }

    /// The pieces of `lc` as lenders by attack: returns every square a leap away from one
    /// of them (one shift per distinct leap of the table, more squares than they attack),
    /// and hands each piece of a kind that does not only leap to `each` with its natural
    /// attacks.
    #[inline]
    fn lender_attacks(&self, lc: Color, mut each: impl FnMut(Square, u8, Bb<R>)) -> Bb<R> {
        let t = self.tables;
        let occ = self.occupied();
        let theirs = self.pieces_of(lc);
        let mut near = Bitboard::EMPTY;
        for slot in &t.leap_slots[lc.index()] {
            near |= (theirs & slot.starts).shifted(slot.shift);
        }
        for k in kinds_in(t.kind_mask & !t.set_leapers[lc.index()]) {
            for sq in self.pieces(lc, k) {
                each(sq, k, self.lender_slides(k, lc, sq, occ));
            }
        }
        near
    }

    /// The natural attacks of a lender of a kind that does not only leap, the plain kinds'
    /// by the kernel inlined.
    #[inline(always)]
    fn lender_slides(&self, kind: u8, lc: Color, sq: Square, occ: Bb<R>) -> Bb<R> {
        let t = self.tables;
        if t.special[kind as usize] {
            self.natural_attacks_in(kind, lc, sq, occ)
        } else {
            t.plain_attacks_inlined(kind as usize, lc, sq, occ)
        }
    }

    /// At a node whose children list their moves: records in the lent stack at this ply what
    /// the children ask first, the capture zone of their king ([`Position::king_zone`]) and,
    /// where lenders are attackers, their lenders ([`Position::lender_attacks`]), so that
    /// each child finds its own from them ([`Position::lenders_since_parent`]) instead of an
    /// attack set per sliding lender.
    pub(crate) fn record_for_children(&mut self) {
        let MovementSource::Borrow { lender, place, .. } = R::HOOKS.movement_source else {
            return;
        };
        let ply = self.ply_from_root();
        let hash = Some(self.hash());
        if (self.lent.plies.get(ply)).is_some_and(|r| r.hash == hash) {
            return;
        }
        let us = self.side_to_move();
        let lc = Self::lender_color(lender, !us);
        // The records below this ply stay; those above were made below another node.
        let mut stack = std::mem::take(&mut self.lent);
        stack.plies.truncate(ply);
        let start = stack.plies.last().map_or(0, |r| r.end);
        let none = LentPly {
            hash: None,
            color: lc,
            leaps: Bitboard::EMPTY,
            start,
            end: start,
            cover: [0; SQUARES],
            lent: Bitboard::EMPTY,
            twice: Bitboard::EMPTY,
            zone: None,
        };
        stack.plies.resize(ply, none);
        stack.sliders.truncate(start as usize);
        let mut rec = LentPly { hash, ..none };
        if place == Place::Attackers {
            rec.leaps = self.lender_attacks(lc, |sq, k, att| {
                let bit = 1 << (stack.sliders.len() - start as usize).min(COVER_SHARED);
                stack.sliders.push((sq, k, att));
                for s in att | Bitboard::from_square(sq) {
                    rec.cover[s.index()] |= bit;
                }
                let lent = att & !self.pieces_of_kind(k);
                rec.twice |= rec.lent & lent;
                rec.lent |= lent;
            });
        }
        let kings = self.royals(!us);
        rec.zone = (kings.count() == 1).then(|| self.zone_record(kings.lsb().unwrap(), us));
        rec.end = stack.sliders.len() as u32;
        stack.plies.push(rec);
        self.lent = stack;
    }

    /// The parent's record in the lent stack, where it was made at the parent.
    #[inline]
    fn parent_record(&self) -> Option<&LentPly<R::Storage>> {
        let rec = self.lent.plies.get(self.ply_from_root().checked_sub(1)?)?;
        (rec.hash.is_some() && rec.hash == self.parent_hash()).then_some(rec)
    }

    /// [`Position::zone_candidates_hiding`] of the king on `king` against `by`, and the
    /// squares whose contents decide it: on each ray up to the second piece, and the leap
    /// sources; the safety of its own steps ([`Position::safe_king_steps`]) likewise.
    fn zone_record(&self, king: Square, by: Color) -> ZoneRecord<R::Storage> {
        let (candidates, hiding) = self.zone_candidates_hiding(king, by);
        let occ = self.occupied();
        let mut region = self.tables.reverse.leap_sources[by.index()][king.index()];
        for (d, rays) in self.tables.rays.iter().enumerate() {
            let ray = rays[king.index()];
            let second = first_along(d, ray & occ)
                .and_then(|first| first_along(d, rays[first.index()] & occ));
            region |= second.map_or(ray, |s| ray ^ rays[s.index()]);
        }
        // The king's own steps but onto its friends (one captured by the move in between is
        // judged by the child): safe where no piece of `by` stands in the capture zone of the
        // square with the king lifted, which only a change in that zone changes.
        let lifted = occ ^ Bitboard::from_square(king);
        let enemy = self.pieces_of(by);
        let kind = self.piece_at(king).kind() as usize;
        let steps = self.tables.leap[(!by).index()][kind][king.index()] & !self.pieces_of(!by);
        let (mut safe, mut steps_region) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for to in steps {
            let zone = self.capture_zone_in(to, by, lifted);
            if (zone & enemy).is_empty() {
                safe.set(to);
            }
            steps_region |= zone;
        }
        ZoneRecord {
            king,
            by,
            region,
            candidates,
            hiding: hiding.pieces,
            lines: hiding.lines,
            steps,
            safe,
            steps_region,
        }
    }

    /// The parent's record of the zone of the side to move's king on `king` against `by`,
    /// where the last move changed none of the squares in the region `of` it names.
    #[inline]
    fn parent_zone(
        &self,
        king: Square,
        by: Color,
        changed: Bb<R>,
        of: impl Fn(&ZoneRecord<R::Storage>) -> Bb<R>,
    ) -> Option<&ZoneRecord<R::Storage>> {
        let z = self.parent_record()?.zone.as_ref()?;
        let kept = z.king == king && z.by == by && (of(z) & changed).is_empty();
        kept.then_some(z)
    }

    /// The squares the last move changed (none at the root): found once per node for the
    /// questions to the parent's record.
    pub(crate) fn last_move_changed(&self) -> Bb<R> {
        let mut changed = Bitboard::EMPTY;
        for (sq, _) in self.last_move_squares() {
            changed.set(sq);
        }
        changed
    }

    /// [`Position::zone_candidates_hiding`] of the side to move's king on `king` against
    /// `by`: the parent's record where the last move changed none of the squares deciding it
    /// (most moves are made far from the other king), else found now.
    #[inline(never)]
    pub(crate) fn king_zone(
        &self,
        king: Square,
        by: Color,
        changed: Bb<R>,
    ) -> (Bb<R>, Hiding<R::Storage>) {
        match self.parent_zone(king, by, changed, |z| z.region) {
            Some(z) => (
                z.candidates,
                Hiding {
                    pieces: z.hiding,
                    lines: z.lines,
                },
            ),
            None => self.zone_candidates_hiding(king, by),
        }
    }

    /// From the parent's record of the lenders of colour `lc` ([`Position::record_for_children`]),
    /// where it holds them: every square a leap away from one of them (more than they attack),
    /// and the pieces of `mine` that one of another kind that does not only leap attacks. The
    /// last move changed a few squares: only a lender standing there, or a sliding one whose
    /// attacks reach one of them, is looked at again; leaps do not depend on the board, and a
    /// lender's attacks end at the first piece on each line, so a square changed beyond it
    /// changes nothing.
    fn lenders_since_parent(
        &self,
        lc: Color,
        mine: Bb<R>,
        changed: Bb<R>,
    ) -> Option<(Bb<R>, Bb<R>)> {
        let rec = self.parent_record()?;
        if rec.color != lc {
            return None;
        }
        let t = self.tables;
        let occ = self.occupied();
        let mut near = rec.leaps;
        let mut found = Bitboard::EMPTY;
        // The sliding lenders whose square or attacks the move changed.
        let mut touched = 0u8;
        for sq in changed {
            touched |= rec.cover[sq.index()];
            let p = self.piece_at(sq);
            if p.is_empty() || p.color() != lc {
                continue;
            }
            let k = p.kind();
            if t.set_leapers[lc.index()] >> k & 1 != 0 {
                near |= t.leap[lc.index()][k as usize][sq.index()];
            } else {
                found |= self.lender_slides(k, lc, sq, occ) & mine & !self.pieces_of_kind(k);
            }
        }
        // The other sliding lenders lend as recorded (`mine` changed only where the move
        // did). With one touched, the pieces it alone lent to are taken from the record, and
        // those it lends to now added.
        let sliders = &self.lent.sliders[rec.start as usize..rec.end as usize];
        if touched.count_ones() <= 1 && touched >> COVER_SHARED == 0 {
            let mut lent = rec.lent;
            if touched != 0 {
                let (sq, k, att) = sliders[touched.trailing_zeros() as usize];
                lent &= !(att & !self.pieces_of_kind(k) & !rec.twice);
                if !changed.contains(sq) {
                    lent |= self.lender_slides(k, lc, sq, occ) & !self.pieces_of_kind(k);
                }
            }
            return Some((near, found | lent & mine));
        }
        for &(sq, k, att) in sliders {
            if changed.contains(sq) {
                continue;
            }
            let att = if (att & changed).nonempty() {
                self.lender_slides(k, lc, sq, occ)
            } else {
                att
            };
            found |= att & mine & !self.pieces_of_kind(k);
        }
        Some((near, found))
    }

    /// The `pieces` (of `kind` and `color`) that naturally attack one of `targets`: one shift
    /// per leap for a leaping kind whose pieces outnumber its leaps, else a lookup or an
    /// attack set per piece.
    #[inline]
    fn attacking(&self, color: Color, kind: u8, pieces: Bb<R>, targets: Bb<R>) -> Bb<R> {
        let t = self.tables;
        let (c, k) = (color.index(), kind as usize);
        let mut found = Bitboard::EMPTY;
        if t.set_leapers[c] >> k & 1 == 0 {
            for sq in pieces {
                if (self.natural_attacks(kind, color, sq) & targets).nonempty() {
                    found.set(sq);
                }
            }
            return found;
        }
        let (start, end) = t.leap_shift_range[c][k];
        if pieces.count() >= (end - start) as u32 {
            found = pieces & self.leaping_onto(color, kind, targets);
        } else {
            for sq in pieces {
                if (t.leap[c][k][sq.index()] & targets).nonempty() {
                    found.set(sq);
                }
            }
        }
        found
    }

    /// The squares from which a piece of leaping `kind` (one of `set_leapers`) and `color`
    /// attacks one of `targets`: its natural attacks are its leaps, so a target one leap
    /// away; one shift of the targets per leap.
    #[inline(always)]
    fn leaping_onto(&self, color: Color, kind: u8, targets: Bb<R>) -> Bb<R> {
        let t = self.tables;
        let (start, end) = t.leap_shift_range[color.index()][kind as usize];
        let mut found = Bitboard::EMPTY;
        for &(by, from) in &t.leap_shifts[start as usize..end as usize] {
            found |= from & targets.shifted(-by);
        }
        found
    }

    /// Of the `pieces` of leaping `kind` (one of `set_leapers`) of the side to move that bulk
    /// counting moves as a set, those that borrow where [`Position::borrowers`] by attack left them
    /// out (lenders are the pieces they attack); none elsewhere. Only the set's kinds pay for the
    /// test: a leaper moved one by one is judged from the attacks the kernel computes anyway.
    #[inline]
    pub(crate) fn set_borrowers(&self, kind: usize, pieces: Bb<R>) -> Bb<R> {
        let MovementSource::Borrow {
            lender,
            place: Place::Attacked,
            ..
        } = R::HOOKS.movement_source
        else {
            return Bitboard::EMPTY;
        };
        let color = self.side_to_move();
        let theirs = self.pieces_of(Self::lender_color(lender, color));
        pieces & self.leaping_onto(color, kind as u8, theirs)
    }

    /// The squares with one of `lenders` at one of the offsets `at`.
    #[inline(always)]
    fn with_lender_at(at: &PlaceShifts, lenders: Bb<R>) -> Bb<R> {
        let mut found = Bitboard::EMPTY;
        for &(by, from) in &at.shifts[..at.len] {
            found |= lenders.shifted(-by) & Bb::<R>::from_wide(from);
        }
        found
    }

    /// Whether a piece of the side to move whose natural attacks are `att` borrows, where
    /// lenders are the pieces it attacks (the rest of [`Position::borrowers`] with
    /// `by_attack`); never elsewhere.
    #[inline]
    pub(crate) fn borrows_by_attacks(&self, att: Bb<R>) -> bool {
        let MovementSource::Borrow {
            lender,
            place: Place::Attacked,
            ..
        } = R::HOOKS.movement_source
        else {
            return false;
        };
        let lc = Self::lender_color(lender, self.side_to_move());
        (att & self.pieces_of(lc)).nonempty()
    }

    /// Whether the piece on `from` may move like `kind` (the check test's question).
    #[inline]
    pub(crate) fn uses_movement_of(&self, from: Square, kind: u8) -> bool {
        self.movement_kinds(from) >> kind & 1 != 0
    }

    /// Squares the piece on `from` attacks with the movements it uses (the union).
    #[inline]
    pub(crate) fn borrowed_attacks(&self, from: Square) -> Bb<R> {
        self.borrowed_attacks_in(from, self.occupied())
    }

    /// [`Position::borrowed_attacks`] with the board occupied as `occ` (its lenders those of
    /// the board as it is).
    #[inline]
    fn borrowed_attacks_in(&self, from: Square, occ: Bb<R>) -> Bb<R> {
        let color = self.piece_at(from).color();
        let mut att = Bitboard::EMPTY;
        for k in kinds_in(self.movement_kinds(from)) {
            att |= self.natural_attacks_in(k, color, from, occ);
        }
        att
    }

    /// The squares a move of the other side may leave and those it may land (or drop) on
    /// that change what the piece on `sq` borrows: its lender region both ways, except where
    /// lenders are its friends at fixed places (Annan), whom only a capture there changes.
    pub(crate) fn lender_touch(&self, sq: Square) -> (Bb<R>, Bb<R>) {
        let region = self.lender_region(sq);
        if Self::lenders_placed_friends() {
            (
                Bitboard::EMPTY,
                region & self.pieces_of(self.piece_at(sq).color()),
            )
        } else {
            (region, region)
        }
    }

    /// Where the piece on `from`, hiding an enemy from the king on `king` ([`Hiding`]), may
    /// go and leave the king uncapturable by it: along its ray, and anywhere but where the
    /// move changes the enemy's lenders if the enemy could not capture the king even
    /// uncovered (its movement as it is, the board without the hiding piece). Where lenders
    /// are attackers the hiding piece is always in the enemy's lender region: anywhere if no
    /// kind the enemy might move by after the move could reach the king
    /// ([`Position::uncovered_harmless`]). Nothing else changes with such a move: its landing
    /// only blocks, and any other zone candidate's lenders are the caller's concern.
    pub(crate) fn hider_keeps(
        &self,
        hiding: &Hiding<R::Storage>,
        from: Square,
        king: Square,
    ) -> Bb<R> {
        let keep = hiding.keep(from);
        let Some(d) = hiding.lines.iter().position(|l| l.contains(from)) else {
            return keep;
        };
        let occ = self.occupied();
        let Some(hidden) = first_along(d, self.tables.rays[d][from.index()] & occ) else {
            return keep;
        };
        if Self::lenders_attack() {
            return if self.uncovered_harmless(hidden, from, king) {
                Bitboard::FULL
            } else {
                keep
            };
        }
        if self
            .borrowed_attacks_in(hidden, occ ^ Bitboard::from_square(from))
            .contains(king)
        {
            return keep;
        }
        let (leave, land) = self.lender_touch(hidden);
        if leave.contains(from) {
            return keep;
        }
        keep | !land
    }

    /// Where lenders are attackers: whether the piece on `hidden`, uncovered toward the king
    /// on `king` by any move of the piece on `from` (or standing in the capture zone of
    /// `king` where the king on `from` steps), cannot capture the king after it. Its
    /// lenders then stand in its capture zone with `from` lifted (a landing only shortens
    /// it), or are the moving piece itself, promoted or not; if neither those kinds nor its
    /// own reach `king` from `hidden` on an empty board, no movement it may use does.
    fn uncovered_harmless(&self, hidden: Square, from: Square, king: Square) -> bool {
        let MovementSource::Borrow { lender, .. } = R::HOOKS.movement_source else {
            return false;
        };
        let t = self.tables;
        let h = self.piece_at(hidden);
        let (hc, lc) = (h.color().index(), Self::lender_color(lender, h.color()));
        let lifted = self.occupied() ^ Bitboard::from_square(from);
        let mut kinds: KindMask = 1 << h.kind();
        for sq in self.zone_pieces_in(hidden, lc, lifted, self.pieces_of(lc)) {
            kinds |= 1 << self.piece_at(sq).kind();
        }
        let mover = self.piece_at(from);
        if mover.color() == lc {
            let k = mover.kind();
            kinds |= 1 << k;
            if let Some(&up) = t.promote_to.get(k as usize).filter(|&&up| up != u8::MAX) {
                kinds |= 1 << up;
            }
        }
        kinds_in(kinds).all(|k| {
            let k = k as usize;
            !t.special[k]
                && !(t.leap[hc][k][hidden.index()] | t.slide_reach[hc][k][hidden.index()])
                    .contains(king)
        })
    }

    /// The squares whose contents decide what the piece on `sq` borrows: a piece leaving,
    /// arriving or captured anywhere else leaves its lenders (and so its movement) unchanged.
    /// The place masks; for `Attacked` the squares its own kind reaches (up to and including
    /// the first piece of each ray); for `Attackers` its capture zone against the lenders.
    pub(crate) fn lender_region(&self, sq: Square) -> Bb<R> {
        let p = self.piece_at(sq);
        let MovementSource::Borrow { lender, place, .. } = R::HOOKS.movement_source else {
            return Bitboard::EMPTY;
        };
        let (c, s) = (p.color().index(), sq.index());
        match place {
            Place::Behind => Bb::<R>::from_wide(BEHIND[c][s]),
            Place::Front => Bb::<R>::from_wide(FRONT[c][s]),
            Place::Side => Bb::<R>::from_wide(SIDE[c][s]),
            Place::Knight => Bb::<R>::from_wide(KNIGHT[c][s]),
            Place::Around => Bb::<R>::from_wide(AROUND[c][s]),
            Place::Attacked => self.natural_attacks(p.kind(), p.color(), sq),
            Place::Attackers => self.capture_zone(sq, Self::lender_color(lender, p.color())),
        }
    }

    /// Whether [`Position::hider_keeps`] may give a hiding piece more than its ray: where
    /// lenders are friends at fixed places (Annan) or attackers.
    #[inline]
    pub(crate) fn hiders_ask() -> bool {
        Self::lenders_placed_friends() || Self::lenders_attack()
    }

    /// Whether lenders are the pieces attacking the borrower (Anti-Kiki).
    #[inline]
    fn lenders_attack() -> bool {
        matches!(
            R::HOOKS.movement_source,
            MovementSource::Borrow {
                place: Place::Attackers,
                ..
            }
        )
    }

    /// Whether a piece's lenders are its friends standing at fixed places (Annan): a piece of
    /// the other side never lends to it, so that side changes its lenders only by capturing
    /// one (standing, arriving or leaving anywhere else, it changes nothing).
    #[inline]
    pub(crate) fn lenders_placed_friends() -> bool {
        matches!(
            R::HOOKS.movement_source,
            MovementSource::Borrow {
                lender: Lender::Friend,
                place,
                ..
            } if !matches!(place, Place::Attacked | Place::Attackers)
        )
    }

    /// The capture zone of `sq` against `by`: every square from which a piece of `by` moving
    /// like any kind of the table could capture on `sq` (the leap sources of every kind, and
    /// each ray up to its first piece).
    pub(crate) fn capture_zone(&self, sq: Square, by: Color) -> Bb<R> {
        self.capture_zone_in(sq, by, self.occupied())
    }

    /// [`Position::capture_zone`] with the board occupied as `occ` (a king lifted off it).
    pub(crate) fn capture_zone_in(&self, sq: Square, by: Color, occ: Bb<R>) -> Bb<R> {
        let mut zone = self.tables.reverse.leap_sources[by.index()][sq.index()];
        for (d, rays) in self.tables.rays.iter().enumerate() {
            let ray = rays[sq.index()];
            zone |= match first_along(d, ray & occ) {
                Some(first) => ray ^ rays[first.index()],
                None => ray,
            };
        }
        zone
    }

    /// The pieces of `by` in the capture zone of `sq`: the only ones that could capture there,
    /// whatever they borrow.
    pub(crate) fn zone_candidates(&self, sq: Square, by: Color) -> Bb<R> {
        self.zone_pieces_in(sq, by, self.occupied(), self.pieces_of(by))
    }

    /// Whether a piece of `by` in the capture zone of `target` captures there with a movement
    /// it uses (the check test without reflecting slides). A piece on a ray from `target`
    /// that no leap reaches it from can only slide there: where lenders are attackers it is
    /// asked only for the kinds sliding that way ([`Position::slides_lent`]), not for all
    /// its lenders; the others with their whole borrowed movement.
    pub(crate) fn zone_capturable(&self, target: Square, by: Color) -> bool {
        let t = self.tables;
        let captures = |from: Square, reaches: bool| {
            reaches && self.mobile(from) && self.capture_obeys_landing(from, target)
        };
        let borrowed = |from: Square| captures(from, self.borrowed_attacks(from).contains(target));
        // Special movements (lion, capture-only steps) are left to the whole movement.
        if !matches!(
            R::HOOKS.movement_source,
            MovementSource::Borrow {
                place: Place::Attackers,
                ..
            }
        ) || t.any_special
        {
            return self.zone_candidates(target, by).into_iter().any(borrowed);
        }
        let occ = self.occupied();
        let theirs = self.pieces_of(by);
        let near = t.reverse.leap_sources[by.index()][target.index()] & theirs;
        if near.into_iter().any(borrowed) {
            return true;
        }
        for (d, rays) in t.rays.iter().enumerate() {
            let ray = rays[target.index()];
            if (ray & theirs).is_empty() {
                continue;
            }
            let Some(from) = first_along(d, ray & occ).filter(|&f| theirs.contains(f)) else {
                continue;
            };
            if !near.contains(from) && captures(from, self.slides_lent(from, OPPOSITE[d], target)) {
                return true;
            }
        }
        false
    }

    /// Where lenders are attackers: whether the piece on `from` slides to `target` along
    /// direction `d` (the squares between empty) with a movement it uses: a lender of a kind
    /// sliding that far that way (a `k` of the lenders attacks `from` iff a `k` of the other
    /// colour on `from` attacks it), or its own kind where it uses that.
    fn slides_lent(&self, from: Square, d: usize, target: Square) -> bool {
        let MovementSource::Borrow { lender, own, .. } = R::HOOKS.movement_source else {
            return false;
        };
        let t = self.tables;
        let p = self.piece_at(from);
        let (b, lc) = (p.color().index(), Self::lender_color(lender, p.color()));
        let slides = |k: u8| {
            t.reverse.slide_kinds[b][d] >> k & 1 != 0
                && t.slide_reaches(b, k as usize, d, from, target)
        };
        for k in kinds_in(t.reverse.slide_kinds[b][d]) {
            let lenders = self.pieces(lc, k);
            if lenders.nonempty()
                && (self.natural_attacks(k, !lc, from) & lenders).nonempty()
                && slides(k)
            {
                return true;
            }
        }
        slides(p.kind())
            && (own == OwnMovement::Always || self.attackers_naturally(from, lc).is_empty())
    }

    /// [`Position::zone_candidates`], and the first pieces on the rays from `sq` that are not
    /// `by`'s and hide a piece of `by` behind them (leaving would bring it into the zone),
    /// with their lines ([`Hiding`]).
    pub(crate) fn zone_candidates_hiding(
        &self,
        sq: Square,
        by: Color,
    ) -> (Bb<R>, Hiding<R::Storage>) {
        let occ = self.occupied();
        let theirs = self.pieces_of(by);
        let mut found = self.tables.reverse.leap_sources[by.index()][sq.index()] & theirs;
        let mut uncover = Bitboard::EMPTY;
        let mut lines = [Bitboard::EMPTY; DIRS.len()];
        for (d, rays) in self.tables.rays.iter().enumerate() {
            let ray = rays[sq.index()];
            if (ray & theirs).is_empty() {
                continue;
            }
            let Some(first) = first_along(d, ray & occ) else {
                continue;
            };
            if theirs.contains(first) {
                found.set(first);
            } else if let Some(second) = first_along(d, rays[first.index()] & occ) {
                if theirs.contains(second) {
                    uncover.set(first);
                    // From `sq` up to the hidden piece, itself excluded (`first` included).
                    lines[d] = ray ^ rays[second.index()] ^ Bitboard::from_square(second);
                }
            }
        }
        (
            found,
            Hiding {
                pieces: uncover,
                lines,
            },
        )
    }

    /// The squares among `targets` where the king of the side to move on `king` is safe
    /// whatever anyone borrows: no piece of `them` stands in the capture zone of the square
    /// with the king lifted off its own. Its own steps as the parent's record judged them
    /// where the last move changed nothing there ([`Position::zone_record`]). Where lenders
    /// are attackers, also where every piece there is harmless, no kind it might move by
    /// after the step reaching the target ([`Position::uncovered_harmless`], the king the
    /// piece leaving): most steps near an enemy piece are legal.
    pub(crate) fn safe_king_steps(
        &self,
        king: Square,
        them: Color,
        targets: Bb<R>,
        changed: Bb<R>,
    ) -> Bb<R> {
        let (known, mut safe) = self
            .parent_zone(king, them, changed, |z| z.steps_region)
            .map_or((Bitboard::EMPTY, Bitboard::EMPTY), |z| (z.steps, z.safe));
        safe &= targets;
        let lifted = self.occupied() ^ Bitboard::from_square(king);
        let enemy = self.pieces_of(them);
        // Steps the record judged unsafe are asked again only where pieces may be harmless.
        let ask = targets & !if Self::lenders_attack() { safe } else { known };
        for to in ask {
            let zone = self.zone_pieces_in(to, them, lifted, enemy);
            let harmless = |e| Self::lenders_attack() && self.uncovered_harmless(e, king, to);
            if zone.into_iter().all(harmless) {
                safe.set(to);
            }
        }
        safe
    }

    /// The pieces of `enemy` (pieces of `by`) in the capture zone of `sq` with the board
    /// occupied as `occ`: `capture_zone_in(sq, by, occ) & enemy`, ray by ray and only along
    /// the rays holding such a piece (on a ray only the first piece can be in the zone).
    #[inline]
    fn zone_pieces_in(&self, sq: Square, by: Color, occ: Bb<R>, enemy: Bb<R>) -> Bb<R> {
        let mut found = self.tables.reverse.leap_sources[by.index()][sq.index()] & enemy;
        for (d, rays) in self.tables.rays.iter().enumerate() {
            let ray = rays[sq.index()];
            if (ray & enemy).is_empty() {
                continue;
            }
            if let Some(first) = first_along(d, ray & occ).filter(|&f| enemy.contains(f)) {
                found.set(first);
            }
        }
        found
    }

    /// The movement kinds ([`Position::movement_kinds`]) of every piece of `color` at once,
    /// where lenders are the pieces attacking the borrower (`Place::Attackers`): found from
    /// the lenders' side, one attack set per lending kind (per lender where the kind slides)
    /// instead of a reverse attack search per borrower. `None` for other places (asking each
    /// piece is cheap there).
    pub(crate) fn lent_kinds(&self, color: Color) -> Option<LentKinds> {
        let MovementSource::Borrow {
            lender,
            place: Place::Attackers,
            own,
        } = R::HOOKS.movement_source
        else {
            return None;
        };
        let lc = Self::lender_color(lender, color);
        let mine = self.pieces_of(color);
        let mut kinds: LentKinds = [0; SQUARES];
        // Kind by kind: a kind that only leaps attacks with its whole set at once.
        let occ = self.occupied();
        for k in kinds_in(self.tables.kind_mask) {
            let lenders = self.pieces(lc, k);
            if lenders.is_empty() {
                continue;
            }
            for p in self.natural_attacks_of(k, lc, lenders, occ) & mine {
                kinds[p.index()] |= 1 << k;
            }
        }
        for p in mine {
            if kinds[p.index()] == 0 || own == OwnMovement::Always {
                kinds[p.index()] |= 1 << self.piece_at(p).kind();
            }
        }
        Some(kinds)
    }

    /// Move generation for a mobile borrowing piece of `kind` on `from`: the squares it may move to
    /// with the movements it uses (capture-only steps onto enemies, move-only steps onto empty
    /// squares), and the lion double moves of a borrowed lion movement appended to `out`.
    /// `cache`: the node's cache for the side to move (its [`Position::lent_kinds`]).
    pub(crate) fn borrowed_targets(
        &self,
        cache: &NodeCache<R::Storage>,
        from: Square,
        kind: u8,
        out: &mut MoveList,
    ) -> Bb<R> {
        let t = self.tables;
        let color = self.piece_at(from).color();
        let kinds = match &cache.lent {
            Some(table) => table[from.index()],
            None => self.movement_kinds(from),
        };
        let mut reach = Bitboard::EMPTY;
        for k in kinds_in(kinds) {
            reach |= self.movement_reach(k, color, from);
        }
        if t.any_special {
            // Lion power of any lender, oriented for the mover.
            let c = color.index();
            let area = kinds_in(kinds).any(|k| t.lion[k as usize]);
            let lines = kinds_in(kinds).fold(0, |l, k| l | t.lion_lines[c][k as usize]);
            if area || lines != 0 {
                self.lion_double_moves(from, kind, area, lines, out);
            }
        }
        reach & !self.pieces_of(color) & !self.immortals(!color)
    }
}
