//! Move text: PDN (`32-28`, `28x19`, path `28x19x10`) and the captured-square form of
//! the Hub and DXP protocols (`28x19x23`: 28 to 19 capturing 23).
//!
//! PDN text follows the variant's square custom ([`crate::Notation`]): Russian,
//! Brazilian and Turkish moves are written `c3-d4` and `c3xe5`, `-` for a step and `x`
//! for a capture as FORMATS §2 writes them and as pydraughts 0.6.7 writes these
//! variants' moves (`Move.pdn_move`, through `_number_to_algebraic`). The readers take
//! numbers or algebraic names in any variant, and `:` as a capture separator (PDN 3.0's
//! Russian custom). The Hub and DXP texts stay in numbers, as those protocols speak.
//!
//! Text is read by matching it against the legal moves, so a move that reads is legal.

use crate::bitboard::Bitboard;
use crate::geometry::{shift, Direction};
use crate::moves::Move;
use crate::piece::Color;
use crate::position::{crowning_row, Position};
use crate::square::{Square, SquareError, SquareList};
use crate::variant::{KingLanding, Variant};
use std::fmt::Write as _;

/// Why a move text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// The text is not shaped like a move.
    #[error("cannot read {0:?} as a move such as 32-28 or 28x19")]
    Syntax(String),
    /// The text is shaped like a move, but no legal move fits it.
    #[error("{0} is not a legal move here")]
    Illegal(String),
    /// Several legal moves fit the text.
    #[error("{text} fits {count} captures; add the landing squares")]
    Ambiguous {
        /// The text as given.
        text: String,
        /// How many moves fit.
        count: usize,
    },
    /// An algebraic square off the board or on a light square (`i9`, `a2`).
    #[error(transparent)]
    Square(#[from] SquareError),
}

/// A move that is not legal in the position it was played in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a legal move here")]
pub struct IllegalMove(pub String);

/// One jump of a capture path: the piece taken, where the capturer lands, and the
/// direction it travelled.
#[derive(Clone, Copy, Debug)]
struct Jump {
    victim: u64,
    landing: u64,
    dir: Direction,
}

/// The search behind [`Position::capture_paths`].
struct Walk {
    /// The pieces the move captures.
    opp: u64,
    empty: u64,
    target: u64,
    crowning_row: u64,
    white: bool,
    /// Whether the move crowns its man during the capture.
    crowned: bool,
    jumps: Vec<Jump>,
    paths: Vec<Vec<Jump>>,
}

impl Walk {
    /// Follows every way on from `at`, having taken `taken`; `king` says whether the
    /// piece moves as a king, `crowned` whether it was crowned on the way.
    fn walk<V: Variant>(&mut self, at: u64, taken: u64, king: bool, crowned: bool) {
        if taken == self.opp {
            if at == self.target && crowned == self.crowned {
                self.paths.push(self.jumps.clone());
            }
            return;
        }
        let flying = king && V::FLYING_KINGS;
        // Where captured pieces leave as they are taken, their squares are free.
        let empty = if V::REMOVES_DURING_CAPTURE {
            self.empty | taken
        } else {
            self.empty
        };
        let behind_each = matches!(V::KING_LANDING, KingLanding::BehindEach);
        let dirs = Position::<V>::capture_directions();
        let color = if self.white {
            Color::White
        } else {
            Color::Black
        };
        let backwards = |d: Direction| d.reverse().is_forward(color);
        let came = self.jumps.last().map(|j| j.dir);
        for &dir in dirs {
            if !(king || V::MEN_CAPTURE_BACKWARDS || !backwards(dir)) {
                continue;
            }
            // No turning straight back (where the piece just taken has left the board).
            if !V::KING_TURNS_BACK && came == Some(dir.reverse()) {
                continue;
            }
            let mut sq = shift::<V::Board>(at, dir);
            while flying && sq & empty != 0 {
                sq = shift::<V::Board>(sq, dir);
            }
            let victim = sq & self.opp & !taken;
            let mut landing = shift::<V::Board>(victim, dir) & empty;
            while landing != 0 {
                self.jumps.push(Jump {
                    victim,
                    landing,
                    dir,
                });
                let crowns = V::CROWNS_MID_CAPTURE && !king && landing & self.crowning_row != 0;
                self.walk::<V>(landing, taken | victim, king || crowns, crowned || crowns);
                self.jumps.pop();
                landing = if flying && !behind_each {
                    shift::<V::Board>(landing, dir) & empty
                } else {
                    0
                };
            }
        }
    }
}

