//! Four bit sets handled as one: a 256-bit AVX2 register where the crate is compiled for
//! AVX2 (the workspace builds for x86-64-v3), elsewhere four words.
//!
//! Frisian men capture in eight directions, and finding their captures shifts the board
//! in each; with one direction a lane, four shifts take one instruction. Besides
//! [`gather`](crate::gather), the crate's one place with `unsafe`: the intrinsics are
//! called only where the crate is compiled with AVX2.

use core::ops::{BitAnd, BitOr};

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
use std::arch::x86_64::*;

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
type Lanes = __m256i;
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
type Lanes = [u64; 4];

/// Four bit sets ("lanes"), combined lane by lane.
#[derive(Clone, Copy)]
pub(crate) struct Quad(Lanes);

impl Quad {
    /// The four sets `lanes`.
    #[inline(always)]
    pub(crate) const fn new(lanes: [u64; 4]) -> Quad {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        // SAFETY: both types are 256 bits of plain integers.
        let lanes = unsafe { core::mem::transmute::<[u64; 4], __m256i>(lanes) };
        Quad(lanes)
    }

    /// `bits` in every lane.
    #[inline(always)]
    pub(crate) fn splat(bits: u64) -> Quad {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        // SAFETY: the crate is compiled with AVX2 enabled, so the instruction exists.
        unsafe {
            Quad(_mm256_set1_epi64x(bits as i64))
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            Quad([bits; 4])
        }
    }

    /// The four sets.
    #[inline(always)]
    pub(crate) fn lanes(self) -> [u64; 4] {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        // SAFETY: both types are 256 bits of plain integers.
        unsafe {
            core::mem::transmute::<__m256i, [u64; 4]>(self.0)
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            self.0
        }
    }

    /// Each lane shifted towards its low bits by the count in the same lane of `counts`
    /// (each below 64).
    #[inline(always)]
    pub(crate) fn shr(self, counts: Quad) -> Quad {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        // SAFETY: the crate is compiled with AVX2 enabled, so the instruction exists.
        unsafe {
            Quad(_mm256_srlv_epi64(self.0, counts.0))
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            Quad(core::array::from_fn(|i| self.0[i] >> counts.0[i]))
        }
    }

    /// Each lane shifted towards its high bits by the count in the same lane of `counts`
    /// (each below 64).
    #[inline(always)]
    pub(crate) fn shl(self, counts: Quad) -> Quad {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        // SAFETY: the crate is compiled with AVX2 enabled, so the instruction exists.
        unsafe {
            Quad(_mm256_sllv_epi64(self.0, counts.0))
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            Quad(core::array::from_fn(|i| self.0[i] << counts.0[i]))
        }
    }

    /// The union of the four sets.
    #[inline(always)]
    pub(crate) fn union(self) -> u64 {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        // SAFETY: the crate is compiled with AVX2 enabled, so the instructions exist.
        unsafe {
            let half = _mm_or_si128(
                _mm256_castsi256_si128(self.0),
                _mm256_extracti128_si256::<1>(self.0),
            );
            _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            self.0[0] | self.0[1] | self.0[2] | self.0[3]
        }
    }
}

impl BitAnd for Quad {
    type Output = Quad;

    #[inline(always)]
    fn bitand(self, other: Quad) -> Quad {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        // SAFETY: the crate is compiled with AVX2 enabled, so the instruction exists.
        unsafe {
            Quad(_mm256_and_si256(self.0, other.0))
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            Quad(core::array::from_fn(|i| self.0[i] & other.0[i]))
        }
    }
}

impl BitOr for Quad {
    type Output = Quad;

    #[inline(always)]
    fn bitor(self, other: Quad) -> Quad {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        // SAFETY: the crate is compiled with AVX2 enabled, so the instruction exists.
        unsafe {
            Quad(_mm256_or_si256(self.0, other.0))
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            Quad(core::array::from_fn(|i| self.0[i] | other.0[i]))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn lanes_combine_as_words(a: [u64; 4], b: [u64; 4], counts: [u8; 4]) {
            let counts = counts.map(|c| u64::from(c % 64));
            let (qa, qb, qc) = (Quad::new(a), Quad::new(b), Quad::new(counts));
            let each = |f: fn(u64, u64) -> u64, x: [u64; 4]| -> [u64; 4] {
                core::array::from_fn(|i| f(a[i], x[i]))
            };
            prop_assert_eq!((qa & qb).lanes(), each(|x, y| x & y, b));
            prop_assert_eq!((qa | qb).lanes(), each(|x, y| x | y, b));
            prop_assert_eq!(qa.shr(qc).lanes(), each(|x, c| x >> c, counts));
            prop_assert_eq!(qa.shl(qc).lanes(), each(|x, c| x << c, counts));
            prop_assert_eq!(qa.union(), a[0] | a[1] | a[2] | a[3]);
            prop_assert_eq!(Quad::splat(a[0]).lanes(), [a[0]; 4]);
        }
    }
}
