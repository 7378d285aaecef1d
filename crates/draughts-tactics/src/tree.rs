//! The decision tree: one lookup returns the few templates that may match a position.
//!
//! Each internal node asks what is on one square and has a child per content; a
//! template goes down every branch whose content it allows there (all five when it does
//! not care). The question at a node is the square that leaves the fewest templates per
//! branch, weighted by how often each content occurs. A leaf holds the templates left;
//! lookup tests each against the whole position with its masks, so it returns exactly
//! the templates that match.

use crate::content::{content_sets, Content};
use draughts_core::{Bitboard, Position, Square, Variant};
use draughts_eval::Score;
use std::collections::{BTreeMap, BinaryHeap};

/// How a tree is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeConfig {
    /// Stop splitting at this many templates or fewer.
    pub leaf_size: usize,
    /// The deepest a node may be.
    pub max_depth: usize,
    /// A split must bring the frequency-weighted branch size to at most this share
    /// (percent) of the node's templates.
    pub max_split_cost: u32,
    /// A split may put at most this many template references (in tenths of the node's
    /// templates) into its branches: a template that allows several contents goes down
    /// several branches, and without a bound the copies grow geometrically with depth.
    pub max_copies_tenths: u32,
    /// The tree may have at most this many nodes per template (and 4,096 in any case);
    /// past that, nodes become leaves.
    pub nodes_per_template: usize,
}

impl Default for TreeConfig {
    fn default() -> TreeConfig {
        TreeConfig {
            leaf_size: 6,
            max_depth: 48,
            max_split_cost: 90,
            max_copies_tenths: 20,
            nodes_per_template: 64,
        }
    }
}

/// How often each content is met on a square, in percent (empty squares dominate; kings
/// are rare), to weigh a split's branches.
const CONTENT_WEIGHT: [u32; 5] = [46, 25, 25, 2, 2];

/// A node waiting to be split or made a leaf, ordered by the size of its set.
struct Pending<V: Variant> {
    set: Vec<u32>,
    node: usize,
    asked: Bitboard<V>,
    depth: usize,
}

impl<V: Variant> PartialEq for Pending<V> {
    fn eq(&self, other: &Self) -> bool {
        self.set.len() == other.set.len()
    }
}

impl<V: Variant> Eq for Pending<V> {}

impl<V: Variant> PartialOrd for Pending<V> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<V: Variant> Ord for Pending<V> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.set.len().cmp(&other.set.len())
    }
}

/// Gains at which a leaf's groups are cut: a leaf lists its groups in decreasing order
/// of their largest gain and records how many reach each of these, so that a lookup
/// for at least some gain scans only the front of the leaf, and knows where to stop
/// from the node it reads anyway (measured: a binary search of a per-group gain array
/// instead cost as many cache misses as the skipped groups saved, and the search was
/// no faster). Learned gains are multiples of a man (100); 61% of the search's asks
/// want more than one man.
const GAIN_CUTS: [Score; 4] = [1, 101, 201, 301];

#[derive(Clone, Debug)]
enum Node<V: Variant> {
    /// Groups `leaves[start..start + len]`, of which the first `cuts[k]` have a
    /// template with a gain of at least `GAIN_CUTS[k]`.
    Leaf {
        start: u32,
        len: u32,
        cuts: [u32; 4],
    },
    /// Ask square `square` (a set of one); the child per content index.
    Split {
        square: Bitboard<V>,
        children: [u32; 5],
    },
}

/// Size figures of a tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeStats {
    /// Templates indexed.
    pub templates: usize,
    /// Groups of templates the tree asks about (templates with one line).
    pub groups: usize,
    /// Nodes, internal and leaves.
    pub nodes: usize,
    /// Leaves.
    pub leaves: usize,
    /// Longest path from the root to a leaf, in questions.
    pub depth: usize,
    /// Group references in all leaves (a group that does not care about a square is
    /// copied into every branch).
    pub references: usize,
    /// The most groups in one leaf.
    pub largest_leaf: usize,
}

impl TreeStats {
    /// Adds another tree's figures: counts add up, depth and largest leaf are the most.
    pub fn add(&mut self, other: &TreeStats) {
        self.templates += other.templates;
        self.groups += other.groups;
        self.nodes += other.nodes;
        self.leaves += other.leaves;
        self.references += other.references;
        self.depth = self.depth.max(other.depth);
        self.largest_leaf = self.largest_leaf.max(other.largest_leaf);
    }
}

