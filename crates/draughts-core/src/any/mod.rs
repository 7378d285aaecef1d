//! Run-time dispatch, for code that learns the variant only at run time (a command line,
//! a protocol, a PDN `GameType` tag).
//!
//! [`VariantKind`] names a variant; [`AnyPosition`] and [`AnyGame`] hold a position or a
//! game of any variant and forward each operation to the generic code, with moves as
//! [`AnyMove`] values; [`with_variant!`](crate::with_variant) runs generic code for a
//! [`VariantKind`], and [`KnownVariant`] leads from a variant type back to these. Hot
//! loops stay generic: pick the variant once at the edge, then call monomorphised code.
//!
//! All of them are generated from the one list of variants at the foot of the
//! `variants!` macro below: adding a variant means writing its [`Variant`] type, adding
//! it to that list, and giving it test data.

use crate::fen::FenError;
use crate::game::Game;
use crate::geometry::Geometry;
use crate::hub::HubPositionError;
use crate::notation::MoveTextError;
use crate::perft::{divide, perft};
use crate::piece::{Color, Kind, Piece};
use crate::position::Position;
use crate::square::{Notation, Square, SquareError};
use crate::variant::{
    Antidraughts, Brazilian, Breakthrough, Czech, English, International, Italian, Killer, Pool,
    Russian, Spanish, Thai, Turkish, Variant,
};
use crate::variant::{Frisian, Frysk};
use std::fmt;
use std::str::FromStr;

