//! Templates: learning, matching, mirroring, subsumption, the file format, the decision
//! tree and the oracle.

mod common;

use common::{forced_finder, learned_set, play_choices, playout};
use draughts_core::{Bitboard, Color, English, International, Position, Square, Turkish, Variant};
use draughts_search::TacticalOracle;
use draughts_tactics::{
    content_sets, for_each_sacrifice, AskedTemplates, Content, ContentSet, DecisionTree,
    DropPolicy, Entry, Insertion, ParseErrorKind, PieceValues, Template, TemplateFileError,
    TemplateIndex, TemplateOracle, TemplateSet,
};
use proptest::prelude::*;
use std::sync::OnceLock;

const SHOT: &str = "W:W27,28,33,39,47:B1,17,18";

fn shot_template() -> (Position<International>, Template<International>) {
    let pos: Position<International> = SHOT.parse().unwrap();
    let values = PieceValues::for_variant::<International>();
    let found = forced_finder::<International>().find(&pos).unwrap();
    (pos, Template::learn(&pos, &found.line, &values).unwrap())
}

fn square(n: u8) -> draughts_core::Square {
    draughts_core::Square::new(n).unwrap()
}

#[test]
fn learned_template_keeps_what_matters() {
    let (pos, template) = shot_template();
    assert!(template.matches(&pos));
    assert_eq!(template.side(), Color::White);
    assert_eq!(template.gain(), 100);
    // The sacrificed man, the capturing man, the captured men and the landing squares.
    assert_eq!(
        template.allowed(square(28)),
        ContentSet::only(Content::WhiteMan)
    );
    assert_eq!(
        template.allowed(square(22)),
        ContentSet::only(Content::Empty)
    );
    assert_eq!(
        template.allowed(square(13)),
        ContentSet::only(Content::Empty)
    );
    // A man or a king may be taken on 18 ...
    assert_eq!(template.allowed(square(18)).to_string(), "bB");
    // ... and 27 must be filled so that 18x27 is not possible.
    assert!(!template.allowed(square(27)).contains(Content::Empty));
    // Far away, nothing matters.
    assert!(template.allowed(square(50)).is_any());
    assert!(template.allowed(square(1)).is_any());
    // The same combination with a man moved far away still matches and verifies.
    let other: Position<International> = "W:W27,28,33,39,48:B2,17,18".parse().unwrap();
    assert!(template.matches(&other));
    let values = PieceValues::for_variant::<International>();
    assert_eq!(template.verify(&other, &values).map(|o| o.gain), Some(100));
}

#[test]
fn mirrored_template_matches_the_flipped_position() {
    let (pos, template) = shot_template();
    let mirrored = template.mirrored();
    assert_eq!(mirrored.side(), Color::Black);
    assert!(mirrored.matches(&pos.flipped()));
    assert!(!mirrored.matches(&pos));
    assert_eq!(mirrored.mirrored(), template);
    let values = PieceValues::for_variant::<International>();
    assert_eq!(
        mirrored.verify(&pos.flipped(), &values).map(|o| o.gain),
        Some(100)
    );
}

#[test]
fn only_the_most_general_form_is_kept() {
    let (_, template) = shot_template();
    let mut narrower_squares = template.squares().to_vec();
    narrower_squares.push((square(50), ContentSet::only(Content::Empty)));
    let narrower = Template::new(
        template.side(),
        template.gain(),
        template.line().to_vec(),
        narrower_squares,
    )
    .unwrap();
    assert!(template.covers(&narrower));
    assert!(!narrower.covers(&template));

    let mut set = TemplateSet::new();
    assert_eq!(
        set.insert(narrower.clone()),
        Insertion::Added { replaced: 0 }
    );
    assert_eq!(
        set.insert(template.clone()),
        Insertion::Added { replaced: 1 }
    );
    assert_eq!(set.insert(narrower), Insertion::Covered);
    // The Black form is the same template.
    assert_eq!(set.insert(template.mirrored()), Insertion::Covered);
    assert_eq!(set.len(), 1);
}

#[test]
fn file_text_round_trips() {
    let set = learned_set::<International>(40);
    assert!(set.len() > 10, "{} templates", set.len());
    let text = set.to_text();
    let back = TemplateSet::<International>::parse(&text).unwrap();
    assert_eq!(back.len(), set.len());
    assert!(back.iter().eq(set.iter()));
    assert_eq!(back.to_text(), text);
}

