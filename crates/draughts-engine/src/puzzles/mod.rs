//! Puzzles from real games: positions where the side to move has a forced combination
//! whose first move is the only move that wins.
//!
//! A position of a game is a puzzle when
//! 1. it is quiet (no capture for either side) and the side to move has a choice;
//! 2. the combination finder proves a line winning at least a man, or a king for
//!    nothing ([`Finder::solve_counted`]): the solution;
//! 3. the solution's first move (the key) is the only winning move: where an endgame
//!    database holds the position, the key wins and no other move does; otherwise a
//!    search of every move, of at least ten times the nodes the finder spent and
//!    [`Settings::check`] at the least, and again at twice those nodes
//!    ([`Settings::rounds`]), puts the key at least [`Settings::margin`] ahead of every
//!    other move each time;
//! 4. the position is neither lost whatever the solver plays nor won already: the key
//!    scores above minus [`Settings::won`] (a man), and the best other move below it.
//!
//! A puzzle must stand clearly when found: the three thresholds are tightened by
//! [`Settings::slack`] then, and not when it is checked again
//! ([`Settings::verifying`]), so that a search's verdict moving a little with its
//! budget does not turn it.
//!
//! A cheap search of every move ([`Settings::screen`]) first drops most candidates.
//! [`Puzzle`]s are plain data; their file is PDN, one puzzle a game (see [`file`]).

pub mod file;

use crate::review::ReviewMove;
use draughts_core::pdn::{MainLine, PdnGame};
use draughts_core::{EndgameOracle, Game, Kind, Move, Position, Variant, Wld};
use draughts_eval::{Evaluator, Score};
use draughts_search::{Control, Limits, Searcher};
use draughts_tactics::{Finder, FinderConfig, PieceValues, Verdict};
use serde::{Deserialize, Serialize};

/// How puzzles are found and checked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The combination finder's limits.
    pub finder: FinderConfig,
    /// The cheap search of every move that drops most candidates first, if any.
    pub screen: Option<Limits>,
    /// The least search of every move that confirms a puzzle (at least ten times the
    /// finder's nodes is used where that is more).
    pub check: Limits,
    /// Searches of every move that confirm a puzzle: at [`Settings::check`]'s nodes,
    /// then twice them, and so on; the key must lead at every one, since a lead seen at
    /// one budget only is often an artefact of where that search stopped.
    pub rounds: u32,
    /// How far (hundredths of a man) the key must lead every other move.
    pub margin: Score,
    /// The best other move must score below this, and the key above its negation: a
    /// position already won without the key, or lost with it, is no puzzle.
    pub won: Score,
    /// How far (hundredths of a man) every threshold is tightened when a puzzle is
    /// found: the key leads by `margin + slack` and scores above `slack - won`, and the
    /// best other move stays below `won - slack`.
    pub slack: Score,
    /// Plies at the start of every game left out.
    pub skip_plies: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            finder: FinderConfig::default(),
            screen: Some(Limits::nodes(50_000)),
            check: Limits::nodes(2_000_000),
            rounds: 2,
            margin: 50,
            won: 100,
            slack: 25,
            skip_plies: 0,
        }
    }
}

impl Settings {
    /// The settings that check `puzzle` again with one search of every move of `nodes`
    /// nodes (by default ten times the deepest it was checked with), no screen.
    pub fn verifying(puzzle: &Puzzle, nodes: Option<u64>) -> Settings {
        let default = Settings::default();
        let checked = match puzzle.check {
            Some(Check::Search { nodes, .. }) => nodes,
            _ => default.check.nodes.unwrap_or(0),
        };
        Settings {
            screen: None,
            check: Limits::nodes(nodes.unwrap_or(checked.saturating_mul(10)).max(1)),
            rounds: 1,
            slack: 0,
            ..default
        }
    }
}

/// How hard a puzzle is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Difficulty {
    /// The solution's length in plies.
    pub plies: usize,
    /// The solver's moves that give material (quiet moves after which the opponent
    /// must capture).
    pub sacrifices: usize,
    /// The positions the finder visited to prove it (0 when unknown).
    pub effort: u64,
    /// The legal moves in the puzzle's position.
    pub choices: usize,
}

