//! The question the scoring loop asks at every node: which neighbours of this cell hold a letter
//! the node continues with? Answered for every cell of the board at once.
//!
//! Per board, each cell's letter is written as the byte of a node's child mask that holds the
//! letter's bit, and that bit within the byte. One byte shuffle then fetches, for 16 cells at a
//! time, the byte each cell needs, and one AND and one compare test its bit (SSSE3 natively,
//! SIMD128 in wasm builds with it). Where neither is available, the per-letter cell masks of the
//! node's letters are ORed together. The answer is masked by the cell's neighbours.

use crate::engine::board::MAX_CELLS;
use crate::engine::dictionary::Node;

/// Cells tested a vector.
const LANES: usize = 16;
/// Bytes of the per-cell tables: whole vectors covering the biggest board.
const TABLE: usize = MAX_CELLS.div_ceil(LANES) * LANES;
const _: () = assert!(
    TABLE <= 3 * LANES,
    "by_vectors! covers boards of up to 3 vectors"
);

/// Calls `obj.method::<V>(args)`, a search generic over the vectors it loads, with the fewest
/// vectors (16 cells each) that cover a board of `n` cells: one compiled copy per count.
macro_rules! by_vectors {
    ($n:expr, $obj:ident . $method:ident ($($arg:expr),* $(,)?)) => {
        match $n {
            0..=16 => $obj.$method::<1>($($arg),*),
            17..=32 => $obj.$method::<2>($($arg),*),
            _ => $obj.$method::<3>($($arg),*),
        }
    };
}
pub(super) use by_vectors;

/// Per-board tables answering "which neighbours of a cell can a node step to".
pub(super) struct NextCells {
    /// Neighbour masks of the current shape.
    adjacency: [u64; MAX_CELLS],
    /// For each cell, which byte of a child mask holds its letter's bit (0x80 past the board:
    /// the shuffle then yields 0).
    byte_of: [u8; TABLE],
    /// For each cell, its letter's bit within that byte (0 past the board).
    bit_of: [u8; TABLE],
    /// For each cell, the letters before its letter as a mask, which counts the children of a
    /// node before the one for that letter.
    before: [u32; MAX_CELLS],
}

impl Default for NextCells {
    fn default() -> Self {
        NextCells {
            adjacency: [0; MAX_CELLS],
            byte_of: [0x80; TABLE],
            bit_of: [0; TABLE],
            before: [0; MAX_CELLS],
        }
    }
}

impl NextCells {
    /// Readies the tables for boards with these neighbour masks (one a cell).
    pub fn set_shape(&mut self, adjacency: &[u64]) {
        self.adjacency = [0; MAX_CELLS];
        self.adjacency[..adjacency.len()].copy_from_slice(adjacency);
    }

    /// Readies the tables for a board with these cell letters, of the shape last set.
    pub fn set_letters(&mut self, letters: &[u8]) {
        self.byte_of = [0x80; TABLE];
        self.bit_of = [0; TABLE];
        for (c, &l) in letters.iter().enumerate() {
            self.byte_of[c] = l >> 3;
            self.bit_of[c] = 1 << (l & 7);
            self.before[c] = (1 << l) - 1;
        }
    }

    /// The neighbours of `cell`, a cell of the current shape.
    #[inline(always)]
    pub fn neighbours(&self, cell: usize) -> u64 {
        self.adjacency[cell]
    }

    /// The lookup for boards of up to `16 * V` cells, its vectors loaded once for a whole search.
    #[inline(always)]
    pub fn lookup<const V: usize>(&self) -> Lookup<'_, V> {
        Lookup {
            tables: self,
            vectors: simd::Vectors::load(self),
        }
    }
}

/// [`NextCells`] ready for one search.
pub(super) struct Lookup<'a, const V: usize> {
    tables: &'a NextCells,
    vectors: simd::Vectors<V>,
}

impl<const V: usize> Lookup<'_, V> {
    /// The neighbours of `cell` holding a letter of the child mask in `bits` (a node's packed
    /// bits: letters in bits 0-25; the bits above are ignored).
    #[inline(always)]
    pub fn next(&self, bits: u32, cell: usize) -> u64 {
        // SAFETY: callers pass a cell of the board, and boards have at most MAX_CELLS cells.
        let near = unsafe { *self.tables.adjacency.get_unchecked(cell) };
        near & self.vectors.holding(bits)
    }

    /// The index of `node`'s child for the letter on `cell`, which must be one of its letters.
    #[inline(always)]
    pub fn child(&self, node: Node, cell: usize) -> u32 {
        // SAFETY: as in `next`.
        let before = unsafe { *self.tables.before.get_unchecked(cell) };
        node.first() + (node.packed() & before).count_ones()
    }
}

/// For each letter, the cells that hold it, read back from the tables (for builds without
/// byte shuffles, once a search, and for the tests).
#[cfg_attr(
    any(target_feature = "ssse3", target_feature = "simd128"),
    allow(dead_code)
)]
fn cells_of(t: &NextCells) -> [u64; 26] {
    let mut cells = [0u64; 26];
    for c in 0..MAX_CELLS {
        if t.bit_of[c] != 0 {
            let letter = 8 * t.byte_of[c] as usize + t.bit_of[c].trailing_zeros() as usize;
            cells[letter] |= 1 << c;
        }
    }
    cells
}

/// Every cell holding a letter of `bits`, from the cells of each letter: the answer of builds
/// without byte shuffles, and what the tests check the shuffles against.
#[cfg_attr(
    any(target_feature = "ssse3", target_feature = "simd128"),
    allow(dead_code)
)]
#[inline(always)]
fn holding_by_letter(cells_of: &[u64; 26], bits: u32) -> u64 {
    let mut letters = bits & crate::engine::board::ALL_LETTERS_MASK;
    let mut cells = 0;
    while letters != 0 {
        cells |= cells_of[letters.trailing_zeros() as usize];
        letters &= letters - 1;
    }
    cells
}

