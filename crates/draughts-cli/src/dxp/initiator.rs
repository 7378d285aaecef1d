//! The Initiator: a series of games against a Follower, colours alternating from the
//! one `--color` gives us first (GAMEREQ names the Follower's), both clocks kept here;
//! PDN of the games and a result line.

use super::{log, DxpArgs};
use crate::cli::CliError;
use draughts_core::{Color, International, Position};
use draughts_engine::dxp::remote::{RemoteFollower, RemoteSpec};
use draughts_engine::engine::EngineOptions;
use draughts_engine::game::{self, Ending, Fault, Player, Rules, TimeControl};
use draughts_engine::players::{self as player, spec::PlayerSpec};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::time::Duration;

/// Games still going after this many plies are adjudicated drawn when no move limit
/// is given.
const MAX_PLIES: usize = 400;

/// Plays `args.games` games against the Follower at `address`.
pub fn run(
    args: &DxpArgs,
    address: &str,
    name: String,
    options: EngineOptions,
) -> Result<(), CliError> {
    let start: Position<International> = match &args.fen {
        Some(fen) => fen.parse().map_err(|e| format!("--fen {fen:?}: {e}"))?,
        None => Position::initial(),
    };
    let spec = PlayerSpec::internal(options, args.depth, args.nodes);
    let mut ours = player::build::<International>(&spec)?;
    let mut remote = RemoteFollower::<International>::new(RemoteSpec {
        address: address.to_string(),
        minutes: Some(args.minutes),
        move_limit: args.moves,
        initiator: name.clone(),
    });
    // Connects before the first game, so that a Follower out of reach is an error
    // rather than a forfeit.
    remote.new_game().map_err(|fault| match fault {
        Fault::Crash(why) | Fault::Illegal(why) | Fault::Time(why) => why,
    })?;
    let time = Duration::from_secs(u64::from(args.minutes) * 60);
    let rules = Rules {
        time_control: TimeControl::Clock {
            time,
            increment: Duration::ZERO,
        },
        move_timeout: time,
        fixed_timeout: time,
        max_plies: match args.moves {
            0 => MAX_PLIES,
            moves => 2 * usize::from(moves),
        },
    };
    let mut pdn = match &args.pdn {
        Some(path) => {
            Some(BufWriter::new(File::create(path).map_err(|e| {
                format!("cannot write {}: {e}", path.display())
            })?))
        }
        None => None,
    };
    // Our wins, draws, losses.
    let mut score = [0u32; 3];
    for index in 0..args.games {
        let we_white = (index % 2 == 0) == (args.color == Color::White);
        let played = if we_white {
            game::play(start, &mut *ours, &mut remote, &rules)
        } else {
            game::play(start, &mut remote, &mut *ours, &rules)
        };
        let ours_color = if we_white { Color::White } else { Color::Black };
        let theirs = remote.name.clone().unwrap_or_else(|| address.to_string());
        let (white, black) = if we_white {
            (name.as_str(), theirs.as_str())
        } else {
            (theirs.as_str(), name.as_str())
        };
        match played.result.winner() {
            Some(color) if color == ours_color => score[0] += 1,
            Some(_) => score[2] += 1,
            None => score[1] += 1,
        }
        let ending = played.ending_text(|color| color.to_string());
        println!(
            "game {}/{}: {white} - {black} {} after {} plies ({ending})",
            index + 1,
            args.games,
            played.result.pdn_token::<International>(),
            played.game.moves().len()
        );
        if let Some(file) = &mut pdn {
            let event = format!("{white} vs {black} (DXP)");
            let round = (index + 1).to_string();
            let tags = [
                ("Event", event.as_str()),
                ("Site", "draughts dxp"),
                ("Round", round.as_str()),
                ("White", white),
                ("Black", black),
            ];
            let text = played.pdn(&tags, ending.clone());
            writeln!(file, "{text}")
                .and_then(|()| file.flush())
                .map_err(|e| format!("cannot write the PDN file: {e}"))?;
        }
        if let Ending::NoStart(_, fault) = &played.ending {
            log(&format!("the series stops: {fault}"));
            break;
        }
    }
    let theirs = remote.name.clone().unwrap_or_else(|| address.to_string());
    let [wins, draws, losses] = score;
    let games = wins + draws + losses;
    let points = f64::from(wins) + f64::from(draws) / 2.0;
    println!("Result: {name} vs {theirs}: +{wins} ={draws} -{losses}, {points:.1}/{games}");
    Ok(())
}
