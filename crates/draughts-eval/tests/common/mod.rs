//! Shared test helpers: position strategies and a slow reference implementation of
//! every feature, written square by square straight from the definitions.
#![allow(dead_code)]

use draughts_core::{Color, Geometry, Kind, Piece, Position, Square, Variant};
use draughts_eval::{Feature, FEATURE_COUNT};
use proptest::prelude::*;
use std::ops::Range;

mod full;

/// Positions reached by random legal moves from the initial position.
pub fn playout<V: Variant>(plies: Range<usize>) -> impl Strategy<Value = Position<V>> {
    prop::collection::vec(any::<u16>(), plies).prop_map(|choices| {
        let mut pos = Position::<V>::initial();
        for choice in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&moves[choice as usize % moves.len()]);
        }
        pos
    })
}

/// A playout with up to six kings of random colours dropped on empty squares (so that
/// kings meet men in every phase, not only in the endgame), and a random side to move.
pub fn playout_with_kings<V: Variant>() -> impl Strategy<Value = Position<V>> {
    (
        playout::<V>(0..80),
        prop::collection::vec((1..=<V::Board as Geometry>::SQUARES, any::<bool>()), 0..6),
        any::<bool>(),
    )
        .prop_map(|(pos, kings, white_to_move)| {
            let mut pieces: Vec<(Square, Piece)> = pos.piece_squares().collect();
            for (n, white) in kings {
                let square = Square::new_unchecked(n);
                let color = if white { Color::White } else { Color::Black };
                let count = pieces.iter().filter(|(_, p)| p.color == color).count();
                if pos.piece_at(square).is_none()
                    && pieces.iter().all(|&(s, _)| s != square)
                    && count < V::MEN_PER_SIDE as usize
                {
                    pieces.push((square, Piece::new(color, Kind::King)));
                }
            }
            let turn = if white_to_move {
                Color::White
            } else {
                Color::Black
            };
            Position::from_pieces(turn, pieces).expect("valid by construction")
        })
}

/// Random placements: each square empty or holding a random piece; men that would
/// stand on their crowning row become kings; extra pieces beyond the legal count are
/// left out.
pub fn scattered<V: Variant>() -> impl Strategy<Value = Position<V>> {
    let squares = <V::Board as Geometry>::SQUARES as usize;
    (prop::collection::vec(0u8..12, squares), any::<bool>()).prop_map(|(cells, white)| {
        let mut pieces = Vec::new();
        let mut counts = [0u8; 2];
        for (i, cell) in cells.into_iter().enumerate() {
            let square = Square::new_unchecked(i as u8 + 1);
            let (color, mut kind) = match cell {
                0..=5 => continue,
                6 | 7 => (Color::White, Kind::Man),
                8 => (Color::White, Kind::King),
                9 | 10 => (Color::Black, Kind::Man),
                _ => (Color::Black, Kind::King),
            };
            let crowning = match color {
                Color::White => 0,
                Color::Black => <V::Board as Geometry>::SIDE - 1,
            };
            if <V::Board as Geometry>::coordinates(square.number()).0 == crowning {
                kind = Kind::King;
            }
            if counts[color.index()] < V::MEN_PER_SIDE {
                counts[color.index()] += 1;
                pieces.push((square, Piece::new(color, kind)));
            }
        }
        let turn = if white { Color::White } else { Color::Black };
        Position::from_pieces(turn, pieces).expect("valid by construction")
    })
}

/// Parses a FEN the test vouches for.
pub fn fen<V: Variant>(text: &str) -> Position<V> {
    text.parse()
        .unwrap_or_else(|e| panic!("test position {text}: {e}"))
}

/// The piece on (row, col), `None` for empty or off-board or light squares.
fn at<V: Variant>(pos: &Position<V>, row: i32, col: i32) -> Option<Piece> {
    let side = <V::Board as Geometry>::SIDE as i32;
    if !(0..side).contains(&row) || !(0..side).contains(&col) || (row + col) % 2 == 0 {
        return None;
    }
    let n = row * side / 2 + col / 2 + 1;
    pos.piece_at(Square::new_unchecked(n as u8))
}

