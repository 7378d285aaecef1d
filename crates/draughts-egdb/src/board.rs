//! Positions as four sets of squares (White to move) and the geometry the index and
//! the un-move generator need: the squares men can stand on, the crowning row, the
//! board turned, and steps in the directions the core's move generator uses (diagonal
//! on the boards of dark squares, along rows and columns on the full board).

use crate::material::Material;
use crate::runs::{self, Run};
use arrayvec::ArrayVec;
use draughts_core::{Bitboard, Color, Geometry, Move, Position, Variant};
use std::marker::PhantomData;

/// A position with White to move, as four sets of squares, and each side's king run
/// where the variant limits runs ([`crate::runs`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Raw<V: Variant> {
    pub white_men: Bitboard<V>,
    pub white_kings: Bitboard<V>,
    pub black_men: Bitboard<V>,
    pub black_kings: Bitboard<V>,
    /// White's run, Black's run (none where the variant has no limit).
    pub runs: [Run; 2],
}

impl<V: Variant> Raw<V> {
    pub fn material(&self) -> Material {
        let c = |b: Bitboard<V>| b.len() as u8;
        Material::new(
            c(self.white_men),
            c(self.white_kings),
            c(self.black_men),
            c(self.black_kings),
        )
    }

    pub fn occupied(&self) -> Bitboard<V> {
        self.white_men | self.white_kings | self.black_men | self.black_kings
    }

    /// Whether `color` could capture here if it were its turn.
    pub fn has_capture(&self, color: Color) -> bool {
        let (men, kings, opp_men, opp_kings) = match color {
            Color::White => (
                self.white_men,
                self.white_kings,
                self.black_men,
                self.black_kings,
            ),
            Color::Black => (
                self.black_men,
                self.black_kings,
                self.white_men,
                self.white_kings,
            ),
        };
        Position::<V>::sets_have_capture(color, men, kings, opp_men | opp_kings, opp_kings)
    }
}

/// Geometry of variant `V`'s board in the terms the database needs.
pub(crate) struct Geo<V: Variant>(PhantomData<V>);

impl<V: Variant> Geo<V> {
    pub const SQUARES: u32 = <V::Board as Geometry>::SQUARES as u32;
    /// White's crowning row (the top row).
    pub const CROWN: Bitboard<V> = Position::<V>::crowning_row(Color::White);
    /// Black's crowning row (the bottom row).
    const BLACK_CROWN: Bitboard<V> = Position::<V>::crowning_row(Color::Black);
    /// The squares White's men can stand on ([`Position::man_squares`]).
    pub const WHITE_MEN: Bitboard<V> = Position::<V>::man_squares(Color::White);
    /// The squares Black's men can stand on.
    pub const BLACK_MEN: Bitboard<V> = Position::<V>::man_squares(Color::Black);

    /// Whether every man of `raw` stands where men can in a game
    /// ([`Position::man_squares`]): the positions the index holds. Always so for a
    /// valid position but on the full board, whose men never go back to their first
    /// row.
    #[inline]
    pub fn men_in_reach(raw: &Raw<V>) -> bool {
        (raw.white_men - Self::WHITE_MEN).is_empty() && (raw.black_men - Self::BLACK_MEN).is_empty()
    }

    /// The colour-reversed mirror image of a position (White to move again if the
    /// original had Black to move): the board turned 180 degrees.
    #[inline]
    pub fn flip(raw: &Raw<V>) -> Raw<V> {
        Raw {
            white_men: raw.black_men.rotated(),
            white_kings: raw.black_kings.rotated(),
            black_men: raw.white_men.rotated(),
            black_kings: raw.white_kings.rotated(),
            runs: [
                runs::mirrored::<V>(raw.runs[1]),
                runs::mirrored::<V>(raw.runs[0]),
            ],
        }
    }

