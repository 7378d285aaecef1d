//! The rules, one position per rule, each asserting the exact set of legal moves.
//!
//! Every expectation was worked out by hand on the board numbering (FORMATS §1: square
//! `n`, `w` squares per row, row `(n-1)/w` from the top, column `2k+1` on even rows and
//! `2k` on odd ones, White at the bottom moving up towards square 1) and the rules of
//! FORMATS §6. Moves are compared in the captured-square form (`from x to x captured…`,
//! captured squares ascending), which names a move completely. Each International
//! position is also checked colour-flipped (square `n` becomes `51 - n`), where the same
//! rules must give the mirrored moves.

use draughts_core::{
    Antidraughts, Bitboard, Board8Mirrored, Board8MirroredFromWhite, Brazilian, Breakthrough,
    Color, Czech, English, Game, GameStatus, International, Italian, Killer, Kind, MoveTextError,
    Piece, Pool, Position, Russian, Spanish, Square, Variant, VariantKind,
};
use std::collections::BTreeSet;

fn pos<V: Variant>(fen: &str) -> Position<V> {
    fen.parse()
        .unwrap_or_else(|e| panic!("bad FEN {fen:?}: {e}"))
}

fn sq(n: u8) -> Square {
    Square::new(n).unwrap()
}

/// The legal moves of `p` in captured-square form, checking that none repeats.
fn hub_moves<V: Variant>(p: &Position<V>) -> BTreeSet<String> {
    let list = p.legal_moves();
    let set: BTreeSet<String> = list.iter().map(Position::<V>::hub_move_text).collect();
    assert_eq!(set.len(), list.len(), "a move is listed twice in {p:?}");
    set
}

/// The captured-square text of a move seen from the other side of the board.
fn mirror_hub(text: &str, squares: u8) -> String {
    let m = |s: &str| squares + 1 - s.parse::<u8>().unwrap();
    if let Some((a, b)) = text.split_once('-') {
        return format!("{}-{}", m(a), m(b));
    }
    let parts: Vec<u8> = text.split('x').map(m).collect();
    let mut captured = parts[2..].to_vec();
    captured.sort_unstable();
    let mut out = format!("{}x{}", parts[0], parts[1]);
    for c in captured {
        out.push_str(&format!("x{c}"));
    }
    out
}

/// Asserts that the legal moves of `fen` are exactly `expected` (captured-square form),
/// and that the colour-flipped position has exactly the mirrored moves.
fn assert_moves<V: Variant>(fen: &str, expected: &[&str]) -> Position<V> {
    let p = pos::<V>(fen);
    let want: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
    assert_eq!(want.len(), expected.len(), "expectation repeats a move");
    assert_eq!(hub_moves(&p), want, "legal moves of {fen}");
    assert_eq!(p.count_moves(), expected.len(), "count_moves of {fen}");
    let squares = Bitboard::<V>::ALL.len() as u8;
    let mirrored: BTreeSet<String> = expected.iter().map(|t| mirror_hub(t, squares)).collect();
    assert_eq!(
        hub_moves(&p.flipped()),
        mirrored,
        "legal moves of {fen} flipped ({:?})",
        p.flipped()
    );
    p
}

/// The PDN texts of the legal moves, sorted.
fn pdn_texts<V: Variant>(p: &Position<V>) -> Vec<String> {
    let mut texts: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    texts.sort();
    texts
}

// ---------------------------------------------------------------------------------
// International
// ---------------------------------------------------------------------------------

/// White moves first; from the start only the men of row 31-35 can step.
#[test]
fn international_white_moves_first() {
    let p = Position::<International>::initial();
    assert_eq!(p.turn(), Color::White);
    assert_eq!(p.to_fen(), "W:W31-50:B1-20");
    assert_moves::<International>(
        "W:W31-50:B1-20",
        &[
            "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30",
        ],
    );
}

/// Men step one square diagonally forward only: White's man on 28 to 22 or 23, never
/// back to 32 or 33.
#[test]
fn international_men_step_forward_only() {
    assert_moves::<International>("W:W28:B1", &["28-22", "28-23"]);
    // The same man with Black to move: Black's man on 1 steps down to 6 or 7.
    assert_moves::<International>("B:W28:B1", &["1-6", "1-7"]);
}

/// Men capture backwards too: 28 takes 33 landing on 39.
#[test]
fn international_men_capture_backwards() {
    assert_moves::<International>("W:W28:B33", &["28x39x33"]);
}

