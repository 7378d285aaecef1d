//! The slice file format: writing, and checked reading. The layout is documented in
//! the crate docs ("File format").

use crate::error::Error;
use crate::exceptions::{self, Exceptions};
use crate::material::Material;
use crate::varint;
use draughts_core::Wld;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

pub(crate) const MAGIC: [u8; 8] = *b"DRTSEGDB";
/// The version written. Version 1 (exception entries of 8 bytes each) is still read.
pub(crate) const VERSION: u32 = 2;
const HEADER_LEN: usize = 128;
/// Positions per block: small enough that a run-length block decodes in a few hundred
/// nanoseconds, large enough that the tables stay a fraction of the data.
pub(crate) const BLOCK_POSITIONS: u32 = 4096;

const ENC_CONSTANT: u8 = 0;
const ENC_RUNS: u8 = 1;
const ENC_BASE3: u8 = 2;

/// A value as a 2-bit symbol.
pub(crate) const fn symbol(v: Wld) -> u8 {
    match v {
        Wld::Draw => 0,
        Wld::Win => 1,
        Wld::Loss => 2,
    }
}

pub(crate) const fn value(symbol: u8) -> Option<Wld> {
    match symbol {
        0 => Some(Wld::Draw),
        1 => Some(Wld::Win),
        2 => Some(Wld::Loss),
        _ => None,
    }
}

/// What a header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub variant: String,
    pub material: Material,
    pub block_positions: u32,
    pub threat_plies: u8,
    pub size: u64,
    pub blocks: u64,
    pub exceptions: u64,
    pub stored: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    pub data_len: u64,
    /// Bytes of the exception section ([`crate::exceptions`]).
    pub exceptions_len: u64,
}

impl Header {
    fn tables_len(&self) -> u64 {
        8 * (self.blocks + 1) + 4 * self.blocks + self.exceptions_len
    }

    fn file_len(&self) -> u64 {
        HEADER_LEN as u64 + self.tables_len() + self.data_len
    }

    fn encode(&self, tables_crc: u32) -> [u8; HEADER_LEN] {
        let mut h = [0u8; HEADER_LEN];
        h[0..8].copy_from_slice(&MAGIC);
        h[8..12].copy_from_slice(&VERSION.to_le_bytes());
        h[12..16].copy_from_slice(&(HEADER_LEN as u32).to_le_bytes());
        let name = self.variant.as_bytes();
        h[16..16 + name.len().min(16)].copy_from_slice(&name[..name.len().min(16)]);
        let m = self.material;
        h[32..36].copy_from_slice(&[m.white_men, m.white_kings, m.black_men, m.black_kings]);
        h[36..40].copy_from_slice(&self.block_positions.to_le_bytes());
        h[40] = self.threat_plies;
        let words = [
            self.size,
            self.blocks,
            self.exceptions,
            self.stored,
            self.wins,
            self.losses,
            self.draws,
            self.data_len,
            self.exceptions_len,
        ];
        for (i, w) in words.iter().enumerate() {
            h[48 + 8 * i..56 + 8 * i].copy_from_slice(&w.to_le_bytes());
        }
        let crc = crc32fast::hash(&h[..120]);
        h[120..124].copy_from_slice(&crc.to_le_bytes());
        h[124..128].copy_from_slice(&tables_crc.to_le_bytes());
        h
    }
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes"))
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"))
}

/// Encodes one block of symbols, choosing the shortest encoding.
fn encode_block(symbols: &[u8], out: &mut Vec<u8>) {
    debug_assert!(symbols.iter().all(|&s| s < 3));
    if symbols.iter().all(|&s| s == symbols[0]) {
        out.extend_from_slice(&[ENC_CONSTANT, symbols[0]]);
        return;
    }
    let mut runs = vec![ENC_RUNS];
    let mut i = 0;
    while i < symbols.len() {
        let s = symbols[i];
        let mut j = i;
        while j < symbols.len() && symbols[j] == s {
            j += 1;
        }
        let len = (j - i) as u64;
        if len < 64 {
            runs.push(s << 6 | (len - 1) as u8);
        } else {
            runs.push(s << 6 | 63);
            varint::push(&mut runs, len - 64);
        }
        i = j;
    }
    let base3_len = 1 + symbols.len().div_ceil(5);
    if runs.len() <= base3_len {
        out.extend_from_slice(&runs);
    } else {
        out.push(ENC_BASE3);
        for chunk in symbols.chunks(5) {
            out.push(chunk.iter().rev().fold(0u8, |acc, &s| acc * 3 + s));
        }
    }
}

