//! Templates: the squares that matter to a combination, what they must hold, and the
//! line to replay.

use crate::content::{between, content_sets, mirror_square, single, squares, Content, ContentSet};
use crate::line::{replay, replay_into, wins, LineMove, LineMoves, Outcome, MAX_LINE};
use crate::material::PieceValues;
use draughts_core::{Bitboard, Color, Move, Piece, Position, PositionError, Square, Variant};
use draughts_eval::Score;

/// A learned combination pattern: the side that plays it, per relevant square the
/// contents allowed there (every other square is "don't care"), the line, and the gain
/// it was proven to win at least on the positions it was learned from.
///
/// A match is a promise, not a proof: [`Template::verify`] replays the line on the real
/// position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template<V: Variant> {
    side: Color,
    gain: Score,
    line: Vec<LineMove<V>>,
    squares: Vec<(Square, ContentSet)>,
    /// Per content, the squares where it is not allowed.
    forbidden: [Bitboard<V>; 5],
}

/// Why a template's parts do not make a template.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TemplateShapeError {
    /// The line has no move.
    #[error("the line is empty")]
    EmptyLine,
    /// The line has more moves than a line may have.
    #[error("the line has {0} moves, more than {max}", max = MAX_LINE)]
    LongLine(usize),
    /// A square named twice.
    #[error("square {0} is listed twice")]
    DuplicateSquare(Square),
    /// A square the board lacks.
    #[error("square {0} is not on the board")]
    BadSquare(Square),
    /// A square that allows nothing can never match.
    #[error("square {0} allows no content")]
    NothingAllowed(Square),
}

impl<V: Variant> Template<V> {
    /// A template from its parts; squares whose set is [`ContentSet::ANY`] are dropped.
    ///
    /// # Errors
    /// An empty line or one of more than [`MAX_LINE`] moves, or a square listed twice, off the board or allowing nothing.
    pub fn new(
        side: Color,
        gain: Score,
        line: Vec<LineMove<V>>,
        mut squares: Vec<(Square, ContentSet)>,
    ) -> Result<Template<V>, TemplateShapeError> {
        if line.is_empty() {
            return Err(TemplateShapeError::EmptyLine);
        }
        if line.len() > MAX_LINE {
            return Err(TemplateShapeError::LongLine(line.len()));
        }
        squares.sort_unstable();
        for pair in squares.windows(2) {
            if pair[0].0 == pair[1].0 {
                return Err(TemplateShapeError::DuplicateSquare(pair[0].0));
            }
        }
        for &(square, set) in &squares {
            if !Bitboard::<V>::ALL.contains(square) {
                return Err(TemplateShapeError::BadSquare(square));
            }
            if set == ContentSet::NONE {
                return Err(TemplateShapeError::NothingAllowed(square));
            }
        }
        Ok(Template::assemble(side, gain, line, squares))
    }

    /// A template from parts known to be valid (squares sorted, distinct, on the
    /// board, each allowing something).
    fn assemble(
        side: Color,
        gain: Score,
        line: Vec<LineMove<V>>,
        mut squares: Vec<(Square, ContentSet)>,
    ) -> Template<V> {
        debug_assert!(!line.is_empty());
        debug_assert!(squares.windows(2).all(|p| p[0].0 < p[1].0));
        let mut forbidden = [Bitboard::EMPTY; 5];
        for &(square, set) in &squares {
            debug_assert!(Bitboard::<V>::ALL.contains(square) && set != ContentSet::NONE);
            for c in Content::ALL.into_iter().filter(|&c| !set.contains(c)) {
                forbidden[c.index()] |= single::<V>(square);
            }
        }
        squares.retain(|(_, set)| !set.is_any());
        Template {
            side,
            gain,
            line,
            squares,
            forbidden,
        }
    }

