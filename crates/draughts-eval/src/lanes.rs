//! The network's hidden-layer arithmetic on the first `L` lanes of a row: sums held in
//! AVX2 registers while the rows of the changed inputs are added, and the output as a
//! multiply-add of 16-bit lanes into 32-bit ones, where the crate is compiled for AVX2
//! (the workspace builds for x86-64-v3); elsewhere the same integers lane by lane.
//!
//! The crate's one place with `unsafe`: the intrinsics are called only where the crate
//! is compiled with AVX2, and every load and store stays inside the first `L <= HIDDEN`
//! lanes of a row. Safe code left the sums on the stack and widened every lane before
//! multiplying; this takes 4% (English) and 9% (International) of a node's instructions
//! off (BENCHMARKS.md, "The network's sums in registers").

use crate::network::HIDDEN;

/// Lanes per AVX2 register.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
const WIDTH: usize = 16;

/// The first `L` lanes of a row of sums, `L` a multiple of 16 up to [`HIDDEN`].
#[derive(Clone, Copy)]
pub(crate) struct Sums<const L: usize> {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    regs: [std::arch::x86_64::__m256i; HIDDEN / WIDTH],
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    lanes: [i16; HIDDEN],
}

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[allow(unsafe_code)]
impl<const L: usize> Sums<L> {
    /// The first `L` lanes of `row`.
    #[inline(always)]
    pub(crate) fn load(row: &[i16; HIDDEN]) -> Sums<L> {
        use std::arch::x86_64::*;
        const { assert!(L % WIDTH == 0 && L <= HIDDEN) };
        // SAFETY: AVX2 is enabled; lane `i * WIDTH + 15 < L <= HIDDEN` is inside `row`,
        // and the load is unaligned.
        let regs = std::array::from_fn(|i| unsafe {
            if i < L / WIDTH {
                _mm256_loadu_si256(row.as_ptr().add(i * WIDTH).cast())
            } else {
                _mm256_setzero_si256()
            }
        });
        Sums { regs }
    }

    /// Writes the lanes into the first `L` of `row`.
    #[inline(always)]
    pub(crate) fn store(&self, row: &mut [i16; HIDDEN]) {
        use std::arch::x86_64::*;
        for (i, reg) in self.regs[..L / WIDTH].iter().enumerate() {
            // SAFETY: as in `load`, inside `row`.
            unsafe { _mm256_storeu_si256(row.as_mut_ptr().add(i * WIDTH).cast(), *reg) };
        }
    }

    /// Adds the first `L` lanes of `row`, wrapping.
    #[inline(always)]
    pub(crate) fn add(&mut self, row: &[i16; HIDDEN]) {
        let other = Self::load(row);
        for (reg, o) in self.regs[..L / WIDTH].iter_mut().zip(&other.regs) {
            // SAFETY: AVX2 is enabled.
            *reg = unsafe { std::arch::x86_64::_mm256_add_epi16(*reg, *o) };
        }
    }

    /// Subtracts the first `L` lanes of `row`, wrapping.
    #[inline(always)]
    pub(crate) fn sub(&mut self, row: &[i16; HIDDEN]) {
        let other = Self::load(row);
        for (reg, o) in self.regs[..L / WIDTH].iter_mut().zip(&other.regs) {
            // SAFETY: AVX2 is enabled.
            *reg = unsafe { std::arch::x86_64::_mm256_sub_epi16(*reg, *o) };
        }
    }

