//! The transposition table: a shared, lock-free hash table of search results.
//!
//! Each entry is two atomic words, the key XORed with the data so that a torn write
//! (two threads storing at once) reads as a miss instead of a wrong hit. Entries sit in
//! buckets of four (one cache line); a store replaces the same position, else an empty
//! slot, else the slot with the least depth, entries from older searches first.

use draughts_eval::Score;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true value is at most the score (all moves failed low).
    Upper = 1,
    /// The true value is at least the score (a move failed high).
    Lower = 2,
    /// The score is exact.
    Exact = 3,
}

/// A search result for one position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    /// Score, with win/loss scores relative to the stored position.
    pub score: Score,
    /// Remaining depth the score was searched to.
    pub depth: i32,
    /// What the score bounds.
    pub bound: Bound,
    /// Index of the best move in the position's generated move list, if any.
    pub move_index: Option<u16>,
}

const BUCKET: usize = 4;

/// Four slots on one cache line, so that a probe costs at most one miss.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; BUCKET]);

#[derive(Default)]
struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

/// A transposition table shared by all search threads.
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    age: AtomicU8,
}

impl Table {
    /// A table of at most `mib` mebibytes (rounded down to a power of two of buckets,
    /// at least one bucket).
    pub fn new(mib: usize) -> Table {
        let bytes = mib.max(1) << 20;
        let buckets = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        let mut table = Vec::with_capacity(buckets);
        huge_pages::advise(&table);
        table.resize_with(buckets, Bucket::default);
        Table {
            buckets: table,
            mask: buckets - 1,
            age: AtomicU8::new(0),
        }
    }

    /// Size in bytes.
    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for slot in self.buckets.iter().flat_map(|b| &b.0) {
            slot.key.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search, so that older entries are replaced first.
    pub fn new_search(&self) {
        let age = self.age.load(Ordering::Relaxed);
        self.age
            .store(age.wrapping_add(1) & 0x3f, Ordering::Relaxed);
    }

    fn bucket(&self, hash: u64) -> &[Slot; BUCKET] {
        &self.buckets[hash as usize & self.mask].0
    }

    /// Starts loading the bucket of `hash` into the cache without waiting for it, so
    /// that a [`Table::probe`] shortly after finds it there. The table is far larger
    /// than the caches and probed at random addresses: a probe is mostly waiting for
    /// memory, which the work between a prefetch and its probe hides.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        prefetch::line(self.bucket(hash));
    }

    /// The entry for `hash`, if stored.
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        for slot in self.bucket(hash) {
            let data = slot.data.load(Ordering::Relaxed);
            if data != 0 && slot.key.load(Ordering::Relaxed) ^ data == hash {
                return unpack(data);
            }
        }
        None
    }

    /// Stores `entry` for `hash`.
    pub fn store(&self, hash: u64, entry: Entry) {
        let age = self.age.load(Ordering::Relaxed);
        let bucket = self.bucket(hash);
        let words: [(u64, u64); BUCKET] = std::array::from_fn(|i| {
            let data = bucket[i].data.load(Ordering::Relaxed);
            (bucket[i].key.load(Ordering::Relaxed) ^ data, data)
        });
        let victim = if let Some(i) = words.iter().position(|&(k, d)| d != 0 && k == hash) {
            // The same position: keep a deeper bound from this search over a shallow one.
            let (_, data) = words[i];
            if let Some(old) = unpack(data) {
                if data_age(data) == age
                    && old.depth > entry.depth + 2
                    && entry.bound != Bound::Exact
                {
                    return;
                }
            }
            i
        } else if let Some(i) = words.iter().position(|&(_, d)| d == 0) {
            i
        } else {
            // The least worth keeping: shallow, and from older searches.
            (0..BUCKET)
                .min_by_key(|&i| {
                    let data = words[i].1;
                    let stale = (age.wrapping_sub(data_age(data)) & 0x3f) as i32;
                    unpack(data).map_or(i32::MIN, |e| e.depth - 8 * stale)
                })
                .unwrap_or(0)
        };
        let data = pack(entry, age);
        let slot = &bucket[victim];
        slot.key.store(hash ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }
}

