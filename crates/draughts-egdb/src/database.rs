//! Opening a directory of slice files and probing it.

use crate::board::{Geo, Raw};
use crate::error::Error;
use crate::format::{self, Bytes, SliceFile};
use crate::index::Indexer;
use crate::material::Material;
use crate::probe::{self, Source, THREAT_PLIES};
use crate::progress::{Meter, OnProgress, Pass};
use draughts_core::{Color, EndgameOracle, Position, Variant, Wld};
use std::fmt;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

/// The file name of a slice: `<variant>-<material>.egdb`, e.g.
/// `international-w0m2k-b0m1k.egdb`.
pub fn file_name<V: Variant>(material: Material) -> String {
    format!("{}-{}.egdb", V::NAME, material)
}

/// One opened slice: its file and its index.
pub(crate) struct Slice<V: Variant> {
    pub file: SliceFile,
    pub indexer: Indexer<V>,
}

/// Figures of one slice, from its header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SliceStats {
    /// The material (White to move).
    pub material: Material,
    /// Index slots, holes and unstored positions included.
    pub slots: u64,
    /// Stored positions: those where neither side can capture.
    pub positions: u64,
    /// Stored positions won for White (the side to move).
    pub wins: u64,
    /// Stored positions lost for White.
    pub losses: u64,
    /// Stored positions drawn.
    pub draws: u64,
    /// Threat positions whose value the file stores explicitly.
    pub exceptions: u64,
    /// Bytes on disk.
    pub bytes: u64,
}

impl SliceStats {
    /// Bits on disk per stored position.
    pub fn bits_per_position(&self) -> f64 {
        self.bytes as f64 * 8.0 / self.positions.max(1) as f64
    }
}

impl fmt::Display for SliceStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} positions, {} wins, {} losses, {} draws, {} exceptions, {} bytes ({:.3} bits/position)",
            self.material,
            self.positions,
            self.wins,
            self.losses,
            self.draws,
            self.exceptions,
            self.bytes,
            self.bits_per_position()
        )
    }
}

/// What [`Database::compare`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Positions probed in both databases (both sides to move, through the slice of
    /// each side's material with White to move).
    pub positions: u64,
    /// Positions whose probes differ.
    pub differences: u64,
    /// The first differing position found, as FEN, with both probes' letters.
    pub example: Option<String>,
}

/// A win/loss/draw endgame database of variant `V`: the slice files of one directory,
/// memory-mapped.
///
/// Opening checks every header and table checksum but decompresses nothing; each block's
/// checksum is checked the first time a probe reads it.
pub struct Database<V: Variant> {
    dir: PathBuf,
    /// Sorted by material.
    slices: Vec<(Material, Slice<V>)>,
    /// Position in `slices` of each material with every count below 8, by
    /// [`table_key`]; `u16::MAX` where absent.
    table: Vec<u16>,
    max_pieces: u32,
    variant: PhantomData<V>,
}

impl<V: Variant> fmt::Debug for Database<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Database")
            .field("dir", &self.dir)
            .field("variant", &V::NAME)
            .field("slices", &self.slices.len())
            .field("max_pieces", &self.max_pieces)
            .finish()
    }
}

impl<V: Variant> Database<V> {
    /// A database with no slices, for `dir`.
    pub(crate) fn empty(dir: &Path) -> Database<V> {
        Database {
            dir: dir.to_owned(),
            slices: Vec::new(),
            table: vec![u16::MAX; 1 << 12],
            max_pieces: 0,
            variant: PhantomData,
        }
    }

    /// Opens every slice file of variant `V` in `dir` (files of other variants and
    /// other names, materials the board cannot hold among them, are ignored).
    ///
    /// # Errors
    /// The directory cannot be read, or a slice file is damaged (bad magic, truncated,
    /// checksum mismatch in header or tables, contents that disagree with its name).
    pub fn open(dir: impl AsRef<Path>) -> Result<Database<V>, Error> {
        let dir = dir.as_ref();
        let mut db = Database::empty(dir);
        let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
        for entry in entries {
            let path = entry.map_err(|e| Error::io(dir, e))?.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            let Some(material) = name
                .strip_prefix(V::NAME)
                .and_then(|n| n.strip_prefix('-'))
                .and_then(|n| n.strip_suffix(".egdb"))
                .and_then(Material::from_name)
                .filter(|&m| m.is_covered::<V>() && Indexer::<V>::try_new(m).is_some())
            else {
                continue;
            };
            db.insert(open_slice::<V>(&path, material)?);
        }
        Ok(db)
    }

