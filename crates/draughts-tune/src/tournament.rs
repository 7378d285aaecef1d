//! In-process games between weight sets: one game, a schedule of games played in
//! parallel, round robins and matches, and the table of results.

use draughts_core::{Color, GameResult, Position, Variant};
use draughts_egdb::Database;
use draughts_engine::game::{self, Played, Rules, TimeControl};
use draughts_engine::players::Searching;
use draughts_engine::stats::Tally;
use draughts_eval::{LinearEval, Weights};
use draughts_search::{Limits, Searcher};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use std::fmt;
use std::sync::Arc;

/// How a contestant searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchSettings {
    /// When each move's search stops. With one thread and a depth or node limit the
    /// search, and so a game between two contestants, is deterministic.
    pub limits: Limits,
    /// The transposition table of each player, in MiB; a fresh one for every game.
    pub hash_mib: usize,
}

impl SearchSettings {
    /// A fixed-depth search (the quiescence search still resolves every capture) with a
    /// 1 MiB table: the cheap setting of the classic experiment (depth 2).
    pub fn depth(depth: u32) -> SearchSettings {
        SearchSettings {
            limits: Limits::depth(depth),
            hash_mib: 1,
        }
    }
}

/// A player of tournaments: evaluation weights and search settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contestant {
    /// The evaluation weights.
    pub weights: Weights,
    /// How it searches.
    pub search: SearchSettings,
}

/// Plays `start` to the end between `white` and `black`; a game still going after
/// `max_plies` plies is adjudicated drawn. The core's draw rules (repetition, the
/// move-count rules) end games as they do in the engine.
///
/// ```
/// use draughts_core::{English, Position};
/// use draughts_eval::Weights;
/// use draughts_tune::{play_game, Contestant, SearchSettings};
///
/// let player = Contestant { weights: Weights::ENGLISH, search: SearchSettings::depth(2) };
/// let played = play_game(Position::<English>::initial(), [&player, &player], 200);
/// assert!(played.game.moves().len() <= 200);
/// ```
pub fn play_game<V: Variant>(
    start: Position<V>,
    players: [&Contestant; 2],
    max_plies: usize,
) -> Played<V> {
    play_game_between(
        start,
        players.map(|p| (LinearEval::<V>::new(p.weights), p.search)),
        max_plies,
        None,
    )
}

/// [`play_game`] between any two evaluators (White's first), each with its search
/// settings: a player with a pattern table, say; both searches consult `database`, if
/// any.
///
/// ```
/// use draughts_core::{International, Position};
/// use draughts_eval::{learned, LinearEval};
/// use draughts_tune::{play_game_between, SearchSettings};
///
/// let (weights, table) = learned::<International>().expect("shipped");
/// let player = (LinearEval::with_patterns(weights, table), SearchSettings::depth(1));
/// let played = play_game_between(Position::initial(), [player.clone(), player], 20, None);
/// assert!(played.game.moves().len() <= 20);
/// ```
pub fn play_game_between<V: Variant>(
    start: Position<V>,
    players: [(LinearEval<V>, SearchSettings); 2],
    max_plies: usize,
    database: Option<&Arc<Database<V>>>,
) -> Played<V> {
    let [white, black] = players.map(|(eval, search)| {
        let mut searcher = Searcher::with_hash_size(eval, search.hash_mib.max(1));
        searcher.set_endgame_oracle(crate::dataset::oracle(database));
        (searcher, search.limits)
    });
    let rules = Rules::untimed(TimeControl::default(), max_plies);
    let mut players = [&white, &black].map(|(searcher, limits)| Searching::new(searcher, *limits));
    let [white, black] = &mut players;
    game::play(start, white, black, &rules)
}

/// One scheduled game: who plays White and Black (indices into the contestants) from
/// which opening (an index into the openings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// The contestant playing White.
    pub white: usize,
    /// The contestant playing Black.
    pub black: usize,
    /// The opening position.
    pub opening: usize,
}

