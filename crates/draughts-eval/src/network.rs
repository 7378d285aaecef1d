//! The small network that corrects the linear evaluation: [`Network`].

use crate::lanes::Sums;
use crate::patterns::{fnv1a, format_error, read_file, write_file, Fields, PatternsError};
use crate::Score;
use draughts_core::{Color, Geometry, Position, Variant};
use std::cell::RefCell;
use std::marker::PhantomData;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// The most units a hidden layer has. A network of fewer units (its file says how
/// many) computes in a quarter, half or all of the lanes, whichever first holds its
/// units, the others off: it scores as it would alone.
pub const HIDDEN: usize = 128;

/// A unit's activation of 1, in the integers of the hidden layer.
pub const ACTIVATION_ONE: i32 = 64;

/// Output weights are in `1 / OUTPUT_SCALE` of a score unit.
pub const OUTPUT_SCALE: i32 = 4;

/// The largest input weight or bias in absolute terms, in `1 / ACTIVATION_ONE`: forty
/// pieces' rows and a bias never leave an `i16`.
pub const MAX_INPUT: i16 = 700;

const MAGIC: &[u8; 4] = b"DNET";
/// The file version of a network with one head; version 2 adds the waiting head.
const VERSION: u32 = 1;

/// The kinds of input per square, from the viewing side: own men, own kings, the
/// opponent's men, the opponent's kings.
pub const KINDS: usize = 4;

/// One row of weights, four cache lines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(align(64))]
struct Row([i16; HIDDEN]);

/// A network for variant `V`: a small neural network that corrects the linear
/// evaluation, one hidden layer over the pieces of the board, added to the weighted
/// features and the pattern table.
///
/// The network sees the board from one side, *own* pieces at the bottom: an input for
/// every square and each of own man, own king, opponent's man and opponent's king
/// (`4 * SQUARES` inputs, about 40 of them on at once). Its hidden units (up to
/// [`HIDDEN`]; each file says how many) add up the rows of the inputs that are on and a
/// bias, are clipped to `0..=1`
/// ([`ACTIVATION_ONE`] in the integers it computes with) and are summed with the output
/// weights of a *head*: a value in score units. The mover's head reads the side to
/// move's view, the waiting head the other side's view, and the correction for the side
/// to move is `G_mover(its view) - G_waiting(the opponent's view)`.
///
/// Colour symmetry is built in rather than learned: Black's view is the board turned 180
/// degrees with the colours swapped, so turning the board and swapping the colours
/// (the side to move with them) leaves the correction for the side to move unchanged.
/// A network whose two heads are equal (every network [`Network::set_output`] alone
/// makes, and every file of version 1) does not depend on the side to move, as the
/// linear evaluation does not: its correction for White is `G(White's view) -
/// G(Black's view)`. Two heads let it tell the side that moves next from the other.
///
/// `draughts tune network` fits a network on labelled positions, in real numbers, and
/// rounds it to this form.
///
/// ```
/// use draughts_core::{International, Position};
/// use draughts_eval::{Network, HIDDEN};
///
/// let mut net = Network::<International>::zero();
/// // One unit that likes an own man on square 28 (seen from below) and pays 25.
/// net.set_output(0, 25.0);
/// net.set_input(Network::<International>::input(0, 27), 0, 1.0);
/// let pos = Position::<International>::initial().play_text("32-28")?;
/// // Black is to move, and White has the man: -25 for the side to move.
/// assert_eq!(net.score(&pos), -25);
/// assert_eq!(net.score(&pos.flipped()), -25);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Each thread remembers the units' sums of the last two views it evaluated, and the
/// next evaluation adds and subtracts only the rows of the pieces that differ (in a
/// search, consecutive evaluations are of near positions): the same integers as a sum
/// from scratch, at a fraction of the cost.
#[derive(Clone)]
pub struct Network<V: Variant> {
    /// One row per input: kind-major, then square (bit `s - 1` of the view for square `s`).
    rows: Vec<Row>,
    bias: Row,
    /// The output weights of the mover's head and of the waiting head.
    heads: [[i16; HIDDEN]; 2],
    /// The units in use, `1..=HIDDEN`: the others' weights stay zero.
    units: usize,
    /// Which weights these are, for the threads' remembered sums: new with every change.
    id: u64,
    variant: PhantomData<V>,
}

