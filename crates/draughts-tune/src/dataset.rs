//! Labelled positions for fitting an evaluation: self-play at a fixed node count, each
//! quiet position (and, if asked, each one where only the opponent can capture) kept
//! with the game's result and the search's score, in a compact file that grows game by
//! game and resumes where it stopped. With an endgame database the searches consult it,
//! and a game ends at the first position it knows, by its value.
//!
//! ```
//! use draughts_core::{English, Position};
//! use draughts_eval::LinearEval;
//! use draughts_tune::{generate_data, read_data, DataConfig};
//!
//! let path = std::env::temp_dir().join(format!("doc-{}.data", std::process::id()));
//! let config = DataConfig {
//!     games: 2,
//!     nodes: 500,
//!     random_plies: 4,
//!     max_plies: 60,
//!     seed: 7,
//!     threatened: false,
//!     rescored: false,
//!     database: None,
//! };
//! let openings = [Position::<English>::initial()];
//! let eval = LinearEval::<English>::default();
//! generate_data(&config, &openings, &eval, None, &path, &|_| {})?;
//! let data = read_data::<English>(&path)?;
//! assert_eq!(data.games, 2);
//! assert!(data.positions.iter().all(|p| p.position.is_quiet() && p.result <= 2));
//! # std::fs::remove_file(&path).ok();
//! # Ok::<(), draughts_tune::TuneError>(())
//! ```
//!
//! # File format
//!
//! A header: the magic `DLAB`, the format version (`u32`), the variant's name (a length
//! byte and the bytes), then the settings that made the games (node count, random
//! plies, ply limit and seed as `u64`s; for recorded games, labelled by
//! [`label_games`](crate::label_games), 0, 0 and the games' checksum), so that a resumed
//! run cannot mix settings. Version 1 holds quiet self-played positions only; version
//! 2 adds a fifth `u64` of flags: 1 for [`DataConfig::threatened`] positions kept, 2
//! for scores from [`rescore_data`](crate::rescore_data), 4 for searches that consulted
//! an endgame database, whose [`database_fingerprint`] follows as a sixth `u64`.
//! Then one block per game, in game order: the number of positions (`u32`), the
//! positions, and an FNV-1a checksum (`u32`, the low half) of the block's positions.
//! A position is 36 bytes: the squares of White's men, Black's men, White's kings and
//! Black's kings (four `u64`s, bit `s - 1` for square `s`), the side to move (0 White,
//! 1 Black), the side to move's result in halves (2 win, 1 draw, 0 loss) and the
//! search's score for the side to move (`i16`). Every number is little-endian.

use crate::error::TuneError;
use crate::selfplay::random_start;
use draughts_core::{
    Color, EndgameOracle, Game, GameResult, Kind, Piece, Position, Square, Variant,
};
use draughts_egdb::Database;
use draughts_engine::game::{self, Rules, TimeControl};
use draughts_engine::players::Searching;
use draughts_eval::{Evaluator, Score};
use draughts_search::{Limits, SearchResult, Searcher};
use rayon::prelude::*;
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Arc;

const MAGIC: &[u8; 4] = b"DLAB";
/// The version of a file of quiet self-played positions; [`FLAGGED_VERSION`] for one
/// with flags (threatened positions kept, re-scored, or an endgame database).
const VERSION: u32 = 1;
const FLAGGED_VERSION: u32 = 2;

bitflags::bitflags! {
    /// The flag word of a version-2 file.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Flags: u64 {
        /// Positions where only the opponent can capture are kept.
        const THREATENED = 1;
        /// The scores come from a later, deeper search.
        const RESCORED = 2;
        /// The searches consulted an endgame database; its fingerprint follows.
        const DATABASE = 4;
    }
}
const RECORD: usize = 36;
/// Scores beyond this (won or lost positions) are stored as this.
const SCORE_LIMIT: Score = 30_000;
/// The transposition table of each game's searches, in MiB.
const HASH_MIB: usize = 8;

