//! How a move is judged: scores turned into expected scores, the expected score a move
//! gave away, its class, and each side's summary.
//!
//! A score says how far ahead the side to move is; what a player loses with a move is
//! better told by the chance of the game it gives away. A man in an equal position
//! decides a lot, a man more when already three ahead decides nothing. So the review,
//! as lidraughts does, turns each score into an **expected score** (1 a win, ½ a
//! draw, 0 a loss) and classes a move by the expected score it lost:
//!
//! | class | expected score lost | NAG |
//! |---|---|---|
//! | inaccuracy | ≥ 0.05 | `$6` `?!` |
//! | mistake | ≥ 0.10 | `$2` `?` |
//! | blunder | ≥ 0.15 | `$4` `??` |
//!
//! (lidraughts' and lichess's thresholds, 0.1, 0.2 and 0.3 in "winning chances" from
//! −1 to 1, are these on the 0-to-1 scale.) The curve from score to expected score
//! is the logistic `1 / (1 + e^(−score / K))` with the `K` fitted on this engine's own
//! games when its evaluation was trained ([`ScoreCurve::for_variant`]), so a score
//! means what it meant in the games behind the evaluation: in International, equal
//! material give or take a third of a man is the span of a blunder.
//!
//! Where an endgame database decides both positions, its values replace the curve:
//! a move from a won position to a draw is a missed win, to a loss a thrown win, and
//! from a draw to a loss a thrown draw; a move that keeps the value is no error,
//! however its score moves.

use draughts_core::{Variant, Wld};
use draughts_eval::Score;
use draughts_search::{database_result, plies_to_end};
use serde::{Deserialize, Serialize};

/// Turns scores into expected scores: `1 / (1 + e^(−score / scale))`, 1 or 0 for a
/// win or loss the search or the database proved.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScoreCurve {
    /// The score (in hundredths of a man) at which the expected score is
    /// `1 / (1 + e^−1)`, about 0.73.
    pub scale: f64,
}

impl ScoreCurve {
    /// The curve fitted on the engine's games for `V`: `K` = 53.5 in International and
    /// 40.1 in English (`draughts tune network --k`, docs/rebuild.md); for the other
    /// variants, whose evaluations were not fitted to game results, 50.
    pub fn for_variant<V: Variant>() -> ScoreCurve {
        let scale = match V::NAME {
            "international" => 53.5,
            "english" => 40.1,
            _ => 50.0,
        };
        ScoreCurve { scale }
    }

    /// The expected score of the side a search `score` belongs to.
    pub fn expected(&self, score: Score) -> f64 {
        match (plies_to_end(score), database_result(score)) {
            (Some(plies), _) => f64::from(u8::from(plies >= 0)),
            (None, Some(won)) => f64::from(u8::from(won)),
            (None, None) => 1.0 / (1.0 + (-f64::from(score) / self.scale).exp()),
        }
    }
}

/// The expected score of a position whose game-theoretic value is `value`.
pub fn expected_of(value: Wld) -> f64 {
    match value {
        Wld::Win => 1.0,
        Wld::Draw => 0.5,
        Wld::Loss => 0.0,
    }
}

/// The expected score lost from which a move is in each class.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    /// An inaccuracy (`?!`).
    pub inaccuracy: f64,
    /// A mistake (`?`).
    pub mistake: f64,
    /// A blunder (`??`).
    pub blunder: f64,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds {
            inaccuracy: 0.05,
            mistake: 0.10,
            blunder: 0.15,
        }
    }
}

impl Thresholds {
    /// The class of a move that lost `loss` of expected score, if any.
    pub fn class(&self, loss: f64) -> Option<Class> {
        if loss >= self.blunder {
            Some(Class::Blunder)
        } else if loss >= self.mistake {
            Some(Class::Mistake)
        } else if loss >= self.inaccuracy {
            Some(Class::Inaccuracy)
        } else {
            None
        }
    }
}

/// What kind of error a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// Lost at least [`Thresholds::inaccuracy`] of expected score.
    Inaccuracy,
    /// Lost at least [`Thresholds::mistake`].
    Mistake,
    /// Lost at least [`Thresholds::blunder`].
    Blunder,
    /// The database's win became a draw.
    MissedWin,
    /// The database's win became a loss.
    ThrownWin,
    /// The database's draw became a loss.
    ThrownDraw,
}

impl Class {
    /// Every class, lightest first.
    pub const ALL: [Class; 6] = [
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
        Class::MissedWin,
        Class::ThrownWin,
        Class::ThrownDraw,
    ];

    /// The class of a move from a position of database value `before` to one of value
    /// `after`, both for the mover.
    pub fn of_values(before: Wld, after: Wld) -> Option<Class> {
        match (before, after) {
            (Wld::Win, Wld::Draw) => Some(Class::MissedWin),
            (Wld::Win, Wld::Loss) => Some(Class::ThrownWin),
            (Wld::Draw, Wld::Loss) => Some(Class::ThrownDraw),
            _ => None,
        }
    }

    /// The numeric annotation glyph PDN writes it with: `$6` (`?!`), `$2` (`?`) or `$4`
    /// (`??`); a missed win is a mistake, a thrown win or draw a blunder.
    pub fn nag(self) -> u16 {
        match self {
            Class::Inaccuracy => 6,
            Class::Mistake | Class::MissedWin => 2,
            Class::Blunder | Class::ThrownWin | Class::ThrownDraw => 4,
        }
    }

