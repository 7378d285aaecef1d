use super::*;
use crate::{
    Brazilian, English, Frisian, Game, GameResult, International, Move, MoveTextError, Pool,
    Position, Variant, VariantKind,
};
use proptest::prelude::*;

/// Reads text that must hold exactly one good game.
pub(super) fn one(text: &str) -> PdnGame {
    let mut games = read_games(text);
    assert_eq!(games.len(), 1, "games in {text:?}: {games:?}");
    games.remove(0).expect("a readable game")
}

pub(super) fn texts(moves: &[PdnMove]) -> Vec<&str> {
    moves.iter().map(|m| m.text.as_str()).collect()
}

/// The typed moves of a game, as their PDN texts.
fn replayed<V: Variant>(game: &PdnGame) -> Vec<String> {
    let line = game.replay::<V>().expect("a replayable game");
    let mut pos = line.start;
    line.moves
        .iter()
        .map(|mv| {
            let text = pos.move_text(mv);
            pos = pos.play_unchecked(mv);
            text
        })
        .collect()
}

#[test]
fn tags_in_order_with_escapes() {
    let game = one(concat!(
        "[Event \"Olympiad \\\"92\\\"\"]\n",
        "[Site \"C:\\\\games\"]\n",
        "[Date \"1992.??.??\"]\n",
        "[White \"Sijbrands, T.\"]\n",
        "[Result \"2-0\"]\n",
        "\n",
        "1. 32-28 19-23 2-0\n",
    ));
    let names: Vec<&str> = game.tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Event", "Site", "Date", "White", "Result"]);
    assert_eq!(game.tag("event"), Some("Olympiad \"92\""));
    assert_eq!(game.tag("Site"), Some("C:\\games"));
    assert_eq!(game.tag("Date"), Some("1992.??.??"));
    assert_eq!(game.tag("Black"), None);
    assert_eq!(texts(&game.moves), ["32-28", "19-23"]);
    assert_eq!(game.moves[0].number, Some(1));
    assert_eq!(game.moves[1].number, None);
    assert_eq!(game.result.as_deref(), Some("2-0"));
    assert_eq!(game.index, 1);
    assert_eq!(game.line, 1);
    assert_eq!((game.moves[1].line, game.moves[1].column), (7, 10));
}

#[test]
fn spaces_inside_moves() {
    let game = one("1. 32- 28 19 -23 2. 28x 19 14 x 23 *");
    assert_eq!(texts(&game.moves), ["32-28", "19-23", "28x19", "14x23"]);
    assert_eq!(
        replayed::<International>(&game),
        ["32-28", "19-23", "28x19", "14x23"]
    );
    let game = one("1. 47x 9 1- 6 *");
    assert_eq!(texts(&game.moves), ["47x9", "1-6"]);
    assert_eq!(game.moves[0].number, Some(1));
    assert_eq!(game.moves[1].number, None);
    let game = one("[GameType \"21\"]\n1. 11- 15 22 -18 2. 15x 22 25 x18 *");
    assert_eq!(
        replayed::<English>(&game),
        ["11-15", "22-18", "15x22", "25x18"]
    );
}

#[test]
fn spaces_inside_moves_keep_the_next_move_number_apart() {
    let game = one("1- 6 2. 7-11");
    assert_eq!(texts(&game.moves), ["1-6", "7-11"]);
    assert_eq!(game.moves[1].number, Some(2));
}

#[test]
fn leading_zeros() {
    let game = one("[GameType \"21\"]\n01. 09-14 022-17 02. 011-015 *");
    assert_eq!(texts(&game.moves), ["09-14", "022-17", "011-015"]);
    assert_eq!(game.moves[0].number, Some(1));
    assert_eq!(game.moves[2].number, Some(2));
    assert_eq!(replayed::<English>(&game), ["9-14", "22-17", "11-15"]);
}

