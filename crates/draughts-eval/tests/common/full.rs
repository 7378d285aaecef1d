//! The features on the full board (Turkish), square by square from their definitions
//! along rows and columns.

use super::{king_reach, on_board};
use draughts_core::{Color, Geometry, Kind, Piece, Position, Square, Variant};
use draughts_eval::{Feature, FEATURE_COUNT};

/// The piece on (row, col), `None` for empty or off-board.
fn at<V: Variant>(pos: &Position<V>, row: i32, col: i32) -> Option<Piece> {
    let side = i32::from(<V::Board as Geometry>::SIDE);
    if !(0..side).contains(&row) || !(0..side).contains(&col) {
        return None;
    }
    pos.piece_at(Square::new_unchecked((row * side + col + 1) as u8))
}

/// Every feature of `color` on the full board.
pub fn reference<V: Variant>(pos: &Position<V>, color: Color) -> [i32; FEATURE_COUNT] {
    let side = i32::from(<V::Board as Geometry>::SIDE);
    let empty = |r, c| on_board::<V>(r, c) && at(pos, r, c).is_none();
    let friendly = |r, c| at(pos, r, c).is_some_and(|p| p.color == color);
    // Forward is up (row - 1) for White.
    let ahead = if color == Color::White { -1 } else { 1 };
    let mut v = [0; FEATURE_COUNT];
    let (mut left, mut right) = (0i32, 0i32);
    for row in 0..side {
        for col in 0..side {
            let Some(piece) = at(pos, row, col).filter(|p| p.color == color) else {
                continue;
            };
            let inner = |x: i32| (2..=side - 3).contains(&x);
            if piece.kind == Kind::King {
                v[Feature::Kings.index()] += 1;
                if inner(row) && inner(col) {
                    v[Feature::KingCentre.index()] += 1;
                }
                v[Feature::KingMobility.index()] +=
                    king_reach::<V>(row, col, [(-1, 0), (1, 0), (0, -1), (0, 1)], empty);
                continue;
            }
            let rank = if color == Color::White {
                side - 1 - row
            } else {
                row
            };
            v[Feature::Men.index()] += 1;
            v[Feature::Tempo.index()] += rank;
            if col < side / 2 {
                left += 1;
            } else {
                right += 1;
            }
            let backed = friendly(row - ahead, col);
            if backed {
                v[Feature::Coherence.index()] += 1;
            }
            if col == 0 || col == side - 1 {
                v[Feature::EdgeMen.index()] += 1;
            }
            let steps = [(row + ahead, col), (row, col - 1), (row, col + 1)]
                .into_iter()
                .filter(|&(r, c)| empty(r, c))
                .count() as i32;
            v[Feature::Mobility.index()] += steps;
            if steps == 0 {
                v[Feature::LockedMen.index()] += 1;
            }
            if rank == 1 {
                v[Feature::BackRank.index()] += 1;
            }
            if inner(col) && (row == side / 2 - 1 || row == side / 2) {
                v[Feature::Centre.index()] += 1;
            }
            let mut r = row + ahead;
            let mut clear = true;
            while on_board::<V>(r, col) {
                clear &= (col - 1..=col + 1).all(|c| at(pos, r, c).is_none());
                r += ahead;
            }
            if clear {
                v[Feature::Runaway.index()] += 1;
            }
            if rank >= side / 2 && backed {
                v[Feature::Outposts.index()] += 1;
            }
        }
    }
    v[Feature::Balance.index()] = (left - right).abs();
    v
}
