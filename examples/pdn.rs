//! Reading PDN: replays the main line of every game of a file with the core's PDN reader,
//! in the variant its `GameType` tag names, and prints the moves and the final position;
//! a game the reader refuses is reported with its typed error ([`PdnError`]), and the
//! games after it are read all the same.
//!
//! ```text
//! cargo run --example pdn                                  # a few built-in games
//! cargo run --release --example pdn -- games.pdn --limit 20
//! cargo run --release --example pdn -- brazilian.pdn --variant brazilian
//! ```
//!
//! Without `--variant`, a game without a `GameType` tag (or with one we do not play) is
//! read as International; with it, every game is read as that variant, and a game whose
//! tag names another is refused.

use draughts::core::pdn::{PdnError, PdnGame, PdnReader};
use draughts::core::{with_variant, AnyGame, AnyMove, AnyPosition, VariantKind};
use std::process::ExitCode;

/// Played when no file is given: three variants, and a game with an illegal move.
const BUILT_IN: &str = r#"[Event "built-in"]
[White "Sijbrands"]
[Black "Baljakin"]
[GameType "20"]
1. 32-28 19-23 2. 28x19 14x23 {the usual} 3. 37-32 (3. 33-28 23x32) 3... 10-14 1-1

[White "Tinsley"]
[Black "Chinook"]
[GameType "21"]
1. 11-15 23-19 2. 8-11 22-17 *

[GameType "25"]
1. c3-d4 f6-e5 2. d4xf6 g7xe5 *

[Event "an illegal second move"]
[GameType "21"]
1. 11-15 21-18 *
"#;

const USAGE: &str = "usage: pdn [FILE] [--variant NAME] [--limit GAMES]";

struct Args {
    file: Option<String>,
    variant: Option<VariantKind>,
    limit: usize,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        file: None,
        variant: None,
        limit: usize::MAX,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--variant" => {
                let kind = value("--variant")?.parse().map_err(|e| format!("{e}"))?;
                args.variant = Some(kind);
            }
            "--limit" => {
                let text = value("--limit")?;
                args.limit = text
                    .parse()
                    .map_err(|_| format!("--limit takes a whole number, not {text:?}"))?;
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            flag if flag.starts_with('-') => {
                return Err(format!("unknown argument {flag:?}\n{USAGE}"))
            }
            file if args.file.is_none() => args.file = Some(file.to_string()),
            extra => return Err(format!("one file at a time, not also {extra:?}")),
        }
    }
    Ok(args)
}

fn run(args: &Args) -> Result<(), String> {
    let bytes = match &args.file {
        Some(path) => std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?,
        None => BUILT_IN.as_bytes().to_vec(),
    };
    let (mut replayed, mut refused) = (0, 0);
    for read in PdnReader::from_bytes(&bytes).take(args.limit) {
        match read.and_then(|pdn| replay(&pdn, args.variant).map(|game| (pdn, game))) {
            Ok((pdn, game)) => {
                replayed += 1;
                print_game(&pdn, &game);
            }
            Err(error) => {
                refused += 1;
                println!("refused ({}): {error}\n", error.reason());
            }
        }
    }
    println!("games: {replayed} replayed, {refused} refused");
    Ok(())
}

/// The main line of `pdn` as a game of `variant`, or of the variant its `GameType` tag
/// names (International if none).
fn replay(pdn: &PdnGame, variant: Option<VariantKind>) -> Result<AnyGame, PdnError> {
    match variant {
        Some(kind) => with_variant!(kind, V => pdn.to_game::<V>().map(AnyGame::from)),
        None => AnyGame::from_pdn(pdn, VariantKind::International),
    }
}

fn print_game(pdn: &PdnGame, game: &AnyGame) {
    let player = |tag| pdn.tag(tag).unwrap_or("?");
    println!(
        "game {} ({}): {} - {}, {}",
        pdn.index,
        game.kind(),
        player("White"),
        player("Black"),
        pdn.result_text().unwrap_or("*")
    );
    println!("{}", numbered(game.start(), &game.moves()));
    let end = game.position();
    println!("{}\nfinal: {} ({})\n", end, end.to_fen(), game.status());
}

/// The moves with their numbers, as PDN writes them: `1. 32-28 19-23 2. 28x19`.
fn numbered(start: AnyPosition, moves: &[AnyMove]) -> String {
    let first_mover = AnyPosition::initial(start.kind()).turn();
    let offset = usize::from(start.turn() != first_mover);
    let mut text = String::new();
    for (ply, mv) in moves.iter().enumerate() {
        let half = ply + offset;
        if half % 2 == 0 {
            text += &format!("{}. ", half / 2 + 1);
        } else if ply == 0 {
            text += &format!("{}... ", half / 2 + 1);
        }
        text += &format!("{mv} ");
    }
    text.trim_end().to_string()
}

fn main() -> ExitCode {
    match parse_args().and_then(|args| run(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("pdn: {message}");
            ExitCode::FAILURE
        }
    }
}
