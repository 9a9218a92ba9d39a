//! Forcing along the tree, near the target: the open choice nodes of each rank (one list per
//! rank) are replaced by their child for the letter forced, and the bound is updated rather
//! than recomputed. Cheap per step, looser than merging.
//!
//! Each frame also keeps, for every later rank, its open choices' child bounds summed letter by
//! letter. The bound lets every open choice take its own best letter; a board takes one letter
//! per cell, so the bound may drop, for each later rank, its choices' bounds added up less the
//! best letter's sum (the *slack*), as if all the open choices of a rank were merged one level
//! deep. On sampled 4x4 classes the search visits about a third as many forced classes so. The
//! sums are kept up to date as choices open, so each choice is summed once.
//!
//! A choice that opens only adds to its rank's slack, so the slack the frame above found for a
//! rank is a lower bound of this frame's. A frame sums the later ranks one at a time and stops
//! as soon as even its best letter falls short with the slack summed so far plus the frame
//! above's for the ranks not summed yet. A frame that stops so pushes nothing, so nothing needs
//! the sums it skipped; on 4x4 class 248617 a third of the frames stop before summing any later
//! rank, and the forced classes are the same as with every rank summed.

use super::{Frame, OrderlyBreaker, ALONG};
use crate::breaking::tree::{Choice, Mark, Sum, Tree, PAIR};

impl OrderlyBreaker {
    /// Starts forcing rank `rank` along the tree below `root`, whose choices are all for that
    /// rank or later ones.
    pub(super) fn start_along(&mut self, root: u32, rank: usize, bound: u32, weight: f64) {
        for o in &mut self.open[rank..] {
            o.clear();
        }
        open_run(&mut self.open, &self.tree, self.tree.sum(root as usize), 0);
        self.push_along(rank, bound, weight, true);
    }

    /// Starts forcing rank `rank` along the tree: letters whose bound falls short are settled
    /// at once, the others are left to [`OrderlyBreaker::step_along`]. `fresh` when the open
    /// lists were just opened from a root, rather than grown from the frame of `rank - 1`.
    fn push_along(&mut self, rank: usize, bound: u32, weight: f64, fresh: bool) {
        let cells = self.cells;
        let base = rank * cells;
        self.sum_open(rank, rank, fresh);
        let here = self.sums[base + rank];
        let frame = Frame {
            rank: rank as u8,
            left: 0,
            bound,
            weight,
            root: ALONG,
            mark: Mark::default(),
        };
        // The bound each letter leaves when forced along the tree (what `force_along` gives) is
        // `rest` plus its sum here, less the slack and the stem's repeated points (see
        // `orderly/score.rs`). The bound counts every open choice, this rank's among them.
        debug_assert!(bound >= here[TOTAL]);
        let rest = bound - here[TOTAL];
        let repeated = self.repeated_at(rank);
        let best = rest + best_letter(&here);
        // The frame above's slack for the ranks not summed yet (none when `fresh`).
        let mut stale = 0u32;
        if !fresh {
            stale = self.slack[base - cells + rank + 1..base].iter().sum();
        }
        let mut slack = 0u32;
        for t in rank + 1..cells {
            if best.saturating_sub(slack + stale + repeated) < self.target {
                let left = self.settle_letters(&frame, &here, rest, slack + stale + repeated);
                debug_assert_eq!(left, 0, "the best letter falls short");
                return;
            }
            self.sum_open(rank, t, fresh);
            let s = &self.sums[base + t];
            // Rank `t` takes one letter for all its open choices, where the bound lets each
            // take its best.
            let mine = s[TOTAL].saturating_sub(best_letter(s));
            self.slack[base + t] = mine;
            slack += mine;
            if !fresh {
                stale -= self.slack[base - cells + t];
            }
        }
        let left = self.settle_letters(&frame, &here, rest, slack + repeated);
        if left == 0 {
            return;
        }
        for t in rank + 1..cells {
            self.saved[base + t] = self.open[t].len() as u32;
        }
        self.frames.push(Frame { left, ..frame });
    }

    /// Settles each letter of the frame's rank whose bound, less `slack`, falls short; returns
    /// the letters left to force.
    fn settle_letters(&mut self, frame: &Frame, here: &LetterSums, rest: u32, slack: u32) -> u32 {
        let mut left = 0;
        let mut letters = self.rank_masks[frame.rank as usize];
        while letters != 0 {
            let bit = letters & letters.wrapping_neg();
            letters &= letters - 1;
            let b = (rest + here[bit.trailing_zeros() as usize]).saturating_sub(slack);
            if b < self.target {
                self.settle(frame, bit, b);
            } else {
                left |= bit;
            }
        }
        left
    }

