//! Building the database: retrograde analysis by material slice.
//!
//! Slices are built in [`Material::all_up_to`] order, so every slice a capture or a
//! promotion leads into is finished (and on disk) before it is needed. A slice with
//! White to move and its colour-swapped twin (Black to move, flipped) form a *job*:
//! a step that is neither a capture nor a promotion leads from one into the other, so
//! they are solved together.
//!
//! For each job:
//!
//! 1. **Initialise** (parallel over positions). A position where the side to move must
//!    capture takes the minimax of its captures, probed in the finished smaller slices.
//!    Otherwise its promotions are probed in finished slices (a child lost for the
//!    opponent wins at once, a drawn one is an escape from losing), and the steps that
//!    stay in the job are counted. Nothing but children won for the opponent is a loss;
//!    no move at all is the variant's no-move value (a loss, a win in Antidraughts). In
//!    Breakthrough a promotion ends the game (the opponent, facing a king, has no move),
//!    so it wins at once and no slice with kings is needed. A child's value is read from its slice's value table
//!    ([`crate::values`]) where the build has one; otherwise the probe searches, and its
//!    searches in the finished slices are remembered per worker thread
//!    ([`crate::memo`]), so that the many positions whose captures reach the same
//!    position search it once.
//! 2. **Propagate** (parallel by generations). From each newly decided position, the
//!    un-moves give its predecessors in the job: a loss makes every predecessor a win;
//!    a win takes one from each predecessor's count, and a predecessor whose count
//!    reaches zero (with no escape) is a loss. When no generation is left, every
//!    undecided position is a draw: neither side can force a win from it.
//! 3. **Store.** Quiet positions keep their value; capture and threat positions and
//!    index holes get the symbol before them (which lengthens runs). Every threat
//!    position that the probe could not decide from the stored values within
//!    [`crate::THREAT_PLIES`] is added to the exception list. That probe takes the
//!    value of a capture position of the job from the table (the initialisation
//!    computed it exactly as the probe would), and each search of a threat position of
//!    the job is remembered in the position's cell (decided or not, per budget), so it
//!    is done once per budget instead of once per path to it. The file, and the value
//!    table of every slot for later jobs, are written under a temporary name and
//!    renamed, so a finished slice file is always whole and is not rebuilt by a later
//!    run.

use crate::board::{predecessors, white_steps, BitIter, Geo, Raw, MAX_PREDECESSORS};
use crate::database::{file_name, open_slice, Database};
use crate::error::Error;
use crate::format::{self, Header, BLOCK_POSITIONS};
use crate::index::{Cursor, Indexer};
use crate::material::Material;
use crate::memo::{Finished, Memos};
use crate::probe::{self, Class, Source, THREAT_PLIES};
use crate::progress::{Meter, OnProgress, Pass};
use crate::values::{self, values_name, ValueTables};
use arrayvec::ArrayVec;
use draughts_core::{Color, MoveList, Position, Variant, Wld, MAX_MOVES};
use rayon::prelude::*;
use std::cell::RefCell;
use std::path::Path;
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};
use std::time::Instant;

/// How to build.
#[derive(Clone, Debug, Default)]
pub struct BuildOptions {
    /// Worker threads; 0 uses one per core.
    pub threads: usize,
    /// Build only the job of this slice (it and its twin); the slices it needs must be
    /// finished in the folder, and the others are left alone.
    pub only: Option<Material>,
}

/// What happened to one slice.
#[derive(Clone, Debug, PartialEq)]
pub struct SliceReport {
    /// The slice's material (White to move).
    pub material: Material,
    /// `false` if a finished file was already there.
    pub built: bool,
    /// Seconds spent on the job the slice was built in (shared with its twin).
    pub seconds: f64,
    /// How those seconds split between the job's passes (zero if not built).
    pub passes: PassSeconds,
    /// Index slots of the slice (positions and holes): what the build's memory and
    /// time scale with.
    pub slots: u64,
    /// Stored (quiet) positions.
    pub positions: u64,
    /// Threat positions stored in the exception list.
    pub exceptions: u64,
    /// Bytes on disk.
    pub bytes: u64,
}