/// How a puzzle's key was found to be the only winning move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Check {
    /// The endgame database: the key wins, no other move does.
    Database,
    /// A search of every move of `nodes` nodes (the deepest of the check's rounds):
    /// the key led every other move by `margin` hundredths of a man.
    Search {
        /// Nodes a move.
        nodes: u64,
        /// The key's score less the best other move's.
        margin: Score,
    },
}

/// Where a puzzle comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Source {
    /// The games' file name.
    pub file: String,
    /// The game's 1-based ordinal in it.
    pub game: usize,
    /// The ply of the game the position is before (0 for the first).
    pub ply: usize,
    /// The game's players, event and date, as its tags have them (`?` if not).
    pub white: String,
    /// Black.
    pub black: String,
    /// The event.
    pub event: String,
    /// The date.
    pub date: String,
    /// Whether the player found the key in the game.
    pub found: bool,
}

/// A puzzle: a position, its solution and what it wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The variant's name.
    pub variant: String,
    /// The position, the solver to move.
    pub fen: String,
    /// The solution: the key, the forced replies and the solver's moves.
    pub solution: Vec<ReviewMove>,
    /// The net material it wins, in hundredths of a man (a game won outright adds ten
    /// men).
    pub gain: Score,
    /// Whether it ends with a new king.
    pub crowned: bool,
    /// How hard it is.
    pub difficulty: Difficulty,
    /// How the key was checked, if it was.
    pub check: Option<Check>,
    /// The game it comes from, if known.
    pub source: Option<Source>,
}

impl Puzzle {
    /// A puzzle of `line` from `pos`, its gain, crowning and difficulty worked out from
    /// the line (the effort, the check and the source left to the caller).
    pub fn of_line<V: Variant>(pos: &Position<V>, line: &[Move<V>]) -> Puzzle {
        let values = PieceValues::for_variant::<V>();
        let solver = pos.turn();
        let mut here = *pos;
        let mut sacrifices = 0;
        for (i, mv) in line.iter().enumerate() {
            let next = here.play_unchecked(mv);
            if i % 2 == 0 && !mv.is_capture() && next.has_capture() {
                sacrifices += 1;
            }
            here = next;
        }
        let kings = |p: &Position<V>| p.count(solver, Kind::King);
        Puzzle {
            variant: V::NAME.to_string(),
            fen: pos.to_fen(),
            solution: ReviewMove::line(pos, line),
            gain: values.gain(values.balance(pos, solver), &here, solver),
            crowned: kings(&here) > kings(pos),
            difficulty: Difficulty {
                plies: line.len(),
                sacrifices,
                effort: 0,
                choices: pos.legal_moves().len(),
            },
            check: None,
            source: None,
        }
    }
}

/// Finds and checks puzzles with a borrowed searcher (and database, if any).
pub struct Finding<'a, V: Variant, E: Evaluator<V>> {
    searcher: &'a Searcher<V, E>,
    database: Option<&'a dyn EndgameOracle<V>>,
    settings: Settings,
    finder: Finder,
}

