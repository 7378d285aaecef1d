//! The line syntax of the Hub protocol (FORMATS §4): `command name=value name="quoted
//! value" flag ...`.
//!
//! A bare value is printable characters except space, `=` and `"`; values containing
//! those, or empty ones, are quoted, with no escapes. Reading is strict (a malformed line
//! is an error the engine reports and then ignores); writing quotes exactly when needed.

use std::fmt;

/// One argument of a command: `name=value` or a bare `flag`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// `name=value` (the value unquoted).
    Pair(String, String),
    /// A bare word.
    Flag(String),
}

/// A parsed protocol line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The command word.
    pub command: String,
    /// The arguments, in order.
    pub args: Vec<Arg>,
}

/// Why a line could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// Nothing but white space.
    #[error("missing command")]
    Empty,
    /// A control character or other non-printable character.
    #[error("bad character {0:?} at column {1}")]
    BadCharacter(char, usize),
    /// The line begins with something that is not a command word.
    #[error("bad command: a line starts with a command word, not {0:?}")]
    BadCommand(String),
    /// `=value` with nothing before the `=`.
    #[error("missing name before '=' at column {0}")]
    MissingName(usize),
    /// `name=` followed by a space or the end of the line.
    #[error("missing value after {0}= (quote empty values: {0}=\"\")")]
    MissingValue(String),
    /// A quote that is never closed.
    #[error("unterminated quote in the value of {0}")]
    UnterminatedQuote(String),
    /// A `"` or `=` where a bare word or value is expected.
    #[error("unexpected {0:?} at column {1}")]
    Unexpected(char, usize),
}

impl Line {
    /// Reads one line (without its line break).
    ///
    /// # Errors
    /// A [`LineError`] saying what is malformed and where.
    pub fn parse(text: &str) -> Result<Line, LineError> {
        let chars: Vec<char> = text.chars().collect();
        if let Some((column, &c)) = chars
            .iter()
            .enumerate()
            .find(|(_, c)| c.is_control() && **c != '\t' && **c != '\r')
        {
            return Err(LineError::BadCharacter(c, column + 1));
        }
        let mut cursor = Cursor { chars, at: 0 };
        cursor.skip_space();
        if cursor.done() {
            return Err(LineError::Empty);
        }
        let command = cursor.word();
        if command.is_empty() {
            let rest: String = cursor.chars[cursor.at..].iter().take(20).collect();
            return Err(LineError::BadCommand(rest));
        }
        if let Some(c) = cursor.peek().filter(|c| !is_space(*c)) {
            return Err(LineError::BadCommand(format!("{command}{c}")));
        }
        let mut args = Vec::new();
        loop {
            cursor.skip_space();
            let Some(c) = cursor.peek() else { break };
            let column = cursor.at + 1;
            let name = cursor.word();
            if name.is_empty() {
                return Err(match c {
                    '=' => LineError::MissingName(column),
                    other => LineError::Unexpected(other, column),
                });
            }
            match cursor.peek() {
                None => {
                    args.push(Arg::Flag(name));
                    break;
                }
                Some(c) if is_space(c) => args.push(Arg::Flag(name)),
                Some('=') => {
                    cursor.at += 1;
                    let value = cursor.value(&name)?;
                    args.push(Arg::Pair(name, value));
                }
                Some(other) => return Err(LineError::Unexpected(other, cursor.at + 1)),
            }
        }
        Ok(Line { command, args })
    }

    /// The value of the last `name=value` argument called `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args.iter().rev().find_map(|arg| match arg {
            Arg::Pair(n, value) if n == name => Some(value.as_str()),
            _ => None,
        })
    }

    /// Whether the bare flag `name` is present.
    pub fn has_flag(&self, name: &str) -> bool {
        self.args
            .iter()
            .any(|arg| matches!(arg, Arg::Flag(n) if n == name))
    }

    /// The first flag, if any (`go think` → `think`).
    pub fn first_flag(&self) -> Option<&str> {
        self.args.iter().find_map(|arg| match arg {
            Arg::Flag(n) => Some(n.as_str()),
            Arg::Pair(..) => None,
        })
    }
}

/// Separators: space, tab, a carriage return (from CRLF line ends) and a byte-order
/// mark (some clients start the stream with one).
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\u{feff}')
}

/// A character that may appear in a bare word or value.
fn is_bare(c: char) -> bool {
    !is_space(c) && c != '=' && c != '"'
}

struct Cursor {
    chars: Vec<char>,
    at: usize,
}

