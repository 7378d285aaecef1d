//! The syntax layer: text to [`PdnGame`]s.

use super::lexer::{Lexer, Tok, Token};
use super::{PdnError, PdnGame, PdnMove, SyntaxErrorKind};
use std::borrow::Cow;

/// Variations nested deeper than this are kept as comments rather than read, so hostile
/// input cannot exhaust the stack.
const MAX_DEPTH: usize = 32;

/// Decodes a PDN file: UTF-8 (a byte order mark stripped), else Latin-1, as old files
/// are.
///
/// ```
/// use draughts_core::pdn::decode;
///
/// assert_eq!(decode(b"\xEF\xBB\xBF[Event \"x\"]"), "[Event \"x\"]");
/// assert_eq!(decode(b"[White \"Gr\xF6nwald\"]"), "[White \"Grönwald\"]");
/// ```
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// The text without the `\r` that some exports write as two characters at the end of
/// lines (the line breaks stay).
fn without_written_line_ends(text: Cow<'_, str>) -> Cow<'_, str> {
    if !text.contains("\\r\n") && !text.ends_with("\\r") {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\r', '\n']);
        out.push_str(body.strip_suffix("\\r").unwrap_or(body));
        out.push_str(&line[body.len()..]);
    }
    Cow::Owned(out)
}

/// Reads every game of a PDN text. A game that cannot be read is an `Err` in its place;
/// the games after it are read all the same.
pub fn read_games(text: &str) -> Vec<Result<PdnGame, PdnError>> {
    PdnReader::new(text).collect()
}

/// Reads every game of a PDN file's bytes, decoded as [`decode`] does.
pub fn read_games_from_bytes(bytes: &[u8]) -> Vec<Result<PdnGame, PdnError>> {
    PdnReader::from_bytes(bytes).collect()
}

/// An iterator over the games of a PDN text, reading one game at a time.
///
/// Tolerates what real files hold: spaces inside moves (`1- 6`, `47x 9`), leading zeros,
/// `1. ... 7-12` and `1...`, missing or repeated move numbers, `:`/`X`/`x` separators,
/// long capture paths, a missing result (the next `[` starts a game), `%` escape lines,
/// parenthesised comments (a variation that is not moves is kept as a comment), odd
/// result text and `-` for none, Windows and old Mac line ends and `\r` written as two
/// characters at line ends, tabs, a game's tags on one line, a `[` alone on its line,
/// tag names with accents or HTML character references, and `[...]` notes in movetext. Each item is one game, or the error that
/// stopped it; malformed text (an unterminated `{`, `(`, `"` or `[`) spoils only its own
/// game.
#[derive(Debug, Clone)]
pub struct PdnReader<'a> {
    text: Cow<'a, str>,
    lexer: Lexer,
    peeked: Option<Token>,
    games: usize,
}

impl<'a> PdnReader<'a> {
    /// A reader over `text` (a leading byte order mark is skipped).
    pub fn new(text: &'a str) -> PdnReader<'a> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let text = without_written_line_ends(Cow::Borrowed(text));
        PdnReader {
            lexer: Lexer::new(&text),
            text,
            peeked: None,
            games: 0,
        }
    }

