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
//! men capture in eight directions, and most of its positions have a capture). Where the
//! moves are only counted, the search looks each square's neighbours up in a table
//! ([`Rings`]) instead of shifting in every direction.

use core::marker::PhantomData;

use super::{has, man_capture_dirs, push, CaptureSearch, Sides, ALL, DOWN, EIGHT, UP};
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

    /// Appends to `list` the legal captures of [`MenCaptures::Multiple`]`(men,
    /// jump_from)`: each man's search starts from its first jumps that can go on, the
    /// others being outranked.
    pub(super) fn search_going_on<V: Variant>(
        &self,
        list: &mut MoveList<V>,
        mut men: u64,
        jump_from: u64,
    ) {
        let dirs = man_capture_dirs::<V, WHITE>();
        let mut search = self.men_search(list);
        while men != 0 {
            let at = men & men.wrapping_neg();
            men &= men - 1;
            search.from = at.trailing_zeros();
            search.empty = self.empty | at;
            each_direction!(V, |d| {
                if has(dirs, d) {
                    let victim = shift::<V::Board>(at, d) & self.opp;
                    let land = shift::<V::Board>(victim, d) & self.empty & jump_from;
                    if land != 0 {
                        match dirs {
                            UP => search.short::<UP>(land, victim, 0),
                            DOWN => search.short::<DOWN>(land, victim, 0),
                            ALL => search.short::<ALL>(land, victim, 0),
                            _ => search.short::<EIGHT>(land, victim, 0),
                        }
                    }
                }
            });
        }
    }
}

/// For each bit of the board, the squares next to it and those two steps away in the
/// directions where White's (`WHITE`) or Black's men capture in variant `V`.
struct Rings<V, const WHITE: bool>(PhantomData<V>);

impl<V: Variant, const WHITE: bool> Rings<V, WHITE> {
    const TABLE: [[u64; 2]; 64] = {
        let dirs = man_capture_dirs::<V, WHITE>();
        let valid = <V::Board as Geometry>::VALID;
        let mut table = [[0; 2]; 64];
        let mut i = 0;
        while i < 64 {
            let at = 1 << i;
            each_direction!(V, |d| {
                if has(dirs, d) {
                    let next = shift::<V::Board>(at, d) & valid;
                    table[i][0] |= next;
                    table[i][1] |= shift::<V::Board>(next, d) & valid;
                }
            });
            i += 1;
        }
        table
    };
}

impl<V: Variant> CaptureSearch<'_, V> {
    /// [`CaptureSearch::short`] for a man on bit `at` whose next landing must be on
    /// `onto`, looking its neighbours up in [`Rings`] rather than shifting in each
    /// direction: the same moves, in the order of the victims' bits.
    fn short_by_table<const WHITE: bool>(
        &mut self,
        at: u32,
        onto: u64,
        captured: u64,
        landed: u64,
    ) {
        let [next, beyond] = Rings::<V, WHITE>::TABLE[at as usize];
        let beyond = beyond & self.empty & onto;
        let mut victims = next & self.opp & !captured;
        let mut ended = true;
        while victims != 0 {
            let victim = victims.trailing_zeros();
            victims &= victims - 1;
            // A jump goes as far again beyond its victim. Directions differ by less than
            // 32 bits, so only the square beyond, wrapped or not, can be a bit of `beyond`.
            let to = (2 * victim).wrapping_sub(at);
            if 1u64.wrapping_shl(to) & beyond != 0 {
                ended = false;
                let landed = if captured == 0 {
                    landed
                } else {
                    landed | 1 << at
                };
                self.short_by_table::<WHITE>(to, !0, captured | 1 << victim, landed);
            }
        }
        if ended && captured != 0 {
            self.finish(1 << at, captured, landed);
        }
    }
}

impl<const WHITE: bool> Sides<WHITE> {
    /// Appends to `list` the moves [`Sides::search_going_on`] finds, in another order
    /// ([`CaptureSearch::short_by_table`]): for counting them.
    pub(super) fn search_by_table<V: Variant>(
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
            search.short_by_table::<WHITE>(from, jump_from, 0, 0);
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

    /// The search by table finds the moves of [`Sides::search_going_on`], in some order.
    #[test]
    fn table_search_finds_the_same_moves() {
        fn both<const WHITE: bool>(sides: Sides<WHITE>) -> Option<[MoveList<Frisian>; 2]> {
            if sides.kings != 0 {
                return None;
            }
            let MenCaptures::Multiple(men, jump_from) = sides.men_captures::<Frisian>() else {
                return None;
            };
            let (mut by_table, mut searched) = (MoveList::new(), MoveList::new());
            sides.search_by_table(&mut by_table, men, jump_from);
            sides.search_going_on(&mut searched, men, jump_from);
            Some([by_table, searched])
        }
        let mut compared = 0;
        random_sides(|pos, white, black| {
            let lists = match pos.turn() {
                Color::White => both(white),
                Color::Black => both(black),
            };
            if let Some([by_table, searched]) = lists {
                let (mut by_table, mut searched) = (raw(&by_table), raw(&searched));
                by_table.sort_unstable();
                searched.sort_unstable();
                assert_eq!(by_table, searched, "{pos:?}");
                compared += 1;
            }
        });
        assert!(compared > 1000, "{compared} positions compared");
    }
}
