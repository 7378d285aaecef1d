//! The progress line long commands draw on stderr.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

/// The progress line on stderr: rewritten in place on a terminal (at most five times a
/// second), a new line every tenth of the work otherwise.
///
/// ```
/// use draughts_engine::progress::ProgressLine;
///
/// let mut meter = ProgressLine::new();
/// for done in 1..=20 {
///     meter.show(done, 20, &format!("work: {done}/20"));
/// }
/// meter.finish();
/// ```
#[derive(Debug)]
pub struct ProgressLine {
    terminal: bool,
    last: Option<Instant>,
    shown: bool,
}

impl Default for ProgressLine {
    fn default() -> ProgressLine {
        ProgressLine::new()
    }
}

impl ProgressLine {
    /// A line not drawn yet.
    pub fn new() -> ProgressLine {
        ProgressLine {
            terminal: io::stderr().is_terminal(),
            last: None,
            shown: false,
        }
    }

    /// Shows `text`, the state after `done` of `total` steps (if it is due).
    pub fn show(&mut self, done: usize, total: usize, text: &str) {
        let tenth = |done: usize| done * 10 / total.max(1);
        let last = done == total;
        if self.terminal {
            let due = self
                .last
                .map_or(true, |t| t.elapsed() >= Duration::from_millis(200));
            if due || last {
                eprint!("\r{text}\x1b[K");
                self.last = Some(Instant::now());
                self.shown = true;
            }
        } else if last || tenth(done) != tenth(done.saturating_sub(1)) {
            eprintln!("{text}");
        }
    }

    /// Ends the line on a terminal, so that what follows starts on a new one.
    pub fn finish(&self) {
        if self.terminal && self.shown {
            eprintln!();
        }
    }
}
