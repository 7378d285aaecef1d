//! FEN as PDN writes it: `W:W31-50:B1-20`, or with algebraic squares where a variant's
//! players write those (`W:Wa1,c3,Kd4:Bb6,h8`, [`crate::Notation`]).
//!
//! `Turn:ColourList:ColourList`; each list is `W` or `B` followed by comma-separated
//! items `n`, `Kn`, `n-m` or `Kn-m` (`K` marks kings and covers a whole range), where a
//! square is a number or an algebraic name (a range of names runs over the numbers in
//! between, as pydraughts reads it). Algebraic FEN is written square by square, no
//! ranges, White's side first. The reader also takes a final `.`, a pasted
//! `[FEN "..."]`, extra fields such as `:H0:F1`, empty lists, leading zeros and
//! surrounding white space, and either kind of square whatever the variant's custom.
//!
//! Where a variant limits a king's consecutive non-capturing moves (Frisian), a final
//! field `R` lists each side's current run as colour, square, `x` and length:
//! `W:WK28,40:B10:RW28x2` (White's king on 28 has made two such moves in a row). It is
//! written only when a run is under way; other variants never write it and ignore it.
//! PDN's `FEN` tag carries it the same way. Plain FEN (FORMATS §1) has no such field,
//! and pydraughts writes none; a FEN without it starts with no run.
//!
//! The reader also takes lidraughts' field for the same thing, `+` then Black's count
//! and king square, `+` then White's (`W:WK28,40:B10:H0:F1:+0+228`: White's king on
//! 28, two moves): a count of 0 means no run, a count above the limit is read as the
//! limit, and a run of a side without men is dropped (the limit does not bind there,
//! and positions reached by play never carry one).

use crate::geometry::Geometry;
use crate::notation::map_number;
use crate::piece::{Color, Kind, Piece};
use crate::position::{Position, PositionError};
use crate::square::{Notation, Square, SquareError};
use crate::variant::Variant;
use std::fmt::Write as _;
use std::str::FromStr;

/// Why a FEN string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Nothing to read.
    #[error("empty FEN")]
    Empty,
    /// The side to move is not `W` or `B`.
    #[error("FEN {fen:?}: side to move {found:?} is not W or B")]
    BadTurn {
        /// The whole text.
        fen: String,
        /// What stood where the side to move belongs.
        found: String,
    },
    /// A piece list that does not start with `W` or `B`.
    #[error("FEN {fen:?}: piece list {found:?} does not start with W or B")]
    BadColor {
        /// The whole text.
        fen: String,
        /// The offending list.
        found: String,
    },
    /// The same colour's list given twice.
    #[error("FEN {fen:?}: the {color} pieces are listed twice")]
    RepeatedColor {
        /// The whole text.
        fen: String,
        /// The colour listed twice.
        color: Color,
    },
    /// A list item that is not a square number or range.
    #[error("FEN {fen:?}: cannot read {item:?} as a square such as 12, K12 or 1-20")]
    BadItem {
        /// The whole text.
        fen: String,
        /// The offending item.
        item: String,
    },
    /// An algebraic square that is off the board or light.
    #[error("FEN {fen:?}: {source}")]
    Square {
        /// The whole text.
        fen: String,
        /// What is wrong with the square.
        source: SquareError,
    },
    /// The pieces do not form a valid position.
    #[error("FEN {fen:?}: {source}")]
    Position {
        /// The whole text.
        fen: String,
        /// What is wrong with the pieces.
        source: PositionError,
    },
}

/// Strips the wrappers real files put around a FEN: white space, `[FEN "..."]`, quotes
/// and a final dot.
fn unwrap_fen(text: &str) -> &str {
    let mut s = text.trim();
    if let Some(inner) = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        s = inner.trim();
        if let Some(rest) = s.strip_prefix("FEN") {
            s = rest.trim();
        }
    }
    s = s.trim_matches('"').trim();
    s.strip_suffix('.').unwrap_or(s).trim()
}

/// One end of a list item: a square number (not checked against the board) or an
/// algebraic name.
#[derive(Clone)]
enum End {
    Number(u32),
    Name(Result<Square, SquareError>),
}

