//! Score conventions shared by the search: wins, losses and draws.

use draughts_eval::Score;

/// Deepest ply the search reaches (plies from the root, quiescence included).
pub const MAX_PLY: usize = 128;

/// The score of a won position: a win in `p` plies scores `WIN - p`.
pub const WIN: Score = 30_000;

/// The score of a draw.
pub const DRAW: Score = 0;

/// Bigger than any score.
pub const INFINITY: Score = WIN + 1;

/// Whether `score` is a proven win or loss found by the search itself.
pub fn is_decisive(score: Score) -> bool {
    score.abs() > WIN - MAX_PLY as Score
}

/// Plies to the end of the game for a decisive score (positive when the side to move
/// wins), `None` otherwise.
pub fn plies_to_end(score: Score) -> Option<i32> {
    is_decisive(score).then(|| {
        let plies = WIN - score.abs();
        if score > 0 {
            plies
        } else {
            -plies
        }
    })
}

/// Converts a score relative to the root into one relative to a node `ply` plies deep,
/// for storing in the transposition table.
pub(crate) fn to_table(score: Score, ply: usize) -> Score {
    if score > WIN - MAX_PLY as Score {
        score + ply as Score
    } else if score < -(WIN - MAX_PLY as Score) {
        score - ply as Score
    } else {
        score
    }
}

/// The inverse of [`to_table`].
pub(crate) fn from_table(score: Score, ply: usize) -> Score {
    if score > WIN - MAX_PLY as Score {
        score - ply as Score
    } else if score < -(WIN - MAX_PLY as Score) {
        score + ply as Score
    } else {
        score
    }
}
