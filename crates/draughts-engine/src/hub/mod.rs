//! The Hub protocol, version 2 (FORMATS §4), as spoken by `draughts hub`.
//!
//! A reader thread turns standard input into events on a channel; the main thread
//! answers them; each search runs on a thread of its own and writes its `info` and
//! `done` lines itself, so `stop`, `ponder-hit` and `ping` are answered while it runs.

pub mod line;
pub mod params;
pub mod session;

use crate::engine::{with_variant, BookChoice, EngineError, EngineOptions};
use crate::session::EngineSession;
use draughts_search::{Clock, Limits};
use line::{error_line, excerpt, Line, LineBuilder};
use params::Params;
use session::{GoMode, HubSession, Output, Running, Session};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

/// The longest line read; longer ones are reported and skipped.
const MAX_LINE: usize = 1 << 20;

/// What the reader thread reports.
enum Event {
    /// A line of text, without its line break.
    Line(String),
    /// A line that could not be taken as text.
    Unreadable(String),
    /// End of input (or an error reading it).
    End,
}

/// Speaks the Hub protocol on `input` and `output` until `quit` or the end of input.
///
/// # Errors
/// Only an error writing to `output` (the GUI has gone away) ends it early.
pub fn run(input: impl Read + Send + 'static, output: Box<dyn Write + Send>) -> io::Result<()> {
    let (sender, events) = mpsc::channel();
    std::thread::Builder::new()
        .name("hub-reader".into())
        .spawn(move || read_lines(BufReader::new(input), &sender))?;
    let mut hub = Hub {
        out: Output::new(output),
        params: Params::default(),
        session: None,
        stale: true,
        limits: Limits::default(),
        running: None,
    };
    let result = hub.serve(&events);
    hub.end_search();
    result
}

/// Reads lines for the main thread until the end of input.
fn read_lines(mut input: impl BufRead, sender: &mpsc::Sender<Event>) {
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let event = match read_line(&mut input, &mut buffer) {
            Ok(None) | Err(_) => Event::End,
            Ok(Some(false)) => {
                Event::Unreadable(format!("line longer than {} bytes ignored", MAX_LINE))
            }
            Ok(Some(true)) => match std::str::from_utf8(&buffer) {
                Ok(text) => Event::Line(text.trim_end_matches(['\n', '\r']).to_string()),
                Err(_) => Event::Unreadable("line is not valid UTF-8 text".into()),
            },
        };
        let end = matches!(event, Event::End);
        if sender.send(event).is_err() || end {
            return;
        }
    }
}

/// Reads one line into `buffer`, keeping at most [`MAX_LINE`] bytes: `None` at the end
/// of input, `Some(false)` for a line that was too long (skipped to its end), else
/// `Some(true)`.
fn read_line(input: &mut impl BufRead, buffer: &mut Vec<u8>) -> io::Result<Option<bool>> {
    let mut fits = true;
    let mut any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(any.then_some(fits));
        }
        any = true;
        let (chunk, complete) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        if fits && buffer.len() + chunk.len() <= MAX_LINE {
            buffer.extend_from_slice(chunk);
        } else {
            fits = false;
            buffer.clear();
        }
        let used = chunk.len();
        input.consume(used);
        if complete {
            return Ok(Some(fits));
        }
    }
}

struct Hub {
    out: Output,
    params: Params,
    session: Option<Box<dyn Session>>,
    /// The parameters changed since the session was built.
    stale: bool,
    limits: Limits,
    running: Option<Running>,
}

impl Hub {
    fn serve(&mut self, events: &mpsc::Receiver<Event>) -> io::Result<()> {
        while let Ok(event) = events.recv() {
            match event {
                Event::End => return Ok(()),
                Event::Unreadable(message) => self.error(&message)?,
                Event::Line(text) => match Line::parse(&text) {
                    Err(e) => self.error(&e.to_string())?,
                    Ok(line) => {
                        if !self.command(&line)? {
                            return Ok(());
                        }
                    }
                },
            }
        }
        Ok(())
    }

    fn send(&self, text: &str) -> io::Result<()> {
        self.out.line(text)
    }

    fn error(&self, message: &str) -> io::Result<()> {
        self.send(&error_line(message))
    }