impl Cursor {
    fn done(&self) -> bool {
        self.at >= self.chars.len()
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.at += 1;
        }
    }

    /// A run of bare characters (possibly empty).
    fn word(&mut self) -> String {
        let start = self.at;
        while self.peek().is_some_and(is_bare) {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect()
    }

    /// The value after `name=`: bare, or quoted.
    fn value(&mut self, name: &str) -> Result<String, LineError> {
        match self.peek() {
            Some('"') => {
                self.at += 1;
                let start = self.at;
                while self.peek().is_some_and(|c| c != '"') {
                    self.at += 1;
                }
                if self.done() {
                    return Err(LineError::UnterminatedQuote(name.to_string()));
                }
                let value = self.chars[start..self.at].iter().collect();
                self.at += 1;
                match self.peek() {
                    Some(c) if !is_space(c) => Err(LineError::Unexpected(c, self.at + 1)),
                    _ => Ok(value),
                }
            }
            None => Err(LineError::MissingValue(name.to_string())),
            Some(c) if is_space(c) => Err(LineError::MissingValue(name.to_string())),
            Some(_) => {
                let value = self.word();
                if value.is_empty() {
                    // Only `=` can stop a bare value at its first character here.
                    return Err(LineError::Unexpected('=', self.at + 1));
                }
                match self.peek() {
                    Some(c) if !is_space(c) => Err(LineError::Unexpected(c, self.at + 1)),
                    _ => Ok(value),
                }
            }
        }
    }
}

