//! The transposition table: one entry per slot, indexed by the position hash.

use crate::moves::Move;
use std::collections::TryReserveError;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The value is at least the score (a beta cutoff).
    Lower,
    /// The value is at most the score (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    /// Move bits, 0 for none (bits 0 would be a move from 1a to 1a, which never exists).
    mv: u32,
    score: i32,
    depth: i16,
    /// 0 = empty slot, 1 + `Bound as u8` otherwise.
    bound: u8,
    age: u8,
}

/// A probe hit.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// Bits of the stored best move (compare with [`Move::bits`]).
    pub mv: Option<u32>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// Fixed-size table; its size is set in megabytes.
pub struct TransTable {
    entries: Vec<Entry>,
    age: u8,
}

const BOUNDS: [Bound; 3] = [Bound::Exact, Bound::Lower, Bound::Upper];

impl TransTable {
    /// A table of about `mb` megabytes (at least one entry).
    pub fn new(mb: usize) -> Result<Self, TryReserveError> {
        let mut t = TransTable {
            entries: Vec::new(),
            age: 0,
        };
        t.resize(mb)?;
        Ok(t)
    }

    /// Number of entries for a size in megabytes.
    pub fn entries_for(mb: usize) -> usize {
        (mb.saturating_mul(1 << 20) / std::mem::size_of::<Entry>()).max(1)
    }

    /// Reallocates to about `mb` megabytes and clears; on failure the table is unchanged.
    pub fn resize(&mut self, mb: usize) -> Result<(), TryReserveError> {
        let n = Self::entries_for(mb);
        let mut v: Vec<Entry> = Vec::new();
        v.try_reserve_exact(n)?;
        v.resize(n, Entry::default());
        self.entries = v;
        self.age = 0;
        Ok(())
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.age = 0;
    }

    /// Marks the start of a new search (older entries are replaced first).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        ((key as u128 * self.entries.len() as u128) >> 64) as usize
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let e = &self.entries[self.slot(key)];
        if e.bound == 0 || e.key != key {
            return None;
        }
        Some(Hit {
            mv: (e.mv != 0).then_some(e.mv),
            score: e.score,
            depth: e.depth as i32,
            bound: BOUNDS[(e.bound - 1) as usize],
        })
    }

    /// Stores a result; a shallower result for the same position from this search keeps
    /// the deeper one unless it is exact.
    #[inline]
    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let age = self.age;
        let i = self.slot(key);
        let e = &mut self.entries[i];
        let same = e.bound != 0 && e.key == key;
        if same && e.age == age && (e.depth as i32) > depth && bound != Bound::Exact {
            return;
        }
        let mv_bits = match mv {
            Some(m) => m.bits(),
            None if same => e.mv,
            None => 0,
        };
        *e = Entry {
            key,
            mv: mv_bits,
            score,
            depth: depth.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            bound: 1 + bound as u8,
            age,
        };
    }

    /// Permille of the first thousand slots used by this search (USI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        let used = self.entries[..n]
            .iter()
            .filter(|e| e.bound != 0 && e.age == self.age)
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Square;

    #[test]
    fn store_and_probe() {
        let mut t = TransTable::new(1).unwrap();
        assert!(t.len() > 1000);
        let mv = Move::new(Square::new(10), Square::new(11), false);
        t.store(42, Some(mv), 17, 3, Bound::Lower);
        let hit = t.probe(42).unwrap();
        assert_eq!(hit.mv, Some(mv.bits()));
        assert_eq!((hit.score, hit.depth, hit.bound), (17, 3, Bound::Lower));
        assert!(t.probe(43).is_none());
        // A shallower bound from the same search does not replace a deeper one.
        t.store(42, None, 5, 1, Bound::Upper);
        assert_eq!(t.probe(42).unwrap().depth, 3);
        // An exact one does, and keeps the old move when it has none.
        t.store(42, None, 5, 1, Bound::Exact);
        let hit = t.probe(42).unwrap();
        assert_eq!(
            (hit.score, hit.bound, hit.mv),
            (5, Bound::Exact, Some(mv.bits()))
        );
        t.clear();
        assert!(t.probe(42).is_none());
    }
}
