//! The Frisian rules, one position per rule, each asserting the exact set of legal moves
//! (captured-square form, captured squares ascending) or the verdict of the game.
//!
//! Sources (summaries of the rules of the Frisian draughts association, DFS):
//! mindsports.nl, "Frisian Draughts rules" (M); Wikipedia, "Frisian draughts" (W);
//! lidraughts as pydraughts' documentation quotes it (L). Squares as FORMATS §1: square
//! `n` on row `(n-1)/5` from the top, column `2k+1` on even rows and `2k` on odd ones,
//! so an orthogonal neighbour is two columns (`n±1`) or two rows (`n±10`) away.

use draughts_core::{Color, DrawReason, Frisian, Frysk, Game, GameStatus, International, Position};

mod legal;
use legal::pos;

fn assert_moves(fen: &str, expected: &[&str]) -> Position<Frisian> {
    legal::assert_moves(fen, expected)
}

/// M "Capture": men capture along rows and columns as well as diagonals, forwards and
/// backwards, jumping the piece on the dark square between (W "Captures").
#[test]
fn men_capture_along_rows_and_columns() {
    assert_moves("W:W28:B29", &["28x30x29"]);
    assert_moves("W:W28:B18", &["28x8x18"]);
    assert_moves("W:W28:B38", &["28x48x38"]);
    assert_moves("W:W28:B27", &["28x26x27"]);
    // A sequence turns from a column into a row.
    assert_moves("W:W28:B7,18", &["28x6x7x18"]);
}

/// No orthogonal jump runs off the edge of a row into the next one.
#[test]
fn orthogonal_jumps_stop_at_the_edge() {
    assert_moves("W:W24:B25", &["24-19", "24-20"]);
    assert_moves("W:W26:B25", &["26-21"]);
}

/// M "Capture": a king captures at a distance along a column and lands beyond.
#[test]
fn kings_capture_orthogonally_at_a_distance() {
    assert_moves("W:WK46:B16", &["46x6x16"]);
    // Along a row, landing on any free square beyond.
    assert_moves("W:WK46:BK48", &["46x49x48", "46x50x48"]);
}

/// M "Movement": men step diagonally forwards and kings move only along diagonals; no
/// orthogonal move without a capture.
#[test]
fn moves_without_capture_stay_diagonal() {
    let diagonal = [
        "46-41", "46-37", "46-32", "46-28", "46-23", "46-19", "46-14", "46-10",
    ];
    assert_moves("W:WK46:B5", &diagonal);
    assert_moves("W:W28:B1", &["28-22", "28-23"]);
}

/// M "Capture": "a king has more value than a man, but less than two men"; the capture
/// of the highest value is compulsory: two men before one king.
#[test]
fn two_men_before_a_king() {
    assert_moves("W:W28:B7,18,K29", &["28x6x7x18"]);
    // One king before one man.
    assert_moves("W:W28:B18,K29", &["28x30x29"]);
}

/// Where the value of a king decides (`Precedence::KING_VALUE`, 1.99 men; see there for
/// the sources): the king on 45 takes three kings (35 and 15 up its column, 4 along the
/// top row) and the man on 46 five men (36 and 16 up its column, 7 along a row, 18 and
/// 38 down another column). Three kings (5.97) beat five men, where a king worth a man
/// and a half (4.5) would not; a sixth man (42) beats them.
#[test]
fn three_kings_before_five_men_not_six() {
    assert_moves("W:WK45:B7,16,18,36,38,K1,K2,K4,K15,K35", &["45x3x4x15x35"]);
    assert_moves(
        "W:W46:B7,16,18,36,38,K1,K2,K4,K15,K35",
        &["46x48x7x16x18x36x38"],
    );
    assert_moves(
        "W:W46,K45:B7,16,18,36,38,K1,K2,K4,K15,K35",
        &["45x3x4x15x35"],
    );
    assert_moves(
        "W:W46,K45:B7,16,18,36,38,42,K1,K2,K4,K15,K35",
        &["46x37x7x16x18x36x38x42"],
    );
}

/// friesdammen.nl, "The rules of the game": "If a king and a draughtsman can strike an
/// equal value, the king must strike."
#[test]
fn on_equal_value_the_king_captures() {
    assert_moves("W:WK46,28:B29,41", &["46x32x41", "46x37x41"]);
}

/// M "Movement": a side with men may not move the same king more than three times in a
/// row without capturing; another piece must move (L: afterwards the king may go on).
#[test]
fn a_king_moves_three_times_in_a_row_at_most() {
    let mut p = pos::<Frisian>("W:WK46,36:BK1");
    for (white, black) in [("46-41", "1-7"), ("41-46", "7-1"), ("46-41", "1-7")] {
        p = p.play_text(white).unwrap().play_text(black).unwrap();
    }
    assert_eq!(
        p.king_run(Color::White).map(|(s, n)| (s.number(), n)),
        Some((41, 3))
    );
    assert_moves(&p.to_fen(), &["36-31"]);
    // Black has no men, so its king's moves are not counted.
    assert_eq!(p.to_fen(), "W:W36,K41:BK7:RW41x3");
    let p = p.play_text("36-31").unwrap().play_text("7-1").unwrap();
    assert_eq!(p.king_run(Color::White), None);
    assert!(p.play_text("41-46").is_ok());
    // With kings only the rule does not apply.
    let king = [
        "41-37", "41-32", "41-28", "41-23", "41-19", "41-14", "41-10", "41-5", "41-36", "41-46",
        "41-47",
    ];
    assert_moves("W:WK41:BK1:RW41x3", &king);
}

