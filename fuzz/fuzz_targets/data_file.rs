//! The labelled-position file of `draughts tune data`, read by
//! `draughts_tune::DataSet::from_bytes`. No panic; every position read is valid (its
//! FEN reads back to it), and its result is 0, 1 or 2.
#![no_main]

use draughts_core::{English, International, Position, Variant};
use draughts_tune::DataSet;
use libfuzzer_sys::fuzz_target;

fn check<V: Variant>(data: &[u8]) {
    if let Ok(set) = DataSet::<V>::from_bytes(data) {
        assert!(set.positions.iter().all(|p| p.result <= 2));
        for p in &set.positions {
            let fen = p.position.to_fen();
            assert_eq!(fen.parse::<Position<V>>().ok(), Some(p.position));
        }
    }
}

fuzz_target!(|data: &[u8]| {
    check::<International>(data);
    check::<English>(data);
});
