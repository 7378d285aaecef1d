//! The evaluation features and their bitboard computation.
//!
//! Every feature is a count computed for each colour separately with a handful of
//! shifts, masks and popcounts. The code is generic over the variant and over the colour
//! (a const parameter), so each monomorphised copy has its shift directions and masks as
//! constants and never asks which variant or colour it is working for.

use crate::masks::{Masks, RANK_PLANES};
use draughts_core::{Bitboard, Color, Direction, Geometry, Position, Variant};
use std::fmt;

/// Number of features.
pub const FEATURE_COUNT: usize = 14;

/// One evaluation feature. Its value for a colour is a count defined below; the
/// evaluation uses the side to move's value minus the opponent's.
///
/// Terms used in the definitions: a colour's *forward* directions are the two in which
/// its men step (up for White, towards square 1; down for Black); *behind* is the
/// opposite. A square's *rank* for a colour counts rows from that colour's own back row
/// (0) to the row where it crowns (`SIDE - 1`). The *left wing* is the half of the
/// columns on the left as White sees the board. The *centre* is the middle two rows
/// without the two outer columns on each side (squares 22-24 and 27-29 on the 10x10
/// board; 14, 15, 18 and 19 on the 8x8 board). The *king zone* is the squares at least
/// two steps from every edge plus the long diagonal (46-5 on 10x10, 29-4 on 8x8).
///
/// Every feature is colour-symmetric: its value for White in a position equals its
/// value for Black in the position turned 180 degrees with the colours swapped.
///
/// On the full board (Turkish: men step forwards or sideways, kings move along rows and
/// columns) the definitions are read along rows and columns: a man's *forward* square
/// is the one straight ahead and its steps go forwards, left or right (`mobility`,
/// `locked_men`); `coherence` counts men with a friendly piece on the square straight
/// behind them (which no frontal capture can then land on), `outposts` such men in the
/// opponent's half; `back_rank` counts men on the row in front of the own back row
/// (where they start: men never reach the back row); the *centre* is rows 4-5 without
/// the two outer columns on each side (c4-f5) and the *king zone* the inner squares
/// c3-f6 (no long diagonal); `king_mobility` counts the empty squares along rows and
/// columns; a man is `runaway` when no piece of either colour stands ahead of it in its
/// own column or a neighbouring one, up to the crowning row.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Feature {
    /// `men`: number of men.
    Men = 0,
    /// `kings`: number of kings.
    Kings,
    /// `tempo`: the sum over the men of their ranks (rows advanced from the own back
    /// row).
    Tempo,
    /// `balance`: `|L - R|`, where `L` and `R` are the numbers of men on the left and the
    /// right wing (columns `0 .. SIDE/2` and `SIDE/2 .. SIDE`). Meant to be penalised.
    Balance,
    /// `coherence`: men with at least one friendly piece (man or king) on a square
    /// diagonally behind them.
    Coherence,
    /// `edge_men`: men on the left or right edge column.
    EdgeMen,
    /// `mobility`: men's free steps: the number of (man, forward direction) pairs whose
    /// target square is empty.
    Mobility,
    /// `back_rank`: men still on the own back row (guarding it against crowning).
    BackRank,
    /// `centre`: men on the centre squares.
    Centre,
    /// `king_centre`: kings in the king zone (central squares and the long diagonal).
    KingCentre,
    /// `king_mobility`: the number of (king, empty square it could move to) pairs: the
    /// four neighbouring empty squares for short kings, every empty square up to the
    /// first piece along each diagonal for flying kings.
    KingMobility,
    /// `runaway`: men whose whole forward cone is empty: no piece of either colour on any
    /// square they could reach by forward steps, up to and including the crowning row.
    /// On a quiet position such a man runs to the crowning row unless an opponent's
    /// piece beside the cone (or a king) catches it in time, so it is nearly a king.
    Runaway,
    /// `outposts`: men in the opponent's half (rank at least `SIDE/2`) with a friendly
    /// piece on both squares diagonally behind them (so never on an edge).
    Outposts,
    /// `locked_men`: men with no forward step: each forward square is occupied or off
    /// the board. A proxy for locked formations (and for the own men blocking each
    /// other).
    LockedMen,
}

