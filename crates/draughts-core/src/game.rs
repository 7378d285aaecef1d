//! Games: a start position, the moves played since, and how the game stands (won,
//! drawn, or going on).

use crate::draw::{DrawClock, DrawReason};
use crate::moves::Move;
use crate::notation::{IllegalMove, MoveTextError};
use crate::piece::Color;
use crate::position::Position;
use crate::variant::Variant;
use std::fmt;

/// The number of occurrences of a position that draws (FMJD 6.2: the third time the same
/// position arises with the same side to move).
pub const REPETITIONS_TO_DRAW: usize = 3;

/// How a game stands after its last move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameStatus {
    /// The side to move has a legal move and no draw rule applies.
    Ongoing,
    /// The given side has won: the side to move has no legal move (no pieces, or all
    /// blocked), which by the variant's [`crate::Goal`] is a loss (or a win).
    Win(Color),
    /// Drawn by the given rule.
    Draw(DrawReason),
}

impl GameStatus {
    /// Whether the game has ended.
    pub const fn is_over(self) -> bool {
        !matches!(self, GameStatus::Ongoing)
    }

    /// The result this status stands for ([`GameResult::Unfinished`] while ongoing).
    pub const fn result(self) -> GameResult {
        match self {
            GameStatus::Ongoing => GameResult::Unfinished,
            GameStatus::Win(Color::White) => GameResult::WhiteWins,
            GameStatus::Win(Color::Black) => GameResult::BlackWins,
            GameStatus::Draw(_) => GameResult::Draw,
        }
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameStatus::Ongoing => f.write_str("game in progress"),
            GameStatus::Win(color) => write!(f, "{color} wins"),
            GameStatus::Draw(reason) => write!(f, "draw: {reason}"),
        }
    }
}

/// The outcome of a game as PDN records it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Drawn.
    Draw,
    /// Both players forfeited (`0-0`).
    DoubleForfeit,
    /// Not finished, or the result is unknown (`*`).
    Unfinished,
}

/// A PDN result token that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {0:?} as a game result such as 2-0, 1-1, 0-2, 1-0, 1/2-1/2, 0-1, 0-0 or *")]
pub struct ResultTokenError(pub String);

impl GameResult {
    /// The winner, if there is one.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            _ => None,
        }
    }

    /// Whether the game ended with a result: a win or a draw (not a double forfeit,
    /// nor unfinished).
    ///
    /// ```
    /// use draughts_core::GameResult;
    ///
    /// assert!(GameResult::Draw.is_known() && GameResult::BlackWins.is_known());
    /// assert!(!GameResult::Unfinished.is_known() && !GameResult::DoubleForfeit.is_known());
    /// ```
    pub const fn is_known(self) -> bool {
        matches!(
            self,
            GameResult::WhiteWins | GameResult::BlackWins | GameResult::Draw
        )
    }

    /// The PDN token for this result in variant `V` (FORMATS §3): International `2-0`,
    /// `1-1`, `0-2`; English `1-0` (Black, the first mover, won), `1/2-1/2`, `0-1`; and
    /// `0-0`, `*` everywhere. The first number always scores the side that moves first.
    ///
    /// ```
    /// use draughts_core::{English, GameResult, International};
    ///
    /// assert_eq!(GameResult::WhiteWins.pdn_token::<International>(), "2-0");
    /// assert_eq!(GameResult::BlackWins.pdn_token::<English>(), "1-0");
    /// assert_eq!(GameResult::Draw.pdn_token::<English>(), "1/2-1/2");
    /// ```
    pub fn pdn_token<V: Variant>(self) -> &'static str {
        let [first_wins, draw, second_wins] = V::PDN_RESULTS;
        match self {
            GameResult::Draw => draw,
            GameResult::DoubleForfeit => "0-0",
            GameResult::Unfinished => "*",
            won => {
                if won.winner() == Some(V::FIRST_TO_MOVE) {
                    first_wins
                } else {
                    second_wins
                }
            }
        }
    }

    /// Reads a PDN result token for variant `V`. Both families are accepted in every
    /// variant: `2-0`/`1-0` (the first mover won), `1-1`/`1/2-1/2` (draw), `0-2`/`0-1`
    /// (the second mover won), `0-0` and `*`. So in English `1-0` is a win for Black,
    /// the side that moves first (FORMATS §3).
    ///
    /// ```
    /// use draughts_core::{English, GameResult, International};
    ///
    /// assert_eq!(GameResult::from_pdn_token::<English>("1-0")?, GameResult::BlackWins);
    /// assert_eq!(GameResult::from_pdn_token::<International>("1-0")?, GameResult::WhiteWins);
    /// assert!(GameResult::from_pdn_token::<International>("1-10").is_err());
    /// # Ok::<(), draughts_core::ResultTokenError>(())
    /// ```
    ///
    /// # Errors
    /// [`ResultTokenError`] for any other text (surrounding white space is ignored).
    pub fn from_pdn_token<V: Variant>(token: &str) -> Result<GameResult, ResultTokenError> {
        let first = V::FIRST_TO_MOVE;
        let win = |color: Color| match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        };
        match token.trim() {
            "2-0" | "1-0" => Ok(win(first)),
            "0-2" | "0-1" => Ok(win(!first)),
            "1-1" | "1/2-1/2" => Ok(GameResult::Draw),
            "0-0" => Ok(GameResult::DoubleForfeit),
            "*" => Ok(GameResult::Unfinished),
            _ => Err(ResultTokenError(token.to_string())),
        }
    }
}

