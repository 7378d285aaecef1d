//! The seven DXP messages (FORMATS §5), read from and written as their text without the
//! terminating NUL.
//!
//! Reading is strict where a field's meaning is at stake and lenient where real clients
//! are known to be sloppy: surrounding white space is ignored, a name may be shorter or
//! longer than its 32 characters, colours may be lower case or `B` for Black, and a
//! GAMEEND may carry any reason (FORMATS §5: accept E at any time with any reason).

use std::fmt;

/// The longest message the protocol allows, without its NUL.
pub const MAX_LENGTH: usize = 127;

/// The width of a name field.
pub const NAME_WIDTH: usize = 32;

/// The protocol version this crate speaks (`01`).
pub const VERSION: u8 = 1;

/// The most pieces one move can capture.
pub const MAX_CAPTURED: usize = 20;

/// Squares on the board DXP plays on (10×10 only).
pub const SQUARES: usize = 50;

/// A colour as DXP writes it: `W` for White, `Z` (zwart) for Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// `W`.
    White,
    /// `Z`.
    Black,
}

impl Side {
    /// `W` or `Z`.
    pub fn letter(self) -> char {
        match self {
            Side::White => 'W',
            Side::Black => 'Z',
        }
    }

    /// Reads `W`/`Z`, also in lower case, and `B` as some clients write Black.
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'W' | 'w' => Some(Side::White),
            'Z' | 'z' | 'B' | 'b' => Some(Side::Black),
            _ => None,
        }
    }

    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// What stands on one square of a GAMEREQ position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `e`.
    Empty,
    /// `w`.
    WhiteMan,
    /// `z`.
    BlackMan,
    /// `W`.
    WhiteKing,
    /// `Z`.
    BlackKing,
}

impl Cell {
    /// The letter of the cell: `e w z W Z`.
    pub fn letter(self) -> char {
        match self {
            Cell::Empty => 'e',
            Cell::WhiteMan => 'w',
            Cell::BlackMan => 'z',
            Cell::WhiteKing => 'W',
            Cell::BlackKing => 'Z',
        }
    }

    /// Reads a cell letter (`b`/`B` are taken for Black as well).
    pub fn from_letter(c: char) -> Option<Cell> {
        match c {
            'e' | 'E' | '.' => Some(Cell::Empty),
            'w' => Some(Cell::WhiteMan),
            'z' | 'b' => Some(Cell::BlackMan),
            'W' => Some(Cell::WhiteKing),
            'Z' | 'B' => Some(Cell::BlackKing),
            _ => None,
        }
    }
}

/// A set-up position of a GAMEREQ: the side to move and squares 1–50.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The side to move.
    pub turn: Side,
    /// Squares 1–50 in order.
    pub squares: [Cell; SQUARES],
}

/// `R`: the Initiator asks for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRequest {
    /// Protocol version, `01`.
    pub version: u8,
    /// The Initiator's name.
    pub initiator: String,
    /// The colour the Follower plays.
    pub follower: Side,
    /// Minutes on each player's clock (0–999).
    pub minutes: u16,
    /// Moves in the game (or, as Scan reads it, per time period); 0 for no limit.
    pub move_limit: u16,
    /// The start position; `None` for the normal start.
    pub setup: Option<Board>,
}

/// The Follower's answer to a GAMEREQ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AcceptCode {
    /// `0`: the game starts.
    Accepted,
    /// `1`: the Follower does not speak this version.
    WrongVersion,
    /// `2`: not this game (colour, time or position refused).
    NotThisGame,
    /// `3`: no games at all.
    NoGames,
}

/// Why a game ended, from the sender's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// `0`: no reason given (also an acknowledgement).
    Unknown,
    /// `1`: the sender loses.
    ILose,
    /// `2`: a draw.
    Draw,
    /// `3`: the sender wins.
    IWin,
}

/// The answer to a BACKREQ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BackCode {
    /// `0`: taken back.
    Accepted,
    /// `1`: takebacks are not supported.
    NotSupported,
    /// `2`: refused; play on.
    Refused,
}

/// `M`: a move, given by its start, end and captured squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveMessage {
    /// Seconds the mover used for it (0–9999).
    pub seconds: u16,
    /// Start square, 1–50.
    pub from: u8,
    /// End square, 1–50.
    pub to: u8,
    /// Captured squares, 1–50, in any order (at most [`MAX_CAPTURED`]).
    pub captured: Vec<u8>,
}

