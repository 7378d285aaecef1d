//! Endgame slice files. The input is written as the slice file its header names (under
//! both variants' names, small materials only, so that a run stays fast) and the folder
//! is opened: whatever opens must give its statistics and go through `verify`, which
//! reads every stored value, with errors but no panic.
#![no_main]

use draughts_core::{English, International, Variant};
use draughts_egdb::{file_name, Database, Material};
use libfuzzer_sys::fuzz_target;
use std::path::{Path, PathBuf};

fn check<V: Variant>(dir: &Path) {
    if let Ok(db) = Database::<V>::open(dir) {
        let _ = db.stats();
        let _ = db.verify();
    }
}

fn folder() -> PathBuf {
    std::env::temp_dir().join(format!("fuzz-egdb-{}", std::process::id()))
}

fuzz_target!(|data: &[u8]| {
    // The header's material: men and kings of White, then of Black.
    let Some(&[wm, wk, bm, bk]) = data.get(32..36) else {
        return;
    };
    let material = Material::new(wm, wk, bm, bk);
    if material.pieces() > 3 {
        return;
    }
    let dir = folder();
    let _ = std::fs::remove_dir_all(&dir);
    if std::fs::create_dir_all(&dir).is_err() {
        return;
    }
    for name in [
        file_name::<International>(material),
        file_name::<English>(material),
    ] {
        if std::fs::write(dir.join(name), data).is_err() {
            return;
        }
    }
    check::<International>(&dir);
    check::<English>(&dir);
});
