use super::*;
use crate::tournament::tests::opening_walks;
use draughts_core::English;
use draughts_engine::stats::Tally;

fn small() -> GaConfig {
    GaConfig {
        pool: 4,
        generations: 3,
        match_games: 4,
        search: SearchSettings::depth(1),
        max_plies: 60,
        seed: 11,
        ..GaConfig::classic::<English>()
    }
}

/// A summary without its timing.
fn essence(history: &[GenerationSummary]) -> Vec<(usize, f64, f64, Weights, Option<Tally>)> {
    history
        .iter()
        .map(|s| (s.generation, s.best, s.mean, s.winner, s.versus))
        .collect()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-tune-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn breeding_keeps_the_elite_and_the_ranges() {
    let config = GaConfig {
        pool: 6,
        elitism: 2,
        mutation_rate: 1.0,
        ..small()
    };
    let mut rng = generation_rng(3, 0);
    let pool: Vec<Weights> = (0..6)
        .map(|_| random_weights(&config.ranges, &mut rng))
        .collect();
    let fitness = [1.0, 5.0, 0.0, 3.0, 3.0, 2.0];
    let ranked = ranking(&fitness);
    assert_eq!(ranked, vec![1, 3, 4, 5, 0, 2]);
    for crossover in [Crossover::Uniform, Crossover::OnePoint, Crossover::Blend] {
        for selection in [
            Selection::Roulette,
            Selection::Tournament { size: 3 },
            Selection::Truncation { keep: 2 },
        ] {
            let config = GaConfig {
                crossover,
                selection,
                ..config.clone()
            };
            let next = breed(&config, &pool, &fitness, &ranked, &mut rng);
            assert_eq!(next.len(), 6);
            assert_eq!((next[0], next[1]), (pool[1], pool[3]));
            for child in &next {
                assert_eq!(child[Feature::Men], 100);
                for (w, &(min, max)) in child.as_array().iter().zip(&config.ranges) {
                    assert!((min..=max).contains(w), "{crossover:?} {selection:?}");
                }
            }
        }
    }
}

#[test]
fn selection_prefers_the_fit() {
    let fitness = [0.0, 0.0, 9.0, 1.0];
    let ranked = ranking(&fitness);
    let mut rng = generation_rng(5, 1);
    let mut counts = [0; 4];
    for _ in 0..1000 {
        counts[select(Selection::Roulette, &fitness, &ranked, &mut rng)] += 1;
    }
    assert_eq!((counts[0], counts[1]), (0, 0));
    assert!(counts[2] > 800, "{counts:?}");
    let mut counts = [0; 4];
    for _ in 0..1000 {
        counts[select(
            Selection::Truncation { keep: 1 },
            &fitness,
            &ranked,
            &mut rng,
        )] += 1;
    }
    assert_eq!(counts[2], 1000);
    // All zero: roulette falls back to a uniform choice.
    let zero = [0.0; 4];
    let mut seen = [false; 4];
    for _ in 0..200 {
        seen[select(Selection::Roulette, &zero, &ranking(&zero), &mut rng)] = true;
    }
    assert_eq!(seen, [true; 4]);
}

#[test]
fn invalid_settings_are_refused() {
    for config in [
        GaConfig { pool: 1, ..small() },
        GaConfig {
            elitism: 4,
            ..small()
        },
        GaConfig {
            draw_value: 2.0,
            ..small()
        },
        GaConfig {
            selection: Selection::Tournament { size: 0 },
            ..small()
        },
        GaConfig {
            mutation_rate: -0.1,
            ..small()
        },
    ] {
        assert!(
            matches!(config.validate(), Err(TuneError::Config(_))),
            "{config:?}"
        );
    }
    let mut ranges = default_ranges();
    ranges[3] = (5, 4);
    let err = GaConfig { ranges, ..small() }.validate().unwrap_err();
    assert!(err.to_string().contains("balance"), "{err}");
    assert!(small().validate().is_ok());
    let openings: Vec<Position<English>> = Vec::new();
    let err = run_ga(&small(), &openings, &temp_dir("none"), false, &|_| {}).unwrap_err();
    assert!(matches!(err, TuneError::Config(_)));
}

#[test]
fn a_small_run_writes_its_files_and_resumes_to_the_same_end() {
    let openings = opening_walks::<English>(20);
    let dir = temp_dir("ga");
    let seen = Mutex::new(Vec::new());
    let record = |p: &GaProgress| {
        seen.lock().unwrap().push(match *p {
            GaProgress::Game {
                generation,
                played,
                total,
            } => (generation, played, total),
            GaProgress::Generation(s) => (Some(s.generation), 0, 0),
        });
    };
    let full = run_ga(&small(), &openings, &dir, false, &record).unwrap();
    // Every game once, in order, ending at the total; the games of a generation
    // before its summary, the finalists' games last.
    let seen = seen.into_inner().unwrap();
    let played: Vec<u64> = seen.iter().filter(|s| s.2 > 0).map(|s| s.1).collect();
    let total = seen[0].2;
    assert_eq!(played, (1..=total).collect::<Vec<_>>());
    let summaries: Vec<usize> = seen
        .iter()
        .enumerate()
        .filter(|(_, s)| s.2 == 0)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(summaries.len(), 3);
    for (g, &i) in summaries.iter().enumerate() {
        assert_eq!(seen[i].0, Some(g));
        assert!(seen[..i].iter().all(|s| s.0.is_some_and(|h| h <= g)));
    }
    let last = summaries[2];
    assert!(seen[last + 1..].iter().all(|s| s.0.is_none()));
    assert!(seen.len() > last + 1, "the finalists' games are reported");
    assert_eq!(full.history.len(), 3);
    assert_eq!(full.finals.as_ref().map(Table::players), Some(3));
    for s in &full.history {
        assert_eq!(s.versus.map(|t| t.games()), Some(4));
        assert!(s.best >= s.mean);
        assert_eq!(s.winner[Feature::Men], 100);
    }
    for name in [
        files::STATE,
        files::POOL,
        files::GENERATIONS,
        files::FINALISTS,
        files::FITNESS_PLOT,
        files::RESULTS_PLOT,
        files::KING_PLOT,
    ] {
        assert!(dir.join(name).is_file(), "{name}");
    }
    let pool_csv = std::fs::read_to_string(dir.join(files::POOL)).unwrap();
    assert_eq!(pool_csv.lines().count(), 1 + 3 * 4);
    assert_eq!(
        Weights::load::<English>(&full.best_path).unwrap(),
        full.best
    );

    // Stop after two generations, then resume to three: the same run.
    let dir2 = temp_dir("ga-resume");
    let two = GaConfig {
        generations: 2,
        ..small()
    };
    let first = run_ga(&two, &openings, &dir2, false, &|_| {}).unwrap();
    assert_eq!(essence(&first.history), essence(&full.history[..2]));
    let resumed = run_ga(&small(), &openings, &dir2, true, &|_| {}).unwrap();
    assert_eq!(essence(&resumed.history), essence(&full.history));
    assert_eq!(resumed.best, full.best);
    let generations = std::fs::read_to_string(dir2.join(files::GENERATIONS)).unwrap();
    assert_eq!(generations.lines().count(), 1 + 3);
    // Other settings may not resume it.
    let other = GaConfig {
        seed: 99,
        ..small()
    };
    let mismatch = run_ga(&other, &openings, &dir2, true, &|_| {}).unwrap_err();
    assert!(matches!(mismatch, TuneError::ResumeMismatch { .. }));
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&dir2).unwrap();
}

#[test]
fn a_pool_around_the_reference() {
    let config = GaConfig {
        pool: 8,
        init: Init::Reference,
        mutation_rate: 0.5,
        ..small()
    };
    let pool = first_pool(&config);
    assert_eq!(pool.len(), 8);
    assert_eq!(pool[0], Weights::ENGLISH);
    assert!(pool[1..].iter().any(|w| *w != Weights::ENGLISH));
    for w in &pool {
        assert_eq!(w[Feature::Men], 100);
    }
    // The random pool is another pool, and the seed decides it.
    let random = first_pool(&GaConfig { pool: 8, ..small() });
    assert_ne!(random, pool);
    assert_eq!(random, first_pool(&GaConfig { pool: 8, ..small() }));
}

#[test]
fn king_man_ratio_of_the_defaults() {
    assert_eq!(king_man_ratio(&Weights::INTERNATIONAL), 3.0);
    assert_eq!(king_man_ratio(&Weights::ENGLISH), 1.45);
}
