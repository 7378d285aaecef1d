//! Endgame databases: builds a small win/loss/draw database for a variant chosen at run
//! time, then probes positions in it. Every variant of the core has them.
//!
//! ```text
//! cargo run --release --example egdb -- --variant english
//! cargo run --release --example egdb -- --variant russian --pieces 4 --fen "W:WKa1,Kc1:BKh8"
//! ```
//!
//! Builds every slice of up to `--pieces` pieces (default 3: seconds in a release
//! build; 4 takes seconds on the 8x8 boards, minutes on the 10x10 ones, Frisian's about
//! ten) into `--dir`, or into a temporary folder removed afterwards. Then prints the
//! value of each `--fen` position for the side to move, or, with none given, of one
//! random position of each material with the most pieces. A program of its own needs
//! the facade's `egdb` feature: `draughts = { version = "0.1", features = ["egdb"] }`.

use draughts::core::{with_variant, Color, Position, Variant, VariantKind, Wld};
use draughts::egdb::{build, BuildOptions, Database, Material, Sampler};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: egdb [--variant NAME] [--pieces 2..=4] [--dir DIR] [--fen FEN]...";

struct Args {
    variant: VariantKind,
    pieces: u32,
    dir: Option<PathBuf>,
    fens: Vec<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        variant: VariantKind::English,
        pieces: 3,
        dir: None,
        fens: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--variant" => {
                args.variant = value("--variant")?.parse().map_err(|e| format!("{e}"))?
            }
            "--pieces" => {
                let text = value("--pieces")?;
                args.pieces = text
                    .parse()
                    .ok()
                    .filter(|n| (2..=4).contains(n))
                    .ok_or(format!("--pieces takes 2, 3 or 4, not {text:?}"))?;
            }
            "--dir" => args.dir = Some(value("--dir")?.into()),
            "--fen" => args.fens.push(value("--fen")?),
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    Ok(args)
}

fn run<V: Variant>(args: &Args) -> Result<(), String> {
    // Read the positions first, so that a typing error does not wait for the build.
    let positions = if args.fens.is_empty() {
        samples::<V>(args.pieces)
    } else {
        let read = |fen: &String| fen.parse::<Position<V>>().map_err(|e| e.to_string());
        args.fens.iter().map(read).collect::<Result<_, _>>()?
    };

    let temporary = args.dir.is_none();
    let dir = args.dir.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("draughts-egdb-example-{}", std::process::id()))
    });
    let result = build_and_probe(&dir, args.pieces, &positions);
    if temporary {
        // Best effort: a folder left behind in the temporary directory harms nothing.
        let _ = std::fs::remove_dir_all(&dir);
    }
    result
}

fn build_and_probe<V: Variant>(
    dir: &Path,
    pieces: u32,
    positions: &[Position<V>],
) -> Result<(), String> {
    let start = Instant::now();
    let slices = build::<V>(dir, pieces, &BuildOptions::default()).map_err(|e| e.to_string())?;
    let stored: u64 = slices.iter().map(|slice| slice.positions).sum();
    println!(
        "{}: up to {pieces} pieces, {} slice files, {stored} positions stored, in {:.1} s ({})",
        V::NAME,
        slices.len(),
        start.elapsed().as_secs_f64(),
        dir.display()
    );

    let db = Database::<V>::open(dir).map_err(|e| e.to_string())?;
    for pos in positions {
        let value = match db.probe(pos).map_err(|e| e.to_string())? {
            Some(Wld::Win) => "win",
            Some(Wld::Loss) => "loss",
            Some(Wld::Draw) => "draw",
            None => "not in the database",
        };
        let material = Material::of(pos);
        println!(
            "{material:<12} {:<28} {} to move: {value}",
            pos.to_fen(),
            pos.turn()
        );
    }
    Ok(())
}

/// One random position (seeded: the same on every run) of each material of `pieces`
/// pieces that the variant's database holds, White to move.
fn samples<V: Variant>(pieces: u32) -> Vec<Position<V>> {
    let mut sampler = Sampler::new(2024);
    Material::all_with(pieces)
        .into_iter()
        .filter(|material| material.is_covered::<V>())
        .filter_map(|material| (0..1000).find_map(|_| sampler.position(material, Color::White)))
        .collect()
}

fn main() -> ExitCode {
    let result = parse_args().and_then(|args| with_variant!(args.variant, V => run::<V>(&args)));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("egdb: {message}");
            ExitCode::FAILURE
        }
    }
}
