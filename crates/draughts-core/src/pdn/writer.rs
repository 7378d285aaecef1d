//! Writing games: typed moves to [`PdnGame`], and [`PdnGame`] to text.

use super::numbering::GameType;
use super::replay::move_number;
use super::{PdnGame, PdnMove};
use crate::game::{Game, GameResult};
use crate::moves::Move;
use crate::notation::IllegalMove;
use crate::position::Position;
use crate::variant::Variant;
use std::fmt;

/// Movetext lines are wrapped before they pass this many characters.
const LINE_WIDTH: usize = 80;

/// Writes a game as PDN text: the standard tags, then the moves (see
/// [`PdnGame::from_game`]).
///
/// ```
/// use draughts_core::pdn::write_game;
/// use draughts_core::{Game, International};
///
/// let mut game = Game::<International>::new();
/// game.play_text("32-28")?;
/// assert!(write_game(&game).ends_with("[GameType \"20,W,10,10,N2,0\"]\n\n1. 32-28 *\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_game<V: Variant>(game: &Game<V>) -> String {
    PdnGame::from_game(game).to_string()
}

/// The value of the PDN 3.0 `GameType` tag for variant `V` ([`GameType::of`]): its
/// number ([`Variant::PDN_GAME_TYPE`]), the colour that moves first, the board's width
/// and height, the notation (`N` numbers, `A` algebraic) with the corner its first
/// square (square 1, or a1) is nearest as the first mover sees the board (0 bottom left,
/// 1 bottom right, 2 top left, 3 top right), and 1 if that player's bottom-left corner is
/// not a playing square (Italian and Spanish), else 0. The reader translates the squares
/// of a game whose tag names another corner ([`PdnGame::replay`]).
///
/// ```
/// use draughts_core::pdn::game_type_tag;
/// use draughts_core::{English, International, Italian, Russian, Spanish};
///
/// assert_eq!(game_type_tag::<International>(), "20,W,10,10,N2,0");
/// assert_eq!(game_type_tag::<English>(), "21,B,8,8,N1,0");
/// assert_eq!(game_type_tag::<Italian>(), "22,W,8,8,N2,1");
/// assert_eq!(game_type_tag::<Spanish>(), "24,W,8,8,N1,1");
/// assert_eq!(game_type_tag::<Russian>(), "25,W,8,8,A0,0");
/// ```
pub fn game_type_tag<V: Variant>() -> String {
    GameType::of::<V>().to_string()
}

impl PdnGame {
    /// The PDN form of a game: tags `Event Site Date Round White Black` unknown (`?`),
    /// `Result` and the result token from [`Game::result`], `GameType` as
    /// [`game_type_tag`] writes it, `SetUp` and `FEN` if it did not start from the
    /// initial position; the moves in their shortest unambiguous text
    /// ([`Position::move_text`]), numbered.
    pub fn from_game<V: Variant>(game: &Game<V>) -> PdnGame {
        let mut pdn = PdnGame::with_tags(game.start(), game.result());
        pdn.moves = numbered_moves(
            game.start(),
            0,
            game.start(),
            game.moves().iter().copied().map(Ok),
        )
        .unwrap_or_default();
        pdn
    }

    /// The PDN form of `moves` played from `start`, as [`PdnGame::from_game`] writes it,
    /// with `result` (`None` writes `*`).
    ///
    /// # Errors
    /// [`IllegalMove`] for the first move that is not legal where it is played.
    pub fn from_moves<V: Variant>(
        start: &Position<V>,
        moves: &[Move<V>],
        result: Option<GameResult>,
    ) -> Result<PdnGame, IllegalMove> {
        let mut pdn = PdnGame::with_tags(start, result.unwrap_or(GameResult::Unfinished));
        pdn.moves = numbered_moves(start, 0, start, moves.iter().copied().map(Ok))?;
        Ok(pdn)
    }

    fn with_tags<V: Variant>(start: &Position<V>, result: GameResult) -> PdnGame {
        let token = result.pdn_token::<V>();
        let mut tags: Vec<(String, String)> = [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "?"),
            ("White", "?"),
            ("Black", "?"),
            ("Result", token),
        ]
        .iter()
        .map(|&(n, v)| (n.to_string(), v.to_string()))
        .collect();
        tags.push(("GameType".to_string(), game_type_tag::<V>()));
        if *start != Position::initial() {
            tags.push(("SetUp".to_string(), "1".to_string()));
            tags.push(("FEN".to_string(), start.to_fen()));
        }
        PdnGame {
            tags,
            result: Some(token.to_string()),
            ..PdnGame::default()
        }
    }
}

