//! Pitrat's loop on hand-built games: threats learned with their counters, moves
//! explained on the next pass.

use draughts_core::pdn::MainLine;
use draughts_core::{International, Position};
use draughts_tactics::{
    Explained, Finder, FinderConfig, PieceValues, Pitrat, SetKind, TemplateSet,
};

/// A game from `fen` with these moves.
fn game(fen: &str, moves: &[&str]) -> MainLine<International> {
    let start: Position<International> = fen.parse().unwrap();
    let mut pos = start;
    let mut played = Vec::new();
    for text in moves {
        let mv = pos.parse_move(text).unwrap();
        pos = pos.play_unchecked(&mv);
        played.push(mv);
    }
    MainLine {
        start,
        moves: played,
        end: pos,
    }
}

fn learner() -> Pitrat<International> {
    let config = FinderConfig {
        forced_only: true,
        ..FinderConfig::default()
    };
    let finder = Finder::new(config, PieceValues::for_variant::<International>());
    Pitrat::new(
        finder,
        TemplateSet::new(),
        TemplateSet::of_kind(SetKind::Threats),
    )
}

/// White's quiet 32-28 threatens 28-22 17x28 33x4; Black's 9-13 blocks it.
const BEFORE: &str = "W:W27,32,33,39,47:B1,9,17,18";

#[test]
fn a_quiet_move_threatens_and_the_reply_counters() {
    let games = [game(BEFORE, &["32-28", "9-13", "47-42"])];
    let mut learner = learner();
    let first = learner.pass(&games, &[], |_| {});
    assert_eq!(first.training.moves, 3);
    assert_eq!(first.training.explained(), 0);
    assert_eq!((first.threats_created, first.countered_by_reply), (1, 1));
    // The threat 32-28 makes, with Black's counter.
    assert_eq!(learner.threats().len(), 1);
    let entry = learner.threats().iter().next().unwrap();
    let counters: Vec<String> = entry.counters.iter().map(ToString::to_string).collect();
    assert_eq!(counters, ["9-13"]);
    assert!(entry.template.line()[0].to_string() == "28-22");
    // The threat's relevant squares include the ones its line passes.
    let squares: Vec<u8> = entry
        .template
        .squares()
        .iter()
        .map(|(s, _)| s.number())
        .collect();
    for square in [28, 22, 17, 33, 18, 13, 9, 4] {
        assert!(squares.contains(&square), "{square} not in {squares:?}");
    }
    let second = learner.pass(&games, &[], |_| {});
    assert_eq!(
        second.training,
        Explained {
            moves: 3,
            combination: 0,
            threat: 1,
            counter: 1
        }
    );
}

#[test]
fn a_reply_that_leaves_the_threat_is_no_counter() {
    // Black's 1-6 leaves the shot, and White plays it.
    let games = [game(BEFORE, &["32-28", "1-6", "28-22", "17x28", "33x4"])];
    let mut learner = learner();
    let first = learner.pass(&games, &[], |_| {});
    assert_eq!((first.threats_created, first.countered_by_reply), (1, 0));
    let entry = learner.threats().iter().next().unwrap();
    // 9-13 counters it (found among the legal replies); 1-6, played, does not.
    let counters: Vec<String> = entry.counters.iter().map(ToString::to_string).collect();
    assert_eq!(counters, ["9-13"]);
    assert_eq!(learner.combinations().len(), 1);
    let second = learner.pass(&games, &[], |_| {});
    // 32-28 makes the threat, the shot's three moves are a combination, 1-6 nothing.
    assert_eq!(
        second.training,
        Explained {
            moves: 5,
            combination: 3,
            threat: 1,
            counter: 0
        }
    );
}

#[test]
fn the_share_explained_grows_or_stays_and_reaches_held_out_games() {
    let training = [
        game(BEFORE, &["32-28", "9-13", "47-42"]),
        game(BEFORE, &["32-28", "1-6", "28-22", "17x28", "33x4"]),
    ];
    // The same threat elsewhere on the board: a man more for Black far away.
    let held_out = [game(
        "W:W27,32,33,39,47:B1,5,9,17,18",
        &["32-28", "9-13", "47-42"],
    )];
    let mut learner = learner();
    let mut shares = Vec::new();
    let mut calls = 0;
    for _ in 0..3 {
        let report = learner.pass(&training, &held_out, |_| calls += 1);
        shares.push((report.training.share(), report.held_out.share()));
    }
    assert_eq!(calls, 3 * 3);
    for pair in shares.windows(2) {
        assert!(pair[1].0 >= pair[0].0, "{shares:?}");
        assert!(pair[1].1 >= pair[0].1, "{shares:?}");
    }
    assert_eq!(shares[0], (0.0, 0.0));
    assert!(shares[1].0 > 0.5, "{shares:?}");
    // The held-out game's threat and counter are recognised.
    assert!((shares[1].1 - 2.0 / 3.0).abs() < 1e-9, "{shares:?}");
}

/// With a finder of three plies, a five-ply combination is proven only once its end,
/// a shot, is known: each pass explains more of the game than the one before.
#[test]
fn known_combinations_explain_more_on_each_pass() {
    // 24-19 13x24 lures the man that blocks 28-22 17x28 33x4.
    let games = [game(
        "W:W24,27,28,33,39,47:B1,9,13,17,18",
        &["24-19", "13x24", "28-22", "17x28", "33x4"],
    )];
    let config = FinderConfig {
        max_plies: 3,
        forced_only: true,
        ..FinderConfig::default()
    };
    let finder = Finder::new(config, PieceValues::for_variant::<International>());
    let mut learner = Pitrat::new(
        finder,
        TemplateSet::new(),
        TemplateSet::of_kind(SetKind::Threats),
    );
    let explained: Vec<u64> = (0..4)
        .map(|_| learner.pass(&games, &[], |_| {}).training.combination)
        .collect();
    // Nothing known; the shot; the lure and the shot; nothing more to learn.
    assert_eq!(explained, [0, 3, 5, 5]);
    let longest = learner
        .combinations()
        .iter()
        .map(|e| e.template.line().len())
        .max();
    assert_eq!(longest, Some(5));
}

#[path = "../../draughts-core/tests/games_dir/mod.rs"]
mod games_dir;

#[test]
fn real_games_are_explained_more_after_the_first_pass() {
    let Some(dir) = games_dir::games_dir() else {
        return;
    };
    let path = dir.join("international/wiersma-2005.pdn");
    let Ok(bytes) = std::fs::read(&path) else {
        eprintln!("skipped: cannot read {}", path.display());
        return;
    };
    let lines: Vec<MainLine<International>> = draughts_core::pdn::PdnReader::from_bytes(&bytes)
        .filter_map(|game| game.and_then(|g| g.replay::<International>()).ok())
        .collect();
    assert!(lines.len() >= 30, "{} games", lines.len());
    let (held_out, training) = lines.split_at(5);
    let mut learner = learner();
    let reports: Vec<_> = (0..3)
        .map(|_| learner.pass(training, held_out, |_| {}))
        .collect();
    let shares: Vec<f64> = reports.iter().map(|r| r.training.share()).collect();
    assert!(shares.windows(2).all(|p| p[1] >= p[0]), "{shares:?}");
    // Masters' games hold threats and combinations: a few percent of the moves.
    assert!(shares[1] > 0.03, "{shares:?}");
    assert!(reports[0].threats_created > 0);
    assert!(learner.threats().iter().any(|e| !e.counters.is_empty()));
}
