//! Searching a position: the alpha-beta [`Searcher`] with the variant's default
//! evaluation, for any of the fifteen variants, reporting each iteration through its
//! info callback, then the best move.
//!
//! ```text
//! cargo run --release --example search -- --variant international --time 3
//! cargo run --release --example search -- --variant english --fen "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29" --depth 14
//! ```
//!
//! Prints one line per completed iteration (depth, score in men for the side to move,
//! nodes, nodes per second, principal variation), then `best move: ...`. With no limit
//! given it searches for 3 seconds.
//!
//! The evaluation is what the engine plays with by default: the model
//! [`draughts::eval::default_eval`] ships for the variant (International, English),
//! else the hand-set weights (`LinearEval::default`). The variant is picked once, at the
//! edge, by [`with_variant!`]; everything after it is generic code.

use draughts::core::{with_variant, Game, Move, Position, Variant, VariantKind};
use draughts::eval::{default_eval, Score, MAN};
use draughts::search::{plies_to_end, Control, Limits, SearchInfo, Searcher};
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: search [--variant NAME] [--fen FEN] [--depth D] [--nodes N] \
                     [--time SECONDS]";

struct Args {
    variant: VariantKind,
    fen: Option<String>,
    limits: Limits,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        variant: VariantKind::International,
        fen: None,
        limits: Limits::default(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--variant" => {
                args.variant = value("--variant")?.parse().map_err(|e| format!("{e}"))?
            }
            "--fen" => args.fen = Some(value("--fen")?),
            "--depth" => args.limits.depth = Some(number("--depth", &value("--depth")?)?),
            "--nodes" => args.limits.nodes = Some(number("--nodes", &value("--nodes")?)?),
            "--time" => {
                let text = value("--time")?;
                let seconds = text
                    .parse::<f64>()
                    .ok()
                    .and_then(|s| Duration::try_from_secs_f64(s).ok())
                    .ok_or(format!("--time takes seconds such as 2.5, not {text:?}"))?;
                args.limits.move_time = Some(seconds);
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    if args.limits.is_infinite() {
        args.limits.move_time = Some(Duration::from_secs(3));
    }
    Ok(args)
}

fn number<T: std::str::FromStr>(name: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{name} takes a whole number, not {text:?}"))
}

fn run<V: Variant>(args: &Args) -> Result<(), String> {
    let root: Position<V> = match &args.fen {
        Some(fen) => fen.parse().map_err(|e| format!("{e}"))?,
        None => Position::initial(),
    };
    println!("{} {}\n{root}", V::NAME, root.to_fen());
    let eval = default_eval::<V>().unwrap_or_default();
    let searcher = Searcher::with_hash_size(eval, 32);
    // A game holds the history the search needs for repetitions and draw rules; a bare
    // position starts one.
    let game = Game::from_position(root);
    let mut on_iteration = |info: &SearchInfo<V>| {
        println!(
            "depth {:>2}  score {:>8}  nodes {:>10}  nps {:>6.2} M  pv {}",
            info.depth,
            score_text(info.score),
            info.nodes,
            info.nps() / 1e6,
            line_text(&root, &info.pv)
        );
    };
    let result = searcher.search(&game, args.limits, &Control::default(), &mut on_iteration);
    match result.best_move {
        Some(best) => println!(
            "best move: {} (score {}, depth {}, {} nodes in {:.2} s)",
            root.move_text(&best),
            score_text(result.score),
            result.depth,
            result.nodes,
            result.time.as_secs_f64()
        ),
        None => println!("no legal move: {}", game.status()),
    }
    Ok(())
}

/// A score for people: men for the side to move, or the distance to a forced result.
fn score_text(score: Score) -> String {
    match plies_to_end(score) {
        Some(plies) if plies >= 0 => format!("win in {plies}"),
        Some(plies) => format!("loss in {}", -plies),
        None => format!("{:+.2}", f64::from(score) / f64::from(MAN)),
    }
}

/// The moves of `line` as text, each read in the position it is played from.
fn line_text<V: Variant>(root: &Position<V>, line: &[Move<V>]) -> String {
    let mut pos = *root;
    let mut texts = Vec::with_capacity(line.len());
    for mv in line {
        let Ok(next) = pos.play(mv) else { break };
        texts.push(pos.move_text(mv));
        pos = next;
    }
    texts.join(" ")
}

fn main() -> ExitCode {
    let result = parse_args().and_then(|args| with_variant!(args.variant, V => run::<V>(&args)));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("search: {message}");
            ExitCode::FAILURE
        }
    }
}
