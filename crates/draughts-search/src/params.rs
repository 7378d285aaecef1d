//! The search's tunable numbers, gathered in one place.

use draughts_core::{English, Variant};
use draughts_eval::Score;

/// What shapes the tree: windows, cut-offs and reductions. The defaults are the values
/// the matches in BENCHMARKS.md chose, the same for every variant but English (see
/// [`SearchParams::for_variant`]); a man is 100.
///
/// ```
/// use draughts_search::SearchParams;
///
/// let params = SearchParams::default();
/// assert_eq!(params.reduction(10, 20, false), 4);
/// assert_eq!(params.reduction(10, 20, true), 3);
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
    /// Least remaining depth at which late quiet moves are reduced.
    pub reduce_depth: i32,
    /// Moves searched in full before the later ones are reduced: at other nodes, and
    /// at principal-variation nodes.
    pub reduce_after: [usize; 2],
    /// The reduction of the `n`-th move (from 0) with `depth` plies left is
    /// `reduce_base + ln(depth) ln(n + 1) / reduce_divisor` plies, rounded down, one
    /// ply less at principal-variation nodes, leaving at least one ply.
    pub reduce_base: f64,
    /// See [`SearchParams::reduce_base`].
    pub reduce_divisor: f64,
    /// A quiet move whose history says it was best at least this often, in 4096ths of
    /// the nodes where it was searched, is reduced one ply less.
    pub trusted_history: i32,
    /// Deepest remaining depth at which a quiet node whose evaluation is far below
    /// `alpha` is answered by quiescence (razoring).
    pub razor_depth: i32,
    /// How far below `alpha`, a ply of remaining depth, the evaluation must be for that.
    pub razor_margin: Score,
    /// Exchanges a quiescence line may offer while no side has a king: quiet man moves
    /// next to an opponent's man after which the opponent must take one piece and loses
    /// one back. 0 offers none, the default: one a line gains at a fixed node count but
    /// not yet measurably at equal time (BENCHMARKS.md, "Exchanges in quiescence").
    pub qs_exchanges: i32,
    /// Least remaining depth at which a node tests whether its table move is singular,
    /// better than every other move by a margin, and if so searches it one ply deeper
    /// (a singular extension). The test searches the node without that move to half
    /// the depth, so depths 1 and 2 act as 3; 0 or less turns the test off, the
    /// default: in International depth 6 with the multi-cut gains at a fixed node count
    /// but not at equal time (BENCHMARKS.md, "Singular extensions"); English's default
    /// is 6.
    pub singular_depth: i32,
    /// How far below the table's score, a ply of remaining depth, every other move
    /// must stay for the table move to be singular: 3 a ply, a quarter of a man at
    /// depth 8.
    pub singular_margin: Score,
    /// Whether a node whose other moves reach the singular test's bound, when that
    /// bound is at least `beta`, is cut off with it (a multi-cut: several moves beat
    /// `beta`). Off by default (on in English); acts only with `singular_depth` on.
    pub singular_cut: bool,
    /// Deepest remaining depth at which a quiet node asks the threat templates whether
    /// the side to move is threatened (its opponent, moving instead, would have a
    /// combination) and, if so, is searched one ply deeper with the known counters
    /// first. 0, the default, asks at no interior node; acts only with threat templates.
    pub threat_depth: i32,
    /// Whether a quiet quiescence node about to stand on its evaluation asks the threat
    /// templates first and, if the side to move is threatened, searches its moves
    /// instead (counters first, a reply after which the threat's line still wins scored
    /// with its gain). Off by default; acts only with threat templates.
    pub threat_leaves: bool,
    /// Whether a threatened quiescence node (`threat_leaves`) searches only the
    /// threat's known counters and otherwise stands on its evaluation less the threat's
    /// gain, instead of searching every move. Off by default.
    pub threat_counters_only: bool,
    /// Whether an interior node asks only for the combinations whose line is longer
    /// than its remaining depth (the search sees the shorter ones itself). Off by
    /// default.
    pub combination_longer: bool,
    /// The most a quiet leaf asks the tactical oracle to gain: a leaf further below
    /// alpha than this does not ask, and 0 turns leaf asks off. Leaf asks are most of
    /// the asks and of their cost, and they bring the gain in play (interior asks
    /// alone: +3.5 Elo at equal nodes). With the default, 25 (a quarter of a man), two
    /// in five of the leaves within a man of alpha ask, the node rate loses about 15%
    /// instead of 19-20%, and the gain at equal nodes is +20.9 against +28.7 with a man
    /// (BENCHMARKS.md, "Fewer leaf asks").
    pub leaf_gain_limit: Score,
    /// Least remaining depth at which a node (not the root) whose table entry holds no
    /// move is searched one ply shallower (an internal iterative reduction: the table
    /// move is what orders a deep node, and without one its search is mostly a waste).
    /// 0 or less turns it off, the default (English's is 5).
    pub iir_depth: i32,
    /// Least remaining depth at which a node off the principal variation looks up each
    /// child in the table before searching any, and is cut off if one of them is known,
    /// from a search deep enough, to score at least `beta` for this node (an enhanced
    /// transposition cut-off). 0 or less turns it off, the default (English's is 4).
    pub etc_depth: i32,
    /// Plies more by which a late quiet move is reduced where the side to move is not
    /// improving: its evaluation is no higher than at its last node two plies before
    /// (both quiet nodes of at least `reduce_depth` plies). 0 turns it off, the default.
    pub unimproving_reduction: i32,
    /// Deepest remaining depth at which a quiet node off the principal variation
    /// searches only its first `lmp_moves + depth²` moves once one of them has scored
    /// better than a loss; a move that crowns a man is always searched (late move
    /// pruning). 0 turns it off, the default.
    pub lmp_depth: i32,
    /// See [`SearchParams::lmp_depth`].
    pub lmp_moves: i32,
    /// Whether the static cut-offs and razoring judge a position by its table score
    /// where that is tighter than the evaluation (an exact score, a lower bound above
    /// the evaluation, an upper bound below it). Off by default; English's default is
    /// on (BENCHMARKS.md, "English's network on deeper labels").
    pub tt_eval: bool,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            aspiration: 30,
            static_cut_depth: 4,
            static_cut_margin: 60,
            reduce_depth: 3,
            reduce_after: [1, 3],
            reduce_base: 0.75,
            reduce_divisor: 1.75,
            trusted_history: 3072,
            razor_depth: 2,
            razor_margin: 150,
            qs_exchanges: 0,
            singular_depth: 0,
            singular_margin: 3,
            singular_cut: false,
            threat_depth: 0,
            threat_leaves: false,
            threat_counters_only: false,
            combination_longer: false,
            leaf_gain_limit: 25,
            iir_depth: 0,
            etc_depth: 0,
            unimproving_reduction: 0,
            lmp_depth: 0,
            lmp_moves: 3,
            tt_eval: false,
        }
    }
}

