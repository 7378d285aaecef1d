//! Frisian's king runs in the database ([`Variant::KING_MOVE_LIMIT`]).
//!
//! A side with men may make at most `limit` non-capturing moves in a row with one king;
//! the core keeps each side's run (which king, how many moves) in the position, and the
//! legal moves depend on it. So the run is part of a raw position and of the index of
//! every material where it can be under way: a side with men **and** kings (a side
//! without men has no run, and a side without kings none either). Such a side has one of
//! `1 + limit · kings` runs: none, or `1..=limit` moves of one of its kings. The other
//! materials index as before, and their files are the same.
//!
//! The rules as the core plays them (`Position::play_unchecked`): a king's
//! non-capturing move by a side with men lengthens its run (or starts one at 1, if the
//! side's run was on another king or none); every other move of the side ends it; a
//! king whose run has reached the limit may not make another non-capturing move; the
//! opponent's run ends when its king or its last man is taken.

use crate::board::Raw;
use crate::material::Material;
use draughts_core::{Bitboard, Color, Position, Variant};

/// One side's run in a [`Raw`] position: none, or the king (by its place in
/// [`Bitboard::packed`]) and how many non-capturing moves in a row it has made.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Run {
    place: u8,
    moves: u8,
}

impl Run {
    /// No run under way.
    pub const NONE: Run = Run { place: 0, moves: 0 };

    /// The run of `moves` moves of the one king in `king`.
    fn new<V: Variant>(king: Bitboard<V>, moves: u8) -> Run {
        debug_assert_eq!(king.len(), 1);
        Run {
            place: king.packed().trailing_zeros() as u8,
            moves,
        }
    }

    /// The king as a set (empty: none).
    pub fn king<V: Variant>(self) -> Bitboard<V> {
        Bitboard::from_packed(u64::from(self.moves != 0) << self.place)
    }
}

/// The runs of `pos` by colour (White's, Black's), keeping only those of a side that
/// has men (only they can bind).
pub(crate) fn of<V: Variant>(pos: &Position<V>) -> [Run; 2] {
    let mut runs = [Run::NONE; 2];
    if const { V::KING_MOVE_LIMIT.is_some() } {
        for color in Color::BOTH {
            if let Some((square, moves)) = pos.king_run(color) {
                if let Some(king) = Bitboard::<V>::from_square(square) {
                    if !pos.men(color).is_empty() {
                        runs[color.index()] = Run::new(king, moves);
                    }
                }
            }
        }
    }
    runs
}

/// `pos` with the runs of `runs` (by colour); `None` if a run is not on a king of its
/// side or is longer than the limit.
pub(crate) fn apply<V: Variant>(pos: Position<V>, runs: [Run; 2]) -> Option<Position<V>> {
    Color::BOTH
        .into_iter()
        .zip(runs)
        .filter(|(_, run)| run.moves > 0)
        .try_fold(pos, |pos, (color, run)| {
            let square = run.king::<V>().first()?;
            pos.with_king_run(color, square, run.moves).ok()
        })
}

/// The run on the board turned 180 degrees.
#[inline]
pub(crate) fn mirrored<V: Variant>(run: Run) -> Run {
    match run.moves {
        0 => Run::NONE,
        n => Run::new(run.king::<V>().rotated(), n),
    }
}

/// White's king in `raw` that may not step (its run is at the limit and White has men);
/// empty if none.
#[inline]
pub(crate) fn blocked<V: Variant>(raw: &Raw<V>) -> Bitboard<V> {
    match V::KING_MOVE_LIMIT {
        Some(limit) if !raw.white_men.is_empty() && raw.runs[0].moves >= limit => {
            raw.runs[0].king()
        }
        _ => Bitboard::EMPTY,
    }
}

/// Black's men and kings in `raw` that may have made the step leading to it: with a
/// limit and men, the run says which (a man if none is under way, else the run's
/// king); otherwise any.
#[inline]
pub(crate) fn stepped<V: Variant>(raw: &Raw<V>) -> (Bitboard<V>, Bitboard<V>) {
    let run = raw.runs[1];
    if V::KING_MOVE_LIMIT.is_none() || raw.black_men.is_empty() {
        (raw.black_men, raw.black_kings)
    } else if run.moves == 0 {
        (raw.black_men, Bitboard::EMPTY)
    } else {
        (Bitboard::EMPTY, run.king())
    }
}

