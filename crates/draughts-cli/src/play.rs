//! `draughts play`: a person against the engine in the terminal.

use crate::analyse::pdn_line;
use crate::cli::{parse_seconds, parse_variant, CliError, EngineArgs, OpeningBookArgs};
use clap::Args;
use draughts_core::with_variant;
use draughts_core::{Color, Game, Geometry, Piece, Position, Square, Variant, VariantKind};
use draughts_engine::engine::human_score;
use draughts_engine::session::EngineSession;
use draughts_search::{Control, Limits, Source};
use std::io::{self, BufRead, Write};
use std::time::Duration;

/// The options of `draughts play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// Your colour (default: the side that moves first, White in International, Black
    /// in English).
    #[arg(long, value_parser = parse_color)]
    color: Option<Color>,
    /// The engine's time per move in seconds.
    #[arg(long, default_value_t = 2.0, value_parser = parse_seconds)]
    time: f64,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    book: OpeningBookArgs,
}

/// `white`/`w` or `black`/`b`, in any case.
pub(crate) fn parse_color(text: &str) -> Result<Color, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(format!("{text:?} is not a colour: use white or black")),
    }
}

/// Runs `draughts play`: a game against a person in the terminal.
///
/// # Errors
/// A bad option, an engine file that cannot be used, or when the terminal cannot be
/// read or written.
pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    with_variant!(args.variant, V => run_variant::<V>(args))
}

const HELP: &str = "Type a move in PDN notation (32-28, 28x19, or the full path 28x19x10 \
when two captures share their ends), or: moves (list the legal moves), undo (take back \
your last move), help, quit.";

fn run_variant<V: Variant>(args: &PlayArgs) -> Result<(), CliError> {
    let options = args.book.apply(args.engine.options());
    let engine = EngineSession::<V>::from_options(&options).map_err(|e| e.to_string())?;
    let human = args.color.unwrap_or(V::FIRST_TO_MOVE);
    let limits = Limits::move_time(Duration::from_secs_f64(args.time));
    let mut game = Game::<V>::new();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{} draughts: you play {human}, the engine {}. {HELP}",
        capitalised(V::NAME),
        !human
    )?;
    loop {
        writeln!(out)?;
        write!(out, "{}", diagram(game.position()))?;
        let status = game.status();
        if status.is_over() {
            let token = game.result().pdn_token::<V>();
            writeln!(out, "Game over: {status} ({token}).")?;
            let moves: Vec<String> = pdn_line(game.start(), game.moves());
            writeln!(out, "Moves: {}", moves.join(" "))?;
            return Ok(());
        }
        let pos = *game.position();
        if pos.turn() != human {
            writeln!(out, "The engine thinks...")?;
            out.flush()?;
            let result = engine.search(&game, limits, &Control::default(), &mut |_| {});
            let Some(mv) = result.best_move else {
                return Err("the engine found no move".to_string().into());
            };
            let how = match result.source {
                Source::Book => "from its book".to_string(),
                Source::Search => format!("depth {}", result.depth),
            };
            writeln!(
                out,
                "The engine plays {} (score {}, {how}).",
                pos.move_text(&mv),
                human_score(result.score),
            )?;
            game.play(&mv).map_err(|e| e.to_string())?;
            continue;
        }
        loop {
            write!(out, "Your move ({human}): ")?;
            out.flush()?;
            let mut line = String::new();
            match input.read_line(&mut line) {
                Ok(0) => {
                    writeln!(out)?;
                    return Ok(());
                }
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                    writeln!(out, "That is not text; {HELP}")?;
                    continue;
                }
                Err(e) => return Err(e.into()),
            }
            let text = line.trim();
            match text.to_ascii_lowercase().as_str() {
                "" => continue,
                "quit" | "exit" | "q" => return Ok(()),
                "help" | "?" => writeln!(out, "{HELP}")?,
                "moves" => {
                    let moves: Vec<String> =
                        pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
                    writeln!(out, "Legal moves: {}", moves.join(" "))?;
                }
                "undo" => {
                    if undo_to(&mut game, human) {
                        break;
                    }
                    writeln!(out, "Nothing to take back.")?;
                }
                _ => match game.play_text(text) {
                    Ok(()) => break,
                    Err(e) => writeln!(out, "{e}. Type moves for the legal moves, help for help.")?,
                },
            }
        }
    }
}