/// Generates [`VariantKind`], [`KnownVariant`], [`AnyPosition`], [`AnyGame`], the private
/// `dispatch!` and the exported
/// [`with_variant!`](crate::with_variant) and [`for_each_variant!`](crate::for_each_variant)
/// from one list of variant types. `$d` is a literal `$`, for the macros it defines.
macro_rules! variants {
    ($d:tt $($name:ident $text:literal),+ $(,)?) => {
        // Each name in the list is the type's own name.
        $(const _: () = assert!(same_text(<$name as Variant>::NAME, $text));)+

        /// A variant chosen at run time: one per [`Variant`] type of the same name.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum VariantKind {
            $(
                #[doc = concat!("[`", stringify!($name), "`].")]
                $name,
            )+
        }

        impl VariantKind {
            /// The number of supported variants.
            pub const COUNT: usize = [$(VariantKind::$name),+].len();

            /// Every supported variant.
            pub const ALL: [VariantKind; VariantKind::COUNT] = [$(VariantKind::$name),+];

            /// Every variant's [`Variant::NAME`], in the order of [`VariantKind::ALL`].
            pub const NAMES: [&'static str; VariantKind::COUNT] =
                [$(<$name as Variant>::NAME),+];

            /// The lower-case name ([`Variant::NAME`]).
            pub const fn name(self) -> &'static str {
                match self {
                    $(VariantKind::$name => <$name as Variant>::NAME,)+
                }
            }

            /// Other names accepted for the variant ([`Variant::ALIASES`]).
            pub const fn aliases(self) -> &'static [&'static str] {
                match self {
                    $(VariantKind::$name => <$name as Variant>::ALIASES,)+
                }
            }

            /// The PDN `GameType` number ([`Variant::PDN_GAME_TYPE`]).
            pub const fn pdn_game_type(self) -> u8 {
                match self {
                    $(VariantKind::$name => <$name as Variant>::PDN_GAME_TYPE,)+
                }
            }
        }

        /// A variant of the run-time list, which knows its [`VariantKind`] and how to wrap
        /// its positions and games for code that does not know the variant.
        pub trait KnownVariant: Variant {
            /// The variant's [`VariantKind`].
            const KIND: VariantKind;

            /// `pos` as an [`AnyPosition`].
            fn any_position(pos: Position<Self>) -> AnyPosition;

            /// `game` as an [`AnyGame`].
            fn any_game(game: Game<Self>) -> AnyGame;

            /// The position `pos` wraps, if it is of this variant.
            fn position_of(pos: &AnyPosition) -> Option<&Position<Self>>;

            /// The game `game` wraps, if it is of this variant.
            fn game_of(game: &AnyGame) -> Option<&Game<Self>>;
        }

        $(
            impl KnownVariant for $name {
                const KIND: VariantKind = VariantKind::$name;

                fn any_position(pos: Position<$name>) -> AnyPosition {
                    AnyPosition::$name(pos)
                }

                fn any_game(game: Game<$name>) -> AnyGame {
                    AnyGame::$name(game)
                }

                fn position_of(pos: &AnyPosition) -> Option<&Position<$name>> {
                    match pos {
                        AnyPosition::$name(pos) => Some(pos),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }

                fn game_of(game: &AnyGame) -> Option<&Game<$name>> {
                    match game {
                        AnyGame::$name(game) => Some(game),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
            }
        )+

        /// A position of a variant chosen at run time. Each method forwards to the
        /// generic code; pick the variant once at the edge and keep hot loops generic.
        ///
        /// ```
        /// use draughts_core::{AnyPosition, VariantKind};
        ///
        /// let kind: VariantKind = "checkers".parse()?;
        /// let start = AnyPosition::initial(kind);
        /// assert_eq!(start.to_fen(), "B:W21-32:B1-12");
        /// assert_eq!(start.legal_move_texts().len(), 7);
        /// assert_eq!(start.perft(2), 49);
        /// let next = start.play_text("11-15")?;
        /// assert_eq!(next.turn(), draughts_core::Color::White);
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum AnyPosition {
            $(
                #[doc = concat!("A position of [`", stringify!($name), "`].")]
                $name(Position<$name>),
            )+
        }

        $(
            impl From<Position<$name>> for AnyPosition {
                fn from(pos: Position<$name>) -> AnyPosition {
                    AnyPosition::$name(pos)
                }
            }
        )+

        impl AnyPosition {
            /// Which variant this position belongs to.
            pub const fn kind(&self) -> VariantKind {
                match self {
                    $(AnyPosition::$name(_) => VariantKind::$name,)+
                }
            }
        }

        /// A game ([`Game`]: history, draw rules, result) of a variant chosen at run
        /// time. Each method forwards to the generic code.
        ///
        /// ```
        /// use draughts_core::{AnyGame, GameStatus, VariantKind};
        ///
        /// let mut game = AnyGame::new(VariantKind::English);
        /// let first = game.position().legal_moves().remove(0);
        /// game.play(&first)?;
        /// assert_eq!(game.moves(), [first.clone()]);
        /// assert_eq!(game.status(), GameStatus::Ongoing);
        /// assert_eq!(game.undo(), Some(first));
        /// assert_eq!(game.position(), game.start());
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[derive(Clone, PartialEq, Eq, Debug)]
        pub enum AnyGame {
            $(
                #[doc = concat!("A game of [`", stringify!($name), "`].")]
                $name(Game<$name>),
            )+
        }

        $(
            impl From<Game<$name>> for AnyGame {
                fn from(game: Game<$name>) -> AnyGame {
                    AnyGame::$name(game)
                }
            }
        )+

        /// Evaluates `$body` with `$x` bound to what the `$enum` value (default
        /// [`AnyPosition`]) wraps, whatever its variant.
        macro_rules! dispatch {
            ($d enum:ident: $d self:expr, $d x:ident => $d body:expr) => {
                match $d self {
                    $($d enum::$name($d x) => $d body,)+
                }
            };
            ($d self:expr, $d pos:ident => $d body:expr) => {
                dispatch!(AnyPosition: $d self, $d pos => $d body)
            };
        }

        /// Runs `$body` with the type alias `$v` naming the variant that the
        /// [`VariantKind`] `$kind` stands for.
        ///
        /// ```
        /// use draughts_core::{with_variant, Position, Variant, VariantKind};
        ///
        /// let kind: VariantKind = "brazilian".parse()?;
        /// let moves = with_variant!(kind, V => Position::<V>::initial().legal_moves().len());
        /// assert_eq!(moves, 7);
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[macro_export]
        macro_rules! with_variant {
            ($d kind:expr, $d v:ident => $d body:expr) => {
                match $d kind {
                    $(
                        $d crate::VariantKind::$name => {
                            type $d v = $d crate::$name;
                            $d body
                        }
                    )+
                }
            };
        }

        /// Calls the macro `$callback` with the list of variants, each its type name and
        /// its [`Variant::NAME`] as a literal, comma separated (`International
        /// "international", English "english", ...`), for code outside the core that must
        /// generate something per variant (such as `include_str!` of a file per variant).
        ///
        /// ```
        /// use draughts_core::for_each_variant;
        ///
        /// macro_rules! names {
        ///     ($($name:ident $text:literal),+) => { [$($text),+] };
        /// }
        /// assert_eq!(for_each_variant!(names), draughts_core::VariantKind::NAMES);
        /// ```
        #[macro_export]
        macro_rules! for_each_variant {
            ($d callback:ident) => {
                $d callback! { $($name $text),+ }
            };
        }
    };
}

/// Whether two strings are equal, at compile time.
const fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

// The one list of variants: each type with its name.
variants!($
    International "international",
    English "english",
    Brazilian "brazilian",
    Pool "pool",
    Russian "russian",
    Italian "italian",
    Spanish "spanish",
    Czech "czech",
    Thai "thai",
    Turkish "turkish",
    Killer "killer",
    Antidraughts "antidraughts",
    Breakthrough "breakthrough",
    Frisian "frisian",
    Frysk "frysk",
);

mod game;
mod moves;

pub use moves::{AnyMove, PlayError};

/// A variant name or PDN `GameType` that is not supported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// A name that names no supported variant.
    #[error("unknown variant {0:?}; try {names}", names = VariantKind::describe(|k| k.name().to_string()))]
    UnknownName(String),
    /// A PDN `GameType` number of a variant we do not play.
    #[error("PDN GameType {0} is not supported ({types})", types = VariantKind::describe(|k| format!("{} {}", k.pdn_game_type(), k.name())))]
    UnsupportedGameType(u8),
}

