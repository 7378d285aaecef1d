//! Search limits and time management.

use std::time::Duration;

/// A game clock for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clock {
    /// Time left on the clock, the increment for this move included.
    pub time_left: Duration,
    /// Time added after each move.
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
    /// A game clock; the search budgets its own time from it.
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

    /// The time budget: a soft limit (do not start another iteration after it) and a
    /// hard one (stop at once). `None` when no time limit applies.
    pub(crate) fn budget(&self) -> Option<(Duration, Duration)> {
        let mut budget: Option<(Duration, Duration)> = self.move_time.map(|t| (t, t));
        if let Some(clock) = self.clock {
            // Keep a reserve for the protocol round trip and never plan past the clock.
            let reserve = Duration::from_millis(50).min(clock.time_left / 10);
            let usable = clock.time_left.saturating_sub(reserve);
            let moves = clock.moves_to_go.unwrap_or(30).clamp(1, 30);
            let soft = (usable / moves + clock.increment * 3 / 4).min(usable / 2);
            let hard = (soft * 3).min(usable * 2 / 3).max(soft);
            budget = Some(match budget {
                Some((s, h)) => (s.min(soft), h.min(hard)),
                None => (soft, hard),
            });
        }
        budget
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_stays_within_the_clock() {
        let clock = Clock {
            time_left: Duration::from_secs(60),
            increment: Duration::from_secs(1),
            moves_to_go: None,
        };
        let limits = Limits {
            clock: Some(clock),
            ..Limits::default()
        };
        let (soft, hard) = limits.budget().unwrap_or_default();
        assert!(soft >= Duration::from_secs(2) && soft <= Duration::from_secs(3));
        assert!(hard >= soft && hard < Duration::from_secs(40));
        let scramble = Limits {
            clock: Some(Clock {
                time_left: Duration::from_millis(100),
                moves_to_go: Some(1),
                ..clock
            }),
            ..Limits::default()
        };
        let (soft, hard) = scramble.budget().unwrap_or_default();
        assert!(soft <= Duration::from_millis(50) && hard <= Duration::from_millis(67));
    }

    #[test]
    fn move_time_and_infinite() {
        assert!(Limits::default().is_infinite());
        assert!(Limits::default().budget().is_none());
        let t = Duration::from_millis(100);
        assert_eq!(Limits::move_time(t).budget(), Some((t, t)));
    }
}