/// `BASE3[byte][k]`: the `k`-th symbol packed in `byte`.
static BASE3: [[u8; 5]; 256] = base3_table();

const fn base3_table() -> [[u8; 5]; 256] {
    let mut t = [[3u8; 5]; 256];
    let mut b = 0;
    while b < 243 {
        let mut v = b;
        let mut k = 0;
        while k < 5 {
            t[b][k] = (v % 3) as u8;
            v /= 3;
            k += 1;
        }
        b += 1;
    }
    t
}

/// The symbol at `offset` in an encoded block of `len` symbols, or `None` if the block
/// is malformed.
fn decode_at(block: &[u8], len: u32, offset: u32) -> Option<u8> {
    let (&encoding, body) = block.split_first()?;
    match encoding {
        ENC_CONSTANT => body.first().copied().filter(|&s| s < 3),
        ENC_BASE3 => {
            let byte = *body.get(offset as usize / 5)?;
            Some(BASE3[byte as usize][offset as usize % 5]).filter(|&s| s < 3)
        }
        ENC_RUNS => {
            let mut at = 0usize;
            let mut end = 0u64;
            while at < body.len() {
                let (head, run) = read_run(body, &mut at)?;
                end += run;
                if u64::from(offset) < end {
                    return (end <= u64::from(len) && head >> 6 < 3).then_some(head >> 6);
                }
            }
            None
        }
        _ => None,
    }
}

/// Reads one run header at `at` (moving past it): the header byte, whose top two bits
/// are the value, and the run length; `None` if the body ends inside it.
fn read_run(body: &[u8], at: &mut usize) -> Option<(u8, u64)> {
    let head = *body.get(*at)?;
    *at += 1;
    if head & 63 != 63 {
        return Some((head, u64::from(head & 63) + 1));
    }
    Some((head, 64 + varint::read(body, at)?))
}

/// Decodes a whole block, or `None` if it is malformed.
fn decode_all(block: &[u8], len: u32) -> Option<Vec<u8>> {
    let (&encoding, body) = block.split_first()?;
    match encoding {
        ENC_RUNS => {
            let mut out = Vec::with_capacity(len as usize);
            let mut at = 0usize;
            while at < body.len() {
                let (head, run) = read_run(body, &mut at)?;
                if head >> 6 >= 3 || out.len() as u64 + run > u64::from(len) {
                    return None;
                }
                out.extend(std::iter::repeat(head >> 6).take(run as usize));
            }
            (out.len() == len as usize).then_some(out)
        }
        _ => (0..len).map(|o| decode_at(block, len, o)).collect(),
    }
}

/// Writes a slice file of `size` index slots atomically (to a temporary name, then
/// renamed).
///
/// `block_symbols(block, out)` appends the symbols of block `block` (one per slot:
/// `header.block_positions` of them, fewer in the last block), so that the caller need
/// not hold a symbol per slot of the whole slice; blocks are encoded in parallel. If it
/// fails, nothing is written.
/// `exceptions` are `(index, value)` pairs in ascending index order.
pub(crate) fn write(
    path: &Path,
    mut header: Header,
    size: u64,
    block_symbols: impl Fn(u64, &mut Vec<u8>) -> Result<(), Error> + Sync,
    exceptions: &[(u64, Wld)],
) -> Result<(), Error> {
    use rayon::prelude::*;
    let block_positions = u64::from(header.block_positions);
    let encoded: Vec<Vec<u8>> = (0..size.div_ceil(block_positions))
        .into_par_iter()
        .map(|block| {
            let mut symbols = Vec::with_capacity(block_positions as usize);
            block_symbols(block, &mut symbols)?;
            debug_assert_eq!(
                symbols.len() as u64,
                (size - block * block_positions).min(block_positions)
            );
            let mut out = Vec::new();
            encode_block(&symbols, &mut out);
            Ok(out)
        })
        .collect::<Result<_, Error>>()?;
    header.size = size;
    header.blocks = encoded.len() as u64;
    header.exceptions = exceptions.len() as u64;
    header.data_len = encoded.iter().map(|b| b.len() as u64).sum();
    let exceptions = exceptions::encode(exceptions);
    header.exceptions_len = exceptions.len() as u64;
    let mut tables = Vec::with_capacity(header.tables_len() as usize);
    let mut offset = 0u64;
    for block in &encoded {
        tables.extend_from_slice(&offset.to_le_bytes());
        offset += block.len() as u64;
    }
    tables.extend_from_slice(&offset.to_le_bytes());
    for block in &encoded {
        tables.extend_from_slice(&crc32fast::hash(block).to_le_bytes());
    }
    tables.extend_from_slice(&exceptions);
    let mut bytes = Vec::with_capacity(header.file_len() as usize);
    bytes.extend_from_slice(&header.encode(crc32fast::hash(&tables)));
    bytes.extend_from_slice(&tables);
    for block in &encoded {
        bytes.extend_from_slice(block);
    }
    debug_assert_eq!(bytes.len() as u64, header.file_len());
    // The process id keeps two builders of one job (a retried task whose first try
    // still runs) from writing into each other's file.
    let tmp = path.with_extension(format!("egdb.{}.tmp", std::process::id()));
    std::fs::write(&tmp, &bytes).map_err(|e| Error::io(&tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| Error::io(path, e))
}

/// Bytes of a slice file: memory-mapped, or owned (tests, small files).
pub(crate) enum Bytes {
    Mapped(memmap2::Mmap),
    Owned(Vec<u8>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Mapped(m) => m,
            Bytes::Owned(v) => v,
        }
    }
}