/// How the labelled games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataConfig {
    /// Games in the file when the run is done.
    pub games: usize,
    /// Nodes searched for every move.
    pub nodes: u64,
    /// Random legal moves after the opening, before the search takes over.
    pub random_plies: usize,
    /// Games longer than this are adjudicated drawn.
    pub max_plies: usize,
    /// The seed of the openings and the random moves; game `i` has its own stream.
    pub seed: u64,
    /// Whether positions where only the opponent can capture are kept beside the quiet
    /// ones: quiescence stands on the evaluation there too (the side to move has no
    /// capture), so a network fitted for the search should see them.
    pub threatened: bool,
    /// Whether the scores are a later search's, at [`DataConfig::nodes`], of positions
    /// played at another node count ([`rescore_data`](crate::rescore_data)).
    pub rescored: bool,
    /// The [`database_fingerprint`] of the endgame database the searches consulted, if
    /// any; in self-play its values also ended the games.
    pub database: Option<u64>,
}

/// What tells endgame databases apart in a data file's settings: a hash of the
/// materials of its slices. Two databases with the same slices hold the same values,
/// whatever their files' format.
pub fn database_fingerprint<V: Variant>(database: &Database<V>) -> u64 {
    database
        .materials()
        .fold(fnv1a(V::NAME.as_bytes()), |hash, material| {
            fnv1a_on(hash, format!("\n{material}").as_bytes())
        })
}

/// A labelled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Labelled<V: Variant> {
    /// The position: quiet (neither side can capture), or, in a file that keeps
    /// [`DataConfig::threatened`] positions, one where only the opponent can.
    pub position: Position<V>,
    /// The side to move's result in halves: 2 win, 1 draw, 0 loss.
    pub result: u8,
    /// The search's score for the side to move.
    pub score: i16,
    /// The index of its game in the file.
    pub game: u32,
}

/// The positions of a data file.
#[derive(Clone, Debug)]
pub struct DataSet<V: Variant> {
    /// How the games were played.
    pub config: DataConfig,
    /// Games in the file.
    pub games: usize,
    /// Their labelled positions, game by game.
    pub positions: Vec<Labelled<V>>,
}

/// How far a run has come, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataProgress {
    /// Games in the file.
    pub games: usize,
    /// Games wanted.
    pub total: usize,
    /// Positions written by this run.
    pub positions: usize,
}

/// Plays games until the file at `path` holds `config.games` (in parallel over rayon's
/// threads, a batch at a time, written in game order), each from an opening drawn from
/// `openings` followed by random moves, with `eval` searching `config.nodes` nodes a
/// move on one thread. With a `database` the searches consult it, and a game ends at
/// its first position the database knows, with the database's value for its result
/// (a position it knows is not kept). A file already there is resumed if it was made
/// with the same settings; a damaged last block is cut off and played again.
/// `progress` is called after every batch. Game `i` depends only on the seed, `i`,
/// `eval` and the database, so a file is the same however often the run stops.
///
/// # Errors
/// [`TuneError::Config`] without openings, when `config.database` is not the
/// fingerprint of `database` (or `None` without one), or for a file made with other
/// settings; [`TuneError::Io`] if the file cannot be read or written.
pub fn generate_data<V: Variant, E: Evaluator<V> + Clone>(
    config: &DataConfig,
    openings: &[Position<V>],
    eval: &E,
    database: Option<&Arc<Database<V>>>,
    path: &Path,
    progress: &(dyn Fn(DataProgress) + Sync),
) -> Result<(), TuneError> {
    generate_data_from(config, 0, openings, eval, database, path, progress)
}

/// As [`generate_data`], but the file at `path` holds games `first..config.games` only
/// (a shard of a run: games can be played apart, since each depends only on the seed,
/// its index, `eval` and the database). The shards of one run, each after its header (which is the
/// same for all), concatenated in game order are the file [`generate_data`] writes.
///
/// # Errors
/// As [`generate_data`].
pub fn generate_data_from<V: Variant, E: Evaluator<V> + Clone>(
    config: &DataConfig,
    first: usize,
    openings: &[Position<V>],
    eval: &E,
    database: Option<&Arc<Database<V>>>,
    path: &Path,
    progress: &(dyn Fn(DataProgress) + Sync),
) -> Result<(), TuneError> {
    if openings.is_empty() {
        return Err(TuneError::Config("no opening positions".into()));
    }
    let given = database.map(|db| database_fingerprint(db));
    if config.database != given {
        return Err(TuneError::Config(format!(
            "the settings ask for {}, but {} is given",
            database_text(config.database),
            database_text(given)
        )));
    }
    extend_file::<V>(config, first, path, progress, &|index| {
        play_labelled(config, openings, eval, database, index)
    })
}