fn error_of(text: &str) -> (usize, ParseErrorKind) {
    let e = TemplateSet::<International>::parse(text).unwrap_err();
    (e.line, e.kind)
}

type KindCheck = fn(&ParseErrorKind) -> bool;

#[test]
fn corrupt_files_are_errors_with_line_numbers() {
    let header = "draughts-tactics templates v1 international\n";
    let good = "W 100 0 0 | 28-22 17x28x22 33x13x18x28 | 13:. 17:bB 22:.\n";
    assert!(TemplateSet::<International>::parse(&format!("{header}{good}")).is_ok());
    assert_eq!(error_of("").1, ParseErrorKind::MissingHeader);
    assert!(matches!(
        error_of("hello\n"),
        (1, ParseErrorKind::BadHeader(_))
    ));
    assert!(matches!(
        error_of("draughts-tactics templates v9 international\n"),
        (1, ParseErrorKind::Version(_))
    ));
    assert!(matches!(
        error_of("# comment\ndraughts-tactics templates v1 english\n"),
        (2, ParseErrorKind::Variant { .. })
    ));
    let cases: [(&str, KindCheck); 8] = [
        ("W 100 0 0 | 28-22\n", |k| {
            matches!(k, ParseErrorKind::Fields(_))
        }),
        ("X 100 0 0 | 28-22 | 13:.\n", |k| {
            matches!(k, ParseErrorKind::Side(_))
        }),
        ("W ten 0 0 | 28-22 | 13:.\n", |k| {
            matches!(k, ParseErrorKind::Number(_))
        }),
        ("W 100 0 0 | 28-99 | 13:.\n", |k| {
            matches!(k, ParseErrorKind::Move(_))
        }),
        ("W 100 0 0 | 28-22 | 13:x\n", |k| {
            matches!(k, ParseErrorKind::Square(_))
        }),
        ("W 100 0 0 | 28-22 | 51:.\n", |k| {
            matches!(k, ParseErrorKind::Square(_))
        }),
        ("W 100 0 0 | 28-22 | 13:. 13:w\n", |k| {
            matches!(k, ParseErrorKind::Shape(_))
        }),
        ("W 100 0 0 | | 13:.\n", |k| {
            matches!(k, ParseErrorKind::Shape(_))
        }),
    ];
    for (line, is_expected) in cases {
        let (number, kind) = error_of(&format!("{header}{good}{line}"));
        assert_eq!(number, 3, "{line}");
        assert!(is_expected(&kind), "{line}: {kind}");
    }
}

