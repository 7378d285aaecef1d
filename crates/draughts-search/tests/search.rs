//! Behaviour of the search on positions with known answers.

use draughts_core::{Antidraughts, Breakthrough, English, Game, International, Position, Variant};
use draughts_eval::{Evaluator, Score};
use draughts_search::{
    database_result, plies_to_end, Control, EndgameOracle, Limits, SearchParams, Searcher, Wld,
    DATABASE_WIN, WIN,
};
use std::sync::Arc;

/// Material only: enough to test the search machinery.
struct Material;

impl<V: Variant> Evaluator<V> for Material {
    fn evaluate(&self, pos: &Position<V>) -> Score {
        let side = |c| {
            let kings = pos.kings(c).len() as Score;
            let men = pos.men(c).len() as Score;
            100 * men + 300 * kings
        };
        side(pos.turn()) - side(!pos.turn())
    }
}

fn search<V: Variant>(fen: &str, limits: Limits) -> draughts_search::SearchResult<V> {
    let pos: Position<V> = fen.parse().expect("test FEN");
    Searcher::new(Material).search(
        &Game::from_position(pos),
        limits,
        &Control::default(),
        &mut |_| {},
    )
}

#[test]
fn a_capture_that_leaves_no_move_wins_at_once() {
    let result = search::<English>("W:W21:B17", Limits::depth(3));
    assert_eq!(result.score, WIN - 1);
    assert_eq!(result.pv.len(), 1);
}

#[test]
fn antidraughts_scores_running_out_of_moves_as_a_win() {
    // The forced capture leaves Black without pieces: Black has won.
    let result = search::<Antidraughts>("W:W28:B23", Limits::depth(3));
    assert_eq!(result.score, -(WIN - 1));
    // Offering the last man wins for White after Black's forced capture.
    let result = search::<Antidraughts>("W:W33:B24", Limits::depth(3));
    assert_eq!(result.score, WIN - 2);
    assert_eq!(plies_to_end(result.score), Some(2));
}

#[test]
fn breakthrough_scores_the_first_crowning_as_a_win() {
    for depth in [1, 3] {
        let result = search::<Breakthrough>("W:W7:B36,37,38", Limits::depth(depth));
        assert_eq!(result.score, WIN - 1, "depth {depth}");
    }
    // Black crowns next unless White stops it; White cannot, so White has lost.
    let result = search::<Breakthrough>("W:W50:B42", Limits::depth(4));
    assert_eq!(result.score, -(WIN - 2));
}

#[test]
fn one_thread_with_a_depth_limit_is_deterministic() {
    let a = search::<International>("W:W31-50:B1-20", Limits::depth(7));
    let b = search::<International>("W:W31-50:B1-20", Limits::depth(7));
    assert_eq!(
        (a.best_move, a.score, a.nodes),
        (b.best_move, b.score, b.nodes)
    );
    assert_eq!(a.depth, 7);
}

#[test]
fn node_limit_stops_the_search() {
    let result = search::<International>("W:W31-50:B1-20", Limits::nodes(20_000));
    assert!(result.nodes < 25_000, "{} nodes", result.nodes);
    assert!(result.best_move.is_some());
}

#[test]
fn an_interrupted_iteration_reports_the_score_of_its_move() {
    // White is a man short; whichever iteration the node limit interrupts, the score
    // is that of the move played, never the stopped search's placeholder 0.
    for nodes in [3_000, 20_000, 50_000] {
        let result = search::<International>("W:W32-50:B1-20", Limits::nodes(nodes));
        assert!(result.score <= -50, "{nodes} nodes: score {}", result.score);
        assert_eq!(
            result.pv.first().copied(),
            result.best_move,
            "{nodes} nodes"
        );
    }
}

#[test]
fn a_lost_side_takes_a_draw_by_the_king_move_rule() {
    // White (two kings) is three kings down on material, but 49 plies of king moves
    // have been played: any king move now completes the 25-move rule.
    let pos: Position<International> = "W:WK46,K5:BK1,K2,K3,K4,K50".parse().expect("test FEN");
    let mut game = Game::from_position(pos);
    let shuffle = ["46-41", "50-44", "41-46", "44-50"];
    for i in 0..49 {
        game.play_text(shuffle[i % 4]).expect("legal shuffle");
    }
    let result =
        Searcher::new(Material).search(&game, Limits::depth(3), &Control::default(), &mut |_| {});
    assert_eq!(game.clock().reversible_plies(), 49);
    assert!(result.score >= 0, "score {}", result.score);
}

