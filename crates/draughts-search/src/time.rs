//! Time management for game clocks: how much of the clock one move may use, and when
//! iterative deepening stops within that.
//!
//! The scheme is described on [`Budget`].

use crate::limits::Clock;
use crate::score::{database_result, is_decisive};
use draughts_eval::Score;
use std::time::Duration;

/// Kept back from every clock (or half of it, if less) for the protocol round trip and
/// the time between the stop and the answer.
pub const LATENCY_RESERVE: Duration = Duration::from_millis(50);

/// What a move costs beyond its search (starting it, answering, being scheduled on a
/// busy machine), allowed for each move of the horizon: when the clock runs low the
/// search shrinks to nothing before the clock does.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(10);

/// The share of the increment a move is planned to spend.
pub const INCREMENT_SHARE: f64 = 0.9;

/// The hard limit over the soft one, before the caps.
pub const HARD_RATIO: f64 = 5.0;

/// The soft limit's cap over the hard one's.
const SOFT_CAP_OF_HARD: f64 = 2.0 / 3.0;

/// Clocks are counted as at most a year (no arithmetic on them can then overflow).
const LONGEST_CLOCK: Duration = Duration::from_secs(365 * 86_400);

/// Moves left when the board is empty and their growth per full board, from the
/// engine's own games (866 International games at 0.1 s a move, 24 English at 0.05 s:
/// on average 72 and 62 moves a side from the start, 47 with half the material left,
/// 24-32 with 20-30 % and long tails in the endgame).
const MOVES_LEFT_FLOOR: u32 = 20;
const MOVES_LEFT_PER_BOARD: u32 = 50;

/// What one move may spend, counted from the start of its search (or the ponder hit).
///
/// **The budget** ([`Clock::budget`]) has two limits. After the *soft* one the search
/// starts no new iteration; at the *hard* one it stops at once. From the clock:
///
/// - a *reserve* of [`LATENCY_RESERVE`] (at most half the clock) is never planned: it
///   covers the protocol round trip and the time a stopped search takes to answer;
/// - the *horizon* is the moves to the next time control when the GUI says (`level
///   moves=`), else an estimate of the moves left in the game from the material on the
///   board ([`moves_left`]);
/// - the soft limit is the banked time (what is usable without this move's increment,
///   less [`MOVE_OVERHEAD`] for each move of the horizon) shared over the horizon, plus
///   most ([`INCREMENT_SHARE`]) of the increment;
/// - the hard limit is [`HARD_RATIO`] times the soft one;
/// - both are capped at a share of the usable time that shrinks with the horizon, from
///   90 % (hard) of it for the last move before a control to about a quarter in a long
///   game, so that one move never eats the clock, and a small bank with a large
///   increment builds a cushion of a few increments before it spends them whole.
///
/// **Within the budget** (clocks only) the soft limit is scaled after each
/// iteration: a best move that has not changed for several iterations with a steady
/// score stops the search early (down to 0.4 of the soft limit); a best move that just
/// changed, a score that dropped or an iteration that failed low at the root extends it
/// (up to 3 times, never past the hard limit). An iteration whose predicted time (the last
/// one's times the growth between the last two) would end past the hard limit, or
/// mostly past the scaled soft limit, is not started. An iteration under way is cut
/// short only by the hard limit (helper threads too: they search on until the main
/// thread stops).
///
/// A fixed time per move ([`Limits::move_time`](crate::Limits::move_time)) is neither
/// scaled nor predicted: no iteration starts after it, and the search stops at it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// No new iteration starts after this.
    pub soft: Duration,
    /// The search stops at once here.
    pub hard: Duration,
    /// Whether the soft limit is scaled by the search's progress (clocks) or exact (a
    /// fixed time per move).
    pub flexible: bool,
}