/// Black's runs before its step that led to `raw` (a man's if `king_from` is empty,
/// else the step of the run's king from `king_from`), with the kings Black had then.
#[inline]
pub(crate) fn before<V: Variant>(raw: &Raw<V>, king_from: Bitboard<V>, mut emit: impl FnMut(Run)) {
    let Some(limit) = V::KING_MOVE_LIMIT else {
        return emit(Run::NONE);
    };
    if raw.black_men.is_empty() {
        return emit(Run::NONE);
    }
    let run = raw.runs[1];
    // Any run ends in a man's step, and a king's step starts a new one unless it was
    // that king's.
    let others = match (king_from.is_empty(), run.moves) {
        (true, _) => raw.black_kings,
        (false, 1) => raw.black_kings - run.king(),
        (false, n) => return emit(Run::new(king_from, n - 1)),
    };
    emit(Run::NONE);
    for king in others.singles() {
        for moves in 1..=limit {
            emit(Run::new(king, moves));
        }
    }
}

/// The runs of one material in its index: per side, how many runs it can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RunIndex {
    limit: u8,
    states: [u64; 2],
}

impl RunIndex {
    /// The runs of `material` in variant `V`: `1 + limit · kings` for a side with men
    /// and kings where `V` limits runs, one (none) otherwise.
    pub fn of<V: Variant>(material: Material) -> RunIndex {
        let limit = V::KING_MOVE_LIMIT.unwrap_or(0);
        let side = |men: u8, kings: u8| match (V::KING_MOVE_LIMIT, men, kings) {
            (Some(l), 1.., 1..) => 1 + u64::from(l) * u64::from(kings),
            _ => 1,
        };
        RunIndex {
            limit,
            states: [
                side(material.white_men, material.white_kings),
                side(material.black_men, material.black_kings),
            ],
        }
    }

    /// How many run combinations (1 where there are none).
    pub fn size(&self) -> u64 {
        self.states[0] * self.states[1]
    }

    /// The most runs of one side (for the bound on predecessors).
    pub fn most(&self) -> u64 {
        self.states[0].max(self.states[1])
    }

    /// The number of `raw`'s runs, below [`RunIndex::size`]: White's in the low digit.
    #[inline]
    pub fn code<V: Variant>(&self, raw: &Raw<V>) -> u64 {
        let side = |run: Run, kings: Bitboard<V>| match run.moves {
            0 => 0,
            n => {
                // The king's place among its side's kings.
                let ordinal = run.king().packed_in(kings).trailing_zeros();
                1 + u64::from(ordinal) * u64::from(self.limit) + u64::from(n - 1)
            }
        };
        side(raw.runs[0], raw.white_kings) + self.states[0] * side(raw.runs[1], raw.black_kings)
    }

