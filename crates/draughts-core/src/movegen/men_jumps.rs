//! Men's captures settled by whole-board shifts, without a depth-first search.
//!
//! Where every further piece taken raises a capture's rank (the majority and value
//! rules), a man that can go on after its first jump outranks every capture of a single
//! piece, even of a king (a king is worth less than two men). Shifting the whole board
//! once per direction (four directions in one [`Quad`]) tells, for all men at once, which
//! men can jump in each direction and whether a piece could jump again from where they
//! land, so most positions need no search: none of the men captures, or every capture is
//! a single jump (listed or counted straight from the sets of men that make them), or
//! only the men that can go on need searching. Frisian spends most of its perft here (its
//! men capture in eight directions, and most of its positions have a capture). That
//! search looks each square's neighbours up in a table ([`Rings`]) instead of shifting in
//! every direction, and finds all the jumps from a square at once (BMI2's `pext` and
//! `pdep`, where the crate is compiled for them).

use core::marker::PhantomData;

use super::{has, man_capture_dirs, push, CaptureSearch, Sides, EIGHT};
use crate::gather::{pdep, pext};
use crate::geometry::{shift, Direction, Geometry};
use crate::moves::{Move, MoveList};
use crate::quad::Quad;
use crate::variant::Variant;

/// Whether, in variant `V`, the captures of a side that has no kings may be settled by
/// [`Sides::men_captures`]: men jump short, and a capture taking more pieces always
/// outranks one taking a single piece, whatever the pieces.
#[inline(always)]
pub(super) const fn settled_by_shifts<V: Variant>() -> bool {
    let rule = V::CAPTURE_PRECEDENCE;
    // Frisian for now: the one variant whose men look in eight directions.
    V::ORTHOGONAL_CAPTURES
        && rule.grows_with_captures()
        && !rule.most_kings
        && !rule.earliest_king
        && V::MEN_CAPTURE_KINGS
        && !V::CROWNS_MID_CAPTURE
        && !V::REMOVES_DURING_CAPTURE
        && !V::ORTHOGONAL_MOVES
}

/// How the captures of a side with men only stand.
pub(super) enum MenCaptures {
    /// No man can capture.
    None,
    /// Every capture is a single jump; the legal ones are made by the men of these sets,
    /// one set a direction, in the lanes of [`UP_LANES`] and of [`DOWN_LANES`].
    Single([Quad; 2]),
    /// Some capture takes two pieces or more; only the men of the first set can make a
    /// legal one, by a first jump onto a square of the second (from which a man could
    /// jump on).
    Multiple(u64, u64),
}

impl MenCaptures {
    /// The number of legal captures, where every one is a single jump.
    #[inline(always)]
    pub(super) fn count_single(movers: &[Quad; 2]) -> usize {
        let lanes = movers.map(Quad::lanes);
        lanes
            .as_flattened()
            .iter()
            .map(|m| m.count_ones() as usize)
            .sum()
    }
}

/// The directions of the lanes of a [`Quad`] of men's jumps: those that shift bits
/// towards the low end (up the board, and to the left)...
const UP_LANES: [Direction; 4] = [
    Direction::UpLeft,
    Direction::UpRight,
    Direction::Up,
    Direction::Left,
];

/// ... and, lane by lane, their reverses.
const DOWN_LANES: [Direction; 4] = [
    Direction::DownRight,
    Direction::DownLeft,
    Direction::Down,
    Direction::Right,
];

/// One step on board `G` in the direction of each lane of a [`Quad`]: [`shift`] as a
/// mask and a count a lane.
struct Step<G>(PhantomData<G>);

impl<G: Geometry> Step<G> {
    /// The bits a step keeps on the board (or in the word), in the directions of
    /// [`UP_LANES`] and of [`DOWN_LANES`].
    const MASKS: [Quad; 2] = [
        Quad::new(Step::<G>::parts(UP_LANES).0),
        Quad::new(Step::<G>::parts(DOWN_LANES).0),
    ];
    /// How far each lane's step moves a bit (the same in both halves).
    const COUNTS: Quad = Quad::new(Step::<G>::parts(UP_LANES).1);