/// A game of variant `V`: a start position, the moves played, and every position and
/// draw-rule count along the way.
///
/// Moves are checked before they are played. Playing on after a draw is allowed (some
/// rules are by claim); [`Game::status`] always describes the latest position.
///
/// ```
/// use draughts_core::{Color, Game, GameStatus, International};
///
/// let mut game = Game::<International>::new();
/// game.play_text("32-28")?;
/// game.play_text("19-23")?;
/// game.play_text("28x19")?;
/// assert_eq!(game.moves().len(), 3);
/// assert_eq!(game.position().turn(), Color::Black);
/// assert_eq!(game.status(), GameStatus::Ongoing);
/// assert_eq!(game.result().pdn_token::<International>(), "*");
/// assert!(game.undo().is_some());
/// assert_eq!(game.positions().len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game<V: Variant> {
    start: Position<V>,
    moves: Vec<Move<V>>,
    /// `positions[i]` is the position after `i` moves; never empty.
    positions: Vec<Position<V>>,
    /// `clocks[i]` belongs to `positions[i]`.
    clocks: Vec<DrawClock<V>>,
}

impl<V: Variant> Default for Game<V> {
    fn default() -> Self {
        Game::new()
    }
}

impl<V: Variant> Game<V> {
    /// A game from the variant's initial position.
    pub fn new() -> Game<V> {
        Game::from_position(Position::initial())
    }

    /// A game from `start`, taken as having no history: repetitions and move counts
    /// start from it.
    ///
    /// ```
    /// use draughts_core::{Color, Game, GameStatus, International};
    ///
    /// // White to move has no pieces left: Black has won.
    /// let game = Game::<International>::from_position("W:W:BK5".parse()?);
    /// assert_eq!(game.status(), GameStatus::Win(Color::Black));
    /// # Ok::<(), draughts_core::FenError>(())
    /// ```
    pub fn from_position(start: Position<V>) -> Game<V> {
        Game {
            start,
            moves: Vec::new(),
            positions: vec![start],
            clocks: vec![DrawClock::new(&start)],
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position<V> {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position<V> {
        self.positions.last().unwrap_or(&self.start)
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move<V>] {
        &self.moves
    }

    /// Every position of the game, from the start to the current one: one more than
    /// there are moves.
    pub fn positions(&self) -> &[Position<V>] {
        &self.positions
    }

    /// The draw-rule counters of the current position (for a search to carry on).
    pub fn clock(&self) -> DrawClock<V> {
        self.clocks
            .last()
            .copied()
            .unwrap_or_else(|| DrawClock::new(&self.start))
    }

    /// Plays `mv` after checking that it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] if `mv` is not a legal move of the current position; the game is
    /// unchanged.
    pub fn play(&mut self, mv: &Move<V>) -> Result<(), IllegalMove> {
        let before = *self.position();
        let after = before.play(mv)?;
        self.push(before, *mv, after);
        Ok(())
    }

    /// Plays a move given as PDN text (`32-28`, `28x19`, `28x19x10`).
    ///
    /// # Errors
    /// As [`Position::parse_move`]; the game is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<(), MoveTextError> {
        let before = *self.position();
        let mv = before.parse_move(text)?;
        self.push(before, mv, before.play_unchecked(&mv));
        Ok(())
    }

    fn push(&mut self, before: Position<V>, mv: Move<V>, after: Position<V>) {
        let clock = self.clock().after(&before, &mv, &after);
        self.moves.push(mv);
        self.positions.push(after);
        self.clocks.push(clock);
    }

    /// Takes back the last move and returns it; `None` at the start position.
    pub fn undo(&mut self) -> Option<Move<V>> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.clocks.pop();
        Some(mv)
    }

    /// How many times the current position has occurred in the game, this time
    /// included (so at least 1). Only positions since the last man move or capture are
    /// compared: no earlier one can recur.
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        let window = usize::from(self.clock().reversible_plies());
        let last = self.positions.len().saturating_sub(1);
        // Positions with the same side to move lie an even number of plies back.
        (2..=window.min(last))
            .step_by(2)
            .filter(|&back| self.positions[last - back] == *current)
            .count()
            + 1
    }

