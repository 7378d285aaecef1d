//! `draughts egdb plan --json`: the jobs of a build as JSON, for drivers that spread them
//! over machines (each job then runs as `draughts egdb build --only ID`).

use crate::cli::CliError;
use draughts_core::Variant;
use draughts_egdb::{
    file_name, job_state, jobs, JobState, BUILD_BYTES_PER_SLOT, MEMO_BYTES_PER_THREAD,
};
use serde::Serialize;
use std::io::Write;
use std::path::Path;

#[derive(Serialize)]
struct Plan {
    variant: &'static str,
    pieces: u32,
    bytes_per_slot: f64,
    memo_bytes_per_thread: u64,
    jobs: Vec<JobJson>,
}

#[derive(Serialize)]
struct JobJson {
    id: String,
    pieces: u32,
    slices: Vec<SliceJson>,
    depends_on: Vec<String>,
    slots: u64,
    peak_bytes: u64,
    /// `missing`, `finished` or `damaged`, with `--db`.
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    damage: Option<String>,
}

#[derive(Serialize)]
struct SliceJson {
    material: String,
    slots: u64,
    file: String,
}

/// Writes the plan of a build of up to `pieces` pieces of `V` as one JSON object, with
/// each job's state in `db` if given.
///
/// # Errors
/// The write fails.
pub fn print_json<V: Variant>(
    pieces: u32,
    db: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let jobs = jobs::<V>(pieces)
        .into_iter()
        .map(|job| {
            let state = db.map(|dir| job_state::<V>(dir, &job));
            JobJson {
                id: job.id().to_string(),
                pieces: job.id().pieces(),
                slices: job
                    .slices
                    .iter()
                    .map(|&(m, slots)| SliceJson {
                        material: m.to_string(),
                        slots,
                        file: file_name::<V>(m),
                    })
                    .collect(),
                depends_on: job.depends_on.iter().map(|m| m.to_string()).collect(),
                slots: job.slots(),
                peak_bytes: job.peak_bytes(),
                state: state.as_ref().map(|s| match s {
                    JobState::Missing => "missing",
                    JobState::Finished => "finished",
                    JobState::Damaged(_) => "damaged",
                }),
                damage: match state {
                    Some(JobState::Damaged(why)) => Some(why),
                    _ => None,
                },
            }
        })
        .collect();
    let plan = Plan {
        variant: V::NAME,
        pieces,
        bytes_per_slot: BUILD_BYTES_PER_SLOT,
        memo_bytes_per_thread: MEMO_BYTES_PER_THREAD,
        jobs,
    };
    serde_json::to_writer(&mut *out, &plan).map_err(|e| CliError::Message(e.to_string()))?;
    writeln!(out)?;
    Ok(())
}
