//! The one place with `unsafe`: mapping a file into memory.
//!
//! Mapping (rather than reading) lets a database of many gigabytes open in
//! microseconds and share the page cache between processes; a probe touches only the
//! blocks it needs.

use memmap2::Mmap;
use std::fs::File;
use std::io;

/// Maps `file` read-only.
///
/// # Errors
/// The operating system's, for example on a file system without `mmap`.
pub(crate) fn map(file: &File) -> io::Result<Mmap> {
    // SAFETY: the mapping is read-only and private to this process. Undefined behaviour
    // would need another process to truncate or rewrite the file while it is mapped.
    // Database files are never modified in place: the builder writes a temporary file
    // and renames it over the old name, which leaves existing mappings of the old file
    // intact. Every byte read through the map is checked (checksums, bounds) before it
    // is trusted, so a file damaged on disk is reported, not followed.
    unsafe { Mmap::map(file) }
}
