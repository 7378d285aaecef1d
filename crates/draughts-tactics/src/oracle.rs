//! The search's tactical oracle: look the leaf up in the tree, verify each candidate
//! by replaying its line, keep accept and reject counts, and drop templates that keep
//! failing.

use crate::index::TemplateIndex;
use crate::line::{LineMove, LineMoves, Outcome};
use crate::material::PieceValues;
use crate::set::{Entry, SetKind, TemplateSet};
use crate::template::Template;
use crate::threat::passed;
use crate::tree::TreeStats;
use draughts_core::{Color, Move, Position, Variant};
use draughts_eval::Score;
use draughts_search::{Combination, TacticalOracle, Threat};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

/// When a template is dropped: after `min_tries` verifications, if more than
/// `max_reject_share` of them rejected it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DropPolicy {
    /// Verifications before a template may be dropped.
    pub min_tries: u64,
    /// The share of rejections (0 to 1) above which it is dropped.
    pub max_reject_share: f64,
}

impl Default for DropPolicy {
    fn default() -> DropPolicy {
        DropPolicy {
            min_tries: 200,
            max_reject_share: 0.95,
        }
    }
}

/// Which templates of a set the oracle asks.
///
/// A few hundred templates make nearly all the combinations a search verifies, and
/// every template asked costs each lookup its scan (BENCHMARKS.md, "The most verified
/// templates"): the search asks the ones that have proven themselves, as the set's
/// counts (`draughts tactics rank`) record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AskedTemplates {
    /// The most verified templates, those that make [`ASKED_COVERAGE`] of the
    /// verifications the set's counts record; all of them if none is recorded.
    #[default]
    MostVerified,
    /// All of them, so that every template can earn its counts.
    All,
}

/// The share of the recorded verifications that the templates asked by
/// [`AskedTemplates::MostVerified`] make together.
pub const ASKED_COVERAGE: f64 = 0.99;

/// The fewest templates of `set` (numbers, increasing) that make [`ASKED_COVERAGE`]
/// of its recorded verifications, the most verified first; `None` if nothing is
/// recorded or it takes them all.
///
/// A share, not a count: how many templates a run verifies at least once grows with
/// the run (3,983 in one of 11,000 positions, 6,481 in one of 22,000 searched deeper),
/// the number that makes 99% of the verifications much less (2,585 and 3,240).
fn most_verified<V: Variant>(set: &TemplateSet<V>) -> Option<Vec<u32>> {
    let mut ranked: Vec<(u64, u32)> = set
        .iter()
        .enumerate()
        .filter(|(_, e)| e.accepted > 0)
        .map(|(i, e)| (e.accepted, i as u32))
        .collect();
    ranked.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let total: u64 = ranked.iter().map(|&(n, _)| n).sum();
    let mut sum = 0u64;
    let mut chosen: Vec<u32> = ranked
        .iter()
        .take_while(|&&(n, _)| {
            let before = sum;
            sum += n;
            (before as f64) < ASKED_COVERAGE * total as f64
        })
        .map(|&(_, i)| i)
        .collect();
    chosen.sort_unstable();
    (!chosen.is_empty() && chosen.len() < set.len()).then_some(chosen)
}

/// Counts of one template, shared by the search threads (relaxed atomics: the counts
/// are statistics, read when the search is over).
#[derive(Debug, Default)]
struct Counters {
    accepted: AtomicU64,
    rejected: AtomicU64,
    dropped: AtomicBool,
}

/// Leaf figures of a search with templates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeafStats {
    /// Positions asked about: quiet leaves, and quiet interior nodes of the search.
    pub lookups: u64,
    /// Leaves where the index returned at least one candidate (verification was tried).
    pub tried: u64,
    /// Leaves where a candidate was verified: a combination went back to the search.
    pub accepted: u64,
    /// Candidates verified, accepted or not.
    pub verifications: u64,
}

