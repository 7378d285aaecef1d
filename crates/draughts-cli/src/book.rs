//! `draughts book`: build an opening book by drop-out expansion, show its figures, and
//! probe it (the library's [`draughts_engine::book`]).

use crate::cli::{parse_variant, CliError};
use crate::progress::ProgressLine;
use clap::{Args, Subcommand};
use draughts_core::with_variant;
use draughts_core::{Position, Variant, VariantKind};
use draughts_engine::book::{self, file::variant_name, Book, BuildSettings, Progress};
use draughts_engine::engine::{human_score, BookChoice, EngineOptions, EngineParts};
use draughts_engine::openings;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// `draughts book ...`.
#[derive(Args, Debug)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand, Debug)]
enum BookCommand {
    /// Build a book by drop-out expansion: each position's moves scored by a search of
    /// a fixed number of nodes, the cheapest line grown next. The state file
    /// (`FILE.state`) keeps every score: the same command resumes an interrupted build,
    /// and a larger `--positions` extends a finished one.
    Build(BuildArgs),
    /// A book's variant, positions, moves, positions by ply and main line.
    Stats(StatsArgs),
    /// The book's moves in a position, with their scores, and the book's line from it.
    Probe(ProbeArgs),
}

/// The options of `draughts book build`.
#[derive(Args, Debug)]
struct BuildArgs {
    /// The variant (as `draughts analyse --variant`).
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// The book file to write; its state goes beside it, as FILE.state.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Positions to expand: the book's size.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    positions: u64,
    /// Nodes of the search that scores each position.
    #[arg(long, default_value_t = BuildSettings::default().nodes, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// What each ply costs a line, in hundredths of a man: larger makes a broader,
    /// shallower book.
    #[arg(long, default_value_t = BuildSettings::default().penalty, value_parser = clap::value_parser!(i32).range(0..=10_000))]
    penalty: i32,
    /// Breaks ties between lines of equal cost.
    #[arg(long, default_value_t = BuildSettings::default().seed)]
    seed: u64,
    /// Threads scoring positions (the book does not depend on them).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
    /// The book keeps each position's moves scored within this much of its best, in
    /// hundredths of a man.
    #[arg(long, default_value_t = BuildSettings::default().keep, value_parser = clap::value_parser!(i32).range(0..=100_000))]
    keep: i32,
    /// Where the tree starts: `start` (the initial position), `openings` (the
    /// variant's built-in openings) or an openings file (one FEN a line).
    #[arg(long, value_name = "start|openings|FILE", default_value = "start")]
    from: String,
}

/// The options of `draughts book stats`.
#[derive(Args, Debug)]
struct StatsArgs {
    /// The book file.
    file: PathBuf,
    /// Lines of the positions-by-ply table shown at most (the deepest are summed).
    #[arg(long, default_value_t = 30)]
    plies: usize,
}

/// The options of `draughts book probe`.
#[derive(Args, Debug)]
struct ProbeArgs {
    /// The variant (default: the one the book file names).
    #[arg(long, value_parser = parse_variant)]
    variant: Option<VariantKind>,
    /// The book file.
    file: PathBuf,
    /// The position (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Moves played from the position, in PDN separated by spaces ("32-28 19-23").
    #[arg(long, default_value = "")]
    moves: String,
}

/// Runs `draughts book`.
///
/// # Errors
/// Bad options, a book or state file that cannot be read or written, or a build that
/// cannot go on.
pub fn run(args: &BookArgs) -> Result<(), CliError> {
    match &args.command {
        BookCommand::Build(args) => with_variant!(args.variant, V => build::<V>(args)),
        BookCommand::Stats(args) => {
            let kind = file_variant(&args.file)?;
            with_variant!(kind, V => stats::<V>(args))
        }
        BookCommand::Probe(args) => {
            let kind = match args.variant {
                Some(kind) => kind,
                None => file_variant(&args.file)?,
            };
            with_variant!(kind, V => probe::<V>(args))
        }
    }
}

/// The variant a book file names.
fn file_variant(path: &Path) -> Result<VariantKind, CliError> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let name = variant_name(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(parse_variant(&name).map_err(|e| format!("{}: {e}", path.display()))?)
}

/// The state file of a book written to `out`.
fn state_file(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".state");
    PathBuf::from(name)
}

/// Seconds as `1h 02m`, `3m 05s` or `42s`.
fn span(time: Duration) -> String {
    let seconds = time.as_secs();
    match (seconds / 3600, seconds / 60 % 60, seconds % 60) {
        (0, 0, s) => format!("{s}s"),
        (0, m, s) => format!("{m}m {s:02}s"),
        (h, m, _) => format!("{h}h {m:02}m"),
    }
}

