//! Pitrat's loop: explain the moves of games with the patterns known, learn from the
//! moves left unexplained, and go round again.
//!
//! A move is explained when it is part of a known combination (a combination template
//! verifies where it is played, with this move first, and the game follows the line),
//! when it creates a known threat (after it, a threat template verifies for its side
//! with the opponent passed, and did not before it), or when it counters a known threat
//! (a threat template verifies against its side before it, the move is among the
//! template's counters, and the line no longer wins after it).
//!
//! A pass explains every move with the patterns of the passes before it, then learns
//! from each move it could not explain: the combination the finder proves where it is
//! played, the threat it creates, and the threat it counters, each with the replies
//! that counter it. Held-out games are explained, never learned from.
//!
//! The finder knows the combinations of the passes before ([`KnownLines`]): a line may
//! end where a known one begins, so each pass can prove combinations and threats one
//! known line longer than the last, and a move left unexplained is learned from again.

use crate::finder::{Finder, KnownLines};
use crate::line::{replay, LineMove, Outcome};
use crate::material::PieceValues;
use crate::oracle::{AskedTemplates, DropPolicy, TemplateOracle};
use crate::set::{SetKind, TemplateSet};
use crate::template::Template;
use crate::threat::{passed, Threat};
use draughts_core::pdn::MainLine;
use draughts_core::{Move, Position, Variant};

/// Why a move is explained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Part of a known combination.
    Combination,
    /// Creates a known threat.
    Threat,
    /// Counters a known threat.
    Counter,
}

/// Moves counted, and how many were explained, by reason (a move with several reasons
/// counts under the first: combination, threat, counter).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Explained {
    /// Moves asked about.
    pub moves: u64,
    /// Of those, parts of a known combination.
    pub combination: u64,
    /// Moves creating a known threat.
    pub threat: u64,
    /// Moves countering a known threat.
    pub counter: u64,
}

impl Explained {
    /// Moves explained for any reason.
    pub fn explained(&self) -> u64 {
        self.combination + self.threat + self.counter
    }

    /// The share of moves explained, 0 to 1.
    pub fn share(&self) -> f64 {
        self.explained() as f64 / self.moves.max(1) as f64
    }

    fn count(&mut self, reason: Option<Reason>) {
        self.moves += 1;
        match reason {
            Some(Reason::Combination) => self.combination += 1,
            Some(Reason::Threat) => self.threat += 1,
            Some(Reason::Counter) => self.counter += 1,
            None => {}
        }
    }
}

/// Where a pass stands, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassProgress {
    /// The pass, from 1.
    pub pass: u32,
    /// Whether the games are the held-out ones.
    pub held_out: bool,
    /// Games done.
    pub game: usize,
    /// Games of this kind in the pass.
    pub games: usize,
    /// The moves so far.
    pub explained: Explained,
    /// Combination templates known.
    pub combinations: usize,
    /// Threat templates known.
    pub threats: usize,
}

/// What one pass did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassReport {
    /// The pass, from 1.
    pub pass: u32,
    /// The training games' moves, explained with the patterns known when the pass
    /// began.
    pub training: Explained,
    /// The held-out games' moves, explained with the same patterns.
    pub held_out: Explained,
    /// Combination templates after the pass.
    pub combinations: usize,
    /// Threat templates after the pass.
    pub threats: usize,
    /// Unexplained training moves learned from in this pass (all of them: with the
    /// patterns known, the finder may prove more than in the pass before).
    pub learned_from: u64,
    /// Of those, moves that create a threat the finder proves.
    pub threats_created: u64,
    /// Of those threats, the ones the reply played counters.
    pub countered_by_reply: u64,
}

/// The patterns a pass explains with: both sets' oracles, every template asked, none
/// dropped.
struct Patterns<V: Variant> {
    combinations: TemplateOracle<V>,
    threats: TemplateOracle<V>,
    candidates: Vec<u32>,
    values: PieceValues,
}

impl<V: Variant> Patterns<V> {
    fn new(combinations: &TemplateSet<V>, threats: &TemplateSet<V>, finder: &Finder) -> Self {
        let keep = DropPolicy {
            min_tries: u64::MAX,
            max_reject_share: 1.0,
        };
        let oracle = |set| TemplateOracle::asking(set, *finder.values(), keep, AskedTemplates::All);
        Patterns {
            combinations: oracle(combinations),
            threats: oracle(threats),
            candidates: Vec::new(),
            values: *finder.values(),
        }
    }

    /// The number of moves from `at` on that a known combination explains: its line
    /// verifies at `positions[at]` and the game plays its first moves.
    fn combination(&mut self, positions: &[Position<V>], moves: &[Move<V>], at: usize) -> usize {
        let pos = &positions[at];
        if !pos.is_quiet() {
            return 0;
        }
        self.combinations.candidates(pos, &mut self.candidates);
        let mut longest = 0;
        for &index in &self.candidates {
            let Some(outcome) = self.combinations.verify(index as usize, pos) else {
                continue;
            };
            let followed = outcome
                .line
                .iter()
                .zip(&moves[at..])
                .take_while(|(a, b)| a == b)
                .count();
            longest = longest.max(followed);
        }
        longest
    }

