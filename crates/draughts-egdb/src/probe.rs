//! The capture-resolving probe, generic over where stored values come from (the files
//! of a [`crate::Database`], or the tables of the slices being built).
//!
//! Only quiet positions (neither side can capture) are stored. The probe:
//!
//! 1. a position decided by its material ([`goal::is_over`]: a side without pieces, or
//!    in Breakthrough a king on the board): the side to move without a move takes the
//!    goal's no-move value (a loss, or a win in Antidraughts); with one, every move leaves
//!    the opponent without a move, so the opposite;
//! 2. a position whose slice is absent, or (at the top) with a man where no game puts
//!    one (a Turkish man on its first row, [`Position::man_squares`]): unknown;
//! 3. the side to move must capture: the minimax of the capture moves (each child has
//!    fewer pieces, so this terminates), with the threat budget reset;
//! 4. quiet: the stored value;
//! 5. only the opponent could capture (a *threat*): the value stored in the slice's
//!    exception list if there is one; otherwise, if budget remains, the minimax of all
//!    moves with one less budget; otherwise unknown.
//!
//! The budget bounds the chains of threat positions in which each side in turn parries
//! a capture threat and makes one (such a chain can go on forever without a capture).
//! The minimax is three-valued: a child lost for the opponent makes a win whatever the
//! unknown children are; otherwise any unknown child makes the result unknown; else all
//! children won for the opponent is a loss and anything else a draw; no move at all is
//! the goal's no-move value. So the probe never
//! returns a wrong value, only sometimes `None`; the builder stores the value of every
//! threat position whose top-level probe would be unknown as an exception, so a probe
//! of any position of a complete set of slices is decided.

use crate::board::{Geo, Raw};
use crate::error::Error;
use crate::goal;
use crate::material::Material;
use arrayvec::ArrayVec;
use draughts_core::{Color, MoveList, Position, Variant, Wld, MAX_MOVES};

/// Threat plies the probe searches before it gives up (and the exception list of the
/// slice must answer). Measured: see the crate documentation.
pub const THREAT_PLIES: u8 = 3;

/// Where the probe finds stored values.
pub(crate) trait Source<V: Variant> {
    /// Whether positions of `material` (White to move) are available.
    fn has(&self, material: Material) -> bool;
    /// The stored value of a quiet White-to-move position.
    fn stored(&self, raw: &Raw<V>) -> Result<Option<Wld>, Error>;
    /// The value stored in the exception list for a threat position.
    fn exception(&self, raw: &Raw<V>) -> Result<Option<Wld>, Error>;
    /// What an earlier [`minimax`] of `raw` (White to move; a threat position, or a
    /// capture position with budget [`THREAT_PLIES`]) with `budget` returned, if the
    /// source remembers it: `Some(None)` for undecided. The builder remembers (its
    /// tables hold the value of every capture position of the job from the
    /// initialisation, and see [`Source::remember`]); files do not.
    fn recall(&self, _raw: &Raw<V>, _budget: u8) -> Option<Option<Wld>> {
        None
    }
    /// Notes what [`minimax`] of `raw` with `budget` returned, for [`Source::recall`].
    fn remember(&self, _raw: &Raw<V>, _budget: u8, _value: Option<Wld>) {}
    /// What the source has stored of `raw` (White to move, its slice available) besides
    /// a value: whether the side to move must capture, or only the opponent could, or
    /// neither, with what the probe answers for the first and the last. The builder
    /// knows this for the positions of the job it solves, so the probe need not ask the
    /// move generator; files do not (`None`).
    fn class(&self, _raw: &Raw<V>) -> Option<Class> {
        None
    }
    /// Whether [`minimax`] should call [`Source::warm`] (a constant, so that sources
    /// without it pay nothing).
    const WARMS: bool = false;
    /// Called with every child of a node (normalised) before any is looked at: a
    /// source whose values lie in memory too large for the caches loads them here, all
    /// at once, so that the cache misses overlap instead of coming one at a time.
    fn warm(&self, _children: &[Raw<V>]) {}
}

/// A position's class as [`Source::class`] reports it.
pub(crate) enum Class {
    /// The side to move must capture, or neither side can: the probe's answer.
    Decided(Option<Wld>),
    /// Only the opponent could capture, and the source has no exception for it.
    Threat,
}

/// What [`resolve`] found: a value (or unknown), or a threat position that only a
/// search can decide.
enum Resolved {
    Value(Option<Wld>),
    Threat,
}