/// A run ends when its king is taken, and when its side's last man is: the limit cannot
/// bind again.
#[test]
fn a_run_ends_with_its_king_or_the_last_man() {
    let p = pos::<Frisian>("B:WK46,28:BK1,23:RW46x2");
    let p = p.play_text("23x32").unwrap();
    assert_eq!(p.king_run(Color::White), None);
    assert_eq!(p.to_fen(), "W:WK46:BK1,32");
    let p = pos::<Frisian>("B:WK28,46:BK1,23:RW28x2")
        .play_text("23x32")
        .unwrap();
    assert_eq!(p.to_fen(), "W:W46:BK1,32");
    // Another king taken, men left: the run goes on.
    let p = pos::<Frisian>("B:WK5,K28,46:BK1,23:RW5x2")
        .play_text("23x32")
        .unwrap();
    assert_eq!(p.to_fen(), "W:WK5,46:BK1,32:RW5x2");
}

/// The run is part of the position: written in the FEN's `R` field, read back, and
/// refused where it cannot be; variants without the limit ignore the field.
#[test]
fn king_runs_in_fen() {
    let p = pos::<Frisian>("W:WK46,40:B10:RW46x2");
    assert_eq!(p.to_fen(), "W:W40,K46:B10:RW46x2");
    assert_ne!(p.hash(), pos::<Frisian>("W:WK46,40:B10").hash());
    assert_eq!(p.hash(), p.compute_hash());
    for bad in [
        "W:WK46,40:B10:RW46x4",
        "W:WK46,40:B10:RW40x1",
        "W:WK46,40:B10:RW46",
    ] {
        assert!(bad.parse::<Position<Frisian>>().is_err(), "{bad}");
    }
    let international = pos::<International>("W:WK46,40:B10:RW46x2");
    assert_eq!(international.to_fen(), "W:W40,K46:B10");
}

/// lidraughts' FEN carries the runs in a final field, `+` Black's count and king square,
/// `+` White's (its `Forsyth.exportKingMoves`); the reader takes it as the `R` field.
#[test]
fn king_runs_in_lidraughts_fen() {
    let ours = pos::<Frisian>("W:WK46,40:B10:RW46x2");
    assert_eq!(pos::<Frisian>("W:W40,K46:B10:H0:F12:+0+246"), ours);
    assert_eq!(pos::<Frisian>("W:W40,K46:B10:+0+0"), pos("W:WK46,40:B10"));
    let both = pos::<Frisian>("B:W40,K46:B10,K5:H2:F9:+15+346");
    assert_eq!(both.to_fen(), "B:W40,K46:BK5,10:RW46x3,B5x1");
    // A count past the limit is the limit; a side without men has no run.
    assert_eq!(
        pos::<Frisian>("W:W40,K46:B10:+0+746"),
        pos("W:WK46,40:B10:RW46x3")
    );
    assert_eq!(
        pos::<Frisian>("W:W40,K46:BK5:+35+0").king_run(Color::Black),
        None
    );
    for bad in [
        "W:W40,K46:B10:+0+240",
        "W:W40,K46:B10:+0+2",
        "W:W40,K46:B10:+0",
        "W:W40,K46:B10:+x+0",
    ] {
        assert!(bad.parse::<Position<Frisian>>().is_err(), "{bad}");
    }
    // The run decides the moves: at its limit the king may not step again.
    assert_moves("W:W40,K46:B13:+0+346", &["40-34", "40-35"]);
    assert_eq!(
        pos::<International>("W:W40,K46:B10:+0+346"),
        pos("W:W40,K46:B10")
    );
}

/// L "Winning and drawing": two kings against one are drawn after seven moves each, one
/// king against one after two moves each.
#[test]
fn few_kings_draw() {
    fn walk(fen: &str, plies: usize) {
        let mut game = Game::<Frisian>::from_position(pos(fen));
        for ply in 0..plies {
            assert_eq!(game.status(), GameStatus::Ongoing, "{fen} ply {ply}");
            let p = *game.position();
            let seen: Vec<u64> = game.positions().iter().map(Position::hash).collect();
            let quiet = p
                .legal_moves()
                .into_iter()
                .find(|m| {
                    let next = p.play_unchecked(m);
                    !m.is_capture() && next.is_quiet() && !seen.contains(&next.hash())
                })
                .expect("a quiet king move");
            game.play(&quiet).unwrap();
        }
        assert_eq!(
            game.status(),
            GameStatus::Draw(DrawReason::FewKings),
            "{fen}"
        );
    }
    walk("W:WK46,K50:BK3", 14);
    walk("W:WK46:BK3", 4);
    // Three kings against one play on.
    let game = Game::<Frisian>::from_position(pos("W:WK46,K50,K47:BK5"));
    assert_eq!(game.clock().plies_to_draw(), None);
}

/// Frysk!: five men a side on the back rows (L), the Frisian rules otherwise.
#[test]
fn frysk_start() {
    let start = Position::<Frysk>::initial();
    assert_eq!(start.to_fen(), "W:W46-50:B1-5");
    assert_eq!(start.legal_moves().len(), 9);
    assert!("W:W41-46:B1-5".parse::<Position<Frysk>>().is_err());
    assert_eq!(
        pos::<Frysk>("W:W28:B7,18,K29").legal_moves().len(),
        pos::<Frisian>("W:W28:B7,18,K29").legal_moves().len()
    );
}