    /// Sets `raw`'s runs from [`RunIndex::code`]'s number (its pieces already placed).
    #[inline]
    pub fn decode<V: Variant>(&self, code: u64, raw: &mut Raw<V>) {
        let side = |code: u64, kings: Bitboard<V>| match code {
            0 => Run::NONE,
            c => {
                let limit = u64::from(self.limit);
                let king = Bitboard::from_packed_in(1 << ((c - 1) / limit), kings);
                Run::new(king, ((c - 1) % limit) as u8 + 1)
            }
        };
        raw.runs = [
            side(code % self.states[0], raw.white_kings),
            side(code / self.states[0], raw.black_kings),
        ];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::steps_match;
    use crate::board::{predecessors, Geo};
    use crate::index::Indexer;
    use crate::Sampler;
    use draughts_core::{Frisian, International, Kind};

    /// Random positions of every material up to five pieces, White to move, each side
    /// with men and kings given a random run (or none).
    fn positions_with_runs(samples: usize) -> Vec<Position<Frisian>> {
        let mut sampler = Sampler::new(11);
        let mut out = Vec::new();
        for material in Material::all_up_to(5) {
            for _ in 0..samples {
                let Some(mut pos) = sampler.position::<Frisian>(material, Color::White) else {
                    continue;
                };
                for color in Color::BOTH {
                    let kings: Vec<_> = pos.kings(color).iter().collect();
                    let pick = sampler.below(kings.len() + 1);
                    if !pos.men(color).is_empty() && pick < kings.len() {
                        let moves = sampler.below(3) as u8 + 1;
                        pos = pos.with_king_run(color, kings[pick], moves).unwrap();
                    }
                }
                out.push(pos);
            }
        }
        out
    }

    /// The index round-trips positions with runs, and [`Geo::position`] gives back the
    /// position.
    #[test]
    fn runs_survive_the_index() {
        let mut with_a_run = 0;
        for pos in positions_with_runs(100) {
            let (raw, _) = Geo::<Frisian>::normalise(&pos);
            let indexer = Indexer::<Frisian>::new(raw.material());
            let index = indexer.index(&raw);
            assert!(index < indexer.size());
            assert_eq!(indexer.position(index), Some(raw), "{}", pos.to_fen());
            assert_eq!(Geo::position(&raw, Color::White), Some(pos));
            let (flipped, _) = Geo::<Frisian>::normalise(&pos.flipped());
            assert_eq!(flipped, raw, "{}", pos.to_fen());
            with_a_run += usize::from(raw.runs != [Run::NONE; 2]);
        }
        assert!(with_a_run > 1000, "{with_a_run}");
    }

    /// [`crate::board::white_steps`] counts and plays the moves the core lists with runs
    /// under way (a king at the limit does not step), and [`predecessors`] inverts every step
    /// that stays in the material, runs and all: the position a step comes from is
    /// among its child's predecessors exactly once, and every predecessor without a
    /// capture has exactly one step to the child.
    #[test]
    fn steps_and_un_moves_follow_the_runs() {
        let mut checked = 0;
        for pos in positions_with_runs(60) {
            if pos.has_capture() {
                continue;
            }
            steps_match(&pos);
            let (raw, _) = Geo::<Frisian>::normalise(&pos);
            let men = pos.count(Color::White, Kind::Man);
            for mv in pos.legal_moves() {
                let child = pos.play_unchecked(&mv);
                if child.count(Color::White, Kind::Man) < men {
                    continue;
                }
                let (child, _) = Geo::<Frisian>::normalise(&child);
                let mut found = 0;
                predecessors::<Frisian>(&child, |pred| {
                    found += usize::from(pred == raw);
                    let pred = Geo::<Frisian>::position(&pred, Color::White).unwrap();
                    if !pred.has_capture() {
                        let back = pred
                            .legal_moves()
                            .iter()
                            .filter(|mv| Geo::normalise(&pred.play_unchecked(mv)).0 == child)
                            .count();
                        assert_eq!(back, 1, "{} to {}", pred.to_fen(), pos.to_fen());
                    }
                });
                assert_eq!(found, 1, "{} after {mv:?}", pos.to_fen());
            }
            checked += 1;
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn runs_only_where_a_side_has_men_and_kings() {
        let frisian = |m| RunIndex::of::<Frisian>(m).size();
        assert_eq!(frisian(Material::new(1, 1, 0, 1)), 4);
        assert_eq!(frisian(Material::new(1, 2, 1, 1)), 7 * 4);
        assert_eq!(frisian(Material::new(2, 0, 0, 2)), 1);
        assert_eq!(frisian(Material::new(0, 3, 1, 0)), 1);
        let international = RunIndex::of::<International>(Material::new(1, 2, 1, 1));
        assert_eq!(international.size(), 1);
    }

    /// Every code of a material decodes to runs that code to it again, each a run of a
    /// king of its side.
    #[test]
    fn codes_round_trip() {
        let runs = RunIndex::of::<Frisian>(Material::new(1, 2, 1, 1));
        let set = |squares: &[u8]| {
            squares
                .iter()
                .map(|&n| draughts_core::Square::new_unchecked(n))
                .collect::<Bitboard<Frisian>>()
        };
        let mut raw = Raw {
            white_men: set(&[19]),
            white_kings: set(&[4, 37]),
            black_men: set(&[12]),
            black_kings: set(&[28]),
            ..Raw::default()
        };
        let mut seen = std::collections::HashSet::new();
        for code in 0..runs.size() {
            runs.decode(code, &mut raw);
            assert_eq!(runs.code(&raw), code);
            assert!(seen.insert(raw.runs));
            assert!((raw.runs[0].king() - raw.white_kings).is_empty());
            assert!((raw.runs[1].king() - raw.black_kings).is_empty());
            assert!(raw.runs.iter().all(|r| r.moves <= 3));
        }
    }
}
