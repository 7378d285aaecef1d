//! The game review from Python: `Engine.review` and `Engine.review_games` (engine.rs)
//! give `GameReview`s, read-only values over the engine crate's review
//! ([`draughts_engine::review`]) that write and read JSON and annotated PDN. The
//! judging, the classes and the explanations are the crate's; this converts.

use crate::batch;
use crate::board::Board;
use crate::engine::{seconds, Search};
use crate::errors::{self, EngineError, PdnError, ReviewError};
use crate::pdn::Game;
use draughts_core::pdn::{PdnGame, PdnReader};
use draughts_core::{AnyGame, AnyPosition, VariantKind, Wld};
use draughts_engine::review::{self as reviewed, Class, Settings, Side};
use draughts_search::{Limits, INFINITY};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The deepest search a position may be given (as `draughts review --depth`).
const MAX_DEPTH: u32 = 100;

/// The settings of a review from the keyword arguments Python gave: the limits of each
/// position's search (`Settings::DEFAULT_NODES` nodes when none is given).
///
/// # Errors
/// `ValueError` for a depth, node count or time that is no limit.
pub fn settings(
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<f64>,
    explain: bool,
    confirm_nodes: Option<u64>,
) -> PyResult<Settings> {
    if let Some(depth) = depth.filter(|d| !(1..=MAX_DEPTH).contains(d)) {
        return Err(PyValueError::new_err(format!(
            "depth={depth}: give 1 to {MAX_DEPTH}"
        )));
    }
    for (name, value) in [("nodes", nodes), ("confirm_nodes", confirm_nodes)] {
        if value == Some(0) {
            return Err(PyValueError::new_err(format!("{name}=0: give at least 1")));
        }
    }
    let move_time = seconds(time)?;
    if move_time.is_some_and(|t| t.is_zero()) {
        return Err(PyValueError::new_err(
            "time=0: give a positive number of seconds",
        ));
    }
    let limits = match (depth, nodes, move_time) {
        (None, None, None) => Limits::nodes(Settings::DEFAULT_NODES),
        _ => Limits {
            depth,
            nodes,
            move_time,
            clock: None,
        },
    };
    Ok(Settings {
        limits,
        explain,
        confirm: confirm_nodes.map(Limits::nodes),
        ..Settings::default()
    })
}

/// A game to review as Python gives it.
#[derive(FromPyObject)]
pub enum GameSource<'py> {
    /// A PDN game.
    #[pyo3(transparent, annotation = "Game")]
    Game(PyRef<'py, Game>),
    /// A board's moves from its root.
    #[pyo3(transparent, annotation = "Board")]
    Board(PyRef<'py, Board>),
    /// The PDN text of one game.
    #[pyo3(transparent, annotation = "str")]
    Text(String),
}

impl GameSource<'_> {
    /// The game as PDN, for an engine of `kind`.
    ///
    /// # Errors
    /// `EngineError` for a `Game` or `Board` of another variant (a text's `GameType`
    /// is checked by the replay, as `review_games` does); `PdnError` for a text that
    /// holds no game, several, or one that does not read.
    pub fn into_pdn(self, kind: VariantKind) -> PyResult<PdnGame> {
        let (pdn, game_kind) = match self {
            GameSource::Game(game) => (game.pdn().clone(), game.kind()),
            GameSource::Board(board) => (board.game().to_pdn(), board.game().kind()),
            GameSource::Text(text) => {
                let mut games = PdnReader::new(&text);
                let first = games
                    .next()
                    .ok_or_else(|| PdnError::new_err("the text holds no game"))?
                    .map_err(|e| PdnError::new_err(e.to_string()))?;
                if games.next().is_some() {
                    return Err(PdnError::new_err(
                        "the text holds several games: review them with review_games",
                    ));
                }
                (first, kind)
            }
        };
        if game_kind != kind {
            return Err(EngineError::new_err(format!(
                "this engine plays {kind}, the game is {game_kind}"
            )));
        }
        Ok(pdn)
    }
}

/// The Python exception for a review that could not be made: `PdnError` for a game
/// that does not read or replay.
pub fn error(error: reviewed::ReviewError) -> PyErr {
    match error {
        reviewed::ReviewError::Pdn(error) => PdnError::new_err(error.to_string()),
        other => ReviewError::new_err(other.to_string()),
    }
}