/// The tests of a first look at a leaf: the squares that must not be empty, those that
/// must hold no white man, and those that must hold no black man. Without kings on the
/// board they are the whole test: a scan that reads a group's full key only for groups
/// that pass does not miss the cache on groups that fail.
fn quick_mask<V: Variant>(key: &[Bitboard<V>; 5]) -> [Bitboard<V>; 3] {
    [key[0], key[1], key[2]]
}

/// A decision tree over templates given by their forbidden-content masks (see
/// [`crate::Template::forbidden`]); lookups return indices into that list.
///
/// The tree indexes groups of templates (those with one line, as
/// [`DecisionTree::build_grouped`] is told): a group allows what any of its templates
/// allows. Templates of one line share the squares the line passes, which is what the
/// tree asks about; they differ on the squares around, which would copy them into many
/// branches. A leaf's groups are tested with their masks, and then their templates.
#[derive(Clone, Debug)]
pub struct DecisionTree<V: Variant> {
    nodes: Vec<Node<V>>,
    /// The groups of the leaves, each leaf's in one run; beside them the three words
    /// of their quick masks ([`quick_mask`]) in arrays of their own, which a leaf scans
    /// in order, 64 at a time, in a loop the compiler vectorises.
    leaves: Vec<u32>,
    must_be_occupied: Vec<Bitboard<V>>,
    no_white_man: Vec<Bitboard<V>>,
    no_black_man: Vec<Bitboard<V>>,
    /// Per group, the contents forbidden by all its templates.
    keys: Vec<[Bitboard<V>; 5]>,
    /// Templates of group `g`: `members[starts[g]..starts[g + 1]]`.
    members: Vec<u32>,
    starts: Vec<u32>,
    masks: Vec<[Bitboard<V>; 5]>,
    stats: TreeStats,
}

impl<V: Variant> DecisionTree<V> {
    /// Builds the tree over templates with these forbidden-content masks, each template
    /// its own group.
    pub fn build(masks: Vec<[Bitboard<V>; 5]>) -> DecisionTree<V> {
        let groups: Vec<u32> = (0..masks.len() as u32).collect();
        DecisionTree::build_grouped(masks, &groups, TreeConfig::default())
    }

    /// Builds the tree over templates with these masks, template `i` being in group
    /// `groups[i]` (missing entries: a group of its own), with the given limits.
    ///
    /// Nodes are split largest first, so that when the node budget
    /// ([`TreeConfig::nodes_per_template`]) runs out, what is left unsplit are the
    /// smallest sets.
    pub fn build_grouped(
        masks: Vec<[Bitboard<V>; 5]>,
        groups: &[u32],
        config: TreeConfig,
    ) -> DecisionTree<V> {
        let all: Vec<u32> = (0..masks.len() as u32).collect();
        DecisionTree::build_forest(masks, groups, &[], &[all], config)
    }

