//! A slow, obviously correct move generator working square by square on row/column
//! coordinates, written from the rules (FORMATS §6) and sharing nothing with `src/`
//! except `Position::piece_at`, which reads its input. Shared by the property and
//! capacity tests.
#![allow(dead_code)]
use draughts_core::{
    Antidraughts, Brazilian, Breakthrough, Color, Czech, English, International, Italian, Killer,
    Kind, Piece, Pool, Position, Russian, Spanish, Square, Thai, Turkish, Variant,
};
use draughts_core::{Frisian, Frysk};
use std::collections::{BTreeMap, BTreeSet};

/// The rules of a variant, stated independently of `draughts_core::Variant`.
pub struct Rules {
    /// Squares along a side.
    pub side: i32,
    /// Square 1 is the top-left corner (Italian, Spanish); else the one right of it.
    pub mirrored: bool,
    /// The squares are numbered from the bottom: square `n` is the one numbered
    /// `squares + 1 - n` from the top (Spanish: 1 is White's bottom-right corner).
    pub numbered_from_bottom: bool,
    /// Kings move and capture along whole free diagonals.
    pub flying_kings: bool,
    /// Men capture backwards.
    pub men_capture_backwards: bool,
    /// Only the sequences taking the most pieces are legal.
    pub majority: bool,
    /// Among those, a sequence by a king before one by a man.
    pub king_first: bool,
    /// Among those, the sequences taking the most kings.
    pub most_kings: bool,
    /// Among those, the sequences meeting a king earliest.
    pub earliest_king: bool,
    /// Men may capture kings.
    pub men_capture_kings: bool,
    /// A man that reaches the far row during a capture is crowned and stops there.
    pub crowning_ends_capture: bool,
    /// A man that reaches the far row during a capture is crowned and goes on capturing
    /// as a king.
    pub crowning_mid_capture: bool,
    /// A flying king that could capture again from some square beyond its victim must
    /// land on one of those squares.
    pub king_lands_to_continue: bool,
    /// A flying king whose capture ends by taking a king lands just beyond it (Killer).
    pub king_halts_behind_king: bool,
    /// A flying king lands just beyond every piece it takes (Thai).
    pub king_halts_behind_each: bool,
    /// Captured pieces leave the board as they are taken, freeing their squares for the
    /// rest of the capture (Thai).
    pub removes_during_capture: bool,
    /// A side whose opponent has a king has no move (Breakthrough: the first king wins).
    pub first_king_wins: bool,
    /// Men and kings also capture along rows and columns, two squares at a time (Frisian).
    pub orthogonal: bool,
    /// Only the sequences of the highest value are legal, a king counting 1.99 men; this
    /// replaces `majority` (Frisian).
    pub value: bool,
    /// A side with men may not step with a king that has made this many non-capturing
    /// moves in a row (Frisian: 3).
    pub king_move_limit: Option<u8>,
    /// Every square of the board is playable, and pieces move and capture only along
    /// rows and columns to the adjacent square: men forwards and sideways, kings in all
    /// four directions (Turkish).
    pub full_board: bool,
    /// A capture never turns straight back between two jumps (Turkish).
    pub no_reversal: bool,
}

/// A variant with its rules restated for the brute-force generator.
pub trait Brute: Variant {
    const RULES: Rules;
}

impl Brute for International {
    const RULES: Rules = Rules {
        side: 10,
        mirrored: false,
        numbered_from_bottom: false,
        flying_kings: true,
        men_capture_backwards: true,
        majority: true,
        king_first: false,
        most_kings: false,
        earliest_king: false,
        men_capture_kings: true,
        crowning_ends_capture: false,
        crowning_mid_capture: false,
        king_lands_to_continue: true,
        king_halts_behind_king: false,
        king_halts_behind_each: false,
        removes_during_capture: false,
        first_king_wins: false,
        orthogonal: false,
        value: false,
        king_move_limit: None,
        full_board: false,
        no_reversal: false,
    };
}

/// International, with the halt behind a king taken last.
impl Brute for Killer {
    const RULES: Rules = Rules {
        king_halts_behind_king: true,
        ..International::RULES
    };
}

