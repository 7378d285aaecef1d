//! The `GameType` tag's fields, and games written in another numbering than their
//! variant's own: Spanish files in Italian's numbering (`24,W,8,8,N2,1`), Italian files
//! in Spanish's, the other corners, and the fields the reader refuses.

use super::numbering::Renumbering;
use super::tests::{one, playout};
use super::*;
use crate::fen::map_fen_numbers;
use crate::notation::map_move_numbers;
use crate::{
    Antidraughts, Brazilian, Breakthrough, Color, Czech, English, Frisian, Frysk, Game, Geometry,
    International, Italian, Killer, Notation, Pool, Position, Russian, Spanish, Thai, Turkish,
    Variant,
};
use proptest::prelude::*;

/// A translation of square numbers.
type Relation = fn(u32) -> u32;

/// Half a turn on a board of 32 squares: Spanish's numbering and Italian's.
fn half_turn_32(n: u32) -> u32 {
    33 - n
}

/// Each row of four read the other way: numbers from the other corner of the same row.
fn rows_reversed_32(n: u32) -> u32 {
    4 * ((n - 1) / 4) + 4 - (n - 1) % 4
}

/// The rows of four in the other order: numbers from the other corner of the same
/// column.
fn row_order_reversed_32(n: u32) -> u32 {
    4 * (7 - (n - 1) / 4) + (n - 1) % 4 + 1
}

/// Half a turn on a board of 50 squares.
fn half_turn_50(n: u32) -> u32 {
    51 - n
}

/// `game` with `GameType` set to `tag` and the square numbers of its moves and `FEN`
/// tag written as `to_tag` numbers them.
fn renumbered<V: Variant>(game: &PdnGame, tag: &str, to_tag: Relation) -> PdnGame {
    let squares = u32::from(<V::Board as Geometry>::SQUARES);
    let map = |n| (1..=squares).contains(&n).then(|| to_tag(n));
    let mut game = game.clone();
    game.set_tag("GameType", tag);
    if let Some(fen) = game.tag("FEN") {
        let fen = map_fen_numbers::<V::Board>(fen, map);
        game.set_tag("FEN", fen);
    }
    for mv in &mut game.moves {
        mv.text = map_move_numbers(&mv.text, map);
    }
    game
}

/// A fixed game of `plies` moves at most, the seeds spread over the legal moves.
fn some_game<V: Variant>(plies: u16) -> (Position<V>, Vec<crate::Move<V>>) {
    let start = Position::<V>::initial();
    let seeds: Vec<u16> = (1..=plies).map(|i| i.wrapping_mul(7919)).collect();
    (start, playout(start, &seeds))
}

#[test]
fn game_type_fields_read_and_write() {
    let tag: GameType = " 24 , w , 8 , 8 , n2 , 1 ,".parse().unwrap();
    assert_eq!(
        tag,
        GameType {
            number: 24,
            board: Some(BoardFields {
                first_mover: Color::White,
                width: 8,
                height: 8,
                notation: Notation::Numbers,
                corner: Corner::TopLeft,
                invert: Some(true),
            }),
        }
    );
    assert_eq!(tag.to_string(), "24,W,8,8,N2,1");
    let short: GameType = "20,W,10,10,A0".parse().unwrap();
    assert_eq!(short.board.map(|b| b.invert), Some(None));
    assert_eq!(short.to_string(), "20,W,10,10,A0");
    assert_eq!(
        "21".parse(),
        Ok(GameType {
            number: 21,
            board: None
        })
    );
    assert_eq!("21,".parse::<GameType>().map(|t| t.board), Ok(None));

    use GameTypeError as E;
    let junk = [
        ("x", E::Number("x".into())),
        ("", E::Number(String::new())),
        ("-1", E::Number("-1".into())),
        ("24,W", E::FieldCount(2)),
        ("24,W,8,8", E::FieldCount(4)),
        ("24,W,8,8,N2,1,0", E::FieldCount(7)),
        ("24,Q,8,8,N2,1", E::FirstMover("Q".into())),
        ("24,W,0,8,N2,1", E::Size("0".into())),
        ("24,W,8,800,N2,1", E::Size("800".into())),
        ("24,W,8,8,N4,1", E::Notation("N4".into())),
        ("24,W,8,8,S1,1", E::Notation("S1".into())),
        ("24,W,8,8,N,1", E::Notation("N".into())),
        ("24,W,8,8,Né,1", E::Notation("Né".into())),
        ("24,W,8,8,N2,2", E::Invert("2".into())),
    ];
    for (text, error) in junk {
        assert_eq!(text.parse::<GameType>(), Err(error), "{text:?}");
    }
}