impl<V: Variant> PartialEq for Network<V> {
    fn eq(&self, other: &Self) -> bool {
        (&self.rows, &self.bias, &self.heads) == (&other.rows, &other.bias, &other.heads)
    }
}

impl<V: Variant> Eq for Network<V> {}

/// A fresh [`Network::id`].
fn new_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The sums a thread remembers (see [`Network`]).
struct Remembered {
    id: u64,
    views: [[u64; KINDS]; 2],
    sums: [Row; 2],
}

thread_local! {
    static REMEMBERED: RefCell<Remembered> = const {
        RefCell::new(Remembered { id: 0, views: [[0; KINDS]; 2], sums: [Row([0; HIDDEN]); 2] })
    };
}

impl<V: Variant> Network<V> {
    /// Playable squares of `V`'s board.
    pub const SQUARES: usize = <V::Board as Geometry>::SQUARES as usize;

    /// Inputs: [`KINDS`] per square.
    pub const INPUTS: usize = KINDS * Self::SQUARES;

    /// The network of [`HIDDEN`] units that corrects nothing.
    pub fn zero() -> Network<V> {
        Self::with_units(HIDDEN)
    }

    /// The network of `units` hidden units (at least one, at most [`HIDDEN`]) that
    /// corrects nothing.
    pub fn with_units(units: usize) -> Network<V> {
        Network {
            rows: vec![Row([0; HIDDEN]); Self::INPUTS],
            bias: Row([0; HIDDEN]),
            heads: [[0; HIDDEN]; 2],
            units: units.clamp(1, HIDDEN),
            id: new_id(),
            variant: PhantomData,
        }
    }

    /// Its hidden units: those its setters reach and its file holds.
    pub fn units(&self) -> usize {
        self.units
    }

    /// The input of kind `kind` ([`KINDS`]) on the square at bit `bit` of the view
    /// (bit `s - 1` for square `s` of the viewing side's board).
    pub const fn input(kind: usize, bit: usize) -> usize {
        kind * Self::SQUARES + bit
    }

    /// Sets the weight from input `input` to unit `unit` (activation units: 1.0 is
    /// [`ACTIVATION_ONE`]), rounded and clamped to [`MAX_INPUT`]. Out-of-range indices
    /// (a unit beyond [`Network::units`]) are ignored.
    pub fn set_input(&mut self, input: usize, unit: usize, weight: f64) {
        let units = self.units;
        let row = self.rows.get_mut(input);
        if let Some(w) = row.and_then(|r| r.0[..units].get_mut(unit)) {
            *w = quantise(weight * f64::from(ACTIVATION_ONE), MAX_INPUT);
        }
        self.id = new_id();
    }

    /// Sets the bias of unit `unit`, as [`Network::set_input`] sets a weight.
    pub fn set_bias(&mut self, unit: usize, bias: f64) {
        if let Some(b) = self.bias.0[..self.units].get_mut(unit) {
            *b = quantise(bias * f64::from(ACTIVATION_ONE), MAX_INPUT);
        }
        self.id = new_id();
    }

    /// Sets the output weight of unit `unit` in both heads, in score units per unit of
    /// activation.
    pub fn set_output(&mut self, unit: usize, weight: f64) {
        self.set_head(0, unit, weight);
        self.set_head(1, unit, weight);
    }

    /// Sets the output weight of unit `unit` in the waiting head only, as
    /// [`Network::set_output`] takes it: the network then has two heads.
    pub fn set_waiting_output(&mut self, unit: usize, weight: f64) {
        self.set_head(1, unit, weight);
    }

    fn set_head(&mut self, head: usize, unit: usize, weight: f64) {
        if let Some(w) = self.heads[head][..self.units].get_mut(unit) {
            *w = quantise(weight * f64::from(OUTPUT_SCALE), i16::MAX);
        }
        self.id = new_id();
    }

    /// Whether the heads differ, so that the correction depends on the side to move.
    pub fn two_heads(&self) -> bool {
        self.heads[0] != self.heads[1]
    }