/// Steps 1 to 5 of the probe except the threat search, for a position normalised to
/// White to move. Works on the bits: a [`Position`] is built only where moves are
/// generated.
fn resolve<V: Variant, S: Source<V>>(source: &S, raw: &Raw<V>) -> Result<Resolved, Error> {
    if goal::is_over::<V>(raw) {
        let pos = Geo::<V>::position(raw, Color::White).expect("valid bits");
        return Ok(Resolved::Value(Some(goal::over_value(&pos))));
    }
    let material = raw.material();
    if !source.has(material) {
        return Ok(Resolved::Value(None));
    }
    match source.class(raw) {
        Some(Class::Decided(v)) => return Ok(Resolved::Value(v)),
        Some(Class::Threat) => return Ok(Resolved::Threat),
        None => {}
    }
    if raw.has_capture(Color::White) {
        return search(source, raw, THREAT_PLIES).map(Resolved::Value);
    }
    if !raw.has_capture(Color::Black) {
        return source.stored(raw).map(Resolved::Value);
    }
    Ok(match source.exception(raw)? {
        Some(v) => Resolved::Value(Some(v)),
        None => Resolved::Threat,
    })
}

/// The value of `pos` for the side to move; `Ok(None)` if it cannot be decided from the
/// source with `budget` threat plies.
pub(crate) fn probe<V: Variant, S: Source<V>>(
    source: &S,
    pos: &Position<V>,
    budget: u8,
) -> Result<Option<Wld>, Error> {
    let (raw, _) = Geo::<V>::normalise(pos);
    // Outside the index; moves never lead there, so only the top needs the test.
    if !Geo::<V>::men_in_reach(&raw) {
        return Ok(None);
    }
    match resolve(source, &raw)? {
        Resolved::Value(v) => Ok(v),
        Resolved::Threat if budget == 0 => Ok(None),
        Resolved::Threat => search(source, &raw, budget - 1),
    }
}

/// [`minimax`] of `raw` (White to move), through the source's memory of earlier
/// searches. The result depends only on the position and the budget (it is the true
/// value or unknown), so a remembered one is what the search would find again.
fn search<V: Variant, S: Source<V>>(
    source: &S,
    raw: &Raw<V>,
    budget: u8,
) -> Result<Option<Wld>, Error> {
    if let Some(v) = source.recall(raw, budget) {
        return Ok(v);
    }
    // The bits come from a position (normalised) or a move played in one.
    let pos = Geo::<V>::position(raw, Color::White).expect("valid bits");
    let v = minimax(source, &pos, budget)?;
    source.remember(raw, budget, v);
    Ok(v)
}

/// The three-valued minimax over every legal move of `pos`, children probed with
/// `budget`. Children that need a threat search are searched last, those the source
/// remembers first, so that a child lost for the opponent among the cheap ones ends
/// the work early.
pub(crate) fn minimax<V: Variant, S: Source<V>>(
    source: &S,
    pos: &Position<V>,
    budget: u8,
) -> Result<Option<Wld>, Error> {
    // Lists filled in place: returning one by value, or `collect`, copies its whole
    // capacity.
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    if moves.is_empty() {
        return Ok(Some(goal::no_move::<V>()));
    }
    let mut children = ArrayVec::<Raw<V>, MAX_MOVES>::new();
    children.extend(moves.iter().map(|mv| Geo::<V>::after(pos, mv)));
    if S::WARMS {
        source.warm(&children);
    }
    let mut values = Combiner::default();
    let mut threats = ArrayVec::<u16, MAX_MOVES>::new();
    for (i, raw) in children.iter().enumerate() {
        let v = match resolve(source, raw)? {
            Resolved::Value(v) => v,
            Resolved::Threat if budget == 0 => None,
            Resolved::Threat => match source.recall(raw, budget - 1) {
                Some(v) => v,
                None => {
                    threats.push(i as u16);
                    continue;
                }
            },
        };
        if values.note(v) {
            return Ok(Some(Wld::Win));
        }
    }
    for &i in &threats {
        if values.note(search(source, &children[usize::from(i)], budget - 1)?) {
            return Ok(Some(Wld::Win));
        }
    }
    Ok(values.value())
}

/// Combines the children's values (for the side to move in each child) into the value
/// for the parent's side to move, stopping at the first child lost for its mover.
pub(crate) fn combine(
    children: impl IntoIterator<Item = Result<Option<Wld>, Error>>,
) -> Result<Option<Wld>, Error> {
    let mut values = Combiner::default();
    for child in children {
        if values.note(child?) {
            return Ok(Some(Wld::Win));
        }
    }
    Ok(values.value())
}

