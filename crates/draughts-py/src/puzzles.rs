//! Puzzles from Python: `Engine.puzzle`, `Engine.find_puzzles` and
//! `Engine.verify_puzzle` (engine.rs) give and check `Puzzle`s, read-only values over
//! the engine crate's ([`draughts_engine::puzzles`]) that write and read their PDN file
//! and JSON. Finding, checking and the file format are the crate's; this converts.

use crate::batch;
use crate::board::Board;
use crate::engine::Search;
use crate::errors::{self, PdnError, PuzzleError};
use crate::pdn::Game;
use crate::review::{board_at, GameSource, ReviewMove};
use draughts_core::pdn::{PdnGame, PdnReader};
use draughts_core::{with_variant, AnyPosition, VariantKind};
use draughts_engine::puzzles::file::PuzzleError as FileError;
use draughts_engine::puzzles::{self as found, Settings};
use draughts_search::Limits;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use std::collections::HashSet;

/// The settings of a puzzle search from the keyword arguments Python gave (the
/// crate's defaults where none is given).
///
/// # Errors
/// `ValueError` for a node count, round count or margin below 1.
pub fn settings(
    check_nodes: Option<u64>,
    check_rounds: Option<u32>,
    screen_nodes: Option<u64>,
    margin: Option<i32>,
    won: Option<i32>,
    skip_plies: usize,
) -> PyResult<Settings> {
    for (name, value) in [("check_nodes", check_nodes), ("screen_nodes", screen_nodes)] {
        if value == Some(0) {
            return Err(PyValueError::new_err(format!("{name}=0: give at least 1")));
        }
    }
    if check_rounds == Some(0) {
        return Err(PyValueError::new_err("check_rounds=0: give at least 1"));
    }
    if let Some(margin) = margin.filter(|&m| m < 1) {
        return Err(PyValueError::new_err(format!(
            "margin={margin}: give at least 1 (hundredths of a man)"
        )));
    }
    let default = Settings::default();
    Ok(Settings {
        check: check_nodes.map_or(default.check, Limits::nodes),
        rounds: check_rounds.unwrap_or(default.rounds),
        screen: screen_nodes.map_or(default.screen, |n| Some(Limits::nodes(n))),
        margin: margin.unwrap_or(default.margin),
        won: won.unwrap_or(default.won),
        skip_plies,
        ..default
    })
}

/// The settings that check `puzzle` again with a search of `nodes` nodes every move
/// (default: ten times the nodes it was checked with), as `draughts puzzles --verify`.
///
/// # Errors
/// `ValueError` for `nodes=0`.
pub fn verify_settings(puzzle: &found::Puzzle, nodes: Option<u64>) -> PyResult<Settings> {
    if nodes == Some(0) {
        return Err(PyValueError::new_err("nodes=0: give at least 1"));
    }
    Ok(Settings::verifying(puzzle, nodes))
}

/// The position of a board (its current one) or a FEN of `kind`.
///
/// # Errors
/// `EngineError` for a board of another variant, `InvalidFen` for a FEN that does not
/// read, `TypeError` for anything else.
pub fn position(at: &Bound<'_, PyAny>, kind: VariantKind) -> PyResult<AnyPosition> {
    if let Ok(board) = at.extract::<PyRef<'_, Board>>() {
        let game = board.game();
        if game.kind() != kind {
            return Err(errors::EngineError::new_err(format!(
                "this engine plays {kind}, the board is {}",
                game.kind()
            )));
        }
        return Ok(game.position());
    }
    if let Ok(fen) = at.cast::<PyString>() {
        return AnyPosition::from_fen(kind, &fen.to_string()).map_err(errors::fen);
    }
    Err(PyTypeError::new_err(
        "give a Board or a FEN of the engine's variant",
    ))
}

/// The games to search for puzzles, as Python gives them: PDN text (`str` or `bytes`),
/// or a list of `Game`s, `Board`s and PDN texts of one game each. Each game is numbered
/// by its 1-based place in the text or the list.
///
/// # Errors
/// For a list: `EngineError` for a game of another variant, `PdnError` for a text that
/// does not hold one game, `TypeError` for anything else.
pub fn games(
    games: &Bound<'_, PyAny>,
    kind: VariantKind,
) -> PyResult<Vec<Result<PdnGame, draughts_core::pdn::PdnError>>> {
    if let Ok(text) = games.cast::<PyString>() {
        return Ok(PdnReader::new(&text.to_string()).collect());
    }
    if let Ok(bytes) = games.cast::<PyBytes>() {
        return Ok(PdnReader::from_bytes(bytes.as_bytes()).collect());
    }
    let mut list = Vec::new();
    for (i, item) in games.try_iter()?.enumerate() {
        let mut pdn = item?.extract::<GameSource<'_>>()?.into_pdn(kind)?;
        pdn.index = i + 1;
        list.push(Ok(pdn));
    }
    Ok(list)
}

