//! Learned pattern tables: [`Patterns`].

use crate::phase::{blend, Phase};
use crate::strips::{
    flipped_strip, rotated_strip, strip_block_table, strips_of_blocks, STRIPS, STRIP_ARRANGEMENTS,
};
use crate::{FeatureValues, Score};
use draughts_core::{Bitboard, Color, Geometry, Position, Variant};
use std::marker::PhantomData;
use std::path::PathBuf;

/// Playable squares in one region.
pub const REGION_SQUARES: usize = 8;

/// Arrangements of men on one region: 3^8.
pub const ARRANGEMENTS: usize = 6561;

/// Regions on the largest supported board (10x10).
pub const MAX_REGIONS: usize = 16;

/// Odd regions on the largest supported board.
pub const MAX_ODD_REGIONS: usize = 12;

/// Slots (regions, strips and odd regions) on the largest supported board.
pub const MAX_SLOTS: usize = MAX_REGIONS + STRIPS + MAX_ODD_REGIONS;

/// Table values are in `1 / VALUE_SCALE` of a score unit (a hundredth of a man).
pub const VALUE_SCALE: i32 = 4;

/// The largest table value in absolute terms; larger values are clamped, so that a
/// value minus its mirror image always fits an `i16`.
pub const MAX_VALUE: i16 = 16_383;

/// Rows of regions (and regions per row) on the largest supported board.
const MAX_REGION_ROWS: usize = 4;

/// An odd region's arrangement (below 3^8 < 2^13) is read from its 16-bit lane masked
/// to 13 bits, so that the compiler sees every lookup of the odd regions, which come
/// last, fall inside the combined table and its padding (the regions' lookups, further
/// from the end, need no mask).
const ODD_LANE: u64 = (1 << 13) - 1;

/// Zero entries after the combined table: the odd regions' lookups need no bounds
/// check ([`ODD_LANE`]).
const PADDING: usize = ODD_LANE as usize + 1 - ARRANGEMENTS;

/// The arrangement parts of one block of two rows, for a block of `w` squares a row:
/// entry `y` (the block's `2w` bits of one colour: the upper row's squares in bits
/// `0..w`, the lower row's in `w..2w`) packs, in the 16-bit lane `c`, the base-3 value
/// of the four squares with in-row indices `c` and `c + 1` of both rows, each set bit a
/// digit 1 (digits: upper left, upper right, lower left, lower right). Lanes hold at
/// most 80, so sums of lanes scaled as arrangements are (at most 6560) never carry into
/// the next lane.
const fn block_table(w: usize) -> [u64; 1024] {
    let mut table = [0u64; 1024];
    let mut y = 0;
    while y < 1 << (2 * w) {
        let mut packed = 0u64;
        let mut c = 0;
        while c + 1 < w {
            let value = bit(y, c) + 3 * bit(y, c + 1) + 9 * bit(y, w + c) + 27 * bit(y, w + c + 1);
            packed |= (value as u64) << (16 * c);
            c += 1;
        }
        table[y] = packed;
        y += 1;
    }
    table
}

const fn bit(y: usize, i: usize) -> u32 {
    ((y >> i) & 1) as u32
}

/// Why a pattern table or a [network](crate::Network) file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum PatternsError {
    /// The file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file is not a pattern table for this variant, or is damaged.
    #[error("{}: {reason}", path.display())]
    Format {
        /// The file (empty for tables read from memory).
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
}

impl PatternsError {
    /// The error with `path` named as the file (errors from memory have none).
    pub fn at(self, path: &std::path::Path) -> PatternsError {
        match self {
            PatternsError::Format { reason, .. } => PatternsError::Format {
                path: path.to_path_buf(),
                reason,
            },
            other => other,
        }
    }
}