/// International moves; only the result differs.
impl Brute for Antidraughts {
    const RULES: Rules = International::RULES;
}

/// International, and no move once the opponent has crowned.
impl Brute for Breakthrough {
    const RULES: Rules = Rules {
        first_king_wins: true,
        ..International::RULES
    };
}

impl Brute for English {
    const RULES: Rules = Rules {
        side: 8,
        mirrored: false,
        numbered_from_bottom: false,
        flying_kings: false,
        men_capture_backwards: false,
        majority: false,
        king_first: false,
        most_kings: false,
        earliest_king: false,
        men_capture_kings: true,
        crowning_ends_capture: true,
        crowning_mid_capture: false,
        king_lands_to_continue: false,
        king_halts_behind_king: false,
        king_halts_behind_each: false,
        removes_during_capture: false,
        first_king_wins: false,
        orthogonal: false,
        value: false,
        king_move_limit: None,
        full_board: false,
        no_reversal: false,
    };
}

/// FID: most pieces, then with a king, then most kings, then the earliest king; men do
/// not take kings; the board mirrored.
impl Brute for Italian {
    const RULES: Rules = Rules {
        mirrored: true,
        majority: true,
        king_first: true,
        most_kings: true,
        earliest_king: true,
        men_capture_kings: false,
        ..English::RULES
    };
}

/// Men as in English, kings flying; most pieces, then most kings; the board mirrored and
/// numbered from White's side: 1 is h1, White's bottom-right corner.
impl Brute for Spanish {
    const RULES: Rules = Rules {
        mirrored: true,
        numbered_from_bottom: true,
        flying_kings: true,
        majority: true,
        most_kings: true,
        king_lands_to_continue: true,
        ..English::RULES
    };
}

/// Men as in English, kings flying; a capture by a king before one by a man.
impl Brute for Czech {
    const RULES: Rules = Rules {
        flying_kings: true,
        king_first: true,
        king_lands_to_continue: true,
        ..English::RULES
    };
}

/// International men and kings that also capture along rows and columns; the highest
/// value, then a capture by a king; three king moves in a row at most while men remain.
impl Brute for Frisian {
    const RULES: Rules = Rules {
        majority: false,
        king_first: true,
        orthogonal: true,
        value: true,
        king_move_limit: Some(3),
        ..International::RULES
    };
}

impl Brute for Frysk {
    const RULES: Rules = Frisian::RULES;
}

/// Men as in English; flying kings that land just beyond each piece they take, which
/// leaves the board at once; eight men a side.
impl Brute for Thai {
    const RULES: Rules = Rules {
        flying_kings: true,
        king_halts_behind_each: true,
        removes_during_capture: true,
        ..English::RULES
    };
}

/// The full board: men forwards and sideways, flying kings along rows and columns, the
/// most pieces, captured pieces leaving at once, never turning back; sixteen men a side.
impl Brute for Turkish {
    const RULES: Rules = Rules {
        full_board: true,
        no_reversal: true,
        flying_kings: true,
        majority: true,
        removes_during_capture: true,
        crowning_ends_capture: false,
        ..English::RULES
    };
}

impl Brute for Brazilian {
    const RULES: Rules = Rules {
        side: 8,
        ..International::RULES
    };
}

impl Brute for Russian {
    const RULES: Rules = Rules {
        crowning_mid_capture: true,
        ..Pool::RULES
    };
}

impl Brute for Pool {
    const RULES: Rules = Rules {
        side: 8,
        mirrored: false,
        numbered_from_bottom: false,
        flying_kings: true,
        men_capture_backwards: true,
        majority: false,
        king_first: false,
        most_kings: false,
        earliest_king: false,
        men_capture_kings: true,
        crowning_ends_capture: false,
        crowning_mid_capture: false,
        king_lands_to_continue: true,
        king_halts_behind_king: false,
        king_halts_behind_each: false,
        removes_during_capture: false,
        first_king_wins: false,
        orthogonal: false,
        value: false,
        king_move_limit: None,
        full_board: false,
        no_reversal: false,
    };
}

