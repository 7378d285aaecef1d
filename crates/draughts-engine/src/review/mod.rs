//! Game review: every move of a game judged by the engine's search, classed by the
//! expected score it gave away ([`judge`]), and explained in the terms of the tactics
//! crate: the shot it allowed, the shot its mover missed, the threat it made and
//! whether the reply parried it ([`Reviewer`]).
//!
//! Every position of the game is searched once, with the game's history: the score
//! before a move is the search's score of the position it was played in, the score
//! after it the next position's, turned round. A move the engine would also have
//! played loses nothing. With an endgame database, a position it holds gets its exact
//! value, and a move between two such positions is judged by them alone.
//!
//! A review is plain data ([`GameReview`]): it writes as JSON (`serde`), as PDN with
//! NAGs, comments and the engine's line as a variation ([`GameReview::annotated`]),
//! and reads back from JSON. [`batch::review_all`] reviews many games on several
//! threads.
//!
//! ```
//! use draughts_core::pdn::read_games;
//! use draughts_core::International;
//! use draughts_engine::engine::{self, EngineOptions};
//! use draughts_engine::review::{Reviewer, Settings};
//! use draughts_search::Limits;
//!
//! let pdn = read_games("1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 *").remove(0)?;
//! let options = EngineOptions { hash_mib: 1, ..EngineOptions::default() };
//! let searcher = engine::searcher::<International>(&options)?;
//! let settings = Settings { limits: Limits::depth(4), ..Settings::default() };
//! let reviewer = Reviewer::new(&searcher, None, settings);
//! let review = reviewer.review(&pdn, &mut |_, _| {})?;
//! assert_eq!(review.moves.len(), 6);
//! assert_eq!(review.moves[2].played.text, "28x19");
//! assert_eq!(review.moves[2].choices, 1); // forced, so not judged
//! assert!(review.annotated().to_string().contains("[%eval"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod annotate;
pub mod batch;
mod explain;
pub mod judge;

use crate::engine::human_score;
use draughts_core::pdn::{move_number, PdnError, PdnGame};
use draughts_core::{Color, EndgameOracle, Game, Move, Position, Variant, Wld};
use draughts_eval::{Evaluator, Score};
use draughts_search::{Control, Limits, SearchResult, Searcher};
use draughts_tactics::{passed, Finder, FinderConfig, Outcome, PieceValues};
use explain::Found;
pub use judge::{Class, ScoreCurve, Summary, Thresholds};
use serde::{Deserialize, Serialize};

/// How much to search and what to explain.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The search of each position: [`Settings::DEFAULT_NODES`] nodes by default.
    pub limits: Limits,
    /// The combination finder's limits.
    pub finder: FinderConfig,
    /// Where the classes start.
    pub thresholds: Thresholds,
    /// Look for shots and threats (the finder's work; off, moves are only judged).
    pub explain: bool,
    /// Check every threat named with this search of the position with the opponent
    /// passed ([`Threat::confirmed`]); `None` not to.
    pub confirm: Option<Limits>,
}

impl Settings {
    /// The nodes searched a position by default: about a tenth of a second.
    pub const DEFAULT_NODES: u64 = 500_000;
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            limits: Limits::nodes(Settings::DEFAULT_NODES),
            finder: FinderConfig::default(),
            thresholds: Thresholds::default(),
            explain: true,
            confirm: None,
        }
    }
}

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

/// A move as a review shows it: its PDN text and the squares an arrow joins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewMove {
    /// The shortest unambiguous text, as the variant writes squares.
    pub text: String,
    /// The start square's number.
    pub from: u8,
    /// The end square's number.
    pub to: u8,
}

impl ReviewMove {
    /// `mv`, played in `pos`.
    pub fn of<V: Variant>(pos: &Position<V>, mv: &Move<V>) -> ReviewMove {
        ReviewMove {
            text: pos.move_text(mv),
            from: mv.from().number(),
            to: mv.to().number(),
        }
    }

    /// The moves of `line` played from `pos`.
    pub fn line<V: Variant>(pos: &Position<V>, line: &[Move<V>]) -> Vec<ReviewMove> {
        let mut here = *pos;
        line.iter()
            .map(|mv| {
                let shown = ReviewMove::of(&here, mv);
                here = here.play_unchecked(mv);
                shown
            })
            .collect()
    }
}

