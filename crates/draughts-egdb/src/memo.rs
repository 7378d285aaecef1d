//! The builder's memory of probe searches in the finished slices.
//!
//! While a job is built, the probe of its captures, promotions and threat positions
//! searches positions of the finished (smaller) slices: a capture position's minimax of
//! its captures, a threat position's bounded search. Many positions of the job reach
//! the same such position (a flying king captures the same piece from any square
//! before it), so each worker thread keeps a direct-mapped table of the searches it
//! did, keyed by slice, index and budget. A finished slice never changes during a
//! build, and a search's result depends only on its position and budget, so a
//! remembered result is exactly what the search would find again.

use crate::board::Raw;
use crate::database::Database;
use crate::error::Error;
use crate::material::Material;
use crate::probe::{Source, THREAT_PLIES};
use crate::values::ValueTables;
use draughts_core::{Variant, Wld};
use std::cell::RefCell;
use std::sync::Mutex;

/// Entries of one worker's table: 2^`MEMO_BITS` words.
const MEMO_BITS: u32 = 20;

/// Bytes of one worker's table.
pub(crate) const BYTES: u64 = (std::mem::size_of::<u64>() as u64) << MEMO_BITS;

/// One worker's table. An entry is `key << 3 | value` (0 empty; values 1 win, 2 loss,
/// 3 draw, 4 undecided), where the key packs index, material and budget.
pub(crate) struct Memo {
    entries: Box<[u64]>,
}

impl Memo {
    fn new() -> Memo {
        Memo {
            entries: vec![0; 1 << MEMO_BITS].into_boxed_slice(),
        }
    }

    /// The key of a search, or `None` if it does not fit (counts of 8 or more, indices
    /// beyond 2^45, budgets beyond 3: none arise in the slices the builder makes).
    fn key(material: Material, index: u64, budget: u8) -> Option<u64> {
        let counts = [
            material.white_men,
            material.white_kings,
            material.black_men,
            material.black_kings,
        ];
        if counts.iter().any(|&c| c >= 8) || index >= 1 << 45 || budget > 3 {
            return None;
        }
        let material = counts.iter().fold(0, |acc, &c| acc << 3 | u64::from(c));
        Some((index << 12 | material) << 2 | u64::from(budget))
    }

    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - MEMO_BITS)) as usize
    }

    fn recall(&self, key: u64) -> Option<Option<Wld>> {
        let entry = self.entries[self.slot(key)];
        if entry >> 3 != key || entry == 0 {
            return None;
        }
        Some(match entry & 7 {
            1 => Some(Wld::Win),
            2 => Some(Wld::Loss),
            3 => Some(Wld::Draw),
            _ => None,
        })
    }

    fn remember(&mut self, key: u64, value: Option<Wld>) {
        let code = match value {
            Some(Wld::Win) => 1,
            Some(Wld::Loss) => 2,
            Some(Wld::Draw) => 3,
            None => 4,
        };
        let slot = self.slot(key);
        self.entries[slot] = key << 3 | code;
    }
}

/// One [`Memo`] per worker thread of a build's pool, kept from job to job (the
/// finished slices only grow).
pub(crate) struct Memos(Vec<Mutex<Memo>>);

impl Memos {
    /// Tables for `threads` workers.
    pub fn new(threads: usize) -> Memos {
        Memos(
            (0..threads.max(1))
                .map(|_| Mutex::new(Memo::new()))
                .collect(),
        )
    }

    /// Runs `f` with the calling worker's table.
    pub fn with<R>(&self, f: impl FnOnce(&mut Memo) -> R) -> R {
        let i = rayon::current_thread_index().unwrap_or(0) % self.0.len();
        // A worker holds only its own table, so the lock is never contended; a
        // poisoned one (a panic mid-update) still holds whole entries.
        let mut memo = self.0[i].lock().unwrap_or_else(|e| e.into_inner());
        f(&mut memo)
    }
}

/// The finished slices of a build as the probe sees them, with their value tables
/// where the build has them, and one worker's memory of the searches done in them.
///
/// A value table answers for a quiet position, for the search of a capture position
/// (with the full budget [`THREAT_PLIES`]), and for the search of a threat position
/// with budget `THREAT_PLIES - 1`, the one a probe starts it with (the probe reaches
/// that search only for a threat position that is not in the exception list). Those
/// searches always decide, so they return the position's value: by induction on the
/// pieces, a capture leads to smaller slices, where quiet children are stored, threat
/// children are exceptions or decided with that budget (the exception list holds
/// exactly those that are not), and capture children are again of this kind.
pub(crate) struct Finished<'a, V: Variant> {
    pub db: &'a Database<V>,
    pub values: &'a ValueTables<V>,
    pub memo: RefCell<&'a mut Memo>,
}

impl<V: Variant> Finished<'_, V> {
    fn key(&self, raw: &Raw<V>, budget: u8) -> Option<u64> {
        let slice = self.db.slice(raw.material())?;
        Memo::key(raw.material(), slice.indexer.index(raw), budget)
    }
}

impl<V: Variant> Source<V> for Finished<'_, V> {
    fn has(&self, material: Material) -> bool {
        self.db.has(material)
    }

    fn stored(&self, raw: &Raw<V>) -> Result<Option<Wld>, Error> {
        match self.values.get(raw) {
            Some(v) => Ok(Some(v)),
            None => self.db.stored(raw),
        }
    }

    fn exception(&self, raw: &Raw<V>) -> Result<Option<Wld>, Error> {
        self.db.exception(raw)
    }

    fn recall(&self, raw: &Raw<V>, budget: u8) -> Option<Option<Wld>> {
        if budget + 1 >= THREAT_PLIES {
            if let Some(v) = self.values.get(raw) {
                return Some(Some(v));
            }
        }
        self.memo.borrow().recall(self.key(raw, budget)?)
    }

    fn remember(&self, raw: &Raw<V>, budget: u8, value: Option<Wld>) {
        if let Some(key) = self.key(raw, budget) {
            self.memo.borrow_mut().remember(key, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_by_slice_index_and_budget() {
        let mut memo = Memo::new();
        let m = Material::new(0, 2, 0, 3);
        let key = Memo::key(m, 12_345, 2).unwrap();
        assert_eq!(memo.recall(key), None);
        memo.remember(key, Some(Wld::Loss));
        assert_eq!(memo.recall(key), Some(Some(Wld::Loss)));
        // Another budget, index or slice is another search.
        for other in [
            Memo::key(m, 12_345, 1),
            Memo::key(m, 12_346, 2),
            Memo::key(m.swapped(), 12_345, 2),
        ] {
            assert_eq!(memo.recall(other.unwrap()), None);
        }
        memo.remember(key, None);
        assert_eq!(memo.recall(key), Some(None), "undecided is remembered too");
        assert_eq!(Memo::key(Material::new(8, 0, 0, 1), 0, 0), None);
        assert_eq!(Memo::key(m, 1 << 45, 0), None);
    }
}
