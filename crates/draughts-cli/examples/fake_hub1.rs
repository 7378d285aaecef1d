//! A fake engine of the first Hub dialect (as Scan 2.0 speaks it), for the tests of
//! `draughts match` (`tests/match.rs`): it answers `go` with its first legal move in
//! the captured-square form, and can be told to misbehave.
//!
//! ```text
//! fake_hub1 [--on-go first|illegal|crash|crash-once|hang|silent] [--log FILE] [--need FILE]
//! ```
//!
//! - `--on-go`: what `go` gets: the first legal move (default), `move 1-2`, an exit
//!   with status 3 and a line on standard error, a long sleep, or `move` alone;
//!   `crash-once` exits as `crash` does if there is no file `crashed` in the working
//!   directory (and leaves one), and plays as `first` otherwise.
//! - `--log FILE`: every line received is appended to `FILE` (relative to the working
//!   directory, as Scan reads `scan.ini` from it).
//! - `--need FILE`: exit at once, as Scan does without `scan.ini`, unless `FILE` is in
//!   the working directory.
//!
//! Like Scan 2.0, `pos` resets the limits; a `go` with no limit since the last `pos`
//! searches "for ever" (sleeps), so a driver that sends its limits before `pos` loses
//! on time.

use draughts_core::{International, Position};
use std::fs::OpenOptions;
use std::io::{self, BufRead, Write};
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let on_go = option("--on-go").unwrap_or_else(|| "first".into());
    if let Some(needed) = option("--need") {
        if !std::path::Path::new(&needed).is_file() {
            eprintln!("unable to open file \"{needed}\"");
            std::process::exit(1);
        }
    }
    let mut log = option("--log")
        .and_then(|path| OpenOptions::new().create(true).append(true).open(path).ok());
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "Fake first-dialect engine");
    let _ = out.flush();
    let mut position = Position::<International>::initial();
    let mut limited = false;
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { return };
        if let Some(log) = &mut log {
            let _ = writeln!(log, "{line}");
        }
        let mut words = line.split_whitespace();
        let command = words.next().unwrap_or("");
        let answer = match command {
            "hub" => "name Fake 1.0\nauthor nobody\ncountry nowhere\nwait".to_string(),
            "init" => "ready".to_string(),
            "pos" => {
                limited = false;
                // The first dialect writes the side to move in lower case.
                let text = words.next().unwrap_or("");
                let mut chars = text.chars();
                let turn = chars.next().map(|c| c.to_ascii_uppercase());
                let hub: String = turn.into_iter().chain(chars).collect();
                match Position::<International>::from_hub(&hub) {
                    Ok(read) => {
                        position = read;
                        continue;
                    }
                    Err(_) => "error bad position".to_string(),
                }
            }
            "time" | "level" | "depth" | "nodes" => {
                limited = true;
                continue;
            }
            "go" => go(&on_go, &position, limited),
            "quit" => return,
            _ => continue,
        };
        let _ = writeln!(out, "{answer}");
        let _ = out.flush();
    }
}

/// Ends the process as a crash would.
fn crash() -> ! {
    eprintln!("fake crash");
    std::process::exit(3);
}

/// The answer to `go`.
fn go(on_go: &str, position: &Position<International>, limited: bool) -> String {
    if !limited {
        std::thread::sleep(Duration::from_secs(600));
    }
    match on_go {
        "illegal" => "move 1-2".into(),
        "silent" => "move".into(),
        "crash" => crash(),
        "crash-once" if std::fs::File::create_new("crashed").is_ok() => crash(),
        "hang" => {
            std::thread::sleep(Duration::from_secs(600));
            String::new()
        }
        _ => match position.legal_moves().first() {
            Some(mv) => format!(
                "info 1 1.0 0 1 0.00 0.0\nmove {}",
                Position::hub_move_text(mv)
            ),
            None => "error no legal move".into(),
        },
    }
}
