//! Move generation: steps, capture sequences, and fast counting for perft.
//!
//! Captures are compulsory in every variant, so a position's moves are either all
//! captures or all steps. Capture sequences are searched depth-first from each piece
//! that can capture; captured pieces stay on the board as obstacles until the sequence
//! ends (FMJD 4.11; Thai and Turkish remove them as they are taken,
//! [`Variant::REMOVES_DURING_CAPTURE`]) and may not be jumped twice (FMJD 4.10), and
//! the moving piece's start square counts as empty. Sequences with the same start, end
//! and captured set are one move (where men crown during a capture, one that crowns and
//! one that does not are two).

use crate::bitboard::Bitboard;
use crate::geometry::{shift, Direction, Geometry};
use crate::moves::{Move, MoveList};
use crate::piece::Color;
use crate::position::{crowning_row, Position};
use crate::variant::{Goal, KingLanding, Variant};

/// Whether move generation in `V` must tell the opponent's kings from its men.
#[inline(always)]
const fn needs_opp_kings<V: Variant>() -> bool {
    V::CAPTURE_PRECEDENCE.counts_kings()
        || !V::MEN_CAPTURE_KINGS
        || matches!(V::KING_LANDING, KingLanding::BehindLastKing)
}

/// Bit mask over [`Direction`] discriminants.
pub(crate) type DirMask = u8;

pub(crate) const UP: DirMask = 0b0011;
pub(crate) const DOWN: DirMask = 0b1100;
const ALL: DirMask = 0b1111;
/// Up, left and right: where White's men move on the full board (Turkish).
const UP_SIDEWAYS: DirMask = 0b1101_0000;
/// Down, left and right: where Black's men move on the full board.
const DOWN_SIDEWAYS: DirMask = 0b1110_0000;
/// The diagonal and the orthogonal directions.
const EIGHT: DirMask = 0xFF;

/// Directions in which kings that jump short capture in variant `V`.
#[inline(always)]
const fn king_capture_dirs<V: Variant>() -> DirMask {
    if V::ORTHOGONAL_CAPTURES {
        EIGHT
    } else {
        ALL
    }
}

/// Directions in which White's (`WHITE`) or Black's men step in variant `V`.
#[inline(always)]
pub(crate) const fn forward<V: Variant, const WHITE: bool>() -> DirMask {
    match (V::ORTHOGONAL_MOVES, WHITE) {
        (false, true) => UP,
        (false, false) => DOWN,
        (true, true) => UP_SIDEWAYS,
        (true, false) => DOWN_SIDEWAYS,
    }
}

/// Directions in which White's (`WHITE`) or Black's men capture in variant `V`.
#[inline(always)]
pub(crate) const fn man_capture_dirs<V: Variant, const WHITE: bool>() -> DirMask {
    if V::ORTHOGONAL_MOVES {
        forward::<V, WHITE>()
    } else if V::ORTHOGONAL_CAPTURES {
        EIGHT
    } else if V::MEN_CAPTURE_BACKWARDS {
        ALL
    } else {
        forward::<V, WHITE>()
    }
}

/// Runs `$body` once for each direction in which variant `$v` captures, with `$d` a
/// constant, so that every shift in the body compiles to a fixed instruction (a loop
/// over an array of directions does not unroll reliably): the diagonal ones, then the
/// orthogonal ones where the variant captures along them. After `steps` it runs over the
/// directions of moves that do not capture. The arms a variant does not use are removed
/// at compile time.
macro_rules! each_direction {
    ($v:ident, |$d:ident| $body:block) => {{
        if !$v::ORTHOGONAL_MOVES {
            each_direction!(@[UpLeft, UpRight, DownLeft, DownRight] |$d| $body)
        }
        if $v::ORTHOGONAL_CAPTURES || $v::ORTHOGONAL_MOVES {
            each_direction!(@[Up, Down, Left, Right] |$d| $body)
        }
    }};
    (steps $v:ident, |$d:ident| $body:block) => {{
        if $v::ORTHOGONAL_MOVES {
            each_direction!(@[Up, Down, Left, Right] |$d| $body)
        } else {
            each_direction!(@[UpLeft, UpRight, DownLeft, DownRight] |$d| $body)
        }
    }};
    (@[$($name:ident),*] |$d:ident| $body:block) => {{
        $({
            let $d = Direction::$name;
            $body
        })*
    }};
}

