//! Variants: zero-sized types carrying a board geometry and the rules as constants.
//!
//! Rules that are a choice among behaviours are small enums: where a flying king may
//! land after capturing ([`KingLanding`]: Killer's halt behind a king, Thai's behind
//! every piece) and what wins
//! ([`Goal`]: blocking the opponent, being blocked in Antidraughts, crowning first in
//! Breakthrough). Every game result (core [`crate::Game`] status, the search's scores,
//! match adjudication) follows [`Goal`] through [`crate::Position::winner`].
//!
//! Generic code branches on these constants; each monomorphised copy keeps only the
//! arms its variant needs, so the hot loops never ask which variant they are in.
//! A new variant states only what differs; the list of variants that every run-time
//! dispatch is generated from is one macro call in `any/mod.rs`.
//!
//! Adding a variant takes three steps: a zero-sized type implementing [`Variant`] with
//! the rules that differ from the defaults (each citing its article), its name in the
//! `variants!` list in `any/mod.rs` (which gives it a [`crate::VariantKind`], an
//! [`crate::AnyPosition`] and an [`crate::AnyGame`] arm, and a place in
//! `with_variant!`, so every command of the engine plays it), and its data: `tests/data/perft_<name>.txt`, a `Brute` rules
//! statement in `tests/common`, and the engine's `openings/<name>.fen`
//! (`draughts openings --variant <name>`).
//!
//! A sixteenth variant, complete: say a club plays English checkers with flying kings
//! that may also capture backwards with their men. Its type states the two rules that
//! differ from the defaults, and at once positions, legal moves, FEN, move text and
//! perft work for it:
//!
//! ```
//! use draughts_core::{perft, Board8, Color, Position, Variant};
//!
//! /// English checkers with flying kings and men capturing backwards (a house rule).
//! #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
//! struct FlyingCheckers;
//!
//! impl Variant for FlyingCheckers {
//!     const NAME: &'static str = "flying-checkers";
//!     type Board = Board8;
//!     const FIRST_TO_MOVE: Color = Color::Black;
//!     const MEN_PER_SIDE: u8 = 12;
//!     const FLYING_KINGS: bool = true;
//!     const MEN_CAPTURE_BACKWARDS: bool = true;
//!     const PDN_GAME_TYPE: u8 = 50;
//!     const PDN_RESULTS: [&'static str; 3] = ["1-0", "1/2-1/2", "0-1"];
//! }
//!
//! // The start is English's: the same seven opening moves.
//! let start = Position::<FlyingCheckers>::initial();
//! assert_eq!(perft(&start, 1), 7);
//! // A king on 1 flies down the diagonal 1-6-10-15-19-24-28 and takes the man on 19
//! // from afar, landing on 24 or 28; an English king could not reach it.
//! let pos: Position<FlyingCheckers> = "B:W19:BK1".parse()?;
//! let texts: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
//! assert_eq!(texts, ["1x24", "1x28"]);
//! // A man takes backwards.
//! let pos: Position<FlyingCheckers> = "B:W14:B18".parse()?;
//! assert_eq!(pos.play_text("18x9")?.to_fen(), "W:W:B9");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Adding its name to the `variants!` list in `any/mod.rs` (`FlyingCheckers
//! "flying-checkers",`) then gives it a [`crate::VariantKind`] and its run-time arms, and
//! with them every command of the engine.

pub use crate::frisian::{Frisian, Frysk};
use crate::geometry::{
    Board10, Board8, Board8Full, Board8Mirrored, Board8MirroredFromWhite, Geometry,
};
use crate::piece::Color;
use crate::precedence::Precedence;
use crate::square::Notation;
use std::fmt::Debug;
use std::hash::Hash;