    /// [`shift`] in the directions of `lanes`, as a mask and a count each:
    /// `shift::<G>(x, d)` is `(x & mask) >> count` up or left, `(x & mask) << count` else.
    const fn parts(lanes: [Direction; 4]) -> ([u64; 4], [u64; 4]) {
        let (mut masks, mut counts) = ([0; 4], [0; 4]);
        let mut lane = 0;
        while lane < 4 {
            let mut bit = 0u32;
            while bit < 64 {
                let moved = shift::<G>(1 << bit, lanes[lane]);
                if moved != 0 {
                    masks[lane] |= 1 << bit;
                    counts[lane] = bit.abs_diff(moved.trailing_zeros()) as u64;
                }
                bit += 1;
            }
            lane += 1;
        }
        (masks, counts)
    }

    /// Each lane of `q` one step in its direction of [`UP_LANES`].
    #[inline(always)]
    fn up(q: Quad) -> Quad {
        (q & Self::MASKS[0]).shr(Self::COUNTS)
    }

    /// Each lane of `q` one step in its direction of [`DOWN_LANES`].
    #[inline(always)]
    fn down(q: Quad) -> Quad {
        (q & Self::MASKS[1]).shl(Self::COUNTS)
    }
}

impl<const WHITE: bool> Sides<WHITE> {
    /// The captures of this side's men, which must be its only pieces, in a variant where
    /// [`settled_by_shifts`] holds (so that men capture in all eight directions). Each
    /// set of a [`Quad`] pair holds one direction, [`UP_LANES`] then [`DOWN_LANES`].
    #[inline(always)]
    pub(super) fn men_captures<V: Variant>(&self) -> MenCaptures {
        debug_assert!(self.kings == 0 && settled_by_shifts::<V>());
        debug_assert!(man_capture_dirs::<V, WHITE>() == EIGHT);
        type S<V> = Step<<V as Variant>::Board>;
        let (empty, opp) = (Quad::splat(self.empty), Quad::splat(self.opp));
        // The squares from which a man could jump in each direction, and in some
        // direction. A man that has just jumped cannot jump back (its victim is still
        // there, its start square is not empty in `self.empty`), so a landing square in
        // `jump_from` means a second jump.
        let from = [
            S::<V>::down(S::<V>::down(empty) & opp),
            S::<V>::up(S::<V>::up(empty) & opp),
        ];
        let jump_from = (from[0] | from[1]).union();
        // Most positions have no capture: find that out before keeping any set.
        if jump_from & self.men == 0 {
            return MenCaptures::None;
        }
        let men = Quad::splat(self.men);
        let movers = [from[0] & men, from[1] & men];
        // The men that land on a square of `jump_from`, two steps on.
        let onto = Quad::splat(jump_from);
        let up = movers[0] & S::<V>::down(S::<V>::down(onto));
        let down = movers[1] & S::<V>::up(S::<V>::up(onto));
        let going_on = (up | down).union();
        if going_on != 0 {
            return MenCaptures::Multiple(going_on, jump_from);
        }
        // Single jumps: under the value rule, those taking a king, if any, outrank the rest.
        if V::CAPTURE_PRECEDENCE.most_value && self.opp_kings != 0 {
            let kings = Quad::splat(self.opp_kings);
            let over_kings = [
                movers[0] & S::<V>::down(kings),
                movers[1] & S::<V>::up(kings),
            ];
            if (over_kings[0] | over_kings[1]).union() != 0 {
                return MenCaptures::Single(over_kings);
            }
        }
        MenCaptures::Single(movers)
    }
}

