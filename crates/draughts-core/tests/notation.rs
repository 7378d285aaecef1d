//! Each variant's square custom (FORMATS §7, "Notation customs"): Russian, Brazilian and
//! Turkish write algebraic squares (`a1` White's bottom-left) in FEN, move text and PDN;
//! every reader takes those and plain numbers alike, whatever the variant. And each
//! variant's PDN `GameType` tag with its board and notation fields.

use draughts_core::pdn::{game_type_tag, read_games, write_game};
use draughts_core::{
    Brazilian, Color, English, FenError, Game, Kind, MoveTextError, Notation, Position, Russian,
    Square, SquareError, Turkish, Variant, VariantKind,
};
use proptest::prelude::*;
use proptest::sample::Index;

/// Positions reached by random legal moves from the initial position.
fn playout<V: Variant>() -> impl Strategy<Value = Position<V>> {
    prop::collection::vec(any::<Index>(), 0..160).prop_map(|choices| {
        let mut pos = Position::<V>::initial();
        for choice in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&moves[choice.index(moves.len())]);
        }
        pos
    })
}

/// The FEN of `pos` in square numbers, every square listed.
fn numbered_fen<V: Variant>(pos: &Position<V>) -> String {
    let mut lists: [Vec<String>; 2] = Default::default();
    for (square, piece) in pos.piece_squares() {
        let king = if piece.kind == Kind::King { "K" } else { "" };
        lists[usize::from(piece.color == Color::Black)].push(format!("{king}{square}"));
    }
    let turn = if pos.turn() == Color::White { 'W' } else { 'B' };
    format!("{turn}:W{}:B{}", lists[0].join(","), lists[1].join(","))
}

/// Move text with each square rewritten as its number.
fn numbered_text<V: Variant>(text: &str) -> String {
    let mut out = String::new();
    let mut name = String::new();
    for c in text.chars().chain(std::iter::once('-')) {
        if matches!(c, '-' | 'x' | ':') {
            let square = Square::from_text::<V>(&name).expect("a square we wrote");
            out.push_str(&square.number().to_string());
            out.push(c);
            name.clear();
        } else {
            name.push(c);
        }
    }
    out.pop();
    out
}

/// The custom and the numbered FEN both read back to the position; an algebraic FEN
/// holds no square number.
fn check_fen<V: Variant>(pos: &Position<V>) -> Result<(), TestCaseError> {
    let fen = pos.to_fen();
    prop_assert_eq!(fen.parse::<Position<V>>(), Ok(*pos), "{}", fen);
    let numbered = numbered_fen(pos);
    prop_assert_eq!(numbered.parse::<Position<V>>(), Ok(*pos), "{}", numbered);
    if V::NOTATION == Notation::Algebraic {
        let items = fen.split(':').skip(1).flat_map(|list| list[1..].split(','));
        for item in items.filter(|i| !i.is_empty()) {
            let name = item.trim_start_matches('K');
            prop_assert!(
                name.starts_with(|c: char| c.is_ascii_lowercase()),
                "{}",
                fen
            );
        }
    }
    Ok(())
}

