//! The files a GA run writes: the pool and generation tables, the finalists, and the plots.

use super::{files, king_man_ratio};
use crate::error::TuneError;
use crate::plot::{line_chart, Series};
use crate::state::GenerationSummary;
use crate::tournament::Table;
use draughts_eval::{Feature, Weights};
use std::fmt::Write as _;
use std::path::Path;

fn weight_columns() -> String {
    Feature::ALL.iter().map(|f| format!(",{f}")).collect()
}

fn weight_values(weights: &Weights) -> String {
    weights.as_array().iter().map(|w| format!(",{w}")).collect()
}

pub(super) fn write_headers(out: &Path) -> Result<(), TuneError> {
    let pool = format!(
        "generation,member,fitness,wins,draws,losses{}\n",
        weight_columns()
    );
    let generations = format!(
        "generation,best_fitness,mean_fitness,king_man_ratio,match_wins,match_draws,match_losses,match_score,seconds{}\n",
        weight_columns()
    );
    for (name, header) in [(files::POOL, pool), (files::GENERATIONS, generations)] {
        let path = out.join(name);
        std::fs::write(&path, header).map_err(TuneError::io(&path))?;
    }
    Ok(())
}

fn append(path: &Path, text: &str) -> Result<(), TuneError> {
    use std::io::Write;
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .and_then(|mut file| file.write_all(text.as_bytes()))
        .map_err(TuneError::io(path))
}

pub(super) fn append_pool(
    out: &Path,
    generation: usize,
    pool: &[Weights],
    table: &Table,
    fitness: &[f64],
) -> Result<(), TuneError> {
    let mut text = String::new();
    for (member, weights) in pool.iter().enumerate() {
        let t = table.total(member);
        let _ = writeln!(
            text,
            "{generation},{member},{},{},{},{}{}",
            fitness[member],
            t.wins,
            t.draws,
            t.losses,
            weight_values(weights)
        );
    }
    append(&out.join(files::POOL), &text)
}

pub(super) fn append_generation(out: &Path, s: &GenerationSummary) -> Result<(), TuneError> {
    let versus = s.versus.unwrap_or_default();
    let score = versus.score().map_or(String::new(), |x| format!("{x:.4}"));
    let line = format!(
        "{},{},{:.3},{:.3},{},{},{},{score},{:.2}{}\n",
        s.generation,
        s.best,
        s.mean,
        king_man_ratio(&s.winner),
        versus.wins,
        versus.draws,
        versus.losses,
        s.seconds,
        weight_values(&s.winner)
    );
    append(&out.join(files::GENERATIONS), &line)
}

pub(super) fn write_finalists(out: &Path, table: &Table) -> Result<(), TuneError> {
    let mut text = String::from("generation,wins,draws,losses,points,score\n");
    for g in 0..table.players() {
        let t = table.total(g);
        let score = t.score().unwrap_or(0.0);
        let _ = writeln!(
            text,
            "{g},{},{},{},{},{score:.4}",
            t.wins,
            t.draws,
            t.losses,
            t.points()
        );
    }
    let path = out.join(files::FINALISTS);
    std::fs::write(&path, text).map_err(TuneError::io(&path))
}

pub(super) fn write_plots(
    out: &Path,
    history: &[GenerationSummary],
    finals: Option<&Table>,
) -> Result<(), TuneError> {
    let by_generation = |f: &dyn Fn(&GenerationSummary) -> Option<f64>| -> Vec<(f64, f64)> {
        history
            .iter()
            .filter_map(|s| f(s).map(|y| (s.generation as f64, y)))
            .collect()
    };
    line_chart(
        &out.join(files::FITNESS_PLOT),
        "Fitness by generation",
        "generation",
        "fitness (wins, plus draws at their value)",
        &[
            Series {
                name: "best".into(),
                points: by_generation(&|s| Some(s.best)),
            },
            Series {
                name: "mean".into(),
                points: by_generation(&|s| Some(s.mean)),
            },
        ],
    )?;
    let mut results = vec![Series {
        name: "winner vs hand-set weights".into(),
        points: by_generation(&|s| s.versus.and_then(|t| t.score()).map(|x| 100.0 * x)),
    }];
    if let Some(table) = finals {
        results.push(Series {
            name: "winner in the finalists tournament".into(),
            points: (0..table.players())
                .filter_map(|g| table.total(g).score().map(|x| (g as f64, 100.0 * x)))
                .collect(),
        });
    }
    line_chart(
        &out.join(files::RESULTS_PLOT),
        "Each generation's winner: score in % (draw = 1/2)",
        "generation",
        "score %",
        &results,
    )?;
    line_chart(
        &out.join(files::KING_PLOT),
        "King/man ratio of each generation's winner",
        "generation",
        "king / man",
        &[Series {
            name: "king/man".into(),
            points: by_generation(&|s| Some(king_man_ratio(&s.winner))),
        }],
    )
}
