//! The index of a slice: a bijection between the positions of one material (White to
//! move) and `0..size`, with a few holes.
//!
//! The index is a mixed-radix number of four combinatorial ranks, most significant
//! first: White's men among the squares a white man may stand on (all but White's
//! crowning row, and on the full board not its first row either,
//! [`draughts_core::Position::man_squares`]), Black's men likewise, White's kings among the squares the men left
//! free, Black's kings among the squares left after that. Each rank is the colex rank of
//! a sorted set, `sum C(s_j, j + 1)`. The holes are the indices whose white and black
//! men overlap; they are few, and the file stores whatever compresses best there.
//!
//! Where the variant limits a king's runs, the runs of the material's sides are a fifth,
//! most significant digit ([`RunIndex`]): the placements repeat once per combination of
//! runs. Materials without runs index as before.

use crate::board::{BitIter, Geo, Raw, MAX_PREDECESSORS};
use crate::material::Material;
use crate::runs::RunIndex;
use draughts_core::{Bitboard, Variant};
use std::marker::PhantomData;

/// Largest `k` in the binomial table (pieces of one kind and colour).
const MAX_K: usize = 16;

/// Rows of the binomial table: `n` up to 64, the squares of the full board.
const MAX_N: usize = 65;

/// `C(n, k)` for `n <= 64`, `k <= MAX_K`.
static BINOMIAL: [[u64; MAX_K + 1]; MAX_N] = binomials();

