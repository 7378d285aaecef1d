//! A golden checksum per variant the tactics crate serves (a goal of blocking the
//! opponent) over what it computes on seeded random games: the bytes of a template
//! file learned from them (and of its threats form), every template of both colours
//! (squares, allowed contents, line), the index's figures, and on the positions of
//! other games the oracle's candidates, matches, verified gains and lines for the side
//! to move. The checksums were taken from the code before it moved from raw bit words
//! to typed operations; any change to any of these, in any variant, changes them.
//! Italian's and Spanish's changed once since, on purpose: the squares between two
//! squares of a diagonal were computed there as on an unmirrored board, so learning
//! counted wrong squares as on a line. Turkish's was added when the crate learned the
//! full board (issue 24); no other changed with it. Spanish's changed again when it took
//! its own numbering, 1 at White's bottom right (issue 24): the same games and moves, the
//! templates' squares written in the new numbers.

mod common;

use common::learned_set;
use draughts_core::{for_each_variant, Color, Goal, Position, Variant};
use draughts_search::TacticalOracle;
use draughts_tactics::{
    AskedTemplates, DropPolicy, Entry, PieceValues, SetKind, TemplateOracle, TemplateSet,
};

/// The bytes of everything checked, hashed once at the end (FNV-1a).
#[derive(Default)]
struct Transcript(Vec<u8>);

impl Transcript {
    fn add(&mut self, x: i64) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }

    fn text(&mut self, text: &str) {
        self.0.extend_from_slice(text.as_bytes());
        self.add(-1);
    }

    fn hash(&self) -> u64 {
        let step = |h: u64, &byte: &u8| (h ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
        self.0.iter().fold(0xcbf2_9ce4_8422_2325, step)
    }
}

/// Whether the tactics crate serves `V` (as the engine's `check_tactics` asks).
fn served<V: Variant>() -> bool {
    matches!(V::GOAL, Goal::Block)
}

/// The checksum of variant `V` (`None` if the crate does not serve it), and how many
/// templates were learned and candidates found (so that the checksum covers some).
fn checksum<V: Variant>() -> Option<(u64, usize, usize)> {
    if !served::<V>() {
        return None;
    }
    let values = PieceValues::for_variant::<V>();
    let set = learned_set::<V>(12);
    let mut hash = Transcript::default();
    let text = set.to_text();
    hash.text(&text);
    let read = TemplateSet::<V>::parse(&text).expect("the written file reads");
    assert_eq!(read.to_text(), text);
    // The same templates as threats, each countered by the moves of the next three
    // lines (counters are kept sorted, so their order shows in the file) and written
    // in Black's form too.
    let entries: Vec<Entry<V>> = set.iter().cloned().collect();
    let mut threats = TemplateSet::<V>::of_kind(SetKind::Threats);
    for (i, entry) in entries.iter().enumerate() {
        let next = entries.iter().cycle().skip(i + 1).take(3);
        let counters = next
            .flat_map(|e| e.template.line().iter().copied())
            .collect();
        let threat = Entry::new(entry.template.clone(), counters);
        hash.text(&format!("{:?}", threat.mirrored().counters));
        threats.insert_entry(threat);
    }
    hash.text(&threats.to_text());

    let oracle = TemplateOracle::asking(&set, values, DropPolicy::default(), AskedTemplates::All);
    hash.text(&format!(
        "{:?} {} {} {}",
        oracle.tree_stats(),
        oracle.first_moves(),
        oracle.buckets(),
        oracle.max_gain()
    ));
    for i in 0..oracle.len() {
        for side in [Color::White, Color::Black] {
            let t = oracle.template(i, side).expect("a template of each side");
            let line: Vec<String> = t.line().iter().map(ToString::to_string).collect();
            hash.text(&line.join(" "));
            for &(square, allowed) in t.squares() {
                hash.text(&format!("{square}:{allowed}"));
            }
        }
    }

    // A fixed linear congruential generator picks the moves.
    let mut state = 2026u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    };
    let mut found = 0;
    for _ in 0..32 {
        let mut pos = Position::<V>::initial();
        for _ in 0..90 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // The position and every position a move away.
            for probe in std::iter::once(pos).chain(moves.iter().map(|m| pos.play_unchecked(m))) {
                found += probe_hash(&oracle, &probe, &values, &mut hash);
            }
            pos = pos.play_unchecked(&moves[next() as usize % moves.len()]);
        }
    }
    Some((hash.hash(), set.len(), found))
}

/// Hashes what the oracle answers about `pos` if it is quiet: the candidates, whether
/// each matches and what it verifies, and the combinations proven for a few gains;
/// the number of candidates.
fn probe_hash<V: Variant>(
    oracle: &TemplateOracle<V>,
    pos: &Position<V>,
    values: &PieceValues,
    hash: &mut Transcript,
) -> usize {
    if !pos.is_quiet() {
        return 0;
    }
    let mut out = Vec::new();
    oracle.candidates(pos, &mut out);
    out.iter().for_each(|&i| hash.add(i.into()));
    for &i in &out {
        let t = oracle
            .template(i as usize, pos.turn())
            .expect("a candidate");
        hash.add(i64::from(t.matches(pos)));
        hash.add(t.verify(pos, values).map_or(-1, |o| o.gain.into()));
    }
    for at_least in [1, 100, 250] {
        hash.add(oracle.gain(pos, at_least).map_or(-1, Into::into));
        if let Some(c) = oracle.combination(pos, at_least) {
            hash.add(c.gain.into());
            let mut here = *pos;
            for mv in &c.line {
                hash.text(&here.move_text(mv));
                here = here.play_unchecked(mv);
            }
        }
    }
    out.len()
}

macro_rules! checksums {
    ($($variant:ident $name:literal),+) => {
        [$(($name, checksum::<draughts_core::$variant>())),+]
    };
}

#[test]
fn tactics_checksums() {
    let expected: [(&str, Option<u64>); 15] = [
        ("international", Some(0xbfcd91db9d29078c)),
        ("english", Some(0xc2a53053e90ae7ff)),
        ("brazilian", Some(0xb8ef6123060a5b19)),
        ("pool", Some(0xa6cf039d4e88cf47)),
        ("russian", Some(0x9d48216e9ada3491)),
        ("italian", Some(0xe293c64b16a67d11)),
        ("spanish", Some(0xf73140f73e87d177)),
        ("czech", Some(0xac116e21c99861e9)),
        ("thai", Some(0xe43470f4840e969d)),
        ("turkish", Some(0xec008456334bd4e5)),
        ("killer", Some(0xcdc1dac294ef11bc)),
        ("antidraughts", None),
        ("breakthrough", None),
        ("frisian", Some(0x241bd99c288a9d9a)),
        ("frysk", Some(0x1ee7a8c3e57f5de2)),
    ];
    let got = for_each_variant!(checksums);
    let mut sums = Vec::new();
    let mut candidates = 0;
    for (name, sum) in got {
        let sum = sum.map(|(sum, templates, found)| {
            assert!(templates >= 5, "{name}: {templates} templates");
            candidates += found;
            sum
        });
        let shown = sum.map_or("None".to_string(), |s| format!("Some({s:#018x})"));
        println!("(\"{name}\", {shown}),");
        sums.push((name, sum));
    }
    assert!(candidates >= 400, "{candidates} candidates in all");
    assert_eq!(sums, expected);
}