/// The jumps White's or Black's men could make from one bit of the board.
#[derive(Clone, Copy)]
struct Ring {
    /// Every square a jump goes over.
    over: u64,
    /// The squares beyond those of `over`, where the jumps land, in the same order (a
    /// jump goes as far again beyond its victim, so both sets rise with the direction's
    /// bit offset): a jump is its rank in both.
    beyond: u64,
    /// `over` split into diagonal, vertical and horizontal jumps. Within each group the
    /// bit order is the order of [`each_direction!`], so that taking the groups in turn
    /// follows [`CaptureSearch::short`].
    groups: [u64; 3],
}

impl Ring {
    /// The squares of `targets` a man on bit `at` (this ring's) can jump, landing on a
    /// square of `free`.
    #[inline(always)]
    fn victims(&self, at: u32, targets: u64, free: u64) -> u64 {
        if cfg!(all(target_arch = "x86_64", target_feature = "bmi2")) {
            self.victims_by_rank(targets, free)
        } else {
            self.victims_one_by_one(at, targets, free)
        }
    }

    /// [`Ring::victims`] by the jumps' ranks: three instructions with BMI2.
    #[inline(always)]
    fn victims_by_rank(&self, targets: u64, free: u64) -> u64 {
        pdep(
            pext(targets, self.over) & pext(free, self.beyond),
            self.over,
        )
    }

    /// [`Ring::victims`] one target at a time, where `pext` and `pdep` are loops.
    #[inline(always)]
    fn victims_one_by_one(&self, at: u32, targets: u64, free: u64) -> u64 {
        let (mut targets, mut victims) = (targets & self.over, 0);
        while targets != 0 {
            let target = targets.trailing_zeros();
            targets &= targets - 1;
            // The square beyond is on the board, being in `beyond`.
            if free >> (2 * target - at) & 1 != 0 {
                victims |= 1 << target;
            }
        }
        victims
    }
}

/// For each bit of the board, the [`Ring`] of White's (`WHITE`) or Black's men in `V`.
struct Rings<V, const WHITE: bool>(PhantomData<V>);

impl<V: Variant, const WHITE: bool> Rings<V, WHITE> {
    const TABLE: [Ring; 64] = {
        let dirs = man_capture_dirs::<V, WHITE>();
        let valid = <V::Board as Geometry>::VALID;
        let none = Ring {
            over: 0,
            beyond: 0,
            groups: [0; 3],
        };
        let mut table = [none; 64];
        let mut i = 0;
        while i < 64 {
            let at = 1 << i;
            each_direction!(V, |d| {
                let over = shift::<V::Board>(at, d) & valid;
                let beyond = shift::<V::Board>(over, d) & valid;
                if has(dirs, d) && beyond != 0 {
                    let group = match d {
                        Direction::Up | Direction::Down => 1,
                        Direction::Left | Direction::Right => 2,
                        _ => 0,
                    };
                    table[i].over |= over;
                    table[i].beyond |= beyond;
                    table[i].groups[group] |= over;
                }
            });
            i += 1;
        }
        table
    };

    /// The ring of bit `at`.
    #[inline(always)]
    fn of(at: u32) -> &'static Ring {
        &Self::TABLE[at as usize & 63]
    }
}