mod capture_search;
mod men_jumps;

use capture_search::CaptureSearch;
use men_jumps::{push_single_jumps, settled_by_shifts, MenCaptures};

#[inline(always)]
pub(crate) const fn has(mask: DirMask, d: Direction) -> bool {
    mask & (1 << d as u8) != 0
}

/// The raw facts move generation needs, from the point of view of White (`WHITE`) or
/// Black. The colour is a constant so that every shift direction is known at compile
/// time.
#[derive(Clone, Copy)]
struct Sides<const WHITE: bool> {
    men: u64,
    kings: u64,
    opp: u64,
    /// The opponent's kings, where the rules need them (else 0).
    opp_kings: u64,
    empty: u64,
    /// A king that may not step, its run of steps being at the limit (else 0).
    blocked: u64,
}

/// Calls `$body` with `$sides` bound to the [`Sides`] of `$color` in `$pos`.
macro_rules! with_sides {
    ($pos:expr, $color:expr, |$sides:ident| $body:expr) => {
        match $color {
            Color::White => {
                let $sides = Sides::<true>::of($pos);
                $body
            }
            Color::Black => {
                let $sides = Sides::<false>::of($pos);
                $body
            }
        }
    };
}

impl<const WHITE: bool> Sides<WHITE> {
    #[inline(always)]
    fn of<V: Variant>(pos: &Position<V>) -> Sides<WHITE> {
        let us = if WHITE { Color::White } else { Color::Black };
        let mut own = pos.side_bits(us);
        let opp = pos.side_bits(!us);
        let kings = pos.king_bits();
        // Where the first king wins, a side whose opponent has crowned has lost and so
        // has no move.
        if matches!(V::GOAL, Goal::Crown) && opp & kings != 0 {
            own = 0;
        }
        Sides {
            men: own & !kings,
            kings: own & kings,
            opp,
            opp_kings: if needs_opp_kings::<V>() {
                opp & kings
            } else {
                0
            },
            empty: <V::Board as Geometry>::VALID & !(own | opp),
            blocked: if const { V::KING_MOVE_LIMIT.is_some() } && us == pos.turn() {
                pos.blocked_king_bit()
            } else {
                0
            },
        }
    }

    /// The kings that may step (all of them where runs are not limited).
    #[inline(always)]
    fn stepping_kings<V: Variant>(&self) -> u64 {
        if const { V::KING_MOVE_LIMIT.is_some() } {
            self.kings & !self.blocked
        } else {
            self.kings
        }
    }

    /// The pieces this side's men may capture.
    #[inline(always)]
    fn men_victims<V: Variant>(&self) -> u64 {
        if V::MEN_CAPTURE_KINGS {
            self.opp
        } else {
            self.opp & !self.opp_kings
        }
    }

    /// The squares a flying king on each bit of `kings` slides over in direction `d`
    /// before it meets a piece or the edge (the kings' own squares excluded).
    #[inline(always)]
    fn ray<G: Geometry>(&self, kings: u64, d: Direction) -> u64 {
        let mut frontier = shift::<G>(kings, d) & self.empty;
        let mut ray = frontier;
        while frontier != 0 {
            frontier = shift::<G>(frontier, d) & self.empty;
            ray |= frontier;
        }
        ray
    }

    /// Whether any piece of this side can capture.
    #[inline(always)]
    fn can_capture<V: Variant>(&self) -> bool {
        let men_dirs = man_capture_dirs::<V, WHITE>();
        let kings_step = if V::FLYING_KINGS { 0 } else { self.kings };
        each_direction!(V, |d| {
            let mut jumpers = kings_step;
            if has(men_dirs, d) && V::MEN_CAPTURE_KINGS {
                jumpers |= self.men;
            }
            if V::FLYING_KINGS && self.kings != 0 {
                jumpers |= self.kings | self.ray::<V::Board>(self.kings, d);
            }
            let mut victims = shift::<V::Board>(jumpers, d) & self.opp;
            if !V::MEN_CAPTURE_KINGS && has(men_dirs, d) {
                victims |= shift::<V::Board>(self.men, d) & self.men_victims::<V>();
            }
            if shift::<V::Board>(victims, d) & self.empty != 0 {
                return true;
            }
        });
        false
    }