    /// A reader over a file's bytes, decoded as [`decode`] does.
    pub fn from_bytes(bytes: &'a [u8]) -> PdnReader<'a> {
        let text = without_written_line_ends(decode(bytes));
        PdnReader {
            lexer: Lexer::new(&text),
            text,
            peeked: None,
            games: 0,
        }
    }

    fn take_token(&mut self) -> Option<Token> {
        self.peeked
            .take()
            .or_else(|| self.lexer.next_token(&self.text))
    }

    fn peek_token(&mut self) -> Option<&Token> {
        if self.peeked.is_none() {
            self.peeked = self.lexer.next_token(&self.text);
        }
        self.peeked.as_ref()
    }

    /// The tokens of the next game: its header, then movetext up to a result token
    /// outside variations, or up to the next header.
    fn next_chunk(&mut self) -> Vec<Token> {
        let mut tokens: Vec<Token> = Vec::new();
        let mut movetext = false;
        let mut depth = 0usize;
        while let Some(mut token) = self.take_token() {
            if token.kind.is_tag_like() && movetext {
                self.peeked = Some(token);
                break;
            }
            match token.kind {
                Tok::Open => depth += 1,
                Tok::Close => depth = depth.saturating_sub(1),
                _ => {}
            }
            if !matches!(token.kind, Tok::Comment(_)) && !token.kind.is_tag_like() {
                movetext = true;
            }
            let ends = depth == 0 && matches!(token.kind, Tok::Result(_));
            if ends && token.kind == Tok::Result("*".to_string()) {
                // `*` followed by more moves marks the move before it.
                let more = self.peek_token().is_some_and(|next| {
                    matches!(next.kind, Tok::Move { .. } | Tok::MoveNumber { .. })
                });
                if more {
                    token.kind = Tok::Mark("*".to_string());
                    tokens.push(token);
                    continue;
                }
            }
            tokens.push(token);
            if ends {
                break;
            }
        }
        tokens
    }
}

/// Whether a chunk holds a game: a tag, a move, or text to complain about (a chunk of
/// comments and stray results between games is skipped).
fn is_game(tokens: &[Token]) -> bool {
    tokens.iter().any(|t| {
        matches!(
            t.kind,
            Tok::Tag { .. } | Tok::Move { .. } | Tok::Word(_) | Tok::Error { .. }
        )
    })
}

impl Iterator for PdnReader<'_> {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let tokens = self.next_chunk();
            if tokens.is_empty() {
                return None;
            }
            if !is_game(&tokens) {
                continue;
            }
            let game = parse_game(&self.text, &tokens, self.games + 1);
            // Text between games that reads as comments only is no game.
            if game
                .as_ref()
                .is_ok_and(|g| g.tags.is_empty() && g.moves.is_empty())
            {
                continue;
            }
            self.games += 1;
            return Some(game);
        }
    }
}

/// Why a line of moves could not be read: the token and what is wrong.
struct Fail {
    at: usize,
    kind: SyntaxErrorKind,
}

/// A line of moves read from tokens, and the comments of a line without moves.
struct Line {
    moves: Vec<PdnMove>,
    comments: Vec<String>,
}

struct GameParser<'t> {
    text: &'t str,
    tokens: &'t [Token],
    /// For each `(`, the index of its `)`.
    partner: Vec<Option<usize>>,
}

fn parse_game(text: &str, tokens: &[Token], index: usize) -> Result<PdnGame, PdnError> {
    let error = |token: &Token, kind: SyntaxErrorKind| PdnError::Syntax {
        game: index,
        line: token.line,
        column: token.column,
        kind,
    };
    let mut game = PdnGame {
        index,
        line: tokens.first().map_or(0, |t| t.line),
        ..PdnGame::default()
    };
    let mut i = 0;
    while let Some(token) = tokens.get(i) {
        match &token.kind {
            Tok::Tag { name, value } => game.tags.push((name.clone(), value.clone())),
            Tok::Comment(comment) => game.comments.push(comment.clone()),
            Tok::Error { kind, .. } => return Err(error(token, kind.clone())),
            _ => break,
        }
        i += 1;
    }
    let mut body = &tokens[i..];
    if let Some(Token {
        kind: Tok::Result(result),
        ..
    }) = body.last()
    {
        game.result = Some(result.clone());
        body = &body[..body.len() - 1];
    }
    let mut partner = vec![None; body.len()];
    let mut open = Vec::new();
    for (j, token) in body.iter().enumerate() {
        match token.kind {
            Tok::Open => open.push(j),
            Tok::Close => match open.pop() {
                Some(o) => partner[o] = Some(j),
                None => return Err(error(token, SyntaxErrorKind::StrayParen)),
            },
            _ => {}
        }
    }
    if let Some(&o) = open.first() {
        return Err(error(&body[o], SyntaxErrorKind::UnterminatedVariation));
    }
    let parser = GameParser {
        text,
        tokens: body,
        partner,
    };
    let line = parser
        .line(0, body.len(), 0)
        .map_err(|fail| error(&body[fail.at], fail.kind))?;
    game.moves = line.moves;
    game.comments.extend(line.comments);
    // Comments before the main line's first move belong to the game.
    if let Some(first) = game.moves.first_mut() {
        game.comments.append(&mut first.comments_before);
    }
    // A result outside the usual set (`4-6`) reads as a move; the Result tag tells.
    if game.result.is_none() {
        if let (Some(last), Some(tag)) = (game.moves.last(), game.tag("Result")) {
            let tag: String = tag.chars().filter(|c| !c.is_whitespace()).collect();
            if last.text == tag && last.marks.is_empty() && last.variations.is_empty() {
                game.result = game.moves.pop().map(|m| m.text);
            }
        }
    }
    Ok(game)
}

