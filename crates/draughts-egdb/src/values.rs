//! The builder's value tables: beside each slice file, every position's value (capture
//! and threat positions included), two bits a slot, uncompressed.
//!
//! The slice files store only quiet positions, so a later job that reaches a capture
//! position of a finished slice (every capture of the job does) would have to search
//! its captures again, and a threat position its replies. The job that solved the
//! slice knew every value; it writes them here, and later jobs read one value where
//! they would search. A value read here is what the probe's search would return:
//! the probe of a capture position of a complete set of slices is always decided, and
//! so is that of a threat position that is not in the exception list (see
//! [`crate::memo::Finished`]).
//!
//! The tables are a build cache: the database does not read them, a build without them
//! searches as before, and they can be deleted once the build is complete. Files are
//! written under a temporary name and renamed, so one that exists is whole; the header
//! (variant, material, size), the length and a checksum of the values are checked
//! when it is opened. A table of the first format, which had no checksum, is ignored
//! (the build searches instead).

use crate::board::Raw;
use crate::error::Error;
use crate::format::Bytes;
use crate::index::Indexer;
use crate::material::Material;
use draughts_core::{Variant, Wld};
use rayon::prelude::*;
use std::io::Write;
use std::path::Path;

/// The file name of a slice's value table: `<variant>-<material>.values`.
pub(crate) fn values_name<V: Variant>(material: Material) -> String {
    format!("{}-{}.values", V::NAME, material)
}

const MAGIC: &[u8; 8] = b"DGVALS02";

/// The magic of the first format, without a checksum.
const MAGIC_V1: &[u8; 8] = b"DGVALS01";

/// Magic, variant name (16 bytes, zero padded), the four piece counts, the CRC-32 of
/// the values, the number of slots (little-endian).
const HEADER_LEN: usize = 8 + 16 + 4 + 4 + 8;

/// A slot's two bits: 0 for a hole, else the builder's codes.
pub(crate) const WIN: u8 = 1;
pub(crate) const LOSS: u8 = 2;
pub(crate) const DRAW: u8 = 3;

/// Where the header keeps the checksum.
const CRC: std::ops::Range<usize> = 28..32;

fn header<V: Variant>(material: Material, size: u64, crc: u32) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[..8].copy_from_slice(MAGIC);
    let name = V::NAME.as_bytes();
    h[8..8 + name.len().min(16)].copy_from_slice(&name[..name.len().min(16)]);
    h[24..28].copy_from_slice(&[
        material.white_men,
        material.white_kings,
        material.black_men,
        material.black_kings,
    ]);
    h[CRC].copy_from_slice(&crc.to_le_bytes());
    h[32..40].copy_from_slice(&size.to_le_bytes());
    h
}

/// Writes the value table of `material` (`size` slots) to `path`, the code of slot `i`
/// (0 for a hole) from `code_of(i)`.
///
/// # Errors
/// The file cannot be written.
pub(crate) fn write<V: Variant>(
    path: &Path,
    material: Material,
    size: u64,
    code_of: impl Fn(u64) -> u8 + Sync,
) -> Result<(), Error> {
    let mut data = vec![0u8; size.div_ceil(4) as usize];
    data.par_chunks_mut(1 << 16)
        .enumerate()
        .for_each(|(c, chunk)| {
            let first = (c << 16) as u64 * 4;
            for (b, byte) in chunk.iter_mut().enumerate() {
                let base = first + 4 * b as u64;
                *byte = (0..4)
                    .filter(|&k| base + k < size)
                    .fold(0, |acc, k| acc | (code_of(base + k) & 3) << (2 * k));
            }
        });
    let tmp = path.with_extension(format!("values.{}.tmp", std::process::id()));
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(&header::<V>(material, size, crc32fast::hash(&data)))?;
        f.write_all(&data)
    });
    written.map_err(|e| Error::io(&tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| Error::io(path, e))
}

/// One slice's value table, memory-mapped.
struct Table<V: Variant> {
    bytes: Bytes,
    indexer: Indexer<V>,
}

impl<V: Variant> Table<V> {
    /// Opens `path` as the table of `material`; `Ok(None)` if there is no such file or
    /// it has the first format.
    fn open(path: &Path, material: Material) -> Result<Option<Table<V>>, Error> {
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(Error::io(path, e)),
        };
        let len = file.metadata().map_err(|e| Error::io(path, e))?.len();
        let indexer = Indexer::<V>::new(material);
        let expected = HEADER_LEN as u64 + indexer.size().div_ceil(4);
        if len != expected {
            return Err(Error::Truncated {
                path: path.to_owned(),
                expected,
                actual: len,
            });
        }
        let bytes = Bytes::Mapped(crate::mmap::map(&file).map_err(|e| Error::io(path, e))?);
        if &bytes[..MAGIC_V1.len()] == MAGIC_V1 {
            return Ok(None);
        }
        let mut crc = [0; 4];
        crc.copy_from_slice(&bytes[CRC]);
        let crc = u32::from_le_bytes(crc);
        if bytes[..HEADER_LEN] != header::<V>(material, indexer.size(), crc) {
            return Err(Error::Mismatch {
                path: path.to_owned(),
                found: "another header".to_owned(),
                expected: format!("the value table of {} {material}", V::NAME),
            });
        }
        if crc32fast::hash(&bytes[HEADER_LEN..]) != crc {
            return Err(Error::Corrupt {
                path: path.to_owned(),
                detail: "the values do not match their checksum".to_owned(),
            });
        }
        Ok(Some(Table { bytes, indexer }))
    }

    #[inline]
    fn get(&self, raw: &Raw<V>) -> Option<Wld> {
        let index = self.indexer.index(raw);
        let byte = self.bytes[HEADER_LEN + (index / 4) as usize];
        match byte >> (2 * (index % 4)) & 3 {
            WIN => Some(Wld::Win),
            LOSS => Some(Wld::Loss),
            DRAW => Some(Wld::Draw),
            _ => None,
        }
    }
}