/// A [`TacticalOracle`] over a set of templates: [`TacticalOracle::combination`] looks
/// the position up in the decision tree for the side to move and returns the first
/// candidate whose line [`Template::verify`] proves.
#[derive(Debug)]
pub struct TemplateOracle<V: Variant> {
    /// Per side to move, the templates in that side's form (same order in both).
    templates: [Vec<Template<V>>; 2],
    /// Per side to move, each threat's counters in that side's form.
    threat_counters: [Vec<Vec<LineMove<V>>>; 2],
    kind: SetKind,
    /// The index of White's templates asked; Black's are looked up on the flipped
    /// position.
    index: TemplateIndex<V>,
    /// Per template of `index`, its number in the set, if not all are asked.
    asked: Option<Vec<u32>>,
    /// The largest gain of the templates asked.
    max_gain: Score,
    counters: Vec<Counters>,
    values: PieceValues,
    policy: DropPolicy,
    lookups: AtomicU64,
    tried: AtomicU64,
    accepted: AtomicU64,
    verifications: AtomicU64,
}

/// A search thread's working space for lookups.
#[derive(Default)]
struct Buffers {
    candidates: Vec<u32>,
}

thread_local! {
    static BUFFERS: RefCell<Buffers> = RefCell::new(Buffers::default());
}

impl<V: Variant> TemplateOracle<V> {
    /// An oracle over `set`, counting gains with `values`, asking the most verified
    /// templates ([`AskedTemplates::MostVerified`]); counts already in the set count
    /// towards dropping.
    pub fn new(set: &TemplateSet<V>, values: PieceValues, policy: DropPolicy) -> TemplateOracle<V> {
        TemplateOracle::asking(set, values, policy, AskedTemplates::MostVerified)
    }

    /// As [`TemplateOracle::new`], asking the templates `asked` chooses.
    pub fn asking(
        set: &TemplateSet<V>,
        values: PieceValues,
        policy: DropPolicy,
        asked: AskedTemplates,
    ) -> TemplateOracle<V> {
        let white: Vec<Template<V>> = set.iter().map(|e| e.template.clone()).collect();
        let asked = match asked {
            AskedTemplates::MostVerified => most_verified(set),
            AskedTemplates::All => None,
        };
        let index = match &asked {
            Some(numbers) => {
                let subset: Vec<Template<V>> =
                    numbers.iter().map(|&i| white[i as usize].clone()).collect();
                TemplateIndex::build(&subset)
            }
            None => TemplateIndex::build(&white),
        };
        let black: Vec<Template<V>> = white.iter().map(Template::mirrored).collect();
        let white_counters: Vec<Vec<LineMove<V>>> =
            set.iter().map(|e| e.counters.clone()).collect();
        let black_counters = set
            .iter()
            .map(|e| e.counters.iter().map(LineMove::mirrored).collect())
            .collect();
        let counters = set
            .iter()
            .map(|e| Counters {
                accepted: AtomicU64::new(e.accepted),
                rejected: AtomicU64::new(e.rejected),
                dropped: AtomicBool::new(false),
            })
            .collect();
        let max_gain = match &asked {
            Some(numbers) => numbers.iter().map(|&i| white[i as usize].gain()).max(),
            None => white.iter().map(Template::gain).max(),
        }
        .unwrap_or(0);
        let oracle = TemplateOracle {
            templates: [white, black],
            threat_counters: [white_counters, black_counters],
            kind: set.kind(),
            index,
            asked,
            max_gain,
            counters,
            values,
            policy,
            lookups: AtomicU64::new(0),
            tried: AtomicU64::new(0),
            accepted: AtomicU64::new(0),
            verifications: AtomicU64::new(0),
        };
        for counters in &oracle.counters {
            oracle.review(counters);
        }
        oracle
    }

    /// Number of templates (dropped ones included).
    pub fn len(&self) -> usize {
        self.counters.len()
    }

    /// Whether there is no template.
    pub fn is_empty(&self) -> bool {
        self.counters.is_empty()
    }

    /// Size figures of the index for White to move, summed over its trees (Black's
    /// is its mirror image).
    pub fn tree_stats(&self) -> TreeStats {
        self.index.stats()
    }

    /// Number of distinct first moves of the templates.
    pub fn first_moves(&self) -> usize {
        self.index.first_moves()
    }

    /// Number of buckets of the index: distinct first moves and starts of the second
    /// move (for one side).
    pub fn buckets(&self) -> usize {
        self.index.buckets()
    }