/// A draughts variant: board geometry plus rules.
pub trait Variant: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// Lower-case name, as used on the command line and in protocols.
    const NAME: &'static str;
    /// Other names a user may type for the variant (lower case).
    const ALIASES: &'static [&'static str] = &[];
    /// The board.
    type Board: Geometry;
    /// The side that moves first from the initial position.
    const FIRST_TO_MOVE: Color;
    /// Men per side in the initial position (also the most a legal position may hold).
    const MEN_PER_SIDE: u8;
    /// Kings move and capture along whole free diagonals.
    const FLYING_KINGS: bool = false;
    /// Men capture backwards as well as forwards.
    const MEN_CAPTURE_BACKWARDS: bool = false;
    /// Which captures take precedence over the others (by default any may be chosen).
    const CAPTURE_PRECEDENCE: Precedence = Precedence::FREE;
    /// Men may capture kings.
    const MEN_CAPTURE_KINGS: bool = true;
    /// Men and kings capture along rows and columns as well as diagonals (Frisian): an
    /// orthogonal jump takes the dark square two columns or two rows away, the light
    /// square between being nobody's. Moves that do not capture stay diagonal.
    const ORTHOGONAL_CAPTURES: bool = false;
    /// Pieces move and capture only along rows and columns, from square to adjacent
    /// square on the full board (Turkish): men forwards and sideways, kings in all four
    /// directions; never diagonally.
    const ORTHOGONAL_MOVES: bool = false;
    /// A side that has men as well as kings may make at most this many non-capturing
    /// moves in a row with the same king (Frisian: three); `None` if there is no limit.
    /// The run is part of the position ([`crate::Position::king_run`]).
    const KING_MOVE_LIMIT: Option<u8> = None;
    /// A man that reaches its far row during a capture is crowned at once and goes on
    /// capturing as a king; otherwise it is crowned only where its move ends.
    const CROWNS_MID_CAPTURE: bool = false;
    /// Where a flying king may land after a capture.
    const KING_LANDING: KingLanding = KingLanding::Anywhere;
    /// Captured pieces leave the board one by one as they are taken, so that the
    /// capturing piece may later cross or land on their squares (Thai); otherwise they
    /// stay as obstacles until the move ends (FMJD 4.11).
    const REMOVES_DURING_CAPTURE: bool = false;
    /// A flying king may turn straight back within a capture, over the square of the
    /// piece it has just taken (which must then have left the board, Thai); otherwise
    /// it never reverses its direction between two captures.
    const KING_TURNS_BACK: bool = false;
    /// Rows behind each side's men left empty in the initial position (Turkish: one).
    const EMPTY_BACK_ROWS: u8 = 0;
    /// What wins the game.
    const GOAL: Goal = Goal::Block;
    /// How the variant's players write squares: in FEN, move text and PDN. Readers take
    /// square numbers as well, whatever the custom.
    const NOTATION: Notation = Notation::Numbers;
    /// The PDN `GameType` number.
    const PDN_GAME_TYPE: u8;
    /// Other variants' `GameType` numbers that games of this variant are found under in
    /// the wild, and so are read as this variant's when it is asked for.
    const PDN_GAME_TYPES_TOLERATED: &'static [u8] = &[];
    /// The PDN result tokens for a first-mover win, a draw and a second-mover win.
    const PDN_RESULTS: [&'static str; 3];
    /// Plies without a man move and without a capture (so only kings moving) after which
    /// the game is drawn; `None` if the variant has no such rule. Also bounds how far back
    /// a repetition can reach. See [`crate::DrawClock`].
    const KING_MOVES_DRAW_PLIES: Option<u16> = None;
    /// Plies, counted from when the material arises, after which a lone king against
    /// three pieces, at least one of them a king, is drawn; `None` if no such rule.
    /// Promotions and man moves do not restart the count; a capture leaves this material.
    const LONE_KING_VS_THREE_DRAW_PLIES: Option<u16> = None;
    /// Plies, counted from when the material arises (normally by a capture), after which
    /// a lone king against one or two pieces, at least one of them a king, is drawn;
    /// `None` if no such rule. Nothing restarts the count while the material lasts.
    const LONE_KING_VS_TWO_DRAW_PLIES: Option<u16> = None;
    /// Plies, counted from when the material arises, after which two kings against a lone
    /// king, no men on the board, are drawn; `None` if no such rule.
    const TWO_KINGS_VS_KING_DRAW_PLIES: Option<u16> = None;
    /// Plies, counted from when the material arises, after which a king against a king,
    /// no men on the board, is drawn; `None` if no such rule.
    const KING_VS_KING_DRAW_PLIES: Option<u16> = None;
    /// Plies, counted from when the material arises, after which three kings against a
    /// lone king, no men on the board, are drawn; `None` if no such rule.
    const THREE_KINGS_VS_KING_DRAW_PLIES: Option<u16> = None;
    /// Plies after which a lone king holding the main road (the long diagonal from the
    /// lower-left corner, a1 to h8, with no other piece on it) against three pieces, at
    /// least one of them a king, is drawn; `None` if no such rule. The count starts when
    /// the lone king holds the road with that material, runs on through man moves and
    /// promotions, stops when the road is left or shared, and starts afresh when it is
    /// held again. Runs beside the count of the material.
    const LONE_KING_ON_MAIN_ROAD_DRAW_PLIES: Option<u8> = None;
    /// With kings on both sides, plies without a capture and without a crowning after
    /// which the game is drawn, by the number of pieces on the board: a row `(n, plies)`
    /// applies to positions of at most `n` pieces that no earlier row and no lone-king
    /// rule covers. Empty if no such rule.
    const UNCHANGED_BALANCE_DRAW_PLIES: &'static [(u8, u16)] = &[];
}

