//! Progress of the long operations (build, verify, compare), reported to a callback.
//!
//! The library draws nothing: a caller that wants a progress bar draws it from the
//! reports (the `draughts` binary does).

use crate::material::Material;
use std::sync::Mutex;

/// The pass a [`Progress`] report is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pass {
    /// A build's first pass over a job's positions (`done` counts index slots).
    Initialise,
    /// A build's retrograde generations (`done` counts positions decided so far; the
    /// pass ends short of `total`, since the draws are never decided by it).
    Retrograde,
    /// A build's exception search over one slice (`done` counts index slots).
    Store,
    /// [`crate::Database::verify`] of one slice (`done` counts blocks).
    Verify,
    /// [`crate::Database::compare`] of one slice (`done` counts the slots compared).
    Compare,
}

/// How far one pass over a slice (for a build's first two passes, over the job the
/// slice leads) has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The slice, or the job's first slice.
    pub material: Material,
    /// The pass.
    pub pass: Pass,
    /// The retrograde generation being propagated (0 in the other passes).
    pub generation: u32,
    /// Work done, at most `total`.
    pub done: u64,
    /// Work of the whole pass.
    pub total: u64,
}

/// The callback that receives progress reports, from any thread of the pool. The
/// reports of one pass come one at a time, with `done` never going down.
pub type OnProgress<'a> = &'a (dyn Fn(&Progress) + Sync);

/// Counts one pass's work and reports each step to the callback, in order.
pub(crate) struct Meter<'a> {
    report: OnProgress<'a>,
    state: Mutex<Progress>,
}

impl<'a> Meter<'a> {
    /// A pass of `total` units begins: reports 0 done.
    pub(crate) fn start(
        report: OnProgress<'a>,
        material: Material,
        pass: Pass,
        total: u64,
    ) -> Self {
        let state = Progress {
            material,
            pass,
            generation: 0,
            done: 0,
            total,
        };
        report(&state);
        Meter {
            report,
            state: Mutex::new(state),
        }
    }

    /// `n` more units done (in generation `generation` for the retrograde pass).
    pub(crate) fn add_in(&self, generation: u32, n: u64) {
        // A callback that panicked leaves the count as it was: go on with it.
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.generation = generation;
        state.done = (state.done + n).min(state.total);
        (self.report)(&state);
    }

    /// `n` more units done.
    pub(crate) fn add(&self, n: u64) {
        self.add_in(0, n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meter_reports_in_order_and_never_past_the_total() {
        let seen = Mutex::new(Vec::new());
        let record = |p: &Progress| seen.lock().unwrap().push(p.done);
        let m = Material::from_name("w1m0k-b1m0k").unwrap();
        let meter = Meter::start(&record, m, Pass::Store, 10);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| (0..5).for_each(|_| meter.add(1)));
            }
        });
        let seen = seen.into_inner().unwrap();
        assert_eq!(seen.len(), 21);
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        assert_eq!((seen[0], seen[20]), (0, 10));
    }
}