impl SearchParams {
    /// The defaults for `V`: [`SearchParams::default`], but in English singular
    /// extensions with their multi-cut, enhanced transposition cut-offs and internal
    /// iterative reductions are on, which gained there at equal time and did not in
    /// International (BENCHMARKS.md, "Selective switches in English"), and so is the
    /// table's score in the static cut-offs ([`SearchParams::tt_eval`]).
    ///
    /// ```
    /// use draughts_core::{English, International};
    /// use draughts_search::SearchParams;
    ///
    /// assert_eq!(SearchParams::for_variant::<International>(), SearchParams::default());
    /// let english = SearchParams::for_variant::<English>();
    /// assert_eq!((english.singular_depth, english.etc_depth, english.iir_depth), (6, 4, 5));
    /// assert!(english.tt_eval);
    /// ```
    pub fn for_variant<V: Variant>() -> SearchParams {
        let defaults = SearchParams::default();
        if V::NAME == English::NAME {
            SearchParams {
                singular_depth: 6,
                singular_cut: true,
                etc_depth: 4,
                iir_depth: 5,
                tt_eval: true,
                ..defaults
            }
        } else {
            defaults
        }
    }

    /// These parameters with the changes `text` lists: `name=value` items (the field
    /// names, `-` or `_` alike) separated by spaces or `;`.
    ///
    /// ```
    /// use draughts_search::SearchParams;
    ///
    /// let params = SearchParams::default().with_changes("razor-margin=120; reduce_base=0.5")?;
    /// assert_eq!((params.razor_margin, params.reduce_base), (120, 0.5));
    /// assert!(SearchParams::default().with_changes("razor-margin=wide").is_err());
    /// # Ok::<(), draughts_search::ParamsError>(())
    /// ```
    ///
    /// # Errors
    /// [`ParamsError`] for an item without `=`, an unknown name, or a value that is not
    /// a number of the field's type (whole numbers within ±100,000, a positive divisor,
    /// a switch as `1`, `true`, `on` or `0`, `false`, `off`).
    pub fn with_changes(&self, text: &str) -> Result<SearchParams, ParamsError> {
        let mut params = *self;
        for item in text.split([';', ' ', '\t']).filter(|item| !item.is_empty()) {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| ParamsError::NotAnItem(item.to_string()))?;
            let bad = || ParamsError::BadValue(name.to_string(), value.to_string());
            // Margins and depths beyond this mean nothing and would overflow a score.
            let int = || {
                value
                    .trim()
                    .parse::<i32>()
                    .ok()
                    .filter(|n| n.abs() <= 100_000)
                    .ok_or_else(bad)
            };
            let real = || value.trim().parse::<f64>().map_err(|_| bad());
            let count = || value.trim().parse::<usize>().map_err(|_| bad());
            let switch = || match value.trim() {
                "1" | "true" | "on" => Ok(true),
                "0" | "false" | "off" => Ok(false),
                _ => Err(bad()),
            };
            match name.trim().replace('_', "-").as_str() {
                "aspiration" => params.aspiration = int()?,
                "static-cut-depth" => params.static_cut_depth = int()?,
                "static-cut-margin" => params.static_cut_margin = int()?,
                "reduce-depth" => params.reduce_depth = int()?,
                "reduce-after" => params.reduce_after[0] = count()?,
                "reduce-after-pv" => params.reduce_after[1] = count()?,
                "reduce-base" => params.reduce_base = real()?,
                "reduce-divisor" => params.reduce_divisor = real()?,
                "trusted-history" => params.trusted_history = int()?,
                "razor-depth" => params.razor_depth = int()?,
                "razor-margin" => params.razor_margin = int()?,
                "qs-exchanges" => params.qs_exchanges = int()?,
                "singular-depth" => params.singular_depth = int()?,
                "singular-margin" => params.singular_margin = int()?,
                "singular-cut" => params.singular_cut = switch()?,
                "threat-depth" => params.threat_depth = int()?,
                "threat-leaves" => params.threat_leaves = switch()?,
                "threat-counters-only" => params.threat_counters_only = switch()?,
                "combination-longer" => params.combination_longer = switch()?,
                "leaf-gain-limit" => params.leaf_gain_limit = int()?,
                "iir-depth" => params.iir_depth = int()?,
                "etc-depth" => params.etc_depth = int()?,
                "unimproving-reduction" => params.unimproving_reduction = int()?,
                "lmp-depth" => params.lmp_depth = int()?,
                "lmp-moves" => params.lmp_moves = int()?,
                "tt-eval" => params.tt_eval = switch()?,
                _ => return Err(ParamsError::Unknown(name.to_string())),
            }
        }
        for (name, value, fits) in [
            (
                "reduce-base",
                params.reduce_base,
                params.reduce_base.is_finite(),
            ),
            (
                "reduce-divisor",
                params.reduce_divisor,
                params.reduce_divisor > 0.0,
            ),
        ] {
            if !fits {
                return Err(ParamsError::BadValue(name.to_string(), value.to_string()));
            }
        }
        Ok(params)
    }

    /// The plies by which the `n`-th move (from 0) of a node with `depth` plies left is
    /// reduced, if it is a quiet move that may be reduced (the search reads it from a
    /// table made when the parameters are set).
    pub fn reduction(&self, depth: i32, n: usize, pv_node: bool) -> i32 {
        if depth < self.reduce_depth || n < self.reduce_after[usize::from(pv_node)] {
            return 0;
        }
        let plies =
            self.reduce_base + f64::from(depth).ln() * (n as f64 + 1.0).ln() / self.reduce_divisor;
        (plies as i32 - i32::from(pv_node)).clamp(0, (depth - 2).max(0))
    }
}

