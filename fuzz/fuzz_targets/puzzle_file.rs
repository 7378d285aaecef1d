//! Puzzle files (`draughts puzzles --out`, PDN with `Puzzle…` tags), read as both
//! variants. A puzzle that reads must write PDN that reads back to the same puzzle.
#![no_main]

use draughts_core::pdn::read_games;
use draughts_core::{English, International, Variant};
use draughts_engine::puzzles::file::read_puzzles;
use draughts_engine::puzzles::Puzzle;
use libfuzzer_sys::fuzz_target;

fn check<V: Variant>(data: &[u8]) {
    for puzzle in read_puzzles::<V>(data).into_iter().flatten() {
        let text = puzzle.to_pdn::<V>().expect("a puzzle that read writes").to_string();
        let game = read_games(&text).remove(0).expect("written PDN reads");
        let back = Puzzle::from_pdn::<V>(&game).expect("written puzzle reads");
        assert_eq!(back, puzzle, "puzzle does not read back: {text}");
    }
}

fuzz_target!(|data: &[u8]| {
    check::<International>(data);
    check::<English>(data);
});