impl VariantKind {
    /// Every variant described by `text`, comma separated, for error messages.
    fn describe(text: impl Fn(VariantKind) -> String) -> String {
        VariantKind::ALL
            .into_iter()
            .map(text)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Squares along one side of the board (8 or 10).
    pub fn board_side(self) -> u8 {
        with_variant!(self, V => <<V as Variant>::Board as Geometry>::SIDE)
    }

    /// The number of playable squares (32, 50 or 64), numbered from 1.
    pub fn squares(self) -> u8 {
        with_variant!(self, V => <<V as Variant>::Board as Geometry>::SQUARES)
    }

    /// The square numbered `n` on the variant's board, if `1 <= n <=`
    /// [`VariantKind::squares`] ([`Square::on`]).
    ///
    /// ```
    /// use draughts_core::{Square, VariantKind};
    ///
    /// assert_eq!(VariantKind::International.square(50), Square::new(50));
    /// assert_eq!(VariantKind::International.square(51), None);
    /// assert_eq!(VariantKind::Turkish.square(64), Square::new(64));
    /// assert_eq!(VariantKind::English.square(0), None);
    /// ```
    pub fn square(self, n: u8) -> Option<Square> {
        with_variant!(self, V => Square::on::<V>(n))
    }

    /// How the variant writes its squares ([`Variant::NOTATION`]).
    pub fn notation(self) -> Notation {
        with_variant!(self, V => V::NOTATION)
    }

    /// `square` as the variant writes it: its number, or its algebraic name
    /// ([`Square::to_text`]).
    ///
    /// ```
    /// use draughts_core::{Square, VariantKind};
    ///
    /// let a1 = Square::new(29).unwrap();
    /// assert_eq!(VariantKind::Russian.square_text(a1), "a1");
    /// assert_eq!(VariantKind::English.square_text(a1), "29");
    /// assert_eq!(VariantKind::Russian.parse_square("29"), Ok(a1));
    /// ```
    pub fn square_text(self, square: Square) -> String {
        with_variant!(self, V => square.to_text::<V>())
    }

    /// The row (0 = top, White's far side) and column (0 = White's left) of `square` on
    /// the variant's board, as its diagrams place it; `None` off the board.
    ///
    /// ```
    /// use draughts_core::{Square, VariantKind};
    ///
    /// let square = |n| Square::new(n).unwrap();
    /// assert_eq!(VariantKind::English.coordinates(square(1)), Some((0, 1)));
    /// assert_eq!(VariantKind::Italian.coordinates(square(1)), Some((0, 0)));
    /// assert_eq!(VariantKind::Spanish.coordinates(square(1)), Some((7, 7)));
    /// assert_eq!(VariantKind::Turkish.coordinates(square(64)), Some((7, 7)));
    /// assert_eq!(VariantKind::English.coordinates(square(33)), None);
    /// ```
    pub fn coordinates(self, square: Square) -> Option<(u8, u8)> {
        with_variant!(self, V => {
            let n = square.number();
            (n <= <<V as Variant>::Board as Geometry>::SQUARES)
                .then(|| <<V as Variant>::Board as Geometry>::coordinates(n))
        })
    }

    /// Reads a square of the variant's board given as a number or an algebraic name
    /// ([`Square::from_text`]).
    ///
    /// # Errors
    /// [`SquareError`] for text that is neither, or a square off the board or light.
    pub fn parse_square(self, text: &str) -> Result<Square, SquareError> {
        with_variant!(self, V => Square::from_text::<V>(text))
    }

    /// The variant of a PDN `GameType` number.
    ///
    /// ```
    /// use draughts_core::VariantKind;
    ///
    /// assert_eq!(VariantKind::from_pdn_game_type(21), Ok(VariantKind::English));
    /// assert_eq!(VariantKind::from_pdn_game_type(26), Ok(VariantKind::Brazilian));
    /// assert_eq!(VariantKind::from_pdn_game_type(30), Ok(VariantKind::Turkish));
    /// assert!(VariantKind::from_pdn_game_type(27).is_err());
    /// ```
    ///
    /// # Errors
    /// [`VariantError::UnsupportedGameType`] for a number no supported variant has.
    pub fn from_pdn_game_type(number: u8) -> Result<VariantKind, VariantError> {
        VariantKind::ALL
            .into_iter()
            .find(|kind| kind.pdn_game_type() == number)
            .ok_or(VariantError::UnsupportedGameType(number))
    }
}

impl FromStr for VariantKind {
    type Err = VariantError;

