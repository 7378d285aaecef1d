//! `draughts`: a draughts engine for fifteen variants.
//!
//! Only the command line lives here: each subcommand's options and code are a module of
//! the `draughts_cli` library, over the engine library `draughts_engine`. Run `draughts
//! help` for the options.
#![forbid(unsafe_code)]

use clap::{Parser, Subcommand};
use draughts_cli::cli::CliError;
use draughts_cli::{
    agreement, analyse, bench, book, dxp, egdb, matches, openings, perft, play, puzzles, review,
    serve, tactics, tune,
};
use draughts_engine::hub;
use std::io;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "draughts",
    version,
    about = "A draughts engine for fifteen variants: International, English, Brazilian, \
             Pool, Russian, Italian, Spanish, Czech, Thai, Turkish, Killer, Antidraughts, \
             Breakthrough, Frisian and Frysk!"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Speak the Hub protocol (version 2) on stdin/stdout, for GUIs and pydraughts.
    Hub,
    /// Play over DamExchange (DXP, TCP): as Follower (--listen) or Initiator (--connect).
    Dxp(dxp::DxpArgs),
    /// Analyse a position: one line per iteration, then the best move.
    #[command(alias = "analyze")]
    Analyse(analyse::AnalyseArgs),
    /// Play a game against the engine in the terminal.
    Play(play::PlayArgs),
    /// Count the move sequences of a given length (move generator check).
    Perft(perft::PerftArgs),
    /// Search a fixed set of positions to a fixed depth: total nodes (the behaviour
    /// checksum) and speed.
    Bench(bench::BenchArgs),
    /// Play two engines against each other over a set of openings: PDN of the games,
    /// wins/draws/losses and the Elo difference.
    Match(matches::MatchArgs),
    /// Opening books: build one by drop-out expansion (resumable), its stats, probe a
    /// position.
    Book(book::BookArgs),
    /// Generate balanced opening positions for matches (one FEN a line).
    Openings(openings::OpeningsArgs),
    /// Endgame databases: build, plan, probe, stats, verify, repack, compare, latency,
    /// convert.
    Egdb(egdb::EgdbArgs),
    /// Tactical templates: learn them, their stats, test them on a suite, rank them by
    /// use, confirm a suite.
    Tactics(tactics::TacticsArgs),
    /// Learn the evaluation: a genetic algorithm (ga), self-play games (selfplay),
    /// labelled positions (data), logistic fitting (fit), pattern tables (patterns),
    /// networks (network), and a network from zero (pipeline).
    Tune(tune::TuneArgs),
    /// How often the engine's search chooses the move played in master games: the
    /// agreement with a 95% interval, by game phase, and the games the PDN reader
    /// refused.
    Agreement(agreement::AgreementArgs),
    /// Review games: every move judged by the engine (inaccuracies, mistakes,
    /// blunders), the shots allowed and missed and the threats made, as a report,
    /// annotated PDN and JSON.
    Review(review::ReviewArgs),
    /// Puzzles from real games: positions where the side to move has a combination
    /// whose first move is the only winning move, as a PDN file; or check a puzzle
    /// file again with a deeper search.
    Puzzles(puzzles::PuzzlesArgs),
    /// A board in the browser: play against the engine or analyse, on
    /// http://127.0.0.1:8080/ by default.
    Serve(serve::ServeArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Hub => hub::run(io::stdin(), Box::new(io::stdout())).map_err(CliError::from),
        Command::Dxp(args) => dxp::run(&args),
        Command::Analyse(args) => analyse::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Book(args) => book::run(&args),
        Command::Openings(args) => openings::run(&args),
        Command::Egdb(args) => egdb::run(&args),
        Command::Tactics(args) => tactics::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Agreement(args) => agreement::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Puzzles(args) => puzzles::run(&args),
        Command::Serve(args) => serve::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader of our output has gone (`draughts perft ... | head`): nothing left
        // to say to anyone.
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("draughts: error: {e}");
            ExitCode::FAILURE
        }
    }
}
