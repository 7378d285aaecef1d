//! Who plays: the `--engine1`/`--engine2` specifications.
//!
//! - `internal[:key=value,...]`: the in-process searcher; keys `weights=FILE`,
//!   `patterns=FILE|none` (as `--weights` and `--patterns`), `tactics=FILE`, `hash=MIB`, `threads=N`, `depth=D`, `nodes=N`, `egdb=DIR` (endgame
//!   database), `search=CHANGES` (as `--search`), `book=builtin|FILE` (an opening
//!   book: off unless asked, since a book replays the same lines from every opening),
//!   `book-margin=N` and `book-seed=S` (as `--book-margin`, `--book-seed`).
//! - `hub[,key=value,...]:COMMAND ARGS`: an external Hub engine started as `COMMAND ARGS`
//!   (split on white space; quote with `'...'` or `"..."`). Keys `depth=D` and `nodes=N`
//!   become `level depth=`/`nodes=` instead of the match's time per move; `cwd=DIR` is
//!   the folder it runs in; any other key is sent as `set-param name=key value=value`
//!   before `init`.
//! - `hub1[,key=value,...]:COMMAND ARGS`: the same for an engine of the first Hub
//!   dialect (Scan 2.0): `depth=D` and `nodes=N` become `depth D`/`nodes N` lines,
//!   `cwd=DIR` as above, any other key a `set key value` line before `init`. Unless the
//!   spec sets `book` itself, `set book false` goes first: an opening book would replay
//!   the same lines from every opening. For the same reason a `hub` engine that
//!   announces a `book` parameter (as `draughts hub` does) is sent `book=none`
//!   (`false` where the parameter is a bool) unless the spec sets it.
//! - `dxp[,minutes=M]:HOST:PORT`: a DXP Follower listening at `HOST:PORT` (`draughts dxp
//!   --listen`, `scan dxp`), International only; `minutes=` sets the minutes per side of
//!   its GAMEREQ (default: the match's clock, or 75 moves at the time per move, rounded
//!   down to whole minutes, at least 1).
//!
//! With `depth=` or `nodes=` a player searches to that limit instead of the time per
//! move (a game clock still applies to it).

use crate::engine::{BookChoice, EngineOptions};
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// A `--engine` specification that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The part before `:` names no kind of player.
    #[error(
        "unknown engine kind {0:?}: use internal[:key=value,...], hub:COMMAND, hub1:COMMAND or dxp:HOST:PORT"
    )]
    UnknownKind(String),
    /// `key` without `=value`, or an empty key.
    #[error("{0:?} is not key=value")]
    NotKeyValue(String),
    /// A key the internal engine does not have.
    #[error(
        "unknown internal engine option {0:?}: use weights, patterns, network, tactics, hash, threads, depth, nodes, egdb, search, book, book-margin or book-seed"
    )]
    UnknownKey(String),
    /// A value out of range or not a number.
    #[error("bad value for {key}: {value:?} ({expected})")]
    BadValue {
        /// The option.
        key: String,
        /// Its value as written.
        value: String,
        /// What would be accepted.
        expected: &'static str,
    },
    /// `hub:` or `hub1:` with nothing after it.
    #[error("{0}: needs the engine's command, e.g. {0}:/path/to/scan hub")]
    MissingCommand(&'static str),
    /// `dxp:` without `HOST:PORT`, or a key a DXP engine does not have.
    #[error("{0}: use dxp[,minutes=M]:HOST:PORT")]
    Dxp(String),
    /// A quote that is never closed in the command.
    #[error("unterminated quote in the command {0:?}")]
    UnterminatedQuote(String),
}

/// What kind of player, and how to build it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// The in-process searcher.
    Internal(EngineOptions),
    /// An external engine process.
    External(ExternalSpec),
    /// A DXP Follower across the network.
    Dxp(DxpSpec),
}

/// A DXP Follower to play against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DxpSpec {
    /// `HOST:PORT`.
    pub address: String,
    /// Minutes per side in GAMEREQ; `None` to derive them from the match's time.
    pub minutes: Option<u16>,
}

