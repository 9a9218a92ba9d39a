//! A binary adaptive range coder: the entropy coder of compiled word lists
//! ([`crate::engine::dawg`]). Every decision is one bit coded with a probability that learns
//! from the bits seen in its context; multi-bit values are coded as paths down binary trees of
//! such bits. The encoder and the decoder run the same model code through [`BitCoder`], so
//! they cannot drift apart.
//!
//! Each probability moves towards each bit it sees by a share that halves as it sees more of
//! them: 1/2 after its first bit, 1/4 after its second and third, down to 1/128 from its 64th.
//! It behaves like a frequency count early on and like a slowly moving average later, which
//! suits contexts seen a handful of times as well as those seen a hundred thousand times. (A
//! rate of exactly `1 / (n + 0.5)` needs a multiply and codes ENABLE2K 0.2 KB larger.)

/// The count at which a probability's rate stops slowing.
const MAX_COUNT: u32 = 64;
/// Probabilities are kept inside [`MIN_P`, `ONE - MIN_P`] so both outcomes stay codable.
const MIN_P: u32 = 32;
/// Probability 1 in the 16-bit fixed point of [`Bit`].
const ONE: u32 = 1 << 16;
/// Below this the coder's range is renormalised by shifting in a byte.
const TOP: u32 = 1 << 24;

/// The adaptive probability that the next bit in one context is a 1.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bit {
    /// P(1) in units of 2^-16.
    p: u16,
    /// Bits seen, up to [`MAX_COUNT`].
    n: u8,
}

impl Default for Bit {
    fn default() -> Bit {
        Bit {
            p: (ONE / 2) as u16,
            n: 0,
        }
    }
}

impl Bit {
    /// Moves the probability towards `bit` by `1 / 2^(1 + floor(log2 n))` after its `n`th bit.
    #[inline(always)]
    fn learn(&mut self, bit: bool) {
        let n = (self.n as u32 + 1).min(MAX_COUNT);
        self.n = n as u8;
        let shift = 32 - n.leading_zeros();
        let p = self.p as i32;
        let target = if bit { ONE as i32 - 1 } else { 0 };
        self.p = (p + ((target - p) >> shift)).clamp(MIN_P as i32, (ONE - MIN_P) as i32) as u16;
    }
}

/// One side of the coder: the encoder writes the bit it is given and returns it; the decoder
/// ignores it and returns the bit it reads.
pub(crate) trait BitCoder {
    /// Codes one bit with probability `p` (which then learns it).
    fn bit(&mut self, p: &mut Bit, bit: bool) -> bool;

    /// Codes the low `bits` bits of `value` (most significant first) as a path down the binary
    /// tree `tree`, which has `2^bits` entries (entry 0 unused).
    #[inline(always)]
    fn tree(&mut self, tree: &mut [Bit], bits: u32, value: u32) -> u32 {
        let mut node = 1usize;
        for i in (0..bits).rev() {
            let b = self.bit(&mut tree[node], value >> i & 1 != 0);
            node = node << 1 | b as usize;
        }
        node as u32 - (1 << bits)
    }
}

/// Writes bits into a byte vector.
pub(crate) struct Encoder {
    out: Vec<u8>,
    low: u64,
    range: u32,
    /// The last byte not yet written (a carry may still change it) and how many 0xFF bytes
    /// wait behind it.
    cache: u8,
    pending: u64,
}

impl Encoder {
    pub(crate) fn new() -> Encoder {
        Encoder {
            out: Vec::new(),
            low: 0,
            range: u32::MAX,
            cache: 0,
            pending: 1,
        }
    }

    fn shift_low(&mut self) {
        if self.low < 0xFF00_0000 || self.low >= 1 << 32 {
            let carry = (self.low >> 32) as u8;
            let mut byte = self.cache;
            while self.pending > 0 {
                self.out.push(byte.wrapping_add(carry));
                byte = 0xFF;
                self.pending -= 1;
            }
            self.cache = (self.low >> 24) as u8;
        }
        self.pending += 1;
        self.low = (self.low & 0x00FF_FFFF) << 8;
    }

    /// The coded bytes (the first is always 0).
    pub(crate) fn finish(mut self) -> Vec<u8> {
        for _ in 0..5 {
            self.shift_low();
        }
        self.out
    }
}