/// Searches `games` for puzzles with `searcher` (see `Engine.find_puzzles`): the
/// puzzles in game order, a game that does not read or replay as its `PdnError` in its
/// place, a position found again left out.
///
/// # Errors
/// `ValueError` for a bad `jobs`, `TypeError` for a `progress` that cannot be called,
/// and what `progress` raised (or `KeyboardInterrupt`).
#[allow(clippy::too_many_arguments)]
pub fn find_puzzles(
    py: Python<'_>,
    searcher: &dyn Search,
    kind: VariantKind,
    games: &[Result<PdnGame, draughts_core::pdn::PdnError>],
    file: &str,
    settings: Settings,
    jobs: Option<usize>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<Vec<Py<PyAny>>> {
    let jobs = batch::jobs(jobs)?;
    let progress = batch::progress(progress)?;
    let found = batch::run(py, games.len(), progress, |skip, event| {
        searcher.find_puzzles(games, file, jobs, settings, skip, event);
    })?;
    let mut seen = HashSet::new();
    let mut list = Vec::new();
    for result in found {
        match result {
            Some(Ok(puzzles)) => {
                for puzzle in puzzles {
                    if seen.insert(puzzle.fen.clone()) {
                        list.push(Py::new(py, Puzzle { puzzle, kind })?.into_any());
                    }
                }
            }
            Some(Err(failed)) => list.push(
                PdnError::new_err(failed.to_string())
                    .into_value(py)
                    .into_any(),
            ),
            None => {}
        }
    }
    Ok(list)
}

/// [`PuzzleError`] with the crate's message.
pub fn error(error: FileError) -> PyErr {
    PuzzleError::new_err(error.to_string())
}

/// Every puzzle of a puzzle file (PDN, one puzzle a game, as `Puzzle.to_pdn` and
/// `draughts puzzles --out` write it; a file of positions and their solutions alone
/// reads too), given as `str` or `bytes`. Each game is read as the variant its
/// `GameType` tag names, else as `variant`. Raises `PuzzleError` for the first game
/// that is no puzzle: one that does not read or replay, has no moves, or a `Puzzle…`
/// tag that does not read.
#[pyfunction]
#[pyo3(signature = (text, variant = "international"))]
pub fn read_puzzles(text: &Bound<'_, PyAny>, variant: &str) -> PyResult<Vec<Puzzle>> {
    let default = errors::variant(variant)?;
    let games: Vec<_> = if let Ok(text) = text.cast::<PyString>() {
        PdnReader::new(&text.to_string()).collect()
    } else if let Ok(bytes) = text.cast::<PyBytes>() {
        PdnReader::from_bytes(bytes.as_bytes()).collect()
    } else {
        return Err(PyTypeError::new_err(
            "give the puzzle file's text (str) or bytes",
        ));
    };
    games
        .into_iter()
        .map(|game| {
            let game = game.map_err(|e| error(e.into()))?;
            let kind = game.variant().unwrap_or(default);
            let puzzle =
                with_variant!(kind, V => found::Puzzle::from_pdn::<V>(&game)).map_err(error)?;
            Ok(Puzzle { puzzle, kind })
        })
        .collect()
}

/// A puzzle: a position where the side to move has a forced combination whose first
/// move (the key) is the only move that wins; its solution, what it wins, how hard it
/// is, how the key was checked and the game it comes from.
///
/// Made by `Engine.puzzle` and `Engine.find_puzzles` (or `fastdraughts.puzzles`), or
/// read with `read_puzzles` or `Puzzle.from_json`. Puzzles are equal when all their
/// fields are.
#[pyclass(module = "fastdraughts.puzzles", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Puzzle {
    puzzle: found::Puzzle,
    kind: VariantKind,
}

impl Puzzle {
    /// `puzzle`, of variant `kind`.
    pub fn new(puzzle: found::Puzzle, kind: VariantKind) -> Puzzle {
        Puzzle { puzzle, kind }
    }

    /// The crate's puzzle.
    pub fn inner(&self) -> &found::Puzzle {
        &self.puzzle
    }