/// An opened, header-checked slice file.
pub(crate) struct SliceFile {
    pub path: PathBuf,
    pub header: Header,
    bytes: Bytes,
    offsets_at: usize,
    crcs_at: usize,
    exceptions_at: usize,
    /// The format version it was written in.
    pub version: u32,
    /// Whether the exceptions are delta-coded (version 2).
    grouped: bool,
    data_at: usize,
    /// One bit per block: its checksum has been checked.
    checked: Vec<AtomicU64>,
    /// Distinguishes this file from every other opened in the process, for the
    /// decoded-block cache.
    id: u64,
}

/// Ids for [`SliceFile::id`].
static NEXT_FILE_ID: AtomicU64 = AtomicU64::new(0);

/// Entries of each thread's cache of decoded run-length blocks.
const CACHED_BLOCKS: usize = 1024;

/// A decoded run-length block: which file and block, and its runs as the offset where
/// each ends and its symbol.
struct DecodedBlock {
    file: u64,
    block: usize,
    ends: Vec<u32>,
    symbols: Vec<u8>,
}

impl DecodedBlock {
    /// Decodes the runs of `data` (a run-length block of `len` symbols) into `self`,
    /// reusing its buffers; `None` if the block is malformed.
    fn fill(&mut self, data: &[u8], len: u32) -> Option<()> {
        self.ends.clear();
        self.symbols.clear();
        let body = data.get(1..)?;
        let mut at = 0usize;
        let mut end = 0u64;
        while at < body.len() {
            let (head, run) = read_run(body, &mut at)?;
            end += run;
            if head >> 6 >= 3 || end > u64::from(len) {
                return None;
            }
            self.ends.push(end as u32);
            self.symbols.push(head >> 6);
        }
        (end == u64::from(len)).then_some(())
    }

    /// The symbol at `offset` (below the block's length).
    fn get(&self, offset: usize) -> u8 {
        self.symbols[self.ends.partition_point(|&e| e as usize <= offset)]
    }
}

thread_local! {
    /// Recently decoded run-length blocks, direct-mapped by file and block. Finding a
    /// symbol in a run-length block means reading the runs before it; the builder
    /// probes the same blocks of the smaller slices over and over (measured: a fifth of
    /// an English 5-piece build went to that scan), so each thread keeps the last few
    /// decoded.
    static DECODED: std::cell::RefCell<Vec<DecodedBlock>> = std::cell::RefCell::new(
        (0..CACHED_BLOCKS)
            .map(|_| DecodedBlock {
                file: u64::MAX,
                block: 0,
                ends: Vec::new(),
                symbols: Vec::new(),
            })
            .collect(),
    );
}

