//! Draw rules that count moves: small, `Copy` bookkeeping carried along a game or a
//! search path. See [`DrawClock`].

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::piece::Color;
use crate::position::Position;
use crate::variant::Variant;
use std::fmt;
use std::marker::PhantomData;

/// Why a game is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DrawReason {
    /// The same position with the same side to move for the third time, not necessarily
    /// in a row (FMJD 6.2).
    Repetition,
    /// [`Variant::KING_MOVES_DRAW_PLIES`] plies without a man move or a capture: the
    /// International 25-move rule, the English 40-move rule, the Russian 15-move and the
    /// Brazilian 20-move rules.
    KingMoves,
    /// A lone king held out against three pieces, at least one a king: for
    /// [`Variant::LONE_KING_VS_THREE_DRAW_PLIES`] plies (the International 16-move rule),
    /// against three kings for [`Variant::THREE_KINGS_VS_KING_DRAW_PLIES`] plies (Pool),
    /// or holding the main road for [`Variant::LONE_KING_ON_MAIN_ROAD_DRAW_PLIES`] plies
    /// (Russian).
    LoneKingVsThree,
    /// A lone king against one or two pieces, at least one a king, for
    /// [`Variant::LONE_KING_VS_TWO_DRAW_PLIES`] plies: the International and Russian
    /// 5-move rules.
    LoneKingVsTwo,
    /// Kings only, two against one or one against one, for
    /// [`Variant::TWO_KINGS_VS_KING_DRAW_PLIES`] or [`Variant::KING_VS_KING_DRAW_PLIES`]
    /// plies: the Frisian rules.
    FewKings,
    /// Kings on both sides and few pieces, with no capture and no crowning for
    /// [`Variant::UNCHANGED_BALANCE_DRAW_PLIES`] plies: the Russian 30- and 60-move rules.
    UnchangedBalance,
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Repetition => "threefold repetition",
            DrawReason::KingMoves => "only king moves, without a capture, for too long",
            DrawReason::LoneKingVsThree => "a lone king held out against three pieces",
            DrawReason::LoneKingVsTwo => "a lone king held out against one or two pieces",
            DrawReason::FewKings => "a lone king held out against one or two kings",
            DrawReason::UnchangedBalance => {
                "kings on both sides, no capture and no crowning for too long"
            }
        })
    }
}

/// Which rule on material the position falls under (at most one: the first that applies
/// in the order of [`Endgame::of`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Endgame {
    /// No rule on material applies.
    None,
    /// A lone king against three pieces, at least one a king.
    VsThree,
    /// A lone king against one or two pieces, at least one a king.
    VsTwo,
    /// Two kings against a lone king, no men.
    TwoKingsVsKing,
    /// A king against a king, no men.
    KingVsKing,
    /// Three kings against a lone king, no men.
    ThreeKingsVsKing,
    /// Kings on both sides and few enough pieces for a row of
    /// [`Variant::UNCHANGED_BALANCE_DRAW_PLIES`].
    Unchanged,
}

/// The most pieces on the board at which one of `V`'s rules on material can apply.
const fn endgame_pieces<V: Variant>() -> u32 {
    let mut most = 0;
    if V::LONE_KING_VS_THREE_DRAW_PLIES.is_some()
        || V::LONE_KING_VS_TWO_DRAW_PLIES.is_some()
        || V::TWO_KINGS_VS_KING_DRAW_PLIES.is_some()
        || V::KING_VS_KING_DRAW_PLIES.is_some()
        || V::THREE_KINGS_VS_KING_DRAW_PLIES.is_some()
    {
        most = 4;
    }
    let rows = V::UNCHANGED_BALANCE_DRAW_PLIES;
    let mut i = 0;
    while i < rows.len() {
        if rows[i].0 as u32 > most {
            most = rows[i].0 as u32;
        }
        i += 1;
    }
    most
}

/// The plies of the first row of [`Variant::UNCHANGED_BALANCE_DRAW_PLIES`] that covers
/// `pieces` pieces.
fn unchanged_balance_limit<V: Variant>(pieces: u32) -> Option<u16> {
    V::UNCHANGED_BALANCE_DRAW_PLIES
        .iter()
        .find(|&&(most, _)| pieces <= u32::from(most))
        .map(|&(_, plies)| plies)
}

