//! Perft: counts the move sequences of a given length from a position, for any of the
//! fifteen variants, chosen at run time ([`VariantKind`], [`AnyPosition`]).
//!
//! ```text
//! cargo run --release --example perft -- --variant brazilian --depth 8
//! cargo run --release --example perft -- --variant international --fen "W:W30:B11,22,23,24,33,34" --depth 3 --divide
//! ```
//!
//! Prints the board, then one line per depth with its time, then `perft(D) = N` with
//! the leaves per second; `--divide` splits the last depth by first move instead.
//! Moves with the same start, end and captured pieces count once.

use draughts::core::{AnyPosition, VariantKind};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: perft [--variant NAME] [--fen FEN] [--depth D] [--divide]";

struct Args {
    variant: VariantKind,
    fen: Option<String>,
    depth: u32,
    divide: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        variant: VariantKind::International,
        fen: None,
        depth: 6,
        divide: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--variant" => {
                args.variant = value("--variant")?.parse().map_err(|e| format!("{e}"))?
            }
            "--fen" => args.fen = Some(value("--fen")?),
            "--depth" => {
                let text = value("--depth")?;
                args.depth = text
                    .parse()
                    .map_err(|_| format!("--depth takes a whole number, not {text:?}"))?;
            }
            "--divide" => args.divide = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    Ok(args)
}

fn run(args: &Args) -> Result<(), String> {
    if args.divide && args.depth == 0 {
        return Err("--divide needs --depth 1 or more".into());
    }
    let pos = match &args.fen {
        Some(fen) => AnyPosition::from_fen(args.variant, fen).map_err(|e| e.to_string())?,
        None => AnyPosition::initial(args.variant),
    };
    println!("{} {}\n{pos}", args.variant, pos.to_fen());
    // The summary times the last depth alone (or the divide).
    let (leaves, secs) = if args.divide {
        let start = Instant::now();
        let moves = pos.divide(args.depth);
        for (text, count) in &moves {
            println!("{text:<20} {count}");
        }
        let leaves = moves.iter().map(|(_, count)| count).sum();
        (leaves, start.elapsed().as_secs_f64())
    } else {
        let mut last = (pos.perft(0), 0.0);
        for depth in 1..=args.depth {
            let start = Instant::now();
            let leaves = pos.perft(depth);
            let secs = start.elapsed().as_secs_f64();
            println!("depth {depth:>2} {leaves:>14} {secs:>9.3} s");
            last = (leaves, secs);
        }
        last
    };
    println!(
        "perft({}) = {leaves}  ({secs:.3} s, {:.1} M leaves/s)",
        args.depth,
        leaves as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

fn main() -> ExitCode {
    match parse_args().and_then(|args| run(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("perft: {message}");
            ExitCode::FAILURE
        }
    }
}
