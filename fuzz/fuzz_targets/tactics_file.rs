//! Template files, read as both variants. Whatever reads must write text that reads back
//! to the same templates. Each of the first templates is then played where it should
//! apply, on a position built from its squares (each holding the first content it
//! allows): verifying it and asking an oracle over the set must not panic.
#![no_main]

use draughts_core::{English, International, Position, Variant};
use draughts_search::TacticalOracle;
use draughts_tactics::{DropPolicy, PieceValues, TemplateOracle, TemplateSet};
use libfuzzer_sys::fuzz_target;

fn check<V: Variant>(text: &str) {
    let Ok(set) = TemplateSet::<V>::parse(text) else {
        return;
    };
    let back = TemplateSet::<V>::parse(&set.to_text()).expect("written text reads");
    assert!(
        back.iter().eq(set.iter()),
        "templates do not read back: {text:?}"
    );
    let values = PieceValues::for_variant::<V>();
    let oracle = TemplateOracle::new(&set, values, DropPolicy::default());
    for entry in set.iter().take(8) {
        let template = &entry.template;
        let pieces = template
            .squares()
            .iter()
            .filter_map(|&(square, allowed)| Some((square, allowed.iter().next()?.piece()?)));
        let Ok(pos) = Position::<V>::from_pieces(template.side(), pieces) else {
            continue;
        };
        let _ = template.verify(&pos, &values);
        let mut found = Vec::new();
        oracle.candidates(&pos, &mut found);
        let _ = oracle.combination(&pos, 0);
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check::<International>(text);
        check::<English>(text);
    }
});
