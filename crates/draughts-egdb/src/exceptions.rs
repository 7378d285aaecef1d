//! The exception list of a slice file: the values of the positions the probe's search
//! cannot decide, as `(index, value)` pairs in ascending index order.
//!
//! Version 2 files delta-code it. Entries go in groups of [`GROUP`]; a table of heads
//! gives each group's first entry in full (`index << 2 | symbol`, u64) and where its
//! other entries start (u64, from the start of the varints). Each other entry is one
//! LEB128 varint: the gap to the index before it, shifted left by two, or-ed with the
//! symbol. A lookup is a binary search over the heads and at most `GROUP - 1` varints.
//! Version 1 files store every entry as a full u64.

use crate::format::{symbol, value};
use crate::varint;
use draughts_core::Wld;
use std::num::NonZeroU64;

/// Entries a group.
pub(crate) const GROUP: usize = 64;
const HEAD_LEN: usize = 16;

fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

/// Encodes `entries` (ascending by index) as version 2 does.
pub(crate) fn encode(entries: &[(u64, Wld)]) -> Vec<u8> {
    let mut heads = Vec::with_capacity(entries.len().div_ceil(GROUP) * HEAD_LEN);
    let mut varints = Vec::new();
    for group in entries.chunks(GROUP) {
        let (first, v) = group[0];
        heads.extend_from_slice(&(first << 2 | u64::from(symbol(v))).to_le_bytes());
        heads.extend_from_slice(&(varints.len() as u64).to_le_bytes());
        let mut previous = first;
        for &(index, v) in &group[1..] {
            varint::push(&mut varints, (index - previous) << 2 | u64::from(symbol(v)));
            previous = index;
        }
    }
    heads.extend_from_slice(&varints);
    heads
}

/// A checked view of an exception section.
#[derive(Clone, Copy)]
pub(crate) enum Exceptions<'a> {
    /// Version 1: a u64 an entry.
    Raw(&'a [u8]),
    /// Version 2: the heads, then the varints.
    Grouped {
        heads: &'a [u8],
        varints: &'a [u8],
        count: usize,
    },
}

impl<'a> Exceptions<'a> {
    /// A section of `count` entries (grouped: version 2), not yet checked; `None` if its
    /// length cannot hold them.
    pub fn new(section: &'a [u8], grouped: bool, count: u64) -> Option<Self> {
        let count = usize::try_from(count).ok()?;
        if grouped {
            let heads_len = count.div_ceil(GROUP).checked_mul(HEAD_LEN)?;
            Some(Exceptions::Grouped {
                heads: section.get(..heads_len)?,
                varints: section.get(heads_len..)?,
                count,
            })
        } else {
            (section.len() == count.checked_mul(8)?).then_some(Exceptions::Raw(section))
        }
    }

    /// [`Exceptions::new`], then checked for a slice of `size` slots: `None` unless every
    /// entry decodes, is in the slice, and the indices ascend, and each group starts where
    /// the one before it ends, the last ending the section.
    pub fn parse(section: &'a [u8], grouped: bool, count: u64, size: u64) -> Option<Self> {
        let view = Self::new(section, grouped, count)?;
        let mut previous: Option<u64> = None;
        let mut end = 0;
        for g in 0..view.groups() {
            if view.start(g)? != end {
                return None;
            }
            end = view.scan(g, |entry| match entry {
                Some((index, _)) if index < size && !previous.is_some_and(|p| p >= index) => {
                    previous = Some(index);
                    true
                }
                _ => false,
            })?;
        }
        (end == view.body_len()).then_some(view)
    }

