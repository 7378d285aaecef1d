//! Sets of templates: subsumption (only the most general form is kept) and the text
//! file format.
//!
//! ```text
//! draughts-tactics templates v1 international
//! # side gain accepted rejected | line | square:contents ...
//! W 100 0 0 | 28-22 17x28 32x12x23x17 | 12:. 17:b 22:. 23:b 28:w 32:w 38:.wbW
//! ```
//!
//! One template a line: the attacker (`W` or `B`), the gain in evaluation units, the
//! accept and reject counts of verification so far, the line (steps `32-28`, captures
//! start, end, then captured squares, `23x32x28`), and each relevant square with the
//! letters of the contents allowed there (`.` empty, `w`/`b` men, `W`/`B` kings).
//! Squares not listed are "don't care". `#` starts a comment line.
//!
//! A file of threat templates ([`SetKind::Threats`]) says `threats` for `templates` in
//! its header, and each line has a fourth part: the defender's moves that counter the
//! threat (`| 17-21 18-22`, possibly none).

use crate::content::ContentSet;
use crate::line::LineMove;
use crate::template::{Template, TemplateShapeError};
use draughts_core::{Bitboard, Color, Square, Variant};
use draughts_eval::Score;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

/// The first word of the header line.
const MAGIC: &str = "draughts-tactics";
/// The format version this build writes and reads.
const VERSION: &str = "v1";
/// Largest gain a file may state, in evaluation units.
const MAX_GAIN: Score = 100_000;

/// What is wrong with one line of a template file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// Nothing but comments.
    #[error("no header; expected \"draughts-tactics templates v1 VARIANT\"")]
    MissingHeader,
    /// A first line that is not the header.
    #[error("expected the header \"draughts-tactics templates v1 VARIANT\", found {0:?}")]
    BadHeader(String),
    /// A version this build cannot read.
    #[error("format version {0:?} is not supported (this build reads v1)")]
    Version(String),
    /// Templates for another variant.
    #[error("the templates are for {found}, not {expected}")]
    Variant {
        /// The variant the file names.
        found: String,
        /// The variant asked for.
        expected: &'static str,
    },
    /// Not the shape of a template line (three parts, four in a threat file).
    #[error("expected \"SIDE GAIN ACCEPTED REJECTED | LINE | SQUARE:CONTENTS ...\" (with \" | COUNTERS\" in a threat file), found {0:?}")]
    Fields(String),
    /// A side other than `W` or `B`.
    #[error("{0:?} is not a side (W or B)")]
    Side(String),
    /// A number that does not read or is out of range.
    #[error("{0:?} is not a number in range")]
    Number(String),
    /// A move that does not read on this board.
    #[error("{0:?} is not a move on this board such as 32-28 or 23x32x28")]
    Move(String),
    /// A square entry that does not read.
    #[error("{0:?} is not SQUARE:CONTENTS such as 22:w or 17:.bB")]
    Square(String),
    /// Parts that read but do not make a template.
    #[error(transparent)]
    Shape(#[from] TemplateShapeError),
}

/// A parse error and the (1-based) line it is on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct ParseError {
    /// The line number.
    pub line: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// Why a template file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum TemplateFileError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// The file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// The file holds templates of another kind.
    #[error("{path} holds {found}, not {expected}")]
    Kind {
        /// The file.
        path: PathBuf,
        /// What it holds.
        found: SetKind,
        /// What was asked for.
        expected: SetKind,
    },
    /// The file's text is not a template file for this variant.
    #[error("{path}, line {line}: {kind}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// The 1-based line number.
        line: usize,
        /// What is wrong.
        kind: ParseErrorKind,
    },
}

/// What the templates of a set are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SetKind {
    /// Combinations for the side to move.
    #[default]
    Combinations,
    /// Threats: a combination the side not to move would have if the side to move
    /// passed, with the replies that counter it ([`Entry::counters`]).
    Threats,
}

impl std::fmt::Display for SetKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SetKind::Combinations => "combination templates",
            SetKind::Threats => "threat templates",
        })
    }
}

impl SetKind {
    /// The header's word for it.
    fn word(self) -> &'static str {
        match self {
            SetKind::Combinations => "templates",
            SetKind::Threats => "threats",
        }
    }
}

/// A template with its verification record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry<V: Variant> {
    /// The template, White attacking (Black's form is its [`Template::mirrored`]).
    pub template: Template<V>,
    /// Times verification accepted it.
    pub accepted: u64,
    /// Times it matched and verification rejected it.
    pub rejected: u64,
    /// For a threat, the defender's replies seen to counter it, sorted (empty for a
    /// combination).
    pub counters: Vec<LineMove<V>>,
}

impl<V: Variant> Entry<V> {
    /// A template not yet verified, with these counters.
    pub fn new(template: Template<V>, mut counters: Vec<LineMove<V>>) -> Entry<V> {
        counters.sort_unstable();
        counters.dedup();
        Entry {
            template,
            accepted: 0,
            rejected: 0,
            counters,
        }
    }

