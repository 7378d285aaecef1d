//! Opening books: positions the engine has studied in advance, each with its moves and
//! their scores, so that a session plays the opening from the book instead of searching.
//!
//! A [`Book`] is a table sorted by the position's Zobrist hash ([`Position::hash`]):
//! a probe is a binary search. A position counts as in the book only if every move
//! stored for it is one of its legal moves ([`Book::probe`]), so a hash collision or a
//! book of another rules version never makes the engine play an illegal move. [`build`]
//! grows a book by drop-out expansion; [`file`] is its file form; [`builtin`] is the
//! book that ships for a variant, if any.
//!
//! ```
//! use draughts_core::{English, Position};
//! use draughts_engine::book::{Book, BookMove};
//!
//! let start = Position::<English>::initial();
//! let moves = start.legal_moves();
//! let after = start.play_unchecked(&moves[0]);
//! let book = Book::from_positions([
//!     (&start, 0, vec![(moves[0], 12), (moves[1], -5)]),
//!     (&after, 1, vec![(after.legal_moves()[0], -12)]),
//! ]);
//! let found = book.probe(&start).expect("in the book");
//! assert_eq!(found[0], BookMove { mv: moves[0], score: 12 });
//! // The best move, or one within a margin of it chosen by a seeded generator.
//! let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(7);
//! assert_eq!(book.choose(&start, 0, &mut rng).map(|m| m.mv), Some(moves[0]));
//! assert_eq!(book.line(&start).len(), 2);
//! let back = Book::<English>::from_bytes(&book.to_bytes())?;
//! assert_eq!(back, book);
//! # use rand::SeedableRng;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod build;
pub mod file;
mod journal;
#[cfg(test)]
mod tests;

pub use build::{build, BuildError, BuildSettings, Progress};
pub use file::{BookError, FormatProblem};

use draughts_core::{Move, MoveList, Position, Variant};
use draughts_eval::Score;
use rand::{Rng, RngExt};
use std::marker::PhantomData;
use std::sync::Arc;

/// The books that ship with the crate: a variant's name and its file's bytes. Each is
/// rebuilt by the command in the crate README.
const BUILTIN: &[(&str, &[u8])] = &[];

/// The book that ships for variant `V`, if the crate has one.
///
/// ```
/// use draughts_core::Brazilian;
///
/// assert!(draughts_engine::book::builtin::<Brazilian>().is_none());
/// ```
pub fn builtin<V: Variant>() -> Option<Arc<Book<V>>> {
    let (_, bytes) = BUILTIN.iter().find(|(name, _)| *name == V::NAME)?;
    Book::from_bytes(bytes).ok().map(Arc::new)
}

/// One move of a book position and its score, for the side that plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove<V: Variant> {
    /// The move, one of the position's legal moves.
    pub mv: Move<V>,
    /// Its score for the side to move, in the evaluation's units.
    pub score: Score,
}

/// A move as a book stores it: its squares, which of the captures with those squares
/// it is, and its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct StoredMove {
    from: u8,
    to: u8,
    /// Among the legal moves from `from` to `to`, ordered by their captured pieces, the
    /// index of this one (0 unless captures share both ends).
    which: u8,
    score: i16,
}

impl StoredMove {
    /// `mv`, a legal move of `position` (one of `legal`), with `score`.
    fn of<V: Variant>(mv: &Move<V>, score: Score, legal: &MoveList<V>) -> StoredMove {
        let (from, to) = (mv.from().number(), mv.to().number());
        let which = same_ends(legal, from, to)
            .filter(|other| other.captured() < mv.captured())
            .count();
        StoredMove {
            from,
            to,
            which: u8::try_from(which).unwrap_or(u8::MAX),
            score: score.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
        }
    }

    /// The legal move (of `legal`) this stands for, if there is one.
    fn find<V: Variant>(&self, legal: &MoveList<V>) -> Option<BookMove<V>> {
        let mut candidates: Vec<&Move<V>> = same_ends(legal, self.from, self.to).collect();
        candidates.sort_by_key(|mv| mv.captured());
        candidates.get(usize::from(self.which)).map(|mv| BookMove {
            mv: **mv,
            score: Score::from(self.score),
        })
    }
}

/// The moves of `legal` from square `from` to square `to`.
fn same_ends<V: Variant>(legal: &MoveList<V>, from: u8, to: u8) -> impl Iterator<Item = &Move<V>> {
    legal
        .iter()
        .filter(move |mv| mv.from().number() == from && mv.to().number() == to)
}

/// One position of a book: its hash, the ply at which the builder first reached it, and
/// where its moves are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    hash: u64,
    ply: u8,
    first: u32,
    count: u8,
}

/// An opening book of variant `V`: positions (by hash) with their moves and scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book<V: Variant> {
    /// Sorted by hash, no hash twice.
    entries: Vec<Entry>,
    /// Each entry's moves, best first, in entry order.
    moves: Vec<StoredMove>,
    variant: PhantomData<V>,
}