/// The games of an all-play-all tournament between `players` contestants: every pair
/// meets on `openings_per_pair` openings drawn at random (seeded by `seed`) from
/// `openings` positions, each opening played twice with the colours swapped.
///
/// ```
/// use draughts_tune::round_robin_schedule;
///
/// let schedule = round_robin_schedule(30, 1, 100, 7);
/// assert_eq!(schedule.len(), 30 * 29);
/// assert_eq!(schedule, round_robin_schedule(30, 1, 100, 7));
/// ```
pub fn round_robin_schedule(
    players: usize,
    openings_per_pair: usize,
    openings: usize,
    seed: u64,
) -> Vec<Pairing> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut schedule = Vec::new();
    for first in 0..players {
        for second in first + 1..players {
            for _ in 0..openings_per_pair {
                let opening = rng.random_range(0..openings.max(1));
                schedule.push(Pairing {
                    white: first,
                    black: second,
                    opening,
                });
                schedule.push(Pairing {
                    white: second,
                    black: first,
                    opening,
                });
            }
        }
    }
    schedule
}

/// The games of a `games`-game match between contestants 0 and 1: openings taken in
/// turn from a shuffled order (seeded by `seed`), each played twice with the colours
/// swapped, contestant 0 White first. An odd `games` is rounded up.
///
/// ```
/// use draughts_tune::match_schedule;
///
/// let schedule = match_schedule(40, 100, 1);
/// assert_eq!(schedule.len(), 40);
/// assert_eq!(schedule[0].opening, schedule[1].opening);
/// assert_eq!((schedule[0].white, schedule[1].white), (0, 1));
/// ```
pub fn match_schedule(games: usize, openings: usize, seed: u64) -> Vec<Pairing> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let openings = openings.max(1);
    let mut order: Vec<usize> = (0..openings).collect();
    // Fisher-Yates, so that a short match still samples the whole file.
    for i in (1..openings).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    (0..games.div_ceil(2))
        .flat_map(|pair| {
            let opening = order[pair % openings];
            [
                Pairing {
                    white: 0,
                    black: 1,
                    opening,
                },
                Pairing {
                    white: 1,
                    black: 0,
                    opening,
                },
            ]
        })
        .collect()
}

/// Plays `schedule` between `contestants` from `openings`, in parallel over rayon's
/// threads, calling `progress` after each game (from any thread). Returns the table of
/// results and, with `keep_games`, the games in schedule order.
///
/// # Errors
/// [`ScheduleError`] if a pairing names a contestant or an opening that does not exist.
pub fn play_schedule<V: Variant>(
    contestants: &[Contestant],
    openings: &[Position<V>],
    schedule: &[Pairing],
    max_plies: usize,
    keep_games: bool,
    progress: &(dyn Fn() + Sync),
) -> Result<Tournament<V>, ScheduleError> {
    for (index, pairing) in schedule.iter().enumerate() {
        let players = contestants.len();
        if pairing.white >= players || pairing.black >= players {
            return Err(ScheduleError::NoSuchContestant { index, players });
        }
        if pairing.opening >= openings.len() {
            return Err(ScheduleError::NoSuchOpening {
                index,
                openings: openings.len(),
            });
        }
    }
    let played: Vec<(GameResult, Option<Played<V>>)> = schedule
        .par_iter()
        .map(|pairing| {
            let players = [&contestants[pairing.white], &contestants[pairing.black]];
            let played = play_game(openings[pairing.opening], players, max_plies);
            progress();
            (played.result, keep_games.then_some(played))
        })
        .collect();
    let mut table = Table::new(contestants.len());
    let mut games = Vec::new();
    for (pairing, (result, game)) in schedule.iter().zip(played) {
        table.record(pairing, result);
        games.extend(game);
    }
    Ok(Tournament { table, games })
}

/// A pairing that does not fit the contestants or openings given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScheduleError {
    /// A contestant index past the end.
    #[error("game {index} of the schedule names a contestant past the {players} given")]
    NoSuchContestant {
        /// The game in the schedule.
        index: usize,
        /// How many contestants there are.
        players: usize,
    },
    /// An opening index past the end.
    #[error("game {index} of the schedule names an opening past the {openings} given")]
    NoSuchOpening {
        /// The game in the schedule.
        index: usize,
        /// How many openings there are.
        openings: usize,
    },
}

/// The outcome of [`play_schedule`].
#[derive(Clone, Debug)]
pub struct Tournament<V: Variant> {
    /// Results by pair of contestants.
    pub table: Table,
    /// The games in schedule order, if they were kept.
    pub games: Vec<Played<V>>,
}