    /// Fills the sums of the frame at `rank` for rank `r`: the sums of the frame at `rank - 1`
    /// plus the choices opened since (every open choice when `fresh`).
    fn sum_open(&mut self, rank: usize, r: usize, fresh: bool) {
        let t = &self.tree;
        let cells = self.cells;
        let base = rank * cells;
        let (mut s, from) = if fresh {
            ([0; 32], 0)
        } else {
            (
                self.sums[base - cells + r],
                self.saved[base - cells + r] as usize,
            )
        };
        for &choice in &self.open[r][from..] {
            s[TOTAL] += choice.bound;
            if choice.is_chain() {
                s[choice.letters().trailing_zeros() as usize] += choice.bound;
            } else {
                let mut letters = choice.letters();
                let mut child = choice.children as usize;
                while letters != 0 {
                    s[letters.trailing_zeros() as usize] += t.sum(child).bound;
                    letters &= letters - 1;
                    child += 1;
                }
            }
        }
        self.sums[base + r] = s;
    }

    /// Forces the next letter (or letters) of a frame that forces along the tree.
    pub(super) fn step_along(&mut self, f: Frame) {
        let r = f.rank as usize;
        // The letters to force: one, or all at once when no open choice is for this rank.
        let letters = if self.open[r].is_empty() {
            f.left
        } else {
            f.left & f.left.wrapping_neg()
        };
        self.frames.last_mut().expect("just read").left &= !letters;
        self.assigned[r] = letters;
        // Back to the open lists this frame started from, then force.
        let base = r * self.cells;
        for t in r + 1..self.cells {
            let len = self.saved[base + t] as usize;
            self.open[t].truncate(len);
        }
        let bound = if letters.count_ones() == 1 {
            self.force_along(r, letters.trailing_zeros(), f.bound)
        } else {
            f.bound
        };
        if self.settle(&f, letters, bound.saturating_sub(self.repeated_at(r))) {
            let weight =
                f.weight * letters.count_ones() as f64 / self.rank_masks[r + 1].count_ones() as f64;
            self.push_along(r + 1, bound, weight, false);
        }
    }

    /// Forces rank `r` to `letter`: replaces each open choice node for `r` by its child for the
    /// letter, opening that child's choices, and returns the new bound: the frame's `rest` plus
    /// the letter's sum, which passed the target with the slack taken off, so forcing never
    /// stops part way.
    fn force_along(&mut self, r: usize, letter: u32, bound: u32) -> u32 {
        let t = &self.tree;
        let mut bound = bound;
        let (head, tail) = self.open.split_at_mut(r + 1);
        for &choice in &head[r] {
            bound -= choice.bound;
            if choice.is_chain() {
                // One letter, and the word's points whatever follows: the bound stays, and
                // the chain's next step (if any) opens.
                if choice.letters() == 1 << letter {
                    bound += choice.bound;
                    if let Some(next) = choice.chain_next() {
                        tail[next.rank() - r - 1].push(next);
                    }
                }
            } else if let Some(child) = choice.child(letter) {
                let s = t.sum(child as usize);
                bound += s.bound;
                if s.ranks == PAIR {
                    open_run(tail, t, t.sum(s.choices as usize), r + 1);
                    open_run(tail, t, t.sum(s.choices as usize + 1), r + 1);
                } else {
                    open_run(tail, t, s, r + 1);
                }
            }
        }
        debug_assert!(bound >= self.target);
        bound
    }
}

/// Opens the choices of `s` on the open lists of their ranks; `lists` starts at rank `first`.
#[inline(always)]
fn open_run(lists: &mut [Vec<Choice>], t: &Tree, s: Sum, first: usize) {
    let mut ranks = s.ranks;
    let mut k = s.choices;
    while ranks != 0 {
        lists[ranks.trailing_zeros() as usize - first].push(t.choice(k as usize));
        ranks &= ranks - 1;
        k += 1;
    }
}

/// One rank's open choices summed: the child bounds per letter (0-25) and the choices' own
/// bounds at [`TOTAL`], padded to 32 entries.
pub(super) type LetterSums = [u32; 32];

/// Index in a rank's [`LetterSums`] of the open choices' own bounds added up.
pub(super) const TOTAL: usize = 26;

/// The best letter's sum in a rank's sums.
#[inline(always)]
fn best_letter(s: &LetterSums) -> u32 {
    s[..26].iter().copied().max().unwrap_or(0)
}