    /// The weight from input `input` to unit `unit` as [`Network::set_input`] takes it
    /// (activation units); 0 for out-of-range indices.
    pub fn input_weight(&self, input: usize, unit: usize) -> f64 {
        let w = self
            .rows
            .get(input)
            .and_then(|r| r.0[..self.units].get(unit));
        w.map_or(0.0, |&w| f64::from(w) / f64::from(ACTIVATION_ONE))
    }

    /// The bias of unit `unit` as [`Network::set_bias`] takes it; 0 out of range.
    pub fn bias(&self, unit: usize) -> f64 {
        let b = self.bias.0[..self.units].get(unit);
        b.map_or(0.0, |&b| f64::from(b) / f64::from(ACTIVATION_ONE))
    }

    /// The output weight of unit `unit` in the mover's head, as
    /// [`Network::set_output`] takes it; 0 out of range.
    pub fn output_weight(&self, unit: usize) -> f64 {
        self.head_weight(0, unit)
    }

    /// The output weight of unit `unit` in the waiting head; 0 out of range.
    pub fn waiting_output_weight(&self, unit: usize) -> f64 {
        self.head_weight(1, unit)
    }

    fn head_weight(&self, head: usize, unit: usize) -> f64 {
        let w = self.heads[head][..self.units].get(unit);
        w.map_or(0.0, |&w| f64::from(w) / f64::from(OUTPUT_SCALE))
    }

    /// The correction for the side to move of `pos`, in score units.
    #[inline]
    pub fn score(&self, pos: &Position<V>) -> Score {
        self.score_of(&Self::views(pos), pos.turn() == Color::White)
    }

    /// [`Network::score`] of the two views [`Network::views`] gives, White or Black to
    /// move: `G_mover(the mover's view) - G_waiting(the other view)`, rounded towards
    /// zero.
    #[inline]
    pub fn score_of(&self, views: &[[u64; KINDS]; 2], white_to_move: bool) -> Score {
        // A network of a quarter or half the lanes or fewer computes in those: its other
        // lanes are off.
        if self.units <= HIDDEN / 4 {
            self.score_in::<{ HIDDEN / 4 }>(views, white_to_move)
        } else if self.units <= HIDDEN / 2 {
            self.score_in::<{ HIDDEN / 2 }>(views, white_to_move)
        } else {
            self.score_in::<HIDDEN>(views, white_to_move)
        }
    }

    /// [`Network::score_of`] computed in the first `L` lanes, which hold every unit.
    #[inline(always)]
    fn score_in<const L: usize>(&self, views: &[[u64; KINDS]; 2], white_to_move: bool) -> Score {
        let mover = usize::from(!white_to_move);
        let [mover, waiting] = REMEMBERED.with_borrow_mut(|r| {
            let fresh = r.id != self.id;
            r.id = self.id;
            for ((sums, old), new) in r.sums.iter_mut().zip(&mut r.views).zip(views) {
                self.update::<L>(sums, old, new, fresh);
                *old = *new;
            }
            [(mover, 0), (1 - mover, 1)].map(|(v, head)| self.output::<L>(&r.sums[v], head))
        });
        (mover - waiting) / (ACTIVATION_ONE * OUTPUT_SCALE)
    }

    /// White's and Black's views of `pos`: for each [`KINDS`], the squares as bits
    /// (bit `s - 1` for square `s` as the viewing side numbers them). The inputs that
    /// are on are [`Network::input`]`(kind, bit)` for every set bit.
    #[inline]
    pub fn views(pos: &Position<V>) -> [[u64; KINDS]; 2] {
        let (w, b) = (Color::White, Color::Black);
        [
            [pos.men(w), pos.kings(w), pos.men(b), pos.kings(b)].map(|s| s.packed()),
            [pos.men(b), pos.kings(b), pos.men(w), pos.kings(w)].map(|s| s.rotated().packed()),
        ]
    }