#[test]
fn file_errors_name_the_file() {
    let dir = std::env::temp_dir().join(format!("draughts-tactics-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.txt");
    std::fs::write(
        &path,
        "draughts-tactics templates v1 international\nW 1 2\n",
    )
    .unwrap();
    let error = TemplateSet::<International>::load(&path).unwrap_err();
    assert!(matches!(error, TemplateFileError::Parse { line: 2, .. }));
    assert!(error.to_string().contains("bad.txt, line 2"), "{error}");
    let missing = TemplateSet::<International>::load(dir.join("missing.txt")).unwrap_err();
    assert!(matches!(missing, TemplateFileError::Read { .. }));
    let set = learned_set::<International>(5);
    let good = dir.join("good.txt");
    set.save(&good).unwrap();
    assert_eq!(
        TemplateSet::<International>::load(&good).unwrap().len(),
        set.len()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn oracle_verifies_counts_and_drops() {
    let (pos, learned) = shot_template();
    // A loose form of the shot that forgets the man on 39, which stops 17x28x39.
    let wanted = [
        (28, Content::WhiteMan),
        (22, Content::Empty),
        (17, Content::BlackMan),
        (33, Content::WhiteMan),
        (18, Content::BlackMan),
        (13, Content::Empty),
    ];
    let squares = wanted
        .iter()
        .map(|&(n, c)| (square(n), ContentSet::only(c)))
        .collect();
    let loose = Template::new(Color::White, 100, learned.line().to_vec(), squares).unwrap();
    let mut set = TemplateSet::new();
    set.insert(loose);
    let values = PieceValues::for_variant::<International>();
    let policy = DropPolicy {
        min_tries: 4,
        max_reject_share: 0.5,
    };
    let oracle = TemplateOracle::new(&set, values, policy);
    let combination = oracle.combination(&pos, 1).unwrap();
    assert_eq!(combination.gain, 100);
    assert_eq!(combination.line.len(), 3);
    // Black to move in the mirror image: the Black form answers.
    assert_eq!(
        oracle.combination(&pos.flipped(), 1).map(|c| c.gain),
        Some(100)
    );
    // It matches here, but 17x28x39 takes two: verification rejects it.
    for far in ["B1", "B2", "B3"] {
        let failing: Position<International> =
            format!("W:W27,28,33,47:{far},17,18").parse().unwrap();
        let mut candidates = Vec::new();
        oracle.candidates(&failing, &mut candidates);
        assert_eq!(candidates, [0]);
        assert!(oracle.combination(&failing, 1).is_none());
    }
    let stats = oracle.leaf_stats();
    assert_eq!(
        (
            stats.lookups,
            stats.tried,
            stats.accepted,
            stats.verifications
        ),
        (5, 5, 2, 5)
    );
    // Three rejects in five tries is more than half: dropped.
    assert_eq!(oracle.dropped(), 1);
    assert!(oracle.combination(&pos, 1).is_none());
    assert!(oracle.to_set().is_empty());
}

/// The oracle asks the templates that make 99% of the verifications the set records:
/// all of them when nothing is recorded, or when told to.
#[test]
fn oracle_asks_the_most_verified() {
    let learned = learned_set::<International>(5);
    let values = PieceValues::for_variant::<International>();
    let policy = DropPolicy::default();
    let fresh = TemplateOracle::new(&learned, values, policy);
    assert_eq!(fresh.asked(), learned.len());
    let mut seed = 7u64;
    let positions: Vec<Position<International>> = (0..3_000)
        .map(|_| {
            let choices: Vec<u16> = (0..40)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    (seed >> 48) as u16
                })
                .collect();
            play_choices(&choices)
        })
        .filter(Position::is_quiet)
        .collect();
    // Counts: 90 for a template that is a candidate somewhere, 9 for one that is
    // not, 1 for another candidate; 90 and 9 make 99 of the 100 verifications.
    let mut met = Vec::new();
    let mut candidates = Vec::new();
    for pos in &positions {
        fresh.candidates(pos, &mut candidates);
        for &c in &candidates {
            if !met.contains(&c) {
                met.push(c);
            }
        }
    }
    assert!(met.len() >= 2, "too few templates met: {met:?}");
    let unmet = (0u32..).find(|i| !met.contains(i)).unwrap();
    let counted_ones = [(met[0], 90), (unmet, 9), (met[1], 1)];
    let mut counted = TemplateSet::new();
    for (i, entry) in (0u32..).zip(learned.iter()) {
        let accepted = counted_ones
            .iter()
            .find(|&&(t, _)| t == i)
            .map_or(0, |&(_, n)| n);
        counted.insert_entry(Entry {
            template: entry.template.clone(),
            accepted,
            rejected: 0,
            counters: Vec::new(),
        });
    }
    let most = TemplateOracle::new(&counted, values, policy);
    assert_eq!(most.asked(), 2);
    let all = TemplateOracle::asking(&counted, values, policy, AskedTemplates::All);
    assert_eq!(all.asked(), counted.len());
    // The candidates are those of all templates that are among the two.
    let asked = [met[0], unmet];
    let (mut some, mut expected) = (Vec::new(), Vec::new());
    for pos in &positions {
        most.candidates(pos, &mut some);
        all.candidates(pos, &mut expected);
        expected.retain(|i| asked.contains(i));
        assert_eq!(some, expected, "{}", pos.to_fen());
    }
}

fn international_set() -> &'static TemplateSet<International> {
    static SET: OnceLock<TemplateSet<International>> = OnceLock::new();
    SET.get_or_init(|| learned_set(150))
}

fn english_set() -> &'static TemplateSet<English> {
    static SET: OnceLock<TemplateSet<English>> = OnceLock::new();
    SET.get_or_init(|| learned_set(150))
}

fn turkish_set() -> &'static TemplateSet<Turkish> {
    static SET: OnceLock<TemplateSet<Turkish>> = OnceLock::new();
    SET.get_or_init(|| learned_set(100))
}