/// Capture is compulsory: the man on 45 may not step while 28 can take 23.
#[test]
fn international_capture_is_compulsory() {
    assert_moves::<International>("W:W28,45:B23", &["28x19x23"]);
}

/// Kings fly along free diagonals, stopping before any piece, and cannot jump two
/// adjacent pieces.
#[test]
fn international_flying_king_steps() {
    // The long diagonal 46-41-37-32-28-23-19-14-10-5 is free.
    assert_moves::<International>(
        "W:WK46:B1",
        &[
            "46-41", "46-37", "46-32", "46-28", "46-23", "46-19", "46-14", "46-10", "46-5",
        ],
    );
    // Its own man on 28 stops the king at 32.
    assert_moves::<International>(
        "W:WK46,28:B1",
        &["46-41", "46-37", "46-32", "28-22", "28-23"],
    );
    // Black on 37 and 32 side by side: no capture, the king can only reach 41.
    assert_moves::<International>("W:WK46:B32,37", &["46-41"]);
}

/// A flying king takes at a distance and lands on any free square beyond.
#[test]
fn international_flying_king_capture_landing_squares() {
    assert_moves::<International>(
        "W:WK46:B37",
        &[
            "46x32x37", "46x28x37", "46x23x37", "46x19x37", "46x14x37", "46x10x37", "46x5x37",
        ],
    );
    // With a black man on 17, only landing on 28 lets the king go on (28-22-17-11), so by
    // the majority rule the king must land there and then finish on 11 or 6.
    assert_moves::<International>("W:WK46:B17,37", &["46x11x17x37", "46x6x17x37"]);
}

/// The sequence taking the most pieces must be played, whichever piece makes it: the
/// king on 46 can take two (37 then 22 or 23 from 28), the man on 30 three (24, 23,
/// 22 via 19 and 28), so only the man's capture is legal.
#[test]
fn international_majority_rule_man_beats_king() {
    assert_moves::<International>("W:W30,K46:B22,23,24,37", &["30x17x22x23x24"]);
}

/// Kings and men count the same: taking two kings is no better than taking two men.
#[test]
fn international_majority_counts_kings_as_men() {
    assert_moves::<International>("W:W30,45:BK23,K24,39,40", &["30x28x23x24", "45x43x39x40"]);
}

/// A piece may not be jumped twice. The man on 30 goes round 24, 23, 33, 34 and is
/// back on 30 next to 24 with 19 free; jumping 24 again is not allowed, so the circuit
/// ends there. Both directions round the circuit are one move.
#[test]
fn international_no_piece_jumped_twice() {
    let p = assert_moves::<International>("W:W30:B23,24,33,34", &["30x30x23x24x33x34"]);
    assert_eq!(pdn_texts(&p), ["30x30"]);
    let after = p.play_text("30x30").unwrap();
    assert_eq!(after.to_fen(), "B:W30:B");
}

/// Captured pieces stay on the board until the sequence ends (Turkish strike). The king
/// on 41 takes 28 (landing on 19), 24 (landing on 30) and 34 (landing on 39, 43 or
/// 48). From 39 the diagonal 33-28-22-17 would give a fourth capture, 22, if 28 were
/// already gone; it is still there, so the king stops after three.
#[test]
fn international_turkish_strike() {
    let p = assert_moves::<International>(
        "W:WK41:B22,24,28,34",
        &["41x39x24x28x34", "41x43x24x28x34", "41x48x24x28x34"],
    );
    let after = p.play_text("41x39").unwrap();
    assert_eq!(after.to_fen(), "B:WK39:B22");
}

/// A man that reaches the last row during a capture and has to go on is not crowned:
/// 13 takes 8 landing on 2, then 7 landing on 11, and stays a man.
#[test]
fn international_man_passing_the_last_row_is_not_crowned() {
    let p = assert_moves::<International>("W:W13:B7,8,40", &["13x11x7x8"]);
    let after = p.play_text("13x11").unwrap();
    assert_eq!(after.piece_at(sq(11)), Some(Piece::WHITE_MAN));
    assert_eq!(after.count(Color::White, Kind::King), 0);
    assert_eq!(after.to_fen(), "B:W11:B40");
}