/// What separates the squares of a move's text.
const SEPARATORS: [char; 4] = ['-', 'x', 'X', ':'];

/// Splits move text into its square numbers, tolerating spaces, leading zeros and the
/// separators `-`, `x`, `X` and `:`; a square may be a number or an algebraic name. A
/// number off the board is kept (no legal move has it); a name off the board is an
/// error.
fn squares_of<V: Variant>(text: &str) -> Result<Vec<u8>, MoveTextError> {
    let syntax = || MoveTextError::Syntax(text.to_string());
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut squares = Vec::new();
    for part in compact.split(SEPARATORS) {
        if part.bytes().next().is_some_and(|b| b.is_ascii_alphabetic()) {
            match Square::from_algebraic::<V::Board>(part) {
                Ok(square) => squares.push(square.number()),
                Err(SquareError::Syntax(_)) => return Err(syntax()),
                Err(error) => return Err(MoveTextError::Square(error)),
            }
        } else if part.is_empty() || part.len() > 3 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(syntax());
        } else {
            squares.push(part.parse().map_err(|_| syntax())?);
        }
    }
    if squares.len() < 2 {
        return Err(syntax());
    }
    Ok(squares)
}

/// Move text with each square number `n` written as `map(n)` instead (`9x18x27` to
/// `24x15x6` for `33 - n`), where `map` has one; the separators, algebraic names and
/// anything that is not a square number are kept as written, for
/// [`Position::parse_move`] to judge.
pub(crate) fn map_move_numbers(text: &str, map: impl Fn(u32) -> Option<u32>) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    for piece in text.split_inclusive(SEPARATORS) {
        let part = piece.strip_suffix(SEPARATORS).unwrap_or(piece);
        match map_number(part, &map) {
            Some(n) => out.push_str(&n.to_string()),
            None => out.push_str(part),
        }
        out.push_str(&piece[part.len()..]);
    }
    out
}

/// `text` read as a square number (one to three digits, white space around them) and
/// mapped by `map`; `None` if it is not such a number or `map` has none for it.
pub(crate) fn map_number(text: &str, map: impl Fn(u32) -> Option<u32>) -> Option<u32> {
    let text = text.trim();
    let digits = !text.is_empty() && text.len() <= 3 && text.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| text.parse().ok().and_then(map)).flatten()
}

/// The raw bit of square number `n` on `V`'s board.
fn bit_of<V: Variant>(n: u8) -> Option<u64> {
    Square::new(n).and_then(Bitboard::<V>::bit)
}

impl<V: Variant> Position<V> {
    /// Every way of playing the capture `mv` jump by jump, with every landing square a
    /// flying king could choose (and, where men crown during a capture, only the ways
    /// that crown the man on the way if `mv` does).
    fn capture_paths(&self, mv: &Move<V>) -> Vec<Vec<Jump>> {
        let from = 1u64 << mv.start_bit();
        let us = self.turn();
        let mut walk = Walk {
            opp: self.side_bits(!us) & mv.captured_bits(),
            empty: Bitboard::<V>::ALL.bits() & !(self.side_bits(us) | self.side_bits(!us)) | from,
            target: 1u64 << mv.end_bit(),
            crowning_row: crowning_row::<V::Board>(us),
            white: us == Color::White,
            crowned: mv.crowns_mid_capture(),
            jumps: Vec::new(),
            paths: Vec::new(),
        };
        walk.walk::<V>(from, 0, self.king_bits() & from != 0, false);
        walk.paths
    }

    /// The squares of a capture's path as PDN writes it: the start, one landing square
    /// per jump but the last (the square just behind the captured piece where a flying
    /// king goes straight on), and the end. A step gives its two squares.
    pub fn move_path(&self, mv: &Move<V>) -> Vec<Square> {
        self.path_squares(mv).into_vec()
    }

