//! The transposition table, shared by the threads of a search (Lazy SMP).
//!
//! Slots are grouped in buckets of [`BUCKET`] entries (64 bytes, one cache line); a position
//! goes to one bucket by its hash. An entry is two atomic words: the packed data and the key
//! xor the data, so an entry torn by two threads writing at once fails the key test instead of
//! giving a wrong move or score (the usual lock-free scheme). Replacement: the entry of the
//! same position if present, else an empty one, else the one with the least
//! `depth - 8 × age` (shallow results of old searches go first).

use crate::moves::Move;
use std::collections::TryReserveError;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The value is at least the score (a beta cutoff).
    Lower,
    /// The value is at most the score (no move raised alpha).
    Upper,
}

/// Entries per bucket.
pub const BUCKET: usize = 4;

#[derive(Default)]
struct Entry {
    /// `key ^ data`.
    check: AtomicU64,
    data: AtomicU64,
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket([Entry; BUCKET]);

/// The unpacked data of an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Data {
    /// Move bits, 0 for none (bits 0 would be a move from 1a to 1a, which never exists).
    mv: u32,
    score: i16,
    depth: i8,
    /// 0 = empty, 1 + `Bound as u8` otherwise.
    bound: u8,
    age: u8,
}

impl Data {
    fn pack(self) -> u64 {
        self.mv as u64
            | (self.score as u16 as u64) << 32
            | (self.depth as u8 as u64) << 48
            | ((self.bound & 3) as u64) << 56
            | ((self.age & 63) as u64) << 58
    }
    fn unpack(w: u64) -> Data {
        Data {
            mv: w as u32,
            score: (w >> 32) as u16 as i16,
            depth: (w >> 48) as u8 as i8,
            bound: (w >> 56) as u8 & 3,
            age: (w >> 58) as u8 & 63,
        }
    }
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
    buckets: Vec<Bucket>,
    /// Search generation (6 bits are stored per entry).
    age: AtomicU8,
}

const BOUNDS: [Bound; 3] = [Bound::Exact, Bound::Lower, Bound::Upper];

impl TransTable {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Result<Self, TryReserveError> {
        let mut t = TransTable {
            buckets: Vec::new(),
            age: AtomicU8::new(0),
        };
        t.resize(mb)?;
        Ok(t)
    }

    /// Number of entries for a size in megabytes.
    pub fn entries_for(mb: usize) -> usize {
        Self::buckets_for(mb) * BUCKET
    }

    fn buckets_for(mb: usize) -> usize {
        (mb.saturating_mul(1 << 20) / std::mem::size_of::<Bucket>()).max(1)
    }