    /// Builds one tree per set of templates in `roots` (root `i` is asked with
    /// [`DecisionTree::lookup_contents_from`]`(i, ..)`), all in one arena, so that a
    /// lookup touches few cache lines; otherwise as [`DecisionTree::build_grouped`]. A
    /// group should lie within one root's set; templates of a group in several roots'
    /// sets are found from each. `gains[i]` is template `i`'s gain (missing entries:
    /// [`Score::MAX`]), for [`DecisionTree::lookup_gain_from`].
    pub fn build_forest(
        masks: Vec<[Bitboard<V>; 5]>,
        groups: &[u32],
        gains: &[Score],
        roots: &[Vec<u32>],
        config: TreeConfig,
    ) -> DecisionTree<V> {
        let mut by_group: BTreeMap<u64, Vec<u32>> = BTreeMap::new();
        for t in 0..masks.len() {
            let key = groups
                .get(t)
                .map_or(u64::from(u32::MAX) + 1 + t as u64, |&g| u64::from(g));
            by_group.entry(key).or_default().push(t as u32);
        }
        let mut keys = Vec::with_capacity(by_group.len());
        let mut group_gains = Vec::with_capacity(by_group.len());
        let mut members = Vec::with_capacity(masks.len());
        let mut starts = vec![0u32];
        let mut group_of = vec![0u32; masks.len()];
        for list in by_group.values() {
            for &t in list {
                group_of[t as usize] = keys.len() as u32;
            }
            let mut key = [Bitboard::ALL; 5];
            for &t in list {
                for (k, m) in key.iter_mut().zip(&masks[t as usize]) {
                    *k &= *m;
                }
            }
            keys.push(key);
            let gain = |&t: &u32| gains.get(t as usize).copied().unwrap_or(Score::MAX);
            group_gains.push(list.iter().map(gain).max().unwrap_or(Score::MAX));
            members.extend_from_slice(list);
            starts.push(members.len() as u32);
        }
        let mut tree = DecisionTree {
            nodes: vec![
                Node::Leaf {
                    start: 0,
                    len: 0,
                    cuts: [0; 4],
                };
                roots.len().max(1)
            ],
            leaves: Vec::new(),
            must_be_occupied: Vec::new(),
            no_white_man: Vec::new(),
            no_black_man: Vec::new(),
            keys,
            members,
            starts,
            masks,
            stats: TreeStats::default(),
        };
        tree.stats.templates = tree.masks.len();
        tree.stats.groups = tree.keys.len();
        let budget = (config.nodes_per_template * tree.masks.len()).max(4096);
        let mut queue = BinaryHeap::new();
        for (node, templates) in roots.iter().enumerate() {
            let mut set: Vec<u32> = templates
                .iter()
                .filter_map(|&t| group_of.get(t as usize).copied())
                .collect();
            set.sort_unstable();
            set.dedup();
            queue.push(Pending {
                set,
                node,
                asked: Bitboard::EMPTY,
                depth: 0,
            });
        }
        while let Some(Pending {
            set,
            node,
            asked,
            depth,
        }) = queue.pop()
        {
            tree.stats.depth = tree.stats.depth.max(depth);
            let split = if set.len() <= config.leaf_size
                || depth >= config.max_depth
                || tree.nodes.len() + 5 > budget
            {
                None
            } else {
                tree.best_question(&set, asked, &config)
            };
            let Some(square) = split else {
                let mut set = set;
                set.sort_by_key(|&g| std::cmp::Reverse(group_gains[g as usize]));
                tree.stats.leaves += 1;
                tree.stats.largest_leaf = tree.stats.largest_leaf.max(set.len());
                let cuts = GAIN_CUTS.map(|least| {
                    set.iter()
                        .take_while(|&&g| group_gains[g as usize] >= least)
                        .count() as u32
                });
                tree.nodes[node] = Node::Leaf {
                    start: tree.leaves.len() as u32,
                    len: set.len() as u32,
                    cuts,
                };
                for &g in &set {
                    let [occupied, no_white, no_black] = quick_mask(&tree.keys[g as usize]);
                    tree.leaves.push(g);
                    tree.must_be_occupied.push(occupied);
                    tree.no_white_man.push(no_white);
                    tree.no_black_man.push(no_black);
                }
                continue;
            };
            let mut children = [0u32; 5];
            for content in Content::ALL {
                let c = content.index();
                let branch: Vec<u32> = set
                    .iter()
                    .copied()
                    .filter(|&t| (tree.keys[t as usize][c] & square).is_empty())
                    .collect();
                children[c] = tree.nodes.len() as u32;
                tree.nodes.push(Node::Leaf {
                    start: 0,
                    len: 0,
                    cuts: [0; 4],
                });
                queue.push(Pending {
                    set: branch,
                    node: children[c] as usize,
                    asked: asked | square,
                    depth: depth + 1,
                });
            }
            tree.nodes[node] = Node::Split { square, children };
        }
        tree.stats.nodes = tree.nodes.len();
        tree.stats.references = tree.leaves.len();
        tree
    }

    /// Size figures.
    pub fn stats(&self) -> TreeStats {
        self.stats
    }

    /// The square (a set of one) whose question leaves the fewest templates per
    /// branch, weighted by content frequency; `None` if no question makes the branches
    /// smaller enough ([`TreeConfig::max_split_cost`]).
    fn best_question(
        &self,
        set: &[u32],
        asked: Bitboard<V>,
        config: &TreeConfig,
    ) -> Option<Bitboard<V>> {
        // excluded[s][c]: templates in `set` that forbid content c on the square of
        // slot s.
        let mut excluded = [[0u32; 5]; 64];
        let mut cared = Bitboard::EMPTY;
        for &t in set {
            for (c, &mask) in self.keys[t as usize].iter().enumerate() {
                let squares = mask - asked;
                cared |= squares;
                for square in squares.singles() {
                    excluded[square.slot()][c] += 1;
                }
            }
        }
        let n = set.len() as u32;
        let mut best: Option<(u32, Bitboard<V>)> = None;
        for square in cared.singles() {
            let b = square.slot();
            let copies: u32 = (0..5).map(|c| n - excluded[b][c]).sum();
            if copies * 10 > config.max_copies_tenths * n {
                continue;
            }
            let cost: u32 = (0..5)
                .map(|c| CONTENT_WEIGHT[c] * (n - excluded[b][c]))
                .sum();
            if best.map_or(true, |(least, _)| cost < least) {
                best = Some((cost, square));
            }
        }
        let weight: u32 = CONTENT_WEIGHT.iter().sum();
        best.filter(|&(cost, _)| cost * 100 <= config.max_split_cost * weight * n)
            .map(|(_, square)| square)
    }