impl Endgame {
    /// The rule on material `pos` falls under, among those `V` has.
    #[inline]
    fn of<V: Variant>(pos: &Position<V>) -> Endgame {
        if pos.piece_count() > const { endgame_pieces::<V>() } {
            return Endgame::None;
        }
        let kings_only = pos.men(Color::White).is_empty() && pos.men(Color::Black).is_empty();
        if kings_only {
            let counts = (pos.kings(Color::White).len(), pos.kings(Color::Black).len());
            match counts {
                (1, 1) if V::KING_VS_KING_DRAW_PLIES.is_some() => return Endgame::KingVsKing,
                (1, 2) | (2, 1) if V::TWO_KINGS_VS_KING_DRAW_PLIES.is_some() => {
                    return Endgame::TwoKingsVsKing
                }
                (1, 3) | (3, 1) if V::THREE_KINGS_VS_KING_DRAW_PLIES.is_some() => {
                    return Endgame::ThreeKingsVsKing
                }
                _ => {}
            }
        }
        for lone in Color::BOTH {
            if pos.pieces(lone).len() != 1 || pos.kings(lone).is_empty() {
                continue;
            }
            let other = !lone;
            if pos.kings(other).is_empty() {
                continue;
            }
            match pos.pieces(other).len() {
                3 if V::LONE_KING_VS_THREE_DRAW_PLIES.is_some() => return Endgame::VsThree,
                1 | 2 if V::LONE_KING_VS_TWO_DRAW_PLIES.is_some() => return Endgame::VsTwo,
                _ => {}
            }
        }
        if !pos.kings(Color::White).is_empty()
            && !pos.kings(Color::Black).is_empty()
            && unchanged_balance_limit::<V>(pos.piece_count()).is_some()
        {
            return Endgame::Unchanged;
        }
        Endgame::None
    }

    /// The plies after which this rule draws `pos`, where it arises; `None` for
    /// [`Endgame::None`].
    #[inline]
    fn limit<V: Variant>(self, pos: &Position<V>) -> Option<u16> {
        match self {
            Endgame::None => None,
            Endgame::VsThree => V::LONE_KING_VS_THREE_DRAW_PLIES,
            Endgame::VsTwo => V::LONE_KING_VS_TWO_DRAW_PLIES,
            Endgame::TwoKingsVsKing => V::TWO_KINGS_VS_KING_DRAW_PLIES,
            Endgame::KingVsKing => V::KING_VS_KING_DRAW_PLIES,
            Endgame::ThreeKingsVsKing => V::THREE_KINGS_VS_KING_DRAW_PLIES,
            Endgame::Unchanged => unchanged_balance_limit::<V>(pos.piece_count()),
        }
    }

    fn reason(self) -> Option<DrawReason> {
        match self {
            Endgame::None => None,
            Endgame::VsThree | Endgame::ThreeKingsVsKing => Some(DrawReason::LoneKingVsThree),
            Endgame::VsTwo => Some(DrawReason::LoneKingVsTwo),
            Endgame::TwoKingsVsKing | Endgame::KingVsKing => Some(DrawReason::FewKings),
            Endgame::Unchanged => Some(DrawReason::UnchangedBalance),
        }
    }
}

/// The value of [`DrawClock`]'s main-road count while no lone king holds the main road.
const OFF_ROAD: u8 = u8::MAX;

/// The long diagonal from the lower-left corner to the upper-right one (a1 to h8 on the
/// 8x8 board): the main road (Russian *bolshak*).
const fn main_road<V: Variant>() -> Bitboard<V> {
    let side = <<V as Variant>::Board as crate::geometry::Geometry>::SIDE;
    let mut road = Bitboard::EMPTY;
    let mut k = 0;
    while k < side {
        road = road.union(Bitboard::at(side - 1 - k, k));
        k += 1;
    }
    road
}

/// Whether a lone king holds the main road against three pieces, at least one a king:
/// it stands on the road and no other piece does (Russian 7.2.7, as lidraughts and
/// pydraughts read "located on the main road").
#[inline]
fn holds_main_road<V: Variant>(pos: &Position<V>) -> bool {
    if pos.piece_count() != 4 {
        return false;
    }
    Color::BOTH.into_iter().any(|lone| {
        let king = pos.kings(lone);
        pos.pieces(lone).len() == 1
            && king.len() == 1
            && !pos.kings(!lone).is_empty()
            && pos.occupied() & const { main_road::<V>() } == king
    })
}

