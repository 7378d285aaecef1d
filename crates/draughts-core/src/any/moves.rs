//! Moves as plain values for code that learns the variant at run time: [`AnyMove`],
//! listed by [`AnyPosition::legal_moves`] and played by [`AnyPosition::play`].

use super::{AnyPosition, KnownVariant, VariantKind};
use crate::moves::Move;
use crate::notation::IllegalMove;
use crate::position::Position;
use crate::square::{Square, SquareList};
use std::fmt;
use std::hash::{Hash, Hasher};

/// A legal move of a position of a variant chosen at run time, with everything a GUI
/// shows: its squares, what it captures, whether it crowns, and its PDN text.
///
/// Two moves are equal (and hash alike) when they belong to the same variant and have
/// the same start, end and captured pieces, and both or neither crown the man during
/// the capture: the identity of [`Move`]. The path and text ride along.
///
/// ```
/// use draughts_core::{AnyPosition, Square, VariantKind};
///
/// let pos = AnyPosition::from_fen(VariantKind::International, "W:W28:B23")?;
/// let moves = pos.legal_moves();
/// assert_eq!(moves.len(), 1);
/// let capture = &moves[0];
/// assert_eq!(capture.to_string(), "28x19");
/// assert_eq!(capture.captured(), [Square::new(23).unwrap()]);
/// assert!(!capture.crowned());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct AnyMove {
    kind: VariantKind,
    from: Square,
    to: Square,
    captured: SquareList,
    path: SquareList,
    crowned: bool,
    crowns_mid_capture: bool,
    text: String,
}

/// Why an [`AnyMove`] could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The move belongs to another variant than the position.
    #[error("a move of {played} cannot be played in a position of {position}")]
    WrongVariant {
        /// The move's variant.
        played: VariantKind,
        /// The position's variant.
        position: VariantKind,
    },
    /// The move is not among the position's legal moves.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

impl AnyMove {
    /// The move `mv`, which must be a legal move of `pos`, as a value.
    pub fn new<V: KnownVariant>(pos: &Position<V>, mv: &Move<V>) -> AnyMove {
        let turn = pos.turn();
        let crowned = pos.men(turn).contains(mv.from())
            && pos.play_unchecked(mv).kings(turn).contains(mv.to());
        AnyMove {
            kind: V::KIND,
            from: mv.from(),
            to: mv.to(),
            captured: mv.captured().into_iter().collect(),
            path: pos.path_squares(mv),
            crowned,
            crowns_mid_capture: mv.crowns_mid_capture(),
            text: pos.move_text(mv),
        }
    }

    /// Whether this is `mv` (same start, end, captured pieces and crowning on the way).
    pub(crate) fn is<V: KnownVariant>(&self, mv: &Move<V>) -> bool {
        self.kind == V::KIND
            && self.from == mv.from()
            && self.to == mv.to()
            && self.crowns_mid_capture == mv.crowns_mid_capture()
            && mv.captured().into_iter().eq(self.captured.iter().copied())
    }

    /// The typed move of `pos` this is.
    ///
    /// # Errors
    /// [`PlayError::WrongVariant`] if `V` is not the move's variant,
    /// [`PlayError::Illegal`] if it is not a legal move of `pos`.
    pub fn to_move<V: KnownVariant>(&self, pos: &Position<V>) -> Result<Move<V>, PlayError> {
        if self.kind != V::KIND {
            return Err(PlayError::WrongVariant {
                played: self.kind,
                position: V::KIND,
            });
        }
        pos.legal_moves()
            .into_iter()
            .find(|mv| self.is(mv))
            .ok_or_else(|| PlayError::Illegal(IllegalMove(self.text.clone())))
    }

    /// The variant the move belongs to.
    pub fn kind(&self) -> VariantKind {
        self.kind
    }

    /// The square the piece starts on.
    pub fn from(&self) -> Square {
        self.from
    }

    /// The square the piece ends on (its start, for a capture that returns home).
    pub fn to(&self) -> Square {
        self.to
    }