/// Reviews every game of `text` with `searcher` (see `Engine.review_games`).
///
/// # Errors
/// `ValueError` for a bad `jobs`, `TypeError` for a `progress` that cannot be called,
/// and what `progress` raised (or `KeyboardInterrupt`).
pub fn review_games(
    py: Python<'_>,
    searcher: &dyn Search,
    kind: VariantKind,
    text: &str,
    settings: Settings,
    jobs: Option<usize>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<Vec<Py<PyAny>>> {
    let jobs = batch::jobs(jobs)?;
    let progress = batch::progress(progress)?;
    let games: Vec<_> = PdnReader::new(text).collect();
    let reviews = batch::run(py, games.len(), progress, |skip, event| {
        searcher.review_all(&games, jobs, settings, skip, event);
    })?;
    reviews
        .into_iter()
        .map(|review| match review {
            Some(Ok(review)) => Ok(Py::new(py, GameReview::new(review, kind))?.into_any()),
            Some(Err(failed)) => Ok(error(failed).into_value(py).into_any()),
            None => Ok(ReviewError::new_err("the game was not reviewed")
                .into_value(py)
                .into_any()),
        })
        .collect()
}

/// `WHITE` (`True`) or `BLACK` (`False`).
fn color(side: Side) -> bool {
    side == Side::White
}

/// A class's name as JSON writes it: `blunder`, `missed-win`.
fn class_name(class: Class) -> String {
    match serde_json::to_value(class) {
        Ok(serde_json::Value::String(name)) => name,
        _ => class.name().to_string(),
    }
}

/// `win`, `draw` or `loss`, as `Egdb.probe` says.
fn value_name(value: Wld) -> &'static str {
    match value {
        Wld::Win => "win",
        Wld::Draw => "draw",
        Wld::Loss => "loss",
    }
}

/// The board of `fen`, a position of `kind`.
pub(crate) fn board_at(kind: VariantKind, fen: &str) -> PyResult<Board> {
    let pos = AnyPosition::from_fen(kind, fen).map_err(errors::fen)?;
    Ok(Board::from_game(AnyGame::from_position(pos)))
}

/// A game reviewed: every move judged and explained (`moves`), both sides' figures
/// (`white`, `black`), as annotated PDN and as JSON.
///
/// Made by `Engine.review` and `Engine.review_games` (or `fastdraughts.review`), or
/// read back with `GameReview.from_json`. Reviews are equal when all their figures are.
#[pyclass(module = "fastdraughts.review", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct GameReview {
    review: reviewed::GameReview,
    kind: VariantKind,
}

impl GameReview {
    /// `review`, of a game of `kind`.
    pub fn new(review: reviewed::GameReview, kind: VariantKind) -> GameReview {
        GameReview { review, kind }
    }
}

