//! A golden checksum per variant over everything the evaluation computes, on the
//! positions of seeded random games: the feature values of both colours, the score of
//! the default weights, of the shipped learned evaluation (where there is one) and of
//! a dense pseudo-random pattern table, and every pattern arrangement. The checksums
//! were taken from the code before its move from raw bit words to typed operations;
//! any change to any of these numbers, in any variant, changes them.

use draughts_core::{for_each_variant, Color, Position, Variant};
use draughts_eval::{learned, Evaluator, FeatureValues, LinearEval, Patterns, Weights};
use std::sync::Arc;

/// A fixed linear congruential generator.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// FNV-1a over 64-bit words.
struct Fnv(u64);

impl Fnv {
    fn add(&mut self, x: i64) {
        for byte in x.to_le_bytes() {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
        }
    }
}

/// A pattern table with a pseudo-random value on every entry of every slot.
fn dense_table<V: Variant>() -> Arc<Patterns<V>> {
    let mut rng = Lcg(7);
    let mut table = Patterns::<V>::zero();
    for slot in 0..Patterns::<V>::SLOTS {
        for a in 0..Patterns::<V>::slot_size(slot) as u16 {
            let v = [rng.next() % 2001, rng.next() % 2001].map(|x| x as i16 - 1000);
            table.set(slot, a, v);
        }
    }
    Arc::new(table)
}

/// The checksum of variant `V` over 12 random games of at most 200 plies, and how
/// many of their positions have kings (so that the kings' features are covered; in
/// Breakthrough the first king ends the game).
fn checksum<V: Variant>() -> (u64, usize) {
    let plain = LinearEval::<V>::default();
    let dense = LinearEval::<V>::with_patterns(Weights::default_for::<V>(), dense_table::<V>());
    let shipped = learned::<V>().map(|(w, p)| LinearEval::<V>::with_patterns(w, p));
    let (mut rng, mut hash) = (Lcg(2026), Fnv(0xcbf2_9ce4_8422_2325));
    let mut with_kings = 0;
    for _ in 0..12 {
        let mut pos = Position::<V>::initial();
        for _ in 0..200 {
            with_kings +=
                usize::from(!(pos.kings(Color::White) | pos.kings(Color::Black)).is_empty());
            let values = FeatureValues::compute(&pos);
            for color in [Color::White, Color::Black] {
                values.side(color).iter().for_each(|&x| hash.add(x.into()));
            }
            hash.add(plain.evaluate(&pos).into());
            hash.add(dense.evaluate(&pos).into());
            if let Some(eval) = &shipped {
                hash.add(eval.evaluate(&pos).into());
            }
            let table = dense.patterns().expect("the dense evaluation has a table");
            let slots = Patterns::<V>::SLOTS;
            for &a in &table.arrangements(&pos)[..slots] {
                hash.add(a.into());
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&moves[rng.next() as usize % moves.len()]);
        }
    }
    (hash.0, with_kings)
}

macro_rules! checksums {
    ($($variant:ident $name:literal),+) => {
        [$(($name, checksum::<draughts_core::$variant>())),+]
    };
}

#[test]
fn evaluation_checksums() {
    let expected = [
        ("international", 0xe07b5a51e6e36876),
        ("english", 0xdb64472fbd2fbfe7),
        ("brazilian", 0xb3b271461425c4a3),
        ("pool", 0xf1637c9b0314324d),
        ("russian", 0xb8e9cef590813805),
        ("italian", 0x091588dfbedc5924),
        ("spanish", 0xcb339812f4de42be),
        ("czech", 0x4faa39e8da344860),
        ("thai", 0x954387bffcdb3a42),
        ("turkish", 0xece57fb8c4eed45a),
        ("killer", 0xce26d6a1a29b7af4),
        ("antidraughts", 0xee1274a692aa09ff),
        ("breakthrough", 0xc185ed8370552796),
        ("frisian", 0x177288c938ec2e82),
        ("frysk", 0xac8808449e8163be),
    ];
    let got = for_each_variant!(checksums);
    assert_eq!(got.len(), expected.len());
    for ((name, (sum, with_kings)), (want_name, want)) in got.into_iter().zip(expected) {
        assert_eq!(name, want_name);
        assert!(
            with_kings >= 10,
            "{name}: {with_kings} positions with kings"
        );
        assert_eq!(sum, want, "{name}: checksum {sum:#018x}");
    }
}
