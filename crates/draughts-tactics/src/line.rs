//! A combination's line by squares, and its replay on a real position: the check that
//! turns a template's promise into a proof.

use crate::material::PieceValues;
use arrayvec::ArrayVec;
use draughts_core::{Bitboard, Color, Kind, Move, MoveList, Position, Square, Variant};
use draughts_eval::Score;
use draughts_search::Combination;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

/// One move of a line, by squares: the start, the end and the captured pieces. It
/// names the same move in every position where that move is legal.
#[derive(Clone, Copy)]
pub struct LineMove<V: Variant> {
    from: Bitboard<V>,
    to: Bitboard<V>,
    captured: Bitboard<V>,
}

impl<V: Variant> LineMove<V> {
    /// The line move naming `mv`.
    pub fn of(mv: &Move<V>) -> LineMove<V> {
        LineMove {
            from: mv.from_set(),
            to: mv.to_set(),
            captured: mv.captured(),
        }
    }

    /// A line move from squares; `None` if a square is not on `V`'s board or captured
    /// twice, if the start is among the captured squares, or if the end is and `V`
    /// leaves captured pieces on the board until the capture ends (where they are
    /// removed as they are taken, [`Variant::REMOVES_DURING_CAPTURE`], a Thai or
    /// Turkish king may end on the square of a piece it took).
    pub fn from_squares(from: Square, to: Square, captured: &[Square]) -> Option<LineMove<V>> {
        let set = |s: Square| Bitboard::<V>::from_square(s);
        let mut taken = Bitboard::EMPTY;
        for &s in captured {
            taken |= set(s)?;
        }
        let (from, to) = (set(from)?, set(to)?);
        let ends_on_taken = !(to & taken).is_empty() && !V::REMOVES_DURING_CAPTURE;
        if !(from & taken).is_empty() || ends_on_taken || taken.len() != captured.len() {
            return None;
        }
        Some(LineMove {
            from,
            to,
            captured: taken,
        })
    }

    /// The start square.
    pub fn from(&self) -> Square {
        self.from.first().unwrap_or(Square::new_unchecked(1))
    }

    /// The end square.
    pub fn to(&self) -> Square {
        self.to.first().unwrap_or(Square::new_unchecked(1))
    }

    /// The start square as a set of one.
    pub fn from_set(&self) -> Bitboard<V> {
        self.from
    }

    /// The end square as a set of one.
    pub fn to_set(&self) -> Bitboard<V> {
        self.to
    }

    /// The captured squares.
    pub fn captured(&self) -> Bitboard<V> {
        self.captured
    }

    /// Whether `mv` is this move.
    #[inline]
    pub fn is(&self, mv: &Move<V>) -> bool {
        mv.from_set() == self.from && mv.to_set() == self.to && mv.captured() == self.captured
    }

    /// The same move after the board's 180-degree turn.
    #[must_use]
    pub fn mirrored(&self) -> LineMove<V> {
        LineMove {
            from: self.from.rotated(),
            to: self.to.rotated(),
            captured: self.captured.rotated(),
        }
    }

    /// Reads the text [`fmt::Display`] writes: `32-28` for a step, `23x32x28` (start,
    /// end, then the captured squares) for a capture. `None` if it does not read as
    /// such, or names a square `V`'s board lacks.
    pub fn parse(text: &str) -> Option<LineMove<V>> {
        let number = |t: &str| t.parse::<u8>().ok().and_then(Square::new);
        if let Some((a, b)) = text.split_once('-') {
            return LineMove::from_squares(number(a)?, number(b)?, &[]);
        }
        let squares: Vec<Square> = text.split('x').map(number).collect::<Option<_>>()?;
        match squares.as_slice() {
            [from, to, captured @ ..] if !captured.is_empty() => {
                LineMove::from_squares(*from, *to, captured)
            }
            _ => None,
        }
    }

    fn key(&self) -> (Bitboard<V>, Bitboard<V>, Bitboard<V>) {
        (self.from, self.to, self.captured)
    }
}

impl<V: Variant> PartialEq for LineMove<V> {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl<V: Variant> Eq for LineMove<V> {}

impl<V: Variant> Hash for LineMove<V> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl<V: Variant> PartialOrd for LineMove<V> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<V: Variant> Ord for LineMove<V> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl<V: Variant> fmt::Display for LineMove<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.captured.is_empty() {
            return write!(f, "{}-{}", self.from(), self.to());
        }
        write!(f, "{}x{}", self.from(), self.to())?;
        self.captured().iter().try_for_each(|s| write!(f, "x{s}"))
    }
}

impl<V: Variant> fmt::Debug for LineMove<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LineMove({self})")
    }
}