    /// The known threats against the side to move of `pos` that verify: template
    /// numbers.
    fn threats(&mut self, pos: &Position<V>) -> Vec<usize> {
        if !pos.is_quiet() {
            return Vec::new();
        }
        let passed = passed(pos);
        self.threats.candidates(&passed, &mut self.candidates);
        let threats = &self.threats;
        self.candidates
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| threats.verify(i, &passed).is_some())
            .collect()
    }

    /// Threat template `index` in its form for the side to move of `pos` attacking.
    fn threat(&self, index: usize, pos: &Position<V>) -> Option<&Template<V>> {
        self.threats.template(index, pos.turn())
    }

    /// Why move `at` (from `positions[at]` to `positions[at + 1]`) is explained, other
    /// than by a combination.
    fn explain_quiet(
        &mut self,
        positions: &[Position<V>],
        moves: &[Move<V>],
        at: usize,
    ) -> Option<Reason> {
        let (before, after) = (&positions[at], &positions[at + 1]);
        let values = self.values;
        // Creates: a threat against the opponent after it, whose line did not win
        // before it.
        for index in self.threats(after) {
            let fresh = self
                .threat(index, before)
                .is_some_and(|t| t.verify(before, &values).is_none());
            if fresh {
                return Some(Reason::Threat);
            }
        }
        // Counters: a threat against the mover before it, answered by a known counter
        // after which the line no longer wins.
        let side = !before.turn();
        for index in self.threats(before) {
            let known = self
                .threats
                .counters(index, side)
                .iter()
                .any(|c| c.is(&moves[at]));
            let gone = self
                .threat(index, after)
                .is_some_and(|t| t.verify(after, &values).is_none());
            if known && gone {
                return Some(Reason::Counter);
            }
        }
        None
    }

    /// Explains every move of a game: its positions and the reason per move.
    fn explain_game(&mut self, game: &MainLine<V>) -> (Vec<Position<V>>, Vec<Option<Reason>>) {
        let positions = positions(game);
        let moves = &game.moves;
        let mut combination_until = 0;
        let reasons = (0..moves.len())
            .map(|at| {
                combination_until =
                    combination_until.max(at + self.combination(&positions, moves, at));
                if at < combination_until {
                    Some(Reason::Combination)
                } else {
                    self.explain_quiet(&positions, moves, at)
                }
            })
            .collect();
        (positions, reasons)
    }
}

/// The known combinations, for the finder: the one that wins most where the side to
/// move attacks, replayed without counting towards the templates' records.
impl<V: Variant> KnownLines<V> for Patterns<V> {
    fn known_line(&self, pos: &Position<V>) -> Option<Outcome<V>> {
        let mut candidates = Vec::new();
        self.combinations.candidates(pos, &mut candidates);
        candidates
            .iter()
            .filter_map(|&i| self.combinations.template(i as usize, pos.turn()))
            .filter_map(|template| template.verify(pos, &self.values))
            .max_by_key(|outcome| (outcome.gain, outcome.crowned))
    }
}

/// The positions of a game, from its start to its end.
fn positions<V: Variant>(game: &MainLine<V>) -> Vec<Position<V>> {
    let mut positions = Vec::with_capacity(game.moves.len() + 1);
    let mut pos = game.start;
    positions.push(pos);
    for mv in &game.moves {
        pos = pos.play_unchecked(mv);
        positions.push(pos);
    }
    positions
}

/// The learner: the two template sets and the passes made.
#[derive(Debug)]
pub struct Pitrat<V: Variant> {
    finder: Finder,
    combinations: TemplateSet<V>,
    threats: TemplateSet<V>,
    passes: u32,
}

impl<V: Variant> Pitrat<V> {
    /// A learner starting from these sets (a combination set and a threat set),
    /// proving combinations with `finder` (which should ask for forced lines only, as
    /// templates store).
    pub fn new(finder: Finder, combinations: TemplateSet<V>, threats: TemplateSet<V>) -> Self {
        let mut threat_set = TemplateSet::of_kind(SetKind::Threats);
        for entry in threats.iter() {
            threat_set.insert_entry(entry.clone());
        }
        Pitrat {
            finder,
            combinations,
            threats: threat_set,
            passes: 0,
        }
    }

    /// The combination templates known.
    pub fn combinations(&self) -> &TemplateSet<V> {
        &self.combinations
    }

    /// The threat templates known.
    pub fn threats(&self) -> &TemplateSet<V> {
        &self.threats
    }