/// Which version of the Hub protocol an external engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// The Hub protocol of Scan 3 and later (`id`, `param`, `set-param`, `pos pos=...
    /// moves=...`, `level ...`, `go think`, `done move=...`): the spec kind `hub`.
    Hub,
    /// The first Hub dialect, as Scan 2.0 speaks it (`name`, `set NAME VALUE`, `pos
    /// <position>`, `time`, `level`, `depth`, `go`, `move ...`): the spec kind `hub1`.
    Hub1,
}

impl Dialect {
    /// The spec kind that names it: `hub` or `hub1`.
    pub fn kind(self) -> &'static str {
        match self {
            Dialect::Hub => "hub",
            Dialect::Hub1 => "hub1",
        }
    }
}

/// How to run an external engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSpec {
    /// The protocol it speaks.
    pub dialect: Dialect,
    /// The program to run.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The folder it runs in; `None` for ours. A relative program path with a folder
    /// in it (`./src/scan`) is taken from here.
    pub cwd: Option<PathBuf>,
    /// Parameters to set before `init`, in order.
    pub params: Vec<(String, String)>,
}

impl ExternalSpec {
    /// The program's path as it is started: a relative path naming a folder is read
    /// from `cwd` (as a shell would after `cd`); a bare name is looked up in `PATH`.
    pub fn program_path(&self) -> PathBuf {
        let program = Path::new(&self.program);
        match &self.cwd {
            Some(cwd) if program.is_relative() && program.components().count() > 1 => {
                cwd.join(program)
            }
            _ => program.to_path_buf(),
        }
    }
}

/// One player of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSpec {
    /// The engine.
    pub kind: EngineKind,
    /// Search to this depth instead of the time per move.
    pub depth: Option<u32>,
    /// Search this many nodes instead of the time per move.
    pub nodes: Option<u64>,
}

impl PlayerSpec {
    /// The in-process searcher with `options`, searching to `depth` or `nodes` if set
    /// (what `internal:key=value,...` reads as).
    pub fn internal(options: EngineOptions, depth: Option<u32>, nodes: Option<u64>) -> PlayerSpec {
        PlayerSpec {
            kind: EngineKind::Internal(options),
            depth,
            nodes,
        }
    }

    /// Whether the player searches to a fixed depth or node count rather than for the
    /// time per move.
    pub fn is_fixed(&self) -> bool {
        self.depth.is_some() || self.nodes.is_some()
    }

    /// Search threads the player uses, as far as we know (1 for an external engine
    /// unless a `threads` parameter says otherwise).
    pub fn threads(&self) -> usize {
        match &self.kind {
            EngineKind::Internal(options) => options.threads,
            EngineKind::Dxp(_) => 1,
            EngineKind::External(engine) => engine
                .params
                .iter()
                .rev()
                .find(|(name, _)| name == "threads")
                .and_then(|(_, value)| value.parse().ok())
                .filter(|&threads| threads > 0)
                .unwrap_or(1),
        }
    }

