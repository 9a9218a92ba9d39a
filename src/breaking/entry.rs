//! Word entries, the input of an orderly tree: one per way some board of a class spells a
//! word. Sorting them is a large share of breaking a class, so the smallest entry that fits
//! the board is used: [`Compact`] (8 bytes) up to 12 cells, [`Packed`] (16) up to 16, [`Wide`].

use crate::engine::dictionary::{Dictionary, ROOT};
use crate::engine::scoring::points;

/// One way of spelling a word: the letter (plus one; 0 = not on the path) of each cell in rank
/// order, most significant first (the *key*); which word it is; its points. Sorting entries
/// sorts them by key first.
pub(crate) trait Entry: Copy + Ord {
    /// Where the key starts: the bits below tell the word (and its points).
    const KEY_SHIFT: u32;
    /// True when the entry tells its word by its [`WordIds`] id, false by its trie node.
    const BY_ID: bool;
    /// An entry from a key already shifted by [`Entry::KEY_SHIFT`], the word's trie node (or
    /// id, see [`Entry::BY_ID`]) and its points.
    fn new(key: u128, word: u32, points: u32) -> Self;
    /// The key: the letter digit of rank `r` (of `cells`) at bit `5 * (cells - 1 - r)`.
    fn key(&self) -> u128;
    /// The word's points.
    fn points(&self) -> u32;
    /// True when both spell the same word on the same cells with the same letters.
    fn same(&self, other: &Self) -> bool;
}

/// Entries for boards of up to 16 cells, packed in 16 bytes: an 80-bit key, a 44-bit word and
/// 4 bits of points (a word scores at most 11).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Packed(u128);

/// The most cells a [`Packed`] entry holds.
pub(crate) const PACKED_CELLS: usize = 16;

impl Entry for Packed {
    const KEY_SHIFT: u32 = 48;
    const BY_ID: bool = false;
    #[inline(always)]
    fn new(key: u128, word: u32, points: u32) -> Packed {
        debug_assert!(points < 16);
        Packed(key | (word as u128) << 4 | points as u128)
    }
    #[inline(always)]
    fn key(&self) -> u128 {
        self.0 >> 48
    }
    #[inline(always)]
    fn points(&self) -> u32 {
        (self.0 & 15) as u32
    }
    #[inline(always)]
    fn same(&self, other: &Packed) -> bool {
        self.0 >> 4 == other.0 >> 4
    }
}

/// Entries for boards of up to 25 cells: the key alone takes up to 125 bits.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Wide {
    key: u128,
    word: u32,
    points: u32,
}

impl Entry for Wide {
    const KEY_SHIFT: u32 = 0;
    const BY_ID: bool = false;
    #[inline(always)]
    fn new(key: u128, word: u32, points: u32) -> Wide {
        Wide { key, word, points }
    }
    #[inline(always)]
    fn key(&self) -> u128 {
        self.key
    }
    #[inline(always)]
    fn points(&self) -> u32 {
        self.points
    }
    #[inline(always)]
    fn same(&self, other: &Wide) -> bool {
        self.key == other.key && self.word == other.word
    }
}

/// Entries for boards of up to 12 cells in 8 bytes: a 60-bit key and the word's 4-bit
/// [`WordIds`] id. The points follow from the key (its letters, a Qu counting two).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Compact(u64);

/// The most cells a [`Compact`] entry holds.
pub(crate) const COMPACT_CELLS: usize = 12;

/// The lowest bit of each 5-bit letter digit of a [`Compact`] key.
const DIGIT_LOW_BITS: u64 = 0x0084_2108_4210_8421;

/// The digit of the Qu face (`q` is letter 16).
const QU_DIGIT: u64 = 17;

impl Entry for Compact {
    const KEY_SHIFT: u32 = 4;
    const BY_ID: bool = true;
    #[inline(always)]
    fn new(key: u128, word: u32, _points: u32) -> Compact {
        debug_assert!(word < WORD_IDS);
        Compact(key as u64 | word as u64)
    }
    #[inline(always)]
    fn key(&self) -> u128 {
        (self.0 >> 4) as u128
    }
    #[inline(always)]
    fn points(&self) -> u32 {
        let k = self.0 >> 4;
        let present = (k | k >> 1 | k >> 2 | k >> 3 | k >> 4) & DIGIT_LOW_BITS;
        let q = k ^ (QU_DIGIT * DIGIT_LOW_BITS);
        let qu = !(q | q >> 1 | q >> 2 | q >> 3 | q >> 4) & DIGIT_LOW_BITS;
        points((present.count_ones() + qu.count_ones()) as usize)
    }
    #[inline(always)]
    fn same(&self, other: &Compact) -> bool {
        self == other
    }
}