/// One DXP message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `R` GAMEREQ.
    GameRequest(GameRequest),
    /// `A` GAMEACC: the Follower's name and answer.
    GameAccept {
        /// The Follower's name.
        follower: String,
        /// Its answer.
        code: AcceptCode,
    },
    /// `M` MOVE.
    Move(MoveMessage),
    /// `E` GAMEEND.
    GameEnd {
        /// Why, from the sender's side.
        reason: EndReason,
        /// Whether the sender wants no further game.
        stop: bool,
    },
    /// `C` CHAT: free text.
    Chat(String),
    /// `B` BACKREQ: go back to the position before move `move_number` of `side`.
    BackRequest {
        /// The move number (1-based, 0–999).
        move_number: u16,
        /// The side to move in the position wanted.
        side: Side,
    },
    /// `K` BACKACC.
    BackAccept(BackCode),
}

/// Why a message could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MessageError {
    /// Nothing but white space.
    #[error("empty DXP message")]
    Empty,
    /// A character outside ASCII 1–127.
    #[error("DXP message {text:?}: character {found:?} is not ASCII")]
    NotAscii {
        /// The message, as far as it could be read.
        text: String,
        /// The offending character.
        found: char,
    },
    /// The first character is no message type.
    #[error("DXP message {text:?}: unknown type {found:?} (R, A, M, E, C, B or K)")]
    UnknownType {
        /// The message.
        text: String,
        /// Its first character.
        found: char,
    },
    /// The message is too short or too long for its type.
    #[error("DXP {kind} {text:?}: {found} characters, expected {expected}")]
    Length {
        /// The message type's name.
        kind: &'static str,
        /// The message.
        text: String,
        /// What the layout asks for.
        expected: String,
        /// Characters found.
        found: usize,
    },
    /// A field does not hold what its layout says.
    #[error("DXP {kind} {text:?}: {field} {value:?} is not {expected}")]
    Field {
        /// The message type's name.
        kind: &'static str,
        /// The message.
        text: String,
        /// The field's name.
        field: &'static str,
        /// The field as found.
        value: String,
        /// What it should be.
        expected: &'static str,
    },
}

impl Message {
    /// The message type's name: `GAMEREQ`, `MOVE`, ...
    pub fn kind(&self) -> &'static str {
        match self {
            Message::GameRequest(_) => "GAMEREQ",
            Message::GameAccept { .. } => "GAMEACC",
            Message::Move(_) => "MOVE",
            Message::GameEnd { .. } => "GAMEEND",
            Message::Chat(_) => "CHAT",
            Message::BackRequest { .. } => "BACKREQ",
            Message::BackAccept(_) => "BACKACC",
        }
    }

    /// The bytes sent on the wire: the text and its NUL.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = self.to_string().into_bytes();
        bytes.push(0);
        bytes
    }

    /// Reads one message (without its NUL).
    ///
    /// ```
    /// use draughts_dxp::{Message, MoveMessage};
    ///
    /// let message = Message::parse("M000130060411222324")?;
    /// let expected = MoveMessage { seconds: 1, from: 30, to: 6, captured: vec![11, 22, 23, 24] };
    /// assert_eq!(message, Message::Move(expected));
    /// assert_eq!(message.to_string(), "M000130060411222324");
    /// # Ok::<(), draughts_dxp::MessageError>(())
    /// ```
    ///
    /// # Errors
    /// A [`MessageError`] naming the message, and the field that is wrong.
    pub fn parse(text: &str) -> Result<Message, MessageError> {
        let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
        if let Some(found) = text.chars().find(|&c| !c.is_ascii() || c == '\0') {
            return Err(MessageError::NotAscii {
                text: text.escape_debug().to_string(),
                found,
            });
        }
        let mut chars = text.chars();
        let Some(head) = chars.next() else {
            return Err(MessageError::Empty);
        };
        let reader = Reader {
            text,
            rest: &text[1..],
            kind: kind_of(head),
        };
        match head {
            'R' => reader.game_request(),
            'A' => reader.game_accept(),
            'M' => reader.move_message(),
            'E' => reader.game_end(),
            'C' => Ok(Message::Chat(text[1..].to_string())),
            'B' => reader.back_request(),
            'K' => reader.back_accept(),
            found => Err(MessageError::UnknownType {
                text: text.to_string(),
                found,
            }),
        }
    }
}

fn kind_of(head: char) -> &'static str {
    match head {
        'R' => "GAMEREQ",
        'A' => "GAMEACC",
        'M' => "MOVE",
        'E' => "GAMEEND",
        'C' => "CHAT",
        'B' => "BACKREQ",
        'K' => "BACKACC",
        _ => "message",
    }
}