    /// Number of templates asked (see [`AskedTemplates`]).
    pub fn asked(&self) -> usize {
        self.asked.as_ref().map_or(self.len(), Vec::len)
    }

    /// The templates (as indices, increasing) that match the quiet position `pos`
    /// with its side to move attacking, whose first move is a sacrifice there and
    /// whose second (if any) starts with a piece that can then capture, of those
    /// asked ([`AskedTemplates`]), dropped ones included.
    pub fn candidates(&self, pos: &Position<V>, out: &mut Vec<u32>) {
        self.lookup(pos, Score::MIN, out);
        for candidate in out.iter_mut() {
            *candidate = self.number(*candidate) as u32;
        }
    }

    /// The template with index `index`, in the form for `side` attacking.
    pub fn template(&self, index: usize, side: Color) -> Option<&Template<V>> {
        self.templates[side.index()].get(index)
    }

    /// The counters of threat template `index` in the form for `side` attacking
    /// (empty for a combination).
    pub fn counters(&self, index: usize, side: Color) -> &[LineMove<V>] {
        self.threat_counters[side.index()]
            .get(index)
            .map_or(&[], Vec::as_slice)
    }

    /// Replays template `index` on `pos` ([`Template::verify`]), counting the accept
    /// or the reject towards its record (and dropping it if it keeps failing).
    pub fn verify(&self, index: usize, pos: &Position<V>) -> Option<Outcome<V>> {
        let template = self.templates[pos.turn().index()].get(index)?;
        let counters = &self.counters[index];
        let outcome = template.verify(pos, &self.values);
        let count = match outcome {
            Some(_) => &counters.accepted,
            None => &counters.rejected,
        };
        count.fetch_add(1, Relaxed);
        self.review(counters);
        outcome
    }

    /// Leaf figures so far.
    pub fn leaf_stats(&self) -> LeafStats {
        LeafStats {
            lookups: self.lookups.load(Relaxed),
            tried: self.tried.load(Relaxed),
            accepted: self.accepted.load(Relaxed),
            verifications: self.verifications.load(Relaxed),
        }
    }

    /// Sets the leaf figures back to zero (the per-template counts stay).
    pub fn reset_leaf_stats(&self) {
        for counter in [
            &self.lookups,
            &self.tried,
            &self.accepted,
            &self.verifications,
        ] {
            counter.store(0, Relaxed);
        }
    }

    /// Number of templates dropped for failing too often.
    pub fn dropped(&self) -> usize {
        self.counters
            .iter()
            .filter(|c| c.dropped.load(Relaxed))
            .count()
    }

    /// The templates with their counts as they stand (dropped ones left out), to save.
    pub fn to_set(&self) -> TemplateSet<V> {
        let mut set = TemplateSet::of_kind(self.kind);
        let threats = &self.threat_counters[0];
        for ((template, counters), threat) in
            self.templates[0].iter().zip(&self.counters).zip(threats)
        {
            if !counters.dropped.load(Relaxed) {
                set.insert_entry(Entry {
                    template: template.clone(),
                    accepted: counters.accepted.load(Relaxed),
                    rejected: counters.rejected.load(Relaxed),
                    counters: threat.clone(),
                });
            }
        }
        set
    }

    fn review(&self, counters: &Counters) {
        let accepted = counters.accepted.load(Relaxed);
        let rejected = counters.rejected.load(Relaxed);
        let tries = accepted + rejected;
        if tries >= self.policy.min_tries
            && rejected as f64 > self.policy.max_reject_share * tries as f64
        {
            counters.dropped.store(true, Relaxed);
        }
    }
}

impl<V: Variant> TemplateOracle<V> {
    /// The number in the set of the index's template `candidate`.
    fn number(&self, candidate: u32) -> usize {
        match &self.asked {
            Some(numbers) => numbers[candidate as usize] as usize,
            None => candidate as usize,
        }
    }

    /// The index's lookup for the side to move of `pos` (Black's templates are the
    /// mirror images of White's, in the same order): numbers in the index.
    fn lookup(&self, pos: &Position<V>, at_least: Score, out: &mut Vec<u32>) {
        match pos.turn() {
            Color::White => self.index.lookup(pos, at_least, out),
            Color::Black => self.index.lookup_flipped(pos, at_least, out),
        }
    }