    /// As [`Database::open`], for a database that must hold something.
    ///
    /// # Errors
    /// As [`Database::open`], and [`Error::NoSlices`] if `dir` holds no slice file of
    /// variant `V`.
    pub fn open_nonempty(dir: impl AsRef<Path>) -> Result<Database<V>, Error> {
        let db = Database::open(dir.as_ref())?;
        if db.slices.is_empty() {
            return Err(Error::NoSlices {
                dir: dir.as_ref().to_owned(),
                variant: V::NAME,
            });
        }
        Ok(db)
    }

    pub(crate) fn insert(&mut self, slice: Slice<V>) {
        let material = slice.indexer.material();
        self.max_pieces = self.max_pieces.max(material.pieces());
        match self.slices.binary_search_by_key(&material, |(m, _)| *m) {
            Ok(i) => self.slices[i].1 = slice,
            Err(i) => self.slices.insert(i, (material, slice)),
        }
        self.table.fill(u16::MAX);
        for (i, (m, _)) in self.slices.iter().enumerate() {
            if let Some(key) = table_key(*m) {
                self.table[key] = i as u16;
            }
        }
    }

    #[inline]
    pub(crate) fn slice(&self, material: Material) -> Option<&Slice<V>> {
        match table_key(material) {
            Some(key) => {
                let i = self.table[key];
                (i != u16::MAX).then(|| &self.slices[usize::from(i)].1)
            }
            None => self
                .slices
                .binary_search_by_key(&material, |(m, _)| *m)
                .ok()
                .map(|i| &self.slices[i].1),
        }
    }

    /// Rewrites in the current format the slice files an older format version wrote
    /// (version 1 stored each exception in 8 bytes; version 2 delta-codes the list,
    /// about a fifth of the size), each atomically, values unchanged; the materials
    /// rewritten.
    ///
    /// # Errors
    /// A damaged block (checksums are checked while reading), or a failed write. Files
    /// rewritten before the error stay rewritten; the one being written is left as it was.
    pub fn repack(&mut self) -> Result<Vec<Material>, Error> {
        let old: Vec<Material> = self
            .slices
            .iter()
            .filter(|(_, s)| s.file.version < format::VERSION)
            .map(|(m, _)| *m)
            .collect();
        for &material in &old {
            let Some(slice) = self.slice(material) else {
                continue;
            };
            let file = &slice.file;
            let exceptions: Vec<(u64, Wld)> = file.exceptions().collect();
            format::write(
                &file.path,
                file.header.clone(),
                file.header.size,
                |block, out| {
                    out.extend(file.block_symbols(block as usize)?);
                    Ok(())
                },
                &exceptions,
            )?;
            let path = file.path.clone();
            self.insert(open_slice::<V>(&path, material)?);
        }
        Ok(old)
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The most pieces of any slice present.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The materials present (each White to move), sorted.
    pub fn materials(&self) -> impl Iterator<Item = Material> + '_ {
        self.slices.iter().map(|(m, _)| *m)
    }

    /// The game-theoretic value of `pos` for the side to move (no move-count draw rules;
    /// a game that never ends is a draw).
    ///
    /// `Ok(None)` if the position's slice, or a slice its captures and promotions lead
    /// into, is not in the database. Where the variant limits a king's runs (Frisian),
    /// the position's runs are part of what is looked up. In Breakthrough a king on the
    /// board decides the game without a file ([`Material::is_covered`]).
    ///
    /// Only quiet positions are stored; the probe resolves the others:
    ///
    /// 1. decided by the material (a side without pieces; in Breakthrough, a king on
    ///    the board): the side to move without a move takes the variant's no-move value
    ///    (a loss; a win in Antidraughts), and with one the opposite, since every move
    ///    leaves the opponent without one;
    /// 2. the side to move must capture: the minimax of its captures (each child has
    ///    fewer pieces, so this ends);
    /// 3. quiet: the stored value;
    /// 4. only the opponent could capture (a *threat*): the slice's exception list, else
    ///    the minimax of every move, searching at most [`crate::THREAT_PLIES`] plies of
    ///    threat positions in a row (each side parrying a threat by making one can go on
    ///    forever; this bound ends it).
    ///
    /// The minimax is three-valued: a child lost for the opponent is a win whatever
    /// else is unknown; otherwise an unknown child makes the result unknown; otherwise
    /// all children won for the opponent is a loss (no move: the no-move value), and
    /// anything else a draw. The builder adds to the exception list every threat position this search
    /// cannot decide, so in a database holding every slice up to some number of pieces
    /// the probe of every position up to that number is decided and exact.
    ///
    /// # Errors
    /// A block read on the way is damaged (checksum mismatch or malformed).
    pub fn probe(&self, pos: &Position<V>) -> Result<Option<Wld>, Error> {
        probe::probe(self, pos, THREAT_PLIES)
    }