impl PdnMove {
    /// `moves` played from `pos` as the plies `first_ply`, `first_ply + 1`, … of the
    /// game that started from `game_start`: the shortest unambiguous text, numbered as
    /// [`PdnGame::from_moves`] numbers a game, the first move always (`12...` for a
    /// second-mover move). A variation, or an engine's line beside a game's move.
    ///
    /// ```
    /// use draughts_core::pdn::{PdnGame, PdnMove};
    /// use draughts_core::{International, Position};
    ///
    /// let start = Position::<International>::initial();
    /// let first = start.parse_move("32-28")?;
    /// let after = start.play_unchecked(&first);
    /// let instead = after.parse_move("17-21")?;
    /// let mut game = PdnGame::from_moves(&start, &[first, after.parse_move("19-23")?], None)?;
    /// game.moves[1].variations.push(PdnMove::numbered(&start, 1, &after, &[instead])?);
    /// assert!(game.to_string().ends_with("1. 32-28 19-23 (1... 17-21) *\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`IllegalMove`] for the first move that is not legal where it is played.
    pub fn numbered<V: Variant>(
        game_start: &Position<V>,
        first_ply: usize,
        pos: &Position<V>,
        moves: &[Move<V>],
    ) -> Result<Vec<PdnMove>, IllegalMove> {
        numbered_moves(game_start, first_ply, pos, moves.iter().copied().map(Ok))
    }
}

/// Move text for each move played from `pos`, as plies from `first_ply` on of a game
/// started from `game_start`, numbered: `n.` before each first-mover move, `n...`
/// before a second-mover move that starts the line.
fn numbered_moves<V: Variant>(
    game_start: &Position<V>,
    first_ply: usize,
    pos: &Position<V>,
    moves: impl Iterator<Item = Result<Move<V>, IllegalMove>>,
) -> Result<Vec<PdnMove>, IllegalMove> {
    let mut pos = *pos;
    let mut out = Vec::new();
    for (i, mv) in moves.enumerate() {
        let mv = mv?;
        let next = pos.play(&mv)?;
        let (number, second) = move_number::<V>(game_start.turn(), first_ply + i);
        out.push(PdnMove {
            number: (!second || i == 0).then_some(number),
            ellipsis: second,
            ..PdnMove::new(pos.move_text(&mv))
        });
        pos = next;
    }
    Ok(out)
}

/// Collects movetext tokens and wraps them into lines.
struct Wrapper {
    out: String,
    line_len: usize,
}

impl Wrapper {
    fn push(&mut self, token: &str) {
        let len = token.chars().count();
        if self.line_len > 0 {
            if self.line_len + 1 + len > LINE_WIDTH {
                self.out.push('\n');
                self.line_len = 0;
            } else {
                self.out.push(' ');
                self.line_len += 1;
            }
        }
        self.out.push_str(token);
        self.line_len += len;
    }
}

/// `{text}`, with any `}` (which would end it early) turned into `)`.
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// The tokens of a line of moves.
fn line_tokens(moves: &[PdnMove], tokens: &mut Vec<String>) {
    for mv in moves {
        tokens.extend(mv.comments_before.iter().map(|c| comment(c)));
        if let Some(number) = mv.number {
            tokens.push(format!("{number}{}", if mv.ellipsis { "..." } else { "." }));
        }
        tokens.push(format!("{}{}", mv.text, mv.marks));
        tokens.extend(mv.nags.iter().map(|nag| format!("${nag}")));
        tokens.extend(mv.comments.iter().map(|c| comment(c)));
        for variation in &mv.variations {
            let first = tokens.len();
            line_tokens(variation, tokens);
            if tokens.len() > first {
                tokens[first].insert(0, '(');
                if let Some(last) = tokens.last_mut() {
                    last.push(')');
                }
            }
        }
    }
}

impl fmt::Display for PdnGame {
    /// The game as PDN text: one tag pair a line (`"` and `\` escaped), a blank line,
    /// the movetext wrapped at 80 columns, the result token (`*` if none), a line end.
    /// Games written one after another should be separated by a blank line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            let value = value
                .replace('\\', "\\\\")
                .replace('"', "\\\"")
                .replace(['\n', '\r'], " ");
            writeln!(f, "[{name} \"{value}\"]")?;
        }
        if !self.tags.is_empty() {
            writeln!(f)?;
        }
        let mut tokens: Vec<String> = self.comments.iter().map(|c| comment(c)).collect();
        line_tokens(&self.moves, &mut tokens);
        tokens.push(self.result.clone().unwrap_or_else(|| "*".to_string()));
        let mut wrapper = Wrapper {
            out: String::new(),
            line_len: 0,
        };
        for token in &tokens {
            wrapper.push(token);
        }
        writeln!(f, "{}", wrapper.out)
    }
}
