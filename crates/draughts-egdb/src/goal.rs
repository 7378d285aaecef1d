//! What ends a game under each variant's [`Goal`]: the one place the builder and the
//! probe ask, so that both stay generic over the goal.
//!
//! - [`Goal::Block`]: the side to move without a legal move loses.
//! - [`Goal::GiveAway`] (Antidraughts): the side to move without a legal move (no
//!   pieces, or all blocked) wins; captures are still compulsory, with the majority rule.
//! - [`Goal::Crown`] (Breakthrough): as `Block`, and a side whose opponent has a king has
//!   no move, so the game is over as soon as a man crowns. Only materials without kings
//!   are stored ([`crate::Material::is_covered`]); a crowning move wins at once.

use crate::board::Raw;
use draughts_core::{Goal, Position, Variant, Wld};

/// The value, for the side to move, of a position where it has no legal move.
pub(crate) const fn no_move<V: Variant>() -> Wld {
    match V::GOAL {
        Goal::GiveAway => Wld::Win,
        Goal::Block | Goal::Crown => Wld::Loss,
    }
}

/// The value of a position whose every move leads to a position where the opponent has
/// no legal move.
const fn every_move_blocks<V: Variant>() -> Wld {
    match no_move::<V>() {
        Wld::Win => Wld::Loss,
        _ => Wld::Win,
    }
}

/// Whether a White-to-move position is decided by its material alone, so that it is
/// never stored: a side has no pieces, or (Breakthrough) a side has a king. Then either
/// the side to move has no move, or each of its moves leaves the opponent without one
/// (see [`over_value`]).
#[inline]
pub(crate) fn is_over<V: Variant>(raw: &Raw<V>) -> bool {
    let kings = raw.white_kings | raw.black_kings;
    (raw.white_men | raw.white_kings).is_empty()
        || (raw.black_men | raw.black_kings).is_empty()
        || (matches!(V::GOAL, Goal::Crown) && !kings.is_empty())
}

/// The value of a position that is over ([`is_over`]) for the side to move: the
/// no-move value if it has no move (no pieces, all blocked, or an opponent that has
/// crowned), otherwise the opposite, since every move leaves the opponent without a
/// move (without pieces, or facing a king in Breakthrough).
pub(crate) fn over_value<V: Variant>(pos: &Position<V>) -> Wld {
    if pos.has_no_move() {
        no_move::<V>()
    } else {
        every_move_blocks::<V>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Geo;
    use draughts_core::{Antidraughts, Breakthrough, International};

    fn value<V: Variant>(fen: &str) -> Option<Wld> {
        let pos: Position<V> = fen.parse().unwrap();
        let (raw, _) = Geo::<V>::normalise(&pos);
        is_over::<V>(&raw).then(|| over_value(&pos))
    }

    #[test]
    fn each_goal_ends_the_game_its_way() {
        // White has taken Black's last piece and so is not to move; here it is.
        assert_eq!(value::<International>("W:W33:B"), Some(Wld::Win));
        assert_eq!(value::<Antidraughts>("W:W33:B"), Some(Wld::Loss));
        assert_eq!(value::<Antidraughts>("B:W33:B"), Some(Wld::Win));
        assert_eq!(value::<International>("B:W33:B"), Some(Wld::Loss));
        assert_eq!(value::<International>("W:W33:B20"), None);
        assert_eq!(value::<Antidraughts>("W:W33:B20"), None);
        // Breakthrough: the side facing a king has no move and has lost; the side with
        // one wins by any move.
        assert_eq!(value::<Breakthrough>("W:W33:BK20"), Some(Wld::Loss));
        assert_eq!(value::<Breakthrough>("B:W33:BK20"), Some(Wld::Win));
        assert_eq!(value::<Breakthrough>("W:WK33:BK20"), Some(Wld::Loss));
        assert_eq!(value::<Breakthrough>("W:W33:B20"), None);
        assert_eq!(value::<International>("W:W33:BK20"), None);
    }
}
