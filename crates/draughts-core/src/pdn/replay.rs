//! The semantic layer: a [`PdnGame`]'s variant, start position and moves for a chosen
//! variant.

use super::numbering::{type_number, GameType, GameTypeError, NumberingError, Renumbering};
use super::{PdnError, PdnGame, PdnMove};
use crate::any::VariantKind;
use crate::game::{Game, GameResult};
use crate::moves::Move;
use crate::notation::{IllegalMove, MoveTextError};
use crate::piece::Color;
use crate::position::Position;
use crate::variant::Variant;
use std::borrow::Cow;

/// The main line of a game replayed for variant `V`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MainLine<V: Variant> {
    /// The position the game starts from (its `FEN` tag, or the initial position).
    pub start: Position<V>,
    /// The moves, each legal in the position it was played in.
    pub moves: Vec<Move<V>>,
    /// The position after the last move.
    pub end: Position<V>,
}

impl<V: Variant> MainLine<V> {
    /// The line as a [`Game`] (its history of positions and draw counters).
    ///
    /// ```
    /// use draughts_core::pdn::read_games;
    /// use draughts_core::English;
    ///
    /// let line = read_games("1. 11-15 23-19 *")[0].clone()?.replay::<English>()?;
    /// let game = line.to_game()?;
    /// assert_eq!((game.moves().len(), *game.position()), (2, line.end));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`IllegalMove`] for a move that is not legal where it stands, which a line the
    /// reader replayed never has.
    pub fn to_game(&self) -> Result<Game<V>, IllegalMove> {
        let mut game = Game::from_position(self.start);
        for mv in &self.moves {
            game.play(mv)?;
        }
        Ok(game)
    }
}

/// Move number and whether it is the second mover's, for the move at `ply` (0 for the
/// first) of a game whose start position has `turn` to move.
///
/// ```
/// use draughts_core::pdn::move_number;
/// use draughts_core::{Color, English, International};
///
/// assert_eq!(move_number::<International>(Color::White, 3), (2, true));
/// // English starts with Black: a game set up with White to move starts at 1...
/// assert_eq!(move_number::<English>(Color::White, 0), (1, true));
/// ```
pub fn move_number<V: Variant>(turn: Color, ply: usize) -> (u32, bool) {
    let offset = usize::from(turn != V::FIRST_TO_MOVE);
    let half = ply.saturating_add(offset);
    (
        u32::try_from(half / 2 + 1).unwrap_or(u32::MAX),
        half % 2 == 1,
    )
}

impl PdnGame {
    /// The first number of the `GameType` tag (`20` in `"20,W,10,10,N2,0"`), if there is
    /// one and it reads; the board fields are not looked at (see
    /// [`PdnGame::game_type_fields`]).
    ///
    /// ```
    /// use draughts_core::pdn::PdnGame;
    ///
    /// let mut game = PdnGame::default();
    /// assert_eq!(game.game_type(), None);
    /// game.set_tag("GameType", "21,B,8,8,N1,0");
    /// assert_eq!(game.game_type(), Some(21));
    /// ```
    pub fn game_type(&self) -> Option<u32> {
        type_number(self.tag("GameType")?)
    }

    /// The whole `GameType` tag, board fields included, if there is one.
    ///
    /// ```
    /// use draughts_core::pdn::{Corner, GameTypeError, PdnGame};
    ///
    /// let mut game = PdnGame::default();
    /// assert_eq!(game.game_type_fields(), None);
    /// game.set_tag("GameType", "24,W,8,8,N2,1");
    /// let tag = game.game_type_fields().unwrap()?;
    /// assert_eq!(tag.board.map(|board| board.corner), Some(Corner::TopLeft));
    /// game.set_tag("GameType", "24,W,8,8,N2,1,0");
    /// assert_eq!(game.game_type_fields(), Some(Err(GameTypeError::FieldCount(7))));
    /// # Ok::<(), GameTypeError>(())
    /// ```
    ///
    /// # Errors
    /// [`GameTypeError`] if it does not read.
    pub fn game_type_fields(&self) -> Option<Result<GameType, GameTypeError>> {
        self.tag("GameType").map(str::parse)
    }