/// Wall seconds of the passes of one job (a slice and its twin).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PassSeconds {
    /// Every position's captures, promotions and counted steps.
    pub initialise: f64,
    /// The retrograde generations.
    pub retrograde: f64,
    /// The exception search, encoding and writing the files.
    pub store: f64,
}

// Position state during a build: the value in the low two bits, then flags.
const UNKNOWN: u8 = 0;
const WIN: u8 = 1;
const LOSS: u8 = 2;
const DRAW: u8 = 3;
const VALUE: u8 = 3;
const QUIET: u8 = 4;
const THREAT: u8 = 8;
const HOLE: u8 = 16;
// The value tables take a state's value bits as they are.
const _: () = assert!(WIN == values::WIN && LOSS == values::LOSS && DRAW == values::DRAW);

fn wld(state: u8) -> Option<Wld> {
    match state & VALUE {
        WIN => Some(Wld::Win),
        LOSS => Some(Wld::Loss),
        DRAW => Some(Wld::Draw),
        _ => None,
    }
}

fn code(v: Wld) -> u8 {
    match v {
        Wld::Win => WIN,
        Wld::Loss => LOSS,
        Wld::Draw => DRAW,
    }
}

/// One slice of a job being solved: per index slot, the state in the low byte and the
/// count of undecided children (plus one for an escape to a draw outside the job) in the
/// high byte; once every position is decided, the high byte is the store pass's memory
/// of threat searches (see [`MEMO_BUDGETS`]). One word, so that the retrograde pass
/// touches one cache line per predecessor and updates it with one atomic operation.
struct Table<V: Variant> {
    indexer: Indexer<V>,
    cells: Vec<AtomicU16>,
}

/// One undecided child, in a cell's count byte.
const ONE_CHILD: u16 = 1 << 8;

impl<V: Variant> Table<V> {
    fn new(material: Material) -> Table<V> {
        let indexer = Indexer::new(material);
        Table {
            indexer,
            cells: (0..indexer.size()).map(|_| AtomicU16::new(0)).collect(),
        }
    }

    /// The state of slot `index`.
    #[inline]
    fn state(&self, index: usize) -> u8 {
        self.cells[index].load(Ordering::Relaxed) as u8
    }

    /// Sets slot `index`'s state and count.
    fn set(&self, index: usize, state: u8, count: u8) {
        self.cells[index].store(u16::from(count) << 8 | u16::from(state), Ordering::Relaxed);
    }

    /// Updates an undecided position that has a child newly decided: a lost child wins
    /// it; a won one takes one from its count, and the last one loses it. Whether that
    /// decided it.
    #[inline]
    fn child_decided(&self, index: usize, child_lost: bool) -> bool {
        let cell = &self.cells[index];
        let mut c = cell.load(Ordering::Relaxed);
        loop {
            if c as u8 & VALUE != UNKNOWN {
                return false;
            }
            let next = if child_lost {
                c | u16::from(WIN)
            } else if c >> 8 == 1 {
                (c - ONE_CHILD) | u16::from(LOSS)
            } else {
                debug_assert!(c >> 8 > 1, "counter underflow");
                c - ONE_CHILD
            };
            match cell.compare_exchange_weak(c, next, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return next as u8 & VALUE != UNKNOWN,
                Err(now) => c = now,
            }
        }
    }
}

/// A bit per index slot.
struct Marks(Vec<AtomicU64>);

impl Marks {
    fn new(size: u64) -> Marks {
        Marks((0..size.div_ceil(64)).map(|_| AtomicU64::new(0)).collect())
    }

    fn set(&self, index: u64) {
        self.0[(index / 64) as usize].fetch_or(1 << (index % 64), Ordering::Relaxed);
    }

    fn clear(&mut self) {
        self.0.par_iter_mut().for_each(|w| *w.get_mut() = 0);
    }
}

/// What the retrograde passes need besides the tables, dropped before the files are
/// written: per slot, two bits (decided in the generation being propagated, decided in
/// the next one). With the table's two bytes that is 2.25 bytes per slot, the build's
/// peak.
struct Generations {
    now: Marks,
    next: Marks,
}