    /// The same entry for the other colour ([`Template::mirrored`]).
    #[must_use]
    pub fn mirrored(&self) -> Entry<V> {
        let mut counters: Vec<LineMove<V>> = self.counters.iter().map(LineMove::mirrored).collect();
        counters.sort_unstable();
        Entry {
            template: self.template.mirrored(),
            accepted: self.accepted,
            rejected: self.rejected,
            counters,
        }
    }

    /// Adds `counters` to its own.
    fn add_counters(&mut self, counters: &[LineMove<V>]) {
        self.counters.extend_from_slice(counters);
        self.counters.sort_unstable();
        self.counters.dedup();
    }
}

/// What [`TemplateSet::insert`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Insertion {
    /// Added, replacing this many templates it covers.
    Added {
        /// Templates removed because the new one covers them.
        replaced: usize,
    },
    /// Not added: a template already held covers it.
    Covered,
}

/// Templates of variant `V`, keyed by their line, with no template covering another
/// ([`Template::covers`]). Templates are held with White attacking.
#[derive(Clone, Debug, Default)]
pub struct TemplateSet<V: Variant> {
    kind: SetKind,
    by_line: BTreeMap<Vec<LineMove<V>>, Vec<Entry<V>>>,
    len: usize,
}

impl<V: Variant> TemplateSet<V> {
    /// An empty set of combinations.
    pub fn new() -> TemplateSet<V> {
        TemplateSet::of_kind(SetKind::Combinations)
    }

    /// An empty set of templates of this kind.
    pub fn of_kind(kind: SetKind) -> TemplateSet<V> {
        TemplateSet {
            kind,
            by_line: BTreeMap::new(),
            len: 0,
        }
    }

    /// What its templates are.
    pub fn kind(&self) -> SetKind {
        self.kind
    }

    /// Number of templates.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The templates, grouped by line.
    pub fn iter(&self) -> impl Iterator<Item = &Entry<V>> {
        self.by_line.values().flatten()
    }

    /// Adds a template unless one held covers it (whose gain is then lowered to the new
    /// one's if less); removes the ones it covers. Black-attacking templates are
    /// mirrored first.
    pub fn insert(&mut self, template: Template<V>) -> Insertion {
        self.insert_entry(Entry::new(template, Vec::new()))
    }

    /// As [`TemplateSet::insert`], keeping the entry's counts; a threat's counters go
    /// to the template kept (both when one covers the other).
    pub fn insert_entry(&mut self, mut entry: Entry<V>) -> Insertion {
        if entry.template.side() == Color::Black {
            entry = entry.mirrored();
        }
        let group = self
            .by_line
            .entry(entry.template.line().to_vec())
            .or_default();
        if let Some(old) = group
            .iter_mut()
            .find(|e| e.template.covers(&entry.template))
        {
            old.template.lower_gain(entry.template.gain());
            old.add_counters(&entry.counters);
            return Insertion::Covered;
        }
        let before = group.len();
        group.retain(|e| {
            let covered = entry.template.covers(&e.template);
            if covered {
                entry.counters.extend_from_slice(&e.counters);
            }
            !covered
        });
        let replaced = before - group.len();
        entry.add_counters(&[]);
        group.push(entry);
        self.len = self.len + 1 - replaced;
        Insertion::Added { replaced }
    }

    /// The file text (see the module documentation).
    pub fn to_text(&self) -> String {
        let mut text = format!("{MAGIC} {} {VERSION} {}\n", self.kind.word(), V::NAME);
        text.push_str("# side gain accepted rejected | line | square:contents ...");
        if self.kind == SetKind::Threats {
            text.push_str(" | counters");
        }
        text.push('\n');
        for entry in self.iter() {
            let t = &entry.template;
            let _ = write!(
                text,
                "{} {} {} {} |",
                t.side().letter(),
                t.gain(),
                entry.accepted,
                entry.rejected
            );
            for mv in t.line() {
                let _ = write!(text, " {mv}");
            }
            text.push_str(" |");
            for (square, set) in t.squares() {
                let _ = write!(text, " {square}:{set}");
            }
            if self.kind == SetKind::Threats {
                text.push_str(" |");
                for mv in &entry.counters {
                    let _ = write!(text, " {mv}");
                }
            }
            text.push('\n');
        }
        text
    }