/// What wins a game of a variant.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Goal {
    /// Leave the opponent, to move, without a legal move (no pieces, or all blocked):
    /// the side to move with no legal move loses (FMJD 5.1).
    Block,
    /// Be left without a legal move: the side to move with no legal move (no pieces,
    /// or all blocked) wins (antidraughts, as lidraughts plays it).
    GiveAway,
    /// Crown a man first: once a side has a king its opponent has no legal move and has
    /// lost; otherwise as [`Goal::Block`] (breakthrough, as lidraughts plays it).
    Crown,
}

/// Where a flying king may land after capturing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum KingLanding {
    /// On any free square beyond the piece it took (FMJD 4.4).
    Anywhere,
    /// On the square just beyond the last piece of its capture if that piece is a king,
    /// else anywhere (Killer draughts).
    BehindLastKing,
    /// On the square just beyond each piece it takes, going on from there if it can
    /// (Thai draughts).
    BehindEach,
}

/// International draughts (FMJD rules) on the 10x10 board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct International;

impl Variant for International {
    const NAME: &'static str = "international";
    const ALIASES: &'static [&'static str] = &["normal", "standard", "10x10"];
    type Board = Board10;
    const FIRST_TO_MOVE: Color = Color::White; // FMJD 1.5
    const MEN_PER_SIDE: u8 = 20; // FMJD 1.4
    const FLYING_KINGS: bool = true; // FMJD 3.9
    const MEN_CAPTURE_BACKWARDS: bool = true; // FMJD 4.2
    const CAPTURE_PRECEDENCE: Precedence = Precedence::MAJORITY; // FMJD 4.13
    const PDN_GAME_TYPE: u8 = 20;
    const PDN_RESULTS: [&'static str; 3] = ["2-0", "1-1", "0-2"];
    // FMJD 6.3 (25-move rule): 25 moves each of only king moves, no capture. The count
    // resets on a man move or a capture (FORMATS 6, counting [unverified]).
    const KING_MOVES_DRAW_PLIES: Option<u16> = Some(2 * 25);
    // FMJD 6.4 (16-move rule): lone king against 3K, 2K+1M or 1K+2M, 16 more moves each.
    const LONE_KING_VS_THREE_DRAW_PLIES: Option<u16> = Some(2 * 16);
    // FMJD 6.5 (5-move rule): lone king against 2K, 1K+1M or 1K, 5 more moves each.
    const LONE_KING_VS_TWO_DRAW_PLIES: Option<u16> = Some(2 * 5);
}

/// English draughts (American checkers, WCDF rules) on the 8x8 board.
///
/// Black (the dark side) moves first. Men move and capture forwards only; kings move
/// and capture one square in any diagonal; capture is compulsory but any sequence may
/// be chosen; a man reaching the far row is crowned and its move ends there.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct English;

impl Variant for English {
    const NAME: &'static str = "english";
    const ALIASES: &'static [&'static str] = &["checkers", "american", "8x8"];
    type Board = Board8;
    const FIRST_TO_MOVE: Color = Color::Black; // WCDF 1.5
    const MEN_PER_SIDE: u8 = 12;
    const PDN_GAME_TYPE: u8 = 21;
    // Some writers put 23 (American pool) on English games.
    const PDN_GAME_TYPES_TOLERATED: &'static [u8] = &[23];
    const PDN_RESULTS: [&'static str; 3] = ["1-0", "1/2-1/2", "0-1"];
    // WCDF 40-move rule: a draw may be claimed when neither side has advanced a man or
    // captured in its last 40 moves. We adjudicate it at once, after 80 plies (2 x 40);
    // CheckerBoard adjudicates after 79 plies (FORMATS 6).
    const KING_MOVES_DRAW_PLIES: Option<u16> = Some(2 * 40);
}