/// Wins, draws and losses of every contestant against every other: a cross table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    players: usize,
    /// Row-major: entry `(i, j)` is `i`'s tally against `j`.
    tallies: Vec<Tally>,
}

impl Table {
    /// An empty table for `players` contestants.
    pub fn new(players: usize) -> Table {
        Table {
            players,
            tallies: vec![Tally::default(); players * players],
        }
    }

    /// The number of contestants.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Counts the result of one game.
    ///
    /// # Panics
    /// If the pairing names a contestant past [`Table::players`].
    pub fn record(&mut self, pairing: &Pairing, result: GameResult) {
        let (white, black) = (pairing.white, pairing.black);
        let (w, b) = (white * self.players + black, black * self.players + white);
        match result.winner() {
            Some(Color::White) => {
                self.tallies[w].wins += 1;
                self.tallies[b].losses += 1;
            }
            Some(Color::Black) => {
                self.tallies[w].losses += 1;
                self.tallies[b].wins += 1;
            }
            None => {
                self.tallies[w].draws += 1;
                self.tallies[b].draws += 1;
            }
        }
    }

    /// Contestant `player`'s tally against `opponent`.
    ///
    /// # Panics
    /// If either is past [`Table::players`].
    pub fn against(&self, player: usize, opponent: usize) -> Tally {
        self.tallies[player * self.players + opponent]
    }

    /// Contestant `player`'s tally against everyone.
    ///
    /// # Panics
    /// If `player` is past [`Table::players`].
    pub fn total(&self, player: usize) -> Tally {
        let row = &self.tallies[player * self.players..(player + 1) * self.players];
        row.iter().fold(Tally::default(), |sum, t| Tally {
            wins: sum.wins + t.wins,
            draws: sum.draws + t.draws,
            losses: sum.losses + t.losses,
        })
    }

    /// Every contestant's fitness: wins plus `draw_value` per draw (0 in the classic
    /// experiment, 0.5 for the usual score).
    pub fn fitness(&self, draw_value: f64) -> Vec<f64> {
        (0..self.players)
            .map(|p| {
                let t = self.total(p);
                f64::from(t.wins) + draw_value * f64::from(t.draws)
            })
            .collect()
    }
}

