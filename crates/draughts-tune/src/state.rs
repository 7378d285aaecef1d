//! The resume state of a GA run: its settings, the pool about to play, and a summary of
//! every completed generation, in a small line-based text file.
//!
//! ```text
//! # draughts-tune GA state
//! settings GaConfig { pool: 30, ... }
//! pool 100 300 2 -3 ...                     one line per member, weights in feature order
//! generation 0 12 5.5 3.2 21 10 9 100 ...   number, best and mean fitness, seconds,
//!                                           match wins draws losses (or - - -), winner
//! ```

use crate::error::TuneError;
use draughts_engine::stats::Tally;
use draughts_eval::{Weights, FEATURE_COUNT};
use std::fmt::Write as _;
use std::path::Path;

/// What the GA keeps about one completed generation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GenerationSummary {
    /// The generation, from 0.
    pub generation: usize,
    /// The winner's fitness.
    pub best: f64,
    /// The pool's mean fitness.
    pub mean: f64,
    /// The winner's weights (the fittest member; ties go to the earlier member).
    pub winner: Weights,
    /// The winner's result against the reference weights, if that match was played.
    pub versus: Option<Tally>,
    /// Wall time of the generation in seconds.
    pub seconds: f64,
}

impl GenerationSummary {
    /// One line for people: the generation, its fitness, the winner's king/man ratio and
    /// its match result.
    pub fn describe(&self) -> String {
        let mut text = format!(
            "generation {:>3}: best {:>5} mean {:>6.2}  king/man {:.2}",
            self.generation,
            self.best,
            self.mean,
            crate::ga::king_man_ratio(&self.winner)
        );
        if let Some(t) = self.versus {
            let _ = write!(
                text,
                "  vs hand-set +{} ={} -{} ({:.1}%)",
                t.wins,
                t.draws,
                t.losses,
                100.0 * t.score().unwrap_or(0.0)
            );
        }
        let _ = write!(text, "  {:.1} s", self.seconds);
        text
    }
}

/// A GA run between generations: what [`crate::run_ga`] saves after each generation
/// and resumes from, and what a study of the run reads.
///
/// ```
/// use draughts_tune::GaState;
///
/// let text = "settings GaConfig { pool: 1 }\npool 1 2 3 4 5 6 7 8 9 10 11 12 13 14\n";
/// let state = GaState::parse(text)?;
/// assert_eq!(state.pool.len(), 1);
/// assert_eq!(GaState::parse(&state.to_text())?, state);
/// assert_eq!(GaState::parse("pool 1 2\n").unwrap_err().line, 1);
/// # Ok::<(), draughts_tune::StateError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GaState {
    /// The run's settings ([`crate::GaConfig`] without the number of generations).
    pub fingerprint: String,
    /// The pool of the next generation.
    pub pool: Vec<Weights>,
    /// The completed generations.
    pub history: Vec<GenerationSummary>,
}

/// A line of a GA state file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct StateError {
    /// The line, from 1 (the last line when something is missing).
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

const HEADER: &str = "# draughts-tune GA state: resume with the same settings";

impl GaState {
    /// The state file's text.
    pub fn to_text(&self) -> String {
        let mut text = format!("{HEADER}\nsettings {}\n", self.fingerprint);
        for weights in &self.pool {
            let _ = writeln!(text, "pool{}", numbers(weights));
        }
        for s in &self.history {
            let versus = s.versus.map_or("- - -".to_string(), |t| {
                format!("{} {} {}", t.wins, t.draws, t.losses)
            });
            let _ = writeln!(
                text,
                "generation {} {} {} {} {versus}{}",
                s.generation,
                s.best,
                s.mean,
                s.seconds,
                numbers(&s.winner)
            );
        }
        text
    }

    /// Writes the state to `path` through a temporary file, so an interrupted write
    /// leaves the previous state.
    pub fn save(&self, path: &Path) -> Result<(), TuneError> {
        crate::write_atomically(path, self.to_text().as_bytes())
    }

    /// Reads a state file.
    pub fn load(path: &Path) -> Result<GaState, TuneError> {
        let text = std::fs::read_to_string(path).map_err(TuneError::io(path))?;
        GaState::parse(&text).map_err(|StateError { line, message }| TuneError::State {
            path: path.to_path_buf(),
            line,
            message,
        })
    }