/// The three-valued win/loss/draw logic over a node's children, fed one at a time.
struct Combiner {
    unknown: bool,
    all_won: bool,
}

impl Default for Combiner {
    fn default() -> Combiner {
        Combiner {
            unknown: false,
            all_won: true,
        }
    }
}

impl Combiner {
    /// Notes a child's value (for its mover); whether it is lost for its mover, so that
    /// the parent wins and the other children need not be looked at.
    fn note(&mut self, child: Option<Wld>) -> bool {
        match child {
            Some(Wld::Loss) => return true,
            Some(Wld::Win) => {}
            Some(Wld::Draw) => self.all_won = false,
            None => self.unknown = true,
        }
        false
    }

    /// The parent's value once every child is noted and none was lost: unknown if any
    /// child was, a loss if all were won, else a draw.
    fn value(&self) -> Option<Wld> {
        if self.unknown {
            None
        } else if self.all_won {
            Some(Wld::Loss)
        } else {
            Some(Wld::Draw)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International};
    use std::cell::Cell;

    /// Every slice present, every quiet position a draw, no exceptions; counts lookups.
    struct AllDrawn {
        lookups: Cell<u64>,
    }

    impl<V: Variant> Source<V> for AllDrawn {
        fn has(&self, _: Material) -> bool {
            true
        }
        fn stored(&self, _: &Raw<V>) -> Result<Option<Wld>, Error> {
            self.lookups.set(self.lookups.get() + 1);
            Ok(Some(Wld::Draw))
        }
        fn exception(&self, _: &Raw<V>) -> Result<Option<Wld>, Error> {
            Ok(None)
        }
    }

    fn is_threat<V: Variant>(pos: &Position<V>) -> bool {
        !pos.has_capture() && pos.opponent_has_capture()
    }

    /// A path of threat positions from `path[0]` back to it, at most `depth` plies.
    fn cycle_from<V: Variant>(path: &mut Vec<Position<V>>, depth: usize) -> bool {
        let pos = *path.last().unwrap();
        for mv in pos.legal_moves() {
            let child = pos.play_unchecked(&mv);
            if !is_threat(&child) {
                continue;
            }
            if child == path[0] {
                return true;
            }
            if depth > 1 && !path.contains(&child) {
                path.push(child);
                if cycle_from(path, depth - 1) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }

    /// A cycle of threat positions: each side in turn parries a capture threat by
    /// making one, for ever. Searching it without a guard would never end.
    fn check_guard<V: Variant>(fen: &str) {
        let start: Position<V> = fen.parse().unwrap();
        assert!(is_threat(&start));
        let mut cycle = vec![start];
        assert!(cycle_from(&mut cycle, 6), "{fen} starts a cycle of threats");
        assert!(cycle.len() >= 2);
        let source = AllDrawn {
            lookups: Cell::new(0),
        };
        for pos in &cycle {
            // With no budget the probe does not search, and says it does not know.
            assert_eq!(probe(&source, pos, 0).unwrap(), None, "{}", pos.to_fen());
            // With the full budget it ends, after a bounded amount of work.
            source.lookups.set(0);
            let _ = probe(&source, pos, THREAT_PLIES).unwrap();
            assert!(source.lookups.get() < 1_000_000, "{}", pos.to_fen());
        }
    }

    #[test]
    fn the_guard_ends_threat_cycles() {
        check_guard::<International>("W:WK44:BK34,45,K50");
        check_guard::<English>("W:WK1,K5,K14:BK9");
    }

    fn ok(v: Option<Wld>) -> Result<Option<Wld>, Error> {
        Ok(v)
    }

    #[test]
    fn combine_is_exact() {
        use Wld::*;
        assert_eq!(combine([]).unwrap(), Some(Loss), "no move: lost");
        assert_eq!(combine([ok(Some(Win)), ok(Some(Win))]).unwrap(), Some(Loss));
        assert_eq!(
            combine([ok(Some(Win)), ok(Some(Draw))]).unwrap(),
            Some(Draw)
        );
        assert_eq!(
            combine([ok(Some(Draw)), ok(Some(Loss))]).unwrap(),
            Some(Win)
        );
        assert_eq!(combine([ok(None), ok(Some(Loss))]).unwrap(), Some(Win));
        assert_eq!(combine([ok(None), ok(Some(Draw))]).unwrap(), None);
        assert_eq!(combine([ok(Some(Win)), ok(None)]).unwrap(), None);
    }
}