/// The three vector operations the lookup needs, on SSSE3.
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
mod lane {
    use std::arch::x86_64::*;

    /// 16 bytes in one SSE register.
    pub type V128 = __m128i;

    /// Loads 16 bytes. SAFETY: `p` points at 16 readable bytes.
    #[inline(always)]
    pub unsafe fn load(p: *const u8) -> V128 {
        _mm_loadu_si128(p.cast())
    }

    /// A child mask where the shuffle can index its four bytes.
    #[inline(always)]
    pub fn mask(bits: u32) -> V128 {
        // SAFETY: SSSE3 is enabled for this build (cfg above).
        unsafe { _mm_cvtsi32_si128(bits as i32) }
    }

    /// One bit a lane: whether the mask's byte `bytes` has bit `bit` set.
    #[inline(always)]
    pub fn found(mask: V128, bytes: V128, bit: V128) -> u16 {
        // SAFETY: as in `mask`.
        unsafe {
            let found = _mm_and_si128(_mm_shuffle_epi8(mask, bytes), bit);
            !(_mm_movemask_epi8(_mm_cmpeq_epi8(found, _mm_setzero_si128())) as u16)
        }
    }
}

/// The three vector operations the lookup needs, on WebAssembly SIMD.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod lane {
    use std::arch::wasm32::*;

    /// 16 bytes in one WebAssembly SIMD value.
    pub type V128 = v128;

    /// Loads 16 bytes. SAFETY: `p` points at 16 readable bytes.
    #[inline(always)]
    pub unsafe fn load(p: *const u8) -> V128 {
        v128_load(p.cast())
    }

    /// A child mask where the swizzle can index its four bytes (in every 4-byte lane).
    #[inline(always)]
    pub fn mask(bits: u32) -> V128 {
        u32x4_splat(bits)
    }

    /// One bit a lane: whether the mask's byte `bytes` has bit `bit` set.
    #[inline(always)]
    pub fn found(mask: V128, bytes: V128, bit: V128) -> u16 {
        i8x16_bitmask(i8x16_ne(
            v128_and(i8x16_swizzle(mask, bytes), bit),
            i8x16_splat(0),
        ))
    }
}

#[cfg(any(
    all(target_arch = "x86_64", target_feature = "ssse3"),
    all(target_arch = "wasm32", target_feature = "simd128")
))]
mod simd {
    use super::lane::{self, V128};
    use super::{NextCells, LANES};

    /// The per-cell tables as vectors: (bytes, bits) of each 16 cells.
    pub struct Vectors<const V: usize>([(V128, V128); V]);

    impl<const V: usize> Vectors<V> {
        /// `t`'s tables for the first `16 * V` cells, as vectors: loaded once a search.
        #[inline(always)]
        pub fn load(t: &NextCells) -> Self {
            assert!(V * LANES <= t.byte_of.len());
            // SAFETY: within the tables (asserted above).
            Vectors(std::array::from_fn(|k| unsafe {
                (
                    lane::load(t.byte_of.as_ptr().add(LANES * k)),
                    lane::load(t.bit_of.as_ptr().add(LANES * k)),
                )
            }))
        }

        /// Every cell holding a letter of `bits`. Byte indexes past the board are 0x80, which
        /// the shuffle turns into 0.
        #[inline(always)]
        pub fn holding(&self, bits: u32) -> u64 {
            let mask = lane::mask(bits);
            let mut cells = 0u64;
            for (k, &(bytes, bit)) in self.0.iter().enumerate() {
                cells |= u64::from(lane::found(mask, bytes, bit)) << (LANES * k);
            }
            cells
        }
    }
}

#[cfg(not(any(
    all(target_arch = "x86_64", target_feature = "ssse3"),
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
mod simd {
    use super::NextCells;

    /// No vectors: the per-letter cell masks, ORed together for a node's letters.
    pub struct Vectors<const V: usize>([u64; 26]);

    impl<const V: usize> Vectors<V> {
        /// For each letter, the cells that hold it, read back from `t`'s tables once a search.
        #[inline(always)]
        pub fn load(t: &NextCells) -> Self {
            Vectors(super::cells_of(t))
        }

        /// Every cell holding a letter of `bits`.
        #[inline(always)]
        pub fn holding(&self, bits: u32) -> u64 {
            super::holding_by_letter(&self.0, bits)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Byte shuffles (or the fallback) agree with the per-letter masks on boards of every
    /// vector count, for child masks with the points bits above the letters set or not.
    #[test]
    fn every_cell_holding_a_letter_of_a_mask() {
        let mut rng = Rng::new(7);
        for n in [4, 9, 16, 17, 25, 32, 33, 36] {
            for _ in 0..200 {
                let letters: Vec<u8> = (0..n).map(|_| rng.below(26) as u8).collect();
                let mut t = NextCells::default();
                t.set_letters(&letters);
                let bits = rng.next_u64() as u32;
                let expected = holding_by_letter(&cells_of(&t), bits);
                let cells = match n {
                    0..=16 => simd::Vectors::<1>::load(&t).holding(bits),
                    17..=32 => simd::Vectors::<2>::load(&t).holding(bits),
                    _ => simd::Vectors::<3>::load(&t).holding(bits),
                };
                assert_eq!(cells, expected, "letters {letters:?}, mask {bits:#x}");
                let by_cell = (0..n).filter(|&c| bits >> letters[c] & 1 != 0);
                assert_eq!(expected, by_cell.fold(0, |m, c| m | 1 << c));
            }
        }
    }
}
