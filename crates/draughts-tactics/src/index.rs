//! The index the oracle looks templates up in: templates bucketed by their first two
//! moves' pieces, a decision tree per bucket.
//!
//! One decision tree over thousands of templates either copies templates into many
//! branches (each cares about a few squares scattered over the board) or leaves large
//! leaves; both cost a lookup a microsecond. Every learned line starts with a
//! sacrifice that the defender must answer with a capture, so a leaf asks only the
//! buckets of the sacrifices it has and, within those, of the pieces that can capture
//! after each ([`for_each_sacrifice`]): a template whose second move starts elsewhere
//! cannot be replayed there. The templates of such a bucket care about the same
//! neighbourhood, and their trees stay small.
//!
//! Keyed by the first move alone, buckets held up to 401 lines once templates kept
//! only the squares a line needs (an average of 18 instead of 35), no square split
//! them without copying most lines into every branch, and their scans took a fifth of
//! the search's time.

use crate::content::{content_sets, flipped_content_sets};
use crate::gate::{for_each_sacrifice, men_sacrifices};
use crate::line::LineMove;
use crate::template::Template;
use crate::tree::{DecisionTree, TreeConfig, TreeStats};
use draughts_core::{Bitboard, Color, Position, Variant};
use draughts_eval::Score;
use std::collections::{BTreeMap, HashMap};

/// How the buckets' trees are built: a bucket holds tens of line groups, which a
/// leaf scans faster in order than a deep tree walks to them (measured: 64 groups a
/// leaf gave 3.9M nodes a second where 6 gave 2.8M, on the 10x10 start position).
const BUCKET_TREE: TreeConfig = TreeConfig {
    leaf_size: 64,
    max_depth: 48,
    max_split_cost: 90,
    max_copies_tenths: 20,
    nodes_per_template: 64,
};

/// No bucket for this first move.
const NONE: u32 = u32::MAX;

/// The templates of one first move whose second move starts on one square.
#[derive(Clone, Copy, Debug)]
struct Bucket<V: Variant> {
    /// The second move's start; every square for a line of one move.
    capturer: Bitboard<V>,
    /// The largest gain of the bucket's templates.
    gain: Score,
}

/// Templates of one side bucketed by first move and the start of the second, with a
/// tree per bucket.
#[derive(Clone, Debug)]
pub struct TemplateIndex<V: Variant> {
    /// Per first move `from.slot() * 64 + to.slot()` ([`Bitboard::slot`]), the range
    /// of its buckets, or `(NONE, NONE)`.
    slots: Vec<(u32, u32)>,
    /// The buckets; bucket `i` is the root of tree `i` of the forest.
    buckets: Vec<Bucket<V>>,
    /// The buckets' trees, in one arena.
    forest: DecisionTree<V>,
    /// Per template, its line group.
    groups: Vec<u32>,
    first_moves: usize,
}

impl<V: Variant> TemplateIndex<V> {
    /// Indexes `templates` (all of one side). Templates whose first move is not a step
    /// can never be found.
    pub fn build(templates: &[Template<V>]) -> TemplateIndex<V> {
        // Line groups: templates with one line.
        let mut lines: HashMap<&[LineMove<V>], u32> = HashMap::new();
        let groups: Vec<u32> = templates
            .iter()
            .map(|t| {
                let next = lines.len() as u32;
                *lines.entry(t.line()).or_insert(next)
            })
            .collect();
        let mut by_key: BTreeMap<(usize, Bitboard<V>), Vec<u32>> = BTreeMap::new();
        for (i, template) in templates.iter().enumerate() {
            let Some(first) = template.line().first() else {
                continue;
            };
            let slot = slot(first.from_set(), first.to_set());
            let capturer = template
                .line()
                .get(1)
                .map_or(Bitboard::ALL, LineMove::from_set);
            by_key.entry((slot, capturer)).or_default().push(i as u32);
        }
        let mut slots = vec![(NONE, NONE); 64 * 64];
        let mut buckets = Vec::with_capacity(by_key.len());
        for (&(slot, capturer), members) in &by_key {
            let index = buckets.len() as u32;
            let range = &mut slots[slot];
            if range.0 == NONE {
                range.0 = index;
            }
            range.1 = index + 1;
            let gain = members
                .iter()
                .map(|&t| templates[t as usize].gain())
                .max()
                .unwrap_or(0);
            buckets.push(Bucket { capturer, gain });
        }
        let first_moves = slots.iter().filter(|r| r.0 != NONE).count();
        let members: Vec<Vec<u32>> = by_key.into_values().collect();
        let masks = templates.iter().map(|t| *t.forbidden()).collect();
        let gains: Vec<Score> = templates.iter().map(Template::gain).collect();
        let forest = DecisionTree::build_forest(masks, &groups, &gains, &members, BUCKET_TREE);
        TemplateIndex {
            slots,
            buckets,
            forest,
            groups,
            first_moves,
        }
    }

