//! Building a book by drop-out expansion (Lincke, 2000).
//!
//! The builder grows a tree of positions from its roots (the start position, or a set
//! of openings). Every position in the tree is scored by a search of a fixed number of
//! nodes on a cleared table, so its score depends on the position alone; scores are
//! backed up by negamax. To *expand* a position is to add all its children, each
//! scored, and the next position expanded is the leaf whose path from a root costs
//! least: `penalty` per ply, plus at each step what the move played gives up against
//! the best move there (its *drop*). Good lines grow deep, lines that lose a little
//! grow less, lines that lose much not at all. The tree is over positions: a child
//! reached by another path (a transposition) is shared, and a move back to a position
//! on the way to it counts as a draw.
//!
//! Every score found goes to a state file as it comes, so a build that is stopped and
//! started again replays its expansions from the file without searching and goes on
//! where it stopped. Children are scored on several threads, each with a searcher of
//! its own; since a score depends on the position alone, the book is the same whatever
//! the number of threads. The book keeps the expanded positions, each with its moves
//! scored within `keep` of its best.

use super::journal::Journal;
use super::Book;
use crate::engine::{EngineParts, EngineSearcher};
use draughts_core::{Game, Move, Position, Variant};
use draughts_eval::{fnv1a, Score};
use draughts_search::{parent_score, Control, Limits, DRAW};
use std::collections::{HashMap, HashSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The numbers that shape a build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildSettings {
    /// Positions to expand: the book's size.
    pub positions: usize,
    /// Nodes of the search that scores each position.
    pub nodes: u64,
    /// What a ply from the root costs a line, in the evaluation's units (a man is 100):
    /// the larger, the broader and shallower the book.
    pub penalty: Score,
    /// Breaks ties between lines of equal cost: another seed, another book of the same
    /// quality.
    pub seed: u64,
    /// Threads scoring positions.
    pub threads: usize,
    /// The book keeps the moves scored within this much of the best (the others are
    /// searched, but left out of the file).
    pub keep: Score,
}

impl Default for BuildSettings {
    fn default() -> BuildSettings {
        BuildSettings {
            positions: 1000,
            nodes: 20_000,
            penalty: 3,
            seed: 1,
            threads: 1,
            keep: 50,
        }
    }
}

/// How a build is getting on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Positions expanded so far, those replayed from the state file included.
    pub positions: usize,
    /// Positions to expand in all.
    pub target: usize,
    /// Searches this run has made.
    pub searches: u64,
    /// Time since this run started.
    pub elapsed: Duration,
    /// Positions expanded per second since this run's first search (0 before it).
    pub rate: f64,
    /// The time left at that rate, once there is one.
    pub eta: Option<Duration>,
}

/// Why a build stopped.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The settings cannot make a book.
    #[error("{0}")]
    Settings(&'static str),
    /// The state file cannot be read or written.
    #[error("book state {}: {source}", path.display())]
    State {
        /// The state file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The state file is that of a build with other settings.
    #[error(
        "{} is the state of another build (variant, nodes, penalty, seed or roots differ): \
         give the same ones, or another output file",
        .0.display()
    )]
    Mismatch(PathBuf),
    /// The engine scores the first root otherwise than when the state was written.
    #[error(
        "the engine scores the start {now} where the state {} has {then}: another evaluation \
         or engine version began this book; build it again in another file",
        path.display()
    )]
    EngineChanged {
        /// The state file.
        path: PathBuf,
        /// The score in the state file.
        then: Score,
        /// The score now.
        now: Score,
    },
}

/// Costs of lines, and the cost of a line that cannot grow.
type Cost = i64;
const UNREACHABLE: Cost = Cost::MAX / 4;

/// Where a move of an expanded position leads.
#[derive(Clone, Copy, Debug)]
enum Target {
    /// A position of the tree.
    Node(u32),
    /// A position on the way to it: a repetition, scored as a draw.
    Repetition,
}

#[derive(Clone, Debug)]
struct Edge<V: Variant> {
    mv: Move<V>,
    target: Target,
}