/// Every variant's own tag reads back as itself and asks for no translation; every
/// corner of its board numbers all its squares once.
#[test]
fn every_variant_reads_its_own_numbering() {
    fn check<V: Variant>() {
        let own = GameType::of::<V>();
        assert_eq!(own.to_string(), game_type_tag::<V>());
        assert_eq!(own.to_string().parse(), Ok(own), "{}", V::NAME);
        assert_eq!(Renumbering::between::<V>(&own), Ok(None), "{}", V::NAME);
        let mut board = own.board.unwrap();
        board.notation = Notation::Numbers;
        let squares = u32::from(<V::Board as Geometry>::SQUARES);
        let mut translated = 0;
        for digit in 0..4 {
            board.corner = Corner::from_digit(digit).unwrap();
            let tag = GameType {
                board: Some(board),
                ..own
            };
            let Some(numbering) = Renumbering::between::<V>(&tag).unwrap() else {
                continue;
            };
            translated += 1;
            let mut own: Vec<u32> = (1..=squares).filter_map(|n| numbering.square(n)).collect();
            own.sort_unstable();
            assert_eq!(own, (1..=squares).collect::<Vec<_>>(), "{} {tag}", V::NAME);
            assert_eq!(numbering.square(0), None);
            assert_eq!(numbering.square(squares + 1), None);
        }
        // Numbers from one corner are the variant's own (for the algebraic variants, the
        // plain numbers their readers also take).
        assert_eq!(translated, 3, "{}", V::NAME);
    }
    check::<International>();
    check::<English>();
    check::<Brazilian>();
    check::<Pool>();
    check::<Russian>();
    check::<Italian>();
    check::<Spanish>();
    check::<Czech>();
    check::<Thai>();
    check::<Turkish>();
    check::<Killer>();
    check::<Antidraughts>();
    check::<Breakthrough>();
    check::<Frisian>();
    check::<Frysk>();
}

/// The relations between the corners, by hand: Spanish's own numbering is from White's
/// bottom right (N1); the three other corners, seen by White or by Black.
#[test]
fn corners_are_half_turns_and_reversals() {
    let relations: [(&str, Option<Relation>); 6] = [
        ("24,W,8,8,N2,1", Some(half_turn_32)),
        ("24,W,8,8,N0,1", Some(rows_reversed_32)),
        ("24,W,8,8,N3,1", Some(row_order_reversed_32)),
        // Black's top right is White's bottom left, and so on.
        ("24,B,8,8,N3,1", Some(rows_reversed_32)),
        ("24,B,8,8,N1,1", Some(half_turn_32)),
        ("24,B,8,8,N2,1", None),
    ];
    for (tag, to_own) in relations {
        let numbering = Renumbering::between::<Spanish>(&tag.parse().unwrap()).unwrap();
        match (numbering, to_own) {
            (Some(numbering), Some(to_own)) => {
                let found: Vec<u32> = (1..=32).filter_map(|n| numbering.square(n)).collect();
                assert_eq!(found, (1..=32).map(to_own).collect::<Vec<_>>(), "{tag}");
            }
            (numbering, to_own) => {
                assert!(numbering.is_none() && to_own.is_none(), "{tag}");
            }
        }
    }
    // International from White's bottom right: half a turn.
    let tag: GameType = "20,W,10,10,N1,0".parse().unwrap();
    let numbering = Renumbering::between::<International>(&tag)
        .unwrap()
        .unwrap();
    let found: Vec<u32> = (1..=50).filter_map(|n| numbering.square(n)).collect();
    assert_eq!(found, (1..=50).map(half_turn_50).collect::<Vec<_>>());
}

