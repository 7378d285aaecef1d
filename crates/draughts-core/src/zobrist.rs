//! Zobrist keys: one random word per (colour, kind, bit) and one for Black to move.

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn table() -> [u64; 256] {
    let mut keys = [0u64; 256];
    let mut state = 0x5EED_D4A6_0000_0001u64;
    let mut t = 0;
    while t < 4 {
        let mut b = 0;
        while b < 64 {
            let (s, k) = splitmix(state);
            state = s;
            keys[64 * t + b] = k;
            b += 1;
        }
        t += 1;
    }
    keys
}

/// Keys at `64 * (2 * colour + kind) + bit` (kind 0 = man, 1 = king).
static PIECE: [u64; 256] = table();

/// The key of table `t` (`2 * colour + kind`) for `bit`.
#[inline(always)]
pub(crate) fn key(t: usize, bit: usize) -> u64 {
    PIECE[(64 * t + bit) & 255]
}

/// Key XORed in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = splitmix(0xB1AC_C0DE_0000_0003).1;

/// The XOR of the keys of every bit in `bits` for table `t`.
#[inline]
pub(crate) fn of_bits(t: usize, mut bits: u64) -> u64 {
    let mut h = 0;
    while bits != 0 {
        h ^= key(t, bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
    h
}

/// The key of `color`'s run of `moves` non-capturing moves with the king on `bit`
/// (variants that limit such runs only).
#[inline]
pub(crate) fn king_run(color: usize, moves: u8, bit: u8) -> u64 {
    let seed = 0x4B49_4E47_0000_0000u64 ^ ((color as u64) << 16) ^ (u64::from(moves) << 8);
    splitmix(seed ^ u64::from(bit)).1
}