/// A database fingerprint in words.
fn database_text(fingerprint: Option<u64>) -> String {
    match fingerprint {
        Some(fingerprint) => format!("the endgame database {fingerprint:016x}"),
        None => "no endgame database".to_string(),
    }
}

/// A searcher of `eval` for one game's searches, consulting `database`.
pub(crate) fn game_searcher<V: Variant, E: Evaluator<V> + Clone>(
    eval: &E,
    database: Option<&Arc<Database<V>>>,
) -> Searcher<V, E> {
    let mut searcher = Searcher::with_hash_size(eval.clone(), HASH_MIB);
    searcher.set_endgame_oracle(oracle(database));
    searcher
}

/// `database` as the search's endgame hook.
pub(crate) fn oracle<V: Variant>(
    database: Option<&Arc<Database<V>>>,
) -> Option<Arc<dyn EndgameOracle<V>>> {
    database.map(|db| Arc::clone(db) as Arc<dyn EndgameOracle<V>>)
}

/// One game's labelled positions: `(position, side to move's result in halves, score)`.
pub(crate) type GameBlock<V> = Vec<(Position<V>, u8, i16)>;

/// Writes the blocks of games `first..config.games` to the file at `path` (in parallel
/// over rayon's threads, a batch at a time, in game order), `label` giving game `i`'s
/// block. A file already there is resumed if its header holds `config`'s settings; a
/// damaged last block is cut off and labelled again.
pub(crate) fn extend_file<V: Variant>(
    config: &DataConfig,
    first: usize,
    path: &Path,
    progress: &(dyn Fn(DataProgress) + Sync),
    label: &(dyn Fn(usize) -> GameBlock<V> + Sync),
) -> Result<(), TuneError> {
    let io = TuneError::io(path);
    let (mut done, end) = if path.exists() {
        let bytes = std::fs::read(path).map_err(io)?;
        let (found, blocks) = scan::<V>(&bytes).map_err(|e| e.named(path))?;
        if (DataConfig { games: 0, ..found })
            != (DataConfig {
                games: 0,
                ..*config
            })
        {
            return Err(TuneError::Config(format!(
                "{} was made with other settings ({found:?}); give another file",
                path.display()
            )));
        }
        (
            first + blocks.len(),
            blocks.last().map_or(header::<V>(config).len(), |b| b.end),
        )
    } else {
        std::fs::write(path, header::<V>(config)).map_err(io)?;
        (first, header::<V>(config).len())
    };
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(io)?;
    file.set_len(end as u64).map_err(io)?;
    file.seek(SeekFrom::End(0)).map_err(io)?;
    let batch = 8 * rayon::current_num_threads().max(1);
    let mut written = 0;
    progress(DataProgress {
        games: done,
        total: config.games,
        positions: 0,
    });
    while done < config.games {
        let upto = (done + batch).min(config.games);
        let blocks: Vec<Vec<u8>> = (done..upto)
            .into_par_iter()
            .map(|index| written_block(&label(index)))
            .collect();
        for block in &blocks {
            written += (block.len() - 8) / RECORD;
            file.write_all(block).map_err(io)?;
        }
        file.flush().map_err(io)?;
        done = upto;
        progress(DataProgress {
            games: done,
            total: config.games,
            positions: written,
        });
    }
    Ok(())
}

/// One self-play game's labelled positions; with a `database` the game ends at the
/// first position it knows.
fn play_labelled<V: Variant, E: Evaluator<V> + Clone>(
    config: &DataConfig,
    openings: &[Position<V>],
    eval: &E,
    database: Option<&Arc<Database<V>>>,
    index: usize,
) -> GameBlock<V> {
    let start = random_start(openings, config.random_plies, config.seed, index);
    let searcher = game_searcher(eval, database);
    let mut scored = Vec::new();
    let record = |game: &Game<V>, found: &SearchResult<V>| {
        let pos = *game.position();
        if pos.is_quiet() || config.threatened && !pos.has_capture() {
            scored.push((pos, stored_score(found.score)));
        }
    };
    let mut player =
        Searching::new(&searcher, Limits::nodes(config.nodes)).observed(Box::new(record));
    let rules = Rules::untimed(TimeControl::default(), config.max_plies);
    let result = match database {
        Some(database) => game::self_play_until_known(start, &mut player, &rules, &**database),
        None => game::self_play(start, &mut player, &rules),
    }
    .result;
    drop(player);
    with_result(scored, result)
}

