//! Positions: who stands where, and who is to move.

use crate::bitboard::Bitboard;
use crate::geometry::{line_mask, shift, Direction, Geometry};
use crate::moves::Move;
use crate::piece::{Color, Kind, Piece};
use crate::square::Square;
use crate::variant::Variant;
use crate::zobrist;
use std::fmt;
use std::marker::PhantomData;

/// Why a set of pieces is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A square number that the board does not have.
    #[error("square {square} is not on the {variant} board (1-{squares})")]
    BadSquare {
        /// The offending number.
        square: u32,
        /// The variant's name.
        variant: &'static str,
        /// Number of squares on the board.
        squares: u8,
    },
    /// Two pieces on one square.
    #[error("square {0} holds two pieces")]
    Duplicate(Square),
    /// A man on the row where it would have been crowned.
    #[error("{color} man on square {square}, its own crowning row")]
    ManOnCrowningRow {
        /// The man's colour.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// A king run the variant does not have, longer than its limit, or not of a king.
    #[error("{color} cannot have made {moves} king moves in a row ending on {square}")]
    BadKingRun {
        /// The side.
        color: Color,
        /// The king's square.
        square: Square,
        /// The length of the run.
        moves: u8,
    },
    /// More pieces of one side than the game starts with.
    #[error("{color} has {count} pieces; at most {max} are possible")]
    TooManyPieces {
        /// The side.
        color: Color,
        /// How many it has.
        count: usize,
        /// The most allowed.
        max: u8,
    },
}

/// A position of variant `V`: the pieces and the side to move, with its Zobrist hash.
///
/// Small and `Copy` (five machine words); moves are played by copy-make
/// ([`Position::play_unchecked`]), which also updates the hash incrementally.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<V: Variant> {
    pieces: [u64; 2],
    kings: u64,
    hash: u64,
    turn: Color,
    /// Each side's run of non-capturing moves with one king, where the variant limits it
    /// ([`Variant::KING_MOVE_LIMIT`]); always empty elsewhere. It sits in what would be
    /// padding, so other variants' positions keep their size.
    run: KingRun,
    variant: PhantomData<V>,
}

/// Each side's latest run of consecutive non-capturing moves with one king: the king's
/// bit and the length of the run (0: no run).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[repr(align(4))]
struct KingRun {
    bit: [u8; 2],
    moves: [u8; 2],
}

impl KingRun {
    /// Whether neither side has a run under way.
    #[inline(always)]
    fn is_empty(&self) -> bool {
        self.moves == [0, 0]
    }

    /// The Zobrist key of `color`'s run.
    #[inline]
    fn key(&self, color: usize) -> u64 {
        match self.moves[color] {
            0 => 0,
            n => zobrist::king_run(color, n, self.bit[color]),
        }
    }
}

/// Raw bits of the row where `color` crowns.
#[inline(always)]
pub(crate) const fn crowning_row<G: Geometry>(color: Color) -> u64 {
    match color {
        Color::White => G::TOP_ROW,
        Color::Black => G::BOTTOM_ROW,
    }
}

impl<V: Variant> Position<V> {
    /// The initial position: each side's men on the rows nearest to it (behind
    /// [`Variant::EMPTY_BACK_ROWS`] empty rows), [`Variant::FIRST_TO_MOVE`] to move.
    pub fn initial() -> Position<V> {
        type G<V> = <V as Variant>::Board;
        // The first and last places of the bit layout, which runs row by row from the
        // top whatever the numbering.
        let (all, per_row) = (G::<V>::ALL_SQUARES, G::<V>::PER_ROW);
        let skip = V::EMPTY_BACK_ROWS * per_row;
        let men = V::MEN_PER_SIDE;
        let black = line_mask(all, per_row, skip, 1, men);
        let white = line_mask(all, per_row, G::<V>::SQUARES - skip - men, 1, men);
        Position::from_raw([white, black], 0, V::FIRST_TO_MOVE)
    }