    /// How the game stands: won if the side to move has no legal move ([`Position::winner`]); else a
    /// draw by repetition or by a move-count rule; else ongoing.
    ///
    /// ```
    /// use draughts_core::{DrawReason, Game, GameStatus, International};
    ///
    /// let mut game = Game::<International>::from_position("W:WK47,45,35:BK4,6,16".parse()?);
    /// for text in ["47-41", "4-9", "41-47", "9-4"].repeat(2) {
    ///     game.play_text(text)?;
    /// }
    /// assert_eq!(game.status(), GameStatus::Draw(DrawReason::Repetition));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn status(&self) -> GameStatus {
        let pos = self.position();
        if let Some(winner) = pos.winner() {
            GameStatus::Win(winner)
        } else if self.repetitions() >= REPETITIONS_TO_DRAW {
            GameStatus::Draw(DrawReason::Repetition)
        } else if let Some(reason) = self.clock().draw() {
            GameStatus::Draw(reason)
        } else {
            GameStatus::Ongoing
        }
    }

    /// The result as PDN records it ([`GameResult::Unfinished`] while ongoing).
    pub fn result(&self) -> GameResult {
        self.status().result()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{English, International};

    fn game_from<V: Variant>(fen: &str) -> Game<V> {
        Game::from_position(fen.parse().expect("valid test FEN"))
    }

    fn play_all<V: Variant>(game: &mut Game<V>, texts: &[&str]) {
        for text in texts {
            game.play_text(text).expect("legal test move");
        }
    }

    /// Plays a king move (no capture) that leaves the opponent no capture and reaches a
    /// position seen at most once before.
    fn king_walk<V: Variant>(game: &mut Game<V>) {
        let pos = *game.position();
        let seen = |p: &Position<V>| game.positions().iter().filter(|q| *q == p).count();
        let mv = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                !m.is_capture()
                    && pos.kings(pos.turn()).contains(m.from())
                    && !pos.play_unchecked(m).has_capture()
            })
            .map(|m| (seen(&pos.play_unchecked(&m)), m))
            .filter(|&(count, _)| count < 2)
            .min_by_key(|&(count, _)| count)
            .map(|(_, m)| m)
            .expect("a fresh king move");
        game.play(&mv).expect("legal");
    }

    #[test]
    fn new_game_starts_at_the_initial_position() {
        let game = Game::<English>::new();
        assert_eq!(*game.position(), Position::initial());
        assert_eq!(game.start(), game.position());
        assert_eq!(game.positions().len(), 1);
        assert!(game.moves().is_empty());
        assert_eq!(game.status(), GameStatus::Ongoing);
        assert_eq!(game.repetitions(), 1);
    }

    #[test]
    fn illegal_moves_leave_the_game_unchanged() {
        let mut game = Game::<International>::new();
        assert!(matches!(
            game.play_text("19-23"),
            Err(MoveTextError::Illegal(_))
        ));
        assert!(matches!(
            game.play_text("hello"),
            Err(MoveTextError::Syntax(_))
        ));
        let black_move = Position::<International>::initial()
            .with_turn(Color::Black)
            .legal_moves()[0];
        assert!(game.play(&black_move).is_err());
        assert!(game.moves().is_empty());
        assert_eq!(game.positions().len(), 1);
        game.play_text("32-28").unwrap();
        assert_eq!(game.moves().len(), 1);
        assert_eq!(game.position().turn(), Color::Black);
    }

    #[test]
    fn threefold_repetition_with_kings_shuffling() {
        let mut game = game_from::<International>("W:WK47,45,35:BK4,6,16");
        play_all(&mut game, &["47-41", "4-9", "41-47", "9-4"]);
        assert_eq!(game.repetitions(), 2);
        assert_eq!(game.status(), GameStatus::Ongoing);
        play_all(&mut game, &["47-41", "4-9", "41-47"]);
        assert_eq!(game.status(), GameStatus::Ongoing);
        game.play_text("9-4").unwrap();
        assert_eq!(game.repetitions(), 3);
        assert_eq!(game.status(), GameStatus::Draw(DrawReason::Repetition));
        assert_eq!(game.result(), GameResult::Draw);
        assert_eq!(game.result().pdn_token::<International>(), "1-1");
    }

    #[test]
    fn repetition_need_not_be_consecutive() {
        let mut game = game_from::<International>("W:WK47,45,35:BK4,6,16");
        // Back to the start by one cycle, then by a different one.
        play_all(&mut game, &["47-41", "4-9", "41-47", "9-4"]);
        play_all(&mut game, &["47-42", "4-10", "42-47"]);
        assert_eq!(game.status(), GameStatus::Ongoing);
        game.play_text("10-4").unwrap();
        assert_eq!(game.repetitions(), 3);
        assert_eq!(game.status(), GameStatus::Draw(DrawReason::Repetition));
    }

    #[test]
    fn same_squares_other_side_to_move_is_no_repetition() {
        // The white king goes round a three-move cycle on one diagonal while the black
        // king shuffles between two squares, so the start board comes back after five
        // plies with Black to move.
        let mut game = game_from::<International>("W:WK47,45,35:BK4,6,16");
        play_all(&mut game, &["47-38", "4-9", "38-42", "9-4", "42-47"]);
        assert_eq!(game.positions()[5], game.start().with_turn(Color::Black));
        assert_eq!(game.repetitions(), 1);
        play_all(
            &mut game,
            &["4-9", "47-38", "9-4", "38-42", "4-9", "42-47", "9-4"],
        );
        // The start board has stood three times, only twice with White to move.
        assert_eq!(game.position(), game.start());
        assert_eq!(game.repetitions(), 2);
        assert_eq!(game.status(), GameStatus::Ongoing);
    }

    #[test]
    fn undo_restores_the_status() {
        let mut game = game_from::<International>("W:WK47,45,35:BK4,6,16");
        let cycle = ["47-41", "4-9", "41-47", "9-4"];
        play_all(&mut game, &cycle);
        play_all(&mut game, &cycle);
        assert!(game.status().is_over());
        let last = game.undo().unwrap();
        assert_eq!(game.status(), GameStatus::Ongoing);
        assert_eq!(game.moves().len(), 7);
        game.play(&last).unwrap();
        assert_eq!(game.status(), GameStatus::Draw(DrawReason::Repetition));
        for _ in 0..8 {
            assert!(game.undo().is_some());
        }
        assert_eq!(game.undo(), None);
        assert_eq!(game.position(), game.start());
        assert_eq!(game.clock(), DrawClock::new(game.start()));
    }

    #[test]
    fn a_man_move_breaks_the_repetition_window() {
        let mut game = game_from::<International>("W:WK47,45,35:BK4,6,16");
        play_all(&mut game, &["47-41", "4-9", "41-47", "9-4"]);
        game.play_text("45-40").unwrap();
        assert_eq!(game.clock().reversible_plies(), 0);
        assert_eq!(game.repetitions(), 1);
        play_all(&mut game, &["4-9", "47-41", "9-4", "41-47"]);
        assert_eq!(game.repetitions(), 2);
        assert_eq!(game.status(), GameStatus::Ongoing);
    }

    #[test]
    fn twenty_five_move_rule_at_50_plies_and_reset_by_a_man_move() {
        let mut game = game_from::<International>("W:WK26,K36,46,47,48:BK15,K25,3,4,5");
        for _ in 0..48 {
            king_walk(&mut game);
        }
        assert_eq!(game.clock().reversible_plies(), 48);
        assert_eq!(game.status(), GameStatus::Ongoing);
        // A man move two plies before the 25-move rule would draw starts the count again.
        let pos = *game.position();
        let man_move = pos
            .legal_moves()
            .into_iter()
            .find(|m| {
                pos.men(pos.turn()).contains(m.from()) && !pos.play_unchecked(m).has_capture()
            })
            .unwrap();
        game.play(&man_move).unwrap();
        assert_eq!(game.clock().reversible_plies(), 0);
        for ply in 1..50 {
            king_walk(&mut game);
            assert_eq!(game.status(), GameStatus::Ongoing, "ply {ply}");
        }
        king_walk(&mut game);
        assert_eq!(game.status(), GameStatus::Draw(DrawReason::KingMoves));
        game.undo();
        assert_eq!(game.status(), GameStatus::Ongoing);
    }

    #[test]
    fn english_forty_move_rule_at_80_plies() {
        let mut game = game_from::<English>("B:WK30,K31:BK2,K3");
        for ply in 1..80 {
            king_walk(&mut game);
            assert_eq!(game.status(), GameStatus::Ongoing, "ply {ply}");
        }
        king_walk(&mut game);
        assert_eq!(game.status(), GameStatus::Draw(DrawReason::KingMoves));
        assert_eq!(game.result().pdn_token::<English>(), "1/2-1/2");
    }

    #[test]
    fn sixteen_and_five_move_rules_in_a_game() {
        let mut game = game_from::<International>("W:WK46,K47,K48:BK3");
        for _ in 0..31 {
            king_walk(&mut game);
        }
        assert_eq!(game.status(), GameStatus::Ongoing);
        king_walk(&mut game);
        assert_eq!(game.status(), GameStatus::Draw(DrawReason::LoneKingVsThree));

        let mut game = game_from::<International>("B:WK6,K15,33:BK24");
        let capture = game
            .position()
            .legal_moves()
            .into_iter()
            .find(|m| !game.position().play_unchecked(m).has_capture())
            .unwrap();
        game.play(&capture).unwrap();
        for _ in 0..9 {
            king_walk(&mut game);
        }
        assert_eq!(game.status(), GameStatus::Ongoing);
        king_walk(&mut game);
        assert_eq!(game.status(), GameStatus::Draw(DrawReason::LoneKingVsTwo));
    }

    #[test]
    fn no_legal_move_loses() {
        // No pieces.
        assert_eq!(
            game_from::<International>("W:W:BK5").status(),
            GameStatus::Win(Color::Black)
        );
        // Blocked: the white man on 36 cannot step to 31 nor take it (27 is occupied).
        let blocked = game_from::<International>("W:W36:B27,31");
        assert_eq!(blocked.status(), GameStatus::Win(Color::Black));
        assert_eq!(blocked.result().pdn_token::<International>(), "0-2");
        // English: Black (first mover) takes White's last piece and wins: "1-0".
        let mut game = game_from::<English>("B:W18:B14");
        game.play_text("14x23").unwrap();
        assert_eq!(game.status(), GameStatus::Win(Color::Black));
        assert_eq!(game.result(), GameResult::BlackWins);
        assert_eq!(game.result().pdn_token::<English>(), "1-0");
        game.undo();
        assert_eq!(game.status(), GameStatus::Ongoing);
    }

    #[test]
    fn result_tokens() {
        use GameResult::*;
        for result in [WhiteWins, BlackWins, Draw, DoubleForfeit, Unfinished] {
            let i = result.pdn_token::<International>();
            assert_eq!(GameResult::from_pdn_token::<International>(i), Ok(result));
            let e = result.pdn_token::<English>();
            assert_eq!(GameResult::from_pdn_token::<English>(e), Ok(result));
        }
        assert_eq!(WhiteWins.pdn_token::<International>(), "2-0");
        assert_eq!(BlackWins.pdn_token::<International>(), "0-2");
        assert_eq!(Draw.pdn_token::<International>(), "1-1");
        assert_eq!(BlackWins.pdn_token::<English>(), "1-0");
        assert_eq!(WhiteWins.pdn_token::<English>(), "0-1");
        assert_eq!(DoubleForfeit.pdn_token::<English>(), "0-0");
        assert_eq!(Unfinished.pdn_token::<English>(), "*");
        let read = GameResult::from_pdn_token::<English>;
        assert_eq!(read("2-0"), Ok(BlackWins));
        assert_eq!(read("0-2"), Ok(WhiteWins));
        assert_eq!(read(" 1-1 "), Ok(Draw));
        let read = GameResult::from_pdn_token::<International>;
        assert_eq!(read("1-0"), Ok(WhiteWins));
        assert_eq!(read("0-1"), Ok(BlackWins));
        assert_eq!(read("1/2-1/2"), Ok(Draw));
        for bad in ["1-10", "", "2-1", "½-½", "4-6", "**"] {
            assert_eq!(read(bad), Err(ResultTokenError(bad.to_string())));
        }
        assert_eq!(WhiteWins.winner(), Some(Color::White));
        assert_eq!(Draw.winner(), None);
    }
}