/// A position's evaluation for the side a [`MoveReview`] is about.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Eval {
    /// The search's score, in hundredths of a man (or a proven result's code).
    pub score: Score,
    /// The score for people: `+0.35`, `win in 7 plies`, `database win`.
    pub text: String,
    /// The expected score (0 to 1; see [`judge`]).
    pub expected: f64,
}

/// A combination: its line and what it wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shot {
    /// The moves, from the position it is played in.
    pub line: Vec<ReviewMove>,
    /// The net material won, in hundredths of a man, counted from the position
    /// before the move reviewed (a game won outright adds ten men).
    pub gain: Score,
    /// Whether it ends with a new king.
    pub crowned: bool,
}

/// A threat a move made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Threat {
    /// The shot the mover would have if the opponent passed.
    pub shot: Shot,
    /// The opponent's replies after which the shot is gone.
    pub counters: Vec<ReviewMove>,
    /// Whether the reply played was a counter (`None` at the game's end).
    pub parried: Option<bool>,
    /// Whether the deeper search of [`Settings::confirm`] sees the opponent lose at
    /// least half a man by passing (`None` when not asked).
    pub confirmed: Option<bool>,
}

/// One move of a game, judged and explained.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveReview {
    /// The move's index in the game (0 for the first).
    pub ply: usize,
    /// Its move number, as PDN writes it.
    pub number: u32,
    /// Whether it is the second mover's move of that number (`12...`).
    pub second: bool,
    /// Who played it.
    pub side: Side,
    /// The position it was played in.
    pub fen: String,
    /// The move.
    pub played: ReviewMove,
    /// How many legal moves there were: a lone move is not judged.
    pub choices: usize,
    /// The evaluation before the move, for the mover.
    pub before: Eval,
    /// The evaluation after it, for the mover.
    pub after: Eval,
    /// The engine's move and line where it chose another move.
    pub best: Vec<ReviewMove>,
    /// The expected score the move gave away (0 when the engine agrees).
    pub loss: f64,
    /// Its class, if it was an error.
    pub class: Option<Class>,
    /// The database's values before and after, for the mover, where it holds both.
    #[serde(with = "values_text", default)]
    pub database: Option<(Wld, Wld)>,
    /// The opponent's shot the move allowed (errors only).
    pub allowed: Option<Shot>,
    /// The mover's shot it did not play (errors only).
    pub missed: Option<Shot>,
    /// The threat the move made.
    pub threat: Option<Threat>,
}

/// A game reviewed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameReview {
    /// The variant's name.
    pub variant: String,
    /// The game's 1-based ordinal in its file.
    pub index: usize,
    /// Its tag pairs.
    pub tags: Vec<(String, String)>,
    /// The start position.
    pub start: String,
    /// The result token, if the game had one.
    pub result: Option<String>,
    /// Every move, in order.
    pub moves: Vec<MoveReview>,
    /// White's figures.
    pub white: Summary,
    /// Black's figures.
    pub black: Summary,
    /// Nodes searched.
    pub nodes: u64,
}

impl GameReview {
    /// The figures of `side`.
    pub fn summary(&self, side: Side) -> &Summary {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    /// The value of tag `name`, if present (names compare case-insensitively).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Why a game could not be reviewed.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// The game does not read or replay as the variant.
    #[error(transparent)]
    Pdn(#[from] PdnError),
    /// A move of the replayed line is not legal where it stands (the replay checked
    /// them all, so this is a bug).
    #[error("game {game}: move {ply} ({text}) is not legal")]
    Moves {
        /// The game's ordinal.
        game: usize,
        /// The move's index.
        ply: usize,
        /// Its text.
        text: String,
    },
    /// The review was stopped ([`Reviewer::stopped_by`]) before it ended.
    #[error("game {game}: the review was stopped")]
    Stopped {
        /// The game's ordinal.
        game: usize,
    },
}

/// Reviews games with a borrowed searcher (and database, if any).
pub struct Reviewer<'a, V: Variant, E: Evaluator<V>> {
    searcher: &'a Searcher<V, E>,
    database: Option<&'a dyn EndgameOracle<V>>,
    settings: Settings,
    finder: Finder,
    curve: ScoreCurve,
    control: Option<&'a Control>,
}

/// One position's search.
struct Searched<V: Variant> {
    result: SearchResult<V>,
    database: Option<Wld>,
}

impl<'a, V: Variant, E: Evaluator<V>> Reviewer<'a, V, E> {
    /// A reviewer searching with `searcher`, its values exact where `database` holds
    /// a position.
    pub fn new(
        searcher: &'a Searcher<V, E>,
        database: Option<&'a dyn EndgameOracle<V>>,
        settings: Settings,
    ) -> Reviewer<'a, V, E> {
        Reviewer {
            searcher,
            database,
            settings,
            finder: Finder::new(settings.finder, PieceValues::for_variant::<V>()),
            curve: ScoreCurve::for_variant::<V>(),
            control: None,
        }
    }