/// A man whose capture ends on the last row is crowned; it captures as a man until then.
/// 13 takes 8 landing on 2; as a flying king it could go on along 7-11-16 and take 11,
/// but it is still a man there, and 7 is empty, so the move ends and it is crowned.
#[test]
fn international_man_ending_on_the_last_row_is_crowned() {
    let p = assert_moves::<International>("W:W13:B8,11,40", &["13x2x8"]);
    let after = p.play_text("13x2").unwrap();
    assert_eq!(after.piece_at(sq(2)), Some(Piece::WHITE_KING));
    assert_eq!(after.to_fen(), "B:WK2:B11,40");
    // A step onto the last row crowns too, for either colour.
    let step = pos::<International>("W:W7:B40").play_text("7-1").unwrap();
    assert_eq!(step.piece_at(sq(1)), Some(Piece::WHITE_KING));
    let step = pos::<International>("B:W7:B44").play_text("44-50").unwrap();
    assert_eq!(step.piece_at(sq(50)), Some(Piece::BLACK_KING));
}

/// Sequences with the same start, end and captured set are one move; FORMATS §2's
/// example has exactly three: two ending on 6 over different pieces, and the circuit
/// back to 30 (found both ways round).
#[test]
fn international_duplicate_paths_are_one_move() {
    let p = assert_moves::<International>(
        "W:W30:B11,22,23,24,33,34",
        &["30x6x11x22x23x24", "30x6x11x22x33x34", "30x30x23x24x33x34"],
    );
    assert_eq!(pdn_texts(&p), ["30x19x28x17x6", "30x30", "30x39x28x17x6"]);
}

/// The side to move with no legal move has lost, with or without pieces.
#[test]
fn international_no_move_loses() {
    for fen in [
        "W:W:B1",        // no pieces at all
        "W:W6:B1",       // a man blocked by a man on the edge
        "W:WK46:B37,41", // a king in the corner behind two men
    ] {
        let p = pos::<International>(fen);
        assert!(p.legal_moves().is_empty(), "{fen}");
        assert_eq!(p.count_moves(), 0, "{fen}");
        assert!(p.is_lost(), "{fen}");
        assert!(p.flipped().is_lost(), "{fen} flipped");
    }
    // With a move available the side is not lost, however bad the move.
    assert!(!pos::<International>("W:WK46:B32,37").is_lost());
}

// ---------------------------------------------------------------------------------
// English
// ---------------------------------------------------------------------------------

/// Black moves first; from the start the men of row 9-12 step down.
#[test]
fn english_black_moves_first() {
    let p = Position::<English>::initial();
    assert_eq!(p.turn(), Color::Black);
    assert_eq!(p.to_fen(), "B:W21-32:B1-12");
    assert_moves::<English>(
        "B:W21-32:B1-12",
        &["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"],
    );
}

/// Men step and capture forward only: Black's man on 14 has White's man on 10 behind
/// it with 7 free, but may not take it.
#[test]
fn english_men_do_not_capture_backwards() {
    assert_moves::<English>("B:W10:B14", &["14-17", "14-18"]);
    // Nor in the middle of a sequence: after 6x15 the man could take 11 backwards
    // landing on 7; the move ends on 15.
    assert_moves::<English>("B:W10,11:B6", &["6x15x10"]);
}

/// Kings step one square in any direction and capture backwards as well.
#[test]
fn english_kings_move_and_capture_one_square() {
    assert_moves::<English>("B:W32:BK14", &["14-9", "14-10", "14-17", "14-18"]);
    assert_moves::<English>("B:W10:BK14", &["14x7x10"]);
    // Kings do not fly: White's man on 23 is two squares away, with 18 free between.
    assert_moves::<English>("B:W23:BK14", &["14-9", "14-10", "14-17", "14-18"]);
}

/// Capture is compulsory but any sequence may be chosen: 5x23 takes two, 12x19 one,
/// and both are legal. A chosen sequence must be finished: 5x14 stops short.
#[test]
fn english_free_choice_of_capture() {
    let p = assert_moves::<English>("B:W9,16,18:B5,12", &["5x23x9x18", "12x19x16"]);
    assert_eq!(pdn_texts(&p), ["12x19", "5x23"]);
    assert!(matches!(
        p.parse_move("5x14"),
        Err(MoveTextError::Illegal(_))
    ));
    // Capture is still compulsory: the man on 1 could step to 6, but may not.
    assert_moves::<English>("B:W9,16,18:B1,5,12", &["5x23x9x18", "12x19x16"]);
}

/// A man reaching the last row is crowned and the move ends there: 22 takes 26 and
/// lands on 31; a king there could go on and take 27 (landing on 24), but the move is
/// over.
#[test]
fn english_crowning_ends_the_move() {
    let p = assert_moves::<English>("B:W26,27:B22", &["22x31x26"]);
    let after = p.play_text("22x31").unwrap();
    assert_eq!(after.piece_at(sq(31)), Some(Piece::BLACK_KING));
    assert_eq!(after.piece_at(sq(27)), Some(Piece::WHITE_MAN));
    assert_eq!(after.turn(), Color::White);
    assert_eq!(after.to_fen(), "W:W27:BK31");
}

