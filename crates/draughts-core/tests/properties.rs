//! Properties of positions and move generation, on positions drawn from random
//! playouts and from random placements of men and kings.
//!
//! The strongest check compares the generator with `common` (tests/common/mod.rs), an
//! independent, deliberately naive enumerator of the rules written from FORMATS §6 on
//! row/column coordinates: it shares nothing with `src/` but `Position::piece_at`, which
//! reads its input, and compares whole move sets (from, to, captured set) and the
//! positions after each move.

use draughts_core::{
    for_each_variant, perft, Antidraughts, AnyGame, AnyMove, Bitboard, Brazilian, Breakthrough,
    Color, Czech, English, Game, Geometry, International, Italian, Killer, Kind, KnownVariant,
    Piece, Pool, Position, Russian, Spanish, Square, Thai, Turkish, Variant,
};
use draughts_core::{Frisian, Frysk};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::ops::Range;

mod common;

use brute::Brute;
use common as brute;

/// A move of the library as a brute-force key.
fn key<V: Variant>(mv: &draughts_core::Move<V>) -> brute::Key {
    (
        mv.from().number(),
        mv.to().number(),
        mv.captured().into_iter().map(Square::number).collect(),
        mv.crowns_mid_capture(),
    )
}

/// Whether square `n` is on the row where `color`'s men are crowned: the top row for
/// White, the bottom one for Black, whichever numbers the board gives them.
fn on_crowning_row<V: Variant>(color: Color, n: u8) -> bool {
    let (row, _) = <V::Board as Geometry>::coordinates(n);
    match color {
        Color::White => row == 0,
        Color::Black => row == <V::Board as Geometry>::SIDE - 1,
    }
}

/// Positions reached by random legal moves from the initial position. A game that ends
/// (the side to move has no legal move) before the choices run out yields one of its
/// positions picked at random, so that terminal positions do not dominate.
fn playout<V: Variant>(plies: Range<usize>) -> impl Strategy<Value = Position<V>> {
    (prop::collection::vec(any::<Index>(), plies), any::<Index>()).prop_map(|(choices, pick)| {
        let mut pos = Position::<V>::initial();
        let mut history = vec![pos];
        for choice in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return history[pick.index(history.len())];
            }
            pos = pos.play_unchecked(&moves[choice.index(moves.len())]);
            history.push(pos);
        }
        pos
    })
}

/// Random placements written as FEN: each square holds a piece with probability
/// `density`%, a king with probability `king_share`% (always on its own crowning row),
/// at most [`Variant::MEN_PER_SIDE`] pieces a side.
fn placement<V: Variant>(
    density: Range<u8>,
    king_share: Range<u8>,
) -> impl Strategy<Value = Position<V>> {
    let squares = Bitboard::<V>::ALL.len();
    (
        density,
        king_share,
        any::<bool>(),
        prop::collection::vec((0u8..100, 0u8..100, any::<bool>()), squares),
    )
        .prop_map(move |(density, king_share, white_to_move, cells)| {
            let mut lists: [Vec<String>; 2] = Default::default();
            for (i, (occupied, kind, white)) in cells.into_iter().enumerate() {
                let side = usize::from(!white);
                if occupied >= density || lists[side].len() >= usize::from(V::MEN_PER_SIDE) {
                    continue;
                }
                let n = i + 1;
                let color = if white { Color::White } else { Color::Black };
                let crowning = on_crowning_row::<V>(color, n as u8);
                let king = kind < king_share || crowning;
                lists[side].push(format!("{}{n}", if king { "K" } else { "" }));
            }
            let fen = format!(
                "{}:W{}:B{}",
                if white_to_move { 'W' } else { 'B' },
                lists[0].join(","),
                lists[1].join(",")
            );
            fen.parse()
                .unwrap_or_else(|e| panic!("generated FEN {fen:?} does not read: {e}"))
        })
}

