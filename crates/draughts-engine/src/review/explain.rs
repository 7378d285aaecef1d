//! A move explained in the terms of the tactics crate: the shot it allows, the shot
//! its mover missed, and the threat it makes with the replies that counter it.
//!
//! - A **shot** is a combination the finder proves ([`Finder::find_any`]) for the side
//!   to move. Its gain is counted from the position before the move being explained,
//!   so that the recapture of an exchange is no shot.
//! - The move **allows** the opponent's shot when, after it, the opponent has one
//!   winning at least a man (or a king for nothing), and the engine's move would not
//!   have allowed one as large.
//! - The mover **missed** a shot when it had one and played something else.
//! - A **threat** (Pitrat's): after the move, the mover would have a shot if the
//!   opponent passed ([`Finder::threat`]), and had none before it. The counters are the
//!   replies after which the shot is gone; the reply played parried it or did not.

use draughts_core::{Move, Position, Variant};
use draughts_eval::Score;
use draughts_tactics::{Finder, Outcome, PieceValues};

/// A combination for the side to move, its gain counted from a position before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found<V: Variant> {
    /// The line, from the position it is played in.
    pub line: Vec<Move<V>>,
    /// The net gain for the side playing it, counted from the earlier position.
    pub gain: Score,
    /// Whether it ends with a new king.
    pub crowned: bool,
}

impl<V: Variant> Found<V> {
    /// Whether it wins: at least a man, or a king for nothing.
    pub fn wins(&self, values: &PieceValues) -> bool {
        self.gain >= values.man || (self.crowned && self.gain >= 0)
    }
}

/// `outcome`, the finder's line for the side to move of `pos`, with its gain counted
/// from `from` (the position before the move that led to `pos`, or `pos` itself).
pub(crate) fn net<V: Variant>(
    outcome: &Outcome<V>,
    pos: &Position<V>,
    from: &Position<V>,
    values: &PieceValues,
) -> Found<V> {
    let attacker = pos.turn();
    let moved = values.balance(pos, attacker) - values.balance(from, attacker);
    Found {
        line: outcome.line.clone(),
        gain: outcome.gain + moved,
        crowned: outcome.crowned,
    }
}

/// A threat the mover made: its shot if the opponent passed, and the opponent's
/// counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Made<V: Variant> {
    /// The shot, from the position with the opponent passed.
    pub shot: Found<V>,
    /// The opponent's replies after which it is gone.
    pub counters: Vec<Move<V>>,
}

/// The threat of the side that just moved into `after` (the opponent to move).
pub(crate) fn threat<V: Variant>(finder: &Finder, after: &Position<V>) -> Option<Made<V>> {
    let threat = finder.threat(after)?;
    let found = Found {
        line: threat.combination.line,
        gain: threat.combination.gain,
        crowned: threat.combination.crowned,
    };
    found.wins(finder.values()).then_some(Made {
        shot: found,
        counters: threat.counters,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::International;
    use draughts_tactics::FinderConfig;

    fn finder() -> Finder {
        Finder::new(
            FinderConfig::default(),
            PieceValues::for_variant::<International>(),
        )
    }

    #[test]
    fn a_recapture_is_no_shot() {
        // 1. 32-28 19-23 2. 28x19: Black takes back, a man counted from the position
        // after White's capture, nothing from the one before it.
        let mut before = Position::<International>::initial();
        for text in ["32-28", "19-23"] {
            before = before.play_unchecked(&before.parse_move(text).unwrap());
        }
        let after = before.play_unchecked(&before.parse_move("28x19").unwrap());
        let finder = finder();
        let values = finder.values();
        let outcome = finder.find_any(&after).expect("the recapture");
        let from_after = net(&outcome, &after, &after, values);
        assert_eq!(from_after.gain, 100);
        assert!(from_after.wins(values));
        assert!(!net(&outcome, &after, &before, values).wins(values));
    }

    #[test]
    fn a_threat_made() {
        // Black to move, threatened by White's 28-22 17x28 33x4 (tactics' example).
        let after: Position<International> = "B:W27,28,33,39,47:B1,9,17,18".parse().unwrap();
        let made = threat(&finder(), &after).expect("a threat");
        assert!(made.shot.gain >= 300);
        let texts: Vec<String> = made.counters.iter().map(|m| after.move_text(m)).collect();
        assert!(texts.contains(&"9-13".to_string()), "{texts:?}");
    }
}
