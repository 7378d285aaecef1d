//! The file form of a pattern table.

use super::{Patterns, PatternsError, ARRANGEMENTS};
use crate::phase::Phase;
use crate::strips::STRIP_ARRANGEMENTS;
use draughts_core::Variant;
use std::path::{Path, PathBuf};

pub(super) const MAGIC: &[u8; 4] = b"DPAT";
/// Version 1 held the regions only; version 2 adds the strips; version 3 the phase
/// (before it, always [`Phase::Pieces`]); version 4 the odd regions.
const VERSION: u32 = 4;

impl<V: Variant> Patterns<V> {
    /// The file form: a header (magic, version, variant, regions, strips, phase, odd
    /// regions), the values as little-endian `i16` pairs in slot order, and an FNV-1a
    /// checksum of everything before it. A table whose odd regions are zero is written
    /// as version 3, without them.
    pub fn to_bytes(&self) -> Vec<u8> {
        let version = if self.odd { VERSION } else { 3 };
        let entries = if self.odd {
            Self::ENTRIES
        } else {
            Self::offset(Self::FIRST_ODD)
        };
        let mut out = Vec::with_capacity(entries * 4 + 32);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&version.to_le_bytes());
        out.push(V::NAME.len() as u8);
        out.extend_from_slice(V::NAME.as_bytes());
        out.push(Self::REGIONS as u8);
        out.push(Self::EDGE_STRIPS as u8);
        out.push(self.phase.code());
        if self.odd {
            out.push(Self::ODD_REGIONS as u8);
        }
        for v in &self.values[..entries] {
            out.extend_from_slice(&v[0].to_le_bytes());
            out.extend_from_slice(&v[1].to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads the file form written by [`Patterns::to_bytes`], or a table of an older
    /// version, whose odd regions are zero: version 1 (regions only: its strips are
    /// zero too), 2 (both blended by [`Phase::Pieces`]) or 3.
    ///
    /// # Errors
    /// [`PatternsError::Format`] (with an empty path) if the bytes are not a table for
    /// `V`, are truncated, or fail the checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<Patterns<V>, PatternsError> {
        let bad = |reason: String| format_error(reason);
        let mut fields = Fields::of(bytes, MAGIC, "a pattern table")?;
        let mut take = |n: usize| fields.take(n);
        let version = u32::from_le_bytes(take(4)?.try_into().unwrap_or_default());
        if !(1..=VERSION).contains(&version) {
            return Err(bad(format!("version {version}, expected 1 to {VERSION}")));
        }
        let name_len = usize::from(take(1)?[0]);
        let name = String::from_utf8_lossy(take(name_len)?).into_owned();
        if name != V::NAME {
            return Err(bad(format!("a table for {name}, not {}", V::NAME)));
        }
        let regions = usize::from(take(1)?[0]);
        if regions != Self::REGIONS {
            return Err(bad(format!(
                "{regions} regions, expected {}",
                Self::REGIONS
            )));
        }
        let strips = if version == 1 {
            0
        } else {
            usize::from(take(1)?[0])
        };
        if version > 1 && strips != Self::EDGE_STRIPS {
            return Err(bad(format!(
                "{strips} strips, expected {}",
                Self::EDGE_STRIPS
            )));
        }
        let phase = if version < 3 {
            Phase::Pieces
        } else {
            let code = take(1)?[0];
            Phase::from_code(code).ok_or_else(|| bad(format!("unknown phase {code}")))?
        };
        let odd = if version < 4 {
            0
        } else {
            usize::from(take(1)?[0])
        };
        if version >= 4 && odd != Self::ODD_REGIONS {
            return Err(bad(format!(
                "{odd} odd regions, expected {}",
                Self::ODD_REGIONS
            )));
        }
        let data = take(((regions + odd) * ARRANGEMENTS + strips * STRIP_ARRANGEMENTS) * 4)?;
        if fields.left() != 0 {
            return Err(bad(format!(
                "{} unexpected bytes after the values",
                fields.left()
            )));
        }
        let mut values: Vec<[i16; 2]> = data
            .chunks_exact(4)
            .map(|c| {
                [
                    i16::from_le_bytes([c[0], c[1]]),
                    i16::from_le_bytes([c[2], c[3]]),
                ]
            })
            .collect();
        values.resize(Self::ENTRIES, [0, 0]);
        Ok(Self::from_values(values)?.with_phase(phase))
    }

    /// Writes the table to `path`.
    ///
    /// # Errors
    /// [`PatternsError::Io`] naming the file.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), PatternsError> {
        write_file(path.as_ref(), &self.to_bytes())
    }

    /// Reads a table from `path`.
    ///
    /// # Errors
    /// [`PatternsError::Io`] or [`PatternsError::Format`], naming the file.
    pub fn load(path: impl AsRef<Path>) -> Result<Patterns<V>, PatternsError> {
        let path = path.as_ref();
        Self::from_bytes(&read_file(path)?).map_err(|e| e.at(path))
    }
}

/// A file's fields after its magic, once its length and checksum are checked: the form
/// of pattern tables and [networks](crate::Network), a magic, the fields, and an FNV-1a
/// checksum (`u64`) of everything before it.
pub(crate) struct Fields<'a>(&'a [u8]);

impl<'a> Fields<'a> {
    /// The fields of `bytes`, the file form of `what`, which begins with `magic`.
    pub(crate) fn of(
        bytes: &'a [u8],
        magic: &[u8; 4],
        what: &str,
    ) -> Result<Fields<'a>, PatternsError> {
        let (body, sum) = bytes
            .split_last_chunk::<8>()
            .ok_or_else(|| format_error(format!("too short for {what}")))?;
        if body.get(..4) != Some(magic) {
            return Err(format_error(format!("not {what} (bad magic)")));
        }
        if fnv1a(body) != u64::from_le_bytes(*sum) {
            return Err(format_error(
                "checksum mismatch: the file is damaged or truncated".into(),
            ));
        }
        Ok(Fields(&body[4..]))
    }

    /// The next `n` bytes.
    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], PatternsError> {
        let (head, tail) = self
            .0
            .split_at_checked(n)
            .ok_or_else(|| format_error("truncated".into()))?;
        self.0 = tail;
        Ok(head)
    }

    /// How many bytes are left.
    pub(crate) fn left(&self) -> usize {
        self.0.len()
    }
}

/// Writes `bytes` to `path`; [`PatternsError::Io`] naming it on failure.
pub(crate) fn write_file(path: &Path, bytes: &[u8]) -> Result<(), PatternsError> {
    std::fs::write(path, bytes).map_err(|source| PatternsError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads `path`; [`PatternsError::Io`] naming it on failure.
pub(crate) fn read_file(path: &Path) -> Result<Vec<u8>, PatternsError> {
    std::fs::read(path).map_err(|source| PatternsError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// [`PatternsError::Format`] for bytes read from memory.
pub(crate) fn format_error(reason: String) -> PatternsError {
    PatternsError::Format {
        path: PathBuf::new(),
        reason,
    }
}

/// The 64-bit FNV-1a hash of `bytes`: the checksum that ends the workspace's binary
/// model files (pattern tables, networks, opening books).
///
/// ```
/// assert_eq!(draughts_eval::fnv1a(b""), 0xcbf2_9ce4_8422_2325);
/// assert_ne!(draughts_eval::fnv1a(b"a"), draughts_eval::fnv1a(b"b"));
/// ```
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
