//! The set operations of `Bitboard` against the same operations on sets of square
//! numbers; `Bitboard::shift` and `Bitboard::fill` against stepping each square by
//! rows and columns; `Bitboard::at` and `Bitboard::rows` against the squares'
//! coordinates; `Bitboard::rotated` against renumbering `n` as `SQUARES + 1 - n`;
//! `Bitboard::slot`, `singles` and the order of sets against the slots of single squares;
//! `Bitboard::packed_in` and its inverse against numbering squares in the layout's
//! order.

use draughts_core::{
    Bitboard, Direction, English, Geometry, International, Italian, Square, Turkish, Variant,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// A random set of squares of `V`'s board, as square numbers.
fn numbers<V: Variant>() -> impl Strategy<Value = BTreeSet<u8>> {
    let squares = <V::Board as Geometry>::SQUARES;
    prop::collection::btree_set(1..=squares, 0..=usize::from(squares))
}

fn board<V: Variant>(numbers: &BTreeSet<u8>) -> Bitboard<V> {
    numbers.iter().map(|&n| Square::new_unchecked(n)).collect()
}

fn set<V: Variant>(board: Bitboard<V>) -> BTreeSet<u8> {
    board.iter().map(Square::number).collect()
}

/// Rows and columns one step in direction `d` moves: one square diagonally, two along
/// a row or a column on a board of dark squares, one on the full board.
fn delta<V: Variant>(d: Direction) -> (i16, i16) {
    let straight = if <V::Board as Geometry>::ALL_SQUARES {
        1
    } else {
        2
    };
    match d {
        Direction::UpLeft => (-1, -1),
        Direction::UpRight => (-1, 1),
        Direction::DownLeft => (1, -1),
        Direction::DownRight => (1, 1),
        Direction::Up => (-straight, 0),
        Direction::Down => (straight, 0),
        Direction::Left => (0, -straight),
        Direction::Right => (0, straight),
    }
}

/// `square` moved one step in direction `d`, if it stays on a playable square.
fn step<V: Variant>(square: u8, d: Direction) -> Option<u8> {
    let (row, col) = <V::Board as Geometry>::coordinates(square);
    let (dr, dc) = delta::<V>(d);
    let to = |x: u8, dx: i16| u8::try_from(i16::from(x) + dx).ok();
    <V::Board as Geometry>::square_at(to(row, dr)?, to(col, dc)?)
}

fn check_operators<V: Variant>(a: &BTreeSet<u8>, b: &BTreeSet<u8>) {
    let (x, y) = (board::<V>(a), board::<V>(b));
    assert_eq!(set(x & y), a & b);
    assert_eq!(set(x | y), a | b);
    assert_eq!(set(x ^ y), a ^ b);
    assert_eq!(set(x - y), a - b);
    let all = set(Bitboard::<V>::ALL);
    assert_eq!(set(!x), &all - a);
    let (mut and, mut or, mut xor) = (x, x, x);
    and &= y;
    or |= y;
    xor ^= y;
    assert_eq!((and, or, xor), (x & y, x | y, x ^ y));
    assert_eq!(x.first().map(Square::number), a.first().copied());
    assert_eq!(x.union(y), x | y);
    let squares = <V::Board as Geometry>::SQUARES;
    let turned: BTreeSet<u8> = a.iter().map(|&n| squares + 1 - n).collect();
    assert_eq!(set(x.rotated()), turned, "{a:?} turned");
}

fn check_shift<V: Variant>(a: &BTreeSet<u8>) {
    let x = board::<V>(a);
    for d in Direction::ALL_EIGHT {
        let stepped: BTreeSet<u8> = a.iter().filter_map(|&n| step::<V>(n, d)).collect();
        assert_eq!(set(x.shift(d)), stepped, "{d:?} of {a:?}");
    }
}

/// `fill` against walking from each square while the steps land in `through`.
fn check_fill<V: Variant>(a: &BTreeSet<u8>, through: &BTreeSet<u8>) {
    let (x, free) = (board::<V>(a), board::<V>(through));
    for d in Direction::ALL_EIGHT {
        let mut walked = a.clone();
        for &n in a {
            let mut at = n;
            while let Some(next) = step::<V>(at, d).filter(|s| through.contains(s)) {
                walked.insert(next);
                at = next;
            }
        }
        assert_eq!(
            set(x.fill(d, free)),
            walked,
            "{d:?} of {a:?} through {through:?}"
        );
    }
}

/// `at` on every row and column, against `Geometry::square_at`.
fn check_at<V: Variant>() {
    let side = <V::Board as Geometry>::SIDE;
    for row in 0..=side {
        for col in 0..=side {
            let square = <V::Board as Geometry>::square_at(row, col);
            let numbers: Vec<u8> = Bitboard::<V>::at(row, col)
                .iter()
                .map(Square::number)
                .collect();
            assert_eq!(
                numbers,
                square.into_iter().collect::<Vec<_>>(),
                "({row}, {col})"
            );
        }
    }
}

/// The squares of `row` in the layout's order: from the left as seen, or from the right
/// on a mirrored board.
fn row_order<V: Variant>(row: u8) -> Vec<u8> {
    let side = <V::Board as Geometry>::SIDE;
    let mut squares: Vec<u8> = (0..side)
        .filter_map(|col| <V::Board as Geometry>::square_at(row, col))
        .collect();
    if <V::Board as Geometry>::MIRRORED {
        squares.reverse();
    }
    squares
}

/// `packed_in` and `from_packed_in` against numbering `within`'s squares row by row in
/// the layout's order ([`row_order`]); `packed` and `from_packed` as the same on the
/// whole board, and as `rows` over every row; `singles` against the squares one by one.
fn check_packing<V: Variant>(a: &BTreeSet<u8>, within: &BTreeSet<u8>) {
    let (x, w) = (board::<V>(a), board::<V>(within));
    let side = <V::Board as Geometry>::SIDE;
    let order: Vec<u8> = (0..side).flat_map(row_order::<V>).collect();
    let places: Vec<u8> = order.into_iter().filter(|n| within.contains(n)).collect();
    let expected = places
        .iter()
        .enumerate()
        .filter(|(_, n)| a.contains(n))
        .fold(0u64, |packed, (i, _)| packed | 1 << i);
    assert_eq!(x.packed_in(w), expected, "{a:?} in {within:?}");
    let inside: BTreeSet<u8> = a & within;
    assert_eq!(set(Bitboard::<V>::from_packed_in(expected, w)), inside);
    // Bits past `within`'s squares are dropped.
    let beyond = u64::MAX.checked_shl(places.len() as u32).unwrap_or(0);
    assert_eq!(
        Bitboard::<V>::from_packed_in(expected | beyond, w),
        board::<V>(&inside)
    );
    assert_eq!(x.packed(), x.packed_in(Bitboard::ALL));
    assert_eq!(x.packed(), x.rows(0, side));
    let off_board = u64::MAX
        .checked_shl(u32::from(<V::Board as Geometry>::SQUARES))
        .unwrap_or(0);
    assert_eq!(Bitboard::<V>::from_packed(x.packed() | off_board), x);
    let singles: Vec<BTreeSet<u8>> = x.singles().map(set).collect();
    let mut ones: Vec<BTreeSet<u8>> = a.iter().map(|&n| BTreeSet::from([n])).collect();
    ones.sort_by_key(|one| board::<V>(one).packed());
    assert_eq!(singles, ones, "{a:?} one by one");
}

/// `rows` against placing each square of the rows by its row and its place in the row:
/// counted from the left as seen, or from the right on a mirrored board.
fn check_rows<V: Variant>(a: &BTreeSet<u8>, first: u8, count: u8) {
    let (side, w) = (
        <V::Board as Geometry>::SIDE,
        <V::Board as Geometry>::PER_ROW,
    );
    let mut expected = 0u64;
    for k in 0..count {
        let row = first + k;
        if row >= side || u32::from(k) * u32::from(w) >= 64 {
            break;
        }
        for (place, n) in row_order::<V>(row).into_iter().enumerate() {
            if a.contains(&n) {
                expected |= 1 << (u32::from(k) * u32::from(w) + place as u32);
            }
        }
    }
    assert_eq!(
        board::<V>(a).rows(first, count),
        expected,
        "rows {first}+{count} of {a:?}"
    );
}

/// `Bitboard::slot` is below 64 and one to one over the squares; `singles` gives each
/// square of a set once, as a set of one, in increasing slot order; sets are ordered
/// as their squares' slots read as a binary number.
fn check_slots<V: Variant>(a: &BTreeSet<u8>, b: &BTreeSet<u8>) {
    let slot = |n: u8| board::<V>(&BTreeSet::from([n])).slot();
    let squares = <V::Board as Geometry>::SQUARES;
    let slots: BTreeSet<usize> = (1..=squares).map(slot).collect();
    assert_eq!(slots.len(), usize::from(squares));
    assert!(slots.iter().all(|&s| s < 64));
    let (x, y) = (board::<V>(a), board::<V>(b));
    let singles: Vec<Bitboard<V>> = x.singles().collect();
    assert!(singles.iter().all(|s| s.len() == 1));
    assert_eq!(singles.len(), a.len());
    assert_eq!(
        singles
            .iter()
            .flat_map(|&s| set(s))
            .collect::<BTreeSet<u8>>(),
        *a
    );
    assert!(singles.windows(2).all(|w| w[0].slot() < w[1].slot()));
    let number = |s: &BTreeSet<u8>| s.iter().map(|&n| 1u64 << slot(n)).sum::<u64>();
    assert_eq!(x.cmp(&y), number(a).cmp(&number(b)), "{a:?} against {b:?}");
}

/// One property test per board: the operators, the shift, the fill, the rows and the
/// slots on random sets.
macro_rules! boards {
    ($($name:ident: $variant:ty),*) => {
        proptest! {
            $(
                #[test]
                fn $name(
                    a in numbers::<$variant>(),
                    b in numbers::<$variant>(),
                    first in 0..12u8,
                    count in 0..12u8,
                ) {
                    check_operators::<$variant>(&a, &b);
                    check_shift::<$variant>(&a);
                    check_fill::<$variant>(&a, &b);
                    check_rows::<$variant>(&a, first, count);
                    check_slots::<$variant>(&a, &b);
                    check_packing::<$variant>(&a, &b);
                }
            )*
        }
    };
}

boards!(international: International, english: English, italian: Italian, turkish: Turkish);

#[test]
fn squares_at_coordinates() {
    check_at::<International>();
    check_at::<English>();
    check_at::<Italian>();
    check_at::<Turkish>();
}
