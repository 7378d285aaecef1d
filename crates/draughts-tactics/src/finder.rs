//! The combination finder: a bounded proof search for a forced material gain.
//!
//! The attacker (the side to move at the root) plays only forcing moves: captures (when
//! it must), sacrifices (quiet moves after which the defender must capture) and, a few
//! times per line, quiet moves that threaten a capture. The defender tries every legal
//! reply. A line ends in a settled position ([`is_settled`]): the attacker may stop
//! ("stand") in a quiet position, and a defender without a capture facing no threat
//! ends it too. The value of a line is the attacker's net material gain
//! ([`PieceValues::gain`]); the finder returns the minimax line and its value when
//! that value wins ([`Outcome::wins`]) within the ply bound.
//!
//! Given [`KnownLines`] (Pitrat's loop passes the combinations of its earlier passes),
//! a line may also end where the attacker, to move in a settled position, has a known
//! combination: the known line goes on from there and the value is counted at its end,
//! so that each pass proves lines longer than the ply bound.

use crate::line::{is_settled, Outcome, MAX_LINE};
use crate::material::PieceValues;
use draughts_core::{Color, Kind, Move, MoveList, Position, Variant};
use draughts_eval::Score;

/// Below every real value: a line the search could not settle in time.
const UNPROVEN: Score = -1_000_000;
/// Above every real value.
const ABOVE: Score = 1_000_000;

/// Limits and options of the finder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinderConfig {
    /// The most plies (both sides' moves) a line may take.
    pub max_plies: u8,
    /// The most quiet, non-sacrificing threat moves the attacker may play in one line
    /// (each leaves the defender a free choice of replies, so each costs a lot).
    pub max_threats: u8,
    /// Only lines in which every defender move is the defender's only legal move (the
    /// lines a template can store); threats are then not tried.
    pub forced_only: bool,
    /// Give up after visiting this many positions.
    pub node_limit: u64,
}

impl Default for FinderConfig {
    fn default() -> FinderConfig {
        FinderConfig {
            max_plies: 11,
            max_threats: 1,
            forced_only: false,
            node_limit: 200_000,
        }
    }
}

/// What one search of the finder concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<V: Variant> {
    /// A winning line, proven within the limits.
    Wins(Outcome<V>),
    /// The search finished: no winning line within the ply bound.
    NoWin,
    /// The node limit cut the search short: nothing is proven either way.
    OutOfNodes,
}

impl<V: Variant> Verdict<V> {
    /// The winning line, if the search proved one.
    fn won(self) -> Option<Outcome<V>> {
        match self {
            Verdict::Wins(outcome) => Some(outcome),
            Verdict::NoWin | Verdict::OutOfNodes => None,
        }
    }
}

/// The combination finder (one for every variant: its methods are generic).
#[derive(Clone, Debug)]
pub struct Finder {
    config: FinderConfig,
    values: PieceValues,
}

/// Combinations known beyond the finder's own reach, which a line may end with.
pub trait KnownLines<V: Variant> {
    /// A known winning line for the side to move of the quiet position `pos`, replayed
    /// there.
    fn known_line(&self, pos: &Position<V>) -> Option<Outcome<V>>;
}

/// One search's state.
struct Run<'a, V: Variant> {
    attacker: Color,
    start: Score,
    /// The attacker's kings at the root.
    kings: u32,
    nodes: u64,
    known: Option<&'a dyn KnownLines<V>>,
}

impl Finder {
    /// A finder with the given limits and piece values.
    pub fn new(config: FinderConfig, values: PieceValues) -> Finder {
        Finder { config, values }
    }

    /// The limits and options.
    pub fn config(&self) -> &FinderConfig {
        &self.config
    }

    /// The piece values gains are counted in.
    pub fn values(&self) -> &PieceValues {
        &self.values
    }

    /// A winning combination for the side to move in `pos`, if one is proven within the
    /// limits: the minimax line (the defender's best replies) and its gain. Positions
    /// where either side can capture are not asked about (`None`).
    pub fn find<V: Variant>(&self, pos: &Position<V>) -> Option<Outcome<V>> {
        self.find_with(pos, None)
    }

    /// As [`Finder::find`], a line also ending in a combination of `known`.
    pub fn find_with<V: Variant>(
        &self,
        pos: &Position<V>,
        known: Option<&dyn KnownLines<V>>,
    ) -> Option<Outcome<V>> {
        if !pos.is_quiet() {
            return None;
        }
        self.solve_with(pos, known).won()
    }

    /// As [`Finder::find`], also where either side can capture: the line then starts
    /// with the capture the side to move must make, and the gain is counted from `pos`.
    pub fn find_any<V: Variant>(&self, pos: &Position<V>) -> Option<Outcome<V>> {
        self.solve_any(pos).won()
    }

    /// As [`Finder::find_any`], telling a search that proved there is no win apart
    /// from one the node limit cut short (whose answer depends on move order).
    pub fn solve_any<V: Variant>(&self, pos: &Position<V>) -> Verdict<V> {
        self.solve_with(pos, None)
    }

    /// As [`Finder::solve_any`], a line also ending in a combination of `known`.
    pub fn solve_with<V: Variant>(
        &self,
        pos: &Position<V>,
        known: Option<&dyn KnownLines<V>>,
    ) -> Verdict<V> {
        self.solve_counted(pos, known).0
    }