    /// The men of this side that have a first capture.
    #[inline(always)]
    fn capturing_men<V: Variant>(&self) -> u64 {
        let dirs = man_capture_dirs::<V, WHITE>();
        let mut men = 0;
        each_direction!(V, |d| {
            if has(dirs, d) {
                let back = d.reverse();
                let victims = shift::<V::Board>(self.empty, back) & self.men_victims::<V>();
                men |= shift::<V::Board>(victims, back) & self.men;
            }
        });
        men
    }

    /// Number of steps (non-captures) available.
    #[inline(always)]
    fn count_steps<V: Variant>(&self) -> usize {
        let mut n = 0;
        let fwd = forward::<V, WHITE>();
        let kings = self.stepping_kings::<V>();
        each_direction!(steps V, |d| {
            if has(fwd, d) {
                n += (shift::<V::Board>(self.men, d) & self.empty).count_ones();
            }
            if kings != 0 {
                n += if V::FLYING_KINGS {
                    self.ray::<V::Board>(kings, d).count_ones()
                } else {
                    (shift::<V::Board>(kings, d) & self.empty).count_ones()
                };
            }
        });
        n as usize
    }

    /// Appends every step to `list`.
    fn generate_steps<V: Variant>(&self, list: &mut MoveList<V>) {
        let fwd = forward::<V, WHITE>();
        each_direction!(steps V, |d| {
            if has(fwd, d) {
                push_steps(list, shift::<V::Board>(self.men, d) & self.empty, d);
            }
            if !V::FLYING_KINGS {
                let kings = self.stepping_kings::<V>();
                push_steps(list, shift::<V::Board>(kings, d) & self.empty, d);
            }
        });
        if V::FLYING_KINGS {
            let mut kings = self.stepping_kings::<V>();
            while kings != 0 {
                let from = kings.trailing_zeros();
                kings &= kings - 1;
                each_direction!(steps V, |d| {
                    let mut to = self.ray::<V::Board>(1u64 << from, d);
                    while to != 0 {
                        push(list, Move::from_raw(from, to.trailing_zeros(), 0, 0));
                        to &= to - 1;
                    }
                });
            }
        }
    }

    /// Fills `list` (which must be empty) with the legal moves, or only with the
    /// captures if not `steps`.
    #[inline(always)]
    fn generate<V: Variant>(&self, list: &mut MoveList<V>, steps: bool) {
        if settled_by_shifts::<V>() && self.kings == 0 {
            match self.men_captures::<V>() {
                MenCaptures::None if steps => self.generate_steps(list),
                MenCaptures::None => {}
                MenCaptures::Single(movers) => push_single_jumps(list, &movers),
                MenCaptures::Multiple(men, jump_from) => {
                    self.search_going_on::<V, true>(list, men, jump_from)
                }
            }
        } else if self.can_capture::<V>() {
            self.generate_captures(list);
        } else if steps {
            self.generate_steps(list);
        }
    }

    /// Appends every capture to `list` (which must be empty).
    fn generate_captures<V: Variant>(&self, list: &mut MoveList<V>) {
        self.generate_captures_of::<V>(list, self.capturing_men::<V>());
    }