    /// Reads a variant name ([`VariantKind::name`]) or one of its
    /// [aliases](VariantKind::aliases), ignoring case and surrounding white space:
    /// `international`, `normal`, `10x10`; `english`, `checkers`, `8x8`; `brazilian`;
    /// `pool`, ...
    fn from_str(text: &str) -> Result<VariantKind, VariantError> {
        let wanted = text.trim().to_ascii_lowercase();
        VariantKind::ALL
            .into_iter()
            .find(|kind| kind.name() == wanted || kind.aliases().contains(&wanted.as_str()))
            .ok_or_else(|| VariantError::UnknownName(text.to_string()))
    }
}

impl fmt::Display for VariantKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// PDN text of every legal move of `pos`.
fn move_texts<V: Variant>(pos: &Position<V>) -> Vec<String> {
    pos.legal_moves().iter().map(|m| pos.move_text(m)).collect()
}

impl AnyPosition {
    /// The initial position of `kind`.
    pub fn initial(kind: VariantKind) -> AnyPosition {
        with_variant!(kind, V => Position::<V>::initial().into())
    }

    /// Reads a FEN as a position of `kind`.
    ///
    /// # Errors
    /// As the FEN reader ([`FenError`]).
    pub fn from_fen(kind: VariantKind, fen: &str) -> Result<AnyPosition, FenError> {
        Ok(with_variant!(kind, V => fen.parse::<Position<V>>()?.into()))
    }

