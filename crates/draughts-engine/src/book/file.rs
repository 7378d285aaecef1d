//! The file form of an opening book.
//!
//! | field | bytes |
//! |---|---|
//! | magic `DBOK` | 4 |
//! | version (`u32`) | 4 |
//! | the variant's name: its length, then its bytes | 1 + n |
//! | positions, moves (`u32` each) | 8 |
//! | per position, by increasing hash: hash (`u64`), ply, move count (`u8` each) | 10 each |
//! | per move, position by position, best first: from, to, which (`u8` each), score (`i16`) | 5 each |
//! | FNV-1a checksum of everything before it (`u64`) | 8 |
//!
//! Numbers are little-endian. `which` tells captures with the same ends apart: the
//! index of the move among them, ordered by their captured pieces.

use super::{Book, Entry, StoredMove};
use draughts_core::Variant;
use draughts_eval::fnv1a;
use std::io;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 4] = b"DBOK";
const VERSION: u32 = 1;
/// Bytes of one position's record.
const ENTRY_BYTES: usize = 10;
/// Bytes of one move's record.
const MOVE_BYTES: usize = 5;

/// Why a book file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The file cannot be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The bytes are not a book of the variant.
    #[error("{}{problem}", at(path))]
    Format {
        /// The file; empty for bytes read from memory.
        path: PathBuf,
        /// What is wrong.
        problem: FormatProblem,
    },
}

/// `path: `, or nothing for an empty path.
fn at(path: &Path) -> String {
    if path.as_os_str().is_empty() {
        String::new()
    } else {
        format!("{}: ", path.display())
    }
}

/// What is wrong with the bytes of a book.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatProblem {
    /// Shorter than its header, or than its header says.
    #[error("truncated: too short for the opening book its header describes")]
    Truncated,
    /// Not a book at all.
    #[error("not an opening book (bad magic)")]
    Magic,
    /// A version this build does not read.
    #[error("book version {0}, this build reads version {VERSION}")]
    Version(u32),
    /// A book of another variant.
    #[error("a book for {found}, not {expected}")]
    Variant {
        /// The variant the file names.
        found: String,
        /// The variant asked for.
        expected: &'static str,
    },
    /// The checksum does not match: the file is damaged.
    #[error("checksum mismatch: the file is damaged")]
    Checksum,
    /// The records contradict each other.
    #[error("{0}")]
    Malformed(&'static str),
}

impl BookError {
    /// The same error, naming `path` (for bytes read from that file).
    fn at(self, path: &Path) -> BookError {
        match self {
            BookError::Format { problem, .. } => BookError::Format {
                path: path.to_path_buf(),
                problem,
            },
            io @ BookError::Io { .. } => io,
        }
    }

    /// The format problem, if that is what this is.
    pub fn problem(&self) -> Option<&FormatProblem> {
        match self {
            BookError::Format { problem, .. } => Some(problem),
            BookError::Io { .. } => None,
        }
    }
}

impl From<FormatProblem> for BookError {
    fn from(problem: FormatProblem) -> BookError {
        BookError::Format {
            path: PathBuf::new(),
            problem,
        }
    }
}

/// Reads fields from the front of a byte slice.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], FormatProblem> {
        let (head, tail) = self.0.split_at_checked(n).ok_or(FormatProblem::Truncated)?;
        self.0 = tail;
        Ok(head)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], FormatProblem> {
        let bytes = self.take(N)?;
        bytes.try_into().map_err(|_| FormatProblem::Truncated)
    }

    fn u32(&mut self) -> Result<u32, FormatProblem> {
        self.array().map(u32::from_le_bytes)
    }
}

/// The reader after the header of `body` (a book without its checksum), and the
/// variant's name the header gives.
fn header(body: &[u8]) -> Result<(Reader<'_>, &[u8]), FormatProblem> {
    if body.get(..4).is_some_and(|magic| magic != MAGIC) {
        return Err(FormatProblem::Magic);
    }
    let mut reader = Reader(body);
    reader.take(4)?;
    let version = reader.u32()?;
    if version != VERSION {
        return Err(FormatProblem::Version(version));
    }
    let name_len = usize::from(reader.array::<1>()?[0]);
    let name = reader.take(name_len)?;
    Ok((reader, name))
}

