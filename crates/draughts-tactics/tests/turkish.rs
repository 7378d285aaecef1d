//! Turkish draughts on the full board (issue 24): men step forwards and sideways along
//! rows and columns, kings fly along them, captured pieces leave at once. A known shot
//! learned and recognised, templates learned from random games, and the oracle against
//! the finder's proof search and the alpha-beta search.

mod common;

use common::{forced_finder, learned_set, texts};
use draughts_core::{Color, Game, Position, Square, Turkish};
use draughts_eval::LinearEval;
use draughts_search::{Control, Limits, Searcher, TacticalOracle};
use draughts_tactics::{
    AskedTemplates, Content, ContentSet, DropPolicy, PieceValues, Template, TemplateOracle,
    TemplateSet,
};
use std::sync::{Arc, OnceLock};

/// White gives d4 on d5: d6 must take it (c5 and e5 block each other's sideways jump,
/// and d2 stops the capture going on over d3), and d3 takes back two, d4 and c5 or e5.
const SHOT: &str = "W:Wd2,d3,d4:Bc5,e5,d6";

fn square(text: &str) -> Square {
    Square::from_text::<Turkish>(text).unwrap()
}

fn shot_template() -> (Position<Turkish>, Template<Turkish>) {
    let pos: Position<Turkish> = SHOT.parse().unwrap();
    let found = forced_finder::<Turkish>().find(&pos).expect("the shot");
    assert_eq!(texts(&pos, &found.line)[..2], ["d4-d5", "d6xd4"]);
    assert_eq!((found.line.len(), found.gain), (3, 100));
    let values = PieceValues::for_variant::<Turkish>();
    (pos, Template::learn(&pos, &found.line, &values).unwrap())
}

#[test]
fn a_shot_is_learned_and_recognised() {
    let (pos, template) = shot_template();
    let values = PieceValues::for_variant::<Turkish>();
    assert!(template.matches(&pos));
    assert_eq!((template.side(), template.gain()), (Color::White, 100));
    let only = ContentSet::only;
    assert_eq!(template.allowed(square("d4")), only(Content::WhiteMan));
    assert_eq!(template.allowed(square("d5")), only(Content::Empty));
    // A man or a king takes on d6 alike.
    assert_eq!(template.allowed(square("d6")).to_string(), "bB");
    // Without a piece on d2, d6xd4 goes on over d3.
    assert!(!template.allowed(square("d2")).contains(Content::Empty));
    // Far away, nothing matters.
    for far in ["a8", "h8", "a1", "h1"] {
        assert!(template.allowed(square(far)).is_any(), "{far}");
    }
    // The shot with men added far away still matches and wins.
    let other: Position<Turkish> = "W:Wd2,d3,d4,h2:Bc5,e5,d6,a7".parse().unwrap();
    assert!(template.matches(&other));
    assert_eq!(template.verify(&other, &values).map(|o| o.gain), Some(100));
    // Black's form, on the board turned half a turn.
    let mirrored = template.mirrored();
    assert!(mirrored.matches(&pos.flipped()) && !mirrored.matches(&pos));
    assert_eq!(mirrored.allowed(square("e5")), only(Content::BlackMan));
    assert_eq!(mirrored.mirrored(), template);
    // The file reads back.
    let mut set = TemplateSet::new();
    set.insert(template);
    let text = set.to_text();
    assert!(
        text.starts_with("draughts-tactics templates v1 turkish\n"),
        "{text}"
    );
    let back = TemplateSet::<Turkish>::parse(&text).unwrap();
    assert!(back.iter().eq(set.iter()));
    // The oracle proves it for either colour, and the line it plays is the shot.
    let oracle = TemplateOracle::new(&set, values, DropPolicy::default());
    for here in [pos, pos.flipped(), other] {
        let found = oracle.combination(&here, 1).expect("the shot");
        assert_eq!(found.gain, 100);
        assert_eq!(found.line.len(), 3);
    }
    // d2 gone: the shot fails, and the template does not claim it.
    let broken: Position<Turkish> = "W:Wd3,d4:Bc5,e5,d6".parse().unwrap();
    assert!(oracle.combination(&broken, 1).is_none());
}

