//! Frisian draughts and Frysk!: [`Frisian`] and [`Frysk`].

use crate::geometry::Board10;
use crate::piece::Color;
use crate::precedence::Precedence;
use crate::variant::Variant;

/// Frisian draughts on the 10x10 board: the game of Friesland, whose pieces capture
/// along rows and columns as well as diagonals.
///
/// Rules as the Frisian draughts association (DFS) has them: its "Official Rules for
/// Frisian Draughts" (2011; articles 1 to 9 read, as esportscommentator.blogspot.com
/// publishes them), its summary at friesdammen.nl ("Frisian draughts", "The rules of the
/// game"), and the summaries of mindsports.nl ("Frisian Draughts rules"), Wikipedia
/// ("Frisian draughts") and lidraughts (whose draw counts we follow, as pydraughts does):
///
/// - White moves first; men step diagonally forwards; kings fly along diagonals.
/// - Men and kings capture in eight directions: diagonally, and along rows and columns
///   (two dark squares away); men capture backwards too; kings capture at a distance and
///   land on any free square beyond.
/// - Capture is compulsory and the capture of the highest value must be made, a king
///   worth more than one man and less than two ([`Precedence::FRISIAN`]); of captures of
///   equal value, one made by a king must be chosen.
/// - A man crowns only if its move ends on the far row.
/// - A side with men may make at most three non-capturing moves in a row with the same
///   king ([`Variant::KING_MOVE_LIMIT`]).
/// - Two kings against one are drawn after seven moves each (friesdammen.nl: "seven moves
///   to finish"; a club report there, "Twa dammen tsjin ien",
///   tells of a capture on the stronger side's eighth move that came too late). One king
///   against one is drawn after two moves each: lidraughts' reading of a rule that draws
///   it at once unless a capture is forced (alemanni.pagesperso-orange.fr: "no player can
///   win"); we keep it, having found no text that counts it \[verify\]. No count was
///   found for other material (three kings against one play on, to repetition).
///
/// ```
/// use draughts_core::{perft, Frisian, Frysk, Position};
///
/// assert_eq!(perft(&Position::<Frisian>::initial(), 3), 658);
/// assert_eq!(Position::<Frysk>::initial().to_fen(), "W:W46-50:B1-5");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Frisian;

impl Variant for Frisian {
    const NAME: &'static str = "frisian";
    const ALIASES: &'static [&'static str] = &["fries", "frysk-spul"];
    type Board = Board10;
    const FIRST_TO_MOVE: Color = Color::White;
    const MEN_PER_SIDE: u8 = 20;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARDS: bool = true;
    const ORTHOGONAL_CAPTURES: bool = true;
    const CAPTURE_PRECEDENCE: Precedence = Precedence::FRISIAN;
    const KING_MOVE_LIMIT: Option<u8> = Some(3);
    const PDN_GAME_TYPE: u8 = 40;
    const PDN_RESULTS: [&'static str; 3] = ["2-0", "1-1", "0-2"];
    const TWO_KINGS_VS_KING_DRAW_PLIES: Option<u16> = Some(2 * 7);
    const KING_VS_KING_DRAW_PLIES: Option<u16> = Some(2 * 2);
}

/// Frysk!: the [`Frisian`] rules from five men a side on each player's back row
/// (`W:W46-50:B1-5`), as lidraughts plays it.
///
/// PDN has no `GameType` for it: we write 42 (the first number after those PDN 3.0 gives
/// Frisian and Spantsiretti), and read 40 too, which lidraughts and pydraughts write for
/// Frysk! games with a `FEN` tag of the Frysk! start.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Frysk;

impl Variant for Frysk {
    const NAME: &'static str = "frysk";
    const ALIASES: &'static [&'static str] = &["frysk!"];
    type Board = <Frisian as Variant>::Board;
    const FIRST_TO_MOVE: Color = Frisian::FIRST_TO_MOVE;
    const MEN_PER_SIDE: u8 = 5;
    const FLYING_KINGS: bool = Frisian::FLYING_KINGS;
    const MEN_CAPTURE_BACKWARDS: bool = Frisian::MEN_CAPTURE_BACKWARDS;
    const ORTHOGONAL_CAPTURES: bool = Frisian::ORTHOGONAL_CAPTURES;
    const CAPTURE_PRECEDENCE: Precedence = Frisian::CAPTURE_PRECEDENCE;
    const KING_MOVE_LIMIT: Option<u8> = Frisian::KING_MOVE_LIMIT;
    const PDN_GAME_TYPE: u8 = 42;
    const PDN_GAME_TYPES_TOLERATED: &'static [u8] = &[Frisian::PDN_GAME_TYPE];
    const PDN_RESULTS: [&'static str; 3] = Frisian::PDN_RESULTS;
    const TWO_KINGS_VS_KING_DRAW_PLIES: Option<u16> = Frisian::TWO_KINGS_VS_KING_DRAW_PLIES;
    const KING_VS_KING_DRAW_PLIES: Option<u16> = Frisian::KING_VS_KING_DRAW_PLIES;
}