    /// One pass: explains the moves of `training` and `held_out` with the patterns
    /// known, then learns from the training moves left unexplained. `progress` is
    /// called after each game.
    pub fn pass(
        &mut self,
        training: &[MainLine<V>],
        held_out: &[MainLine<V>],
        mut progress: impl FnMut(&PassProgress),
    ) -> PassReport {
        self.passes += 1;
        let pass = self.passes;
        let mut patterns = Patterns::new(&self.combinations, &self.threats, &self.finder);
        let mut report = PassReport {
            pass,
            training: Explained::default(),
            held_out: Explained::default(),
            combinations: 0,
            threats: 0,
            learned_from: 0,
            threats_created: 0,
            countered_by_reply: 0,
        };
        for (number, game) in training.iter().enumerate() {
            let (positions, reasons) = patterns.explain_game(game);
            let mut threats = vec![None; positions.len()];
            for (at, reason) in reasons.iter().enumerate() {
                report.training.count(*reason);
                if reason.is_some() {
                    continue;
                }
                report.learned_from += 1;
                let created = learn_move(
                    &self.finder,
                    &patterns,
                    &positions,
                    &game.moves,
                    at,
                    &mut threats,
                    &mut self.combinations,
                    &mut self.threats,
                );
                if let Some(countered) = created {
                    report.threats_created += 1;
                    report.countered_by_reply += u64::from(countered);
                }
            }
            progress(&PassProgress {
                pass,
                held_out: false,
                game: number + 1,
                games: training.len(),
                explained: report.training,
                combinations: self.combinations.len(),
                threats: self.threats.len(),
            });
        }
        for (number, game) in held_out.iter().enumerate() {
            let (_, reasons) = patterns.explain_game(game);
            reasons.iter().for_each(|r| report.held_out.count(*r));
            progress(&PassProgress {
                pass,
                held_out: true,
                game: number + 1,
                games: held_out.len(),
                explained: report.held_out,
                combinations: self.combinations.len(),
                threats: self.threats.len(),
            });
        }
        // The counts of this pass's verifications go with the templates.
        let mut combinations = patterns.combinations.to_set();
        let mut threats = patterns.threats.to_set();
        for entry in self.combinations.iter() {
            combinations.insert_entry(entry.clone());
        }
        for entry in self.threats.iter() {
            threats.insert_entry(entry.clone());
        }
        self.combinations = combinations;
        self.threats = threats;
        report.combinations = self.combinations.len();
        report.threats = self.threats.len();
        report
    }
}

/// Learns from move `at` of a game: the combination proven where it is played, the
/// threat it creates, and the threat it counters, lines ending in `known` ones
/// allowed. `threats[i]` caches the threat against the side to move of
/// `positions[i]`. If the move creates a threat: whether the reply played counters it
/// (`false` if the game ends).
#[allow(clippy::too_many_arguments)]
fn learn_move<V: Variant>(
    finder: &Finder,
    known: &dyn KnownLines<V>,
    positions: &[Position<V>],
    moves: &[Move<V>],
    at: usize,
    threats: &mut [Option<Option<Threat<V>>>],
    combinations: &mut TemplateSet<V>,
    threat_set: &mut TemplateSet<V>,
) -> Option<bool> {
    let (before, after) = (&positions[at], &positions[at + 1]);
    if let Some(found) = finder.find_with(before, Some(known)) {
        if let Some(template) = Template::learn(before, &found.line, finder.values()) {
            combinations.insert(template);
        }
    }
    let values = finder.values();
    // The threat it creates: one whose line did not win before it.
    let mut created = None;
    if let Some(threat) = threat_at(finder, known, positions, at + 1, threats) {
        let line: Vec<LineMove<V>> = threat.combination.line.iter().map(LineMove::of).collect();
        let fresh = replay(before, &line, values)
            .filter(|o| o.wins(values))
            .is_none();
        if fresh {
            created = Some(
                moves
                    .get(at + 1)
                    .is_some_and(|r| threat.counters.contains(r)),
            );
            if let Some(entry) = threat.learn(after, finder) {
                threat_set.insert_entry(entry);
            }
        }
    }
    // The threat it counters.
    if let Some(threat) = threat_at(finder, known, positions, at, threats) {
        if threat.counters.contains(&moves[at]) {
            if let Some(entry) = threat.learn(before, finder) {
                threat_set.insert_entry(entry);
            }
        }
    }
    created
}

/// The threat against the side to move of `positions[at]`, found once.
fn threat_at<'a, V: Variant>(
    finder: &Finder,
    known: &dyn KnownLines<V>,
    positions: &[Position<V>],
    at: usize,
    cache: &'a mut [Option<Option<Threat<V>>>],
) -> Option<&'a Threat<V>> {
    cache[at]
        .get_or_insert_with(|| finder.threat_with(&positions[at], Some(known)))
        .as_ref()
}
