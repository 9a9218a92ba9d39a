//! A small seeded random number generator (SplitMix64), identical natively and in wasm so a
//! seed reproduces a run everywhere. Its mixing function, [`mix`], also hashes canonical boards
//! into keys ([`crate::optimize::Canon::key`]).

/// SplitMix64's increment: the state advances by this odd constant (2^64 / golden ratio).
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: a bijective mix of 64 bits. The generator's `n`-th output is
/// `mix(seed + (n - 1) * GOLDEN_GAMMA)`; applied to other words it is a fast, well-spread hash.
#[inline]
pub fn mix(z: u64) -> u64 {
    let mut z = z.wrapping_add(GOLDEN_GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// SplitMix64: fast, statistically sound for search heuristics, and a few lines long.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`; equal seeds give equal sequences.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let z = self.0;
        self.0 = z.wrapping_add(GOLDEN_GAMMA);
        mix(z)
    }

    /// An integer in `0..n`, for `1 <= n <= 2^32`: the top 32 bits times `n`, shifted down (no
    /// rejection, one draw a call), so uniform up to a relative bias below `n / 2^32`.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// A uniform float in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_splitmix64_outputs() {
        // The first outputs of SplitMix64 seeded with 0 (the reference implementation's values).
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(mix(0), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn same_seed_same_sequence_and_in_range() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..1000 {
            assert_eq!(a.next_u64(), b.next_u64());
            let x = a.below(26);
            b.below(26);
            assert!(x < 26);
        }
        let mut counts = [0; 4];
        for _ in 0..4000 {
            counts[a.below(4)] += 1;
        }
        assert!(counts.iter().all(|&c| c > 800), "{counts:?}");
    }
}