/// A king's circuit round four men, found both ways round, is one move back to its
/// start.
#[test]
fn english_duplicate_paths_are_one_move() {
    let p = assert_moves::<English>("B:W9,10,17,18:BK22", &["22x22x9x10x17x18"]);
    assert_eq!(pdn_texts(&p), ["22x22"]);
}

/// The side to move with no legal move has lost.
#[test]
fn english_no_move_loses() {
    for fen in ["B:W32:B28", "B:W22,25:BK29", "W:W:B1"] {
        let p = pos::<English>(fen);
        assert!(p.legal_moves().is_empty(), "{fen}");
        assert_eq!(p.count_moves(), 0, "{fen}");
        assert!(p.is_lost(), "{fen}");
    }
    // The same men with White to move: White's man on 32 can step to 27.
    let p = assert_moves::<English>("W:W32:B28", &["32-27"]);
    assert!(!p.is_lost());
}

// ---------------------------------------------------------------------------------
// Move text
// ---------------------------------------------------------------------------------

/// Malformed text, illegal moves and ambiguous short forms are three different errors.
#[test]
fn move_text_errors() {
    let start = Position::<International>::initial();
    for text in ["", "abc", "32", "32-", "-28", "32--28", "3a-28", "32/28"] {
        assert!(
            matches!(start.parse_move(text), Err(MoveTextError::Syntax(_))),
            "{text:?}: {:?}",
            start.parse_move(text)
        );
        assert!(
            matches!(start.parse_hub_move(text), Err(MoveTextError::Syntax(_))),
            "{text:?}"
        );
    }
    for text in ["32-29", "46-41", "28-22", "32x23", "19-23"] {
        assert!(
            matches!(start.parse_move(text), Err(MoveTextError::Illegal(_))),
            "{text:?}: {:?}",
            start.parse_move(text)
        );
    }
    // Squares that do not exist are errors of one kind or the other, never a panic.
    for text in ["99-98", "0-5", "51-46", "999-28", "300x2"] {
        assert!(start.parse_move(text).is_err(), "{text:?}");
        assert!(start.parse_hub_move(text).is_err(), "{text:?}");
    }
    assert_eq!(
        start.parse_move("32-28").unwrap(),
        start.parse_move(" 32 - 28 ").unwrap()
    );

    let p = pos::<International>("W:W30:B11,22,23,24,33,34");
    assert_eq!(
        p.parse_move("30x6"),
        Err(MoveTextError::Ambiguous {
            text: "30x6".to_string(),
            count: 2
        })
    );
    assert!(matches!(
        p.parse_hub_move("30x6"),
        Err(MoveTextError::Ambiguous { count: 2, .. })
    ));
    let upper = p.parse_move("30x19x28x17x6").unwrap();
    let lower = p.parse_move("30x39x28x17x6").unwrap();
    let circuit = p.parse_move("30x30").unwrap();
    assert_eq!(Position::hub_move_text(&upper), "30x6x11x22x23x24");
    assert_eq!(Position::hub_move_text(&lower), "30x6x11x22x33x34");
    assert_eq!(Position::hub_move_text(&circuit), "30x30x23x24x33x34");
    // The circuit's path either way round is the same move.
    assert_eq!(p.parse_move("30x19x28x39x30").unwrap(), circuit);
    assert_eq!(p.parse_move("30x39x28x19x30").unwrap(), circuit);
    // Captured squares in any order.
    assert_eq!(p.parse_hub_move("30x6x24x23x22x11").unwrap(), upper);
    // A path that is not one, and a captured set that is not one.
    assert!(matches!(
        p.parse_move("30x19x28x39x6"),
        Err(MoveTextError::Illegal(_))
    ));
    assert!(matches!(
        p.parse_hub_move("30x6x11x22"),
        Err(MoveTextError::Illegal(_))
    ));
    // A quiet move when a capture is compulsory.
    assert!(matches!(
        p.parse_move("30-25"),
        Err(MoveTextError::Illegal(_))
    ));

    // English: it is Black's turn at the start, so White's 22-18 is illegal.
    let start = Position::<English>::initial();
    assert!(start.parse_move("11-15").is_ok());
    assert!(matches!(
        start.parse_move("22-18"),
        Err(MoveTextError::Illegal(_))
    ));
    assert!(start.parse_move("33-29").is_err());
}

