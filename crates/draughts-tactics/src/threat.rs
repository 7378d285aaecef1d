//! Threats, as Pitrat's program learned them: a side threatens when, moving again as
//! if its opponent had passed, it has a combination; a reply counters the threat when
//! the combination no longer works after it.
//!
//! A threat template is the combination's [`Template`] learned in the position with
//! the defender passed, held in a [`TemplateSet`] of kind [`SetKind::Threats`] with the
//! counters seen: the same index, oracle and accept/reject record as combinations.
//!
//! [`SetKind::Threats`]: crate::SetKind::Threats
//! [`TemplateSet`]: crate::TemplateSet

use crate::finder::{Finder, KnownLines, Verdict};
use crate::line::{replay, LineMove, Outcome};
use crate::set::Entry;
use crate::template::Template;
use draughts_core::{Move, Position, Variant};

/// A threat against the side to move: the combination its opponent would have if the
/// side to move passed, and the side to move's replies that counter it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threat<V: Variant> {
    /// The combination, played from the position with the defender passed.
    pub combination: Outcome<V>,
    /// The legal replies after which the combination's line no longer wins and the
    /// finder proves no other combination for the attacker.
    pub counters: Vec<Move<V>>,
}

impl Finder {
    /// The threat against the side to move of `pos`: `None` if the opponent, moving
    /// instead, has no combination this finder proves (or `pos` is not quiet).
    pub fn threat<V: Variant>(&self, pos: &Position<V>) -> Option<Threat<V>> {
        self.threat_with(pos, None)
    }

    /// As [`Finder::threat`], lines also ending in a combination of `known`.
    pub fn threat_with<V: Variant>(
        &self,
        pos: &Position<V>,
        known: Option<&dyn KnownLines<V>>,
    ) -> Option<Threat<V>> {
        let combination = self.find_with(&passed(pos), known)?;
        let line: Vec<LineMove<V>> = combination.line.iter().map(LineMove::of).collect();
        let counters = pos
            .legal_moves()
            .iter()
            .filter(|reply| self.is_countered(&pos.play_unchecked(reply), &line, known))
            .copied()
            .collect();
        Some(Threat {
            combination,
            counters,
        })
    }

    /// Whether a threat whose combination is `line` is gone in `after` (the attacker
    /// to move, the defender having replied): the line no longer wins there, and the
    /// finder proves no other combination, with `known` lines or without (a search
    /// the node limit cut short proves nothing, so the reply is not counted).
    pub fn is_countered<V: Variant>(
        &self,
        after: &Position<V>,
        line: &[LineMove<V>],
        known: Option<&dyn KnownLines<V>>,
    ) -> bool {
        let values = self.values();
        replay(after, line, values)
            .filter(|o| o.wins(values))
            .is_none()
            && self.solve_with(after, known) == Verdict::NoWin
    }
}

impl<V: Variant> Threat<V> {
    /// The threat template learned from `pos` (the defender to move): the
    /// combination's [`Template::learn`] in the position with the defender passed,
    /// with the counters. `None` if the line does not make a template.
    pub fn learn(&self, pos: &Position<V>, finder: &Finder) -> Option<Entry<V>> {
        let template = Template::learn(&passed(pos), &self.combination.line, finder.values())?;
        let counters = self.counters.iter().map(LineMove::of).collect();
        Some(Entry::new(template, counters))
    }
}

