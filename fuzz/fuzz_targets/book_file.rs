//! Opening book files, read as both variants, as they are and with their checksum made
//! right (so that the fuzzer reaches the records): what reads writes bytes that read
//! back to the same book, and probing it in the first positions of a game gives legal
//! moves only.
#![no_main]

use draughts_core::{English, International, Position, Variant};
use draughts_engine::book::Book;
use libfuzzer_sys::fuzz_target;
use rand::SeedableRng;

fn check<V: Variant>(data: &[u8]) {
    let Ok(book) = Book::<V>::from_bytes(data) else {
        return;
    };
    let back = Book::<V>::from_bytes(&book.to_bytes());
    assert!(back.ok() == Some(book.clone()), "a book does not read back");
    let _ = book.stats();
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(1);
    let mut position = Position::<V>::initial();
    for ply in 0..6 {
        let legal = position.legal_moves();
        for found in book.probe(&position).into_iter().flatten() {
            assert!(legal.contains(&found.mv), "an illegal book move");
        }
        if let Some(first) = book.line(&position).first() {
            assert!(legal.contains(first), "an illegal move in the book's line");
        }
        match book.choose(&position, 50, &mut rng) {
            Some(chosen) => position = position.play_unchecked(&chosen.mv),
            None => match legal.get(ply % legal.len().max(1)) {
                Some(mv) => position = position.play_unchecked(mv),
                None => break,
            },
        }
    }
}

/// `data` with its last eight bytes made the checksum of the rest.
fn resealed(data: &[u8]) -> Option<Vec<u8>> {
    let body = data.len().checked_sub(8)?;
    let mut bytes = data.to_vec();
    let sum = draughts_eval::fnv1a(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
    Some(bytes)
}

fuzz_target!(|data: &[u8]| {
    for bytes in [Some(data.to_vec()), resealed(data)].into_iter().flatten() {
        check::<International>(&bytes);
        check::<English>(&bytes);
    }
});
