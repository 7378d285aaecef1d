//! Threats near the horizon (`threat-depth`, `threat-leaves`), combinations asked
//! only past the remaining depth (`combination-longer`) and the leaves' limit
//! (`leaf-gain-limit`), with oracles that know the three-ply shots.

use draughts_core::{Game, International, Move, Position, Variant};
use draughts_eval::Score;
use draughts_search::{
    Combination, Control, Limits, SearchParams, SearchResult, Searcher, TacticalOracle, Threat,
};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

mod common;
use common::{shot, Material};

/// Threats as three-ply shots of the side not to move: a reply counters one when the
/// opponent has no shot after it.
struct Shots;

impl<V: Variant> TacticalOracle<V> for Shots {
    fn max_gain(&self) -> Score {
        1_000
    }

    fn combination(&self, pos: &Position<V>, at_least: Score) -> Option<Combination<V>> {
        shot(pos, at_least)
    }

    fn threat(&self, pos: &Position<V>, at_least: Score) -> Option<Threat> {
        let passed = pos.with_turn(!pos.turn());
        shot(&passed, at_least).map(|c| Threat {
            id: 0,
            gain: c.gain,
        })
    }

    fn is_counter(&self, _: Threat, pos: &Position<V>, reply: &Move<V>) -> bool {
        shot(&pos.play_unchecked(reply), 1).is_none()
    }

    fn threat_gain(&self, _: Threat, after: &Position<V>) -> Option<Score> {
        shot(after, 1).map(|c| c.gain)
    }
}

/// A threat no reply counters, worth a man, against Black wherever Black is to move.
struct Doom;

impl<V: Variant> TacticalOracle<V> for Doom {
    fn max_gain(&self) -> Score {
        100
    }

    fn combination(&self, _: &Position<V>, _: Score) -> Option<Combination<V>> {
        None
    }

    fn threat(&self, pos: &Position<V>, at_least: Score) -> Option<Threat> {
        (pos.turn() == draughts_core::Color::Black && at_least <= 100)
            .then_some(Threat { id: 7, gain: 100 })
    }

    fn threat_gain(&self, threat: Threat, _: &Position<V>) -> Option<Score> {
        Some(threat.gain)
    }
}

/// White's shot 28-22 17x28 33x4 against Black to move; 9-13 alone stops it.
const THREATENED: &str = "B:W27,28,33,39,47:B1,9,17,18";

fn search(
    fen: &str,
    depth: u32,
    changes: &str,
    threats: Option<Arc<dyn TacticalOracle<International>>>,
) -> SearchResult<International> {
    let pos: Position<International> = fen.parse().expect("test FEN");
    let mut searcher = Searcher::with_hash_size(Material, 16);
    searcher.set_threat_oracle(threats);
    searcher.set_params(
        SearchParams::default()
            .with_changes(changes)
            .expect("known"),
    );
    searcher.search(
        &Game::from_position(pos),
        Limits::depth(depth),
        &Control::default(),
        &mut |_| {},
    )
}

fn text(fen: &str, mv: Option<Move<International>>) -> String {
    let pos: Position<International> = fen.parse().expect("test FEN");
    mv.map(|mv| pos.move_text(&mv)).unwrap_or_default()
}

#[test]
fn threat_parameters_are_read_and_off_by_default() {
    let defaults = SearchParams::default();
    assert_eq!(defaults.threat_depth, 0);
    assert!(!defaults.threat_leaves && !defaults.threat_counters_only);
    assert!(!defaults.combination_longer);
    let params = defaults
        .with_changes("threat-depth=2; threat_leaves=on; combination-longer=1")
        .expect("known");
    assert_eq!(params.threat_depth, 2);
    assert!(params.threat_leaves && params.combination_longer);
    let params = params
        .with_changes("threat-counters-only=true")
        .expect("known");
    assert!(params.threat_counters_only);
    assert!(defaults.with_changes("threat-leaves=2").is_err());
    assert!(defaults.with_changes("threat-depth=deep").is_err());
}

/// At depth 1 the shot lies past the horizon; the threat extension searches the
/// threatened root a ply deeper and plays the only counter.
#[test]
fn the_threat_extension_finds_the_counter() {
    let shots = || Some(Arc::new(Shots) as Arc<dyn TacticalOracle<International>>);
    let extended = search(THREATENED, 1, "threat-depth=1", shots());
    assert_eq!(text(THREATENED, extended.best_move), "9-13");
    assert_eq!(extended.score, -100);
    // The plain search needs the second ply to see it.
    let deeper = search(THREATENED, 2, "", None);
    assert_eq!(text(THREATENED, deeper.best_move), "9-13");
    // Off, or without threats, the oracle changes nothing.
    let plain = search(THREATENED, 1, "", None);
    assert_ne!(text(THREATENED, plain.best_move), "9-13");
    for (changes, threats) in [("", shots()), ("threat-depth=1", None)] {
        let same = search(THREATENED, 1, changes, threats);
        assert_eq!((same.nodes, same.score), (plain.nodes, plain.score));
        assert_eq!(same.best_move, plain.best_move);
    }
}

