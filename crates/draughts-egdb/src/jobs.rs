//! What a build takes, from the index sizes alone ([`plan`]), and its jobs as a
//! dependency graph, so that they can be run one at a time
//! (by [`crate::BuildOptions::only`]) on different machines sharing a folder.
//!
//! A job is a slice and its colour-swapped twin, named by the one [`Material::all_up_to`]
//! lists first. Its dependencies are the jobs holding a material that one of its
//! positions may reach by captures and promotions: on each side no more men and no more
//! pieces. That is a superset of what a job probes, and closed under the build order, so
//! a job whose dependencies are finished can be solved exactly as the one-machine build
//! solves it. The list given is the transitive reduction (a dependency reached through
//! another is left out).

use crate::database::{file_name, open_slice};
use crate::error::Error;
use crate::index::Indexer;
use crate::material::Material;
use draughts_core::Variant;
use std::path::Path;
use std::sync::atomic::AtomicU16;

/// Bytes a build holds per index slot of the job it is solving (a slice and its twin):
/// a 16-bit cell (state and child count) and two generation bits. The job being solved
/// is the peak; the finished slices are memory-mapped files, a small fraction of it.
pub const BUILD_BYTES_PER_SLOT: f64 = std::mem::size_of::<AtomicU16>() as f64 + 2.0 / 8.0;

/// What building the slices of one piece count takes, from the index sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct PiecePlan {
    /// The piece count.
    pub pieces: u32,
    /// Every slice of that many pieces (White to move) with its index slots, in build
    /// order.
    pub slices: Vec<(Material, u64)>,
    /// The job with the most slots: a slice and its colour-swapped twin (one slice if
    /// the material is symmetric).
    pub largest_job: Vec<Material>,
    /// Its slots.
    pub largest_job_slots: u64,
}

impl PiecePlan {
    /// Index slots of all the slices.
    pub fn slots(&self) -> u64 {
        self.slices.iter().map(|&(_, n)| n).sum()
    }

    /// The build's projected peak memory in bytes: the largest job at
    /// [`BUILD_BYTES_PER_SLOT`].
    pub fn peak_bytes(&self) -> f64 {
        self.largest_job_slots as f64 * BUILD_BYTES_PER_SLOT
    }
}

/// The slices and jobs of 2 to `pieces` pieces of variant `V`, one [`PiecePlan`] per
/// piece count, computed from the index without building anything.
///
/// # Panics
/// In debug builds, if an index size overflows `u64` (far beyond the 8 pieces the
/// engine's tools accept).
pub fn plan<V: Variant>(pieces: u32) -> Vec<PiecePlan> {
    (2..=pieces)
        .map(|n| {
            let slices: Vec<(Material, u64)> = Material::all_with(n)
                .into_iter()
                .map(|m| (m, Indexer::<V>::new(m).size()))
                .collect();
            let job = |m: Material| -> Vec<Material> {
                if m.swapped() == m {
                    vec![m]
                } else {
                    vec![m, m.swapped()]
                }
            };
            let job_slots =
                |m: Material| -> u64 { job(m).iter().map(|&x| Indexer::<V>::new(x).size()).sum() };
            let largest = slices
                .iter()
                .map(|&(m, _)| m)
                .max_by_key(|&m| (job_slots(m), std::cmp::Reverse(m)))
                .unwrap_or(Material::new(0, 1, 0, 1));
            PiecePlan {
                pieces: n,
                largest_job: job(largest),
                largest_job_slots: job_slots(largest),
                slices,
            }
        })
        .collect()
}

/// One job of a build: its slices with their index slots, and the jobs it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The slice and its twin (one slice if the material is symmetric), with slots.
    pub slices: Vec<(Material, u64)>,
    /// The jobs (by [`Job::id`]) that must be finished first, in build order.
    pub depends_on: Vec<Material>,
}

impl Job {
    /// The job's name: its first slice.
    pub fn id(&self) -> Material {
        self.slices[0].0
    }

    /// Index slots of the job's slices.
    pub fn slots(&self) -> u64 {
        self.slices.iter().map(|&(_, n)| n).sum()
    }

    /// Whether `material` is one of the job's slices.
    pub fn has(&self, material: Material) -> bool {
        self.slices.iter().any(|&(m, _)| m == material)
    }

    /// Whether the job may probe `material`: a dependency or one reached through one.
    pub fn needs(&self, material: Material) -> bool {
        self.slices.iter().any(|&(m, _)| reaches(m, material))
    }

    /// Projected peak memory of solving the job, in bytes, at [`BUILD_BYTES_PER_SLOT`]
    /// (without the search memory of each worker thread, [`MEMO_BYTES_PER_THREAD`]).
    pub fn peak_bytes(&self) -> u64 {
        (self.slots() as f64 * BUILD_BYTES_PER_SLOT).ceil() as u64
    }
}

/// Bytes of search memory each worker thread of a build holds.
pub const MEMO_BYTES_PER_THREAD: u64 = crate::memo::BYTES;