    /// A name for the PDN and the summary when none is given: `draughts`, with the
    /// options that set it apart (`draughts (depth=3, weights=tuned.txt)`), or the
    /// external program's file name.
    pub fn default_name(&self) -> String {
        let mut notes = Vec::new();
        let name = match &self.kind {
            EngineKind::Internal(options) => {
                let defaults = EngineOptions::default();
                let files = [
                    ("weights", &options.weights),
                    ("patterns", &options.patterns),
                    ("network", &options.network),
                    ("tactics", &options.tactics),
                    ("threats", &options.threats),
                ];
                for (key, path) in files {
                    if let Some(path) = path {
                        let file = path.file_name().unwrap_or(path.as_os_str());
                        notes.push(format!("{key}={}", file.to_string_lossy()));
                    }
                }
                if options.hash_mib != defaults.hash_mib {
                    notes.push(format!("hash={}", options.hash_mib));
                }
                if options.threads != defaults.threads {
                    notes.push(format!("threads={}", options.threads));
                }
                if options.egdb.is_some() {
                    notes.push("egdb".to_string());
                }
                if !options.search.is_empty() {
                    notes.push(format!("search={}", options.search));
                }
                if options.book != BookChoice::Off {
                    notes.push(format!("book={}", options.book));
                }
                "draughts".to_string()
            }
            EngineKind::Dxp(dxp) => format!("dxp {}", dxp.address),
            EngineKind::External(engine) => Path::new(&engine.program).file_name().map_or_else(
                || engine.program.clone(),
                |f| f.to_string_lossy().into_owned(),
            ),
        };
        if let Some(depth) = self.depth {
            notes.push(format!("depth={depth}"));
        }
        if let Some(nodes) = self.nodes {
            notes.push(format!("nodes={nodes}"));
        }
        if notes.is_empty() {
            name
        } else {
            format!("{name} ({})", notes.join(", "))
        }
    }
}

/// The options of a bare `internal` spec: the engine's defaults without a book.
pub fn internal_defaults() -> EngineOptions {
    EngineOptions {
        book: BookChoice::Off,
        ..EngineOptions::default()
    }
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        let text = text.trim();
        let (head, rest) = match text.split_once(':') {
            Some((head, rest)) => (head, Some(rest)),
            None => (text, None),
        };
        let mut parts = head.split(',');
        let kind = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let mut options = key_values(parts)?;
        let mut spec = PlayerSpec {
            kind: EngineKind::Internal(internal_defaults()),
            depth: None,
            nodes: None,
        };
        match kind.as_str() {
            "internal" => {
                if let Some(rest) = rest {
                    options.extend(key_values(rest.split(','))?);
                }
                let mut engine = internal_defaults();
                for (key, value) in options {
                    match key.as_str() {
                        "weights" => engine.weights = Some(PathBuf::from(value)),
                        "patterns" => engine.patterns = Some(PathBuf::from(value)),
                        "network" => engine.network = Some(PathBuf::from(value)),
                        "tactics" => engine.tactics = Some(PathBuf::from(value)),
                        "threats" => engine.threats = Some(PathBuf::from(value)),
                        "egdb" => engine.egdb = Some(PathBuf::from(value)),
                        "search" => engine.search = value,
                        "book" => engine.book = BookChoice::from(value.as_str()),
                        "book-margin" => engine.book_margin = number(&key, &value, 0, 1000)?,
                        "book-seed" => engine.book_seed = number(&key, &value, 0, u64::MAX)?,
                        "hash" => engine.hash_mib = number(&key, &value, 1, 16384)?,
                        "threads" => engine.threads = number(&key, &value, 1, 64)?,
                        "depth" => spec.depth = Some(number(&key, &value, 1, 100)?),
                        "nodes" => spec.nodes = Some(number(&key, &value, 1, u64::MAX)?),
                        _ => return Err(SpecError::UnknownKey(key)),
                    }
                }
                spec.kind = EngineKind::Internal(engine);
            }
            "hub" | "hub1" => {
                let dialect = if kind == "hub" {
                    Dialect::Hub
                } else {
                    Dialect::Hub1
                };
                spec.kind = EngineKind::External(external(dialect, options, rest, &mut spec)?);
            }
            "dxp" => spec.kind = EngineKind::Dxp(dxp(options, rest)?),
            _ => return Err(SpecError::UnknownKind(kind)),
        }
        Ok(spec)
    }
}

