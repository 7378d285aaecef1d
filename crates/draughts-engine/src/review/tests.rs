use super::*;
use crate::engine::{self, EngineOptions};
use draughts_core::pdn::read_games;
use draughts_core::{English, International};
use draughts_eval::LinearEval;
use draughts_tactics::Outcome;

/// The review of `movetext` with the default engine.
fn review<V: Variant>(movetext: &str, limits: Limits) -> GameReview {
    let options = EngineOptions {
        hash_mib: 4,
        ..EngineOptions::default()
    };
    let searcher = engine::searcher::<V>(&options).unwrap();
    let settings = Settings {
        limits,
        ..Settings::default()
    };
    let reviewer = Reviewer::new(&searcher, None, settings);
    let game = read_games(movetext).remove(0).unwrap();
    reviewer.review(&game, &mut |_, _| {}).unwrap()
}

#[test]
fn json_round_trips() {
    let review = review::<English>("1. 11-15 23-19 2. 8-11 22-17 *", Limits::depth(3));
    let text = serde_json::to_string(&review).unwrap();
    let back: GameReview = serde_json::from_str(&text).unwrap();
    assert_eq!(back, review);
    assert_eq!(back.moves.len(), 4);
    assert_eq!(review.white.moves + review.black.moves, 4);
}

/// Every variant reviews, annotates and reads back: a game of 24 plies chosen by rule,
/// reviewed at depth 3.
#[test]
fn every_variant_reviews() {
    fn review_of<V: Variant>() {
        let mut pos = Position::<V>::initial();
        let mut moves = Vec::new();
        for ply in 0..24 {
            let legal = pos.legal_moves();
            let Some(mv) = legal.get((ply * 7 + 3) % legal.len().max(1)).copied() else {
                break;
            };
            pos = pos.play_unchecked(&mv);
            moves.push(mv);
        }
        let game = PdnGame::from_moves(&Position::<V>::initial(), &moves, None).unwrap();
        let text = game.to_string();
        let review = review::<V>(&text, Limits::depth(3));
        assert_eq!(review.moves.len(), moves.len(), "{}", V::NAME);
        let back = read_games(&review.annotated().to_string())
            .remove(0)
            .unwrap();
        assert_eq!(back.replay::<V>().unwrap().moves, moves, "{}", V::NAME);
    }
    for kind in draughts_core::VariantKind::ALL {
        draughts_core::with_variant!(kind, V => review_of::<V>());
    }
}

#[test]
fn a_stopped_review_says_so() {
    let options = EngineOptions {
        hash_mib: 4,
        ..EngineOptions::default()
    };
    let searcher = engine::searcher::<English>(&options).unwrap();
    let control = Control::default();
    let reviewer = Reviewer::new(&searcher, None, Settings::default()).stopped_by(&control);
    let game = read_games("1. 11-15 23-19 2. 8-11 22-17 *")
        .remove(0)
        .unwrap();
    let mut searched = 0;
    let stopped = reviewer.review(&game, &mut |done, _| {
        searched = done;
        control.stop();
    });
    assert!(
        matches!(stopped, Err(ReviewError::Stopped { game: 1 })),
        "{stopped:?}"
    );
    assert_eq!(searched, 1, "no search after the stop");
}