#[test]
fn ellipsis_move_numbers() {
    let fen = "[FEN \"B:W21-32:B1-12\"][GameType \"21\"]\n";
    for movetext in [
        "1. ... 9-14 22-17",
        "1... 9-14 22-17",
        "1...9-14 22-17",
        "1. .. 9-14 22-17",
    ] {
        let game = one(&format!("{fen}{movetext} *"));
        assert_eq!(texts(&game.moves), ["9-14", "22-17"], "{movetext}");
        assert!(game.moves[0].ellipsis, "{movetext}");
        assert_eq!(game.moves[0].number, Some(1));
    }
    let game = one("[FEN \"B:W31-50:B1-20\"]\n12... 19-23 13. 32-28 *");
    assert!(game.moves[0].ellipsis);
    assert_eq!(game.moves[0].number, Some(12));
    assert!(!game.moves[1].ellipsis);
    assert_eq!(replayed::<International>(&game), ["19-23", "32-28"]);
}

#[test]
fn missing_and_repeated_move_numbers() {
    let game = one("1. 32-28 19-23 28x19 14x23 3. 3. 37-32 10-14 33-29 2. 5-10 *");
    assert_eq!(game.moves.len(), 8);
    assert_eq!(game.moves[4].number, Some(3));
    assert_eq!(game.moves[7].number, Some(2));
    assert_eq!(replayed::<International>(&game).len(), 8);
    // A bare number without its dot is a move number too.
    let game = one("1 32-28 19-23 2 37-32 *");
    assert_eq!(texts(&game.moves), ["32-28", "19-23", "37-32"]);
    // Numbers glued to the move.
    let game = one("1.32-28 19-23 2.28x19 *");
    assert_eq!(texts(&game.moves), ["32-28", "19-23", "28x19"]);
    // Text glued after a move is a token of its own.
    assert!(matches!(
        read_games("1. 32-28abc *").remove(0),
        Err(PdnError::Syntax { kind: SyntaxErrorKind::Unexpected(w), .. }) if w == "abc"
    ));
}

#[test]
fn separators_x_colon_and_capital_x() {
    let game = one("1. 32x28 19:23 2. 28X19 14-23 *");
    assert_eq!(texts(&game.moves), ["32x28", "19:23", "28X19", "14-23"]);
    assert_eq!(
        replayed::<International>(&game),
        ["32-28", "19-23", "28x19", "14x23"]
    );
}

#[test]
fn long_forms_and_ambiguity() {
    let fen = "[FEN \"W:W30:B11,22,23,24,33,34\"]\n";
    let game = one(&format!("{fen}1. 30x39x28x17x6 *"));
    let line = game.replay::<International>().unwrap();
    assert_eq!(line.moves[0].captured().len(), 4);
    assert_eq!(line.start.move_text(&line.moves[0]), "30x39x28x17x6");
    // A long form where the short one would do.
    let game = one("[FEN \"W:W37:B32,23\"]\n1. 37x28x19 *");
    assert_eq!(replayed::<International>(&game), ["37x19"]);
    // The short form fits two captures: an error naming the move.
    let game = one(&format!("{fen}1. 30x6 *"));
    let error = game.replay::<International>().unwrap_err();
    assert_eq!(
        error,
        PdnError::Move {
            game: 1,
            ply: 0,
            number: 1,
            second: false,
            text: "30x6".to_string(),
            line: 2,
            column: 4,
            source: MoveTextError::Ambiguous {
                text: "30x6".to_string(),
                count: 2
            },
        }
    );
}

