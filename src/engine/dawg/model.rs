//! What a coded DAWG codes in which context ([`super`]): the adaptive bits the writer and the
//! reader share, so that both predict every decision alike.

use crate::engine::range_coder::{Bit, BitCoder};

/// The symbol ending a node at which a word ends (child letters are 0..26).
pub(super) const END_WORD: u32 = 26;
/// The symbol ending a node at which no word ends.
pub(super) const END: u32 = 27;
/// "No letter": the previous sibling of a node's first child, or the letter into a node at
/// the top of a subtree.
pub(super) const NONE: u32 = 26;
/// Leading bits of a shared index coded in a tree with the letter as context; lower bits
/// are coded by position alone.
const REF_TOP_BITS: u32 = 10;
/// Bits of a symbol context: the end bit, the word bit, and a 5-bit letter tree (entries 1..32).
const SYMBOL_BITS: usize = 2 + 32;

/// The adaptive bits of every context, the same for the writer and the reader.
pub(super) struct Model {
    /// Whether the node ends here, then whether a word ends (the first two bits of each
    /// context), or else the child letter (a 5-bit tree), by (previous sibling or NONE, letter
    /// into the node or NONE): 34 bits a context.
    symbols: Vec<Bit>,
    /// Whether a child is shared, by (its letter, letter into the node or NONE).
    shared: Vec<Bit>,
    /// Bit length of a shared index + 1 (trees of `len_bits`), by letter.
    ref_len: Vec<Bit>,
    /// Leading bits after the top one (trees of up to REF_TOP_BITS), by (letter, bit length):
    /// each letter's trees are `top_size` long, the one of bit length `len` at `top_at[len]`.
    ref_top: Vec<Bit>,
    top_at: Vec<usize>,
    top_size: usize,
    /// The remaining bits, by (bit length, position).
    ref_low: Vec<Bit>,
    /// The longest bit length a shared index + 1 can have, and the bits that codes it.
    max_len: u32,
    len_bits: u32,
}

impl Model {
    pub(super) fn new(shared: u32) -> Model {
        let max_len = 31 - (shared.max(1)).leading_zeros();
        let lens = max_len as usize + 1;
        let len_bits = 32 - max_len.leading_zeros();
        let top_at: Vec<usize> = (0..=lens)
            .scan(0, |at, len| {
                let here = *at;
                *at += 1 << (len as u32).min(REF_TOP_BITS);
                Some(here)
            })
            .collect();
        let top_size = top_at[lens];
        Model {
            symbols: vec![Bit::default(); 27 * 27 * SYMBOL_BITS],
            shared: vec![Bit::default(); 26 * 27],
            ref_len: vec![Bit::default(); 26 << len_bits],
            ref_top: vec![Bit::default(); 26 * top_size],
            top_at,
            top_size,
            ref_low: vec![Bit::default(); lens * lens],
            max_len,
            len_bits,
        }
    }

    /// Codes a child letter or an end symbol (returned; a letter above `z` is damage).
    #[inline(always)]
    pub(super) fn symbol(&mut self, c: &mut impl BitCoder, prev: u32, into: u32, sym: u32) -> u32 {
        let at = ((prev.min(NONE) * 27 + into) as usize) * SYMBOL_BITS;
        let bits = &mut self.symbols[at..at + SYMBOL_BITS];
        if c.bit(&mut bits[0], sym >= END_WORD) {
            return if c.bit(&mut bits[1], sym == END_WORD) {
                END_WORD
            } else {
                END
            };
        }
        // A decoded value past `z` can only come from damage: reported as letters out of order.
        match c.tree(&mut bits[2..], 5, sym) {
            l if l < 26 => l,
            _ => u32::MAX,
        }
    }

    #[inline(always)]
    pub(super) fn is_shared(
        &mut self,
        c: &mut impl BitCoder,
        letter: u32,
        into: u32,
        shared: bool,
    ) -> bool {
        c.bit(&mut self.shared[(letter * 27 + into) as usize], shared)
    }

    /// Codes shared index `r` (returned; None for damage: a length out of range).
    #[inline(always)]
    pub(super) fn reference(&mut self, c: &mut impl BitCoder, letter: u32, r: u32) -> Option<u32> {
        let x = r.wrapping_add(1);
        let tree = &mut self.ref_len[(letter as usize) << self.len_bits..][..1 << self.len_bits];
        let len = c.tree(tree, self.len_bits, 31 - x.max(1).leading_zeros());
        if len > self.max_len {
            return None;
        }
        let top = len.min(REF_TOP_BITS);
        let at = letter as usize * self.top_size + self.top_at[len as usize];
        let high = c.tree(
            &mut self.ref_top[at..at + (1 << top)],
            top,
            x >> (len - top),
        );
        let mut v = 1 << top | high;
        for i in (0..len - top).rev() {
            let p = &mut self.ref_low[(len * (self.max_len + 1) + i) as usize];
            v = v << 1 | c.bit(p, x >> i & 1 != 0) as u32;
        }
        Some(v - 1)
    }
}