    /// The same reviewer, stopped by `control`: once it is stopped, the review returns
    /// [`ReviewError::Stopped`] before its next position's search.
    pub fn stopped_by(self, control: &'a Control) -> Reviewer<'a, V, E> {
        Reviewer {
            control: Some(control),
            ..self
        }
    }

    fn check_stopped(&self, game: &PdnGame) -> Result<(), ReviewError> {
        match self.control {
            Some(control) if control.is_stopped() => Err(ReviewError::Stopped { game: game.index }),
            _ => Ok(()),
        }
    }

    /// Reviews `game`'s main line; `progress` hears (positions searched, positions).
    ///
    /// # Errors
    /// [`ReviewError::Pdn`] if the game does not replay as `V`.
    pub fn review(
        &self,
        game: &PdnGame,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<GameReview, ReviewError> {
        let line = game.replay::<V>()?;
        self.searcher.clear();
        let total = line.moves.len() + 1;
        let mut history = Game::from_position(line.start);
        let mut searched = Vec::with_capacity(total);
        for (ply, mv) in line.moves.iter().enumerate() {
            self.check_stopped(game)?;
            searched.push(self.search(&history));
            progress(ply + 1, total);
            history.play(mv).map_err(|_| ReviewError::Moves {
                game: game.index,
                ply,
                text: history.position().move_text(mv),
            })?;
        }
        self.check_stopped(game)?;
        searched.push(self.search(&history));
        progress(total, total);
        let positions = history.positions();
        let found: Vec<Option<Outcome<V>>> = if self.settings.explain {
            positions.iter().map(|p| self.finder.find_any(p)).collect()
        } else {
            vec![None; positions.len()]
        };
        let mut review = GameReview {
            variant: V::NAME.to_string(),
            index: game.index,
            tags: game.tags.clone(),
            start: line.start.to_fen(),
            result: game.result.clone(),
            moves: Vec::with_capacity(line.moves.len()),
            white: Summary::default(),
            black: Summary::default(),
            nodes: searched.iter().map(|s| s.result.nodes).sum(),
        };
        for (ply, mv) in line.moves.iter().enumerate() {
            let judged = self.judge(&line.start, positions, &line.moves, ply, &searched, &found);
            let summary = match Side::from(positions[ply].turn()) {
                Side::White => &mut review.white,
                Side::Black => &mut review.black,
            };
            if judged.choices > 1 {
                summary.add(judged.loss, judged.class);
            }
            debug_assert_eq!(judged.played.text, positions[ply].move_text(mv));
            review.moves.push(judged);
        }
        self.check_stopped(game)?;
        Ok(review)
    }

    fn search(&self, history: &Game<V>) -> Searched<V> {
        let pos = history.position();
        let database = self
            .database
            .filter(|db| pos.piece_count() <= db.max_pieces())
            .and_then(|db| db.probe(pos));
        let control = Control::default();
        let result = self
            .searcher
            .search(history, self.settings.limits, &control, &mut |_| {});
        Searched { result, database }
    }

    /// The review of move `ply`.
    fn judge(
        &self,
        start: &Position<V>,
        positions: &[Position<V>],
        moves: &[Move<V>],
        ply: usize,
        searched: &[Searched<V>],
        found: &[Option<Outcome<V>>],
    ) -> MoveReview {
        let (pos, after, played) = (&positions[ply], &positions[ply + 1], &moves[ply]);
        let (here, next) = (&searched[ply], &searched[ply + 1]);
        let choices = pos.legal_moves().len();
        let before = self.eval(here.result.score, here.database);
        let after_eval = self.eval(-next.result.score, next.database.map(flip));
        let best = here.result.best_move.filter(|best| best != played);
        let database = here.database.zip(next.database.map(flip));
        let (loss, class) = match database {
            Some((b, a)) => {
                let loss = (judge::expected_of(b) - judge::expected_of(a)).max(0.0);
                (loss, Class::of_values(b, a))
            }
            None if choices > 1 && best.is_some() => {
                let loss = (before.expected - after_eval.expected).max(0.0);
                (loss, self.settings.thresholds.class(loss))
            }
            None => (0.0, None),
        };
        let class = class.filter(|_| choices > 1);
        let values = self.finder.values();
        let shot_from = |outcome: &Option<Outcome<V>>, at: &Position<V>| {
            outcome
                .as_ref()
                .map(|o| explain::net(o, at, pos, values))
                .filter(|f| f.wins(values))
        };
        // A shot is named where the move is an error and the search agrees: the
        // opponent's search plays the shot allowed, the mover's search the shot missed
        // (a line the finder proves may still fail beyond its last move).
        let error = class.is_some() && self.settings.explain;
        let allowed = shot_from(&found[ply + 1], after)
            .filter(|shot| error && next.result.best_move.as_ref() == shot.line.first());
        let own = shot_from(&found[ply], pos);
        let missed = own.clone().filter(|shot| {
            error && best.is_some() && here.result.best_move.as_ref() == shot.line.first()
        });
        let threat = (self.settings.explain && own.is_none())
            .then(|| explain::threat(&self.finder, after))
            .flatten()
            .map(|made| {
                let reply = moves.get(ply + 1);
                Threat {
                    shot: self.shot(&passed(after), &made.shot),
                    counters: made
                        .counters
                        .iter()
                        .map(|m| ReviewMove::of(after, m))
                        .collect(),
                    parried: reply.map(|r| made.counters.contains(r)),
                    confirmed: self.settings.confirm.map(|limits| {
                        let passed = Game::from_position(passed(after));
                        let control = Control::default();
                        let deeper = self.searcher.search(&passed, limits, &control, &mut |_| {});
                        deeper.score - -next.result.score >= values.man / 2
                    }),
                }
            });
        let (number, second) = move_number::<V>(start.turn(), ply);
        MoveReview {
            ply,
            number,
            second,
            side: pos.turn().into(),
            fen: pos.to_fen(),
            played: ReviewMove::of(pos, played),
            choices,
            before,
            after: after_eval,
            best: best
                .map(|_| ReviewMove::line(pos, &here.result.pv))
                .unwrap_or_default(),
            loss,
            class,
            database,
            allowed: allowed.map(|s| self.shot(after, &s)),
            missed: missed.map(|s| self.shot(pos, &s)),
            threat,
        }
    }

    fn eval(&self, score: Score, database: Option<Wld>) -> Eval {
        Eval {
            score,
            text: match database {
                Some(Wld::Win) => "database win".to_string(),
                Some(Wld::Draw) => "database draw".to_string(),
                Some(Wld::Loss) => "database loss".to_string(),
                None => human_score(score),
            },
            expected: database.map_or_else(|| self.curve.expected(score), judge::expected_of),
        }
    }

    fn shot(&self, pos: &Position<V>, found: &Found<V>) -> Shot {
        Shot {
            line: ReviewMove::line(pos, &found.line),
            gain: found.gain,
            crowned: found.crowned,
        }
    }
}

/// The value for the other side.
fn flip(value: Wld) -> Wld {
    match value {
        Wld::Win => Wld::Loss,
        Wld::Loss => Wld::Win,
        Wld::Draw => Wld::Draw,
    }
}

/// The database's values as text: `["win", "draw"]`.
mod values_text {
    use draughts_core::Wld;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    fn text(value: Wld) -> &'static str {
        match value {
            Wld::Win => "win",
            Wld::Draw => "draw",
            Wld::Loss => "loss",
        }
    }

    pub fn serialize<S: Serializer>(
        values: &Option<(Wld, Wld)>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        values
            .map(|(b, a)| [text(b), text(a)])
            .serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<(Wld, Wld)>, D::Error> {
        let read = |t: &str| match t {
            "win" => Ok(Wld::Win),
            "draw" => Ok(Wld::Draw),
            "loss" => Ok(Wld::Loss),
            other => Err(serde::de::Error::unknown_variant(
                other,
                &["win", "draw", "loss"],
            )),
        };
        let values: Option<[String; 2]> = Option::deserialize(deserializer)?;
        values.map(|[b, a]| Ok((read(&b)?, read(&a)?))).transpose()
    }
}

#[cfg(test)]
mod tests;
