//! Learned patterns: the arrangement of men on small regions of the board, each
//! arrangement with a learned value.
//!
//! The board is covered by overlapping regions of 4x4 squares whose rows and columns
//! start at even offsets: 16 regions on the 10x10 board, 9 on the 8x8 board. A region
//! holds 8 playable squares, two in each of its rows; the men on them (each square
//! empty, a white man or a black man; kings count as empty) form one of
//! [`ARRANGEMENTS`] = 3^8 arrangements. A table gives every region and arrangement two
//! values, one for the opening and one for the endgame, and the evaluation blends them
//! by the game's [`Phase`]: the men's advance still to come, or (tables of file
//! versions 1 and 2) the number of pieces on the board.
//!
//! Colour symmetry is built in rather than learned: a position's value for White is
//! the sum over the regions `r` of `T[r][a] - T[r'][a']`, where `a` is the arrangement
//! on `r`, `r'` the region `r` turned 180 degrees, and `a'` the arrangement seen from
//! the other side (turned and with the colours swapped). Any table `T` therefore gives
//! an evaluation that [`Position::flipped`] leaves unchanged.
//!
//! Beside the regions the table holds the [edge strips](crate::strips), four regions of
//! nine squares along the side edges, valued and made symmetric the same way. Regions
//! and strips together are the table's *slots*: the regions first, then the strips.
//!
//! ```
//! use draughts_core::{International, Position};
//! use draughts_eval::Patterns;
//!
//! let mut patterns = Patterns::<International>::zero();
//! let pos = Position::<International>::initial().play_text("32-28")?;
//! let arrangements = patterns.arrangements(&pos);
//! // Reward the arrangement White's move made on region 9 (rows 5-8, columns c-f).
//! patterns.set(9, arrangements[9], [40, 40]);
//! assert!(patterns.score(&pos) < 0, "Black to move, and White has the good shape");
//! // Turning the board and swapping the colours changes nothing.
//! assert_eq!(patterns.score(&pos.flipped()), patterns.score(&pos));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::phase::{blend, Phase};
use crate::strips::{
    flipped_strip, rotated_strip, strip_block_table, strips_of_blocks, STRIPS, STRIP_ARRANGEMENTS,
};
use crate::{FeatureValues, Score};
use draughts_core::{Color, Geometry, Position, Variant};
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

/// Playable squares in one region.
pub const REGION_SQUARES: usize = 8;

/// Arrangements of men on one region: 3^8.
pub const ARRANGEMENTS: usize = 6561;

/// Regions on the largest supported board (10x10).
pub const MAX_REGIONS: usize = 16;

/// Slots (regions and strips) on the largest supported board.
pub const MAX_SLOTS: usize = MAX_REGIONS + STRIPS;

/// Table values are in `1 / VALUE_SCALE` of a score unit (a hundredth of a man).
pub const VALUE_SCALE: i32 = 4;

/// The largest table value in absolute terms; larger values are clamped, so that a
/// value minus its mirror image always fits an `i16`.
pub const MAX_VALUE: i16 = 16_383;

/// Rows of regions (and regions per row) on the largest supported board.
const REGION_ROWS: usize = 4;

const MAGIC: &[u8; 4] = b"DPAT";
/// Version 1 held the regions only; version 2 adds the strips; version 3 the phase
/// (before it, always [`Phase::Pieces`]).
const VERSION: u32 = 3;

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

/// Why a pattern file cannot be used.
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
    /// The variant's board has no patterns yet (the full 8x8 board of Turkish: regions
    /// and strips follow the dark squares' layout).
    #[error("no pattern tables for {variant}: its board (all 64 squares) is not supported yet")]
    UnsupportedBoard {
        /// The variant's name.
        variant: &'static str,
    },
}

/// [`PatternsError::UnsupportedBoard`] if `V` plays on the full board.
pub fn check_board<V: Variant>() -> Result<(), PatternsError> {
    if <V::Board as Geometry>::ALL_SQUARES {
        return Err(PatternsError::UnsupportedBoard { variant: V::NAME });
    }
    Ok(())
}

/// A learned pattern table for variant `V` (see the [module documentation](self)).
#[derive(Clone, PartialEq, Eq)]
pub struct Patterns<V: Variant> {
    /// `T`: `[opening, endgame]` per slot and arrangement, slot-major.
    values: Vec<[i16; 2]>,
    /// `T[r][a] - T[r'][a']`, what the evaluation adds up.
    combined: Vec<[i16; 2]>,
    /// How the opening and endgame values are blended.
    phase: Phase,
    /// [`Phase::full`] for `V`.
    full: i32,
    variant: PhantomData<V>,
}

