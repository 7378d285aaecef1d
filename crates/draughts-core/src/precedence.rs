//! Capture precedence: which of the captures available are legal.
//!
//! A rulebook's precedence is a chain of criteria, each consulted only when the earlier
//! ones tie. Every chain found in the supported rulebooks is a sub-sequence of one fixed
//! order (most pieces or most value, a capture with a king, most kings, the earliest
//! king), so a
//! [`Precedence`] is a set of switches over that order, and ranking a capture is one
//! integer built from constants: a variant pays only for the criteria it switches on.

/// The criteria that rank captures against each other; only the captures of the highest
/// rank are legal. The criteria are compared in the order of the fields; a criterion that
/// is off never distinguishes two captures.
///
/// ```
/// use draughts_core::{Italian, Precedence, Variant};
///
/// assert!(Precedence::FREE.is_free());
/// assert_eq!(Italian::CAPTURE_PRECEDENCE, Precedence::ITALIAN);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Precedence {
    /// The capture taking the most pieces (kings and men count the same).
    pub most_pieces: bool,
    /// The capture of the highest value, a king counting [`Precedence::KING_VALUE`] men
    /// (Frisian); it takes the place of `most_pieces`, which it overrides.
    pub most_value: bool,
    /// A capture made by a king before one made by a man.
    pub with_king: bool,
    /// The capture taking the most kings.
    pub most_kings: bool,
    /// The capture meeting a king earliest in its sequence (the first jump on which two
    /// captures differ in taking a king decides).
    pub earliest_king: bool,
}

impl Precedence {
    /// Any capture may be chosen (English, Pool, Russian).
    pub const FREE: Precedence = Precedence {
        most_pieces: false,
        most_value: false,
        with_king: false,
        most_kings: false,
        earliest_king: false,
    };
    /// The capture taking the most pieces (International, Brazilian).
    pub const MAJORITY: Precedence = Precedence {
        most_pieces: true,
        ..Precedence::FREE
    };
    /// Most pieces, then a capture with a king, then most kings, then the earliest king
    /// (Italian).
    pub const ITALIAN: Precedence = Precedence {
        most_pieces: true,
        most_value: false,
        with_king: true,
        most_kings: true,
        earliest_king: true,
    };
    /// Most pieces, then most kings (Spanish).
    pub const SPANISH: Precedence = Precedence {
        most_pieces: true,
        most_kings: true,
        ..Precedence::FREE
    };
    /// A capture with a king, else any (Czech).
    pub const KING_FIRST: Precedence = Precedence {
        with_king: true,
        ..Precedence::FREE
    };

    /// The highest value, then a capture with a king (Frisian).
    pub const FRISIAN: Precedence = Precedence {
        most_value: true,
        with_king: true,
        ..Precedence::FREE
    };

    /// What a king is worth, in hundredths of a man, under `most_value`: more than a man
    /// and less than two (the DFS rules: "a king has more value than a man, but less than
    /// two men", mindsports.nl; "slightly less than 2 men", boardspace.net; lidraughts
    /// counts 1.99), so one king yields to two men and two kings beat three. Sources that
    /// say "a man and a half" (Wikipedia, playcheckers.io; pydraughts counts 1.501, so
    /// that two kings still beat three men) differ on three kings or more against five
    /// men or more: here three kings (5.97) beat five men and yield to six. The
    /// association's own text, the DFS "Official Rules for Frisian Draughts" (2011, as
    /// esportscommentator.blogspot.com publishes them; articles 1 to 9, the board to the
    /// king's moves, could be read) and its summary at friesdammen.nl (the piece that
    /// "can strike the biggest value must strike"), give no figure that could be
    /// read \[verify the article on a shot's value\]. Twenty kings stay below 4,096.
    pub const KING_VALUE: u32 = 199;

    /// Whether any capture may be chosen.
    pub const fn is_free(self) -> bool {
        !(self.most_pieces
            || self.most_value
            || self.with_king
            || self.most_kings
            || self.earliest_king)
    }

    /// Whether every further piece taken raises the rank, so that a capture that could
    /// go on never ranks first by stopping.
    pub(crate) const fn grows_with_captures(self) -> bool {
        self.most_pieces || self.most_value
    }

    /// Whether the rank looks at which pieces were taken (kings or men).
    pub(crate) const fn counts_kings(self) -> bool {
        self.most_value || self.most_kings || self.earliest_king
    }

    /// The rank of a capture of `pieces` pieces, made by a king if `with_king`, taking
    /// `kings` kings at the jumps marked in `king_jumps` (bit `31 - j` for jump `j`,
    /// so that earlier kings weigh more): higher ranks take precedence.
    #[inline(always)]
    pub(crate) const fn rank(
        self,
        pieces: u32,
        with_king: bool,
        kings: u32,
        king_jumps: u32,
    ) -> u64 {
        let mut rank = 0;
        if self.most_value {
            let value = 100 * (pieces - kings) + Precedence::KING_VALUE * kings;
            rank |= (value as u64) << 40;
        } else if self.most_pieces {
            rank |= (pieces as u64) << 40;
        }
        if self.with_king && with_king {
            rank |= 1 << 39;
        }
        if self.most_kings {
            rank |= (kings as u64) << 32;
        }
        if self.earliest_king {
            rank |= king_jumps as u64;
        }
        rank
    }

    /// The mark of jump number `jump` (0-based) in [`Precedence::rank`]'s `king_jumps`.
    #[inline(always)]
    pub(crate) const fn king_jump(jump: u32) -> u32 {
        1 << (31 - jump)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Frisian values (mindsports.nl, "Frisian Draughts rules"): a king is worth more than
    /// one man and less than two; two kings more than three men; equal values go to the
    /// capture made by a king.
    #[test]
    fn frisian_values() {
        let rank = |men: u32, kings: u32, by_king: bool| {
            Precedence::FRISIAN.rank(men + kings, by_king, kings, 0)
        };
        assert!(rank(0, 1, false) > rank(1, 0, false));
        assert!(rank(0, 1, false) < rank(2, 0, false));
        assert!(rank(0, 2, false) > rank(3, 0, false));
        assert!(rank(1, 1, false) < rank(3, 0, false));
        assert!(rank(1, 0, true) > rank(1, 0, false));
        assert!(rank(2, 0, false) > rank(1, 0, true));
        assert!(rank(0, 20, true) < 1 << 52);
    }

    /// Where a king worth 1.99 men and one worth 1.5 part: three kings beat five men
    /// (5.97 against 5; at 1.5 the men would win, 4.5 against 5) and yield to six.
    #[test]
    fn three_kings_beat_five_men_and_yield_to_six() {
        let rank = |men: u32, kings: u32| Precedence::FRISIAN.rank(men + kings, false, kings, 0);
        assert!(rank(0, 3) > rank(5, 0));
        assert!(rank(0, 3) < rank(6, 0));
        // A king capturing three kings, against a man capturing five men.
        assert!(Precedence::FRISIAN.rank(3, true, 3, 0) > rank(5, 0));
        // Two kings against three men: strictly more, not a tie left to the king rule.
        assert!(rank(0, 2) > Precedence::FRISIAN.rank(3, true, 0, 0));
    }
}
