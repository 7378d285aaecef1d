//! What the search's integration tests share: a material-only evaluation and the
//! three-ply shots their tactical oracles know.

use draughts_core::{Position, Variant};
use draughts_eval::{Evaluator, Score};
use draughts_search::Combination;

/// Material only: enough to test the search machinery.
pub struct Material;

impl<V: Variant> Evaluator<V> for Material {
    fn evaluate(&self, pos: &Position<V>) -> Score {
        let side = |c| 100 * pos.men(c).len() as Score + 300 * pos.kings(c).len() as Score;
        side(pos.turn()) - side(!pos.turn())
    }
}

/// The shots of three plies: a quiet move whose only answer is a capture, answered
/// by a capture after which the opponent has none, that gains at least `at_least`.
pub fn shot<V: Variant>(pos: &Position<V>, at_least: Score) -> Option<Combination<V>> {
    let before = Material.evaluate(pos);
    for offer in pos.legal_moves() {
        let offered = pos.play_unchecked(&offer);
        let answers = offered.legal_moves();
        let [answer] = answers.as_slice() else {
            continue;
        };
        let answered = offered.play_unchecked(answer);
        for capture in answered.legal_moves() {
            let end = answered.play_unchecked(&capture);
            // The opponent is to move at the end.
            let gain = -Material.evaluate(&end) - before;
            if !offer.is_capture()
                && answer.is_capture()
                && capture.is_capture()
                && !end.has_capture()
                && gain >= at_least
            {
                return Some(Combination {
                    line: vec![offer, *answer, capture],
                    gain,
                });
            }
        }
    }
    None
}