impl<V: Variant> Patterns<V> {
    /// Regions on `V`'s board: `(side / 2 - 1)^2`.
    pub const REGIONS: usize = {
        let per_axis = <V::Board as Geometry>::SIDE as usize / 2 - 1;
        per_axis * per_axis
    };

    /// Slots: the regions, then the strips.
    pub const SLOTS: usize = Self::REGIONS + STRIPS;

    /// Entries of the table: every arrangement of every slot.
    pub const ENTRIES: usize = Self::REGIONS * ARRANGEMENTS + STRIPS * STRIP_ARRANGEMENTS;

    /// The entry of arrangement 0 of slot `slot`.
    #[inline]
    pub const fn offset(slot: usize) -> usize {
        if slot < Self::REGIONS {
            slot * ARRANGEMENTS
        } else {
            Self::REGIONS * ARRANGEMENTS + (slot - Self::REGIONS) * STRIP_ARRANGEMENTS
        }
    }

    /// Arrangements of slot `slot`: [`ARRANGEMENTS`] for a region,
    /// [`STRIP_ARRANGEMENTS`] for a strip.
    pub const fn slot_size(slot: usize) -> usize {
        if slot < Self::REGIONS {
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
        } else {
            let s = rotated_strip(slot - Self::REGIONS);
            Self::offset(Self::REGIONS + s) + usize::from(flipped_strip(a))
        }
    }

    /// [`block_table`] for `V`'s board (zeros on the full board, which has no patterns:
    /// see [`crate::supports_board`]).
    const BLOCK: [u64; 1024] = if <V::Board as Geometry>::ALL_SQUARES {
        [0; 1024]
    } else {
        block_table(<V::Board as Geometry>::PER_ROW as usize)
    };

    /// [`strip_block_table`] for `V`'s board (zeros on the full board).
    const STRIP_BLOCK: [u16; 1024] = if <V::Board as Geometry>::ALL_SQUARES {
        [0; 1024]
    } else {
        strip_block_table(<V::Board as Geometry>::PER_ROW as usize)
    };