    /// The mark of its NAG: `?!`, `?` or `??`.
    pub fn mark(self) -> &'static str {
        match self.nag() {
            6 => "?!",
            2 => "?",
            _ => "??",
        }
    }

    /// Its name in words, and in the plural: `inaccuracy`, `missed wins`.
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            Class::Inaccuracy => ("inaccuracy", "inaccuracies"),
            Class::Mistake => ("mistake", "mistakes"),
            Class::Blunder => ("blunder", "blunders"),
            Class::MissedWin => ("missed win", "missed wins"),
            Class::ThrownWin => ("thrown win", "thrown wins"),
            Class::ThrownDraw => ("thrown draw", "thrown draws"),
        }
    }

    /// Its name in words: `inaccuracy`, `missed win`.
    pub fn name(self) -> &'static str {
        self.names().0
    }
}

/// The accuracy of one move that lost `loss` of expected score, in percent:
/// `100 · e^(−4.35 · loss)`. 100 for no loss, 80 at the inaccuracy threshold, 52 at
/// a blunder's, 1 for a won game thrown away. The exponential is lichess's published
/// accuracy curve (4.35 per unit of expected score is its 0.0435 per percentage
/// point), without its offset.
pub fn accuracy(loss: f64) -> f64 {
    100.0 * (-4.35 * loss.max(0.0)).exp()
}

/// One side's figures over a game (or several).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Moves judged: the side's moves with a choice (a lone legal move is not judged).
    pub moves: usize,
    /// Moves in each class, in [`Class::ALL`]'s order.
    pub classes: [usize; 6],
    /// The expected score lost over the judged moves.
    pub total_loss: f64,
    /// The sum of the judged moves' [`accuracy`].
    pub total_accuracy: f64,
}

impl Summary {
    /// Counts a judged move.
    pub fn add(&mut self, loss: f64, class: Option<Class>) {
        self.moves += 1;
        self.total_loss += loss;
        self.total_accuracy += accuracy(loss);
        if let Some(class) = class {
            self.classes[class as usize] += 1;
        }
    }

    /// Adds another summary's figures (the same side over another game).
    pub fn merge(&mut self, other: &Summary) {
        self.moves += other.moves;
        self.total_loss += other.total_loss;
        self.total_accuracy += other.total_accuracy;
        for (mine, theirs) in self.classes.iter_mut().zip(other.classes) {
            *mine += theirs;
        }
    }

    /// How many moves of `class`.
    pub fn count(&self, class: Class) -> usize {
        self.classes[class as usize]
    }

    /// The average expected score lost a judged move (0 without one).
    pub fn average_loss(&self) -> f64 {
        self.total_loss / self.moves.max(1) as f64
    }

    /// The side's accuracy: the mean of its judged moves' [`accuracy`], in percent
    /// (100 without a judged move).
    pub fn accuracy(&self) -> f64 {
        if self.moves == 0 {
            return 100.0;
        }
        self.total_accuracy / self.moves as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International, Russian};
    use draughts_search::{DATABASE_WIN, WIN};

    #[test]
    fn the_curve() {
        let curve = ScoreCurve::for_variant::<International>();
        assert_eq!(curve.expected(0), 0.5);
        assert!((curve.expected(100) - 0.866).abs() < 0.001);
        assert!((curve.expected(100) + curve.expected(-100) - 1.0).abs() < 1e-12);
        assert_eq!(curve.expected(WIN - 7), 1.0);
        assert_eq!(curve.expected(-WIN + 4), 0.0);
        assert_eq!(curve.expected(DATABASE_WIN - 30), 1.0);
        assert_eq!(curve.expected(-(DATABASE_WIN - 30)), 0.0);
        assert!(ScoreCurve::for_variant::<English>().expected(100) > curve.expected(100));
        assert_eq!(ScoreCurve::for_variant::<Russian>().scale, 50.0);
    }

    #[test]
    fn classes_and_marks() {
        let t = Thresholds::default();
        assert_eq!(t.class(0.049), None);
        assert_eq!(t.class(0.05), Some(Class::Inaccuracy));
        assert_eq!(t.class(0.12), Some(Class::Mistake));
        assert_eq!(t.class(0.5), Some(Class::Blunder));
        let marks: Vec<&str> = Class::ALL.iter().map(|c| c.mark()).collect();
        assert_eq!(marks, ["?!", "?", "??", "?", "??", "??"]);
        assert_eq!(
            Class::of_values(Wld::Win, Wld::Draw),
            Some(Class::MissedWin)
        );
        assert_eq!(Class::of_values(Wld::Loss, Wld::Loss), None);
        assert_eq!(Class::of_values(Wld::Draw, Wld::Win), None);
        for (i, class) in Class::ALL.into_iter().enumerate() {
            assert_eq!(class as usize, i);
        }
    }

    #[test]
    fn accuracy_and_summary() {
        assert_eq!(accuracy(0.0), 100.0);
        assert!((accuracy(0.05) - 80.5).abs() < 0.1);
        assert!((accuracy(0.15) - 52.1).abs() < 0.1);
        let mut s = Summary::default();
        assert_eq!(s.accuracy(), 100.0);
        s.add(0.0, None);
        s.add(0.2, Some(Class::Blunder));
        assert_eq!(s.count(Class::Blunder), 1);
        assert!((s.average_loss() - 0.1).abs() < 1e-12);
        let mut twice = s;
        twice.merge(&s);
        assert_eq!((twice.moves, twice.count(Class::Blunder)), (4, 2));
        assert!((twice.accuracy() - s.accuracy()).abs() < 1e-9);
    }
}
