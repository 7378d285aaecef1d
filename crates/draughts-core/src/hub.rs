//! The position string of the Hub protocol (version 2): the side to move, `W` or `B`,
//! then one character per square in numbering order, `w`/`b` for men, `W`/`B` for kings
//! and `e` for an empty square: 51 characters on the 10x10 board, 33 on the 8x8 board.
//!
//! The string has no room for Frisian's king runs ([`Position::king_run`]):
//! [`Position::from_hub`] gives a position with none under way, and [`Position::to_hub`]
//! leaves them out. Replaying the moves that reached the position restores them; the FEN
//! carries them in its `R` field.
//!
//! The 8x8 form is our proposal (FORMATS §4: no published convention for English over
//! Hub, **unverified**): the real side to move and the real colours, so the English
//! start is `B` + 12 `b` + 8 `e` + 12 `w`.

use crate::geometry::Geometry;
use crate::piece::{Color, Piece};
use crate::position::{Position, PositionError};
use crate::square::Square;
use crate::variant::Variant;

/// Why a Hub position string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HubPositionError {
    /// Not one character for the side to move plus one per square.
    #[error(
        "a Hub position for {variant} has {expected} characters (side to move, then one per square), not {found}"
    )]
    Length {
        /// The variant's name.
        variant: &'static str,
        /// Characters expected.
        expected: usize,
        /// Characters found.
        found: usize,
    },
    /// The first character is not `W` or `B`.
    #[error("Hub position: side to move {0:?} is not W or B")]
    BadTurn(char),
    /// A square's character is not one of `w b W B e`.
    #[error("Hub position: {found:?} on square {square} is not w, b, W, B or e")]
    BadSquare {
        /// The square's number.
        square: u8,
        /// The character found there.
        found: char,
    },
    /// Readable, but the pieces do not form a valid position.
    #[error("Hub position: {0}")]
    Position(#[from] PositionError),
}

impl<V: Variant> Position<V> {
    /// The Hub protocol string of this position: `W` or `B` for the side to move, then
    /// `w`/`b` (men), `W`/`B` (kings) or `e` (empty) for each square in numbering order.
    ///
    /// For English this follows our proposal (FORMATS §4, **unverified**): the real
    /// side to move and colours, so the start is `B` + 12 `b` + 8 `e` + 12 `w`.
    ///
    /// ```
    /// use draughts_core::{International, Position};
    ///
    /// assert_eq!(
    ///     Position::<International>::initial().to_hub(),
    ///     "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
    /// );
    /// ```
    pub fn to_hub(&self) -> String {
        let squares = <V::Board as Geometry>::SQUARES;
        let mut out = String::with_capacity(usize::from(squares) + 1);
        out.push(self.turn().letter());
        for n in 1..=squares {
            let piece = Square::new(n).and_then(|s| self.piece_at(s));
            out.push(piece.map_or('e', Piece::letter));
        }
        out
    }

