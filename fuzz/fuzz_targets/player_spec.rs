//! The `--engine1`/`--engine2` specifications of `draughts match`, from the engine's
//! `matches/spec.rs` and the options it fills in from `engine.rs` (compiled in here: the
//! engine is a binary crate). Each line is read as a specification: no panic, and what
//! reads has a name and at least one thread. A command line split into words, quoted
//! again and split once more, gives the same words.
#![no_main]

use libfuzzer_sys::fuzz_target;

// What the engine uses of these modules and this target does not would warn as unused.
#[allow(dead_code, unused_imports, unused_macros)]
#[path = "../../crates/draughts-engine/src/engine.rs"]
mod engine;
#[allow(dead_code)]
#[path = "../../crates/draughts-engine/src/matches/spec.rs"]
mod spec;

use spec::{split_words, PlayerSpec};

/// `word` in double quotes, escaped so that `split_words` reads it back.
fn quoted(word: &str) -> String {
    let mut text = String::from("\"");
    for c in word.chars() {
        if c == '"' || c == '\\' {
            text.push('\\');
        }
        text.push(c);
    }
    text.push('"');
    text
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.split('\n') {
        if let Ok(spec) = line.parse::<PlayerSpec>() {
            assert!(!spec.default_name().is_empty(), "{line:?}");
            assert!(spec.threads() >= 1, "{line:?}");
            let _ = spec.is_fixed();
        }
        if let Ok(words) = split_words(line) {
            let again: Vec<String> = words.iter().map(|w| quoted(w)).collect();
            assert_eq!(split_words(&again.join(" ")), Ok(words));
        }
    }
});
