//! Men's captures settled by whole-board shifts, without a depth-first search.
//!
//! Where every further piece taken raises a capture's rank (the majority and value
//! rules), a man that can go on after its first jump outranks every capture of a single
//! piece, even of a king (a king is worth less than two men). Shifting the whole board
//! once per direction tells, for all men at once, where first jumps land and whether a
//! piece could jump again from there, so most positions need no search: none of the men
//! captures, or every capture is a single jump (listed or counted straight from the
//! landing squares), or only the men that can go on need searching. Frisian spends most
//! of its perft here (its men capture in eight directions, and most of its positions
//! have a capture). Where the moves are only counted, the search looks each square's
//! neighbours up in a table ([`Rings`]) instead of shifting in every direction.

use core::marker::PhantomData;

use super::{has, man_capture_dirs, push, CaptureSearch, Sides, ALL, DOWN, EIGHT, UP};
use crate::geometry::{shift, Direction, Geometry};
use crate::moves::{Move, MoveList};
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
    /// Every capture is a single jump; the legal ones land, for each direction (by
    /// discriminant), on these squares.
    Single([u64; 8]),
    /// Some capture takes two pieces or more; only the men of the first set can make a
    /// legal one, by a first jump onto a square of the second (from which a man could
    /// jump on).
    Multiple(u64, u64),
}

impl MenCaptures {
    /// The number of legal captures, where every one is a single jump.
    #[inline(always)]
    pub(super) fn count_single(land: &[u64; 8]) -> usize {
        land.iter().map(|l| l.count_ones() as usize).sum()
    }
}

impl<const WHITE: bool> Sides<WHITE> {
    /// The captures of this side's men, which must be its only pieces, in a variant where
    /// [`settled_by_shifts`] holds.
    #[inline(always)]
    pub(super) fn men_captures<V: Variant>(&self) -> MenCaptures {
        debug_assert!(self.kings == 0 && settled_by_shifts::<V>());
        let dirs = man_capture_dirs::<V, WHITE>();
        // The squares from which a man could jump in some direction. A man that has just
        // jumped in `d` cannot jump back (its victim is still there, its start square is
        // not empty in `self.empty`), so a landing square here means a second jump.
        let mut jump_from = 0;
        each_direction!(V, |d| {
            if has(dirs, d) {
                let back = d.reverse();
                let victims = shift::<V::Board>(self.empty, back) & self.opp;
                jump_from |= shift::<V::Board>(victims, back);
            }
        });
        // Most positions have no capture: find that out before keeping any set.
        if jump_from & self.men == 0 {
            return MenCaptures::None;
        }
        let (land, landings) = self.first_landings::<V>(self.opp);
        if landings & jump_from != 0 {
            let mut men = 0;
            each_direction!(V, |d| {
                if has(dirs, d) {
                    let back = d.reverse();
                    let going_on = land[d as usize] & jump_from;
                    men |= shift::<V::Board>(shift::<V::Board>(going_on, back), back);
                }
            });
            return MenCaptures::Multiple(men, jump_from);
        }
        // Single jumps: under the value rule, those taking a king, if any, outrank the rest.
        if V::CAPTURE_PRECEDENCE.most_value && self.opp_kings != 0 {
            let (kings_land, any) = self.first_landings::<V>(self.opp_kings);
            if any != 0 {
                return MenCaptures::Single(kings_land);
            }
        }
        MenCaptures::Single(land)
    }

    /// Where this side's men land, by direction (by discriminant), jumping once over a
    /// piece of `victims`, and all those squares together.
    #[inline(always)]
    fn first_landings<V: Variant>(&self, victims: u64) -> ([u64; 8], u64) {
        let dirs = man_capture_dirs::<V, WHITE>();
        let mut land = [0u64; 8];
        let mut all = 0;
        each_direction!(V, |d| {
            if has(dirs, d) {
                let over = shift::<V::Board>(self.men, d) & victims;
                land[d as usize] = shift::<V::Board>(over, d) & self.empty;
                all |= land[d as usize];
            }
        });
        (land, all)
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

/// Appends the single jumps landing on `land` (by direction) to `list`, in the order the
/// search would find them: by man, then by direction.
pub(super) fn push_single_jumps<V: Variant>(list: &mut MoveList<V>, land: &[u64; 8]) {
    let mut from = [0u64; 8];
    let mut men = 0;
    each_direction!(V, |d| {
        let back = d.reverse();
        from[d as usize] = shift::<V::Board>(shift::<V::Board>(land[d as usize], back), back);
        men |= from[d as usize];
    });
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