    /// Looks `pos` up and verifies the candidates learned with a gain of at least
    /// `at_least` and a line of more than `longer_than` plies: the first line that wins
    /// there by at least that much. A line is replayed once: the other templates of a
    /// line that failed fail with it.
    fn find(
        &self,
        pos: &Position<V>,
        at_least: Score,
        longer_than: usize,
        buffers: &mut Buffers,
    ) -> Option<Found<V>> {
        let side = pos.turn().index();
        let candidates = &mut buffers.candidates;
        self.lookup(pos, at_least, candidates);
        let mut moves = LineMoves::new();
        let mut tried = false;
        let mut failed_group = None;
        for &candidate in candidates.iter() {
            let number = self.number(candidate);
            let template = &self.templates[side][number];
            let counters = &self.counters[number];
            if counters.dropped.load(Relaxed)
                || template.gain() < at_least
                || template.line().len() <= longer_than
            {
                continue;
            }
            tried = true;
            let group = self.index.group_of(candidate);
            let gain = if group.is_some() && failed_group == group {
                None
            } else {
                self.verifications.fetch_add(1, Relaxed);
                template.verify_into(pos, &self.values, &mut moves)
            };
            let Some(gain) = gain else {
                failed_group = group;
                counters.rejected.fetch_add(1, Relaxed);
                self.review(counters);
                continue;
            };
            counters.accepted.fetch_add(1, Relaxed);
            if gain >= at_least {
                self.accepted.fetch_add(1, Relaxed);
                self.tried.fetch_add(1, Relaxed);
                return Some(Found {
                    moves,
                    gain,
                    number: number as u32,
                });
            }
        }
        if tried {
            self.tried.fetch_add(1, Relaxed);
        }
        None
    }
}

/// A line [`TemplateOracle::find`] verified: its moves, its gain and its template's
/// number in the set.
struct Found<V: Variant> {
    moves: LineMoves<V>,
    gain: Score,
    number: u32,
}

impl<V: Variant> TemplateOracle<V> {
    /// [`TemplateOracle::find`] with the thread's buffers, counted as a lookup.
    fn ask(&self, pos: &Position<V>, at_least: Score, longer_than: usize) -> Option<Found<V>> {
        self.lookups.fetch_add(1, Relaxed);
        BUFFERS.with(|cell| self.find(pos, at_least, longer_than, &mut cell.borrow_mut()))
    }
}

impl<V: Variant> TacticalOracle<V> for TemplateOracle<V> {
    fn max_gain(&self) -> Score {
        self.max_gain
    }

    fn combination(&self, pos: &Position<V>, at_least: Score) -> Option<Combination<V>> {
        self.combination_longer(pos, at_least, 0)
    }

    /// As [`TacticalOracle::combination`] without building the line (the moves stay on
    /// the stack).
    fn gain(&self, pos: &Position<V>, at_least: Score) -> Option<Score> {
        self.ask(pos, at_least, 0).map(|found| found.gain)
    }

    /// Templates whose line is `plies` long or shorter are not verified.
    fn combination_longer(
        &self,
        pos: &Position<V>,
        at_least: Score,
        plies: usize,
    ) -> Option<Combination<V>> {
        self.ask(pos, at_least, plies).map(|found| Combination {
            line: found.moves.to_vec(),
            gain: found.gain,
        })
    }

    /// The templates looked up in `pos` with its side to move passed (see [`passed`]):
    /// an oracle over a threat set.
    fn threat(&self, pos: &Position<V>, at_least: Score) -> Option<Threat> {
        self.ask(&passed(pos), at_least, 0).map(|found| Threat {
            id: found.number,
            gain: found.gain,
        })
    }

    fn is_counter(&self, threat: Threat, pos: &Position<V>, reply: &Move<V>) -> bool {
        self.counters(threat.id as usize, !pos.turn())
            .iter()
            .any(|counter| counter.is(reply))
    }

    /// The threat's template replayed in `after` (its line's side to move there),
    /// not counted towards its record: a countered threat is no failed template.
    fn threat_gain(&self, threat: Threat, after: &Position<V>) -> Option<Score> {
        self.template(threat.id as usize, after.turn())?
            .verify_into(after, &self.values, &mut LineMoves::new())
    }
}
