use super::*;
use draughts_core::{English, International};
use std::path::Path;

/// One English game of a man each, far apart, from a set-up position (Black moves
/// first), then three games the reader refuses.
///
/// | ply | to move | legal moves | played | the highest destination |
/// |---|---|---|---|---|
/// | 0 | Black 1 | 1-5, 1-6 | 1-6 | 6: agrees |
/// | 1 | White 32 | 32-27, 32-28 | 32-28 | 28: agrees |
/// | 2 | Black 6 | 6-9, 6-10 | 6-10 | 10: agrees |
/// | 3 | White 28 | 28-24 | 28-24 | one legal move |
/// | 4 | Black 10 | 10-14, 10-15 | 10-15 | 15: agrees |
/// | 5 | White 24 | 24-19, 24-20 | 24-19 | 20: differs |
/// | 6 | Black 15 | 15x24 | 15x24 | capture forced |
const GAMES: &str = r#"[Event "two men"]
[FEN "B:W32:B1"]

1. 1-6 32-28 2. 6-10 28-24 3. 10-15 24-19 4. 15x24 *

[Event "illegal"]
[FEN "B:W32:B1"]

1. 1-9 32-28 *

[Event "International"]
[GameType "20"]

1. 32-28 *

[Event "comment never closed"]
[FEN "B:W32:B1"]

1. 1-6 {no end
"#;

/// The chooser of the table: the legal move whose destination is the highest square.
fn highest(game: &Game<English>) -> Option<Move<English>> {
    game.position()
        .legal_moves()
        .into_iter()
        .max_by_key(|mv| mv.to().number())
}

fn collection() -> Collection<English> {
    Collection::from_bytes("test.pdn", GAMES.as_bytes())
}

#[test]
fn the_reader_s_refusals_are_counted_by_kind() {
    let games = collection();
    assert_eq!(
        (games.games, games.lines.len(), games.refused_count()),
        (4, 1, 3)
    );
    let kinds: Vec<_> = games.refused.iter().map(|(k, r)| (*k, r.count)).collect();
    assert_eq!(
        kinds,
        [
            ("GameType of another variant", 1),
            ("move: illegal", 1),
            ("syntax: comment never closed", 1),
        ]
    );
    assert!(games.refused["move: illegal"].example.contains("1-9"));
}

#[test]
fn counts_and_agreement_of_a_tiny_collection() {
    let collections = [collection()];
    let mut seen = Vec::new();
    let mut progress = Vec::new();
    let report = measure(
        &collections,
        &Settings {
            skip_plies: 0,
            ..Settings::default()
        },
        &mut |game| {
            seen.push(game.moves().len());
            highest(game)
        },
        &mut |p| progress.push((p.done, p.total, p.agreed)),
    );
    assert_eq!(
        seen,
        [0, 1, 2, 4, 5],
        "the plies asked, with the game before them"
    );
    assert_eq!(report.positions, 7);
    let skipped = Skipped {
        opening: 0,
        capture: 1,
        single_move: 1,
    };
    assert_eq!(report.skipped, skipped);
    assert_eq!(report.eligible, 5);
    let total = Tally {
        tested: 5,
        agreed: 4,
    };
    assert_eq!(report.total, total);
    // Two pieces on the board: the last phase (1 to 6 pieces in English).
    assert_eq!(report.phases[PHASES - 1], total);
    assert!(report.phases[..PHASES - 1].iter().all(|t| t.tested == 0));
    assert!(
        (report.chance - 2.5).abs() < 1e-12,
        "five positions of two moves"
    );
    assert_eq!(report.no_move, 0);
    assert_eq!(
        progress,
        [(1, 5, 1), (2, 5, 2), (3, 5, 3), (4, 5, 4), (5, 5, 4)]
    );
    assert_eq!(
        describe(&report.total),
        "4/5 = 80.0% (95% interval 37.6% .. 96.4%)"
    );

    // Skipping the first two plies leaves plies 2, 4 and 5; a chooser without a move
    // disagrees.
    let settings = Settings {
        skip_plies: 2,
        ..Settings::default()
    };
    let report = measure(&collections, &settings, &mut |_| None, &mut |_| {});
    assert_eq!(report.skipped.opening, 2);
    assert_eq!((report.eligible, report.no_move), (3, 3));
    assert_eq!(
        report.total,
        Tally {
            tested: 3,
            agreed: 0
        }
    );
    let mut text = Vec::new();
    write_report(&mut text, &collections, &settings, &report).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains("test.pdn: 4 games read, 1 replayed, 3 refused"),
        "{text}"
    );
    assert!(
        text.contains("skipped 2 in the first 2 plies, 1 with a capture forced, 1 with one legal move; 3 eligible"),
        "{text}"
    );
    assert!(text.contains("   1-6  pieces  0/3 = 0.0%"), "{text}");
}

#[test]
fn a_sample_depends_only_on_the_seed() {
    let collections = [collection(), collection()];
    let asked = |max, seed| {
        let settings = Settings {
            skip_plies: 0,
            max_positions: Some(max),
            seed,
        };
        let mut asked = Vec::new();
        let report = measure(
            &collections,
            &settings,
            &mut |game| {
                asked.push(game.moves().len());
                highest(game)
            },
            &mut |_| {},
        );
        assert_eq!(report.eligible, 10);
        assert_eq!(report.total.tested, max.min(10));
        asked
    };
    let first = asked(4, 1);
    assert_eq!(first.len(), 4);
    assert_eq!(first, asked(4, 1));
    assert!((1..20).any(|seed| asked(4, seed) != first));
    // A sample as large as the eligible positions is all of them, in game order.
    assert_eq!(asked(10, 3), [0, 1, 2, 4, 5, 0, 1, 2, 4, 5]);
    assert_eq!(asked(99, 3).len(), 10);
}

#[test]
fn wilson_intervals() {
    let interval = |tested, agreed| {
        Tally { tested, agreed }
            .interval()
            .map(|(low, high)| ((low * 1e4).round() / 1e4, (high * 1e4).round() / 1e4))
    };
    assert_eq!(interval(5, 4), Some((0.3755, 0.9638)));
    assert_eq!(interval(10, 0), Some((0.0, 0.2775)));
    assert_eq!(interval(10, 10), Some((0.7225, 1.0)));
    assert_eq!(interval(0, 0), None);
    assert_eq!(Tally::default().fraction(), None);
    assert_eq!(describe(&Tally::default()), "0 positions");
}

#[test]
fn phases_split_the_piece_counts_in_four() {
    assert_eq!(
        phase_ranges::<International>(),
        [(31, 40), (21, 30), (11, 20), (1, 10)]
    );
    assert_eq!(
        phase_ranges::<English>(),
        [(19, 24), (13, 18), (7, 12), (1, 6)]
    );
    assert_eq!(phase(&Position::<International>::initial()), 0);
    let ending: Position<International> = "W:W31,32:B1,2".parse().unwrap();
    assert_eq!(phase(&ending), 3);
}

#[test]
fn a_missing_file_is_an_error_naming_it() {
    let error = Collection::<English>::read(Path::new("/nonexistent/games.pdn")).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("cannot read /nonexistent/games.pdn: "),
        "{error}"
    );
}