/// A learned pattern table for variant `V`: the arrangement of men on small regions of
/// the board, each arrangement with a learned value.
///
/// The board is covered by overlapping regions of 4x4 squares whose rows and columns
/// start at even offsets: 16 regions on the 10x10 board, 9 on the 8x8 board. A region
/// holds 8 playable squares, two in each of its rows; the men on them (each square
/// empty, a white man or a black man; kings count as empty) form one of
/// [`ARRANGEMENTS`] = 3^8 arrangements. A table gives every region and arrangement two
/// values, one for the opening and one for the endgame, and the evaluation blends them
/// by the game's [`Phase`]: the men's advance still to come, or (tables of file
/// versions 1 and 2) the number of pieces on the board.
///
/// On the full board (Turkish), whose every square is playable, a region is a block of
/// two rows by four columns instead (12 regions and 9 odd regions, no edge strips; see
/// `patterns/full.rs`).
///
/// Colour symmetry is built in rather than learned: a position's value for White is
/// the sum over the regions `r` of `T[r][a] - T[r'][a']`, where `a` is the arrangement
/// on `r`, `r'` the region `r` turned 180 degrees, and `a'` the arrangement seen from
/// the other side (turned and with the colours swapped). Any table `T` therefore gives
/// an evaluation that [`Position::flipped`] leaves unchanged.
///
/// Beside the regions the table holds the edge strips ([`STRIPS`](crate::STRIPS)), four
/// regions of nine squares along the side edges, and (from file version 4) the *odd regions*:
/// 4x4 regions like the others whose rows start at odd offsets (rows 1-4, 3-6, ...),
/// so that a formation cut by the even regions' row boundary is seen whole too (12 on
/// the 10x10 board, 6 on the 8x8). All are valued and made symmetric the same way.
/// Together they are the table's *slots*: the regions first, then the strips, then the
/// odd regions. A table whose odd regions are all zero does not look at them.
///
/// ```
/// use draughts_core::{International, Position};
/// use draughts_eval::Patterns;
///
/// let mut patterns = Patterns::<International>::zero();
/// let pos = Position::<International>::initial().play_text("32-28")?;
/// let arrangements = patterns.arrangements(&pos);
/// // Reward the arrangement White's move made on region 9 (rows 5-8, columns c-f).
/// patterns.set(9, arrangements[9], [40, 40]);
/// assert!(patterns.score(&pos) < 0, "Black to move, and White has the good shape");
/// // Turning the board and swapping the colours changes nothing.
/// assert_eq!(patterns.score(&pos.flipped()), patterns.score(&pos));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Patterns<V: Variant> {
    /// `T`: `[opening, endgame]` per slot and arrangement, slot-major.
    values: Vec<[i16; 2]>,
    /// `T[r][a] - T[r'][a']`, what the evaluation adds up, and [`PADDING`] zeros.
    combined: Vec<[i16; 2]>,
    /// Whether any odd region has a value other than zero.
    odd: bool,
    /// How the opening and endgame values are blended.
    phase: Phase,
    /// [`Phase::full`] for `V`.
    full: i32,
    variant: PhantomData<V>,
}

impl<V: Variant> Patterns<V> {
    /// Whether `V` plays on the full board, whose regions are blocks of two rows.
    const FULL: bool = <V::Board as Geometry>::ALL_SQUARES;

    /// Rows of regions on `V`'s board: `side / 2 - 1` (`side / 2` on the full board).
    pub const REGION_ROWS: usize =
        <V::Board as Geometry>::SIDE as usize / 2 - if Self::FULL { 0 } else { 1 };

    /// Regions in a row of regions (and of odd regions): `side / 2 - 1`.
    pub const REGION_COLUMNS: usize = <V::Board as Geometry>::SIDE as usize / 2 - 1;

    /// Rows of odd regions: one fewer than of regions.
    pub const ODD_REGION_ROWS: usize = Self::REGION_ROWS - 1;

    /// Regions on `V`'s board: 16 on the 10x10 board, 9 on the 8x8, 12 on the full one.
    pub const REGIONS: usize = Self::REGION_ROWS * Self::REGION_COLUMNS;

    /// Odd regions on `V`'s board: 12 on the 10x10 board, 6 on the 8x8, 9 on the full
    /// one.
    pub const ODD_REGIONS: usize = Self::ODD_REGION_ROWS * Self::REGION_COLUMNS;