fn check_lookup<V: Variant>(set: &TemplateSet<V>, pos: &Position<V>) -> Result<(), TestCaseError> {
    let templates: Vec<Template<V>> = set.iter().map(|e| e.template.clone()).collect();
    let tree = DecisionTree::build(templates.iter().map(|t| *t.forbidden()).collect());
    let mut found = Vec::new();
    tree.lookup(pos, &mut found);
    let contents = content_sets(pos);
    let scan: Vec<u32> = (0..templates.len() as u32)
        .filter(|&i| templates[i as usize].matches_contents(&contents))
        .collect();
    prop_assert_eq!(&found, &scan);
    for &i in &found {
        let t = &templates[i as usize];
        for &(square, allowed) in t.squares() {
            prop_assert!(allowed.contains(Content::of(pos.piece_at(square))));
        }
    }
    Ok(())
}

fn check_mirror<V: Variant>(set: &TemplateSet<V>, pos: &Position<V>) -> Result<(), TestCaseError> {
    let flipped = pos.flipped();
    for entry in set.iter() {
        let t = &entry.template;
        prop_assert_eq!(t.matches(pos), t.mirrored().matches(&flipped));
    }
    Ok(())
}

/// A sacrifice: its start and end, and the pieces that can capture after it.
type Sacrifice<V> = (Square, Square, Bitboard<V>);

/// The sacrifices of `pos` by the move generator, in order.
fn sacrifices_by_movegen<V: Variant>(pos: &Position<V>) -> Vec<Sacrifice<V>> {
    let mut out: Vec<Sacrifice<V>> = pos
        .legal_moves()
        .iter()
        .filter(|m| !m.is_capture() && pos.play_unchecked(m).has_capture())
        .map(|m| {
            let replies = pos.play_unchecked(m).legal_moves();
            let capturers: Bitboard<V> = replies.iter().map(|r| r.from()).collect();
            (m.from(), m.to(), capturers)
        })
        .collect();
    out.sort_unstable();
    out
}

fn check_sacrifices<V: Variant>(pos: &Position<V>) -> Result<(), TestCaseError> {
    if !pos.is_quiet() {
        return Ok(());
    }
    let mut fast = Vec::new();
    let mut singles = true;
    for_each_sacrifice(pos, |f, t, capturers| {
        singles &= f.len() == 1 && t.len() == 1;
        let square = |set: Bitboard<V>| set.first().unwrap_or(Square::new_unchecked(1));
        fast.push((square(f), square(t), capturers));
    });
    prop_assert!(singles, "each sacrifice's start and end are one square");
    fast.sort_unstable();
    let slow = sacrifices_by_movegen(pos);
    let steps = |list: &[Sacrifice<V>]| list.iter().map(|&(f, t, _)| (f, t)).collect::<Vec<_>>();
    prop_assert_eq!(steps(&fast), steps(&slow));
    // Every piece a legal capture starts from is named (the majority rule may leave
    // a named piece without a legal capture).
    for (&(.., named), &(.., legal)) in fast.iter().zip(&slow) {
        prop_assert_eq!(legal - named, Bitboard::EMPTY);
    }
    Ok(())
}

