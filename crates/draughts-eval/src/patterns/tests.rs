use super::file::{fnv1a, MAGIC};
use super::*;
use draughts_core::{English, International, Turkish};

#[test]
fn region_counts() {
    assert_eq!(Patterns::<International>::REGIONS, 16);
    assert_eq!(Patterns::<English>::REGIONS, 9);
    assert_eq!(Patterns::<International>::ODD_REGIONS, 12);
    assert_eq!(Patterns::<English>::ODD_REGIONS, 6);
    assert_eq!(Patterns::<Turkish>::REGIONS, 12);
    assert_eq!(Patterns::<Turkish>::ODD_REGIONS, 9);
    assert_eq!(Patterns::<Turkish>::SLOTS, 21);
    assert_eq!(Patterns::<Turkish>::ENTRIES, 21 * ARRANGEMENTS);
}

/// The squares of region `r` (an odd region if `odd`) in board order, as (row, column)
/// with the columns of the bit layout's rows: two per row over four rows on boards of
/// dark squares (in-row indices), four per row over two rows on the full board.
fn region_squares<V: Variant>(r: usize, odd: bool) -> Vec<(usize, usize)> {
    let columns = Patterns::<V>::REGION_COLUMNS;
    let (a, c) = (r / columns, r % columns);
    let (wide, first_column) = if <V::Board as Geometry>::ALL_SQUARES {
        (4, 2 * c)
    } else {
        (2, c)
    };
    let first_row = 2 * a + usize::from(odd);
    (0..REGION_SQUARES)
        .map(|j| (first_row + j / wide, first_column + j % wide))
        .collect()
}

/// The arrangement on region `r` (an odd region if `odd`) square by square, as the
/// documentation of [`Patterns::arrangements`] defines it.
fn reference<V: Variant>(pos: &Position<V>, r: usize, odd: bool) -> u16 {
    let w = usize::from(<V::Board as Geometry>::PER_ROW);
    let mut value = 0u16;
    for &(row, column) in region_squares::<V>(r, odd).iter().rev() {
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
    let mut squares_seen = [false; 64];
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
        for (row, column) in region_squares::<V>(r, false) {
            squares_seen[row * w + column] = true;
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
    arrangements_are_the_reference::<Turkish>();
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

/// On random Turkish games, the flipped position's arrangement on each region turned
/// 180 degrees is the arrangement seen from the other side.
#[test]
fn turkish_arrangements_turn_with_the_board() {
    type P = Patterns<Turkish>;
    let table = P::zero();
    for pos in random_positions::<Turkish>(7) {
        let here = table.arrangements(&pos);
        let there = table.arrangements(&pos.flipped());
        for r in 0..P::REGIONS {
            let turned = there[rotated_region::<Turkish>(r)];
            assert_eq!(turned, flipped_arrangement(here[r]), "{pos:?}, region {r}");
        }
        for r in 0..P::ODD_REGIONS {
            let turned = there[P::FIRST_ODD + rotated_odd_region::<Turkish>(r)];
            let own = here[P::FIRST_ODD + r];
            assert_eq!(turned, flipped_arrangement(own), "{pos:?}, odd region {r}");
        }
    }
}

/// Turkish tables: the start position's regions, the score of a set entry, and the
/// file (version 3 without odd regions, 4 with them; no strips) read back as written.
#[test]
fn turkish_tables() {
    type P = Patterns<Turkish>;
    let start = Position::<Turkish>::initial();
    let mut table = P::zero();
    let a = table.arrangements(&start);
    // Black's men stand on rows 1-2 (0 the top), White's on rows 5-6: region (0, 0)
    // has four black men on its lower row, region (1, 0) on its upper one; odd region
    // (0, 0) is all black men, (1, 0) empty, (2, 0) all white men.
    assert_eq!(a[0], 2 * 81 * 40);
    assert_eq!(a[3], 2 * 40);
    let odd = P::FIRST_ODD;
    assert_eq!([a[odd], a[odd + 3], a[odd + 6]], [6560, 0, 3280]);
    table.set(3, a[3], [40, 40]);
    assert_eq!(table.score(&start), 0, "the mirror entry cancels it");
    let pos = start.play_text("41-33").expect("legal");
    let slot = P::FIRST_ODD + 2 * P::REGION_COLUMNS;
    let arrangement = table.arrangements(&pos)[slot];
    table.set(slot, arrangement, [-60, 80]);
    assert_ne!(table.score(&pos), 0);
    assert_eq!(table.score(&pos.flipped()), table.score(&pos));
    let bytes = table.to_bytes();
    assert_eq!(bytes[4..8], 4u32.to_le_bytes(), "odd regions: version 4");
    assert_eq!(
        &bytes[8..18],
        b"\x07turkish\x0c\x00",
        "12 regions, no strips"
    );
    assert_eq!(P::from_bytes(&bytes).ok(), Some(table.clone()));
    let mut even = P::zero();
    even.set(5, 1234, [7, -7]);
    let bytes = even.to_bytes();
    assert_eq!(bytes.len(), 4 + 4 + 1 + 7 + 3 + 12 * ARRANGEMENTS * 4 + 8);
    assert_eq!(P::from_bytes(&bytes).ok(), Some(even));
    assert!(P::from_bytes(&Patterns::<English>::zero().to_bytes()).is_err());
    assert!(Patterns::<English>::from_bytes(&bytes).is_err());
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

/// Every entry's mirror mirrors it back.
fn mirrors_mirror_back<V: Variant>() {
    type P<V> = Patterns<V>;
    for slot in 0..P::<V>::SLOTS {
        for a in (0..P::<V>::slot_size(slot) as u16).step_by(7) {
            let m = P::<V>::mirror(slot, a);
            let back = (0..P::<V>::SLOTS)
                .rev()
                .find(|&s| P::<V>::offset(s) <= m)
                .expect("a slot");
            let a2 = (m - P::<V>::offset(back)) as u16;
            assert_eq!(
                P::<V>::mirror(back, a2),
                P::<V>::offset(slot) + usize::from(a)
            );
        }
    }
}

#[test]
fn slots_are_regions_strips_and_odd_regions() {
    type P = Patterns<International>;
    assert_eq!(P::SLOTS, 32);
    assert_eq!(P::offset(16), 16 * ARRANGEMENTS);
    assert_eq!(P::offset(20), 16 * ARRANGEMENTS + 4 * STRIP_ARRANGEMENTS);
    assert_eq!(P::ENTRIES, 28 * ARRANGEMENTS + 4 * STRIP_ARRANGEMENTS);
    mirrors_mirror_back::<International>();
    mirrors_mirror_back::<Turkish>();
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