/// The fields of one message after its type letter (all ASCII).
struct Reader<'a> {
    text: &'a str,
    rest: &'a str,
    kind: &'static str,
}

impl Reader<'_> {
    fn length(&self, expected: &str) -> MessageError {
        MessageError::Length {
            kind: self.kind,
            text: self.text.to_string(),
            expected: expected.to_string(),
            found: self.text.len(),
        }
    }

    fn field(&self, field: &'static str, value: &str, expected: &'static str) -> MessageError {
        MessageError::Field {
            kind: self.kind,
            text: self.text.to_string(),
            field,
            value: value.to_string(),
            expected,
        }
    }

    /// A zero-padded number filling `value`.
    fn number(&self, field: &'static str, value: &str) -> Result<u16, MessageError> {
        if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.field(field, value, "a zero-padded number"));
        }
        value
            .parse()
            .map_err(|_| self.field(field, value, "a zero-padded number"))
    }

    fn square(&self, field: &'static str, value: &str) -> Result<u8, MessageError> {
        match self.number(field, value)? {
            n @ 1..=50 => Ok(n as u8),
            _ => Err(self.field(field, value, "a square from 01 to 50")),
        }
    }

    fn side(&self, field: &'static str, value: &str) -> Result<Side, MessageError> {
        let mut chars = value.chars();
        match (chars.next().and_then(Side::from_letter), chars.next()) {
            (Some(side), None) => Ok(side),
            _ => Err(self.field(field, value, "W or Z")),
        }
    }

    fn game_request(&self) -> Result<Message, MessageError> {
        let rest = self.rest;
        let short = "2 + 32 + 8 (start position) or 2 + 32 + 59 (set-up position) after R";
        if rest.len() < 2 + 8 {
            return Err(self.length(short));
        }
        let version = self.number("version", &rest[..2])?;
        let body = &rest[2..];
        // The exact layouts first; a name of another width is found by the fixed
        // fields that end the message.
        let tail = match body.len() {
            40 => 8,
            91 => 59,
            n if n >= 59 && matches!(&body[n - 59 + 7..n - 59 + 8], "B" | "b") => 59,
            _ => 8,
        };
        let (name, fields) = body.split_at(body.len() - tail);
        let follower = self.side("follower colour", &fields[..1])?;
        let minutes = self.number("minutes", &fields[1..4])?;
        let move_limit = self.number("move limit", &fields[4..7])?;
        let setup = match (&fields[7..8], tail) {
            ("A" | "a", 8) => None,
            ("B" | "b", 59) => {
                let turn = self.side("side to move", &fields[8..9])?;
                let mut squares = [Cell::Empty; SQUARES];
                for (cell, c) in squares.iter_mut().zip(fields[9..].chars()) {
                    *cell = Cell::from_letter(c)
                        .ok_or_else(|| self.field("position", &fields[9..], "50 of e w z W Z"))?;
                }
                Some(Board { turn, squares })
            }
            ("B" | "b", _) => return Err(self.length(short)),
            (start, _) => return Err(self.field("start", start, "A or B")),
        };
        Ok(Message::GameRequest(GameRequest {
            version: version as u8,
            initiator: name.trim().to_string(),
            follower,
            minutes,
            move_limit,
            setup,
        }))
    }

    fn game_accept(&self) -> Result<Message, MessageError> {
        let Some(code) = self.rest.chars().last() else {
            return Err(self.length("1 + 32 + 1"));
        };
        let follower = self.rest[..self.rest.len() - 1].trim().to_string();
        let code = match code {
            '0' => AcceptCode::Accepted,
            '1' => AcceptCode::WrongVersion,
            '2' => AcceptCode::NotThisGame,
            '3' => AcceptCode::NoGames,
            _ => return Err(self.field("code", &code.to_string(), "0, 1, 2 or 3")),
        };
        Ok(Message::GameAccept { follower, code })
    }

    fn move_message(&self) -> Result<Message, MessageError> {
        let rest = self.rest;
        if rest.len() < 10 {
            return Err(self.length("11 + 2 per captured piece"));
        }
        let seconds = self.number("seconds", &rest[..4])?;
        let from = self.square("from", &rest[4..6])?;
        let to = self.square("to", &rest[6..8])?;
        let count = usize::from(self.number("number captured", &rest[8..10])?);
        if count > MAX_CAPTURED {
            return Err(self.field("number captured", &rest[8..10], "at most 20"));
        }
        let list = &rest[10..];
        if list.len() != 2 * count {
            return Err(self.length(&format!("{} for {count} captured", 11 + 2 * count)));
        }
        let captured = (0..count)
            .map(|i| self.square("captured square", &list[2 * i..2 * i + 2]))
            .collect::<Result<_, _>>()?;
        Ok(Message::Move(MoveMessage {
            seconds,
            from,
            to,
            captured,
        }))
    }

    fn game_end(&self) -> Result<Message, MessageError> {
        let mut chars = self.rest.chars();
        let reason = match chars.next() {
            Some('1') => EndReason::ILose,
            Some('2') => EndReason::Draw,
            Some('3') => EndReason::IWin,
            // Any other reason is taken as none given, as real clients need.
            _ => EndReason::Unknown,
        };
        let stop = chars.next() == Some('1');
        Ok(Message::GameEnd { reason, stop })
    }

    fn back_request(&self) -> Result<Message, MessageError> {
        if self.rest.len() != 4 {
            return Err(self.length("5"));
        }
        Ok(Message::BackRequest {
            move_number: self.number("move number", &self.rest[..3])?,
            side: self.side("side to move", &self.rest[3..])?,
        })
    }

    fn back_accept(&self) -> Result<Message, MessageError> {
        match self.rest {
            "0" => Ok(Message::BackAccept(BackCode::Accepted)),
            "1" => Ok(Message::BackAccept(BackCode::NotSupported)),
            "2" => Ok(Message::BackAccept(BackCode::Refused)),
            code if code.len() == 1 => Err(self.field("code", code, "0, 1 or 2")),
            _ => Err(self.length("2")),
        }
    }
}

