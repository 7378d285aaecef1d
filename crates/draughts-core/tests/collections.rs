//! Every file of the shared game collections through the PDN reader and the replay: the
//! share of games that replay must not fall below what the reader reached. The files are
//! read where they are (never copied into the repository); the test skips, saying so,
//! when the folder is absent. `DRAUGHTS_GAMES_DIR` names another place.
//!
//! `cargo test -p draughts-core --test collections -- --nocapture` prints, per file, the
//! games read and refused with the reasons.

use draughts_core::pdn::{PdnError, PdnGame, PdnReader};
use draughts_core::{AnyGame, VariantKind};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod games_dir;
use games_dir::games_dir;

/// The `.pdn` files under `dir`, sorted.
fn pdn_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a readable folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "pdn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Games found and replayed in one file, and the refused ones by reason.
#[derive(Default)]
struct Tally {
    games: usize,
    replayed: usize,
    refused: BTreeMap<&'static str, (usize, String)>,
}

/// Replays a game as the variant its `GameType` names; without one, as `default`, or
/// (in the mixed test suite, `default` `None`) as International, else English.
fn replay(game: &PdnGame, default: Option<VariantKind>) -> Result<(), Refusal> {
    if let Some(number) = game.game_type() {
        if game.variant().is_none() {
            return Err(Refusal::Unplayed(number));
        }
    }
    let kind = default.unwrap_or(VariantKind::International);
    let first = AnyGame::from_pdn(game, kind).map(|_| ());
    match first {
        Err(error) if default.is_none() && game.variant().is_none() => {
            AnyGame::from_pdn(game, VariantKind::English)
                .map(|_| ())
                .map_err(|_| Refusal::Pdn(error))
        }
        result => result.map_err(Refusal::Pdn),
    }
}

/// Why a game does not replay.
enum Refusal {
    /// The reader's error.
    Pdn(PdnError),
    /// The `GameType` names a variant we do not play.
    Unplayed(u32),
}

impl Refusal {
    fn reason(&self) -> &'static str {
        match self {
            Refusal::Pdn(error) => error.reason(),
            Refusal::Unplayed(_) => "GameType of a variant not played here",
        }
    }

    fn message(&self) -> String {
        match self {
            Refusal::Pdn(error) => error.to_string(),
            Refusal::Unplayed(number) => format!("GameType {number}"),
        }
    }
}

fn tally(path: &Path, default: Option<VariantKind>) -> Tally {
    let bytes = std::fs::read(path).expect("a readable file");
    let mut tally = Tally::default();
    for game in PdnReader::from_bytes(&bytes) {
        tally.games += 1;
        match game
            .map_err(Refusal::Pdn)
            .and_then(|game| replay(&game, default))
        {
            Ok(()) => tally.replayed += 1,
            Err(error) => {
                let entry = tally
                    .refused
                    .entry(error.reason())
                    .or_insert((0, error.message()));
                entry.0 += 1;
            }
        }
    }
    tally
}

/// The least share of games that replay, per collection (folder), as reached: the
/// International and English collections are real games, of which only the illegal
/// ones named in the collections' README are refused; the PDN test suite holds
/// variants we do not play and files meant to fail.
const FLOORS: [(&str, Option<VariantKind>, f64); 3] = [
    ("international", Some(VariantKind::International), 0.9995),
    ("english", Some(VariantKind::English), 0.9998),
    ("pdn-test-suite", None, 0.75),
];

#[test]
fn the_collections_replay() {
    let Some(dir) = games_dir() else {
        return;
    };
    let mut below = Vec::new();
    for (collection, default, floor) in FLOORS {
        let (mut games, mut replayed) = (0, 0);
        for path in pdn_files(&dir.join(collection)) {
            let tally = tally(&path, default);
            let name = path.strip_prefix(&dir).unwrap_or(&path).display();
            eprintln!(
                "{name}: {} games, {} replayed, {} refused",
                tally.games,
                tally.replayed,
                tally.games - tally.replayed
            );
            for (reason, (count, first)) in &tally.refused {
                eprintln!("  {count:>5}  {reason} (first: {first})");
            }
            games += tally.games;
            replayed += tally.replayed;
        }
        let share = replayed as f64 / games.max(1) as f64;
        eprintln!(
            "{collection}: {replayed} of {games} games replayed ({:.2}%)",
            100.0 * share
        );
        if share < floor {
            below.push(format!(
                "{collection}: {:.2}% of the games replay, below the floor of {:.1}%",
                100.0 * share,
                100.0 * floor
            ));
        }
    }
    assert!(below.is_empty(), "{below:#?}");
}
