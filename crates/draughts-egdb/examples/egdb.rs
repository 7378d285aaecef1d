//! The database tools as a small command line, until the engine's `draughts egdb` wires
//! the same library calls:
//!
//! ```text
//! cargo run --release -p draughts-egdb --example egdb -- build --variant english --pieces 4 --out egdb [--threads 2]
//! cargo run --release -p draughts-egdb --example egdb -- stats --variant english --dir egdb
//! cargo run --release -p draughts-egdb --example egdb -- verify --variant english --dir egdb
//! echo "W:WK1,K2:BK32" | cargo run --release -p draughts-egdb --example egdb -- probe --variant english --dir egdb
//! ```

use draughts_core::{Color, English, International, Piece, Position, Square, Variant};
use draughts_egdb::{build, wld_letter, BuildOptions, Database};
use std::io::{BufRead, Write};
use std::time::Instant;

fn main() {
    if let Err(e) = run() {
        eprintln!("egdb: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = args
        .first()
        .ok_or("usage: egdb build|probe|stats|verify --variant V ...")?;
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let variant = option("--variant").unwrap_or_else(|| "international".into());
    match variant.as_str() {
        "international" => command_for::<International>(command, &option),
        "english" => command_for::<English>(command, &option),
        other => Err(format!("unknown variant {other:?} (international or english)").into()),
    }
}

fn command_for<V: Variant>(
    command: &str,
    option: &dyn Fn(&str) -> Option<String>,
) -> Result<(), Box<dyn std::error::Error>> {
    let dir = option("--out")
        .or_else(|| option("--dir"))
        .unwrap_or_else(|| "egdb".into());
    let threads: usize = option("--threads").map_or(Ok(0), |t| t.parse())?;
    match command {
        "build" => {
            let pieces: u32 = option("--pieces")
                .ok_or("--pieces N is required")?
                .parse()?;
            let start = Instant::now();
            let options = BuildOptions {
                threads,
                progress: true,
            };
            for r in build::<V>(&dir, pieces, &options)? {
                if r.built {
                    println!(
                        "{}: built in {:.2}s, {} positions, {} exceptions, {} bytes",
                        r.material, r.seconds, r.positions, r.exceptions, r.bytes
                    );
                }
            }
            println!("done in {:.2}s", start.elapsed().as_secs_f64());
        }
        "stats" => {
            let db = Database::<V>::open(&dir)?;
            let mut by_pieces = std::collections::BTreeMap::<u32, [u64; 6]>::new();
            for s in db.stats() {
                println!("{s}");
                let t = by_pieces.entry(s.material.pieces()).or_default();
                for (acc, x) in t.iter_mut().zip([
                    s.positions,
                    s.wins,
                    s.losses,
                    s.draws,
                    s.exceptions,
                    s.bytes,
                ]) {
                    *acc += x;
                }
            }
            for (pieces, t) in by_pieces {
                println!(
                    "{pieces} pieces: {} positions, {} wins, {} losses, {} draws, {} exceptions, {} bytes ({:.3} bits/position)",
                    t[0], t[1], t[2], t[3], t[4], t[5], t[5] as f64 * 8.0 / t[0].max(1) as f64
                );
            }
        }
        "verify" => {
            let db = Database::<V>::open(&dir)?;
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()?;
            let start = Instant::now();
            let stats = pool.install(|| db.verify(true))?;
            println!(
                "{} slices verified in {:.2}s",
                stats.len(),
                start.elapsed().as_secs_f64()
            );
        }
        "probe" => {
            let db = Database::<V>::open(&dir)?;
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            for line in std::io::stdin().lock().lines() {
                let line = line?;
                let fen = line.trim();
                if fen.is_empty() {
                    continue;
                }
                match fen.parse::<Position<V>>() {
                    Ok(pos) => writeln!(out, "{fen} {}", wld_letter(db.probe(&pos)?))?,
                    Err(e) => writeln!(out, "{fen} ? ({e})")?,
                }
            }
        }
        "latency" => {
            let db = Database::<V>::open(&dir)?;
            let pieces: u32 = option("--pieces").map_or(Ok(db.max_pieces()), |p| p.parse())?;
            latency(&db, pieces)?;
        }
        other => return Err(format!("unknown command {other:?}").into()),
    }
    Ok(())
}

/// Median and tail latency of single probes of random positions with `pieces` pieces,
/// by kind: quiet, the side to move must capture, only the opponent threatens one.
fn latency<V: Variant>(db: &Database<V>, pieces: u32) -> Result<(), Box<dyn std::error::Error>> {
    let materials: Vec<_> = db.materials().filter(|m| m.pieces() == pieces).collect();
    let squares =
        Position::<V>::initial().empty().len() + Position::<V>::initial().occupied().len();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut classes: [Vec<Position<V>>; 3] = Default::default();
    let wanted = 20_000;
    for _ in 0..10_000_000 {
        if classes.iter().all(|c| c.len() >= wanted) {
            break;
        }
        let m = materials[next(materials.len())];
        let counts = [m.white_men, m.white_kings, m.black_men, m.black_kings];
        let kinds = [
            Piece::WHITE_MAN,
            Piece::WHITE_KING,
            Piece::BLACK_MAN,
            Piece::BLACK_KING,
        ];
        let mut placed = Vec::new();
        for (k, &n) in counts.iter().enumerate() {
            for _ in 0..n {
                placed.push((
                    Square::new(next(squares) as u8 + 1).ok_or("square")?,
                    kinds[k],
                ));
            }
        }
        let turn = if next(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let Ok(pos) = Position::<V>::from_pieces(turn, placed) else {
            continue;
        };
        if pos.piece_count() != pieces {
            continue;
        }
        let class = if pos.has_capture() {
            1
        } else if pos.opponent_has_capture() {
            2
        } else {
            0
        };
        if classes[class].len() < wanted {
            classes[class].push(pos);
        }
    }
    for (name, positions) in ["quiet", "capture", "threat"].iter().zip(&classes) {
        for pos in positions {
            db.probe(pos)?;
        }
        let mut times: Vec<u128> = positions
            .iter()
            .map(|pos| {
                let start = Instant::now();
                let v = db.probe(pos);
                let t = start.elapsed().as_nanos();
                std::hint::black_box(v).ok();
                t
            })
            .collect();
        times.sort_unstable();
        let at = |q: f64| {
            times
                .get(((times.len() as f64 - 1.0) * q) as usize)
                .copied()
                .unwrap_or(0)
        };
        println!(
            "{} {pieces} pieces, {name}: {} positions, median {} ns, p90 {} ns, p99 {} ns, max {} ns",
            V::NAME,
            times.len(),
            at(0.5),
            at(0.9),
            at(0.99),
            at(1.0)
        );
    }
    Ok(())
}