/// A mix of playouts, sparse king endings and crowded king-and-man middlegames.
fn positions<V: Variant>() -> impl Strategy<Value = Position<V>> {
    prop_oneof![
        3 => playout::<V>(0..250),
        1 => placement::<V>(5..25, 50..100),
        1 => placement::<V>(20..70, 0..60),
        1 => placement::<V>(40..90, 80..100),
    ]
}

/// The generator agrees with the brute-force rules: same moves (no duplicates), same
/// resulting positions, and in International every capture takes the most pieces.
fn check_against_brute<V: Brute>(pos: &Position<V>) -> Result<(), TestCaseError> {
    let board = brute::Board::of(pos);
    let expected = board.moves::<V>();
    let list = pos.legal_moves();
    let actual: Vec<brute::Key> = list.iter().map(key).collect();
    let actual_set: BTreeSet<brute::Key> = actual.iter().cloned().collect();
    prop_assert_eq!(
        actual.len(),
        actual_set.len(),
        "duplicate moves in {:?}",
        pos
    );
    if actual_set != expected {
        let missing: Vec<_> = expected.difference(&actual_set).collect();
        let extra: Vec<_> = actual_set.difference(&expected).collect();
        return Err(TestCaseError::fail(format!(
            "{pos:?}: missing {missing:?}, extra {extra:?}"
        )));
    }
    if V::RULES.majority && pos.has_capture() {
        let most = expected.iter().map(|k| k.2.len()).max().unwrap();
        prop_assert!(list.iter().all(|m| m.capture_count() as usize == most));
    }
    for mv in &list {
        let after = pos.play_unchecked(mv);
        let (pieces, turn) = board.play(&key(mv));
        let got: BTreeMap<u8, Piece> = after
            .piece_squares()
            .map(|(s, p)| (s.number(), p))
            .collect();
        prop_assert_eq!(&got, &pieces, "{:?} after {:?}", pos, mv);
        prop_assert_eq!(after.turn(), turn);
    }
    Ok(())
}

/// Counting, capture and loss flags agree with the move list.
fn check_counts<V: Variant>(pos: &Position<V>) -> Result<(), TestCaseError> {
    let list = pos.legal_moves();
    prop_assert_eq!(pos.count_moves(), list.len(), "{:?}", pos);
    let captures = list.iter().filter(|m| m.is_capture()).count();
    prop_assert!(
        captures == 0 || captures == list.len(),
        "mixed list in {:?}",
        pos
    );
    prop_assert_eq!(pos.has_capture(), captures > 0, "{:?}", pos);
    prop_assert_eq!(pos.has_no_move(), list.is_empty(), "{:?}", pos);
    prop_assert_eq!(pos.winner().is_some(), list.is_empty(), "{:?}", pos);
    prop_assert!(!(pos.is_lost() && pos.is_won()), "{:?}", pos);
    let other = pos.with_turn(!pos.turn());
    prop_assert_eq!(pos.opponent_has_capture(), other.has_capture());
    prop_assert_eq!(pos.is_quiet(), !pos.has_capture() && !other.has_capture());
    for color in Color::BOTH {
        let typed = Position::<V>::sets_have_capture(
            color,
            pos.men(color),
            pos.kings(color),
            pos.pieces(!color),
            pos.kings(!color),
        );
        prop_assert_eq!(typed, pos.with_turn(color).has_capture(), "{:?}", pos);
    }
    let mut only_captures = draughts_core::MoveList::new();
    pos.generate_captures(&mut only_captures);
    if pos.has_capture() {
        prop_assert_eq!(only_captures.as_slice(), list.as_slice());
    } else {
        prop_assert!(only_captures.is_empty());
    }
    for mv in &list {
        prop_assert!(
            mv.is_capture() || mv.from() != mv.to(),
            "a pass in {:?}",
            pos
        );
        prop_assert_eq!(Some(mv.from_set()), Bitboard::from_square(mv.from()));
        prop_assert_eq!(Some(mv.to_set()), Bitboard::from_square(mv.to()));
        prop_assert_eq!(mv.from_slot(), mv.from_set().slot());
        prop_assert_eq!(mv.to_slot(), mv.to_set().slot());
    }
    Ok(())
}