/// Whether a position of `from` may reach a position of `to` (either side to move) by
/// captures and promotions.
fn reaches(from: Material, to: Material) -> bool {
    let below = |to: Material| {
        to.white_men <= from.white_men
            && to.white() <= from.white()
            && to.black_men <= from.black_men
            && to.black() <= from.black()
    };
    to != from && to != from.swapped() && (below(to) || below(to.swapped()))
}

/// Every job of a build of 2 to `pieces` pieces of `V`, in build order.
pub fn jobs<V: Variant>(pieces: u32) -> Vec<Job> {
    let mut ids: Vec<Material> = Vec::new();
    for m in Material::all_up_to(pieces) {
        if !ids.contains(&m.swapped()) {
            ids.push(m);
        }
    }
    ids.iter()
        .map(|&id| {
            let all: Vec<Material> = ids.iter().copied().filter(|&d| reaches(id, d)).collect();
            let depends_on = all
                .iter()
                .copied()
                .filter(|&d| !all.iter().any(|&e| reaches(e, d)))
                .collect();
            let mut slices = vec![(id, Indexer::<V>::new(id).size())];
            if id.swapped() != id {
                slices.push((id.swapped(), Indexer::<V>::new(id.swapped()).size()));
            }
            Job { slices, depends_on }
        })
        .collect()
}

/// The job that builds `material`, among the jobs of 2 to `pieces` pieces.
pub fn job_of<V: Variant>(pieces: u32, material: Material) -> Option<Job> {
    jobs::<V>(pieces).into_iter().find(|j| j.has(material))
}

/// Whether a job's files are in a folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobState {
    /// Some slice file is not there.
    Missing,
    /// Every slice file is there and whole: header, tables and every block checksum.
    Finished,
    /// A slice file is there but damaged (the reason); delete it to rebuild it.
    Damaged(String),
}

/// The state of `job`'s files in `dir`; [`JobState::Finished`] reads every block.
pub fn job_state<V: Variant>(dir: &Path, job: &Job) -> JobState {
    for &(material, _) in &job.slices {
        let checked =
            open_slice::<V>(&dir.join(file_name::<V>(material)), material).and_then(|slice| {
                (0..slice.file.header.blocks as usize)
                    .try_for_each(|b| slice.file.block_symbols(b).map(|_| ()))
            });
        match checked {
            Ok(()) => {}
            Err(Error::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
                return JobState::Missing
            }
            Err(e) => return JobState::Damaged(e.to_string()),
        }
    }
    JobState::Finished
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International};

    #[test]
    fn jobs_cover_every_slice_once_after_their_dependencies() {
        let jobs = jobs::<International>(5);
        let mut seen: Vec<Material> = Vec::new();
        for job in &jobs {
            for d in &job.depends_on {
                assert!(seen.contains(d), "{} needs {d} first", job.id());
            }
            seen.extend(job.slices.iter().map(|&(m, _)| m));
        }
        seen.sort();
        assert_eq!(seen, {
            let mut all = Material::all_up_to(5);
            all.sort();
            all
        });
    }

    #[test]
    fn dependencies_are_reduced() {
        let job = |name: &str| job_of::<English>(4, Material::from_name(name).unwrap()).unwrap();
        assert!(job("w0m1k-b0m1k").depends_on.is_empty());
        // Two kings against one need king against king only.
        assert_eq!(
            job("w0m2k-b0m1k").depends_on,
            [Material::from_name("w0m1k-b0m1k").unwrap()]
        );
        // A man each: the man promotes (w0m1k-b1m0k and its twin are one job).
        let deps = job("w1m0k-b1m0k").depends_on;
        assert_eq!(deps, [Material::from_name("w0m1k-b1m0k").unwrap()]);
        assert_eq!(
            job_of::<English>(4, Material::new(1, 0, 0, 1))
                .unwrap()
                .id(),
            Material::new(0, 1, 1, 0)
        );
    }

    #[test]
    fn plan_counts_the_index_slots() {
        let plans = plan::<English>(3);
        assert_eq!(plans.len(), 2);
        let two = &plans[0];
        // King against king: 32 * 31 placements; a man has 28 squares (not its
        // crowning row); a man against a man, 28 * 28 (overlaps are holes).
        let expected = [
            (Material::new(0, 1, 0, 1), 32 * 31),
            (Material::new(0, 1, 1, 0), 28 * 31),
            (Material::new(1, 0, 0, 1), 28 * 31),
            (Material::new(1, 0, 1, 0), 28 * 28),
        ];
        for (material, slots) in expected {
            assert!(two.slices.contains(&(material, slots)), "{material}");
        }
        assert_eq!(two.slots(), 3512);
        // Jobs pair a slice with its twin: the man-and-king job has 2 * 868 slots.
        assert_eq!(two.largest_job_slots, 1736);
        assert_eq!(two.largest_job.len(), 2);
        assert_eq!(two.peak_bytes(), 1736.0 * 2.25);
        assert_eq!(plans[1].slices.len(), 12);
    }
}