impl<V: Variant> CaptureSearch<'_, V> {
    /// The pieces a man on bit `at` can jump, having taken `captured`, landing on a square
    /// of `onto`.
    #[inline(always)]
    fn victims_by_table<const WHITE: bool>(&self, at: u32, onto: u64, captured: u64) -> u64 {
        Rings::<V, WHITE>::of(at).victims(at, self.opp & !captured, self.empty & onto)
    }

    /// [`CaptureSearch::short`] for a man on bit `at` that can jump `victims`
    /// ([`CaptureSearch::victims_by_table`]), looking its neighbours up in [`Rings`]
    /// rather than shifting in each direction. The same moves; where `LISTED`, also in
    /// the same order and with their landing squares, else (to count them) in any order
    /// and without.
    fn short_by_table<const WHITE: bool, const LISTED: bool>(
        &mut self,
        at: u32,
        victims: u64,
        captured: u64,
        landed: u64,
    ) {
        let landed = if LISTED && captured != 0 {
            landed | 1 << at
        } else {
            landed
        };
        let groups = if LISTED {
            Rings::<V, WHITE>::of(at).groups
        } else {
            [!0, 0, 0]
        };
        for group in groups {
            let mut victims = victims & group;
            while victims != 0 {
                let victim = victims.trailing_zeros();
                victims &= victims - 1;
                let captured = captured | 1 << victim;
                // A jump goes as far again beyond its victim.
                let to = 2 * victim - at;
                // A sequence that can go on outranks its end (the value rule), so only a
                // landing with no further jump finishes one.
                match self.victims_by_table::<WHITE>(to, !0, captured) {
                    0 => self.finish(1 << to, captured, landed),
                    further => self.short_by_table::<WHITE, LISTED>(to, further, captured, landed),
                }
            }
        }
    }
}

impl<const WHITE: bool> Sides<WHITE> {
    /// Appends to `list` the legal captures of [`MenCaptures::Multiple`]`(men,
    /// jump_from)`: each man's search starts from its first jumps that can go on, the
    /// others being outranked. Where `LISTED`, the moves come in the order of
    /// [`CaptureSearch::short`] and with their landing squares, else (to count them) not.
    pub(super) fn search_going_on<V: Variant, const LISTED: bool>(
        &self,
        list: &mut MoveList<V>,
        mut men: u64,
        jump_from: u64,
    ) {
        let mut search = self.men_search(list);
        while men != 0 {
            let from = men.trailing_zeros();
            men &= men - 1;
            search.from = from;
            search.empty = self.empty | 1 << from;
            let victims = search.victims_by_table::<WHITE>(from, jump_from, 0);
            search.short_by_table::<WHITE, LISTED>(from, victims, 0, 0);
        }
    }
}