/// Copy-make leaves the original untouched; the incremental hash matches a fresh one.
fn check_copy_make<V: Variant>(pos: &Position<V>) -> Result<(), TestCaseError> {
    prop_assert_eq!(pos.hash(), pos.compute_hash());
    let before = *pos;
    for mv in pos.legal_moves() {
        let after = pos.play_unchecked(&mv);
        prop_assert_eq!(*pos, before);
        prop_assert_eq!(
            after.hash(),
            after.compute_hash(),
            "{:?} after {:?}",
            pos,
            mv
        );
        prop_assert_ne!(after.turn(), pos.turn());
        prop_assert_eq!(
            after.piece_count() as usize,
            pos.piece_count() as usize - mv.capture_count() as usize
        );
    }
    let flipped = pos.with_turn(!pos.turn());
    prop_assert_eq!(flipped.hash(), flipped.compute_hash());
    Ok(())
}

/// FEN round trip.
fn check_fen<V: Variant>(pos: &Position<V>) -> Result<(), TestCaseError> {
    let fen = pos.to_fen();
    let back: Position<V> = fen
        .parse()
        .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    prop_assert_eq!(back, *pos, "{}", fen);
    prop_assert_eq!(back.hash(), pos.hash());
    Ok(())
}

/// Every legal move's PDN and Hub texts read back to it; `play` accepts it.
fn check_move_text<V: Variant>(pos: &Position<V>) -> Result<(), TestCaseError> {
    for mv in pos.legal_moves() {
        let text = pos.move_text(&mv);
        prop_assert_eq!(pos.parse_move(&text), Ok(mv), "{:?}: {}", pos, text);
        let hub = Position::<V>::hub_move_text(&mv);
        prop_assert_eq!(pos.parse_hub_move(&hub), Ok(mv), "{:?}: {}", pos, hub);
        // The full path always reads back too.
        let path: Vec<String> = pos
            .move_path(&mv)
            .iter()
            .map(|s| s.number().to_string())
            .collect();
        let sep = if mv.is_capture() { "x" } else { "-" };
        prop_assert_eq!(pos.parse_move(&path.join(sep)), Ok(mv), "{:?}", pos);
        prop_assert_eq!(pos.play(&mv), Ok(pos.play_unchecked(&mv)));
        prop_assert_eq!(pos.play_text(&text), Ok(pos.play_unchecked(&mv)));
    }
    Ok(())
}