/// The name of the variant whose book `bytes` hold, as its header says (the rest is
/// checked when the book is read as that variant's).
///
/// ```
/// use draughts_core::English;
/// use draughts_engine::book::{file::variant_name, Book};
///
/// let book = Book::<English>::from_positions([]);
/// assert_eq!(variant_name(&book.to_bytes())?, "english");
/// # Ok::<(), draughts_engine::book::BookError>(())
/// ```
///
/// # Errors
/// [`BookError::Format`] if the bytes are too short, not a book or of another
/// version.
pub fn variant_name(bytes: &[u8]) -> Result<String, BookError> {
    let (_, name) = header(bytes)?;
    Ok(String::from_utf8_lossy(name).into_owned())
}

impl<V: Variant> Book<V> {
    /// The file form (see the [module](self)).
    pub fn to_bytes(&self) -> Vec<u8> {
        let size = 32 + self.entries.len() * ENTRY_BYTES + self.moves.len() * MOVE_BYTES;
        let mut out = Vec::with_capacity(size);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(V::NAME.len() as u8);
        out.extend_from_slice(V::NAME.as_bytes());
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes();
        out.extend_from_slice(&count(self.entries.len()));
        out.extend_from_slice(&count(self.moves.len()));
        for entry in &self.entries {
            out.extend_from_slice(&entry.hash.to_le_bytes());
            out.extend_from_slice(&[entry.ply, entry.count]);
        }
        for mv in &self.moves {
            out.extend_from_slice(&[mv.from, mv.to, mv.which]);
            out.extend_from_slice(&mv.score.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads the file form written by [`Book::to_bytes`].
    ///
    /// # Errors
    /// [`BookError::Format`] (with an empty path) if the bytes are truncated, not a
    /// book, of another version or variant, fail the checksum, or contradict
    /// themselves (positions out of order, move counts that do not add up).
    pub fn from_bytes(bytes: &[u8]) -> Result<Book<V>, BookError> {
        let (body, sum) = bytes
            .split_last_chunk::<8>()
            .ok_or(FormatProblem::Truncated)?;
        let (mut reader, name) = header(body)?;
        if name != V::NAME.as_bytes() {
            return Err(FormatProblem::Variant {
                found: String::from_utf8_lossy(name).into_owned(),
                expected: V::NAME,
            }
            .into());
        }
        let positions = reader.u32()? as usize;
        let moves = reader.u32()? as usize;
        let expected = positions
            .checked_mul(ENTRY_BYTES)
            .zip(moves.checked_mul(MOVE_BYTES))
            .and_then(|(a, b)| a.checked_add(b));
        if expected != Some(reader.0.len()) {
            return Err(if expected.is_some_and(|n| n < reader.0.len()) {
                FormatProblem::Malformed("unexpected bytes after the moves").into()
            } else {
                FormatProblem::Truncated.into()
            });
        }
        if fnv1a(body) != u64::from_le_bytes(*sum) {
            return Err(FormatProblem::Checksum.into());
        }
        let mut entries = Vec::with_capacity(positions);
        let mut first = 0usize;
        for _ in 0..positions {
            let hash = u64::from_le_bytes(reader.array()?);
            let [ply, count] = reader.array()?;
            if entries.last().is_some_and(|e: &Entry| e.hash >= hash) {
                return Err(FormatProblem::Malformed("positions out of order").into());
            }
            if count == 0 {
                return Err(FormatProblem::Malformed("a position without a move").into());
            }
            entries.push(Entry {
                hash,
                ply,
                first: u32::try_from(first).unwrap_or(u32::MAX),
                count,
            });
            first += usize::from(count);
        }
        if first != moves {
            return Err(FormatProblem::Malformed("the move counts do not add up").into());
        }
        let mut stored = Vec::with_capacity(moves);
        for _ in 0..moves {
            let [from, to, which, low, high] = reader.array()?;
            stored.push(StoredMove {
                from,
                to,
                which,
                score: i16::from_le_bytes([low, high]),
            });
        }
        Ok(Book {
            entries,
            moves: stored,
            variant: PhantomData,
        })
    }

    /// Writes the book to `path`.
    ///
    /// # Errors
    /// [`BookError::Io`] naming the file.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), BookError> {
        let path = path.as_ref();
        std::fs::write(path, self.to_bytes()).map_err(|source| BookError::Io {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Reads a book from `path`.
    ///
    /// # Errors
    /// [`BookError::Io`] or [`BookError::Format`], naming the file.
    pub fn load(path: impl AsRef<Path>) -> Result<Book<V>, BookError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| BookError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Book::from_bytes(&bytes).map_err(|e| e.at(path))
    }
}