impl fmt::Display for Table {
    /// One row per contestant: its points (a draw is half) against each opponent, then
    /// its wins, draws and losses and its points in all.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:>4}", "")?;
        for opponent in 0..self.players {
            write!(f, "{opponent:>6}")?;
        }
        writeln!(
            f,
            "{:>7}{:>7}{:>7}{:>8}",
            "wins", "draws", "losses", "points"
        )?;
        for player in 0..self.players {
            write!(f, "{player:>4}")?;
            for opponent in 0..self.players {
                if opponent == player {
                    write!(f, "{:>6}", "-")?;
                } else {
                    write!(f, "{:>6}", self.against(player, opponent).points())?;
                }
            }
            let t = self.total(player);
            writeln!(
                f,
                "{:>7}{:>7}{:>7}{:>8}",
                t.wins,
                t.draws,
                t.losses,
                t.points()
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use draughts_core::{English, International};
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn contestant(weights: Weights, depth: u32) -> Contestant {
        Contestant {
            weights,
            search: SearchSettings::depth(depth),
        }
    }

    #[test]
    fn schedules_pair_everyone_with_both_colours() {
        let schedule = round_robin_schedule(4, 2, 10, 3);
        assert_eq!(schedule.len(), 4 * 3 * 2);
        for pair in schedule.chunks(2) {
            assert_eq!(pair[0].opening, pair[1].opening);
            assert_eq!(
                (pair[0].white, pair[0].black),
                (pair[1].black, pair[1].white)
            );
            assert!(pair[0].opening < 10);
        }
        let mut met = [[0; 4]; 4];
        for p in &schedule {
            met[p.white][p.black] += 1;
        }
        for (i, row) in met.iter().enumerate() {
            for (j, &n) in row.iter().enumerate() {
                assert_eq!(n, if i == j { 0 } else { 2 }, "{i} {j}");
            }
        }
        assert_ne!(schedule, round_robin_schedule(4, 2, 10, 4));
        // A match longer than the openings file cycles through it.
        let long = match_schedule(7, 3, 0);
        assert_eq!(long.len(), 8);
        assert_eq!(long[0].opening, long[6].opening);
    }

    #[test]
    fn table_counts_from_both_sides() {
        let mut table = Table::new(3);
        let pairing = |white, black| Pairing {
            white,
            black,
            opening: 0,
        };
        table.record(&pairing(0, 1), GameResult::WhiteWins);
        table.record(&pairing(1, 0), GameResult::WhiteWins);
        table.record(&pairing(2, 0), GameResult::Draw);
        table.record(&pairing(2, 1), GameResult::BlackWins);
        assert_eq!(
            table.against(0, 1),
            Tally {
                wins: 1,
                draws: 0,
                losses: 1
            }
        );
        assert_eq!(
            table.total(0),
            Tally {
                wins: 1,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(
            table.total(1),
            Tally {
                wins: 2,
                draws: 0,
                losses: 1
            }
        );
        assert_eq!(
            table.total(2),
            Tally {
                wins: 0,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(table.fitness(0.0), vec![1.0, 2.0, 0.0]);
        assert_eq!(table.fitness(0.5), vec![1.5, 2.0, 0.5]);
        let text = table.to_string();
        assert_eq!(text.lines().count(), 4);
        assert!(
            text.lines()
                .nth(2)
                .is_some_and(|l| l.trim_end().ends_with('2')),
            "{text}"
        );
    }

    #[test]
    fn games_end_and_are_reproducible() {
        let strong = contestant(Weights::ENGLISH, 2);
        let start = Position::<English>::initial();
        let a = play_game(start, [&strong, &strong], 40);
        let b = play_game(start, [&strong, &strong], 40);
        assert_eq!(a.game.moves(), b.game.moves());
        assert!(a.game.moves().len() <= 40);
        if matches!(a.ending, draughts_engine::game::Ending::MaxPlies(_)) {
            assert_eq!(a.result, GameResult::Draw);
            assert_eq!(a.game.moves().len(), 40);
        } else {
            assert_eq!(a.result, a.game.status().result());
        }
    }

    #[test]
    fn material_beats_no_evaluation() {
        // A player that values nothing against one that counts material: the second
        // must score clearly better over a small round robin from varied openings.
        let mut material = Weights::ZERO;
        material.set(draughts_eval::Feature::Men, 100);
        material.set(draughts_eval::Feature::Kings, 300);
        let players = [contestant(Weights::ZERO, 2), contestant(material, 2)];
        let openings: Vec<Position<International>> = opening_walks::<International>(8);
        let schedule = match_schedule(16, openings.len(), 5);
        let counted = AtomicUsize::new(0);
        let done = || {
            counted.fetch_add(1, Ordering::Relaxed);
        };
        let result = play_schedule(&players, &openings, &schedule, 150, true, &done).unwrap();
        assert_eq!(counted.load(Ordering::Relaxed), 16);
        assert_eq!(result.games.len(), 16);
        let (zero, counting) = (result.table.total(0), result.table.total(1));
        assert_eq!(zero.games(), 16);
        assert!(counting.points() > zero.points(), "{}", result.table);
    }

    #[test]
    fn bad_schedules_are_errors() {
        let players = [contestant(Weights::ENGLISH, 1)];
        let openings = [Position::<English>::initial()];
        let bad = [Pairing {
            white: 0,
            black: 1,
            opening: 0,
        }];
        let err = play_schedule(&players, &openings, &bad, 10, false, &|| {}).unwrap_err();
        assert_eq!(
            err,
            ScheduleError::NoSuchContestant {
                index: 0,
                players: 1
            }
        );
        let bad = [Pairing {
            white: 0,
            black: 0,
            opening: 1,
        }];
        let err = play_schedule(&players, &openings, &bad, 10, false, &|| {}).unwrap_err();
        assert!(err.to_string().contains("opening"), "{err}");
    }

    /// Distinct positions a few plies from the start, for varied test games.
    pub(crate) fn opening_walks<V: Variant>(count: usize) -> Vec<Position<V>> {
        let start = Position::<V>::initial();
        let mut positions = Vec::new();
        for first in start.legal_moves() {
            let after = start.play_unchecked(&first);
            for second in after.legal_moves() {
                positions.push(after.play_unchecked(&second));
            }
        }
        positions.truncate(count);
        positions
    }
}