/// How many ids [`WordIds`] may give out: what fits in a [`Compact`] entry.
const WORD_IDS: u32 = 16;

/// A small id per word that tells apart the words that could share a key. A key fixes the
/// letters of a word but not their order, so only anagrams can share one: each word gets its
/// rank among the words with the same letters. (Words are grouped by a sum of random numbers
/// per letter; two groups that collide merge, which keeps ids distinct within each.)
pub(crate) struct WordIds {
    /// The id of the word at each trie node (0 where no word ends).
    pub ids: Vec<u8>,
}

impl WordIds {
    /// The ids of `dict`'s words, or `None` when some letters spell more than 16 words.
    pub fn new(dict: &Dictionary) -> Option<WordIds> {
        let nodes = dict.nodes();
        let weight = |letter: u32| {
            // splitmix64 of the letter: any well-spread numbers do.
            let mut z = (letter as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            z = (z ^ z >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ z >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ z >> 31
        };
        let mut words: Vec<(u64, u32)> = Vec::new();
        let mut stack = vec![(ROOT, 0u64)];
        while let Some((i, sum)) = stack.pop() {
            let node = nodes[i as usize];
            if node.points() > 0 {
                words.push((sum, i));
            }
            let mut letters = node.children();
            while letters != 0 {
                let l = letters.trailing_zeros();
                letters &= letters - 1;
                stack.push((node.child_unchecked(l), sum.wrapping_add(weight(l))));
            }
        }
        words.sort_unstable();
        let mut ids = vec![0u8; nodes.len()];
        let mut rank = 0;
        for (k, &(sum, node)) in words.iter().enumerate() {
            rank = if k > 0 && words[k - 1].0 == sum {
                rank + 1
            } else {
                0
            };
            if rank >= WORD_IDS {
                return None;
            }
            ids[node as usize] = rank as u8;
        }
        Some(WordIds { ids })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A dictionary of the first `n` orderings of `letters` (all distinct), plus `extra` words.
    fn anagrams(letters: &str, n: usize, extra: &[&str]) -> Dictionary {
        let mut words: Vec<String> = Vec::new();
        let chars: Vec<char> = letters.chars().collect();
        let mut idx: Vec<usize> = (0..chars.len()).collect();
        // Heap's algorithm would do; the lexicographic successor is simplest to read.
        loop {
            words.push(idx.iter().map(|&i| chars[i]).collect());
            let Some(i) = (1..idx.len()).rev().find(|&i| idx[i - 1] < idx[i]) else {
                break;
            };
            let j = (i..idx.len()).rev().find(|&j| idx[j] > idx[i - 1]).unwrap();
            idx.swap(i - 1, j);
            idx[i..].reverse();
        }
        words.truncate(n);
        words.extend(extra.iter().map(|w| w.to_string()));
        Dictionary::from_bytes(words.join("\n").as_bytes()).expect("a valid list")
    }

    #[test]
    fn anagrams_get_different_ids_up_to_sixteen() {
        let d = anagrams("stare", 16, &["rest", "quest"]);
        let ids = WordIds::new(&d).expect("16 anagrams fit");
        let id = |w: &str| ids.ids[d.find(w).unwrap() as usize];
        let mut seen: Vec<u8> = d
            .words()
            .iter()
            .filter(|w| w.len() == 5 && !w.contains('q'))
            .map(|w| id(w))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 16, "16 anagrams of stare, all told apart");
        assert_eq!(id("rest"), 0, "a word alone with its letters");
        assert!(WordIds::new(&anagrams("stare", 17, &[])).is_none());
    }

    #[test]
    fn compact_points_follow_from_the_key() {
        // Digits are letter + 1 in rank order, most significant first; `q` stands for Qu.
        let key = |word: &str, cells: usize| {
            let mut k = 0u128;
            for (r, c) in word.bytes().enumerate() {
                k |= ((c - b'a' + 1) as u128) << (5 * (cells - 1 - r));
            }
            k << Compact::KEY_SHIFT
        };
        for (word, letters) in [("tea", 3), ("qit", 4), ("stare", 5), ("qqqqqqqqqqqq", 24)] {
            for cells in [word.len(), 12] {
                let e = Compact::new(key(word, cells), 15, 0);
                assert_eq!(e.points(), points(letters), "{word} on {cells} cells");
                assert_eq!(e.key(), key(word, cells) >> Compact::KEY_SHIFT);
            }
        }
        // Digits absent from the path (0) are not letters.
        let gappy = Compact::new(key("s", 12) | key("t", 6) | key("a", 1), 0, 0);
        assert_eq!(gappy.points(), points(3));
    }
}
