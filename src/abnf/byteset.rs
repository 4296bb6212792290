//! The delimiters among the first bytes of a reference, and counts of bytes, a word at a time: what
//! the split of a reference ([`crate::parsing::split`]) and its errors read. The vector code here
//! (SSE2, which every x86-64 CPU has) is `unsafe` for its intrinsics and their unaligned loads, each
//! within the input.

/// Where each of `bytes` is among the first 32 bytes of `input`: entry `j` has bit `k` set when
/// `input[k] == bytes[j]` (for `k` below 32 and the input's length). The split of a reference
/// ([`crate::parsing::split`]) reads its delimiters from these masks instead of branching on each
/// byte. None of `bytes` may be 0 (the input is read as if zero bytes followed it). With SSE2, which
/// every x86-64 CPU has: blocks of 16 bytes compared with each byte.
#[inline]
pub(crate) fn positions<const N: usize>(input: &[u8], bytes: [u8; N]) -> [u32; N] {
    #[cfg(target_arch = "x86_64")]
    {
        x86::positions(input, bytes)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        positions_bytewise(input, bytes)
    }
}

/// [`positions`] one byte at a time: the portable code, and what the tests compare the vector code
/// with.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
fn positions_bytewise<const N: usize>(input: &[u8], bytes: [u8; N]) -> [u32; N] {
    let mut masks = [0; N];
    for (k, &c) in input.iter().take(32).enumerate() {
        for (mask, &b) in masks.iter_mut().zip(&bytes) {
            *mask |= u32::from(c == b) << k;
        }
    }
    masks
}

/// The bytes of `input`, shorter than 8 bytes, as a little-endian word with zero bytes after them:
/// loads of 4 bytes inside the input that overlap (the second moved up into place), or of single
/// bytes, so that nothing goes through a copy in memory.
#[inline(always)]
pub(crate) fn word_below_8(input: &[u8]) -> u64 {
    let len = input.len();
    debug_assert!(len < 8);
    let half = |at: usize| {
        let mut w = [0; 4];
        w.copy_from_slice(&input[at..at + 4]);
        u64::from(u32::from_le_bytes(w))
    };
    if len >= 4 {
        // The last 4 bytes moved up to `len - 4`, over the first 4, which they overlap with the same
        // bytes.
        half(0) | half(len - 4) << (8 * (len - 4))
    } else if len > 0 {
        let byte = |k: usize| u64::from(input[k]) << (8 * k);
        byte(0) | byte(len / 2) | byte(len - 1)
    } else {
        0
    }
}

/// The number of UTF-8 continuation bytes (`10xxxxxx`, RFC 3629 §3) in `input`, eight bytes at a
/// time: the characters of a `str` are its bytes less these.
#[inline]
pub(crate) fn continuation_bytes(input: &[u8]) -> usize {
    // Bit 7 of each byte that is `10xxxxxx`, then the sum of those bits, by a multiplication that
    // adds every byte of the word into its top byte (at most 8, no carry).
    let count = |w: u64| {
        (((w & !(w << 1) & 0x8080_8080_8080_8080) >> 7).wrapping_mul(0x0101_0101_0101_0101) >> 56)
            as usize
    };
    let mut chunks = input.chunks_exact(8);
    let mut n = 0;
    for chunk in &mut chunks {
        let mut w = [0; 8];
        w.copy_from_slice(chunk);
        n += count(u64::from_le_bytes(w));
    }
    n + count(word_below_8(chunks.remainder()))
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    /// [`super::positions`] with SSE2.
    #[inline]
    pub(crate) fn positions<const N: usize>(input: &[u8], bytes: [u8; N]) -> [u32; N] {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
            _mm_set_epi64x, _mm_setzero_si128,
        };
        let len = input.len();
        // SAFETY: SSE2 is part of x86-64. Each load reads 16 bytes at an offset of at most
        // `len - 16`, inside the input.
        let load = |at: usize| unsafe { _mm_loadu_si128(input.as_ptr().add(at).cast()) };
        // Two blocks, and how far up the second one's bits go: from 16 bytes on, the second block
        // is the 16 bytes from 16, or the input's last 16 bytes if it is shorter than 32 (they
        // overlap the first block with the same bytes); below 16 bytes, the first block is built
        // from loads inside the input with zero bytes after it ([`below_16`]), and the second is zero.
        let (first, second, shift): (__m128i, __m128i, usize) = if len >= 16 {
            let at = (len - 16).min(16);
            (load(0), load(at), at)
        } else {
            let (low, high) = below_16(input);
            // SAFETY: SSE2 is part of x86-64.
            unsafe {
                let block = _mm_set_epi64x(high as i64, low as i64);
                (block, _mm_setzero_si128(), 0)
            }
        };
        bytes.map(|b| {
            // SAFETY: SSE2 is part of x86-64.
            unsafe {
                let byte = _mm_set1_epi8(b as i8);
                let at = |block| _mm_movemask_epi8(_mm_cmpeq_epi8(block, byte)) as u32;
                at(first) | at(second) << shift
            }
        })
    }

    /// The bytes of `input`, shorter than 16 bytes, followed by zero bytes, as two words (little
    /// endian): loads of 8, 4 or 1 bytes inside the input that overlap, the bytes of the second moved
    /// into place (no copy through memory, which a load of the block would wait for).
    #[inline(always)]
    fn below_16(input: &[u8]) -> (u64, u64) {
        let len = input.len();
        let word = |at: usize| {
            let mut w = [0; 8];
            w.copy_from_slice(&input[at..at + 8]);
            u64::from_le_bytes(w)
        };
        if len >= 8 {
            // The bytes from 8 on: the last 8 moved down by `16 - len` (two shifts, so that nothing
            // is left for `len` 8).
            (word(0), word(len - 8) >> (8 * (15 - len)) >> 8)
        } else {
            (super::word_below_8(input), 0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`positions`] (and its portable code, on every target) marks exactly the bytes of its list
    /// among the first 32 of inputs of 0 to 99 bytes.
    #[test]
    fn positions_of_bytes() {
        let mut x: u64 = 777;
        let bytes = [b':', b'/', b'?', b'#', b'@', b']'];
        for len in 0..100 {
            for _ in 0..20 {
                let input: Vec<u8> = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        // Mostly the listed bytes, some others (zero included).
                        let r = (x >> 8) as usize;
                        if r.is_multiple_of(3) {
                            (r >> 2) as u8
                        } else {
                            bytes[r % bytes.len()]
                        }
                    })
                    .collect();
                let expected = bytes.map(|b| {
                    input
                        .iter()
                        .take(32)
                        .enumerate()
                        .fold(0u32, |mask, (k, &c)| mask | u32::from(c == b) << k)
                });
                assert_eq!(positions(&input, bytes), expected, "{input:?}");
                assert_eq!(positions_bytewise(&input, bytes), expected, "{input:?}");
            }
        }
    }
}
