//! A small seedable random number generator for reproducible runs.

/// SplitMix64: a small, fast, seedable generator, so a seed gives the same openings on
/// every machine.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next number of the sequence.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`); the bias is negligible for move counts.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        // Move lists are short, so the conversions are lossless.
        (self.next_u64() % n as u64) as usize
    }
}