/// A move as (from, to, captured squares ascending, whether the man was crowned during
/// the capture and went on as a king).
pub type Key = (u8, u8, Vec<u8>, bool);

/// What the precedence rules compare, in their order: pieces taken, whether by a king,
/// kings taken, and for each jump in turn whether it took a king (criteria a variant does
/// not use are left at zero).
type Rank = (usize, bool, usize, Vec<bool>);

/// The captures found, each with the best rank of the sequences that make it.
type Found = BTreeMap<Key, Rank>;

/// A board: the piece on each square number (index 0 unused).
pub struct Board {
    side: i32,
    mirrored: bool,
    numbered_from_bottom: bool,
    full: bool,
    cells: Vec<Option<Piece>>,
    turn: Color,
    /// The king of the side to move whose run of non-capturing moves, and its length.
    run: Option<(u8, u8)>,
}

impl Board {
    pub fn of<V: Brute>(pos: &Position<V>) -> Board {
        let side = V::RULES.side;
        let squares = Self::squares::<V>() as u8;
        let cells = (0..=squares)
            .map(|n| Square::new(n).and_then(|s| pos.piece_at(s)))
            .collect();
        Board {
            side,
            mirrored: V::RULES.mirrored,
            numbered_from_bottom: V::RULES.numbered_from_bottom,
            full: V::RULES.full_board,
            cells,
            turn: pos.turn(),
            run: pos.king_run(pos.turn()).map(|(s, n)| (s.number(), n)),
        }
    }

    fn per_row(&self) -> i32 {
        if self.full {
            self.side
        } else {
            self.side / 2
        }
    }

    /// Row (0 = top) and column (0 = left) of square `n`.
    fn coords(&self, n: u8) -> (i32, i32) {
        let n = self.counted_from_top(n);
        let i = i32::from(n) - 1;
        let (row, k) = (i / self.per_row(), i % self.per_row());
        let col = if self.full {
            k
        } else if (row % 2 == 0) != self.mirrored {
            2 * k + 1
        } else {
            2 * k
        };
        (row, col)
    }

    /// The square at a row and column, if it is a playable square of the board.
    fn square(&self, row: i32, col: i32) -> Option<u8> {
        let inside = (0..self.side).contains(&row) && (0..self.side).contains(&col);
        if self.full {
            return inside.then(|| (row * self.side + col + 1) as u8);
        }
        let dark = (row + col) % 2 == if self.mirrored { 0 } else { 1 };
        (inside && dark).then(|| self.counted_from_top((row * self.per_row() + col / 2 + 1) as u8))
    }

    /// The number counted from the top of the square numbered `n` on this board, and
    /// back (the same reversal).
    fn counted_from_top(&self, n: u8) -> u8 {
        if self.numbered_from_bottom {
            (self.side * self.per_row() + 1) as u8 - n
        } else {
            n
        }
    }

    /// The next square from `n` in direction `(dr, dc)`.
    fn next(&self, n: u8, (dr, dc): (i32, i32)) -> Option<u8> {
        let (r, c) = self.coords(n);
        self.square(r + dr, c + dc)
    }

    /// Whether `n` is on the row where `color`'s men are crowned.
    fn crowning_row(&self, color: Color, n: u8) -> bool {
        let row = self.coords(n).0;
        match color {
            Color::White => row == 0,
            Color::Black => row == self.side - 1,
        }
    }

    /// The directions a man of `color` moves in: up (towards row 0) for White; on the
    /// full board straight up and sideways.
    fn forward(&self, color: Color) -> Vec<(i32, i32)> {
        let up = match color {
            Color::White => -1,
            Color::Black => 1,
        };
        if self.full {
            vec![(up, 0), (0, -1), (0, 1)]
        } else {
            vec![(up, -1), (up, 1)]
        }
    }

    /// The directions a king moves in.
    fn king_dirs(&self) -> Vec<(i32, i32)> {
        if self.full {
            Self::ROOK.to_vec()
        } else {
            Self::ALL.to_vec()
        }
    }

    const ALL: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
    const ROOK: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    const EIGHT: [(i32, i32); 8] = [
        (-1, -1),
        (-1, 1),
        (1, -1),
        (1, 1),
        (-2, 0),
        (2, 0),
        (0, -2),
        (0, 2),
    ];

