//! The orderly tree of a board class, stored as flat arrays that double as a stack arena.
//!
//! Every way some board of the class spells a word (a path of cells and the letter picked at
//! each) is an [`Entry`] keyed by its cells' letters *in a fixed cell order* (the split order,
//! by "rank"). Sorted, the entries form a tree of **sum nodes** (the points of words complete
//! there, plus one choice node per later rank) and **choice nodes** (one rank: a child sum node
//! per letter, bounded by the best of them). Along every path ranks increase, so once ranks
//! `0..r` are forced, every choice node for rank `r` hangs off the root.
//!
//! Forcing rank `r` to a letter *merges* the root (without its choice for `r`) with that
//! choice's child for the letter ([`Tree::force`]): choice nodes for the same rank become one,
//! so the bound takes one letter for both instead of the best of each, and falls fast with
//! depth. Merged nodes are appended to the same arrays and share every subtree that only one
//! side holds; they are freed by truncating the arrays back to a [`Mark`], which suits a
//! depth-first search.

use crate::breaking::build::{build, Staging};

/// One way of spelling a word: the letter (plus one; 0 = not on the path) of each cell in rank
/// order, most significant first (the *key*); the word's trie node; its points. Sorting entries
/// sorts them by key first.
pub(crate) trait Entry: Copy + Ord {
    /// Where the key starts: the bits below hold the word and points.
    const KEY_SHIFT: u32;
    /// An entry from a key already shifted by [`Entry::KEY_SHIFT`].
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

/// The most cells a key holds (5 bits a cell in a `u128`): boards up to 5x5.
pub const MAX_TREE_CELLS: usize = 25;

/// Array lengths to truncate back to, freeing every node made since.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Mark {
    sums: u32,
    choices: u32,
}

/// Words complete here (their points) plus one choice node per later rank, in rank order.
#[derive(Clone, Copy, Default)]
pub(crate) struct Sum {
    /// Points of the words complete at this node.
    pub points: u32,
    /// `points` plus the bounds of the choices.
    pub bound: u32,
    /// The first of the choice nodes, contiguous.
    pub choices: u32,
    /// The ranks of the choice nodes (bit `r` for rank `r`): walks and merges know which node
    /// is for which rank without loading the nodes.
    pub ranks: u32,
}

impl Sum {
    /// The choice node for `rank`, if there is one.
    #[inline(always)]
    pub fn choice_for(&self, rank: usize) -> Option<u32> {
        (self.ranks >> rank & 1 != 0)
            .then(|| self.choices + (self.ranks & ((1 << rank) - 1)).count_ones())
    }
}

/// One rank's letters: a child sum node per letter present, contiguous in letter order.
#[derive(Clone, Copy, Default)]
pub(crate) struct Choice {
    /// The letters present (bits 0-25) and the rank (bits 27-31).
    letters_rank: u32,
    /// The first child.
    pub children: u32,
    /// The best child's bound.
    pub bound: u32,
}

impl Choice {
    /// A choice for `rank` among `letters` (a bit mask), whose children start at `children`.
    #[inline(always)]
    pub fn new(letters: u32, rank: u32, children: u32, bound: u32) -> Choice {
        Choice {
            letters_rank: letters | rank << 27,
            children,
            bound,
        }
    }

    /// The letters with a child, as a bit mask.
    #[inline(always)]
    pub fn letters(&self) -> u32 {
        self.letters_rank & LETTER_BITS
    }

    /// The rank (cell in split order) this node chooses a letter for.
    #[inline(always)]
    pub fn rank(&self) -> usize {
        (self.letters_rank >> 27) as usize
    }

    /// The child for `letter`, if the letter spells anything here.
    #[inline(always)]
    pub fn child(&self, letter: u32) -> Option<u32> {
        let letters = self.letters();
        (letters >> letter & 1 != 0)
            .then(|| self.children + (letters & ((1 << letter) - 1)).count_ones())
    }
}

pub(crate) const LETTER_BITS: u32 = (1 << 26) - 1;

/// A sum node's contents without the node itself: points and a run of choice nodes.
#[derive(Clone, Copy)]
struct View {
    points: u32,
    bound: u32,
    first: u32,
    ranks: u32,
}

