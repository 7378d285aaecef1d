//! Move text against a position. The input's first line is a FEN, or (if it does not
//! read as one) bytes that each pick a legal move from the initial position; the rest is
//! move text, read both as PDN (`parse_move`) and as Hub text (`parse_hub_move`). A
//! move that reads must be legal, and its written forms must read back to it.
#![no_main]

use draughts_core::{English, International, Position, Variant};
use libfuzzer_sys::fuzz_target;

fn position<V: Variant>(header: &[u8]) -> Option<Position<V>> {
    if let Ok(pos) = std::str::from_utf8(header).ok()?.parse::<Position<V>>() {
        return Some(pos);
    }
    let mut pos = Position::<V>::initial();
    for &seed in header {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos = pos.play_unchecked(&legal[usize::from(seed) % legal.len()]);
    }
    Some(pos)
}

fn check<V: Variant>(header: &[u8], text: &str) {
    let Some(pos) = position::<V>(header) else {
        return;
    };
    let legal = pos.legal_moves();
    for parsed in [pos.parse_move(text), pos.parse_hub_move(text)] {
        let Ok(mv) = parsed else {
            continue;
        };
        assert!(
            legal.contains(&mv),
            "{text:?} read as an illegal move in {pos:?}"
        );
        let written = pos.move_text(&mv);
        assert_eq!(pos.parse_move(&written), Ok(mv), "{written:?} in {pos:?}");
        let hub = Position::<V>::hub_move_text(&mv);
        assert_eq!(pos.parse_hub_move(&hub), Ok(mv), "{hub:?} in {pos:?}");
        assert!(pos.play(&mv).is_ok());
    }
}

fuzz_target!(|data: &[u8]| {
    let (header, rest) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (&[][..], data),
    };
    if let Ok(text) = std::str::from_utf8(rest) {
        check::<International>(header, text);
        check::<English>(header, text);
    }
});