#[test]
fn no_result_the_next_tag_starts_a_game() {
    let games = read_games(concat!(
        "[Event \"a\"]\n1. 32-28 19-23\n",
        "[Event \"b\"]\n1. 33-29 *\n",
        "[Event \"c\"]\n[Site \"d\"]\n\n1. 34-30\n",
    ));
    assert_eq!(games.len(), 3);
    let games: Vec<PdnGame> = games.into_iter().map(Result::unwrap).collect();
    assert_eq!(games[0].tag("Event"), Some("a"));
    assert_eq!(games[0].result, None);
    assert_eq!(texts(&games[0].moves), ["32-28", "19-23"]);
    assert_eq!(games[1].result.as_deref(), Some("*"));
    assert_eq!(games[2].tags.len(), 2);
    assert_eq!(texts(&games[2].moves), ["34-30"]);
    assert_eq!(games.iter().map(|g| g.index).collect::<Vec<_>>(), [1, 2, 3]);
    // Several tags on one line, and a game without tags.
    let games = read_games("[Event \"x\"][Round \"2\"] 1. 32-28 2-0 1. 31-27 0-2");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].as_ref().unwrap().tags.len(), 2);
    assert_eq!(games[1].as_ref().unwrap().result.as_deref(), Some("0-2"));
}

#[test]
fn results_are_whole_tokens() {
    let game = one("1. 6-1 1-10 1-1");
    assert_eq!(texts(&game.moves), ["6-1", "1-10"]);
    assert_eq!(game.result.as_deref(), Some("1-1"));
    for (movetext, result) in [
        ("1. 32-28 2-0", "2-0"),
        ("1. 32-28 0-2", "0-2"),
        ("1. 32-28 1-0", "1-0"),
        ("1. 32-28 0-1", "0-1"),
        ("1. 32-28 1/2-1/2", "1/2-1/2"),
        ("1. 32-28 ½-½", "½-½"),
        ("1. 32-28 0-0", "0-0"),
        ("1. 32-28 *", "*"),
        ("1. 32-28 1 - 1", "1-1"),
    ] {
        let game = one(movetext);
        assert_eq!(texts(&game.moves), ["32-28"], "{movetext}");
        assert_eq!(game.result.as_deref(), Some(result), "{movetext}");
    }
}

#[test]
fn results_per_variant() {
    let intl = |text: &str| one(text).game_result::<International>();
    let eng = |text: &str| one(text).game_result::<English>();
    assert_eq!(intl("1. 32-28 2-0"), Some(GameResult::WhiteWins));
    assert_eq!(intl("1. 32-28 0-2"), Some(GameResult::BlackWins));
    assert_eq!(intl("1. 32-28 1-1"), Some(GameResult::Draw));
    assert_eq!(eng("1. 11-15 1-0"), Some(GameResult::BlackWins));
    assert_eq!(eng("1. 11-15 0-1"), Some(GameResult::WhiteWins));
    assert_eq!(eng("1. 11-15 ½-½"), Some(GameResult::Draw));
    assert_eq!(eng("1. 11-15 *"), Some(GameResult::Unfinished));
    // No token in the movetext: the Result tag.
    assert_eq!(
        eng("[Result \"1/2-1/2\"]\n1. 11-15"),
        Some(GameResult::Draw)
    );
    assert_eq!(eng("[Result \"?\"]\n1. 11-15"), None);
}

#[test]
fn star_as_a_mark() {
    let game = one("1. 32-28 * 19-23 2. 28x19* 14x23 *");
    assert_eq!(texts(&game.moves), ["32-28", "19-23", "28x19", "14x23"]);
    assert_eq!(game.moves[0].marks, "*");
    assert_eq!(game.moves[2].marks, "*");
    assert_eq!(game.result.as_deref(), Some("*"));
}

#[test]
fn text_between_games_is_skipped() {
    let games = read_games("{a} 1-0 (just words) * [Event \"x\"] 1. 32-28 * {trailing} (text)");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].as_ref().unwrap().index, 1);
}

#[test]
fn percent_escape_lines() {
    let game = one(concat!(
        "% written by some program\n",
        "[Event \"x\"]\n",
        "  % indented escape\n",
        "1. 32-28 19-23\n",
        "%2. 99-98 {not read}\n",
        "2. 28x19 14x23 *\n",
    ));
    assert_eq!(texts(&game.moves), ["32-28", "19-23", "28x19", "14x23"]);
    assert!(game.comments.is_empty());
}

