//! Sets of bytes, and the search of an input for the first byte outside one: the inner loop of the
//! walks ([`crate::walk`]), which go over the runs of bytes that keep a DFA state (the characters of a
//! word, a path segment) without taking a transition. The crate's only `unsafe` code: the AVX2
//! intrinsics and their unaligned loads, each within the input or a table.
//!
//! The search is portable code by default. On x86-64 with AVX2 (detected at run time) it classifies 32
//! bytes at once (16 in an input of 16 to 31 bytes): a run of up to 32 bytes then ends with one branch
//! whose outcome hardly varies from input to input, where the byte-by-byte loop ends it with a branch
//! taken after a different number of bytes each time, which the processor cannot predict.
//!
//! The walk searches only inputs of at least 32 bytes, and those of at least 16 that begin with one
//! of the beginnings of the DFA's tuning; it takes a shorter one a transition at a time.

/// A set of bytes, as two tables of 16 bytes indexed by a byte's low four bits: byte `0xHL` is in the
/// set when bit `H` of `low[L]` is set (for `H` < 8) or bit `H - 8` of `high[L]` (for `H` ≥ 8).
///
/// This is the layout that a byte shuffle (`pshufb`) looks up 16 or 32 bytes at a time in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ByteSet {
    low: [u8; 16],
    high: [u8; 16],
}

impl ByteSet {
    /// The set of the bytes `b` for which `set[b]` is true.
    pub(crate) fn new(set: &[bool; 256]) -> ByteSet {
        let mut tables = ByteSet {
            low: [0; 16],
            high: [0; 16],
        };
        for (b, _) in set.iter().enumerate().filter(|(_, &member)| member) {
            let (h, l) = (b >> 4, b & 0xF);
            if h < 8 {
                tables.low[l] |= 1 << h;
            } else {
                tables.high[l] |= 1 << (h - 8);
            }
        }
        tables
    }

    /// Whether `b` is in the set.
    #[cfg(test)]
    pub(crate) fn contains(&self, b: u8) -> bool {
        let (h, l) = (b >> 4, usize::from(b & 0xF));
        if h < 8 {
            self.low[l] & (1 << h) != 0
        } else {
            self.high[l] & (1 << (h - 8)) != 0
        }
    }
}

/// The bytes that keep a DFA state, and the escape that continues its runs, if the vector search
/// can see it: a byte outside the set (such as `%`) followed by two bytes of `digits` (such as
/// `HEXDIG`), where the byte is not itself a digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    pub(crate) keeps: ByteSet,
    pub(crate) escape: Option<(u8, ByteSet)>,
    /// `escape` for the vector search, which looks for one in every run: with no escape, the byte
    /// 0xFF (which no UTF-8 text has) and no digits, which make no escape whatever the input, so
    /// that the search does not branch on whether the state has one.
    searched: (u8, ByteSet),
}

impl Run {
    pub(crate) fn new(keeps: ByteSet, escape: Option<(u8, ByteSet)>) -> Run {
        let none = ByteSet {
            low: [0; 16],
            high: [0; 16],
        };
        Run {
            keeps,
            escape,
            searched: escape.unwrap_or((0xFF, none)),
        }
    }
}

/// A way to find the end of a run: the first byte of an input outside a set, passing over escapes.
pub(crate) trait Search: Copy {
    /// An offset `j` at or after `i` such that the bytes from `i` to `j` are in `run.keeps` or make up
    /// escapes of `run.escape`, and the byte at `j` is not in `run.keeps` (it may start an escape,
    /// which the caller checks), or the input's length. `keeps` is `run.keeps` as a function (the
    /// portable search reads this one, and sees no escapes).
    fn first_outside(self, run: &Run, keeps: impl Fn(u8) -> bool, input: &[u8], i: usize) -> usize;
}

/// The portable search: one byte at a time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bytewise;

impl Search for Bytewise {
    #[inline(always)]
    fn first_outside(self, _: &Run, keeps: impl Fn(u8) -> bool, input: &[u8], i: usize) -> usize {
        bytewise(keeps, input, i)
    }
}