    /// Brings `sums`, the units' sums of view `old`, to those of view `new`: the rows of
    /// the inputs that changed, or (if `fresh`, or if most inputs changed) a sum from
    /// scratch, in [`Sums`] (registers where it can).
    #[inline]
    fn update<const L: usize>(
        &self,
        sums: &mut Row,
        old: &[u64; KINDS],
        new: &[u64; KINDS],
        fresh: bool,
    ) {
        let changed: u32 = old.iter().zip(new).map(|(a, b)| (a ^ b).count_ones()).sum();
        let pieces: u32 = new.iter().map(|b| b.count_ones()).sum();
        let rows = |kind: usize, mut bits: u64| {
            std::iter::from_fn(move || {
                let bit = (bits != 0).then(|| bits.trailing_zeros() as usize)?;
                bits &= bits - 1;
                Some(bit)
            })
            .filter_map(move |bit| self.rows.get(Self::input(kind, bit)))
        };
        let mut lanes;
        if fresh || changed > pieces {
            lanes = Sums::<L>::load(&self.bias.0);
            for (kind, &bits) in new.iter().enumerate() {
                rows(kind, bits).for_each(|row| lanes.add(&row.0));
            }
        } else {
            lanes = Sums::<L>::load(&sums.0);
            for (kind, (&a, &b)) in old.iter().zip(new).enumerate() {
                rows(kind, a & !b).for_each(|row| lanes.sub(&row.0));
                rows(kind, b & !a).for_each(|row| lanes.add(&row.0));
            }
        }
        lanes.store(&mut sums.0);
    }

    /// `G` of a view whose units sum to `sums` (the first `L` lanes), by head `head`,
    /// scaled by `ACTIVATION_ONE * OUTPUT_SCALE`.
    #[inline]
    fn output<const L: usize>(&self, sums: &Row, head: usize) -> i32 {
        Sums::<L>::load(&sums.0).dot_clamped(ACTIVATION_ONE as i16, &self.heads[head])
    }

    /// The file form: the magic `DNET`, the version (`u32`), the variant's name (a
    /// length byte and the bytes), the inputs and hidden units (`u32` each), the input
    /// rows, the biases and the output weights (each [`Network::units`] long; version 2,
    /// written for two heads, adds the waiting head's) as little-endian `i16`s, and an
    /// FNV-1a checksum (`u64`) of everything before it.
    pub fn to_bytes(&self) -> Vec<u8> {
        let units = self.units;
        let heads = 1 + usize::from(self.two_heads());
        let mut out = Vec::with_capacity((Self::INPUTS + 1 + heads) * units * 2 + 32);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(heads as u32).to_le_bytes());
        out.push(V::NAME.len() as u8);
        out.extend_from_slice(V::NAME.as_bytes());
        out.extend_from_slice(&(Self::INPUTS as u32).to_le_bytes());
        out.extend_from_slice(&(units as u32).to_le_bytes());
        let rows = self.rows.iter().chain([&self.bias]);
        let values = rows
            .flat_map(|r| &r.0[..units])
            .chain(self.heads[..heads].iter().flat_map(|h| &h[..units]));
        for v in values {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads the file form written by [`Network::to_bytes`].
    ///
    /// # Errors
    /// [`PatternsError::Format`] (with an empty path) if the bytes are not a network for
    /// `V`, have no units or more than [`HIDDEN`], are truncated, fail the checksum, or
    /// hold an input weight beyond [`MAX_INPUT`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Network<V>, PatternsError> {
        let bad = |reason: String| format_error(reason);
        let mut fields = Fields::of(bytes, MAGIC, "a network")?;
        let mut take = |n: usize| fields.take(n);
        let word = |b: &[u8]| u32::from_le_bytes(b.try_into().unwrap_or_default());
        let version = word(take(4)?);
        if !(VERSION..=VERSION + 1).contains(&version) {
            return Err(bad(format!(
                "version {version}, expected {VERSION} or {}",
                VERSION + 1
            )));
        }
        let heads = version as usize;
        let name_len = usize::from(take(1)?[0]);
        let name = String::from_utf8_lossy(take(name_len)?).into_owned();
        if name != V::NAME {
            return Err(bad(format!("a network for {name}, not {}", V::NAME)));
        }
        let (inputs, hidden) = (word(take(4)?) as usize, word(take(4)?) as usize);
        if inputs != Self::INPUTS || !(1..=HIDDEN).contains(&hidden) {
            return Err(bad(format!(
                "{inputs} inputs and {hidden} units, expected {} and 1 to {HIDDEN}",
                Self::INPUTS
            )));
        }
        let values: Vec<i16> = take((inputs + 1 + heads) * hidden * 2)?
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        if fields.left() != 0 {
            return Err(bad(format!(
                "{} unexpected bytes at the end",
                fields.left()
            )));
        }
        let (inner, outputs) = values.split_at((inputs + 1) * hidden);
        if let Some(v) = inner.iter().find(|v| v.abs() > MAX_INPUT) {
            return Err(bad(format!("input weight {v} beyond {MAX_INPUT}")));
        }
        let lanes = |c: &[i16]| std::array::from_fn(|j| c.get(j).copied().unwrap_or(0));
        let mut rows: Vec<Row> = inner.chunks_exact(hidden).map(|c| Row(lanes(c))).collect();
        let bias = rows.pop().unwrap_or(Row([0; HIDDEN]));
        let mover = lanes(outputs);
        // Version 1 has the mover's head only: its waiting head is the same.
        let waiting = match outputs.get(hidden..) {
            Some(rest) if !rest.is_empty() => lanes(rest),
            _ => mover,
        };
        Ok(Network {
            rows,
            bias,
            heads: [mover, waiting],
            units: hidden,
            id: new_id(),
            variant: PhantomData,
        })
    }