    /// Every legal move, with duplicates (same from, to and captured set) merged.
    pub fn moves<V: Brute>(&self) -> BTreeSet<Key> {
        let rules = V::RULES;
        let opponent_crowned = self
            .cells
            .iter()
            .flatten()
            .any(|p| p.color != self.turn && p.kind == Kind::King);
        if rules.first_king_wins && opponent_crowned {
            return BTreeSet::new();
        }
        let mut captures = Found::new();
        for from in 1..self.cells.len() as u8 {
            if let Some(piece) = self.cells[from as usize] {
                if piece.color == self.turn {
                    let mut taken = Vec::new();
                    self.capture(&rules, piece, from, from, None, &mut taken, &mut captures);
                }
            }
        }
        if let Some(best) = captures.values().max().cloned() {
            return captures
                .into_iter()
                .filter(|(_, rank)| *rank == best)
                .map(|(key, _)| key)
                .collect();
        }
        let mut steps = BTreeSet::new();
        let has_men = self
            .cells
            .iter()
            .flatten()
            .any(|p| p.color == self.turn && p.kind == Kind::Man);
        for from in 1..self.cells.len() as u8 {
            let Some(piece) = self.cells[from as usize] else {
                continue;
            };
            if piece.color != self.turn {
                continue;
            }
            let tired = matches!((self.run, rules.king_move_limit),
                (Some((at, n)), Some(limit)) if at == from && n >= limit);
            if tired && has_men && piece.kind == Kind::King {
                continue;
            }
            let dirs: Vec<(i32, i32)> = match piece.kind {
                Kind::Man => self.forward(piece.color),
                Kind::King => self.king_dirs(),
            };
            for d in dirs {
                let mut at = from;
                while let Some(to) = self.next(at, d) {
                    if self.cells[to as usize].is_some() {
                        break;
                    }
                    steps.insert((from, to, Vec::new(), false));
                    if piece.kind == Kind::Man || !rules.flying_kings {
                        break;
                    }
                    at = to;
                }
            }
        }
        steps
    }

    /// Whether square `n` is free during a capture by the piece that started on
    /// `from` and has taken `taken` (its start square is free; captured pieces are still
    /// on the board unless `removes`).
    fn free(&self, n: u8, from: u8, taken: &[u8], removes: bool) -> bool {
        n == from || self.cells[n as usize].is_none() || removes && taken.contains(&n)
    }