    /// As [`Finder::solve_with`], with the positions the search visited: its effort.
    pub fn solve_counted<V: Variant>(
        &self,
        pos: &Position<V>,
        known: Option<&dyn KnownLines<V>>,
    ) -> (Verdict<V>, u64) {
        let attacker = pos.turn();
        let mut run = Run {
            attacker,
            start: self.values.balance(pos, attacker),
            kings: pos.count(attacker, Kind::King),
            nodes: 0,
            known,
        };
        let mut line = Vec::new();
        // Only lines that gain something are of interest; a breakthrough may gain 0.
        let value = self.search(
            &mut run,
            pos,
            self.config.max_plies,
            0,
            -1,
            ABOVE,
            &mut line,
        );
        if run.nodes > self.config.node_limit {
            return (Verdict::OutOfNodes, run.nodes);
        }
        let outcome = Outcome {
            gain: value.div_euclid(2),
            crowned: value & 1 == 1,
            line,
        };
        let verdict = if value >= 0 && outcome.wins(&self.values) {
            Verdict::Wins(outcome)
        } else {
            Verdict::NoWin
        };
        (verdict, run.nodes)
    }

    /// Alpha-beta over values (twice the gain, plus one if the attacker has a new
    /// king), the attacker maximising. `pv` receives the line.
    #[allow(clippy::too_many_arguments)]
    fn search<V: Variant>(
        &self,
        run: &mut Run<'_, V>,
        pos: &Position<V>,
        plies: u8,
        threats: u8,
        mut alpha: Score,
        beta: Score,
        pv: &mut Vec<Move<V>>,
    ) -> Score {
        pv.clear();
        run.nodes += 1;
        if run.nodes > self.config.node_limit {
            return UNPROVEN;
        }
        let attacking = pos.turn() == run.attacker;
        let must_capture = pos.has_capture();
        let settled = is_settled(pos, run.attacker);
        // Filled in place: a returned list is copied whole (8 KiB) at every node.
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        // Where the line may end, and what it is worth there.
        let root = attacking && plies == self.config.max_plies;
        let mut stand = if !settled || root {
            UNPROVEN
        } else if attacking
            || moves.is_empty()
            || !pos.opponent_has_capture()
            || self.config.forced_only
        {
            // Twice the gain, plus one for a new king: among lines of equal gain the
            // breakthrough is preferred, whatever order the moves come in.
            let crowned = pos.count(run.attacker, Kind::King) > run.kings;
            2 * self.values.gain(run.start, pos, run.attacker) + Score::from(crowned)
        } else {
            // A free defender facing a threat must answer it: no standing.
            UNPROVEN
        };
        if attacking && stand > UNPROVEN {
            let played = usize::from(self.config.max_plies - plies);
            if let Some((value, line)) = self.known_end(run, pos, played) {
                if value > stand {
                    stand = value;
                    pv.extend_from_slice(&line);
                }
            }
        }
        if plies == 0 || moves.is_empty() {
            return stand;
        }
        if attacking {
            let mut best = stand;
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
            let mut child_pv = Vec::new();
            for mv in &moves {
                let child = pos.play_unchecked(mv);
                let mut used = threats;
                if !must_capture && !child.has_capture() {
                    // Neither a capture nor a sacrifice: a threat, or nothing forcing.
                    if self.config.forced_only
                        || threats >= self.config.max_threats
                        || !child.opponent_has_capture()
                    {
                        continue;
                    }
                    used += 1;
                }
                let value = self.search(run, &child, plies - 1, used, alpha, beta, &mut child_pv);
                if value > best {
                    best = value;
                    set_pv(pv, *mv, &child_pv);
                    alpha = alpha.max(value);
                    if value >= beta {
                        break;
                    }
                }
            }
            best
        } else {
            if !must_capture && stand > UNPROVEN {
                return stand;
            }
            if self.config.forced_only && moves.len() > 1 {
                return UNPROVEN;
            }
            let mut best = ABOVE;
            let mut beta = beta;
            let mut child_pv = Vec::new();
            for mv in &moves {
                let child = pos.play_unchecked(mv);
                let value =
                    self.search(run, &child, plies - 1, threats, alpha, beta, &mut child_pv);
                if value < best {
                    best = value;
                    set_pv(pv, *mv, &child_pv);
                    beta = beta.min(value);
                    if value <= alpha {
                        break;
                    }
                }
            }
            best
        }
    }
}

impl Finder {
    /// The value (as [`Finder::search`] counts it) at the end of a known line for the
    /// attacker in the settled position `pos`, reached after `played` plies, and the
    /// line; `None` without one, or if the whole line would be longer than
    /// [`MAX_LINE`].
    fn known_end<V: Variant>(
        &self,
        run: &Run<'_, V>,
        pos: &Position<V>,
        played: usize,
    ) -> Option<(Score, Vec<Move<V>>)> {
        let known = run.known?.known_line(pos)?;
        if played + known.line.len() > MAX_LINE {
            return None;
        }
        let end = known
            .line
            .iter()
            .fold(*pos, |here, mv| here.play_unchecked(mv));
        let crowned = end.count(run.attacker, Kind::King) > run.kings;
        let value = 2 * self.values.gain(run.start, &end, run.attacker) + Score::from(crowned);
        Some((value, known.line))
    }
}

fn set_pv<V: Variant>(pv: &mut Vec<Move<V>>, mv: Move<V>, rest: &[Move<V>]) {
    pv.clear();
    pv.push(mv);
    pv.extend_from_slice(rest);
}