    /// Writes the network to `path`.
    ///
    /// # Errors
    /// [`PatternsError::Io`] naming the file.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), PatternsError> {
        write_file(path.as_ref(), &self.to_bytes())
    }

    /// Reads a network from `path`.
    ///
    /// # Errors
    /// [`PatternsError::Io`] or [`PatternsError::Format`], naming the file.
    pub fn load(path: impl AsRef<Path>) -> Result<Network<V>, PatternsError> {
        let path = path.as_ref();
        Self::from_bytes(&read_file(path)?).map_err(|e| e.at(path))
    }
}

impl<V: Variant> std::fmt::Debug for Network<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let live = (0..HIDDEN)
            .filter(|&j| self.heads[0][j] != 0 || self.heads[1][j] != 0)
            .count();
        f.debug_struct("Network")
            .field("variant", &V::NAME)
            .field("hidden", &self.units)
            .field("live_units", &live)
            .field("two_heads", &self.two_heads())
            .finish()
    }
}

/// `x` rounded and clamped to `±limit`.
fn quantise(x: f64, limit: i16) -> i16 {
    let limit = f64::from(limit);
    x.clamp(-limit, limit).round() as i16
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International};

    fn some_network<V: Variant>() -> Network<V> {
        let mut net = Network::<V>::zero();
        for unit in 0..HIDDEN {
            net.set_bias(unit, 0.1 * (unit % 5) as f64);
            net.set_output(unit, unit as f64 - 15.5);
            for input in 0..Network::<V>::INPUTS {
                let w = ((input * 7 + unit * 13) % 17) as f64 / 40.0 - 0.2;
                net.set_input(input, unit, w);
            }
        }
        net
    }

    /// [`some_network`] with a waiting head of its own.
    fn two_headed<V: Variant>() -> Network<V> {
        let mut net = some_network::<V>();
        for unit in 0..HIDDEN {
            net.set_waiting_output(unit, 9.5 - unit as f64 / 2.0);
        }
        net
    }

    #[test]
    fn colour_symmetric() {
        let (one, two) = (
            some_network::<International>(),
            two_headed::<International>(),
        );
        assert!(!one.two_heads() && two.two_heads());
        let mut pos = Position::<International>::initial();
        let mut turn_told = false;
        for text in ["32-28", "19-23", "28x19", "14x23", "37-32"] {
            pos = pos.play_text(text).unwrap();
            let swapped = pos.flipped().with_turn(pos.turn());
            let score = one.score(&pos);
            assert_eq!(one.score(&pos.flipped()), score);
            assert_eq!(one.score(&swapped), -score);
            // Two heads: the side to move swaps with the colours; keeping it differs.
            assert_eq!(two.score(&pos.flipped()), two.score(&pos));
            turn_told |= two.score(&swapped) != -two.score(&pos);
        }
        assert!(turn_told);
        assert_eq!(one.score(&Position::<International>::initial()), 0);
    }

    #[test]
    fn remembered_sums_equal_sums_from_scratch() {
        let (net, other) = (two_headed::<International>(), two_headed::<International>());
        let mut pos = Position::<International>::initial();
        for _ in 0..60 {
            let Some(mv) = pos.legal_moves().into_iter().next_back() else {
                break;
            };
            pos = pos.play(&mv).unwrap();
            let (views, white) = (Network::views(&pos), pos.turn() == Color::White);
            let once = net.score_of(&views, white);
            // Another network in between makes the next evaluation start from scratch.
            assert_eq!(other.score_of(&views, white), once);
            assert_eq!(net.score_of(&views, white), once);
        }
    }

    #[test]
    fn getters_give_back_what_the_setters_take() {
        let net = two_headed::<English>();
        let mut copy = Network::<English>::zero();
        for unit in 0..HIDDEN {
            copy.set_bias(unit, net.bias(unit));
            copy.set_output(unit, net.output_weight(unit));
            copy.set_waiting_output(unit, net.waiting_output_weight(unit));
            for input in 0..Network::<English>::INPUTS {
                copy.set_input(input, unit, net.input_weight(input, unit));
            }
        }
        assert_eq!(copy, net);
        assert_eq!(net.output_weight(HIDDEN), 0.0);
        assert_eq!(net.waiting_output_weight(HIDDEN), 0.0);
        assert_eq!(net.input_weight(Network::<English>::INPUTS, 0), 0.0);
    }

    #[test]
    fn a_narrower_network_scores_as_alone_and_keeps_its_units() {
        let wide = some_network::<International>();
        // A quarter of the lanes or fewer, and half of them or fewer.
        for units in [20, HIDDEN / 2 - 10] {
            let mut narrow = Network::<International>::with_units(units);
            let mut same = Network::<International>::zero();
            for unit in 0..HIDDEN {
                for net in [&mut narrow, &mut same] {
                    let keep = |w: f64| if unit < units { w } else { 0.0 };
                    net.set_bias(unit, keep(wide.bias(unit)));
                    net.set_output(unit, keep(wide.output_weight(unit)));
                    for input in 0..Network::<International>::INPUTS {
                        net.set_input(input, unit, keep(wide.input_weight(input, unit)));
                    }
                }
            }
            assert_eq!(narrow, same, "units beyond the {units} stay off");
            let read = Network::<International>::from_bytes(&narrow.to_bytes()).unwrap();
            assert_eq!((read.units(), same.units()), (units, HIDDEN));
            assert!(narrow.to_bytes().len() < same.to_bytes().len());
            let mut pos = Position::<International>::initial();
            for text in ["32-28", "19-23", "28x19", "14x23", "37-32"] {
                pos = pos.play_text(text).unwrap();
                assert_eq!(read.score(&pos), same.score(&pos));
            }
            assert_ne!(read.score(&pos), 0);
        }
    }

    #[test]
    fn file_round_trip_and_errors() {
        // One head is version 1, as every file before two heads; two heads version 2.
        let version = |bytes: &[u8]| bytes[4];
        let two = two_headed::<English>();
        let read = Network::<English>::from_bytes(&two.to_bytes()).unwrap();
        assert_eq!((read.two_heads(), version(&two.to_bytes())), (true, 2));
        assert_eq!(read, two);
        let net = some_network::<English>();
        let bytes = net.to_bytes();
        assert_eq!(version(&bytes), 1);
        assert_eq!(Network::<English>::from_bytes(&bytes).unwrap(), net);
        assert!(Network::<International>::from_bytes(&bytes).is_err());
        let mut damaged = bytes.clone();
        damaged[40] ^= 1;
        assert!(Network::<English>::from_bytes(&damaged).is_err());
        assert!(Network::<English>::from_bytes(&bytes[..bytes.len() - 3]).is_err());
        assert!(Network::<English>::from_bytes(b"").is_err());
    }
}
