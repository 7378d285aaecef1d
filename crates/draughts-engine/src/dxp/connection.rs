//! One TCP connection that speaks DXP: messages out, whole messages in, with a deadline.

use draughts_dxp::{FrameError, Framer, Message};
use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

/// What waiting for a message brought.
#[derive(Debug)]
pub enum Received {
    /// A message.
    Message(Message),
    /// Bytes that are no message; the stream goes on.
    Bad(FrameError),
    /// The peer closed the connection, or it broke.
    Closed(String),
    /// Nothing complete arrived before the deadline.
    Timeout,
}

/// A DXP connection.
pub struct Connection {
    stream: TcpStream,
    framer: Framer,
    /// What was received and put back to be read again.
    unread: VecDeque<Received>,
    /// The peer's address, for messages.
    pub peer: String,
}

impl Connection {
    /// Wraps an accepted or connected stream.
    ///
    /// # Errors
    /// If the stream's options cannot be set.
    pub fn new(stream: TcpStream) -> io::Result<Connection> {
        stream.set_nodelay(true)?;
        let peer = stream
            .peer_addr()
            .map_or_else(|_| "?".to_string(), |a| a.to_string());
        Ok(Connection {
            stream,
            framer: Framer::default(),
            unread: VecDeque::new(),
            peer,
        })
    }

    /// Connects to `address` (`HOST:PORT`), trying each address it resolves to for
    /// `timeout`.
    ///
    /// # Errors
    /// A message naming the address if no connection is made.
    pub fn connect(address: &str, timeout: Duration) -> Result<Connection, String> {
        let addresses = address
            .to_socket_addrs()
            .map_err(|e| format!("cannot resolve {address}: {e}"))?;
        let mut last = format!("{address} resolves to no address");
        for socket in addresses {
            match TcpStream::connect_timeout(&socket, timeout) {
                Ok(stream) => {
                    return Connection::new(stream)
                        .map_err(|e| format!("cannot set up the connection to {address}: {e}"))
                }
                Err(e) => last = format!("cannot connect to {address}: {e}"),
            }
        }
        Err(last)
    }

    /// Sends `message`.
    ///
    /// # Errors
    /// If the connection is broken.
    pub fn send(&mut self, message: &Message) -> io::Result<()> {
        self.stream.write_all(&message.to_bytes())?;
        self.stream.flush()
    }

    /// Puts `received` back: the next [`Connection::receive`] returns it, in order.
    pub fn unread(&mut self, received: Received) {
        self.unread.push_back(received);
    }

    /// The next message, waiting until `deadline` (for ever with `None`).
    pub fn receive(&mut self, deadline: Option<Instant>) -> Received {
        if let Some(received) = self.unread.pop_front() {
            return received;
        }
        let mut buffer = [0u8; 1024];
        loop {
            match self.framer.next_message() {
                Some(Ok(message)) => return Received::Message(message),
                Some(Err(error)) => return Received::Bad(error),
                None => {}
            }
            let wait = match deadline {
                Some(deadline) => match deadline.checked_duration_since(Instant::now()) {
                    Some(left) if !left.is_zero() => Some(left),
                    _ => return Received::Timeout,
                },
                None => None,
            };
            if let Err(e) = self.stream.set_read_timeout(wait) {
                return Received::Closed(e.to_string());
            }
            match self.stream.read(&mut buffer) {
                Ok(0) => return Received::Closed("the peer closed the connection".into()),
                Ok(n) => self.framer.push(&buffer[..n]),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => return Received::Closed(e.to_string()),
            }
        }
    }

    /// Closes both directions; the peer reads the end of the stream.
    pub fn close(&self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}
