use super::*;
use proptest::prelude::*;

fn parse(text: &str) -> Message {
    Message::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

#[test]
fn the_examples_of_the_format() {
    let request = parse("R01Referee                         Z010000A");
    assert_eq!(
        request,
        Message::GameRequest(GameRequest {
            version: 1,
            initiator: "Referee".into(),
            follower: Side::Black,
            minutes: 10,
            move_limit: 0,
            setup: None,
        })
    );
    assert_eq!(
        parse("Adraughts 0.1                    0"),
        Message::GameAccept {
            follower: "draughts 0.1".into(),
            code: AcceptCode::Accepted
        }
    );
    assert_eq!(
        parse("M0003322800"),
        Message::Move(MoveMessage {
            seconds: 3,
            from: 32,
            to: 28,
            captured: vec![]
        })
    );
    assert_eq!(
        parse("E21"),
        Message::GameEnd {
            reason: EndReason::Draw,
            stop: true
        }
    );
    assert_eq!(parse("CHello, world"), Message::Chat("Hello, world".into()));
    assert_eq!(
        parse("B005Z"),
        Message::BackRequest {
            move_number: 5,
            side: Side::Black
        }
    );
    assert_eq!(parse("K2"), Message::BackAccept(BackCode::Refused));
    for text in [
        "R01Referee                         Z010000A",
        "Adraughts 0.1                    0",
        "M0003322800",
        "M000130060411222324",
        "E21",
        "CHello, world",
        "B005Z",
        "K2",
    ] {
        assert_eq!(parse(text).to_string(), text);
    }
}

#[test]
fn set_up_positions() {
    let squares = format!("{}{}{}", "z".repeat(20), "e".repeat(10), "w".repeat(20));
    let text = format!("R01{:<32}W005075BW{squares}", "Scan 2.0");
    let Message::GameRequest(request) = parse(&text) else {
        panic!("not a GAMEREQ")
    };
    let board = request.setup.expect("a set-up position");
    assert_eq!(board.turn, Side::White);
    assert_eq!(board.squares[0], Cell::BlackMan);
    assert_eq!(board.squares[49], Cell::WhiteMan);
    assert_eq!((request.minutes, request.move_limit), (5, 75));
    assert_eq!(Message::GameRequest(request).to_string(), text);
}

#[test]
fn sloppy_messages_that_real_clients_send() {
    // A short name, unpadded; colours in lower case or B for Black; white space.
    let Message::GameRequest(short) = parse("R01DXP Clientz001000A\r\n") else {
        panic!()
    };
    assert_eq!(
        (short.initiator.as_str(), short.follower, short.minutes),
        ("DXP Client", Side::Black, 1)
    );
    let squares = "e".repeat(49) + "W";
    let Message::GameRequest(long) = parse(&format!("R01{}BB001000BW{squares}", "x".repeat(40)))
    else {
        panic!()
    };
    assert_eq!(long.follower, Side::Black);
    assert_eq!(long.setup.map(|b| b.squares[49]), Some(Cell::WhiteKing));
    assert_eq!(
        parse("AScan3"),
        Message::GameAccept {
            follower: "Scan".into(),
            code: AcceptCode::NoGames
        }
    );
    // GAMEEND with an echoed, odd or missing reason and stop code.
    for (text, reason, stop) in [
        ("E00", EndReason::Unknown, false),
        ("E11", EndReason::ILose, true),
        ("E9", EndReason::Unknown, false),
        ("E", EndReason::Unknown, false),
        ("E30 ", EndReason::IWin, false),
    ] {
        assert_eq!(parse(text), Message::GameEnd { reason, stop }, "{text}");
    }
}

#[test]
fn bad_messages_are_typed_errors() {
    let field = |text: &str, name: &str| match Message::parse(text) {
        Err(MessageError::Field { field, .. }) => assert_eq!(field, name, "{text}"),
        other => panic!("{text}: {other:?}"),
    };
    let length = |text: &str| {
        assert!(
            matches!(Message::parse(text), Err(MessageError::Length { .. })),
            "{text}: {:?}",
            Message::parse(text)
        );
    };
    assert_eq!(Message::parse("  \r\n"), Err(MessageError::Empty));
    assert!(matches!(
        Message::parse("X01"),
        Err(MessageError::UnknownType { found: 'X', .. })
    ));
    assert!(matches!(
        Message::parse("Cé"),
        Err(MessageError::NotAscii { found: 'é', .. })
    ));
    field("M0003552800", "from");
    field("M0003325100", "to");
    field("M00a3322800", "seconds");
    field("M0003322821", "number captured");
    length("M00033228012");
    field("M0003322801xx", "captured square");
    length("M000332280");
    length("M00033228");
    length("M0003322801221");
    field(
        "R01Referee                         X010000A",
        "follower colour",
    );
    field("R01Referee                         Z0a0000A", "minutes");
    field("R01Referee                         Z010000C", "start");
    field("Rx1Referee                         Z010000A", "version");
    length("R01Z010");
    field(
        &format!("R01{:<32}Z010000BW{}", "", "e".repeat(49) + "q"),
        "position",
    );
    field("AScan 2.0                         7", "code");
    length("A");
    field("B00aW", "move number");
    field("B005Q", "side to move");
    length("B05W");
    field("K7", "code");
    length("K");
    length("K00");
    // Every message's error names the message.
    let error = Message::parse("M0003552800").unwrap_err().to_string();
    assert!(
        error.contains("MOVE") && error.contains("M0003552800"),
        "{error}"
    );
}

#[test]
fn written_fields_are_cut_to_fit() {
    let request = Message::GameRequest(GameRequest {
        version: 1,
        initiator: "  a name far longer than thirty-two characters".into(),
        follower: Side::White,
        minutes: 5000,
        move_limit: 75,
        setup: None,
    });
    let text = request.to_string();
    assert_eq!(text.len(), 1 + 2 + 32 + 8);
    assert!(text.starts_with("R01a name far longer than thirty-twW999075A"));
    let chat = Message::Chat("é\n".to_string() + &"x".repeat(300)).to_string();
    assert_eq!(chat.len(), MAX_LENGTH);
    assert!(chat.starts_with("C??x"));
    assert_eq!(request.to_bytes().last(), Some(&0));
}

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::White), Just(Side::Black)]
}