    /// Reads the file text (see the module documentation), of either kind.
    ///
    /// # Errors
    /// [`ParseError`] naming the first bad line: no or a wrong header, another version
    /// or variant, or a template line that does not read.
    pub fn parse(text: &str) -> Result<TemplateSet<V>, ParseError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let (number, header) = lines.next().ok_or(ParseError {
            line: text.lines().count().max(1),
            kind: ParseErrorKind::MissingHeader,
        })?;
        let kind = check_header::<V>(header).map_err(|kind| ParseError { line: number, kind })?;
        let mut set = TemplateSet::of_kind(kind);
        for (number, line) in lines {
            let entry =
                parse_entry::<V>(line, kind).map_err(|kind| ParseError { line: number, kind })?;
            set.insert_entry(entry);
        }
        Ok(set)
    }

    /// Reads a template file.
    ///
    /// # Errors
    /// [`TemplateFileError::Read`] if it cannot be read, [`TemplateFileError::Parse`]
    /// naming the file and line if its text is wrong.
    pub fn load(path: impl AsRef<Path>) -> Result<TemplateSet<V>, TemplateFileError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|source| TemplateFileError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        TemplateSet::parse(&text).map_err(|e| TemplateFileError::Parse {
            path: path.to_path_buf(),
            line: e.line,
            kind: e.kind,
        })
    }

    /// As [`TemplateSet::load`], refusing a file of another kind.
    ///
    /// # Errors
    /// As [`TemplateSet::load`], and [`TemplateFileError::Kind`] for another kind.
    pub fn load_kind(
        path: impl AsRef<Path>,
        kind: SetKind,
    ) -> Result<TemplateSet<V>, TemplateFileError> {
        let path = path.as_ref();
        let set = TemplateSet::load(path)?;
        if set.kind != kind {
            return Err(TemplateFileError::Kind {
                path: path.to_path_buf(),
                found: set.kind,
                expected: kind,
            });
        }
        Ok(set)
    }

    /// Writes the set to a file (through a temporary file, so a crash leaves the old
    /// file whole).
    ///
    /// # Errors
    /// [`TemplateFileError::Write`] if it cannot be written.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), TemplateFileError> {
        let path = path.as_ref();
        let error = |source| TemplateFileError::Write {
            path: path.to_path_buf(),
            source,
        };
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(".tmp");
        std::fs::write(&temporary, self.to_text()).map_err(error)?;
        std::fs::rename(&temporary, path).map_err(error)
    }
}

/// The kind of set a header announces.
fn check_header<V: Variant>(header: &str) -> Result<SetKind, ParseErrorKind> {
    let words: Vec<&str> = header.split_whitespace().collect();
    let kind = match words.get(1) {
        Some(&"threats") => SetKind::Threats,
        _ => SetKind::Combinations,
    };
    match words.as_slice() {
        [MAGIC, word, version, variant] if *word == kind.word() => {
            if *version != VERSION {
                Err(ParseErrorKind::Version((*version).to_string()))
            } else if *variant != V::NAME {
                Err(ParseErrorKind::Variant {
                    found: (*variant).to_string(),
                    expected: V::NAME,
                })
            } else {
                Ok(kind)
            }
        }
        _ => Err(ParseErrorKind::BadHeader(header.chars().take(80).collect())),
    }
}

fn parse_entry<V: Variant>(line: &str, kind: SetKind) -> Result<Entry<V>, ParseErrorKind> {
    let parts: Vec<&str> = line.split('|').collect();
    let (head, moves, squares, counters) = match (kind, parts.as_slice()) {
        (SetKind::Combinations, [head, moves, squares]) => (head, moves, squares, ""),
        (SetKind::Threats, [head, moves, squares, counters]) => (head, moves, squares, *counters),
        _ => return Err(ParseErrorKind::Fields(line.chars().take(80).collect())),
    };
    let head: Vec<&str> = head.split_whitespace().collect();
    let [side, gain, accepted, rejected] = head.as_slice() else {
        return Err(ParseErrorKind::Fields(line.chars().take(80).collect()));
    };
    let side = match *side {
        "W" => Color::White,
        "B" => Color::Black,
        other => return Err(ParseErrorKind::Side(other.to_string())),
    };
    let number = |t: &str| ParseErrorKind::Number(t.to_string());
    let gain: Score = gain
        .parse()
        .ok()
        .filter(|g: &Score| g.abs() <= MAX_GAIN)
        .ok_or_else(|| number(gain))?;
    let accepted: u64 = accepted.parse().map_err(|_| number(accepted))?;
    let rejected: u64 = rejected.parse().map_err(|_| number(rejected))?;
    let read_moves = |text: &str| {
        text.split_whitespace()
            .map(|m| LineMove::parse(m).ok_or_else(|| ParseErrorKind::Move(m.to_string())))
            .collect::<Result<Vec<_>, _>>()
    };
    let line = read_moves(moves)?;
    let counters = read_moves(counters)?;
    let squares = squares
        .split_whitespace()
        .map(|entry| {
            parse_square::<V>(entry).ok_or_else(|| ParseErrorKind::Square(entry.to_string()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut entry = Entry::new(Template::new(side, gain, line, squares)?, counters);
    entry.accepted = accepted;
    entry.rejected = rejected;
    Ok(entry)
}

fn parse_square<V: Variant>(entry: &str) -> Option<(Square, ContentSet)> {
    let (square, letters) = entry.split_once(':')?;
    let square = square.parse::<u8>().ok().and_then(Square::new)?;
    Bitboard::<V>::ALL.contains(square).then_some(())?;
    Some((square, ContentSet::from_letters(letters)?))
}