impl SliceFile {
    /// Checks the header and tables of `bytes` (the contents of `path`).
    ///
    /// # Errors
    /// Bad magic, another version or variant, a truncated file, a checksum mismatch in
    /// the header or tables, or inconsistent tables.
    pub fn parse(path: PathBuf, bytes: Bytes, variant: &str) -> Result<SliceFile, Error> {
        let b: &[u8] = &bytes;
        let truncated = |expected: u64| Error::Truncated {
            path: path.clone(),
            expected,
            actual: b.len() as u64,
        };
        if b.len() < 8 || b[..8] != MAGIC {
            return Err(if b.len() < 8 && MAGIC.starts_with(b) {
                truncated(HEADER_LEN as u64)
            } else {
                Error::BadMagic { path }
            });
        }
        if b.len() < HEADER_LEN {
            return Err(truncated(HEADER_LEN as u64));
        }
        if crc32fast::hash(&b[..120]) != u32_at(b, 120) {
            return Err(Error::Checksum {
                path,
                section: "header".into(),
            });
        }
        let version = u32_at(b, 8);
        if !(1..=VERSION).contains(&version) || u32_at(b, 12) as usize != HEADER_LEN {
            return Err(Error::Version {
                path,
                found: version,
                expected: VERSION,
            });
        }
        let name_end = b[16..32].iter().position(|&c| c == 0).unwrap_or(16);
        let header = Header {
            variant: String::from_utf8_lossy(&b[16..16 + name_end]).into_owned(),
            material: Material::new(b[32], b[33], b[34], b[35]),
            block_positions: u32_at(b, 36),
            threat_plies: b[40],
            size: u64_at(b, 48),
            blocks: u64_at(b, 56),
            exceptions: u64_at(b, 64),
            stored: u64_at(b, 72),
            wins: u64_at(b, 80),
            losses: u64_at(b, 88),
            draws: u64_at(b, 96),
            data_len: u64_at(b, 104),
            exceptions_len: if version == 1 {
                u64_at(b, 64).saturating_mul(8)
            } else {
                u64_at(b, 112)
            },
        };
        if header.variant != variant {
            return Err(Error::Mismatch {
                path,
                found: format!("variant {}", header.variant),
                expected: format!("variant {variant}"),
            });
        }
        let corrupt = |detail: &str| Error::Corrupt {
            path: path.clone(),
            detail: detail.into(),
        };
        if header.block_positions == 0
            || header.blocks != header.size.div_ceil(header.block_positions.into())
            || header.blocks > u64::from(u32::MAX)
            || header.exceptions > header.size
            || header.exceptions_len > b.len() as u64
            || header.data_len > b.len() as u64
        {
            return Err(corrupt("header sizes disagree"));
        }
        let expected = header.file_len();
        if b.len() as u64 != expected {
            return Err(truncated(expected));
        }
        let tables = &b[HEADER_LEN..HEADER_LEN + header.tables_len() as usize];
        if crc32fast::hash(tables) != u32_at(b, 124) {
            return Err(Error::Checksum {
                path,
                section: "tables".into(),
            });
        }
        let blocks = header.blocks as usize;
        let offsets_at = HEADER_LEN;
        let crcs_at = offsets_at + 8 * (blocks + 1);
        let exceptions_at = crcs_at + 4 * blocks;
        let data_at = exceptions_at + header.exceptions_len as usize;
        let mut previous = 0;
        for i in 0..=blocks {
            let offset = u64_at(b, offsets_at + 8 * i);
            if offset < previous || (i == 0 && offset != 0) {
                return Err(corrupt("block offsets are not ascending"));
            }
            previous = offset;
        }
        if previous != header.data_len {
            return Err(corrupt("block offsets overrun the data"));
        }
        let grouped = version >= 2;
        if Exceptions::parse(
            &b[exceptions_at..data_at],
            grouped,
            header.exceptions,
            header.size,
        )
        .is_none()
        {
            return Err(corrupt("bad exception list"));
        }
        Ok(SliceFile {
            path,
            checked: (0..blocks.div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
            id: NEXT_FILE_ID.fetch_add(1, Ordering::Relaxed),
            header,
            bytes,
            offsets_at,
            crcs_at,
            exceptions_at,
            version,
            grouped,
            data_at,
        })
    }

    fn block(&self, block: usize) -> Result<&[u8], Error> {
        let b: &[u8] = &self.bytes;
        let start = u64_at(b, self.offsets_at + 8 * block) as usize;
        let end = u64_at(b, self.offsets_at + 8 * block + 8) as usize;
        let data = &b[self.data_at + start..self.data_at + end];
        let word = &self.checked[block / 64];
        let bit = 1u64 << (block % 64);
        if word.load(Ordering::Relaxed) & bit == 0 {
            if crc32fast::hash(data) != u32_at(b, self.crcs_at + 4 * block) {
                return Err(Error::Checksum {
                    path: self.path.clone(),
                    section: format!("block {block}"),
                });
            }
            word.fetch_or(bit, Ordering::Relaxed);
        }
        Ok(data)
    }

    fn block_len(&self, block: usize) -> u32 {
        let bp = u64::from(self.header.block_positions);
        (self.header.size - block as u64 * bp).min(bp) as u32
    }

    fn malformed(&self, block: usize) -> Error {
        Error::Corrupt {
            path: self.path.clone(),
            detail: format!("block {block} does not decode"),
        }
    }

    /// The symbol stored at `index`.
    ///
    /// # Errors
    /// A checksum mismatch or a malformed block.
    pub fn get(&self, index: u64) -> Result<u8, Error> {
        let bp = u64::from(self.header.block_positions);
        let block = (index / bp) as usize;
        if index >= self.header.size {
            return Err(Error::Corrupt {
                path: self.path.clone(),
                detail: format!("index {index} beyond the slice's {}", self.header.size),
            });
        }
        let data = self.block(block)?;
        let offset = (index % bp) as usize;
        if data.first() != Some(&ENC_RUNS) {
            return decode_at(data, self.block_len(block), offset as u32)
                .ok_or_else(|| self.malformed(block));
        }
        DECODED.with_borrow_mut(|cache| {
            let entry = &mut cache[(self.id as usize * 7919 + block) % CACHED_BLOCKS];
            if entry.file != self.id || entry.block != block {
                // Marked empty first, so that a malformed block leaves no stale entry.
                entry.file = u64::MAX;
                entry
                    .fill(data, self.block_len(block))
                    .ok_or_else(|| self.malformed(block))?;
                entry.file = self.id;
                entry.block = block;
            }
            Ok(entry.get(offset))
        })
    }

    /// Every symbol of block `block`, checksum checked.
    pub fn block_symbols(&self, block: usize) -> Result<Vec<u8>, Error> {
        let data = self.block(block)?;
        decode_all(data, self.block_len(block)).ok_or_else(|| self.malformed(block))
    }

    /// The exception list, checked when the file was opened.
    fn exception_list(&self) -> Exceptions<'_> {
        let section = &self.bytes[self.exceptions_at..self.data_at];
        Exceptions::new(section, self.grouped, self.header.exceptions)
            .expect("checked when the file was opened")
    }