fn on_board<V: Variant>(row: i32, col: i32) -> bool {
    let side = <V::Board as Geometry>::SIDE as i32;
    (0..side).contains(&row) && (0..side).contains(&col)
}

/// The empty squares a king on (`row`, `col`) can move to along `directions`: the next
/// square, or every one up to the first obstacle where kings fly.
fn king_reach<V: Variant>(
    row: i32,
    col: i32,
    directions: [(i32, i32); 4],
    empty: impl Fn(i32, i32) -> bool,
) -> i32 {
    let mut n = 0;
    for (dr, dc) in directions {
        let (mut r, mut c) = (row + dr, col + dc);
        while empty(r, c) {
            n += 1;
            if !V::FLYING_KINGS {
                break;
            }
            r += dr;
            c += dc;
        }
    }
    n
}

/// Every feature of `color`, computed square by square from the definitions (on the
/// full board, from their reading along rows and columns: [`full::reference`]).
pub fn reference<V: Variant>(pos: &Position<V>, color: Color) -> [i32; FEATURE_COUNT] {
    if <V::Board as Geometry>::ALL_SQUARES {
        return full::reference(pos, color);
    }
    let side = <V::Board as Geometry>::SIDE as i32;
    // Forward is up (row - 1) for White.
    let ahead = if color == Color::White { -1 } else { 1 };
    let crowning_row = if color == Color::White { 0 } else { side - 1 };
    let empty = |r, c| on_board::<V>(r, c) && at(pos, r, c).is_none();
    let friendly = |r, c| at(pos, r, c).is_some_and(|p| p.color == color);
    let mut v = [0; FEATURE_COUNT];
    let (mut left, mut right) = (0i32, 0i32);
    for row in 0..side {
        for col in 0..side {
            let Some(piece) = at(pos, row, col) else {
                continue;
            };
            if piece.color != color {
                continue;
            }
            let rank = if color == Color::White {
                side - 1 - row
            } else {
                row
            };
            let inner_col = (2..=side - 3).contains(&col);
            if piece.kind == Kind::King {
                v[Feature::Kings.index()] += 1;
                if (inner_col && (2..=side - 3).contains(&row)) || row + col == side - 1 {
                    v[Feature::KingCentre.index()] += 1;
                }
                v[Feature::KingMobility.index()] +=
                    king_reach::<V>(row, col, [(-1, -1), (-1, 1), (1, -1), (1, 1)], empty);
                continue;
            }
            v[Feature::Men.index()] += 1;
            v[Feature::Tempo.index()] += rank;
            if col < side / 2 {
                left += 1;
            } else {
                right += 1;
            }
            let behind = [
                friendly(row - ahead, col - 1),
                friendly(row - ahead, col + 1),
            ];
            if behind[0] || behind[1] {
                v[Feature::Coherence.index()] += 1;
            }
            if col == 0 || col == side - 1 {
                v[Feature::EdgeMen.index()] += 1;
            }
            let steps = [col - 1, col + 1]
                .into_iter()
                .filter(|&c| empty(row + ahead, c))
                .count() as i32;
            v[Feature::Mobility.index()] += steps;
            if steps == 0 {
                v[Feature::LockedMen.index()] += 1;
            }
            if rank == 0 {
                v[Feature::BackRank.index()] += 1;
            }
            if inner_col && (row == side / 2 - 1 || row == side / 2) {
                v[Feature::Centre.index()] += 1;
            }
            let mut cone_empty = true;
            let mut r = row;
            let mut distance = 0;
            while r != crowning_row {
                r += ahead;
                distance += 1;
                for c in col - distance..=col + distance {
                    if on_board::<V>(r, c) && (r + c) % 2 == 1 && at(pos, r, c).is_some() {
                        cone_empty = false;
                    }
                }
            }
            if cone_empty {
                v[Feature::Runaway.index()] += 1;
            }
            if rank >= side / 2 && behind[0] && behind[1] {
                v[Feature::Outposts.index()] += 1;
            }
        }
    }
    v[Feature::Balance.index()] = (left - right).abs();
    v
}
