//! The orderly tree of a board class, stored as flat arrays that double as a stack arena.
//!
//! Every way some board of the class spells a word (a path of cells and the letter picked at
//! each) is an entry keyed by its cells' letters *in a fixed cell order* (the split order,
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
//!
//! The nodes and how they are packed are in `tree/node.rs`; building a class's own tree from its
//! sorted word entries in `tree/build.rs`. Only this module and those two touch the arrays:
//! the breaker reads nodes through [`Tree::sum`] and [`Tree::choice`].

mod build;
mod node;

use crate::breaking::entry::Entry;
use build::{build, Staging};
pub(crate) use node::{Choice, Sum, CHAIN_STEP, MAX_NODES, PAIR};

/// The most cells a key holds (5 bits a cell in a `u128`): boards up to 5x5.
pub const MAX_TREE_CELLS: usize = 25;

/// Array lengths to truncate back to, freeing every node made since.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Mark {
    sums: u32,
    choices: u32,
}

/// A sum node's contents without the node itself: points and a run of choice nodes.
#[derive(Clone, Copy)]
struct View {
    points: u32,
    bound: u32,
    first: u32,
    ranks: u32,
}

impl From<View> for Sum {
    fn from(v: View) -> Sum {
        Sum {
            points: v.points,
            bound: v.bound,
            choices: v.first,
            ranks: v.ranks,
        }
    }
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
    sums: Vec<Sum>,
    choices: Vec<Choice>,
    staging: Staging,
    /// Merges this deep (sum levels below the merged root) make pairs instead, when not 0.
    pair_depth: u32,
    /// The depth of the merge under way.
    depth: u32,
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

    /// Sum node `i`.
    #[inline(always)]
    pub fn sum(&self, i: usize) -> Sum {
        self.sums[i]
    }

    /// Choice node `i`.
    #[inline(always)]
    pub fn choice(&self, i: usize) -> Choice {
        self.choices[i]
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

    /// The choice node an open list's entry stands for: the node at the index in its low bits,
    /// advanced along its chain once per [`CHAIN_STEP`] added.
    #[inline(always)]
    pub fn open_choice(&self, entry: u32) -> Choice {
        let mut c = self.choices[(entry & (CHAIN_STEP - 1)) as usize];
        for _ in 0..entry >> 30 {
            c = c.chain_next().expect("a step within the chain");
        }
        c
    }

    /// The bound of the sum node below choice `c` for `letter`, if the letter has one.
    #[inline(always)]
    pub fn child_bound(&self, c: Choice, letter: u32) -> Option<u32> {
        if c.is_chain() {
            (c.letters() == 1 << letter).then_some(c.bound)
        } else {
            c.child(letter).map(|i| self.sums[i as usize].bound)
        }
    }

    /// The sum node below choice `c` for `letter`, if the letter has one. Below a chain it is
    /// made from the chain: a leaf, or a node whose one choice is the rest of the chain (pushed
    /// as a new choice node).
    fn child_sum(&mut self, c: Choice, letter: u32) -> Option<Sum> {
        if !c.is_chain() {
            return c.child(letter).map(|i| self.sums[i as usize]);
        }
        if c.letters() != 1 << letter {
            return None;
        }
        Some(match c.chain_next() {
            None => Sum {
                points: c.bound,
                bound: c.bound,
                choices: 0,
                ranks: 0,
            },
            Some(next) => {
                let at = self.choices.len() as u32;
                grow(&mut self.choices, 1);
                self.choices.push(next);
                Sum {
                    points: 0,
                    bound: c.bound,
                    choices: at,
                    ranks: 1 << next.rank(),
                }
            }
        })
    }

    /// The choice node for `rank` directly under sum node `s`, if any.
    pub fn choice_for(&self, s: u32, rank: usize) -> Option<u32> {
        self.sums[s as usize].choice_for(rank)
    }

    /// [`Tree::force`], merging only `depth` sum levels deep (at least 1): below that, the
    /// sum nodes both sides hold stay apart as a pair (see [`PAIR`]), bounded by their bounds
    /// added. A looser bound for far fewer nodes, for a tree that is only walked along.
    pub fn force_shallow(&mut self, s: u32, rank: usize, letter: u32, depth: u32) -> u32 {
        debug_assert!(depth >= 1);
        self.pair_depth = depth;
        let root = self.force(s, rank, letter);
        self.pair_depth = 0;
        root
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
            child = self.child_sum(c, letter);
            rest.first += 1;
            rest.ranks &= !(1 << rank);
            rest.bound -= c.bound;
        }
        let dst = self.add_sums(1);
        let node = match child {
            Some(b) => self.merge(rest, View::from(b)),
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
        if self.pair_depth != 0 && self.depth >= self.pair_depth {
            let at = self.add_sums(2);
            self.sums[at as usize] = a.into();
            self.sums[at as usize + 1] = b.into();
            return Sum {
                points: a.points.saturating_add(b.points),
                bound: a.bound.saturating_add(b.bound),
                choices: at,
                ranks: PAIR,
            };
        }
        self.depth += 1;
        let merged = self.merge_runs(a, b);
        self.depth -= 1;
        merged
    }

    /// The merge of `a` and `b`, both with choices.
    fn merge_runs(&mut self, a: View, b: View) -> Sum {
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
            for c in [
                self.choices[(a.first + (a.ranks & below).count_ones()) as usize],
                self.choices[(b.first + (b.ranks & below).count_ones()) as usize],
            ] {
                if !c.is_chain() {
                    prefetch(&self.sums, c.children);
                }
            }
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
        if a.is_chain() || b.is_chain() {
            return self.merge_chain(a, b);
        }
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
        a.with_letters(letters, children, best)
    }

    /// The letter-by-letter merge of choices `a` and `b` (same rank), one of them a chain:
    /// the chain's one child is made from it as it is needed.
    fn merge_chain(&mut self, a: Choice, b: Choice) -> Choice {
        let letters = a.letters() | b.letters();
        let children = self.add_sums(letters.count_ones() as usize);
        let mut best = 0;
        let mut rest = letters;
        let mut slot = children as usize;
        while rest != 0 {
            let letter = rest.trailing_zeros();
            rest &= rest - 1;
            let node = match (self.child_sum(a, letter), self.child_sum(b, letter)) {
                (Some(x), Some(y)) => self.merge(View::from(x), View::from(y)),
                (Some(x), None) | (None, Some(x)) => x,
                (None, None) => unreachable!("the letter is in one of the choices"),
            };
            best = best.max(node.bound);
            self.sums[slot] = node;
            slot += 1;
        }
        Choice::new(letters, a.rank() as u32, children, best)
    }
}

/// Asks the processor to start loading `v[i]`: merging follows chains of dependent loads,
/// and starting the next ones early overlaps their latency.
#[inline(always)]
fn prefetch<T>(v: &[T], i: u32) {
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