/// The colour-swapped mirror has the same perft and mirrored moves; flipping twice is
/// the identity.
fn check_flip<V: Variant>(pos: &Position<V>, depth: u32) -> Result<(), TestCaseError> {
    let flipped = pos.flipped();
    prop_assert_eq!(flipped.flipped(), *pos);
    prop_assert_eq!(flipped.hash(), flipped.compute_hash());
    prop_assert_eq!(flipped.turn(), !pos.turn());
    let squares = Bitboard::<V>::ALL.len() as u8;
    let mirror = |n: u8| squares + 1 - n;
    for n in 1..=squares {
        let piece = pos.piece_at(Square::new(n).unwrap());
        let mirrored = flipped.piece_at(Square::new(mirror(n)).unwrap());
        prop_assert_eq!(mirrored, piece.map(|p| Piece::new(!p.color, p.kind)));
    }
    let moves: BTreeSet<brute::Key> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let (f, t, mut c, crowned) = key(m);
            c.iter_mut().for_each(|s| *s = mirror(*s));
            c.sort_unstable();
            (mirror(f), mirror(t), c, crowned)
        })
        .collect();
    let flipped_moves: BTreeSet<brute::Key> = flipped.legal_moves().iter().map(key).collect();
    prop_assert_eq!(moves, flipped_moves);
    prop_assert_eq!(perft(&flipped, depth), perft(pos, depth), "{:?}", pos);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(25_000))]

    #[test]
    fn international_matches_brute_force(pos in positions::<International>()) {
        check_against_brute(&pos)?;
    }

    #[test]
    fn english_matches_brute_force(pos in positions::<English>()) {
        check_against_brute(&pos)?;
    }

    /// Endings full of kings, where flying captures branch the most.
    #[test]
    fn international_king_endings_match_brute_force(
        pos in placement::<International>(15..60, 70..100)
    ) {
        check_against_brute(&pos)?;
    }

    #[test]
    fn english_king_endings_match_brute_force(pos in placement::<English>(15..60, 70..100)) {
        check_against_brute(&pos)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    #[test]
    fn international_counts_and_flags(pos in positions::<International>()) {
        check_counts(&pos)?;
    }

    #[test]
    fn english_counts_and_flags(pos in positions::<English>()) {
        check_counts(&pos)?;
    }

    #[test]
    fn international_copy_make_and_hash(pos in positions::<International>()) {
        check_copy_make(&pos)?;
    }

    #[test]
    fn english_copy_make_and_hash(pos in positions::<English>()) {
        check_copy_make(&pos)?;
    }

    #[test]
    fn international_fen_round_trips(pos in positions::<International>()) {
        check_fen(&pos)?;
    }

    #[test]
    fn english_fen_round_trips(pos in positions::<English>()) {
        check_fen(&pos)?;
    }

    #[test]
    fn international_move_text_round_trips(pos in positions::<International>()) {
        check_move_text(&pos)?;
    }

    #[test]
    fn english_move_text_round_trips(pos in positions::<English>()) {
        check_move_text(&pos)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn international_flip_is_symmetric(pos in positions::<International>()) {
        check_flip(&pos, 3)?;
    }

    #[test]
    fn english_flip_is_symmetric(pos in positions::<English>()) {
        check_flip(&pos, 3)?;
    }
}

// The 8x8 variants with flying kings (Brazilian, Pool, Russian), over fewer cases: they share the International
// code paths, and the cases that differ (the board, free choice) come up quickly.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    #[test]
    fn brazilian_matches_brute_force(pos in positions::<Brazilian>()) {
        check_against_brute(&pos)?;
    }

    #[test]
    fn pool_matches_brute_force(pos in positions::<Pool>()) {
        check_against_brute(&pos)?;
    }

    #[test]
    fn brazilian_king_endings_match_brute_force(pos in placement::<Brazilian>(15..60, 70..100)) {
        check_against_brute(&pos)?;
    }

    #[test]
    fn pool_king_endings_match_brute_force(pos in placement::<Pool>(15..60, 70..100)) {
        check_against_brute(&pos)?;
    }

    #[test]
    fn brazilian_counts_flags_copy_make_and_text(pos in positions::<Brazilian>()) {
        check_counts(&pos)?;
        check_copy_make(&pos)?;
        check_fen(&pos)?;
        check_move_text(&pos)?;
    }

    #[test]
    fn pool_counts_flags_copy_make_and_text(pos in positions::<Pool>()) {
        check_counts(&pos)?;
        check_copy_make(&pos)?;
        check_fen(&pos)?;
        check_move_text(&pos)?;
    }

    #[test]
    fn russian_matches_brute_force(pos in positions::<Russian>()) {
        check_against_brute(&pos)?;
    }

    #[test]
    fn russian_king_endings_match_brute_force(pos in placement::<Russian>(15..60, 70..100)) {
        check_against_brute(&pos)?;
    }

    #[test]
    fn russian_counts_flags_copy_make_and_text(pos in positions::<Russian>()) {
        check_counts(&pos)?;
        check_copy_make(&pos)?;
        check_fen(&pos)?;
        check_move_text(&pos)?;
    }

    #[test]
    fn russian_flip_is_symmetric(pos in positions::<Russian>()) {
        check_flip(&pos, 3)?;
    }

    #[test]
    fn brazilian_flip_is_symmetric(pos in positions::<Brazilian>()) {
        check_flip(&pos, 3)?;
    }

    #[test]
    fn pool_flip_is_symmetric(pos in positions::<Pool>()) {
        check_flip(&pos, 3)?;
    }
}

