//! An external engine process spoken to over the Hub protocol (FORMATS §4).
//!
//! Its standard output is read on a thread of its own into a channel, so every wait has
//! a deadline and nothing the engine does (or fails to do) can hang the match. The last
//! lines of its standard error are kept for crash reports. Dropping the process sends
//! `quit`, then kills it if it has not gone.

use crate::hub::line::{Line, LineBuilder};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long an engine may take to answer `hub` with `wait`.
const WAIT_TIMEOUT: Duration = Duration::from_secs(30);
/// How long an engine may take to answer `init` with `ready` (it may load tables).
const READY_TIMEOUT: Duration = Duration::from_secs(120);
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

/// A running Hub engine after its handshake.
pub struct HubProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// The `name` (and `version`) of its `id` line.
    pub id: Option<String>,
    /// The names of the parameters it announced.
    pub params: Vec<String>,
    /// What seemed wrong during the handshake (unknown parameters, `error` lines).
    pub warnings: Vec<String>,
}

impl HubProcess {
    /// Starts `program args`, sends `hub`, waits for `wait`, sets the variant (when the
    /// engine announces a `variant` parameter) and `params`, sends `init` and waits for
    /// `ready`.
    ///
    /// # Errors
    /// A message if the program cannot be started, exits, or does not answer in time.
    pub fn start(
        program: &str,
        args: &[String],
        variant: &str,
        params: &[(String, String)],
    ) -> Result<HubProcess, String> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {program}: {e}"))?;
        let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("cannot read the output of {program}"));
        };
        let (sender, lines) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("engine-stdout".into())
            .spawn(move || read_lines(stdout, |line| sender.send(line).is_ok()));
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let spawned = spawned.and_then(|_| {
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
        let mut process = HubProcess {
            stdin: child.stdin.take(),
            child,
            lines,
            stderr: tail,
            id: None,
            params: Vec::new(),
            warnings: Vec::new(),
        };
        spawned.map_err(|e| format!("cannot start a reader thread: {e}"))?;
        process.handshake(variant, params)?;
        Ok(process)
    }

    fn handshake(&mut self, variant: &str, params: &[(String, String)]) -> Result<(), String> {
        self.send("hub")?;
        let deadline = Instant::now() + WAIT_TIMEOUT;
        loop {
            let text = self.expect_line(deadline, "wait")?;
            let Ok(line) = Line::parse(&text) else {
                continue;
            };
            match line.command.as_str() {
                "id" => {
                    let name = line.get("name").map(str::to_string);
                    self.id = match (name, line.get("version")) {
                        (Some(name), Some(version)) => Some(format!("{name} {version}")),
                        (name, _) => name,
                    };
                }
                "param" => {
                    if let Some(name) = line.get("name") {
                        self.params.push(name.to_string());
                    }
                }
                "error" => self.warn_error(&line),
                "wait" => break,
                _ => {}
            }
        }
        if self.announces("variant") {
            self.set_param("variant", variant)?;
        } else if variant != "international" {
            self.warnings.push(format!(
                "it announces no variant parameter, so it may not play {variant}"
            ));
        }
        for (name, value) in params {
            if !self.announces(name) {
                self.warnings
                    .push(format!("it announces no parameter {name} (sent anyway)"));
            }
            self.set_param(name, value)?;
        }
        self.send("init")?;
        let deadline = Instant::now() + READY_TIMEOUT;
        loop {
            let text = self.expect_line(deadline, "ready")?;
            match Line::parse(&text) {
                Ok(line) if line.command == "ready" => return Ok(()),
                Ok(line) if line.command == "error" => self.warn_error(&line),
                _ => {}
            }
        }
    }

    fn announces(&self, name: &str) -> bool {
        self.params.iter().any(|p| p == name)
    }

    fn set_param(&mut self, name: &str, value: &str) -> Result<(), String> {
        let line = LineBuilder::new("set-param")
            .pair("name", name)
            .pair("value", value)
            .build();
        self.send(&line)
    }

    fn warn_error(&mut self, line: &Line) {
        let message = line.get("message").unwrap_or("(no message)");
        self.warnings.push(format!("it said error: {message}"));
    }

    /// The next line before `deadline`, or a message saying the engine crashed or did
    /// not answer `what` in time.
    fn expect_line(&mut self, deadline: Instant, what: &str) -> Result<String, String> {
        match self.receive(deadline) {
            Received::Line(text) => Ok(text),
            Received::End => Err(self.crash_report()),
            Received::Timeout => Err(format!("no {what} within {:?}", deadline_span(what))),
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

impl Drop for HubProcess {
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

fn deadline_span(what: &str) -> Duration {
    if what == "ready" {
        READY_TIMEOUT
    } else {
        WAIT_TIMEOUT
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
    fn a_missing_program_is_an_error() {
        let error = HubProcess::start("/nonexistent/engine", &[], "international", &[])
            .err()
            .unwrap();
        assert!(
            error.contains("cannot start /nonexistent/engine"),
            "{error}"
        );
    }
}
