//! The index the oracle looks templates up in: templates bucketed by their first move,
//! a decision tree per bucket.
//!
//! One decision tree over thousands of templates either copies templates into many
//! branches (each cares about a few squares scattered over the board) or leaves large
//! leaves; both cost a lookup a microsecond. Bucketed by first move, the templates of a
//! bucket care about the same neighbourhood, their trees stay small, and a leaf asks
//! only the buckets of the sacrifices it has ([`for_each_sacrifice`]).

use crate::content::content_bits;
use crate::gate::for_each_sacrifice;
use crate::template::Template;
use crate::tree::{DecisionTree, TreeConfig, TreeStats};
use draughts_core::{Position, Variant};

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

/// Templates of one side bucketed by first move, with a tree per bucket.
#[derive(Clone, Debug)]
pub struct TemplateIndex {
    /// Root of the tree of the first move `from_bit * 64 + to_bit`, or [`NONE`].
    slots: Vec<u32>,
    /// The buckets' trees, in one arena.
    forest: DecisionTree,
    buckets: usize,
}

impl TemplateIndex {
    /// Indexes `templates` (all of one side), template `i` being in line group
    /// `groups[i]`. Templates whose first move is not a step can never be found.
    pub fn build<V: Variant>(templates: &[Template<V>], groups: &[u32]) -> TemplateIndex {
        let mut slots = vec![NONE; 64 * 64];
        let mut members: Vec<Vec<u32>> = Vec::new();
        for (i, template) in templates.iter().enumerate() {
            let Some(first) = template.line().first() else {
                continue;
            };
            let slot = first.from_bit() as usize * 64 + first.to_bit() as usize;
            if slots[slot] == NONE {
                slots[slot] = members.len() as u32;
                members.push(Vec::new());
            }
            members[slots[slot] as usize].push(i as u32);
        }
        let masks = templates.iter().map(|t| *t.forbidden()).collect();
        let forest = DecisionTree::build_forest(masks, groups, &members, BUCKET_TREE);
        TemplateIndex {
            slots,
            forest,
            buckets: members.len(),
        }
    }

    /// Size figures of the buckets' trees together.
    pub fn stats(&self) -> TreeStats {
        self.forest.stats()
    }

    /// Number of buckets (distinct first moves).
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// The templates that match the quiet position `pos` and start with a sacrifice
    /// there, in increasing order, into `out`.
    pub fn lookup<V: Variant>(&self, pos: &Position<V>, out: &mut Vec<u32>) {
        out.clear();
        let mut contents = None;
        for_each_sacrifice(pos, |from, to| {
            let root = self.slots[(from as usize & 63) * 64 + (to as usize & 63)];
            if root != NONE {
                let contents = contents.get_or_insert_with(|| content_bits(pos));
                self.forest.lookup_contents_from(root, contents, out);
            }
        });
        if out.len() > 1 {
            out.sort_unstable();
        }
    }
}
