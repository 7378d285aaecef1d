//! The `--engine1`/`--engine2` specifications of `draughts match`, read by the engine
//! library's `players::spec`. Each line is read as a specification: no panic, and what
//! reads has a name and at least one thread; an external engine has a program, and one
//! of the first Hub dialect sets its book and one-word values. A command line split
//! into words, quoted again and split once more, gives the same words.
#![no_main]

use draughts_engine::players::spec::{split_words, Dialect, EngineKind, PlayerSpec};
use libfuzzer_sys::fuzz_target;

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
            if let EngineKind::External(engine) = &spec.kind {
                assert!(!engine.program.is_empty(), "{line:?}");
                assert!(engine.cwd.as_ref().is_none_or(|c| !c.as_os_str().is_empty()));
                let _ = engine.program_path();
                if engine.dialect == Dialect::Hub1 {
                    // `set NAME VALUE` lines: the book is always named, values are words.
                    assert!(engine.params.iter().any(|(k, _)| k == "book"), "{line:?}");
                    for (_, value) in &engine.params {
                        assert!(!value.is_empty() && !value.contains(char::is_whitespace));
                    }
                }
            }
        }
        if let Ok(words) = split_words(line) {
            let again: Vec<String> = words.iter().map(|w| quoted(w)).collect();
            assert_eq!(split_words(&again.join(" ")), Ok(words));
        }
    }
});