/// Brazilian draughts: the International rules (CBD, following FMJD) on the 8x8 board.
///
/// White moves first; men capture backwards; kings fly; the capture taking the most
/// pieces is compulsory; a man crowns only where its move ends.
///
/// Draws: repetition, and 20 moves each of only kings without a capture (CBD, "Regras
/// Oficiais do Jogo de Damas 64 casas e 100 casas", rule 16: "Após 20 (vinte) lances
/// sucessivos de Damas, sem captura ou deslocamento de pedra, a partida é declarada
/// empatada", and 25 on the 100-square board, which is FMJD 6.3's 25 moves each; as
/// published by apedamas.blogspot.com, "Regulamento Oficial", and
/// rodrygoruyz.blogspot.com, "Resumo das Regras Oficiais", rules 1 to 17 of one text). Those 17 rules
/// give no count on lone-king material, so none applies here. The fuller code, the
/// Federação Paulista de Damas' "CODEX FPD 2019" (ratingdamas.org/codex, recognised by
/// the CBD and declared in line with the FMJD), could be read only in its first articles,
/// on starting a game \[verify its draw articles\]. Sources disagree: lidraughts and
/// pydraughts play Brazilian under the FMJD Section-64 (IDF) rules that [`Russian`]
/// follows here (15 moves of kings, and counts of 5, 15, 30 and 60 moves on material);
/// we follow the Brazilian confederation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Brazilian;

