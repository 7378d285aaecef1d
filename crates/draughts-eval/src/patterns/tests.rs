use super::file::{fnv1a, MAGIC};
use super::*;
use draughts_core::{English, International};

#[test]
fn region_counts() {
    assert_eq!(Patterns::<International>::REGIONS, 16);
    assert_eq!(Patterns::<English>::REGIONS, 9);
    assert_eq!(Patterns::<International>::ODD_REGIONS, 12);
    assert_eq!(Patterns::<English>::ODD_REGIONS, 6);
}

/// The arrangement on region `r` (an odd region if `odd`) square by square, as the
/// documentation of [`Patterns::arrangements`] defines it.
fn reference<V: Variant>(pos: &Position<V>, r: usize, odd: bool) -> u16 {
    let w = usize::from(<V::Board as Geometry>::PER_ROW);
    let (a, c) = (r / (w - 1), r % (w - 1));
    let mut value = 0u16;
    for j in (0..REGION_SQUARES).rev() {
        let (row, column) = (2 * a + usize::from(odd) + j / 2, c + j % 2);
        let square =
            draughts_core::Square::new((row * w + column + 1) as u8).expect("on the board");
        let digit = match pos.piece_at(square) {
            Some(piece) if piece.kind == draughts_core::Kind::Man => {
                if piece.color == Color::White {
                    1
                } else {
                    2
                }
            }
            _ => 0,
        };
        value = 3 * value + digit;
    }
    value
}

/// Random games (a fixed linear congruential generator picks the moves): every
/// position's arrangements equal the square-by-square reference, and every square
/// lies in some region.
fn arrangements_are_the_reference<V: Variant>() {
    let table = Patterns::<V>::zero();
    let mut squares_seen = [false; 50];
    for pos in random_positions::<V>(12345) {
        let arrangements = table.arrangements(&pos);
        for (r, &a) in arrangements.iter().enumerate().take(Patterns::<V>::REGIONS) {
            assert_eq!(a, reference(&pos, r, false), "{pos:?}, region {r}");
        }
        let odd = &arrangements[Patterns::<V>::FIRST_ODD..Patterns::<V>::SLOTS];
        for (r, &a) in odd.iter().enumerate() {
            assert_eq!(a, reference(&pos, r, true), "{pos:?}, odd region {r}");
        }
    }
    let w = usize::from(<V::Board as Geometry>::PER_ROW);
    for r in 0..Patterns::<V>::REGIONS {
        let (a, c) = (r / (w - 1), r % (w - 1));
        for j in 0..REGION_SQUARES {
            squares_seen[(2 * a + j / 2) * w + c + j % 2] = true;
        }
    }
    assert!(squares_seen[..usize::from(<V::Board as Geometry>::SQUARES)]
        .iter()
        .all(|&s| s));
}

#[test]
fn arrangements_follow_the_definition() {
    arrangements_are_the_reference::<International>();
    arrangements_are_the_reference::<English>();
}

#[test]
fn flipping_an_arrangement_twice_is_the_identity() {
    for a in 0..ARRANGEMENTS as u16 {
        assert_eq!(flipped_arrangement(flipped_arrangement(a)), a);
    }
    // A white man on digit 0 becomes a black man on digit 7.
    assert_eq!(flipped_arrangement(1), 2 * 3u16.pow(7));
}

#[test]
fn arrangements_match_flipped_positions() {
    let pos = Position::<International>::initial()
        .play_text("32-28")
        .expect("legal");
    let patterns = Patterns::<International>::zero();
    let here = patterns.arrangements(&pos);
    let there = patterns.arrangements(&pos.flipped());
    for r in 0..16 {
        assert_eq!(
            there[rotated_region::<International>(r)],
            flipped_arrangement(here[r])
        );
    }
    let first = Patterns::<International>::FIRST_ODD;
    for r in 0..12 {
        assert_eq!(
            there[first + rotated_odd_region::<International>(r)],
            flipped_arrangement(here[first + r])
        );
    }
}

/// A table file of an older version (1 to 3) for English: the header, then `values`.
fn old_file(version: u32, values: &[[i16; 2]]) -> Vec<u8> {
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&version.to_le_bytes());
    bytes.push(7);
    bytes.extend_from_slice(b"english");
    bytes.push(9);
    if version >= 2 {
        bytes.push(4);
    }
    if version >= 3 {
        bytes.push(1);
    }
    for v in values {
        bytes.extend_from_slice(&v[0].to_le_bytes());
        bytes.extend_from_slice(&v[1].to_le_bytes());
    }
    let sum = fnv1a(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes
}

