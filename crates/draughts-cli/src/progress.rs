//! The progress line long commands draw on stderr.

use std::io::{self, IsTerminal};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The progress line on stderr: rewritten in place on a terminal (at most five times a
/// second), a new line every tenth of the work otherwise.
///
/// ```
/// use draughts_cli::progress::ProgressLine;
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
    /// The last tenth printed off a terminal.
    tenth: usize,
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
            tenth: 0,
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
        } else if last || tenth(done) > self.tenth {
            // Steps may be large: a tenth is printed once even if a step passes it.
            self.tenth = tenth(done);
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

/// The progress line of a long command made of stages, for the progress callbacks of
/// the libraries (called from any thread): each stage rewrites the line from its start.
/// Drawn on a terminal only: elsewhere the commands' own lines (one per job or
/// generation) say enough.
#[derive(Debug)]
pub struct StageLines<K> {
    terminal: bool,
    current: Mutex<Option<(K, ProgressLine)>>,
}

impl<K: PartialEq> Default for StageLines<K> {
    fn default() -> StageLines<K> {
        StageLines::new()
    }
}

impl<K: PartialEq> StageLines<K> {
    /// No stage yet.
    pub fn new() -> StageLines<K> {
        StageLines {
            terminal: io::stderr().is_terminal(),
            current: Mutex::new(None),
        }
    }

    /// Shows `text`, the state of stage `stage` after `done` of `total` steps.
    pub fn show(&self, stage: K, done: u64, total: u64, text: &str) {
        if !self.terminal {
            return;
        }
        let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        let line = match current.as_mut() {
            Some((k, line)) if *k == stage => line,
            _ => &mut current.insert((stage, ProgressLine::new())).1,
        };
        let size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        line.show(size(done), size(total), text);
    }

    /// Erases the line (if drawn), so that other output can be written on it; the next
    /// [`StageLines::show`] draws it again.
    pub fn clear(&self) {
        let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        if current.take().is_some_and(|(_, line)| line.shown) {
            eprint!("\r\x1b[K");
        }
    }
}