    /// Extends a capture sequence of `piece` (which started on `from`) standing on
    /// `at`, reached by a jump in direction `came`, having taken `taken`; records every
    /// sequence that cannot go on.
    #[allow(clippy::too_many_arguments)]
    fn capture(
        &self,
        rules: &Rules,
        piece: Piece,
        from: u8,
        at: u8,
        came: Option<(i32, i32)>,
        taken: &mut Vec<u8>,
        out: &mut Found,
    ) {
        // Russian: a man that reaches the far row is crowned and goes on as a king.
        let mut piece = piece;
        if rules.crowning_mid_capture
            && piece.kind == Kind::Man
            && !taken.is_empty()
            && self.crowning_row(piece.color, at)
        {
            piece.kind = Kind::King;
        }
        // English: a man that reaches the far row is crowned and its move ends.
        let crowned_now = rules.crowning_ends_capture
            && piece.kind == Kind::Man
            && !taken.is_empty()
            && self.crowning_row(piece.color, at);
        let mut went_on = false;
        if !crowned_now {
            let dirs: Vec<(i32, i32)> = if rules.orthogonal {
                Self::EIGHT.to_vec()
            } else if piece.kind == Kind::King || rules.men_capture_backwards {
                self.king_dirs()
            } else {
                self.forward(piece.color)
            };
            let flying = piece.kind == Kind::King && rules.flying_kings;
            let removes = rules.removes_during_capture;
            for d in dirs {
                if rules.no_reversal && came == Some((-d.0, -d.1)) {
                    continue;
                }
                // Find the first occupied square along d (adjacent only, unless flying).
                let mut victim = self.next(at, d);
                if flying {
                    while let Some(v) = victim.filter(|&v| self.free(v, from, taken, removes)) {
                        victim = self.next(v, d);
                    }
                }
                let Some(victim) = victim else { continue };
                if self.free(victim, from, taken, removes) || taken.contains(&victim) {
                    continue;
                }
                match self.cells[victim as usize] {
                    Some(p) if p.color != piece.color => {
                        // Italian: men do not take kings.
                        if p.kind == Kind::King
                            && piece.kind == Kind::Man
                            && !rules.men_capture_kings
                        {
                            continue;
                        }
                    }
                    _ => continue,
                }
                let mut landings = Vec::new();
                let mut landing = self.next(victim, d);
                while let Some(land) = landing {
                    if !self.free(land, from, taken, removes) {
                        break;
                    }
                    landings.push(land);
                    landing = if flying && !rules.king_halts_behind_each {
                        self.next(land, d)
                    } else {
                        None
                    };
                }
                taken.push(victim);
                if flying && rules.king_lands_to_continue {
                    let going_on: Vec<u8> = landings
                        .iter()
                        .copied()
                        .filter(|&land| {
                            let mut further = Found::new();
                            self.capture(rules, piece, from, land, Some(d), taken, &mut further);
                            further.keys().any(|k| k.2.len() > taken.len())
                        })
                        .collect();
                    if !going_on.is_empty() {
                        landings = going_on;
                    }
                }
                for land in landings {
                    went_on = true;
                    self.capture(rules, piece, from, land, Some(d), taken, out);
                }
                taken.pop();
            }
        }
        // Killer: a flying king whose last victim is a king lands just beyond it.
        let halts = |victim: u8| {
            let is_king = self.cells[victim as usize].is_some_and(|p| p.kind == Kind::King);
            let distance = (self.coords(victim).0 - self.coords(at).0).abs();
            !(is_king && distance > 1)
        };
        let flying = piece.kind == Kind::King && rules.flying_kings;
        let may_end =
            !(rules.king_halts_behind_king && flying) || taken.last().map_or(true, |&v| halts(v));
        if !went_on && !taken.is_empty() && may_end {
            let mut captured = taken.clone();
            captured.sort_unstable();
            let was_man = self.cells[from as usize].is_some_and(|p| p.kind == Kind::Man);
            let is_king = |n: &u8| self.cells[*n as usize].is_some_and(|p| p.kind == Kind::King);
            let kings = taken.iter().filter(|n| is_king(n)).count();
            let rank: Rank = (
                if rules.value {
                    100 * (taken.len() - kings) + 199 * kings
                } else if rules.majority {
                    taken.len()
                } else {
                    0
                },
                rules.king_first && !was_man,
                if rules.most_kings { kings } else { 0 },
                if rules.earliest_king {
                    taken.iter().map(is_king).collect()
                } else {
                    Vec::new()
                },
            );
            let key = (from, at, captured, was_man && piece.kind == Kind::King);
            let best = out.entry(key).or_insert_with(|| rank.clone());
            if rank > *best {
                *best = rank;
            }
        }
    }

    /// The pieces after playing `key`, as (square, piece) pairs, and the side to move.
    pub fn play(&self, key: &Key) -> (BTreeMap<u8, Piece>, Color) {
        let mut pieces: BTreeMap<u8, Piece> = (1..self.cells.len() as u8)
            .filter_map(|n| self.cells[n as usize].map(|p| (n, p)))
            .collect();
        let mut piece = pieces.remove(&key.0).expect("a piece on the start square");
        for c in &key.2 {
            assert!(pieces.remove(c).is_some(), "captured square {c} is empty");
        }
        if self.crowning_row(piece.color, key.1) || key.3 {
            piece.kind = Kind::King;
        }
        assert!(pieces.insert(key.1, piece).is_none(), "landing on a piece");
        (pieces, !self.turn)
    }
}

impl Board {
    /// Number of squares on `V`'s board.
    pub fn squares<V: Brute>() -> usize {
        let all = V::RULES.side * V::RULES.side;
        if V::RULES.full_board {
            all as usize
        } else {
            (all / 2) as usize
        }
    }
}