/// `play` checks legality; a move from another position is refused.
#[test]
fn play_refuses_foreign_moves() {
    let start = Position::<International>::initial();
    let elsewhere = pos::<International>("W:W30:B11,22,23,24,33,34");
    for mv in elsewhere.legal_moves() {
        assert!(start.play(&mv).is_err());
        assert_eq!(elsewhere.play(&mv), Ok(elsewhere.play_unchecked(&mv)));
    }
    let after = start.play_text("32-28").unwrap();
    assert_eq!(after.to_fen(), "B:W28,31,33-50:B1-20");
}

/// In English a one-piece capture may share its start and end with a longer one: the
/// king on 22 can take 26 and land on 31, or first go round 17, 9, 10, 18 (either way)
/// back to 22 and then take 26. The two are different moves, and each one's text must
/// read back to it: `22x31` is the whole path of the single jump, so it names that one,
/// and the long one's path is written out in full.
#[test]
fn english_one_piece_capture_sharing_its_ends_with_a_longer_one() {
    let p = assert_moves::<English>(
        "B:W9,10,17,18,26:BK22",
        &["22x31x26", "22x31x9x10x17x18x26"],
    );
    let short = p.parse_move("22x31").unwrap();
    assert_eq!(short.capture_count(), 1);
    assert_eq!(p.parse_hub_move("22x31"), Ok(short));
    assert_eq!(p.move_text(&short), "22x31");
    let long = p.parse_move("22x13x6x15x22x31").unwrap();
    assert_eq!(long, p.parse_move("22x15x6x13x22x31").unwrap());
    assert_eq!(long.capture_count(), 5);
    for mv in p.legal_moves() {
        let text = p.move_text(&mv);
        assert_eq!(p.parse_move(&text), Ok(mv), "{text}");
    }
}

// Brazilian (International rules on 8x8) and American pool checkers. On the 8x8 board
// square `n` is on row `(n-1)/4`, as in English.

#[test]
fn brazilian_and_pool_first_movers() {
    // Brazilian follows FMJD 1.5 (White first); Pool Rules of Play 2 (the dark side first).
    assert_eq!(Position::<Brazilian>::initial().turn(), Color::White);
    assert_eq!(Position::<Pool>::initial().turn(), Color::Black);
}

#[test]
fn brazilian_and_pool_men_capture_backwards() {
    // FMJD 4.2; Pool Rules of Play 4 ("men may jump forward or backward"). English men
    // may not, so the same White man only steps.
    assert_moves::<Brazilian>("W:W18:B22", &["18x25x22"]);
    assert_moves::<Pool>("W:W18:B22", &["18x25x22"]);
    assert_moves::<English>("W:W18:B22", &["18-14", "18-15"]);
}

#[test]
fn brazilian_and_pool_kings_fly() {
    // FMJD 3.9 and 4.6; Pool: kings move and capture along whole diagonals.
    assert_moves::<Pool>("W:WK29:B15", &["29x11x15", "29x8x15", "29x4x15"]);
    assert_moves::<Brazilian>("W:WK29:B15", &["29x11x15", "29x8x15", "29x4x15"]);
    assert_moves::<Pool>(
        "W:WK30",
        &[
            "30-25", "30-21", "30-26", "30-23", "30-19", "30-16", "30-12",
        ],
    );
}

#[test]
fn brazilian_majority_pool_free_choice() {
    // FMJD 4.13 (the capture taking the most pieces is compulsory) against Pool's free
    // choice among the sequences (checkershistory.com, "Captures").
    assert_moves::<Brazilian>("W:W22:B11,17,18", &["22x8x11x18"]);
    assert_moves::<Pool>("W:W22:B11,17,18", &["22x8x11x18", "22x13x17"]);
}

#[test]
fn pool_king_lands_where_it_can_go_on() {
    // A capture, once begun, goes on while it can: of the squares beyond 25 only 18
    // lets the king take again, so it must land there. Brazilian gets the same moves
    // from the majority rule.
    let expected = ["29x9x14x25", "29x5x14x25"];
    assert_moves::<Pool>("W:WK29:B14,25", &expected);
    assert_moves::<Brazilian>("W:WK29:B14,25", &expected);
}