#[test]
fn comments_with_eval_and_tags_inside() {
    let game = one("{before} 1. 32-28 {[%eval 0.25] [%clk 0:01:00]} 19-23 {line\nbreak} *");
    assert_eq!(game.comments, ["before"]);
    assert_eq!(game.moves[0].comments, ["[%eval 0.25] [%clk 0:01:00]"]);
    assert_eq!(game.moves[1].comments, ["line\nbreak"]);
    // A comment before the first move of a tagged game.
    let game = one("[Event \"x\"]\n{opening} 1. 32-28 *");
    assert_eq!(game.comments, ["opening"]);
}

#[test]
fn variations_nested() {
    let game = one("1. 32-28 19-23 2. 28x19 (2. 33-29 (2. 34-30) 23-28) 14x23 *");
    assert_eq!(texts(&game.moves), ["32-28", "19-23", "28x19", "14x23"]);
    let variations = &game.moves[2].variations;
    assert_eq!(variations.len(), 1);
    assert_eq!(texts(&variations[0]), ["33-29", "23-28"]);
    assert_eq!(texts(&variations[0][0].variations[0]), ["34-30"]);
    assert_eq!(variations[0][0].number, Some(2));
    assert_eq!(replayed::<International>(&game).len(), 4);
    // Two variations for one move.
    let game = one("1. 32-28 (1. 33-29) (1. 34-30 {also}) 19-23 *");
    assert_eq!(game.moves[0].variations.len(), 2);
    assert_eq!(game.moves[0].variations[1][0].comments, ["also"]);
}

#[test]
fn parenthesised_comments_in_old_english_files() {
    let game = one(concat!(
        "[GameType \"21\"]\n",
        "1. 11-15 23-19 (the Old Fourteenth, see Lees' Guide p. 12) 2. 8-11 22-17\n",
        "(22-17 is best; 17-13 loses) 3. 9-13 (9-14 25-22) 17x10 *\n",
    ));
    assert_eq!(
        texts(&game.moves),
        ["11-15", "23-19", "8-11", "22-17", "9-13", "17x10"]
    );
    assert_eq!(
        game.moves[1].comments,
        ["the Old Fourteenth, see Lees' Guide p. 12"]
    );
    assert_eq!(game.moves[3].comments, ["22-17 is best; 17-13 loses"]);
    assert_eq!(texts(&game.moves[4].variations[0]), ["9-14", "25-22"]);
    // Parentheses before any move are a comment too.
    let game = one("(Game 3) 1. 11-15 *");
    assert_eq!(game.comments, ["Game 3"]);
    assert!(game.moves[0].variations.is_empty());
}

#[test]
fn nags_and_marks() {
    let game = one("1. 32-28! 19-23?! $6 2. 28x19(?) 14x23 ! $1 $14 3. 37-32 (!) *");
    assert_eq!(
        texts(&game.moves),
        ["32-28", "19-23", "28x19", "14x23", "37-32"]
    );
    assert_eq!(game.moves[0].marks, "!");
    assert_eq!(game.moves[1].marks, "?!");
    assert_eq!(game.moves[1].nags, [6]);
    assert_eq!(game.moves[2].marks, "(?)");
    assert_eq!(game.moves[3].marks, "!");
    assert_eq!(game.moves[3].nags, [1, 14]);
    assert_eq!(game.moves[4].marks, "(!)");
}

#[test]
fn odd_results_are_kept_as_text() {
    let game = one("[Result \"4-6\"]\n1. 32-28 19-23 4-6\n");
    assert_eq!(texts(&game.moves), ["32-28", "19-23"]);
    assert_eq!(game.result.as_deref(), Some("4-6"));
    assert_eq!(game.game_result::<International>(), None);
    let games = read_games("[Result \"4-6\"]\n1. 32-28 4-6\n[Event \"next\"]\n");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].as_ref().unwrap().result.as_deref(), Some("4-6"));
    // Without the tag saying so it is a move, which the replay refuses.
    let game = one("1. 32-28 19-23 4-6");
    assert_eq!(game.moves.len(), 3);
    assert!(matches!(
        game.replay::<International>(),
        Err(PdnError::Move {
            ply: 2,
            number: 2,
            second: false,
            ..
        })
    ));
    // Score-like tokens no move can be are results.
    assert_eq!(one("1. 32-28 3-3").result.as_deref(), Some("3-3"));
}