/// The value tables of a build's finished slices, by material.
pub(crate) struct ValueTables<V: Variant> {
    /// By [`crate::database::table_key`].
    tables: Vec<Option<Table<V>>>,
}

impl<V: Variant> ValueTables<V> {
    pub fn new() -> ValueTables<V> {
        ValueTables {
            tables: (0..1 << 12).map(|_| None).collect(),
        }
    }

    /// Opens the value table of `material` in `dir` if there is one.
    ///
    /// # Errors
    /// The file is there but cannot be read or is not that slice's table.
    pub fn open(&mut self, dir: &Path, material: Material) -> Result<(), Error> {
        if let Some(key) = crate::database::table_key(material) {
            self.tables[key] = Table::open(&dir.join(values_name::<V>(material)), material)?;
        }
        Ok(())
    }

    /// The value of a White-to-move position of a slice whose table is open; `None`
    /// if there is none.
    #[inline]
    pub fn get(&self, raw: &Raw<V>) -> Option<Wld> {
        let key = crate::database::table_key(raw.material())?;
        self.tables[key].as_ref()?.get(raw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::International;

    #[test]
    fn round_trip_and_damage() {
        let dir = std::env::temp_dir().join(format!("egdb-values-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let m = Material::new(0, 1, 0, 2);
        let indexer = Indexer::<International>::new(m);
        let code_of = |i: u64| (i * 7 % 4) as u8;
        let path = dir.join(values_name::<International>(m));
        write::<International>(&path, m, indexer.size(), code_of).unwrap();
        let mut tables = ValueTables::<International>::new();
        tables.open(&dir, m).unwrap();
        let mut checked = 0;
        for i in 0..indexer.size() {
            if let Some(raw) = indexer.position(i) {
                let expected = match code_of(i) {
                    WIN => Some(Wld::Win),
                    LOSS => Some(Wld::Loss),
                    DRAW => Some(Wld::Draw),
                    _ => None,
                };
                assert_eq!(tables.get(&raw), expected);
                checked += 1;
            }
        }
        assert!(checked > 1000);
        // Another material's name, or a truncated file, is an error; no file is none.
        let other = Material::new(0, 2, 0, 1);
        std::fs::copy(&path, dir.join(values_name::<International>(other))).unwrap();
        assert!(matches!(
            tables.open(&dir, other),
            Err(Error::Truncated { .. } | Error::Mismatch { .. })
        ));
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        assert!(matches!(tables.open(&dir, m), Err(Error::Truncated { .. })));
        // A table of the first format (no checksum) is not used.
        let mut first = bytes.clone();
        first[..8].copy_from_slice(MAGIC_V1);
        std::fs::write(&path, &first).unwrap();
        tables.open(&dir, m).unwrap();
        assert!(tables.get(&indexer.position(0).unwrap()).is_none());
        std::fs::remove_file(&path).unwrap();
        tables.open(&dir, m).unwrap();
        assert!(tables.get(&indexer.position(0).unwrap()).is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// A table with any byte changed is refused, never read.
        #[test]
        fn any_changed_byte_is_refused(at in 0usize..1 << 20, flip in 1u8..=255) {
            let dir = std::env::temp_dir()
                .join(format!("egdb-values-flip-{}-{at}-{flip}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let m = Material::new(1, 0, 0, 2);
            let size = Indexer::<International>::new(m).size();
            let path = dir.join(values_name::<International>(m));
            write::<International>(&path, m, size, |i| (i % 3 + 1) as u8).unwrap();
            let mut bytes = std::fs::read(&path).unwrap();
            let at = at % bytes.len();
            bytes[at] ^= flip;
            std::fs::write(&path, &bytes).unwrap();
            let opened = ValueTables::<International>::new().open(&dir, m);
            std::fs::remove_dir_all(&dir).unwrap();
            proptest::prop_assert!(
                matches!(opened, Err(Error::Mismatch { .. } | Error::Corrupt { .. }))
                    || (at < 8 && bytes[..8] == *MAGIC_V1),
                "byte {at}: {opened:?}"
            );
        }
    }
}