impl GameParser<'_> {
    /// Reads tokens `from..to` as a line of moves at nesting `depth`.
    fn line(&self, from: usize, to: usize, depth: usize) -> Result<Line, Fail> {
        let mut moves: Vec<PdnMove> = Vec::new();
        let mut before: Vec<String> = Vec::new();
        let mut number = None;
        let mut ellipsis = false;
        let mut i = from;
        while i < to {
            let token = &self.tokens[i];
            match &token.kind {
                Tok::MoveNumber {
                    number: n,
                    ellipsis: e,
                } => {
                    number = Some(*n);
                    ellipsis = *e;
                }
                Tok::Ellipsis => ellipsis = true,
                Tok::Move { text, marks } => {
                    moves.push(PdnMove {
                        ellipsis: ellipsis && number.is_some(),
                        number: number.take(),
                        text: text.clone(),
                        marks: marks.clone(),
                        comments_before: std::mem::take(&mut before),
                        line: token.line,
                        column: token.column,
                        ..PdnMove::default()
                    });
                    ellipsis = false;
                }
                Tok::Mark(mark) => {
                    if let Some(last) = moves.last_mut() {
                        last.marks.push_str(mark);
                    }
                }
                Tok::Nag(nag) => {
                    if let Some(last) = moves.last_mut() {
                        last.nags.push(*nag);
                    }
                }
                Tok::Comment(comment) => match moves.last_mut() {
                    Some(last) => last.comments.push(comment.clone()),
                    None => before.push(comment.clone()),
                },
                // Results inside variations (some writers end them so) say nothing.
                Tok::Result(_) if depth > 0 => {}
                Tok::Open => {
                    let close = self.partner[i].unwrap_or(to).min(to);
                    self.variation(i, close, depth, &mut moves, &mut before);
                    i = close;
                }
                Tok::Word(word) => {
                    return Err(Fail {
                        at: i,
                        kind: SyntaxErrorKind::Unexpected(word.clone()),
                    })
                }
                Tok::Result(text) => {
                    return Err(Fail {
                        at: i,
                        kind: SyntaxErrorKind::Unexpected(text.clone()),
                    })
                }
                Tok::Error { kind, .. } => {
                    return Err(Fail {
                        at: i,
                        kind: kind.clone(),
                    })
                }
                Tok::Close => {
                    return Err(Fail {
                        at: i,
                        kind: SyntaxErrorKind::StrayParen,
                    })
                }
                Tok::Tag { name, .. } => {
                    return Err(Fail {
                        at: i,
                        kind: SyntaxErrorKind::Unexpected(format!("[{name} ...]")),
                    })
                }
            }
            i += 1;
        }
        // Each move takes the comments before it, so only a line without moves has any.
        Ok(Line {
            moves,
            comments: before,
        })
    }

    /// The variation between tokens `open` and `close`: moves replacing the last move of
    /// `moves`, or (if it is not moves, or nothing precedes it) a comment.
    fn variation(
        &self,
        open: usize,
        close: usize,
        depth: usize,
        moves: &mut [PdnMove],
        before: &mut Vec<String>,
    ) {
        let as_line = if depth + 1 < MAX_DEPTH {
            self.line(open + 1, close, depth + 1).ok()
        } else {
            None
        };
        match (as_line, moves.last_mut()) {
            (Some(line), Some(last)) if !line.moves.is_empty() => {
                last.variations.push(line.moves);
            }
            (Some(line), _) if line.moves.is_empty() && line.comments.is_empty() => {}
            (_, last) => {
                let start = self.tokens[open].end;
                let end = self
                    .tokens
                    .get(close)
                    .map_or(self.text.len(), |t| t.start)
                    .max(start);
                let comment = self.text.get(start..end).unwrap_or("").trim().to_string();
                match last {
                    Some(last) => last.comments.push(comment),
                    None => before.push(comment),
                }
            }
        }
    }
}
