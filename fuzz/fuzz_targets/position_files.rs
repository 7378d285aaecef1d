//! Openings files (a FEN a line) and tactics suites (a FEN and a move a line), read by
//! the engine library's `position_files` as both variants. What reads writes a file that reads back to the same positions
//! and moves; every opening has a legal move and every suite move is legal.
#![no_main]

use draughts_core::{English, International, Variant};
use draughts_engine::position_files::{read_openings, read_suite};
use libfuzzer_sys::fuzz_target;

fn check<V: Variant>(text: &str) {
    if let Ok(openings) = read_openings::<V>(text, "fuzz") {
        let written: String = openings.iter().map(|p| p.to_fen() + "\n").collect();
        assert_eq!(read_openings::<V>(&written, "written"), Ok(openings));
    }
    if let Ok(suite) = read_suite::<V>(text, "fuzz") {
        for (position, mv) in &suite {
            assert!(position.legal_moves().contains(mv), "{}", position.to_fen());
        }
        let written: String = suite
            .iter()
            .map(|(p, mv)| format!("{} {}\n", p.to_fen(), p.move_text(mv)))
            .collect();
        assert_eq!(read_suite::<V>(&written, "written"), Ok(suite));
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    check::<International>(&text);
    check::<English>(&text);
});
