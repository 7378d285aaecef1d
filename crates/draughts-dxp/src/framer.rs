//! Cutting a TCP byte stream into DXP messages: each ends with a NUL, one read may hold
//! part of a message or several, and some clients add line breaks around the NUL.

use crate::message::{Message, MessageError, MAX_LENGTH};

/// The most bytes kept while waiting for a NUL: the protocol's limit with room for
/// sloppy clients (longer names, line breaks); past it the message is dropped.
pub const MAX_FRAME: usize = 4 * (MAX_LENGTH + 1);

/// Why the bytes between two NULs are no message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    /// More than [`MAX_FRAME`] bytes without a NUL; they are skipped up to the next.
    #[error("a DXP message longer than {MAX_FRAME} bytes (no NUL) was skipped")]
    TooLong,
    /// The bytes read as no message.
    #[error(transparent)]
    Message(#[from] MessageError),
}

/// Collects bytes as they arrive and hands out whole messages.
///
/// ```
/// use draughts_dxp::{Framer, Message};
///
/// let mut framer = Framer::default();
/// framer.push(b"K0\0E2");
/// assert_eq!(framer.next_message(), Some(Ok(Message::parse("K0")?)));
/// assert_eq!(framer.next_message(), None);
/// framer.push(b"0\0");
/// assert_eq!(framer.next_message(), Some(Ok(Message::parse("E20")?)));
/// # Ok::<(), draughts_dxp::MessageError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Framer {
    /// Bytes received and not yet handed out.
    buffer: Vec<u8>,
    /// Whether the message being received has passed [`MAX_FRAME`] and is skipped.
    skipping: bool,
    /// Whether the skipped message has been reported.
    reported: bool,
}

impl Framer {
    /// Adds bytes as read from the stream.
    pub fn push(&mut self, bytes: &[u8]) {
        self.buffer.extend_from_slice(bytes);
    }

    /// The next complete message, if one has arrived; `None` until more bytes come.
    /// Empty messages (a NUL alone, line breaks) are skipped.
    ///
    /// # Errors
    /// [`FrameError::TooLong`] once for an over-long message, and
    /// [`FrameError::Message`] for one that does not read; the stream goes on with
    /// the next.
    pub fn next_message(&mut self) -> Option<Result<Message, FrameError>> {
        loop {
            let Some(end) = self.buffer.iter().position(|&b| b == 0) else {
                if self.buffer.len() > MAX_FRAME {
                    self.buffer.clear();
                    self.skipping = true;
                }
                return self.report_skip();
            };
            let frame: Vec<u8> = self.buffer.drain(..=end).collect();
            if std::mem::take(&mut self.skipping) {
                // The end of an over-long message.
                if let Some(error) = self.report_skip() {
                    self.reported = false;
                    return Some(error);
                }
                self.reported = false;
                continue;
            }
            if end > MAX_FRAME {
                return Some(Err(FrameError::TooLong));
            }
            let text = String::from_utf8_lossy(&frame[..end]);
            if text
                .trim_matches(|c: char| c.is_ascii_whitespace())
                .is_empty()
            {
                continue;
            }
            return Some(Message::parse(&text).map_err(FrameError::from));
        }
    }

    /// Reports a skipped message once.
    fn report_skip(&mut self) -> Option<Result<Message, FrameError>> {
        if self.skipping && !self.reported {
            self.reported = true;
            return Some(Err(FrameError::TooLong));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn drain(framer: &mut Framer) -> Vec<Result<Message, FrameError>> {
        std::iter::from_fn(|| framer.next_message()).collect()
    }

    #[test]
    fn split_and_merged_reads() {
        let stream = b"R01Referee                         Z010000A\0M0003322800\0CHello there\0";
        let whole = drain(&mut {
            let mut f = Framer::default();
            f.push(stream);
            f
        });
        assert_eq!(whole.len(), 3);
        assert!(whole.iter().all(Result::is_ok));
        // Every split point, and one byte at a time.
        for cut in 0..stream.len() {
            let mut framer = Framer::default();
            framer.push(&stream[..cut]);
            let mut got = drain(&mut framer);
            framer.push(&stream[cut..]);
            got.extend(drain(&mut framer));
            assert_eq!(got, whole, "cut at {cut}");
        }
        let mut framer = Framer::default();
        let mut got = Vec::new();
        for byte in stream {
            framer.push(&[*byte]);
            got.extend(drain(&mut framer));
        }
        assert_eq!(got, whole);
    }

    #[test]
    fn sloppy_streams() {
        let mut framer = Framer::default();
        // Line breaks around the NUL, empty messages, NULs in a row.
        framer.push(b"\0\0K0\r\n\0\r\nE00\n\0\n");
        let got = drain(&mut framer);
        assert_eq!(
            got,
            [
                Ok(Message::parse("K0").unwrap()),
                Ok(Message::parse("E00").unwrap())
            ]
        );
        // A bad message is an error, and the next one reads.
        framer.push(b"X12\0K2\0");
        let got = drain(&mut framer);
        assert!(matches!(
            got[0],
            Err(FrameError::Message(MessageError::UnknownType { .. }))
        ));
        assert_eq!(got[1], Message::parse("K2").map_err(FrameError::from));
    }

    #[test]
    fn over_long_messages_are_skipped_once() {
        let mut framer = Framer::default();
        framer.push(&[b'C'; MAX_FRAME + 10]);
        assert_eq!(drain(&mut framer), [Err(FrameError::TooLong)]);
        framer.push(&[b'x'; 100]);
        assert_eq!(drain(&mut framer), []);
        framer.push(b"yy\0K1\0");
        assert_eq!(
            drain(&mut framer),
            [Message::parse("K1").map_err(FrameError::from)]
        );
        // Non-ASCII bytes are an error of that message alone.
        framer.push(b"C\xff\xfe\0K0\0");
        let got = drain(&mut framer);
        assert!(matches!(
            got[0],
            Err(FrameError::Message(MessageError::NotAscii { .. }))
        ));
        assert_eq!(got.len(), 2);
    }

    proptest! {
        #[test]
        fn any_bytes_any_split_never_panic(
            bytes in proptest::collection::vec(any::<u8>(), 0..600),
            cuts in proptest::collection::vec(0usize..600, 0..6),
        ) {
            let mut whole = Framer::default();
            whole.push(&bytes);
            let expected = drain(&mut whole);
            let mut framer = Framer::default();
            let mut got = Vec::new();
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(bytes.len())).collect();
            cuts.sort_unstable();
            let mut start = 0;
            for cut in cuts.into_iter().chain([bytes.len()]) {
                framer.push(&bytes[start..cut]);
                got.extend(drain(&mut framer));
                start = cut;
            }
            // Splitting changes nothing but when an over-long message is noticed.
            let without_skips = |v: &[Result<Message, FrameError>]| -> Vec<_> {
                v.iter().filter(|r| **r != Err(FrameError::TooLong)).cloned().collect()
            };
            prop_assert_eq!(without_skips(&got), without_skips(&expected));
        }
    }
}