/// The main-road count of `pos` given the count of the position before it (`previous`,
/// [`OFF_ROAD`] if none was running).
#[inline]
fn road_count<V: Variant>(pos: &Position<V>, previous: u8) -> u8 {
    match V::LONE_KING_ON_MAIN_ROAD_DRAW_PLIES {
        Some(limit) if holds_main_road(pos) => {
            if previous == OFF_ROAD {
                limit.min(OFF_ROAD - 1)
            } else {
                previous.saturating_sub(1)
            }
        }
        _ => OFF_ROAD,
    }
}

/// The counters behind the move-count draw rules of variant `V` (every draw rule but
/// repetition), for one position of a game.
///
/// Six bytes and `Copy`: a search keeps one per ply. Start it with [`DrawClock::new`]
/// at the first known position and advance it with [`DrawClock::after`] for each move;
/// [`DrawClock::draw`] tells whether a rule has been reached.
///
/// It holds three counts:
///
/// - the plies since the last man move or capture (the *reversible* plies), which drives
///   the king-move rules ([`Variant::KING_MOVES_DRAW_PLIES`]: the International 25-move
///   rule, the English 40-move rule) and also bounds how far back a repetition can
///   reach, since no earlier position can recur;
/// - the plies left on the rule of the material on the board, counted from when that
///   material arose: the International 16-move and 5-move rules
///   ([`Variant::LONE_KING_VS_THREE_DRAW_PLIES`],
///   [`Variant::LONE_KING_VS_TWO_DRAW_PLIES`]), the Frisian and Pool counts of kings
///   ([`Variant::TWO_KINGS_VS_KING_DRAW_PLIES`], [`Variant::KING_VS_KING_DRAW_PLIES`],
///   [`Variant::THREE_KINGS_VS_KING_DRAW_PLIES`]) and the Russian counts of an unchanged
///   balance ([`Variant::UNCHANGED_BALANCE_DRAW_PLIES`]), which every capture and
///   crowning restarts;
/// - the plies left while a lone king holds the main road against three pieces
///   ([`Variant::LONE_KING_ON_MAIN_ROAD_DRAW_PLIES`], Russian), which runs beside the
///   count of the material.
///
/// Counting follows FORMATS §6 (a common implementation, not the FMJD text;
/// **unverified**): the king-move count resets on a man move or a capture; the
/// 16-move count starts when its material arises and runs on through man moves and
/// promotions; a capture (or promotion) into 5-move material starts the 5-move count,
/// which nothing resets while that material lasts (a further capture by the lone king, 1K against 2K
/// becoming 1K against 1K, keeps counting). Leaving 16-move material by a capture into
/// 5-move material therefore starts the 5-move count afresh. A count of `n` moves is
/// `2n` plies whoever moves first.
///
/// Repetition needs the history of positions and lives in [`crate::Game`].
///
/// ```
/// use draughts_core::{DrawClock, DrawReason, International, Position};
///
/// // A lone black king against three white kings: the 16-move rule (32 plies).
/// let pos: Position<International> = "W:WK46,K47,K48:BK3".parse()?;
/// let clock = DrawClock::new(&pos);
/// assert_eq!(clock.plies_to_draw(), Some(32));
/// let mv = pos.parse_move("46-41")?;
/// let next = pos.play_unchecked(&mv);
/// let clock = clock.after(&pos, &mv, &next);
/// assert_eq!(clock.plies_to_draw(), Some(31));
/// assert_eq!(clock.draw(), None::<DrawReason>);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct DrawClock<V: Variant> {
    reversible: u16,
    /// Plies left on `endgame`'s count (0 and meaningless for [`Endgame::None`]).
    endgame_left: u16,
    endgame: Endgame,
    /// Plies left on the main-road count, or [`OFF_ROAD`].
    road_left: u8,
    variant: PhantomData<V>,
}

impl<V: Variant> DrawClock<V> {
    /// The clock for `pos` taken as the start of the game: nothing counted yet, and the
    /// counts on material (if their material is on the board) starting now.
    pub fn new(pos: &Position<V>) -> DrawClock<V> {
        let endgame = Endgame::of(pos);
        DrawClock {
            reversible: 0,
            endgame_left: endgame.limit(pos).unwrap_or(0),
            endgame,
            road_left: road_count(pos, OFF_ROAD),
            variant: PhantomData,
        }
    }