/// A value as it must be written: bare when possible, else quoted. A `"` inside (which
/// the protocol cannot carry) becomes `'`.
pub fn value(text: &str) -> String {
    let clean: String = text
        .chars()
        .map(|c| match c {
            '"' => '\'',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    if clean.is_empty() || clean.chars().any(|c| !is_bare(c)) {
        format!("\"{clean}\"")
    } else {
        clean
    }
}

/// Builds an outgoing line: `command name=value ...`, quoting values as needed.
#[derive(Clone, Debug)]
pub struct LineBuilder(String);

impl LineBuilder {
    /// A line starting with `command`.
    pub fn new(command: &str) -> LineBuilder {
        LineBuilder(command.to_string())
    }

    /// Appends `name=value`.
    #[must_use]
    pub fn pair(mut self, name: &str, text: impl fmt::Display) -> LineBuilder {
        self.0.push(' ');
        self.0.push_str(name);
        self.0.push('=');
        self.0.push_str(&value(&text.to_string()));
        self
    }

    /// Appends `name=value` if `text` is present.
    #[must_use]
    pub fn pair_opt(self, name: &str, text: Option<impl fmt::Display>) -> LineBuilder {
        match text {
            Some(text) => self.pair(name, text),
            None => self,
        }
    }

    /// The finished line, without a line break.
    pub fn build(self) -> String {
        self.0
    }
}

/// The `error message="..."` line for `message`, shortened to a readable length.
pub fn error_line(message: &str) -> String {
    let mut short: String = message.chars().take(200).collect();
    if short.len() < message.len() {
        short.push_str("...");
    }
    LineBuilder::new("error").pair("message", short).build()
}

/// Quotes user input for an error message: at most 40 characters.
pub fn excerpt(text: &str) -> String {
    let mut short: String = text.chars().take(40).collect();
    if short.len() < text.len() {
        short.push_str("...");
    }
    format!("'{short}'")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(name: &str, value: &str) -> Arg {
        Arg::Pair(name.into(), value.into())
    }

    #[test]
    fn commands_pairs_quotes_and_flags() {
        let line = Line::parse("pos pos=Wbe moves=\"32-28 19-23\" start  x=\"\"\t y=a-b ").unwrap();
        assert_eq!(line.command, "pos");
        assert_eq!(
            line.args,
            [
                pair("pos", "Wbe"),
                pair("moves", "32-28 19-23"),
                Arg::Flag("start".into()),
                pair("x", ""),
                pair("y", "a-b"),
            ]
        );
        assert_eq!(line.get("moves"), Some("32-28 19-23"));
        assert_eq!(line.get("start"), None);
        assert!(line.has_flag("start"));
        assert!(!line.has_flag("pos"));
        assert_eq!(line.first_flag(), Some("start"));

        let line = Line::parse("  go think\r").unwrap();
        assert_eq!(
            (line.command.as_str(), line.first_flag()),
            ("go", Some("think"))
        );
        assert_eq!(Line::parse("hub").unwrap().args, []);
        assert_eq!(Line::parse("\u{feff}hub").unwrap().command, "hub");
        let line = Line::parse("set-param name=a value=1 value=2").unwrap();
        assert_eq!(line.get("value"), Some("2"));
        // Any printable character, non-ASCII included, is a bare character.
        assert_eq!(Line::parse("x n=é").unwrap().get("n"), Some("é"));
    }

    #[test]
    fn malformed_lines_are_typed_errors() {
        use LineError::*;
        assert_eq!(Line::parse(""), Err(Empty));
        assert_eq!(Line::parse("   \t "), Err(Empty));
        assert_eq!(Line::parse("pos pos="), Err(MissingValue("pos".into())));
        assert_eq!(Line::parse("pos pos= x"), Err(MissingValue("pos".into())));
        assert_eq!(
            Line::parse("pos moves=\"32-28"),
            Err(UnterminatedQuote("moves".into()))
        );
        assert_eq!(Line::parse("pos =x"), Err(MissingName(5)));
        assert_eq!(Line::parse("=x"), Err(BadCommand("=x".into())));
        assert_eq!(Line::parse("\"go\""), Err(BadCommand("\"go\"".into())));
        assert_eq!(Line::parse("go=1"), Err(BadCommand("go=".into())));
        assert_eq!(Line::parse("pos a=b=c"), Err(Unexpected('=', 8)));
        assert_eq!(Line::parse("pos a==c"), Err(Unexpected('=', 7)));
        assert_eq!(Line::parse("pos a=\"b\"c"), Err(Unexpected('c', 10)));
        assert_eq!(Line::parse("pos a=b\"c"), Err(Unexpected('"', 8)));
        assert_eq!(Line::parse("pos x\"y"), Err(Unexpected('"', 6)));
        assert_eq!(Line::parse("pos \"y\""), Err(Unexpected('"', 5)));
        assert_eq!(Line::parse("go\u{0}"), Err(BadCharacter('\u{0}', 3)));
        assert_eq!(Line::parse("\u{1b}[A"), Err(BadCharacter('\u{1b}', 1)));
    }

    #[test]
    fn never_panics_on_junk() {
        let samples = [
            "\"",
            "a \"",
            "a b=\"",
            "a b=\"\"\"",
            "a ====",
            "a b= =",
            "a\u{7f}",
            "é=é",
            "x \u{fffd}\u{fffd}",
        ];
        for text in samples {
            let _ = Line::parse(text);
        }
        let long = "a".repeat(10_000);
        assert_eq!(Line::parse(&long).unwrap().command.len(), 10_000);
        let many = format!("go {}", "x=1 ".repeat(2_000));
        assert_eq!(Line::parse(&many).unwrap().args.len(), 2_000);
    }

    #[test]
    fn writing_quotes_only_when_needed_and_reads_back() {
        assert_eq!(value("abc"), "abc");
        assert_eq!(value(""), "\"\"");
        assert_eq!(value("a b"), "\"a b\"");
        assert_eq!(value("a=b"), "\"a=b\"");
        assert_eq!(value("say \"hi\""), "\"say 'hi'\"");
        let line = LineBuilder::new("info")
            .pair("depth", 12)
            .pair("score", "-0.05")
            .pair("pv", "32-28 19-23")
            .pair_opt("ponder", None::<&str>)
            .pair_opt("x", Some(""))
            .build();
        assert_eq!(line, "info depth=12 score=-0.05 pv=\"32-28 19-23\" x=\"\"");
        let back = Line::parse(&line).unwrap();
        assert_eq!(back.get("pv"), Some("32-28 19-23"));
        assert_eq!(back.get("x"), Some(""));
        assert_eq!(error_line("bad \"thing\""), "error message=\"bad 'thing'\"");
        assert!(error_line(&"x".repeat(1000)).len() < 230);
        assert_eq!(excerpt("short"), "'short'");
        assert_eq!(excerpt(&"y".repeat(100)).len(), 45);
    }

    /// A bare word: what commands, names and flags are made of.
    const WORD: &str = "[a-zA-Z0-9_.:/+é€-]{1,8}";

    proptest::proptest! {
        /// Whatever a client sends, reading it returns a line or a typed error; a line
        /// it reads has a bare command word.
        #[test]
        fn reading_never_panics(text in "[a= \"\t\r\u{feff}\u{1}xé]{0,24}|.{0,24}") {
            if let Ok(line) = Line::parse(&text) {
                proptest::prop_assert!(!line.command.is_empty());
                proptest::prop_assert!(line.command.chars().all(is_bare));
            }
        }

        /// What the engine writes, quoting values as needed, reads back to the same
        /// command and arguments.
        #[test]
        fn written_lines_read_back(
            command in WORD,
            args in proptest::collection::vec(
                (WORD, proptest::option::of("[a-z0-9 =.\u{feff}é-]{0,8}")),
                0..6,
            ),
        ) {
            let mut text = command.clone();
            for (name, value) in &args {
                match value {
                    Some(v) => text.push_str(&format!(" {name}={}", super::value(v))),
                    None => text.push_str(&format!(" {name}")),
                }
            }
            let expected = Line {
                command,
                args: args
                    .into_iter()
                    .map(|(name, value)| match value {
                        Some(v) => Arg::Pair(name, v),
                        None => Arg::Flag(name),
                    })
                    .collect(),
            };
            proptest::prop_assert_eq!(Line::parse(&text), Ok(expected));
        }
    }
}