impl Feature {
    /// Every feature, in index order.
    pub const ALL: [Feature; FEATURE_COUNT] = [
        Feature::Men,
        Feature::Kings,
        Feature::Tempo,
        Feature::Balance,
        Feature::Coherence,
        Feature::EdgeMen,
        Feature::Mobility,
        Feature::BackRank,
        Feature::Centre,
        Feature::KingCentre,
        Feature::KingMobility,
        Feature::Runaway,
        Feature::Outposts,
        Feature::LockedMen,
    ];

    /// The position of the feature in [`Feature::ALL`] and in weight and value arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The stable snake_case name used in weight files and breakdowns.
    pub const fn name(self) -> &'static str {
        match self {
            Feature::Men => "men",
            Feature::Kings => "kings",
            Feature::Tempo => "tempo",
            Feature::Balance => "balance",
            Feature::Coherence => "coherence",
            Feature::EdgeMen => "edge_men",
            Feature::Mobility => "mobility",
            Feature::BackRank => "back_rank",
            Feature::Centre => "centre",
            Feature::KingCentre => "king_centre",
            Feature::KingMobility => "king_mobility",
            Feature::Runaway => "runaway",
            Feature::Outposts => "outposts",
            Feature::LockedMen => "locked_men",
        }
    }

    /// The feature called `name` (as [`Feature::name`] spells it), if any.
    pub fn from_name(name: &str) -> Option<Feature> {
        Feature::ALL.into_iter().find(|f| f.name() == name)
    }

    /// A one-line definition, for weight files and breakdowns.
    pub const fn description(self) -> &'static str {
        match self {
            Feature::Men => "number of men",
            Feature::Kings => "number of kings",
            Feature::Tempo => "sum of the men's rows advanced from the own back row",
            Feature::Balance => "|men on the left wing - men on the right wing|",
            Feature::Coherence => "men with a friendly piece diagonally behind",
            Feature::EdgeMen => "men on an edge column",
            Feature::Mobility => "men's forward steps to an empty square",
            Feature::BackRank => "men on the own back row",
            Feature::Centre => "men on the centre squares",
            Feature::KingCentre => "kings on the central zone or the long diagonal",
            Feature::KingMobility => "empty squares the kings can move to",
            Feature::Runaway => "men with an empty forward cone up to the crowning row",
            Feature::Outposts => "men in the opponent's half backed on both diagonals",
            Feature::LockedMen => "men with no forward step",
        }
    }
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The value of every feature for both colours of one position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FeatureValues {
    /// Indexed by [`Color::index`], then [`Feature::index`].
    values: [[i32; FEATURE_COUNT]; 2],
}

impl FeatureValues {
    /// Computes every feature of `pos` for both colours.
    ///
    /// ```
    /// use draughts_core::{Color, International, Position};
    /// use draughts_eval::{Feature, FeatureValues};
    ///
    /// let start = Position::<International>::initial();
    /// let values = FeatureValues::compute(&start);
    /// assert_eq!(values.get(Feature::Men, Color::White), 20);
    /// assert_eq!(values.get(Feature::Mobility, Color::Black), 9);
    /// ```
    #[inline(always)]
    pub fn compute<V: Variant>(pos: &Position<V>) -> FeatureValues {
        let men = [pos.men(Color::White), pos.men(Color::Black)];
        let kings = [pos.kings(Color::White), pos.kings(Color::Black)];
        let empty = pos.empty();
        if <V::Board as Geometry>::ALL_SQUARES {
            let values = crate::full::values::<V>(men, kings, empty);
            return FeatureValues { values };
        }
        let mut values = [
            side::<V, true>(men[0], kings[0], empty),
            side::<V, false>(men[1], kings[1], empty),
        ];
        if !(kings[0] | kings[1]).is_empty() {
            let mobility = king_mobility::<V>(kings, empty);
            values[0][Feature::KingMobility as usize] = mobility[0];
            values[1][Feature::KingMobility as usize] = mobility[1];
        }
        FeatureValues { values }
    }

    /// The values of every feature for `color`, indexed by [`Feature::index`].
    #[inline]
    pub fn side(&self, color: Color) -> &[i32; FEATURE_COUNT] {
        &self.values[color.index()]
    }