fn name() -> impl Strategy<Value = String> {
    "([!-~]([ -~]{0,30}[!-~])?)?"
}

fn square() -> impl Strategy<Value = u8> {
    1u8..=50
}

fn board() -> impl Strategy<Value = Board> {
    let cell = prop_oneof![
        Just(Cell::Empty),
        Just(Cell::WhiteMan),
        Just(Cell::BlackMan),
        Just(Cell::WhiteKing),
        Just(Cell::BlackKing)
    ];
    (
        side(),
        proptest::array::uniform32(cell.clone()),
        proptest::array::uniform18(cell),
    )
        .prop_map(|(turn, a, b)| {
            let mut squares = [Cell::Empty; SQUARES];
            squares[..32].copy_from_slice(&a);
            squares[32..].copy_from_slice(&b);
            Board { turn, squares }
        })
}

fn message() -> impl Strategy<Value = Message> {
    prop_oneof![
        (
            0u8..=99,
            name(),
            side(),
            0u16..=999,
            0u16..=999,
            proptest::option::of(board())
        )
            .prop_map(
                |(version, initiator, follower, minutes, move_limit, setup)| {
                    Message::GameRequest(GameRequest {
                        version,
                        initiator,
                        follower,
                        minutes,
                        move_limit,
                        setup,
                    })
                }
            ),
        (
            name(),
            prop_oneof![
                Just(AcceptCode::Accepted),
                Just(AcceptCode::WrongVersion),
                Just(AcceptCode::NotThisGame),
                Just(AcceptCode::NoGames)
            ]
        )
            .prop_map(|(follower, code)| Message::GameAccept { follower, code }),
        (
            0u16..=9999,
            square(),
            square(),
            proptest::collection::vec(square(), 0..=MAX_CAPTURED)
        )
            .prop_map(|(seconds, from, to, captured)| Message::Move(MoveMessage {
                seconds,
                from,
                to,
                captured
            })),
        (
            prop_oneof![
                Just(EndReason::Unknown),
                Just(EndReason::ILose),
                Just(EndReason::Draw),
                Just(EndReason::IWin)
            ],
            any::<bool>()
        )
            .prop_map(|(reason, stop)| Message::GameEnd { reason, stop }),
        "([!-~]([ -~]{0,124}[!-~])?)?".prop_map(Message::Chat),
        (0u16..=999, side())
            .prop_map(|(move_number, side)| Message::BackRequest { move_number, side }),
        prop_oneof![
            Just(BackCode::Accepted),
            Just(BackCode::NotSupported),
            Just(BackCode::Refused)
        ]
        .prop_map(Message::BackAccept),
    ]
}

proptest! {
    #[test]
    fn every_message_round_trips(message in message()) {
        let text = message.to_string();
        prop_assert!(!text.is_empty() && text.len() <= MAX_LENGTH, "{:?}", text);
        prop_assert!(text.bytes().all(|b| (1..=127).contains(&b)));
        prop_assert_eq!(Message::parse(&text), Ok(message.clone()));
        // Through the framer, in two pieces, after another message.
        let mut bytes = Message::BackAccept(BackCode::Accepted).to_bytes();
        bytes.extend(message.to_bytes());
        let cut = bytes.len() / 2;
        let mut framer = crate::Framer::default();
        framer.push(&bytes[..cut]);
        let mut got: Vec<_> = std::iter::from_fn(|| framer.next_message()).collect();
        framer.push(&bytes[cut..]);
        got.extend(std::iter::from_fn(|| framer.next_message()));
        prop_assert_eq!(got, vec![Ok(Message::BackAccept(BackCode::Accepted)), Ok(message)]);
    }

    #[test]
    fn reading_never_panics(text in "[RAMECBK][ -~]{0,130}|.{0,40}") {
        if let Ok(message) = Message::parse(&text) {
            // What reads writes text that reads back to a message written the same way
            // (a name longer than its field is cut).
            let again = Message::parse(&message.to_string());
            prop_assert_eq!(again.map(|m| m.to_string()), Ok(message.to_string()));
        }
    }
}