    /// Learns a template from a position and a line that wins there (the side to move
    /// being the attacker): every square of the board is tried with every other
    /// content, the line replayed ([`replay`]) and the content allowed if the line
    /// still wins. Squares that allow everything become "don't care".
    ///
    /// A square off the line where only a king would break it is "don't care" too:
    /// kings are rare in the middle game, and a restriction on every square would make
    /// the decision tree ask about every square. So is a content off the line that
    /// gives either side a capture at once: templates are asked about quiet positions
    /// only (the search's leaves), and no quiet position has it. This halves the
    /// squares a template cares about (35 to 18 in International) and lets templates
    /// recognise more positions they were not learned from.
    ///
    /// Each change is tried alone; a position with several changes at once may still
    /// fail, which verification at use catches. A change that would give a side more
    /// pieces than the game has is tried with one of that side's pieces away from the
    /// line removed; a man on its own crowning row never occurs and is allowed.
    ///
    /// `None` if the line does not win in `pos` by [`replay`]'s rules (a defender move
    /// that is not forced, an unsettled end, too little gain).
    pub fn learn(
        pos: &Position<V>,
        moves: &[Move<V>],
        values: &PieceValues,
    ) -> Option<Template<V>> {
        let line: Vec<LineMove<V>> = moves.iter().map(LineMove::of).collect();
        let base = replay(pos, &line, values).filter(|o| o.wins(values))?;
        let touched = touched_squares(pos, moves);
        let pieces: Vec<(Square, Piece)> = pos.piece_squares().collect();
        let mut gain = base.gain;
        let mut relevant = Vec::new();
        for square in squares::<V>() {
            let here = Content::of(pos.piece_at(square));
            let off_line = !touched.contains(square);
            let mut allowed = ContentSet::only(here);
            for content in Content::ALL.into_iter().filter(|&c| c != here) {
                match changed(pos, &pieces, square, content, touched) {
                    Changed::Impossible => allowed = allowed.with(content),
                    Changed::Unbuildable => {}
                    // Off the line, a change that gives either side a capture
                    // describes no position the oracle sees (it is asked about quiet
                    // positions only). The line's own squares keep what the line
                    // needs, which the index tests first.
                    Changed::Position(changed) if off_line && !changed.is_quiet() => {
                        allowed = allowed.with(content);
                    }
                    Changed::Position(changed) => {
                        if let Some(outcome) =
                            replay(&changed, &line, values).filter(|o| o.wins(values))
                        {
                            allowed = allowed.with(content);
                            gain = gain.min(outcome.gain);
                        }
                    }
                }
            }
            if off_line && MEN_AND_EMPTY.is_subset(allowed) {
                // Only kings would break the line here: kings are rare away from the
                // action, and verification rejects the odd position that has one.
                continue;
            }
            relevant.push((square, allowed));
        }
        Template::new(pos.turn(), gain, line, relevant).ok()
    }

    /// The attacker's colour.
    pub fn side(&self) -> Color {
        self.side
    }

    /// The least gain the line was proven to win when learned.
    pub fn gain(&self) -> Score {
        self.gain
    }

    /// The line, from the attacker's first move.
    pub fn line(&self) -> &[LineMove<V>] {
        &self.line
    }

    /// The relevant squares with their allowed contents, in square order.
    pub fn squares(&self) -> &[(Square, ContentSet)] {
        &self.squares
    }

    /// The contents allowed on `square` ([`ContentSet::ANY`] if it does not matter).
    pub fn allowed(&self, square: Square) -> ContentSet {
        Content::ALL
            .into_iter()
            .filter(|c| !self.forbidden[c.index()].contains(square))
            .fold(ContentSet::NONE, ContentSet::with)
    }

    /// Per content, the squares where that content is not allowed.
    pub fn forbidden(&self) -> &[Bitboard<V>; 5] {
        &self.forbidden
    }

    /// Whether `pos` (with the template's side to move) has the required contents.
    #[inline]
    pub fn matches(&self, pos: &Position<V>) -> bool {
        pos.turn() == self.side && self.matches_contents(&content_sets(pos))
    }

    /// Whether squares with these contents ([`content_sets`]) have the required
    /// contents, ignoring the side to move.
    #[inline]
    pub fn matches_contents(&self, contents: &[Bitboard<V>; 5]) -> bool {
        let f = &self.forbidden;
        ((contents[0] & f[0])
            | (contents[1] & f[1])
            | (contents[2] & f[2])
            | (contents[3] & f[3])
            | (contents[4] & f[4]))
            .is_empty()
    }