/// Takes back moves until it is `human`'s turn again, at least one of theirs undone;
/// `false` if there was nothing of theirs to take back.
fn undo_to<V: Variant>(game: &mut Game<V>, human: Color) -> bool {
    let theirs = game
        .positions()
        .iter()
        .take(game.moves().len())
        .any(|p| p.turn() == human);
    if !theirs {
        return false;
    }
    while game.undo().is_some() {
        if game.position().turn() == human {
            break;
        }
    }
    true
}

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The board with its pieces (`w b` men, `W B` kings, `.` empty) and, beside it, the
/// square numbers where the board has them (mirrored in Italian, from White's bottom
/// right in Spanish, every square in Turkish); White at the bottom.
pub fn diagram<V: Variant>(pos: &Position<V>) -> String {
    let side = <V::Board as Geometry>::SIDE;
    let mut text = String::new();
    for row in 0..side {
        let mut line = String::from("   ");
        let mut numbers = String::from("    ");
        for col in 0..side {
            if let Some(number) = <V::Board as Geometry>::square_at(row, col) {
                let piece = Square::new(number).and_then(|s| pos.piece_at(s));
                line.push(piece.map_or('.', Piece::letter));
                line.push(' ');
                numbers.push_str(&format!("{number:>3}"));
            } else {
                line.push_str("  ");
                numbers.push_str("   ");
            }
        }
        line.push_str(&numbers);
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text.push_str(&format!(
        "   {} to move\n",
        capitalised(&pos.turn().to_string())
    ));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International, Italian, Spanish};

    #[test]
    fn diagrams() {
        let board = diagram(&Position::<International>::initial());
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines.len(), 11);
        assert!(lines[0].contains(" b ") && lines[0].ends_with(" 5"));
        assert!(lines[9].trim_start().starts_with('w') && lines[9].ends_with("50"));
        assert!(lines[4].contains('.'));
        assert_eq!(lines[10], "   White to move");
        let english = diagram(&Position::<English>::initial());
        assert_eq!(english.lines().count(), 9);
        assert!(english.lines().nth(7).unwrap().ends_with("32"));
        // The mirrored board: Italian's 1 is the top-left corner, Spanish's the
        // bottom-right one, White's men on 1-12 at the bottom.
        let italian = diagram(&Position::<Italian>::initial());
        let spanish = diagram(&Position::<Spanish>::initial());
        let (top, bottom) = (
            |d: &str| d.lines().next().unwrap().to_string(),
            |d: &str| d.lines().nth(7).unwrap().to_string(),
        );
        assert_eq!(
            top(&italian),
            "   b   b   b   b         1     2     3     4"
        );
        assert_eq!(
            bottom(&italian),
            "     w   w   w   w         29    30    31    32"
        );
        assert_eq!(
            top(&spanish),
            "   b   b   b   b        32    31    30    29"
        );
        assert_eq!(
            bottom(&spanish),
            "     w   w   w   w          4     3     2     1"
        );
    }

    #[test]
    fn undo_returns_to_the_human() {
        let mut game = Game::<International>::new();
        assert!(!undo_to(&mut game, Color::White));
        game.play_text("32-28").unwrap();
        game.play_text("19-23").unwrap();
        assert!(undo_to(&mut game, Color::White));
        assert!(game.moves().is_empty());
        // Playing Black: the engine's first move stays.
        game.play_text("32-28").unwrap();
        assert!(!undo_to(&mut game, Color::Black));
        game.play_text("19-23").unwrap();
        game.play_text("28x19").unwrap();
        assert!(undo_to(&mut game, Color::Black));
        assert_eq!(game.moves().len(), 1);
    }
}
