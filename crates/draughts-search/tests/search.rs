//! Behaviour of the search on positions with known answers.

use draughts_core::{
    Antidraughts, Breakthrough, EndgameOracle, English, Game, International, Position, Variant, Wld,
};
use draughts_eval::Score;
use draughts_search::{
    database_result, is_decisive, plies_to_end, Combination, Control, Limits, SearchParams,
    Searcher, TacticalOracle, DATABASE_WIN, WIN,
};
use std::sync::Arc;

mod common;
use common::{shot, Material};

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

/// A search of `fen` to `depth` with the search parameters changed by `changes`, and
/// with [`ThreePlyShots`] as the tactical oracle if `shots`.
fn search_with<V: Variant>(
    fen: &str,
    depth: u32,
    changes: &str,
    shots: bool,
) -> draughts_search::SearchResult<V> {
    let pos: Position<V> = fen.parse().expect("test FEN");
    let mut searcher = Searcher::with_hash_size(Material, 16);
    if shots {
        searcher.set_tactical_oracle(Some(Arc::new(ThreePlyShots)));
    }
    let params = SearchParams::default()
        .with_changes(changes)
        .expect("known parameters");
    searcher.set_params(params);
    searcher.search(
        &Game::from_position(pos),
        Limits::depth(depth),
        &Control::default(),
        &mut |_| {},
    )
}

/// A tactical oracle that knows the shots of three plies: a quiet move whose only
/// answer is a capture, answered by a capture after which the opponent has none, that
/// gains material.
struct ThreePlyShots;

impl<V: Variant> TacticalOracle<V> for ThreePlyShots {
    fn max_gain(&self) -> Score {
        1_000
    }

    fn combination(&self, pos: &Position<V>, at_least: Score) -> Option<Combination<V>> {
        shot(pos, at_least)
    }
}

/// The selective parameters that are off in `SearchParams::default()`, on at shallow
/// depths: singular extensions at every depth the test allows, with the multi-cut,
/// internal iterative reductions, enhanced transposition cut-offs, late moves reduced
/// more where the side to move is not improving, and late moves pruned.
const SELECTIVE: [&str; 6] = [
    "singular-depth=4",
    "singular-depth=4; singular-cut=on",
    "iir-depth=3",
    "etc-depth=3",
    "unimproving-reduction=1",
    "lmp-depth=2",
];

#[test]
fn selective_parameters_are_read_and_off_by_default_but_in_english() {
    let english = Searcher::<English, _>::with_hash_size(Material, 1);
    assert_eq!(english.params(), &SearchParams::for_variant::<English>());
    assert!(english.params().singular_cut);
    let international = Searcher::<International, _>::with_hash_size(Material, 1);
    assert_eq!(international.params(), &SearchParams::default());
    let defaults = SearchParams::default();
    assert_eq!(
        (
            defaults.singular_depth,
            defaults.iir_depth,
            defaults.etc_depth,
            defaults.unimproving_reduction,
            defaults.lmp_depth
        ),
        (0, 0, 0, 0, 0)
    );
    assert!(!defaults.singular_cut && !defaults.tt_eval);
    let params = defaults
        .with_changes(
            "singular-depth=6; singular_margin=4; singular-cut=on; iir-depth=5; etc_depth=3; unimproving-reduction=2; lmp-depth=3; lmp_moves=2",
        )
        .expect("known");
    assert_eq!(
        (
            params.singular_depth,
            params.singular_margin,
            params.singular_cut,
            params.iir_depth,
            params.etc_depth,
            params.unimproving_reduction,
            params.lmp_depth,
            params.lmp_moves
        ),
        (6, 4, true, 5, 3, 2, 3, 2)
    );
    let params = params.with_changes("singular-cut=0").expect("known");
    assert!(!params.singular_cut);
    assert!(defaults.with_changes("tt-eval=on").expect("known").tt_eval);
    for bad in [
        "singular-depth=deep",
        "singular-margin=1.5",
        "singular-cut=2",
        "iir-depth=on",
        "etc-depth=",
        "unimproving-reduction=1.5",
        "lmp-moves=few",
        "tt-eval=2",
    ] {
        assert!(defaults.with_changes(bad).is_err(), "{bad}");
    }
}

/// Shots the search finds with the selective parameters as without: the same first
/// move, and a score of the same kind (a win, or the material the shot gains).
#[test]
fn selective_parameters_keep_clear_tactics() {
    fn check<V: Variant>(fen: &str, shot: &str, shots: bool) {
        let pos: Position<V> = fen.parse().expect("test FEN");
        let off = search_with::<V>(fen, 9, "", shots);
        let off_move = off.best_move.expect("a move");
        assert_eq!(pos.move_text(&off_move), shot, "{fen}");
        for changes in SELECTIVE {
            let on = search_with::<V>(fen, 9, changes, shots);
            assert_eq!(on.best_move, off.best_move, "{fen} with {changes}");
            assert_eq!(
                is_decisive(on.score),
                is_decisive(off.score),
                "{fen} with {changes}: {} against {}",
                on.score,
                off.score
            );
            assert!(
                (on.score - off.score).abs() < 50,
                "{fen} with {changes}: {} against {}",
                on.score,
                off.score
            );
        }
    }
    // 28-22 17x28 33x13 wins, Black being left with one man against four.
    // With the oracle, the combination step searches the shot where the test's
    // search may not (it leaves the table's move out).
    for shots in [false, true] {
        // 28-22 17x28 33x13 wins, Black being left with one man against four.
        check::<International>("W:W27,28,33,39,47:B1,17,18", "28-22", shots);
        // 23-18 14x23 26x12: one man given, two taken.
        check::<English>("W:W20-23,25-32:B1-9,11,14,16", "23-18", shots);
    }
    // Whatever White plays, Black's exchange offer 15-18 wins two men for one (the
    // quiescence test's position, searched deep).
    for changes in std::iter::once("").chain(SELECTIVE) {
        let lost = search_with::<English>("W:W12,22,23:B6,10,14,15", 9, changes, false);
        assert_eq!(lost.score, -200, "with {changes:?}");
    }
}

/// With each selective parameter the tree changes (with singular extensions the test
/// and the extensions run, the multi-cut changes it again), the move is legal and one
/// thread with a depth limit is still deterministic; with the tactical oracle as
/// without.
#[test]
fn selective_parameters_change_the_tree_deterministically() {
    let fen = "W:W31-50:B1-20";
    let start: Position<International> = fen.parse().expect("test FEN");
    // Deep enough that some node of the last iteration has no table move.
    let depth = 11;
    for shots in [false, true] {
        let off = search_with::<International>(fen, depth, "", shots);
        let mut nodes = vec![off.nodes];
        for changes in SELECTIVE {
            let a = search_with::<International>(fen, depth, changes, shots);
            let b = search_with::<International>(fen, depth, changes, shots);
            assert_eq!(
                (a.best_move, a.score, a.nodes, &a.pv),
                (b.best_move, b.score, b.nodes, &b.pv),
                "{changes}, shots {shots}"
            );
            let best = a.best_move.expect("a move");
            assert!(start.legal_moves().contains(&best), "{changes}");
            assert_eq!(a.depth, depth);
            assert!(
                !nodes.contains(&a.nodes),
                "{changes}, shots {shots}: {} nodes, as {nodes:?}",
                a.nodes
            );
            nodes.push(a.nodes);
        }
    }
}