/// Every property, for a variant with a rule of its own (a capture precedence, Italian's
/// men, Killer's and Thai's landings, Turkish's board, a goal), over fewer cases: they
/// share the other variants' code paths but for that rule, which positions with kings
/// exercise most.
macro_rules! variant_properties {
    ($($module:ident $name:ident),+) => {
        $(
            mod $module {
                use super::*;

                proptest! {
                    #![proptest_config(ProptestConfig::with_cases(1_500))]

                    #[test]
                    fn matches_brute_force(pos in positions::<$name>()) {
                        check_against_brute(&pos)?;
                    }

                    #[test]
                    fn king_endings_match_brute_force(pos in placement::<$name>(15..60, 30..100)) {
                        check_against_brute(&pos)?;
                    }

                    #[test]
                    fn counts_flags_copy_make_and_text(pos in positions::<$name>()) {
                        check_counts(&pos)?;
                        check_copy_make(&pos)?;
                        check_fen(&pos)?;
                        check_move_text(&pos)?;
                    }

                    #[test]
                    fn flip_is_symmetric(pos in placement::<$name>(15..60, 30..100)) {
                        check_flip(&pos, 2)?;
                    }
                }
            }
        )+
    };
}

variant_properties!(
    italian Italian,
    spanish Spanish,
    czech Czech,
    thai Thai,
    turkish Turkish,
    killer Killer,
    antidraughts Antidraughts,
    breakthrough Breakthrough,
    frisian Frisian,
    frysk Frysk
);

/// The brute-force generator itself, on the positions of FORMATS §2 and the starts.
#[test]
fn brute_force_knows_the_rules() {
    let start = brute::Board::of(&Position::<International>::initial());
    assert_eq!(start.moves::<International>().len(), 9);
    let start = brute::Board::of(&Position::<English>::initial());
    assert_eq!(start.moves::<English>().len(), 7);
    let p: Position<International> = "W:W30:B11,22,23,24,33,34".parse().unwrap();
    let moves = brute::Board::of(&p).moves::<International>();
    let expected: BTreeSet<brute::Key> = [
        (30, 6, vec![11, 22, 23, 24], false),
        (30, 6, vec![11, 22, 33, 34], false),
        (30, 30, vec![23, 24, 33, 34], false),
    ]
    .into_iter()
    .collect();
    assert_eq!(moves, expected);
    // Turkish strike: the king stops after three (see rules.rs).
    let p: Position<International> = "W:WK41:B22,24,28,34".parse().unwrap();
    let ends: Vec<u8> = brute::Board::of(&p)
        .moves::<International>()
        .into_iter()
        .map(|k| k.1)
        .collect();
    assert_eq!(ends, [39, 43, 48]);
    // English crowning ends the move.
    let p: Position<English> = "B:W26,27:B22".parse().unwrap();
    let moves = brute::Board::of(&p).moves::<English>();
    assert_eq!(
        moves.into_iter().collect::<Vec<_>>(),
        [(22, 31, vec![26], false)]
    );
}

/// Random playouts to the end of the game: every position on the way passes the cheap
/// checks, and every game ends with the side to move having no legal move (or runs
/// into the ply limit).
#[test]
fn playouts_to_the_end() {
    fn run<V: Brute>(games: u64) {
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..games {
            let mut pos = Position::<V>::initial();
            for _ in 0..400 {
                let moves = pos.legal_moves();
                assert_eq!(pos.winner().is_some(), moves.is_empty());
                if moves.is_empty() {
                    break;
                }
                assert_eq!(pos.count_moves(), moves.len());
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let mv = moves[(rng % moves.len() as u64) as usize];
                pos = pos.play_unchecked(&mv);
                assert_eq!(pos.hash(), pos.compute_hash());
            }
        }
    }
    run::<International>(200);
    run::<English>(200);
    run::<Brazilian>(200);
    run::<Pool>(200);
    run::<Russian>(200);
    run::<Italian>(200);
    run::<Spanish>(200);
    run::<Czech>(200);
    run::<Thai>(200);
    run::<Turkish>(100);
    run::<Killer>(100);
    run::<Antidraughts>(100);
    run::<Breakthrough>(100);
    run::<Frisian>(100);
    run::<Frysk>(200);
}

