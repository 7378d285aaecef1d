//! Squares bounded by their board: the checked constructors ([`Square::on`],
//! [`VariantKind::square`]) take exactly the numbers of a variant's board, and every
//! public API taking a `Square` from a caller answers one off its board with `None` or a
//! typed error, never a panic, in every variant.

use draughts_core::{
    with_variant, AnyPosition, Bitboard, Geometry, Position, Square, SquareError, Variant,
    VariantKind,
};
use proptest::prelude::*;
use proptest::sample::select;

/// A position of `kind` with a few pieces moved: its start after up to three legal moves.
fn position(kind: VariantKind, plies: usize) -> AnyPosition {
    let mut pos = AnyPosition::initial(kind);
    for _ in 0..plies {
        let Some(mv) = pos.legal_moves().into_iter().next() else {
            break;
        };
        pos = pos.play(&mv).expect("a legal move");
    }
    pos
}

/// Every check on `n` in the variant `V`.
fn check<V: Variant>(kind: VariantKind, n: u8, plies: usize) -> Result<(), TestCaseError> {
    let squares = <V::Board as Geometry>::SQUARES;
    let on_board = (1..=squares).contains(&n);
    prop_assert_eq!(kind.squares(), squares);
    prop_assert_eq!(Square::on::<V>(n).is_some(), on_board);
    prop_assert_eq!(kind.square(n), Square::on::<V>(n));
    prop_assert_eq!(kind.square(n).map(Square::number), on_board.then_some(n));

    // The text readers refuse a number off the board with a typed error.
    let read = kind.parse_square(&n.to_string());
    prop_assert_eq!(read.as_ref().ok().copied(), kind.square(n));
    if !on_board {
        let off_board = matches!(read, Err(SquareError::OffBoard { .. }));
        prop_assert!(off_board, "{} square {}: {:?}", kind, n, read);
    }
    prop_assert_eq!(Square::from_text::<V>(&n.to_string()).ok(), kind.square(n));

    // A square of another board (`Square::new` takes up to 64) is answered with `None`.
    let Some(square) = Square::new(n) else {
        prop_assert!(n == 0 || n > Square::MAX);
        return Ok(());
    };
    let any = position(kind, plies);
    let pos: Position<V> = any.to_fen().parse().expect("a FEN we wrote");
    prop_assert_eq!(kind.coordinates(square).is_some(), on_board);
    prop_assert_eq!(Bitboard::<V>::from_square(square).is_some(), on_board);
    prop_assert!(on_board || !Bitboard::<V>::ALL.contains(square));
    prop_assert_eq!(Bitboard::<V>::EMPTY.with(square).is_empty(), !on_board);
    prop_assert_eq!(any.piece_at(square), pos.piece_at(square));
    if !on_board {
        prop_assert_eq!(pos.piece_at(square), None);
    }
    // Written as a number where the board has no name for it.
    prop_assert!(!kind.square_text(square).is_empty());
    prop_assert!(!square.to_algebraic::<V::Board>().is_empty());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Every variant, every byte as a square number.
    #[test]
    fn off_board_squares_are_refused_in_every_variant(
        kind in select(VariantKind::ALL.to_vec()),
        n in any::<u8>(),
        plies in 0usize..4,
    ) {
        with_variant!(kind, V => check::<V>(kind, n, plies))?;
    }
}

/// The same checks on every number, so that no board edge is left to chance.
#[test]
fn every_number_on_every_board() {
    for kind in VariantKind::ALL {
        for n in 0..=u8::MAX {
            with_variant!(kind, V => check::<V>(kind, n, 0))
                .unwrap_or_else(|e| panic!("{kind} square {n}: {e}"));
        }
    }
}