/// `pos` with the side to move passed: the other side to move.
pub fn passed<V: Variant>(pos: &Position<V>) -> Position<V> {
    pos.with_turn(!pos.turn())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FinderConfig, PieceValues, SetKind, TemplateSet};
    use draughts_core::International;

    fn finder() -> Finder {
        let config = FinderConfig {
            forced_only: true,
            ..FinderConfig::default()
        };
        Finder::new(config, PieceValues::for_variant::<International>())
    }

    /// White's shot 28-22 17x28 33x13 (W27,28,33,39,47 against B1,9,17,18), with Black
    /// to move: Black is threatened, and 9-13 fills the square the shot ends on.
    const THREATENED: &str = "B:W27,28,33,39,47:B1,9,17,18";

    #[test]
    fn a_threat_and_its_counters() {
        let pos: Position<International> = THREATENED.parse().unwrap();
        let finder = finder();
        let threat = finder.threat(&pos).expect("White threatens a shot");
        // 28-22 17x28 33x4: three men and a king.
        assert!(threat.combination.gain >= 300);
        let text: Vec<String> = threat.counters.iter().map(|m| pos.move_text(m)).collect();
        // 9-13 blocks the shot; 1-6 and the rest leave it, or lose a man at once.
        assert_eq!(text, ["9-13"]);
        for reply in &pos.legal_moves() {
            let after = pos.play_unchecked(reply);
            let countered = threat.counters.contains(reply);
            assert_eq!(
                countered,
                finder.solve_any(&after) == Verdict::NoWin,
                "{}",
                pos.move_text(reply)
            );
        }
        let entry = threat.learn(&pos, &finder).expect("a template");
        assert_eq!(entry.counters.len(), threat.counters.len());
        assert!(entry.template.matches(&passed(&pos)));
        let mut set = TemplateSet::of_kind(SetKind::Threats);
        set.insert_entry(entry.clone());
        let back = TemplateSet::<International>::parse(&set.to_text()).unwrap();
        assert_eq!(back.kind(), SetKind::Threats);
        assert_eq!(back.iter().next(), Some(&entry));
        // Black's threat is kept as White's; its counters turn with it.
        let mut mirrored = TemplateSet::of_kind(SetKind::Threats);
        mirrored.insert_entry(entry.mirrored());
        assert_eq!(mirrored.iter().next(), Some(&entry));
    }

    /// The oracle over the threat asks the position with Black passed, knows 9-13 for
    /// the counter, and the search, extended where it is threatened, plays it.
    #[test]
    fn the_search_answers_a_learned_threat() {
        use crate::{DropPolicy, TemplateOracle};
        use draughts_core::Game;
        use draughts_eval::LinearEval;
        use draughts_search::{Control, Limits, SearchParams, Searcher, TacticalOracle};
        use std::sync::Arc;

        let pos: Position<International> = THREATENED.parse().unwrap();
        let finder = finder();
        let mut set = TemplateSet::of_kind(SetKind::Threats);
        let entry = finder.threat(&pos).and_then(|t| t.learn(&pos, &finder));
        set.insert_entry(entry.expect("a threat template"));
        let oracle = TemplateOracle::new(&set, *finder.values(), DropPolicy::default());
        let threat = oracle.threat(&pos, 1).expect("Black is threatened");
        assert!(threat.gain >= 300);
        let counter = pos.parse_move("9-13").unwrap();
        let other = pos.parse_move("1-6").unwrap();
        assert!(oracle.is_counter(threat, &pos, &counter));
        assert!(!oracle.is_counter(threat, &pos, &other));
        let after = |mv| pos.play_unchecked(mv);
        assert_eq!(oracle.threat_gain(threat, &after(&counter)), None);
        assert_eq!(
            oracle.threat_gain(threat, &after(&other)),
            Some(threat.gain)
        );
        // White to move is threatened by nothing this set knows.
        assert_eq!(oracle.threat(&passed(&pos), 1), None);
        // The line, three plies, is asked for only by a node with fewer plies left.
        let white = passed(&pos);
        let line = oracle
            .combination_longer(&white, 1, 2)
            .expect("the shot")
            .line;
        assert_eq!(line.len(), 3);
        assert_eq!(oracle.combination_longer(&white, 1, 3), None);

        let mut searcher = Searcher::with_hash_size(LinearEval::<International>::default(), 4);
        searcher.set_threat_oracle(Some(Arc::new(oracle)));
        let params = SearchParams::default()
            .with_changes("threat-depth=1")
            .unwrap();
        searcher.set_params(params);
        let game = Game::from_position(pos);
        let result = searcher.search(&game, Limits::depth(1), &Control::default(), &mut |_| {});
        assert_eq!(result.best_move, Some(counter));
    }

    #[test]
    fn no_threat_without_a_combination() {
        let pos: Position<International> = "B:W31,32:B19,20".parse().unwrap();
        assert_eq!(finder().threat(&pos), None);
    }
}