    /// Replays the line on `pos`: the outcome if the template's side is to move and the
    /// line wins there ([`replay`], [`Outcome::wins`]).
    pub fn verify(&self, pos: &Position<V>, values: &PieceValues) -> Option<Outcome<V>> {
        if pos.turn() != self.side {
            return None;
        }
        replay(pos, &self.line, values).filter(|o| o.wins(values))
    }

    /// As [`Template::verify`], with the moves left in `moves`: the gain.
    pub(crate) fn verify_into(
        &self,
        pos: &Position<V>,
        values: &PieceValues,
        moves: &mut LineMoves<V>,
    ) -> Option<Score> {
        if pos.turn() != self.side {
            return None;
        }
        replay_into(pos, &self.line, values, moves)
            .filter(|&(gain, crowned)| wins(gain, crowned, values))
            .map(|(gain, _)| gain)
    }

    /// The same template for the other colour, on the board turned 180 degrees: it
    /// matches exactly the [`Position::flipped`] images of the positions this one
    /// matches.
    #[must_use]
    pub fn mirrored(&self) -> Template<V> {
        // The turn reverses the square order; mirroring keeps the shape valid.
        let squares = self
            .squares
            .iter()
            .rev()
            .map(|&(s, set)| (mirror_square::<V>(s), set.mirrored()))
            .collect();
        let line = self.line.iter().map(LineMove::mirrored).collect();
        Template::assemble(!self.side, self.gain, line, squares)
    }

    /// Whether every position `other` matches, this one matches too, with the same
    /// side and line.
    pub fn covers(&self, other: &Template<V>) -> bool {
        self.side == other.side
            && self.line == other.line
            && (0..5).all(|c| (self.forbidden[c] - other.forbidden[c]).is_empty())
    }

    /// Lowers the recorded gain to `gain` if that is less.
    pub(crate) fn lower_gain(&mut self, gain: Score) {
        self.gain = self.gain.min(gain);
    }
}

/// Empty, a white man or a black man.
const MEN_AND_EMPTY: ContentSet = ContentSet::only(Content::Empty)
    .with(Content::WhiteMan)
    .with(Content::BlackMan);

/// The squares a line's moves touch: starts, ends, captured pieces and the squares
/// passed over.
fn touched_squares<V: Variant>(pos: &Position<V>, moves: &[Move<V>]) -> Bitboard<V> {
    let mut here = *pos;
    let mut touched = Bitboard::EMPTY;
    for mv in moves {
        let path = here.move_path(mv);
        for pair in path.windows(2) {
            touched |= single(pair[0]) | single(pair[1]) | between(pair[0], pair[1]);
        }
        touched |= mv.captured();
        here = here.play_unchecked(mv);
    }
    touched
}

enum Changed<V: Variant> {
    /// The content can never stand there (a man on its crowning row).
    Impossible,
    /// No valid position has it in this one's company.
    Unbuildable,
    Position(Position<V>),
}

/// `pos` with `square` holding `content` instead.
fn changed<V: Variant>(
    pos: &Position<V>,
    pieces: &[(Square, Piece)],
    square: Square,
    content: Content,
    touched: Bitboard<V>,
) -> Changed<V> {
    let mut list: Vec<(Square, Piece)> = pieces
        .iter()
        .copied()
        .filter(|&(s, _)| s != square)
        .collect();
    if let Some(piece) = content.piece() {
        list.push((square, piece));
    }
    match Position::from_pieces(pos.turn(), list.iter().copied()) {
        Ok(p) => Changed::Position(p),
        Err(PositionError::ManOnCrowningRow { .. }) => Changed::Impossible,
        Err(PositionError::TooManyPieces { color, .. }) => {
            // Make room: drop a piece of that colour the line does not touch.
            let spare = list
                .iter()
                .position(|&(s, p)| p.color == color && s != square && !touched.contains(s));
            match spare {
                Some(i) => {
                    list.swap_remove(i);
                    Position::from_pieces(pos.turn(), list)
                        .map_or(Changed::Unbuildable, Changed::Position)
                }
                None => Changed::Unbuildable,
            }
        }
        Err(_) => Changed::Unbuildable,
    }
}
