//! The semantic layer: a [`PdnGame`]'s variant, start position and moves for a chosen
//! variant.

use super::{PdnError, PdnGame};
use crate::any::VariantKind;
use crate::game::{Game, GameResult};
use crate::moves::Move;
use crate::notation::MoveTextError;
use crate::piece::Color;
use crate::position::Position;
use crate::variant::Variant;

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

/// Move number and whether it is the second mover's, for the move at `ply` of a game
/// whose start position has `turn` to move.
pub(crate) fn move_number<V: Variant>(turn: Color, ply: usize) -> (u32, bool) {
    let offset = usize::from(turn != V::FIRST_TO_MOVE);
    let half = ply.saturating_add(offset);
    (
        u32::try_from(half / 2 + 1).unwrap_or(u32::MAX),
        half % 2 == 1,
    )
}

impl PdnGame {
    /// The first number of the `GameType` tag (`20` in `"20,W,10,10,N2,0"`), if there is
    /// one and it reads.
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
        let value = self.tag("GameType")?;
        let first = value.split(',').next()?.trim();
        first.parse().ok()
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

    /// Checks that the `GameType` tag, if it names a known variant, names `V` or one of
    /// [`Variant::PDN_GAME_TYPES_TOLERATED`]. Unknown types pass.
    fn check_variant<V: Variant>(&self) -> Result<(), PdnError> {
        let names_other = self.variant().is_some_and(|kind| {
            let number = kind.pdn_game_type();
            number != V::PDN_GAME_TYPE && !V::PDN_GAME_TYPES_TOLERATED.contains(&number)
        });
        if names_other {
            return Err(PdnError::WrongVariant {
                game: self.index,
                game_type: self.tag("GameType").unwrap_or_default().to_string(),
                expected: V::NAME,
                expected_type: V::PDN_GAME_TYPE,
            });
        }
        Ok(())
    }

    /// The position the game starts from: its `FEN` tag, else `V`'s initial position.
    ///
    /// # Errors
    /// [`PdnError::Fen`] if the `FEN` tag does not read as a position of `V`.
    pub fn start_position<V: Variant>(&self) -> Result<Position<V>, PdnError> {
        match self.tag("FEN") {
            Some(fen) => fen.parse().map_err(|source| PdnError::Fen {
                game: self.index,
                source,
            }),
            None => Ok(Position::initial()),
        }
    }

    /// Replays the main line as moves of `V`, each text matched against the legal moves
    /// of its position ([`Position::parse_move`]).
    ///
    /// # Errors
    /// [`PdnError::WrongVariant`] if the `GameType` tag names another known variant,
    /// [`PdnError::Fen`] for a bad `FEN` tag, and [`PdnError::Move`] (with the move
    /// number, the text and why) for the first move that does not read as a legal move.
    pub fn replay<V: Variant>(&self) -> Result<MainLine<V>, PdnError> {
        let start = self.start_position::<V>()?;
        let mut moves = Vec::with_capacity(self.moves.len());
        let end = self.replay_from(start, |mv| {
            moves.push(mv);
            Ok(())
        })?;
        Ok(MainLine { start, moves, end })
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
        let mut game = Game::from_position(self.start_position::<V>()?);
        let start = *game.start();
        // Every move was matched against the legal moves, so `Game::play` accepts it.
        self.replay_from(start, |mv| {
            game.play(&mv)
                .map_err(|illegal| MoveTextError::Illegal(illegal.0))
        })?;
        Ok(game)
    }

    /// Plays the main line from `start`, handing each move to `play`; returns the final
    /// position.
    fn replay_from<V: Variant>(
        &self,
        start: Position<V>,
        mut play: impl FnMut(Move<V>) -> Result<(), MoveTextError>,
    ) -> Result<Position<V>, PdnError> {
        self.check_variant::<V>()?;
        let mut pos = start;
        for (ply, written) in self.moves.iter().enumerate() {
            let mv = pos
                .parse_move(&written.text)
                .and_then(|mv| play(mv).map(|()| mv))
                .map_err(|source| {
                    let (number, second) = move_number::<V>(start.turn(), ply);
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
                })?;
            pos = pos.play_unchecked(&mv);
        }
        Ok(pos)
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