    /// Edge strips on `V`'s board: [`STRIPS`], none on the full board.
    pub const EDGE_STRIPS: usize = if Self::FULL { 0 } else { STRIPS };

    /// The slot of the first odd region, after the regions and the strips.
    pub const FIRST_ODD: usize = Self::REGIONS + Self::EDGE_STRIPS;

    /// Slots: the regions, the strips, then the odd regions.
    pub const SLOTS: usize = Self::FIRST_ODD + Self::ODD_REGIONS;

    /// Entries of the table: every arrangement of every slot.
    pub const ENTRIES: usize =
        (Self::REGIONS + Self::ODD_REGIONS) * ARRANGEMENTS + Self::EDGE_STRIPS * STRIP_ARRANGEMENTS;

    /// The entry of arrangement 0 of slot `slot`.
    #[inline]
    pub const fn offset(slot: usize) -> usize {
        if slot < Self::REGIONS {
            slot * ARRANGEMENTS
        } else if slot < Self::FIRST_ODD {
            Self::REGIONS * ARRANGEMENTS + (slot - Self::REGIONS) * STRIP_ARRANGEMENTS
        } else {
            (Self::REGIONS + slot - Self::FIRST_ODD) * ARRANGEMENTS
                + Self::EDGE_STRIPS * STRIP_ARRANGEMENTS
        }
    }

    /// Arrangements of slot `slot`: [`ARRANGEMENTS`] for a region (odd or not),
    /// [`STRIP_ARRANGEMENTS`] for a strip.
    pub const fn slot_size(slot: usize) -> usize {
        if slot < Self::REGIONS || slot >= Self::FIRST_ODD {
            ARRANGEMENTS
        } else {
            STRIP_ARRANGEMENTS
        }
    }

    /// The entry that mirrors arrangement `a` of slot `slot`: the slot turned 180
    /// degrees, with the arrangement seen from the other side.
    pub fn mirror(slot: usize, a: u16) -> usize {
        if slot < Self::REGIONS {
            Self::offset(rotated_region::<V>(slot)) + usize::from(flipped_arrangement(a))
        } else if slot < Self::FIRST_ODD {
            let s = rotated_strip(slot - Self::REGIONS);
            Self::offset(Self::REGIONS + s) + usize::from(flipped_strip(a))
        } else {
            let r = rotated_odd_region::<V>(slot - Self::FIRST_ODD);
            Self::offset(Self::FIRST_ODD + r) + usize::from(flipped_arrangement(a))
        }
    }

    /// [`block_table`] for `V`'s board (zeros on the full board, whose regions
    /// `patterns/full.rs` reads).
    const BLOCK: [u64; 1024] = if <V::Board as Geometry>::ALL_SQUARES {
        [0; 1024]
    } else {
        block_table(<V::Board as Geometry>::PER_ROW as usize)
    };

    /// [`strip_block_table`] for `V`'s board (zeros on the full board).
    const STRIP_BLOCK: [u32; 1024] = if <V::Board as Geometry>::ALL_SQUARES {
        [0; 1024]
    } else {
        strip_block_table(<V::Board as Geometry>::PER_ROW as usize)
    };

    /// A table of zeros: an evaluation of 0 everywhere (blended by
    /// [`Phase::Advance`]).
    pub fn zero() -> Patterns<V> {
        Patterns {
            values: vec![[0; 2]; Self::ENTRIES],
            combined: vec![[0; 2]; Self::ENTRIES + PADDING],
            odd: false,
            phase: Phase::Advance,
            full: Phase::Advance.full::<V>(),
            variant: PhantomData,
        }
    }

