//! The decision tree: one lookup returns the few templates that may match a position.
//!
//! Each internal node asks what is on one square and has a child per content; a
//! template goes down every branch whose content it allows there (all five when it does
//! not care). The question at a node is the square that leaves the fewest templates per
//! branch, weighted by how often each content occurs. A leaf holds the templates left;
//! lookup tests each against the whole position with its masks, so it returns exactly
//! the templates that match.

use crate::content::{content_bits, square_of_bit, Content};
use draughts_core::{Position, Square, Variant};

/// Stop splitting at this many templates or fewer.
const LEAF_SIZE: usize = 6;
/// The deepest a node may be.
const MAX_DEPTH: usize = 48;
/// A split must bring the weighted branch size to at most this share (percent) of the
/// node's templates.
const MAX_SPLIT_COST: u32 = 90;
/// The tree may have at most this many nodes per template (and 4,096 in any case);
/// past that, nodes become leaves.
const NODES_PER_TEMPLATE: usize = 64;
/// How often each content is met on a square, in percent (empty squares dominate; kings
/// are rare), to weigh a split's branches.
const CONTENT_WEIGHT: [u32; 5] = [46, 25, 25, 2, 2];

#[derive(Clone, Debug)]
enum Node {
    /// Templates `ids[start..start + len]`.
    Leaf { start: u32, len: u32 },
    /// Ask square `bit`; the child per content index.
    Split { bit: u64, children: [u32; 5] },
}

/// Size figures of a tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeStats {
    /// Templates indexed.
    pub templates: usize,
    /// Nodes, internal and leaves.
    pub nodes: usize,
    /// Leaves.
    pub leaves: usize,
    /// Longest path from the root to a leaf, in questions.
    pub depth: usize,
    /// Template references in all leaves (a template that does not care about a square
    /// is copied into every branch).
    pub references: usize,
    /// The most templates in one leaf.
    pub largest_leaf: usize,
}

/// A decision tree over templates given by their forbidden-content masks (see
/// [`crate::Template::forbidden`]); lookups return indices into that list.
#[derive(Clone, Debug)]
pub struct DecisionTree {
    nodes: Vec<Node>,
    ids: Vec<u32>,
    masks: Vec<[u64; 5]>,
    stats: TreeStats,
}

impl DecisionTree {
    /// Builds the tree over templates with these forbidden-content masks.
    pub fn build(masks: Vec<[u64; 5]>) -> DecisionTree {
        let mut tree = DecisionTree {
            nodes: Vec::new(),
            ids: Vec::new(),
            masks,
            stats: TreeStats::default(),
        };
        let all: Vec<u32> = (0..tree.masks.len() as u32).collect();
        tree.stats.templates = all.len();
        tree.grow(all, 0, 0);
        tree.stats.nodes = tree.nodes.len();
        tree.stats.references = tree.ids.len();
        tree
    }

    /// Size figures.
    pub fn stats(&self) -> TreeStats {
        self.stats
    }

    /// Adds the subtree for templates `set`, which have passed the questions in `asked`,
    /// and returns its node index.
    fn grow(&mut self, set: Vec<u32>, asked: u64, depth: usize) -> u32 {
        let index = self.nodes.len() as u32;
        self.stats.depth = self.stats.depth.max(depth);
        let budget = (NODES_PER_TEMPLATE * self.masks.len()).max(4096);
        let split = if set.len() <= LEAF_SIZE || depth >= MAX_DEPTH || self.nodes.len() >= budget {
            None
        } else {
            self.best_question(&set, asked)
        };
        let Some(bit) = split else {
            self.stats.leaves += 1;
            self.stats.largest_leaf = self.stats.largest_leaf.max(set.len());
            self.nodes.push(Node::Leaf {
                start: self.ids.len() as u32,
                len: set.len() as u32,
            });
            self.ids.extend_from_slice(&set);
            return index;
        };
        self.nodes.push(Node::Split {
            bit,
            children: [0; 5],
        });
        let mut children = [0u32; 5];
        for content in Content::ALL {
            let c = content.index();
            let branch: Vec<u32> = set
                .iter()
                .copied()
                .filter(|&t| self.masks[t as usize][c] & bit == 0)
                .collect();
            children[c] = self.grow(branch, asked | bit, depth + 1);
        }
        self.nodes[index as usize] = Node::Split { bit, children };
        index
    }

    /// The square (as a raw bit) whose question leaves the fewest templates per branch,
    /// weighted by content frequency; `None` if no question makes the branches smaller
    /// enough ([`MAX_SPLIT_COST`]).
    fn best_question(&self, set: &[u32], asked: u64) -> Option<u64> {
        // excluded[b][c]: templates in `set` that forbid content c on bit b.
        let mut excluded = [[0u32; 5]; 64];
        let mut cared = 0u64;
        for &t in set {
            for (c, &mask) in self.masks[t as usize].iter().enumerate() {
                let mut bits = mask & !asked;
                cared |= bits;
                while bits != 0 {
                    excluded[bits.trailing_zeros() as usize][c] += 1;
                    bits &= bits - 1;
                }
            }
        }
        let n = set.len() as u32;
        let mut best: Option<(u32, u64)> = None;
        let mut bits = cared;
        while bits != 0 {
            let b = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let cost: u32 = (0..5)
                .map(|c| CONTENT_WEIGHT[c] * (n - excluded[b][c]))
                .sum();
            if best.map_or(true, |(least, _)| cost < least) {
                best = Some((cost, 1 << b));
            }
        }
        let weight: u32 = CONTENT_WEIGHT.iter().sum();
        best.filter(|&(cost, _)| cost * 100 <= MAX_SPLIT_COST * weight * n)
            .map(|(_, bit)| bit)
    }

    /// The templates matching `pos` (indices into the masks the tree was built from), in
    /// increasing order; the side to move is not asked.
    pub fn lookup<V: Variant>(&self, pos: &Position<V>, out: &mut Vec<u32>) {
        out.clear();
        if self.nodes.is_empty() {
            return;
        }
        let contents = content_bits(pos);
        let mut node = 0usize;
        loop {
            match self.nodes[node] {
                Node::Split { bit, children } => {
                    let c = contents.iter().position(|&b| b & bit != 0).unwrap_or(0);
                    node = children[c] as usize;
                }
                Node::Leaf { start, len } => {
                    let ids = &self.ids[start as usize..(start + len) as usize];
                    out.extend(ids.iter().copied().filter(|&t| {
                        let f = &self.masks[t as usize];
                        (0..5).all(|c| contents[c] & f[c] == 0)
                    }));
                    return;
                }
            }
        }
    }

    /// The square asked at the root, if the root asks one (for reports).
    pub fn root_question<V: Variant>(&self) -> Option<Square> {
        match self.nodes.first()? {
            Node::Split { bit, .. } => square_of_bit::<V>(*bit),
            Node::Leaf { .. } => None,
        }
    }
}