/// A search's score as a record holds it (won and lost scores cut to the limit).
pub(crate) fn stored_score(score: Score) -> i16 {
    score.clamp(-SCORE_LIMIT, SCORE_LIMIT) as i16
}

/// Scored positions of one game labelled with its result, each from its side to move.
pub(crate) fn with_result<V: Variant>(
    scored: Vec<(Position<V>, i16)>,
    result: GameResult,
) -> GameBlock<V> {
    scored
        .into_iter()
        .map(|(pos, score)| {
            let halves = match result.winner() {
                None => 1,
                Some(color) if color == pos.turn() => 2,
                Some(_) => 0,
            };
            (pos, halves, score)
        })
        .collect()
}

fn header<V: Variant>(config: &DataConfig) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    let mut flags = Flags::empty();
    flags.set(Flags::THREATENED, config.threatened);
    flags.set(Flags::RESCORED, config.rescored);
    flags.set(Flags::DATABASE, config.database.is_some());
    let version = if flags.is_empty() {
        VERSION
    } else {
        FLAGGED_VERSION
    };
    out.extend_from_slice(&version.to_le_bytes());
    out.push(V::NAME.len() as u8);
    out.extend_from_slice(V::NAME.as_bytes());
    for value in [
        config.nodes,
        config.random_plies as u64,
        config.max_plies as u64,
        config.seed,
    ] {
        out.extend_from_slice(&value.to_le_bytes());
    }
    if !flags.is_empty() {
        out.extend_from_slice(&flags.bits().to_le_bytes());
    }
    if let Some(fingerprint) = config.database {
        out.extend_from_slice(&fingerprint.to_le_bytes());
    }
    out
}

pub(crate) fn written_block<V: Variant>(positions: &[(Position<V>, u8, i16)]) -> Vec<u8> {
    let mut body = Vec::with_capacity(positions.len() * RECORD);
    for (pos, result, score) in positions {
        let mut masks = [0u64; 4];
        for (square, piece) in pos.piece_squares() {
            let slot = 2 * usize::from(piece.kind == Kind::King) + piece.color.index();
            masks[slot] |= 1 << (square.number() - 1);
        }
        for mask in masks {
            body.extend_from_slice(&mask.to_le_bytes());
        }
        body.push(u8::from(pos.turn() == Color::Black));
        body.push(*result);
        body.extend_from_slice(&score.to_le_bytes());
    }
    let mut block = Vec::with_capacity(body.len() + 8);
    block.extend_from_slice(&(positions.len() as u32).to_le_bytes());
    block.extend_from_slice(&body);
    block.extend_from_slice(&(fnv1a(&body) as u32).to_le_bytes());
    block
}

/// A whole block found in a file: where its positions start and where it ends.
struct Block {
    start: usize,
    count: usize,
    end: usize,
}

/// Why bytes are not a data file, before the file's name is known.
struct Bad(String);

impl Bad {
    fn named(self, path: &Path) -> TuneError {
        TuneError::Config(format!("{}: {}", path.display(), self.0))
    }
}

