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
    /// Bucket of the first move `from_bit * 64 + to_bit`, or [`NONE`].
    slots: Vec<u32>,
    /// Per bucket, its tree and the template numbers its tree's indices stand for.
    buckets: Vec<(DecisionTree, Vec<u32>)>,
    stats: TreeStats,
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
        let mut stats = TreeStats::default();
        let buckets = members
            .into_iter()
            .map(|list| {
                let masks = list
                    .iter()
                    .map(|&t| *templates[t as usize].forbidden())
                    .collect();
                let local_groups: Vec<u32> = list
                    .iter()
                    .map(|&t| groups.get(t as usize).copied().unwrap_or(t))
                    .collect();
                let tree = DecisionTree::build_grouped(masks, &local_groups, BUCKET_TREE);
                stats.add(&tree.stats());
                (tree, list)
            })
            .collect();
        TemplateIndex {
            slots,
            buckets,
            stats,
        }
    }

    /// Size figures, summed over the buckets' trees (depth and largest leaf: the most).
    pub fn stats(&self) -> TreeStats {
        self.stats
    }

    /// Number of buckets (distinct first moves).
    pub fn buckets(&self) -> usize {
        self.buckets.len()
    }

    /// The templates that match the quiet position `pos` and start with a sacrifice
    /// there, in increasing order, into `out` (`scratch` is working space).
    pub fn lookup<V: Variant>(
        &self,
        pos: &Position<V>,
        out: &mut Vec<u32>,
        scratch: &mut Vec<u32>,
    ) {
        out.clear();
        let mut contents = None;
        for_each_sacrifice(pos, |from, to| {
            let slot = self.slots[(from as usize & 63) * 64 + (to as usize & 63)];
            if let Some((tree, list)) = self.buckets.get(slot as usize) {
                let contents = contents.get_or_insert_with(|| content_bits(pos));
                scratch.clear();
                tree.lookup_contents(contents, scratch);
                out.extend(scratch.iter().map(|&i| list[i as usize]));
            }
        });
        if out.len() > 1 {
            out.sort_unstable();
        }
    }
}
