//! The state a book build resumes from: every score its searches found, appended as
//! they come. A build that starts again replays its expansions from these scores
//! instead of searching (the expansion order depends on the scores alone), then goes
//! on searching where it stopped.
//!
//! The file: a header (magic `DBKS`, version, the variant's name, the settings that
//! shape the tree, the roots' fingerprint) with its FNV-1a checksum, then 16-byte
//! records: a position's hash (`u64`), its score (`i32`) and the low half of the
//! FNV-1a checksum of those 12 bytes (`u32`). A record cut short or damaged (the build
//! was killed while writing it) ends the file: it and what follows are dropped, and
//! searched again.

use super::build::{BuildError, BuildSettings};
use draughts_eval::{fnv1a, Score};
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 4] = b"DBKS";
const VERSION: u32 = 1;
const RECORD: usize = 16;

/// An open state file, ready to take more scores.
pub(super) struct Journal {
    path: PathBuf,
    file: File,
}

/// The header of a state file for `settings`, variant `name` and roots `fingerprint`.
fn header(name: &str, settings: &BuildSettings, fingerprint: u64) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(name.len() as u8);
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(&settings.nodes.to_le_bytes());
    out.extend_from_slice(&settings.penalty.to_le_bytes());
    out.extend_from_slice(&settings.seed.to_le_bytes());
    out.extend_from_slice(&fingerprint.to_le_bytes());
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The check of a record's first 12 bytes.
fn check(bytes: &[u8]) -> u32 {
    fnv1a(bytes) as u32
}

impl Journal {
    /// Opens the state at `path` for a build of variant `name` with `settings` from
    /// roots of `fingerprint`, or starts one: the scores already found (by hash) and
    /// the journal to add to.
    ///
    /// # Errors
    /// [`BuildError::State`] if the file cannot be read or written,
    /// [`BuildError::Mismatch`] if it is the state of another build.
    pub(super) fn open(
        path: &Path,
        name: &str,
        settings: &BuildSettings,
        fingerprint: u64,
    ) -> Result<(Journal, HashMap<u64, Score>), BuildError> {
        let io_error = |source: io::Error| BuildError::State {
            path: path.to_path_buf(),
            source,
        };
        let expected = header(name, settings, fingerprint);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(io_error)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(io_error)?;
        let mut scores = HashMap::new();
        let kept = if bytes.is_empty() {
            file.write_all(&expected).map_err(io_error)?;
            expected.len()
        } else {
            if bytes.get(..expected.len()) != Some(&expected[..]) {
                return Err(BuildError::Mismatch(path.to_path_buf()));
            }
            let records = bytes[expected.len()..].chunks_exact(RECORD);
            let mut whole = 0;
            for record in records {
                let (body, sum) = record.split_at(12);
                if u32::from_le_bytes(sum.try_into().unwrap_or_default()) != check(body) {
                    break;
                }
                let hash = u64::from_le_bytes(body[..8].try_into().unwrap_or_default());
                let score = i32::from_le_bytes(body[8..].try_into().unwrap_or_default());
                scores.insert(hash, score);
                whole += 1;
            }
            expected.len() + whole * RECORD
        };
        file.set_len(kept as u64).map_err(io_error)?;
        file.seek(SeekFrom::End(0)).map_err(io_error)?;
        let journal = Journal {
            path: path.to_path_buf(),
            file,
        };
        Ok((journal, scores))
    }

    /// Appends `scores` (hash and score each) and flushes them to the file.
    ///
    /// # Errors
    /// [`BuildError::State`] if the file cannot be written.
    pub(super) fn append(&mut self, scores: &[(u64, Score)]) -> Result<(), BuildError> {
        if scores.is_empty() {
            return Ok(());
        }
        let mut out = Vec::with_capacity(scores.len() * RECORD);
        for (hash, score) in scores {
            let start = out.len();
            out.extend_from_slice(&hash.to_le_bytes());
            out.extend_from_slice(&score.to_le_bytes());
            let sum = check(&out[start..]);
            out.extend_from_slice(&sum.to_le_bytes());
        }
        self.file
            .write_all(&out)
            .and_then(|()| self.file.flush())
            .map_err(|source| BuildError::State {
                path: self.path.clone(),
                source,
            })
    }
}