    /// Reads a state file's text.
    ///
    /// # Errors
    /// The first line that cannot be read, or the last when there is no settings or
    /// no pool line.
    pub fn parse(text: &str) -> Result<GaState, StateError> {
        let mut state = GaState {
            fingerprint: String::new(),
            pool: Vec::new(),
            history: Vec::new(),
        };
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let fail = |message: &str| StateError {
                line: number,
                message: message.to_string(),
            };
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let (keyword, rest) = line.split_once(' ').unwrap_or((line, ""));
            match keyword {
                // Without trailing white space, which a line end may have added.
                "settings" => state.fingerprint = rest.trim_end().to_string(),
                "pool" => {
                    let weights =
                        parse_weights(rest).ok_or_else(|| fail("expected 14 integer weights"))?;
                    state.pool.push(weights);
                }
                "generation" => {
                    let fields: Vec<&str> = rest.split_whitespace().collect();
                    let bad = || {
                        fail("expected a generation number, best and mean fitness, seconds, wins draws losses and 14 weights")
                    };
                    if fields.len() != 7 + FEATURE_COUNT {
                        return Err(bad());
                    }
                    let generation: usize = fields[0].parse().map_err(|_| bad())?;
                    if generation != state.history.len() {
                        return Err(fail("generations out of order"));
                    }
                    let float = |s: &str| match s.parse::<f64>() {
                        Ok(x) if x.is_finite() => Ok(x),
                        _ => Err(bad()),
                    };
                    let versus = if fields[4..7] == ["-", "-", "-"] {
                        None
                    } else {
                        let count = |s: &str| s.parse::<u32>().map_err(|_| bad());
                        Some(Tally {
                            wins: count(fields[4])?,
                            draws: count(fields[5])?,
                            losses: count(fields[6])?,
                        })
                    };
                    state.history.push(GenerationSummary {
                        generation,
                        best: float(fields[1])?,
                        mean: float(fields[2])?,
                        seconds: float(fields[3])?,
                        versus,
                        winner: parse_weights(&fields[7..].join(" ")).ok_or_else(bad)?,
                    });
                }
                _ => return Err(fail("expected a settings, pool or generation line")),
            }
        }
        if state.fingerprint.is_empty() || state.pool.is_empty() {
            return Err(StateError {
                line: text.lines().count(),
                message: "no settings or no pool: not a GA state file".into(),
            });
        }
        Ok(state)
    }
}

fn numbers(weights: &Weights) -> String {
    weights.as_array().iter().map(|w| format!(" {w}")).collect()
}

fn parse_weights(text: &str) -> Option<Weights> {
    let values: Vec<i32> = text
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let array: [i32; FEATURE_COUNT] = values.try_into().ok()?;
    Some(Weights::from_array(array))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> GaState {
        GaState {
            fingerprint: "GaConfig { pool: 2 }".into(),
            pool: vec![Weights::ENGLISH, Weights::INTERNATIONAL],
            history: vec![
                GenerationSummary {
                    generation: 0,
                    best: 3.0,
                    mean: 1.25,
                    winner: Weights::ENGLISH,
                    versus: Some(Tally {
                        wins: 1,
                        draws: 2,
                        losses: 3,
                    }),
                    seconds: 0.1 + 0.2,
                },
                GenerationSummary {
                    generation: 1,
                    best: 2.5,
                    mean: 1.0 / 3.0,
                    winner: Weights::INTERNATIONAL,
                    versus: None,
                    seconds: 4.0,
                },
            ],
        }
    }

    #[test]
    fn text_round_trip_is_exact() {
        let state = state();
        assert_eq!(GaState::parse(&state.to_text()), Ok(state.clone()));
        let line = state.history[0].describe();
        assert!(
            line.contains("king/man 1.45") && line.contains("+1 =2 -3"),
            "{line}"
        );
    }

    #[test]
    fn damaged_files_name_the_line() {
        let text = state().to_text();
        let cases = [
            (text.replace("pool 100 145", "pool 100 x"), 3),
            (text.replace("generation 1 ", "generation 5 "), 6),
            (text.replace(" - - -", " - -"), 6),
            (text.replace("generation 1 2.5 ", "generation 1 NaN "), 6),
            (format!("{text}nonsense\n"), 7),
        ];
        for (bad, line) in cases {
            let err = GaState::parse(&bad).unwrap_err();
            assert_eq!(err.line, line, "{err:?}");
        }
        assert!(GaState::parse("").is_err());
        let err = GaState::load(Path::new("/nonexistent/state.txt")).unwrap_err();
        assert!(err.to_string().contains("/nonexistent/state.txt"), "{err}");
    }

    proptest::proptest! {
        /// A damaged state file reads as an error naming a line of it, or as a state
        /// whose text reads back to the same text; never a panic.
        #[test]
        fn damaged_files_read_or_name_a_line(
            at in 0usize..1_000,
            removed in 0usize..24,
            inserted in "[ -~\r\n]{0,12}",
        ) {
            let text = state().to_text();
            let at = at.min(text.len());
            let end = (at + removed).min(text.len());
            let damaged = format!("{}{inserted}{}", &text[..at], &text[end..]);
            match GaState::parse(&damaged) {
                Ok(read) => {
                    let again = read.to_text();
                    proptest::prop_assert_eq!(
                        GaState::parse(&again).map(|s| s.to_text()),
                        Ok(again)
                    );
                }
                Err(e) => proptest::prop_assert!(e.line <= damaged.lines().count()),
            }
        }
    }
}
