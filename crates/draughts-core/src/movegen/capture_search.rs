//! The depth-first search of one piece's capture sequences, with the precedence rules
//! applied as sequences are found.

use super::{has, push, DirMask};
use crate::geometry::{shift, Direction};
use crate::moves::{Move, MoveList, CROWNED};
use crate::precedence::Precedence;
use crate::variant::{KingLanding, Variant};

/// Depth-first search of the capture sequences of one piece.
pub(super) struct CaptureSearch<'a, V: Variant> {
    pub(super) list: &'a mut MoveList<V>,
    pub(super) opp: u64,
    /// Empty squares, including the moving piece's start square.
    pub(super) empty: u64,
    pub(super) from: u32,
    /// The opponent's kings, where the precedence counts them (else 0).
    pub(super) opp_kings: u64,
    /// The highest [`Precedence::rank`] of any sequence found so far.
    pub(super) best: u64,
    /// Whether the moving piece is a king.
    pub(super) by_king: bool,
    /// The jumps of the current sequence that took a king ([`Precedence::king_jump`]),
    /// where the precedence looks at their order (else 0).
    pub(super) king_jumps: u32,
    /// The row where the moving side's men crown.
    pub(super) crowning_row: u64,
    /// [`CROWNED`] while a man crowned during this capture goes on as a king, else 0.
    pub(super) crowned: u64,
}

