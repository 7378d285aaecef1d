//! Review files (`draughts review --json`, JSON Lines), read as `draughts review
//! --resume` reads them. Whatever reads must write lines that read back to the same
//! records, and every review must annotate (its PDN written and read again) and explain
//! its moves without a panic.
#![no_main]

use draughts_core::pdn::read_games;
use draughts_engine::review::batch::{read_records, Record};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(records) = read_records(text) else {
        return;
    };
    let written: String = records.iter().map(|r| r.to_line() + "\n").collect();
    let back = read_records(&written).expect("written records read");
    assert_eq!(back, records, "records do not read back: {text:?}");
    for record in &records {
        if let Record::Reviewed(review) = record {
            for mv in &review.moves {
                let _ = mv.explanation();
            }
            let pdn = review.annotated().to_string();
            let _ = read_games(&pdn);
        }
    }
});
