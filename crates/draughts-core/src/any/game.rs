//! Games of a variant chosen at run time: [`AnyGame`] forwards to [`Game`].

use super::{AnyGame, AnyMove, AnyPosition, KnownVariant, PlayError, VariantKind};
use crate::game::{Game, GameResult, GameStatus};
use crate::notation::MoveTextError;
use crate::pdn::{PdnError, PdnGame};

/// The moves of `game` as values, each made in the position it was played in.
fn any_moves<V: KnownVariant>(game: &Game<V>) -> Vec<AnyMove> {
    game.positions()
        .iter()
        .zip(game.moves())
        .map(|(pos, mv)| AnyMove::new(pos, mv))
        .collect()
}

/// The variant of `game`.
fn kind_of<V: KnownVariant>(_: &Game<V>) -> VariantKind {
    V::KIND
}

impl AnyGame {
    /// A game of `kind` from its initial position.
    pub fn new(kind: VariantKind) -> AnyGame {
        with_variant!(kind, V => Game::<V>::new().into())
    }

    /// A game starting from `start`.
    pub fn from_position(start: AnyPosition) -> AnyGame {
        dispatch!(start, pos => Game::from_position(pos).into())
    }

    /// The main line of a PDN game, replayed as a game of the variant its `GameType`
    /// tag names, or of `default` if it names none we play.
    ///
    /// # Errors
    /// As [`PdnGame::to_game`].
    pub fn from_pdn(pdn: &PdnGame, default: VariantKind) -> Result<AnyGame, PdnError> {
        let kind = pdn.variant().unwrap_or(default);
        Ok(with_variant!(kind, V => pdn.to_game::<V>()?.into()))
    }

    /// The game as a PDN game ([`PdnGame::from_game`]): standard tags, the moves, the
    /// result.
    pub fn to_pdn(&self) -> PdnGame {
        dispatch!(AnyGame: self, game => PdnGame::from_game(game))
    }

    /// Which variant the game is of.
    pub fn kind(&self) -> VariantKind {
        dispatch!(AnyGame: self, game => kind_of(game))
    }

    /// The position the game started from.
    pub fn start(&self) -> AnyPosition {
        dispatch!(AnyGame: self, game => (*game.start()).into())
    }

    /// The current position.
    pub fn position(&self) -> AnyPosition {
        dispatch!(AnyGame: self, game => (*game.position()).into())
    }

    /// The moves played, in order.
    pub fn moves(&self) -> Vec<AnyMove> {
        dispatch!(AnyGame: self, game => any_moves(game))
    }

    /// The number of moves played.
    pub fn ply_count(&self) -> usize {
        dispatch!(AnyGame: self, game => game.moves().len())
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<AnyMove> {
        dispatch!(AnyGame: self, game => {
            let ply = game.moves().len().checked_sub(1)?;
            Some(AnyMove::new(&game.positions()[ply], &game.moves()[ply]))
        })
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`PlayError`] if `mv` is of another variant or not legal; the game is unchanged.
    pub fn play(&mut self, mv: &AnyMove) -> Result<(), PlayError> {
        dispatch!(AnyGame: self, game => {
            let typed = mv.to_move(game.position())?;
            Ok(game.play(&typed)?)
        })
    }

    /// Plays a move given as PDN text and returns it.
    ///
    /// # Errors
    /// As [`crate::Position::parse_move`]; the game is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<AnyMove, MoveTextError> {
        dispatch!(AnyGame: self, game => {
            let pos = *game.position();
            let mv = pos.parse_move(text)?;
            // A parsed move is legal, so this cannot fail.
            game.play(&mv).map_err(|illegal| MoveTextError::Illegal(illegal.0))?;
            Ok(AnyMove::new(&pos, &mv))
        })
    }

    /// Takes back the last move and returns it; `None` at the start position.
    pub fn undo(&mut self) -> Option<AnyMove> {
        let last = self.last_move()?;
        dispatch!(AnyGame: self, game => game.undo().map(drop));
        Some(last)
    }

