//! `draughts dxp`: the DamExchange protocol (FORMATS §5) over TCP, in either role
//! (the sessions are the engine library's [`draughts_engine::dxp`]).
//!
//! - `--listen [HOST:]PORT`: the Follower, the usual engine role: waits for an
//!   Initiator, accepts its GAMEREQ and plays with our engine under the clock the
//!   request gives ([`draughts_engine::dxp::follower`]).
//! - `--connect HOST:PORT`: the Initiator: asks a Follower for a series of games,
//!   colours alternating from the one `--color` gives us first, keeps both clocks, writes PDN and a result line
//!   (`initiator`, with the Follower as a match player,
//!   [`draughts_engine::dxp::remote`]).

mod initiator;

use crate::cli::{CliError, EngineArgs, OpeningBookArgs};
use clap::Args;
use draughts_core::Color;
use draughts_engine::dxp::{follower, DEFAULT_PORT};
use std::net::TcpListener;
use std::path::PathBuf;

/// The options of `draughts dxp`.
#[derive(Args, Debug)]
#[command(group = clap::ArgGroup::new("role").required(true))]
pub struct DxpArgs {
    /// Be the Follower: listen on [HOST:]PORT (HOST defaults to 127.0.0.1, PORT to
    /// 27531 when only a host is given with a trailing colon).
    #[arg(long, value_name = "[HOST:]PORT", group = "role")]
    listen: Option<String>,
    /// Be the Initiator: connect to a Follower at HOST:PORT and play a series of games.
    #[arg(long, value_name = "HOST:PORT", group = "role")]
    connect: Option<String>,
    /// Follower: serve one connection, then exit.
    #[arg(long, requires = "listen")]
    once: bool,
    /// Initiator: games to play, colours alternating (see `--color`).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// Initiator: our colour in the first game, `white` or `black` (the Follower takes
    /// the other); the games after it alternate.
    #[arg(long, default_value = "white", value_parser = crate::play::parse_color)]
    color: Color,
    /// Initiator: minutes per side for each game.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=999))]
    minutes: u16,
    /// Initiator: the move limit sent in GAMEREQ (0: none); a game that reaches it is
    /// adjudicated a draw (Scan reads it as moves per time period).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=999))]
    moves: u16,
    /// Initiator: start the games from this position (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Initiator: write the games to this PDN file.
    #[arg(long, value_name = "FILE")]
    pdn: Option<PathBuf>,
    /// Our name in GAMEREQ and GAMEACC (default: draughts and its version).
    #[arg(long)]
    name: Option<String>,
    /// Search to this depth instead of by the clock.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    depth: Option<u32>,
    /// Search this many nodes instead of by the clock.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    book: OpeningBookArgs,
}

/// Runs `draughts dxp`.
pub fn run(args: &DxpArgs) -> Result<(), CliError> {
    let name = args
        .name
        .clone()
        .unwrap_or_else(|| format!("draughts {}", env!("CARGO_PKG_VERSION")));
    let options = args.book.apply(args.engine.options());
    if let Some(address) = &args.listen {
        let address = listen_address(address)?;
        let listener =
            TcpListener::bind(&address).map_err(|e| format!("cannot listen on {address}: {e}"))?;
        let mut follower = follower::Follower {
            engine: draughts_engine::session::EngineSession::from_options(&options)
                .map_err(|e| e.to_string())?,
            name,
            fixed: draughts_search::Limits {
                depth: args.depth,
                nodes: args.nodes,
                ..draughts_search::Limits::default()
            },
        };
        log(&format!(
            "listening on {}",
            listener.local_addr().map_or(address, |a| a.to_string())
        ));
        follower.serve(&listener, args.once)?;
        return Ok(());
    }
    let address = args.connect.clone().unwrap_or_default();
    initiator::run(args, &address, name, options)
}

/// `PORT`, `HOST:PORT` or `HOST:` as an address to bind: the host defaults to the
/// loopback interface, the port to [`DEFAULT_PORT`].
fn listen_address(text: &str) -> Result<String, String> {
    let text = text.trim();
    let (host, port) = match text.rsplit_once(':') {
        Some((host, port)) => (host, port),
        None if text.bytes().all(|b| b.is_ascii_digit()) => ("", text),
        None => (text, ""),
    };
    let host = if host.is_empty() { "127.0.0.1" } else { host };
    let port = if port.is_empty() {
        DEFAULT_PORT
    } else {
        port.parse::<u16>()
            .map_err(|_| format!("{text:?}: {port:?} is not a port number (0 to 65535)"))?
    };
    Ok(format!("{host}:{port}"))
}

/// A line on standard error about the session.
fn log(text: &str) {
    eprintln!("dxp: {text}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listen_addresses() {
        assert_eq!(listen_address("27531").unwrap(), "127.0.0.1:27531");
        assert_eq!(listen_address("0.0.0.0:4000").unwrap(), "0.0.0.0:4000");
        assert_eq!(listen_address("localhost:").unwrap(), "localhost:27531");
        assert_eq!(listen_address("localhost").unwrap(), "localhost:27531");
        assert!(listen_address("host:port").is_err());
        assert!(listen_address("99999").is_err());
    }
}
