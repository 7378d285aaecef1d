//! The glue to the oracles: tactical combinations and the endgame database.

use super::Worker;
pub use crate::score::DATABASE_WIN;
use crate::score::{
    DATABASE_PLY, DRAW, MAX_PLY, PROGRESS_DIVISOR, PROGRESS_LIMIT, UNCONVERTED_WIN,
};
use draughts_core::{Color, DrawClock, EndgameOracle, Kind, Position, Variant, Wld};
use draughts_eval::{Evaluator, Score};

/// The least remaining depth at which an interior node asks the tactical oracle for a
/// combination to search (leaves ask for one to add to their evaluation).
const COMBINATION_DEPTH: i32 = 2;

impl<V: Variant, E: Evaluator<V>> Worker<'_, V, E> {
    /// At an interior node of at least [`COMBINATION_DEPTH`] whose position is quiet,
    /// the tactical oracle's combination, if it has one: the line is played out and
    /// the position at its end searched with one ply less than this node has. Every
    /// defender move of the line is its only legal move, so the score is a lower bound
    /// of this node's; it comes back with the index of the line's first move.
    pub(super) fn combination(
        &mut self,
        pos: &Position<V>,
        clock: DrawClock<V>,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Option<(Score, usize)> {
        let (tactics, _) = self.shared.tactics?;
        if depth < COMBINATION_DEPTH
            || self.lists[ply][0].is_capture()
            || pos.opponent_has_capture()
        {
            return None;
        }
        // With `combination_longer`, only the lines this node's depth does not reach.
        let combination = if self.shared.params.combination_longer {
            tactics.combination_longer(pos, 1, usize::try_from(depth).unwrap_or(0))?
        } else {
            tactics.combination(pos, 1)?
        };
        let end_ply = ply + combination.line.len();
        let first = *combination.line.first()?;
        let index = self.lists[ply].iter().position(|mv| *mv == first)?;
        if end_ply >= MAX_PLY - 1 {
            return None;
        }
        let mut here = *pos;
        let mut here_clock = clock;
        let pushed = self.path.len();
        for mv in &combination.line {
            self.path.push(here.hash());
            let next = here.play_unchecked(mv);
            here_clock = here_clock.after(&here, mv, &next);
            here = next;
        }
        // Negamax: the score at the end is the attacker's when the attacker is to move.
        let score = if here.turn() == pos.turn() {
            self.search(&here, here_clock, depth - 1, alpha, beta, end_ply, false)
        } else {
            -self.search(&here, here_clock, depth - 1, -beta, -alpha, end_ply, false)
        };
        self.path.truncate(pushed);
        Some((score, index))
    }

    /// The database's score of `pos`, if it knows the position.
    ///
    /// A win scores [`DATABASE_WIN`] less [`DATABASE_PLY`] a ply, so the shortest route
    /// is preferred, with a small share of the evaluation as a tie-break. When the
    /// search started from a won or lost database position, positions of the root's
    /// material are not conversions yet: at an `interior` node the search goes on
    /// (`None`), at a leaf they score [`UNCONVERTED_WIN`] plus the evaluation, so that
    /// the winner heads for the nearest capture or promotion it can see and the loser
    /// puts it off; the move-count draw rules still apply to them.
    ///
    /// Inlined, so that a search without a database pays one test per node.
    #[inline]
    pub(super) fn probe_endgame(
        &self,
        pos: &Position<V>,
        clock: DrawClock<V>,
        ply: usize,
        interior: bool,
    ) -> Option<Score> {
        let oracle = self.shared.endgame?;
        self.probe_database(oracle, pos, clock, ply, interior)
    }

    /// [`Worker::probe_endgame`] with a database.
    pub(super) fn probe_database(
        &self,
        oracle: &dyn EndgameOracle<V>,
        pos: &Position<V>,
        clock: DrawClock<V>,
        ply: usize,
        interior: bool,
    ) -> Option<Score> {
        if pos.piece_count() > oracle.max_pieces() {
            return None;
        }
        let value = oracle.probe(pos)?;
        let unconverted = self.shared.converting == Some(MaterialKey::of(pos));
        if value == Wld::Draw {
            return Some(DRAW);
        }
        if unconverted && interior {
            return None;
        }
        if unconverted && clock.draw().is_some() && !pos.is_lost() {
            return Some(DRAW);
        }
        let progress = self
            .shared
            .eval
            .evaluate(pos)
            .clamp(-PROGRESS_LIMIT, PROGRESS_LIMIT);
        let (win, progress) = if unconverted {
            (UNCONVERTED_WIN, progress)
        } else {
            (
                DATABASE_WIN - DATABASE_PLY * ply as Score,
                progress / PROGRESS_DIVISOR,
            )
        };
        Some(match value {
            Wld::Win => win + progress,
            _ => -win + progress,
        })
    }
}

/// A material signature: men and kings of each colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct MaterialKey([u32; 4]);

impl MaterialKey {
    pub(super) fn of<V: Variant>(pos: &Position<V>) -> MaterialKey {
        let count = |color, kind| pos.count(color, kind);
        MaterialKey([
            count(Color::White, Kind::Man),
            count(Color::White, Kind::King),
            count(Color::Black, Kind::Man),
            count(Color::Black, Kind::King),
        ])
    }
}