/// Parses one list item (`12`, `K12`, `1-20`, `K1-3`, `c3`, `Kc3`) into its kind and
/// ends; `None` if it is shaped like neither numbers nor names.
fn parse_item<G: Geometry>(item: &str) -> Option<(Kind, End, End)> {
    let item = item.trim();
    let (kind, rest) = match item.strip_prefix(['K', 'k']) {
        Some(rest) => (Kind::King, rest.trim()),
        None => (Kind::Man, item),
    };
    let end = |t: &str| -> Option<End> {
        let t = t.trim();
        if t.is_empty() || t.len() > 6 {
            return None;
        }
        if t.bytes().all(|b| b.is_ascii_digit()) {
            return t.parse().ok().map(End::Number);
        }
        match Square::from_algebraic::<G>(t) {
            Err(SquareError::Syntax(_)) => None,
            read => Some(End::Name(read)),
        }
    };
    match rest.split_once('-') {
        Some((a, b)) => Some((kind, end(a)?, end(b)?)),
        None => {
            let only = end(rest)?;
            Some((kind, only.clone(), only))
        }
    }
}

impl<V: Variant> FromStr for Position<V> {
    type Err = FenError;

    /// Reads a FEN.
    ///
    /// ```
    /// use draughts_core::{International, Position};
    ///
    /// let pos: Position<International> = "W:WK3,28,33:B12,K46".parse()?;
    /// assert_eq!(pos.piece_count(), 5);
    /// assert_eq!(pos.to_fen(), "W:WK3,28,33:B12,K46");
    /// # Ok::<(), draughts_core::FenError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, FenError> {
        let fen = unwrap_fen(text);
        let owned = || fen.to_string();
        if fen.is_empty() {
            return Err(FenError::Empty);
        }
        let mut fields = fen.split(':');
        let turn_field = fields.next().unwrap_or("").trim();
        let turn = match turn_field {
            "W" | "w" => Color::White,
            "B" | "b" => Color::Black,
            "?" => V::FIRST_TO_MOVE,
            _ => {
                return Err(FenError::BadTurn {
                    fen: owned(),
                    found: turn_field.to_string(),
                })
            }
        };
        let mut pieces = Vec::new();
        let mut seen = [false; 2];
        let mut runs = None;
        let mut lidraughts_runs = None;
        for field in fields {
            let field = field.trim();
            let mut chars = field.chars();
            let color = match chars.next() {
                Some('W' | 'w') => Color::White,
                Some('B' | 'b') => Color::Black,
                // Extra fields such as `H0` (half-move clock) or `F1` (move number).
                Some('H' | 'F' | 'h' | 'f') if seen.iter().all(|&s| s) => continue,
                Some('R' | 'r') if seen.iter().all(|&s| s) => {
                    runs = Some(chars.as_str());
                    continue;
                }
                Some('+') if seen.iter().all(|&s| s) => {
                    lidraughts_runs = Some(field);
                    continue;
                }
                _ => {
                    return Err(FenError::BadColor {
                        fen: owned(),
                        found: field.to_string(),
                    })
                }
            };
            if std::mem::replace(&mut seen[color.index()], true) {
                return Err(FenError::RepeatedColor {
                    fen: owned(),
                    color,
                });
            }
            let list = chars.as_str().trim();
            if list.is_empty() {
                continue;
            }
            for item in list.split(',') {
                if item.trim().is_empty() {
                    continue;
                }
                let bad_item = || FenError::BadItem {
                    fen: owned(),
                    item: item.trim().to_string(),
                };
                let (kind, first, last) = parse_item::<V::Board>(item).ok_or_else(bad_item)?;
                let number = |end: End| match end {
                    End::Number(n) => Ok(n),
                    End::Name(read) => {
                        read.map(|square| u32::from(square.number()))
                            .map_err(|source| FenError::Square {
                                fen: owned(),
                                source,
                            })
                    }
                };
                let (first, last) = (number(first)?, number(last)?);
                if first > last {
                    return Err(bad_item());
                }
                if last > u32::from(<V::Board as Geometry>::SQUARES) || first == 0 {
                    let square = if first == 0 { first } else { last };
                    return Err(FenError::Position {
                        fen: owned(),
                        source: PositionError::BadSquare {
                            square,
                            variant: V::NAME,
                            squares: <V::Board as Geometry>::SQUARES,
                        },
                    });
                }
                for n in first..=last {
                    let square = Square::new(n as u8).ok_or_else(bad_item)?;
                    pieces.push((square, Piece::new(color, kind)));
                }
            }
        }
        let position_error = |source| FenError::Position {
            fen: owned(),
            source,
        };
        let mut pos = Position::from_pieces(turn, pieces).map_err(position_error)?;
        let Some(limit) = V::KING_MOVE_LIMIT else {
            return Ok(pos);
        };
        let bad_run = |item: &str| FenError::BadItem {
            fen: owned(),
            item: item.to_string(),
        };
        for item in runs.into_iter().flat_map(|r| r.split(',')).map(str::trim) {
            if item.is_empty() {
                continue;
            }
            let (color, square, moves) = parse_run::<V>(item).ok_or_else(|| bad_run(item))?;
            pos = pos
                .with_king_run(color, square, moves)
                .map_err(position_error)?;
        }
        if let Some(field) = lidraughts_runs {
            let sides = parse_lidraughts_runs(field).ok_or_else(|| bad_run(field))?;
            for (color, run) in Color::BOTH.into_iter().zip(sides) {
                let Some((square, moves)) = run else {
                    continue;
                };
                if pos.men(color).is_empty() {
                    continue;
                }
                pos = pos
                    .with_king_run(color, square, moves.min(limit))
                    .map_err(position_error)?;
            }
        }
        Ok(pos)
    }
}

