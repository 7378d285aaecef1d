//! Faults of real exports the reader tolerates, each with a minimal example (the files of
//! `shared/data/games` where they were found are named).

use super::tests::{one, texts};
use super::*;
use crate::{International, Position};

#[test]
fn line_breaks_written_as_text() {
    // Toernooibase exports (2025-suriname-...): `\r` as two characters after tag lines
    // and results.
    let game = one("[Event \"a\"]\\r\n[GameType \"20\"]\\r\n1. 32-28 19-23 *\\r\n");
    assert_eq!(game.tag("GameType"), Some("20"));
    assert_eq!(texts(&game.moves), ["32-28", "19-23"]);
    assert_eq!(game.result.as_deref(), Some("*"));
    // Inside a line, or in a comment, the two characters stay.
    let game = one("1. 32-28 {a\\r b} *\\r");
    assert_eq!(game.moves[0].comments, ["a\\r b"]);
}

#[test]
fn tags_on_one_line_and_a_dash_as_result() {
    // 2024-polish-team-championship: a game's tags on one line, `-` for no result.
    let text = "[Event \"a\"] [Result \"-\"] [GameType \"20\"]  1.32-28 18-22 -\n\n\
                [Event \"b\"] [Result \"1-1\"]  1.33-29 1-1\n";
    let games: Vec<PdnGame> = read_games(text).into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 2);
    assert_eq!(texts(&games[0].moves), ["32-28", "18-22"]);
    assert_eq!(games[0].result.as_deref(), Some("-"));
    assert_eq!(games[0].game_result::<International>(), None);
    assert_eq!(games[1].tag("Event"), Some("b"));
}

#[test]
fn a_bracket_alone_on_its_line() {
    // 2024-polish-...: `[` alone before a tag pair; 2025-senegal-...: the tag's name on
    // the line after its `[`.
    let game = one("[\n[Event \"a\"]\n[\nSite \"b\"]\n1. 32-28 *");
    assert_eq!(
        game.tags,
        [
            ("Event".to_string(), "a".to_string()),
            ("Site".to_string(), "b".to_string())
        ]
    );
}

#[test]
fn tag_names_with_character_references_and_accents() {
    // 2024-african-championship-...: `Événement` written with HTML references.
    let game = one("[&#x00c9;v&#x00e9;nement \"Finale\"]\n[Été \"x\"]\n1. 32-28 *");
    assert_eq!(game.tag("&#x00c9;v&#x00e9;nement"), Some("Finale"));
    assert_eq!(game.tag("Été"), Some("x"));
}

#[test]
fn brackets_in_movetext_hold_a_comment() {
    // champions-1979-2006: a note in square brackets among the moves.
    let game = one("1. 32-28 19-23 [ 1... 18-23 a sharper line ] 2. 28x19 14x23 *");
    assert_eq!(texts(&game.moves), ["32-28", "19-23", "28x19", "14x23"]);
    assert_eq!(game.moves[1].comments, ["1... 18-23 a sharper line"]);
    // Without a `]` after it, a `[` in movetext is an error, as before.
    assert!(read_games("1. 32-28 [ 19-23 *")[0].is_err());
}

#[test]
fn tabs_indent_tags_and_moves() {
    // 2021-montpellier-*.
    let game = one("\t[Event\t\"a\"]\n\t1.\t32-28\t19-23\t*\n");
    assert_eq!(game.tag("Event"), Some("a"));
    assert_eq!(texts(&game.moves), ["32-28", "19-23"]);
}

#[test]
fn king_captures_as_exports_write_them() {
    let pos: Position<International> = "W:WK15,34,39,43,45:B2,19,20,25,27,28,35".parse().unwrap();
    let mv = pos.parse_move("15x33x22x31").unwrap();
    // champions-1979-2006 writes ambiguous king captures `from x to x captured...`, the
    // captured squares in any order.
    assert_eq!(pos.parse_move("15x31x20x27x28"), Ok(mv));
    assert_eq!(pos.parse_move("15x31x28x27x20"), Ok(mv));
    assert!(pos.parse_move("15x31x20x27x2").is_err());
    // 2014-open-avignon gives only some landing squares: `15x33x31` (the other way to
    // 31 goes by 24). Landing squares out of the path's order fit nothing.
    assert_eq!(pos.parse_move("15x33x31"), Ok(mv));
    assert_eq!(pos.parse_move("15x22x31"), Ok(mv));
    assert!(pos.parse_move("15x22x33x31").is_err());
}