/// The external engine of a `hub` or `hub1` spec: `options` are the keys before the
/// `:`, `rest` the command after it; `depth` and `nodes` go into `spec`.
fn external(
    dialect: Dialect,
    options: Vec<(String, String)>,
    rest: Option<&str>,
    spec: &mut PlayerSpec,
) -> Result<ExternalSpec, SpecError> {
    let words = split_words(rest.unwrap_or(""))?;
    let Some((program, args)) = words.split_first().filter(|(p, _)| !p.is_empty()) else {
        return Err(SpecError::MissingCommand(dialect.kind()));
    };
    let mut cwd = None;
    let mut params = Vec::new();
    for (key, value) in options {
        match key.as_str() {
            "depth" => spec.depth = Some(number(&key, &value, 1, 100)?),
            "nodes" => spec.nodes = Some(number(&key, &value, 1, u64::MAX)?),
            "cwd" if value.is_empty() => {
                return Err(bad_value(key, value, "a folder"));
            }
            "cwd" => cwd = Some(PathBuf::from(value)),
            // `set NAME VALUE` is read as two words.
            _ if dialect == Dialect::Hub1
                && (value.is_empty() || value.contains(char::is_whitespace)) =>
            {
                return Err(bad_value(key, value, "one word"));
            }
            _ => params.push((key, value)),
        }
    }
    if dialect == Dialect::Hub1 && !params.iter().any(|(key, _)| key == "book") {
        params.insert(0, ("book".to_string(), "false".to_string()));
    }
    Ok(ExternalSpec {
        dialect,
        program: program.clone(),
        args: args.to_vec(),
        cwd,
        params,
    })
}

/// The Follower of a `dxp` spec: `options` before the `:`, `HOST:PORT` after it.
fn dxp(options: Vec<(String, String)>, rest: Option<&str>) -> Result<DxpSpec, SpecError> {
    let address = rest.unwrap_or("").trim();
    let port_given = address
        .rsplit_once(':')
        .is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok());
    if !port_given {
        return Err(SpecError::Dxp(format!("{address:?} is not HOST:PORT")));
    }
    let mut minutes = None;
    for (key, value) in options {
        match key.as_str() {
            "minutes" => minutes = Some(number(&key, &value, 1, 999)?),
            _ => return Err(SpecError::Dxp(format!("unknown option {key:?}"))),
        }
    }
    Ok(DxpSpec {
        address: address.to_string(),
        minutes,
    })
}

fn bad_value(key: String, value: String, expected: &'static str) -> SpecError {
    SpecError::BadValue {
        key,
        value,
        expected,
    }
}

/// `key=value` pairs; empty items (a trailing comma) are skipped.
fn key_values<'a>(
    items: impl Iterator<Item = &'a str>,
) -> Result<Vec<(String, String)>, SpecError> {
    items
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| match item.split_once('=') {
            Some((key, value)) if !key.trim().is_empty() && !value.contains('"') => {
                Ok((key.trim().to_ascii_lowercase(), value.trim().to_string()))
            }
            _ => Err(SpecError::NotKeyValue(item.to_string())),
        })
        .collect()
}

fn number<T: FromStr + PartialOrd>(key: &str, value: &str, min: T, max: T) -> Result<T, SpecError> {
    match value.parse::<T>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(SpecError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: match key {
                "hash" => "MiB, 1 to 16384",
                "threads" => "1 to 64",
                "depth" => "1 to 100",
                "book-margin" => "0 to 1000",
                "book-seed" => "a whole number from 0",
                "minutes" => "1 to 999",
                _ => "a whole number of at least 1",
            },
        }),
    }
}

