//! The `--sprt` settings of `draughts match` and the test's arithmetic
//! (`draughts_engine::sprt`). Each line is read as settings: no panic; what reads writes
//! text that reads back to the same settings, and has bounds below and above 0. The
//! first ten bytes, as five counts of pairs, give an LLR that is finite and turns into
//! its opposite when the pairs are seen from the other side and the hypotheses mirrored.
#![no_main]

use draughts_engine::sprt::{Decision, Pentanomial, Sprt};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut counts = [0u32; 5];
    for (k, bytes) in data.chunks(2).take(5).enumerate() {
        counts[k] = bytes.iter().fold(0, |n, &b| n * 256 + u32::from(b));
    }
    let pairs = Pentanomial { counts };
    let text = String::from_utf8_lossy(data);
    for line in text.split('\n') {
        let Ok(sprt) = line.parse::<Sprt>() else {
            continue;
        };
        assert_eq!(sprt.to_string().parse::<Sprt>(), Ok(sprt), "{line:?}");
        let (lower, upper) = sprt.bounds();
        assert!(lower < 0.0 && 0.0 < upper && upper.is_finite(), "{line:?}");
        let llr = sprt.llr(&pairs);
        assert!(llr.is_finite(), "{line:?} {counts:?}");
        let mirrored = Sprt {
            elo0: -sprt.elo1,
            elo1: -sprt.elo0,
            ..sprt
        };
        let other_side = mirrored.llr(&pairs.reversed());
        assert!(
            (llr + other_side).abs() <= 1e-6 * llr.abs().max(1.0),
            "{line:?} {counts:?}: {llr} {other_side}"
        );
        match sprt.decide(llr) {
            Some(Decision::H0) => assert!(llr <= lower),
            Some(Decision::H1) => assert!(llr >= upper),
            None => assert!(lower < llr && llr < upper),
        }
    }
});