impl<V: Variant> CaptureSearch<'_, V> {
    /// Records a finished sequence ending on `at`.
    #[inline]
    pub(super) fn finish(&mut self, at: u64, captured: u64, landed: u64) {
        let count = captured.count_ones();
        let rule = V::CAPTURE_PRECEDENCE;
        if !rule.is_free() {
            let kings = (captured & self.opp_kings).count_ones();
            let rank = rule.rank(count, self.by_king, kings, self.king_jumps);
            if rank < self.best {
                return;
            }
            if rank > self.best {
                self.best = rank;
                self.list.clear();
            }
        }
        let to = at.trailing_zeros();
        let captured = if V::CROWNS_MID_CAPTURE {
            captured | self.crowned
        } else {
            captured
        };
        // Only a sequence of two or more captures can reach the same end over the same
        // pieces by another path.
        if count >= 2 && self.list.iter().any(|m| m.same_as(self.from, to, captured)) {
            return;
        }
        push(self.list, Move::from_raw(self.from, to, captured, landed));
    }

    /// Marks in [`CaptureSearch::king_jumps`] the jump taking `victim` after `captured`,
    /// if the precedence looks at the order of kings and `victim` is one; returns the
    /// mark, for the caller to clear when it backs out of the jump.
    #[inline(always)]
    pub(super) fn mark_king(&mut self, victim: u64, captured: u64) -> u32 {
        if !V::CAPTURE_PRECEDENCE.earliest_king || victim & self.opp_kings == 0 {
            return 0;
        }
        let mark = Precedence::king_jump(captured.count_ones());
        self.king_jumps |= mark;
        mark
    }

    /// Continues a sequence of a piece that jumps one square at a time (a man, or a
    /// king without flying moves) in the directions of `DIRS`.
    pub(super) fn short<const DIRS: DirMask>(&mut self, at: u64, captured: u64, landed: u64) {
        let mut ended = true;
        let empty = self.empty_after(captured);
        each_direction!(V, |d| {
            if has(DIRS, d) {
                let victim = shift::<V::Board>(at, d) & self.opp & !captured;
                let land = shift::<V::Board>(victim, d) & empty;
                if land != 0 {
                    ended = false;
                    let landed = if captured == 0 { landed } else { landed | at };
                    let marks = self.mark_king(victim, captured);
                    // A man reaching its far row is crowned and goes on as a king (with
                    // flying kings, only men jump short).
                    let crowns = V::CROWNS_MID_CAPTURE && V::FLYING_KINGS;
                    if crowns && land & self.crowning_row != 0 {
                        self.crowned = CROWNED;
                        self.flying(land, Some(d), captured | victim, landed);
                        self.crowned = 0;
                    } else {
                        self.short::<DIRS>(land, captured | victim, landed);
                    }
                    self.king_jumps ^= marks;
                }
            }
        });
        if ended && captured != 0 {
            self.finish(at, captured, landed);
        }
    }

    /// The squares free during a capture that has taken `captured`: the empty squares,
    /// and those of the captured pieces where they leave the board as they are taken.
    #[inline(always)]
    fn empty_after(&self, captured: u64) -> u64 {
        if V::REMOVES_DURING_CAPTURE {
            self.empty | captured
        } else {
            self.empty
        }
    }

    /// The free squares from `first` on along `d`, up to the first piece or the edge,
    /// during a capture that has taken `captured`.
    fn run(&self, first: u64, d: Direction, captured: u64) -> u64 {
        let empty = self.empty_after(captured);
        let mut run = first;
        let mut next = first;
        while next != 0 {
            next = shift::<V::Board>(next, d) & empty;
            run |= next;
        }
        run
    }

    /// Whether a flying king that jumped in direction `came` and may land on any square
    /// of `land` (squares along `came`) can capture again from one of them.
    fn continues(&self, land: u64, came: Direction, captured: u64) -> bool {
        let empty = self.empty_after(captured);
        let mut found = false;
        each_direction!(V, |d| {
            if V::KING_TURNS_BACK || d != came.reverse() {
                let mut sq = shift::<V::Board>(land, d);
                let mut blocked = sq & !empty;
                let mut free = sq & empty;
                while free != 0 {
                    sq = shift::<V::Board>(free, d);
                    blocked |= sq & !empty;
                    free = sq & empty;
                }
                let victims = blocked & self.opp & !captured;
                found |= shift::<V::Board>(victims, d) & empty != 0;
            }
        });
        found
    }

    /// Continues a flying king's sequence; `came` is the direction of the last jump.
    pub(super) fn flying(&mut self, at: u64, came: Option<Direction>, captured: u64, landed: u64) {
        let mut ended = true;
        let empty = self.empty_after(captured);
        let behind_each = matches!(V::KING_LANDING, KingLanding::BehindEach);
        each_direction!(V, |d| {
            // Straight back lies the piece just jumped, which cannot be jumped again; where
            // it has left the board the way back is open, if the king may turn back.
            if V::KING_TURNS_BACK || Some(d.reverse()) != came {
                let mut sq = shift::<V::Board>(at, d);
                while sq & empty != 0 {
                    sq = shift::<V::Board>(sq, d);
                }
                let victim = sq & self.opp & !captured;
                let first = shift::<V::Board>(victim, d) & empty;
                if first != 0 {
                    ended = false;
                    let landed = if captured == 0 { landed } else { landed | at };
                    let marks = self.mark_king(victim, captured);
                    let captured = captured | victim;
                    // Where any sequence may be chosen, a king that can go on capturing
                    // from some square beyond the victim must land on one of those
                    // (under the majority or value rule, stopping short loses to going on).
                    let must_continue = !behind_each
                        && !V::CAPTURE_PRECEDENCE.grows_with_captures()
                        && self.continues(self.run(first, d, captured), d, captured);
                    let mut land = first;
                    while land != 0 {
                        if !must_continue || self.continues(land, d, captured) {
                            self.flying(land, Some(d), captured, landed);
                        }
                        land = if behind_each {
                            0
                        } else {
                            shift::<V::Board>(land, d) & empty
                        };
                    }
                    self.king_jumps ^= marks;
                }
            }
        });
        if ended && captured != 0 && self.may_stop(at, came, captured) {
            self.finish(at, captured, landed);
        }
    }

    /// Whether a flying king's capture may end on `at`, reached by a jump in direction
    /// `came` ([`Variant::KING_LANDING`]).
    #[inline(always)]
    fn may_stop(&self, at: u64, came: Option<Direction>, captured: u64) -> bool {
        let (KingLanding::BehindLastKing, Some(came)) = (V::KING_LANDING, came) else {
            return true;
        };
        // Between the last piece taken and `at` lie only free squares.
        let mut behind = shift::<V::Board>(at, came.reverse());
        if behind & captured != 0 {
            return true;
        }
        while behind & self.empty != 0 {
            behind = shift::<V::Board>(behind, came.reverse());
        }
        behind & self.opp_kings == 0
    }
}