#[test]
fn move_texts_and_fens_are_renumbered() {
    let turn = |n| (1..=32).contains(&n).then(|| half_turn_32(n));
    assert_eq!(map_move_numbers("9-14", turn), "24-19");
    assert_eq!(map_move_numbers("9x18x27", turn), "24x15x6");
    assert_eq!(map_move_numbers("9X27", turn), "24X6");
    assert_eq!(map_move_numbers("06:11", turn), "27:22");
    assert_eq!(map_move_numbers("c3-d4", turn), "c3-d4");
    assert_eq!(map_move_numbers("99-1", turn), "99-32");
    assert_eq!(map_move_numbers("1-", turn), "32-");
    assert_eq!(map_move_numbers("", turn), "");

    let fen = |text| map_fen_numbers::<<Spanish as Variant>::Board>(text, turn);
    assert_eq!(
        fen("W:W21-32:B1-12"),
        "W:W12,11,10,9,8,7,6,5,4,3,2,1:B32,31,30,29,28,27,26,25,24,23,22,21"
    );
    assert_eq!(
        fen("[FEN \"B:WK1-3,c3,5:B20.\"]"),
        "B:WK32,K31,K30,c3,28:B13"
    );
    assert_eq!(fen("W:W:BK5:H0:F1"), "W:W:BK28:H0:F1");
    // What is not a square of the board stays as written, for the reader to refuse.
    assert_eq!(fen("W:W12-1,0,33,1-99,x:B"), "W:W12-1,0,33,1-99,x:B");
    let frisian = |text| {
        let turn = |n| (1..=50).contains(&n).then(|| half_turn_50(n));
        map_fen_numbers::<<Frisian as Variant>::Board>(text, turn)
    };
    assert_eq!(frisian("W:W36,K41:BK7:RW41x3"), "W:W15,K10:BK44:RW10x3");
    assert_eq!(
        frisian("W:W36,K41:BK7:H0:F9:+0+341"),
        "W:W15,K10:BK44:H0:F9:+0+310"
    );
}

/// An old Spanish file, in Italian's numbering with `24,W,8,8,N2,1`, replays to the same
/// moves and positions as the same game in Spanish's numbering; the variant's own
/// numbering does not read it.
#[test]
fn spanish_in_italian_numbering_reads_as_spanish() {
    let (start, moves) = some_game::<Spanish>(120);
    assert!(moves.len() > 20);
    assert!(moves.iter().any(|mv| !mv.captured().is_empty()));
    let game = PdnGame::from_moves(&start, &moves, None).unwrap();
    let new = one(&game.to_string());
    let old = one(&renumbered::<Spanish>(&game, "24,W,8,8,N2,1", half_turn_32).to_string());
    assert_ne!(new.moves, old.moves);
    let line = old.replay::<Spanish>().unwrap();
    assert_eq!(line.moves, moves);
    assert_eq!(line, new.replay::<Spanish>().unwrap());
    let (typed, expected): (Game<Spanish>, Game<Spanish>) =
        (old.to_game().unwrap(), new.to_game().unwrap());
    assert_eq!(typed.positions(), expected.positions());
    // The same text under the new tag, or none, is read in Spanish's own numbering.
    let mut as_own = old.clone();
    as_own.set_tag("GameType", "24,W,8,8,N1,1");
    assert!(matches!(
        as_own.replay::<Spanish>(),
        Err(PdnError::Move { ply: 0, .. })
    ));
    as_own.set_tag("GameType", "24");
    assert!(as_own.replay::<Spanish>().is_err());
}