impl Variant for Brazilian {
    const NAME: &'static str = "brazilian";
    type Board = Board8;
    const FIRST_TO_MOVE: Color = Color::White; // FMJD 1.5
    const MEN_PER_SIDE: u8 = 12;
    // FORMATS §7, "Notation customs": a1 to h8, as pydraughts writes them.
    const NOTATION: Notation = Notation::Algebraic;
    const FLYING_KINGS: bool = true; // FMJD 3.9
    const MEN_CAPTURE_BACKWARDS: bool = true; // FMJD 4.2
    const CAPTURE_PRECEDENCE: Precedence = Precedence::MAJORITY; // FMJD 4.13
    const PDN_GAME_TYPE: u8 = 26;
    const PDN_RESULTS: [&'static str; 3] = ["2-0", "1-1", "0-2"];
    // CBD rule 16: 20 successive moves each of kings only, no capture, no man moved.
    // Counting as International's 25-move rule (FORMATS 6, [unverified]).
    const KING_MOVES_DRAW_PLIES: Option<u16> = Some(2 * 20);
}

/// American pool checkers on the 8x8 board, by the Rules of Play of Ramsey and Kaplan
/// (as the American Pool Checkers Association publishes them).
///
/// Black (the dark side) moves first; men move forwards and capture forwards and
/// backwards; kings fly; any capture sequence may be chosen; a man crowns only if its
/// move ends on the far row (Rules of Play 5: passing it during a capture does not crown).
///
/// Draws: repetition, and three kings against a lone king: "the player who has the three
/// kings must win within thirteen moves (even if the fourteenth move is a capture)"
/// (Wikipedia, "Pool checkers", citing the APCA Playing Rules; windames.free.fr,
/// "Pool checkers"), counted here as 13 moves each from when the material arises. The
/// APCA tournament rules may set more: dctl's rules for Pool cite their rule 26 for a
/// limit of 30 plies of king moves and rule 28 for a 5-move count against a lone king.
/// The "APCA Tournament Rules of Play" are published (americanpoolcheckers.us, "History";
/// apca.forumotion.com, 2023), but only their rules 1 to 9 (board, pieces, colours,
/// recording) could be read, so neither count applies here \[verify rules 26 and 28\].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Pool;

impl Variant for Pool {
    const NAME: &'static str = "pool";
    const ALIASES: &'static [&'static str] = &["american-pool", "pool-checkers"];
    type Board = Board8;
    const FIRST_TO_MOVE: Color = Color::Black; // Pool Rules of Play 2
    const MEN_PER_SIDE: u8 = 12; // Pool Rules of Play 1
    const FLYING_KINGS: bool = true; // checkershistory.com, "Moves of the Kings"
    const MEN_CAPTURE_BACKWARDS: bool = true; // Pool Rules of Play 4
    const PDN_GAME_TYPE: u8 = 23;
    const PDN_RESULTS: [&'static str; 3] = ["1-0", "1/2-1/2", "0-1"];
    // APCA Playing Rules (as Wikipedia, "Pool checkers", quotes them): three kings
    // against one must win within thirteen moves.
    const THREE_KINGS_VS_KING_DRAW_PLIES: Option<u16> = Some(2 * 13);
}

/// Russian draughts (shashki) on the 8x8 board.
///
/// White moves first; men capture backwards; kings fly; any capture sequence may be
/// chosen, but a capture once begun is completed; a man that reaches the far row during
/// a capture is crowned at once and goes on capturing as a king.
///
/// Captures, by the Russian federation's (ФШР) "Правила игры в русские шашки": section
/// I of its "Шашечный кодекс России" (shaski.narod.ru, "Правила шашек ФШР") and of the
/// sport rules the Russian sports ministry approved (order No. 481 of 12 May 2010,
/// "Правила вида спорта «Шашки»", studydoc.ru). Only the opening articles of both texts
/// (1.1 the board, 1.2 the diagonals) could be read, so the capture articles are cited
/// from summaries that follow them (capeks.ru and invasportprim.ru, "Русские шашки"),
/// their numbers unverified \[verify\]: the choice among captures is free, "незалежно
/// від кількості" (a Ukrainian text of the rules, gymnasium-9.od.ua, item 8); men capture backwards as
/// well as forwards; a man reaching the far row during a capture becomes a king and
/// "продолжает бой по правилам дамки"; the "Turkish strike" ("правило турецкого удара"):
/// a piece is taken at most once, taken pieces leave only after the move, and the
/// capture stops where it would meet one again. The FMJD Section-64 rules say the same
/// (lidraughts' `Russian`).
///
/// Draws, by the FMJD Section-64 (IDF) rules, articles 7.2.3 to 7.2.8 (fmjd64.org,
/// "Rules of the game", as lidraughts quotes them in its `Russian` variant). A rules
/// page in Ukrainian (shashky.in.ua, "Різноманітні види нічиєї", items 3 to 6) gives the
/// same counts for 7.2.3 to 7.2.6; the federation's draw article (section I of the two
/// texts above) could not be read \[verify\]:
///
/// - 7.2.3: the same position, the same side to move, for the third time;
/// - 7.2.4: three kings (or more) against a lone king that are not taking it by their
///   15th move, counted from when the material arose. No men are left, so every move
///   since then is a king move: 7.2.5 draws at the same ply, and no count of its own is
///   kept;
/// - 7.2.5: 15 moves each of only kings, no man moved and nothing captured
///   ([`Variant::KING_MOVES_DRAW_PLIES`]);
/// - 7.2.6: kings on both sides and the balance unchanged (no capture, no crowning) for
///   30 moves with four or five pieces on the board, 60 moves with six or seven
///   ([`Variant::UNCHANGED_BALANCE_DRAW_PLIES`]). We count moves each (60 and 120 plies),
///   as lidraughts and pydraughts do: a "ход" of a game's record is one move of each
///   side, and 7.2.4 counts the same way ("своим 15 ходом", by the stronger side's own
///   15th move). No text read says so for 7.2.6 itself \[verify\];
/// - 7.2.7: three pieces, at least one a king, against a lone king on the main road
///   (a1-h8) not winning by their 5th move ([`Variant::LONE_KING_ON_MAIN_ROAD_DRAW_PLIES`]).
///   "On the main road" is read, as lidraughts and pydraughts read it, as alone on it;
///   how to count when the king leaves the road and returns is not said: here the count
///   starts afresh (lidraughts adds up the moves made on the road, pydraughts counts
///   from the last capture) \[verify\];
/// - 7.2.8: two kings, a king and a man, or a king against a lone king not winning by
///   their 5th move ([`Variant::LONE_KING_VS_TWO_DRAW_PLIES`]), counted as
///   International's 5-move rule.
///
/// "Not winning by the n-th move" is taken as n moves each (2n plies) without the game
/// ending, as lidraughts and pydraughts take it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Russian;

impl Variant for Russian {
    const NAME: &'static str = "russian";
    const ALIASES: &'static [&'static str] = &["shashki"];
    type Board = Board8;
    const FIRST_TO_MOVE: Color = Color::White;
    const MEN_PER_SIDE: u8 = 12;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARDS: bool = true;
    const CROWNS_MID_CAPTURE: bool = true;
    // FORMATS §7, "Notation customs": a1 to h8, as pydraughts writes them.
    const NOTATION: Notation = Notation::Algebraic;
    const PDN_GAME_TYPE: u8 = 25;
    const PDN_RESULTS: [&'static str; 3] = ["1-0", "1/2-1/2", "0-1"];
    // FMJD-64 7.2.5 (and 7.2.4): 15 moves each of only kings, no man move, no capture.
    const KING_MOVES_DRAW_PLIES: Option<u16> = Some(2 * 15);
    // FMJD-64 7.2.8: a lone king against 2K, 1K+1M or 1K, 5 moves each.
    const LONE_KING_VS_TWO_DRAW_PLIES: Option<u16> = Some(2 * 5);
    // FMJD-64 7.2.7: a lone king on the main road against 3K, 2K+1M or 1K+2M, 5 moves
    // each.
    const LONE_KING_ON_MAIN_ROAD_DRAW_PLIES: Option<u8> = Some(2 * 5);
    // FMJD-64 7.2.6: kings on both sides, no capture and no crowning: 30 moves with 4 or
    // 5 pieces, 60 with 6 or 7 (moves each [verify]).
    const UNCHANGED_BALANCE_DRAW_PLIES: &'static [(u8, u16)] = &[(5, 2 * 30), (7, 2 * 60)];
}

/// Italian draughts (dama italiana, FID rules) on the mirrored 8x8 board.
///
/// White moves first; men move and capture forwards only and may not capture kings;
/// kings move and capture one square at a time; a man reaching the far row is crowned
/// and its move ends. Of the captures available one must take the most pieces, then be
/// made by a king, then take the most kings, then meet a king earliest (FID, "Le 10
/// regole", 5 to 8). The FID rules consulted set no move count for a draw: only
/// repetition draws here.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Italian;

impl Variant for Italian {
    const NAME: &'static str = "italian";
    const ALIASES: &'static [&'static str] = &["dama", "dama-italiana"];
    type Board = Board8Mirrored; // FID Regolamento 2.3, 2.4
    const FIRST_TO_MOVE: Color = Color::White; // FID Regolamento 3.4
    const MEN_PER_SIDE: u8 = 12; // FID Regolamento 2.5
    const CAPTURE_PRECEDENCE: Precedence = Precedence::ITALIAN;
    const MEN_CAPTURE_KINGS: bool = false; // FID Regolamento 5.3 b
    const PDN_GAME_TYPE: u8 = 22;
    const PDN_RESULTS: [&'static str; 3] = ["1-0", "1/2-1/2", "0-1"];
}

/// Spanish draughts (damas españolas) on the mirrored 8x8 board, numbered from White's
/// side.
///
/// White moves first; men move and capture forwards only; kings fly; a man reaching the
/// far row is crowned and its move ends; men capture kings as well as men (no source
/// forbids it, where Italian's FID rules say so). Of the captures available one must take
/// the most pieces (the law of quantity), then, of equal numbers, the most kings (the law
/// of quality); a capture with a king has no precedence (FORMATS §7; brainking.com, "Tabla
/// comparativa de las reglas de las Damas": Spanish has "regla de cantidad" and "regla de
/// calidad", not "regla prioritaria"; the Portuguese federation's "Regras do jogo de damas
/// clássicas", rule 7 a to c, the same game on the mirrored board: "Quantidade",
/// "Qualidade", a king worth more than a man). The Spanish federation's (FEDA) own
/// rulebook could not be found \[verify\]. Numbering ([`Board8MirroredFromWhite`]): the
/// squares are numbered from White's side, 1 at White's bottom right (h1), right to left
/// and upwards, White's men starting on 1-12 and Black's on 21-32 (realidad-simulada.es,
/// "Juego clásico español de damas"; the Portuguese rules, rule 3; PDN 3.0's GameType
/// list, damforum.nl, "PDN standard", 2009: Spanish `24,W,8,8,N1,1`, numbers from the
/// bottom right, against Italian's `22,W,8,8,N2,1`). Square `n` is Italian's `33 - n` on
/// the same board. No move count for a draw was found: only repetition draws here.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Spanish;

impl Variant for Spanish {
    const NAME: &'static str = "spanish";
    const ALIASES: &'static [&'static str] = &["damas"];
    type Board = Board8MirroredFromWhite; // realidad-simulada.es; Portuguese rule 3
    const FIRST_TO_MOVE: Color = Color::White;
    const MEN_PER_SIDE: u8 = 12;
    const FLYING_KINGS: bool = true;
    const CAPTURE_PRECEDENCE: Precedence = Precedence::SPANISH;
    const PDN_GAME_TYPE: u8 = 24;
    const PDN_RESULTS: [&'static str; 3] = ["1-0", "1/2-1/2", "0-1"];
}

/// Czech draughts (česká dáma) on the 8x8 board.
///
/// White moves first; men move and capture forwards only; kings fly; a man reaching the
/// far row is crowned and its move ends. A capture with a king takes precedence over one
/// with a man; otherwise any capture may be chosen, but it is completed; taken pieces
/// leave after the move and none is jumped twice (FORMATS §7; the rules of the Czech
/// federation, Česká federace dámy, as Czech Wikipedia, "Dáma (hra)", sums them up
/// "podle pravidel České federace dámy": men "pouze vpřed", kings any number of squares,
/// "musí skákat dámou", the choice among a piece's captures free; hrejsi.cz, "Česká dáma",
/// rules 8 to 11, the same; klububoudu.cz: "Dáma má přednost ve skákání"). The
/// federation's full text (which dama.opalka.cz points to) could not be read, so no
/// article is cited \[verify\]. It makes a draw of a position where neither side can
/// still take a piece, a judgement and no move count: only repetition draws here.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Czech;

impl Variant for Czech {
    const NAME: &'static str = "czech";
    const ALIASES: &'static [&'static str] = &["ceska-dama"];
    type Board = Board8;
    const FIRST_TO_MOVE: Color = Color::White;
    const MEN_PER_SIDE: u8 = 12;
    const FLYING_KINGS: bool = true;
    const CAPTURE_PRECEDENCE: Precedence = Precedence::KING_FIRST;
    const PDN_GAME_TYPE: u8 = 29;
    const PDN_RESULTS: [&'static str; 3] = ["1-0", "1/2-1/2", "0-1"];
}

/// Thai draughts (mak-hot, makhos) on the 8x8 board, eight men a side on the two rows
/// nearest their player.
///
/// White moves first (mindsports.nl, "Thai": "White begins"; the checkers wiki,
/// "Mak-hot", finds no fixed rule). Men move and capture forwards only; a man reaching
/// the far row is crowned, which ends a capture as no forward jump is left. Kings fly,
/// but capture by landing on the square just behind each piece taken and go on from
/// there ("Mak-hot": "must stop on the square directly behind each piece captured").
/// Captured pieces leave the board as they are taken ("Mak-hot": "Removal of the
/// captured piece is immediate and occurs during the capture"; eightygames, "Thai
/// checkers": "Captures are immediately taken off the board"), so a king may turn back
/// across the square of a piece it has just taken (coldmoon.io, "Makhos": "even in the
/// direction where they have come from"). Capture is compulsory and must be completed,
/// but any sequence may be chosen (mindsports.nl: "There are no priorities of
/// capture"). No count of moves for a draw was found: only repetition draws here.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Thai;

impl Variant for Thai {
    const NAME: &'static str = "thai";
    const ALIASES: &'static [&'static str] = &["makhos", "mak-hot"];
    type Board = Board8;
    const FIRST_TO_MOVE: Color = Color::White;
    const MEN_PER_SIDE: u8 = 8;
    const FLYING_KINGS: bool = true;
    const KING_LANDING: KingLanding = KingLanding::BehindEach;
    const REMOVES_DURING_CAPTURE: bool = true;
    const KING_TURNS_BACK: bool = true;
    const PDN_GAME_TYPE: u8 = 31;
    const PDN_RESULTS: [&'static str; 3] = ["1-0", "1/2-1/2", "0-1"];
}

/// Turkish draughts (dama) on the full 8x8 board, sixteen men a side on the second and
/// third rows from their player.
///
/// White moves first. Men move one square forwards or sideways, never backwards or
/// diagonally, and capture the same ways by jumping an adjacent piece; kings move and
/// capture along whole free rows and columns, landing on any free square beyond the
/// piece taken. Captured pieces leave the board as they are taken, so a king may cross
/// their squares again, but it may not turn back 180 degrees between two captures. The
/// capture taking the most pieces is compulsory, kings and men counting alike (Wikipedia,
/// "Turkish draughts"; mindsports.nl, "Turkish Draughts"). A man reaching the last row
/// is crowned where its move ends; during a capture it goes on as a man (Wikipedia:
/// "promoted to a king at the end of the move", and so pydraughts plays it; other
/// sources end the move there or let it go on, see `tests/rules_turkish.rs`
/// \[verify\]). Squares are written algebraically, `a1` White's bottom-left. Only
/// repetition draws here.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Turkish;

impl Variant for Turkish {
    const NAME: &'static str = "turkish";
    const ALIASES: &'static [&'static str] = &["turk"];
    type Board = Board8Full;
    const FIRST_TO_MOVE: Color = Color::White;
    const MEN_PER_SIDE: u8 = 16;
    const EMPTY_BACK_ROWS: u8 = 1;
    const ORTHOGONAL_MOVES: bool = true;
    const FLYING_KINGS: bool = true;
    const CAPTURE_PRECEDENCE: Precedence = Precedence::MAJORITY;
    const REMOVES_DURING_CAPTURE: bool = true;
    // FORMATS §7, "Notation customs": a1 to h8, as pydraughts writes them.
    const NOTATION: Notation = Notation::Algebraic;
    const PDN_GAME_TYPE: u8 = 30;
    const PDN_RESULTS: [&'static str; 3] = ["1-0", "1/2-1/2", "0-1"];
}

/// The International rules (see [`International`]) but for the name, the aliases, the
/// PDN `GameType` and the rules a variant then states: for the 10x10 variants that
/// differ from International in one rule.
macro_rules! international_rules {
    () => {
        type Board = Board10;
        const FIRST_TO_MOVE: Color = International::FIRST_TO_MOVE;
        const MEN_PER_SIDE: u8 = International::MEN_PER_SIDE;
        const FLYING_KINGS: bool = true;
        const MEN_CAPTURE_BACKWARDS: bool = true;
        const CAPTURE_PRECEDENCE: Precedence = International::CAPTURE_PRECEDENCE;
        const PDN_RESULTS: [&'static str; 3] = International::PDN_RESULTS;
        const KING_MOVES_DRAW_PLIES: Option<u16> = International::KING_MOVES_DRAW_PLIES;
        const LONE_KING_VS_THREE_DRAW_PLIES: Option<u16> =
            International::LONE_KING_VS_THREE_DRAW_PLIES;
        const LONE_KING_VS_TWO_DRAW_PLIES: Option<u16> = International::LONE_KING_VS_TWO_DRAW_PLIES;
    };
}

/// Antidraughts: International rules played to lose (lidraughts "Antidraughts").
///
/// The side to move that has no piece or no legal move wins; everything else, draw
/// rules included, is International.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Antidraughts;

impl Variant for Antidraughts {
    const NAME: &'static str = "antidraughts";
    const ALIASES: &'static [&'static str] = &["anti", "losing", "giveaway"];
    international_rules!();
    // lidraughts, "Antidraughts": lose all your pieces or be blocked to win.
    const GOAL: Goal = Goal::GiveAway;
    // No PDN 3.0 number: chosen here (FORMATS 7).
    const PDN_GAME_TYPE: u8 = 44;
}

/// Breakthrough: International rules, and the first side to crown a man wins
/// (lidraughts "Breakthrough").
///
/// A crowning ends the game, so the draw rules that count king moves never come into
/// play; repetition still draws.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Breakthrough;

impl Variant for Breakthrough {
    const NAME: &'static str = "breakthrough";
    const ALIASES: &'static [&'static str] = &["bt"];
    international_rules!();
    // lidraughts, "Breakthrough": the first player to make a king wins.
    const GOAL: Goal = Goal::Crown;
    // No PDN 3.0 number: chosen here (FORMATS 7).
    const PDN_GAME_TYPE: u8 = 45;
}

/// Killer draughts (Christian Freeling): International rules, except that a king whose
/// capture ends by taking a king stops on the square just beyond it.
///
/// mindsports.nl, "Killer Draughts": "the king must stop on the first vacant square
/// after the last captured piece, if and only if that piece is also a king"; this holds
/// for a capture of one piece too (rec.games.abstract, "Modern draughts", contrasting
/// Killer Light). Draw rules as International [unverified for Killer].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Killer;

impl Variant for Killer {
    const NAME: &'static str = "killer";
    international_rules!();
    const KING_LANDING: KingLanding = KingLanding::BehindLastKing;
    // No PDN 3.0 number: chosen here (FORMATS 7).
    const PDN_GAME_TYPE: u8 = 43;
}
