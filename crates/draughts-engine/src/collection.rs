//! A collection of games: a PDN file read with the core's reader, its games' main lines
//! replayed, and the games the reader refused counted by reason.

use draughts_core::pdn::{self, MainLine};
use draughts_core::{GameResult, Variant};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Why a collection could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CollectionError {
    /// The file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// Games the reader refused for one reason: how many, and the first one's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusals {
    /// How many games.
    pub count: usize,
    /// The reader's message for the first of them.
    pub example: String,
}

/// The games of one PDN file, replayed as variant `V`.
#[derive(Clone, Debug)]
pub struct Collection<V: Variant> {
    /// The file's name, for the report.
    pub name: String,
    /// Games the reader found, refused ones included.
    pub games: usize,
    /// The main lines of the games that replay.
    pub lines: Vec<MainLine<V>>,
    /// Their results, line by line ([`GameResult::Unfinished`] where the game has
    /// none).
    pub results: Vec<GameResult>,
    /// Refused games by reason (see [`draughts_core::PdnError::reason`]).
    pub refused: BTreeMap<&'static str, Refusals>,
}

impl<V: Variant> Collection<V> {
    /// Reads and replays the games of a PDN file.
    ///
    /// # Errors
    /// [`CollectionError::Read`] if the file cannot be read; a game that cannot be read
    /// or replayed is counted in [`Collection::refused`], not an error.
    pub fn read(path: &Path) -> Result<Collection<V>, CollectionError> {
        let bytes = std::fs::read(path).map_err(|source| CollectionError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let name = path.file_name().unwrap_or(path.as_os_str());
        Ok(Collection::from_bytes(&name.to_string_lossy(), &bytes))
    }

    /// Reads and replays the games of a PDN file's contents.
    pub fn from_bytes(name: &str, bytes: &[u8]) -> Collection<V> {
        let mut collection = Collection {
            name: name.to_string(),
            games: 0,
            lines: Vec::new(),
            results: Vec::new(),
            refused: BTreeMap::new(),
        };
        for game in pdn::PdnReader::from_bytes(bytes) {
            collection.games += 1;
            let replayed = game.and_then(|game| {
                let result = game.game_result::<V>();
                game.replay::<V>().map(|line| (line, result))
            });
            match replayed {
                Ok((line, result)) => {
                    collection.lines.push(line);
                    collection
                        .results
                        .push(result.unwrap_or(GameResult::Unfinished));
                }
                Err(error) => {
                    collection
                        .refused
                        .entry(error.reason())
                        .and_modify(|r| r.count += 1)
                        .or_insert_with(|| Refusals {
                            count: 1,
                            example: error.to_string(),
                        });
                }
            }
        }
        collection
    }

    /// Games refused, all reasons together.
    pub fn refused_count(&self) -> usize {
        self.refused.values().map(|r| r.count).sum()
    }

    /// The line `NAME: N games read, R replayed, F refused`, then one a reason of
    /// refusal, the most frequent first.
    ///
    /// # Errors
    /// As `out`'s writes.
    pub fn write_summary(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(
            out,
            "{}: {} games read, {} replayed, {} refused",
            self.name,
            self.games,
            self.lines.len(),
            self.refused_count()
        )?;
        let mut reasons: Vec<_> = self.refused.iter().collect();
        reasons.sort_by(|a, b| b.1.count.cmp(&a.1.count).then(a.0.cmp(b.0)));
        for (reason, refusals) in reasons {
            writeln!(
                out,
                "  {:>6}  {reason} (first: {})",
                refusals.count, refusals.example
            )?;
        }
        Ok(())
    }
}