/// Splits one king run of the `R` field into its colour, square and length as written:
/// `W28x2` is White's king on 28, two moves in a row.
fn split_run(item: &str) -> Option<(Color, &str, &str)> {
    let mut chars = item.chars();
    let color = match chars.next()? {
        'W' | 'w' => Color::White,
        'B' | 'b' => Color::Black,
        _ => return None,
    };
    let (square, moves) = chars.as_str().rsplit_once(['x', 'X'])?;
    if moves.is_empty() || moves.len() > 3 || !moves.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((color, square, moves))
}

/// Reads one king run of the `R` field.
fn parse_run<V: Variant>(item: &str) -> Option<(Color, Square, u8)> {
    let (color, square, moves) = split_run(item)?;
    let square = Square::from_text::<V>(square).ok()?;
    Some((color, square, moves.parse().ok()?))
}

/// Splits lidraughts' field of king runs, `+` Black's count and square `+` White's
/// (`+0+228`), into Black's and White's parts, each as its count and square as written
/// (`("2", "28")`), the square empty for a count of 0.
fn split_lidraughts_runs(field: &str) -> Option<[(&str, &str); 2]> {
    let (black, white) = field.strip_prefix('+')?.split_once('+')?;
    fn side(text: &str) -> Option<(&str, &str)> {
        let text = text.trim();
        if text.is_empty() || text.len() > 4 || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // One digit of count (lidraughts reads it so), then the square.
        Some(text.split_at(1))
    }
    Some([side(black)?, side(white)?])
}

/// Reads lidraughts' field of king runs: White's run, then Black's, each `None` when its
/// count is 0.
fn parse_lidraughts_runs(field: &str) -> Option<[Option<(Square, u8)>; 2]> {
    let [black, white] = split_lidraughts_runs(field)?;
    let side = |(count, square): (&str, &str)| -> Option<Option<(Square, u8)>> {
        let count: u8 = count.parse().ok()?;
        if count == 0 {
            return Some(None);
        }
        let square = Square::new(square.parse().ok()?)?;
        Some(Some((square, count)))
    };
    Some([side(white)?, side(black)?])
}