impl From<Sum> for View {
    fn from(s: Sum) -> View {
        View {
            points: s.points,
            bound: s.bound,
            first: s.choices,
            ranks: s.ranks,
        }
    }
}

/// The tree: sum node 0 is the root of the class's own tree; nodes made by forcing follow.
#[derive(Default)]
pub(crate) struct Tree {
    pub sums: Vec<Sum>,
    pub choices: Vec<Choice>,
    staging: Staging,
}

impl Tree {
    /// Builds the tree of `entries` (sorted and deduplicated here) over `cells` ranks.
    pub fn build<E: Entry>(&mut self, entries: &mut Vec<E>, cells: usize) {
        entries.sort_unstable();
        // The same word on the same cells with the same letters counts once on any board.
        entries.dedup_by(|a, b| a.same(b));
        let mut staging = std::mem::take(&mut self.staging);
        build(self, &mut staging, entries, cells);
        self.staging = staging;
    }

    /// Sum plus choice nodes held.
    pub fn nodes(&self) -> usize {
        self.sums.len() + self.choices.len()
    }

    /// Bytes the nodes in use take (what a budget is checked against: the arrays keep their
    /// capacity from earlier classes).
    pub fn used_bytes(&self) -> usize {
        self.sums.len() * std::mem::size_of::<Sum>()
            + self.choices.len() * std::mem::size_of::<Choice>()
    }

    /// Bytes the node arrays hold (their capacity).
    pub fn bytes(&self) -> usize {
        self.sums.capacity() * std::mem::size_of::<Sum>()
            + self.choices.capacity() * std::mem::size_of::<Choice>()
    }

    /// The current array lengths.
    pub fn mark(&self) -> Mark {
        Mark {
            sums: self.sums.len() as u32,
            choices: self.choices.len() as u32,
        }
    }

    /// Frees every node made after `m`.
    pub fn truncate(&mut self, m: Mark) {
        self.sums.truncate(m.sums as usize);
        self.choices.truncate(m.choices as usize);
    }

    fn add_sums(&mut self, n: usize) -> u32 {
        let first = self.sums.len() as u32;
        grow(&mut self.sums, n);
        self.sums.resize(self.sums.len() + n, Sum::default());
        first
    }

    /// The choice node for `rank` directly under sum node `s`, if any.
    pub fn choice_for(&self, s: u32, rank: usize) -> Option<u32> {
        self.sums[s as usize].choice_for(rank)
    }

    /// Forces `rank` to `letter` below root `s`, whose choices are all for `rank` or later
    /// ranks: a new sum node that merges `s` without its choice for `rank` with that choice's
    /// child for the letter. Returns the new root.
    pub fn force(&mut self, s: u32, rank: usize, letter: u32) -> u32 {
        let mut rest = View::from(self.sums[s as usize]);
        let mut child = None;
        // Every choice is for `rank` or later, so one for `rank` comes first.
        if rest.ranks >> rank & 1 != 0 {
            let c = self.choices[rest.first as usize];
            child = c.child(letter);
            rest.first += 1;
            rest.ranks &= !(1 << rank);
            rest.bound -= c.bound;
        }
        let dst = self.add_sums(1);
        let node = match child {
            Some(c) => {
                let b = View::from(self.sums[c as usize]);
                self.merge(rest, b)
            }
            None => Sum {
                points: rest.points,
                bound: rest.bound,
                choices: rest.first,
                ranks: rest.ranks,
            },
        };
        self.sums[dst as usize] = node;
        dst
    }

