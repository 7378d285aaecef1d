//! The GA's resume file (`draughts tune ga --resume`), read by `draughts_tune::GaState`.
//! No panic; a state that reads writes text that reads back to the same text; an error
//! names a line of the input.
#![no_main]

use draughts_tune::GaState;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match GaState::parse(&text) {
        Ok(read) => {
            let written = read.to_text();
            assert_eq!(
                GaState::parse(&written).map(|s| s.to_text()),
                Ok(written.clone())
            );
        }
        Err(error) => assert!(error.line <= text.lines().count(), "{error}"),
    }
});
