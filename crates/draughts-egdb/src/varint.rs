//! LEB128 varints, as the slice files use them: 7 bits a byte, low bits first, the high
//! bit set on every byte but the last; at most 9 bytes (63 bits) are read.

/// Appends `value`.
pub(crate) fn push(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// The varint at `*at`, moving `at` past it; `None` if it runs past the end of `b` or
/// over 9 bytes.
pub(crate) fn read(b: &[u8], at: &mut usize) -> Option<u64> {
    let mut value = 0u64;
    for shift in (0..=56).step_by(7) {
        let byte = *b.get(*at)?;
        *at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Some(value);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_refuses_overlong() {
        let values = [0, 1, 127, 128, 300, 1 << 35, (1 << 63) - 1];
        let mut out = Vec::new();
        for &v in &values {
            push(&mut out, v);
        }
        let mut at = 0;
        for &v in &values {
            assert_eq!(read(&out, &mut at), Some(v));
        }
        assert_eq!(at, out.len());
        assert_eq!(read(&[0x80; 10], &mut 0), None);
        assert_eq!(read(&[0x80, 0x80], &mut 0), None);
    }
}
