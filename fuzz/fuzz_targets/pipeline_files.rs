//! The files a `draughts tune pipeline` run reads back when it resumes: a test's pairs
//! (`gen-G/sprt`, `draughts_tune::Standing::read`) and a fit's state
//! (`draughts_tune::NetworkFit::from_bytes`, behind the settings line of
//! `candidate.network.state`). No panic; the pairs read are the whole lines read, and
//! reading those lines alone gives the same standing; a state that reads writes bytes
//! that read back to the same state.
#![no_main]

use draughts_core::{English, International, Turkish, Variant};
use draughts_engine::sprt::Sprt;
use draughts_tune::{NetworkFit, Standing};
use libfuzzer_sys::fuzz_target;

fn state<V: Variant>(data: &[u8]) {
    if let Ok(fit) = NetworkFit::from_bytes::<V>(data) {
        let again = NetworkFit::from_bytes::<V>(&fit.to_bytes()).expect("reads back");
        assert_eq!(again.to_bytes(), fit.to_bytes());
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let sprt = Sprt::default();
    if let Ok((standing, read)) = Standing::read(&text, &sprt) {
        assert!(read <= text.len());
        assert_eq!(text[..read].matches('\n').count(), standing.pairs.pairs() as usize);
        let (again, all) = Standing::read(&text[..read], &sprt).expect("the lines read again");
        assert_eq!((again, all), (standing, read));
    }
    state::<International>(data);
    state::<English>(data);
    state::<Turkish>(data);
});
