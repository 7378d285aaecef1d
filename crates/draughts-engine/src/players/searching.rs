//! The in-process player: a [`Searcher`] choosing each move, for fixed limits or for
//! the time the game gives.

use crate::game::{Fault, Level, Player};
use draughts_core::{Game, Move, Variant};
use draughts_eval::Evaluator;
use draughts_search::{Clock, Control, Limits, SearchResult, Searcher};
use std::time::Duration;

/// What a player hears of each of its searches: the game before the move, and the
/// search's result.
pub type Observer<'a, V> = Box<dyn FnMut(&Game<V>, &SearchResult<V>) + Send + 'a>;

/// A player that searches with a borrowed [`Searcher`]; its table is cleared when a
/// game starts, so a game at a fixed depth or node count on one thread is reproducible.
pub struct Searching<'a, V: Variant, E: Evaluator<V>> {
    searcher: &'a Searcher<V, E>,
    limits: Limits,
    search_lone_move: bool,
    observer: Option<Observer<'a, V>>,
}

impl<'a, V: Variant, E: Evaluator<V>> Searching<'a, V, E> {
    /// A player searching to `limits`' depth or node count, if it sets one, or else for
    /// the time the game gives each move (see [`limits_for`]).
    pub fn new(searcher: &'a Searcher<V, E>, limits: Limits) -> Searching<'a, V, E> {
        Searching {
            searcher,
            limits,
            search_lone_move: true,
            observer: None,
        }
    }

    /// Plays a lone legal move at once instead of searching it (which only the time
    /// spent tells apart).
    pub fn playing_lone_moves(mut self) -> Searching<'a, V, E> {
        self.search_lone_move = false;
        self
    }

    /// Lets `observer` hear each search (to record its scores, say).
    pub fn observed(mut self, observer: Observer<'a, V>) -> Searching<'a, V, E> {
        self.observer = Some(observer);
        self
    }
}

/// The limits of a search under `level` by a player whose own limits are `fixed`: a
/// depth, node count or time in `fixed` replaces the time per move; a game clock
/// always applies.
pub fn limits_for(fixed: Limits, level: Level) -> Limits {
    let mut limits = fixed;
    let is_fixed = fixed.depth.is_some() || fixed.nodes.is_some() || fixed.move_time.is_some();
    match level {
        Level::MoveTime(time) if !is_fixed => limits.move_time = Some(time),
        Level::MoveTime(_) => {}
        Level::Clock {
            time_left,
            increment,
        } => {
            limits.clock = Some(Clock {
                time_left: time_left + increment,
                increment,
                moves_to_go: None,
            });
        }
    }
    limits
}

impl<V: Variant, E: Evaluator<V>> Player<V> for Searching<'_, V, E> {
    fn new_game(&mut self) -> Result<(), Fault> {
        self.searcher.clear();
        Ok(())
    }

    fn think(&mut self, game: &Game<V>, level: Level, _: Duration) -> Result<Move<V>, Fault> {
        if !self.search_lone_move {
            if let [only] = game.position().legal_moves().as_slice() {
                return Ok(*only);
            }
        }
        let limits = limits_for(self.limits, level);
        let result = self
            .searcher
            .search(game, limits, &Control::default(), &mut |_| {});
        if let Some(observer) = &mut self.observer {
            observer(game, &result);
        }
        result
            .best_move
            .ok_or_else(|| Fault::Crash("the search returned no move".into()))
    }

    fn is_fixed(&self) -> bool {
        self.limits.depth.is_some() || self.limits.nodes.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_of_a_searching_player() {
        let timed = Limits::default();
        let fixed = Limits {
            depth: Some(3),
            nodes: Some(900),
            ..Limits::default()
        };
        let move_time = Level::MoveTime(Duration::from_millis(100));
        let clock = Level::Clock {
            time_left: Duration::from_millis(59_250),
            increment: Duration::from_secs(1),
        };
        assert_eq!(
            limits_for(timed, move_time),
            Limits::move_time(Duration::from_millis(100))
        );
        assert_eq!(limits_for(fixed, move_time), fixed);
        let own_time = Limits::move_time(Duration::from_millis(30));
        assert_eq!(limits_for(own_time, move_time), own_time);
        let with_clock = limits_for(fixed, clock);
        assert_eq!(with_clock.depth, Some(3));
        assert_eq!(
            with_clock.clock.map(|c| c.time_left),
            Some(Duration::from_millis(60_250))
        );
    }
}