#[derive(Clone, Debug)]
struct Node<V: Variant> {
    position: Position<V>,
    /// The ply at which the build first reached it.
    ply: usize,
    /// Its value for its side to move: the search's score until it is expanded, then
    /// the best of its moves' scores.
    value: Score,
    /// The least cost of a line from here to a leaf that can be expanded.
    cost: Cost,
    /// Its moves, once expanded.
    edges: Vec<Edge<V>>,
    /// The positions with a move to it.
    parents: Vec<u32>,
    expanded: bool,
}

/// The tree of positions a build grows.
struct Tree<V: Variant> {
    nodes: Vec<Node<V>>,
    by_hash: HashMap<u64, u32>,
    roots: Vec<u32>,
    penalty: Cost,
    seed: u64,
    expanded: usize,
}

impl<V: Variant> Tree<V> {
    /// The tie-breaking key of a node: a mix of its hash and the seed.
    fn tie(&self, at: u32) -> u64 {
        let mixed = (self.nodes[at as usize].position.hash() ^ self.seed)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        mixed ^ (mixed >> 29)
    }

    /// Adds a leaf for `position` scored `score`, reached at `ply`.
    fn add(&mut self, position: Position<V>, ply: usize, score: Score) -> u32 {
        let at = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
        let cost = if position.legal_moves().is_empty() {
            UNREACHABLE
        } else {
            0
        };
        self.nodes.push(Node {
            position,
            ply,
            value: score,
            cost,
            edges: Vec::new(),
            parents: Vec::new(),
            expanded: false,
        });
        self.by_hash.insert(position.hash(), at);
        at
    }

    /// The score of `edge` for the side that plays it.
    fn edge_score(&self, edge: &Edge<V>) -> Score {
        match edge.target {
            Target::Node(child) => parent_score(self.nodes[child as usize].value),
            Target::Repetition => DRAW,
        }
    }

    /// The cost of a line through `edge` of a position whose value is `value`, from
    /// there on; `None` for a repetition.
    fn through(&self, value: Score, edge: &Edge<V>) -> Option<Cost> {
        let Target::Node(child) = edge.target else {
            return None;
        };
        let drop = Cost::from(value) - Cost::from(self.edge_score(edge));
        Some((self.penalty + drop + self.nodes[child as usize].cost).min(UNREACHABLE))
    }

    /// The leaf to expand next: the one whose line from a root costs least (ties to
    /// the lower key), `None` when no line can grow.
    fn select(&self) -> Option<u32> {
        let mut at = *self
            .roots
            .iter()
            .filter(|&&r| self.nodes[r as usize].cost < UNREACHABLE)
            .min_by_key(|&&r| (self.nodes[r as usize].cost, self.tie(r)))?;
        loop {
            let node = &self.nodes[at as usize];
            if !node.expanded {
                return Some(at);
            }
            at = node
                .edges
                .iter()
                .filter_map(|edge| match edge.target {
                    Target::Node(child) => Some((child, self.through(node.value, edge)?)),
                    Target::Repetition => None,
                })
                .min_by_key(|&(child, cost)| (cost, self.tie(child)))?
                .0;
        }
    }

    /// `of` and every position on a line from a root to it.
    fn ancestors(&self, of: u32) -> HashSet<u32> {
        let mut seen = HashSet::from([of]);
        let mut queue = VecDeque::from([of]);
        while let Some(at) = queue.pop_front() {
            for &parent in &self.nodes[at as usize].parents {
                if seen.insert(parent) {
                    queue.push_back(parent);
                }
            }
        }
        seen
    }

    /// Recomputes the value and cost of expanded `at` from its moves; whether they
    /// changed.
    fn recompute(&mut self, at: u32) -> bool {
        let node = &self.nodes[at as usize];
        if !node.expanded {
            return false;
        }
        let value = node
            .edges
            .iter()
            .map(|edge| self.edge_score(edge))
            .max()
            .unwrap_or(node.value);
        let cost = node
            .edges
            .iter()
            .filter_map(|edge| self.through(value, edge))
            .min()
            .unwrap_or(UNREACHABLE);
        let node = &mut self.nodes[at as usize];
        let changed = (node.value, node.cost) != (value, cost);
        (node.value, node.cost) = (value, cost);
        changed
    }

