//! Where the shared game collections are, for the tests that read them (this file is
//! also included by `draughts-engine`'s tests).

use std::path::PathBuf;

/// The shared game collections: `$DRAUGHTS_GAMES_DIR`, else `shared/data/games` beside
/// the workspace (`../shared/data/games` from the checkout), if the folder exists.
pub fn games_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("DRAUGHTS_GAMES_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/games"),
    };
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipped: no game collections at {} (set DRAUGHTS_GAMES_DIR to the folder)",
            dir.display()
        );
        None
    }
}