    /// A position normalised to White to move: its sets, and whether it was flipped.
    #[inline]
    pub fn normalise(pos: &Position<V>) -> (Raw<V>, bool) {
        let raw = Raw {
            white_men: pos.men(Color::White),
            white_kings: pos.kings(Color::White),
            black_men: pos.men(Color::Black),
            black_kings: pos.kings(Color::Black),
            runs: runs::of(pos),
        };
        match pos.turn() {
            Color::White => (raw, false),
            Color::Black => (Self::flip(&raw), true),
        }
    }

    /// The position after `mv` in `pos`, normalised to White to move: what
    /// `normalise(&pos.play_unchecked(mv))` gives, on the sets alone (no hash, no
    /// [`Position`]).
    #[inline]
    pub fn after(pos: &Position<V>, mv: &Move<V>) -> Raw<V> {
        // The runs after a move are the core's to compute.
        if const { V::KING_MOVE_LIMIT.is_some() } {
            return Self::normalise(&pos.play_unchecked(mv)).0;
        }
        let us = pos.turn();
        let (from, to, captured) = (mv.from_set(), mv.to_set(), mv.captured());
        let (mut our_men, mut our_kings) = (pos.men(us), pos.kings(us));
        let crown = match us {
            Color::White => Self::CROWN,
            Color::Black => Self::BLACK_CROWN,
        };
        // As the core plays it: a piece may end on the square it started from, and a
        // man may be crowned during its capture (Russian).
        if !(our_kings & from).is_empty() {
            our_kings = (our_kings - from) | to;
        } else if !(crown & to).is_empty() || mv.crowns_mid_capture() {
            our_men = our_men - from;
            our_kings |= to;
        } else {
            our_men = (our_men - from) | to;
        }
        let their_men = pos.men(!us) - captured;
        let their_kings = pos.kings(!us) - captured;
        match us {
            // White to move next, with its pieces as they are.
            Color::Black => Raw {
                white_men: their_men,
                white_kings: their_kings,
                black_men: our_men,
                black_kings: our_kings,
                runs: [Run::NONE; 2],
            },
            // Black to move next: the board turned, so that Black is White.
            Color::White => Self::flip(&Raw {
                white_men: our_men,
                white_kings: our_kings,
                black_men: their_men,
                black_kings: their_kings,
                runs: [Run::NONE; 2],
            }),
        }
    }

    /// The position of `raw`'s sets with `turn` to move; `None` if the sets break a rule
    /// (overlap, man on its crowning row, a run not on a king of its side).
    #[inline]
    pub fn position(raw: &Raw<V>, turn: Color) -> Option<Position<V>> {
        let pos = Position::from_sets(
            turn,
            raw.white_men,
            raw.white_kings,
            raw.black_men,
            raw.black_kings,
        )?;
        if const { V::KING_MOVE_LIMIT.is_some() } {
            runs::apply(pos, raw.runs)
        } else {
            Some(pos)
        }
    }
}

/// Iterator over the set bits of a word (bit numbers, ascending).
#[derive(Clone, Copy)]
pub(crate) struct BitIter(pub u64);

impl Iterator for BitIter {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let b = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(b)
    }
}

/// More than the predecessors of any position: a side has at most 20 pieces
/// ([`Variant::MEN_PER_SIDE`] of International), and a piece comes from at most 17
/// squares (a flying king in the middle of the 10x10 board; 14 on the full board).
/// Where runs are limited, a predecessor has one of a side's runs ([`crate::runs`]); the
/// index refuses the materials where that could exceed this
/// ([`crate::index::Indexer::try_new`]).
pub(crate) const MAX_PREDECESSORS: usize = 512;