    /// Entries, `None` for one that does not decode (and what follows it in its
    /// group is left out).
    fn entries(self) -> impl Iterator<Item = Option<(u64, Wld)>> + 'a {
        (0..self.groups()).flat_map(move |g| self.group(g))
    }

    /// The entries of group `g` (each raw entry is a group of its own).
    fn group(self, g: usize) -> Vec<Option<(u64, Wld)>> {
        let mut out = Vec::new();
        self.scan(g, |entry| {
            out.push(entry);
            true
        });
        out
    }

    /// Calls `f` on the entries of group `g` in order while it returns true; a malformed
    /// entry is passed as `None` and ends the scan. Returns where the group's entries end
    /// if every one was read and accepted.
    fn scan(self, g: usize, mut f: impl FnMut(Option<(u64, Wld)>) -> bool) -> Option<usize> {
        let decode = |e: u64| value((e & 3) as u8).map(|v| (e >> 2, v));
        let (first, rest) = match self {
            Exceptions::Raw(b) => (u64_at(b, 8 * g), None),
            Exceptions::Grouped {
                heads,
                varints,
                count,
            } => (
                u64_at(heads, HEAD_LEN * g),
                Some((varints, (count - g * GROUP).min(GROUP) - 1)),
            ),
        };
        let (Some(mut at), Some((mut index, v))) = (self.start(g), first.and_then(decode)) else {
            f(None);
            return None;
        };
        if !f(Some((index, v))) {
            return None;
        }
        let Some((varints, more)) = rest else {
            return Some(at + 8);
        };
        for _ in 0..more {
            let entry = varint::read(varints, &mut at).and_then(|e| {
                // A zero gap would repeat an index: refused.
                let gap = NonZeroU64::new(e >> 2)?;
                index = index.checked_add(gap.get())?;
                Some((index, value((e & 3) as u8)?))
            });
            let ok = entry.is_some();
            if !f(entry) || !ok {
                return None;
            }
        }
        Some(at)
    }

    /// Where group `g`'s entries start in the body: the raw list, or the varints.
    fn start(self, g: usize) -> Option<usize> {
        match self {
            Exceptions::Raw(_) => Some(8 * g),
            Exceptions::Grouped { heads, .. } => {
                usize::try_from(u64_at(heads, HEAD_LEN * g + 8)?).ok()
            }
        }
    }

    /// The length of the body: the raw list, or the varints.
    fn body_len(self) -> usize {
        match self {
            Exceptions::Raw(b) => b.len(),
            Exceptions::Grouped { varints, .. } => varints.len(),
        }
    }

    fn groups(self) -> usize {
        match self {
            Exceptions::Raw(b) => b.len() / 8,
            Exceptions::Grouped { count, .. } => count.div_ceil(GROUP),
        }
    }

    /// The first index of group `g`.
    fn head(self, g: usize) -> u64 {
        let e = match self {
            Exceptions::Raw(b) => u64_at(b, 8 * g),
            Exceptions::Grouped { heads, .. } => u64_at(heads, HEAD_LEN * g),
        };
        e.map_or(u64::MAX, |e| e >> 2)
    }

    /// The exception stored for `index`, if any.
    pub fn get(self, index: u64) -> Option<Wld> {
        // The last group whose head is at or before `index`.
        let g = {
            let (mut lo, mut hi) = (0, self.groups());
            while lo < hi {
                let mid = (lo + hi) / 2;
                if self.head(mid) <= index {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            lo.checked_sub(1)?
        };
        let mut found = None;
        self.scan(g, |entry| match entry {
            Some((i, v)) if i <= index => {
                if i == index {
                    found = Some(v);
                }
                i < index
            }
            _ => false,
        });
        found
    }

    /// Every entry, ascending.
    pub fn iter(self) -> impl Iterator<Item = (u64, Wld)> + 'a {
        self.entries().map_while(|e| e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn wld(s: u8) -> Wld {
        value(s % 3).expect("a symbol")
    }

    proptest! {
        /// Every stored entry is found with its value, and nothing else is.
        #[test]
        fn grouped_lookups_equal_the_list(
            gaps in prop::collection::vec((1u64..5_000, 0u8..3), 0..300),
            probes in prop::collection::vec(0u64..2_000_000, 50),
        ) {
            let mut index = 0;
            let entries: Vec<(u64, Wld)> = gaps
                .iter()
                .map(|&(gap, s)| {
                    index += gap;
                    (index, wld(s))
                })
                .collect();
            let size = index + 1;
            let bytes = encode(&entries);
            let view = Exceptions::parse(&bytes, true, entries.len() as u64, size)
                .expect("parses");
            prop_assert_eq!(view.iter().collect::<Vec<_>>(), entries.clone());
            for &(i, v) in &entries {
                prop_assert_eq!(view.get(i), Some(v));
            }
            for p in probes {
                let expected = entries.iter().find(|e| e.0 == p).map(|e| e.1);
                prop_assert_eq!(view.get(p), expected);
            }
        }

        /// Damaged sections never panic: they are refused or read as something.
        #[test]
        fn damaged_sections_do_not_panic(
            bytes in prop::collection::vec(any::<u8>(), 0..200),
            count in 0u64..40,
        ) {
            if let Some(view) = Exceptions::parse(&bytes, true, count, 1 << 40) {
                let _ = view.get(12345);
                prop_assert_eq!(view.iter().count() as u64, count);
            }
        }
    }

    #[test]
    fn refuses_what_does_not_fit() {
        let entries = [(5, Wld::Win), (9, Wld::Draw), (30, Wld::Loss)];
        let bytes = encode(&entries);
        assert!(Exceptions::parse(&bytes, true, 3, 31).is_some());
        // An index beyond the slice, a count that disagrees, a cut section.
        assert!(Exceptions::parse(&bytes, true, 3, 30).is_none());
        assert!(Exceptions::parse(&bytes, true, 2, 31).is_none());
        assert!(Exceptions::parse(&bytes, true, 4, 31).is_none());
        assert!(Exceptions::parse(&bytes[..bytes.len() - 1], true, 3, 31).is_none());
        // Three entries take a head of 16 bytes and two one-byte varints.
        assert_eq!(bytes.len(), 18);
        // Three groups; the second's offset moved by one either way.
        let many: Vec<(u64, Wld)> = (1..=150).map(|i| (i * 3, Wld::Draw)).collect();
        let bytes = encode(&many);
        assert!(Exceptions::parse(&bytes, true, 150, 451).is_some());
        for offset in [62u8, 64] {
            let mut moved = bytes.clone();
            assert_eq!(moved[HEAD_LEN + 8], 63);
            moved[HEAD_LEN + 8] = offset;
            assert!(Exceptions::parse(&moved, true, 150, 451).is_none());
        }
        // Version 1: a u64 an entry.
        let raw: Vec<u8> = entries
            .iter()
            .flat_map(|&(i, v)| (i << 2 | u64::from(symbol(v))).to_le_bytes())
            .collect();
        let view = Exceptions::parse(&raw, false, 3, 31).expect("parses");
        assert_eq!(view.get(9), Some(Wld::Draw));
        assert_eq!(view.get(10), None);
        assert_eq!(view.iter().count(), 3);
    }
}
