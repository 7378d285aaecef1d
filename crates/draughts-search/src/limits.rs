//! Search limits (the time budget they give is in `time.rs`).

use crate::time::Budget;
use std::time::Duration;

/// A game clock for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clock {
    /// Time left on the clock, the increment for this move included.
    pub time_left: Duration,
    /// Time added before each move (this move's is already in `time_left`).
    pub increment: Duration,
    /// Moves until the next time control, if there is one.
    pub moves_to_go: Option<u32>,
}

/// When a search stops. Every limit set applies; with none set the search runs until
/// stopped (infinite analysis).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Deepest iteration (nominal plies).
    pub depth: Option<u32>,
    /// Most nodes (each thread checks every 1,024 of its nodes, so a search can pass
    /// the limit by up to that many a thread).
    pub nodes: Option<u64>,
    /// Time for this move.
    pub move_time: Option<Duration>,
    /// A game clock; the search budgets its own time from it (see [`Budget`]).
    pub clock: Option<Clock>,
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Search for a fixed time.
    pub fn move_time(time: Duration) -> Limits {
        Limits {
            move_time: Some(time),
            ..Limits::default()
        }
    }

    /// Whether no limit is set (search until stopped).
    pub fn is_infinite(&self) -> bool {
        *self == Limits::default()
    }

    /// The time budget of a search when `moves_left` moves are expected before the
    /// game ends (see [`moves_left`](crate::moves_left); used only for a clock without
    /// `moves_to_go`): `None` when no time limit applies.
    ///
    /// A fixed time per move is exact (both limits equal it); a clock's budget is
    /// flexible (see [`Clock::budget`]), capped by the time per move if both are set.
    ///
    /// ```
    /// use draughts_search::Limits;
    /// use std::time::Duration;
    ///
    /// let t = Duration::from_millis(100);
    /// let budget = Limits::move_time(t).budget(40).unwrap();
    /// assert_eq!((budget.soft, budget.hard, budget.flexible), (t, t, false));
    /// assert!(Limits::depth(5).budget(40).is_none());
    /// ```
    pub fn budget(&self, moves_left: u32) -> Option<Budget> {
        let fixed = self.move_time.map(|t| Budget {
            soft: t,
            hard: t,
            flexible: false,
        });
        match (fixed, self.clock.map(|clock| clock.budget(moves_left))) {
            (Some(fixed), Some(clock)) => Some(Budget {
                soft: clock.soft.min(fixed.soft),
                hard: clock.hard.min(fixed.hard),
                flexible: true,
            }),
            (fixed, clock) => clock.or(fixed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_with_a_time_per_move_keeps_the_smaller_limits() {
        let clock = Clock {
            time_left: Duration::from_secs(60),
            increment: Duration::from_secs(1),
            moves_to_go: None,
        };
        let alone = clock.budget(50);
        let limits = Limits {
            clock: Some(clock),
            move_time: Some(Duration::from_secs(3)),
            ..Limits::default()
        };
        let both = limits.budget(50).unwrap_or_else(|| clock.budget(0));
        assert_eq!(both.soft, alone.soft);
        assert_eq!(both.hard, Duration::from_secs(3));
        assert!(both.flexible && alone.hard > both.hard);
    }

    #[test]
    fn move_time_and_infinite() {
        assert!(Limits::default().is_infinite());
        assert!(Limits::default().budget(50).is_none());
        let t = Duration::from_millis(100);
        let budget = Budget {
            soft: t,
            hard: t,
            flexible: false,
        };
        // The fixed time does not depend on the position.
        assert_eq!(Limits::move_time(t).budget(50), Some(budget));
        assert_eq!(Limits::move_time(t).budget(1), Some(budget));
    }
}