/// An oracle for positions of up to three pieces that calls the side with more pieces
/// the winner (true of two English kings against one, bar a few forks), and the rest a
/// draw.
struct MorePiecesWin;

impl<V: Variant> EndgameOracle<V> for MorePiecesWin {
    fn max_pieces(&self) -> u32 {
        3
    }

    fn probe(&self, pos: &Position<V>) -> Option<Wld> {
        let ours = pos.pieces(pos.turn()).len();
        let theirs = pos.pieces(!pos.turn()).len();
        Some(match ours.cmp(&theirs) {
            std::cmp::Ordering::Greater => Wld::Win,
            std::cmp::Ordering::Less => Wld::Loss,
            std::cmp::Ordering::Equal => Wld::Draw,
        })
    }
}

/// From a won database position the search looks past the database positions of the
/// same material and finds the capture that ends the game; with the conversion search
/// off it stops at the first ply, where every move looks alike.
#[test]
fn a_won_database_root_is_searched_to_the_conversion() {
    let pos: Position<English> = "W:WK1,K2:BK27".parse().expect("test FEN");
    let run = |convert: bool| {
        let mut searcher = Searcher::new(Material);
        searcher.set_endgame_oracle(Some(Arc::new(MorePiecesWin)));
        searcher.set_database_conversion(convert);
        let game = Game::from_position(pos);
        searcher.search(&game, Limits::depth(40), &Control::default(), &mut |_| {})
    };
    let converting = run(true);
    let plies = plies_to_end(converting.score).expect("a proven win");
    assert!(plies > 10 && plies < 40, "{plies}");
    let plain = run(false);
    assert!(plies_to_end(plain.score).is_none());
    assert_eq!(database_result(plain.score), Some(true));
    assert!(plain.score > DATABASE_WIN - 20, "{}", plain.score);
}

#[test]
fn clock_searches_end_inside_their_budget() {
    use draughts_search::{moves_left, Clock};
    use std::time::Duration;

    let ms = Duration::from_millis;
    let start = Position::<International>::initial();
    let expected = moves_left(start.piece_count(), start.piece_count());
    for (time_left, increment, moves_to_go, threads) in [
        (ms(1_000), ms(0), None, 1),
        (ms(100), ms(0), None, 1),
        (ms(20), ms(0), None, 1),
        (ms(2_100), ms(100), None, 2),
        (ms(600), ms(0), Some(1), 2),
    ] {
        let clock = Clock {
            time_left,
            increment,
            moves_to_go,
        };
        let limits = Limits {
            clock: Some(clock),
            ..Limits::default()
        };
        let hard = clock.budget(expected).hard;
        let mut searcher: Searcher<International, _> = Searcher::with_hash_size(Material, 4);
        searcher.set_threads(threads);
        let result = searcher.search(&Game::new(), limits, &Control::default(), &mut |_| {});
        assert!(result.best_move.is_some());
        // Stopping takes at most a thousand nodes a thread past the hard limit; the
        // reserve (50 ms, or half the clock) absorbs that and a busy machine.
        assert!(
            result.time <= hard + ms(25) && result.time < time_left,
            "{clock:?}: {:?} with a hard limit of {hard:?}",
            result.time
        );
    }
}

/// A shot two plies past the horizon, reached by an exchange offer: whatever White
/// plays, Black's 15-18 forces 22x15 and 10x19x26 takes two men for one. Only a
/// quiescence that offers exchanges sees it at depth 1.
#[test]
fn quiescence_offers_exchanges_and_sees_the_shot_behind_them() {
    let pos: Position<English> = "W:W12,22,23:B6,10,14,15".parse().expect("test FEN");
    let game = Game::from_position(pos);
    let mut searcher = Searcher::new(Material);
    let mut score = |exchanges| {
        let changes = format!("qs-exchanges={exchanges}");
        let params = SearchParams::default()
            .with_changes(&changes)
            .expect("known");
        searcher.set_params(params);
        searcher.clear();
        let result = searcher.search(&game, Limits::depth(1), &Control::default(), &mut |_| {});
        result.score
    };
    assert_eq!(score(0), -100);
    assert_eq!(score(1), -200);
}