    /// Answers one command; `false` to quit.
    fn command(&mut self, line: &Line) -> io::Result<bool> {
        // The only commands a running search may hear.
        match line.command.as_str() {
            "ping" => {
                self.send("pong")?;
                return Ok(true);
            }
            "stop" => {
                if let Some(search) = &self.running {
                    search.stop();
                }
                return Ok(true);
            }
            "ponder-hit" => {
                if let Some(search) = &self.running {
                    search.ponder_hit();
                }
                return Ok(true);
            }
            _ => {}
        }
        // Anything else ends a running search first (a GUI should not send it, but if one
        // does, the search still answers `done` before the command is carried out).
        self.end_search();
        match line.command.as_str() {
            "hub" => {
                let id = LineBuilder::new("id")
                    .pair("name", "draughts")
                    .pair("version", env!("CARGO_PKG_VERSION"))
                    .pair("author", "draughts developers")
                    .pair("country", "?")
                    .build();
                self.send(&id)?;
                for param in self.params.announce() {
                    self.send(&param)?;
                }
                self.send("wait")?;
            }
            "set-param" => match (line.get("name"), line.get("value")) {
                (None, _) => self.error("missing name")?,
                (Some(name), None) => self.error(&format!("missing value for {name}"))?,
                (Some(name), Some(value)) => match self.params.set(name, value) {
                    Ok(()) => self.stale = true,
                    Err(e) => self.error(&e.to_string())?,
                },
            },
            "init" => {
                self.ensure_session()?;
                self.send("ready")?;
            }
            "new-game" => {
                self.ensure_session()?;
                if let Some(session) = &mut self.session {
                    session.new_game();
                }
                self.limits = Limits::default();
            }
            "pos" => {
                self.ensure_session()?;
                let Some(session) = &mut self.session else {
                    return Ok(true);
                };
                let moves = line.get("moves").unwrap_or("");
                match session.set_position(line.get("pos"), line.has_flag("start"), moves) {
                    Ok(()) => self.limits = Limits::default(),
                    Err(message) => self.error(&message)?,
                }
            }
            "level" => match level(self.limits, line) {
                Ok(limits) => self.limits = limits,
                Err(message) => self.error(&message)?,
            },
            "go" => {
                let mode = match line.first_flag() {
                    Some("think") => GoMode::Think,
                    Some("ponder") => GoMode::Ponder,
                    Some("analyze" | "analyse") => GoMode::Analyze,
                    Some(other) => {
                        let message = format!(
                            "bad go mode {}: use think, ponder or analyze",
                            excerpt(other)
                        );
                        self.error(&message)?;
                        return Ok(true);
                    }
                    None => {
                        self.error("go needs think, ponder or analyze")?;
                        return Ok(true);
                    }
                };
                self.ensure_session()?;
                let limits = std::mem::take(&mut self.limits);
                if let Some(session) = &mut self.session {
                    match session.go(mode, limits, &self.out) {
                        Ok(running) => self.running = running,
                        Err(message) => self.error(&message)?,
                    }
                }
            }
            "quit" => return Ok(false),
            other => self.error(&format!("unknown command {}", excerpt(other)))?,
        }
        Ok(true)
    }

    /// Stops a running search (if it is still running) and waits for its `done`.
    fn end_search(&mut self) {
        if let Some(search) = self.running.take() {
            if !search.is_finished() {
                search.stop();
            }
            search.join();
        }
    }