    /// A search for the captures of this side's men, to append to `list`.
    #[inline(always)]
    fn men_search<'a, V: Variant>(&self, list: &'a mut MoveList<V>) -> CaptureSearch<'a, V> {
        let us = if WHITE { Color::White } else { Color::Black };
        CaptureSearch {
            list,
            opp: self.men_victims::<V>(),
            opp_kings: self.opp_kings,
            empty: self.empty,
            from: 0,
            best: 0,
            by_king: false,
            king_jumps: 0,
            crowning_row: crowning_row::<V::Board>(us),
            crowned: 0,
        }
    }

    /// Appends the captures of the kings and of the men in `men` to `list`.
    fn generate_captures_of<V: Variant>(&self, list: &mut MoveList<V>, mut men: u64) {
        let mut search = self.men_search(list);
        let men_dirs = man_capture_dirs::<V, WHITE>();
        while men != 0 {
            let at = men & men.wrapping_neg();
            men &= men - 1;
            search.from = at.trailing_zeros();
            search.empty = self.empty | at;
            match men_dirs {
                UP => search.short::<UP>(at, 0, 0),
                DOWN => search.short::<DOWN>(at, 0, 0),
                ALL => search.short::<ALL>(at, 0, 0),
                UP_SIDEWAYS => search.short::<UP_SIDEWAYS>(at, 0, 0),
                DOWN_SIDEWAYS => search.short::<DOWN_SIDEWAYS>(at, 0, 0),
                _ => search.short::<EIGHT>(at, 0, 0),
            }
        }
        search.opp = self.opp;
        search.by_king = true;
        let mut kings = self.kings;
        while kings != 0 {
            let at = kings & kings.wrapping_neg();
            kings &= kings - 1;
            search.from = at.trailing_zeros();
            search.empty = self.empty | at;
            if V::FLYING_KINGS {
                search.flying(at, None, 0, 0);
            } else if king_capture_dirs::<V>() == ALL {
                search.short::<ALL>(at, 0, 0);
            } else {
                search.short::<EIGHT>(at, 0, 0);
            }
        }
    }

    /// The number of legal moves. Where men capture only forwards and any sequence may
    /// be chosen, the men's capture sequences are counted without being listed.
    #[inline(always)]
    fn count_moves<V: Variant>(&self) -> usize {
        if settled_by_shifts::<V>() && self.kings == 0 {
            return match self.men_captures::<V>() {
                MenCaptures::None => self.count_steps::<V>(),
                MenCaptures::Single(movers) => MenCaptures::count_single(&movers),
                MenCaptures::Multiple(men, jump_from) => {
                    let mut list = MoveList::<V>::new();
                    self.search_going_on::<V, false>(&mut list, men, jump_from);
                    list.len()
                }
            };
        }
        if V::MEN_CAPTURE_BACKWARDS
            || V::ORTHOGONAL_CAPTURES
            || V::ORTHOGONAL_MOVES
            || !V::CAPTURE_PRECEDENCE.is_free()
            || !V::MEN_CAPTURE_KINGS
        {
            return if self.can_capture::<V>() {
                let mut list = MoveList::<V>::new();
                self.generate_captures(&mut list);
                list.len()
            } else {
                self.count_steps::<V>()
            };
        }
        let (left, right) = forward_pair::<WHITE>();
        let land_left = jump::<V::Board>(self.men, left, self.opp, self.empty);
        let land_right = jump::<V::Board>(self.men, right, self.opp, self.empty);
        let kings_capture =
            self.kings != 0 && Sides::<WHITE> { men: 0, ..*self }.can_capture::<V>();
        if land_left | land_right == 0 && !kings_capture {
            return self.count_steps::<V>();
        }
        let mut count = 0;
        if land_left != 0 {
            count += forward_paths::<V::Board, WHITE>(land_left, self.opp, self.empty);
        }
        if land_right != 0 {
            count += forward_paths::<V::Board, WHITE>(land_right, self.opp, self.empty);
        }
        if kings_capture {
            let mut list = MoveList::<V>::new();
            self.generate_captures_of::<V>(&mut list, 0);
            count += list.len();
        }
        count
    }
}

/// The two directions in which White's (`WHITE`) or Black's men move.
#[inline(always)]
const fn forward_pair<const WHITE: bool>() -> (Direction, Direction) {
    if WHITE {
        (Direction::UpLeft, Direction::UpRight)
    } else {
        (Direction::DownLeft, Direction::DownRight)
    }
}

/// Where the pieces on `at` land jumping an opponent's piece in direction `d`.
#[inline(always)]
fn jump<G: Geometry>(at: u64, d: Direction, opp: u64, empty: u64) -> u64 {
    shift::<G>(shift::<G>(at, d) & opp, d) & empty
}