#[test]
fn brazilian_and_pool_men_passing_the_far_row_stay_men() {
    // Pool Rules of Play 5 and FMJD 4.15: a man that reaches the far row during a capture
    // and can capture on, backwards, goes on as a man and is not crowned.
    fn check<V: Variant>() {
        let p = assert_moves::<V>("W:W11:B6,7", &["11x9x6x7"]);
        let after = p.play_text("11x9").unwrap();
        assert_eq!(
            after.piece_at(sq(9)),
            Some(Piece::new(Color::White, Kind::Man))
        );
        // Ending there, it is crowned.
        let p = assert_moves::<V>("W:W11:B7", &["11x2x7"]);
        let after = p.play_text("11x2").unwrap();
        assert_eq!(
            after.piece_at(sq(2)),
            Some(Piece::new(Color::White, Kind::King))
        );
    }
    check::<Brazilian>();
    check::<Pool>();
}

#[test]
fn russian_man_crowned_during_a_capture_goes_on_as_a_king() {
    // Russian rules (FORMATS §7; the ФШР's "Правила игры в русские шашки", as
    // capeks.ru and invasportprim.ru sum them up: a man crowned during a capture
    // "продолжает бой по правилам дамки"; the article number could not be read, see
    // `Russian`): 11x2 crowns the man on 2, which then flies over 9 to 13. In Pool and Brazilian the man on 2 cannot go on as a man and stops there.
    let p = assert_moves::<Russian>("W:W11:B7,9", &["11x13x7x9"]);
    let mv = p.parse_move("11x13").unwrap();
    assert!(mv.crowns_mid_capture());
    let after = p.play_unchecked(&mv);
    assert_eq!(
        after.piece_at(sq(13)),
        Some(Piece::new(Color::White, Kind::King))
    );
    // Russian writes algebraic squares (FORMATS §7): 11 is f6, 13 is a5.
    assert_eq!(p.move_text(&mv), "f6xa5");
    assert_eq!(p.move_path(&mv), [sq(11), sq(2), sq(13)]);
    assert_moves::<Pool>("W:W11:B7,9", &["11x2x7"]);
    assert_moves::<Brazilian>("W:W11:B7,9", &["11x2x7"]);
}

#[test]
fn russian_first_mover_and_free_choice() {
    assert_eq!(Position::<Russian>::initial().turn(), Color::White);
    // Any sequence may be chosen, as in Pool.
    assert_moves::<Russian>("W:W22:B11,17,18", &["22x8x11x18", "22x13x17"]);
    // A capture begun goes on: the king lands where it can capture again.
    assert_moves::<Russian>("W:WK29:B14,25", &["29x9x14x25", "29x5x14x25"]);
}

// Italian numbers its mirrored board from its top-left corner (FID Regolamento 2.4):
// square `n` is in row `(n-1)/4`, column `2k` of even rows and `2k+1` of odd ones.
// Spanish numbers the same board from White's side (see `Spanish`): its square `n` is
// Italian's `33 - n`, 1 at White's bottom right (h1). Czech numbers the board as English
// does.

#[test]
fn italian_board_and_start() {
    // FID Regolamento 2.4: 1 is the top-left corner, so 1 and 5 share a diagonal.
    assert_moves::<Italian>("W:WK5:B20", &["5-1", "5-2", "5-9", "5-10"]);
    // FID Regolamento 2.6 and 3.4: Black on 1-12, White on 21-32, White first.
    let start = Position::<Italian>::initial();
    assert_eq!(start.to_fen(), "W:W21-32:B1-12");
    assert_eq!(start.turn(), Color::White);
    let mut first: Vec<String> = start
        .legal_moves()
        .iter()
        .map(|m| start.move_text(m))
        .collect();
    first.sort();
    assert_eq!(
        first,
        ["21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"]
    );
}