    /// Its variant.
    pub fn kind(&self) -> VariantKind {
        self.kind
    }

    fn pdn(&self) -> PyResult<PdnGame> {
        with_variant!(self.kind, V => self.puzzle.to_pdn::<V>()).map_err(error)
    }
}

#[pymethods]
impl Puzzle {
    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.kind.name()
    }

    /// The FEN of the position, the solver to move.
    #[getter]
    fn fen(&self) -> String {
        self.puzzle.fen.clone()
    }

    /// The board of the position.
    fn board(&self) -> PyResult<Board> {
        board_at(self.kind, &self.puzzle.fen)
    }

    /// The solution: the key, the forced replies and the solver's moves (a new list of
    /// `ReviewMove`).
    #[getter]
    fn solution(&self) -> Vec<ReviewMove> {
        self.puzzle
            .solution
            .iter()
            .cloned()
            .map(ReviewMove)
            .collect()
    }

    /// The key: the solution's first move, the only one that wins.
    #[getter]
    fn key(&self) -> PyResult<ReviewMove> {
        // Every puzzle made here has a solution: found, read or from JSON.
        let key = self.puzzle.solution.first().cloned();
        key.map(ReviewMove)
            .ok_or_else(|| PuzzleError::new_err("the puzzle has no solution"))
    }

    /// The net material it wins, in hundredths of a man (`SCORE_MAN`; a game won
    /// outright adds ten men).
    #[getter]
    fn gain(&self) -> i32 {
        self.puzzle.gain
    }

    /// Whether it ends with a new king.
    #[getter]
    fn crowned(&self) -> bool {
        self.puzzle.crowned
    }

    /// How hard it is.
    #[getter]
    fn difficulty(&self) -> Difficulty {
        Difficulty(self.puzzle.difficulty)
    }

    /// How the key was found the only winning move, if it was (`None` for a puzzle
    /// read from a file without a `PuzzleCheck` tag).
    #[getter]
    fn check(&self) -> Option<Check> {
        self.puzzle.check.map(Check)
    }

    /// The game it comes from, if known.
    #[getter]
    fn source(&self) -> Option<Source> {
        self.puzzle.source.clone().map(Source)
    }

    /// The puzzle as a PDN `Game`: set up from its position, the solution as its moves,
    /// the source game's players, event and date as its tags, and `PuzzleSource`,
    /// `PuzzleFound`, `PuzzleEffort` and `PuzzleCheck` for the rest.
    fn game(&self) -> PyResult<Game> {
        Ok(Game::new(self.pdn()?, self.kind))
    }

    /// The puzzle as PDN text (`game()`), the form of `draughts puzzles --out`;
    /// `read_puzzles` reads it back.
    fn to_pdn(&self) -> PyResult<String> {
        Ok(self.pdn()?.to_string())
    }

    /// The puzzle as JSON; `Puzzle.from_json` reads it back.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.puzzle).map_err(|e| PuzzleError::new_err(e.to_string()))
    }

    /// A puzzle from its JSON (`to_json`). Raises `PuzzleError` for text that does not
    /// read as a puzzle, or whose solution does not replay from its position or does
    /// not give its figures.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Puzzle> {
        let invalid = |why: String| PuzzleError::new_err(format!("not a puzzle: {why}"));
        let puzzle: found::Puzzle =
            serde_json::from_str(text).map_err(|e| invalid(e.to_string()))?;
        let kind = puzzle
            .variant
            .parse::<VariantKind>()
            .map_err(|e| invalid(e.to_string()))?;
        // The figures are the solution's, as a puzzle found or read has them.
        let figured = with_variant!(kind, V => puzzle
            .replayed::<V>(0)
            .map(|(pos, line)| found::Puzzle::of_line(&pos, &line)))
        .map_err(|e| invalid(e.to_string()))?;
        if figured.solution.is_empty() {
            return Err(invalid("no solution".to_string()));
        }
        let theirs = (
            &puzzle.fen,
            &puzzle.solution,
            puzzle.gain,
            puzzle.crowned,
            puzzle.difficulty.plies,
            puzzle.difficulty.sacrifices,
            puzzle.difficulty.choices,
        );
        let ours = (
            &figured.fen,
            &figured.solution,
            figured.gain,
            figured.crowned,
            figured.difficulty.plies,
            figured.difficulty.sacrifices,
            figured.difficulty.choices,
        );
        if theirs != ours {
            return Err(invalid(
                "its position, solution and figures do not agree".to_string(),
            ));
        }
        Ok(Puzzle { puzzle, kind })
    }

    /// Pickles as its JSON.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = py.get_type::<Puzzle>().getattr("from_json")?;
        Ok((from_json, (self.to_json()?,)))
    }

    fn __repr__(&self) -> String {
        let line: Vec<&str> = self
            .puzzle
            .solution
            .iter()
            .map(|m| m.text.as_str())
            .collect();
        format!(
            "<Puzzle {} ({}): {}, gain {}{}>",
            self.puzzle.fen,
            self.kind.name(),
            line.join(" "),
            self.puzzle.gain,
            if self.puzzle.crowned { ", crowned" } else { "" }
        )
    }
}

