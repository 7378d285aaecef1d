//! The search's tunable numbers, gathered in one place.

use draughts_eval::Score;

/// What shapes the tree: windows, cut-offs and reductions. The defaults are the values
/// the matches in BENCHMARKS.md chose; a man is 100.
///
/// ```
/// use draughts_search::SearchParams;
///
/// let params = SearchParams::default();
/// assert_eq!(params.reduction(10, 20, false), params.reduction(10, 20, false));
/// assert!(params.reduction(10, 20, true) <= params.reduction(10, 20, false));
/// assert_eq!(params.reduction(2, 20, false), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// Half-width of the first aspiration window around the last iteration's score.
    pub aspiration: Score,
    /// Deepest remaining depth at which a quiet node whose evaluation is far above
    /// `beta` is cut off without a search.
    pub static_cut_depth: i32,
    /// How far above `beta`, a ply of remaining depth, the evaluation must be for that
    /// cut-off.
    pub static_cut_margin: Score,
    /// Least remaining depth of a reduced-depth cut: a null-window search to
    /// [`SearchParams::shallow_percent`] of the depth that fails high against `beta`
    /// plus a margin cuts the node off (0 turns it off).
    pub shallow_cut_depth: i32,
    /// The depth of that search, in percent of the node's (at least one ply).
    pub shallow_percent: i32,
    /// Its margin over `beta`, a ply of remaining depth.
    pub shallow_margin: Score,
    /// Least remaining depth at which late quiet moves are reduced.
    pub reduce_depth: i32,
    /// Moves searched in full before the later ones are reduced: at other nodes, and
    /// at principal-variation nodes.
    pub reduce_after: [usize; 2],
    /// Moves after which a non-PV node reduces a second ply (0: never).
    pub reduce_twice_after: usize,
    /// Least remaining depth for that second ply.
    pub reduce_twice_depth: i32,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            aspiration: 30,
            static_cut_depth: 4,
            static_cut_margin: 60,
            shallow_cut_depth: 0,
            shallow_percent: 40,
            shallow_margin: 5,
            reduce_depth: 3,
            reduce_after: [3, usize::MAX],
            reduce_twice_after: 8,
            reduce_twice_depth: 6,
        }
    }
}

impl SearchParams {
    /// The plies by which the `n`-th move (from 0) of a node with `depth` plies left is
    /// reduced, if it is a quiet move that may be reduced.
    #[inline]
    pub fn reduction(&self, depth: i32, n: usize, pv_node: bool) -> i32 {
        if depth < self.reduce_depth || n < self.reduce_after[usize::from(pv_node)] {
            return 0;
        }
        let twice = !pv_node
            && self.reduce_twice_after > 0
            && n >= self.reduce_twice_after
            && depth >= self.reduce_twice_depth;
        1 + i32::from(twice)
    }

    /// The depth of the reduced-depth cut's search at a node with `depth` plies left,
    /// if the cut applies there.
    #[inline]
    pub fn shallow_depth(&self, depth: i32) -> Option<i32> {
        (self.shallow_cut_depth > 0 && depth >= self.shallow_cut_depth)
            .then(|| (depth * self.shallow_percent / 100).max(1))
    }
}