#[pymethods]
impl GameReview {
    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.kind.name()
    }

    /// The game's 1-based ordinal in its PDN text (0 for a game made in code).
    #[getter]
    fn index(&self) -> usize {
        self.review.index
    }

    /// The game's tags in file order, as a new dict.
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in &self.review.tags {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// The FEN of the position the game started from.
    #[getter]
    fn start_fen(&self) -> String {
        self.review.start.clone()
    }

    /// The game's result token, if it had one.
    #[getter]
    fn result(&self) -> Option<String> {
        self.review.result.clone()
    }

    /// Every move reviewed, in order (a new list of `MoveReview`).
    #[getter]
    fn moves(&self) -> Vec<MoveReview> {
        self.review
            .moves
            .iter()
            .map(|review| MoveReview {
                review: review.clone(),
                kind: self.kind,
            })
            .collect()
    }

    /// White's figures.
    #[getter]
    fn white(&self) -> Summary {
        Summary(self.review.white)
    }

    /// Black's figures.
    #[getter]
    fn black(&self) -> Summary {
        Summary(self.review.black)
    }

    /// The figures of `color` (`WHITE` or `BLACK`).
    fn summary(&self, color: bool) -> Summary {
        Summary(if color {
            self.review.white
        } else {
            self.review.black
        })
    }

    /// The nodes searched.
    #[getter]
    fn nodes(&self) -> u64 {
        self.review.nodes
    }

    /// The game annotated, as a `Game`: each error marked with its NAG, every move's
    /// evaluation in a `[%eval]` comment (in men, from White's side), the explanations,
    /// and the engine's line after each error as a variation.
    fn annotated(&self) -> Game {
        Game::new(self.review.annotated(), self.kind)
    }

    /// The annotated game (`annotated()`) as PDN text; `pdn.read_games` reads it back.
    fn annotated_pdn(&self) -> String {
        self.review.annotated().to_string()
    }

    /// The review as JSON (the form `draughts review --json` writes a line of);
    /// `GameReview.from_json` reads it back.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.review).map_err(|e| ReviewError::new_err(e.to_string()))
    }

    /// A review from its JSON (`to_json`, or a line of `draughts review --json`).
    /// Raises `ReviewError` for text that does not read as a review.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<GameReview> {
        let invalid = |why: String| ReviewError::new_err(format!("not a game review: {why}"));
        let review: reviewed::GameReview =
            serde_json::from_str(text).map_err(|e| invalid(e.to_string()))?;
        let kind = review
            .variant
            .parse::<VariantKind>()
            .map_err(|e| invalid(e.to_string()))?;
        // The annotated PDN numbers the engine's lines on from each move's number, and
        // turns the scores round for White's side.
        for mv in &review.moves {
            let numbered = u32::try_from(mv.best.len())
                .ok()
                .and_then(|n| mv.number.checked_add(n));
            if numbered.is_none() {
                return Err(invalid(format!(
                    "move {} has the number {}",
                    mv.ply, mv.number
                )));
            }
            for eval in [&mv.before, &mv.after] {
                if !(-INFINITY..=INFINITY).contains(&eval.score) {
                    return Err(invalid(format!(
                        "move {} has the score {}, beyond any search's",
                        mv.ply, eval.score
                    )));
                }
            }
        }
        Ok(GameReview { review, kind })
    }

    /// Pickles as its JSON.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = py.get_type::<GameReview>().getattr("from_json")?;
        Ok((from_json, (self.to_json()?,)))
    }

    fn __repr__(&self) -> String {
        let tag = |name| self.review.tag(name).unwrap_or("?");
        format!(
            "<GameReview {:?} vs {:?} ({}), {} moves, accuracy {:.1}% / {:.1}%>",
            tag("White"),
            tag("Black"),
            self.kind.name(),
            self.review.moves.len(),
            self.review.white.accuracy(),
            self.review.black.accuracy()
        )
    }
}

/// One move of a game, judged and explained.
///
/// `before` and `after` are the evaluations of the positions before and after the move,
/// both for the side that played it; `loss` is the expected score it gave away (0 when
/// the engine would play it too) and `class_` its class if it was an error.
#[pyclass(module = "fastdraughts.review", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct MoveReview {
    review: reviewed::MoveReview,
    kind: VariantKind,
}

#[pymethods]
impl MoveReview {
    /// The move's index in the game (0 for the first).
    #[getter]
    fn ply(&self) -> usize {
        self.review.ply
    }

    /// Its move number, as PDN writes it.
    #[getter]
    fn number(&self) -> u32 {
        self.review.number
    }

    /// Whether it is the second mover's move of its number (`12...`).
    #[getter]
    fn second(&self) -> bool {
        self.review.second
    }

    /// Who played it: `WHITE` (`True`) or `BLACK` (`False`).
    #[getter]
    fn side(&self) -> bool {
        color(self.review.side)
    }

    /// The FEN of the position it was played in.
    #[getter]
    fn fen(&self) -> String {
        self.review.fen.clone()
    }

    /// The board of the position it was played in (without the game's earlier moves).
    fn board(&self) -> PyResult<Board> {
        board_at(self.kind, &self.review.fen)
    }

    /// The move played.
    #[getter]
    fn played(&self) -> ReviewMove {
        ReviewMove(self.review.played.clone())
    }

    /// How many legal moves there were (a lone move is not judged).
    #[getter]
    fn choices(&self) -> usize {
        self.review.choices
    }

