//! Puzzle files: PDN, one puzzle a game, so that any PDN reader (a GUI, pydraughts)
//! shows them. A puzzle is a game set up from its position (`SetUp`, `FEN`) whose
//! moves are the solution; the source game's players, event and date are its tags,
//! and these tags say the rest:
//!
//! | tag | value |
//! |---|---|
//! | `PuzzleSource` | `FILE#GAME:PLY`, the game's ordinal in FILE and the ply before which the position stands |
//! | `PuzzleFound` | `yes` if the player played the key in the game, `no` if not |
//! | `PuzzleEffort` | the positions the finder visited to prove the solution |
//! | `PuzzleCheck` | `database`, or `search NODES MARGIN`: every move searched NODES nodes, the key ahead by MARGIN hundredths of a man |
//!
//! The solution's gain, length and sacrifices are read off the moves. A file of
//! positions and solutions alone (no `Puzzle` tags) reads too.

use super::{Check, Puzzle, Source};
use draughts_core::pdn::{PdnError, PdnGame, PdnReader};
use draughts_core::{FenError, Game, GameResult, Move, MoveTextError, Position, Variant};

/// Why a puzzle did not read.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    /// The game does not read as PDN, or does not replay as the variant.
    #[error(transparent)]
    Pdn(#[from] PdnError),
    /// The puzzle's position is not one of the variant.
    #[error("puzzle {game}: {source}")]
    Position {
        /// The puzzle's ordinal.
        game: usize,
        /// Why.
        source: FenError,
    },
    /// A move of the solution is not legal.
    #[error("puzzle {game}, move {ply} of the solution: {source}")]
    Solution {
        /// The puzzle's ordinal.
        game: usize,
        /// The move's index in the solution.
        ply: usize,
        /// Why.
        source: MoveTextError,
    },
    /// The game has no moves: a puzzle needs its solution.
    #[error("game {game}: no solution (the game has no moves)")]
    NoSolution {
        /// The game's ordinal in the file.
        game: usize,
    },
    /// A `Puzzle…` tag's value does not read.
    #[error("game {game}: tag {tag} {value:?}: {expected}")]
    Tag {
        /// The game's ordinal in the file.
        game: usize,
        /// The tag.
        tag: &'static str,
        /// Its value.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
}

impl Puzzle {
    /// The puzzle as a PDN game (see the module's documentation).
    ///
    /// # Errors
    /// [`PuzzleError::Position`] or [`PuzzleError::Solution`] if the position or
    /// the solution is not of variant `V`.
    pub fn to_pdn<V: Variant>(&self) -> Result<PdnGame, PuzzleError> {
        let (pos, solution) = self.replayed::<V>(0)?;
        let illegal = |e: draughts_core::IllegalMove| PuzzleError::Solution {
            game: 0,
            ply: 0,
            source: MoveTextError::Illegal(e.0),
        };
        let mut pdn =
            PdnGame::from_moves(&pos, &solution, Some(GameResult::Unfinished)).map_err(illegal)?;
        let mut set = |name: &str, value: String| pdn.set_tag(name, &value);
        if let Some(source) = &self.source {
            set("Event", source.event.clone());
            set("Date", source.date.clone());
            set("White", source.white.clone());
            set("Black", source.black.clone());
            set(
                "PuzzleSource",
                format!("{}#{}:{}", source.file, source.game, source.ply),
            );
            set(
                "PuzzleFound",
                if source.found { "yes" } else { "no" }.to_string(),
            );
        }
        set("PuzzleEffort", self.difficulty.effort.to_string());
        match self.check {
            Some(Check::Database) => set("PuzzleCheck", "database".to_string()),
            Some(Check::Search { nodes, margin }) => {
                set("PuzzleCheck", format!("search {nodes} {margin}"));
            }
            None => {}
        }
        Ok(pdn)
    }

    /// The puzzle of a PDN game of variant `V`.
    ///
    /// # Errors
    /// [`PuzzleError`] if the game does not replay as `V`, has no moves, or a `Puzzle…`
    /// tag does not read.
    pub fn from_pdn<V: Variant>(pdn: &PdnGame) -> Result<Puzzle, PuzzleError> {
        let line = pdn.replay::<V>()?;
        if line.moves.is_empty() {
            return Err(PuzzleError::NoSolution { game: pdn.index });
        }
        let mut puzzle = Puzzle::of_line(&line.start, &line.moves);
        let bad = |tag: &'static str, value: &str, expected: &'static str| PuzzleError::Tag {
            game: pdn.index,
            tag,
            value: value.to_string(),
            expected,
        };
        if let Some(value) = pdn.tag("PuzzleEffort") {
            puzzle.difficulty.effort = value
                .trim()
                .parse()
                .map_err(|_| bad("PuzzleEffort", value, "a number"))?;
        }
        if let Some(value) = pdn.tag("PuzzleCheck") {
            let expected = "`database` or `search NODES MARGIN`";
            let words: Vec<&str> = value.split_whitespace().collect();
            puzzle.check = Some(match words.as_slice() {
                ["database"] => Check::Database,
                ["search", nodes, margin] => Check::Search {
                    nodes: nodes
                        .parse()
                        .map_err(|_| bad("PuzzleCheck", value, expected))?,
                    margin: margin
                        .parse()
                        .map_err(|_| bad("PuzzleCheck", value, expected))?,
                },
                _ => return Err(bad("PuzzleCheck", value, expected)),
            });
        }
        if let Some(value) = pdn.tag("PuzzleSource") {
            let expected = "FILE#GAME:PLY";
            let (file, place) = value
                .rsplit_once('#')
                .ok_or_else(|| bad("PuzzleSource", value, expected))?;
            let (game, ply) = place
                .split_once(':')
                .and_then(|(g, p)| Some((g.parse().ok()?, p.parse().ok()?)))
                .ok_or_else(|| bad("PuzzleSource", value, expected))?;
            let found = match pdn.tag("PuzzleFound") {
                None | Some("no") => false,
                Some("yes") => true,
                Some(other) => return Err(bad("PuzzleFound", other, "`yes` or `no`")),
            };
            let tag = |name| pdn.tag(name).unwrap_or("?").to_string();
            puzzle.source = Some(Source {
                file: file.to_string(),
                game,
                ply,
                white: tag("White"),
                black: tag("Black"),
                event: tag("Event"),
                date: tag("Date"),
                found,
            });
        }
        Ok(puzzle)
    }

    /// The position and the solution's moves, for variant `V`; `game` names the
    /// puzzle in errors.
    ///
    /// # Errors
    /// [`PuzzleError::Position`] or [`PuzzleError::Solution`] if the position is not
    /// of `V` or a move is not legal.
    pub fn replayed<V: Variant>(
        &self,
        game: usize,
    ) -> Result<(Position<V>, Vec<Move<V>>), PuzzleError> {
        let pos: Position<V> = self
            .fen
            .parse()
            .map_err(|source| PuzzleError::Position { game, source })?;
        let mut replay = Game::from_position(pos);
        for (ply, mv) in self.solution.iter().enumerate() {
            replay
                .play_text(&mv.text)
                .map_err(|source| PuzzleError::Solution { game, ply, source })?;
        }
        Ok((pos, replay.moves().to_vec()))
    }
}

/// The puzzles of a PDN file's contents: each game's puzzle, or why it is none.
pub fn read_puzzles<V: Variant>(bytes: &[u8]) -> Vec<Result<Puzzle, PuzzleError>> {
    PdnReader::from_bytes(bytes)
        .map(|game| Puzzle::from_pdn::<V>(&game?))
        .collect()
}