/// The un-moves of a White-to-move position `raw` within its material: every position,
/// normalised to White to move (so in the swapped material), from which a black step
/// that is not a promotion leads to `raw`. Those where Black had a capture (so could not
/// step) are included: testing for the capture costs more than the caller's check of
/// their state, which the initialisation has already decided (see
/// [`crate::generate`]). Where runs are limited, each with every run Black can have had
/// before the step ([`runs::before`]); White's run is as in `raw`.
///
/// Works on the sets only: an un-move always gives a valid position of the index (a
/// black man comes from above or from beside, so never from its crowning row, and is
/// kept off its first row where men never return there).
pub(crate) fn predecessors<V: Variant>(raw: &Raw<V>, mut emit: impl FnMut(Raw<V>)) {
    let empty = !raw.occupied();
    let (men, kings) = runs::stepped::<V>(raw);
    let mut try_from = |moved: Raw<V>, king_from: Bitboard<V>| {
        runs::before::<V>(raw, king_from, |run| {
            let moved = Raw {
                runs: [raw.runs[0], run],
                ..moved
            };
            debug_assert!(Geo::<V>::position(&moved, Color::Black).is_some());
            debug_assert!(Geo::<V>::men_in_reach(&moved));
            emit(Geo::<V>::flip(&moved));
        });
    };
    // A black man came from the other end of one of its steps.
    for at in men.singles() {
        for d in Position::<V>::man_step_directions(Color::Black) {
            let from = at.shift(d.reverse()) & empty & Geo::<V>::BLACK_MEN;
            if !from.is_empty() {
                let moved = Raw {
                    black_men: raw.black_men ^ at ^ from,
                    ..*raw
                };
                try_from(moved, Bitboard::EMPTY);
            }
        }
    }
    for at in kings.singles() {
        for d in Position::<V>::king_step_directions() {
            let mut from = at.shift(d) & empty;
            while !from.is_empty() {
                let moved = Raw {
                    black_kings: raw.black_kings ^ at ^ from,
                    ..*raw
                };
                try_from(moved, from);
                if !V::FLYING_KINGS {
                    break;
                }
                from = from.shift(d) & empty;
            }
        }
    }
}

/// More than the promotions of any position: each square of the crowning row is
/// reached from at most two (one on the full board, where men reach it straight).
pub(crate) const MAX_PROMOTIONS: usize = 2 * 10;

