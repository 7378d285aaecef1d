//! Random positions of a material, for benchmarks, latency figures and conversion tests.

use crate::Material;
use draughts_core::{Color, Piece, Position, Square, Variant};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// Random positions from a seeded generator (the workspace's one, Xoshiro256++): the
/// same seed gives the same positions on every machine.
#[derive(Clone, Debug)]
pub struct Sampler {
    rng: Xoshiro256PlusPlus,
}

impl Sampler {
    /// A generator started from `seed` (any value).
    pub fn new(seed: u64) -> Sampler {
        Sampler {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    /// A number in `0..n` (`0` when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n.max(1))
    }

    /// A position of `material` with `turn` to move, its pieces on random squares; `None`
    /// when two pieces drew the same square or a man landed where no game puts one (its
    /// crowning row; a Turkish man on its first row): draw again.
    pub fn position<V: Variant>(&mut self, material: Material, turn: Color) -> Option<Position<V>> {
        let squares =
            Position::<V>::initial().empty().len() + Position::<V>::initial().occupied().len();
        let counts = [
            (material.white_men, Piece::WHITE_MAN),
            (material.white_kings, Piece::WHITE_KING),
            (material.black_men, Piece::BLACK_MAN),
            (material.black_kings, Piece::BLACK_KING),
        ];
        let mut placed = Vec::with_capacity(material.pieces() as usize);
        for (count, piece) in counts {
            for _ in 0..count {
                placed.push((Square::new(self.below(squares) as u8 + 1)?, piece));
            }
        }
        let pos = Position::<V>::from_pieces(turn, placed).ok()?;
        let in_reach = Color::BOTH
            .into_iter()
            .all(|color| (pos.men(color) - Position::<V>::man_squares(color)).is_empty());
        (pos.piece_count() == material.pieces() && in_reach).then_some(pos)
    }

    /// A random colour.
    pub fn color(&mut self) -> Color {
        if self.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        }
    }
}

/// What a probe has to do for a position, which decides its cost.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ProbeKind {
    /// Neither side can capture: one lookup.
    Quiet,
    /// The side to move must capture: a minimax over the captures.
    Capture,
    /// Only the side not to move could capture: the exception list or a bounded search.
    Threat,
}

impl ProbeKind {
    /// All kinds, in the order above.
    pub const ALL: [ProbeKind; 3] = [ProbeKind::Quiet, ProbeKind::Capture, ProbeKind::Threat];

    /// The kind of `pos`.
    pub fn of<V: Variant>(pos: &Position<V>) -> ProbeKind {
        if pos.has_capture() {
            ProbeKind::Capture
        } else if pos.opponent_has_capture() {
            ProbeKind::Threat
        } else {
            ProbeKind::Quiet
        }
    }

    /// `quiet`, `capture` or `threat`.
    pub fn name(self) -> &'static str {
        match self {
            ProbeKind::Quiet => "quiet",
            ProbeKind::Capture => "capture",
            ProbeKind::Threat => "threat",
        }
    }
}

/// `per_kind` random positions of each [`ProbeKind`], drawn from `materials` (each
/// material equally likely, either side to move), in the order of [`ProbeKind::ALL`].
/// Gives up after `per_kind * 1000` draws, so a kind that is rare in `materials` may come
/// back short (or empty, as with no materials at all).
pub fn positions_by_kind<V: Variant>(
    sampler: &mut Sampler,
    materials: &[Material],
    per_kind: usize,
) -> [Vec<Position<V>>; 3] {
    let mut classes: [Vec<Position<V>>; 3] = Default::default();
    if materials.is_empty() {
        return classes;
    }
    for _ in 0..per_kind.saturating_mul(1000) {
        if classes.iter().all(|c| c.len() >= per_kind) {
            break;
        }
        let material = materials[sampler.below(materials.len())];
        let turn = sampler.color();
        let Some(pos) = sampler.position::<V>(material, turn) else {
            continue;
        };
        let class = &mut classes[ProbeKind::of(&pos) as usize];
        if class.len() < per_kind {
            class.push(pos);
        }
    }
    classes
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International};

    #[test]
    fn positions_have_the_material_and_are_reproducible() {
        let material = Material::new(1, 1, 0, 2);
        let draw = |seed| {
            let mut sampler = Sampler::new(seed);
            (0..50)
                .filter_map(|_| sampler.position::<International>(material, Color::Black))
                .collect::<Vec<_>>()
        };
        let positions = draw(7);
        assert!(positions.len() > 30, "{}", positions.len());
        assert!(positions.iter().all(|p| Material::of(p) == material));
        assert_eq!(positions, draw(7));
        assert_ne!(positions, draw(8));
    }

    #[test]
    fn kinds_are_sorted() {
        let materials = [Material::new(0, 2, 0, 1), Material::new(1, 0, 1, 1)];
        let classes = positions_by_kind::<English>(&mut Sampler::new(1), &materials, 20);
        for (kind, positions) in ProbeKind::ALL.iter().zip(&classes) {
            assert_eq!(positions.len(), 20, "{}", kind.name());
            assert!(positions.iter().all(|p| ProbeKind::of(p) == *kind));
        }
        let none = positions_by_kind::<English>(&mut Sampler::new(1), &[], 20);
        assert!(none.iter().all(Vec::is_empty));
    }
}