    /// The value of `feature` for `color`.
    #[inline]
    pub fn get(&self, feature: Feature, color: Color) -> i32 {
        self.values[color.index()][feature.index()]
    }

    /// Each feature's value for `color` minus its value for the opponent: the vector the
    /// linear evaluation multiplies by the weights (with `color` the side to move), and
    /// what a tuner fits weights on.
    #[inline]
    pub fn relative(&self, color: Color) -> [i32; FEATURE_COUNT] {
        let own = &self.values[color.index()];
        let opp = &self.values[1 - color.index()];
        std::array::from_fn(|i| own[i] - opp[i])
    }
}

/// The empty squares reachable from `kings` by sliding in direction `d` up to the
/// first occupied square.
#[inline(always)]
fn slide<V: Variant>(kings: Bitboard<V>, empty: Bitboard<V>, d: Direction) -> Bitboard<V> {
    kings.fill(d, empty) & empty
}

/// The king mobility of White's and Black's `kings` (see [`Feature::KingMobility`]).
/// Rays in one direction never overlap (a king stops the ray of the king behind it), so
/// summing the popcounts per direction counts (king, square) pairs exactly.
#[inline(always)]
fn king_mobility<V: Variant>(kings: [Bitboard<V>; 2], empty: Bitboard<V>) -> [i32; 2] {
    type D = Direction;
    // Written out rather than looped so that every shift is by a constant.
    let moves = |k: Bitboard<V>| {
        if V::FLYING_KINGS {
            count(slide(k, empty, D::UpLeft))
                + count(slide(k, empty, D::UpRight))
                + count(slide(k, empty, D::DownLeft))
                + count(slide(k, empty, D::DownRight))
        } else {
            count(k.shift(D::UpLeft) & empty)
                + count(k.shift(D::UpRight) & empty)
                + count(k.shift(D::DownLeft) & empty)
                + count(k.shift(D::DownRight) & empty)
        }
    };
    [moves(kings[0]), moves(kings[1])]
}

/// Squares with some occupied square in their forward cone, for men moving in
/// directions `ahead_left` and `ahead_right` (`behind_*` are their reverses).
///
/// A piece at `o` lies in the cone of a square `y` exactly when `y` is `o` moved `a`
/// steps behind-left and `b` steps behind-right (`a + b >= 1`), both on the board: some
/// order of those steps stays on the board. The set of such `y` is built in three
/// stages, each exact: from every occupied square, the squares straight behind-left
/// and straight behind-right of it (`|a - b|` steps along one diagonal); from those,
/// the squares `min(a, b)` double rows further back in the same column; and from those
/// a last step to either side behind, which leaves each occupied square itself out
/// (unless another piece is in its cone). The first two stages are fills
/// ([`Bitboard::fill`]), in `log2(SIDE)` rounds instead of one per row.
#[inline(always)]
fn cone_blocked<V: Variant>(
    occupied: Bitboard<V>,
    behind_left: Direction,
    behind_right: Direction,
) -> Bitboard<V> {
    let all = Bitboard::ALL;
    let diagonals = occupied.fill(behind_left, all) | occupied.fill(behind_right, all);
    let straight = if behind_left.is_up() {
        Direction::Up
    } else {
        Direction::Down
    };
    let behind = diagonals.fill(straight, all);
    behind.shift(behind_left) | behind.shift(behind_right)
}

/// Squares with some occupied square at most `rows` rows ahead in their forward cone
/// (as in [`cone_blocked`]), the cone grown backwards one row per round: the whole
/// cone when `rows` is `SIDE - 1`, and a cheap subset of it for a few rows.
#[inline(always)]
fn cone_within<V: Variant>(
    occupied: Bitboard<V>,
    behind_left: Direction,
    behind_right: Direction,
    rows: u8,
) -> Bitboard<V> {
    let mut reach = occupied;
    for _ in 1..rows {
        reach |= reach.shift(behind_left) | reach.shift(behind_right);
    }
    reach.shift(behind_left) | reach.shift(behind_right)
}

/// The number of squares in `set`.
#[inline(always)]
pub(crate) fn count<V: Variant>(set: Bitboard<V>) -> i32 {
    set.len() as i32
}