/// The progress line of a build.
fn progress_text(p: &Progress) -> String {
    let eta = p
        .eta
        .map_or_else(String::new, |eta| format!(", {} left", span(eta)));
    format!(
        "book: {}/{} positions, {} searches, {:.2} positions/s, {}{eta}",
        p.positions,
        p.target,
        p.searches,
        p.rate,
        span(p.elapsed)
    )
}

fn build<V: Variant>(args: &BuildArgs) -> Result<(), CliError> {
    let roots: Vec<Position<V>> = match args.from.as_str() {
        "start" => vec![Position::initial()],
        "openings" => openings::load::<V>(None, args.variant)?,
        file => openings::load::<V>(Some(Path::new(file)), args.variant)?,
    };
    let settings = BuildSettings {
        positions: usize::try_from(args.positions).unwrap_or(usize::MAX),
        nodes: args.nodes,
        penalty: args.penalty,
        seed: args.seed,
        threads: args.threads as usize,
        keep: args.keep,
    };
    let options = EngineOptions {
        book: BookChoice::Off,
        ..EngineOptions::default()
    };
    let parts = EngineParts::<V>::load(&options).map_err(|e| e.to_string())?;
    let state = state_file(&args.out);
    let mut meter = ProgressLine::new();
    let mut last = None;
    let book = book::build(&roots, &parts, &settings, &state, &mut |p| {
        meter.show(p.positions, p.target, &progress_text(p));
        last = Some(*p);
    })
    .map_err(|e| e.to_string())?;
    meter.finish();
    // Written whole, then renamed: a reader never sees half a book.
    let partial = state_file(&args.out).with_extension("partial");
    book.save(&partial).map_err(|e| e.to_string())?;
    std::fs::rename(&partial, &args.out)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    let stats = book.stats();
    let mut out = io::stdout().lock();
    if let Some(p) = last.filter(|p| p.positions < p.target) {
        writeln!(
            out,
            "no line can grow further after {} positions",
            p.positions
        )?;
    }
    writeln!(
        out,
        "wrote {}: {} {} positions, {} moves; {} resumes or extends the build",
        args.out.display(),
        V::NAME,
        stats.positions,
        stats.moves,
        state.display()
    )?;
    Ok(())
}

fn load<V: Variant>(path: &Path) -> Result<Book<V>, CliError> {
    Ok(Book::<V>::load(path).map_err(|e| e.to_string())?)
}

fn stats<V: Variant>(args: &StatsArgs) -> Result<(), CliError> {
    let book = load::<V>(&args.file)?;
    let stats = book.stats();
    let mut out = io::stdout().lock();
    writeln!(out, "variant {}", V::NAME)?;
    writeln!(out, "positions {}", stats.positions)?;
    let average = stats.moves as f64 / stats.positions.max(1) as f64;
    writeln!(out, "moves {} ({average:.1} a position)", stats.moves)?;
    writeln!(out, "positions by ply:")?;
    let shown = args.plies.max(1);
    for (ply, count) in stats.by_ply.iter().enumerate().take(shown) {
        writeln!(out, "  {ply:>3} {count:>9}")?;
    }
    if stats.by_ply.len() > shown {
        let deeper: usize = stats.by_ply[shown..].iter().sum();
        writeln!(out, "  {shown:>2}+ {deeper:>9}")?;
    }
    let start = Position::<V>::initial();
    let line = book.line(&start);
    let texts = crate::analyse::pdn_line(&start, &line);
    if texts.is_empty() {
        writeln!(out, "main line: the initial position is not in the book")?;
    } else {
        writeln!(
            out,
            "main line ({} plies): {}",
            texts.len(),
            texts.join(" ")
        )?;
    }
    Ok(())
}

fn probe<V: Variant>(args: &ProbeArgs) -> Result<(), CliError> {
    let book = load::<V>(&args.file)?;
    let mut position: Position<V> = match &args.fen {
        Some(fen) => fen
            .parse()
            .map_err(|e| format!("bad --fen for {}: {e}", V::NAME))?,
        None => Position::initial(),
    };
    for text in args.moves.split_whitespace() {
        position = position
            .play_text(text)
            .map_err(|e| format!("--moves: {text}: {e}"))?;
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{}", position.to_fen())?;
    let Some(moves) = book.probe(&position) else {
        writeln!(out, "not in the book")?;
        return Ok(());
    };
    for found in &moves {
        writeln!(
            out,
            "{:<12} {:>8}",
            position.move_text(&found.mv),
            human_score(found.score)
        )?;
    }
    let line = crate::analyse::pdn_line(&position, &book.line(&position));
    writeln!(out, "line {}", line.join(" "))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_and_state_files() {
        assert_eq!(span(Duration::from_secs(42)), "42s");
        assert_eq!(span(Duration::from_secs(185)), "3m 05s");
        assert_eq!(span(Duration::from_secs(3720)), "1h 02m");
        assert_eq!(
            state_file(Path::new("books/english.book")),
            PathBuf::from("books/english.book.state")
        );
    }
}
