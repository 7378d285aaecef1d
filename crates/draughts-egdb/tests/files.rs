//! A damaged database is detected and reported, naming the file; never trusted.

use draughts_core::{English, Position};
use draughts_egdb::{build, file_name, BuildOptions, Database, Error, Material};
use std::path::PathBuf;

fn built(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("egdb-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    build::<English>(&dir, 3, &BuildOptions::default()).unwrap();
    dir
}

/// Every position of one slice's material, White to move, as FEN-built positions.
fn some_positions() -> Vec<Position<English>> {
    let mut out = Vec::new();
    for a in 1..=32 {
        for b in 1..=32 {
            for c in 1..=32 {
                if a < b && a != c && b != c {
                    if let Ok(pos) = format!("W:WK{a},K{b}:BK{c}").parse() {
                        out.push(pos);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn truncated_file_is_reported_at_open() {
    let dir = built("truncated");
    let path = dir.join(file_name::<English>(Material::new(0, 2, 0, 1)));
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
    match Database::<English>::open(&dir) {
        Err(e @ Error::Truncated { .. }) => {
            assert!(e.to_string().contains("w0m2k-b0m1k.egdb"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_block_is_reported_by_probe_and_verify() {
    let dir = built("damaged");
    let path = dir.join(file_name::<English>(Material::new(0, 2, 0, 1)));
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x01;
    std::fs::write(&path, &bytes).unwrap();
    // Opening reads no block, so it succeeds...
    let db = Database::<English>::open(&dir).unwrap();
    // ...but the block is checked before its first use.
    let errors: Vec<Error> = some_positions()
        .iter()
        .filter_map(|pos| db.probe(pos).err())
        .collect();
    assert!(!errors.is_empty());
    for e in &errors {
        assert!(
            matches!(e, Error::Checksum { path: p, .. } if *p == path),
            "{e}"
        );
    }
    assert!(matches!(db.verify(), Err(Error::Checksum { .. })));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn finished_slices_are_not_rebuilt() {
    let dir = built("restart");
    let path = dir.join(file_name::<English>(Material::new(0, 1, 0, 1)));
    let before = std::fs::metadata(&path).unwrap().modified().unwrap();
    std::fs::remove_file(dir.join(file_name::<English>(Material::new(1, 1, 0, 1)))).unwrap();
    let reports = build::<English>(&dir, 3, &BuildOptions::default()).unwrap();
    let mut rebuilt: Vec<Material> = reports
        .iter()
        .filter(|r| r.built)
        .map(|r| r.material)
        .collect();
    rebuilt.sort();
    // The missing slice is rebuilt with its twin; nothing else is.
    assert_eq!(
        rebuilt,
        [Material::new(0, 1, 1, 1), Material::new(1, 1, 0, 1)]
    );
    assert_eq!(
        std::fs::metadata(&path).unwrap().modified().unwrap(),
        before
    );
    let db = Database::<English>::open(&dir).unwrap();
    db.verify().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn other_files_are_ignored_and_a_wrong_slice_is_refused() {
    let dir = built("names");
    std::fs::write(dir.join("README.txt"), "not a slice").unwrap();
    let db = Database::<English>::open(&dir).unwrap();
    assert_eq!(db.max_pieces(), 3);
    // A file renamed to another slice's name is caught by its header.
    let a = dir.join(file_name::<English>(Material::new(0, 2, 0, 1)));
    let b = dir.join(file_name::<English>(Material::new(0, 1, 0, 2)));
    std::fs::rename(&a, &b).unwrap();
    match Database::<English>::open(&dir) {
        Err(e @ Error::Mismatch { .. }) => assert!(e.to_string().contains("w0m1k-b0m2k"), "{e}"),
        other => panic!("{other:?}"),
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The value tables beside the slice files are a cache of the build: a build that
/// finds none searches instead, and writes the same files.
#[test]
fn value_tables_only_save_work() {
    let with = built("values-with");
    build::<English>(&with, 4, &BuildOptions::default()).unwrap();
    let without = built("values-without");
    let mut four = Vec::new();
    for entry in std::fs::read_dir(&without).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "values") {
            std::fs::remove_file(&path).unwrap();
        }
    }
    let reports = build::<English>(&without, 4, &BuildOptions::default()).unwrap();
    for r in reports.iter().filter(|r| r.built) {
        assert_eq!(r.material.pieces(), 4);
        four.push(file_name::<English>(r.material));
    }
    let planned = draughts_egdb::plan::<English>(4)[2].slices.len();
    assert_eq!(four.len(), planned, "every 4-piece slice built");
    for name in &four {
        let a = std::fs::read(with.join(name)).unwrap();
        let b = std::fs::read(without.join(name)).unwrap();
        assert!(a == b, "{name} differs");
        assert!(with.join(name.replace(".egdb", ".values")).exists());
    }
    std::fs::remove_dir_all(&with).unwrap();
    std::fs::remove_dir_all(&without).unwrap();
}