/// A hint to the processor to load a cache line early.
mod prefetch {
    /// Starts loading the cache line at `at`.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) fn line<T>(at: &T) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: SSE is part of the x86-64 baseline, so the instruction exists on every
        // x86-64 processor; a prefetch neither reads nor writes memory as far as the
        // program can tell (it cannot fault), and `at` is a valid reference anyway.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((at as *const T).cast::<i8>()) }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub(super) fn line<T>(_at: &T) {}
}

/// Asking the kernel to back the table with huge pages: probes hit random cache lines
/// all over the table, and with 4 KiB pages nearly every one also misses the TLB.
mod huge_pages {
    /// Advises huge pages for the (not yet touched) capacity of `slots`.
    #[allow(clippy::ptr_arg)] // the capacity, not just the contents, is advised
    #[cfg(target_os = "linux")]
    pub(super) fn advise<T>(slots: &Vec<T>) {
        const PAGE: usize = 4096;
        let start = slots.as_ptr() as usize;
        let end = start + slots.capacity() * std::mem::size_of::<T>();
        let first = start.div_ceil(PAGE) * PAGE;
        if end > first + PAGE {
            // SAFETY: madvise only advises; MADV_HUGEPAGE changes neither the contents
            // nor the validity of memory, and the range lies inside the vector's own
            // allocation (rounded inwards to whole pages).
            unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
            }
        }
    }

    #[cfg(not(target_os = "linux"))]
    pub(super) fn advise<T>(_slots: &Vec<T>) {}
}

// Data word: score (16 bits) | depth + 128 (8) | bound (2) | move index + 1 (10) | age (6).
fn pack(entry: Entry, age: u8) -> u64 {
    let score = entry.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
    let depth = (entry.depth.clamp(-128, 127) + 128) as u64;
    let mv = entry.move_index.map_or(0, |i| (u64::from(i) + 1) & 0x3ff);
    score | depth << 16 | (entry.bound as u64) << 24 | mv << 26 | (age as u64 & 0x3f) << 36
}

fn data_age(data: u64) -> u8 {
    ((data >> 36) & 0x3f) as u8
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match (data >> 24) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    let mv = (data >> 26) & 0x3ff;
    Some(Entry {
        score: data as u16 as i16 as Score,
        depth: ((data >> 16) & 0xff) as i32 - 128,
        bound,
        move_index: (mv != 0).then(|| (mv - 1) as u16),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let table = Table::new(1);
        let entry = Entry {
            score: -1234,
            depth: 7,
            bound: Bound::Lower,
            move_index: Some(500),
        };
        table.store(0xDEAD_BEEF, entry);
        assert_eq!(table.probe(0xDEAD_BEEF), Some(entry));
        assert_eq!(table.probe(0xDEAD_BEEF ^ (1 << 40)), None);
        // A much shallower bound does not replace a deep one; an exact score does.
        let shallow = Entry {
            move_index: None,
            depth: -3,
            ..entry
        };
        table.store(0xDEAD_BEEF, shallow);
        assert_eq!(table.probe(0xDEAD_BEEF), Some(entry));
        let exact = Entry {
            bound: Bound::Exact,
            ..shallow
        };
        table.store(0xDEAD_BEEF, exact);
        assert_eq!(table.probe(0xDEAD_BEEF), Some(exact));
    }

    #[test]
    fn deeper_entries_survive_in_a_full_bucket() {
        let table = Table::new(1);
        let buckets = table.mask as u64 + 1;
        let entry = |depth| Entry {
            score: 0,
            depth,
            bound: Bound::Exact,
            move_index: None,
        };
        // Five positions in one bucket: the shallowest is replaced.
        for (i, depth) in [9, 3, 8, 7].into_iter().enumerate() {
            table.store(1 + i as u64 * buckets, entry(depth));
        }
        table.store(1 + 4 * buckets, entry(5));
        assert!(table.probe(1 + buckets).is_none());
        assert!(table.probe(1).is_some());
        assert!(table.probe(1 + 4 * buckets).is_some());
    }
}