/// The figures `draughts book stats` shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookStats {
    /// Positions in the book.
    pub positions: usize,
    /// Moves, over all positions.
    pub moves: usize,
    /// Positions by the ply at which the builder first reached them (index = ply).
    pub by_ply: Vec<usize>,
}

impl<V: Variant> Book<V> {
    /// A book of `positions`: each a position, the ply at which it was reached (capped at
    /// 255), and its moves with their scores for the side to move. A move that is not
    /// legal in its position is left out, and so is a position without a move left or
    /// a second time.
    pub fn from_positions<'a>(
        positions: impl IntoIterator<Item = (&'a Position<V>, usize, Vec<(Move<V>, Score)>)>,
    ) -> Book<V> {
        let mut stored: Vec<(u64, u8, Vec<StoredMove>)> = Vec::new();
        for (position, ply, moves) in positions {
            let legal = position.legal_moves();
            let mut kept: Vec<StoredMove> = moves
                .iter()
                .filter(|(mv, _)| legal.contains(mv))
                .map(|(mv, score)| StoredMove::of(mv, *score, &legal))
                .collect();
            kept.sort_by_key(|m| (std::cmp::Reverse(m.score), m.from, m.to, m.which));
            kept.dedup_by_key(|m| (m.from, m.to, m.which));
            kept.truncate(usize::from(u8::MAX));
            if !kept.is_empty() {
                let ply = u8::try_from(ply).unwrap_or(u8::MAX);
                stored.push((position.hash(), ply, kept));
            }
        }
        stored.sort_by_key(|(hash, ..)| *hash);
        stored.dedup_by_key(|(hash, ..)| *hash);
        Book::from_sorted(stored)
    }

    /// A book of entries sorted by hash, no hash twice, each with 1 to 255 moves.
    fn from_sorted(stored: Vec<(u64, u8, Vec<StoredMove>)>) -> Book<V> {
        let mut entries = Vec::with_capacity(stored.len());
        let mut moves = Vec::new();
        for (hash, ply, list) in stored {
            debug_assert!((1..=255).contains(&list.len()));
            entries.push(Entry {
                hash,
                ply,
                first: u32::try_from(moves.len()).unwrap_or(u32::MAX),
                count: u8::try_from(list.len()).unwrap_or(u8::MAX),
            });
            moves.extend(list);
        }
        Book {
            entries,
            moves,
            variant: PhantomData,
        }
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The stored moves of the entry for `hash`, if there is one.
    fn stored(&self, hash: u64) -> Option<(&Entry, &[StoredMove])> {
        let index = self.entries.binary_search_by_key(&hash, |e| e.hash).ok()?;
        let entry = &self.entries[index];
        let first = entry.first as usize;
        let moves = self.moves.get(first..first + usize::from(entry.count))?;
        Some((entry, moves))
    }

    /// The book's moves in `position`, best first, if the book has the position: its
    /// hash is in the book and every move stored for it is one of its legal moves
    /// (otherwise the entry belongs to another position, and `None`).
    pub fn probe(&self, position: &Position<V>) -> Option<Vec<BookMove<V>>> {
        let (_, stored) = self.stored(position.hash())?;
        let legal = position.legal_moves();
        stored.iter().map(|m| m.find(&legal)).collect()
    }

    /// The move to play in `position` from the book: the best, or with a `margin`
    /// above 0 one of the moves scored within `margin` of the best, drawn by `rng`
    /// (the same generator state, the same choice). `None` if the position is not in
    /// the book.
    pub fn choose(
        &self,
        position: &Position<V>,
        margin: Score,
        rng: &mut impl Rng,
    ) -> Option<BookMove<V>> {
        let moves = self.probe(position)?;
        let best = moves.first()?.score;
        let within = moves
            .iter()
            .take_while(|m| m.score >= best.saturating_sub(margin.max(0)))
            .count();
        let pick = if within > 1 {
            rng.random_range(0..within)
        } else {
            0
        };
        moves.get(pick).copied()
    }

    /// The book's main line from `position`: its best move, then the best move of the
    /// position after it, as long as the book has the position (and no position
    /// twice).
    pub fn line(&self, position: &Position<V>) -> Vec<Move<V>> {
        let mut line = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut position = *position;
        while seen.insert(position.hash()) {
            let Some(best) = self.probe(&position).and_then(|m| m.first().copied()) else {
                break;
            };
            line.push(best.mv);
            position = position.play_unchecked(&best.mv);
        }
        line
    }

    /// Positions, moves and the positions by ply.
    pub fn stats(&self) -> BookStats {
        let mut by_ply = Vec::new();
        for entry in &self.entries {
            let ply = usize::from(entry.ply);
            if by_ply.len() <= ply {
                by_ply.resize(ply + 1, 0);
            }
            by_ply[ply] += 1;
        }
        BookStats {
            positions: self.entries.len(),
            moves: self.moves.len(),
            by_ply,
        }
    }
}
