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
//! sorted word entries in `tree/build.rs`; forcing by merging, one level at a time, in
//! `tree/merge.rs`. Only this module and those three touch the arrays: the breaker reads nodes
//! through [`Tree::sum`] and [`Tree::choice`].

mod build;
mod merge;
mod node;

use crate::breaking::entry::Entry;
use build::{build, Staging};
pub(crate) use node::{Choice, Sum, MAX_NODES, PAIR};

/// The most cells a key holds (5 bits a cell in a `u128`): boards up to 5x5.
pub const MAX_TREE_CELLS: usize = 25;

/// Array lengths to truncate back to, freeing every node made since.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Mark {
    sums: u32,
    choices: u32,
}

/// A sum node's contents without the node itself: its bound and a run of choice nodes.
#[derive(Clone, Copy)]
struct View {
    bound: u32,
    first: u32,
    ranks: u32,
}

impl From<View> for Sum {
    fn from(v: View) -> Sum {
        Sum {
            bound: v.bound,
            choices: v.first,
            ranks: v.ranks,
        }
    }
}

impl From<Sum> for View {
    fn from(s: Sum) -> View {
        View {
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
    /// A merge's pairs of nodes still to merge, this level's and the next; the merged choice
    /// and sum nodes whose bounds wait for their children, and where each level's entries start
    /// in those lists (all kept between merges).
    queue: Vec<merge::Pending>,
    next: Vec<merge::Pending>,
    unsettled_choices: Vec<u32>,
    unsettled_sums: Vec<u32>,
    spans: Vec<(u32, u32)>,
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

    /// Bytes the nodes in use and the merge's queues take (what a budget is checked against:
    /// the node arrays keep their capacity from earlier classes).
    pub fn used_bytes(&self) -> usize {
        self.sums.len() * std::mem::size_of::<Sum>()
            + self.choices.len() * std::mem::size_of::<Choice>()
            + self.queue_bytes()
    }

    /// Bytes the node arrays and the merge's queues hold (their capacity).
    pub fn bytes(&self) -> usize {
        self.sums.capacity() * std::mem::size_of::<Sum>()
            + self.choices.capacity() * std::mem::size_of::<Choice>()
            + self.queue_bytes()
    }

    /// Bytes the merge's queues and lists hold, kept from one merge to the next.
    fn queue_bytes(&self) -> usize {
        (self.queue.capacity() + self.next.capacity()) * std::mem::size_of::<merge::Pending>()
            + (self.unsettled_choices.capacity() + self.unsettled_sums.capacity())
                * std::mem::size_of::<u32>()
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
                bound: c.bound,
                choices: 0,
                ranks: 0,
            },
            Some(next) => {
                let at = self.choices.len() as u32;
                grow(&mut self.choices, 1);
                self.choices.push(next);
                Sum {
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
}

/// Makes room for `n` more items, growing by a quarter rather than doubling: the arrays are
/// the breaker's memory, and doubling could leave half of a large budget unused but held.
#[inline(always)]
pub(crate) fn grow<T>(v: &mut Vec<T>, n: usize) {
    if v.len() + n > v.capacity() {
        v.reserve_exact(n.max(v.capacity() / 4).max(1024));
    }
}
