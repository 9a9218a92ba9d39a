//! The two kinds of node of an orderly tree and how each is packed: [`Sum`] (a bound and a run
//! of choices, 12 bytes) and [`Choice`] (one rank's letters and their children, 12 bytes), with
//! the *chain* form of a choice that holds the tail of a single word in one node.

use crate::engine::board::ALL_LETTERS_MASK;

/// Words complete here plus one choice node per later rank, in rank order. Their points are
/// not stored: they are the bound less the choices' bounds, which whoever needs them (a merge)
/// reads anyway. 12 bytes rather than 16: the walk and the merges wait on loads of these.
#[derive(Clone, Copy, Default)]
pub(crate) struct Sum {
    /// The points of the words complete here plus the bounds of the choices.
    pub(crate) bound: u32,
    /// The first of the choice nodes, contiguous.
    pub(crate) choices: u32,
    /// The ranks of the choice nodes (bit `r` for rank `r`): walks and merges know which node
    /// is for which rank without loading the nodes.
    pub(crate) ranks: u32,
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
///
/// Most of a tree is the tails of single words: one letter for a rank, under it a sum node
/// with no points and one choice, and so on down to a leaf. Such a tail of up to
/// [`CHAIN_STEPS`] + 1 ranks is one **chain** node instead: its own rank and letter, the later
/// ranks and letters packed into `children`, and the word's points as its bound. A chain
/// without further steps stands for a choice whose one child is a leaf.
#[derive(Clone, Copy, Default)]
pub(crate) struct Choice {
    /// The letters present (bits 0-25), [`CHAIN`] (bit 26) and the rank (bits 27-31).
    letters_rank: u32,
    /// The first child; for a chain, its further steps: their count in bits 0-1, then each
    /// step's rank and letter in 10 bits.
    pub(crate) children: u32,
    /// The best child's bound; for a chain, its points.
    pub(crate) bound: u32,
}

/// [`Sum::ranks`] of a *pair*: two sum nodes (at `choices` and the next index) standing
/// together unmerged, made by [`super::Tree::force_shallow`] for a walk along the tree only.
pub(crate) const PAIR: u32 = 1 << 31;

/// The flag of a chain node in [`Choice::letters_rank`].
const CHAIN: u32 = 1 << 26;

/// The most nodes a tree may hold (indices are `u32`): 12 GiB of choice nodes, far past any
/// memory budget.
pub(crate) const MAX_NODES: usize = (1 << 30) - 1;

/// The most further steps a chain node holds.
pub(crate) const CHAIN_STEPS: u32 = 3;

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

    /// A choice for this node's rank among `letters`, whose children start at `children`: what
    /// merging it with another choice for the same rank gives.
    #[inline(always)]
    pub fn with_letters(&self, letters: u32, children: u32, bound: u32) -> Choice {
        Choice {
            letters_rank: letters | (self.letters_rank & !ALL_LETTERS_MASK),
            children,
            bound,
        }
    }

    /// The letters with a child, as a bit mask.
    #[inline(always)]
    pub fn letters(&self) -> u32 {
        self.letters_rank & ALL_LETTERS_MASK
    }

    /// The rank (cell in split order) this node chooses a letter for.
    #[inline(always)]
    pub fn rank(&self) -> usize {
        (self.letters_rank >> 27) as usize
    }

    /// A chain node: `letter` at `rank`, then the steps packed in `rest`, then `points`.
    #[inline(always)]
    pub fn chain(rank: u32, letter: u32, rest: u32, points: u32) -> Choice {
        Choice {
            letters_rank: 1 << letter | CHAIN | rank << 27,
            children: rest,
            bound: points,
        }
    }

    /// True for a chain node (see [`Choice`]).
    #[inline(always)]
    pub fn is_chain(&self) -> bool {
        self.letters_rank & CHAIN != 0
    }

    /// The chain that follows this chain node's first step, or `None` when a leaf follows.
    #[inline(always)]
    pub fn chain_next(&self) -> Option<Choice> {
        let rest = self.children;
        (rest & 3 != 0).then(|| {
            let step = rest >> 2 & 1023;
            Choice::chain(
                step & 31,
                step >> 5,
                ((rest & 3) - 1) | ((rest >> 12) << 2),
                self.bound,
            )
        })
    }

    /// This chain node with a step at `rank` for `letter` put in front of it, if there is
    /// room for another step.
    #[inline(always)]
    pub fn chain_under(&self, rank: u32, letter: u32) -> Option<Choice> {
        let n = self.children & 3;
        (n < CHAIN_STEPS).then(|| {
            let step = self.rank() as u32 | self.letters().trailing_zeros() << 5;
            let rest = (n + 1) | step << 2 | (self.children >> 2) << 12;
            Choice::chain(rank, letter, rest, self.bound)
        })
    }

    /// The child for `letter`, if the letter spells anything here (not for a chain node).
    #[inline(always)]
    pub fn child(&self, letter: u32) -> Option<u32> {
        debug_assert!(!self.is_chain());
        let letters = self.letters();
        (letters >> letter & 1 != 0)
            .then(|| self.children + (letters & ((1 << letter) - 1)).count_ones())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The steps of a chain, first to last.
    fn steps(mut c: Choice) -> Vec<(usize, u32)> {
        let mut out = vec![(c.rank(), c.letters().trailing_zeros())];
        while let Some(next) = c.chain_next() {
            out.push((next.rank(), next.letters().trailing_zeros()));
            c = next;
        }
        out
    }

    #[test]
    fn chains_keep_their_steps_and_points() {
        let leaf = Choice::chain(24, 25, 0, 11);
        assert!(leaf.is_chain() && leaf.chain_next().is_none());
        let mut c = leaf;
        let mut want = vec![(24, 25)];
        for (rank, letter) in [(20, 0), (7, 13), (3, 25)] {
            c = c.chain_under(rank, letter).expect("room for the step");
            want.insert(0, (rank as usize, letter));
            assert_eq!(steps(c), want);
            assert_eq!(c.bound, 11);
            assert_eq!(c.letters(), 1 << want[0].1);
        }
        assert!(
            c.chain_under(0, 1).is_none(),
            "at most {CHAIN_STEPS} further steps"
        );
        assert!(!Choice::new(1 << 25, 24, 7, 3).is_chain());
    }
}