/// A name as a 32-character field: printable ASCII only, no leading space, cut or
/// padded with spaces.
fn name_field(name: &str) -> String {
    let clean: String = name
        .chars()
        .map(|c| if c.is_ascii_graphic() { c } else { ' ' })
        .collect();
    let trimmed = clean.trim_start();
    let cut: String = trimmed.chars().take(NAME_WIDTH).collect();
    format!("{cut:<NAME_WIDTH$}")
}

impl fmt::Display for Message {
    /// The message text as sent (without the NUL). Numbers too large for their field
    /// are written as the largest that fits, names are cut to 32 characters, and chat
    /// text to what fits in a message, with characters outside printable ASCII as `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::GameRequest(request) => {
                write!(
                    f,
                    "R{:02}{}{}{:03}{:03}",
                    request.version.min(99),
                    name_field(&request.initiator),
                    request.follower.letter(),
                    request.minutes.min(999),
                    request.move_limit.min(999)
                )?;
                match &request.setup {
                    None => f.write_str("A"),
                    Some(board) => {
                        write!(f, "B{}", board.turn.letter())?;
                        board
                            .squares
                            .iter()
                            .try_for_each(|c| write!(f, "{}", c.letter()))
                    }
                }
            }
            Message::GameAccept { follower, code } => {
                let code = match code {
                    AcceptCode::Accepted => '0',
                    AcceptCode::WrongVersion => '1',
                    AcceptCode::NotThisGame => '2',
                    AcceptCode::NoGames => '3',
                };
                write!(f, "A{}{code}", name_field(follower))
            }
            Message::Move(m) => {
                let captured = &m.captured[..m.captured.len().min(MAX_CAPTURED)];
                write!(
                    f,
                    "M{:04}{:02}{:02}{:02}",
                    m.seconds.min(9999),
                    m.from.min(99),
                    m.to.min(99),
                    captured.len()
                )?;
                captured
                    .iter()
                    .try_for_each(|s| write!(f, "{:02}", s.min(&99)))
            }
            Message::GameEnd { reason, stop } => {
                let reason = match reason {
                    EndReason::Unknown => '0',
                    EndReason::ILose => '1',
                    EndReason::Draw => '2',
                    EndReason::IWin => '3',
                };
                write!(f, "E{reason}{}", u8::from(*stop))
            }
            Message::Chat(text) => {
                let text: String = text
                    .chars()
                    .map(|c| {
                        if c.is_ascii_graphic() || c == ' ' {
                            c
                        } else {
                            '?'
                        }
                    })
                    .take(MAX_LENGTH - 1)
                    .collect();
                write!(f, "C{}", text.trim())
            }
            Message::BackRequest { move_number, side } => {
                write!(f, "B{:03}{}", move_number.min(&999), side.letter())
            }
            Message::BackAccept(code) => {
                let code = match code {
                    BackCode::Accepted => '0',
                    BackCode::NotSupported => '1',
                    BackCode::Refused => '2',
                };
                write!(f, "K{code}")
            }
        }
    }
}

#[cfg(test)]
#[path = "message_tests.rs"]
mod tests;
