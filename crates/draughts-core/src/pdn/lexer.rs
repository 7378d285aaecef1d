//! Tokens of PDN text.
//!
//! The lexer never fails: what it cannot read becomes a [`Tok::Word`] (text the game
//! reader may still accept inside a parenthesised comment) or a [`Tok::Error`]. Every
//! call consumes at least one byte, and each byte is scanned a bounded number of times,
//! so malformed input (unterminated `{`, `(`, `"`, `[`) cannot loop or go quadratic.

use super::SyntaxErrorKind;

/// One token, with where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    pub kind: Tok,
    /// Byte offsets of the token in the text.
    pub start: usize,
    pub end: usize,
    /// 1-based line and column (in characters) of `start`.
    pub line: u32,
    pub column: u32,
}

/// What a token is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok {
    /// `[Name "value"]`, escapes resolved.
    Tag { name: String, value: String },
    /// `12.` or `12...` (or a bare `12`).
    MoveNumber { number: u32, ellipsis: bool },
    /// A run of dots on its own: `...`.
    Ellipsis,
    /// Move text, white space removed, with the marks glued to it.
    Move { text: String, marks: String },
    /// `!`, `?!`, `(?)`, ... standing alone.
    Mark(String),
    /// `$n`.
    Nag(u16),
    /// `{...}`, without the braces.
    Comment(String),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// A result token: `2-0`, `1/2-1/2`, `*`, `0-0`, ...
    Result(String),
    /// Anything else: words, stray punctuation.
    Word(String),
    /// Text that cannot be read; `tag_like` when it stands where a tag pair would.
    Error {
        kind: SyntaxErrorKind,
        tag_like: bool,
    },
}

impl Tok {
    /// Whether the token belongs to a game's header (and so starts a new game when it
    /// follows movetext).
    pub fn is_tag_like(&self) -> bool {
        matches!(self, Tok::Tag { .. } | Tok::Error { tag_like: true, .. })
    }
}

/// Marks that may be glued to a move or stand alone in parentheses.
const PAREN_MARKS: [&str; 6] = ["(?)", "(!)", "(!?)", "(?!)", "(!!)", "(??)"];

/// A pull lexer over text it does not own (the reader owns it).
#[derive(Debug, Clone)]
pub(crate) struct Lexer {
    pos: usize,
    /// Offset of the last `}` in the text: a `{` after it is unterminated, known without
    /// scanning.
    last_close_brace: Option<usize>,
    /// Offset of the last `]`, for the same reason.
    last_close_bracket: Option<usize>,
    /// Whether only white space stands between the last line break and `pos`.
    at_line_start: bool,
    line: u32,
    column: u32,
    /// Offset up to which `line` and `column` are known.
    tracked: usize,
}

fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// Bytes that end a word.
fn is_stop(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'{' | b'}' | b'(' | b')' | b'[' | b']')
}

/// Bytes of a tag name: letters, digits and `_`, and (as some exports write accented
/// names) non-ASCII letters and HTML character references such as `&#x00e9;`.
fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'&' | b'#' | b';') || !b.is_ascii()
}

/// Reads an unsigned number, saturating instead of overflowing.
fn number_of(digits: &str) -> u32 {
    digits.bytes().fold(0u32, |n, d| {
        n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
    })
}

/// Whether a word is a result token such as `1/2-1/2` or `½-½`, or `-` (no result,
/// as some exports write it).
fn is_result_word(word: &str) -> bool {
    matches!(word, "1/2-1/2" | "½-½" | "*" | "-")
}

impl Lexer {
    /// A lexer at the start of `text`.
    pub fn new(text: &str) -> Lexer {
        Lexer {
            pos: 0,
            last_close_brace: text.rfind('}'),
            last_close_bracket: text.rfind(']'),
            at_line_start: true,
            line: 1,
            column: 1,
            tracked: 0,
        }
    }