impl Generations {
    fn new(size: u64) -> Generations {
        Generations {
            now: Marks::new(size),
            next: Marks::new(size),
        }
    }
}

/// The finished slices plus the job's tables, as the probe sees them while the job's
/// exceptions are computed (with none of the job's own exceptions yet, which only makes
/// the probe decide less, never differently).
struct JobSource<'a, V: Variant> {
    finished: Finished<'a, V>,
    tables: &'a [Table<V>],
}

impl<V: Variant> JobSource<'_, V> {
    fn table(&self, material: Material) -> Option<&Table<V>> {
        self.tables
            .iter()
            .find(|t| t.indexer.material() == material)
    }
}

impl<V: Variant> Source<V> for JobSource<'_, V> {
    fn has(&self, material: Material) -> bool {
        self.table(material).is_some() || self.finished.has(material)
    }

    fn stored(&self, raw: &Raw<V>) -> Result<Option<Wld>, Error> {
        match self.table(raw.material()) {
            Some(t) => Ok(wld(t.state(t.indexer.index(raw) as usize))),
            None => self.finished.stored(raw),
        }
    }

    fn exception(&self, raw: &Raw<V>) -> Result<Option<Wld>, Error> {
        match self.table(raw.material()) {
            Some(_) => Ok(None),
            None => self.finished.exception(raw),
        }
    }

    /// The initialisation decided every capture position of the job (the minimax of
    /// its captures, which is what the search would compute), and the job's threat
    /// positions remember their searches in the cell's high byte.
    fn recall(&self, raw: &Raw<V>, budget: u8) -> Option<Option<Wld>> {
        let Some(t) = self.table(raw.material()) else {
            return self.finished.recall(raw, budget);
        };
        let c = t.cells[t.indexer.index(raw) as usize].load(Ordering::Relaxed);
        let state = c as u8;
        let memo = (c >> 8) as u8;
        if state & (QUIET | THREAT) == 0 {
            debug_assert!(wld(state).is_some(), "capture positions are decided");
            Some(wld(state))
        } else if u32::from(budget) >= MEMO_BUDGETS {
            None
        } else if memo & DECIDED & ((2 << budget) - 1) != 0 {
            Some(wld(state))
        } else if memo >> MEMO_BUDGETS >> budget != 0 {
            Some(None)
        } else {
            None
        }
    }

    fn remember(&self, raw: &Raw<V>, budget: u8, value: Option<Wld>) {
        let Some(t) = self.table(raw.material()) else {
            return self.finished.remember(raw, budget, value);
        };
        if u32::from(budget) >= MEMO_BUDGETS {
            return;
        }
        let cell = &t.cells[t.indexer.index(raw) as usize];
        debug_assert!(value.is_none() || value == wld(cell.load(Ordering::Relaxed) as u8));
        let bit = match value {
            Some(_) => 1u16 << budget,
            None => 1u16 << (MEMO_BUDGETS + u32::from(budget)),
        };
        cell.fetch_or(bit << 8, Ordering::Relaxed);
    }

    /// A job position's cell says all: capture positions hold their minimax from the
    /// initialisation, quiet ones their value, and the job has no exceptions yet.
    fn class(&self, raw: &Raw<V>) -> Option<Class> {
        let t = self.table(raw.material())?;
        let state = t.state(t.indexer.index(raw) as usize);
        Some(if state & THREAT != 0 {
            Class::Threat
        } else {
            Class::Decided(wld(state))
        })
    }

    const WARMS: bool = true;

    /// The children of a job position are in the twin slice, at scattered indices:
    /// first every index, then every load, so that the misses overlap.
    fn warm(&self, children: &[Raw<V>]) {
        // Filled in place: `collect` would build the list elsewhere and copy it whole.
        let mut cells = ArrayVec::<&AtomicU16, MAX_MOVES>::new();
        cells.extend(children.iter().filter_map(|raw| {
            let t = self.table(raw.material())?;
            t.cells.get(t.indexer.index(raw) as usize)
        }));
        let any = cells
            .iter()
            .fold(0, |acc, cell| acc | cell.load(Ordering::Relaxed));
        std::hint::black_box(any);
    }
}