/// How hard a puzzle is.
#[pyclass(module = "fastdraughts.puzzles", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Difficulty(found::Difficulty);

#[pymethods]
impl Difficulty {
    /// The solution's length in plies.
    #[getter]
    fn plies(&self) -> usize {
        self.0.plies
    }

    /// The solver's moves that give material (quiet moves after which the opponent
    /// must capture).
    #[getter]
    fn sacrifices(&self) -> usize {
        self.0.sacrifices
    }

    /// The positions the combination finder visited to prove it (0 when unknown).
    #[getter]
    fn effort(&self) -> u64 {
        self.0.effort
    }

    /// The legal moves in the puzzle's position.
    #[getter]
    fn choices(&self) -> usize {
        self.0.choices
    }

    fn __repr__(&self) -> String {
        format!(
            "<Difficulty {} plies, {} sacrifices, effort {}, {} choices>",
            self.0.plies, self.0.sacrifices, self.0.effort, self.0.choices
        )
    }
}

/// How a puzzle's key was found the only winning move: by the endgame database
/// (`kind == "database"`), or by a search of every move of `nodes` nodes in which the
/// key led every other move by `margin` hundredths of a man (`kind == "search"`).
#[pyclass(module = "fastdraughts.puzzles", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Check(found::Check);

#[pymethods]
impl Check {
    /// `"database"` or `"search"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            found::Check::Database => "database",
            found::Check::Search { .. } => "search",
        }
    }

    /// The nodes each move was searched (`None` for the database).
    #[getter]
    fn nodes(&self) -> Option<u64> {
        match self.0 {
            found::Check::Database => None,
            found::Check::Search { nodes, .. } => Some(nodes),
        }
    }

    /// The key's score less the best other move's, in hundredths of a man (`None` for
    /// the database).
    #[getter]
    fn margin(&self) -> Option<i32> {
        match self.0 {
            found::Check::Database => None,
            found::Check::Search { margin, .. } => Some(margin),
        }
    }

    fn __repr__(&self) -> String {
        match self.0 {
            found::Check::Database => "<Check database>".to_string(),
            found::Check::Search { nodes, margin } => {
                format!("<Check search of {nodes} nodes, margin {margin}>")
            }
        }
    }
}

/// The game a puzzle comes from.
#[pyclass(module = "fastdraughts.puzzles", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Source(found::Source);

#[pymethods]
impl Source {
    /// The games' file name, as `find_puzzles` was told it (`file=`).
    #[getter]
    fn file(&self) -> String {
        self.0.file.clone()
    }

    /// The game's 1-based ordinal in its text, file or list.
    #[getter]
    fn game(&self) -> usize {
        self.0.game
    }

    /// The ply of the game the position is before (0 for the first).
    #[getter]
    fn ply(&self) -> usize {
        self.0.ply
    }

    /// White's name, as the game's tag has it (`?` if not).
    #[getter]
    fn white(&self) -> String {
        self.0.white.clone()
    }

    /// Black's name (`?` if not).
    #[getter]
    fn black(&self) -> String {
        self.0.black.clone()
    }

    /// The event (`?` if not).
    #[getter]
    fn event(&self) -> String {
        self.0.event.clone()
    }

    /// The date (`?` if not).
    #[getter]
    fn date(&self) -> String {
        self.0.date.clone()
    }

    /// Whether the player found the key in the game.
    #[getter]
    fn found(&self) -> bool {
        self.0.found
    }

    fn __repr__(&self) -> String {
        format!(
            "<Source {}#{}:{}, {:?} vs {:?}{}>",
            self.0.file,
            self.0.game,
            self.0.ply,
            self.0.white,
            self.0.black,
            if self.0.found { ", found" } else { "" }
        )
    }
}