    /// The line group of template `template` (templates with one line share one).
    pub fn group_of(&self, template: u32) -> Option<u32> {
        self.groups.get(template as usize).copied()
    }

    /// Size figures of the buckets' trees together.
    pub fn stats(&self) -> TreeStats {
        self.forest.stats()
    }

    /// Number of distinct first moves.
    pub fn first_moves(&self) -> usize {
        self.first_moves
    }

    /// Number of buckets (distinct first moves and starts of the second move).
    pub fn buckets(&self) -> usize {
        self.buckets.len()
    }

    /// The templates that match the quiet position `pos`, start with a sacrifice there
    /// and go on (if they go on) with a capture by a piece that can capture after it,
    /// in increasing order, into `out`. Only buckets of which some template was
    /// learned with a gain of at least `at_least` are asked.
    pub fn lookup(&self, pos: &Position<V>, at_least: Score, out: &mut Vec<u32>) {
        out.clear();
        let mut contents = None;
        for_each_sacrifice(pos, |from, to, capturers| {
            let contents = || *contents.get_or_insert_with(|| content_sets(pos));
            self.visit(from, to, capturers, at_least, contents, out);
        });
        if out.len() > 1 {
            out.sort_unstable();
        }
    }

    /// As [`TemplateIndex::lookup`] for the [`Position::flipped`] image of `pos`, so
    /// that the index of one side serves the other and the search's working set holds
    /// one index, not two; with men only, the image's sets are turned without
    /// building it.
    pub fn lookup_flipped(&self, pos: &Position<V>, at_least: Score, out: &mut Vec<u32>) {
        let kings = pos.kings(Color::White) | pos.kings(Color::Black);
        if !kings.is_empty() || V::ORTHOGONAL_CAPTURES {
            self.lookup(&pos.flipped(), at_least, out);
            return;
        }
        out.clear();
        let us = pos.turn();
        let mut contents = None;
        men_sacrifices(
            !us,
            pos.pieces(us).rotated(),
            pos.pieces(!us).rotated(),
            pos.empty().rotated(),
            |from, to, capturers| {
                let contents = || *contents.get_or_insert_with(|| flipped_content_sets(pos));
                self.visit(from, to, capturers, at_least, contents, out);
            },
        );
        if out.len() > 1 {
            out.sort_unstable();
        }
    }

    /// Looks up the buckets of the sacrifice `from`-`to` (sets of one) after which
    /// the pieces `capturers` can capture, testing their groups against `contents()`.
    #[inline]
    fn visit(
        &self,
        from: Bitboard<V>,
        to: Bitboard<V>,
        capturers: Bitboard<V>,
        at_least: Score,
        mut contents: impl FnMut() -> [Bitboard<V>; 5],
        out: &mut Vec<u32>,
    ) {
        let (start, end) = self.slots[slot(from, to)];
        if start == NONE {
            return;
        }
        for root in start..end {
            let bucket = &self.buckets[root as usize];
            if !(bucket.capturer & capturers).is_empty() && bucket.gain >= at_least {
                self.forest
                    .lookup_gain_from(root, &contents(), at_least, out);
            }
        }
    }
}

/// The entry of the first move `from`-`to` (sets of one) in [`TemplateIndex`]'s slots.
#[inline]
fn slot<V: Variant>(from: Bitboard<V>, to: Bitboard<V>) -> usize {
    from.slot() * 64 + to.slot()
}