/// Search budgets the store pass's memory covers: a threat position's search with
/// budget `b` is decided (bit `b` of a cell's high byte) or not (bit
/// `MEMO_BUDGETS + b`). Decided with some budget is decided, with the true value,
/// with every larger one, and undecided with some budget is undecided with every
/// smaller one; so one bit answers for a range of budgets, and bits are only ever set.
/// The probe of a threat position searches with budgets below `THREAT_PLIES`.
const MEMO_BUDGETS: u32 = 4;
const _: () = assert!(THREAT_PLIES as u32 <= MEMO_BUDGETS && 2 * MEMO_BUDGETS <= 8);

/// The decided bits of the memory.
const DECIDED: u8 = (1 << MEMO_BUDGETS) - 1;

/// Indices per unit of parallel work.
const CHUNK: u64 = 1 << 12;

/// Mark words per unit of parallel work in the retrograde passes.
const WORDS: usize = 1 << 10;

/// `0..size` in parallel chunks.
fn chunks(size: u64) -> impl ParallelIterator<Item = std::ops::Range<u64>> {
    (0..size.div_ceil(CHUNK))
        .into_par_iter()
        .map(move |c| c * CHUNK..((c + 1) * CHUNK).min(size))
}

/// Builds every slice with 2 to `pieces` pieces of variant `V` into `dir` (created if
/// missing). Slices whose files are already there and open cleanly are kept.
///
/// # Errors
/// The directory cannot be written, an existing file of a needed slice is damaged (delete
/// it to rebuild it), or the thread pool cannot start.
pub fn build<V: Variant>(
    dir: impl AsRef<Path>,
    pieces: u32,
    options: &BuildOptions,
) -> Result<Vec<SliceReport>, Error> {
    let mut reports = Vec::new();
    build_with::<V>(dir, pieces, options, |r| reports.push(r.clone()), &|_| {})?;
    Ok(reports)
}

/// As [`build`], calling `on_slice` with each slice's report as soon as its job is
/// done (or found on disk), so that a long build can be followed and its figures are
/// not lost if it is stopped, and `progress` as each job's passes go on.
///
/// # Errors
/// As [`build`].
pub fn build_with<V: Variant>(
    dir: impl AsRef<Path>,
    pieces: u32,
    options: &BuildOptions,
    mut on_slice: impl FnMut(&SliceReport),
    progress: OnProgress<'_>,
) -> Result<(), Error> {
    let dir = dir.as_ref();
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| Error::Threads {
            threads: options.threads,
            detail: e.to_string(),
        })?;
    let memos = Memos::new(pool.current_num_threads());
    {
        let mut db = Database::<V>::empty(dir);
        let mut values = ValueTables::<V>::new();
        let all: Vec<Material> = Material::all_up_to(pieces)
            .into_iter()
            .filter(|m| m.is_covered::<V>())
            .collect();
        let only = match options.only {
            Some(m) => Some(
                crate::jobs::job_of::<V>(pieces, m).ok_or(Error::NotInBuild {
                    slice: m.to_string(),
                    pieces,
                })?,
            ),
            None => None,
        };
        for &material in &all {
            // With `only`: a slice the job needs must be there; the others are skipped.
            let (needed, skipped) = match &only {
                Some(job) => (
                    job.needs(material),
                    !job.needs(material) && !job.has(material),
                ),
                None => (false, false),
            };
            if db.has(material) || skipped {
                continue;
            }
            let mut job = vec![material];
            if material.swapped() != material {
                job.push(material.swapped());
            }
            let existing: Result<Vec<_>, Error> = job
                .iter()
                .map(|&m| open_slice::<V>(&dir.join(file_name::<V>(m)), m))
                .collect();
            let (built, seconds, passes) = match existing {
                Ok(slices) => {
                    for slice in slices {
                        db.insert(slice);
                    }
                    (false, 0.0, PassSeconds::default())
                }
                Err(Error::Io { source, .. })
                    if source.kind() == std::io::ErrorKind::NotFound && needed =>
                {
                    return Err(Error::MissingSlice {
                        dir: dir.to_owned(),
                        slice: material.to_string(),
                    })
                }
                Err(Error::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
                    let start = Instant::now();
                    let passes =
                        pool.install(|| solve_job(&mut db, &values, &memos, &job, progress))?;
                    (true, start.elapsed().as_secs_f64(), passes)
                }
                Err(e) => return Err(e),
            };
            for &m in &job {
                values.open(dir, m)?;
                let slice = db.slice(m).expect("just inserted");
                let h = &slice.file.header;
                on_slice(&SliceReport {
                    material: m,
                    built,
                    seconds,
                    passes,
                    slots: h.size,
                    positions: h.stored,
                    exceptions: h.exceptions,
                    bytes: slice.file.file_len(),
                });
            }
        }
        Ok(())
    }
}