    /// Reads a Hub protocol position string as a position of `kind`.
    ///
    /// # Errors
    /// As [`Position::from_hub`].
    pub fn from_hub(kind: VariantKind, text: &str) -> Result<AnyPosition, HubPositionError> {
        Ok(with_variant!(kind, V => Position::<V>::from_hub(text)?.into()))
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        dispatch!(self, pos => pos.turn())
    }

    /// The Zobrist hash.
    pub fn hash(&self) -> u64 {
        dispatch!(self, pos => pos.hash())
    }

    /// Whether the side to move has lost ([`Position::is_lost`]).
    pub fn is_lost(&self) -> bool {
        dispatch!(self, pos => pos.is_lost())
    }

    /// The side that has won in this position, draw rules aside ([`Position::winner`]).
    pub fn winner(&self) -> Option<Color> {
        dispatch!(self, pos => pos.winner())
    }

    /// Whether the side to move has no legal move ([`Position::has_no_move`]).
    pub fn has_no_move(&self) -> bool {
        dispatch!(self, pos => pos.has_no_move())
    }

    /// The FEN.
    pub fn to_fen(&self) -> String {
        dispatch!(self, pos => pos.to_fen())
    }

    /// The Hub protocol position string.
    pub fn to_hub(&self) -> String {
        dispatch!(self, pos => pos.to_hub())
    }

    /// The legal moves as PDN text ([`Position::move_text`]), in generation order.
    pub fn legal_move_texts(&self) -> Vec<String> {
        dispatch!(self, pos => move_texts(pos))
    }

    /// The legal moves in the captured-square text of the Hub and DXP protocols
    /// ([`Position::hub_move_text`]), in generation order.
    pub fn legal_hub_move_texts(&self) -> Vec<String> {
        dispatch!(self, pos => pos.legal_moves().iter().map(Position::hub_move_text).collect())
    }

    /// Plays a legal move given as PDN text.
    ///
    /// # Errors
    /// As [`Position::parse_move`].
    pub fn play_text(&self, text: &str) -> Result<AnyPosition, MoveTextError> {
        dispatch!(self, pos => pos.play_text(text).map(AnyPosition::from))
    }

    /// Plays a legal move given in the captured-square text of the Hub and DXP
    /// protocols.
    ///
    /// # Errors
    /// As [`Position::parse_hub_move`].
    pub fn play_hub_text(&self, text: &str) -> Result<AnyPosition, MoveTextError> {
        dispatch!(self, pos => pos
            .parse_hub_move(text)
            .map(|mv| AnyPosition::from(pos.play_unchecked(&mv))))
    }

    /// What stands on `square` (`None` if empty or not on this board).
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        dispatch!(self, pos => pos.piece_at(square))
    }

    /// The squares of the pieces of `color` and `kind`, in square order.
    pub fn squares_of(&self, color: Color, kind: Kind) -> Vec<Square> {
        dispatch!(self, pos => match kind {
            Kind::Man => pos.men(color).into_iter().collect(),
            Kind::King => pos.kings(color).into_iter().collect(),
        })
    }

    /// The colour-swapped mirror image ([`Position::flipped`]).
    #[must_use]
    pub fn flipped(&self) -> AnyPosition {
        dispatch!(self, pos => pos.flipped().into())
    }

    /// The number of move sequences of length `depth` (see [`perft`]).
    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(self, pos => perft(pos, depth))
    }

    /// Perft split by first move, each move in PDN text (see [`divide`]).
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        dispatch!(self, pos => divide(pos, depth)
            .into_iter()
            .map(|(mv, count)| (pos.move_text(&mv), count))
            .collect())
    }
}

