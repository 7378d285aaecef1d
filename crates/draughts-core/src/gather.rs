//! Bit gathering and scattering (BMI2's `pext` and `pdep`), for
//! [`Bitboard::packed_in`](crate::Bitboard::packed_in) and its inverse: a set's squares
//! numbered among another set's, the endgame database's index.
//!
//! One of the crate's two places with `unsafe` (with [`quad`](crate::quad)): the
//! instructions are called only where the crate is compiled for BMI2 (the workspace
//! builds for x86-64-v3); elsewhere the same functions are loops. As loops, a packing costs one round a square of the mask; the
//! database computes four for every index.

/// The bits of `x` under `mask`, packed to the low end: bit `i` of the result is `x`'s
/// bit at the `i`-th set bit of `mask`.
#[inline(always)]
pub(crate) fn pext(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: the crate is compiled with BMI2 enabled, so the instruction exists.
    unsafe {
        std::arch::x86_64::_pext_u64(x, mask)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        portable::pext(x, mask)
    }
}

/// The low bits of `x` spread over the set bits of `mask`, in order: the inverse of
/// [`pext`] on `mask`.
#[inline(always)]
pub(crate) fn pdep(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: the crate is compiled with BMI2 enabled, so the instruction exists.
    unsafe {
        std::arch::x86_64::_pdep_u64(x, mask)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        portable::pdep(x, mask)
    }
}

/// The loops the instructions replace (also the tests' reference).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
mod portable {
    /// The set bits of `mask` with their ranks: `(i, bit)` for the `i`-th lowest.
    fn ranked(mask: u64) -> impl Iterator<Item = (u32, u32)> {
        (0..64)
            .filter(move |b| mask >> b & 1 != 0)
            .zip(0..)
            .map(|(b, i)| (i, b))
    }

    pub(crate) fn pext(x: u64, mask: u64) -> u64 {
        ranked(mask).fold(0, |out, (i, b)| out | (x >> b & 1) << i)
    }

    pub(crate) fn pdep(x: u64, mask: u64) -> u64 {
        ranked(mask).fold(0, |out, (i, b)| out | (x >> i & 1) << b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn instructions_match_the_loops(x: u64, mask: u64) {
            prop_assert_eq!(pext(x, mask), portable::pext(x, mask));
            prop_assert_eq!(pdep(x, mask), portable::pdep(x, mask));
            let low = ((1u128 << mask.count_ones()) - 1) as u64;
            prop_assert_eq!(pext(pdep(x, mask), mask), x & low);
        }
    }
}