/// Solves one job and writes its files (the slice files and their value tables), adding
/// the slice files to `db`; the seconds of its passes.
fn solve_job<V: Variant>(
    db: &mut Database<V>,
    values: &ValueTables<V>,
    memos: &Memos,
    job: &[Material],
    progress: OnProgress<'_>,
) -> Result<PassSeconds, Error> {
    let mut clock = Instant::now();
    let mut lap = || {
        let now = Instant::now();
        (now - std::mem::replace(&mut clock, now)).as_secs_f64()
    };
    let mut passes = PassSeconds::default();
    let tables: Vec<Table<V>> = job.iter().map(|&m| Table::new(m)).collect();
    let mut retro: Vec<Generations> = tables
        .iter()
        .map(|t| Generations::new(t.indexer.size()))
        .collect();
    let total: u64 = tables.iter().map(|t| t.indexer.size()).sum();

    // 1. Initialise. A chunk is a whole number of mark words, so each chunk writes its
    // own words.
    let meter = Meter::start(progress, job[0], Pass::Initialise, total);
    let mut decided = 0u64;
    for (table, retro) in tables.iter().zip(&retro) {
        decided += chunks(table.indexer.size())
            .map(|chunk| {
                let n = memos.with(|memo| {
                    let source = Finished {
                        db,
                        values,
                        memo: RefCell::new(memo),
                    };
                    let mut cursor = Cursor::new(table.indexer);
                    let mut n = 0u64;
                    for index in chunk.clone() {
                        if initialise(&source, table, index, cursor.position(index))? {
                            retro.now.set(index);
                            n += 1;
                        }
                    }
                    Ok::<_, Error>(n)
                })?;
                meter.add(chunk.end - chunk.start);
                Ok(n)
            })
            .try_reduce(|| 0, |a, b| Ok(a + b))?;
    }
    passes.initialise = lap();

    // 2. Propagate, one generation at a time: the positions marked `now` update their
    // predecessors, which are marked `next` when decided.
    let meter = Meter::start(progress, job[0], Pass::Retrograde, total);
    let mut generation = 0;
    while decided > 0 {
        generation += 1;
        meter.add_in(generation, decided);
        decided = 0;
        for (t, table) in tables.iter().enumerate() {
            // The predecessors are in the twin slice (the same one for a symmetric
            // material).
            let twin = t ^ usize::from(tables.len() == 2);
            let words = &retro[t].now.0;
            decided += words
                .par_chunks(WORDS)
                .enumerate()
                .map(|(c, chunk)| {
                    let mut cursor = Cursor::new(table.indexer);
                    let mut n = 0;
                    for (w, word) in chunk.iter().enumerate() {
                        let base = ((c * WORDS + w) * 64) as u64;
                        for bit in BitIter(word.load(Ordering::Relaxed)) {
                            let index = base + u64::from(bit);
                            let raw = cursor.position(index).expect("decided positions are real");
                            n += propagate(table, index, &raw, &tables[twin], &retro[twin].next);
                        }
                    }
                    n
                })
                .sum::<u64>();
        }
        for r in &mut retro {
            std::mem::swap(&mut r.now, &mut r.next);
            r.next.clear();
        }
    }
    drop(retro);

    // Whatever is undecided now is a draw. The counts are no longer needed: the high
    // byte becomes the store pass's memory of threat searches.
    for table in &tables {
        table.cells.par_iter().for_each(|cell| {
            let s = cell.load(Ordering::Relaxed) as u8;
            let s = if s & (VALUE | HOLE) == UNKNOWN {
                s | DRAW
            } else {
                s
            };
            cell.store(u16::from(s), Ordering::Relaxed);
        });
    }

    passes.retrograde = lap();

    // 3. Store.
    let done: &Database<V> = db;
    let mut written = Vec::new();
    for table in &tables {
        let material = table.indexer.material();
        let meter = Meter::start(progress, material, Pass::Store, table.indexer.size());
        let exceptions: Vec<(u64, Wld)> = chunks(table.indexer.size())
            .map(|chunk| {
                let out = memos.with(|memo| {
                    let source = JobSource {
                        finished: Finished {
                            db: done,
                            values,
                            memo: RefCell::new(memo),
                        },
                        tables: &tables,
                    };
                    let mut cursor = Cursor::new(table.indexer);
                    let mut out = Vec::new();
                    for index in chunk.clone() {
                        let s = table.state(index as usize);
                        if s & THREAT == 0 {
                            continue;
                        }
                        let raw = cursor.position(index).expect("not a hole");
                        let pos = Geo::<V>::position(&raw, Color::White).expect("valid");
                        if probe::probe(&source, &pos, THREAT_PLIES)?.is_none() {
                            out.push((index, wld(s).expect("decided")));
                        }
                    }
                    Ok::<_, Error>(out)
                })?;
                meter.add(chunk.end - chunk.start);
                Ok(out)
            })
            .try_reduce(Vec::new, |mut a, b| {
                a.extend(b);
                Ok(a)
            })?;
        let mut exceptions = exceptions;
        exceptions.sort_unstable_by_key(|&(i, _)| i);
        let counts = table
            .cells
            .par_chunks(1 << 16)
            .map(|cells| {
                let mut counts = [0u64; 4];
                for cell in cells {
                    let s = cell.load(Ordering::Relaxed) as u8;
                    if s & QUIET != 0 {
                        counts[(s & VALUE) as usize] += 1;
                    }
                }
                counts
            })
            .reduce(|| [0; 4], |a, b| std::array::from_fn(|i| a[i] + b[i]));
        let header = Header {
            variant: V::NAME.to_owned(),
            material,
            block_positions: BLOCK_POSITIONS,
            threat_plies: THREAT_PLIES,
            size: 0,
            blocks: 0,
            exceptions: 0,
            stored: counts[1] + counts[2] + counts[3],
            wins: counts[WIN as usize],
            losses: counts[LOSS as usize],
            draws: counts[DRAW as usize],
            data_len: 0,
            exceptions_len: 0,
        };
        let path = db.dir().join(file_name::<V>(material));
        format::write(
            &path,
            header,
            table.indexer.size(),
            |block, out| {
                block_symbols(table, block, out);
                Ok(())
            },
            &exceptions,
        )?;
        // Every slot's value, for later jobs (a hole's state has no value: code 0).
        values::write::<V>(
            &db.dir().join(values_name::<V>(material)),
            material,
            table.indexer.size(),
            |i| table.state(i as usize) & VALUE,
        )?;
        written.push((path, material));
    }
    drop(tables);
    for (path, material) in written {
        db.insert(open_slice::<V>(&path, material)?);
    }
    passes.store = lap();
    Ok(passes)
}