    /// The captured pieces' squares, in square order (empty for a step).
    pub fn captured(&self) -> &[Square] {
        &self.captured
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// The squares the piece visits: its start, one landing square per jump (as
    /// [`Position::move_path`] chooses them), its end. A step gives its two squares.
    pub fn path(&self) -> &[Square] {
        &self.path
    }

    /// Whether a man becomes a king by this move.
    pub fn crowned(&self) -> bool {
        self.crowned
    }

    /// The shortest unambiguous PDN text ([`Position::move_text`]).
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl PartialEq for AnyMove {
    fn eq(&self, other: &AnyMove) -> bool {
        (
            self.kind,
            self.from,
            self.to,
            &self.captured,
            self.crowns_mid_capture,
        ) == (
            other.kind,
            other.from,
            other.to,
            &other.captured,
            other.crowns_mid_capture,
        )
    }
}

impl Eq for AnyMove {}

impl Hash for AnyMove {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (
            self.kind,
            self.from,
            self.to,
            &self.captured,
            self.crowns_mid_capture,
        )
            .hash(state);
    }
}

impl fmt::Display for AnyMove {
    /// The PDN text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl AnyPosition {
    /// The legal moves as values, in generation order.
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        dispatch!(self, pos => pos.legal_moves().iter().map(|mv| AnyMove::new(pos, mv)).collect())
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`PlayError`] if `mv` is of another variant or not legal here.
    pub fn play(&self, mv: &AnyMove) -> Result<AnyPosition, PlayError> {
        dispatch!(self, pos => Ok(pos.play_unchecked(&mv.to_move(pos)?).into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveTextError;

    fn square(n: u8) -> Square {
        Square::new(n).unwrap()
    }

    #[test]
    fn moves_carry_their_squares_and_text() {
        // Two captures from 30 to 6 over different pieces: written in full.
        let pos =
            AnyPosition::from_fen(VariantKind::International, "W:W30:B11,22,23,24,33,34").unwrap();
        let moves = pos.legal_moves();
        let texts: Vec<&str> = moves.iter().map(AnyMove::text).collect();
        assert_eq!(texts.len(), 3);
        let long = moves.iter().find(|m| m.text() == "30x19x28x17x6").unwrap();
        assert_eq!(long.from(), square(30));
        assert_eq!(long.to(), square(6));
        assert_eq!(long.path(), [30, 19, 28, 17, 6].map(square));
        assert_eq!(long.captured(), [11, 22, 23, 24].map(square));
        assert!(long.is_capture());
        assert_eq!(long.kind(), VariantKind::International);

        let step = &AnyPosition::initial(VariantKind::English).legal_moves()[0];
        assert_eq!(step.path(), [step.from(), step.to()]);
        assert!(!step.is_capture() && !step.crowned());
        assert_eq!(step.to_string(), step.text());
    }

    #[test]
    fn crowning_is_flagged() {
        let pos = AnyPosition::from_fen(VariantKind::English, "B:W30:B27").unwrap();
        let moves = pos.legal_moves();
        assert!(moves.iter().all(AnyMove::crowned));
        let king = AnyPosition::from_fen(VariantKind::English, "B:W30:BK27").unwrap();
        assert!(king.legal_moves().iter().all(|m| !m.crowned()));
        // Russian: a man crowned during its capture and going on as a king.
        let russian = AnyPosition::from_fen(VariantKind::Russian, "W:W10:B7,8").unwrap();
        let moves = russian.legal_moves();
        assert_eq!(moves.len(), 1);
        assert!(moves[0].crowned());
        assert_eq!(moves[0].captured(), [7, 8].map(square));
        assert_eq!(moves[0].path(), [10, 3, 12].map(square));
    }

    #[test]
    fn playing_a_move_matches_playing_its_text() {
        let start = AnyPosition::initial(VariantKind::International);
        for mv in start.legal_moves() {
            assert_eq!(start.play(&mv).ok(), start.play_text(mv.text()).ok());
        }
        let black = start.play_text("32-28").unwrap();
        let white_move = &start.legal_moves()[0];
        assert_eq!(
            black.play(white_move),
            Err(PlayError::Illegal(IllegalMove(
                white_move.text().to_string()
            )))
        );
        let english = AnyPosition::initial(VariantKind::English).legal_moves()[0].clone();
        assert_eq!(
            start.play(&english).unwrap_err().to_string(),
            "a move of english cannot be played in a position of international"
        );
        assert!(matches!(
            black.play_text("hello"),
            Err(MoveTextError::Syntax(_))
        ));
    }
}