    /// The variant the `GameType` tag names (20 International, 21 English), or `None`
    /// if there is no such tag or it names another variant. Files with no `GameType` are
    /// usually International or English; the caller decides.
    ///
    /// ```
    /// use draughts_core::pdn::read_games;
    /// use draughts_core::VariantKind;
    ///
    /// let game = read_games("[GameType \"20,W,10,10,N2,0\"]\n1. 32-28 *").remove(0)?;
    /// assert_eq!(game.variant(), Some(VariantKind::International));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn variant(&self) -> Option<VariantKind> {
        let number = u8::try_from(self.game_type()?).ok()?;
        VariantKind::from_pdn_game_type(number).ok()
    }

    /// Whether the `GameType` tag names a known variant other than `V` and those
    /// [`Variant::PDN_GAME_TYPES_TOLERATED`].
    fn names_other<V: Variant>(&self) -> bool {
        self.variant().is_some_and(|kind| {
            let number = kind.pdn_game_type();
            number != V::PDN_GAME_TYPE && !V::PDN_GAME_TYPES_TOLERATED.contains(&number)
        })
    }

    /// Checks that the `GameType` tag, if it names a known variant, names `V` or one of
    /// [`Variant::PDN_GAME_TYPES_TOLERATED`]. Unknown types pass.
    fn check_variant<V: Variant>(&self) -> Result<(), PdnError> {
        if self.names_other::<V>() {
            return Err(PdnError::WrongVariant {
                game: self.index,
                game_type: self.tag("GameType").unwrap_or_default().to_string(),
                expected: V::NAME,
                expected_type: V::PDN_GAME_TYPE,
            });
        }
        Ok(())
    }

    /// How the game's squares are to be read as `V`'s: `None` for `V`'s own numbering
    /// (no `GameType` tag, one whose number does not read or names another variant,
    /// which `check_variant` refuses, one without board fields, or with
    /// fields that name `V`'s numbering), else the translation into it.
    fn numbering<V: Variant>(&self) -> Result<Option<Renumbering>, PdnError> {
        let Some(value) = self.tag("GameType") else {
            return Ok(None);
        };
        if type_number(value).is_none() || self.names_other::<V>() {
            return Ok(None);
        }
        let error = |source| PdnError::Numbering {
            game: self.index,
            game_type: value.to_string(),
            source,
        };
        let tag: GameType = value
            .parse()
            .map_err(|source| error(NumberingError::Fields(source)))?;
        Renumbering::between::<V>(&tag).map_err(error)
    }

    /// The position the game starts from: its `FEN` tag, else `V`'s initial position.
    /// The `FEN`'s square numbers are read in the numbering the `GameType` tag names
    /// (see [`PdnGame::replay`], which falls back on `V`'s own numbering where the tag's
    /// does not replay the game; this does not).
    ///
    /// # Errors
    /// [`PdnError::Numbering`] if the `GameType` tag's board fields do not say how to
    /// read the squares for `V`; [`PdnError::Fen`] if the `FEN` tag does not read as a
    /// position of `V`.
    pub fn start_position<V: Variant>(&self) -> Result<Position<V>, PdnError> {
        self.start_in::<V>(self.numbering::<V>()?.as_ref())
    }

    fn start_in<V: Variant>(
        &self,
        numbering: Option<&Renumbering>,
    ) -> Result<Position<V>, PdnError> {
        let Some(fen) = self.tag("FEN") else {
            return Ok(Position::initial());
        };
        let fen = match numbering {
            Some(numbering) => Cow::Owned(numbering.fen::<V::Board>(fen)),
            None => Cow::Borrowed(fen),
        };
        fen.parse().map_err(|source| PdnError::Fen {
            game: self.index,
            source,
        })
    }

    /// Replays the main line as moves of `V`, each text matched against the legal moves
    /// of its position ([`Position::parse_move`]).
    ///
    /// Square numbers are read in the numbering the `GameType` tag's notation field
    /// names, translated into `V`'s own where it names another corner (see
    /// [`GameType`]): a Spanish game written with Italian's numbering,
    /// `24,W,8,8,N2,1`, as Spanish files were before Spanish had its own, reads as
    /// Spanish. Some writers name a corner their numbers do not count from (PlayOK's
    /// International games carry `20,W,10,10,N1,0` with International's own numbers),
    /// so where the tag's numbering does not replay the game and `V`'s own does, the own
    /// is taken.
    ///
    /// ```
    /// use draughts_core::pdn::read_games;
    /// use draughts_core::Spanish;
    ///
    /// let new = read_games("[GameType \"24,W,8,8,N1,1\"]\n1. 11-14 22-19 *").remove(0)?;
    /// let old = read_games("[GameType \"24,W,8,8,N2,1\"]\n1. 22-19 11-14 *").remove(0)?;
    /// assert_eq!(new.replay::<Spanish>()?, old.replay::<Spanish>()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PdnError::WrongVariant`] if the `GameType` tag names another known variant,
    /// [`PdnError::Numbering`] if its board fields do not say how to read the squares
    /// for `V`, [`PdnError::Fen`] for a bad `FEN` tag, and [`PdnError::Move`] (with the
    /// move number, the text and why) for the first move that does not read as a legal
    /// move; of the two numberings tried, the error of the one that read further.
    pub fn replay<V: Variant>(&self) -> Result<MainLine<V>, PdnError> {
        let Some(numbering) = self.numbering::<V>()? else {
            return self.line_in(None);
        };
        self.line_in(Some(&numbering)).or_else(|error| {
            self.line_in(None).map_err(|own| {
                if read_before(&own) > read_before(&error) {
                    own
                } else {
                    error
                }
            })
        })
    }

    /// Replays the main line into a [`Game`], which then knows repetitions, draw counts
    /// and the status of the final position.
    ///
    /// ```
    /// use draughts_core::pdn::read_games;
    /// use draughts_core::{Color, GameStatus, International};
    ///
    /// // White, to move, has no pieces left.
    /// let games = read_games("[FEN \"W:W:BK5\"]\n *");
    /// let game = games[0].clone()?.to_game::<International>()?;
    /// assert_eq!(game.status(), GameStatus::Win(Color::Black));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`PdnGame::replay`].
    pub fn to_game<V: Variant>(&self) -> Result<Game<V>, PdnError> {
        let line = self.replay::<V>()?;
        let mut game = Game::from_position(line.start);
        for ((ply, mv), written) in line.moves.iter().enumerate().zip(&self.moves) {
            // Every move was matched against the legal moves, so `Game::play` accepts it.
            game.play(mv).map_err(|illegal| {
                self.move_error::<V>(
                    line.start.turn(),
                    ply,
                    written,
                    MoveTextError::Illegal(illegal.0),
                )
            })?;
        }
        Ok(game)
    }

    /// Plays the main line from the start position, reading its squares as `numbering`
    /// says.
    fn line_in<V: Variant>(
        &self,
        numbering: Option<&Renumbering>,
    ) -> Result<MainLine<V>, PdnError> {
        let start = self.start_in::<V>(numbering)?;
        self.check_variant::<V>()?;
        let mut pos = start;
        let mut moves = Vec::with_capacity(self.moves.len());
        for (ply, written) in self.moves.iter().enumerate() {
            let text = match numbering {
                Some(numbering) => Cow::Owned(numbering.move_text(&written.text)),
                None => Cow::Borrowed(written.text.as_str()),
            };
            let mv = pos
                .parse_move(&text)
                .map_err(|source| self.move_error::<V>(start.turn(), ply, written, source))?;
            moves.push(mv);
            pos = pos.play_unchecked(&mv);
        }
        Ok(MainLine {
            start,
            moves,
            end: pos,
        })
    }

    /// The error for the move `written` at `ply` of a game whose start position has
    /// `turn` to move.
    fn move_error<V: Variant>(
        &self,
        turn: Color,
        ply: usize,
        written: &PdnMove,
        source: MoveTextError,
    ) -> PdnError {
        let (number, second) = move_number::<V>(turn, ply);
        PdnError::Move {
            game: self.index,
            ply,
            number,
            second,
            text: written.text.clone(),
            line: written.line,
            column: written.column,
            source,
        }
    }

    /// The game's result read for variant `V` ([`PdnGame::result_text`] through
    /// [`GameResult::from_pdn_token`], `½-½` included), or `None` if there is none or it
    /// is odd text such as `4-6`.
    ///
    /// ```
    /// use draughts_core::pdn::read_games;
    /// use draughts_core::{English, GameResult};
    ///
    /// let game = read_games("[GameType \"21\"]\n1. 11-15 1-0").remove(0)?;
    /// assert_eq!(game.game_result::<English>(), Some(GameResult::BlackWins));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn game_result<V: Variant>(&self) -> Option<GameResult> {
        let text = self.result_text()?;
        let text = if text == "½-½" { "1/2-1/2" } else { text };
        GameResult::from_pdn_token::<V>(text).ok()
    }
}

/// How far the main line read before `error`: one more than the moves read before a
/// move that does not read, so that any such move counts as further than an error
/// before the moves (a `FEN` that does not read).
fn read_before(error: &PdnError) -> usize {
    match error {
        PdnError::Move { ply, .. } => ply + 1,
        _ => 0,
    }
}