/// White's steps in `raw` (White to move, without a capture), on the sets: how many
/// stay in the material (every step but a man's onto the crowning row, [`Geo::CROWN`]),
/// and the positions after the promotions (Black to move, colours as they are). Counts
/// what [`Position::generate_moves`] lists, without a [`Position`]: where runs are
/// limited, a king at the limit does not step, and a promotion ends White's run.
pub(crate) fn white_steps<V: Variant>(raw: &Raw<V>) -> (u32, ArrayVec<Raw<V>, MAX_PROMOTIONS>) {
    let empty = !raw.occupied();
    let crown = Geo::<V>::CROWN;
    let mut stay = 0;
    let mut promotions = ArrayVec::new();
    for d in Position::<V>::man_step_directions(Color::White) {
        let to = raw.white_men.shift(d) & empty;
        stay += (to - crown).len() as u32;
        for to in (to & crown).singles() {
            promotions.push(Raw {
                white_men: raw.white_men ^ to.shift(d.reverse()),
                white_kings: raw.white_kings | to,
                runs: [Run::NONE, raw.runs[1]],
                ..*raw
            });
        }
    }
    let kings = raw.white_kings - runs::blocked::<V>(raw);
    for d in Position::<V>::king_step_directions() {
        // Every king's next square at once: kings slide along separate lines.
        let mut to = kings.shift(d) & empty;
        while !to.is_empty() {
            stay += to.len() as u32;
            if !V::FLYING_KINGS {
                break;
            }
            to = to.shift(d) & empty;
        }
    }
    (stay, promotions)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use draughts_core::{
        Brazilian, English, International, Italian, Kind, Pool, Russian, Thai, Turkish,
    };

    fn mirror_matches_flipped<V: Variant>() {
        let pos: Position<V> = Position::initial();
        let moved = pos.play_unchecked(&pos.legal_moves()[0]);
        for p in [pos, moved] {
            let (raw, flipped) = Geo::<V>::normalise(&p);
            let direct = if flipped { p.flipped() } else { p };
            assert_eq!(Geo::<V>::position(&raw, Color::White), Some(direct));
            let (raw2, _) = Geo::<V>::normalise(&p.flipped());
            assert_eq!(raw, raw2, "a position and its flip normalise alike");
        }
        assert_eq!(Geo::<V>::CROWN.rotated(), Geo::<V>::BLACK_CROWN);
        // The crowning row is the top row.
        for square in Bitboard::<V>::ALL {
            let (row, _) = <V::Board as Geometry>::coordinates(square.number());
            assert_eq!(Geo::<V>::CROWN.contains(square), row == 0, "{square:?}");
        }
    }

    #[test]
    fn mirror_international() {
        mirror_matches_flipped::<International>();
    }

    #[test]
    fn mirror_english() {
        mirror_matches_flipped::<English>();
        mirror_matches_flipped::<Italian>();
        assert_eq!(Geo::<English>::WHITE_MEN, !Geo::<English>::CROWN);
    }

    /// The full board: square `n` on bit `n - 1`, turned by a bit reversal of the whole
    /// word; men stand on rows 2 to 7 only.
    #[test]
    fn mirror_turkish() {
        mirror_matches_flipped::<Turkish>();
        assert_eq!(Geo::<Turkish>::WHITE_MEN, Geo::<Turkish>::BLACK_MEN);
        assert_eq!(Geo::<Turkish>::WHITE_MEN.packed(), 0x00ff_ffff_ffff_ff00);
    }

    /// [`predecessors`] against the move generator: every black step that is not a
    /// promotion, played from a position without a black capture, is undone by an
    /// un-move, and every un-move to a position without a black capture is such a step.
    fn predecessors_match_the_move_generator<V: Variant>() {
        let mut sampler = crate::Sampler::new(11);
        let mut checked = 0;
        for material in Material::all_up_to(5) {
            for _ in 0..60 {
                let Some(pos) = sampler.position::<V>(material, Color::Black) else {
                    continue;
                };
                if pos.has_capture() {
                    continue;
                }
                let before = Geo::<V>::normalise(&pos).0;
                let men = pos.count(Color::Black, Kind::Man);
                for mv in pos.legal_moves() {
                    let child = pos.play_unchecked(&mv);
                    if child.count(Color::Black, Kind::Man) < men {
                        continue;
                    }
                    let raw = Geo::<V>::normalise(&child).0;
                    let mut preds = Vec::new();
                    predecessors::<V>(&raw, |p| preds.push(p));
                    assert!(preds.contains(&before), "{}", pos.to_fen());
                    assert!(preds.len() <= MAX_PREDECESSORS);
                    for pred in preds {
                        let q = Geo::<V>::position(&Geo::<V>::flip(&pred), Color::Black)
                            .expect("a valid position");
                        if q.has_capture() {
                            continue;
                        }
                        let steps_back = q
                            .legal_moves()
                            .iter()
                            .any(|m| Geo::<V>::normalise(&q.play_unchecked(m)).0 == raw);
                        assert!(steps_back, "{} from {}", child.to_fen(), q.to_fen());
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn predecessors_all_boards() {
        predecessors_match_the_move_generator::<International>();
        predecessors_match_the_move_generator::<English>();
        predecessors_match_the_move_generator::<Russian>();
        predecessors_match_the_move_generator::<Turkish>();
    }

    /// [`white_steps`] counts and plays what the move generator lists in `pos` (White
    /// to move, no capture).
    pub(crate) fn steps_match<V: Variant>(pos: &Position<V>) {
        let (raw, _) = Geo::<V>::normalise(pos);
        let (stay, promotions) = white_steps::<V>(&raw);
        let men = pos.count(Color::White, Kind::Man);
        let moves = pos.legal_moves();
        let mut expected: Vec<Position<V>> = moves
            .iter()
            .map(|mv| pos.play_unchecked(mv))
            .filter(|child| child.count(Color::White, Kind::Man) < men)
            .collect();
        assert_eq!(
            stay as usize,
            moves.len() - expected.len(),
            "{}",
            pos.to_fen()
        );
        let mut got: Vec<Position<V>> = promotions
            .iter()
            .map(|child| Geo::<V>::position(child, Color::Black).unwrap())
            .collect();
        let key = |p: &Position<V>| p.to_fen();
        expected.sort_by_key(key);
        got.sort_by_key(key);
        assert_eq!(got, expected, "{}", pos.to_fen());
    }

    /// [`steps_match`] on random positions of every material up to 5 pieces.
    fn steps_match_the_move_generator<V: Variant>() {
        let mut sampler = crate::Sampler::new(7);
        let mut checked = 0;
        for material in Material::all_up_to(5) {
            for _ in 0..200 {
                let Some(pos) = sampler.position::<V>(material, Color::White) else {
                    continue;
                };
                if !pos.has_capture() {
                    steps_match(&pos);
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000);
    }

    /// [`Geo::after`] gives what playing the move and normalising gives, kings that
    /// capture round to their own square included.
    fn after_matches_play<V: Variant>() {
        let mut sampler = crate::Sampler::new(3);
        for material in Material::all_up_to(6) {
            for _ in 0..100 {
                for turn in [Color::White, Color::Black] {
                    let Some(pos) = sampler.position::<V>(material, turn) else {
                        continue;
                    };
                    for mv in pos.legal_moves() {
                        let expected = Geo::<V>::normalise(&pos.play_unchecked(&mv)).0;
                        assert_eq!(Geo::<V>::after(&pos, &mv), expected, "{}", pos.to_fen());
                    }
                }
            }
        }
    }

    #[test]
    fn after_international() {
        after_matches_play::<International>();
        // A man and a king that take four pieces round a square and land where they
        // started (the core's rules tests have the man's circuit).
        for fen in ["W:W30:B23,24,33,34,45", "W:WK30:B23,24,33,34,45"] {
            let pos: Position<International> = fen.parse().unwrap();
            let round: Vec<_> = pos
                .legal_moves()
                .into_iter()
                .filter(|mv| mv.from() == mv.to())
                .collect();
            assert!(!round.is_empty(), "{fen}");
            for mv in round {
                let expected = Geo::normalise(&pos.play_unchecked(&mv)).0;
                assert_eq!(Geo::<International>::after(&pos, &mv), expected, "{fen}");
            }
        }
    }

    #[test]
    fn after_english() {
        after_matches_play::<English>();
    }

    /// The 8x8 variants with flying kings, Russian's men crowned during a capture
    /// included.
    #[test]
    fn after_brazilian_pool_russian() {
        after_matches_play::<Brazilian>();
        after_matches_play::<Pool>();
        after_matches_play::<Russian>();
        let pos: Position<Russian> = "W:W11:B7,9".parse().unwrap();
        let mv = pos.legal_moves()[0];
        assert!(mv.crowns_mid_capture());
        let expected = Geo::normalise(&pos.play_unchecked(&mv)).0;
        assert_eq!(Geo::<Russian>::after(&pos, &mv), expected);
    }

    #[test]
    fn white_steps_8x8_flying() {
        steps_match_the_move_generator::<Brazilian>();
        steps_match_the_move_generator::<Russian>();
    }

    #[test]
    fn white_steps_international() {
        steps_match_the_move_generator::<International>();
    }

    #[test]
    fn white_steps_english() {
        steps_match_the_move_generator::<English>();
    }

    /// The full board: men step forwards and sideways, kings fly along rows and
    /// columns, captured pieces leave the board one by one.
    #[test]
    fn turkish_steps_and_after() {
        steps_match_the_move_generator::<Turkish>();
        after_matches_play::<Turkish>();
        after_matches_play::<Thai>();
    }
}