/// Every legal move's text reads back to it, written in the custom or in numbers, short
/// or as the whole path.
fn check_move_text<V: Variant>(pos: &Position<V>) -> Result<(), TestCaseError> {
    for mv in pos.legal_moves() {
        let text = pos.move_text(&mv);
        prop_assert_eq!(pos.parse_move(&text), Ok(mv), "{:?}: {}", pos, text);
        let numbered = numbered_text::<V>(&text);
        prop_assert_eq!(pos.parse_move(&numbered), Ok(mv), "{:?}: {}", pos, numbered);
        let separator = if mv.is_capture() { "x" } else { "-" };
        let path: Vec<String> = pos
            .move_path(&mv)
            .iter()
            .map(|s| s.to_text::<V>())
            .collect();
        prop_assert_eq!(pos.parse_move(&path.join(separator)), Ok(mv), "{:?}", pos);
        prop_assert_eq!(pos.parse_move(&path.join(":")), Ok(mv), "{:?}", pos);
        if V::NOTATION == Notation::Algebraic {
            for name in text.split(['-', 'x']) {
                prop_assert!(
                    name.starts_with(|c: char| c.is_ascii_lowercase()),
                    "{}",
                    text
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn russian_fen_and_moves_round_trip(pos in playout::<Russian>()) {
        check_fen(&pos)?;
        check_move_text(&pos)?;
    }

    #[test]
    fn brazilian_fen_and_moves_round_trip(pos in playout::<Brazilian>()) {
        check_fen(&pos)?;
        check_move_text(&pos)?;
    }

    #[test]
    fn turkish_fen_and_moves_round_trip(pos in playout::<Turkish>()) {
        check_fen(&pos)?;
        check_move_text(&pos)?;
    }

    #[test]
    fn english_fen_and_moves_round_trip(pos in playout::<English>()) {
        check_fen(&pos)?;
        check_move_text(&pos)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Algebraic-looking text is read or refused with an error, never a panic.
    #[test]
    fn algebraic_text_never_panics(
        fen in "[WB]:[WBK]{0,2}([Kk]?[a-kA-Kx@][0-9]{0,3}[,\\-]?){0,6}:[WB]([Kk]?[a-k][0-9]{0,2},?){0,4}",
        mv in "[a-kx0-9\\-: X]{0,14}",
    ) {
        if let Ok(pos) = fen.parse::<Position<Russian>>() {
            prop_assert_eq!(pos.to_fen().parse::<Position<Russian>>(), Ok(pos));
        }
        if let Ok(pos) = fen.parse::<Position<Turkish>>() {
            prop_assert_eq!(pos.to_fen().parse::<Position<Turkish>>(), Ok(pos));
        }
        let _ = fen.parse::<Position<English>>();
        let _ = Position::<Russian>::initial().parse_move(&mv);
        let _ = Position::<Russian>::initial().parse_hub_move(&mv);
        let _ = Position::<Turkish>::initial().parse_move(&mv);
        let _ = Position::<English>::initial().parse_move(&mv);
    }
}

/// The openings as pydraughts lists them from the start: `c3-d4` and so on.
#[test]
fn start_moves_in_the_custom() {
    let texts = |moves: Vec<String>| {
        let mut moves = moves;
        moves.sort();
        moves
    };
    let russian = Position::<Russian>::initial();
    let moves = russian
        .legal_moves()
        .iter()
        .map(|m| russian.move_text(m))
        .collect();
    assert_eq!(
        texts(moves),
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    );
    let turkish = Position::<Turkish>::initial();
    let moves = turkish
        .legal_moves()
        .iter()
        .map(|m| turkish.move_text(m))
        .collect();
    assert_eq!(
        texts(moves),
        ["a3-a4", "b3-b4", "c3-c4", "d3-d4", "e3-e4", "f3-f4", "g3-g4", "h3-h4"]
    );
    let english = Position::<English>::initial();
    let moves: Vec<String> = english
        .legal_moves()
        .iter()
        .map(|m| english.move_text(m))
        .collect();
    assert!(moves.contains(&"11-15".to_string()), "{moves:?}");
}

/// Captures: `x`, and the whole path where two captures share their ends; `:` and
/// numbers are read too.
#[test]
fn captures_in_the_custom() {
    let pos: Position<Russian> = "W:Wc3:Bd4,f6".parse().unwrap();
    let capture = pos.legal_moves()[0];
    assert_eq!(pos.move_text(&capture), "c3xg7");
    for text in [
        "c3xg7",
        "c3:g7",
        "C3XG7",
        "c3xe5xg7",
        "22x8",
        "c3x8",
        " c3 : g7 ",
    ] {
        assert_eq!(pos.parse_move(text), Ok(capture), "{text}");
    }
    // Turkish: the king on c8 takes four pieces and ends on a6 (rules_turkish.rs).
    let turkish: Position<Turkish> = "W:WK3:B18,19,30,45".parse().unwrap();
    let mv = turkish.legal_moves()[0];
    assert_eq!(turkish.move_text(&mv), "c8xa6");
    assert_eq!(turkish.parse_move("c8xa6"), Ok(mv));
    assert_eq!(turkish.parse_move("3x17"), Ok(mv));
}

/// Squares off the board or light are typed errors; a legal square that no move fits
/// is illegal, as with numbers.
#[test]
fn bad_squares_in_moves() {
    let russian = Position::<Russian>::initial();
    assert!(matches!(
        russian.parse_move("i9-h8"),
        Err(MoveTextError::Square(SquareError::OffBoard { .. }))
    ));
    assert_eq!(
        russian.parse_move("a2-b3"),
        Err(MoveTextError::Square(SquareError::Light("a2".to_string())))
    );
    assert!(matches!(
        russian.parse_move("c3-e5"),
        Err(MoveTextError::Illegal(_))
    ));
    for text in ["c3", "c3-", "c-3", "cc-d4", "c3--d4", "c3/d4", "3c-d4"] {
        assert!(
            matches!(russian.parse_move(text), Err(MoveTextError::Syntax(_))),
            "{text:?}: {:?}",
            russian.parse_move(text)
        );
    }
    let turkish = Position::<Turkish>::initial();
    assert!(matches!(
        turkish.parse_move("c3-d4"),
        Err(MoveTextError::Illegal(_))
    ));
    assert_eq!(
        turkish.parse_move("a2-a3").map(|_| ()),
        Err(MoveTextError::Illegal("a2-a3".to_string()))
    );
    assert!(matches!(
        "W:Wi9:Bb6".parse::<Position<Russian>>(),
        Err(FenError::Square { .. })
    ));
}

/// PDN export writes the custom (moves and `FEN` tag); import reads it, and numbers.
#[test]
fn pdn_in_the_custom() {
    let mut game = Game::<Russian>::new();
    for text in ["c3-d4", "f6-e5", "d4xf6"] {
        game.play_text(text).unwrap();
    }
    let pdn = write_game(&game);
    assert!(pdn.contains("[GameType \"25,W,8,8,A0,0\"]"), "{pdn}");
    assert!(pdn.contains("1. c3-d4 f6-e5 2. d4xf6 *"), "{pdn}");
    let read = read_games(&pdn).remove(0).unwrap();
    let back: Game<Russian> = read.to_game().unwrap();
    assert_eq!(back.moves(), game.moves());

    let numbered = "[GameType \"25\"]\n\n1. 22-18 11-15 2. 18x11 *\n";
    let back: Game<Russian> = read_games(numbered).remove(0).unwrap().to_game().unwrap();
    assert_eq!(back.moves(), game.moves());
    let colons = "1. c3-d4 f6-e5! 2. d4:f6 {taken} *";
    let back: Game<Russian> = read_games(colons).remove(0).unwrap().to_game().unwrap();
    assert_eq!(back.moves(), game.moves());

    let start: Position<Turkish> = "W:Wd6:Bd7,e8".parse().unwrap();
    let mut game = Game::from_position(start);
    game.play_text("d6xf8").unwrap();
    let pdn = write_game(&game);
    assert!(pdn.contains("[FEN \"W:Wd6:Bd7,e8\"]"), "{pdn}");
    assert!(pdn.contains("1. d6xf8 1-0"), "{pdn}");
    let back: Game<Turkish> = read_games(&pdn).remove(0).unwrap().to_game().unwrap();
    assert_eq!(back.moves(), game.moves());
}

#[test]
fn variant_kinds_name_their_squares() {
    let a1 = Square::new(29).unwrap();
    assert_eq!(VariantKind::Brazilian.notation(), Notation::Algebraic);
    assert_eq!(VariantKind::Italian.notation(), Notation::Numbers);
    assert_eq!(VariantKind::Russian.square_text(a1), "a1");
    assert_eq!(VariantKind::Turkish.square_text(a1), "e5");
    assert_eq!(VariantKind::Pool.square_text(a1), "29");
    assert_eq!(VariantKind::Russian.parse_square("a1"), Ok(a1));
    assert_eq!(VariantKind::Pool.parse_square("a1"), Ok(a1));
    assert!(VariantKind::Turkish.parse_square("i1").is_err());
}

/// Every variant's tag, by hand from its rules and numbering (FORMATS §7), and read
/// back as that variant.
#[test]
fn every_variant_writes_its_board() {
    macro_rules! tags {
        ($($name:ident $text:literal),+) => {
            [$((draughts_core::$name::NAME, game_type_tag::<draughts_core::$name>())),+]
        };
    }
    let expected = [
        ("international", "20,W,10,10,N2,0"),
        ("english", "21,B,8,8,N1,0"),
        ("brazilian", "26,W,8,8,A0,0"),
        ("pool", "23,B,8,8,N1,0"),
        ("russian", "25,W,8,8,A0,0"),
        ("italian", "22,W,8,8,N2,1"),
        ("spanish", "24,W,8,8,N1,1"),
        ("czech", "29,W,8,8,N2,0"),
        ("thai", "31,W,8,8,N2,0"),
        ("turkish", "30,W,8,8,A0,0"),
        ("killer", "43,W,10,10,N2,0"),
        ("antidraughts", "44,W,10,10,N2,0"),
        ("breakthrough", "45,W,10,10,N2,0"),
        ("frisian", "40,W,10,10,N2,0"),
        ("frysk", "42,W,10,10,N2,0"),
    ];
    let written = draughts_core::for_each_variant!(tags);
    for ((name, tag), (expected_name, expected_tag)) in written.iter().zip(expected) {
        assert_eq!((*name, tag.as_str()), (expected_name, expected_tag));
        let text = format!("[GameType \"{tag}\"] *");
        let game = read_games(&text).remove(0).unwrap();
        assert_eq!(game.variant(), name.parse::<VariantKind>().ok());
    }
}