/// A `FEN` tag in the old numbering, ranges and kings included, and a move from it.
#[test]
fn spanish_fen_in_italian_numbering() {
    let expected: Position<Spanish> = "B:W5,9-11,K20:B22,29-31,K13".parse().unwrap();
    let mv = expected.legal_moves()[0];
    let text = map_move_numbers(&expected.move_text(&mv), |n| Some(33 - n));
    let old = one(&format!(
        "[GameType \"24,W,8,8,N2,1\"]\n[FEN \"B:W28,22-24,K13:B11,2-4,K20\"]\n1... {text} *"
    ));
    assert_eq!(old.start_position::<Spanish>().unwrap(), expected);
    let line = old.replay::<Spanish>().unwrap();
    assert_eq!((line.start, line.moves), (expected, vec![mv]));
    // Read as Spanish's own numbers, the same FEN puts Black's men on its crowning row.
    let mut as_own = old.clone();
    as_own.set_tag("GameType", "24");
    assert!(matches!(
        as_own.replay::<Spanish>(),
        Err(PdnError::Fen { .. })
    ));
}

/// Italian files written with Spanish's numbering read as Italian.
#[test]
fn italian_in_spanish_numbering_reads_as_italian() {
    let (start, moves) = some_game::<Italian>(100);
    let game = PdnGame::from_moves(&start, &moves, None).unwrap();
    let text = renumbered::<Italian>(&game, "22,W,8,8,N1,1", half_turn_32).to_string();
    assert_eq!(one(&text).replay::<Italian>().unwrap().moves, moves);
}

#[test]
fn fields_that_cannot_be_read_are_errors() {
    let error = |tag: &str| {
        one(&format!("[GameType \"{tag}\"]\n1. 11-14 *"))
            .replay::<Spanish>()
            .unwrap_err()
    };
    let size = error("24,W,10,10,N2,1");
    assert_eq!(
        size,
        PdnError::Numbering {
            game: 1,
            game_type: "24,W,10,10,N2,1".to_string(),
            source: NumberingError::BoardSize {
                width: 10,
                height: 10,
                variant: "spanish",
                side: 8,
            },
        }
    );
    assert_eq!(
        size.to_string(),
        "game 1: GameType \"24,W,10,10,N2,1\": the tag's board is 10x10, spanish's is 8x8"
    );
    assert_eq!(size.reason(), "GameType: board of another size");
    let algebraic = error("24,W,8,8,A2,1");
    assert!(matches!(
        algebraic,
        PdnError::Numbering {
            source: NumberingError::AlgebraicCorner {
                corner: Corner::TopLeft
            },
            ..
        }
    ));
    assert_eq!(
        algebraic.reason(),
        "GameType: algebraic from another corner"
    );
    let junk = error("24,W,8,8,N9,1");
    assert!(matches!(
        &junk,
        PdnError::Numbering {
            source: NumberingError::Fields(GameTypeError::Notation(_)),
            ..
        }
    ));
    assert_eq!(junk.reason(), "GameType: unreadable board fields");
    let game = one("[GameType \"24,W,8,8,A2,1\"]\n[FEN \"W:W1:B32\"] *");
    assert!(matches!(
        game.start_position::<Spanish>(),
        Err(PdnError::Numbering { .. })
    ));

    // As before: a tag of another known variant is refused as such, whatever its
    // fields; a number that does not read leaves the fields unread; algebraic names
    // from a1 at White's bottom left, and fields agreeing with the variant, change
    // nothing.
    assert!(matches!(
        error("20,W,10,10,N2,0"),
        PdnError::WrongVariant { .. }
    ));
    for tag in [
        "x,W,10,10,N2,0",
        "24,W,8,8,A0,1",
        "24,W,8,8,N1,1",
        "24,W,8,8,N1",
        "24",
    ] {
        let game = one(&format!("[GameType \"{tag}\"]\n1. 11-14 *"));
        assert!(game.replay::<Spanish>().is_ok(), "{tag}");
    }
}

