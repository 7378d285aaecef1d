//! Perft from the command line:
//!
//! ```text
//! cargo run --release --example perft -- --variant international|english [--fen FEN] --depth D [--divide]
//! ```
//!
//! Prints one line per depth, then `perft(D) = N` with the time and leaves per second.

use draughts::core::{divide, perft, English, International, Position, Variant};
use std::process::ExitCode;
use std::time::Instant;

struct Args {
    variant: String,
    fen: Option<String>,
    depth: u32,
    divide: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        variant: "international".into(),
        fen: None,
        depth: 6,
        divide: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--variant" => args.variant = value("--variant")?,
            "--fen" => args.fen = Some(value("--fen")?),
            "--depth" => {
                let text = value("--depth")?;
                args.depth = text
                    .parse()
                    .map_err(|_| format!("--depth takes a whole number, not {text:?}"))?;
            }
            "--divide" => args.divide = true,
            "-h" | "--help" => {
                return Err("usage: perft --variant international|english [--fen FEN] \
                            --depth D [--divide]"
                    .into())
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    Ok(args)
}

fn run<V: Variant>(args: &Args) -> Result<(), String> {
    let pos: Position<V> = match &args.fen {
        Some(fen) => fen.parse().map_err(|e| format!("{e}"))?,
        None => Position::initial(),
    };
    println!("{pos}");
    println!("{}", pos.to_fen());
    if args.divide {
        let start = Instant::now();
        let mut total = 0;
        for (mv, n) in divide(&pos, args.depth) {
            println!("{:<20} {n}", pos.move_text(&mv));
            total += n;
        }
        report(args.depth, total, start);
        return Ok(());
    }
    let mut last = (0, Instant::now());
    for depth in 1..=args.depth {
        let start = Instant::now();
        let n = perft(&pos, depth);
        let secs = start.elapsed().as_secs_f64();
        println!("depth {depth:>2} {n:>14} {secs:>9.3} s");
        last = (n, start);
    }
    report(args.depth, last.0, last.1);
    Ok(())
}

fn report(depth: u32, leaves: u64, start: Instant) {
    let secs = start.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {leaves}  ({secs:.3} s, {:.1} M leaves/s)",
        leaves as f64 / secs.max(1e-9) / 1e6
    );
}

fn main() -> ExitCode {
    let result = parse_args().and_then(|args| match args.variant.as_str() {
        "international" | "10x10" => run::<International>(&args),
        "english" | "checkers" | "8x8" => run::<English>(&args),
        other => Err(format!(
            "unknown variant {other:?}: use international or english"
        )),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("perft: {message}");
            ExitCode::FAILURE
        }
    }
}