    /// The clock after `mv` took `before` to `after`.
    ///
    /// `mv` must be a legal move of `before` and `after` the position it leads to
    /// (`before.play_unchecked(mv)`); the clock trusts them.
    #[inline]
    #[must_use]
    pub fn after(&self, before: &Position<V>, mv: &Move<V>, after: &Position<V>) -> DrawClock<V> {
        let man_moved = before.king_bits() & (1u64 << (mv.start_bit() & 63)) == 0;
        let reversible = if mv.is_capture() || man_moved {
            0
        } else {
            self.reversible.saturating_add(1)
        };
        // Only the king-move count, where the variant has no rule on material (English).
        if const { endgame_pieces::<V>() == 0 } {
            return DrawClock {
                reversible,
                ..*self
            };
        }
        // Material changes only by captures and promotions, both rare.
        let endgame = if mv.is_capture() || man_moved {
            Endgame::of(after)
        } else {
            self.endgame
        };
        // A new rule starts its count; so does a capture or a crowning under the rule of
        // an unchanged balance, which they change (Russian 7.2.6).
        let restart = endgame != self.endgame
            || (endgame == Endgame::Unchanged
                && (mv.is_capture()
                    || (man_moved && after.king_bits() & (1u64 << (mv.end_bit() & 63)) != 0)));
        let endgame_left = if restart {
            endgame.limit(after).unwrap_or(0)
        } else {
            self.endgame_left.saturating_sub(1)
        };
        DrawClock {
            reversible,
            endgame_left,
            endgame,
            road_left: road_count(after, self.road_left),
            variant: PhantomData,
        }
    }

    /// Plies since the last man move or capture (or since the clock started). No
    /// position further back can recur, so a repetition search stops there.
    #[inline]
    pub const fn reversible_plies(&self) -> u16 {
        self.reversible
    }

    /// The move-count rule that has drawn the game, if any. A rule on material is named
    /// before the king-move rule when both are reached, and the main road before both.
    #[inline]
    pub fn draw(&self) -> Option<DrawReason> {
        if self.road_left == 0 {
            return Some(DrawReason::LoneKingVsThree);
        }
        if self.endgame != Endgame::None && self.endgame_left == 0 {
            return self.endgame.reason();
        }
        match V::KING_MOVES_DRAW_PLIES {
            Some(limit) if self.reversible >= limit => Some(DrawReason::KingMoves),
            _ => None,
        }
    }

