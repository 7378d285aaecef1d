//! `draughts tactics learn --threats`: threat templates (and combination templates) by
//! Pitrat's loop over the moves of real games, with the share of moves explained after
//! each pass, on the training games and on held-out ones.

use super::learn::{pdn_lines, LearnArgs};
use super::learning_finder;
use crate::cli::CliError;
use crate::progress::ProgressLine;
use draughts_core::Variant;
use draughts_tactics::{Explained, PassReport, Pitrat, SetKind, TemplateSet};
use std::time::Instant;

/// Runs the loop the arguments ask for.
pub(super) fn learn<V: Variant>(args: &LearnArgs) -> Result<(), CliError> {
    let load = |path: &Option<std::path::PathBuf>, kind| match path {
        Some(path) => TemplateSet::<V>::load_kind(path, kind).map_err(|e| e.to_string()),
        None => Ok(TemplateSet::of_kind(kind)),
    };
    let combinations = load(&args.combinations, SetKind::Combinations)?;
    let threats = load(&args.from, SetKind::Threats)?;
    let mut training = Vec::new();
    let mut held_out = Vec::new();
    let hold_out = args.hold_out;
    for (index, game) in pdn_lines::<V>(&args.games)?.into_iter().enumerate() {
        if hold_out && index as u32 % args.suite_every == args.suite_every - 1 {
            held_out.push(game);
        } else {
            training.push(game);
        }
    }
    eprintln!(
        "learning {} threats by Pitrat's loop: {} passes over {} games ({} held out), from {} combination and {} threat templates",
        V::NAME,
        args.passes,
        training.len(),
        held_out.len(),
        combinations.len(),
        threats.len()
    );
    let finder = learning_finder::<V>(args.max_plies);
    let mut learner = Pitrat::new(finder, combinations, threats);
    let started = Instant::now();
    let mut reports = Vec::new();
    for _ in 0..args.passes {
        let mut meter = ProgressLine::new();
        let report = learner.pass(&training, &held_out, |p| {
            let text = format!(
                "pass {} {}: game {}/{}; {} moves, {} explained ({:.1}%); {} combination, {} threat templates ({:.0}s)",
                p.pass,
                if p.held_out { "held out" } else { "training" },
                p.game,
                p.games,
                p.explained.moves,
                p.explained.explained(),
                100.0 * p.explained.share(),
                p.combinations,
                p.threats,
                started.elapsed().as_secs_f64()
            );
            meter.show(p.game, p.games, &text);
        });
        meter.finish();
        println!("{}", report_line(&report));
        learner
            .threats()
            .save(&args.out)
            .map_err(|e| e.to_string())?;
        if let Some(path) = &args.combinations_out {
            learner
                .combinations()
                .save(path)
                .map_err(|e| e.to_string())?;
        }
        reports.push(report);
    }
    eprintln!(
        "wrote {} threat templates to {}{} in {:.1}s",
        learner.threats().len(),
        args.out.display(),
        args.combinations_out
            .as_ref()
            .map_or(String::new(), |p| format!(
                " and {} combination templates to {}",
                learner.combinations().len(),
                p.display()
            )),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// One line per pass: the shares explained and the templates after it.
fn report_line(report: &PassReport) -> String {
    let part = |name: &str, e: &Explained| {
        format!(
            "{name} {:.2}% of {} moves (combination {}, threat {}, counter {})",
            100.0 * e.share(),
            e.moves,
            e.combination,
            e.threat,
            e.counter
        )
    };
    let mut line = format!(
        "pass {}: explained: {}; {}; then {} combination and {} threat templates",
        report.pass,
        part("training", &report.training),
        part("held out", &report.held_out),
        report.combinations,
        report.threats,
    );
    if report.learned_from > 0 {
        line.push_str(&format!(
            " ({} moves learned from; {} create a threat, the reply played counters {:.1}% of them)",
            report.learned_from,
            report.threats_created,
            100.0 * report.countered_by_reply as f64 / report.threats_created.max(1) as f64
        ));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::learn::LearnArgs;
    use clap::Parser;
    use draughts_core::International;

    #[derive(Parser)]
    struct Wrapper {
        #[command(flatten)]
        args: LearnArgs,
    }

    #[test]
    fn threats_are_learned_from_a_pdn_file() {
        // White's 32-28 threatens 28-22 17x28 33x4; Black answers 9-13, then leaves it.
        let fen = "[FEN \"W:W27,32,33,39,47:B1,9,17,18\"]\n\n";
        let text = format!(
            "{fen}1. 32-28 9-13 2. 47-42 *\n\n{fen}1. 32-28 1-6 2. 28-22 17x28 3. 33x4 *\n"
        );
        let dir = std::env::temp_dir().join(format!("draughts-threats-{}", std::process::id()));
        let games = dir.join("games.pdn");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&games, text).unwrap();
        let (out, combinations) = (dir.join("t.threats"), dir.join("t.tactics"));
        let wrapper = Wrapper::parse_from([
            "learn".into(),
            "--threats".into(),
            "--passes".into(),
            "2".into(),
            "--games".into(),
            games.clone().into_os_string(),
            "--out".into(),
            out.clone().into_os_string(),
            "--combinations-out".into(),
            combinations.clone().into_os_string(),
        ]);
        learn::<International>(&wrapper.args).unwrap();
        let threats = TemplateSet::<International>::load_kind(&out, SetKind::Threats).unwrap();
        assert_eq!(threats.len(), 1);
        assert_eq!(
            TemplateSet::<International>::load_kind(&combinations, SetKind::Combinations)
                .unwrap()
                .len(),
            1
        );
        // A threat file is no combination file.
        assert!(TemplateSet::<International>::load_kind(&out, SetKind::Combinations).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
