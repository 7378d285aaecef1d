//! An external engine process, spoken to in one of the Hub dialects (see `dialect.rs`).
//!
//! Its standard output is read on a thread of its own into a channel, so every wait has
//! a deadline and nothing the engine does (or fails to do) can hang the match. The last
//! lines of its standard error are kept for crash reports. Dropping the process sends
//! `quit`, then kills it if it has not gone.

use super::spec::ExternalSpec;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a departing engine gets to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(300);
/// Lines of standard error kept for crash reports.
const STDERR_LINES: usize = 5;
/// Longest line kept from the engine; the rest of a longer one is dropped.
const MAX_LINE: usize = 1 << 20;

/// What waiting for a line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Received {
    /// A line, without its line break.
    Line(String),
    /// The engine closed its output (it exited or crashed).
    End,
    /// Nothing before the deadline.
    Timeout,
}

/// A running external engine; after [`EngineProcess::start`], past its handshake.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// The thread reading standard error, to wait for its last lines after a crash.
    stderr_reader: Option<JoinHandle<()>>,
    /// Its name (and version), as its handshake gave them.
    pub id: Option<String>,
    /// What seemed wrong during the handshake (unknown parameters, `error` lines).
    pub warnings: Vec<String>,
}

impl EngineProcess {
    /// Starts the engine `engine` describes (in its folder, if it names one) and goes
    /// through its dialect's handshake for `variant` (see `dialect.rs`).
    ///
    /// # Errors
    /// A message if the program cannot be started, exits, or does not answer in time.
    pub fn start(engine: &ExternalSpec, variant: &str) -> Result<EngineProcess, String> {
        let mut process = EngineProcess::spawn(engine)?;
        engine
            .dialect
            .handshake(&mut process, variant, &engine.params)?;
        Ok(process)
    }

    /// Starts the program with pipes for its input and output, and the threads that
    /// read them.
    fn spawn(engine: &ExternalSpec) -> Result<EngineProcess, String> {
        let program = engine.program_path();
        let mut command = Command::new(&program);
        command
            .args(&engine.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut place = String::new();
        if let Some(cwd) = &engine.cwd {
            place = format!(" in {}", cwd.display());
            if !cwd.is_dir() {
                return Err(format!(
                    "cannot start {}: {} is not a folder",
                    engine.program,
                    cwd.display()
                ));
            }
            command.current_dir(cwd);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start {}{place}: {e}", program.display()))?;
        let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("cannot read the output of {}", engine.program));
        };
        let (sender, lines) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("engine-stdout".into())
            .spawn(move || read_lines(stdout, |line| sender.send(line).is_ok()));
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let reader = spawned.and_then(|_| {
            let tail = Arc::clone(&tail);
            std::thread::Builder::new()
                .name("engine-stderr".into())
                .spawn(move || {
                    read_lines(stderr, |line| {
                        let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
                        if tail.len() == STDERR_LINES {
                            tail.pop_front();
                        }
                        tail.push_back(line);
                        true
                    });
                })
        });
        let mut process = EngineProcess {
            stdin: child.stdin.take(),
            child,
            lines,
            stderr: tail,
            stderr_reader: None,
            id: None,
            warnings: Vec::new(),
        };
        let reader = reader.map_err(|e| format!("cannot start a reader thread: {e}"))?;
        process.stderr_reader = Some(reader);
        Ok(process)
    }

    /// The next line within `span` of `since`, or a message saying the engine crashed
    /// or did not answer `what` in time.
    ///
    /// # Errors
    /// A crash report, or the time-out in words.
    pub fn expect_line(
        &mut self,
        since: Instant,
        span: Duration,
        what: &str,
    ) -> Result<String, String> {
        match self.receive(since + span) {
            Received::Line(text) => Ok(text),
            Received::End => Err(self.crash_report()),
            Received::Timeout => Err(format!("no {what} within {span:?}")),
        }
    }

    /// Writes `text` and a line break.
    ///
    /// # Errors
    /// A crash report if the engine no longer reads its input.
    pub fn send(&mut self, text: &str) -> Result<(), String> {
        let written = match &mut self.stdin {
            Some(stdin) => writeln!(stdin, "{text}").and_then(|()| stdin.flush()),
            None => return Err("its input is closed".into()),
        };
        written.map_err(|_| self.crash_report())
    }

    /// The next line from the engine, waiting until `deadline` at most.
    pub fn receive(&mut self, deadline: Instant) -> Received {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Received::Line(line),
            Err(RecvTimeoutError::Timeout) => Received::Timeout,
            Err(RecvTimeoutError::Disconnected) => Received::End,
        }
    }

    /// Discards lines already waiting (left over from an earlier search), so that an
    /// answer read next is an answer to what is sent next.
    pub fn discard_pending(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// What is known about why the engine stopped: its exit status and the last lines
    /// of its standard error.
    pub fn crash_report(&mut self) -> String {
        // Its output has closed; give it a moment to finish exiting.
        let deadline = Instant::now() + Duration::from_millis(200);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => break None,
            }
        };
        // Its last words may still be on their way through the pipe.
        while let Some(reader) = &self.stderr_reader {
            if reader.is_finished() || Instant::now() >= deadline {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let mut report = match status {
            Some(status) => format!("the engine exited ({status})"),
            None => "the engine closed its output".to_string(),
        };
        let tail = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        if !tail.is_empty() {
            let lines: Vec<&str> = tail.iter().map(String::as_str).collect();
            report.push_str(&format!("; stderr: {}", lines.join(" | ")));
        }
        report
    }

    /// Ends the process at once.
    pub fn kill(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(Some(_))) {
            return;
        }
        let _ = self.send("quit");
        // Closing its input is an end of file, which also ends a Hub engine.
        self.stdin = None;
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }
}

/// Reads lines (lossily decoded, line breaks removed) and hands each to `deliver` until
/// the end of input, an error, or `deliver` returning `false`.
fn read_lines(input: impl Read, mut deliver: impl FnMut(String) -> bool) {
    let mut input = BufReader::new(input);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match input
            .by_ref()
            .take(MAX_LINE as u64)
            .read_until(b'\n', &mut buffer)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if buffer.last() != Some(&b'\n') && buffer.len() >= MAX_LINE {
            // Skip the rest of an overlong line.
            let mut rest = Vec::new();
            if input.read_until(b'\n', &mut rest).is_err() {
                return;
            }
        }
        let text = String::from_utf8_lossy(&buffer);
        if !deliver(text.trim_end_matches(['\n', '\r']).to_string()) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines_lossily() {
        let mut seen = Vec::new();
        read_lines(&b"id name=x\r\nwait\n\xffdone\nlast"[..], |line| {
            seen.push(line);
            true
        });
        assert_eq!(seen, ["id name=x", "wait", "\u{fffd}done", "last"]);
    }

    #[test]
    fn a_missing_program_or_folder_is_an_error() {
        let engine = |program: &str, cwd: Option<&str>| ExternalSpec {
            dialect: super::super::spec::Dialect::Hub,
            program: program.into(),
            args: vec![],
            cwd: cwd.map(Into::into),
            params: vec![],
        };
        let error = EngineProcess::start(&engine("/nonexistent/engine", None), "international")
            .err()
            .unwrap();
        assert!(
            error.contains("cannot start /nonexistent/engine"),
            "{error}"
        );
        let error = EngineProcess::start(&engine("sh", Some("/nonexistent")), "international")
            .err()
            .unwrap();
        assert!(error.contains("/nonexistent is not a folder"), "{error}");
    }
}