    /// Advances the line and column count to `offset` (never backwards).
    fn track(&mut self, text: &str, offset: usize) {
        let Some(slice) = text.get(self.tracked..offset) else {
            return;
        };
        let mut chars = slice.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\n' => {
                    self.line = self.line.saturating_add(1);
                    self.column = 1;
                }
                // A lone CR (old Mac files) breaks a line; CR LF counts once, at the LF.
                '\r' if chars.peek() != Some(&'\n') => {
                    self.line = self.line.saturating_add(1);
                    self.column = 1;
                }
                '\r' => {}
                _ => self.column = self.column.saturating_add(1),
            }
        }
        self.tracked = offset;
    }

    fn byte(text: &str, at: usize) -> Option<u8> {
        text.as_bytes().get(at).copied()
    }

    /// Whether a token may end before `at`: the text ends there or a stop byte follows.
    fn ends(text: &str, at: usize) -> bool {
        match Self::byte(text, at) {
            None => true,
            Some(b) => is_stop(b),
        }
    }

    /// Skips white space and `%` escape lines, noting line starts.
    fn skip_blank(&mut self, text: &str) {
        loop {
            let Some(c) = text.get(self.pos..).and_then(|s| s.chars().next()) else {
                return;
            };
            if c == '\n' || c == '\r' {
                self.at_line_start = true;
                self.pos += 1;
            } else if is_space(c) {
                self.pos += c.len_utf8();
            } else if c == '%' && self.at_line_start {
                // PDN escape: the rest of the line is for other programs.
                self.pos = Self::line_end(text, self.pos);
            } else {
                return;
            }
        }
    }

    /// Offset of the line break ending the line that holds `from` (or the text's end).
    fn line_end(text: &str, from: usize) -> usize {
        text.as_bytes()
            .get(from..)
            .and_then(|rest| rest.iter().position(|&b| b == b'\n' || b == b'\r'))
            .map_or(text.len(), |i| from + i)
    }

    /// Skips spaces and tabs (not line breaks) from `at`.
    fn skip_inline_space(text: &str, mut at: usize) -> usize {
        while matches!(Self::byte(text, at), Some(b' ' | b'\t')) {
            at += 1;
        }
        at
    }

    /// Skips the white space after a tag's `[`: spaces and tabs, and a line break too
    /// where the `[` opens a line (some exports break the line there).
    fn skip_tag_space(text: &str, at: usize, tag_like: bool) -> usize {
        let at = Self::skip_inline_space(text, at);
        let broken = match text.as_bytes().get(at..) {
            Some([b'\r', b'\n', ..]) => 2,
            Some([b'\r' | b'\n', ..]) => 1,
            _ => 0,
        };
        if tag_like && broken > 0 {
            Self::skip_inline_space(text, at + broken)
        } else {
            at
        }
    }

    fn digits_end(text: &str, mut at: usize) -> usize {
        while Self::byte(text, at).is_some_and(|b| b.is_ascii_digit()) {
            at += 1;
        }
        at
    }

    /// End of the word starting at `from`: at least one character, up to a stop byte.
    fn word_end(text: &str, from: usize) -> usize {
        let first = text
            .get(from..)
            .and_then(|s| s.chars().next())
            .map_or(1, char::len_utf8);
        let mut at = from + first;
        while Self::byte(text, at).is_some_and(|b| !is_stop(b)) {
            at += 1;
        }
        // Never end inside a character.
        while at < text.len() && !text.is_char_boundary(at) {
            at += 1;
        }
        at.min(text.len())
    }

    /// The next token, or `None` at the end of the text.
    pub fn next_token(&mut self, text: &str) -> Option<Token> {
        self.skip_blank(text);
        let start = self.pos;
        let b = Self::byte(text, start)?;
        let kind = match b {
            b'{' => self.comment(text),
            b'}' => {
                self.pos += 1;
                Tok::Error {
                    kind: SyntaxErrorKind::StrayBrace,
                    tag_like: false,
                }
            }
            b'[' => self.tag(text),
            b'(' => match PAREN_MARKS.iter().find(|m| text[start..].starts_with(**m)) {
                Some(mark) => {
                    self.pos += mark.len();
                    Tok::Mark((*mark).to_string())
                }
                None => {
                    self.pos += 1;
                    Tok::Open
                }
            },
            b')' => {
                self.pos += 1;
                Tok::Close
            }
            b'$' => {
                let end = Self::digits_end(text, start + 1);
                if end > start + 1 && Self::ends(text, end) {
                    self.pos = end;
                    Tok::Nag(number_of(&text[start + 1..end]).min(u16::MAX.into()) as u16)
                } else {
                    self.word(text)
                }
            }
            b'*' if Self::ends(text, start + 1) => {
                self.pos += 1;
                Tok::Result("*".to_string())
            }
            b'!' | b'?' => {
                let mut end = start;
                while matches!(Self::byte(text, end), Some(b'!' | b'?')) {
                    end += 1;
                }
                self.pos = end;
                Tok::Mark(text[start..end].to_string())
            }
            b'.' => {
                let mut end = start;
                while Self::byte(text, end) == Some(b'.') {
                    end += 1;
                }
                self.pos = end;
                Tok::Ellipsis
            }
            b'0'..=b'9' => self.number_or_move(text),
            b if b.is_ascii_alphabetic() => self.algebraic_move(text),
            _ => self.word(text),
        };
        self.at_line_start = false;
        self.track(text, start);
        Some(Token {
            kind,
            start,
            end: self.pos,
            line: self.line,
            column: self.column,
        })
    }

    /// `{...}`: comments do not nest. Unterminated: an error to the end of the line, so
    /// the games after it can still be read.
    fn comment(&mut self, text: &str) -> Tok {
        let start = self.pos;
        let close = match self.last_close_brace {
            Some(last) if last > start => text[start + 1..].find('}').map(|i| start + 1 + i),
            _ => None,
        };
        match close {
            Some(close) => {
                self.pos = close + 1;
                Tok::Comment(text[start + 1..close].trim().to_string())
            }
            None => {
                self.pos = Self::line_end(text, start);
                Tok::Error {
                    kind: SyntaxErrorKind::UnterminatedComment,
                    tag_like: false,
                }
            }
        }
    }

    /// `[Name "value"]` (an unquoted value is read up to `]`). A `[` that does not open a
    /// tag pair is an error at a line start (where a tag belongs) and a word elsewhere.
    fn tag(&mut self, text: &str) -> Tok {
        let tag_like = self.at_line_start;
        // A `[` alone before a tag pair (some exports break the line after it) is
        // skipped.
        while tag_like
            && Self::byte(text, Self::skip_tag_space(text, self.pos + 1, true)) == Some(b'[')
        {
            self.pos = Self::skip_tag_space(text, self.pos + 1, true);
        }
        let start = self.pos;
        // Looked for only on failure, which consumes the line: a long line of tags
        // costs one pass.
        let fail = |lexer: &mut Lexer, kind: SyntaxErrorKind| {
            if !tag_like {
                if let Some(comment) = lexer.bracket_comment(text) {
                    return comment;
                }
            }
            lexer.pos = Self::line_end(text, start);
            Tok::Error { kind, tag_like }
        };
        let name_start = Self::skip_tag_space(text, start + 1, tag_like);
        let mut at = name_start;
        while Self::byte(text, at).is_some_and(is_name_byte) {
            at += 1;
        }
        if at == name_start || Self::byte(text, at).is_some_and(|b| !is_stop(b) && b != b'"') {
            if !tag_like {
                return self
                    .bracket_comment(text)
                    .unwrap_or_else(|| self.word(text));
            }
            return fail(self, SyntaxErrorKind::BadTag);
        }
        let name = text[name_start..at].to_string();
        at = Self::skip_inline_space(text, at);
        let mut value = String::new();
        if Self::byte(text, at) == Some(b'"') {
            at += 1;
            loop {
                let Some(c) = text[at..]
                    .chars()
                    .next()
                    .filter(|c| !matches!(c, '\n' | '\r'))
                else {
                    return fail(self, SyntaxErrorKind::UnterminatedString(name));
                };
                at += c.len_utf8();
                match c {
                    '"' => break,
                    '\\' => match text[at..].chars().next() {
                        Some(e @ ('"' | '\\')) => {
                            value.push(e);
                            at += 1;
                        }
                        _ => value.push('\\'),
                    },
                    _ => value.push(c),
                }
            }
        } else {
            let end = text.as_bytes()[at..]
                .iter()
                .position(|&b| matches!(b, b']' | b'\n' | b'\r'))
                .map_or(text.len(), |i| at + i);
            value.push_str(text[at..end].trim());
            at = end;
        }
        at = Self::skip_inline_space(text, at);
        if Self::byte(text, at) != Some(b']') {
            return fail(self, SyntaxErrorKind::UnterminatedTag(name));
        }
        self.pos = at + 1;
        Tok::Tag { name, value }
    }

    /// `[...]` in movetext that holds no tag pair: a comment, as some exports write
    /// their notes (`13. 37-32 6-11 [ 13... 20-24 14. 29x20 ]`), if a `]` closes it.
    fn bracket_comment(&mut self, text: &str) -> Option<Tok> {
        let start = self.pos;
        if !self.last_close_bracket.is_some_and(|last| last > start) {
            return None;
        }
        let close = start + text.get(start..)?.find(']')?;
        self.pos = close + 1;
        Some(Tok::Comment(text[start + 1..close].trim().to_string()))
    }

    /// A word: anything up to white space or a bracket. Result words are recognised.
    fn word(&mut self, text: &str) -> Tok {
        let end = Self::word_end(text, self.pos);
        let word = &text[self.pos..end];
        self.pos = end;
        if is_result_word(word) {
            Tok::Result(word.to_string())
        } else {
            Tok::Word(word.to_string())
        }
    }

    /// A move number (`12.`, `12...`, bare `12`), a move (`32-28`, `1- 6`, `47 x 9`,
    /// `28x19x10`, marks glued), or a result (`2-0`, `1-1`, `0-0`, any `a-b` that no move
    /// can be: a side 0, or both sides equal).
    fn number_or_move(&mut self, text: &str) -> Tok {
        let start = self.pos;
        let first_end = Self::digits_end(text, start);
        if first_end - start > 9 {
            return self.word(text);
        }
        if Self::byte(text, first_end) == Some(b'.') {
            let mut end = first_end;
            while Self::byte(text, end) == Some(b'.') {
                end += 1;
            }
            self.pos = end;
            return Tok::MoveNumber {
                number: number_of(&text[start..first_end]),
                ellipsis: end - first_end >= 2,
            };
        }
        let mut numbers = vec![number_of(&text[start..first_end])];
        let mut separators = Vec::new();
        let mut at = first_end;
        loop {
            let sep_at = Self::skip_inline_space(text, at);
            let Some(sep @ (b'-' | b'x' | b'X' | b':')) = Self::byte(text, sep_at) else {
                break;
            };
            let digits = Self::skip_inline_space(text, sep_at + 1);
            let digits_end = Self::digits_end(text, digits);
            if digits_end == digits || digits_end - digits > 9 {
                // `32-` and no number: the move (if any) ends before the separator.
                break;
            }
            separators.push(sep);
            numbers.push(number_of(&text[digits..digits_end]));
            at = digits_end;
        }
        if numbers.len() == 1 {
            if Self::ends(text, at) {
                self.pos = at;
                return Tok::MoveNumber {
                    number: numbers[0],
                    ellipsis: false,
                };
            }
            return self.word(text);
        }
        let (body, marks) = self.finish_move(text, start, at);
        let (a, b) = (numbers[0], numbers[1]);
        if numbers.len() == 2 && separators == [b'-'] && (a == 0 || b == 0 || a == b) {
            return Tok::Result(format!("{a}-{b}"));
        }
        Tok::Move { text: body, marks }
    }

    /// A move in algebraic squares (`c3-d4`, `c3xe5`, `c3:e5`, `c3 x e5 x g7`, marks
    /// glued), as Russian, Brazilian and Turkish games write them; anything else that
    /// starts with a letter is a word.
    fn algebraic_move(&mut self, text: &str) -> Tok {
        let start = self.pos;
        // A letter and one or two digits: where the square ends.
        let square_end = |at: usize| -> Option<usize> {
            Self::byte(text, at).filter(u8::is_ascii_alphabetic)?;
            let end = Self::digits_end(text, at + 1);
            (end > at + 1 && end <= at + 3).then_some(end)
        };
        let Some(mut at) = square_end(start) else {
            return self.word(text);
        };
        let mut squares = 1;
        loop {
            let sep_at = Self::skip_inline_space(text, at);
            let Some(b'-' | b'x' | b'X' | b':') = Self::byte(text, sep_at) else {
                break;
            };
            let Some(end) = square_end(Self::skip_inline_space(text, sep_at + 1)) else {
                break;
            };
            at = end;
            squares += 1;
        }
        if squares < 2 {
            return self.word(text);
        }
        let (body, marks) = self.finish_move(text, start, at);
        Tok::Move { text: body, marks }
    }

    /// The move whose squares run from `start` to `at`, white space removed, and the
    /// marks glued to it; the lexer goes on after them.
    fn finish_move(&mut self, text: &str, start: usize, mut at: usize) -> (String, String) {
        let body: String = text[start..at]
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let mut marks = String::new();
        loop {
            match Self::byte(text, at) {
                Some(b @ (b'!' | b'?' | b'*')) => {
                    marks.push(char::from(b));
                    at += 1;
                }
                Some(b'(') => match PAREN_MARKS.iter().find(|m| text[at..].starts_with(**m)) {
                    Some(mark) => {
                        marks.push_str(mark);
                        at += mark.len();
                    }
                    None => break,
                },
                _ => break,
            }
        }
        // Whatever follows (`32-28abc`) is the next token's: going back to read it all as
        // one word could rescan a long run of spaced moves again and again.
        self.pos = at;
        (body, marks)
    }
}