/// The number of capture sequences of men that capture only forwards and have jumped
/// onto the squares of `at` (one sequence per bit).
///
/// Such a man never needs to know what it has captured or where it came from: both lie
/// behind it, and every jump crosses a new row, so no two paths take the same pieces.
/// All sequences that took the same turns therefore move together as one bit set, and a
/// bit that cannot jump on ends one sequence.
#[inline(always)]
fn forward_paths<G: Geometry, const WHITE: bool>(at: u64, opp: u64, empty: u64) -> usize {
    let (left, right) = forward_pair::<WHITE>();
    let land_left = jump::<G>(at, left, opp, empty);
    let land_right = jump::<G>(at, right, opp, empty);
    if land_left | land_right == 0 {
        // The common case, kept inline: every sequence ends here.
        return at.count_ones() as usize;
    }
    forward_paths_on::<G, WHITE>(at, land_left, land_right, opp, empty)
}

/// [`forward_paths`] for sequences some of which jump on to `land_left`/`land_right`.
#[inline(never)]
fn forward_paths_on<G: Geometry, const WHITE: bool>(
    at: u64,
    land_left: u64,
    land_right: u64,
    opp: u64,
    empty: u64,
) -> usize {
    let (left, right) = forward_pair::<WHITE>();
    let back = |land: u64, d: Direction| shift::<G>(shift::<G>(land, d.reverse()), d.reverse());
    let continuing = back(land_left, left) | back(land_right, right);
    let mut count = (at & !continuing).count_ones() as usize;
    if land_left != 0 {
        count += forward_paths::<G, WHITE>(land_left, opp, empty);
    }
    if land_right != 0 {
        count += forward_paths::<G, WHITE>(land_right, opp, empty);
    }
    count
}

/// Pushes the steps landing on `targets`, each coming from one step back along `d`.
#[inline(always)]
fn push_steps<V: Variant>(list: &mut MoveList<V>, mut targets: u64, d: Direction) {
    while targets != 0 {
        let to = targets & targets.wrapping_neg();
        targets &= targets - 1;
        let from = shift::<V::Board>(to, d.reverse());
        push(
            list,
            Move::from_raw(from.trailing_zeros(), to.trailing_zeros(), 0, 0),
        );
    }
}

#[inline(always)]
fn push<V: Variant>(list: &mut MoveList<V>, mv: Move<V>) {
    let pushed = list.try_push(mv);
    debug_assert!(pushed.is_ok(), "move list overflow");
}

impl<V: Variant> Position<V> {
    /// The legal moves.
    ///
    /// The list is returned by value, and moving it copies all of its capacity (8 KiB);
    /// in a loop over many positions, fill one list with [`Position::generate_moves`].
    ///
    /// ```
    /// use draughts_core::{English, International, Position};
    ///
    /// assert_eq!(Position::<International>::initial().legal_moves().len(), 9);
    /// assert_eq!(Position::<English>::initial().legal_moves().len(), 7);
    /// ```
    pub fn legal_moves(&self) -> MoveList<V> {
        let mut list = MoveList::new();
        self.generate_moves(&mut list);
        list
    }

    /// Replaces the contents of `list` with the legal moves.
    pub fn generate_moves(&self, list: &mut MoveList<V>) {
        list.clear();
        with_sides!(self, self.turn(), |sides| sides.generate::<V>(list, true))
    }

    /// Replaces the contents of `list` with the legal captures (empty if there is none).
    pub fn generate_captures(&self, list: &mut MoveList<V>) {
        list.clear();
        with_sides!(self, self.turn(), |sides| sides.generate::<V>(list, false))
    }

    /// The number of legal moves, counted without building the steps (for perft, whose
    /// loop one ply above the leaves wants it inlined).
    #[inline(always)]
    pub fn count_moves(&self) -> usize {
        with_sides!(self, self.turn(), |sides| sides.count_moves::<V>())
    }

    /// Whether the side to move must capture.
    #[inline]
    pub fn has_capture(&self) -> bool {
        with_sides!(self, self.turn(), |sides| sides.can_capture::<V>())
    }