/// Why [`SearchParams::with_changes`] refused its text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamsError {
    /// An item that is not `name=value`.
    #[error("search parameter {0:?} is not name=value")]
    NotAnItem(String),
    /// A name that is no search parameter.
    #[error("unknown search parameter {0:?} (see SearchParams)")]
    Unknown(String),
    /// A value of the wrong type.
    #[error("bad value {1:?} for search parameter {0}")]
    BadValue(String, String),
}

/// Depths and move numbers past this share the table's last row or column.
const TABLE_SIZE: usize = 64;

/// [`SearchParams::reduction`] tabulated, so that the search does no arithmetic for it.
pub(crate) struct Reductions(Box<[[[u8; TABLE_SIZE]; TABLE_SIZE]; 2]>);

impl Reductions {
    pub(crate) fn new(params: &SearchParams) -> Reductions {
        let mut table = Box::new([[[0; TABLE_SIZE]; TABLE_SIZE]; 2]);
        for (pv, rows) in table.iter_mut().enumerate() {
            for (depth, row) in rows.iter_mut().enumerate() {
                for (n, cell) in row.iter_mut().enumerate() {
                    let plies = params.reduction(depth as i32, n, pv == 1);
                    *cell = u8::try_from(plies).unwrap_or(u8::MAX);
                }
            }
        }
        Reductions(table)
    }

    /// The reduction of the `n`-th move at a node with `depth` plies left.
    #[inline]
    pub(crate) fn get(&self, depth: i32, n: usize, pv_node: bool) -> i32 {
        let depth = usize::try_from(depth).unwrap_or(0).min(TABLE_SIZE - 1);
        let n = n.min(TABLE_SIZE - 1);
        i32::from(self.0[usize::from(pv_node)][depth][n])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_agrees_with_the_formula() {
        let params = SearchParams::default();
        let table = Reductions::new(&params);
        for depth in 0..TABLE_SIZE as i32 {
            for n in 0..TABLE_SIZE {
                for pv in [false, true] {
                    let plies = params.reduction(depth, n, pv);
                    assert_eq!(table.get(depth, n, pv), plies);
                    assert!(plies == 0 || depth - 1 - plies >= 1);
                }
            }
        }
        // Late moves are reduced no less than early ones, deep nodes no less than shallow.
        for depth in 3..TABLE_SIZE as i32 {
            for n in 1..TABLE_SIZE {
                assert!(table.get(depth, n, false) >= table.get(depth, n - 1, false));
                assert!(table.get(depth, n, false) >= table.get(depth - 1, n, false));
                assert!(table.get(depth, n, true) <= table.get(depth, n, false));
            }
        }
    }
}