    /// The exception stored for `index`, if any.
    pub fn exception(&self, index: u64) -> Option<Wld> {
        self.exception_list().get(index)
    }

    /// Every exception, ascending.
    pub fn exceptions(&self) -> impl Iterator<Item = (u64, Wld)> + '_ {
        self.exception_list().iter()
    }

    /// Bytes on disk.
    pub fn file_len(&self) -> u64 {
        self.bytes.len() as u64
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn header(material: Material) -> Header {
        Header {
            variant: "english".into(),
            material,
            block_positions: 64,
            threat_plies: 2,
            size: 0,
            blocks: 0,
            exceptions: 0,
            stored: 7,
            wins: 1,
            losses: 2,
            draws: 4,
            data_len: 0,
            exceptions_len: 0,
        }
    }

    fn sample() -> (Vec<u8>, Vec<(u64, Wld)>) {
        let mut symbols = vec![0u8; 64];
        symbols.extend((0..64u32).map(|i| (i * 7 % 3) as u8));
        symbols.extend(std::iter::repeat(1u8).take(64));
        symbols.extend((0..200u32).map(|i| u8::from(i % 50 < 25) * 2));
        symbols.extend([2, 2, 1]);
        (
            symbols,
            vec![(3, Wld::Win), (70, Wld::Loss), (300, Wld::Draw)],
        )
    }

    fn write_sample(dir: &Path) -> (PathBuf, Vec<u8>) {
        let (symbols, exceptions) = sample();
        let path = dir.join("sample.egdb");
        let block = header(Material::new(1, 0, 0, 1)).block_positions as usize;
        write(
            &path,
            header(Material::new(1, 0, 0, 1)),
            symbols.len() as u64,
            |b, out| {
                out.extend(symbols.chunks(block).nth(b as usize).unwrap());
                Ok(())
            },
            &exceptions,
        )
        .unwrap();
        (path, symbols)
    }

    fn open(path: &Path) -> Result<SliceFile, Error> {
        let bytes = std::fs::read(path).unwrap();
        SliceFile::parse(path.to_owned(), Bytes::Owned(bytes), "english")
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("egdb-format-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn round_trip() {
        let dir = temp_dir("round-trip");
        let (path, symbols) = write_sample(&dir);
        let file = open(&path).unwrap();
        assert_eq!(file.header.material, Material::new(1, 0, 0, 1));
        assert_eq!(file.header.size, symbols.len() as u64);
        assert_eq!(
            (file.header.wins, file.header.losses, file.header.draws),
            (1, 2, 4)
        );
        for (i, &s) in symbols.iter().enumerate() {
            assert_eq!(file.get(i as u64).unwrap(), s, "index {i}");
        }
        let all: Vec<u8> = (0..file.header.blocks as usize)
            .flat_map(|b| file.block_symbols(b).unwrap())
            .collect();
        assert_eq!(all, symbols);
        assert_eq!(file.exception(70), Some(Wld::Loss));
        assert_eq!(file.exception(300), Some(Wld::Draw));
        assert_eq!(file.exception(71), None);
        assert_eq!(file.exceptions().count(), 3);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn every_encoding_decodes() {
        let cases: Vec<Vec<u8>> = vec![
            vec![2; 4096],
            (0..4096u32).map(|i| (i / 1000 % 3) as u8).collect(),
            (0..4096u32).map(|i| (i * 31 % 3) as u8).collect(),
            (0..100u32).map(|i| (i / 70) as u8).collect(),
        ];
        for symbols in cases {
            let mut out = Vec::new();
            encode_block(&symbols, &mut out);
            assert_eq!(decode_all(&out, symbols.len() as u32).unwrap(), symbols);
            for (o, &s) in symbols.iter().enumerate() {
                assert_eq!(decode_at(&out, symbols.len() as u32, o as u32), Some(s));
            }
        }
    }

    #[test]
    fn truncated_file_is_an_error() {
        let dir = temp_dir("truncated");
        let (path, _) = write_sample(&dir);
        let bytes = std::fs::read(&path).unwrap();
        for len in [0, 5, 100, 200, bytes.len() - 1] {
            std::fs::write(&path, &bytes[..len]).unwrap();
            match open(&path) {
                Err(Error::Truncated { path: p, .. }) => assert_eq!(p, path),
                other => panic!("length {len}: {:?}", other.err()),
            }
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn flipped_byte_is_a_checksum_error() {
        let dir = temp_dir("flipped");
        let (path, symbols) = write_sample(&dir);
        let bytes = std::fs::read(&path).unwrap();
        for at in [10, 50, 130, 250, bytes.len() - 2] {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x10;
            std::fs::write(&path, &damaged).unwrap();
            let result = open(&path).and_then(|file| {
                (0..symbols.len() as u64)
                    .try_for_each(|i| file.get(i).map(drop))
                    .map(|()| file)
            });
            match result {
                Err(Error::Checksum { path: p, section }) => {
                    assert_eq!(p, path);
                    assert!(!section.is_empty());
                }
                Err(Error::Version { .. }) if at < 16 => {}
                other => panic!("byte {at}: {:?}", other.err()),
            }
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// The bytes of a version 1 file holding what `bytes` (version 2) holds: each
    /// exception in 8 bytes.
    pub(crate) fn as_version_1(bytes: &[u8], exceptions: &[(u64, Wld)]) -> Vec<u8> {
        let blocks = u64_at(bytes, 56) as usize;
        let exceptions_at = HEADER_LEN + 12 * blocks + 8;
        let data_at = exceptions_at + u64_at(bytes, 112) as usize;
        let mut out = bytes[..exceptions_at].to_vec();
        for &(i, v) in exceptions {
            out.extend_from_slice(&(i << 2 | u64::from(symbol(v))).to_le_bytes());
        }
        let tables_crc = crc32fast::hash(&out[HEADER_LEN..]);
        out.extend_from_slice(&bytes[data_at..]);
        out[8..12].copy_from_slice(&1u32.to_le_bytes());
        out[112..120].fill(0);
        let crc = crc32fast::hash(&out[..120]);
        out[120..124].copy_from_slice(&crc.to_le_bytes());
        out[124..128].copy_from_slice(&tables_crc.to_le_bytes());
        out
    }

    #[test]
    fn version_1_files_still_read() {
        let dir = temp_dir("version1");
        let (path, symbols) = write_sample(&dir);
        let (_, exceptions) = sample();
        let v2 = std::fs::read(&path).unwrap();
        let v1 = as_version_1(&v2, &exceptions);
        assert_eq!(
            v1.len(),
            v2.len() + 8 * exceptions.len() - u64_at(&v2, 112) as usize
        );
        std::fs::write(&path, &v1).unwrap();
        let file = open(&path).unwrap();
        assert_eq!(file.version, 1);
        assert_eq!(file.exceptions().collect::<Vec<_>>(), exceptions);
        for (i, &s) in symbols.iter().enumerate() {
            assert_eq!(file.get(i as u64).unwrap(), s);
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}
