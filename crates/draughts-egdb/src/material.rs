//! Material signatures: which pieces a slice holds, and the order slices are built in.

use draughts_core::{Color, Goal, Kind, Position, Variant};
use std::fmt;

/// A material signature: the number of men and kings of each side.
///
/// A slice file holds the positions of one material **with White to move**. A position
/// with Black to move is looked up as its colour-reversed mirror image
/// ([`Position::flipped`]), which has White to move and the material with the sides
/// swapped ([`Material::swapped`]). So the two files of `S` and `S.swapped()` together
/// cover both sides to move of both materials.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Material {
    /// White's men.
    pub white_men: u8,
    /// White's kings.
    pub white_kings: u8,
    /// Black's men.
    pub black_men: u8,
    /// Black's kings.
    pub black_kings: u8,
}

impl Material {
    /// A material from its four counts.
    pub const fn new(white_men: u8, white_kings: u8, black_men: u8, black_kings: u8) -> Self {
        Material {
            white_men,
            white_kings,
            black_men,
            black_kings,
        }
    }

    /// The material of a position, by colour (whoever is to move).
    pub fn of<V: Variant>(pos: &Position<V>) -> Material {
        let c = |color, kind| pos.count(color, kind) as u8;
        Material::new(
            c(Color::White, Kind::Man),
            c(Color::White, Kind::King),
            c(Color::Black, Kind::Man),
            c(Color::Black, Kind::King),
        )
    }

    /// The same material with the colours exchanged.
    #[must_use]
    pub const fn swapped(self) -> Material {
        Material::new(
            self.black_men,
            self.black_kings,
            self.white_men,
            self.white_kings,
        )
    }

    /// Pieces on the board.
    pub const fn pieces(self) -> u32 {
        self.white() + self.black()
    }

    /// Men on the board (both sides).
    pub const fn men(self) -> u32 {
        self.white_men as u32 + self.black_men as u32
    }

    /// White's pieces.
    pub const fn white(self) -> u32 {
        self.white_men as u32 + self.white_kings as u32
    }

    /// Black's pieces.
    pub const fn black(self) -> u32 {
        self.black_men as u32 + self.black_kings as u32
    }

    /// The name used in file names and reports: `w2m1k-b0m1k` for two white men and a
    /// white king against a black king.
    pub fn name(self) -> String {
        self.to_string()
    }

    /// Parses [`Material::name`]'s output.
    pub fn from_name(name: &str) -> Option<Material> {
        let (w, b) = name.split_once('-')?;
        let side = |s: &str, letter: char| -> Option<(u8, u8)> {
            let s = s.strip_prefix(letter)?;
            let (men, rest) = s.split_once('m')?;
            let kings = rest.strip_suffix('k')?;
            Some((men.parse().ok()?, kings.parse().ok()?))
        };
        let (wm, wk) = side(w, 'w')?;
        let (bm, bk) = side(b, 'b')?;
        Some(Material::new(wm, wk, bm, bk))
    }

    /// Whether databases of variant `V` hold this material: always, except where the
    /// first king wins ([`Goal::Crown`], Breakthrough). There a king on the board means
    /// the game is over (its opponent has no move), so the value of such a position
    /// needs no file: only materials without kings are stored, and the probe decides
    /// the others from the material and the side to move.
    ///
    /// ```
    /// use draughts_core::{Breakthrough, Frisian};
    /// use draughts_egdb::Material;
    ///
    /// assert!(Material::new(1, 1, 0, 1).is_covered::<Frisian>());
    /// assert!(!Material::new(1, 0, 0, 2).is_covered::<Breakthrough>());
    /// assert!(Material::new(2, 0, 1, 0).is_covered::<Breakthrough>());
    /// ```
    pub fn is_covered<V: Variant>(self) -> bool {
        let kings = self.white_kings + self.black_kings;
        kings == 0 || !matches!(V::GOAL, Goal::Crown)
    }

    /// Every material with exactly `pieces` pieces and at least one piece a side, in
    /// the order they must be built: by the number of men, so that a promotion (one man
    /// fewer, same pieces) always leads into a slice built earlier. Captures lead to
    /// fewer pieces, built earlier still.
    pub fn all_with(pieces: u32) -> Vec<Material> {
        let n = pieces as u8;
        let mut out = Vec::new();
        for white in 1..n {
            let black = n - white;
            for white_men in 0..=white {
                for black_men in 0..=black {
                    out.push(Material::new(
                        white_men,
                        white - white_men,
                        black_men,
                        black - black_men,
                    ));
                }
            }
        }
        out.sort_by_key(|m| (m.men(), *m));
        out
    }

    /// Every material with 2 to `pieces` pieces, in build order.
    pub fn all_up_to(pieces: u32) -> Vec<Material> {
        (2..=pieces).flat_map(Material::all_with).collect()
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "w{}m{}k-b{}m{}k",
            self.white_men, self.white_kings, self.black_men, self.black_kings
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for m in Material::all_up_to(5) {
            assert_eq!(Material::from_name(&m.name()), Some(m));
        }
        assert_eq!(Material::from_name("w1m0k-b0m"), None);
    }

    #[test]
    fn promotions_lead_to_earlier_slices() {
        let all = Material::all_up_to(5);
        let pos = |m: Material| all.iter().position(|x| *x == m).unwrap();
        for &m in &all {
            if m.white_men > 0 {
                let promoted = Material::new(
                    m.white_men - 1,
                    m.white_kings + 1,
                    m.black_men,
                    m.black_kings,
                );
                assert!(pos(promoted) < pos(m));
                assert!(pos(promoted.swapped()) < pos(m));
            }
        }
        assert_eq!(Material::all_with(2).len(), 4);
    }
}
