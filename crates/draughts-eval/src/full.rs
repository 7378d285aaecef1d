//! The features on the full board (Turkish), where men step forwards or sideways and
//! kings move along rows and columns.
//!
//! The features keep their names and roles; where a definition follows the diagonals
//! of the dark squares it is read along rows and columns instead (see [`Feature`]):
//! a man's *forward* square is the one straight ahead, its *steps* go forwards, left and
//! right, and the squares that guard it against a capture from the front are the one
//! straight behind it. Every count uses the core's `shift` and `fill` and the masks of
//! [`Masks`], as on the other boards.

use crate::feature::{count, Feature, FEATURE_COUNT};
use crate::masks::{Masks, RANK_PLANES};
use draughts_core::{Bitboard, Direction, Variant};

/// Every feature for White and Black, from the men, kings and empty squares of the full
/// board.
#[inline(always)]
pub(crate) fn values<V: Variant>(
    men: [Bitboard<V>; 2],
    kings: [Bitboard<V>; 2],
    empty: Bitboard<V>,
) -> [[i32; FEATURE_COUNT]; 2] {
    let mut values = [
        side::<V, true>(men[0], kings[0], empty),
        side::<V, false>(men[1], kings[1], empty),
    ];
    if !(kings[0] | kings[1]).is_empty() {
        for (c, v) in values.iter_mut().enumerate() {
            v[Feature::KingMobility as usize] = king_mobility::<V>(kings[c], empty);
        }
    }
    values
}

/// The number of (king, empty square it could move to) pairs along rows and columns: up
/// to the first piece for flying kings, the neighbouring square for short ones. Rays in
/// one direction never overlap, so the popcounts add up to the pairs.
#[inline(always)]
fn king_mobility<V: Variant>(kings: Bitboard<V>, empty: Bitboard<V>) -> i32 {
    let mut mobility = 0;
    for d in Direction::ORTHOGONAL {
        let reached = if V::FLYING_KINGS {
            kings.fill(d, empty)
        } else {
            kings.shift(d)
        };
        mobility += count(reached & empty);
    }
    mobility
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
    let (ahead, behind) = if WHITE {
        (D::Up, D::Down)
    } else {
        (D::Down, D::Up)
    };
    let own = men | kings;
    let occupied = !empty;
    let man_count = count(men);

    let mut tempo = 0;
    for (plane, &mask) in t.rank_planes[c].iter().enumerate().take(RANK_PLANES) {
        tempo += count(men & mask) << plane;
    }
    let left = count(men & t.left);
    // Squares with a friendly piece straight behind them.
    let backed = own.shift(ahead);
    let sideways = |set: Bitboard<V>| set.shift(D::Left) | set.shift(D::Right);
    let free_steps = count(men.shift(ahead) & empty)
        + count(men.shift(D::Left) & empty)
        + count(men.shift(D::Right) & empty);
    // Squares whose forward, left or right neighbour is empty.
    let can_step = empty.shift(behind) | sideways(empty);
    // Squares with a piece ahead of them in their own column or a neighbouring one.
    let reach = (occupied | sideways(occupied)).fill(behind, Bitboard::ALL);
    let blocked = reach.shift(behind);

    let mut v = [0; FEATURE_COUNT];
    v[Feature::Men as usize] = man_count;
    if !kings.is_empty() {
        v[Feature::Kings as usize] = count(kings);
        v[Feature::KingCentre as usize] = count(kings & t.king_zone);
    }
    v[Feature::Tempo as usize] = tempo;
    v[Feature::Balance as usize] = (2 * left - man_count).abs();
    v[Feature::Coherence as usize] = count(men & backed);
    v[Feature::EdgeMen as usize] = count(men & t.edge);
    v[Feature::Mobility as usize] = free_steps;
    v[Feature::BackRank as usize] = count(men & t.back_row[c]);
    v[Feature::Centre as usize] = count(men & t.centre);
    // KingMobility is filled in by the caller.
    v[Feature::Runaway as usize] = count(men - blocked);
    v[Feature::Outposts as usize] = count(men & t.opponent_half[c] & backed);
    v[Feature::LockedMen as usize] = count(men - can_step);
    v
}
