//! Perft tables: move-generator node counts checked against published and peer-verified
//! figures, read from `tests/data/perft_<variant>.txt`.
//!
//! Each data line is `FEN;depth count;depth count;...`; lines starting with `#` are
//! comments (they say where each figure comes from and which duplicate-capture
//! convention it uses). Every figure here counts a capture once per (from, to, captured
//! set), as [`perft`] does.
//!
//! The default tests check every figure of at most [`NODE_CAP`] leaves; `perft_deep`
//! (ignored by default, run with `cargo test -p draughts-core --test perft -- --ignored`)
//! checks them all.

use draughts_core::{
    divide, perft, Antidraughts, Brazilian, Breakthrough, Czech, English, International, Italian,
    Killer, Pool, Position, Russian, Spanish, Thai, Turkish, Variant,
};
use draughts_core::{Frisian, Frysk};
use std::path::PathBuf;
use std::thread;

/// The largest count the default run checks. Bulk counting at the last ply makes a
/// 20-million-leaf figure cost about a million positions generated, well under a second.
const NODE_CAP: u64 = 20_000_000;

/// One data line: a position and its expected counts by depth.
struct Row {
    line: usize,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn data_path(variant: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(format!("perft_{variant}.txt"))
}

/// Reads a data file, panicking with the line number on anything malformed.
fn rows(variant: &str) -> Vec<Row> {
    let path = data_path(variant);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut rows = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';');
        let fen = fields.next().unwrap_or_default().trim().to_string();
        let mut counts = Vec::new();
        for field in fields {
            let field = field.trim();
            if field.is_empty() {
                continue;
            }
            let (depth, count) = field
                .split_once(char::is_whitespace)
                .unwrap_or_else(|| panic!("{variant}:{}: bad entry {field:?}", i + 1));
            let depth: u32 = depth
                .trim()
                .parse()
                .unwrap_or_else(|e| panic!("{variant}:{}: depth {depth:?}: {e}", i + 1));
            let count: u64 = count
                .trim()
                .parse()
                .unwrap_or_else(|e| panic!("{variant}:{}: count {count:?}: {e}", i + 1));
            counts.push((depth, count));
        }
        assert!(!counts.is_empty(), "{variant}:{}: no counts", i + 1);
        rows.push(Row {
            line: i + 1,
            fen,
            counts,
        });
    }
    rows
}