/// Men never stand on their own crowning row after any move (they are crowned there).
#[test]
fn no_man_on_its_crowning_row() {
    fn run<V: Variant>() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            let mut pos = Position::<V>::initial();
            for _ in 0..300 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                pos = pos.play_unchecked(&moves[(rng % moves.len() as u64) as usize]);
                for (s, p) in pos.piece_squares() {
                    if p.kind == Kind::Man {
                        assert!(!on_crowning_row::<V>(p.color, s.number()), "{pos:?}");
                    }
                }
                // And the FEN of such a position reads back.
                assert_eq!(pos.to_fen().parse::<Position<V>>(), Ok(pos));
            }
        }
    }
    run::<International>();
    run::<English>();
    run::<Brazilian>();
    run::<Pool>();
    run::<Russian>();
    run::<Italian>();
    run::<Spanish>();
    run::<Czech>();
    run::<Thai>();
    run::<Turkish>();
    run::<Killer>();
    run::<Antidraughts>();
    run::<Breakthrough>();
    run::<Frisian>();
    run::<Frysk>();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    /// Nothing a user or a file supplies may panic: FEN-like and move-like text is read
    /// or refused with an error.
    #[test]
    fn text_input_never_panics(
        fen in "[WB?x ]{0,2}(:[WBK?]{0,2}[K0-9,\\- .]{0,20}){0,3}(:H[0-9]{0,3})?\\.?",
        mv in "[0-9x\\-: X]{0,16}",
        junk in any::<String>(),
    ) {
        for text in [&fen, &junk] {
            if let Ok(pos) = text.parse::<Position<International>>() {
                prop_assert_eq!(pos.to_fen().parse::<Position<International>>(), Ok(pos));
            }
            if let Ok(pos) = text.parse::<Position<English>>() {
                prop_assert_eq!(pos.to_fen().parse::<Position<English>>(), Ok(pos));
            }
        }
        let international = Position::<International>::initial();
        let english = Position::<English>::initial();
        for text in [&mv, &junk] {
            let _ = international.parse_move(text);
            let _ = international.parse_hub_move(text);
            let _ = english.parse_move(text);
            let _ = english.parse_hub_move(text);
        }
    }
}

/// [`Position::from_sets`] accepts what [`Position::from_pieces`] accepts for the same
/// pieces, and builds the same position. Bit `n - 1` of each mask puts square `n` in
/// its set (squares past the board's last are left out).
fn check_from_sets<V: Variant>(masks: [u64; 4], black: bool) -> Result<(), TestCaseError> {
    let turn = if black { Color::Black } else { Color::White };
    let kinds = [
        Piece::new(Color::White, Kind::Man),
        Piece::new(Color::White, Kind::King),
        Piece::new(Color::Black, Kind::Man),
        Piece::new(Color::Black, Kind::King),
    ];
    let mut pieces = Vec::new();
    let mut sets = [Bitboard::<V>::EMPTY; 4];
    for n in 1..=<V::Board as Geometry>::SQUARES {
        let square = Square::new(n).unwrap();
        for (i, piece) in kinds.into_iter().enumerate() {
            if masks[i] >> (n - 1) & 1 != 0 {
                pieces.push((square, piece));
                sets[i] |= Bitboard::from_square(square).unwrap();
            }
        }
    }
    let expected = Position::<V>::from_pieces(turn, pieces.iter().copied()).ok();
    let [wm, wk, bm, bk] = sets;
    prop_assert_eq!(Position::<V>::from_sets(turn, wm, wk, bm, bk), expected);
    Ok(())
}

