//! DXP messages (`draughts_dxp`): the input, cut in two at a point its first byte picks,
//! goes through the framer. No panic; every message that reads writes at most 127
//! ASCII characters that read back to a message written the same way; a set-up
//! position converts to a position or an error, a move to a legal move of the start
//! position or an error.
#![no_main]

use draughts_core::{International, Position};
use draughts_dxp::{Framer, Message, MAX_LENGTH};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let cut = usize::from(first).min(rest.len());
    let mut framer = Framer::default();
    let start = Position::<International>::initial();
    for piece in [&rest[..cut], &rest[cut..]] {
        framer.push(piece);
        while let Some(read) = framer.next_message() {
            let Ok(message) = read else {
                continue;
            };
            let text = message.to_string();
            assert!(text.len() <= MAX_LENGTH && text.bytes().all(|b| (1..=127).contains(&b)));
            let again = Message::parse(&text).map(|m| m.to_string());
            assert_eq!(again, Ok(text.clone()), "{message:?}");
            match &message {
                Message::GameRequest(request) => {
                    if let Some(board) = &request.setup {
                        let _ = board.to_position();
                    }
                }
                Message::Move(m) => {
                    if let Ok(mv) = m.to_move(&start) {
                        assert!(start.legal_moves().contains(&mv));
                    }
                }
                _ => {}
            }
        }
    }
});