/// A search with the templates plays the shot and scores it at least a man up, and the
/// oracle was asked on the way.
#[test]
fn a_search_with_the_templates_plays_the_shot() {
    let (pos, template) = shot_template();
    let mut set = TemplateSet::new();
    set.insert(template);
    let values = PieceValues::for_variant::<Turkish>();
    let oracle = Arc::new(TemplateOracle::new(&set, values, DropPolicy::default()));
    let mut searcher = Searcher::with_hash_size(LinearEval::<Turkish>::default(), 1);
    searcher.set_tactical_oracle(Some(oracle.clone()));
    let game = Game::from_position(pos);
    let result = searcher.search(&game, Limits::depth(3), &Control::default(), &mut |_| {});
    let best = result.best_move.expect("a move");
    assert_eq!(pos.move_text(&best), "d4-d5");
    assert!(result.score >= 50, "score {}", result.score);
    assert!(
        oracle.leaf_stats().accepted > 0,
        "{:?}",
        oracle.leaf_stats()
    );
}

/// Templates learned from random Turkish games.
fn turkish_set() -> &'static TemplateSet<Turkish> {
    static SET: OnceLock<TemplateSet<Turkish>> = OnceLock::new();
    SET.get_or_init(|| learned_set(100))
}

#[test]
fn random_games_give_templates() {
    let set = turkish_set();
    assert!(set.len() >= 20, "{} templates", set.len());
    // Some go beyond a single exchange.
    assert!(set.iter().any(|e| e.template.line().len() >= 5));
    let text = set.to_text();
    let back = TemplateSet::<Turkish>::parse(&text).unwrap();
    assert_eq!(back.to_text(), text);
}

/// Whether every line the oracle's templates verify on a quiet position is one the
/// finder's proof search proves too, with at least that gain (the finder tries every
/// forcing line within its bound, the templates' lines among them); whether a
/// template verified there.
fn check_oracle_against_finder(
    oracle: &TemplateOracle<Turkish>,
    pos: &Position<Turkish>,
) -> Result<bool, String> {
    if !pos.is_quiet() {
        return Ok(false);
    }
    let mut candidates = Vec::new();
    oracle.candidates(pos, &mut candidates);
    let verified = candidates
        .iter()
        .filter_map(|&i| oracle.verify(i as usize, pos).map(|o| o.gain))
        .max();
    let answer = oracle.gain(pos, 1);
    if answer.is_some() && verified.is_none() {
        return Err(format!("{}: the oracle answers unverified", pos.to_fen()));
    }
    let Some(gain) = verified else {
        return Ok(false);
    };
    match forced_finder::<Turkish>().find(pos) {
        Some(found) if found.gain >= gain.max(answer.unwrap_or(0)) => Ok(true),
        found => Err(format!(
            "{}: templates verify {gain}, the finder proves {:?}",
            pos.to_fen(),
            found.map(|f| f.gain)
        )),
    }
}

/// The oracle against the finder on the positions of other random games than those
/// learned from, and on every position a move away from them.
#[test]
fn oracle_agrees_with_the_finder() {
    let values = PieceValues::for_variant::<Turkish>();
    let keep = DropPolicy {
        min_tries: u64::MAX,
        max_reject_share: 1.0,
    };
    let oracle = TemplateOracle::asking(turkish_set(), values, keep, AskedTemplates::All);
    // A fixed linear congruential generator picks the moves.
    let mut state = 24u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    };
    let (mut asked, mut verified) = (0, 0);
    for _ in 0..40 {
        let mut pos = Position::<Turkish>::initial();
        for _ in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for probe in std::iter::once(pos).chain(moves.iter().map(|m| pos.play_unchecked(m))) {
                asked += usize::from(probe.is_quiet());
                verified += usize::from(check_oracle_against_finder(&oracle, &probe).unwrap());
            }
            pos = pos.play_unchecked(&moves[next() as usize % moves.len()]);
        }
    }
    assert!(verified >= 100, "{verified} of {asked} positions verified");
}