    /// Reallocates to about `mb` megabytes and clears; on failure the table is unchanged.
    pub fn resize(&mut self, mb: usize) -> Result<(), TryReserveError> {
        let n = Self::buckets_for(mb);
        let mut v: Vec<Bucket> = Vec::new();
        v.try_reserve_exact(n)?;
        v.resize_with(n, Bucket::default);
        self.buckets = v;
        self.age.store(0, Ordering::Relaxed);
        Ok(())
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for b in &self.buckets {
            for e in &b.0 {
                e.data.store(0, Ordering::Relaxed);
                e.check.store(0, Ordering::Relaxed);
            }
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search (older entries are replaced first).
    pub fn new_search(&self) {
        let a = self.age.load(Ordering::Relaxed);
        self.age.store(a.wrapping_add(1) & 63, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[((key as u128 * self.buckets.len() as u128) >> 64) as usize]
    }

    #[inline]
    fn read(e: &Entry, key: u64) -> Option<Data> {
        let data = e.data.load(Ordering::Relaxed);
        let check = e.check.load(Ordering::Relaxed);
        (check ^ data == key && data != 0).then(|| Data::unpack(data))
    }

    /// Starts loading `key`'s bucket into the cache: called as soon as a move is made, so
    /// the child's probe finds it there (the table is far larger than the caches).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            // SAFETY: a prefetch is a hint that never faults, whatever the address; SSE,
            // which it needs, is part of every x86-64 CPU.
            unsafe { _mm_prefetch::<_MM_HINT_T0>((self.bucket(key) as *const Bucket).cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let b = self.bucket(key);
        b.0.iter().find_map(|e| Self::read(e, key)).and_then(|d| {
            (d.bound != 0).then(|| Hit {
                mv: (d.mv != 0).then_some(d.mv),
                score: d.score as i32,
                depth: d.depth as i32,
                bound: BOUNDS[(d.bound - 1) as usize],
            })
        })
    }

    /// Stores a result; a shallower result for the same position from this search keeps
    /// the deeper one unless it is exact. Scores must fit in an `i16` (mates do).
    #[inline]
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let age = self.age.load(Ordering::Relaxed);
        let b = self.bucket(key);
        let mut target = None;
        for e in &b.0 {
            if let Some(old) = Self::read(e, key) {
                if old.age == age && old.depth as i32 > depth && bound != Bound::Exact {
                    return;
                }
                target = Some((e, Some(old)));
                break;
            }
        }
        let (e, old) = target.unwrap_or_else(|| {
            let worth = |e: &Entry| {
                let d = Data::unpack(e.data.load(Ordering::Relaxed));
                if d.bound == 0 {
                    return i32::MIN;
                }
                let stale = (age.wrapping_sub(d.age) & 63) as i32;
                d.depth as i32 - 8 * stale
            };
            let e =
                b.0.iter()
                    .min_by_key(|e| worth(e))
                    .expect("a bucket is not empty");
            (e, None)
        });
        let mv_bits = match (mv, old) {
            (Some(m), _) => m.bits(),
            (None, Some(o)) => o.mv,
            (None, None) => 0,
        };
        let data = Data {
            mv: mv_bits,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(i8::MIN as i32, i8::MAX as i32) as i8,
            bound: 1 + bound as u8,
            age,
        }
        .pack();
        e.data.store(data, Ordering::Relaxed);
        e.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of the entries of the first thousand buckets used by this search (USI
    /// `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let n = self.buckets.len().min(1000);
        let used = self.buckets[..n]
            .iter()
            .flat_map(|b| b.0.iter())
            .filter(|e| {
                let d = Data::unpack(e.data.load(Ordering::Relaxed));
                d.bound != 0 && d.age == age
            })
            .count();
        (used * 1000 / (n * BUCKET).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Square;

    #[test]
    fn store_and_probe() {
        let t = TransTable::new(1).unwrap();
        assert!(t.len() > 1000);
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
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
        // Negative scores and depths survive packing.
        t.store(7, None, -29_990, -2, Bound::Upper);
        let hit = t.probe(7).unwrap();
        assert_eq!((hit.score, hit.depth, hit.mv), (-29_990, -2, None));
        t.clear();
        assert!(t.probe(42).is_none());
    }

    #[test]
    fn bucket_keeps_several_positions_and_replaces_the_least_worth() {
        // A one-bucket table: every key shares the bucket.
        let t = TransTable {
            buckets: vec![Bucket::default()],
            age: AtomicU8::new(0),
        };
        for k in 1..=BUCKET as u64 {
            t.store(k, None, k as i32, k as i32, Bound::Exact);
        }
        for k in 1..=BUCKET as u64 {
            assert_eq!(t.probe(k).unwrap().score, k as i32);
        }
        // A fifth position replaces the shallowest (key 1).
        t.store(99, None, 99, 5, Bound::Exact);
        assert!(t.probe(1).is_none());
        assert_eq!(t.probe(2).unwrap().score, 2);
        // In a new search every entry is one search old: key 2 (depth 2) is worth 2 - 8 = -6,
        // the least, so it goes.
        t.new_search();
        t.store(100, None, 1, 1, Bound::Exact);
        assert!(t.probe(2).is_none());
        assert!(t.probe(99).is_some());
        assert_eq!(t.hashfull(), 1000 / BUCKET as u32);
    }
}
