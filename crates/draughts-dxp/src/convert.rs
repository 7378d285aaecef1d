//! DXP positions and moves as the core's International positions and moves.

use crate::message::{Board, Cell, MoveMessage, Side, SQUARES};
use draughts_core::{
    Color, HubPositionError, International, Kind, Move, MoveTextError, Piece, Position, Square,
};

/// The core's colour of a DXP side.
pub fn color(side: Side) -> Color {
    match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

/// The DXP side of a colour.
pub fn side(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

impl Board {
    /// The DXP board of `position`.
    pub fn from_position(position: &Position<International>) -> Board {
        let mut squares = [Cell::Empty; SQUARES];
        for (square, piece) in position.piece_squares() {
            let cell = match (piece.color, piece.kind) {
                (Color::White, Kind::Man) => Cell::WhiteMan,
                (Color::Black, Kind::Man) => Cell::BlackMan,
                (Color::White, Kind::King) => Cell::WhiteKing,
                (Color::Black, Kind::King) => Cell::BlackKing,
            };
            if let Some(slot) = squares.get_mut(usize::from(square.number()) - 1) {
                *slot = cell;
            }
        }
        Board {
            turn: side(position.turn()),
            squares,
        }
    }

    /// The position this board sets up.
    ///
    /// # Errors
    /// [`HubPositionError::Position`] if the pieces break the rules (a man on its own
    /// crowning row, too many pieces).
    pub fn to_position(&self) -> Result<Position<International>, HubPositionError> {
        let pieces = self.squares.iter().zip(1u8..).filter_map(|(cell, n)| {
            let piece = match cell {
                Cell::Empty => return None,
                Cell::WhiteMan => Piece::WHITE_MAN,
                Cell::BlackMan => Piece::BLACK_MAN,
                Cell::WhiteKing => Piece::WHITE_KING,
                Cell::BlackKing => Piece::BLACK_KING,
            };
            Square::new(n).map(|square| (square, piece))
        });
        Ok(Position::from_pieces(color(self.turn), pieces)?)
    }
}

impl MoveMessage {
    /// The message for `mv`, played in `seconds`.
    pub fn from_move(mv: &Move<International>, seconds: u16) -> MoveMessage {
        MoveMessage {
            seconds,
            from: mv.from().number(),
            to: mv.to().number(),
            captured: mv.captured().iter().map(Square::number).collect(),
        }
    }

    /// The legal move of `position` this message names.
    ///
    /// # Errors
    /// [`MoveTextError::Illegal`] if no legal move has these squares (or a quiet move
    /// is given where a capture is compulsory).
    pub fn to_move(
        &self,
        position: &Position<International>,
    ) -> Result<Move<International>, MoveTextError> {
        position.parse_hub_move(&self.text())
    }

    /// The move in the captured-square form: `32-28`, `30x6x11x22x23x24`.
    pub fn text(&self) -> String {
        if self.captured.is_empty() {
            return format!("{}-{}", self.from, self.to);
        }
        let mut text = format!("{}x{}", self.from, self.to);
        for square in &self.captured {
            text.push_str(&format!("x{square}"));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Message;

    #[test]
    fn boards_and_positions() {
        let start = Position::<International>::initial();
        let board = Board::from_position(&start);
        assert_eq!(board.to_position(), Ok(start));
        let fen = "B:WK3,28,33:B12,K46";
        let position: Position<International> = fen.parse().unwrap();
        let board = Board::from_position(&position);
        assert_eq!(board.turn, Side::Black);
        assert_eq!(board.squares[2], Cell::WhiteKing);
        assert_eq!(board.squares[45], Cell::BlackKing);
        assert_eq!(board.to_position(), Ok(position));
        // A white man on its crowning row.
        let mut bad = board;
        bad.squares[0] = Cell::WhiteMan;
        assert!(bad.to_position().is_err());
    }

    #[test]
    fn moves_both_ways() {
        let position: Position<International> = "W:W30:B11,22,23,24,33,34".parse().unwrap();
        let Ok(Message::Move(message)) = Message::parse("M000130060411222324") else {
            panic!("no move");
        };
        let mv = message.to_move(&position).unwrap();
        assert_eq!(mv.to().number(), 6);
        let back = MoveMessage::from_move(&mv, 1);
        assert_eq!(Message::Move(back).to_string(), "M000130060411222324");
        for mv in position.legal_moves() {
            assert_eq!(MoveMessage::from_move(&mv, 0).to_move(&position), Ok(mv));
        }
        let start = Position::<International>::initial();
        let step = MoveMessage {
            seconds: 3,
            from: 32,
            to: 28,
            captured: vec![],
        };
        assert!(step.to_move(&start).is_ok());
        let wrong = MoveMessage {
            seconds: 3,
            from: 32,
            to: 26,
            captured: vec![],
        };
        assert!(wrong.to_move(&start).is_err());
        // A quiet move where a capture is compulsory.
        let quiet = MoveMessage {
            seconds: 0,
            from: 30,
            to: 25,
            captured: vec![],
        };
        assert!(quiet.to_move(&position).is_err());
    }
}