#[test]
fn latin1_bom_and_windows_line_ends() {
    let bytes = b"[White \"Gr\xF6nwald\"]\r\n[Black \"M\xFCller\"]\r\n\r\n1. 32-28 {g\xE9n\xE9ral} 19-23 *\r\n";
    let games = read_games_from_bytes(bytes);
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.tag("White"), Some("Grönwald"));
    assert_eq!(game.tag("Black"), Some("Müller"));
    assert_eq!(game.moves[0].comments, ["général"]);
    assert_eq!((game.moves[1].line, game.moves[1].column), (4, 20));

    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice("[White \"Grönwald\"]\n1. 32-28 *".as_bytes());
    let games = read_games_from_bytes(&bom);
    assert_eq!(games[0].as_ref().unwrap().tag("White"), Some("Grönwald"));
    assert_eq!(
        one("\u{feff}[Event \"x\"]\n1. 32-28 *").tag("Event"),
        Some("x")
    );
    // Old Mac line ends count as lines too.
    let game = one("[Event \"x\"]\r1. 32-28\r19-23 *");
    assert_eq!(game.moves[1].line, 3);
}

#[test]
fn a_bad_game_does_not_stop_the_reader() {
    let good = "[Event \"good\"]\n1. 32-28 19-23 *\n";
    for (bad, kind) in [
        (
            "[Event \"bad\"]\n1. 32-28 {unterminated\n",
            SyntaxErrorKind::UnterminatedComment,
        ),
        (
            "[Event \"bad\"]\n1. 32-28 (33-29 19-23\n",
            SyntaxErrorKind::UnterminatedVariation,
        ),
        (
            "[Event \"bad]\n1. 32-28 *\n",
            SyntaxErrorKind::UnterminatedString("Event".into()),
        ),
        (
            "[Event \"bad\"\n1. 32-28 *\n",
            SyntaxErrorKind::UnterminatedTag("Event".into()),
        ),
        (
            "[Event \"bad\"]\n1. 32-28 } 19-23 *\n",
            SyntaxErrorKind::StrayBrace,
        ),
        (
            "[Event \"bad\"]\n1. 32-28 ) 19-23 *\n",
            SyntaxErrorKind::StrayParen,
        ),
        (
            "[Event \"bad\"]\n1. 32-28 resigns *\n",
            SyntaxErrorKind::Unexpected("resigns".into()),
        ),
        ("[%bad tag]\n1. 32-28 *\n", SyntaxErrorKind::BadTag),
    ] {
        let text = format!("{good}{bad}{good}");
        let games = read_games(&text);
        assert_eq!(games.len(), 3, "{bad:?}: {games:?}");
        assert!(games[0].is_ok() && games[2].is_ok(), "{bad:?}: {games:?}");
        assert_eq!(games[2].as_ref().unwrap().index, 3);
        match &games[1] {
            Err(PdnError::Syntax {
                game: 2,
                line,
                kind: found,
                ..
            }) => {
                assert_eq!(found, &kind, "{bad:?}");
                assert!((3..=5).contains(line), "{bad:?}: line {line}");
            }
            other => panic!("{bad:?}: {other:?}"),
        }
    }
}

#[test]
fn unterminated_text_at_the_end() {
    for text in [
        "{",
        "(",
        "[",
        "\"",
        "[Event",
        "[Event \"",
        "[Event \"x\"",
        "1. 32-28 (",
        "1. 32-28 {",
        "1. 32-",
        "1.",
        "$",
        "$x",
        "...",
        ")",
        "}",
        "]",
        "((((((",
        "1. 32-28 ((((((((((((",
    ] {
        let games = read_games(text);
        assert!(games.len() <= 1, "{text:?}: {games:?}");
    }
}