/// PlayOK writes `20,W,10,10,N1,0` on International games in International's own
/// numbers (shared/data/games, pdn-test-suite/succeed/kurnik.pdn): where the tag's
/// numbering does not replay a game and the variant's own does, the own is taken. A game
/// truly numbered from White's bottom right reads too.
#[test]
fn a_corner_the_numbers_do_not_count_from() {
    let (start, moves) = some_game::<International>(80);
    let game = PdnGame::from_moves(&start, &moves, None).unwrap();
    let mut playok = game.clone();
    playok.set_tag("GameType", "20,W,10,10,N1,0");
    let playok = one(&playok.to_string());
    assert_eq!(playok.replay::<International>().unwrap().moves, moves);
    assert_eq!(playok.to_game::<International>().unwrap().moves(), moves);
    let turned = renumbered::<International>(&game, "20,W,10,10,N1,0", half_turn_50);
    assert_eq!(turned.replay::<International>().unwrap().moves, moves);

    // An illegal move: the error of the numbering that read further.
    let mut broken = playok.clone();
    broken.moves[30].text = "1-50".to_string();
    assert!(matches!(
        broken.replay::<International>(),
        Err(PdnError::Move { ply: 30, .. })
    ));
    let mut broken = turned.clone();
    broken.moves[30].text = "1-50".to_string();
    assert!(matches!(
        broken.replay::<International>(),
        Err(PdnError::Move { ply: 30, .. })
    ));
}

/// Random games (from the start or from a position reached by a few moves, so that the
/// `FEN` tag is renumbered too), written, renumbered as `tag` numbers them, read back.
fn renumbered_round_trip<V: Variant>(
    prefix: &[u16],
    seeds: &[u16],
    tag: &str,
    to_tag: Relation,
) -> Result<(), TestCaseError> {
    let mut start = Position::<V>::initial();
    for mv in playout(start, prefix) {
        start = start.play_unchecked(&mv);
    }
    let moves = playout(start, seeds);
    let game = PdnGame::from_moves(&start, &moves, None)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let text = renumbered::<V>(&game, tag, to_tag).to_string();
    let read = one(&text);
    let line = read
        .replay::<V>()
        .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    prop_assert_eq!(&line.start, &start, "{}", text);
    prop_assert_eq!(&line.moves, &moves, "{}", text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn spanish_games_renumbered_to_italian_numbering_read_back(
        prefix in prop::collection::vec(any::<u16>(), 0..6),
        seeds in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        renumbered_round_trip::<Spanish>(&prefix, &seeds, "24,W,8,8,N2,1", half_turn_32)?;
    }

    #[test]
    fn italian_games_renumbered_to_spanish_numbering_read_back(
        prefix in prop::collection::vec(any::<u16>(), 0..6),
        seeds in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        renumbered_round_trip::<Italian>(&prefix, &seeds, "22,W,8,8,N1,1", half_turn_32)?;
    }

    #[test]
    fn games_renumbered_from_other_corners_read_back(
        prefix in prop::collection::vec(any::<u16>(), 0..6),
        seeds in prop::collection::vec(any::<u16>(), 0..100),
    ) {
        renumbered_round_trip::<Spanish>(&prefix, &seeds, "24,W,8,8,N0,1", rows_reversed_32)?;
        renumbered_round_trip::<Spanish>(&prefix, &seeds, "24,W,8,8,N3", row_order_reversed_32)?;
        renumbered_round_trip::<English>(&prefix, &seeds, "21,B,8,8,N2,0", half_turn_32)?;
        renumbered_round_trip::<International>(&prefix, &seeds, "20,W,10,10,N1,0", half_turn_50)?;
    }

    #[test]
    fn game_type_values_never_panic_and_round_trip(text in "[0-9WBNAwbna, x-]{0,24}") {
        if let Ok(tag) = text.parse::<GameType>() {
            prop_assert_eq!(tag.to_string().parse::<GameType>(), Ok(tag));
        }
        let game = one(&format!("[GameType \"{text}\"]\n[FEN \"W:W21-32:B1-12\"]\n1. 22-18 *"));
        let _ = game.replay::<Spanish>();
        let _ = game.to_game::<Italian>();
        let _ = game.replay::<Russian>();
        let _ = game.replay::<Turkish>();
    }
}