    /// A table of zeros: an evaluation of 0 everywhere (blended by
    /// [`Phase::Advance`]).
    pub fn zero() -> Patterns<V> {
        Patterns {
            values: vec![[0; 2]; Self::ENTRIES],
            combined: vec![[0; 2]; Self::ENTRIES],
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
    /// [`PatternsError::Format`] if there are not [`Self::ENTRIES`] entries;
    /// [`PatternsError::UnsupportedBoard`] on the full board.
    pub fn from_values(values: Vec<[i16; 2]>) -> Result<Patterns<V>, PatternsError> {
        check_board::<V>()?;
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
    }

    /// The arrangement on every slot (the first [`Self::SLOTS`] entries, the regions
    /// then the strips; the rest are 0): what a trainer needs to fit a table.
    ///
    /// Region `(a, c)` (`r = a * (side / 2 - 1) + c`) covers rows `2a..2a + 4` and the
    /// squares with in-row indices `c` and `c + 1`; its digit `j` (worth 3^j) is the
    /// `j`-th of its squares in board order, 0 empty or a king, 1 a white man, 2 a black
    /// man.
    #[inline]
    pub fn arrangements(&self, pos: &Position<V>) -> [u16; MAX_SLOTS] {
        let per_axis = <V::Board as Geometry>::PER_ROW as usize - 1;
        let (rows, strips) = Self::region_rows(pos);
        let mut out = [0u16; MAX_SLOTS];
        for a in 0..per_axis {
            for c in 0..per_axis {
                out[a * per_axis + c] = (rows[a] >> (16 * c)) as u16;
            }
        }
        out[Self::REGIONS..Self::SLOTS].copy_from_slice(&strips);
        out
    }

    /// The arrangements of the regions of each row of regions `a`, packed: region
    /// `(a, c)` in the 16-bit lane `c` of entry `a`; and the arrangements of the strips.
    ///
    /// Two rows form a block of the bit layout (a ghost bit follows every block), so
    /// each block's half-arrangements come from two table lookups, one per colour, and
    /// a region's arrangement is its upper block's half plus 81 times its lower block's.
    /// The same block bits give each block's share of the strips.
    #[inline(always)]
    fn region_rows(pos: &Position<V>) -> ([u64; REGION_ROWS], [u16; STRIPS]) {
        let w = <V::Board as Geometry>::PER_ROW as usize;
        let mask = (1u64 << (2 * w)) - 1;
        let white = pos.men(Color::White).bits();
        let black = pos.men(Color::Black).bits();
        let mut halves = [0u64; REGION_ROWS + 1];
        let mut edges = [0u16; REGION_ROWS + 1];
        for b in 0..w {
            let base = b * (2 * w + 1);
            let (wy, by) = (
                ((white >> base) & mask) as usize,
                ((black >> base) & mask) as usize,
            );
            halves[b] = Self::BLOCK[wy] + 2 * Self::BLOCK[by];
            edges[b] = Self::STRIP_BLOCK[wy] + 2 * Self::STRIP_BLOCK[by];
        }
        let mut rows = [0u64; REGION_ROWS];
        for (a, row) in rows.iter_mut().enumerate().take(w - 1) {
            *row = halves[a] + 81 * halves[a + 1];
        }
        (rows, strips_of_blocks(&edges, w))
    }

    /// The opening and endgame sums for White, in `1 / VALUE_SCALE` score units.
    #[inline]
    fn white_sums(&self, pos: &Position<V>) -> (i32, i32) {
        let per_axis = <V::Board as Geometry>::PER_ROW as usize - 1;
        let (rows, strips) = Self::region_rows(pos);
        let combined = &self.combined[..Self::ENTRIES];
        let (mut opening, mut endgame) = (0i32, 0i32);
        for (a, &row) in rows.iter().enumerate().take(per_axis) {
            for c in 0..per_axis {
                let arrangement = ((row >> (16 * c)) & 0xffff) as usize;
                let [o, e] = combined[(a * per_axis + c) * ARRANGEMENTS + arrangement];
                opening += i32::from(o);
                endgame += i32::from(e);
            }
        }
        for (s, a) in strips.into_iter().enumerate() {
            let [o, e] = combined[Self::offset(Self::REGIONS + s) + usize::from(a)];
            opening += i32::from(o);
            endgame += i32::from(e);
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

    /// The file form: a header (magic, version, variant, regions, strips, phase), the values
    /// as little-endian `i16` pairs, and an FNV-1a checksum of everything before it.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.values.len() * 4 + 32);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(V::NAME.len() as u8);
        out.extend_from_slice(V::NAME.as_bytes());
        out.push(Self::REGIONS as u8);
        out.push(STRIPS as u8);
        out.push(self.phase.code());
        for v in &self.values {
            out.extend_from_slice(&v[0].to_le_bytes());
            out.extend_from_slice(&v[1].to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads the file form written by [`Patterns::to_bytes`], or a table of an older
    /// version: version 1 (regions only: its strips are zero) or 2 (both blended by
    /// [`Phase::Pieces`]).
    ///
    /// # Errors
    /// [`PatternsError::Format`] (with an empty path) if the bytes are not a table for
    /// `V`, are truncated, or fail the checksum; [`PatternsError::UnsupportedBoard`] on
    /// the full board.
    pub fn from_bytes(bytes: &[u8]) -> Result<Patterns<V>, PatternsError> {
        check_board::<V>()?;
        let bad = |reason: String| PatternsError::Format {
            path: PathBuf::new(),
            reason,
        };
        let (body, sum) = bytes
            .split_last_chunk::<8>()
            .ok_or_else(|| bad("too short for a pattern table".into()))?;
        if body.get(..4) != Some(MAGIC) {
            return Err(bad("not a pattern table (bad magic)".into()));
        }
        if fnv1a(body) != u64::from_le_bytes(*sum) {
            return Err(bad(
                "checksum mismatch: the file is damaged or truncated".into()
            ));
        }
        let mut rest = &body[4..];
        let mut take = |n: usize| -> Result<&[u8], PatternsError> {
            let (head, tail) = rest
                .split_at_checked(n)
                .ok_or_else(|| bad("truncated header".into()))?;
            rest = tail;
            Ok(head)
        };
        let version = u32::from_le_bytes(take(4)?.try_into().unwrap_or_default());
        if !(1..=VERSION).contains(&version) {
            return Err(bad(format!("version {version}, expected 1 to {VERSION}")));
        }
        let name_len = usize::from(take(1)?[0]);
        let name = String::from_utf8_lossy(take(name_len)?).into_owned();
        if name != V::NAME {
            return Err(bad(format!("a table for {name}, not {}", V::NAME)));
        }
        let regions = usize::from(take(1)?[0]);
        if regions != Self::REGIONS {
            return Err(bad(format!(
                "{regions} regions, expected {}",
                Self::REGIONS
            )));
        }
        let strips = if version == 1 {
            0
        } else {
            usize::from(take(1)?[0])
        };
        if version > 1 && strips != STRIPS {
            return Err(bad(format!("{strips} strips, expected {STRIPS}")));
        }
        let phase = if version < 3 {
            Phase::Pieces
        } else {
            let code = take(1)?[0];
            Phase::from_code(code).ok_or_else(|| bad(format!("unknown phase {code}")))?
        };
        let data = take((regions * ARRANGEMENTS + strips * STRIP_ARRANGEMENTS) * 4)?;
        if !rest.is_empty() {
            return Err(bad(format!(
                "{} unexpected bytes after the values",
                rest.len()
            )));
        }
        let mut values: Vec<[i16; 2]> = data
            .chunks_exact(4)
            .map(|c| {
                [
                    i16::from_le_bytes([c[0], c[1]]),
                    i16::from_le_bytes([c[2], c[3]]),
                ]
            })
            .collect();
        values.resize(Self::ENTRIES, [0, 0]);
        Ok(Self::from_values(values)?.with_phase(phase))
    }

    /// Writes the table to `path`.
    ///
    /// # Errors
    /// [`PatternsError::Io`] naming the file.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), PatternsError> {
        let path = path.as_ref();
        std::fs::write(path, self.to_bytes()).map_err(|source| PatternsError::Io {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Reads a table from `path`.
    ///
    /// # Errors
    /// [`PatternsError::Io`] or [`PatternsError::Format`], naming the file.
    pub fn load(path: impl AsRef<Path>) -> Result<Patterns<V>, PatternsError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| PatternsError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Self::from_bytes(&bytes).map_err(|e| match e {
            PatternsError::Format { reason, .. } => PatternsError::Format {
                path: path.to_path_buf(),
                reason,
            },
            other => other,
        })
    }
}

impl<V: Variant> std::fmt::Debug for Patterns<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let set = self.values.iter().filter(|v| **v != [0, 0]).count();
        f.debug_struct("Patterns")
            .field("variant", &V::NAME)
            .field("regions", &Self::REGIONS)
            .field("non_zero", &set)
            .finish()
    }
}

/// The region `r` becomes when the board turns 180 degrees.
pub fn rotated_region<V: Variant>(r: usize) -> usize {
    let per_axis = <V::Board as Geometry>::SIDE as usize / 2 - 1;
    let (row, col) = (r / per_axis, r % per_axis);
    (per_axis - 1 - row) * per_axis + (per_axis - 1 - col)
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

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International};

    #[test]
    fn region_counts() {
        assert_eq!(Patterns::<International>::REGIONS, 16);
        assert_eq!(Patterns::<English>::REGIONS, 9);
    }

    /// The arrangement on region `r` square by square, as the documentation of
    /// [`Patterns::arrangements`] defines it.
    fn reference<V: Variant>(pos: &Position<V>, r: usize) -> u16 {
        let w = usize::from(<V::Board as Geometry>::PER_ROW);
        let (a, c) = (r / (w - 1), r % (w - 1));
        let mut value = 0u16;
        for j in (0..REGION_SQUARES).rev() {
            let (row, column) = (2 * a + j / 2, c + j % 2);
            let square =
                draughts_core::Square::new((row * w + column + 1) as u8).expect("on the board");
            let digit = match pos.piece_at(square) {
                Some(piece) if piece.kind == draughts_core::Kind::Man => {
                    if piece.color == Color::White {
                        1
                    } else {
                        2
                    }
                }
                _ => 0,
            };
            value = 3 * value + digit;
        }
        value
    }

    /// Random games (a fixed linear congruential generator picks the moves): every
    /// position's arrangements equal the square-by-square reference, and every square
    /// lies in some region.
    fn arrangements_are_the_reference<V: Variant>() {
        let table = Patterns::<V>::zero();
        let mut squares_seen = [false; 50];
        for pos in random_positions::<V>(12345) {
            let arrangements = table.arrangements(&pos);
            for (r, &a) in arrangements.iter().enumerate().take(Patterns::<V>::REGIONS) {
                assert_eq!(a, reference(&pos, r), "{pos:?}, region {r}");
            }
        }
        let w = usize::from(<V::Board as Geometry>::PER_ROW);
        for r in 0..Patterns::<V>::REGIONS {
            let (a, c) = (r / (w - 1), r % (w - 1));
            for j in 0..REGION_SQUARES {
                squares_seen[(2 * a + j / 2) * w + c + j % 2] = true;
            }
        }
        assert!(squares_seen[..usize::from(<V::Board as Geometry>::SQUARES)]
            .iter()
            .all(|&s| s));
    }

    #[test]
    fn arrangements_follow_the_definition() {
        arrangements_are_the_reference::<International>();
        arrangements_are_the_reference::<English>();
    }

    #[test]
    fn flipping_an_arrangement_twice_is_the_identity() {
        for a in 0..ARRANGEMENTS as u16 {
            assert_eq!(flipped_arrangement(flipped_arrangement(a)), a);
        }
        // A white man on digit 0 becomes a black man on digit 7.
        assert_eq!(flipped_arrangement(1), 2 * 3u16.pow(7));
    }

    #[test]
    fn arrangements_match_flipped_positions() {
        let pos = Position::<International>::initial()
            .play_text("32-28")
            .expect("legal");
        let patterns = Patterns::<International>::zero();
        let here = patterns.arrangements(&pos);
        let there = patterns.arrangements(&pos.flipped());
        for r in 0..16 {
            assert_eq!(
                there[rotated_region::<International>(r)],
                flipped_arrangement(here[r])
            );
        }
    }

    #[test]
    fn version_1_tables_load_with_empty_strips() {
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&1u32.to_le_bytes());
        bytes.push(7);
        bytes.extend_from_slice(b"english");
        bytes.push(9);
        for e in 0..9 * ARRANGEMENTS {
            let v: i16 = if e == 3 * ARRANGEMENTS + 100 { 5 } else { 0 };
            bytes.extend_from_slice(&v.to_le_bytes());
            bytes.extend_from_slice(&(-v).to_le_bytes());
        }
        let sum = fnv1a(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        let table = Patterns::<English>::from_bytes(&bytes).expect("a version 1 table");
        let mut expected = Patterns::<English>::zero().with_phase(Phase::Pieces);
        expected.set(3, 100, [5, -5]);
        assert_eq!(
            table, expected,
            "blended by the pieces, as before version 3"
        );
        assert_eq!(table.values().len(), Patterns::<English>::ENTRIES);
    }

    #[test]
    fn strips_are_slots_after_the_regions() {
        type P = Patterns<International>;
        assert_eq!(P::SLOTS, 20);
        assert_eq!(P::offset(16), 16 * ARRANGEMENTS);
        assert_eq!(P::ENTRIES, 16 * ARRANGEMENTS + 4 * STRIP_ARRANGEMENTS);
        // Every entry's mirror mirrors it back.
        for slot in 0..P::SLOTS {
            for a in (0..P::slot_size(slot) as u16).step_by(7) {
                let m = P::mirror(slot, a);
                let back = (0..P::SLOTS)
                    .rev()
                    .find(|&s| P::offset(s) <= m)
                    .expect("a slot");
                let a2 = (m - P::offset(back)) as u16;
                assert_eq!(P::mirror(back, a2), P::offset(slot) + usize::from(a));
            }
        }
        let mut table = Patterns::<English>::zero();
        table.set(9 + 4, 0, [1, 1]);
        assert_eq!(table, Patterns::<English>::zero(), "out of range: ignored");
    }

    #[test]
    fn file_round_trip_and_damage() {
        let mut patterns = Patterns::<English>::zero();
        patterns.set(3, 100, [5, -7]);
        patterns.set(8, 6560, [MAX_VALUE, -MAX_VALUE]);
        patterns.set(11, 19_000, [-3, 9]);
        let bytes = patterns.to_bytes();
        assert_eq!(
            Patterns::<English>::from_bytes(&bytes).ok(),
            Some(patterns.clone())
        );
        let by_pieces = patterns.with_phase(Phase::Pieces);
        let read = Patterns::<English>::from_bytes(&by_pieces.to_bytes()).ok();
        assert_eq!(read.map(|p| p.phase()), Some(Phase::Pieces));
        assert!(Patterns::<International>::from_bytes(&bytes).is_err());
        let mut damaged = bytes.clone();
        damaged[40] ^= 1;
        assert!(Patterns::<English>::from_bytes(&damaged).is_err());
        assert!(Patterns::<English>::from_bytes(&bytes[..bytes.len() - 9]).is_err());
        assert!(Patterns::<English>::from_bytes(&[]).is_err());
    }
}