/// The settings in the header and the whole blocks after it; a last block that is cut
/// short or fails its checksum ends the list (an interrupted write), damage before it
/// is an error.
fn scan<V: Variant>(bytes: &[u8]) -> Result<(DataConfig, Vec<Block>), Bad> {
    let bad = |why: &str| Bad(why.to_string());
    if bytes.get(..4) != Some(MAGIC) {
        return Err(bad("not a labelled-position file (bad magic)"));
    }
    let word = |at: usize, n: usize| bytes.get(at..at + n).ok_or_else(|| bad("truncated header"));
    let version = u32::from_le_bytes(word(4, 4)?.try_into().unwrap_or_default());
    if version != VERSION && version != FLAGGED_VERSION {
        return Err(Bad(format!(
            "format version {version}, expected {VERSION} or {FLAGGED_VERSION}"
        )));
    }
    let name_len = usize::from(word(8, 1)?[0]);
    let name = String::from_utf8_lossy(word(9, name_len)?).into_owned();
    if name != V::NAME {
        return Err(Bad(format!("positions of {name}, not {}", V::NAME)));
    }
    let mut at = 9 + name_len;
    let mut numbers = [0u64; 5];
    let fields = if version == VERSION { 4 } else { 5 };
    let mut next = || -> Result<u64, Bad> {
        let n = u64::from_le_bytes(word(at, 8)?.try_into().unwrap_or_default());
        at += 8;
        Ok(n)
    };
    for n in &mut numbers[..fields] {
        *n = next()?;
    }
    let bad_flags = || {
        Bad(format!(
            "format version {version} with flags {}",
            numbers[4]
        ))
    };
    let flags = Flags::from_bits(numbers[4]).ok_or_else(bad_flags)?;
    if (version == FLAGGED_VERSION) == flags.is_empty() {
        return Err(bad_flags());
    }
    let database = if flags.contains(Flags::DATABASE) {
        Some(next()?)
    } else {
        None
    };
    let config = DataConfig {
        games: 0,
        nodes: numbers[0],
        random_plies: usize::try_from(numbers[1]).unwrap_or(usize::MAX),
        max_plies: usize::try_from(numbers[2]).unwrap_or(usize::MAX),
        seed: numbers[3],
        threatened: flags.contains(Flags::THREATENED),
        rescored: flags.contains(Flags::RESCORED),
        database,
    };
    let mut blocks = Vec::new();
    while at < bytes.len() {
        let Some(count) = bytes.get(at..at + 4) else {
            break;
        };
        let count = u32::from_le_bytes(count.try_into().unwrap_or_default()) as usize;
        let start = at + 4;
        let Some(end) = count
            .checked_mul(RECORD)
            .and_then(|n| n.checked_add(start + 4))
            .filter(|&end| end <= bytes.len())
        else {
            break;
        };
        let sum = u32::from_le_bytes(bytes[end - 4..end].try_into().unwrap_or_default());
        if fnv1a(&bytes[start..end - 4]) as u32 != sum {
            if end == bytes.len() {
                break;
            }
            return Err(Bad(format!(
                "game {} fails its checksum: the file is damaged",
                blocks.len() + 1
            )));
        }
        blocks.push(Block { start, count, end });
        at = end;
    }
    Ok((config, blocks))
}

/// Reads the labelled positions of a file written by [`generate_data`] (an interrupted
/// last game is left out).
///
/// # Errors
/// [`TuneError::Io`] if the file cannot be read, [`TuneError::Config`] if it is not a
/// data file for `V` or holds a position that is not one.
pub fn read_data<V: Variant>(path: &Path) -> Result<DataSet<V>, TuneError> {
    let bytes = std::fs::read(path).map_err(TuneError::io(path))?;
    parse::<V>(&bytes).map_err(|e| e.named(path))
}

impl<V: Variant> DataSet<V> {
    /// The data file in `bytes`, as [`read_data`] reads it.
    ///
    /// # Errors
    /// [`TuneError::Config`] if the bytes are not a data file for `V` or hold a
    /// position that is not one.
    pub fn from_bytes(bytes: &[u8]) -> Result<DataSet<V>, TuneError> {
        parse::<V>(bytes).map_err(|e| TuneError::Config(e.0))
    }
}

fn parse<V: Variant>(bytes: &[u8]) -> Result<DataSet<V>, Bad> {
    let (mut config, blocks) = scan::<V>(bytes)?;
    config.games = blocks.len();
    let mut positions = Vec::with_capacity(blocks.iter().map(|b| b.count).sum());
    for (game, block) in blocks.iter().enumerate() {
        for record in bytes[block.start..block.end - 4].chunks_exact(RECORD) {
            let labelled = decode::<V>(record, game as u32)
                .map_err(|e| Bad(format!("game {}: {}", game + 1, e.0)))?;
            let pos = &labelled.position;
            if pos.has_capture() || !config.threatened && !pos.is_quiet() {
                return Err(Bad(format!(
                    "game {}: a position this file does not keep (a capture is on)",
                    game + 1
                )));
            }
            positions.push(labelled);
        }
    }
    Ok(DataSet {
        config,
        games: blocks.len(),
        positions,
    })
}