#[test]
fn long_hostile_lines_read_in_linear_time() {
    let n = 100_000;
    for text in [
        "[".repeat(n),
        "[a \"x\"] ".repeat(n / 8),
        "{".repeat(n),
        "(".repeat(n),
        format!("{}{}", "(".repeat(n / 2), ")".repeat(n / 2)),
        "1 - ".repeat(n / 4) + "x",
        "1 - 2 ".repeat(n / 6) + "abc",
        "\"".repeat(n),
        "% ".repeat(n),
        "$".repeat(n),
    ] {
        let start = std::time::Instant::now();
        let games = read_games(&text);
        assert!(games.len() <= n, "{}", &text[..20]);
        assert!(
            start.elapsed() < std::time::Duration::from_secs(5),
            "{}: {:?}",
            &text[..20],
            start.elapsed()
        );
    }
}

#[test]
fn deep_nesting_is_kept_as_a_comment() {
    let depth = 200;
    let text = format!(
        "1. 32-28 {}33-29{} 19-23 *",
        "(1. 33-29 ".repeat(depth),
        ")".repeat(depth)
    );
    let game = one(&text);
    assert_eq!(texts(&game.moves), ["32-28", "19-23"]);
    assert_eq!(game.moves[0].variations.len(), 1);
}

#[test]
fn error_messages_name_the_place() {
    let games = read_games("[Event \"a\"]\n1. 32-28 *\n[Event \"b\"]\n1. 32-28 19-23 2. 28-22 *");
    let error = games[1]
        .as_ref()
        .unwrap()
        .replay::<International>()
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "game 2, move 2. 28-22 (line 4, column 19): 28-22 is not a legal move here"
    );
    let game = one("[FEN \"B:W31-50:B1-20\"]\n1... 19-23 2. 32-27 23-18 *");
    let error = game.replay::<International>().unwrap_err();
    assert!(matches!(
        error,
        PdnError::Move {
            ply: 2,
            number: 2,
            second: true,
            ..
        }
    ));
    assert!(error.to_string().starts_with("game 1, move 2... 23-18"));
    let error = read_games("[Event \"a\"]\n1. 32-28 {oops\n")
        .remove(0)
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "game 1, line 2, column 10: comment opened with { is never closed with }"
    );
}

#[test]
fn variant_game_type_and_fen() {
    let game = one("[GameType \"20,W,10,10,N2,0\"]\n1. 32-28 *");
    assert_eq!(game.game_type(), Some(20));
    assert_eq!(game.variant(), Some(VariantKind::International));
    assert_eq!(
        one("[GameType \" 21 \"] *").variant(),
        Some(VariantKind::English)
    );
    assert_eq!(one("[Event \"x\"] *").variant(), None);
    assert!(game.replay::<International>().is_ok());
    assert_eq!(
        game.replay::<English>().unwrap_err(),
        PdnError::WrongVariant {
            game: 1,
            game_type: "20,W,10,10,N2,0".to_string(),
            expected: "english",
            expected_type: 21,
        }
    );
    // Type 23 is American pool, but some programs write it on English games, so English
    // does not refuse it.
    let game = one("[GameType \"23\"]\n1. 11-15 *");
    assert_eq!(game.game_type(), Some(23));
    assert_eq!(game.variant(), Some(VariantKind::Pool));
    assert!(game.replay::<English>().is_ok());
    assert!(game.replay::<Pool>().is_ok());
    assert!(game.replay::<International>().is_err());
    let game = one("[GameType \"26\"]\n1. 22-18 *");
    assert_eq!(game.variant(), Some(VariantKind::Brazilian));
    assert!(game.replay::<Brazilian>().is_ok());
    assert!(game.replay::<English>().is_err());
    assert_eq!(one("[GameType \"x\"] *").game_type(), None);

    let game = one("[FEN \"W:W28,K33:B1\"]\n1. 28-22 *");
    let line = game.replay::<International>().unwrap();
    assert_eq!(line.start.to_fen(), "W:W28,K33:B1");
    assert_eq!(line.end.to_fen(), "B:W22,K33:B1");
    let game = one("[FEN \"W:W99:B1\"]\n1. 28-22 *");
    assert!(matches!(
        game.replay::<International>(),
        Err(PdnError::Fen { game: 1, .. })
    ));
}