    /// Figures of every slice, from the headers.
    pub fn stats(&self) -> Vec<SliceStats> {
        self.slices.iter().map(|(_, s)| stats_of(&s.file)).collect()
    }

    /// Probes every position of every slice of `self` (or every `stride`-th index
    /// slot, for a sample) in both databases and counts the differences: for checking
    /// that a rebuild, with another generator or on another machine, gives the same
    /// values. Runs on the current rayon pool, telling `progress` how far it has come.
    ///
    /// # Errors
    /// `other` lacks a slice of `self` ([`Error::MissingSlice`]), or a damaged block.
    pub fn compare(
        &self,
        other: &Database<V>,
        stride: u64,
        progress: OnProgress<'_>,
    ) -> Result<Comparison, Error> {
        use rayon::prelude::*;
        let stride = stride.max(1);
        let mut total = Comparison::default();
        for (material, slice) in &self.slices {
            if !other.has(*material) {
                return Err(Error::MissingSlice {
                    dir: other.dir.clone(),
                    slice: material.to_string(),
                });
            }
            let slots = slice.indexer.size().div_ceil(stride);
            let meter = Meter::start(progress, *material, Pass::Compare, slots);
            let part = (0..slots.div_ceil(4096))
                .into_par_iter()
                .map(|chunk| {
                    let mut part = Comparison::default();
                    let ks = chunk * 4096..((chunk + 1) * 4096).min(slots);
                    let n = ks.end - ks.start;
                    for k in ks {
                        let Some(raw) = slice.indexer.position(k * stride) else {
                            continue;
                        };
                        let pos = Geo::<V>::position(&raw, Color::White).ok_or_else(|| {
                            Error::Corrupt {
                                path: slice.file.path.clone(),
                                detail: format!("index {} is no position", k * stride),
                            }
                        })?;
                        let (ours, theirs) = (self.probe(&pos)?, other.probe(&pos)?);
                        part.positions += 1;
                        if ours != theirs {
                            part.differences += 1;
                            part.example.get_or_insert_with(|| {
                                format!(
                                    "{} {} {}",
                                    pos.to_fen(),
                                    crate::wld_letter(ours),
                                    crate::wld_letter(theirs)
                                )
                            });
                        }
                    }
                    meter.add(n);
                    Ok(part)
                })
                .try_reduce(Comparison::default, |a, b| {
                    Ok(Comparison {
                        positions: a.positions + b.positions,
                        differences: a.differences + b.differences,
                        example: a.example.or(b.example),
                    })
                })?;
            total.positions += part.positions;
            total.differences += part.differences;
            total.example = total.example.or(part.example);
        }
        Ok(total)
    }

    /// Checks every slice: every block's checksum, the header's counts, and that every
    /// stored value (and every exception) equals the minimax of its successors as the
    /// probe sees them. Runs on the current rayon pool.
    ///
    /// This is local consistency, which is what a file damaged or built wrong breaks;
    /// it cannot tell a cycle of wins from a draw, which only a rebuild can.
    ///
    /// # Errors
    /// The first inconsistency or damaged block found.
    pub fn verify(&self) -> Result<Vec<SliceStats>, Error> {
        self.verify_slices(|_| true, &|_| {})
    }