    /// Backs up the change at `from` to every position above it.
    fn propagate(&mut self, from: u32) {
        self.recompute(from);
        let mut queue: VecDeque<u32> = self.nodes[from as usize].parents.clone().into();
        while let Some(at) = queue.pop_front() {
            if self.recompute(at) {
                queue.extend(self.nodes[at as usize].parents.iter().copied());
            }
        }
    }

    /// Expands `at`: its children, those new to the tree scored by `scorer`.
    fn expand(&mut self, at: u32, scorer: &mut Scorer<'_, V>) -> Result<(), BuildError> {
        let node = &self.nodes[at as usize];
        let (position, ply) = (node.position, node.ply);
        let moves = position.legal_moves();
        let children: Vec<Position<V>> = moves.iter().map(|m| position.play_unchecked(m)).collect();
        let new: Vec<Position<V>> = children
            .iter()
            .filter(|child| !self.by_hash.contains_key(&child.hash()))
            .copied()
            .collect();
        let scores = scorer.scores(&new)?;
        for (child, score) in new.into_iter().zip(scores) {
            // Two moves never lead to one position, but a hash seen twice is one node.
            if !self.by_hash.contains_key(&child.hash()) {
                self.add(child, ply + 1, score);
            }
        }
        let above = self.ancestors(at);
        let mut edges = Vec::with_capacity(moves.len());
        for (mv, child) in moves.iter().zip(&children) {
            let child = self.by_hash[&child.hash()];
            let target = if above.contains(&child) {
                Target::Repetition
            } else {
                let parents = &mut self.nodes[child as usize].parents;
                if !parents.contains(&at) {
                    parents.push(at);
                }
                Target::Node(child)
            };
            edges.push(Edge { mv: *mv, target });
        }
        let node = &mut self.nodes[at as usize];
        node.edges = edges;
        node.expanded = true;
        self.expanded += 1;
        self.propagate(at);
        Ok(())
    }

    /// The book of the expanded positions, each with its moves scored within `keep` of
    /// its best.
    fn book(&self, keep: Score) -> Book<V> {
        let expanded = self.nodes.iter().filter(|node| node.expanded);
        Book::from_positions(expanded.map(|node| {
            let scored: Vec<(Move<V>, Score)> = node
                .edges
                .iter()
                .map(|edge| (edge.mv, self.edge_score(edge)))
                .collect();
            let best = scored.iter().map(|(_, s)| *s).max().unwrap_or(DRAW);
            let kept = scored
                .into_iter()
                .filter(|(_, score)| *score >= best.saturating_sub(keep.max(0)))
                .collect();
            (&node.position, node.ply, kept)
        }))
    }
}

/// Scores positions: from the state file where it has them, else by searches on the
/// builder's threads, each new score written to the state file.
struct Scorer<'a, V: Variant> {
    searchers: &'a [EngineSearcher<V>],
    nodes: u64,
    known: HashMap<u64, Score>,
    journal: Journal,
    searches: u64,
}

impl<V: Variant> Scorer<'_, V> {
    /// The score of `position` by a search of `nodes` nodes on a cleared table.
    fn search(searcher: &EngineSearcher<V>, position: &Position<V>, nodes: u64) -> Score {
        searcher.clear();
        let game = Game::from_position(*position);
        let limits = Limits::nodes(nodes);
        searcher
            .search(&game, limits, &Control::default(), &mut |_| {})
            .score
    }

    /// The scores of `positions`, in order.
    fn scores(&mut self, positions: &[Position<V>]) -> Result<Vec<Score>, BuildError> {
        let missing: Vec<Position<V>> = positions
            .iter()
            .filter(|p| !self.known.contains_key(&p.hash()))
            .copied()
            .collect();
        let found = self.search_all(&missing);
        self.searches += missing.len() as u64;
        let records: Vec<(u64, Score)> = missing.iter().map(|p| p.hash()).zip(found).collect();
        self.journal.append(&records)?;
        self.known.extend(records);
        Ok(positions.iter().map(|p| self.known[&p.hash()]).collect())
    }

    /// Searches `positions` on the threads, each taking the next one left.
    fn search_all(&self, positions: &[Position<V>]) -> Vec<Score> {
        let threads = self.searchers.len().min(positions.len());
        if threads <= 1 {
            let searcher = &self.searchers[0];
            return positions
                .iter()
                .map(|p| Self::search(searcher, p, self.nodes))
                .collect();
        }
        let next = AtomicUsize::new(0);
        let found = Mutex::new(vec![DRAW; positions.len()]);
        std::thread::scope(|scope| {
            for searcher in &self.searchers[..threads] {
                let (next, found) = (&next, &found);
                scope.spawn(move || loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(position) = positions.get(i) else {
                        break;
                    };
                    let score = Self::search(searcher, position, self.nodes);
                    found.lock().unwrap_or_else(|e| e.into_inner())[i] = score;
                });
            }
        });
        found.into_inner().unwrap_or_else(|e| e.into_inner())
    }
}