#[test]
fn spanish_board_and_start() {
    // realidad-simulada.es and the Portuguese rules, rule 3: 1 is White's bottom-right
    // corner, h1, and 32 the top-left, a8, where Italian has its 1. A king on 28 (b7)
    // flies to the corners 32 (a8) and 31 (c8), to 24 (a6), and down the diagonal
    // to h1: 23, 19, 14, 10, 5, 1.
    assert_eq!(Square::from_text::<Spanish>("h1"), Ok(sq(1)));
    assert_eq!(sq(1).to_algebraic::<Board8MirroredFromWhite>(), "h1");
    assert_eq!(sq(32).to_algebraic::<Board8MirroredFromWhite>(), "a8");
    assert_eq!(sq(1).to_algebraic::<Board8Mirrored>(), "a8");
    assert_eq!(VariantKind::Spanish.coordinates(sq(1)), Some((7, 7)));
    assert_eq!(VariantKind::Italian.coordinates(sq(1)), Some((0, 0)));
    let diagonal = ["28-23", "28-19", "28-14", "28-10", "28-5", "28-1"];
    let mut all = diagonal.to_vec();
    all.extend(["28-32", "28-31", "28-24"]);
    assert_moves::<Spanish>("W:WK28:B13", &all);
    // White's men on 1-12, Black's on 21-32, White first: the Italian start turned
    // half a turn in its numbers.
    let start = Position::<Spanish>::initial();
    assert_eq!(start.to_fen(), "W:W1-12:B21-32");
    assert_eq!(start.turn(), Color::White);
    assert_eq!(
        pdn_texts(&start),
        ["10-13", "10-14", "11-14", "11-15", "12-15", "12-16", "9-13"]
    );
    assert_eq!(start.piece_at(sq(1)).map(|p| p.color), Some(Color::White));
    assert_eq!(start.piece_at(sq(32)).map(|p| p.color), Some(Color::Black));
    // The texts read back: a step, then a capture.
    let after = start.play_text("11-15").unwrap();
    assert_eq!(after.to_fen(), "B:W1-10,12,15:B21-32");
    let after = after.play_text("22-19").unwrap();
    let capture = after.parse_move("15x22").unwrap();
    assert_eq!(after.move_text(&capture), "15x22");
    assert_eq!(
        after.play(&capture).unwrap().to_fen(),
        "B:W1-10,12,22:B21,23-32"
    );
}

#[test]
fn italian_men_do_not_capture_kings() {
    // FID Regolamento 5.3 b ("una pedina prende solo pedine e non dame"): the man on 22
    // takes the man on 18 but not a king there.
    assert_moves::<Italian>("W:W22:B18", &["22x13x18"]);
    assert_moves::<Italian>("W:W22:BK18", &["22-19"]);
    // A king takes a king.
    assert_moves::<Italian>("W:WK22:BK18", &["22x13x18"]);
}

#[test]
fn italian_most_pieces_first() {
    // FID, "Le 10 regole", 5: the capture of most pieces (two over one).
    assert_moves::<Italian>("W:W22:B10,18,19", &["22x6x10x18"]);
}

#[test]
fn italian_capture_with_the_king() {
    // FID, "Le 10 regole", 6: equal in pieces, the king captures, not the man.
    assert_moves::<Italian>("W:W22,K25:B19,21", &["25x18x21"]);
    // But most pieces come first: the man takes two.
    assert_moves::<Italian>("W:W22,K25:B11,19,21", &["22x6x11x19"]);
}

#[test]
fn italian_most_kings() {
    // FID, "Le 10 regole", 7: equal in pieces, the capture taking the king.
    assert_moves::<Italian>("W:WK19:B14,K15", &["19x12x15"]);
    assert_moves::<Italian>("W:WK19:B14,15", &["19x10x14", "19x12x15"]);
}

#[test]
fn italian_earliest_king() {
    // FID, "Le 10 regole", 8: equal in pieces and kings, the side where a king is met
    // first. Both captures take two pieces, one a king.
    assert_moves::<Italian>("W:WK19:B5,K7,K14,15", &["19x1x5x14"]);
    assert_moves::<Italian>("W:WK19:BK5,7,14,K15", &["19x3x7x15"]);
}

#[test]
fn spanish_most_pieces_then_most_kings() {
    // FORMATS §7 and the law of quantity (see `Spanish`): most pieces first (two men
    // over one king) ...
    assert_moves::<Spanish>("W:WK14:BK18,19,28", &["14x32x19x28"]);
    // ... then most kings, the flying king landing anywhere beyond.
    assert_moves::<Spanish>("W:WK14:BK18,19", &["14x21x18", "14x25x18"]);
    // ... with no precedence for a capture made by a king (brainking.com's table: no
    // "regla prioritaria"): the men's captures stand beside the king's. On Czech's
    // board, which is not mirrored and is numbered from the top (the same place in each
    // row, the rows in reverse order), the same position leaves only the king's.
    let king = ["8x15x12", "8x19x12", "8x22x12", "8x26x12", "8x29x12"];
    let mut all = king.to_vec();
    all.extend(["11x18x14", "10x19x14"]);
    assert_moves::<Spanish>("W:WK8,10,11:B12,14", &all);
    assert_moves::<Czech>(
        "W:W22,23,K28:B18,24",
        &["28x19x24", "28x15x24", "28x10x24", "28x6x24", "28x1x24"],
    );
}