    /// A position from raw bit sets, computing its hash. The caller vouches for validity
    /// (disjoint colours, kings within pieces, bits on the board).
    pub(crate) fn from_raw(pieces: [u64; 2], kings: u64, turn: Color) -> Position<V> {
        debug_assert_eq!(pieces[0] & pieces[1], 0);
        debug_assert_eq!(kings & !(pieces[0] | pieces[1]), 0);
        let mut pos = Position {
            pieces,
            kings,
            hash: 0,
            turn,
            run: KingRun::default(),
            variant: PhantomData,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// Builds a position from pieces on squares.
    ///
    /// # Errors
    /// A square not on the board, two pieces on one square, a man on its own crowning
    /// row, or more pieces of one side than the game starts with.
    pub fn from_pieces<I>(turn: Color, pieces: I) -> Result<Position<V>, PositionError>
    where
        I: IntoIterator<Item = (Square, Piece)>,
    {
        let mut sides = [0u64; 2];
        let mut kings = 0u64;
        for (square, piece) in pieces {
            let bit = Bitboard::<V>::bit(square).ok_or(PositionError::BadSquare {
                square: square.number().into(),
                variant: V::NAME,
                squares: <V::Board as Geometry>::SQUARES,
            })?;
            if (sides[0] | sides[1]) & bit != 0 {
                return Err(PositionError::Duplicate(square));
            }
            if piece.kind == Kind::Man && crowning_row::<V::Board>(piece.color) & bit != 0 {
                return Err(PositionError::ManOnCrowningRow {
                    color: piece.color,
                    square,
                });
            }
            sides[piece.color.index()] |= bit;
            if piece.kind == Kind::King {
                kings |= bit;
            }
        }
        for color in Color::BOTH {
            let count = sides[color.index()].count_ones() as usize;
            if count > V::MEN_PER_SIDE as usize {
                return Err(PositionError::TooManyPieces {
                    color,
                    count,
                    max: V::MEN_PER_SIDE,
                });
            }
        }
        Ok(Position::from_raw(sides, kings, turn))
    }

    /// A position from sets of squares: the checks of [`Position::from_pieces`] on whole
    /// sets at once, for tools that build positions by the billion (the endgame
    /// database's generator).
    ///
    /// `None` if two sets meet, a man stands on its own crowning row, or a side has more
    /// pieces than the game starts with.
    ///
    /// ```
    /// use draughts_core::{Bitboard, Color, English, Position, Square};
    ///
    /// let set = |ns: &[u8]| ns.iter().map(|&n| Square::new(n).unwrap()).collect::<Bitboard<English>>();
    /// let pos = Position::from_sets(Color::White, set(&[18]), set(&[]), set(&[14]), set(&[1]));
    /// assert_eq!(pos, "W:W18:B14,K1".parse().ok());
    /// // A white man on White's crowning row.
    /// assert_eq!(Position::from_sets(Color::White, set(&[1]), set(&[]), set(&[14]), set(&[])), None);
    /// ```
    #[inline]
    pub fn from_sets(
        turn: Color,
        white_men: Bitboard<V>,
        white_kings: Bitboard<V>,
        black_men: Bitboard<V>,
        black_kings: Bitboard<V>,
    ) -> Option<Position<V>> {
        let sets = [white_men, white_kings, black_men, black_kings].map(Bitboard::bits);
        let [white_men, white_kings, black_men, black_kings] = sets;
        let all = sets.iter().fold(0, |a, &b| a | b);
        let sum: u32 = sets.iter().map(|b| b.count_ones()).sum();
        let white = white_men | white_kings;
        let black = black_men | black_kings;
        let valid = sum == all.count_ones()
            && white_men & crowning_row::<V::Board>(Color::White) == 0
            && black_men & crowning_row::<V::Board>(Color::Black) == 0
            && white.count_ones() <= u32::from(V::MEN_PER_SIDE)
            && black.count_ones() <= u32::from(V::MEN_PER_SIDE);
        valid.then(|| Position::from_raw([white, black], white_kings | black_kings, turn))
    }

    /// The row where `color`'s men crown: the top row for White, the bottom row for
    /// Black.
    ///
    /// ```
    /// use draughts_core::{Color, English, Position, Square};
    ///
    /// let row: Vec<u8> = Position::<English>::crowning_row(Color::Black).iter().map(Square::number).collect();
    /// assert_eq!(row, [29, 30, 31, 32]);
    /// ```
    #[inline(always)]
    pub const fn crowning_row(color: Color) -> Bitboard<V> {
        Bitboard::from_bits(crowning_row::<V::Board>(color))
    }

    /// The side to move.
    #[inline]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The Zobrist hash (kept up to date by every move).
    #[inline]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch; always equal to [`Position::hash`].
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for color in Color::BOTH {
            let c = color.index();
            h ^= zobrist::of_bits(2 * c, self.pieces[c] & !self.kings);
            h ^= zobrist::of_bits(2 * c + 1, self.pieces[c] & self.kings);
        }
        if self.turn == Color::Black {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        h ^ self.run.key(0) ^ self.run.key(1)
    }

    /// The king that `color` has just moved without capturing, and how many such moves
    /// in a row it has made (where [`Variant::KING_MOVE_LIMIT`] counts them); `None` if
    /// `color`'s last move was not a king's non-capturing move, or `color` has had no men
    /// since it (the limit binds only a side with men), or that king has been taken.
    ///
    /// ```
    /// use draughts_core::{Color, Frisian, Position};
    ///
    /// let pos: Position<Frisian> = "W:WK46,40:B15".parse()?;
    /// let pos = pos.play_text("46-37")?.play_text("15-20")?;
    /// assert_eq!(pos.king_run(Color::White).map(|(s, n)| (s.number(), n)), Some((37, 1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn king_run(&self, color: Color) -> Option<(Square, u8)> {
        let c = color.index();
        (self.run.moves[c] > 0).then(|| {
            (
                Bitboard::<V>::square_of_bit(self.run.bit[c].into()),
                self.run.moves[c],
            )
        })
    }

    /// The same position with `color`'s king run set to `moves` moves of the king on
    /// `square` (`moves` 0 clears it), for readers of positions that carry the run.
    ///
    /// # Errors
    /// A variant without [`Variant::KING_MOVE_LIMIT`], a run longer than the limit, or
    /// `square` not holding a king of `color`.
    pub fn with_king_run(
        &self,
        color: Color,
        square: Square,
        moves: u8,
    ) -> Result<Position<V>, PositionError> {
        let c = color.index();
        let bit = Bitboard::<V>::bit(square).unwrap_or(0);
        let is_king = self.pieces[c] & self.kings & bit != 0;
        let fits = V::KING_MOVE_LIMIT.is_some_and(|limit| moves <= limit);
        if moves > 0 && !(fits && is_king) {
            return Err(PositionError::BadKingRun {
                color,
                square,
                moves,
            });
        }
        let mut pos = *self;
        pos.hash ^= pos.run.key(c);
        pos.run.moves[c] = moves;
        pos.run.bit[c] = if moves == 0 {
            0
        } else {
            bit.trailing_zeros() as u8
        };
        pos.hash ^= pos.run.key(c);
        Ok(pos)
    }

    /// The king of the side to move that may not make another non-capturing move (its run
    /// has reached [`Variant::KING_MOVE_LIMIT`] and the side still has men), as a raw bit;
    /// 0 if none. Always 0 where there is no limit.
    #[inline(always)]
    pub(crate) fn blocked_king_bit(&self) -> u64 {
        match V::KING_MOVE_LIMIT {
            None => 0,
            Some(limit) => {
                let us = self.turn.index();
                let own = self.pieces[us];
                if self.run.moves[us] >= limit && own & !self.kings != 0 {
                    (1u64 << (self.run.bit[us] & 63)) & own & self.kings
                } else {
                    0
                }
            }
        }
    }

    /// All pieces of `color`.
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard<V> {
        Bitboard::from_bits(self.pieces[color.index()])
    }

    /// The men of `color`.
    #[inline]
    pub fn men(&self, color: Color) -> Bitboard<V> {
        Bitboard::from_bits(self.pieces[color.index()] & !self.kings)
    }

    /// The kings of `color`.
    #[inline]
    pub fn kings(&self, color: Color) -> Bitboard<V> {
        Bitboard::from_bits(self.pieces[color.index()] & self.kings)
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard<V> {
        Bitboard::from_bits(self.pieces[0] | self.pieces[1])
    }

    /// Every empty square.
    #[inline]
    pub fn empty(&self) -> Bitboard<V> {
        Bitboard::from_bits(!(self.pieces[0] | self.pieces[1]))
    }

    /// Whether a man of the side to move can step, without capturing, onto its
    /// crowning row: a cheap test before looking for such moves among all of them.
    pub fn can_crown(&self) -> bool {
        let turn = self.turn;
        let men = self.men(turn).bits();
        let targets = crowning_row::<V::Board>(turn) & self.empty().bits();
        let dirs = if V::ORTHOGONAL_MOVES {
            Direction::ORTHOGONAL
        } else {
            Direction::ALL
        };
        dirs.into_iter()
            .filter(|d| d.is_forward(turn))
            .any(|d| shift::<V::Board>(men, d) & targets != 0)
    }

    /// Number of pieces of `color` of kind `kind`.
    #[inline]
    pub fn count(&self, color: Color, kind: Kind) -> u32 {
        let bits = self.pieces[color.index()];
        match kind {
            Kind::Man => (bits & !self.kings).count_ones(),
            Kind::King => (bits & self.kings).count_ones(),
        }
    }

    /// Number of pieces on the board.
    #[inline]
    pub fn piece_count(&self) -> u32 {
        (self.pieces[0] | self.pieces[1]).count_ones()
    }

    /// What stands on `square` (`None` if empty or not on this board).
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let bit = Bitboard::<V>::bit(square)?;
        let color = Color::BOTH
            .into_iter()
            .find(|c| self.pieces[c.index()] & bit != 0)?;
        let kind = if self.kings & bit != 0 {
            Kind::King
        } else {
            Kind::Man
        };
        Some(Piece::new(color, kind))
    }

    /// Every piece with its square, in square order.
    pub fn piece_squares(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .into_iter()
            .filter_map(|s| self.piece_at(s).map(|p| (s, p)))
    }

    /// The same position with the side to move changed (a "null move").
    #[must_use]
    pub fn with_turn(&self, turn: Color) -> Position<V> {
        let mut pos = *self;
        if pos.turn != turn {
            pos.turn = turn;
            pos.hash ^= zobrist::BLACK_TO_MOVE;
        }
        pos
    }

    /// The colour-swapped mirror image: the board turned 180 degrees, White's pieces
    /// becoming Black's and the other side to move. Every rule treats it alike, so for
    /// example its perft equals this position's.
    #[must_use]
    pub fn flipped(&self) -> Position<V> {
        let mirror = |bits: u64| Bitboard::<V>::from_bits(bits).rotated().bits();
        let mut pos = Position::from_raw(
            [mirror(self.pieces[1]), mirror(self.pieces[0])],
            mirror(self.kings),
            !self.turn,
        );
        for c in 0..2 {
            if self.run.moves[c] > 0 {
                pos.run.moves[1 - c] = self.run.moves[c];
                pos.run.bit[1 - c] = mirror(1u64 << self.run.bit[c]).trailing_zeros() as u8;
            }
        }
        pos.hash = pos.compute_hash();
        pos
    }

    /// Raw bits of all pieces of `color` (layout in [`crate::geometry`]).
    #[inline(always)]
    pub(crate) const fn side_bits(&self, color: Color) -> u64 {
        self.pieces[color as usize]
    }

    /// Raw bits of all kings.
    #[inline(always)]
    pub(crate) const fn king_bits(&self) -> u64 {
        self.kings
    }

    /// Plays `mv` by copy-make, updating the hash incrementally.
    ///
    /// The move must be one of this position's legal moves (as generated, or parsed
    /// against them); anything else leaves a position that breaks the rules. Use
    /// [`Position::play`] to check first.
    #[inline]
    #[must_use]
    pub fn play_unchecked(&self, mv: &Move<V>) -> Position<V> {
        self.play_with::<true>(mv)
    }

    /// Plays `mv` as [`Position::play_unchecked`] does, but leaves the hash stale: for
    /// perft, which never reads it.
    #[inline]
    pub(crate) fn play_unhashed(&self, mv: &Move<V>) -> Position<V> {
        self.play_with::<false>(mv)
    }

    #[inline(always)]
    fn play_with<const HASH: bool>(&self, mv: &Move<V>) -> Position<V> {
        let us = self.turn.index();
        let them = 1 - us;
        let from_bit = mv.start_bit() as usize & 63;
        let to_bit = mv.end_bit() as usize & 63;
        let from = 1u64 << from_bit;
        let to = 1u64 << to_bit;
        let captured = mv.captured_bits();
        debug_assert!(
            self.pieces[us] & from != 0,
            "no piece of the side to move on {mv:?}"
        );
        let was_king = ((self.kings >> from_bit) & 1) as usize;
        let mut crowned = ((crowning_row::<V::Board>(self.turn) >> to_bit) & 1) as usize;
        if V::CROWNS_MID_CAPTURE {
            crowned |= usize::from(mv.crowns_mid_capture());
        }
        let is_king = was_king | crowned;
        let mut pos = *self;
        pos.pieces[us] = (pos.pieces[us] & !from) | to;
        pos.kings = (pos.kings & !from) | ((is_king as u64) << to_bit);
        if HASH {
            pos.hash ^= zobrist::key(2 * us + was_king, from_bit)
                ^ zobrist::key(2 * us + is_king, to_bit)
                ^ zobrist::BLACK_TO_MOVE;
        }
        if captured != 0 {
            pos.pieces[them] &= !captured;
            if HASH {
                pos.hash ^= zobrist::of_bits(2 * them, captured & !self.kings);
            }
            let kings_taken = captured & self.kings;
            if kings_taken != 0 {
                pos.kings &= !captured;
                if HASH {
                    pos.hash ^= zobrist::of_bits(2 * them + 1, kings_taken);
                }
                // Where captured pieces leave at once, the move may end on the square
                // of a king it took.
                if V::REMOVES_DURING_CAPTURE {
                    pos.kings |= (is_king as u64) << to_bit;
                }
            }
        }
        // A man's move with no run under way leaves none (most moves before kings
        // appear): skip the call.
        if const { V::KING_MOVE_LIMIT.is_some() } && (was_king == 1 || !self.run.is_empty()) {
            // By value: borrowing `pos` here would cost every variant a copy on return.
            let has_men = pos.pieces[us] & !pos.kings != 0;
            let (run, hash) = self.next_run(from_bit, to_bit, was_king == 1, captured, has_men);
            pos.run = run;
            if HASH {
                pos.hash ^= hash;
            }
        }
        pos.turn = !self.turn;
        pos
    }
}

impl<V: Variant> Position<V> {
    /// The king runs after a move from `from_bit` to `to_bit` (by a king if `by_king`,
    /// taking `captured`, the mover keeping men if `has_men`), and the change of hash.
    #[inline(never)]
    fn next_run(
        &self,
        from_bit: usize,
        to_bit: usize,
        by_king: bool,
        captured: u64,
        has_men: bool,
    ) -> (KingRun, u64) {
        let us = self.turn.index();
        let them = 1 - us;
        let mut run = self.run;
        // A king's non-capturing move lengthens its run (or starts one); any other move
        // ends the side's run, and without men there is nothing to count.
        let steps = by_king && captured == 0 && has_men;
        let same = run.moves[us] > 0 && usize::from(run.bit[us]) == from_bit;
        run.moves[us] = match (steps, same) {
            (false, _) => 0,
            (true, false) => 1,
            (true, true) => run.moves[us].saturating_add(1),
        };
        run.bit[us] = if steps { to_bit as u8 } else { 0 };
        // A king taken ends its run, and so does the last man taken (without men there
        // is nothing to count), so that positions differing only in a run that can never
        // matter again are one.
        let their_men = self.pieces[them] & !self.kings & !captured;
        if run.moves[them] > 0 && (captured >> run.bit[them] & 1 != 0 || their_men == 0) {
            run.moves[them] = 0;
            run.bit[them] = 0;
        }
        let hash = (0..2).fold(0, |h, c| h ^ self.run.key(c) ^ run.key(c));
        (run, hash)
    }
}

impl<V: Variant> Default for Position<V> {
    fn default() -> Self {
        Position::initial()
    }
}

impl<V: Variant> fmt::Debug for Position<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl<V: Variant> fmt::Display for Position<V> {
    /// A diagram: one text row per board row (White at the bottom), `w b` for men,
    /// `W B` for kings, `.` for empty dark squares, then the side to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = <V::Board as Geometry>::SIDE;
        for row in 0..side {
            for col in 0..side {
                let c = match <V::Board as Geometry>::square_at(row, col) {
                    Some(n) => self
                        .piece_at(Square::new_unchecked(n))
                        .map_or('.', Piece::letter),
                    None => ' ',
                };
                write!(f, "{c} ")?;
            }
            writeln!(f)?;
        }
        write!(f, "{} to move", self.turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{English, International, Italian, Spanish};

    /// Diagrams put square 1 where the boards have it: the second square of the top
    /// row in English, the top-left corner on Italian's mirrored board, the bottom-right
    /// one on Spanish's.
    #[test]
    fn diagrams_put_square_one_in_its_corner() {
        let english = "W:W32:B1".parse::<Position<English>>().unwrap().to_string();
        let italian = "W:W32:B1".parse::<Position<Italian>>().unwrap().to_string();
        let spanish = "W:W1:B32".parse::<Position<Spanish>>().unwrap().to_string();
        assert!(english.starts_with("  b   .   .   . \n"), "{english}");
        assert!(italian.starts_with("b   .   .   .   \n"), "{italian}");
        assert!(italian.contains("\n  .   .   .   w \n"), "{italian}");
        assert_eq!(spanish, italian);
    }

    /// `can_crown` agrees with the legal moves of positions from random games: a quiet
    /// position has a crowning move exactly when it says so.
    fn can_crown_agrees<V: Variant>() {
        let mut seed = 7u64;
        let mut seen = false;
        for _ in 0..40 {
            let mut pos = Position::<V>::initial();
            for _ in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if !pos.has_capture() {
                    let crowns = moves.iter().any(|mv| {
                        pos.piece_at(mv.from()).map(|p| p.kind) == Some(Kind::Man)
                            && pos.play_unchecked(mv).piece_at(mv.to()).map(|p| p.kind)
                                == Some(Kind::King)
                    });
                    assert_eq!(pos.can_crown(), crowns, "{pos:?}");
                    seen |= crowns;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos = pos.play_unchecked(&moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        assert!(seen, "no crowning move met");
    }

    #[test]
    fn can_crown_follows_the_moves() {
        can_crown_agrees::<International>();
        can_crown_agrees::<English>();
    }
}