proptest! {
    #[test]
    fn from_sets_agrees_with_from_pieces(
        a in prop::array::uniform4(any::<u64>()),
        b in prop::array::uniform4(any::<u64>()),
        c in prop::array::uniform4(any::<u64>()),
        black: bool,
    ) {
        // About eight squares a set: overlaps, crowning rows and too many pieces all
        // occur, and so do valid positions.
        let sets = std::array::from_fn(|i| a[i] & b[i] & c[i]);
        check_from_sets::<International>(sets, black)?;
        check_from_sets::<English>(sets, black)?;
        check_from_sets::<Turkish>(sets, black)?;
        // Sparser.
        let sparse = std::array::from_fn(|i| sets[i] & a[(i + 1) % 4]);
        check_from_sets::<International>(sparse, black)?;
    }
}

/// [`draughts_core::AnyPosition`] lists the moves of the generic generator, in its
/// order, each with its squares, text and resulting position, no two equal.
fn check_any_position<V: KnownVariant>(pos: &Position<V>) -> Result<(), TestCaseError> {
    let any = V::any_position(*pos);
    prop_assert_eq!(V::position_of(&any), Some(pos));
    let typed = pos.legal_moves();
    let values = any.legal_moves();
    prop_assert_eq!(values.len(), typed.len());
    for (mv, value) in typed.iter().zip(&values) {
        prop_assert_eq!(value.kind(), V::KIND);
        prop_assert_eq!((value.from(), value.to()), (mv.from(), mv.to()));
        prop_assert!(mv
            .captured()
            .into_iter()
            .eq(value.captured().iter().copied()));
        prop_assert_eq!(value.text(), pos.move_text(mv));
        prop_assert_eq!(value.path(), pos.move_path(mv));
        prop_assert_eq!(value.to_move(pos)?, *mv);
        let after = pos.play_unchecked(mv);
        prop_assert_eq!(any.play(value)?, V::any_position(after));
        let crowned = after.kings(pos.turn()).len() > pos.kings(pos.turn()).len();
        prop_assert_eq!(value.crowned(), crowned);
    }
    prop_assert_eq!(
        values.iter().collect::<HashSet<&AnyMove>>().len(),
        values.len()
    );
    Ok(())
}

/// An [`AnyGame`] played by random choices agrees with a generic [`Game`] move by move
/// (position, status, repetitions), and taking every move back walks the positions in
/// reverse to the start.
fn check_any_game<V: KnownVariant>(choices: &[Index]) -> Result<(), TestCaseError> {
    let mut game = AnyGame::new(V::KIND);
    let mut typed = Game::<V>::new();
    let mut line = vec![(game.position(), None)];
    for choice in choices {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = &moves[choice.index(moves.len())];
        game.play(mv)?;
        typed.play(&mv.to_move(typed.position())?)?;
        prop_assert_eq!(game.position(), V::any_position(*typed.position()));
        prop_assert_eq!(game.status(), typed.status());
        prop_assert_eq!(game.repetitions(), typed.repetitions());
        line.push((game.position(), Some(mv.clone())));
    }
    let played: Vec<AnyMove> = line.iter().filter_map(|(_, mv)| mv.clone()).collect();
    prop_assert_eq!(game.moves(), played);
    while let Some((position, mv)) = line.pop() {
        prop_assert_eq!(game.position(), position);
        prop_assert_eq!(game.undo(), mv);
    }
    prop_assert_eq!(game.position(), game.start());
    prop_assert_eq!(V::game_of(&game), Some(&Game::<V>::new()));
    Ok(())
}

/// The run-time values, for every variant of the list.
macro_rules! any_properties {
    ($($name:ident $text:literal),+) => {
        mod any_values {
            use super::*;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(300))]
                $(
                    #[test]
                    #[allow(non_snake_case)]
                    fn $name(
                        pos in positions::<$name>(),
                        choices in prop::collection::vec(any::<Index>(), 0..160),
                    ) {
                        check_any_position(&pos)?;
                        check_any_game::<$name>(&choices)?;
                    }
                )+
            }
        }
    };
}

for_each_variant!(any_properties);