/// The symbols of one block of a solved table: quiet positions their value; capture
/// and threat positions and holes the symbol of the stored position before them in the
/// block (the first stored one for those that lead the block), which lengthens runs.
fn block_symbols<V: Variant>(table: &Table<V>, block: u64, out: &mut Vec<u8>) {
    let bp = u64::from(BLOCK_POSITIONS);
    let start = (block * bp) as usize;
    let cells = &table.cells[start..(start + bp as usize).min(table.cells.len())];
    let stored = |cell: &AtomicU16| {
        let s = cell.load(Ordering::Relaxed) as u8;
        (s & QUIET != 0).then(|| format::symbol(wld(s).expect("decided")))
    };
    let mut last = cells.iter().find_map(stored).unwrap_or(0);
    out.extend(cells.iter().map(|cell| {
        if let Some(symbol) = stored(cell) {
            last = symbol;
        }
        last
    }));
}

/// Step 1 for one index and its position (`None`: a hole); whether the position was
/// decided (win or loss) and so starts the propagation. Works on the sets; only a
/// capture position, and the position after a promotion, are built as a [`Position`]
/// and probed.
fn initialise<V: Variant>(
    source: &Finished<'_, V>,
    table: &Table<V>,
    index: u64,
    raw: Option<Raw<V>>,
) -> Result<bool, Error> {
    let i = index as usize;
    let Some(raw) = raw else {
        table.set(i, HOLE, 0);
        return Ok(false);
    };
    let exact = |child: &Position<V>| -> Result<Wld, Error> {
        // The value table, where there is one, holds what the probe would find.
        if let Some(v) = source.values.get(&Geo::<V>::normalise(child).0) {
            return Ok(v);
        }
        probe::probe(source, child, THREAT_PLIES)?.ok_or_else(|| Error::MissingSlice {
            dir: source.db.dir().to_owned(),
            slice: Geo::<V>::normalise(child).0.material().to_string(),
        })
    };
    if raw.has_capture(Color::White) {
        let pos = Geo::<V>::position(&raw, Color::White).expect("the index makes valid positions");
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        let v = probe::combine(
            moves
                .iter()
                .map(|mv| exact(&pos.play_unchecked(mv)).map(Some)),
        )?
        .expect("every child is decided");
        table.set(i, code(v), 0);
        return Ok(v != Wld::Draw);
    }
    let flag = if raw.has_capture(Color::Black) {
        THREAT
    } else {
        QUIET
    };
    let (count, promotions) = white_steps::<V>(&raw);
    let mut escape = false;
    for child in &promotions {
        let child = Geo::<V>::position(child, Color::Black).expect("a promotion is valid");
        match exact(&child)? {
            Wld::Loss => {
                table.set(i, flag | WIN, 0);
                return Ok(true);
            }
            Wld::Draw => escape = true,
            Wld::Win => {}
        }
    }
    if count == 0 && !escape {
        // No move at all takes the goal's value; only promotions won for the opponent
        // lose.
        let v = if promotions.is_empty() {
            crate::goal::no_move::<V>()
        } else {
            Wld::Loss
        };
        table.set(i, flag | code(v), 0);
        return Ok(true);
    }
    let count = count + u32::from(escape);
    assert!(count < 256, "{count} moves overflow the counter");
    table.set(i, flag, count as u8);
    Ok(false)
}