    /// The evaluation before the move, for its mover.
    #[getter]
    fn before(&self) -> Evaluation {
        Evaluation(self.review.before.clone())
    }

    /// The evaluation after the move, for its mover.
    #[getter]
    fn after(&self) -> Evaluation {
        Evaluation(self.review.after.clone())
    }

    /// The engine's move and line where it chose another move, else empty.
    #[getter]
    fn best(&self) -> Vec<ReviewMove> {
        self.review.best.iter().cloned().map(ReviewMove).collect()
    }

    /// The expected score (0 to 1) the move gave away.
    #[getter]
    fn loss(&self) -> f64 {
        self.review.loss
    }

    /// Its class if it was an error: `"inaccuracy"`, `"mistake"`, `"blunder"`, or where
    /// an endgame database holds both positions `"missed-win"`, `"thrown-win"`,
    /// `"thrown-draw"`; else `None`.
    #[getter(class_)]
    fn class_name(&self) -> Option<String> {
        self.review.class.map(class_name)
    }

    /// The numeric annotation glyph of its class: 6 (`?!`), 2 (`?`), 4 (`??`), or `None`.
    #[getter]
    fn nag(&self) -> Option<u16> {
        self.review.class.map(Class::nag)
    }

    /// The mark of its class: `"?!"`, `"?"`, `"??"`, or `None`.
    #[getter]
    fn mark(&self) -> Option<&'static str> {
        self.review.class.map(Class::mark)
    }

    /// The database's values (`"win"`, `"draw"`, `"loss"`) before and after the move,
    /// for its mover, where the database holds both positions; else `None`.
    #[getter]
    fn database(&self) -> Option<(&'static str, &'static str)> {
        self.review
            .database
            .map(|(before, after)| (value_name(before), value_name(after)))
    }

    /// The opponent's shot the move allowed (errors only), else `None`.
    #[getter]
    fn allowed(&self) -> Option<Shot> {
        self.review.allowed.clone().map(Shot)
    }

    /// The mover's shot it did not play (errors only), else `None`.
    #[getter]
    fn missed(&self) -> Option<Shot> {
        self.review.missed.clone().map(Shot)
    }

    /// The threat the move made, else `None`.
    #[getter]
    fn threat(&self) -> Option<Threat> {
        self.review.threat.clone().map(Threat)
    }

    /// The class and explanation in words, if there is anything to say: `Blunder
    /// (+0.10 → -1.20); 27-21 was better; allows the shot …`.
    #[getter]
    fn explanation(&self) -> Option<String> {
        self.review.explanation()
    }

    fn __repr__(&self) -> String {
        let dots = if self.review.second { "..." } else { "." };
        format!(
            "<MoveReview {}{dots} {}{}, loss {:.3}>",
            self.review.number,
            self.review.played.text,
            self.review.class.map_or("", Class::mark),
            self.review.loss
        )
    }
}

/// A move as a review shows it: its PDN text and the squares an arrow joins
/// (`svg.board(board, arrows=[...])` draws it).
#[pyclass(module = "fastdraughts.review", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct ReviewMove(pub(crate) reviewed::ReviewMove);

#[pymethods]
impl ReviewMove {
    /// The move's PDN text, as the variant writes squares.
    #[getter]
    fn text(&self) -> String {
        self.0.text.clone()
    }

    /// The start square's number.
    #[getter(from_square)]
    fn start_square(&self) -> u8 {
        self.0.from
    }

    /// The end square's number.
    #[getter]
    fn to_square(&self) -> u8 {
        self.0.to
    }

    fn __str__(&self) -> String {
        self.0.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("ReviewMove('{}')", self.0.text)
    }
}

/// A position's evaluation for the side a `MoveReview` is about.
#[pyclass(module = "fastdraughts.review", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Evaluation(reviewed::Eval);

#[pymethods]
impl Evaluation {
    /// The search's score, in hundredths of a man (`SCORE_MAN`), or a proven result's
    /// code (as `Engine.analyse` gives it).
    #[getter]
    fn score(&self) -> i32 {
        self.0.score
    }

    /// The score for people: `+0.35`, `win in 7 plies`, `database win`.
    #[getter]
    fn text(&self) -> String {
        self.0.text.clone()
    }

