//! Arbitrary bytes through the PDN reader and the replay for International, English and
//! Spanish (whose squares a `GameType` in Italian's numbering translates).
//!
//! Checked: nothing panics; a game that reads writes text that reads back to the same
//! game (unless a comment holds a brace, which the writer must alter); a `GameType` tag
//! that reads writes text that reads back to the same fields; a main line that replays
//! writes (with the shortest move texts) text that replays to the same moves.
#![no_main]

use draughts_core::pdn::{read_games, GameType, PdnGame, PdnMove, PdnReader};
use draughts_core::{English, International, Spanish, Variant};
use libfuzzer_sys::fuzz_target;

/// The game without what writing and reading may change: places and ordinal, and a
/// missing result (written as `*`).
fn normalised(game: &PdnGame) -> PdnGame {
    fn clear(moves: &mut [PdnMove]) {
        for mv in moves {
            mv.line = 0;
            mv.column = 0;
            mv.variations.iter_mut().for_each(|v| clear(v));
        }
    }
    let mut game = game.clone();
    game.index = 0;
    game.line = 0;
    clear(&mut game.moves);
    game.result.get_or_insert_with(|| "*".to_string());
    game
}

fn has_brace(moves: &[PdnMove]) -> bool {
    moves.iter().any(|mv| {
        mv.comments
            .iter()
            .chain(&mv.comments_before)
            .any(|c| c.contains(['{', '}']))
            || mv.variations.iter().any(|v| has_brace(v))
    })
}

fn replay<V: Variant>(game: &PdnGame) {
    let _ = game.to_game::<V>();
    let Ok(line) = game.replay::<V>() else {
        return;
    };
    let written = PdnGame::from_moves(&line.start, &line.moves, None)
        .expect("replayed moves are legal")
        .to_string();
    let back = read_games(&written)
        .into_iter()
        .next()
        .and_then(Result::ok)
        .unwrap_or_else(|| panic!("written game does not read:\n{written}"));
    let back_line = back
        .replay::<V>()
        .unwrap_or_else(|e| panic!("written game does not replay: {e}\n{written}"));
    assert_eq!(back_line.start, line.start);
    assert_eq!(back_line.moves, line.moves);
}

fuzz_target!(|data: &[u8]| {
    for game in PdnReader::from_bytes(data).take(64) {
        let Ok(game) = game else {
            continue;
        };
        let text = game.to_string();
        if !has_brace(&game.moves) && !game.comments.iter().any(|c| c.contains(['{', '}'])) {
            let back: Vec<_> = read_games(&text);
            assert_eq!(back.len(), 1, "{text}");
            let back = back[0]
                .as_ref()
                .unwrap_or_else(|e| panic!("written game does not read: {e}\n{text}"));
            assert_eq!(normalised(back), normalised(&game), "{text}");
        }
        if let Some(Ok(tag)) = game.game_type_fields() {
            assert_eq!(tag.to_string().parse::<GameType>(), Ok(tag), "{tag}");
        }
        replay::<International>(&game);
        replay::<English>(&game);
        replay::<Spanish>(&game);
    }
});