/// Step 2 for one position of `table` decided in the last generation (`index`, `raw`):
/// updates its predecessors in `twin`, marking those it decides in `next`; how many it
/// decided.
fn propagate<V: Variant>(
    table: &Table<V>,
    index: u64,
    raw: &Raw<V>,
    twin: &Table<V>,
    next: &Marks,
) -> u64 {
    let lost = table.state(index as usize) & VALUE == LOSS;
    // First every predecessor's index and state, then the updates: the loads of the
    // states (cache misses, in slices of gigabytes) are independent and overlap, where
    // an atomic update between them would make each wait for the one before.
    let mut preds = ArrayVec::<u64, MAX_PREDECESSORS>::new();
    predecessors::<V>(raw, |pred| preds.push(twin.indexer.index(&pred)));
    let mut states = ArrayVec::<u8, MAX_PREDECESSORS>::new();
    states.extend(preds.iter().map(|&p| twin.state(p as usize)));
    let mut decided = 0;
    // A "predecessor" where the side to move must capture is no predecessor, but its
    // state is never undecided: the initialisation decided every capture position.
    for (&p, &state) in preds.iter().zip(&states) {
        if state & VALUE == UNKNOWN && twin.child_decided(p as usize, lost) {
            next.set(p);
            decided += 1;
        }
    }
    decided
}