#[test]
fn version_1_tables_load_with_empty_strips() {
    let mut values = vec![[0, 0]; 9 * ARRANGEMENTS];
    values[3 * ARRANGEMENTS + 100] = [5, -5];
    let bytes = old_file(1, &values);
    let table = Patterns::<English>::from_bytes(&bytes).expect("a version 1 table");
    let mut expected = Patterns::<English>::zero().with_phase(Phase::Pieces);
    expected.set(3, 100, [5, -5]);
    assert_eq!(
        table, expected,
        "blended by the pieces, as before version 3"
    );
    assert_eq!(table.values().len(), Patterns::<English>::ENTRIES);
}

#[test]
fn version_3_tables_load_with_empty_odd_regions() {
    type P = Patterns<English>;
    let mut values = vec![[0, 0]; 9 * ARRANGEMENTS + 4 * STRIP_ARRANGEMENTS];
    values[2 * ARRANGEMENTS + 7] = [-4, 9];
    values[P::offset(10) + 500] = [3, 3];
    let table = P::from_bytes(&old_file(3, &values)).expect("a version 3 table");
    let mut expected = P::zero();
    expected.set(2, 7, [-4, 9]);
    expected.set(10, 500, [3, 3]);
    assert_eq!(table, expected);
    assert_eq!(table.phase(), Phase::Advance);
    // Without odd regions it is written as it was read, byte for byte.
    assert_eq!(table.to_bytes(), old_file(3, &values));
}

#[test]
fn odd_regions_count_once_they_have_values() {
    type P = Patterns<International>;
    let pos = Position::<International>::initial()
        .play_text("32-28")
        .expect("legal");
    let mut table = P::zero();
    let slot = P::FIRST_ODD + 7;
    let a = table.arrangements(&pos)[slot];
    table.set(slot, a, [40, 40]);
    assert_eq!(table.score(&pos), -10, "Black to move: White's 40 quarters");
    assert_eq!(table.score(&pos.flipped()), table.score(&pos));
    let bytes = table.to_bytes();
    assert_eq!(bytes[4..8], 4u32.to_le_bytes(), "odd regions: version 4");
    assert_eq!(P::from_bytes(&bytes).ok(), Some(table));
}

#[test]
fn slots_are_regions_strips_and_odd_regions() {
    type P = Patterns<International>;
    assert_eq!(P::SLOTS, 32);
    assert_eq!(P::offset(16), 16 * ARRANGEMENTS);
    assert_eq!(P::offset(20), 16 * ARRANGEMENTS + 4 * STRIP_ARRANGEMENTS);
    assert_eq!(P::ENTRIES, 28 * ARRANGEMENTS + 4 * STRIP_ARRANGEMENTS);
    // Every entry's mirror mirrors it back.
    for slot in 0..P::SLOTS {
        for a in (0..P::slot_size(slot) as u16).step_by(7) {
            let m = P::mirror(slot, a);
            let back = (0..P::SLOTS)
                .rev()
                .find(|&s| P::offset(s) <= m)
                .expect("a slot");
            let a2 = (m - P::offset(back)) as u16;
            assert_eq!(P::mirror(back, a2), P::offset(slot) + usize::from(a));
        }
    }
    let mut table = Patterns::<English>::zero();
    table.set(Patterns::<English>::SLOTS, 0, [1, 1]);
    assert_eq!(table, Patterns::<English>::zero(), "out of range: ignored");
}

#[test]
fn file_round_trip_and_damage() {
    let mut patterns = Patterns::<English>::zero();
    patterns.set(3, 100, [5, -7]);
    patterns.set(8, 6560, [MAX_VALUE, -MAX_VALUE]);
    patterns.set(11, 19_000, [-3, 9]);
    patterns.set(17, 6000, [2, 1]);
    let bytes = patterns.to_bytes();
    assert_eq!(
        Patterns::<English>::from_bytes(&bytes).ok(),
        Some(patterns.clone())
    );
    let by_pieces = patterns.with_phase(Phase::Pieces);
    let read = Patterns::<English>::from_bytes(&by_pieces.to_bytes()).ok();
    assert_eq!(read.map(|p| p.phase()), Some(Phase::Pieces));
    assert!(Patterns::<International>::from_bytes(&bytes).is_err());
    let mut damaged = bytes.clone();
    damaged[40] ^= 1;
    assert!(Patterns::<English>::from_bytes(&damaged).is_err());
    assert!(Patterns::<English>::from_bytes(&bytes[..bytes.len() - 9]).is_err());
    assert!(Patterns::<English>::from_bytes(&[]).is_err());
}