    /// [`Position::move_path`] without a heap allocation for the common short path.
    pub(crate) fn path_squares(&self, mv: &Move<V>) -> SquareList {
        let mut out = SquareList::new();
        out.push(mv.from());
        if let Some(path) = self
            .capture_paths(mv)
            .into_iter()
            .find(|p| {
                // Prefer the path through the landing squares the generator recorded.
                p.iter()
                    .take(p.len().saturating_sub(1))
                    .all(|j| j.landing & mv.landed_bits() != 0)
            })
            .or_else(|| self.capture_paths(mv).into_iter().next())
        {
            for pair in path.windows(2) {
                let (jump, next) = (pair[0], pair[1]);
                let landing = if next.dir == jump.dir {
                    shift::<V::Board>(jump.victim, jump.dir)
                } else {
                    jump.landing
                };
                out.push(Bitboard::<V>::square_of_bit(landing.trailing_zeros()));
            }
        }
        out.push(mv.to());
        out
    }

    /// The shortest unambiguous PDN text of a legal move: `32-28`, `28x19`, or the whole
    /// path `30x19x28x17x6` when another capture shares the start and end squares;
    /// squares as the variant writes them ([`Square::to_text`]: `c3-d4` in Russian).
    ///
    /// ```
    /// use draughts_core::{International, Position, Russian};
    ///
    /// let pos: Position<International> = "W:W30:B11,22,23,24,33,34".parse()?;
    /// let mut texts: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
    /// texts.sort();
    /// assert_eq!(texts, ["30x19x28x17x6", "30x30", "30x39x28x17x6"]);
    ///
    /// let russian: Position<Russian> = "W:Wc3:Bd4,f6".parse()?;
    /// let capture = russian.legal_moves()[0];
    /// assert_eq!(russian.move_text(&capture), "c3xg7");
    /// # Ok::<(), draughts_core::FenError>(())
    /// ```
    pub fn move_text(&self, mv: &Move<V>) -> String {
        let name = |square: Square| square.to_text::<V>();
        if !mv.is_capture() {
            return format!("{}-{}", name(mv.from()), name(mv.to()));
        }
        let ambiguous = mv.capture_count() > 1
            && self
                .legal_moves()
                .iter()
                .any(|m| m.from() == mv.from() && m.to() == mv.to() && m != mv);
        if !ambiguous {
            return format!("{}x{}", name(mv.from()), name(mv.to()));
        }
        let names: Vec<String> = self.path_squares(mv).into_iter().map(name).collect();
        names.join("x")
    }

    /// The captured-square text of the Hub and DXP protocols: `32-28` for a step,
    /// `from x to x captured...` (captured squares ascending) for a capture.
    pub fn hub_move_text(mv: &Move<V>) -> String {
        if !mv.is_capture() {
            return format!("{}-{}", mv.from(), mv.to());
        }
        let mut text = format!("{}x{}", mv.from(), mv.to());
        for square in mv.captured() {
            let _ = write!(text, "x{square}");
        }
        text
    }

