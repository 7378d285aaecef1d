//! `Egdb`: win/loss/draw endgame databases, probed and built from Python.

use crate::board::Board;
use crate::errors::{self, EgdbError};
use draughts_core::{with_variant, AnyPosition, KnownVariant, VariantKind, Wld};
use draughts_egdb::{build, BuildOptions, Database};
use pyo3::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

/// The most pieces a database may be built for from Python (the build's time and
/// memory grow steeply with each piece).
const MAX_BUILD_PIECES: u32 = 6;

/// A database of one variant, behind a type that does not name it.
trait Probe: Send + Sync {
    /// The value of `pos` for the side to move; `None` outside the database.
    fn probe(&self, pos: &AnyPosition) -> Result<Option<Wld>, String>;
}

impl<V: KnownVariant> Probe for Database<V> {
    fn probe(&self, pos: &AnyPosition) -> Result<Option<Wld>, String> {
        match V::position_of(pos) {
            Some(pos) => Database::probe(self, pos).map_err(|e| e.to_string()),
            None => Ok(None),
        }
    }
}

fn open_database<V: KnownVariant>(dir: &Path) -> Result<Arc<dyn Probe>, String> {
    Ok(Arc::new(
        Database::<V>::open_nonempty(dir).map_err(|e| e.to_string())?,
    ))
}

/// An endgame database folder: `Egdb(path).probe(board)` is `"win"`, `"loss"` or
/// `"draw"` for the side to move, or `None` for a position it does not hold.
///
/// Each variant's files are opened on the first probe of a board of that variant.
#[pyclass(module = "fastdraughts.egdb", frozen)]
pub struct Egdb {
    dir: PathBuf,
    open: Mutex<HashMap<VariantKind, Arc<dyn Probe>>>,
}

impl Egdb {
    fn database(&self, kind: VariantKind) -> PyResult<Arc<dyn Probe>> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(database) = open.get(&kind) {
            return Ok(database.clone());
        }
        let database =
            with_variant!(kind, V => open_database::<V>(&self.dir)).map_err(EgdbError::new_err)?;
        open.insert(kind, database.clone());
        Ok(database)
    }
}

#[pymethods]
impl Egdb {
    /// The databases in folder `path`.
    #[new]
    fn new(path: PathBuf) -> PyResult<Egdb> {
        if !path.is_dir() {
            return Err(EgdbError::new_err(format!(
                "{} is not a folder of endgame database files",
                path.display()
            )));
        }
        Ok(Egdb {
            dir: path,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// The value of `board`'s position for the side to move: `"win"`, `"loss"`,
    /// `"draw"`, or `None` if the database does not hold its material.
    fn probe(&self, board: &Board) -> PyResult<Option<&'static str>> {
        let pos = board.game().position();
        let value = self
            .database(pos.kind())?
            .probe(&pos)
            .map_err(EgdbError::new_err)?;
        Ok(value.map(|value| match value {
            Wld::Win => "win",
            Wld::Loss => "loss",
            Wld::Draw => "draw",
        }))
    }

    /// Builds the database of `variant` up to `pieces` pieces (at most 6) in folder
    /// `path`, keeping slices already there, with `threads` threads (0: one per core);
    /// releases the GIL meanwhile. Returns the database.
    #[staticmethod]
    #[pyo3(signature = (path, variant, pieces, threads = 0))]
    fn build(
        py: Python<'_>,
        path: PathBuf,
        variant: &str,
        pieces: u32,
        threads: usize,
    ) -> PyResult<Egdb> {
        let kind = errors::variant(variant)?;
        if !(1..=MAX_BUILD_PIECES).contains(&pieces) {
            return Err(EgdbError::new_err(format!(
                "pieces={pieces}: give 1 to {MAX_BUILD_PIECES}"
            )));
        }
        let options = BuildOptions {
            threads,
            ..BuildOptions::default()
        };
        py.detach(|| with_variant!(kind, V => build::<V>(&path, pieces, &options).map(drop)))
            .map_err(|e| EgdbError::new_err(e.to_string()))?;
        Egdb::new(path)
    }

    /// The folder.
    #[getter]
    fn path(&self) -> PathBuf {
        self.dir.clone()
    }

    fn __repr__(&self) -> String {
        format!("Egdb({:?})", self.dir.display().to_string())
    }
}