#[test]
fn to_game_replays_into_a_game() {
    let game = one("1. 32-28 19-23 2. 28x19 14x23 *");
    let typed: Game<International> = game.to_game().unwrap();
    assert_eq!(typed.moves().len(), 4);
    assert_eq!(*typed.start(), Position::initial());
    let bad = one("1. 32-28 19-14 *");
    assert!(matches!(
        bad.to_game::<International>(),
        Err(PdnError::Move { ply: 1, .. })
    ));
}

/// A Frisian setup with a king's run under way: the `FEN` tag carries it (our `R`
/// field, or lidraughts' `+` field), the replay obeys it, and the writer keeps it.
#[test]
fn frisian_king_runs_in_setups() {
    let tag = "[GameType \"40\"]\n[FEN \"W:W36,K41:BK7:RW41x3\"]\n";
    let game = one(&format!("{tag}1. 41-46 *"));
    assert!(matches!(
        game.replay::<Frisian>(),
        Err(PdnError::Move { ply: 0, .. })
    ));
    let game = one(&format!("{tag}1. 36-31 7-1 2. 41-46 *"));
    let line = game.replay::<Frisian>().unwrap();
    assert_eq!(line.start.to_fen(), "W:W36,K41:BK7:RW41x3");
    assert_eq!(line.end.to_fen(), "B:W31,K46:BK1:RW46x1");
    let lidraughts = one("[GameType \"40\"]\n[FEN \"W:W36,K41:BK7:H0:F9:+0+341\"]\n *");
    assert_eq!(lidraughts.replay::<Frisian>().unwrap().start, line.start);
    let written = write_game(&game.to_game::<Frisian>().unwrap());
    assert!(
        written.contains("[FEN \"W:W36,K41:BK7:RW41x3\"]"),
        "{written}"
    );
    let again = one(&written).replay::<Frisian>().unwrap();
    assert_eq!((again.start, again.end), (line.start, line.end));
}

#[test]
fn writes_standard_tags_and_numbers() {
    let mut game = Game::<International>::new();
    for text in ["32-28", "19-23", "28x19", "14x23"] {
        game.play_text(text).unwrap();
    }
    assert_eq!(
        write_game(&game),
        concat!(
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n",
            "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[GameType \"20,W,10,10,N2,0\"]\n\n",
            "1. 32-28 19-23 2. 28x19 14x23 *\n"
        )
    );
    // A start with the second mover to move: FEN, SetUp and `1...`.
    let start: Position<English> = "W:W21-32:B1-12".parse().unwrap();
    let first = start.parse_move("22-18").unwrap();
    let second = start.play_unchecked(&first).parse_move("11-15").unwrap();
    let pdn = PdnGame::from_moves(&start, &[first, second], Some(GameResult::BlackWins)).unwrap();
    let text = pdn.to_string();
    assert!(
        text.contains("[GameType \"21,B,8,8,N1,0\"]\n[SetUp \"1\"]\n[FEN \"W:W21-32:B1-12\"]\n")
    );
    assert!(text.contains("[Result \"1-0\"]"));
    assert!(text.ends_with("\n\n1... 22-18 2. 11-15 1-0\n"), "{text}");
    // An illegal move is refused.
    assert!(PdnGame::from_moves(&start, &[second], None).is_err());
}

#[test]
fn writes_the_result_of_a_finished_game() {
    let game = Game::<International>::from_position("W:W:BK5".parse().unwrap());
    let text = write_game(&game);
    assert!(text.contains("[Result \"0-2\"]"));
    assert!(text.ends_with("\n0-2\n"), "{text}");
    let back = one(&text);
    assert_eq!(
        back.game_result::<International>(),
        Some(GameResult::BlackWins)
    );
    assert_eq!(
        back.start_position::<International>().unwrap(),
        *game.start()
    );
}

