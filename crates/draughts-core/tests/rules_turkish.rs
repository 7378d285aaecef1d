//! The Turkish rules, one position per rule, each asserting the exact set of legal moves
//! (captured-square form, captured squares ascending).
//!
//! Sources: Wikipedia, "Turkish draughts" (W); mindsports.nl, "Turkish Draughts" (M);
//! pydraughts 0.6.7 (P, an independent implementation, see `pydraughts.rs`).
//! Squares are numbered 1 (a8) to 64 (h1) row by row from the top left, every square
//! playable: square `n` is on row `(n-1)/8` from the top and column `(n-1)%8` from the
//! left, so d4 is 36 and its neighbours are 28 (up), 44 (down), 35 and 37. Turkish
//! writes those algebraic names (FORMATS §7); the readers take both.

use draughts_core::{Color, Kind, Position, Square, Turkish};

mod legal;

fn assert_moves(fen: &str, expected: &[&str]) -> Position<Turkish> {
    legal::assert_moves(fen, expected)
}

/// W: sixteen men a side on the second and third rows, the back rows empty; W, M:
/// White moves first.
#[test]
fn start() {
    let start = Position::<Turkish>::initial();
    assert_eq!(
        start.to_fen(),
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3\
         :Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
    );
    assert_eq!("W:W41-56:B9-24".parse(), Ok(start));
    assert_eq!(start.turn(), Color::White);
    assert_eq!(start.legal_moves().len(), 8);
}

/// W: men move one square forwards or sideways, never backwards or diagonally.
#[test]
fn men_move_forwards_and_sideways() {
    assert_moves("W:W36:B1", &["36-28", "36-35", "36-37"]);
    assert_moves("B:W64:B28", &["28-27", "28-29", "28-36"]);
    // On the edge, one way sideways only.
    assert_moves("W:W33:B8", &["33-25", "33-34"]);
}

/// W: men capture forwards and sideways by jumping an adjacent piece, not backwards.
#[test]
fn men_capture_forwards_and_sideways_not_backwards() {
    assert_moves("W:W36:B28,35,44", &["36x20x28", "36x34x35"]);
    assert_moves("W:W36:B44", &["36-28", "36-35", "36-37"]);
}

/// W: kings move any distance along rows and columns, never diagonally.
#[test]
fn kings_fly_orthogonally() {
    let p = legal::pos::<Turkish>("W:WK57:B8");
    let mut targets: Vec<u8> = p.legal_moves().iter().map(|m| m.to().number()).collect();
    targets.sort_unstable();
    assert_eq!(
        targets,
        [1, 9, 17, 25, 33, 41, 49, 58, 59, 60, 61, 62, 63, 64]
    );
}

/// W: a king captures a piece any distance away along a row or column and lands on any
/// free square beyond it; a piece diagonally next to it is not taken.
#[test]
fn a_king_captures_flying() {
    assert_moves(
        "W:WK57:B33,50",
        &["57x25x33", "57x17x33", "57x9x33", "57x1x33"],
    );
}

/// W, M: "Within a multicapture, turning 180 degrees between two captures is not
/// allowed": having taken 34 the king may not turn back over its start square to take
/// 38, nor the other way round; a turn of 90 degrees is allowed.
#[test]
fn no_turning_back_within_a_capture() {
    assert_moves("W:WK36:B34,38", &["36x33x34", "36x39x38", "36x40x38"]);
    assert_moves("W:WK36:B17,34", &["36x9x17x34", "36x1x17x34"]);
}

/// W: "Pieces are removed immediately after being jumped", so a king may cross the
/// square of a piece it has taken: the fourth capture runs along the sixth row over c6
/// (19), taken first. Were the piece left until the move ends, three would be the most.
#[test]
fn captured_pieces_leave_at_once() {
    assert_moves("W:WK3:B18,19,30,45", &["3x17x18x19x30x45"]);
}

/// W: the capture taking the most pieces is compulsory, kings and men counting alike.
#[test]
fn the_most_pieces_must_be_taken() {
    assert_moves("W:W36:B12,28,35", &["36x4x12x28"]);
    // A king and a man: one piece each, either may be taken.
    assert_moves("W:W36:BK28,35", &["36x20x28", "36x34x35"]);
    // Two men by a man outweigh one king by a king.
    assert_moves("W:W36,K64:B12,28,K62", &["36x4x12x28"]);
}

/// W: a man reaching the last row is crowned "at the end of the move"; during a capture
/// it goes on sideways as a man (it would fly on as a king: 7 and 8 are not reached).
#[test]
fn a_man_crowns_where_its_move_ends() {
    let p = assert_moves("W:W12:B1", &["12-4", "12-11", "12-13"]);
    let after = p.play_text("12-4").expect("legal");
    let d8 = Square::new(4).expect("square 4");
    assert_eq!(after.piece_at(d8).map(|p| p.kind), Some(Kind::King));
    let p = assert_moves("W:W20:B5,12", &["20x6x5x12"]);
    let after = p.play_text("20x6").expect("legal");
    let f8 = Square::new(6).expect("square 6");
    assert_eq!(after.piece_at(f8).map(|p| p.kind), Some(Kind::King));
    assert_eq!(after.turn(), Color::Black);
}

/// Crowning during a capture (FORMATS §7 [verify]). The sources disagree: W says a man
/// reaching the last row "is promoted to a king at the end of the move"; setupgroup.com,
/// "Turkish checkers", that it is promoted "and the move terminates"; draughts.github.io,
/// "Turkish Draughts" (rule 6), that once promoted "it can continue its move if it has a
/// possible capture", without saying whether as a king. P goes on as a man and crowns at
/// the end (`pieces_promote_and_continue_capturing` is Russian's alone): from d6 over d7
/// to d8, then over e8 to f8 only, never on to g8 or h8 as a flying king would, and
/// never stopping on d8 while e8 can be taken. We follow W and P: d6xf8, taking both.
#[test]
fn crowning_during_a_capture_waits_for_the_end_of_the_move() {
    let p = assert_moves("W:W20:B5,12", &["20x6x5x12"]);
    assert_eq!(p.to_fen(), "W:Wd6:Bd7,e8");
    let mv = p.legal_moves()[0];
    assert_eq!(p.move_text(&mv), "d6xf8");
    assert!(!mv.crowns_mid_capture());
    // A man landing on the last row with a piece beside it takes it sideways, as a man
    // (P: c6xa8).
    assert_moves("W:W19:B2,11", &["19x1x2x11"]);
    // With b8 two squares away a king on d8 would fly over c8 and take it; the man
    // cannot, so the capture ends on d8, where it is crowned (P: d6xd8, then Kd8).
    let p = assert_moves("W:W20:B2,12", &["20x4x12"]);
    let after = p.play_text("d6xd8").expect("legal");
    assert_eq!(after.to_fen(), "B:WKd8:Bb8");
}

/// W: the squares of the pieces taken are free at once, so a capture may end on one:
/// here on c6 (19), where it took a king first; the capturing king stays a king.
#[test]
fn a_capture_may_end_where_it_took_a_king() {
    let p = assert_moves(
        "W:WK3:BK19,20,30,45",
        &["3x19x19x20x30x45", "3x18x19x20x30x45", "3x17x19x20x30x45"],
    );
    let after = p.play_text("3x19x19x20x30x45").expect("legal");
    assert_eq!(after.to_fen(), "B:WKc6:B");
    assert_eq!(after.hash(), after.compute_hash());
}