/// A FEN (unwrapped as the reader unwraps it) with each square number of its piece
/// lists and king runs written as `map(n)` instead, where `map` has one: a range becomes
/// the list of its squares (`K1-3` to `K32,K31,K30` for `33 - n`). What is not a number
/// on `G`'s board (an algebraic name, a bad item) is kept as written, for the reader to
/// judge.
pub(crate) fn map_fen_numbers<G: Geometry>(text: &str, map: impl Fn(u32) -> Option<u32>) -> String {
    let number = |text: &str| map_number(text, &map);
    let item = |item: &str| -> Option<String> {
        let (kind, End::Number(first), End::Number(last)) = parse_item::<G>(item)? else {
            return None;
        };
        if first == 0 || first > last || last > u32::from(G::SQUARES) {
            return None;
        }
        let king = if kind == Kind::King { "K" } else { "" };
        let squares: Option<Vec<String>> = (first..=last)
            .map(|n| Some(format!("{king}{}", map(n)?)))
            .collect();
        Some(squares?.join(","))
    };
    let run = |run: &str| -> Option<String> {
        let (color, square, moves) = split_run(run.trim())?;
        let letter = if color == Color::White { 'W' } else { 'B' };
        Some(format!("{letter}{}x{moves}", number(square)?))
    };
    let lidraughts_side = |(count, square): (&str, &str)| -> Option<String> {
        if count == "0" {
            return Some(format!("{count}{square}"));
        }
        Some(format!("{count}{}", number(square)?))
    };
    // Each item of a list mapped by `map_item`, or kept as written.
    let list = |list: &str, map_item: &dyn Fn(&str) -> Option<String>| -> String {
        let items: Vec<String> = list
            .split(',')
            .map(|written| map_item(written).unwrap_or_else(|| written.to_string()))
            .collect();
        items.join(",")
    };
    let mut fields = unwrap_fen(text).split(':');
    let mut out = fields.next().unwrap_or("").to_string();
    for field in fields {
        out.push(':');
        let trimmed = field.trim();
        let mut chars = trimmed.chars();
        match chars.next() {
            Some(letter @ ('W' | 'w' | 'B' | 'b')) => {
                out.push(letter);
                out.push_str(&list(chars.as_str(), &item));
            }
            Some(letter @ ('R' | 'r')) => {
                out.push(letter);
                out.push_str(&list(chars.as_str(), &run));
            }
            Some('+') => {
                let mapped = split_lidraughts_runs(trimmed).and_then(|[black, white]| {
                    Some(format!(
                        "+{}+{}",
                        lidraughts_side(black)?,
                        lidraughts_side(white)?
                    ))
                });
                out.push_str(mapped.as_deref().unwrap_or(field));
            }
            _ => out.push_str(field),
        }
    }
    out
}

impl<V: Variant> Position<V> {
    /// The FEN of this position, with ranges for runs of three or more squares.
    ///
    /// ```
    /// use draughts_core::{English, Position};
    ///
    /// assert_eq!(Position::<English>::initial().to_fen(), "B:W21-32:B1-12");
    /// ```
    pub fn to_fen(&self) -> String {
        let mut out = String::new();
        out.push(self.turn().letter());
        for color in Color::BOTH {
            out.push(':');
            out.push(color.letter());
            let mut squares: Vec<(Square, Kind)> = self
                .pieces(color)
                .into_iter()
                .filter_map(|s| self.piece_at(s).map(|p| (s, p.kind)))
                .collect();
            match V::NOTATION {
                Notation::Numbers => write_ranges(&mut out, &squares),
                Notation::Algebraic => {
                    // White's side first, as a player reads the board: a1, c1, ..., b2.
                    squares.sort_by_key(|&(s, _)| {
                        let (row, col) = <V::Board as Geometry>::coordinates(s.number());
                        (std::cmp::Reverse(row), col)
                    });
                    for (i, &(square, kind)) in squares.iter().enumerate() {
                        let separator = if i > 0 { "," } else { "" };
                        let king = if kind == Kind::King { "K" } else { "" };
                        let _ = write!(out, "{separator}{king}{}", square.to_text::<V>());
                    }
                }
            }
        }
        let mut separator = ":R";
        for color in Color::BOTH {
            if let Some((square, moves)) = self.king_run(color) {
                let name = square.to_text::<V>();
                let _ = write!(out, "{separator}{}{name}x{moves}", color.letter());
                separator = ",";
            }
        }
        out
    }
}