    /// [`Database::verify`] of the slices whose material `keep` accepts, for a spot
    /// check of a database too large to verify whole. The probe still reads the other
    /// slices, as they are, where captures and promotions lead. `progress` is told how
    /// far each slice's check has come.
    ///
    /// # Errors
    /// The first inconsistency or damaged block found.
    pub fn verify_slices(
        &self,
        keep: impl Fn(Material) -> bool,
        progress: OnProgress<'_>,
    ) -> Result<Vec<SliceStats>, Error> {
        use rayon::prelude::*;
        let mut out = Vec::new();
        for (material, slice) in self.slices.iter().filter(|(m, _)| keep(*m)) {
            let file = &slice.file;
            let meter = Meter::start(progress, *material, Pass::Verify, file.header.blocks);
            let counts = (0..file.header.blocks as usize)
                .into_par_iter()
                .map(|block| {
                    let symbols = file.block_symbols(block)?;
                    let first = block as u64 * u64::from(file.header.block_positions);
                    let mut counts = [0u64; 3];
                    for (k, &symbol) in symbols.iter().enumerate() {
                        let index = first + k as u64;
                        let Some(raw) = slice.indexer.position(index) else {
                            continue;
                        };
                        let pos = Geo::<V>::position(&raw, Color::White).ok_or_else(|| {
                            Error::Corrupt {
                                path: file.path.clone(),
                                detail: format!("index {index} is no position"),
                            }
                        })?;
                        let stored = if pos.is_quiet() {
                            counts[symbol as usize] += 1;
                            format::value(symbol)
                        } else if !pos.has_capture() {
                            let exception = file.exception(index);
                            if exception.is_none()
                                && probe::probe(self, &pos, THREAT_PLIES)?.is_none()
                            {
                                return Err(Error::Corrupt {
                                    path: file.path.clone(),
                                    detail: format!(
                                        "{} is undecided and not in the exception list",
                                        pos.to_fen()
                                    ),
                                });
                            }
                            exception
                        } else {
                            None
                        };
                        if let Some(stored) = stored {
                            let computed = probe::minimax(self, &pos, THREAT_PLIES)?;
                            if computed != Some(stored) {
                                return Err(Error::Inconsistent {
                                    path: file.path.clone(),
                                    fen: pos.to_fen(),
                                    stored,
                                    computed,
                                });
                            }
                        }
                    }
                    meter.add(1);
                    Ok(counts)
                })
                .try_reduce(
                    || [0u64; 3],
                    |a, b| Ok([a[0] + b[0], a[1] + b[1], a[2] + b[2]]),
                )?;
            for (index, _) in file.exceptions() {
                let threat = slice
                    .indexer
                    .position(index)
                    .and_then(|raw| Geo::<V>::position(&raw, Color::White))
                    .is_some_and(|pos| !pos.has_capture() && pos.opponent_has_capture());
                if !threat {
                    return Err(Error::Corrupt {
                        path: file.path.clone(),
                        detail: format!("exception at index {index} is no threat position"),
                    });
                }
            }
            let h = &file.header;
            if [h.draws, h.wins, h.losses] != counts {
                return Err(Error::Corrupt {
                    path: file.path.clone(),
                    detail: format!(
                        "header counts {:?} but the blocks hold {counts:?} (draws, wins, losses)",
                        [h.draws, h.wins, h.losses]
                    ),
                });
            }
            out.push(stats_of(file));
        }
        Ok(out)
    }
}

/// A dense key for materials with every count below 8.
#[inline]
pub(crate) fn table_key(m: Material) -> Option<usize> {
    let counts = [m.white_men, m.white_kings, m.black_men, m.black_kings];
    counts
        .iter()
        .all(|&c| c < 8)
        .then(|| counts.iter().fold(0, |acc, &c| acc << 3 | usize::from(c)))
}

fn stats_of(file: &SliceFile) -> SliceStats {
    let h = &file.header;
    SliceStats {
        material: h.material,
        slots: h.size,
        positions: h.stored,
        wins: h.wins,
        losses: h.losses,
        draws: h.draws,
        exceptions: h.exceptions,
        bytes: file.file_len(),
    }
}

/// Opens and maps one slice file, checking that it holds `material` of variant `V`.
pub(crate) fn open_slice<V: Variant>(path: &Path, material: Material) -> Result<Slice<V>, Error> {
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    let len = file.metadata().map_err(|e| Error::io(path, e))?.len();
    // An empty file cannot be mapped; let the parser report it.
    let bytes = if len < 4096 {
        Bytes::Owned(std::fs::read(path).map_err(|e| Error::io(path, e))?)
    } else {
        Bytes::Mapped(crate::mmap::map(&file).map_err(|e| Error::io(path, e))?)
    };
    let file = SliceFile::parse(path.to_owned(), bytes, V::NAME)?;
    let indexer = Indexer::<V>::new(material);
    let h = &file.header;
    if h.material != material || h.size != indexer.size() || h.threat_plies != THREAT_PLIES {
        return Err(Error::Mismatch {
            path: path.to_owned(),
            found: format!(
                "{} with {} slots, threat plies {}",
                h.material, h.size, h.threat_plies
            ),
            expected: format!(
                "{material} with {} slots, threat plies {THREAT_PLIES}",
                indexer.size()
            ),
        });
    }
    Ok(Slice { file, indexer })
}

