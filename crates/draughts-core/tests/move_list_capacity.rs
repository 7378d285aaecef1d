//! The move list's capacity, [`MAX_MOVES`], against constructed worst cases.
//!
//! Largest counts found (simulated annealing over placements of men and kings, scored
//! by the move count: `search_for_large_move_counts` below, run with `--ignored`; every
//! count checked against the brute-force generator and against the peers' refgen.py):
//!
//! | variant | kind | moves | position |
//! |---|---|---|---|
//! | International | steps | 128 | `W:WK1-6,K15,K16,K25,K26,K35,K36,K45-50:B` |
//! | International | captures | 280 | `W:WK1,K3,K4,K15,K17,K25,K35,K45,K49:BK8,K9,10,K11,K12,20,K21,K22,K28,30,K33,39,K40,44,K50` |
//! | English | steps | 42 | `W:WK5-8,K13-16,K22-24,31:BK21` |
//! | English | captures | 28 | `W:WK2-4,K6,K16,K21,K24,K28:B1,9-12,17,18,K19,K20,K25,26,27` |
//!
//! Steps: 18 kings on the 18 edge squares reach the bound of src/moves.rs for the 32
//! empty squares left (4 each). Every annealing run from random starts ended on this
//! placement and none found more (not a proof of optimality; the 4-per-empty-square
//! bound, at most 192, is). English never exceeded 42 steps or 28 captures in any run.
//!
//! International captures go past 256: seven to nine flying kings, all of whose best
//! captures take six pieces, by many different routes (the 280 above: 87 distinct
//! (from, to) pairs, the rest different captured sets and landing squares; 77, 56, 43,
//! 34, 27, 27 and 16 moves for the kings on 45, 35, 25, 1, 4, 15 and 3).
//! `captures_beyond_256` fails until the capacity is raised.

mod common;

use common::{Board, Brute};
use draughts_core::{English, International, Position, MAX_MOVES};
use std::collections::BTreeSet;

/// Checks that the generator lists exactly the brute-force moves of `fen`, that none is
/// lost to the capacity, and returns the count.
fn moves_of<V: Brute>(fen: &str) -> usize {
    let pos: Position<V> = fen.parse().unwrap();
    let expected = Board::of(&pos).moves::<V>();
    assert!(
        expected.len() <= MAX_MOVES,
        "{fen} has {} legal moves; MAX_MOVES is {MAX_MOVES}",
        expected.len()
    );
    let list = pos.legal_moves();
    let actual: BTreeSet<_> = list
        .iter()
        .map(|m| {
            (
                m.from().number(),
                m.to().number(),
                m.captured()
                    .into_iter()
                    .map(|s| s.number())
                    .collect::<Vec<_>>(),
                m.crowns_mid_capture(),
            )
        })
        .collect();
    assert_eq!(actual.len(), list.len(), "{fen}: duplicates");
    assert_eq!(actual, expected, "{fen}");
    assert_eq!(pos.count_moves(), list.len(), "{fen}");
    // The colour-swapped mirror has as many.
    assert_eq!(
        pos.flipped().legal_moves().len(),
        list.len(),
        "{fen} flipped"
    );
    list.len()
}

/// Steps: an empty square can be entered from at most one piece along each of its four
/// diagonals; with kings on all 18 edge squares, each of the 32 inner squares is entered
/// from all four, 4 × 32 = 128, the most any search found.
#[test]
fn step_worst_cases_fit() {
    assert_eq!(
        moves_of::<International>("W:WK1-6,K15,K16,K25,K26,K35,K36,K45-50:B"),
        128
    );
    assert_eq!(moves_of::<English>("W:WK5-8,K13-16,K22-24,31:BK21"), 42);
}

/// Captures with many kings and many landing squares, within the capacity.
#[test]
fn capture_worst_cases_fit() {
    assert_eq!(
        moves_of::<International>(
            "W:WK1,K25,K35,K46,K49,50:B5,K10,11,K14,K17,19,K22,23,K30,K32,K33,K37,41,44"
        ),
        247
    );
    assert_eq!(
        moves_of::<English>("W:WK2-4,K6,K16,K21,K24,K28:B1,9-12,17,18,K19,K20,K25,26,27"),
        28
    );
}