/// Writes `squares` (in number order) as numbers, with ranges for runs of three or more
/// of one kind.
fn write_ranges(out: &mut String, squares: &[(Square, Kind)]) {
    let mut i = 0;
    while i < squares.len() {
        let (start, kind) = squares[i];
        let mut j = i;
        while j + 1 < squares.len()
            && squares[j + 1].0.number() == squares[j].0.number() + 1
            && squares[j + 1].1 == kind
        {
            j += 1;
        }
        if i > 0 {
            out.push(',');
        }
        if kind == Kind::King {
            out.push('K');
        }
        if j >= i + 2 {
            let _ = write!(out, "{start}-{}", squares[j].0);
            i = j + 1;
        } else {
            let _ = write!(out, "{start}");
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Brazilian, English, International, Russian, Turkish};

    #[test]
    fn reads_tolerated_forms() {
        let plain: Position<International> = "W:W31-50:B1-20".parse().unwrap();
        assert_eq!(plain, Position::initial());
        for text in [
            " W:W31-50:B1-20. ",
            "[FEN \"W:W31-50:B1-20\"]",
            "W:B1-20:W31-50",
            "W:W31-50:B1-20:H0:F1",
            "W:W31,32,33,34,35,36-50:B01-020",
            "\"W:W31-50:B1-20\"",
        ] {
            assert_eq!(text.parse::<Position<International>>(), Ok(plain), "{text}");
        }
        let empty_list: Position<International> = "B:W:BK5".parse().unwrap();
        assert_eq!(empty_list.to_fen(), "B:W:BK5");
    }

    #[test]
    fn rejects_bad_input_with_reasons() {
        let err = |t: &str| t.parse::<Position<International>>().unwrap_err();
        assert_eq!(err(""), FenError::Empty);
        assert!(matches!(err("X:W1:B2"), FenError::BadTurn { .. }));
        assert!(matches!(err("W:Q1:B2"), FenError::BadColor { .. }));
        assert!(matches!(err("W:W31:W32"), FenError::RepeatedColor { .. }));
        assert!(matches!(err("W:W3a:B2"), FenError::BadItem { .. }));
        assert!(matches!(err("W:W9-3:B2"), FenError::BadItem { .. }));
        assert!(matches!(
            err("W:W51:B2"),
            FenError::Position {
                source: PositionError::BadSquare { square: 51, .. },
                ..
            }
        ));
        assert!(matches!(
            err("W:W31:B31"),
            FenError::Position {
                source: PositionError::Duplicate(_),
                ..
            }
        ));
        assert!(matches!(
            err("W:W3:B20"),
            FenError::Position {
                source: PositionError::ManOnCrowningRow { .. },
                ..
            }
        ));
        assert!(matches!(
            err("W:W6-26:B1"),
            FenError::Position {
                source: PositionError::TooManyPieces { .. },
                ..
            }
        ));
        assert!(matches!(
            "B:W33:B1".parse::<Position<English>>(),
            Err(FenError::Position {
                source: PositionError::BadSquare { .. },
                ..
            })
        ));
    }

    #[test]
    fn writes_ranges_only_for_runs_of_three() {
        let pos: Position<International> = "W:W31,32,34,35,36,K37,K38,K39:B1,2".parse().unwrap();
        assert_eq!(pos.to_fen(), "W:W31,32,34-36,K37-39:B1,2");
    }

    /// Russian, Brazilian and Turkish write algebraic squares (FORMATS §7, "Notation
    /// customs"), square by square from White's side, and read numbers too.
    #[test]
    fn algebraic_custom() {
        let start = Position::<Russian>::initial();
        let fen = start.to_fen();
        assert_eq!(
            fen,
            "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
        );
        assert_eq!(fen.parse::<Position<Russian>>(), Ok(start));
        assert_eq!("W:W21-32:B1-12".parse::<Position<Russian>>(), Ok(start));
        let pos: Position<Brazilian> = "W:Wa1,c3,Kd4:Bb6,h8".parse().unwrap();
        assert_eq!(pos.to_fen(), "W:Wa1,c3,Kd4:Bb6,h8");
        assert_eq!("W:W29,22,K18:B9,4".parse::<Position<Brazilian>>(), Ok(pos));
        // Names and numbers mixed, capitals.
        assert_eq!("W:WA1,22,Kd4:B9,H8".parse::<Position<Brazilian>>(), Ok(pos));
        let turkish = Position::<Turkish>::initial();
        assert_eq!(
            turkish.to_fen(),
            "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3\
             :Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
        );
        assert_eq!("W:W41-56:B9-24".parse::<Position<Turkish>>(), Ok(turkish));
        assert_eq!("W:Wa3-h2:Ba7-h6".parse::<Position<Turkish>>(), Ok(turkish));
        // Other variants read names as well, and keep writing numbers.
        let english: Position<English> = "B:Wa1:Bb8".parse().unwrap();
        assert_eq!(english.to_fen(), "B:W29:B1");
    }

    #[test]
    fn bad_algebraic_squares_are_typed_errors() {
        let err = |t: &str| t.parse::<Position<Russian>>().unwrap_err();
        assert!(matches!(
            err("W:Wi9:Bb6"),
            FenError::Square {
                source: SquareError::OffBoard { .. },
                ..
            }
        ));
        assert!(matches!(
            err("W:Wa2:Bb6"),
            FenError::Square {
                source: SquareError::Light(_),
                ..
            }
        ));
        assert!(matches!(err("W:Wc3x:Bb6"), FenError::BadItem { .. }));
        assert!(matches!(err("W:W@3:Bb6"), FenError::BadItem { .. }));
    }
}