    /// How many times the current position has occurred ([`Game::repetitions`]).
    pub fn repetitions(&self) -> usize {
        dispatch!(AnyGame: self, game => game.repetitions())
    }

    /// How the game stands ([`Game::status`]): won, drawn (and by which rule) or going
    /// on.
    pub fn status(&self) -> GameStatus {
        dispatch!(AnyGame: self, game => game.status())
    }

    /// The result as PDN records it ([`Game::result`]).
    pub fn result(&self) -> GameResult {
        dispatch!(AnyGame: self, game => game.result())
    }

    /// The PDN token of the result in this variant ([`GameResult::pdn_token`]).
    pub fn result_token(&self) -> &'static str {
        let result = self.result();
        with_variant!(self.kind(), V => result.pdn_token::<V>())
    }

    /// Plies until a move-count draw rule ends the game, if one is counting
    /// ([`crate::DrawClock::plies_to_draw`]).
    pub fn plies_to_draw(&self) -> Option<u16> {
        dispatch!(AnyGame: self, game => game.clock().plies_to_draw())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdn::read_games;
    use crate::{Color, DrawReason};

    #[test]
    fn games_play_and_undo() {
        let mut game = AnyGame::new(VariantKind::International);
        assert_eq!(game.kind(), VariantKind::International);
        assert_eq!(game.last_move(), None);
        assert_eq!(game.undo(), None);
        let first = game.play_text("32-28").unwrap();
        assert_eq!(first.text(), "32-28");
        let reply = game.position().legal_moves()[0].clone();
        game.play(&reply).unwrap();
        assert_eq!(game.moves(), [first.clone(), reply.clone()]);
        assert_eq!(game.ply_count(), 2);
        assert_eq!(game.last_move(), Some(reply.clone()));
        assert!(game.play(&reply).is_err());
        assert!(game.play_text("1-2").is_err());
        assert_eq!(game.ply_count(), 2);
        assert_eq!(game.undo(), Some(reply));
        assert_eq!(game.undo(), Some(first));
        assert_eq!(game.position(), game.start());
        assert_eq!(game.status(), GameStatus::Ongoing);
        assert_eq!(game.result_token(), "*");
        assert_eq!(game.plies_to_draw(), Some(50));
    }

    #[test]
    fn games_apply_the_draw_rules() {
        let start = AnyPosition::from_fen(VariantKind::International, "W:WK47,45,35:BK4,6,16");
        let mut game = AnyGame::from_position(start.unwrap());
        for text in ["47-41", "4-9", "41-47", "9-4"].repeat(2) {
            game.play_text(text).unwrap();
        }
        assert_eq!(game.repetitions(), 3);
        assert_eq!(game.status(), GameStatus::Draw(DrawReason::Repetition));
        assert_eq!(game.result(), GameResult::Draw);
        assert_eq!(game.result_token(), "1-1");

        let lost = AnyPosition::from_fen(VariantKind::English, "W:W:B1").unwrap();
        let game = AnyGame::from_position(lost);
        assert_eq!(game.status(), GameStatus::Win(Color::Black));
        assert_eq!(game.result_token(), "1-0");
    }

    #[test]
    fn games_read_and_write_pdn() {
        let text = "[GameType \"21\"]\n1. 11-15 23-19 *";
        let pdn = read_games(text).remove(0).unwrap();
        let game = AnyGame::from_pdn(&pdn, VariantKind::International).unwrap();
        assert_eq!(game.kind(), VariantKind::English);
        assert_eq!(game.ply_count(), 2);
        let written = game.to_pdn();
        assert_eq!(written.tag("GameType"), Some("21,B,8,8,N1,0"));
        assert_eq!(written.moves.len(), 2);
        let untyped = read_games("1. 32-28 *").remove(0).unwrap();
        let game = AnyGame::from_pdn(&untyped, VariantKind::International).unwrap();
        assert_eq!(game.kind(), VariantKind::International);
        assert!(AnyGame::from_pdn(&untyped, VariantKind::English).is_err());
    }
}