    /// The templates matching `pos` (indices into the masks the tree was built from), in
    /// increasing order; the side to move is not asked.
    pub fn lookup(&self, pos: &Position<V>, out: &mut Vec<u32>) {
        out.clear();
        self.lookup_contents(&content_sets(pos), out);
    }

    /// As [`DecisionTree::lookup`] for a position with these contents
    /// ([`content_sets`]), appending to `out`.
    pub fn lookup_contents(&self, contents: &[Bitboard<V>; 5], out: &mut Vec<u32>) {
        self.lookup_contents_from(0, contents, out);
    }

    /// As [`DecisionTree::lookup_contents`] in the tree of root `root` of a forest
    /// ([`DecisionTree::build_forest`]); nothing for a root that does not exist.
    pub fn lookup_contents_from(&self, root: u32, contents: &[Bitboard<V>; 5], out: &mut Vec<u32>) {
        self.lookup_gain_from(root, contents, Score::MIN, out);
    }

    /// As [`DecisionTree::lookup_contents_from`], leaving out groups none of whose
    /// templates has a gain of at least `at_least` (a lookup reads only the front of
    /// the leaf it reaches); other templates of a group that has one may be returned.
    pub fn lookup_gain_from(
        &self,
        root: u32,
        contents: &[Bitboard<V>; 5],
        at_least: Score,
        out: &mut Vec<u32>,
    ) {
        let first = out.len();
        if root as usize >= self.nodes.len() {
            return;
        }
        let mut node = root as usize;
        loop {
            match self.nodes[node] {
                Node::Split { square, children } => {
                    let c = contents
                        .iter()
                        .position(|&b| !(b & square).is_empty())
                        .unwrap_or(0);
                    node = children[c] as usize;
                }
                Node::Leaf { start, len, cuts } => {
                    let fits =
                        |f: &[Bitboard<V>; 5]| (0..5).all(|c| (contents[c] & f[c]).is_empty());
                    let [empty, white, black, ..] = *contents;
                    let len = match GAIN_CUTS.iter().rposition(|&least| least <= at_least) {
                        Some(k) => cuts[k],
                        None => len,
                    } as usize;
                    let range = start as usize..start as usize + len;
                    let groups = &self.leaves[range.clone()];
                    let occupied = &self.must_be_occupied[range.clone()];
                    let no_white = &self.no_white_man[range.clone()];
                    let no_black = &self.no_black_man[range];
                    for (chunk, ((occupied, no_white), no_black)) in occupied
                        .chunks(64)
                        .zip(no_white.chunks(64))
                        .zip(no_black.chunks(64))
                        .enumerate()
                    {
                        // Bit i: group i of the chunk passes the quick test.
                        let mut pass = 0u64;
                        for (i, ((&o, &w), &b)) in
                            occupied.iter().zip(no_white).zip(no_black).enumerate()
                        {
                            let hit = (o & empty) | (w & white) | (b & black);
                            pass |= u64::from(hit.is_empty()) << i;
                        }
                        while pass != 0 {
                            let g = groups[chunk * 64 + pass.trailing_zeros() as usize];
                            pass &= pass - 1;
                            if fits(&self.keys[g as usize]) {
                                let (from, to) =
                                    (self.starts[g as usize], self.starts[g as usize + 1]);
                                let members = &self.members[from as usize..to as usize];
                                out.extend(
                                    members
                                        .iter()
                                        .copied()
                                        .filter(|&t| fits(&self.masks[t as usize])),
                                );
                            }
                        }
                    }
                    if out.len() > first + 1 {
                        out[first..].sort_unstable();
                    }
                    return;
                }
            }
        }
    }

    /// The number of groups in the leaf `pos` reaches: what a lookup tests one by one.
    pub fn leaf_len(&self, pos: &Position<V>) -> usize {
        let contents = content_sets(pos);
        let mut node = 0usize;
        loop {
            match self.nodes.get(node) {
                Some(Node::Split { square, children }) => {
                    let c = contents
                        .iter()
                        .position(|&b| !(b & *square).is_empty())
                        .unwrap_or(0);
                    node = children[c] as usize;
                }
                Some(Node::Leaf { len, .. }) => return *len as usize,
                None => return 0,
            }
        }
    }

    /// The square asked at the root, if the root asks one (for reports).
    pub fn root_question(&self) -> Option<Square> {
        match self.nodes.first()? {
            Node::Split { square, .. } => square.first(),
            Node::Leaf { .. } => None,
        }
    }
}