/// What replaying a line gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome<V: Variant> {
    /// The moves as played.
    pub line: Vec<Move<V>>,
    /// The attacker's net material gain (see [`PieceValues::gain`]).
    pub gain: Score,
    /// Whether the attacker ends with more kings than it started with.
    pub crowned: bool,
}

impl<V: Variant> Outcome<V> {
    /// Whether the line wins: a net gain of at least one man, or a breakthrough to a
    /// king that costs nothing on balance (gain at least 0 and a new king).
    pub fn wins(&self, values: &PieceValues) -> bool {
        wins(self.gain, self.crowned, values)
    }

    /// The search's view of it.
    pub fn into_combination(self) -> Combination<V> {
        Combination {
            line: self.line,
            gain: self.gain,
        }
    }
}

/// Whether a line with this gain and crowning wins (see [`Outcome::wins`]).
pub(crate) fn wins(gain: Score, crowned: bool, values: &PieceValues) -> bool {
    gain >= values.man || (crowned && gain >= 0)
}

/// Whether a line may end in `pos`: the side to move has no capture, and if the
/// attacker is to move the defender has none pending either, so the material counted
/// there holds for at least a ply.
#[inline]
pub fn is_settled<V: Variant>(pos: &Position<V>, attacker: Color) -> bool {
    !pos.has_capture() && (pos.turn() != attacker || !pos.opponent_has_capture())
}

/// Replays `line` from `pos` with the side to move as attacker: every move must be
/// legal where it is played, every defender move must be the defender's only legal
/// move, and the line must end in a settled position ([`is_settled`]). `None` if any
/// of that fails, or if the line has more than [`MAX_LINE`] moves; otherwise the moves
/// and what they gain (winning or not).
pub fn replay<V: Variant>(
    pos: &Position<V>,
    line: &[LineMove<V>],
    values: &PieceValues,
) -> Option<Outcome<V>> {
    let mut moves = LineMoves::new();
    let (gain, crowned) = replay_into(pos, line, values, &mut moves)?;
    Some(Outcome {
        line: moves.to_vec(),
        gain,
        crowned,
    })
}

/// The most moves a line may have: longer lines do not replay.
pub const MAX_LINE: usize = 32;

/// The moves of a replayed line, on the stack: the oracle replays at search leaves,
/// where an allocation for a line that then fails showed in profiles.
pub(crate) type LineMoves<V> = ArrayVec<Move<V>, MAX_LINE>;

/// As [`replay`], with the moves played left in `moves` (cleared first): the gain and
/// whether the attacker crowned.
pub(crate) fn replay_into<V: Variant>(
    pos: &Position<V>,
    line: &[LineMove<V>],
    values: &PieceValues,
    moves: &mut LineMoves<V>,
) -> Option<(Score, bool)> {
    moves.clear();
    if line.len() > MAX_LINE {
        return None;
    }
    let attacker = pos.turn();
    let start = values.balance(pos, attacker);
    let mut here = *pos;
    // One list for the whole line: a move list is large, and copying it out of
    // `legal_moves` at every ply showed in profiles.
    let mut legal = MoveList::new();
    for step in line {
        here.generate_moves(&mut legal);
        if here.turn() != attacker && legal.len() != 1 {
            return None;
        }
        let mv = *legal.iter().find(|m| step.is(m))?;
        moves.push(mv);
        here = here.play_unchecked(&mv);
    }
    if !is_settled(&here, attacker) {
        return None;
    }
    let kings = |p: &Position<V>| p.count(attacker, Kind::King);
    Some((
        values.gain(start, &here, attacker),
        kings(&here) > kings(pos),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International, Turkish};

    #[test]
    fn text_round_trips() {
        for text in ["32-28", "23x32x28", "46x5x10x19x28", "1x1x6x7x12x17"] {
            let mv = LineMove::<International>::parse(text).unwrap();
            assert_eq!(mv.to_string(), text);
        }
        for bad in [
            "", "32", "32-", "32x28", "51-46", "1x2x1", "a-b", "3x4x5x5", "9-0",
        ] {
            assert_eq!(LineMove::<International>::parse(bad), None, "{bad}");
        }
        assert_eq!(LineMove::<English>::parse("33-28"), None);
        let mv = LineMove::<English>::parse("22x15x18").unwrap();
        assert_eq!(mv.mirrored().to_string(), "11x18x15");
        // A Turkish king may end a capture where it took a piece (taken pieces leave
        // at once); on the other boards no capture ends on a captured square.
        let king = "6x14x14x15x19x21x24x26x36x38";
        assert_eq!(LineMove::<Turkish>::parse(king).unwrap().to_string(), king);
        assert_eq!(LineMove::<Turkish>::parse("6x14x6x15"), None);
        assert_eq!(LineMove::<International>::parse("5x14x14x19"), None);
        assert_eq!(LineMove::<Turkish>::parse("64-65"), None);
    }
}