#[inline(always)]
fn bytewise(keeps: impl Fn(u8) -> bool, input: &[u8], i: usize) -> usize {
    let rest = input.get(i..).unwrap_or_default();
    match rest.iter().position(|&b| !keeps(b)) {
        Some(n) => i + n,
        None => input.len(),
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) use x86::Avx2;

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::{
        __m128i, _mm256_castsi256_si128, _mm_and_si128, _mm_blendv_epi8, _mm_cmpeq_epi8,
        _mm_movemask_epi8, _mm_set1_epi8, _mm_setr_epi8, _mm_setzero_si128, _mm_shuffle_epi8,
        _mm_srli_epi16,
    };
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_blendv_epi8, _mm256_broadcastsi128_si256,
        _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8,
        _mm256_setr_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_epi16,
        _mm_loadu_si128,
    };

    use crate::search::{bytewise, ByteSet, Run, Search};

    /// The search `WIDTH` bytes at a time with AVX2 (an input shorter than `WIDTH` bytes byte by
    /// byte): 32 by default, 16 for inputs of 16 to 31 bytes ([`Avx2::short`]), each a search of its
    /// own rather than a branch in one, so that each inlines whole into its walk. A value of this
    /// type is only made where the CPU has AVX2 ([`Avx2::detect`]); its search is meant to be
    /// inlined into code compiled with AVX2 enabled (`#[target_feature(enable = "avx2")]`).
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx2<const WIDTH: usize = 32>(());

    impl Avx2 {
        /// The search, if this CPU has AVX2.
        pub(crate) fn detect() -> Option<Avx2> {
            std::arch::is_x86_feature_detected!("avx2").then_some(Avx2(()))
        }

        /// The search 16 bytes at a time, for inputs of 16 to 31 bytes.
        pub(crate) fn short(self) -> Avx2<16> {
            Avx2(())
        }
    }

    impl<const WIDTH: usize> Search for Avx2<WIDTH> {
        #[inline(always)]
        fn first_outside(
            self,
            run: &Run,
            keeps: impl Fn(u8) -> bool,
            input: &[u8],
            i: usize,
        ) -> usize {
            // SAFETY: a value of `Avx2` exists only where the CPU has AVX2 (`Avx2::detect`,
            // `Avx2::short`).
            unsafe { first_outside::<WIDTH>(run, keeps, input, i) }
        }
    }

    /// A [`Run`] in registers: the tables of its set and of its escape's digits, each 16 bytes in
    /// both halves, and its escape byte in every byte.
    #[derive(Clone, Copy)]
    struct Classifier {
        keeps: (__m256i, __m256i),
        escape: (__m256i, (__m256i, __m256i)),
    }

    impl Classifier {
        #[target_feature(enable = "avx2")]
        #[inline]
        fn new(run: &Run) -> Classifier {
            // SAFETY: each load reads the 16 bytes of a table.
            let table = |t: &[u8; 16]| unsafe {
                _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast()))
            };
            let tables = |set: &ByteSet| (table(&set.low), table(&set.high));
            Classifier {
                keeps: tables(&run.keeps),
                escape: (
                    _mm256_set1_epi8(run.searched.0 as i8),
                    tables(&run.searched.1),
                ),
            }
        }

        /// A mask with bit `k` set for each byte `k` from `from` on (at most 32) of `block` that is
        /// outside the set, unless it is part of an escape that begins at or after `from` and ends
        /// within the block; the bits below `from` are clear.
        #[target_feature(enable = "avx2")]
        #[inline]
        fn outside(&self, block: __m256i, from: usize) -> u32 {
            // `from` may be 32 (nothing left in the block).
            let from = (u64::from(u32::MAX) << from) as u32;
            let (byte, digits) = self.escape;
            without_escapes(
                outside(block, self.keeps) & from,
                _mm256_movemask_epi8(_mm256_cmpeq_epi8(block, byte)) as u32 & from,
                || !outside(block, digits),
            )
        }

        /// [`Classifier::outside`] for a block of 16 bytes (the low halves of the registers), with
        /// the bits from 16 up clear: the bytes after the block are neither outside nor digits.
        #[target_feature(enable = "avx2")]
        #[inline]
        fn outside_16(&self, block: __m128i, from: usize) -> u32 {
            let low =
                |(l, h): (__m256i, __m256i)| (_mm256_castsi256_si128(l), _mm256_castsi256_si128(h));
            // `from` may be 16 (nothing left in the block).
            let from = (u32::MAX << from) & 0xFFFF;
            let (byte, digits) = self.escape;
            let byte = _mm256_castsi256_si128(byte);
            without_escapes(
                outside_16(block, low(self.keeps)) & from,
                _mm_movemask_epi8(_mm_cmpeq_epi8(block, byte)) as u32 & from,
                || !outside_16(block, low(digits)) & 0xFFFF,
            )
        }
    }

    /// The mask `outside` of a block's bytes outside a set, without the bytes of the escapes that it
    /// has: `start` marks the escape bytes (both masks from `from` on), `digit` gives the mask of
    /// the escape's digits (bits past the block clear), asked for only when the first byte outside
    /// may begin an escape.
    #[inline(always)]
    fn without_escapes(outside: u32, start: u32, digit: impl FnOnce() -> u32) -> u32 {
        if start & outside & outside.wrapping_neg() == 0 {
            return outside;
        }
        let digit = digit();
        let escape = start & (digit >> 1) & (digit >> 2);
        outside & !(escape | escape << 1 | escape << 2)
    }

    /// The first byte at or after `i` of an input of `len` bytes (at least `width`) that `outside`
    /// marks: `outside(block, skip)` gives the mask of the `width` bytes from `block` on, without
    /// the first `skip`. Blocks from `i` on, the last one moved back to end with the input (its first
    /// `i - last` bytes are behind and masked off), so that the end of the input is no branch of
    /// its own; `len` when no byte is marked.
    #[inline(always)]
    fn first_marked(
        len: usize,
        width: usize,
        mut i: usize,
        outside: impl Fn(usize, usize) -> u32,
    ) -> usize {
        let last = len - width;
        loop {
            let block = i.min(last);
            let marked = outside(block, i - block);
            if marked != 0 {
                return block + marked.trailing_zeros() as usize;
            }
            if block == last {
                return len;
            }
            i += width;
        }
    }

    /// [`Search::first_outside`] with AVX2, `WIDTH` bytes at a time (32 or 16, see [`Avx2`]); an
    /// input shorter than `WIDTH` byte by byte.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn first_outside<const WIDTH: usize>(
        run: &Run,
        keeps: impl Fn(u8) -> bool,
        input: &[u8],
        i: usize,
    ) -> usize {
        let len = input.len();
        if len < WIDTH {
            return bytewise(keeps, input, i);
        }
        let classifier = Classifier::new(run);
        let at = input.as_ptr();
        // An escape cut by the end of a block is not passed over: its first byte would have ended
        // the search. So the next block starts after whole escapes.
        first_marked(len, WIDTH, i, |block, skip| {
            // SAFETY: `first_marked` asks for blocks at offsets of at most `len - WIDTH`: each load
            // reads `WIDTH` bytes inside the input.
            unsafe {
                if WIDTH == 32 {
                    classifier.outside(_mm256_loadu_si256(at.add(block).cast()), skip)
                } else {
                    classifier.outside_16(_mm_loadu_si128(at.add(block).cast()), skip)
                }
            }
        })
    }

    /// [`outside`] for a block of 16 bytes, with tables of 16 bytes.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn outside_16(block: __m128i, (low, high): (__m128i, __m128i)) -> u32 {
        let nibble = _mm_set1_epi8(0x0F);
        let bits = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
        let l = _mm_and_si128(block, nibble);
        let h = _mm_and_si128(_mm_srli_epi16::<4>(block), nibble);
        let row = _mm_blendv_epi8(_mm_shuffle_epi8(low, l), _mm_shuffle_epi8(high, l), block);
        let member = _mm_and_si128(row, _mm_shuffle_epi8(bits, h));
        _mm_movemask_epi8(_mm_cmpeq_epi8(member, _mm_setzero_si128())) as u32
    }

    /// A mask with bit `k` set for each byte `k` of `block` that is not in the set whose tables are
    /// `low` and `high` (each the 16 bytes of a [`ByteSet`] table in both halves).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn outside(block: __m256i, (low, high): (__m256i, __m256i)) -> u32 {
        let nibble = _mm256_set1_epi8(0x0F);
        #[rustfmt::skip]
        let bits = _mm256_setr_epi8(
            1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128,
            1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128,
        );
        let l = _mm256_and_si256(block, nibble);
        let h = _mm256_and_si256(_mm256_srli_epi16::<4>(block), nibble);
        // The table row of each byte: from `high` where the byte's top bit is set, else from `low`.
        let row = _mm256_blendv_epi8(
            _mm256_shuffle_epi8(low, l),
            _mm256_shuffle_epi8(high, l),
            block,
        );
        let member = _mm256_and_si256(row, _mm256_shuffle_epi8(bits, h));
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(member, _mm256_setzero_si256())) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sets() -> Vec<[bool; 256]> {
        let mut sets = vec![[false; 256], [true; 256]];
        let mut ascii_letters = [false; 256];
        for b in (b'a'..=b'z').chain(b'A'..=b'Z') {
            ascii_letters[usize::from(b)] = true;
        }
        sets.push(ascii_letters);
        // Pseudo-random sets.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20 {
            let mut set = [false; 256];
            for member in &mut set {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *member = x & 3 != 0;
            }
            sets.push(set);
        }
        sets
    }

    #[test]
    fn tables_hold_the_set() {
        for set in sets() {
            let tables = ByteSet::new(&set);
            for b in 0..=255u8 {
                assert_eq!(tables.contains(b), set[usize::from(b)], "{b:#x}");
            }
        }
    }

    /// The end of the run from `i`: the first byte outside the set that does not start an escape,
    /// searching with `search` and checking what it stops at, as the walk does.
    fn end(search: impl Search, run: &Run, input: &[u8], mut i: usize) -> usize {
        let keeps = |b: u8| run.keeps.contains(b);
        loop {
            let j = search.first_outside(run, keeps, input, i);
            assert!(j >= i && j <= input.len());
            assert!(input[i..j]
                .iter()
                .all(|&b| keeps(b) || run.escape.is_some()));
            match (input.get(j..j + 3), run.escape) {
                (Some(&[b, x, y]), Some((e, digits)))
                    if b == e && digits.contains(x) && digits.contains(y) =>
                {
                    i = j + 3
                }
                _ => return j,
            }
        }
    }

    /// Every search ends a run where the byte-by-byte search does, for every start offset of inputs
    /// of 0 to 99 bytes made of bytes of the set, bytes outside it and escapes (whole, or cut by the
    /// end of the input), with and without escapes in the set.
    #[test]
    fn searches_agree() {
        let mut x: u64 = 12345;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut hex = [false; 256];
        for b in (b'0'..=b'9').chain(b'a'..=b'f').chain(b'A'..=b'F') {
            hex[usize::from(b)] = true;
        }
        let digits = ByteSet::new(&hex);
        for mut set in sets() {
            set[usize::from(b'%')] = false;
            let keeps = ByteSet::new(&set);
            let inside: Vec<u8> = (0..=255u8).filter(|&b| set[usize::from(b)]).collect();
            let outside: Vec<u8> = (0..=255u8).filter(|&b| !set[usize::from(b)]).collect();
            for escape in [None, Some((b'%', digits))] {
                let run = Run::new(keeps, escape);
                for len in 0..100 {
                    for _ in 0..4 {
                        let mut input = Vec::new();
                        while input.len() < len {
                            let r = next();
                            let pick = |v: &[u8]| v.get(r as usize / 8 % v.len().max(1)).copied();
                            match r % 8 {
                                0 => input.extend([b'%', b"0aF9"[(r / 8 % 4) as usize], b'c']),
                                1 => input.extend(pick(&outside)),
                                2 => input.push(b'%'),
                                _ => input.extend(pick(&inside).or(pick(&outside))),
                            }
                        }
                        input.truncate(len);
                        for i in 0..=len {
                            let expected = end(Bytewise, &run, &input, i);
                            #[cfg(target_arch = "x86_64")]
                            if let Some(avx2) = Avx2::detect() {
                                assert_eq!(
                                    end(avx2, &run, &input, i),
                                    expected,
                                    "{input:?} from {i}"
                                );
                                assert_eq!(
                                    end(avx2.short(), &run, &input, i),
                                    expected,
                                    "{input:?} from {i}, 16 bytes at a time"
                                );
                            }
                            let _ = expected;
                        }
                    }
                }
            }
        }
    }
}