/// A game of `moves`' first plies (from ply `from` on, as few as give the chance),
/// then a move leaving the opponent a shot (one the finder proves and a deeper search
/// plays), then the shot: the movetext, the blunder's ply and the shot's moves.
fn with_blunder<V: Variant>(moves: &[Move<V>], from: usize) -> (String, usize, Vec<String>) {
    let options = EngineOptions {
        hash_mib: 4,
        ..EngineOptions::default()
    };
    let searcher = engine::searcher::<V>(&options).unwrap();
    let finder = Finder::new(FinderConfig::default(), PieceValues::for_variant::<V>());
    let values = *finder.values();
    let mut game = Game::<V>::new();
    for (ply, played) in moves.iter().enumerate() {
        let pos = *game.position();
        let blunder = (ply >= from).then(|| {
            pos.legal_moves().iter().find_map(|mv| {
                let after = pos.play_unchecked(mv);
                let found = finder.find_any(&after)?;
                let net = explain::net(&found, &after, &pos, &values);
                let control = Control::default();
                let reply = searcher
                    .search(
                        &Game::from_position(after),
                        Limits::depth(8),
                        &control,
                        &mut |_| {},
                    )
                    .best_move;
                let Outcome { line, .. } = found;
                (net.gain >= values.man && reply.as_ref() == line.first()).then_some((*mv, line))
            })
        });
        if let Some(Some((blunder, shot))) = blunder {
            let mut line = game.moves().to_vec();
            line.push(blunder);
            line.extend(&shot);
            let pdn = PdnGame::from_moves(&Position::initial(), &line, None).unwrap();
            let after = pos.play_unchecked(&blunder);
            let texts = ReviewMove::line(&after, &shot)
                .into_iter()
                .map(|m| m.text)
                .collect();
            return (pdn.to_string(), ply, texts);
        }
        game.play(played).unwrap();
    }
    panic!("no move leaves a shot");
}

/// The engine's own moves at depth 4 from the start.
fn engine_moves<V: Variant>(plies: usize) -> Vec<Move<V>> {
    let searcher = Searcher::with_hash_size(LinearEval::<V>::default(), 4);
    let mut game = Game::<V>::new();
    for _ in 0..plies {
        let result = searcher.search(&game, Limits::depth(4), &Control::default(), &mut |_| {});
        game.play(&result.best_move.unwrap()).unwrap();
    }
    game.moves().to_vec()
}

/// The blunder is marked `??`, with the shot it allows named, and the annotated PDN
/// reads back with the NAG on the move.
fn blunder_is_named<V: Variant>(moves: &[Move<V>], from: usize) {
    let (movetext, ply, shot) = with_blunder::<V>(moves, from);
    let review = review::<V>(&movetext, Limits::depth(8));
    let blunder = &review.moves[ply];
    assert_eq!(
        blunder.class,
        Some(Class::Blunder),
        "{movetext}\n{blunder:?}"
    );
    let allowed = blunder.allowed.as_ref().expect("the shot named");
    let named: Vec<&str> = allowed.line.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(named, shot);
    assert!(allowed.gain >= 100);
    let text = blunder.explanation().unwrap();
    assert!(
        text.starts_with("Blunder") && text.contains(&shot.join(" ")),
        "{text}"
    );
    let annotated = review.annotated().to_string();
    let back = read_games(&annotated).remove(0).unwrap();
    assert_eq!(back.moves[ply].nags, [4]);
    assert!(back.moves[ply]
        .comments
        .iter()
        .any(|c| c.contains("allows the shot")));
    assert!(!back.moves[ply].variations.is_empty());
    assert_eq!(back.replay::<V>().unwrap().moves.len(), review.moves.len());
    let error_sides = review.summary(blunder.side).count(Class::Blunder);
    assert!(error_sides >= 1);
}

#[test]
fn a_blunder_is_marked_and_its_shot_named_in_international() {
    blunder_is_named::<International>(&engine_moves(40), 12);
}

#[test]
fn a_blunder_is_marked_and_its_shot_named_in_english() {
    blunder_is_named::<English>(&engine_moves(40), 8);
}

/// The same in master games: the first game of each shared collection, from ply 20
/// (16 in English). Skipped, saying so, without the collections.
#[test]
fn a_blunder_in_master_games() {
    #[path = "../../../draughts-core/tests/games_dir/mod.rs"]
    mod games_dir;
    let Some(dir) = games_dir::games_dir() else {
        return;
    };
    fn first_game<V: Variant>(path: std::path::PathBuf) -> Vec<Move<V>> {
        let bytes = std::fs::read(path).expect("the shared games");
        let games = draughts_core::pdn::read_games_from_bytes(&bytes);
        let line = games
            .into_iter()
            .find_map(|g| g.ok()?.replay::<V>().ok())
            .unwrap();
        line.moves
    }
    let international = first_game(dir.join("international/champions-1979-2006.pdn"));
    blunder_is_named::<International>(&international, 20);
    blunder_is_named::<English>(&first_game(dir.join("english/OCA_2.0.pdn")), 16);
}