/// The oracle's candidates are the templates that match, start with a sacrifice in
/// the position and go on with a capture by a piece that can capture after it (and
/// possibly some whose piece could capture but for the majority rule); the matching
/// templates left out do not verify. The mirror image has the same candidates, and a
/// lookup for a gain keeps every template learned with at least that gain.
fn check_oracle_candidates<V: Variant>(
    set: &TemplateSet<V>,
    pos: &Position<V>,
) -> Result<(), TestCaseError> {
    if !pos.is_quiet() {
        return Ok(());
    }
    let values = PieceValues::for_variant::<V>();
    let oracle = TemplateOracle::new(set, values, DropPolicy::default());
    let mut found = Vec::new();
    oracle.candidates(pos, &mut found);
    let sacrifices = sacrifices_by_movegen(pos);
    let mut scan = Vec::new();
    for i in 0..oracle.len() as u32 {
        let t = oracle.template(i as usize, pos.turn()).unwrap();
        if !t.matches(pos) {
            continue;
        }
        let line = t.line();
        let starts = sacrifices.iter().any(|&(f, to, capturers)| {
            (f, to) == (line[0].from(), line[0].to())
                && line
                    .get(1)
                    .map_or(true, |second| capturers.contains(second.from()))
        });
        if starts {
            scan.push(i);
        } else if found.binary_search(&i).is_err() {
            prop_assert!(t.verify(pos, &values).is_none());
        }
    }
    // Found beyond the scan: only templates that do not verify.
    for &i in found.iter().filter(|i| scan.binary_search(i).is_err()) {
        let t = oracle.template(i as usize, pos.turn()).unwrap();
        prop_assert!(t.matches(pos) && t.verify(pos, &values).is_none());
    }
    prop_assert!(scan.iter().all(|i| found.binary_search(i).is_ok()));
    // Black's lookups go through White's index on the mirror image.
    let mut mirrored = Vec::new();
    oracle.candidates(&pos.flipped(), &mut mirrored);
    prop_assert_eq!(&found, &mirrored);
    // A lookup for a gain leaves out only templates learned with less.
    if pos.turn() == Color::White {
        let templates: Vec<_> = set.iter().map(|e| e.template.clone()).collect();
        let index = TemplateIndex::build(&templates);
        for at_least in [1, 101, 150, 201, 301, 500] {
            let mut high = Vec::new();
            index.lookup(pos, at_least, &mut high);
            for &i in &found {
                if templates[i as usize].gain() >= at_least {
                    prop_assert!(high.binary_search(&i).is_ok());
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The bit-parallel sacrifice finder agrees with the move generator.
    #[test]
    fn sacrifices_international(pos in playout::<International>(0..90)) {
        check_sacrifices(&pos)?;
    }

    #[test]
    fn sacrifices_english(pos in playout::<English>(0..70)) {
        check_sacrifices(&pos)?;
    }

    #[test]
    fn sacrifices_frisian(pos in playout::<draughts_core::Frisian>(0..90)) {
        check_sacrifices(&pos)?;
    }

    #[test]
    fn oracle_candidates_international(pos in playout::<International>(0..80)) {
        check_oracle_candidates(international_set(), &pos)?;
    }

    #[test]
    fn oracle_candidates_english(pos in playout::<English>(0..60)) {
        check_oracle_candidates(english_set(), &pos)?;
    }

    /// The tree returns exactly the templates a linear scan finds, and each of them
    /// allows every content it cares about.
    #[test]
    fn lookup_equals_scan_international(pos in playout::<International>(0..80)) {
        check_lookup(international_set(), &pos)?;
    }

    #[test]
    fn lookup_equals_scan_english(pos in playout::<English>(0..60)) {
        check_lookup(english_set(), &pos)?;
    }

    /// A template matches a position exactly when its colour mirror matches the
    /// mirrored position.
    #[test]
    fn mirror_matches_mirrored_international(pos in playout::<International>(0..80)) {
        check_mirror(international_set(), &pos)?;
    }

    #[test]
    fn mirror_matches_mirrored_english(pos in playout::<English>(0..60)) {
        check_mirror(english_set(), &pos)?;
    }

    /// A template learned from a position matches it, and its line wins there and in
    /// the mirror image.
    #[test]
    fn learned_templates_match_their_source(pos in playout::<International>(0..80)) {
        check_learned(&pos)?;
    }

    #[test]
    fn learned_templates_match_their_source_turkish(pos in playout::<Turkish>(0..80)) {
        check_learned(&pos)?;
    }

    /// On the full board: sacrifices along rows and columns, the index's candidates,
    /// the trees and mirroring, as above.
    #[test]
    fn sacrifices_turkish(pos in playout::<Turkish>(0..90)) {
        check_sacrifices(&pos)?;
    }

    #[test]
    fn oracle_candidates_turkish(pos in playout::<Turkish>(0..80)) {
        check_oracle_candidates(turkish_set(), &pos)?;
    }

    #[test]
    fn lookup_equals_scan_turkish(pos in playout::<Turkish>(0..80)) {
        check_lookup(turkish_set(), &pos)?;
    }

    #[test]
    fn mirror_matches_mirrored_turkish(pos in playout::<Turkish>(0..80)) {
        check_mirror(turkish_set(), &pos)?;
    }
}

fn check_learned<V: Variant>(pos: &Position<V>) -> Result<(), TestCaseError> {
    let values = PieceValues::for_variant::<V>();
    if let Some(found) = forced_finder::<V>().find(pos) {
        let t = Template::learn(pos, &found.line, &values);
        prop_assert!(t.is_some());
        let t = t.unwrap();
        prop_assert!(t.matches(pos));
        prop_assert!(t.verify(pos, &values).is_some());
        prop_assert!(t.mirrored().verify(&pos.flipped(), &values).is_some());
    }
    Ok(())
}