impl<'a, V: Variant, E: Evaluator<V>> Finding<'a, V, E> {
    /// Puzzles checked with `searcher`, and `database` where it holds a position.
    pub fn new(
        searcher: &'a Searcher<V, E>,
        database: Option<&'a dyn EndgameOracle<V>>,
        settings: Settings,
    ) -> Finding<'a, V, E> {
        Finding {
            searcher,
            database,
            settings,
            finder: Finder::new(settings.finder, PieceValues::for_variant::<V>()),
        }
    }

    /// The puzzles of a game's main line (`pdn` gives its tags, `file` its file's
    /// name), in the order of its plies; `progress` hears (positions tried, positions).
    pub fn in_game(
        &self,
        line: &MainLine<V>,
        pdn: &PdnGame,
        file: &str,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Vec<Puzzle> {
        let tag = |name| pdn.tag(name).unwrap_or("?").to_string();
        let mut puzzles = Vec::new();
        let mut pos = line.start;
        for (ply, played) in line.moves.iter().enumerate() {
            if ply >= self.settings.skip_plies {
                if let Some(mut puzzle) = self.at(&pos) {
                    puzzle.source = Some(Source {
                        file: file.to_string(),
                        game: pdn.index,
                        ply,
                        white: tag("White"),
                        black: tag("Black"),
                        event: tag("Event"),
                        date: tag("Date"),
                        found: puzzle.solution.first().map(|key| &key.text)
                            == Some(&pos.move_text(played)),
                    });
                    puzzles.push(puzzle);
                }
            }
            progress(ply + 1, line.moves.len());
            pos = pos.play_unchecked(played);
        }
        puzzles
    }

    /// The puzzle at `pos`, if it is one (its source left empty).
    pub fn at(&self, pos: &Position<V>) -> Option<Puzzle> {
        let moves = pos.legal_moves();
        if !pos.is_quiet() || moves.len() < 2 {
            return None;
        }
        let (Verdict::Wins(outcome), effort) = self.finder.solve_counted(pos, None) else {
            return None;
        };
        let key = *outcome.line.first()?;
        let check = self.only_winning(pos, &key, effort)?;
        let mut puzzle = Puzzle::of_line(pos, &outcome.line);
        puzzle.difficulty.effort = effort;
        puzzle.check = Some(check);
        Some(puzzle)
    }

    /// Checks `puzzle` again with this finding's database or search (with
    /// [`Settings::verifying`], one search of every move): how its key was found the
    /// only winning move, or `None` if it was not.
    ///
    /// # Errors
    /// [`PuzzleError`](file::PuzzleError) if the puzzle is not of variant `V`.
    pub fn verify(&self, puzzle: &Puzzle) -> Result<Option<Check>, file::PuzzleError> {
        let (pos, solution) = puzzle.replayed::<V>(0)?;
        let key = solution
            .first()
            .ok_or(file::PuzzleError::NoSolution { game: 0 })?;
        Ok(self.only_winning(&pos, key, puzzle.difficulty.effort))
    }

    /// How `key` was found the only winning move of `pos`, if it is; `effort` is the
    /// finder's, the least a search must be ten times.
    pub fn only_winning(&self, pos: &Position<V>, key: &Move<V>, effort: u64) -> Option<Check> {
        let moves = pos.legal_moves();
        if let Some(db) = self
            .database
            .filter(|db| pos.piece_count() <= db.max_pieces())
        {
            // The opponent's value after each move: lost means the move wins.
            let wins = |mv: &Move<V>| db.probe(&pos.play_unchecked(mv)).map(|v| v == Wld::Loss);
            let others = moves.iter().filter(|m| *m != key);
            if wins(key)? && others.map(wins).all(|w| w == Some(false)) {
                return Some(Check::Database);
            }
            return None;
        }
        let margin = |limits: Limits| {
            let score = |mv: &Move<V>| {
                let game = Game::from_position(pos.play_unchecked(mv));
                self.searcher.clear();
                -self
                    .searcher
                    .search(&game, limits, &Control::default(), &mut |_| {})
                    .score
            };
            let Settings {
                won, margin, slack, ..
            } = self.settings;
            // The key first, then the others until one fails: each search starts clear,
            // so the order changes no verdict, only the searches spent on a failure.
            let keyed = score(key);
            if keyed <= slack - won {
                return None;
            }
            let mut best_other = None;
            for other in moves.iter().filter(|m| *m != key) {
                let other = score(other);
                if other >= won - slack || keyed - other < margin + slack {
                    return None;
                }
                best_other = best_other.max(Some(other));
            }
            Some(keyed - best_other?)
        };
        if let Some(screen) = self.settings.screen {
            margin(screen)?;
        }
        let first = self.settings.check.nodes.unwrap_or(0);
        let rounds = std::iter::successors(Some(first.max(effort.saturating_mul(10))), |n| {
            Some(n.saturating_mul(2))
        });
        let mut check = None;
        for nodes in rounds.take(self.settings.rounds.max(1) as usize) {
            let limits = Limits {
                nodes: Some(nodes),
                ..self.settings.check
            };
            check = Some(Check::Search {
                nodes,
                margin: margin(limits)?,
            });
        }
        check
    }
}

#[cfg(test)]
mod tests;