    /// The table with values `values` (`[opening, endgame]`, slot-major: entry
    /// [`Self::offset`]`(slot) + a`), clamped to `±MAX_VALUE`, blended by
    /// [`Phase::Advance`] (see [`Patterns::with_phase`]).
    ///
    /// # Errors
    /// [`PatternsError::Format`] if there are not [`Self::ENTRIES`] entries.
    pub fn from_values(values: Vec<[i16; 2]>) -> Result<Patterns<V>, PatternsError> {
        if values.len() != Self::ENTRIES {
            return Err(PatternsError::Format {
                path: PathBuf::new(),
                reason: format!(
                    "{} values, expected {} for {}",
                    values.len(),
                    Self::ENTRIES,
                    V::NAME
                ),
            });
        }
        let mut patterns = Patterns {
            values,
            combined: Vec::new(),
            odd: false,
            phase: Phase::Advance,
            full: Phase::Advance.full::<V>(),
            variant: PhantomData,
        };
        for v in &mut patterns.values {
            *v = v.map(|x| x.clamp(-MAX_VALUE, MAX_VALUE));
        }
        patterns.combine();
        Ok(patterns)
    }

    /// The table blending its values by `phase` instead.
    pub fn with_phase(self, phase: Phase) -> Patterns<V> {
        Patterns {
            phase,
            full: phase.full::<V>(),
            ..self
        }
    }

    /// How the table blends its opening and endgame values.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The learned values `T` (`[opening, endgame]`, entry [`Self::offset`]`(slot) + a`).
    pub fn values(&self) -> &[[i16; 2]] {
        &self.values
    }

    /// Sets the values of arrangement `arrangement` on slot `slot` (clamped to
    /// `±MAX_VALUE`). Out-of-range slots or arrangements are ignored.
    pub fn set(&mut self, slot: usize, arrangement: u16, value: [i16; 2]) {
        let a = usize::from(arrangement);
        if slot < Self::SLOTS && a < Self::slot_size(slot) {
            let own = Self::offset(slot) + a;
            let mirror = Self::mirror(slot, arrangement);
            self.values[own] = value.map(|x| x.clamp(-MAX_VALUE, MAX_VALUE));
            let (t, m) = (self.values[own], self.values[mirror]);
            self.combined[own] = [t[0] - m[0], t[1] - m[1]];
            self.combined[mirror] = [m[0] - t[0], m[1] - t[1]];
            self.odd |= slot >= Self::FIRST_ODD && self.values[own] != [0, 0];
        }
    }

    fn combine(&mut self) {
        self.combined = (0..Self::SLOTS)
            .flat_map(|slot| (0..Self::slot_size(slot) as u16).map(move |a| (slot, a)))
            .map(|(slot, a)| {
                let own = self.values[Self::offset(slot) + usize::from(a)];
                let mirror = self.values[Self::mirror(slot, a)];
                [own[0] - mirror[0], own[1] - mirror[1]]
            })
            .collect();
        self.combined.resize(Self::ENTRIES + PADDING, [0; 2]);
        self.odd = self.values[Self::offset(Self::FIRST_ODD)..]
            .iter()
            .any(|v| *v != [0, 0]);
    }

    /// The arrangement on every slot (the first [`Self::SLOTS`] entries, the regions,
    /// the strips, then the odd regions; the rest are 0): what a trainer needs to fit a
    /// table.
    ///
    /// Region `(a, c)` (`r = a * `[`Self::REGION_COLUMNS`]` + c`) covers rows
    /// `2a..2a + 4` and the squares with in-row indices `c` and `c + 1` (on the full
    /// board rows `2a..2a + 2` and columns `2c..2c + 4`); its digit `j` (worth 3^j) is
    /// the `j`-th of its squares in board order, 0 empty or a king, 1 a white man, 2 a
    /// black man. Odd region `(a, c)` (slot [`Self::FIRST_ODD`]` + a *
    /// `[`Self::REGION_COLUMNS`]` + c`) is the same one row further down.
    #[inline]
    pub fn arrangements(&self, pos: &Position<V>) -> [u16; MAX_SLOTS] {
        let columns = Self::REGION_COLUMNS;
        let (rows, strips) = Self::region_rows(pos);
        let odd_rows = Self::odd_rows(pos);
        let mut out = [0u16; MAX_SLOTS];
        for a in 0..Self::REGION_ROWS {
            for c in 0..columns {
                out[a * columns + c] = (rows[a] >> (16 * c)) as u16;
                if a < Self::ODD_REGION_ROWS {
                    out[Self::FIRST_ODD + a * columns + c] = (odd_rows[a] >> (16 * c)) as u16;
                }
            }
        }
        out[Self::REGIONS..Self::FIRST_ODD].copy_from_slice(&strips[..Self::EDGE_STRIPS]);
        out
    }

