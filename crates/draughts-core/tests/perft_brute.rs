//! Perft tables of variants with no published figures, checked against the brute-force
//! generator of `tests/common` (written from the rules, sharing no code with `src/`):
//! at every node of the tree down to the checked depth both generators list the same
//! moves (from, to, captured set) and reach the same positions, so their perft counts
//! are equal, and the library's count must equal the table's.
//!
//! The default run checks the figures of at most [`NODE_CAP`] leaves; `deep` (ignored)
//! checks every row to [`DEEP_CAP`].

use draughts_core::{Piece, Position, Square, Thai, Turkish, Variant};
use std::collections::BTreeMap;
use std::path::PathBuf;

mod common;

use common::{Board, Brute, Key};

/// The largest figure the default run checks against the brute force (slow: it builds
/// every position of the tree on row/column coordinates).
const NODE_CAP: u64 = 250_000;

/// The largest figure the ignored run checks.
const DEEP_CAP: u64 = 20_000_000;

/// A move of the library as a brute-force key.
fn key<V: Variant>(mv: &draughts_core::Move<V>) -> Key {
    (
        mv.from().number(),
        mv.to().number(),
        mv.captured().into_iter().map(Square::number).collect(),
        mv.crowns_mid_capture(),
    )
}

/// The leaves `depth` plies below `pos`, asserting on the way that every node's moves
/// and successors agree with the brute force.
fn brute_perft<V: Brute>(pos: &Position<V>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let board = Board::of(pos);
    let list = pos.legal_moves();
    let ours: Vec<Key> = list.iter().map(key).collect();
    let theirs: Vec<Key> = board.moves::<V>().into_iter().collect();
    let mut sorted = ours.clone();
    sorted.sort();
    assert_eq!(sorted, theirs, "moves of {pos:?}");
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .zip(&ours)
        .map(|(mv, k)| {
            let after = pos.play_unchecked(mv);
            let got: BTreeMap<u8, Piece> = after
                .piece_squares()
                .map(|(s, p)| (s.number(), p))
                .collect();
            let (expected, turn) = board.play(k);
            assert_eq!(got, expected, "{pos:?} after {mv:?}");
            assert_eq!(after.turn(), turn);
            brute_perft(&after, depth - 1)
        })
        .sum()
}

/// The rows of `tests/data/perft_<variant>.txt`: a FEN and its (depth, count) pairs.
fn rows(variant: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(format!("perft_{variant}.txt"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut fields = line.split(';');
            let fen = fields.next().unwrap_or_default().trim().to_string();
            let counts = fields
                .filter_map(|f| f.trim().split_once(' '))
                .map(|(d, n)| (d.parse().expect("depth"), n.parse().expect("count")))
                .collect();
            (fen, counts)
        })
        .collect()
}

/// Checks every figure of at most `cap` leaves; returns how many.
fn check<V: Brute>(cap: u64) -> usize {
    let mut checked = 0;
    for (fen, counts) in rows(V::NAME) {
        let pos: Position<V> = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, expected) in counts.into_iter().filter(|&(_, n)| n <= cap) {
            assert_eq!(brute_perft(&pos, depth), expected, "{fen} depth {depth}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn thai() {
    let checked = check::<Thai>(NODE_CAP);
    assert!(checked >= 15, "only {checked} figures checked");
}

#[test]
fn turkish() {
    let checked = check::<Turkish>(NODE_CAP);
    assert!(checked >= 15, "only {checked} figures checked");
}

#[test]
#[ignore = "slow: the brute force builds every position of the tree"]
fn deep() {
    check::<Thai>(DEEP_CAP);
    check::<Turkish>(DEEP_CAP);
}
