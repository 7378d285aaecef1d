//! Run-time dispatch, for code that learns the variant only at run time (a command line,
//! a protocol, a PDN `GameType` tag).
//!
//! [`VariantKind`] names a variant; [`AnyPosition`] holds a position of either variant and
//! forwards each operation to the generic code. Hot loops stay generic: pick the variant
//! once at the edge, then call monomorphised code.

use crate::fen::FenError;
use crate::hub::HubPositionError;
use crate::notation::MoveTextError;
use crate::perft::{divide, perft};
use crate::piece::Color;
use crate::position::Position;
use crate::variant::{English, International, Variant};
use std::fmt;
use std::str::FromStr;

/// A variant chosen at run time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum VariantKind {
    /// [`International`] draughts, 10x10.
    International,
    /// [`English`] draughts (American checkers), 8x8.
    English,
}

/// A variant name or PDN `GameType` that is not supported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// A name that names no supported variant.
    #[error("unknown variant {0:?}; try international (normal, standard, 10x10) or english (checkers, american, 8x8)")]
    UnknownName(String),
    /// A PDN `GameType` number of a variant we do not play.
    #[error("PDN GameType {0} is not supported (20 international, 21 english)")]
    UnsupportedGameType(u8),
}

impl VariantKind {
    /// Every supported variant.
    pub const ALL: [VariantKind; 2] = [VariantKind::International, VariantKind::English];

    /// The lower-case name ([`Variant::NAME`]): `international` or `english`.
    pub const fn name(self) -> &'static str {
        match self {
            VariantKind::International => International::NAME,
            VariantKind::English => English::NAME,
        }
    }

    /// The PDN `GameType` number ([`Variant::PDN_GAME_TYPE`]): 20 or 21.
    pub const fn pdn_game_type(self) -> u8 {
        match self {
            VariantKind::International => International::PDN_GAME_TYPE,
            VariantKind::English => English::PDN_GAME_TYPE,
        }
    }

    /// The variant of a PDN `GameType` number.
    ///
    /// ```
    /// use draughts_core::VariantKind;
    ///
    /// assert_eq!(VariantKind::from_pdn_game_type(21), Ok(VariantKind::English));
    /// assert!(VariantKind::from_pdn_game_type(25).is_err());
    /// ```
    ///
    /// # Errors
    /// [`VariantError::UnsupportedGameType`] for any number but 20 and 21.
    pub fn from_pdn_game_type(number: u8) -> Result<VariantKind, VariantError> {
        VariantKind::ALL
            .into_iter()
            .find(|kind| kind.pdn_game_type() == number)
            .ok_or(VariantError::UnsupportedGameType(number))
    }
}

impl FromStr for VariantKind {
    type Err = VariantError;

    /// Reads a variant name, ignoring case and surrounding white space:
    /// `international`, `normal`, `standard`, `10x10`; `english`, `checkers`, `american`,
    /// `8x8`.
    fn from_str(text: &str) -> Result<VariantKind, VariantError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "international" | "normal" | "standard" | "10x10" => Ok(VariantKind::International),
            "english" | "checkers" | "american" | "8x8" => Ok(VariantKind::English),
            _ => Err(VariantError::UnknownName(text.to_string())),
        }
    }
}

impl fmt::Display for VariantKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A position of a variant chosen at run time. Each method forwards to the generic
/// code; pick the variant once at the edge and keep hot loops generic.
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
    /// An International position.
    International(Position<International>),
    /// An English position.
    English(Position<English>),
}

/// Evaluates `$body` with `$pos` bound to the wrapped position, whatever its variant.
macro_rules! dispatch {
    ($self:expr, $pos:ident => $body:expr) => {
        match $self {
            AnyPosition::International($pos) => $body,
            AnyPosition::English($pos) => $body,
        }
    };
}

impl From<Position<International>> for AnyPosition {
    fn from(pos: Position<International>) -> AnyPosition {
        AnyPosition::International(pos)
    }
}

impl From<Position<English>> for AnyPosition {
    fn from(pos: Position<English>) -> AnyPosition {
        AnyPosition::English(pos)
    }
}

/// PDN text of every legal move of `pos`.
fn move_texts<V: Variant>(pos: &Position<V>) -> Vec<String> {
    pos.legal_moves().iter().map(|m| pos.move_text(m)).collect()
}

impl AnyPosition {
    /// The initial position of `kind`.
    pub fn initial(kind: VariantKind) -> AnyPosition {
        match kind {
            VariantKind::International => Position::<International>::initial().into(),
            VariantKind::English => Position::<English>::initial().into(),
        }
    }

    /// Reads a FEN as a position of `kind`.
    ///
    /// # Errors
    /// As the FEN reader ([`FenError`]).
    pub fn from_fen(kind: VariantKind, fen: &str) -> Result<AnyPosition, FenError> {
        Ok(match kind {
            VariantKind::International => fen.parse::<Position<International>>()?.into(),
            VariantKind::English => fen.parse::<Position<English>>()?.into(),
        })
    }

    /// Reads a Hub protocol position string as a position of `kind`.
    ///
    /// # Errors
    /// As [`Position::from_hub`].
    pub fn from_hub(kind: VariantKind, text: &str) -> Result<AnyPosition, HubPositionError> {
        Ok(match kind {
            VariantKind::International => Position::<International>::from_hub(text)?.into(),
            VariantKind::English => Position::<English>::from_hub(text)?.into(),
        })
    }

    /// Which variant this position belongs to.
    pub const fn kind(&self) -> VariantKind {
        match self {
            AnyPosition::International(_) => VariantKind::International,
            AnyPosition::English(_) => VariantKind::English,
        }
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        dispatch!(self, pos => pos.turn())
    }

    /// The Zobrist hash.
    pub fn hash(&self) -> u64 {
        dispatch!(self, pos => pos.hash())
    }

    /// Whether the side to move has no legal move, and so has lost.
    pub fn is_lost(&self) -> bool {
        dispatch!(self, pos => pos.is_lost())
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
        ] {
            assert_eq!(text.parse::<VariantKind>(), Ok(kind), "{text}");
        }
        for bad in ["", "frisian", "10x8", "englishh", "intérnational"] {
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
        assert_eq!(
            VariantKind::from_pdn_game_type(23),
            Err(VariantError::UnsupportedGameType(23))
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
