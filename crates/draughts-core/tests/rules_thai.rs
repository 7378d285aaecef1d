//! The Thai rules, one position per rule, each asserting the exact set of legal moves
//! (captured-square form, captured squares ascending).
//!
//! Sources: mindsports.nl, "Thai" (M); the checkers wiki, "Mak-hot" (W); eightygames,
//! "Thai checkers" (E); coldmoon.io, "Makhos" (C). Squares as English (FORMATS §1):
//! square `n` on row `(n-1)/4` from the top, so the long diagonal from White's
//! bottom-left corner runs 29, 25, 22, 18, 15, 11, 8, 4.

use draughts_core::{Color, Kind, Position, Square, Thai};

mod legal;

fn assert_moves(fen: &str, expected: &[&str]) -> Position<Thai> {
    legal::assert_moves(fen, expected)
}

/// W, E: eight men a side on the two rows nearest each player; M: "White begins".
#[test]
fn start() {
    let start = Position::<Thai>::initial();
    assert_eq!(start.to_fen(), "W:W25-32:B1-8");
    assert_eq!(start.turn(), Color::White);
    assert_eq!(start.legal_moves().len(), 7);
}

/// M "Movement", "Capture": men move one square and capture forwards only.
#[test]
fn men_move_and_capture_forwards_only() {
    assert_moves("W:W18:B22", &["18-14", "18-15"]);
    assert_moves("W:W22:B18", &["22x15x18"]);
    // Men take kings.
    assert_moves("W:W22:BK18", &["22x15x18"]);
}

/// M "Capture": a man reaching the back rank in a capture is crowned and the move ends.
#[test]
fn a_man_crowns_on_the_far_row() {
    let p = assert_moves("W:W10:B6", &["10x1x6"]);
    let after = p.play_text("10x1").expect("legal");
    let square = Square::new(1).expect("square 1");
    assert_eq!(after.piece_at(square).map(|p| p.kind), Some(Kind::King));
    assert_eq!(after.turn(), Color::Black);
}

/// M "Capture": "There are no priorities of capture"; W: any sequence may be chosen, but
/// it must be completed.
#[test]
fn any_capture_may_be_chosen_but_is_completed() {
    assert_moves("W:W22,27:B11,18,24", &["22x8x11x18", "27x20x24"]);
}

/// W: a king flies, and takes a piece at a distance landing on the square directly
/// behind it, never further.
#[test]
fn a_king_lands_just_behind_the_piece_it_takes() {
    assert_moves("W:WK29:B15", &["29x11x15"]);
    // Two pieces in a row cannot be taken: the king steps.
    assert_moves("W:WK29:B11,15", &["29-18", "29-22", "29-25"]);
}

/// W: a king goes on capturing only from the square behind the piece it took (M: "may
/// proceed the capture only from there"): the piece on 17 is in reach from 14 but not
/// from 18.
#[test]
fn a_king_goes_on_only_from_that_square() {
    assert_moves("W:WK32:B17,23", &["32x18x23"]);
}

/// W: "Removal of the captured piece is immediate and occurs during the capture"; C: a
/// king goes on "even in the direction where they have come from": the king turns back
/// across the square it took a piece on, and across its own start square.
#[test]
fn captured_pieces_leave_at_once() {
    assert_moves("W:WK18:B11,22", &["18x25x11x22", "18x8x11x22"]);
}
