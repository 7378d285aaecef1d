use super::*;
use crate::engine::{BookChoice, EngineOptions, EngineParts};
use crate::openings::random_plies;
use draughts_core::{English, International};
use draughts_eval::fnv1a;
use proptest::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::SeedableRng;
use std::path::PathBuf;

/// Positions of random games from the start, `count` of them, by `seed`.
fn positions<V: Variant>(seed: u64, count: usize) -> Vec<Position<V>> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..count)
        .map(|i| random_plies(&mut rng, Position::initial(), i % 30))
        .collect()
}

/// A book of `positions`, each with all its moves scored by their index.
fn book_of<V: Variant>(positions: &[Position<V>]) -> Book<V> {
    Book::from_positions(positions.iter().enumerate().map(|(i, p)| {
        let moves = p.legal_moves();
        let scored = moves
            .iter()
            .enumerate()
            .map(|(j, m)| (*m, j as Score * 3 - 4));
        (p, i, scored.collect())
    }))
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_book_round_trips_through_bytes_and_files() {
    let positions = positions::<International>(3, 40);
    let book = book_of(&positions);
    assert!(book.len() > 20, "{}", book.len());
    let back = Book::<International>::from_bytes(&book.to_bytes()).unwrap();
    assert_eq!(back, book);
    let path = temp("round.book");
    book.save(&path).unwrap();
    assert_eq!(Book::<International>::load(&path).unwrap(), book);
    for position in &positions {
        let moves = book.probe(position).unwrap();
        assert_eq!(moves.len(), position.legal_moves().len());
        assert!(moves.windows(2).all(|w| w[0].score >= w[1].score));
    }
    let stats = book.stats();
    assert_eq!(stats.positions, book.len());
    assert_eq!(stats.by_ply.iter().sum::<usize>(), book.len());
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn bad_files_are_typed_errors() {
    let book = book_of(&positions::<English>(5, 10));
    let bytes = book.to_bytes();
    let problem = |bytes: &[u8]| {
        Book::<English>::from_bytes(bytes)
            .unwrap_err()
            .problem()
            .cloned()
    };
    for cut in [0, 3, 7, 20, bytes.len() - 9, bytes.len() - 1] {
        assert_eq!(
            problem(&bytes[..cut]),
            Some(FormatProblem::Truncated),
            "{cut}"
        );
    }
    let mut magic = bytes.clone();
    magic[0] = b'X';
    assert_eq!(problem(&magic), Some(FormatProblem::Magic));
    let mut damaged = bytes.clone();
    let middle = bytes.len() / 2;
    damaged[middle] ^= 0x40;
    assert_eq!(problem(&damaged), Some(FormatProblem::Checksum));
    let wrong = Book::<International>::from_bytes(&bytes).unwrap_err();
    assert!(matches!(
        wrong.problem(),
        Some(FormatProblem::Variant {
            expected: "international",
            ..
        })
    ));
    let mut version = bytes.clone();
    version[4] = 9;
    assert_eq!(problem(&version), Some(FormatProblem::Version(9)));
    let missing = Book::<English>::load(temp("missing.book")).unwrap_err();
    assert!(matches!(missing, BookError::Io { .. }), "{missing}");
    let path = temp("damaged.book");
    std::fs::write(&path, &damaged).unwrap();
    let error = Book::<English>::load(&path).unwrap_err().to_string();
    assert!(
        error.contains("damaged.book") && error.contains("checksum"),
        "{error}"
    );
    std::fs::remove_file(&path).unwrap();
}

/// `bytes` with its checksum made right again.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let body = bytes.len() - 8;
    let sum = fnv1a(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the bytes say, a probe gives legal moves or nothing: books whose moves
    /// and hashes are changed at random (checksum made right), probed in random
    /// positions and in the positions they were made of.
    #[test]
    fn probes_never_give_an_illegal_move(
        seed in 0u64..1000,
        changes in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..12),
    ) {
        let made = positions::<International>(seed, 12);
        let mut bytes = book_of(&made).to_bytes();
        let header = 4 + 4 + 1 + International::NAME.len() + 8;
        let span = bytes.len() - 8 - header;
        for (at, value) in changes {
            bytes[header + at % span] = value;
        }
        let Ok(book) = Book::<International>::from_bytes(&resealed(bytes)) else {
            return Ok(());
        };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for position in made.iter().chain(&positions::<International>(seed + 1, 30)) {
            let legal = position.legal_moves();
            for found in book.probe(position).into_iter().flatten() {
                prop_assert!(legal.contains(&found.mv));
            }
            if let Some(chosen) = book.choose(position, 20, &mut rng) {
                prop_assert!(legal.contains(&chosen.mv));
            }
        }
    }
}

#[test]
fn an_entry_of_another_position_is_not_in_the_book() {
    let start = Position::<International>::initial();
    let other = start.play_text("32-28").unwrap();
    let book = book_of(&[start]);
    // The start's moves under the other position's hash: a stale entry or a
    // collision. 31-27 is legal in both, 34-30 too; 32-28 is not legal in the other.
    let mut stale = book.clone();
    stale.entries[0].hash = other.hash();
    assert!(stale.probe(&other).is_none());
    assert!(stale.line(&other).is_empty());
    assert!(book.probe(&other).is_none());
}

#[test]
fn the_choice_is_the_best_or_within_the_margin() {
    let start = Position::<English>::initial();
    let moves = start.legal_moves();
    let scored: Vec<(Move<English>, Score)> = moves
        .iter()
        .zip([30, 25, 10, 29, -50, 0, 1])
        .map(|(m, s)| (*m, s))
        .collect();
    let book = Book::from_positions([(&start, 0, scored.clone())]);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    for _ in 0..20 {
        assert_eq!(book.choose(&start, 0, &mut rng).unwrap().mv, scored[0].0);
    }
    let draw = |seed| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        (0..40)
            .map(|_| book.choose(&start, 5, &mut rng).unwrap())
            .collect::<Vec<_>>()
    };
    let choices = draw(9);
    assert_eq!(choices, draw(9), "the same seed, the same choices");
    assert!(choices.iter().all(|m| m.score >= 25));
    let distinct: std::collections::HashSet<_> = choices.iter().map(|m| m.score).collect();
    assert_eq!(distinct.len(), 3, "{distinct:?}");
}

