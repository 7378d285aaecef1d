//! Score conventions shared by the search: wins, losses and draws.

use draughts_core::{Goal, Variant};
use draughts_eval::Score;

/// Deepest ply the search reaches (plies from the root, quiescence included).
pub const MAX_PLY: usize = 128;

/// The score of a won position: a win in `p` plies scores `WIN - p`.
pub const WIN: Score = 30_000;

/// The score of a draw.
pub const DRAW: Score = 0;

/// Bigger than any score.
pub const INFINITY: Score = WIN + 1;

/// Score of a position the endgame database says is won, before the ply adjustment;
/// below search wins, above any evaluation.
pub const DATABASE_WIN: Score = WIN - 2 * MAX_PLY as Score - 1000;

/// What a ply costs a database win: more than the evaluation's share
/// (`±PROGRESS_LIMIT / PROGRESS_DIVISOR`), so that the shortest route to a win (or, from
/// a won root, to the next capture or promotion) is preferred whatever the evaluation.
pub(crate) const DATABASE_PLY: Score = 16;

/// The evaluation is clamped to this before it breaks ties between database wins.
pub(crate) const PROGRESS_LIMIT: Score = 500;

/// The evaluation's share of a database win reached at a given ply.
pub(crate) const PROGRESS_DIVISOR: Score = 64;

/// Score of a leaf still in the won root's material (no capture or promotion yet), plus
/// or minus the evaluation: below every converted database win, above any evaluation.
pub(crate) const UNCONVERTED_WIN: Score =
    DATABASE_WIN - DATABASE_PLY * MAX_PLY as Score - 2 * PROGRESS_LIMIT;

/// The lowest score of a database win reached at some ply (see [`DATABASE_PLY`]).
const CONVERTED_FLOOR: Score =
    DATABASE_WIN - DATABASE_PLY * MAX_PLY as Score - PROGRESS_LIMIT / PROGRESS_DIVISOR;

/// The score of a position at `ply` whose side to move has no legal move: a loss, or a
/// win where the variant is played to lose ([`Goal::GiveAway`]).
#[inline(always)]
pub(crate) fn no_move_score<V: Variant>(ply: usize) -> Score {
    let win = WIN - ply as Score;
    match V::GOAL {
        Goal::GiveAway => win,
        Goal::Block | Goal::Crown => -win,
    }
}

/// Whether `score` is a proven win or loss found by the search itself.
pub fn is_decisive(score: Score) -> bool {
    score.saturating_abs() > WIN - MAX_PLY as Score
}

/// Plies to the end of the game for a decisive score (positive when the side to move
/// wins), `None` otherwise.
pub fn plies_to_end(score: Score) -> Option<i32> {
    is_decisive(score).then(|| {
        let plies = WIN.saturating_sub(score.saturating_abs());
        if score > 0 {
            plies
        } else {
            -plies
        }
    })
}

/// How much `score` changes per ply of distance from the root: 1 for a win or loss the
/// search found, [`DATABASE_PLY`] for a database win or loss reached at some ply, 0 for
/// anything else.
fn ply_weight(score: Score) -> Score {
    let magnitude = score.abs();
    if magnitude > WIN - MAX_PLY as Score {
        1
    } else if magnitude >= CONVERTED_FLOOR {
        DATABASE_PLY
    } else {
        0
    }
}

/// For a score the endgame database decided (a database win or loss at some ply, or a
/// won or lost position not yet converted): whether the side to move wins.
pub fn database_result(score: Score) -> Option<bool> {
    let decided = !is_decisive(score) && score.saturating_abs() >= UNCONVERTED_WIN - PROGRESS_LIMIT;
    decided.then_some(score > 0)
}

/// The score of a move for the side that plays it, from `score`, the value of the
/// position it leads to for that position's side to move: negated, and a win or loss
/// one ply further away (as the search counts plies), so that a tree of positions
/// scored on their own (an opening book's) backs its scores up as the search would.
///
/// ```
/// use draughts_search::{parent_score, WIN};
///
/// assert_eq!(parent_score(-35), 35);
/// // Lost in 4 plies there: won in 5 here.
/// assert_eq!(parent_score(-(WIN - 4)), WIN - 5);
/// ```
pub fn parent_score(score: Score) -> Score {
    from_table(-score, 1)
}

/// Converts a score relative to the root into one relative to a node `ply` plies deep,
/// for storing in the transposition table.
pub(crate) fn to_table(score: Score, ply: usize) -> Score {
    score + score.signum() * ply_weight(score) * ply as Score
}

/// The inverse of [`to_table`].
pub(crate) fn from_table(score: Score, ply: usize) -> Score {
    score - score.signum() * ply_weight(score) * ply as Score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_scores_round_trip_and_keep_their_band() {
        let wins = [WIN - 5, DATABASE_WIN - DATABASE_PLY * 9 + 7, 120, 0];
        for score in wins.into_iter().flat_map(|s| [s, -s]) {
            for ply in [0, 3, 40] {
                let stored = to_table(score, ply);
                assert_eq!(from_table(stored, ply), score);
                assert_eq!(ply_weight(stored), ply_weight(score), "{score} at {ply}");
            }
        }
        // A database win 9 plies from the root, stored at ply 4, read back at ply 2 is
        // 7 plies away.
        let stored = to_table(DATABASE_WIN - DATABASE_PLY * 9, 4);
        assert_eq!(from_table(stored, 2), DATABASE_WIN - DATABASE_PLY * 7);
        assert_eq!(ply_weight(UNCONVERTED_WIN + PROGRESS_LIMIT), 0);
        assert_eq!(to_table(-WIN + 3, 2), -WIN + 1);
        assert_eq!(database_result(DATABASE_WIN - 40), Some(true));
        assert_eq!(
            database_result(-(UNCONVERTED_WIN - PROGRESS_LIMIT)),
            Some(false)
        );
        assert_eq!(database_result(WIN - 3), None);
        assert_eq!(database_result(250), None);
    }
}