impl fmt::Display for AnyPosition {
    /// The board diagram of [`Position`]'s `Display`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        dispatch!(self, pos => fmt::Display::fmt(pos, f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        for (text, kind) in [
            ("international", VariantKind::International),
            ("Normal", VariantKind::International),
            ("STANDARD", VariantKind::International),
            ("10x10", VariantKind::International),
            ("10X10", VariantKind::International),
            (" english ", VariantKind::English),
            ("Checkers", VariantKind::English),
            ("american", VariantKind::English),
            ("8x8", VariantKind::English),
            ("Brazilian", VariantKind::Brazilian),
            ("pool", VariantKind::Pool),
            ("american-pool", VariantKind::Pool),
            ("Frisian", VariantKind::Frisian),
            ("frysk!", VariantKind::Frysk),
        ] {
            assert_eq!(text.parse::<VariantKind>(), Ok(kind), "{text}");
        }
        for bad in ["", "frisians", "10x8", "englishh", "intérnational"] {
            assert_eq!(
                bad.parse::<VariantKind>(),
                Err(VariantError::UnknownName(bad.to_string()))
            );
        }
        for kind in VariantKind::ALL {
            assert_eq!(kind.name().parse::<VariantKind>(), Ok(kind));
            assert_eq!(kind.to_string(), kind.name());
            assert_eq!(
                VariantKind::from_pdn_game_type(kind.pdn_game_type()),
                Ok(kind)
            );
        }
        assert_eq!(VariantKind::International.pdn_game_type(), 20);
        assert_eq!(VariantKind::English.pdn_game_type(), 21);
        assert_eq!(VariantKind::Pool.pdn_game_type(), 23);
        assert_eq!(VariantKind::Brazilian.pdn_game_type(), 26);
        assert_eq!(VariantKind::Frisian.pdn_game_type(), 40);
        assert_eq!(VariantKind::Turkish.pdn_game_type(), 30);
        // Canadian (PDN 3.0) is not played.
        assert_eq!(
            VariantKind::from_pdn_game_type(27),
            Err(VariantError::UnsupportedGameType(27))
        );
    }

    #[test]
    fn positions_forward_to_the_generic_code() {
        let start = AnyPosition::initial(VariantKind::International);
        assert_eq!(start.kind(), VariantKind::International);
        assert_eq!(start.turn(), Color::White);
        assert_eq!(start.to_fen(), "W:W31-50:B1-20");
        assert_eq!(
            start.to_hub(),
            "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
        );
        assert_eq!(start.legal_move_texts().len(), 9);
        assert_eq!(start.perft(3), 658);
        let divided = start.divide(2);
        assert_eq!(divided.len(), 9);
        assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), start.perft(2));
        assert!(divided.iter().any(|(text, _)| text == "32-28"));
        assert!(!start.is_lost());
        assert_eq!(start.hash(), Position::<International>::initial().hash());
        assert_eq!(
            start.to_string(),
            Position::<International>::initial().to_string()
        );

        let pos = start
            .play_text("32-28")
            .unwrap()
            .play_text("19-23")
            .unwrap();
        assert_eq!(pos.legal_hub_move_texts(), ["28x19x23"]);
        assert_eq!(pos.legal_move_texts(), ["28x19"]);
        let taken = pos.play_hub_text("28x19x23").unwrap();
        assert_eq!(taken, pos.play_text("28x19").unwrap());
        assert_eq!(taken.turn(), Color::Black);
        assert!(matches!(
            pos.play_text("31-27"),
            Err(MoveTextError::Illegal(_))
        ));

        let english = AnyPosition::from_fen(VariantKind::English, "B:W21-32:B1-12").unwrap();
        assert_eq!(english, AnyPosition::initial(VariantKind::English));
        assert_eq!(english.perft(4), 1469);
        let hub = english.to_hub();
        assert_eq!(
            AnyPosition::from_hub(VariantKind::English, &hub),
            Ok(english)
        );
        assert!(AnyPosition::from_hub(VariantKind::International, &hub).is_err());
        assert!(AnyPosition::from_fen(VariantKind::English, "W:W33:B1").is_err());
        let lost = AnyPosition::from_fen(VariantKind::English, "W:W:B1").unwrap();
        assert!(lost.is_lost());
    }
}