/// Splits a command line into words as a shell would for simple cases: white space
/// separates, `'...'` and `"..."` group, a backslash outside single quotes takes the
/// next character as it is.
pub fn split_words(text: &str) -> Result<Vec<String>, SpecError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' | '"' => {
                in_word = true;
                let mut closed = false;
                while let Some(d) = chars.next() {
                    if d == c {
                        closed = true;
                        break;
                    }
                    if d == '\\' && c == '"' {
                        if let Some(e) = chars.next() {
                            word.push(e);
                        }
                        continue;
                    }
                    word.push(d);
                }
                if !closed {
                    return Err(SpecError::UnterminatedQuote(text.to_string()));
                }
            }
            '\\' => {
                in_word = true;
                if let Some(d) = chars.next() {
                    word.push(d);
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> PlayerSpec {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn internal_specs() {
        let plain = spec("internal");
        assert_eq!(plain.kind, EngineKind::Internal(internal_defaults()));
        assert!(!plain.is_fixed());
        assert_eq!(plain.default_name(), "draughts");
        let tuned = spec("internal:weights=/tmp/w.txt,hash=16,threads=2,depth=3");
        let EngineKind::Internal(options) = &tuned.kind else {
            panic!("not internal")
        };
        assert_eq!(options.weights, Some(PathBuf::from("/tmp/w.txt")));
        assert_eq!((options.hash_mib, options.threads), (16, 2));
        assert_eq!((tuned.depth, tuned.nodes), (Some(3), None));
        assert!(tuned.is_fixed());
        assert_eq!(tuned.threads(), 2);
        assert_eq!(
            tuned.default_name(),
            "draughts (weights=w.txt, hash=16, threads=2, depth=3)"
        );
        assert_eq!(spec("Internal,nodes=500").nodes, Some(500));
        let templates = spec("internal:tactics=/tmp/i.tactics");
        assert_eq!(templates.default_name(), "draughts (tactics=i.tactics)");
        let threats = spec("internal:tactics=/tmp/i.tactics,threats=/tmp/t.threats");
        assert_eq!(
            threats.default_name(),
            "draughts (tactics=i.tactics, threats=t.threats)"
        );
        let with_database = spec("internal:egdb=/data/english5,depth=2");
        let EngineKind::Internal(options) = &with_database.kind else {
            panic!("not internal")
        };
        assert_eq!(options.egdb, Some(PathBuf::from("/data/english5")));
        assert_eq!(with_database.default_name(), "draughts (egdb, depth=2)");
        let tuned = spec("internal:search=razor-margin=120;reduce-base=0.5,nodes=9");
        let EngineKind::Internal(options) = &tuned.kind else {
            panic!("not internal")
        };
        assert_eq!(options.search, "razor-margin=120;reduce-base=0.5");
        assert_eq!(
            tuned.default_name(),
            "draughts (search=razor-margin=120;reduce-base=0.5, nodes=9)"
        );
        // The book is off unless asked for.
        assert_eq!(
            internal_defaults().book,
            BookChoice::Off,
            "matches play without a book"
        );
        let booked = spec("internal:book=builtin,book-margin=15,book-seed=4");
        let EngineKind::Internal(options) = &booked.kind else {
            panic!("not internal")
        };
        assert_eq!(options.book, BookChoice::Builtin);
        assert_eq!((options.book_margin, options.book_seed), (15, 4));
        assert_eq!(booked.default_name(), "draughts (book=builtin)");
        let file = spec("internal:book=/tmp/i.book");
        let EngineKind::Internal(options) = &file.kind else {
            panic!("not internal")
        };
        assert_eq!(options.book, BookChoice::File("/tmp/i.book".into()));
    }

    #[test]
    fn hub_specs() {
        let dame = spec("hub:/work/peers/venv/bin/dame hub");
        assert_eq!(
            dame.kind,
            EngineKind::External(ExternalSpec {
                dialect: Dialect::Hub,
                program: "/work/peers/venv/bin/dame".into(),
                args: vec!["hub".into()],
                cwd: None,
                params: vec![],
            })
        );
        assert_eq!(dame.default_name(), "dame");
        let ours = spec("hub,depth=4,hash=8:'my engine/draughts' hub --x \"a b\" c\\ d");
        let EngineKind::External(engine) = &ours.kind else {
            panic!("not external")
        };
        assert_eq!(engine.program, "my engine/draughts");
        assert_eq!(engine.args, &["hub", "--x", "a b", "c d"]);
        assert_eq!(engine.params, &[("hash".to_string(), "8".to_string())]);
        assert_eq!(ours.depth, Some(4));
        assert_eq!(spec("hub,threads=4:x").threads(), 4);
        assert_eq!(spec("hub,threads=0:x").threads(), 1);
    }

    #[test]
    fn first_dialect_specs() {
        let scan = spec("hub1,cwd=/work/scan2:./src/scan hub");
        let EngineKind::External(engine) = &scan.kind else {
            panic!("not external")
        };
        assert_eq!(engine.dialect, Dialect::Hub1);
        assert_eq!(
            (engine.program.as_str(), engine.args.as_slice()),
            ("./src/scan", &["hub".to_string()][..])
        );
        assert_eq!(engine.cwd, Some(PathBuf::from("/work/scan2")));
        assert_eq!(
            engine.program_path(),
            PathBuf::from("/work/scan2/./src/scan")
        );
        // The book is off unless the spec says otherwise.
        assert_eq!(engine.params, [("book".to_string(), "false".to_string())]);
        assert_eq!(scan.default_name(), "scan");
        let tuned = spec("hub1,tt-size=22,depth=6,book=true,threads=2,nodes=9:scan hub");
        let EngineKind::External(engine) = &tuned.kind else {
            panic!("not external")
        };
        let pairs = [("tt-size", "22"), ("book", "true"), ("threads", "2")];
        assert_eq!(
            engine.params,
            pairs.map(|(k, v)| (k.to_string(), v.to_string()))
        );
        assert_eq!(
            (tuned.depth, tuned.nodes, tuned.threads()),
            (Some(6), Some(9), 2)
        );
        // A bare program name is looked up in PATH, wherever the engine runs.
        assert_eq!(engine.program_path(), PathBuf::from("scan"));
        let hub = spec("hub,cwd=/tmp:engine");
        let EngineKind::External(engine) = &hub.kind else {
            panic!("not external")
        };
        assert_eq!(
            (engine.dialect, engine.cwd.as_deref()),
            (Dialect::Hub, Some(Path::new("/tmp")))
        );
        assert!(engine.params.is_empty());
    }

    #[test]
    fn dxp_specs() {
        let scan = spec("dxp:127.0.0.1:27531");
        assert_eq!(
            scan.kind,
            EngineKind::Dxp(DxpSpec {
                address: "127.0.0.1:27531".into(),
                minutes: None
            })
        );
        assert_eq!((scan.threads(), scan.is_fixed()), (1, false));
        assert_eq!(scan.default_name(), "dxp 127.0.0.1:27531");
        let timed = spec("DXP,minutes=5:[::1]:4000");
        let EngineKind::Dxp(dxp) = &timed.kind else {
            panic!("not dxp")
        };
        assert_eq!((dxp.address.as_str(), dxp.minutes), ("[::1]:4000", Some(5)));
    }

    #[test]
    fn bad_specs() {
        for (text, error) in [
            ("scan", "unknown engine kind"),
            ("hub1", "hub1: needs the engine's command"),
            ("hub1,cwd=:scan hub", "bad value for cwd"),
            ("hub1,book=:scan hub", "bad value for book"),
            ("hub1,book='a b':scan hub", "bad value for book"),
            ("internal:depth=0", "bad value for depth"),
            ("internal:hash=lots", "bad value for hash"),
            ("internal:book-margin=-1", "bad value for book-margin"),
            ("internal:colour=red", "unknown internal engine option"),
            ("internal:depth", "not key=value"),
            ("hub:", "hub: needs the engine's command"),
            ("hub", "needs the engine's command"),
            ("hub:'scan hub", "unterminated quote"),
            ("hub:'' hub", "needs the engine's command"),
            ("hub,=3:scan", "not key=value"),
            ("dxp", "use dxp[,minutes=M]:HOST:PORT"),
            ("dxp:localhost", "is not HOST:PORT"),
            ("dxp:localhost:port", "is not HOST:PORT"),
            ("dxp,depth=3:localhost:27531", "unknown option"),
            ("dxp,minutes=0:localhost:27531", "bad value for minutes"),
        ] {
            let message = text.parse::<PlayerSpec>().unwrap_err().to_string();
            assert!(message.contains(error), "{text}: {message}");
        }
    }
}