/// Every feature for one colour (`WHITE` or Black).
#[inline(always)]
fn side<V: Variant, const WHITE: bool>(
    men: Bitboard<V>,
    kings: Bitboard<V>,
    empty: Bitboard<V>,
) -> [i32; FEATURE_COUNT] {
    type D = Direction;
    let t = &Masks::<V>::TABLES;
    let c = if WHITE { 0 } else { 1 };
    // The 180-degree turn maps White's up-left onto Black's down-right: pairing the
    // directions this way keeps the two colours' computations mirror images.
    let (ahead_left, ahead_right) = if WHITE {
        (D::UpLeft, D::UpRight)
    } else {
        (D::DownRight, D::DownLeft)
    };
    let (behind_left, behind_right) = (ahead_left.reverse(), ahead_right.reverse());

    let own = men | kings;
    let occupied = !empty;
    let man_count = count(men);

    let mut tempo = 0;
    let mut plane = 0;
    while plane < RANK_PLANES {
        tempo += count(men & t.rank_planes[c][plane]) << plane;
        plane += 1;
    }
    let left = count(men & t.left);
    // Squares with a friendly piece diagonally behind-right / behind-left of them.
    let backed_from_right = own.shift(ahead_left);
    let backed_from_left = own.shift(ahead_right);
    let free_steps = count(men.shift(ahead_left) & empty) + count(men.shift(ahead_right) & empty);
    // Squares whose forward-left or forward-right neighbour is empty.
    let can_step = empty.shift(behind_left) | empty.shift(behind_right);

    let mut v = [0; FEATURE_COUNT];
    v[Feature::Men as usize] = man_count;
    if !kings.is_empty() {
        v[Feature::Kings as usize] = count(kings);
        v[Feature::KingCentre as usize] = count(kings & t.king_zone);
    }
    v[Feature::Tempo as usize] = tempo;
    v[Feature::Balance as usize] = (2 * left - man_count).abs();
    v[Feature::Coherence as usize] = count(men & (backed_from_right | backed_from_left));
    v[Feature::EdgeMen as usize] = count(men & t.edge);
    v[Feature::Mobility as usize] = free_steps;
    v[Feature::BackRank as usize] = count(men & t.back_row[c]);
    v[Feature::Centre as usize] = count(men & t.centre);
    // KingMobility is filled in by the caller, for both colours at once.
    // Most men have a piece within three rows ahead: the full cone only for the others.
    if !(men - cone_within::<V>(occupied, behind_left, behind_right, 3)).is_empty() {
        v[Feature::Runaway as usize] =
            count(men - cone_blocked::<V>(occupied, behind_left, behind_right));
    }
    v[Feature::Outposts as usize] =
        count(men & t.opponent_half[c] & backed_from_right & backed_from_left);
    v[Feature::LockedMen as usize] = count(men - can_step);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International, Italian, Square};

    /// The squares whose numbers minus one are bits of `word`.
    fn set_of<V: Variant>(word: u64) -> Bitboard<V> {
        (1..=<V::Board as Geometry>::SQUARES)
            .filter(|n| word >> (n - 1) & 1 != 0)
            .map(Square::new_unchecked)
            .collect()
    }

    /// The fills give the row-by-row cones for both colours, on single pieces (every
    /// square) and on random sets of every density.
    fn cones_agree<V: Variant>() {
        type D = Direction;
        let rows = <V::Board as Geometry>::SIDE - 1;
        let check = |occupied: Bitboard<V>| {
            for (left, right) in [(D::DownRight, D::DownLeft), (D::UpLeft, D::UpRight)] {
                assert_eq!(
                    cone_blocked::<V>(occupied, left, right),
                    cone_within::<V>(occupied, left, right, rows),
                    "occupied {occupied:?}"
                );
            }
        };
        for n in 1..=<V::Board as Geometry>::SQUARES {
            check(set_of(1 << (n - 1)));
        }
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed ^ (seed >> 29)
        };
        for _ in 0..5_000 {
            let (a, b, c) = (next(), next(), next());
            for word in [a, a & b, a & b & c, a | b] {
                check(set_of(word));
            }
        }
    }

    #[test]
    fn cones_by_fills_equal_cones_by_rows() {
        cones_agree::<International>();
        cones_agree::<English>();
        cones_agree::<Italian>();
    }
}