/// The table size of a search of `nodes` nodes: about an entry per node.
fn hash_mib(nodes: u64) -> usize {
    usize::try_from(nodes >> 15).unwrap_or(64).clamp(1, 64)
}

/// Builds a book of variant `V` from `roots` by drop-out expansion (see the
/// [module](self)), searching with `parts`, resuming from the state file `state` if
/// it exists (and writing it as it goes); `progress` hears each expansion.
///
/// # Errors
/// [`BuildError::Settings`] without roots, positions, nodes or threads;
/// [`BuildError::State`] if the state file cannot be read or written;
/// [`BuildError::Mismatch`] if it is the state of a build with other settings or
/// roots; [`BuildError::EngineChanged`] if the engine no longer scores the first root
/// as the state says.
pub fn build<V: Variant>(
    roots: &[Position<V>],
    parts: &EngineParts<V>,
    settings: &BuildSettings,
    state: &Path,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Book<V>, BuildError> {
    if roots.is_empty() {
        return Err(BuildError::Settings(
            "a book needs a position to start from",
        ));
    }
    if settings.positions == 0 || settings.nodes == 0 || settings.threads == 0 {
        return Err(BuildError::Settings(
            "positions, nodes and threads must be at least 1",
        ));
    }
    let started = Instant::now();
    let hashes: Vec<u8> = roots.iter().flat_map(|r| r.hash().to_le_bytes()).collect();
    let (journal, known) = Journal::open(state, V::NAME, settings, fnv1a(&hashes))?;
    let searchers: Vec<EngineSearcher<V>> = (0..settings.threads)
        .map(|_| parts.searcher(hash_mib(settings.nodes), 1))
        .collect();
    let first = roots[0];
    if let Some(&then) = known.get(&first.hash()) {
        let now = Scorer::search(&searchers[0], &first, settings.nodes);
        if now != then {
            return Err(BuildError::EngineChanged {
                path: state.to_path_buf(),
                then,
                now,
            });
        }
    }
    let mut scorer = Scorer {
        searchers: &searchers,
        nodes: settings.nodes,
        known,
        journal,
        searches: 0,
    };
    let mut tree = Tree {
        nodes: Vec::new(),
        by_hash: HashMap::new(),
        roots: Vec::new(),
        penalty: Cost::from(settings.penalty),
        seed: settings.seed,
        expanded: 0,
    };
    let scores = scorer.scores(roots)?;
    for (root, score) in roots.iter().zip(scores) {
        let at = match tree.by_hash.get(&root.hash()) {
            Some(&at) => at,
            None => tree.add(*root, 0, score),
        };
        if !tree.roots.contains(&at) {
            tree.roots.push(at);
        }
    }
    // This run's own pace: from its first search on.
    let mut pace: Option<(usize, Instant)> = None;
    while tree.expanded < settings.positions {
        let Some(at) = tree.select() else {
            break;
        };
        let searches = scorer.searches;
        tree.expand(at, &mut scorer)?;
        if pace.is_none() && scorer.searches > searches {
            pace = Some((tree.expanded - 1, Instant::now()));
        }
        let rate = pace.map_or(0.0, |(from, since)| {
            (tree.expanded - from) as f64 / since.elapsed().as_secs_f64().max(1e-3)
        });
        let left = settings.positions - tree.expanded;
        progress(&Progress {
            positions: tree.expanded,
            target: settings.positions,
            searches: scorer.searches,
            elapsed: started.elapsed(),
            rate,
            eta: (rate > 0.0).then(|| Duration::from_secs_f64(left as f64 / rate)),
        });
    }
    Ok(tree.book(settings.keep))
}
