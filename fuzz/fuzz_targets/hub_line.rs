//! The Hub protocol's line syntax and the checking of `set-param`, from the engine
//! library's `hub::line` and `hub::params`.
//! Each line of the input is read: a line that reads writes back, with values quoted as
//! the engine quotes them, to the same command and arguments; a `set-param` is checked
//! against the parameter table, and once accepted the `param` lines announcing it read.
#![no_main]

use draughts_engine::hub::line::{self, Arg, Line};
use draughts_engine::hub::params::Params;
use libfuzzer_sys::fuzz_target;

/// `line` as the engine would write it.
fn written(line: &Line) -> String {
    let mut text = line.command.clone();
    for arg in &line.args {
        text.push(' ');
        match arg {
            Arg::Flag(name) => text.push_str(name),
            Arg::Pair(name, value) => {
                text.push_str(name);
                text.push('=');
                text.push_str(&line::value(value));
            }
        }
    }
    text
}

/// `line` as its written form reads: writing turns the tabs and carriage returns a
/// quoted value may hold into spaces.
fn as_written(line: &Line) -> Line {
    let args = line
        .args
        .iter()
        .map(|arg| match arg {
            Arg::Pair(name, value) => Arg::Pair(name.clone(), value.replace(['\t', '\r'], " ")),
            flag => flag.clone(),
        })
        .collect();
    Line {
        command: line.command.clone(),
        args,
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut params = Params::default();
    for raw in text.split('\n') {
        let _ = line::error_line(&line::excerpt(raw));
        let Ok(parsed) = Line::parse(raw) else {
            continue;
        };
        let out = written(&parsed);
        assert_eq!(
            Line::parse(&out),
            Ok(as_written(&parsed)),
            "{out:?} from {raw:?}"
        );
        if parsed.command == "set-param" {
            if let (Some(name), Some(value)) = (parsed.get("name"), parsed.get("value")) {
                if params.set(name, value).is_ok() {
                    for announced in params.announce() {
                        assert!(Line::parse(&announced).is_ok(), "{announced:?}");
                    }
                }
            }
        }
        let _ = (params.int("hash"), params.variant());
    }
});