    /// Reads PDN move text (`32-28`, `28x19`, or a path `28x19x10`; squares as numbers
    /// or algebraic names, `c3xe5`) as a legal move. Text that is no capture's path is read in the captured-square form
    /// ([`Position::parse_hub_move`]) that some exports write for king captures.
    ///
    /// # Errors
    /// [`MoveTextError::Syntax`] for text not shaped like a move,
    /// [`MoveTextError::Square`] for an algebraic square off the board or light,
    /// [`MoveTextError::Illegal`] when no legal move fits, and
    /// [`MoveTextError::Ambiguous`] when the short form fits several captures.
    pub fn parse_move(&self, text: &str) -> Result<Move<V>, MoveTextError> {
        let squares = squares_of::<V>(text)?;
        let illegal = || MoveTextError::Illegal(text.trim().to_string());
        let bits: Vec<u64> = squares
            .iter()
            .map(|&n| bit_of::<V>(n))
            .collect::<Option<_>>()
            .ok_or_else(illegal)?;
        let (from, to) = (bits[0], bits[bits.len() - 1]);
        let middle = &bits[1..bits.len() - 1];
        let ends: Vec<Move<V>> = self
            .legal_moves()
            .into_iter()
            .filter(|m| 1u64 << m.start_bit() == from && 1u64 << m.end_bit() == to)
            .collect();
        // The whole path, or (as some writers give it, `15x33x31` for 15x33x22x31) some
        // of its landing squares in order: a whole path is preferred.
        let follows = |m: &Move<V>, whole: bool| {
            let jumps = m.capture_count() as usize;
            let count_fits = if whole {
                jumps == middle.len() + 1
            } else {
                middle.len() < jumps
            };
            count_fits
                && self.capture_paths(m).iter().any(|path| {
                    let before_last = &path[..path.len().saturating_sub(1)];
                    let mut landings = before_last.iter().map(|jump| jump.landing);
                    middle.iter().all(|&square| landings.any(|l| l == square))
                })
        };
        let mut fits: Vec<Move<V>> = ends
            .iter()
            .copied()
            .filter(|m| middle.is_empty() || follows(m, true))
            .collect();
        if fits.is_empty() && !middle.is_empty() {
            fits = ends.into_iter().filter(|m| follows(m, false)).collect();
        }
        if fits.is_empty() && !middle.is_empty() {
            // Not a path: the captured-square form, `from x to x captured ...`, which
            // some exports use for king captures (FORMATS.md §2).
            return self.parse_hub_move(text);
        }
        if fits.len() > 1 && middle.is_empty() {
            // `22x31` is also the whole path of a single jump: where a one-piece capture
            // shares its ends with longer ones (English has no majority rule), the text
            // names it, and the longer ones are written with their paths.
            let single_jumps: Vec<Move<V>> = fits
                .iter()
                .copied()
                .filter(|m| m.capture_count() == 1)
                .collect();
            if single_jumps.len() == 1 {
                return Ok(single_jumps[0]);
            }
        }
        single(fits, text)
    }

    /// Reads the captured-square text of the Hub and DXP protocols (`28x19x23`: 28 to
    /// 19 capturing 23; captured squares in any order). A plain `from-to` or `fromxto`
    /// is read as in PDN.
    ///
    /// # Errors
    /// As [`Position::parse_move`].
    pub fn parse_hub_move(&self, text: &str) -> Result<Move<V>, MoveTextError> {
        let squares = squares_of::<V>(text)?;
        if squares.len() == 2 {
            return self.parse_move(text);
        }
        let illegal = || MoveTextError::Illegal(text.trim().to_string());
        let mut bits = squares.iter().map(|&n| bit_of::<V>(n));
        let from = bits.next().flatten().ok_or_else(illegal)?;
        let to = bits.next().flatten().ok_or_else(illegal)?;
        let mut captured = 0u64;
        for bit in bits {
            captured |= bit.ok_or_else(illegal)?;
        }
        let fits: Vec<Move<V>> = self
            .legal_moves()
            .into_iter()
            .filter(|m| {
                (m.start_bit(), m.end_bit(), m.captured_bits())
                    == (from.trailing_zeros(), to.trailing_zeros(), captured)
            })
            .collect();
        single(fits, text)
    }

    /// Plays a legal move given as PDN text.
    ///
    /// # Errors
    /// As [`Position::parse_move`].
    pub fn play_text(&self, text: &str) -> Result<Position<V>, MoveTextError> {
        Ok(self.play_unchecked(&self.parse_move(text)?))
    }

    /// Plays `mv` after checking that it is legal here.
    ///
    /// # Errors
    /// [`IllegalMove`] if `mv` is not among the legal moves.
    pub fn play(&self, mv: &Move<V>) -> Result<Position<V>, IllegalMove> {
        if self.legal_moves().contains(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(IllegalMove(Self::hub_move_text(mv)))
        }
    }
}

fn single<V: Variant>(fits: Vec<Move<V>>, text: &str) -> Result<Move<V>, MoveTextError> {
    match fits.len() {
        0 => Err(MoveTextError::Illegal(text.trim().to_string())),
        1 => Ok(fits[0]),
        count => Err(MoveTextError::Ambiguous {
            text: text.trim().to_string(),
            count,
        }),
    }
}