const fn binomials() -> [[u64; MAX_K + 1]; MAX_N] {
    let mut t = [[0u64; MAX_K + 1]; MAX_N];
    let mut n = 0;
    while n < MAX_N {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_K {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
}

#[inline(always)]
fn binomial(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// Colex rank of the set bits of `set` (places packed by [`Bitboard::packed_in`]).
#[inline]
fn rank(set: u64) -> u64 {
    BitIter(set)
        .enumerate()
        .map(|(j, s)| binomial(s, j as u32 + 1))
        .sum()
}

/// The `k`-element set of places of colex rank `r`.
#[inline]
fn unrank(mut r: u64, k: u32, universe: u32) -> u64 {
    let mut set = 0;
    let mut top = universe;
    for j in (2..=k).rev() {
        // The largest s < top with C(s, j) <= r, by bisection (C(j - 1, j) = 0).
        let (mut lo, mut hi) = (j - 1, top - 1);
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if binomial(mid, j) <= r {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        r -= binomial(lo, j);
        set |= 1u64 << lo;
        top = lo;
    }
    // C(s, 1) = s.
    if k > 0 {
        set |= 1u64 << r;
    }
    set
}

/// Indexes the White-to-move positions of one material on variant `V`'s board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Indexer<V: Variant> {
    material: Material,
    /// Radix of each component: white men, black men, white kings, black kings.
    radix: [u64; 4],
    /// Their product: the placements of the pieces.
    placements: u64,
    /// The runs, above the placements.
    runs: RunIndex,
    size: u64,
    variant: PhantomData<V>,
}

impl<V: Variant> Indexer<V> {
    /// Squares a man may stand on (the same number for both colours).
    const MAN_SQUARES: u32 = Geo::<V>::WHITE_MEN.len() as u32;

    /// The indexer of `material`.
    ///
    /// # Panics
    /// If [`Indexer::try_new`] refuses the material: the builder's materials (at most
    /// 8 pieces) never are.
    pub fn new(material: Material) -> Indexer<V> {
        Self::try_new(material).expect("a material the board holds")
    }

    /// The indexer of `material`; `None` if the board cannot hold it, a count is beyond
    /// the binomial table, the number of indices overflows `u64`, or (where runs are
    /// limited) a position could have more than [`MAX_PREDECESSORS`] un-moves: a side's
    /// runs times the men that may have stepped (two ways each) or the squares its run's
    /// king came from (at most 17).
    pub fn try_new(material: Material) -> Option<Indexer<V>> {
        let m = material;
        let counts = [m.white_men, m.black_men, m.white_kings, m.black_kings];
        let fits = counts.iter().all(|&c| usize::from(c) <= MAX_K)
            && u32::from(m.white_men).max(m.black_men.into()) <= Self::MAN_SQUARES
            && m.pieces() <= Geo::<V>::SQUARES;
        if !fits {
            return None;
        }
        let free = Geo::<V>::SQUARES - m.men();
        let radix = [
            binomial(Self::MAN_SQUARES, m.white_men.into()),
            binomial(Self::MAN_SQUARES, m.black_men.into()),
            binomial(free, m.white_kings.into()),
            binomial(free - u32::from(m.white_kings), m.black_kings.into()),
        ];
        let runs = RunIndex::of::<V>(material);
        let men = u64::from(m.white_men.max(m.black_men));
        if runs.most() * (2 * men).max(17) > MAX_PREDECESSORS as u64 {
            return None;
        }
        let placements = radix
            .iter()
            .try_fold(1u64, |size, &r| size.checked_mul(r))?;
        Some(Indexer {
            material,
            radix,
            placements,
            runs,
            size: placements.checked_mul(runs.size())?,
            variant: PhantomData,
        })
    }

    pub fn material(&self) -> Material {
        self.material
    }

    /// Number of indices (positions and holes).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The index of a White-to-move position of this material.
    #[inline]
    pub fn index(&self, raw: &Raw<V>) -> u64 {
        debug_assert_eq!(raw.material(), self.material);
        debug_assert!(Geo::<V>::men_in_reach(raw));
        let men = raw.white_men | raw.black_men;
        let ranks = [
            rank(raw.white_men.packed_in(Geo::<V>::WHITE_MEN)),
            rank(raw.black_men.packed_in(Geo::<V>::BLACK_MEN)),
            rank(raw.white_kings.packed_in(!men)),
            rank(raw.black_kings.packed_in(!(men | raw.white_kings))),
        ];
        let placement = ranks
            .iter()
            .zip(&self.radix)
            .fold(0, |acc, (&r, &radix)| acc * radix + r);
        if const { V::KING_MOVE_LIMIT.is_some() } {
            self.runs.code(raw) * self.placements + placement
        } else {
            placement
        }
    }

    /// The position of an index, or `None` for a hole (or an index out of range).
    #[inline]
    pub fn position(&self, index: u64) -> Option<Raw<V>> {
        Cursor::new(*self).position(index)
    }

    /// The men and White's kings of the indices `high * radix[3]..(high + 1) *
    /// radix[3]` (which differ only in Black's kings); `None` for holes.
    fn upper(&self, high: u64) -> Option<Upper<V>> {
        let mut ranks = [0u64; 3];
        let mut rest = high;
        for i in (0..3).rev() {
            ranks[i] = rest % self.radix[i];
            rest /= self.radix[i];
        }
        let m = self.material;
        let white_men = Bitboard::from_packed_in(
            unrank(ranks[0], m.white_men.into(), Self::MAN_SQUARES),
            Geo::<V>::WHITE_MEN,
        );
        let black_men = Bitboard::from_packed_in(
            unrank(ranks[1], m.black_men.into(), Self::MAN_SQUARES),
            Geo::<V>::BLACK_MEN,
        );
        if !(white_men & black_men).is_empty() {
            return None;
        }
        let men = white_men | black_men;
        let white_kings = Bitboard::from_packed_in(
            unrank(ranks[2], m.white_kings.into(), Geo::<V>::SQUARES - m.men()),
            !men,
        );
        Some(Upper {
            occupied: men | white_kings,
            raw: Raw {
                white_men,
                white_kings,
                black_men,
                ..Raw::default()
            },
        })
    }
}

/// What indices sharing their three upper ranks share.
#[derive(Clone, Copy)]
struct Upper<V: Variant> {
    /// The squares of the men and White's kings.
    occupied: Bitboard<V>,
    /// The position without Black's kings.
    raw: Raw<V>,
}

/// Unranks indices one after another, reusing the three upper ranks (men and White's
/// kings) while they stay the same: consecutive indices differ only in Black's kings,
/// so a pass over a slice in index order unranks one set instead of four.
pub(crate) struct Cursor<V: Variant> {
    indexer: Indexer<V>,
    /// The last upper part unranked: `index / radix[3]` and the part (`None`: a hole).
    last: Option<(u64, Option<Upper<V>>)>,
}

impl<V: Variant> Cursor<V> {
    pub fn new(indexer: Indexer<V>) -> Cursor<V> {
        Cursor {
            indexer,
            last: None,
        }
    }

    /// As [`Indexer::position`].
    #[inline]
    pub fn position(&mut self, index: u64) -> Option<Raw<V>> {
        let ix = &self.indexer;
        if index >= ix.size {
            return None;
        }
        let (runs, index) = if const { V::KING_MOVE_LIMIT.is_some() } {
            (index / ix.placements, index % ix.placements)
        } else {
            (0, index)
        };
        let (high, low) = (index / ix.radix[3], index % ix.radix[3]);
        let upper = match self.last {
            Some((h, upper)) if h == high => upper,
            _ => {
                let upper = ix.upper(high);
                self.last = Some((high, upper));
                upper
            }
        }?;
        let m = ix.material;
        let free = Geo::<V>::SQUARES - m.men() - u32::from(m.white_kings);
        let black_kings =
            Bitboard::from_packed_in(unrank(low, m.black_kings.into(), free), !upper.occupied);
        let mut raw = Raw {
            black_kings,
            ..upper.raw
        };
        if const { V::KING_MOVE_LIMIT.is_some() } {
            ix.runs.decode(runs, &mut raw);
        }
        Some(raw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{Color, English, Geometry, International, Position, Square, Turkish};
    use proptest::prelude::*;
    use proptest::test_runner::TestCaseError;

    #[test]
    fn binomials_are_right() {
        assert_eq!(binomial(50, 3), 19600);
        assert_eq!(binomial(45, 2), 990);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(binomial(0, 0), 1);
        assert_eq!(binomial(64, 2), 2016);
    }

    /// Every index of a small material is a hole or a valid position whose index is
    /// itself, and the positions are exactly the valid placements.
    fn round_trip_all<V: Variant>(m: Material) -> u64 {
        let indexer = Indexer::<V>::new(m);
        let mut seen = 0;
        for i in 0..indexer.size() {
            if let Some(raw) = indexer.position(i) {
                assert_eq!(raw.material(), m);
                assert_eq!(indexer.index(&raw), i, "{m} {raw:?}");
                assert!(Geo::<V>::position(&raw, Color::White).is_some());
                seen += 1;
            }
        }
        seen
    }

    /// On the boards of dark squares the men's squares are the contiguous ranges the
    /// index has always used (White's all but the first row, Black's all but the
    /// last), so their ranks, and the files, are those of before the full board.
    fn men_ranges<V: Variant>() {
        let (squares, per_row) = (Geo::<V>::SQUARES, <V::Board as Geometry>::PER_ROW);
        let all = (1u64 << squares) - 1;
        assert_eq!(Geo::<V>::WHITE_MEN.packed(), all & !((1 << per_row) - 1));
        assert_eq!(Geo::<V>::BLACK_MEN.packed(), all >> per_row);
    }

    #[test]
    fn men_ranges_of_the_dark_squares() {
        men_ranges::<International>();
        men_ranges::<English>();
        men_ranges::<draughts_core::Italian>();
        men_ranges::<draughts_core::Thai>();
    }

    /// The cursor unranks what the indexer does, in order and out of order.
    #[test]
    fn cursor_agrees_with_the_indexer() {
        let m = Material::new(1, 1, 1, 2);
        let indexer = Indexer::<International>::new(m);
        let mut cursor = Cursor::new(indexer);
        let step = indexer.size() / 20_000;
        for i in (0..indexer.size() + 3).step_by(step as usize) {
            for j in [i, i + 1, i.saturating_sub(7)] {
                assert_eq!(cursor.position(j), indexer.position(j), "{j}");
            }
        }
        let indexer = Indexer::<English>::new(Material::new(1, 0, 1, 1));
        let mut cursor = Cursor::new(indexer);
        for i in 0..indexer.size() {
            assert_eq!(cursor.position(i), indexer.position(i), "{i}");
        }
    }

    #[test]
    fn round_trip_small_materials() {
        for m in Material::all_up_to(3) {
            round_trip_all::<English>(m);
            round_trip_all::<International>(m);
            round_trip_all::<Turkish>(m);
        }
        // Turkish men stand on rows 2 to 7 (48 squares) of both sides: a white and a
        // black man, on different squares.
        assert_eq!(
            round_trip_all::<Turkish>(Material::new(1, 0, 1, 0)),
            48 * 47
        );
        // Two white men against one black man on 8x8: 28 * 27 / 2 * 28 placements, less
        // the ones where the black man shares a square with a white man.
        let m = Material::new(2, 0, 1, 0);
        let valid = round_trip_all::<English>(m);
        // White men on squares 5..=32, black men on 1..=28: overlap on 5..=28.
        assert_eq!(valid, 378 * 28 - (24 * 27));
    }

    fn arbitrary_raw<V: Variant>() -> impl Strategy<Value = Raw<V>> {
        let squares = Geo::<V>::SQUARES as u8;
        proptest::collection::vec((1..=squares, 0u8..4), 2..=6).prop_filter_map(
            "overlapping or illegal placement",
            move |pieces| {
                let mut raw = Raw::default();
                for (s, kind) in pieces {
                    let one = Bitboard::from_square(Square::new(s)?)?;
                    if !(raw.occupied() & one).is_empty() {
                        return None;
                    }
                    match kind {
                        0 if !(one & Geo::<V>::WHITE_MEN).is_empty() => raw.white_men |= one,
                        1 => raw.white_kings |= one,
                        2 if !(one & Geo::<V>::BLACK_MEN).is_empty() => raw.black_men |= one,
                        3 => raw.black_kings |= one,
                        _ => return None,
                    }
                }
                Some(raw)
            },
        )
    }

    /// The index of `raw` is in range and gives `raw` back.
    fn round_trips<V: Variant>(raw: Raw<V>) -> Result<(), TestCaseError> {
        let indexer = Indexer::<V>::new(raw.material());
        let i = indexer.index(&raw);
        prop_assert!(i < indexer.size());
        prop_assert_eq!(indexer.position(i), Some(raw));
        Ok(())
    }

    proptest! {
        #[test]
        fn index_round_trips_international(raw in arbitrary_raw::<International>()) {
            round_trips::<International>(raw)?;
        }

        #[test]
        fn index_round_trips_turkish(raw in arbitrary_raw::<Turkish>()) {
            round_trips::<Turkish>(raw)?;
        }

        #[test]
        fn index_round_trips_english(raw in arbitrary_raw::<English>()) {
            round_trips::<English>(raw)?;
            let pos = Geo::<English>::position(&raw, Color::White).unwrap();
            prop_assert_eq!(Geo::<English>::normalise(&pos.flipped()).0, raw);
            let _: Position<English> = pos;
        }
    }
}