fn decode<V: Variant>(record: &[u8], game: u32) -> Result<Labelled<V>, Bad> {
    let mask =
        |i: usize| u64::from_le_bytes(record[8 * i..8 * i + 8].try_into().unwrap_or_default());
    let mut pieces = Vec::new();
    for slot in 0..4 {
        let (color, kind) = (Color::BOTH[slot % 2], [Kind::Man, Kind::King][slot / 2]);
        let mut bits = mask(slot);
        while bits != 0 {
            let number = bits.trailing_zeros() as u8 + 1;
            bits &= bits - 1;
            let square = Square::new(number).ok_or_else(|| Bad(format!("no square {number}")))?;
            pieces.push((square, Piece { color, kind }));
        }
    }
    let turn = match record[32] {
        0 => Color::White,
        1 => Color::Black,
        other => return Err(Bad(format!("side to move {other}"))),
    };
    let position = Position::from_pieces(turn, pieces).map_err(|e| Bad(e.to_string()))?;
    if record[33] > 2 {
        return Err(Bad(format!("result {}", record[33])));
    }
    Ok(Labelled {
        position,
        result: record[33],
        score: i16::from_le_bytes([record[34], record[35]]),
        game,
    })
}

fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_on(0xcbf2_9ce4_8422_2325, bytes)
}