/// A threatened quiescence node does not stand pat: with a threat no reply stops,
/// each Black leaf after White's move loses the man the threat wins.
#[test]
fn threatened_leaves_search_their_replies() {
    let fen = "W:W28,32,33,39,47:B1,9,17,18";
    let doom = || Some(Arc::new(Doom) as Arc<dyn TacticalOracle<International>>);
    let plain = search(fen, 1, "", doom());
    let answered = search(fen, 1, "threat-leaves=on", doom());
    assert_eq!(answered.score, plain.score + 100);
    assert!(answered.nodes > plain.nodes);
    // Searching the known counters only, of which there are none: no node more.
    let counters = search(fen, 1, "threat-leaves=on; threat-counters-only=on", doom());
    assert_eq!(
        (counters.score, counters.nodes),
        (answered.score, plain.nodes)
    );
    // With real shots, 9-13 counters the threat 32-27 makes: Black keeps its men.
    let shots = || Some(Arc::new(Shots) as Arc<dyn TacticalOracle<International>>);
    let plain = search(fen, 1, "", shots());
    let answered = search(fen, 1, "threat-leaves=on", shots());
    assert_eq!((answered.score, plain.score), (100, 100));
    assert!(answered.nodes > plain.nodes);
    let counters = search(fen, 1, "threat-leaves=on; threat-counters-only=on", shots());
    assert_eq!(counters.score, 100);
    assert!(counters.nodes > plain.nodes && counters.nodes <= answered.nodes);
}

#[test]
fn threat_searches_are_deterministic() {
    let fen = "W:W26,27,30,33,35-50:B1-14,16,17,19,20,23,24";
    for changes in [
        "threat-depth=2",
        "threat-leaves=on",
        "threat-depth=1; threat-leaves=on",
    ] {
        let run = || search(fen, 6, changes, Some(Arc::new(Shots)));
        let (a, b) = (run(), run());
        assert_eq!(
            (a.nodes, a.score, a.best_move),
            (b.nodes, b.score, b.best_move)
        );
        assert_eq!(a.pv, b.pv);
    }
}

/// Asked only for the lines longer than their depth, interior nodes leave the shot
/// to the search, which still plays it at every depth.
#[test]
fn combinations_asked_past_the_depth_still_find_the_shot() {
    let fen = "W:W27,28,33,39,47:B1,9,17,18";
    for depth in 1..=5 {
        let pos: Position<International> = fen.parse().expect("test FEN");
        let mut searcher = Searcher::with_hash_size(Material, 16);
        searcher.set_tactical_oracle(Some(Arc::new(Shots)));
        let params = SearchParams::default().with_changes("combination-longer=on");
        searcher.set_params(params.expect("known"));
        let game = Game::from_position(pos);
        let result = searcher.search(
            &game,
            Limits::depth(depth),
            &Control::default(),
            &mut |_| {},
        );
        assert_eq!(text(fen, result.best_move), "28-22", "depth {depth}");
        assert!(result.score >= 500, "depth {depth}: {}", result.score);
    }
}

/// [`Shots`], counting the leaves' asks (`gain`) and the interior nodes' (`combination`).
#[derive(Default)]
struct Counted {
    leaves: AtomicU64,
    interior: AtomicU64,
}

impl<V: Variant> TacticalOracle<V> for Counted {
    fn max_gain(&self) -> Score {
        1_000
    }

    fn combination(&self, pos: &Position<V>, at_least: Score) -> Option<Combination<V>> {
        self.interior.fetch_add(1, Relaxed);
        shot(pos, at_least)
    }

    fn gain(&self, pos: &Position<V>, at_least: Score) -> Option<Score> {
        self.leaves.fetch_add(1, Relaxed);
        shot(pos, at_least).map(|c| c.gain)
    }
}

/// Leaves ask for at most `leaf-gain-limit` (a quarter of a man by default); at 0
/// they do not ask, and interior nodes still do.
#[test]
fn leaf_asks_stop_at_the_gain_limit() {
    assert_eq!(SearchParams::default().leaf_gain_limit, 25);
    let asks = |changes: &str| {
        let oracle = Arc::new(Counted::default());
        let pos: Position<International> = THREATENED.parse().expect("test FEN");
        let mut searcher = Searcher::with_hash_size(Material, 16);
        searcher.set_tactical_oracle(Some(oracle.clone()));
        let params = SearchParams::default().with_changes(changes);
        searcher.set_params(params.expect("known"));
        searcher.search(
            &Game::from_position(pos),
            Limits::depth(4),
            &Control::default(),
            &mut |_| {},
        );
        (oracle.leaves.load(Relaxed), oracle.interior.load(Relaxed))
    };
    let (leaves, interior) = asks("");
    assert!(leaves > 0 && interior > 0, "{leaves} {interior}");
    let (leaves, interior) = asks("leaf-gain-limit=0");
    assert_eq!(leaves, 0);
    assert!(interior > 0);
    assert!(SearchParams::default()
        .with_changes("leaf-gain-limit=quarter")
        .is_err());
}
