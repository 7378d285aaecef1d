//! The progress reports of a build, a verify and a compare: each pass of each slice or
//! job comes as one run of reports that starts at zero, never goes down and never
//! passes its total, and the passes that count slots or blocks end at their total.

use draughts_core::English;
use draughts_egdb::{build_with, BuildOptions, Database, Material, Pass, Progress};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// Checks the runs of `reports`; each run's key and last report, in order.
fn runs(reports: &[Progress]) -> Vec<Progress> {
    let mut out: Vec<Progress> = Vec::new();
    for (i, p) in reports.iter().enumerate() {
        assert!(p.done <= p.total, "{p:?}");
        let same = out
            .last()
            .is_some_and(|q| (q.material, q.pass) == (p.material, p.pass));
        if same {
            let q = reports[i - 1];
            assert!(
                q.done <= p.done && q.generation <= p.generation,
                "{q:?} then {p:?}"
            );
            *out.last_mut().unwrap() = *p;
        } else {
            assert_eq!(p.done, 0, "a pass starts at zero: {p:?}");
            assert!(
                out.iter()
                    .all(|q| (q.material, q.pass) != (p.material, p.pass)),
                "one run per pass: {p:?}"
            );
            out.push(*p);
        }
    }
    for last in &out {
        if last.pass == Pass::Retrograde {
            assert!(last.done > 0 && last.generation > 0, "{last:?}");
        } else {
            assert_eq!(last.done, last.total, "{last:?}");
        }
    }
    out
}

#[test]
fn build_verify_and_compare_report_their_passes_in_order() {
    let dir = std::env::temp_dir().join(format!("egdb-progress-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let seen = Mutex::new(Vec::new());
    let record = |p: &Progress| seen.lock().unwrap().push(*p);
    let mut slots = BTreeMap::new();
    let options = BuildOptions {
        threads: 2,
        ..BuildOptions::default()
    };
    let on_slice = |r: &draughts_egdb::SliceReport| {
        slots.insert(r.material, r.slots);
    };
    build_with::<English>(&dir, 3, &options, on_slice, &record).unwrap();
    let build = runs(&seen.lock().unwrap().split_off(0));
    // Per job: its first two passes over the job, then the store pass of each slice.
    let mut stored = Vec::new();
    let mut rest = build.as_slice();
    while let [init, retro, tail @ ..] = rest {
        let m = init.material;
        assert_eq!(
            (init.pass, retro.pass, retro.material),
            (Pass::Initialise, Pass::Retrograde, m)
        );
        let job: Vec<Material> = if m.swapped() == m {
            vec![m]
        } else {
            vec![m, m.swapped()]
        };
        assert_eq!(init.total, job.iter().map(|j| slots[j]).sum::<u64>());
        assert_eq!(retro.total, init.total);
        let (store, tail) = tail.split_at(job.len());
        for (s, &j) in store.iter().zip(&job) {
            assert_eq!((s.pass, s.material, s.total), (Pass::Store, j, slots[&j]));
            stored.push(j);
        }
        rest = tail;
    }
    assert!(rest.is_empty(), "{rest:?}");
    stored.sort();
    assert_eq!(stored, slots.keys().copied().collect::<Vec<_>>());

    let db = Database::<English>::open(&dir).unwrap();
    db.verify_slices(|_| true, &record).unwrap();
    let verify = runs(&seen.lock().unwrap().split_off(0));
    assert_eq!(verify.len(), slots.len());
    assert!(verify.iter().all(|p| p.pass == Pass::Verify));
    db.compare(&db, 3, &record).unwrap();
    let compare = runs(&seen.lock().unwrap().split_off(0));
    assert_eq!(compare.len(), slots.len());
    for p in &compare {
        assert_eq!(
            (p.pass, p.total),
            (Pass::Compare, slots[&p.material].div_ceil(3))
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