    /// The arrangements of the regions of each row of regions `a`, packed: region
    /// `(a, c)` in the 16-bit lane `c` of entry `a`; and the arrangements of the strips.
    ///
    /// Each block of two rows from an even row is read as one small integer per colour
    /// ([`Bitboard::rows`], in the order of the layout), whose half-arrangements come
    /// from two table lookups; a region's arrangement is its upper block's half plus
    /// 81 times its lower block's. The same block integers give each block's share of
    /// the strips.
    #[inline(always)]
    fn region_rows(pos: &Position<V>) -> ([u64; MAX_REGION_ROWS], [u16; STRIPS]) {
        let (white, black) = (pos.men(Color::White), pos.men(Color::Black));
        if Self::FULL {
            return (full::region_rows(white, black, false), [0; STRIPS]);
        }
        let w = <V::Board as Geometry>::PER_ROW;
        let mut halves = [0u64; MAX_REGION_ROWS + 1];
        let mut edges = [0u32; MAX_REGION_ROWS + 1];
        for b in 0..w {
            let (wy, by) = (white.rows(2 * b, 2) as usize, black.rows(2 * b, 2) as usize);
            let b = usize::from(b);
            halves[b] = Self::BLOCK[wy] + 2 * Self::BLOCK[by];
            edges[b] = Self::STRIP_BLOCK[wy] + 2 * Self::STRIP_BLOCK[by];
        }
        let w = usize::from(w);
        let mut rows = [0u64; MAX_REGION_ROWS];
        for (a, row) in rows.iter_mut().enumerate().take(w - 1) {
            *row = halves[a] + 81 * halves[a + 1];
        }
        (rows, strips_of_blocks(&edges, w))
    }

    /// The arrangements of the odd regions of each row of odd regions `a`, packed as
    /// in [`Self::region_rows`]. The two rows from each odd row make a middle block,
    /// whose half-arrangements come from the same table as a block's.
    #[inline(always)]
    fn odd_rows(pos: &Position<V>) -> [u64; MAX_REGION_ROWS] {
        let (white, black) = (pos.men(Color::White), pos.men(Color::Black));
        if Self::FULL {
            return full::region_rows(white, black, true);
        }
        let w = <V::Board as Geometry>::PER_ROW;
        let mut halves = [0u64; MAX_REGION_ROWS];
        for (b, half) in (0..w - 1).zip(halves.iter_mut()) {
            let middle = |men: Bitboard<V>| men.rows(2 * b + 1, 2) as usize;
            *half = Self::BLOCK[middle(white)] + 2 * Self::BLOCK[middle(black)];
        }
        let mut rows = [0u64; MAX_REGION_ROWS];
        for (a, odd_row) in rows.iter_mut().enumerate().take(usize::from(w) - 2) {
            *odd_row = halves[a] + 81 * halves[a + 1];
        }
        rows
    }