    /// Builds the session from the parameters if there is none or they changed.
    fn ensure_session(&mut self) -> io::Result<()> {
        if self.session.is_some() && !self.stale {
            return Ok(());
        }
        let text = |name| {
            let value = self.params.text(name).trim();
            (!value.is_empty()).then(|| PathBuf::from(value))
        };
        let mut options = EngineOptions {
            hash_mib: usize::try_from(self.params.int("hash")).unwrap_or(64),
            threads: usize::try_from(self.params.int("threads")).unwrap_or(1),
            weights: text("weights"),
            patterns: text("patterns"),
            network: text("network"),
            tactics: text("tactics"),
            threats: text("threats"),
            egdb: text("egdb-path"),
            search: self.params.text("search").to_string(),
            book: BookChoice::from(self.params.text("book")),
            book_margin: i32::try_from(self.params.int("book-margin")).unwrap_or(0),
            book_seed: u64::try_from(self.params.int("book-seed")).unwrap_or(0),
        };
        let mirrored = self.params.text("english-hub") == "pydraughts";
        let session: Box<dyn Session> = with_variant!(self.params.variant(), V => {
            // A file that cannot be used is reported and left out; each pass leaves
            // one out, so this ends.
            let engine = loop {
                match EngineSession::<V>::from_options(&options) {
                    Ok(engine) => break engine,
                    Err(e) => {
                        let instead = match e {
                            EngineError::Weights(_) if options.weights.is_some() => {
                                options.weights = None;
                                "using the default weights"
                            }
                            EngineError::Patterns(_) if options.patterns.is_some() => {
                                options.patterns = None;
                                "using the default pattern table"
                            }
                            EngineError::Network(_) if options.network.is_some() => {
                                options.network = None;
                                "evaluating without a network"
                            }
                            EngineError::Tactics(_)
                                if options.tactics.is_some() || options.threats.is_some() =>
                            {
                                options.tactics = None;
                                options.threats = None;
                                "searching without templates"
                            }
                            EngineError::Search(_) if !options.search.is_empty() => {
                                options.search.clear();
                                "using the default search parameters"
                            }
                            EngineError::Egdb(_) if options.egdb.is_some() => {
                                options.egdb = None;
                                "searching without the endgame database"
                            }
                            EngineError::Book(_) | EngineError::NoBuiltinBook(_)
                                if options.book != BookChoice::Off =>
                            {
                                options.book = BookChoice::Off;
                                "playing without an opening book"
                            }
                            _ => {
                                self.error(&e.to_string())?;
                                return Ok(());
                            }
                        };
                        self.error(&format!("{e}; {instead}"))?;
                    }
                }
            };
            Box::new(HubSession::<V>::new(engine, mirrored))
        });
        self.session = Some(session);
        self.stale = false;
        Ok(())
    }
}

/// The limits after a `level` line, which adds to (or with `infinite` clears) the
/// limits already set for the next search.
fn level(mut limits: Limits, line: &Line) -> Result<Limits, String> {
    if line.has_flag("infinite") {
        return Ok(Limits::default());
    }
    let mut understood = false;
    if let Some(text) = line.get("depth") {
        limits.depth = Some(whole::<u32>("depth", text, 1)?);
        understood = true;
    }
    if let Some(text) = line.get("nodes") {
        limits.nodes = Some(whole::<u64>("nodes", text, 1)?);
        understood = true;
    }
    if let Some(text) = line.get("move-time") {
        limits.move_time = Some(seconds("move-time", text)?);
        understood = true;
    }
    match (line.get("time"), line.get("inc"), line.get("moves")) {
        (Some(time), inc, moves) => {
            let time = real("time", time)?;
            let inc = inc.map_or(Ok(0.0), |text| real("inc", text))?;
            if inc < 0.0 {
                return Err(format!("level: inc={inc} is negative"));
            }
            let moves_to_go = moves
                .map(|text| whole::<u32>("moves", text, 0))
                .transpose()?
                .filter(|&n| n > 0);
            limits.clock = Some(Clock {
                // The increment is added before each move (FORMATS §4).
                time_left: duration(time + inc),
                increment: duration(inc),
                moves_to_go,
            });
            understood = true;
        }
        (None, Some(_), _) | (None, _, Some(_)) => {
            return Err("level: inc= and moves= need time=".into());
        }
        (None, None, None) => {}
    }
    if understood {
        Ok(limits)
    } else {
        Err("level needs depth=, nodes=, move-time=, time= or infinite".into())
    }
}

fn whole<T: std::str::FromStr + PartialOrd + From<u8> + std::fmt::Display>(
    name: &str,
    text: &str,
    min: u8,
) -> Result<T, String> {
    match text.trim().parse::<T>() {
        Ok(n) if n >= T::from(min) => Ok(n),
        _ => Err(format!(
            "level: {name}={} is not a whole number of at least {min}",
            excerpt(text)
        )),
    }
}

fn real(name: &str, text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(format!(
            "level: {name}={} is not a number of seconds",
            excerpt(text)
        )),
    }
}