#[test]
fn spanish_men_capture_kings() {
    // No Spanish source forbids it, unlike Italian's FID 5.3 b (`italian_men_do_not_
    // capture_kings`, the same positions, 22 and 18 there being 11 and 15 here): the man
    // on 11 takes a king on 15 as it takes a man.
    assert_moves::<Spanish>("W:W11:BK15", &["11x20x15"]);
    assert_moves::<Spanish>("W:W11:B15", &["11x20x15"]);
}

#[test]
fn czech_a_king_captures_first() {
    // FORMATS §7: a capture with a king takes precedence over one with a man ...
    let king = [
        "29x22x25", "29x18x25", "29x15x25", "29x11x25", "29x8x25", "29x4x25",
    ];
    assert_moves::<Czech>("W:W24,K29:B19,25", &king);
    // ... where Pool lets either capture.
    let mut either = king.to_vec();
    either.push("24x15x19");
    assert_moves::<Pool>("W:W24,K29:B19,25", &either);
    // Otherwise any capture may be chosen: one piece or two.
    assert_moves::<Czech>("W:W22:B10,17,18", &["22x13x17", "22x6x10x18"]);
}

// ---------------------------------------------------------------------------------
// Killer, Antidraughts, Breakthrough (10x10, International moves otherwise)
// ---------------------------------------------------------------------------------

#[test]
fn killer_king_halts_behind_a_king_taken_last() {
    // mindsports.nl, "Killer Draughts": "the king must stop on the first vacant square
    // after the last captured piece, if and only if that piece is also a king", for a
    // capture of one piece too.
    assert_moves::<Killer>("W:WK46:BK37", &["46x32x37"]);
    let anywhere = [
        "46x32x37", "46x28x37", "46x23x37", "46x19x37", "46x14x37", "46x10x37", "46x5x37",
    ];
    assert_moves::<International>("W:WK46:BK37", &anywhere);
    // A man taken last: the king lands anywhere beyond, as in International.
    assert_moves::<Killer>(
        "W:WK46:BK37,22",
        &["46x17x22x37", "46x11x22x37", "46x6x22x37"],
    );
    // A king taken last, after a man: only the square just beyond it.
    assert_moves::<Killer>("W:WK46:B37,K22", &["46x17x22x37"]);
    // A king taken on the way does not hold the king up; the last one does.
    assert_moves::<Killer>("W:WK46:B37,K12,K22", &["46x8x12x22x37"]);
    assert_moves::<International>("W:WK46:B37,K12,K22", &["46x8x12x22x37", "46x3x12x22x37"]);
}

#[test]
fn antidraughts_no_move_wins() {
    // lidraughts, "Antidraughts": the side left without pieces or moves wins.
    for fen in ["W:W:B1", "W:W6:B1", "W:WK46:B37,41"] {
        let p = pos::<Antidraughts>(fen);
        assert!(p.legal_moves().is_empty(), "{fen}");
        assert_eq!(p.winner(), Some(Color::White), "{fen}");
        assert!(p.is_won() && !p.is_lost(), "{fen}");
        assert_eq!(
            pos::<International>(fen).winner(),
            Some(Color::Black),
            "{fen}"
        );
    }
    // International moves: the majority capture still binds.
    assert_moves::<Antidraughts>(
        "W:W30:B11,22,23,24,33,34",
        &["30x6x11x22x23x24", "30x6x11x22x33x34", "30x30x23x24x33x34"],
    );
    // The game ends as the goal says.
    let mut game = Game::<Antidraughts>::from_position(pos("W:W28:B23"));
    game.play_text("28x19").unwrap();
    assert_eq!(game.status(), GameStatus::Win(Color::Black));
}

#[test]
fn breakthrough_first_king_wins() {
    // lidraughts, "Breakthrough": the first player to make a king wins.
    let mut game = Game::<Breakthrough>::from_position(pos("W:W7,40:B20,30"));
    game.play_text("7-1").unwrap();
    assert_eq!(game.status(), GameStatus::Win(Color::White));
    let crowned = game.position();
    assert!(crowned.legal_moves().is_empty());
    assert_eq!(crowned.count_moves(), 0);
    assert!(crowned.is_lost() && !crowned.has_capture());
    // In International the game goes on.
    let p = pos::<International>("B:WK1,40:B20,30");
    assert!(!p.legal_moves().is_empty());
    // Without a king, International moves; no move loses.
    assert_moves::<Breakthrough>(
        "W:W30:B11,22,23,24,33,34",
        &["30x6x11x22x23x24", "30x6x11x22x33x34", "30x30x23x24x33x34"],
    );
    assert_eq!(pos::<Breakthrough>("W:W6:B1").winner(), Some(Color::Black));
}