/// Small builds: English, a few hundred nodes a position.
fn settings(positions: usize, threads: usize) -> BuildSettings {
    BuildSettings {
        positions,
        nodes: 300,
        penalty: 10,
        seed: 3,
        threads,
        keep: 1000,
    }
}

fn parts() -> EngineParts<English> {
    let options = EngineOptions {
        hash_mib: 1,
        book: BookChoice::Off,
        ..EngineOptions::default()
    };
    EngineParts::load(&options).unwrap()
}

fn build_fresh(name: &str, settings: &BuildSettings) -> (Book<English>, Vec<Progress>) {
    let state = temp(name);
    let _ = std::fs::remove_file(&state);
    let mut heard = Vec::new();
    let roots = [Position::<English>::initial()];
    let book = build(&roots, &parts(), settings, &state, &mut |p| heard.push(*p)).unwrap();
    std::fs::remove_file(&state).unwrap();
    (book, heard)
}

#[test]
fn builds_are_deterministic_whatever_the_threads() {
    let (one, heard) = build_fresh("one.state", &settings(14, 1));
    let (two, _) = build_fresh("two.state", &settings(14, 2));
    assert_eq!(one.to_bytes(), two.to_bytes());
    assert_eq!(one.len(), 14);
    assert_eq!(
        heard.last().map(|p| (p.positions, p.target)),
        Some((14, 14))
    );
    // Every position of the book has all its moves (keep is wide), and the main line
    // starts at the start.
    let start = Position::<English>::initial();
    assert_eq!(one.probe(&start).unwrap().len(), start.legal_moves().len());
    assert!(!one.line(&start).is_empty());
    // Another seed breaks ties otherwise, but the start is always expanded first.
    let (other, _) = build_fresh(
        "seed.state",
        &BuildSettings {
            seed: 4,
            ..settings(14, 1)
        },
    );
    assert_eq!(other.probe(&start), one.probe(&start));
}

#[test]
fn a_resumed_build_equals_an_uninterrupted_one() {
    let (whole, _) = build_fresh("whole.state", &settings(16, 1));
    let state = temp("resumed.state");
    let _ = std::fs::remove_file(&state);
    let roots = [Position::<English>::initial()];
    let parts = parts();
    build(&roots, &parts, &settings(7, 1), &state, &mut |_| {}).unwrap();
    // Killed while writing a record: the torn record is dropped and searched again.
    let length = std::fs::metadata(&state).unwrap().len();
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(&state)
        .unwrap();
    file.set_len(length - 5).unwrap();
    let mut searches = 0;
    let resumed = build(&roots, &parts, &settings(16, 2), &state, &mut |p| {
        searches = p.searches
    })
    .unwrap();
    assert_eq!(resumed.to_bytes(), whole.to_bytes());
    // Run again: everything comes from the state.
    let mut again = u64::MAX;
    build(&roots, &parts, &settings(16, 1), &state, &mut |p| {
        again = p.searches
    })
    .unwrap();
    assert_eq!(again, 0);
    assert!(searches > 0);
    // Other settings do not resume from it.
    let other = BuildSettings {
        nodes: 400,
        ..settings(16, 1)
    };
    let error = build(&roots, &parts, &other, &state, &mut |_| {}).unwrap_err();
    assert!(matches!(error, BuildError::Mismatch(_)), "{error}");
    std::fs::remove_file(&state).unwrap();
}