impl BitCoder for Encoder {
    #[inline(always)]
    fn bit(&mut self, p: &mut Bit, bit: bool) -> bool {
        let bound = (self.range >> 16) * p.p as u32;
        if bit {
            self.range = bound;
        } else {
            self.low += bound as u64;
            self.range -= bound;
        }
        p.learn(bit);
        while self.range < TOP {
            self.range <<= 8;
            self.shift_low();
        }
        bit
    }
}

/// Reads bits back from bytes written by [`Encoder`]. Past the end it reads zeros and counts
/// them, so damaged input decodes to something (which the caller checks) and never overruns.
pub(crate) struct Decoder<'a> {
    bytes: &'a [u8],
    at: usize,
    code: u32,
    range: u32,
}

impl<'a> Decoder<'a> {
    /// A decoder over `bytes`; None when they cannot be a coder's output (too short, or a
    /// first byte other than 0).
    pub(crate) fn new(bytes: &'a [u8]) -> Option<Decoder<'a>> {
        if bytes.len() < 5 || bytes[0] != 0 {
            return None;
        }
        let code = u32::from_be_bytes([bytes[1], bytes[2], bytes[3], bytes[4]]);
        Some(Decoder {
            bytes,
            at: 5,
            code,
            range: u32::MAX,
        })
    }

    /// Whether decoding read exactly the bytes the encoder wrote (no more, none left over).
    pub(crate) fn used_all(&self) -> bool {
        self.at == self.bytes.len()
    }
}

impl BitCoder for Decoder<'_> {
    #[inline(always)]
    fn bit(&mut self, p: &mut Bit, _: bool) -> bool {
        let bound = (self.range >> 16) * p.p as u32;
        let bit = self.code < bound;
        if bit {
            self.range = bound;
        } else {
            self.code -= bound;
            self.range -= bound;
        }
        p.learn(bit);
        while self.range < TOP {
            self.range <<= 8;
            let byte = self.bytes.get(self.at).copied().unwrap_or(0);
            self.at += 1;
            self.code = self.code << 8 | byte as u32;
        }
        bit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Codes a sequence of values through trees in a few contexts, with `coder`.
    fn run(coder: &mut impl BitCoder, values: &[(usize, u32)]) -> Vec<u32> {
        let mut trees = vec![vec![Bit::default(); 1 << 6]; 3];
        values
            .iter()
            .map(|&(ctx, v)| coder.tree(&mut trees[ctx], 6, v))
            .collect()
    }

    /// Encodes `values`, decodes them back, checks both sides agree and every byte was read;
    /// returns the coded bytes.
    fn round_trip(values: &[(usize, u32)]) -> Vec<u8> {
        let want: Vec<u32> = values.iter().map(|v| v.1).collect();
        let mut enc = Encoder::new();
        assert_eq!(run(&mut enc, values), want);
        let bytes = enc.finish();
        let mut dec = Decoder::new(&bytes).unwrap();
        assert_eq!(run(&mut dec, values), want);
        assert!(dec.used_all());
        bytes
    }

    #[test]
    fn decoding_gives_back_what_was_encoded() {
        let mut rng = crate::rng::Rng::new(7);
        let values: Vec<(usize, u32)> = (0..20_000)
            .map(|i| {
                let ctx = i % 3;
                // Skewed differently per context, so the model has something to learn.
                let v = match ctx {
                    0 => (rng.below(4)) as u32,
                    1 => rng.below(64) as u32,
                    _ => 63 - rng.below(2) as u32,
                };
                (ctx, v)
            })
            .collect();
        let bytes = round_trip(&values);
        // Skewed contexts cost much less than 6 bits a value.
        assert!(
            bytes.len() < values.len() * 6 / 8 * 2 / 3,
            "{} bytes",
            bytes.len()
        );
    }

    #[test]
    fn long_runs_of_certain_bits_survive_carries() {
        // All-ones and all-zeros runs push the probabilities to their limits, where carries
        // through runs of 0xFF bytes happen.
        for pattern in [0u32, 63, 1] {
            let values: Vec<(usize, u32)> = (0..50_000)
                .map(|i| (0, if i % 997 == 0 { 5 } else { pattern }))
                .collect();
            round_trip(&values);
        }
    }

    #[test]
    fn short_or_foreign_bytes_are_refused() {
        assert!(Decoder::new(&[0, 1, 2, 3]).is_none());
        assert!(Decoder::new(&[1, 0, 0, 0, 0]).is_none());
    }
}