/// FNV-1a of `bytes` going on from the hash of what came before them.
pub(crate) fn fnv1a_on(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::English;
    use draughts_eval::LinearEval;

    fn config(games: usize) -> DataConfig {
        DataConfig {
            games,
            nodes: 300,
            random_plies: 4,
            max_plies: 80,
            seed: 3,
            threatened: false,
            rescored: false,
            database: None,
        }
    }

    fn temp(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("dataset-{name}-{}.data", std::process::id()))
    }

    #[test]
    fn shards_after_their_headers_make_the_whole_file() {
        let (whole, first, second) = (temp("all"), temp("shard0"), temp("shard1"));
        let openings = [Position::<English>::initial()];
        let eval = LinearEval::<English>::default();
        generate_data(&config(9), &openings, &eval, None, &whole, &|_| {}).expect("plays");
        generate_data_from(&config(4), 0, &openings, &eval, None, &first, &|_| {}).expect("plays");
        generate_data_from(&config(9), 4, &openings, &eval, None, &second, &|_| {}).expect("plays");
        let head = header::<English>(&config(9)).len();
        let mut joined = std::fs::read(&first).expect("written");
        joined.extend_from_slice(&std::fs::read(&second).expect("written")[head..]);
        assert_eq!(std::fs::read(&whole).ok(), Some(joined));
        for path in [whole, first, second] {
            std::fs::remove_file(path).ok();
        }
    }

    #[test]
    fn a_resumed_run_writes_the_same_file() {
        let (whole, parts) = (temp("whole"), temp("parts"));
        let openings = [Position::<English>::initial()];
        let eval = LinearEval::<English>::default();
        generate_data(&config(20), &openings, &eval, None, &whole, &|_| {}).expect("plays");
        generate_data(&config(7), &openings, &eval, None, &parts, &|_| {}).expect("plays");
        // An interrupted write: half a block at the end.
        let mut bytes = std::fs::read(&parts).expect("written");
        bytes.extend_from_slice(&[5, 0, 0, 0, 1, 2, 3]);
        std::fs::write(&parts, &bytes).expect("written");
        generate_data(&config(20), &openings, &eval, None, &parts, &|_| {}).expect("resumes");
        assert_eq!(std::fs::read(&whole).ok(), std::fs::read(&parts).ok());
        let data = read_data::<English>(&whole).expect("reads");
        assert_eq!((data.games, data.config.nodes), (20, 300));
        assert!(data.positions.len() > 100);
        for p in &data.positions {
            assert!(p.position.is_quiet() && p.result <= 2);
        }
        // Other settings are refused; a data file of another variant too.
        let other = DataConfig {
            seed: 4,
            ..config(30)
        };
        assert!(generate_data(&other, &openings, &eval, None, &whole, &|_| {}).is_err());
        assert!(read_data::<draughts_core::International>(&whole).is_err());
        // Damage inside the file is an error, not a silent cut.
        let mut damaged = std::fs::read(&whole).expect("written");
        let middle = damaged.len() / 2;
        damaged[middle] ^= 0x10;
        std::fs::write(&parts, &damaged).expect("written");
        assert!(read_data::<English>(&parts).is_err());
        std::fs::remove_file(&whole).ok();
        std::fs::remove_file(&parts).ok();
    }

    #[test]
    fn threatened_positions_are_kept_beside_the_quiet_ones() {
        let (quiet, threatened) = (temp("quiet"), temp("threatened"));
        let openings = [Position::<English>::initial()];
        let eval = LinearEval::<English>::default();
        let with = DataConfig {
            threatened: true,
            ..config(12)
        };
        generate_data(&config(12), &openings, &eval, None, &quiet, &|_| {}).expect("plays");
        generate_data(&with, &openings, &eval, None, &threatened, &|_| {}).expect("plays");
        let quiet_data = read_data::<English>(&quiet).expect("reads");
        let data = read_data::<English>(&threatened).expect("reads");
        assert!(data.config.threatened && !quiet_data.config.threatened);
        // The same games: the quiet positions are those of the quiet run, the others
        // are positions where only the opponent can capture.
        let (kept, others): (Vec<&Labelled<English>>, Vec<_>) =
            data.positions.iter().partition(|p| p.position.is_quiet());
        assert_eq!(kept.len(), quiet_data.positions.len());
        assert!(kept.iter().zip(&quiet_data.positions).all(|(a, b)| *a == b));
        assert!(!others.is_empty());
        assert!(others.iter().all(|p| !p.position.has_capture()));
        // A run cannot resume a file that keeps other positions.
        assert!(generate_data(&with, &openings, &eval, None, &quiet, &|_| {}).is_err());
        // A file of quiet positions holding a threatened one is damaged.
        let mut bytes = std::fs::read(&threatened).expect("written");
        bytes[4] = 1;
        let head = header::<English>(&config(12));
        bytes.drain(head.len()..head.len() + 8);
        assert!(DataSet::<English>::from_bytes(&bytes).is_err());
        for path in [quiet, threatened] {
            std::fs::remove_file(path).ok();
        }
    }

    #[test]
    fn a_database_is_recorded_and_must_be_the_one_given() {
        let (path, dir) = (temp("egdb"), temp("egdb-dir"));
        draughts_egdb::build::<English>(&dir, 2, &Default::default()).expect("builds");
        let db = Arc::new(Database::open_nonempty(&dir).expect("opens"));
        let openings = [Position::<English>::initial()];
        let eval = LinearEval::<English>::default();
        let with = DataConfig {
            database: Some(database_fingerprint(&db)),
            ..config(2)
        };
        generate_data(&with, &openings, &eval, Some(&db), &path, &|_| {}).expect("plays");
        let data = read_data::<English>(&path).expect("reads");
        assert_eq!(data.config, with);
        // The settings and the database given must agree; a file made with a database
        // is not resumed without one.
        let other = temp("egdb-other");
        assert!(generate_data(&with, &openings, &eval, None, &other, &|_| {}).is_err());
        assert!(generate_data(&config(2), &openings, &eval, Some(&db), &other, &|_| {}).is_err());
        assert!(generate_data(&config(4), &openings, &eval, None, &path, &|_| {}).is_err());
        assert!(!other.exists());
        std::fs::remove_file(&path).ok();
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn records_round_trip() {
        let pos = Position::<English>::initial()
            .play_text("11-15")
            .expect("legal");
        let block = written_block(&[(pos, 2, -1234)]);
        let labelled = decode::<English>(&block[4..4 + RECORD], 9).ok();
        assert_eq!(
            labelled,
            Some(Labelled {
                position: pos,
                result: 2,
                score: -1234,
                game: 9
            })
        );
        let mut bad = block[4..4 + RECORD].to_vec();
        bad[33] = 3;
        assert!(decode::<English>(&bad, 0).is_err());
        bad[33] = 1;
        bad[0] = 0xff; // White men on Black's crowning row and beyond.
        assert!(decode::<English>(&bad, 0).is_err());
    }
}