/// Checks every figure of at most `cap` leaves, one thread per row. Reports all
/// mismatches at once.
fn check<V: Variant>(cap: u64) -> usize {
    let rows = rows(V::NAME);
    assert!(!rows.is_empty(), "no rows in the {} table", V::NAME);
    let results: Vec<(usize, Vec<String>)> = thread::scope(|s| {
        let handles: Vec<_> = rows
            .iter()
            .map(|row| {
                s.spawn(move || {
                    let pos: Position<V> = row.fen.parse().unwrap_or_else(|e| {
                        panic!("{}:{}: bad FEN {:?}: {e}", V::NAME, row.line, row.fen)
                    });
                    let mut checked = 0;
                    let mut failures = Vec::new();
                    for &(depth, expected) in &row.counts {
                        if expected > cap {
                            continue;
                        }
                        checked += 1;
                        let actual = perft(&pos, depth);
                        if actual != expected {
                            failures.push(format!(
                                "{}:{}: {} depth {depth}: expected {expected}, got {actual}",
                                V::NAME,
                                row.line,
                                row.fen
                            ));
                        }
                    }
                    (checked, failures)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let checked = results.iter().map(|r| r.0).sum();
    let failures: Vec<String> = results.into_iter().flat_map(|r| r.1).collect();
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    checked
}

#[test]
fn perft_international() {
    let checked = check::<International>(NODE_CAP);
    assert!(checked >= 200, "only {checked} figures checked");
}

#[test]
fn perft_english() {
    let checked = check::<English>(NODE_CAP);
    assert!(checked >= 150, "only {checked} figures checked");
}

#[test]
fn perft_brazilian() {
    let checked = check::<Brazilian>(NODE_CAP);
    assert!(checked >= 9, "only {checked} figures checked");
}

#[test]
fn perft_pool() {
    let checked = check::<Pool>(NODE_CAP);
    assert!(checked >= 9, "only {checked} figures checked");
}

#[test]
fn perft_russian() {
    let checked = check::<Russian>(NODE_CAP);
    assert!(checked >= 9, "only {checked} figures checked");
}

#[test]
fn perft_italian() {
    let checked = check::<Italian>(NODE_CAP);
    assert!(checked >= 10, "only {checked} figures checked");
}

#[test]
fn perft_spanish() {
    let checked = check::<Spanish>(NODE_CAP);
    assert!(checked >= 10, "only {checked} figures checked");
}

#[test]
fn perft_czech() {
    let checked = check::<Czech>(NODE_CAP);
    assert!(checked >= 10, "only {checked} figures checked");
}

#[test]
fn perft_thai() {
    let checked = check::<Thai>(NODE_CAP);
    assert!(checked >= 60, "only {checked} figures checked");
}

/// Every figure, including the deep ones.
#[test]
#[ignore = "deep perft: run with --ignored (ideally with --release)"]
fn perft_deep_thai() {
    check::<Thai>(u64::MAX);
}

#[test]
fn perft_turkish() {
    let checked = check::<Turkish>(NODE_CAP);
    assert!(checked >= 55, "only {checked} figures checked");
}

/// Every figure, including the deep ones.
#[test]
#[ignore = "deep perft: run with --ignored (ideally with --release)"]
fn perft_deep_turkish() {
    check::<Turkish>(u64::MAX);
}

#[test]
fn perft_killer() {
    let checked = check::<Killer>(NODE_CAP);
    assert!(checked >= 50, "only {checked} figures checked");
}

#[test]
fn perft_antidraughts() {
    let checked = check::<Antidraughts>(NODE_CAP);
    assert!(checked >= 25, "only {checked} figures checked");
}

#[test]
fn perft_breakthrough() {
    let checked = check::<Breakthrough>(NODE_CAP);
    assert!(checked >= 25, "only {checked} figures checked");
}

/// Every figure of the 10x10 variants that differ from International in one rule (38 s
/// in release, session 34).
#[test]
#[ignore = "deep perft: run with --ignored (ideally with --release)"]
fn perft_deep_killer_antidraughts_breakthrough() {
    check::<Killer>(u64::MAX);
    check::<Antidraughts>(u64::MAX);
    check::<Breakthrough>(u64::MAX);
}

#[test]
fn perft_frisian() {
    let checked = check::<Frisian>(NODE_CAP);
    assert!(checked >= 7, "only {checked} figures checked");
}

#[test]
fn perft_frysk() {
    let checked = check::<Frysk>(NODE_CAP);
    assert!(checked >= 6, "only {checked} figures checked");
}

/// Every figure, including the deep ones (minutes in release mode, longer here).
#[test]
#[ignore = "deep perft: run with --ignored (ideally with --release)"]
fn perft_deep_international() {
    check::<International>(u64::MAX);
}

/// Every figure, including the deep ones.
#[test]
#[ignore = "deep perft: run with --ignored (ideally with --release)"]
fn perft_deep_english() {
    check::<English>(u64::MAX);
}

/// Every figure, including the deep ones.
#[test]
#[ignore = "deep perft: run with --ignored (ideally with --release)"]
fn perft_deep_brazilian() {
    check::<Brazilian>(u64::MAX);
}

/// Every figure, including the deep ones.
#[test]
#[ignore = "deep perft: run with --ignored (ideally with --release)"]
fn perft_deep_pool() {
    check::<Pool>(u64::MAX);
}

/// Every figure, including the deep ones.
#[test]
#[ignore = "deep perft: run with --ignored (ideally with --release)"]
fn perft_deep_russian() {
    check::<Russian>(u64::MAX);
}

/// Every figure, including the deep ones.
#[test]
#[ignore = "deep perft: run with --ignored (ideally with --release)"]
fn perft_deep_italian() {
    check::<Italian>(u64::MAX);
}

/// Every figure, including the deep ones.
#[test]
#[ignore = "deep perft: run with --ignored (ideally with --release)"]
fn perft_deep_spanish() {
    check::<Spanish>(u64::MAX);
}

/// Every figure, including the deep ones.
#[test]
#[ignore = "deep perft: run with --ignored (ideally with --release)"]
fn perft_deep_czech() {
    check::<Czech>(u64::MAX);
}

/// The tables themselves are well formed: every FEN reads and writes back to a FEN that
/// reads to the same position, and depths within a row strictly increase.
#[test]
fn tables_are_well_formed() {
    fn check_rows<V: Variant>() {
        for row in rows(V::NAME) {
            let pos: Position<V> = row.fen.parse().expect("FEN reads");
            assert_eq!(pos.to_fen().parse::<Position<V>>(), Ok(pos), "{}", row.fen);
            assert!(
                row.counts.windows(2).all(|w| w[0].0 < w[1].0),
                "{}:{}: depths must increase",
                V::NAME,
                row.line
            );
        }
    }
    check_rows::<International>();
    check_rows::<English>();
    check_rows::<Brazilian>();
    check_rows::<Pool>();
    check_rows::<Russian>();
    check_rows::<Italian>();
    check_rows::<Spanish>();
    check_rows::<Czech>();
    check_rows::<Thai>();
    check_rows::<Killer>();
    check_rows::<Antidraughts>();
    check_rows::<Breakthrough>();
    check_rows::<Frisian>();
    check_rows::<Frysk>();
}

/// `divide` splits a perft by first move: one entry per legal move, adding up.
#[test]
fn divide_adds_up() {
    fn check_divide<V: Variant>(depth: u32) {
        for row in rows(V::NAME).iter().take(12) {
            let pos: Position<V> = row.fen.parse().unwrap();
            let split = divide(&pos, depth);
            assert_eq!(split.len(), pos.legal_moves().len(), "{}", row.fen);
            assert_eq!(
                split.iter().map(|(_, n)| n).sum::<u64>(),
                perft(&pos, depth),
                "{}",
                row.fen
            );
            for (mv, n) in split {
                assert_eq!(n, perft(&pos.play_unchecked(&mv), depth - 1));
            }
        }
    }
    check_divide::<International>(3);
    check_divide::<English>(4);
    check_divide::<Brazilian>(4);
    check_divide::<Pool>(4);
    check_divide::<Russian>(4);
    check_divide::<Italian>(4);
    check_divide::<Spanish>(4);
    check_divide::<Czech>(4);
    check_divide::<Thai>(4);
    check_divide::<Killer>(3);
    check_divide::<Antidraughts>(3);
    check_divide::<Breakthrough>(3);
    check_divide::<Frisian>(3);
    check_divide::<Frysk>(4);
}

/// Perft of depth 0 is 1 and of depth 1 the number of legal moves.
#[test]
fn shallow_perft_is_the_move_count() {
    let pos = Position::<International>::initial();
    assert_eq!(perft(&pos, 0), 1);
    assert_eq!(perft(&pos, 1), pos.legal_moves().len() as u64);
    let pos = Position::<English>::initial();
    assert_eq!(perft(&pos, 0), 1);
    assert_eq!(perft(&pos, 1), pos.legal_moves().len() as u64);
}