/// Appends the single jumps of the men of `movers` ([`MenCaptures::Single`]) to `list`,
/// in the order the search would find them: by man, then by direction.
pub(super) fn push_single_jumps<V: Variant>(list: &mut MoveList<V>, movers: &[Quad; 2]) {
    let [up, down] = movers.map(Quad::lanes);
    let mut from = [0u64; 8];
    for lane in 0..4 {
        from[UP_LANES[lane] as usize] = up[lane];
        from[DOWN_LANES[lane] as usize] = down[lane];
    }
    let mut men = from.iter().fold(0, |men, f| men | f);
    while men != 0 {
        let at = men & men.wrapping_neg();
        men &= men - 1;
        each_direction!(V, |d| {
            if from[d as usize] & at != 0 {
                let victim = shift::<V::Board>(at, d);
                let to = shift::<V::Board>(victim, d);
                push(
                    list,
                    Move::from_raw(at.trailing_zeros(), to.trailing_zeros(), victim, 0),
                );
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frisian::Frisian;
    use crate::geometry::{Board10, Board8, Board8Full, Board8Mirrored};
    use crate::piece::Color;
    use crate::position::Position;

    /// Calls `check` with each position of random Frisian games and its [`Sides`].
    fn random_sides(mut check: impl FnMut(&Position<Frisian>, Sides<true>, Sides<false>)) {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..300 {
            let mut pos = Position::<Frisian>::initial();
            for _ in 0..200 {
                check(&pos, Sides::of(&pos), Sides::of(&pos));
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                pos = pos.play_unchecked(&moves[(rng % moves.len() as u64) as usize]);
            }
        }
    }

    /// The start, end, captured and landing bits of each move of `list`.
    fn raw(list: &MoveList<Frisian>) -> Vec<(u32, u32, u64, u64)> {
        let bits = |m: &Move<Frisian>| {
            (
                m.start_bit(),
                m.end_bit(),
                m.captured_bits(),
                m.landed_bits(),
            )
        };
        list.iter().map(bits).collect()
    }

    /// The captures settled by shifts are those the search finds, in its order and with
    /// the same landing squares, on the positions of random Frisian games.
    #[test]
    fn settled_captures_follow_the_search() {
        fn both<const WHITE: bool>(sides: Sides<WHITE>) -> [MoveList<Frisian>; 2] {
            let (mut settled, mut searched) = (MoveList::new(), MoveList::new());
            sides.generate::<Frisian>(&mut settled, false);
            sides.generate_captures::<Frisian>(&mut searched);
            [settled, searched]
        }
        random_sides(|pos, white, black| {
            let [settled, searched] = match pos.turn() {
                Color::White => both(white),
                Color::Black => both(black),
            };
            assert_eq!(raw(&settled), raw(&searched), "{pos:?}");
        });
    }

    /// The steps of a [`Quad`] move each lane's bits as [`shift`] does, on every board.
    #[test]
    fn quad_steps_follow_shift() {
        fn check<G: Geometry>() {
            let mut x = 0x9E37_79B9_7F4A_7C15u64;
            for _ in 0..100 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let up = Step::<G>::up(Quad::splat(x)).lanes();
                let down = Step::<G>::down(Quad::splat(x)).lanes();
                for lane in 0..4 {
                    assert_eq!(up[lane], shift::<G>(x, UP_LANES[lane]));
                    assert_eq!(down[lane], shift::<G>(x, DOWN_LANES[lane]));
                }
            }
        }
        check::<Board10>();
        check::<Board8>();
        check::<Board8Mirrored>();
        check::<Board8Full>();
    }

    /// Both ways of [`Ring::victims`] find the jumps that shifting finds, from every
    /// square of random Frisian boards.
    #[test]
    fn ring_victims_follow_shift() {
        fn check<const WHITE: bool>(targets: u64, free: u64) {
            for at in 0..64 {
                let bit = 1u64 << at;
                let mut shifted = 0;
                each_direction!(Frisian, |d| {
                    let over = shift::<Board10>(bit, d) & Board10::VALID & targets;
                    if shift::<Board10>(over, d) & Board10::VALID & free != 0 {
                        shifted |= over;
                    }
                });
                let ring = Rings::<Frisian, WHITE>::of(at);
                assert_eq!(ring.victims_by_rank(targets, free), shifted, "{at}");
                assert_eq!(ring.victims_one_by_one(at, targets, free), shifted, "{at}");
            }
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (targets, free) = (x & Board10::VALID, x.rotate_left(17) & !x);
            check::<true>(targets, free);
            check::<false>(targets, free);
        }
    }

    /// The captures of [`Sides::search_going_on`] are the same, counted or listed.
    #[test]
    fn counted_captures_are_the_listed_ones() {
        fn both<const WHITE: bool>(sides: Sides<WHITE>) -> Option<[MoveList<Frisian>; 2]> {
            if sides.kings != 0 {
                return None;
            }
            let MenCaptures::Multiple(men, jump_from) = sides.men_captures::<Frisian>() else {
                return None;
            };
            let (mut counted, mut listed) = (MoveList::new(), MoveList::new());
            sides.search_going_on::<Frisian, false>(&mut counted, men, jump_from);
            sides.search_going_on::<Frisian, true>(&mut listed, men, jump_from);
            Some([counted, listed])
        }
        let ends = |list: &MoveList<Frisian>| {
            let mut ends: Vec<_> = raw(list)
                .into_iter()
                .map(|(f, t, c, _)| (f, t, c))
                .collect();
            ends.sort_unstable();
            ends
        };
        let mut compared = 0;
        random_sides(|pos, white, black| {
            let lists = match pos.turn() {
                Color::White => both(white),
                Color::Black => both(black),
            };
            if let Some([counted, listed]) = lists {
                assert_eq!(ends(&counted), ends(&listed), "{pos:?}");
                compared += 1;
            }
        });
        assert!(compared > 1000, "{compared} positions compared");
    }
}