/// An estimate of the moves the side to move still has to play, from the pieces on the
/// board and the pieces of the variant's initial position: 70 at the start, 20 with
/// the board empty, linear in between.
///
/// ```
/// use draughts_search::moves_left;
///
/// assert_eq!(moves_left(40, 40), 70);
/// assert_eq!(moves_left(20, 40), 45);
/// assert_eq!(moves_left(3, 24), 26);
/// ```
pub fn moves_left(pieces: u32, initial: u32) -> u32 {
    let initial = initial.max(1);
    MOVES_LEFT_FLOOR + MOVES_LEFT_PER_BOARD * pieces.min(initial) / initial
}

impl Clock {
    /// The part of the clock never planned for: [`LATENCY_RESERVE`], or half the clock if
    /// that is less.
    pub fn reserve(&self) -> Duration {
        LATENCY_RESERVE.min(self.time_left.min(LONGEST_CLOCK) / 2)
    }

    /// The budget of this move when `moves_left` moves are expected before the game
    /// ends (used when the clock has no `moves_to_go`); see [`Budget`].
    ///
    /// The hard limit never exceeds the time left minus [`Clock::reserve`], the soft one
    /// never exceeds the hard one, and neither shrinks when the time left grows.
    ///
    /// ```
    /// use draughts_search::Clock;
    /// use std::time::Duration;
    ///
    /// let clock = Clock {
    ///     time_left: Duration::from_secs(60),
    ///     increment: Duration::from_secs(1),
    ///     moves_to_go: None,
    /// };
    /// let budget = clock.budget(50);
    /// assert!(budget.soft > Duration::from_millis(1900) && budget.soft < Duration::from_secs(3));
    /// assert!(budget.hard > budget.soft && budget.hard < Duration::from_secs(15));
    /// ```
    pub fn budget(&self, moves_left: u32) -> Budget {
        let time_left = self.time_left.min(LONGEST_CLOCK);
        let increment = self.increment.min(time_left);
        let usable = time_left - self.reserve();
        let horizon = self.moves_to_go.unwrap_or(moves_left).max(1);
        let overheads = MOVE_OVERHEAD * horizon.min(MOVES_LEFT_FLOOR + MOVES_LEFT_PER_BOARD);
        let bank = usable.saturating_sub(increment).saturating_sub(overheads);
        let planned = bank / horizon + increment.mul_f64(INCREMENT_SHARE);
        let hard_cap = (0.25 + 0.65 / f64::from(horizon)).min(0.9);
        let soft = planned.min(usable.mul_f64(hard_cap * SOFT_CAP_OF_HARD));
        let hard = soft
            .mul_f64(HARD_RATIO)
            .min(usable.mul_f64(hard_cap))
            .max(soft);
        Budget {
            soft,
            hard,
            flexible: true,
        }
    }
}

/// Scaling of the soft limit by the number of iterations in a row that kept the best
/// move (0: it just changed).
const STABILITY: [f64; 7] = [1.7, 1.3, 1.05, 0.9, 0.75, 0.65, 0.55];

/// The scaled soft limit stays within these multiples of the budget's.
const SCALE_RANGE: (f64, f64) = (0.4, 3.0);

/// What an iteration reports to the [`Pacer`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Iteration {
    /// The time this iteration took.
    pub took: Duration,
    /// Whether its best move differs from the last iteration's.
    pub best_changed: bool,
    /// Its score.
    pub score: Score,
    /// Whether the root failed low (the score fell below the aspiration window).
    pub failed_low: bool,
}

/// Decides, after each iteration under a flexible budget, whether to start another.
#[derive(Clone, Debug)]
pub(crate) struct Pacer {
    budget: Budget,
    /// Iterations in a row whose best move was the one before's.
    stable: usize,
    /// The last two iterations' times, the latest first.
    took: [Option<Duration>; 2],
    last_score: Option<Score>,
    /// The last iteration's score drop (plus 50 for a fail-low), in hundredths of a man.
    trouble: Score,
}

impl Pacer {
    pub fn new(budget: Budget) -> Pacer {
        Pacer {
            budget,
            stable: 0,
            took: [None; 2],
            last_score: None,
            trouble: 0,
        }
    }