impl<V: Variant> Source<V> for Database<V> {
    fn has(&self, material: Material) -> bool {
        self.slice(material).is_some()
    }

    fn stored(&self, raw: &Raw<V>) -> Result<Option<Wld>, Error> {
        let Some(slice) = self.slice(raw.material()) else {
            return Ok(None);
        };
        let symbol = slice.file.get(slice.indexer.index(raw))?;
        format::value(symbol)
            .map(Some)
            .ok_or_else(|| Error::Corrupt {
                path: slice.file.path.clone(),
                detail: format!("symbol {symbol} is no value"),
            })
    }

    fn exception(&self, raw: &Raw<V>) -> Result<Option<Wld>, Error> {
        Ok(self
            .slice(raw.material())
            .and_then(|s| s.file.exception(s.indexer.index(raw))))
    }
}

impl<V: Variant> EndgameOracle<V> for Database<V> {
    fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The probe's value; a damaged file reads as "unknown" here (use
    /// [`Database::probe`] to see the error).
    fn probe(&self, pos: &Position<V>) -> Option<Wld> {
        Database::probe(self, pos).ok().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::International;

    /// The database without its exception lists.
    struct Hidden<'a, V: Variant>(&'a Database<V>);

    impl<V: Variant> Source<V> for Hidden<'_, V> {
        fn has(&self, material: Material) -> bool {
            self.0.has(material)
        }
        fn stored(&self, raw: &Raw<V>) -> Result<Option<Wld>, Error> {
            self.0.stored(raw)
        }
        fn exception(&self, _: &Raw<V>) -> Result<Option<Wld>, Error> {
            Ok(None)
        }
    }

    /// The exceptions are exactly what the bounded search cannot decide: without them
    /// the probe says "unknown" there, never a wrong value; with them it is exact.
    #[test]
    fn exceptions_answer_what_the_search_cannot() {
        let dir = std::env::temp_dir().join(format!("egdb-exceptions-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        crate::build::<International>(&dir, 3, &crate::BuildOptions::default()).unwrap();
        let db = Database::<International>::open(&dir).unwrap();
        let mut seen = 0;
        for (_, slice) in &db.slices {
            for (index, value) in slice.file.exceptions() {
                let raw = slice.indexer.position(index).unwrap();
                let pos = Geo::position(&raw, Color::White).unwrap();
                assert!(!pos.has_capture() && pos.opponent_has_capture());
                assert_eq!(
                    probe::probe(&Hidden(&db), &pos, THREAT_PLIES).unwrap(),
                    None
                );
                assert_eq!(db.probe(&pos).unwrap(), Some(value));
                seen += 1;
            }
        }
        assert!(seen > 0, "three pieces have exceptions");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Files of format version 1 are rewritten byte for byte as a build writes them now.
    #[test]
    fn repack_rewrites_version_1_files() {
        let dir = std::env::temp_dir().join(format!("egdb-repack-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        crate::build::<International>(&dir, 3, &crate::BuildOptions::default()).unwrap();
        let mut current = Vec::new();
        for (_, slice) in &Database::<International>::open(&dir).unwrap().slices {
            let path = slice.file.path.clone();
            let bytes = std::fs::read(&path).unwrap();
            let exceptions: Vec<(u64, Wld)> = slice.file.exceptions().collect();
            std::fs::write(&path, format::tests::as_version_1(&bytes, &exceptions)).unwrap();
            current.push((path, bytes));
        }
        let mut db = Database::<International>::open(&dir).unwrap();
        assert!(db.slices.iter().all(|(_, s)| s.file.version == 1));
        assert_eq!(db.repack().unwrap().len(), current.len());
        for (path, bytes) in &current {
            assert_eq!(&std::fs::read(path).unwrap(), bytes, "{}", path.display());
        }
        assert!(db
            .slices
            .iter()
            .all(|(_, s)| s.file.version == format::VERSION));
        assert!(db.repack().unwrap().is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A file named for a material the board cannot hold (too many pieces, a count
    /// beyond the index) is not a slice file: it is passed over, not indexed.
    #[test]
    fn names_of_impossible_materials_are_ignored() {
        let dir = std::env::temp_dir().join(format!("egdb-names-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        for name in [
            "w200m0k-b200m0k",
            "w25m0k-b25m0k",
            "w0m17k-b0m1k",
            "w46m0k-b0m0k",
        ] {
            std::fs::write(dir.join(format!("international-{name}.egdb")), b"DGEGDB").unwrap();
        }
        let db = Database::<International>::open(&dir).unwrap();
        assert_eq!(db.materials().count(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
