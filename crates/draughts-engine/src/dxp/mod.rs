//! The DamExchange protocol (FORMATS §5) over TCP, in either role: the [`follower`]
//! serves an Initiator's games with our engine under the clock its GAMEREQ gives; the
//! [`remote`] Follower is a match player across the network, for our Initiator.
//!
//! The messages and the framing of the byte stream are the `draughts_dxp` crate's.

mod connection;
pub mod follower;
pub mod remote;

/// The port DXP engines listen on.
pub const DEFAULT_PORT: u16 = 27531;

/// A line on standard error about the session.
fn log(text: &str) {
    eprintln!("dxp: {text}");
}