    /// The expected score, 0 (a loss) to 1 (a win).
    #[getter]
    fn expected(&self) -> f64 {
        self.0.expected
    }

    fn __repr__(&self) -> String {
        format!(
            "<Evaluation {}, expected {:.3}>",
            self.0.text, self.0.expected
        )
    }
}

/// A combination: its moves and what it wins.
#[pyclass(module = "fastdraughts.review", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Shot(reviewed::Shot);

#[pymethods]
impl Shot {
    /// The moves, from the position it is played in.
    #[getter]
    fn line(&self) -> Vec<ReviewMove> {
        self.0.line.iter().cloned().map(ReviewMove).collect()
    }

    /// The net material won, in hundredths of a man, counted from the position before
    /// the move reviewed (a game won outright counts ten men more).
    #[getter]
    fn gain(&self) -> i32 {
        self.0.gain
    }

    /// Whether it ends with a new king.
    #[getter]
    fn crowned(&self) -> bool {
        self.0.crowned
    }

    fn __repr__(&self) -> String {
        let line: Vec<&str> = self.0.line.iter().map(|m| m.text.as_str()).collect();
        format!(
            "<Shot {}, gain {}{}>",
            line.join(" "),
            self.0.gain,
            if self.0.crowned { ", crowned" } else { "" }
        )
    }
}

/// A threat a move made: the shot its mover would have if the opponent passed.
#[pyclass(module = "fastdraughts.review", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Threat(reviewed::Threat);

#[pymethods]
impl Threat {
    /// The shot threatened.
    #[getter]
    fn shot(&self) -> Shot {
        Shot(self.0.shot.clone())
    }

    /// The opponent's replies after which the shot is gone.
    #[getter]
    fn counters(&self) -> Vec<ReviewMove> {
        self.0.counters.iter().cloned().map(ReviewMove).collect()
    }

    /// Whether the reply played was a counter (`None` at the game's end).
    #[getter]
    fn parried(&self) -> Option<bool> {
        self.0.parried
    }

    /// Whether a deeper search (`confirm_nodes`) sees the opponent lose at least half a
    /// man by passing (`None` when not asked).
    #[getter]
    fn confirmed(&self) -> Option<bool> {
        self.0.confirmed
    }

    fn __repr__(&self) -> String {
        let line: Vec<&str> = self.0.shot.line.iter().map(|m| m.text.as_str()).collect();
        format!(
            "<Threat {}, {} counters>",
            line.join(" "),
            self.0.counters.len()
        )
    }
}

/// One side's figures over a game.
#[pyclass(module = "fastdraughts.review", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Summary(reviewed::Summary);

#[pymethods]
impl Summary {
    /// Moves judged: the side's moves with a choice (a lone legal move is not judged).
    #[getter]
    fn moves(&self) -> usize {
        self.0.moves
    }

    /// Moves of each class, as a new dict of every class name (`MoveReview.class_`).
    #[getter]
    fn counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for class in Class::ALL {
            dict.set_item(class_name(class), self.0.count(class))?;
        }
        Ok(dict)
    }

    /// The expected score lost over the judged moves.
    #[getter]
    fn total_loss(&self) -> f64 {
        self.0.total_loss
    }

    /// The expected score lost a judged move (0 without one).
    #[getter]
    fn average_loss(&self) -> f64 {
        self.0.average_loss()
    }

    /// The mean of the judged moves' accuracies, in percent (100 without a judged move;
    /// a move's accuracy is `100 · e^(−4.35 · loss)`).
    #[getter]
    fn accuracy(&self) -> f64 {
        self.0.accuracy()
    }

    fn __repr__(&self) -> String {
        let errors: Vec<String> = Class::ALL
            .into_iter()
            .filter(|&c| self.0.count(c) > 0)
            .map(|c| format!("{} {}", self.0.count(c), class_name(c)))
            .collect();
        format!(
            "<Summary {} moves, accuracy {:.1}%, average loss {:.3}{}{}>",
            self.0.moves,
            self.0.accuracy(),
            self.0.average_loss(),
            if errors.is_empty() { "" } else { ", " },
            errors.join(", ")
        )
    }
}