    /// The merge of `a` and `b`: points add up, choice nodes for the same rank merge letter by
    /// letter, subtrees only one side holds are shared.
    fn merge(&mut self, a: View, b: View) -> Sum {
        // One side without choices: share the other's run.
        if a.ranks == 0 || b.ranks == 0 {
            let (run, other) = if a.ranks == 0 { (b, a) } else { (a, b) };
            return Sum {
                points: a.points.saturating_add(b.points),
                bound: run.bound.saturating_add(other.points),
                choices: run.first,
                ranks: run.ranks,
            };
        }
        // Choices of both, by rank, into one contiguous run.
        let ranks = a.ranks | b.ranks;
        let n = ranks.count_ones();
        let first = self.choices.len() as u32;
        grow(&mut self.choices, n as usize);
        self.choices.resize((first + n) as usize, Choice::default());
        // Both children runs of a rank both hold are read soon, one after the other: ask for
        // them now.
        let mut both = a.ranks & b.ranks;
        while both != 0 {
            let below = (both & both.wrapping_neg()) - 1;
            both &= both - 1;
            let ca = self.choices[(a.first + (a.ranks & below).count_ones()) as usize];
            let cb = self.choices[(b.first + (b.ranks & below).count_ones()) as usize];
            prefetch(&self.sums, ca.children);
            prefetch(&self.sums, cb.children);
        }
        let points = a.points.saturating_add(b.points);
        let mut bound = points;
        let (mut i, mut j) = (a.first, b.first);
        let mut rest = ranks;
        for k in first..first + n {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let c = match (a.ranks & bit != 0, b.ranks & bit != 0) {
                (true, true) => {
                    i += 1;
                    j += 1;
                    self.merge_choice(i - 1, j - 1)
                }
                (true, false) => {
                    i += 1;
                    self.choices[i as usize - 1]
                }
                _ => {
                    j += 1;
                    self.choices[j as usize - 1]
                }
            };
            bound = bound.saturating_add(c.bound);
            self.choices[k as usize] = c;
        }
        Sum {
            points,
            bound,
            choices: first,
            ranks,
        }
    }

    /// The letter-by-letter merge of choices `ca` and `cb` (same rank).
    fn merge_choice(&mut self, ca: u32, cb: u32) -> Choice {
        let (a, b) = (self.choices[ca as usize], self.choices[cb as usize]);
        let (la, lb) = (a.letters(), b.letters());
        let letters = la | lb;
        let children = self.add_sums(letters.count_ones() as usize);
        // The children both hold are merged next, in turn: start loading their choices.
        let both = la & lb;
        let mut rest = both;
        while rest != 0 {
            let below = (rest & rest.wrapping_neg()) - 1;
            rest &= rest - 1;
            let sa = self.sums[(a.children + (la & below).count_ones()) as usize];
            let sb = self.sums[(b.children + (lb & below).count_ones()) as usize];
            prefetch(&self.choices, sa.choices);
            prefetch(&self.choices, sb.choices);
        }
        let (mut child_a, mut child_b) = (a.children, b.children);
        let mut best = 0;
        let mut rest = letters;
        let mut slot = children as usize;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let node = match (la & bit != 0, lb & bit != 0) {
                (true, true) => {
                    let va = View::from(self.sums[child_a as usize]);
                    let vb = View::from(self.sums[child_b as usize]);
                    child_a += 1;
                    child_b += 1;
                    self.merge(va, vb)
                }
                (true, false) => {
                    child_a += 1;
                    self.sums[child_a as usize - 1]
                }
                _ => {
                    child_b += 1;
                    self.sums[child_b as usize - 1]
                }
            };
            best = best.max(node.bound);
            self.sums[slot] = node;
            slot += 1;
        }
        Choice {
            letters_rank: letters | (a.letters_rank & !LETTER_BITS),
            children,
            bound: best,
        }
    }
}

/// Asks the processor to start loading `v[i]`: merging follows chains of dependent loads,
/// and starting the next ones early overlaps their latency.
#[inline(always)]
pub(crate) fn prefetch<T>(v: &[T], i: u32) {
    #[cfg(target_arch = "x86_64")]
    if let Some(x) = v.get(i as usize) {
        // SAFETY: a prefetch has no effect but on the cache, and `x` is in bounds.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                x as *const T as *const i8,
            )
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (v, i);
}

/// Makes room for `n` more items, growing by a quarter rather than doubling: the arrays are
/// the breaker's memory, and doubling could leave half of a large budget unused but held.
#[inline(always)]
pub(crate) fn grow<T>(v: &mut Vec<T>, n: usize) {
    if v.len() + n > v.capacity() {
        v.reserve_exact(n.max(v.capacity() / 4).max(1024));
    }
}