    /// The opening and endgame sums for White, in `1 / VALUE_SCALE` score units.
    #[inline]
    fn white_sums(&self, pos: &Position<V>) -> (i32, i32) {
        let columns = Self::REGION_COLUMNS;
        let combined = &self.combined[..Self::ENTRIES + PADDING];
        let (mut opening, mut endgame) = (0i32, 0i32);
        let mut add = |entry: usize| {
            let [o, e] = combined[entry];
            opening += i32::from(o);
            endgame += i32::from(e);
        };
        // The regions of packed rows `rows`, the first of whose slots starts at `first`,
        // their lanes masked by `lane`.
        let mut add_rows = |first: usize, rows: &[u64], lane: u64| {
            for (a, &row) in rows.iter().enumerate() {
                for c in 0..columns {
                    let arrangement = ((row >> (16 * c)) & lane) as usize;
                    add(first + (a * columns + c) * ARRANGEMENTS + arrangement);
                }
            }
        };
        let (rows, strips) = Self::region_rows(pos);
        add_rows(0, &rows[..Self::REGION_ROWS], 0xffff);
        if self.odd {
            let odd_rows = Self::odd_rows(pos);
            add_rows(
                Self::offset(Self::FIRST_ODD),
                &odd_rows[..Self::ODD_REGION_ROWS],
                ODD_LANE,
            );
        }
        for (s, a) in strips.into_iter().enumerate().take(Self::EDGE_STRIPS) {
            add(Self::offset(Self::REGIONS + s) + usize::from(a));
        }
        (opening, endgame)
    }

    /// The patterns' contribution to the score of `pos`, from the side to move's point
    /// of view, in hundredths of a man.
    pub fn score(&self, pos: &Position<V>) -> Score {
        self.score_with(pos, &FeatureValues::compute(pos))
    }

    /// [`Patterns::score`] of `pos` whose feature values are `values`.
    #[inline]
    pub(crate) fn score_with(&self, pos: &Position<V>, values: &FeatureValues) -> Score {
        let (opening, endgame) = self.white_sums(pos);
        let white = blend(opening, endgame, self.phase.of(pos, values), self.full);
        match pos.turn() {
            Color::White => white,
            Color::Black => -white,
        }
    }
}

impl<V: Variant> std::fmt::Debug for Patterns<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let set = self.values.iter().filter(|v| **v != [0, 0]).count();
        f.debug_struct("Patterns")
            .field("variant", &V::NAME)
            .field("regions", &Self::REGIONS)
            .field("odd_regions", &self.odd)
            .field("non_zero", &set)
            .finish()
    }
}

/// The region `r` becomes when the board turns 180 degrees.
pub fn rotated_region<V: Variant>(r: usize) -> usize {
    rotated::<V>(r, Patterns::<V>::REGION_ROWS)
}

/// The odd region `r` becomes when the board turns 180 degrees.
pub fn rotated_odd_region<V: Variant>(r: usize) -> usize {
    rotated::<V>(r, Patterns::<V>::ODD_REGION_ROWS)
}

/// Region `r` of a grid of `rows` rows of regions, turned 180 degrees.
fn rotated<V: Variant>(r: usize, rows: usize) -> usize {
    let columns = Patterns::<V>::REGION_COLUMNS;
    let (row, col) = (r / columns, r % columns);
    (rows - 1 - row) * columns + (columns - 1 - col)
}

/// The arrangement `a` seen from the other side: the board turned 180 degrees (the
/// squares' order reversed) and the colours swapped.
pub fn flipped_arrangement(a: u16) -> u16 {
    flip_digits(a, REGION_SQUARES)
}

/// The `n`-digit base-3 arrangement `a` with its digits reversed and the colours
/// (digits 1 and 2) swapped.
pub(crate) fn flip_digits(a: u16, n: usize) -> u16 {
    let mut rest = a;
    let mut out = 0;
    for _ in 0..n {
        out = out * 3 + [0, 2, 1][usize::from(rest % 3)];
        rest /= 3;
    }
    out
}

/// The positions of 20 random games of at most 120 plies (a fixed linear congruential
/// generator seeded with `seed` picks the moves): test material.
#[cfg(test)]
pub(crate) fn random_positions<V: Variant>(mut seed: u64) -> Vec<Position<V>> {
    let mut out = Vec::new();
    for _ in 0..20 {
        let mut pos = Position::<V>::initial();
        for _ in 0..120 {
            out.push(pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            pos = pos.play_unchecked(&moves[(seed >> 33) as usize % moves.len()]);
        }
    }
    out
}

mod file;
pub use file::fnv1a;
pub(crate) use file::{format_error, read_file, write_file, Fields};
mod full;
#[cfg(test)]
mod tests;