/// Positions with more legal moves than `MAX_MOVES` = 256 (counted by the brute-force
/// generator and, independently, by the peers' refgen.py). The generator must list them
/// all; with the capacity at 256 it cannot (in debug builds it panics with "move list
/// overflow", in release builds it drops moves).
#[test]
fn captures_beyond_256() {
    for (fen, moves) in [
        (
            "W:WK1,K3,K4,K15,K25,K35,K45,48:BK6,K8-11,12,K20-22,K28,K30,33,39,40,44,K49",
            270,
        ),
        (
            "W:WK1,K3,K4,K15,K17,K25,K35,K45,K49:BK8,K9,10,K11,K12,20,K21,K22,K28,30,K33,39,K40,44,K50",
            280,
        ),
    ] {
        assert_eq!(moves_of::<International>(fen), moves, "{fen}");
    }
}

/// A xorshift generator: the search is reproducible from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The position with White to move whose squares hold `cells` (0 empty, 1 white man,
/// 2 white king, 3 black man, 4 black king), if it is a legal one.
fn from_cells<V: Brute>(cells: &[u8]) -> Option<Position<V>> {
    let mut lists: [Vec<String>; 2] = Default::default();
    for (i, &c) in cells.iter().enumerate() {
        match c {
            1 => lists[0].push(format!("{}", i + 1)),
            2 => lists[0].push(format!("K{}", i + 1)),
            3 => lists[1].push(format!("{}", i + 1)),
            4 => lists[1].push(format!("K{}", i + 1)),
            _ => {}
        }
    }
    format!("W:W{}:B{}", lists[0].join(","), lists[1].join(","))
        .parse()
        .ok()
}

/// Simulated annealing over placements, maximising the number of captures (`captures`)
/// or of steps. Captures are counted by the brute-force generator, which has no
/// capacity; steps by the library.
fn anneal<V: Brute>(
    captures: bool,
    seed: u64,
    iterations: usize,
    start: Option<&str>,
) -> (usize, String) {
    let squares = common::Board::squares::<V>();
    let mut rng = Rng(seed | 1);
    let score = |p: &Position<V>| -> i64 {
        if p.has_capture() != captures {
            return -1;
        }
        if captures {
            Board::of(p).moves::<V>().len() as i64
        } else {
            p.count_moves() as i64
        }
    };
    let mut cells = vec![0u8; squares];
    if let Some(fen) = start {
        let pos: Position<V> = fen.parse().expect("START is a FEN");
        for (square, piece) in pos.piece_squares() {
            let kind = usize::from(piece.kind == draughts_core::Kind::King);
            cells[usize::from(square.number()) - 1] = (1 + kind + 2 * piece.color.index()) as u8;
        }
    }
    let heat = if start.is_some() { 0.5 } else { 3.0 };
    let mut current = -1;
    let mut best = (0, String::new());
    for i in 0..iterations {
        let temperature = heat * (1.0 - i as f64 / iterations as f64) + 0.05;
        let mut next = cells.clone();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(squares);
            next[at] = rng.below(5) as u8;
        }
        let Some(pos) = from_cells::<V>(&next) else {
            continue;
        };
        let s = score(&pos);
        if s >= current || rng.unit() < ((s - current) as f64 / temperature).exp() {
            cells = next;
            current = s;
            if s > best.0 as i64 {
                best = (s as usize, pos.to_fen());
            }
        }
    }
    best
}

/// Looks for positions with more moves than the table above records. Set `ITERATIONS`
/// and `SEEDS` in the environment to search longer, and `START` to a FEN (White to
/// move, International) to search for more captures around it.
#[test]
#[ignore = "a search, minutes long: run with --ignored --nocapture (ideally --release)"]
fn search_for_large_move_counts() {
    let env = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let iterations = env("ITERATIONS", 200_000);
    let seeds = env("SEEDS", 2) as u64;
    if let Ok(start) = std::env::var("START") {
        std::thread::scope(|s| {
            for seed in 1..=seeds {
                let start = start.as_str();
                s.spawn(move || {
                    let seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    let best = anneal::<International>(true, seed, iterations, Some(start));
                    println!("international captures from START {best:?}");
                });
            }
        });
        return;
    }
    std::thread::scope(|s| {
        for seed in 1..=seeds {
            s.spawn(move || {
                let seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                println!(
                    "international steps {:?}",
                    anneal::<International>(false, seed, iterations, None)
                );
                println!(
                    "international captures {:?}",
                    anneal::<International>(true, seed, iterations, None)
                );
                println!(
                    "english steps {:?}",
                    anneal::<English>(false, seed, iterations, None)
                );
                println!(
                    "english captures {:?}",
                    anneal::<English>(true, seed, iterations, None)
                );
            });
        }
    });
}