    /// Notes a finished iteration.
    pub fn record(&mut self, iteration: &Iteration) {
        self.stable = if iteration.best_changed || self.last_score.is_none() {
            0
        } else {
            self.stable + 1
        };
        let known = |s: Score| !is_decisive(s) && database_result(s).is_none();
        let drop = match self.last_score {
            Some(last) if known(last) && known(iteration.score) => last - iteration.score,
            _ => 0,
        };
        self.trouble = drop.max(0) + if iteration.failed_low { 50 } else { 0 };
        self.last_score = Some(iteration.score);
        self.took = [Some(iteration.took), self.took[0]];
    }

    /// The soft limit scaled by the stability of the best move and the score.
    pub fn target(&self) -> Duration {
        let stability = STABILITY[self.stable.min(STABILITY.len() - 1)];
        let trouble = match self.trouble {
            50.. => 2.0,
            25.. => 1.5,
            10.. => 1.2,
            _ => 1.0,
        };
        let scale = (stability * trouble).clamp(SCALE_RANGE.0, SCALE_RANGE.1);
        self.budget.soft.mul_f64(scale).min(self.budget.hard)
    }

    /// The predicted time of the next iteration: the last one's times the growth from
    /// the one before (clamped; 2 when the times are too short to tell).
    pub fn predicted(&self) -> Duration {
        match self.took {
            [Some(last), Some(before)] if before >= Duration::from_millis(1) => {
                let growth = last.as_secs_f64() / before.as_secs_f64();
                last.mul_f64(growth.clamp(1.2, 4.0))
            }
            [Some(last), _] => last * 2,
            [None, _] => Duration::ZERO,
        }
    }