    /// How many more plies until a move-count rule draws the game if nothing resets it
    /// (`Some(0)`: drawn now); `None` if no such rule is counting. A search can use it to
    /// tell a win it can reach in time from one it cannot.
    pub fn plies_to_draw(&self) -> Option<u16> {
        let king_moves = V::KING_MOVES_DRAW_PLIES.map(|l| l.saturating_sub(self.reversible));
        let endgame = (self.endgame != Endgame::None).then_some(self.endgame_left);
        let road = (self.road_left != OFF_ROAD).then_some(u16::from(self.road_left));
        [king_moves, endgame, road].into_iter().flatten().min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{English, International, Russian, Square};
    use std::collections::HashMap;

    /// Plays `text` from `pos`, advancing `clock`.
    fn step<V: Variant>(pos: &mut Position<V>, clock: &mut DrawClock<V>, text: &str) {
        let mv = pos.parse_move(text).expect("legal test move");
        let after = pos.play_unchecked(&mv);
        *clock = clock.after(pos, &mv, &after);
        *pos = after;
    }

    /// Plays a king move (no capture) that leaves the opponent no capture and reaches a
    /// position seen at most once before.
    fn king_walk<V: Variant>(
        pos: &mut Position<V>,
        clock: &mut DrawClock<V>,
        seen: &mut HashMap<Position<V>, u32>,
    ) {
        let turn = pos.turn();
        let mv = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                !m.is_capture()
                    && pos.kings(turn).contains(m.from())
                    && !pos.play_unchecked(m).has_capture()
            })
            .map(|m| (seen.get(&pos.play_unchecked(&m)).copied().unwrap_or(0), m))
            .filter(|&(count, _)| count < 2)
            .min_by_key(|&(count, _)| count)
            .map(|(_, m)| m)
            .expect("a fresh king move");
        let after = pos.play_unchecked(&mv);
        *clock = clock.after(pos, &mv, &after);
        *pos = after;
        *seen.entry(after).or_insert(0) += 1;
    }

    #[test]
    fn clock_is_small_and_copy() {
        assert!(std::mem::size_of::<DrawClock<International>>() <= 6);
        assert!(std::mem::size_of::<DrawClock<Russian>>() <= 6);
        let pos = Position::<International>::initial();
        let clock = DrawClock::new(&pos);
        let copy = clock;
        assert_eq!(copy, clock);
        assert_eq!(clock.draw(), None);
        assert_eq!(clock.plies_to_draw(), Some(50));
    }

    #[test]
    fn man_moves_and_captures_reset_the_reversible_count() {
        let mut pos: Position<International> = "W:WK47,45:BK4,6,16".parse().unwrap();
        let mut clock = DrawClock::new(&pos);
        step(&mut pos, &mut clock, "47-41");
        step(&mut pos, &mut clock, "4-9");
        assert_eq!(clock.reversible_plies(), 2);
        step(&mut pos, &mut clock, "45-40");
        assert_eq!(clock.reversible_plies(), 0);
        step(&mut pos, &mut clock, "9-4");
        assert_eq!(clock.reversible_plies(), 1);
    }

    #[test]
    fn international_king_moves_draw_exactly_at_50_plies() {
        let start: Position<International> = "W:WK26,K36,46,47,48:BK15,K25,3,4,5".parse().unwrap();
        assert!(!start.has_capture());
        let mut pos = start;
        let mut clock = DrawClock::new(&pos);
        let mut seen = HashMap::from([(pos, 1)]);
        for ply in 1..50 {
            king_walk(&mut pos, &mut clock, &mut seen);
            assert_eq!(clock.draw(), None, "ply {ply}");
            assert_eq!(clock.plies_to_draw(), Some(50 - ply));
        }
        king_walk(&mut pos, &mut clock, &mut seen);
        assert_eq!(clock.reversible_plies(), 50);
        assert_eq!(clock.draw(), Some(DrawReason::KingMoves));
        assert_eq!(clock.plies_to_draw(), Some(0));
    }

    #[test]
    fn english_king_moves_draw_exactly_at_80_plies() {
        let start: Position<English> = "B:WK30,K31:BK2,K3".parse().unwrap();
        assert!(!start.has_capture());
        let mut pos = start;
        let mut clock = DrawClock::new(&pos);
        let mut seen = HashMap::from([(pos, 1)]);
        for ply in 1..80 {
            king_walk(&mut pos, &mut clock, &mut seen);
            assert_eq!(clock.draw(), None, "ply {ply}");
        }
        king_walk(&mut pos, &mut clock, &mut seen);
        assert_eq!(clock.draw(), Some(DrawReason::KingMoves));
        // English has no lone-king rules.
        let lone: Position<English> = "B:WK1,K2,K3:BK32".parse().unwrap();
        assert_eq!(DrawClock::new(&lone).plies_to_draw(), Some(80));
    }

    #[test]
    fn sixteen_move_rule_runs_through_man_moves() {
        // Lone black king against a white king and two men.
        let mut pos: Position<International> = "W:WK50,36,37:BK1".parse().unwrap();
        let mut clock = DrawClock::new(&pos);
        assert_eq!(clock.plies_to_draw(), Some(32));
        step(&mut pos, &mut clock, "36-31");
        step(&mut pos, &mut clock, "1-7");
        step(&mut pos, &mut clock, "37-32");
        assert_eq!(clock.reversible_plies(), 0);
        assert_eq!(clock.plies_to_draw(), Some(29));
        assert_eq!(clock.draw(), None);
    }

    #[test]
    fn sixteen_move_rule_draws_at_32_plies() {
        let mut pos: Position<International> = "W:WK46,K47,K48:BK3".parse().unwrap();
        let mut clock = DrawClock::new(&pos);
        let mut seen = HashMap::from([(pos, 1)]);
        for ply in 1..32 {
            king_walk(&mut pos, &mut clock, &mut seen);
            assert_eq!(clock.draw(), None, "ply {ply}");
        }
        king_walk(&mut pos, &mut clock, &mut seen);
        assert_eq!(clock.draw(), Some(DrawReason::LoneKingVsThree));
    }

    #[test]
    fn capture_into_five_move_material_starts_the_count() {
        // Lone black king against two kings and a man (16-move material); the king
        // takes the man, leaving 1K against 2K.
        let mut pos: Position<International> = "B:WK6,K15,33:BK24".parse().unwrap();
        let mut clock = DrawClock::new(&pos);
        assert_eq!(clock.plies_to_draw(), Some(32));
        let capture = pos
            .legal_moves()
            .into_iter()
            .find(|m| !pos.play_unchecked(m).has_capture())
            .expect("a safe capture");
        assert!(capture.is_capture());
        let after = pos.play_unchecked(&capture);
        clock = clock.after(&pos, &capture, &after);
        pos = after;
        assert_eq!(clock.plies_to_draw(), Some(10));
        let mut seen = HashMap::from([(pos, 1)]);
        for ply in 1..10 {
            king_walk(&mut pos, &mut clock, &mut seen);
            assert_eq!(clock.draw(), None, "ply {ply}");
        }
        king_walk(&mut pos, &mut clock, &mut seen);
        assert_eq!(clock.draw(), Some(DrawReason::LoneKingVsTwo));
    }

    #[test]
    fn five_move_count_survives_man_moves_and_promotion() {
        // 1K+1M against a lone king: the man runs and crowns; the count never resets.
        let mut pos: Position<International> = "W:WK50,17:BK46".parse().unwrap();
        let mut clock = DrawClock::new(&pos);
        for text in ["17-12", "46-41", "12-8", "41-46", "8-2"] {
            step(&mut pos, &mut clock, text);
        }
        assert_eq!(pos.count(Color::White, crate::Kind::King), 2);
        assert_eq!(clock.plies_to_draw(), Some(5));
        for text in ["46-41", "2-7", "41-46", "7-2"] {
            step(&mut pos, &mut clock, text);
        }
        assert_eq!(clock.draw(), None);
        step(&mut pos, &mut clock, "46-41");
        assert_eq!(clock.draw(), Some(DrawReason::LoneKingVsTwo));
    }

    #[test]
    fn five_move_count_runs_on_through_a_capture_by_the_lone_king() {
        // 1K against 2K, then the lone king takes one: 1K against 1K, still counting.
        let mut pos: Position<International> = "W:WK33,K50:BK14".parse().unwrap();
        let mut clock = DrawClock::new(&pos);
        step(&mut pos, &mut clock, "33-28");
        step(&mut pos, &mut clock, "14x32");
        assert_eq!(pos.piece_count(), 2);
        assert_eq!(clock.reversible_plies(), 0);
        assert_eq!(clock.plies_to_draw(), Some(8));
    }

    #[test]
    fn main_road_is_the_long_diagonal_from_the_lower_left_corner() {
        fn squares<V: Variant>(road: Bitboard<V>) -> Vec<u8> {
            road.iter().map(Square::number).collect()
        }
        assert_eq!(
            squares(main_road::<Russian>()),
            [4, 8, 11, 15, 18, 22, 25, 29]
        );
        assert_eq!(
            squares(main_road::<International>()),
            [5, 10, 14, 19, 23, 28, 32, 37, 41, 46]
        );
    }

    /// Russian 7.2.6: a crowning or a capture changes the balance and restarts its count,
    /// even where the number of pieces keeps the same limit; a man move does not.
    #[test]
    fn unchanged_balance_restarts_on_a_crowning_or_a_capture() {
        let mut pos: Position<Russian> = "W:WKh2,g7:BKa7,d8".parse().unwrap();
        let mut clock = DrawClock::new(&pos);
        assert_eq!(
            (clock.endgame, clock.endgame_left),
            (Endgame::Unchanged, 60)
        );
        step(&mut pos, &mut clock, "h2-g1");
        step(&mut pos, &mut clock, "d8-c7");
        assert_eq!(clock.endgame_left, 58);
        step(&mut pos, &mut clock, "g7-h8");
        assert_eq!(
            (clock.endgame, clock.endgame_left),
            (Endgame::Unchanged, 60)
        );

        // Seven pieces to six: the same row of the table, counted afresh.
        let mut pos: Position<Russian> = "W:WKh2,c3,e1:BKa7,d4,f8,h8".parse().unwrap();
        let mut clock = DrawClock::new(&pos);
        assert_eq!(clock.endgame_left, 120);
        step(&mut pos, &mut clock, "c3xe5");
        assert_eq!(pos.piece_count(), 6);
        assert_eq!(
            (clock.endgame, clock.endgame_left),
            (Endgame::Unchanged, 120)
        );
    }

    #[test]
    fn no_lone_king_rule_without_a_king_on_the_strong_side() {
        let pos: Position<International> = "W:W36,37,38:BK1".parse().unwrap();
        assert_eq!(DrawClock::new(&pos).plies_to_draw(), Some(50));
        let pos: Position<International> = "W:WK36,37,38,39:BK1".parse().unwrap();
        assert_eq!(DrawClock::new(&pos).plies_to_draw(), Some(50));
        let pos: Position<International> = "W:WK36:BK1".parse().unwrap();
        assert_eq!(DrawClock::new(&pos).plies_to_draw(), Some(10));
    }
}