    /// The sum over the lanes of each lane clamped to `0..=one` times its weight in
    /// `weights`.
    #[inline(always)]
    pub(crate) fn dot_clamped(&self, one: i16, weights: &[i16; HIDDEN]) -> i32 {
        use std::arch::x86_64::*;
        let w = Self::load(weights);
        // SAFETY: AVX2 is enabled. A clamped lane times a weight is at most 64 * 2^15
        // in size, a pair of them fits the 32-bit lanes, and so does the whole sum.
        unsafe {
            let (zero, top) = (_mm256_setzero_si256(), _mm256_set1_epi16(one));
            let mut acc = _mm256_setzero_si256();
            for (reg, w) in self.regs[..L / WIDTH].iter().zip(&w.regs) {
                let clamped = _mm256_min_epi16(_mm256_max_epi16(*reg, zero), top);
                acc = _mm256_add_epi32(acc, _mm256_madd_epi16(clamped, *w));
            }
            let half = _mm_add_epi32(
                _mm256_castsi256_si128(acc),
                _mm256_extracti128_si256(acc, 1),
            );
            let quarter = _mm_add_epi32(half, _mm_unpackhi_epi64(half, half));
            let last = _mm_add_epi32(quarter, _mm_shuffle_epi32(quarter, 0b01));
            _mm_cvtsi128_si32(last)
        }
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
impl<const L: usize> Sums<L> {
    /// The first `L` lanes of `row`.
    #[inline(always)]
    pub(crate) fn load(row: &[i16; HIDDEN]) -> Sums<L> {
        let mut lanes = [0; HIDDEN];
        lanes[..L].copy_from_slice(&row[..L]);
        Sums { lanes }
    }

    /// Writes the lanes into the first `L` of `row`.
    #[inline(always)]
    pub(crate) fn store(&self, row: &mut [i16; HIDDEN]) {
        row[..L].copy_from_slice(&self.lanes[..L]);
    }

    /// Adds the first `L` lanes of `row`, wrapping.
    #[inline(always)]
    pub(crate) fn add(&mut self, row: &[i16; HIDDEN]) {
        for (s, w) in self.lanes[..L].iter_mut().zip(row) {
            *s = s.wrapping_add(*w);
        }
    }

    /// Subtracts the first `L` lanes of `row`, wrapping.
    #[inline(always)]
    pub(crate) fn sub(&mut self, row: &[i16; HIDDEN]) {
        for (s, w) in self.lanes[..L].iter_mut().zip(row) {
            *s = s.wrapping_sub(*w);
        }
    }

    /// The sum over the lanes of each lane clamped to `0..=one` times its weight in
    /// `weights`.
    #[inline(always)]
    pub(crate) fn dot_clamped(&self, one: i16, weights: &[i16; HIDDEN]) -> i32 {
        self.lanes[..L]
            .iter()
            .zip(weights)
            .map(|(&s, &w)| i32::from(s.clamp(0, one)) * i32::from(w))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lanes' arithmetic matches plain integer arithmetic on random rows, at every
    /// width the network uses.
    #[test]
    fn lanes_match_plain_arithmetic() {
        let mut seed = 11u64;
        let mut row = || -> [i16; HIDDEN] {
            std::array::from_fn(|_| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (seed >> 48) as i16
            })
        };
        for _ in 0..50 {
            let (a, b, c, w) = (row(), row(), row(), row());
            check::<32>(&a, &b, &c, &w);
            check::<64>(&a, &b, &c, &w);
            check::<HIDDEN>(&a, &b, &c, &w);
        }
    }

    fn check<const L: usize>(
        a: &[i16; HIDDEN],
        b: &[i16; HIDDEN],
        c: &[i16; HIDDEN],
        w: &[i16; HIDDEN],
    ) {
        let mut sums = Sums::<L>::load(a);
        sums.add(b);
        sums.sub(c);
        let mut out = [7i16; HIDDEN];
        sums.store(&mut out);
        let expected: Vec<i16> = (0..L)
            .map(|i| a[i].wrapping_add(b[i]).wrapping_sub(c[i]))
            .collect();
        assert_eq!(&out[..L], &expected[..]);
        assert!(out[L..].iter().all(|&x| x == 7), "lanes past L untouched");
        let dot: i64 = expected
            .iter()
            .zip(w)
            .map(|(&s, &w)| i64::from(s.clamp(0, 64)) * i64::from(w))
            .sum();
        assert_eq!(i64::from(sums.dot_clamped(64, w)), dot);
    }
}