fn seconds(name: &str, text: &str) -> Result<Duration, String> {
    let x = real(name, text)?;
    if x < 0.0 {
        return Err(format!("level: {name}={x} is negative"));
    }
    Ok(duration(x))
}

/// Seconds as a duration, negative ones as zero and absurd ones capped at a year.
fn duration(seconds: f64) -> Duration {
    Duration::try_from_secs_f64(seconds.clamp(0.0, 365.0 * 86_400.0)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level_of(text: &str) -> Result<Limits, String> {
        level(Limits::default(), &Line::parse(text).unwrap())
    }

    #[test]
    fn level_forms() {
        assert_eq!(level_of("level depth=7").unwrap(), Limits::depth(7));
        assert_eq!(level_of("level nodes=1000").unwrap(), Limits::nodes(1000));
        assert_eq!(
            level_of("level move-time=1.5").unwrap(),
            Limits::move_time(Duration::from_millis(1500))
        );
        let clock = level_of("level moves=40 time=118 inc=2")
            .unwrap()
            .clock
            .unwrap();
        assert_eq!(clock.time_left, Duration::from_secs(120));
        assert_eq!(clock.increment, Duration::from_secs(2));
        assert_eq!(clock.moves_to_go, Some(40));
        // Every form that carries a clock.
        for (text, time_left, increment, moves_to_go) in [
            ("level time=60", 60_000, 0, None),
            ("level time=10 inc=0.1", 10_100, 100, None),
            ("level moves=1 time=5", 5_000, 0, Some(1)),
            ("level moves=0 time=5", 5_000, 0, None),
            ("level inc=0.5 time=0.25 moves=12", 750, 500, Some(12)),
        ] {
            let clock = level_of(text).unwrap().clock.unwrap();
            assert_eq!(clock.time_left, Duration::from_millis(time_left), "{text}");
            assert_eq!(clock.increment, Duration::from_millis(increment), "{text}");
            assert_eq!(clock.moves_to_go, moves_to_go, "{text}");
        }
        // pydraughts subtracts the increment first, which may go below zero.
        let clock = level_of("level time=-1.5 inc=2").unwrap().clock.unwrap();
        assert_eq!(clock.time_left, Duration::from_millis(500));
        assert!(level_of("level infinite").unwrap().is_infinite());
        let both = level(Limits::depth(3), &Line::parse("level nodes=9").unwrap()).unwrap();
        assert_eq!((both.depth, both.nodes), (Some(3), Some(9)));
    }

    #[test]
    fn bad_levels() {
        for text in [
            "level",
            "level time=abc",
            "level time=inf",
            "level time=NaN",
            "level depth=0",
            "level depth=-3",
            "level depth=1.5",
            "level nodes=x",
            "level move-time=-1",
            "level inc=2",
            "level time=5 inc=-1",
            "level time=5 moves=z",
            "level depth=99999999999999999999",
        ] {
            assert!(level_of(text).is_err(), "{text}");
        }
        let huge = level_of("level time=1e300").unwrap().clock.unwrap();
        assert_eq!(huge.time_left, Duration::from_secs(365 * 86_400));
    }

    #[test]
    fn long_and_broken_lines() {
        let mut text = b"hub\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        text.extend(b"\nping\r\n\xff\xfe\nlast");
        let mut input = io::Cursor::new(text);
        let mut buffer = Vec::new();
        assert_eq!(read_line(&mut input, &mut buffer).unwrap(), Some(true));
        assert_eq!(buffer, b"hub\n");
        buffer.clear();
        assert_eq!(read_line(&mut input, &mut buffer).unwrap(), Some(false));
        buffer.clear();
        assert_eq!(read_line(&mut input, &mut buffer).unwrap(), Some(true));
        assert_eq!(buffer, b"ping\r\n");
        buffer.clear();
        assert_eq!(read_line(&mut input, &mut buffer).unwrap(), Some(true));
        assert!(std::str::from_utf8(&buffer).is_err());
        buffer.clear();
        assert_eq!(read_line(&mut input, &mut buffer).unwrap(), Some(true));
        assert_eq!(buffer, b"last");
        buffer.clear();
        assert_eq!(read_line(&mut input, &mut buffer).unwrap(), None);
    }
}