    /// Whether to stop, `elapsed` into the move: the next iteration would end past the
    /// hard limit, or mostly past the scaled soft limit.
    pub fn should_stop(&self, elapsed: Duration) -> bool {
        let next = self.predicted();
        elapsed + next / 2 > self.target() || elapsed + next > self.budget.hard
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::WIN;
    use proptest::prelude::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(time_left: Duration, increment: Duration, moves_to_go: Option<u32>) -> Clock {
        Clock {
            time_left,
            increment,
            moves_to_go,
        }
    }

    #[test]
    fn moves_left_follows_the_material() {
        assert_eq!(moves_left(40, 40), 70);
        assert_eq!(moves_left(24, 24), 70);
        assert_eq!(moves_left(2, 40), 22);
        assert_eq!(moves_left(0, 0), 20);
        assert_eq!(moves_left(99, 40), 70);
        for n in 1..=40 {
            assert!(moves_left(n, 40) >= moves_left(n - 1, 40));
        }
    }

    #[test]
    fn budgets_of_common_clocks() {
        // (time left with the increment, increment, moves to go, moves left) and the
        // expected soft and hard limits in milliseconds, within 1 ms.
        let cases = [
            // 10 s + 0.1 s at the start of an International game.
            (10_100, 100, None, 70, 222, 1_110),
            // 1 min + 1 s, mid-game.
            (61_000, 1_000, None, 45, 2_222, 11_111),
            // 2 h for 40 moves, then more.
            (7_200_000, 0, Some(40), 70, 179_988, 899_943),
            // The last move before the control: most of the time, not all.
            (30_000, 0, Some(1), 70, 17_970, 26_955),
            // Sudden death, 1 s, no increment: quick moves.
            (1_000, 0, None, 70, 3, 17),
            // Later: the overheads of the moves to come are kept.
            (1_000, 0, None, 30, 21, 108),
            // 100 ms left: half is the reserve, the rest is for the overheads.
            (100, 0, None, 30, 0, 0),
            // A tiny bank and a large increment: the cap keeps a cushion.
            (2_100, 2_000, None, 50, 359, 539),
        ];
        for (time, inc, mtg, left, soft, hard) in cases {
            let budget = clock(ms(time), ms(inc), mtg).budget(left);
            let near = |d: Duration, want: u64| d.as_millis().abs_diff(u128::from(want)) <= 1;
            assert!(
                near(budget.soft, soft) && near(budget.hard, hard),
                "{time} ms + {inc} ms, {mtg:?} to go, {left} left: {budget:?}"
            );
            assert!(budget.flexible);
        }
        let empty = clock(Duration::ZERO, Duration::ZERO, None).budget(40);
        assert_eq!((empty.soft, empty.hard), (Duration::ZERO, Duration::ZERO));
        let huge = clock(Duration::MAX, Duration::MAX, Some(u32::MAX)).budget(u32::MAX);
        assert!(huge.soft <= huge.hard && huge.hard <= LONGEST_CLOCK);
    }

    /// A game of sudden death played at the soft limit, each move costing 2 ms more,
    /// lasts the 150 moves a side of a match's longest game, with moves that are quick
    /// but not instant while the game lasts as long as expected.
    #[test]
    fn a_one_second_clock_lasts_a_long_game() {
        let mut left = ms(1_000);
        for n in 0..150u32 {
            let pieces = 40u32.saturating_sub(n / 3);
            let budget = clock(left, Duration::ZERO, None).budget(moves_left(pieces, 40));
            assert!(
                budget.hard < left,
                "move {n}: {budget:?} with {left:?} left"
            );
            assert!(
                budget.soft >= ms(2) || n > 70,
                "move {n}: {budget:?}, {left:?} left"
            );
            left = left.checked_sub(budget.soft + ms(2)).unwrap_or_default();
            assert!(left > ms(40) || n > 110, "move {n}: {left:?} left");
        }
        assert!(!left.is_zero());
    }

    fn durations() -> impl Strategy<Value = Duration> {
        prop_oneof![
            (0u64..2_000).prop_map(Duration::from_millis),
            (0u64..10_000_000).prop_map(Duration::from_millis),
            (0u64..u64::MAX).prop_map(Duration::from_nanos),
        ]
    }

    proptest! {
        #[test]
        fn limits_stay_inside_the_clock(
            time_left in durations(),
            increment in durations(),
            moves_to_go in proptest::option::of(0u32..200),
            left in 0u32..200,
        ) {
            let increment = increment.min(time_left);
            let clock = clock(time_left, increment, moves_to_go);
            let budget = clock.budget(left);
            prop_assert!(budget.soft <= budget.hard);
            prop_assert!(budget.hard <= time_left.saturating_sub(clock.reserve()));
            prop_assert!(clock.reserve() <= LATENCY_RESERVE);
            prop_assert!(time_left.is_zero() || clock.reserve() > Duration::ZERO);
        }

        #[test]
        fn more_time_never_gives_a_smaller_budget(
            time_left in durations(),
            more in durations(),
            increment in durations(),
            moves_to_go in proptest::option::of(0u32..200),
            left in 0u32..200,
        ) {
            let increment = increment.min(time_left);
            let less = clock(time_left, increment, moves_to_go).budget(left);
            let longer = time_left.saturating_add(more);
            let more = clock(longer, increment, moves_to_go).budget(left);
            prop_assert!(more.soft >= less.soft && more.hard >= less.hard, "{less:?} {more:?}");
        }

        #[test]
        fn fewer_moves_to_go_never_give_a_smaller_budget(
            time_left in durations(),
            increment in durations(),
            moves in 1u32..200,
            fewer in 0u32..200,
        ) {
            let increment = increment.min(time_left);
            let far = clock(time_left, increment, Some(moves)).budget(0);
            let near = clock(time_left, increment, Some(moves.saturating_sub(fewer))).budget(0);
            prop_assert!(near.soft >= far.soft && near.hard >= far.hard, "{far:?} {near:?}");
        }

        #[test]
        fn the_last_move_before_the_control_uses_most_but_not_all(
            time_left in durations(),
            increment in durations(),
        ) {
            let increment = increment.min(time_left);
            let clock = clock(time_left, increment, Some(1));
            let budget = clock.budget(70);
            let usable = time_left - clock.reserve();
            prop_assert!(budget.hard >= usable.mul_f64(0.85).min(LONGEST_CLOCK.mul_f64(0.85)));
            prop_assert!(budget.soft >= usable.mul_f64(0.5).min(LONGEST_CLOCK / 2));
            prop_assert!(time_left.is_zero() || budget.hard < time_left);
        }
    }

    fn budget(soft: u64, hard: u64) -> Budget {
        Budget {
            soft: ms(soft),
            hard: ms(hard),
            flexible: true,
        }
    }

    fn iteration(took: u64, best_changed: bool, score: Score) -> Iteration {
        Iteration {
            took: ms(took),
            best_changed,
            score,
            failed_low: false,
        }
    }

    #[test]
    fn a_stable_best_move_and_score_stop_early() {
        let mut pacer = Pacer::new(budget(1_000, 5_000));
        for (i, took) in [1, 2, 5, 10, 25, 60, 150].into_iter().enumerate() {
            pacer.record(&iteration(took, i == 0, 20 + (i % 2) as Score));
        }
        assert!(pacer.target() <= ms(600), "{:?}", pacer.target());
        // 253 ms spent and the next iteration ~375 ms: it would end mostly inside the
        // target; later, mostly past it.
        assert!(!pacer.should_stop(ms(253)));
        assert!(pacer.should_stop(ms(400)));
        let mut fresh = Pacer::new(budget(1_000, 5_000));
        fresh.record(&iteration(1, true, 20));
        assert!(!fresh.should_stop(ms(1)));
    }

    #[test]
    fn a_new_best_move_or_a_falling_score_extends() {
        let mut pacer = Pacer::new(budget(1_000, 5_000));
        for took in [10, 20, 40] {
            pacer.record(&iteration(took, false, 20));
        }
        let steady = pacer.target();
        let mut changed = pacer.clone();
        changed.record(&iteration(80, true, 20));
        assert!(changed.target() > ms(1_500), "{:?}", changed.target());
        let mut dropped = pacer.clone();
        dropped.record(&iteration(80, false, -40));
        assert!(dropped.target() > steady * 3 / 2, "{:?}", dropped.target());
        let mut failed = pacer.clone();
        failed.record(&Iteration {
            failed_low: true,
            ..iteration(80, false, 15)
        });
        assert!(failed.target() > steady * 3 / 2);
        // Both: capped at three times the soft limit.
        let mut both = pacer;
        both.record(&Iteration {
            failed_low: true,
            ..iteration(80, true, -100)
        });
        assert_eq!(both.target(), ms(3_000));
        // A decisive score's swings are not trouble.
        let mut won = Pacer::new(budget(1_000, 5_000));
        won.record(&iteration(1, true, WIN - 9));
        won.record(&iteration(2, false, WIN - 40));
        assert!(won.target() <= ms(1_300));
    }

    #[test]
    fn the_extension_stops_at_the_hard_limit() {
        let mut pacer = Pacer::new(budget(1_000, 1_500));
        pacer.record(&iteration(10, true, 0));
        pacer.record(&Iteration {
            failed_low: true,
            ..iteration(20, true, -200)
        });
        assert_eq!(pacer.target(), ms(1_500));
    }

    #[test]
    fn an_iteration_that_cannot_finish_is_not_started() {
        let mut pacer = Pacer::new(budget(1_000, 2_000));
        pacer.record(&iteration(100, true, 0));
        pacer.record(&iteration(400, true, -60));
        // Growth 4: the next one takes ~1.6 s, past the hard limit from 0.5 s on.
        assert_eq!(pacer.predicted(), ms(1_600));
        assert!(pacer.target() >= ms(2_000));
        assert!(!pacer.should_stop(ms(390)));
        assert!(pacer.should_stop(ms(500)));
        // Growth is clamped, and taken as 2 from iterations too short to measure.
        let mut fast = Pacer::new(budget(1_000, 2_000));
        fast.record(&iteration(0, true, 0));
        fast.record(&iteration(1, false, 0));
        assert_eq!(fast.predicted(), ms(2));
        fast.record(&iteration(1, false, 0));
        assert_eq!(fast.predicted(), ms(1).mul_f64(1.2));
    }
}
