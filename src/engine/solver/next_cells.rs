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
    /// For each letter, the cells that hold it (the table of builds without byte shuffles).
    cells_of: [u64; 26],
}

impl Default for NextCells {
    fn default() -> Self {
        NextCells {
            adjacency: [0; MAX_CELLS],
            byte_of: [0x80; TABLE],
            bit_of: [0; TABLE],
            before: [0; MAX_CELLS],
            cells_of: [0; 26],
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
        self.cells_of = [0; 26];
        for (c, &l) in letters.iter().enumerate() {
            self.byte_of[c] = l >> 3;
            self.bit_of[c] = 1 << (l & 7);
            self.before[c] = (1 << l) - 1;
            self.cells_of[l as usize] |= 1 << c;
        }
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

/// Every cell holding a letter of `bits`, from the cells of each letter: the answer of builds
/// without byte shuffles, and what the tests check the shuffles against.
#[cfg_attr(
    any(target_feature = "ssse3", target_feature = "simd128"),
    allow(dead_code)
)]
#[inline(always)]
fn holding_by_letter(cells_of: &[u64; 26], bits: u32) -> u64 {
    let mut letters = bits & ((1 << 26) - 1);
    let mut cells = 0;
    while letters != 0 {
        cells |= cells_of[letters.trailing_zeros() as usize];
        letters &= letters - 1;
    }
    cells
}

#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
mod simd {
    use super::{NextCells, LANES};
    use std::arch::x86_64::*;

    /// The per-cell tables as vectors: (bytes, bits) of each 16 cells.
    pub struct Vectors<const V: usize>([(__m128i, __m128i); V]);

    impl<const V: usize> Vectors<V> {
        #[inline(always)]
        pub fn load(t: &NextCells) -> Self {
            assert!(V * LANES <= t.byte_of.len());
            // SAFETY: within the tables (asserted above); unaligned loads.
            Vectors(std::array::from_fn(|k| unsafe {
                (
                    _mm_loadu_si128(t.byte_of.as_ptr().add(LANES * k).cast()),
                    _mm_loadu_si128(t.bit_of.as_ptr().add(LANES * k).cast()),
                )
            }))
        }

        /// Every cell holding a letter of `bits`.
        #[inline(always)]
        pub fn holding(&self, bits: u32) -> u64 {
            // SAFETY: SSSE3 is enabled for this build (cfg above).
            unsafe {
                let mask = _mm_cvtsi32_si128(bits as i32);
                let zero = _mm_setzero_si128();
                let mut cells = 0u64;
                for (k, &(bytes, bit)) in self.0.iter().enumerate() {
                    let found = _mm_and_si128(_mm_shuffle_epi8(mask, bytes), bit);
                    let lacking = _mm_movemask_epi8(_mm_cmpeq_epi8(found, zero)) as u32;
                    cells |= u64::from(!lacking & 0xffff) << (LANES * k);
                }
                cells
            }
        }
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd {
    use super::{NextCells, LANES};
    use std::arch::wasm32::*;

    /// The per-cell tables as vectors: (bytes, bits) of each 16 cells.
    pub struct Vectors<const V: usize>([(v128, v128); V]);

    impl<const V: usize> Vectors<V> {
        #[inline(always)]
        pub fn load(t: &NextCells) -> Self {
            assert!(V * LANES <= t.byte_of.len());
            // SAFETY: within the tables (asserted above); unaligned loads.
            Vectors(std::array::from_fn(|k| unsafe {
                (
                    v128_load(t.byte_of.as_ptr().add(LANES * k).cast()),
                    v128_load(t.bit_of.as_ptr().add(LANES * k).cast()),
                )
            }))
        }

        /// Every cell holding a letter of `bits`.
        #[inline(always)]
        pub fn holding(&self, bits: u32) -> u64 {
            let mask = u32x4_splat(bits);
            let mut cells = 0u64;
            for (k, &(bytes, bit)) in self.0.iter().enumerate() {
                // Every lane of `mask` holds the child mask; byte indexes are 0-3, or 0x80 (0).
                let found = v128_and(i8x16_swizzle(mask, bytes), bit);
                cells |= u64::from(i8x16_bitmask(i8x16_ne(found, i8x16_splat(0)))) << (LANES * k);
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
        #[inline(always)]
        pub fn load(t: &NextCells) -> Self {
            Vectors(t.cells_of)
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
                let expected = holding_by_letter(&t.cells_of, bits);
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
