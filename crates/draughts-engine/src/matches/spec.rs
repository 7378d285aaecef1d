//! Who plays: the `--engine1`/`--engine2` specifications.
//!
//! - `internal[:key=value,...]`: the in-process searcher; keys `weights=FILE`,
//!   `patterns=FILE|none` (as `--weights` and `--patterns`), `tactics=FILE`, `hash=MIB`, `threads=N`, `depth=D`, `nodes=N`, `egdb=DIR` (endgame
//!   database).
//! - `hub[,key=value,...]:COMMAND ARGS`: an external Hub engine started as `COMMAND ARGS`
//!   (split on white space; quote with `'...'` or `"..."`). Keys `depth=D` and `nodes=N`
//!   become `level depth=`/`nodes=` instead of the match's time per move; any other key
//!   is sent as `set-param name=key value=value` before `init`.
//!
//! With `depth=` or `nodes=` a player searches to that limit instead of the time per
//! move (a game clock still applies to it).

use crate::engine::EngineOptions;
use std::path::PathBuf;
use std::str::FromStr;

/// A `--engine` specification that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The part before `:` names no kind of player.
    #[error("unknown engine kind {0:?}: use internal[:key=value,...] or hub:COMMAND")]
    UnknownKind(String),
    /// `key` without `=value`, or an empty key.
    #[error("{0:?} is not key=value")]
    NotKeyValue(String),
    /// A key the internal engine does not have.
    #[error(
        "unknown internal engine option {0:?}: use weights, patterns, tactics, hash, threads, depth, nodes or egdb"
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
    /// `hub:` with nothing after it.
    #[error("hub: needs the engine's command, e.g. hub:/path/to/scan hub")]
    MissingCommand,
    /// A quote that is never closed in the command.
    #[error("unterminated quote in the command {0:?}")]
    UnterminatedQuote(String),
}

/// What kind of player, and how to build it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// The in-process searcher.
    Internal(EngineOptions),
    /// An external engine speaking the Hub protocol.
    Hub {
        /// The program to run.
        program: String,
        /// Its arguments.
        args: Vec<String>,
        /// Parameters to set before `init`, in order.
        params: Vec<(String, String)>,
    },
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
            EngineKind::Hub { params, .. } => params
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
                if let Some(path) = &options.weights {
                    let file = path.file_name().unwrap_or(path.as_os_str());
                    notes.push(format!("weights={}", file.to_string_lossy()));
                }
                if let Some(path) = &options.patterns {
                    let file = path.file_name().unwrap_or(path.as_os_str());
                    notes.push(format!("patterns={}", file.to_string_lossy()));
                }
                if let Some(path) = &options.tactics {
                    let file = path.file_name().unwrap_or(path.as_os_str());
                    notes.push(format!("tactics={}", file.to_string_lossy()));
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
                "draughts".to_string()
            }
            EngineKind::Hub { program, .. } => std::path::Path::new(program)
                .file_name()
                .map_or_else(|| program.clone(), |f| f.to_string_lossy().into_owned()),
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
            kind: EngineKind::Internal(EngineOptions::default()),
            depth: None,
            nodes: None,
        };
        match kind.as_str() {
            "internal" => {
                if let Some(rest) = rest {
                    options.extend(key_values(rest.split(','))?);
                }
                let mut engine = EngineOptions::default();
                for (key, value) in options {
                    match key.as_str() {
                        "weights" => engine.weights = Some(PathBuf::from(value)),
                        "patterns" => engine.patterns = Some(PathBuf::from(value)),
                        "tactics" => engine.tactics = Some(PathBuf::from(value)),
                        "egdb" => engine.egdb = Some(PathBuf::from(value)),
                        "hash" => engine.hash_mib = number(&key, &value, 1, 16384)?,
                        "threads" => engine.threads = number(&key, &value, 1, 64)?,
                        "depth" => spec.depth = Some(number(&key, &value, 1, 100)?),
                        "nodes" => spec.nodes = Some(number(&key, &value, 1, u64::MAX)?),
                        _ => return Err(SpecError::UnknownKey(key)),
                    }
                }
                spec.kind = EngineKind::Internal(engine);
            }
            "hub" => {
                let words = split_words(rest.unwrap_or(""))?;
                let Some((program, args)) = words.split_first().filter(|(p, _)| !p.is_empty())
                else {
                    return Err(SpecError::MissingCommand);
                };
                let mut params = Vec::new();
                for (key, value) in options {
                    match key.as_str() {
                        "depth" => spec.depth = Some(number(&key, &value, 1, 100)?),
                        "nodes" => spec.nodes = Some(number(&key, &value, 1, u64::MAX)?),
                        _ => params.push((key, value)),
                    }
                }
                spec.kind = EngineKind::Hub {
                    program: program.clone(),
                    args: args.to_vec(),
                    params,
                };
            }
            _ => return Err(SpecError::UnknownKind(kind)),
        }
        Ok(spec)
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
        assert_eq!(plain.kind, EngineKind::Internal(EngineOptions::default()));
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
        let with_database = spec("internal:egdb=/data/english5,depth=2");
        let EngineKind::Internal(options) = &with_database.kind else {
            panic!("not internal")
        };
        assert_eq!(options.egdb, Some(PathBuf::from("/data/english5")));
        assert_eq!(with_database.default_name(), "draughts (egdb, depth=2)");
    }

    #[test]
    fn hub_specs() {
        let dame = spec("hub:/work/peers/venv/bin/dame hub");
        assert_eq!(
            dame.kind,
            EngineKind::Hub {
                program: "/work/peers/venv/bin/dame".into(),
                args: vec!["hub".into()],
                params: vec![],
            }
        );
        assert_eq!(dame.default_name(), "dame");
        let ours = spec("hub,depth=4,hash=8:'my engine/draughts' hub --x \"a b\" c\\ d");
        let EngineKind::Hub {
            program,
            args,
            params,
        } = &ours.kind
        else {
            panic!("not hub")
        };
        assert_eq!(program, "my engine/draughts");
        assert_eq!(args, &["hub", "--x", "a b", "c d"]);
        assert_eq!(params, &[("hash".to_string(), "8".to_string())]);
        assert_eq!(ours.depth, Some(4));
        assert_eq!(spec("hub,threads=4:x").threads(), 4);
        assert_eq!(spec("hub,threads=0:x").threads(), 1);
    }

    #[test]
    fn bad_specs() {
        for (text, error) in [
            ("scan", "unknown engine kind"),
            ("internal:depth=0", "bad value for depth"),
            ("internal:hash=lots", "bad value for hash"),
            ("internal:colour=red", "unknown internal engine option"),
            ("internal:depth", "not key=value"),
            ("hub:", "needs the engine's command"),
            ("hub", "needs the engine's command"),
            ("hub:'scan hub", "unterminated quote"),
            ("hub:'' hub", "needs the engine's command"),
            ("hub,=3:scan", "not key=value"),
        ] {
            let message = text.parse::<PlayerSpec>().unwrap_err().to_string();
            assert!(message.contains(error), "{text}: {message}");
        }
    }
}