#[test]
fn writes_ambiguous_captures_in_full_and_wraps_lines() {
    let start: Position<International> = "W:W30:B11,22,23,24,33,34".parse().unwrap();
    let mv = start.parse_move("30x39x28x17x6").unwrap();
    let text = PdnGame::from_moves(&start, &[mv], None)
        .unwrap()
        .to_string();
    assert!(text.ends_with("1. 30x39x28x17x6 *\n"), "{text}");

    let game = PdnGame {
        moves: (0..60)
            .map(|i| PdnMove {
                number: (i % 2 == 0).then_some(i / 2 + 1),
                ..PdnMove::new("32-28")
            })
            .collect(),
        ..PdnGame::default()
    };
    let text = game.to_string();
    assert!(text.lines().count() > 3);
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
}

#[test]
fn syntax_round_trip_keeps_everything() {
    let text = concat!(
        "[Event \"a \\\"b\\\" c\\\\\"]\n[Result \"4-6\"]\n\n",
        "{intro} 1. 32-28! $1 {good} (1. 33-29 {also} (1. 34-30) 19-23) 19-23 ",
        "2. 28x19(?) 14x23 {a} {b} 3... 10-14 4-6\n",
    );
    let game = one(text);
    let mut back = one(&game.to_string());
    let mut expected = game.clone();
    for g in [&mut back, &mut expected] {
        clear_places(&mut g.moves);
    }
    assert_eq!(back, expected);
}

fn clear_places(moves: &mut [PdnMove]) {
    for mv in moves {
        mv.line = 0;
        mv.column = 0;
        for variation in &mut mv.variations {
            clear_places(variation);
        }
    }
}

/// A random game: from `start`, each seed picks one of the legal moves, until the seeds
/// run out or the side to move has none.
pub(super) fn playout<V: Variant>(start: Position<V>, seeds: &[u16]) -> Vec<Move<V>> {
    let mut pos = start;
    let mut moves = Vec::new();
    for &seed in seeds {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[usize::from(seed) % legal.len()];
        pos = pos.play_unchecked(&mv);
        moves.push(mv);
    }
    moves
}

fn write_read_round_trip<V: Variant>(prefix: &[u16], seeds: &[u16]) -> Result<(), TestCaseError> {
    // Half the time start from a position reached by a few moves, so that FEN tags and
    // second-mover starts are covered too.
    let mut start = Position::<V>::initial();
    for mv in playout(start, prefix) {
        start = start.play_unchecked(&mv);
    }
    let moves = playout(start, seeds);
    let mut game = Game::from_position(start);
    for mv in &moves {
        game.play(mv)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
    }
    let text = write_game(&game);
    prop_assert!(text.lines().all(|l| l.chars().count() <= 80), "{}", text);
    let games = read_games(&text);
    prop_assert_eq!(games.len(), 1);
    let read = games[0]
        .as_ref()
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let line = read
        .replay::<V>()
        .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    prop_assert_eq!(&line.start, &start);
    prop_assert_eq!(&line.moves, &moves);
    prop_assert_eq!(read.game_type(), Some(u32::from(V::PDN_GAME_TYPE)));
    prop_assert_eq!(read.game_result::<V>(), Some(game.result()));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn international_games_round_trip(
        prefix in prop::collection::vec(any::<u16>(), 0..4),
        seeds in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        write_read_round_trip::<International>(&prefix, &seeds)?;
    }

    #[test]
    fn english_games_round_trip(
        prefix in prop::collection::vec(any::<u16>(), 0..4),
        seeds in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        write_read_round_trip::<English>(&prefix, &seeds)?;
    }

    #[test]
    fn reading_arbitrary_text_never_panics(text in "[\\[\\](){}\"%*!?$.:xX0-9 \\n-]{0,200}") {
        for game in read_games(&text).into_iter().flatten() {
            let _ = game.replay::<International>();
            let _ = game.replay::<English>();
            let _ = game.to_string();
        }
    }
}