    /// Whether `color`, with men `men` and kings `kings`, could capture one of the pieces
    /// `opponent`, of which `opponent_kings` are kings, whoever is to move: the test of
    /// [`Position::has_capture`] on sets, without building a position (the endgame
    /// database asks it for billions of predecessors).
    ///
    /// `men`, `kings` and `opponent` must be disjoint and `opponent_kings` lie within
    /// `opponent`; otherwise the answer is meaningless (but nothing panics).
    ///
    /// ```
    /// use draughts_core::{Color, English, Position};
    ///
    /// let pos: Position<English> = "B:W18:B14,K1".parse()?;
    /// let (white, black) = (Color::White, Color::Black);
    /// let capture = |color: Color| {
    ///     Position::sets_have_capture(color, pos.men(color), pos.kings(color), pos.pieces(!color), pos.kings(!color))
    /// };
    /// assert!(capture(white) && capture(black));
    /// assert_eq!(capture(black), pos.has_capture());
    /// # Ok::<(), draughts_core::FenError>(())
    /// ```
    #[inline]
    pub fn sets_have_capture(
        color: Color,
        men: Bitboard<V>,
        kings: Bitboard<V>,
        opponent: Bitboard<V>,
        opponent_kings: Bitboard<V>,
    ) -> bool {
        fn side<V: Variant, const WHITE: bool>(men: u64, kings: u64, opp: [u64; 2]) -> bool {
            let empty = <V::Board as Geometry>::VALID & !(men | kings | opp[0]);
            let sides = Sides::<WHITE> {
                men,
                kings,
                opp: opp[0],
                opp_kings: if needs_opp_kings::<V>() { opp[1] } else { 0 },
                empty,
                blocked: 0,
            };
            sides.can_capture::<V>()
        }
        let [men, kings, opponent, opponent_kings] =
            [men, kings, opponent, opponent_kings].map(Bitboard::bits);
        if matches!(V::GOAL, Goal::Crown) && opponent_kings != 0 {
            return false;
        }
        let opponent = [opponent, opponent_kings];
        match color {
            Color::White => side::<V, true>(men, kings, opponent),
            Color::Black => side::<V, false>(men, kings, opponent),
        }
    }

    /// Whether the side *not* to move would have a capture if it were its turn (a
    /// threat the side to move faces).
    #[inline]
    pub fn opponent_has_capture(&self) -> bool {
        with_sides!(self, !self.turn(), |sides| sides.can_capture::<V>())
    }

    /// Whether neither side has a capture: the position a static evaluation or an
    /// endgame database can be trusted on.
    #[inline]
    pub fn is_quiet(&self) -> bool {
        !self.has_capture() && !self.opponent_has_capture()
    }

    /// Whether the side to move has no legal move: no pieces, all blocked, or (where
    /// the first king wins, [`Goal::Crown`]) an opponent that has crowned.
    pub fn has_no_move(&self) -> bool {
        with_sides!(self, self.turn(), |sides| {
            !sides.can_capture::<V>() && sides.count_steps::<V>() == 0
        })
    }

    /// The side that has won in this position by the variant's [`Goal`], draw rules
    /// aside: `None` while the side to move has a legal move.
    ///
    /// ```
    /// use draughts_core::{Antidraughts, Color, International, Position};
    ///
    /// let blocked = "W:W45:B34,40";
    /// let pos: Position<International> = blocked.parse()?;
    /// assert_eq!(pos.winner(), Some(Color::Black));
    /// let pos: Position<Antidraughts> = blocked.parse()?;
    /// assert_eq!(pos.winner(), Some(Color::White));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winner(&self) -> Option<Color> {
        if !self.has_no_move() {
            return None;
        }
        Some(match V::GOAL {
            Goal::Block | Goal::Crown => !self.turn(),
            Goal::GiveAway => self.turn(),
        })
    }

    /// Whether the side to move has lost: it has no legal move, and the variant's
    /// [`Goal`] makes that a loss.
    #[inline]
    pub fn is_lost(&self) -> bool {
        !matches!(V::GOAL, Goal::GiveAway) && self.has_no_move()
    }

    /// Whether the side to move has won: it has no legal move, and the variant's
    /// [`Goal`] makes that a win.
    #[inline]
    pub fn is_won(&self) -> bool {
        matches!(V::GOAL, Goal::GiveAway) && self.has_no_move()
    }
}