    /// Reads a Hub protocol position string (surrounding white space is ignored).
    ///
    /// ```
    /// use draughts_core::{English, Position};
    ///
    /// let hub = format!("B{}{}{}", "b".repeat(12), "e".repeat(8), "w".repeat(12));
    /// assert_eq!(Position::<English>::from_hub(&hub)?, Position::initial());
    /// # Ok::<(), draughts_core::HubPositionError>(())
    /// ```
    ///
    /// # Errors
    /// [`HubPositionError::Length`] for the wrong number of characters,
    /// [`HubPositionError::BadTurn`] or [`HubPositionError::BadSquare`] for a character
    /// out of place, and [`HubPositionError::Position`] when the pieces break the rules
    /// (a man on its own crowning row, too many pieces).
    pub fn from_hub(text: &str) -> Result<Position<V>, HubPositionError> {
        let text = text.trim();
        let squares = usize::from(<V::Board as Geometry>::SQUARES);
        let found = text.chars().count();
        if found != squares + 1 {
            return Err(HubPositionError::Length {
                variant: V::NAME,
                expected: squares + 1,
                found,
            });
        }
        let mut chars = text.chars();
        let turn = match chars.next() {
            Some('W') => Color::White,
            Some('B') => Color::Black,
            other => return Err(HubPositionError::BadTurn(other.unwrap_or(' '))),
        };
        let mut pieces = Vec::new();
        for (n, c) in (1..=Square::MAX).zip(chars) {
            if c == 'e' {
                continue;
            }
            let piece = Piece::from_letter(c).ok_or(HubPositionError::BadSquare {
                square: n,
                found: c,
            })?;
            if let Some(square) = Square::new(n) {
                pieces.push((square, piece));
            }
        }
        Ok(Position::from_pieces(turn, pieces)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{English, International};

    const INTERNATIONAL_START: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

    #[test]
    fn start_positions() {
        let start = Position::<International>::initial();
        assert_eq!(start.to_hub(), INTERNATIONAL_START);
        assert_eq!(Position::from_hub(INTERNATIONAL_START), Ok(start));
        let english = Position::<English>::initial().to_hub();
        assert_eq!(english, "Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
        assert_eq!(english.len(), 33);
        assert_eq!(
            Position::<English>::from_hub(&format!(" {english}\n")),
            Ok(Position::initial())
        );
    }

    #[test]
    fn kings_and_turn_round_trip() {
        let pos: Position<International> = "B:WK3,28,33:B12,K46".parse().unwrap();
        let hub = pos.to_hub();
        assert!(hub.starts_with("BeeW"));
        assert_eq!(hub.chars().nth(46), Some('B'));
        assert_eq!(hub.chars().nth(12), Some('b'));
        assert_eq!(Position::from_hub(&hub), Ok(pos));
    }

    #[test]
    fn round_trips_along_played_games() {
        fn walk<V: Variant>(seed: u64) {
            let mut pos = Position::<V>::initial();
            let mut state = seed;
            for _ in 0..200 {
                assert_eq!(Position::<V>::from_hub(&pos.to_hub()), Ok(pos));
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos = pos.play_unchecked(&moves[(state >> 33) as usize % moves.len()]);
            }
        }
        for seed in 0..20 {
            walk::<International>(seed);
            walk::<English>(seed);
        }
    }

    #[test]
    fn errors() {
        type P = Position<International>;
        assert_eq!(
            P::from_hub("W"),
            Err(HubPositionError::Length {
                variant: "international",
                expected: 51,
                found: 1
            })
        );
        assert!(matches!(
            P::from_hub(""),
            Err(HubPositionError::Length { found: 0, .. })
        ));
        assert!(matches!(
            Position::<English>::from_hub(INTERNATIONAL_START),
            Err(HubPositionError::Length {
                expected: 33,
                found: 51,
                ..
            })
        ));
        let bad_turn = format!("w{}", &INTERNATIONAL_START[1..]);
        assert_eq!(P::from_hub(&bad_turn), Err(HubPositionError::BadTurn('w')));
        let mut bad_square = INTERNATIONAL_START.to_string();
        bad_square.replace_range(26..27, "x");
        assert_eq!(
            P::from_hub(&bad_square),
            Err(HubPositionError::BadSquare {
                square: 26,
                found: 'x'
            })
        );
        // A white man on square 1, its own crowning row.
        let mut crowning = INTERNATIONAL_START.to_string();
        crowning.replace_range(1..2, "w");
        assert!(matches!(
            P::from_hub(&crowning),
            Err(HubPositionError::Position(
                PositionError::ManOnCrowningRow { .. }
            ))
        ));
        // Too many pieces.
        let crowded = format!("W{}", "w".repeat(45)) + "eeeee";
        assert!(matches!(
            P::from_hub(&crowded),
            Err(HubPositionError::Position(_))
        ));
        // Multi-byte characters are counted as characters and never split.
        let accented = format!("W{}é", &INTERNATIONAL_START[1..50]);
        assert_eq!(
            P::from_hub(&accented),
            Err(HubPositionError::BadSquare {
                square: 50,
                found: 'é'
            })
        );
        assert!(P::from_hub(&"é".repeat(51)).is_err());
        assert!(P::from_hub(&"\u{0}".repeat(51)).is_err());
    }
}
