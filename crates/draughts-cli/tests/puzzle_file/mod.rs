//! A small puzzle file for the tests of `draughts serve`: the library's combination
//! finder run on two positions of the engine's own play, written as `draughts puzzles
//! --out` writes puzzles.

use draughts_core::{English, International, Position, Variant};
use draughts_engine::puzzles::Puzzle;
use draughts_tactics::{Finder, FinderConfig, PieceValues, Verdict};

/// White's 28-23 18x29 33x15 in International.
pub const INTERNATIONAL: &str = "W:W28,31-40,42-50:B1-14,16,18-21,25";
/// Black's 18-22 26-23 10-15 19x10 12x26 in English.
pub const ENGLISH: &str = "B:W16,17,19,21,26:B1,2,10,12,18";

fn puzzle<V: Variant>(fen: &str) -> String {
    let position: Position<V> = fen.parse().expect("a position");
    let finder = Finder::new(FinderConfig::default(), PieceValues::for_variant::<V>());
    let (Verdict::Wins(outcome), effort) = finder.solve_counted(&position, None) else {
        panic!("no combination at {fen}");
    };
    let mut puzzle = Puzzle::of_line(&position, &outcome.line);
    puzzle.difficulty.effort = effort;
    format!("{}\n", puzzle.to_pdn::<V>().expect("PDN"))
}

/// The two puzzles, International first, as one PDN file.
pub fn puzzle_file() -> String {
    puzzle::<International>(INTERNATIONAL) + &puzzle::<English>(ENGLISH)
}
