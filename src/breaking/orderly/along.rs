//! Forcing along the tree, near the target: the open choice nodes of each rank (one list per
//! rank) are replaced by their child for the letter forced, and the bound is updated rather
//! than recomputed, stopping as soon as it falls below the target. Cheap per step, looser than
//! merging.

use super::{Frame, OrderlyBreaker, ALONG};
use crate::breaking::tree::{Mark, Sum, CHAIN_STEP, PAIR};

impl OrderlyBreaker {
    /// Starts forcing rank `rank` along the tree below `root`, whose choices are all for that
    /// rank or later ones.
    pub(super) fn start_along(&mut self, root: u32, rank: usize, bound: u32, weight: f64) {
        for o in &mut self.open[rank..] {
            o.clear();
        }
        open_run(&mut self.open, self.tree.sum(root as usize), 0);
        self.push_along(rank, bound, weight);
    }

    /// Starts forcing rank `rank` along the tree: letters whose bound falls short are settled
    /// at once, the others are left to [`OrderlyBreaker::step_along`].
    fn push_along(&mut self, rank: usize, bound: u32, weight: f64) {
        let bounds = self.letter_bounds(rank, bound);
        let mut frame = Frame {
            rank: rank as u8,
            left: 0,
            bound,
            weight,
            root: ALONG,
            mark: Mark::default(),
        };
        let mut letters = self.rank_masks[rank];
        while letters != 0 {
            let bit = letters & letters.wrapping_neg();
            letters &= letters - 1;
            let b = bounds[bit.trailing_zeros() as usize];
            if b < self.target {
                self.settle(&frame, bit, b);
            } else {
                frame.left |= bit;
            }
        }
        if frame.left == 0 {
            return;
        }
        let base = rank * self.cells;
        for t in rank + 1..self.cells {
            self.saved[base + t] = self.open[t].len() as u32;
        }
        self.frames.push(frame);
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
        if self.settle(&f, letters, bound) {
            let weight =
                f.weight * letters.count_ones() as f64 / self.rank_masks[r + 1].count_ones() as f64;
            self.push_along(r + 1, bound, weight);
        }
    }

    /// The bound each letter of rank `r` would leave (exact for those that reach the target,
    /// at least as high as the exact one for the others), in one read of the open choices for
    /// `r` and their children, where forcing letter by letter reads them once a letter: most
    /// letters fall short of the target and need nothing more.
    fn letter_bounds(&self, r: usize, bound: u32) -> [u32; 26] {
        let t = &self.tree;
        let open = &self.open[r];
        let mut rest = bound;
        let mut add = [0u32; 26];
        // The most any letter has gained so far: each choice still to read can only lower a
        // letter's bound, so once `rest + most` falls short, every letter does.
        let mut most = 0;
        for &c in open {
            let choice = t.open_choice(c);
            rest -= choice.bound;
            if choice.is_chain() {
                let l = choice.letters().trailing_zeros() as usize;
                add[l] = add[l].saturating_add(choice.bound);
                most = most.max(add[l]);
            } else {
                let mut letters = choice.letters();
                let mut child = choice.children as usize;
                while letters != 0 {
                    let l = letters.trailing_zeros() as usize;
                    letters &= letters - 1;
                    add[l] = add[l].saturating_add(t.sum(child).bound);
                    most = most.max(add[l]);
                    child += 1;
                }
            }
            if rest.saturating_add(most) < self.target {
                break;
            }
        }
        add.map(|a| rest.saturating_add(a))
    }

    /// Forces rank `r` to `letter`: replaces each open choice node for `r` by its child for the
    /// letter, opening that child's choices, and returns the new bound. The bound only falls
    /// as nodes are replaced, so it stops as soon as it is below the target.
    fn force_along(&mut self, r: usize, letter: u32, bound: u32) -> u32 {
        let t = &self.tree;
        let mut bound = bound;
        let (head, tail) = self.open.split_at_mut(r + 1);
        for &c in &head[r] {
            let choice = t.open_choice(c);
            bound -= choice.bound;
            if choice.is_chain() {
                // One letter, and the word's points whatever follows: the bound stays, and
                // the chain's next step (if any) opens.
                if choice.letters() == 1 << letter {
                    bound += choice.bound;
                    if let Some(next) = choice.chain_next() {
                        tail[next.rank() - r - 1].push(c + CHAIN_STEP);
                    }
                }
            } else if let Some(child) = choice.child(letter) {
                let s = t.sum(child as usize);
                bound += s.bound;
                if s.ranks == PAIR {
                    open_run(tail, t.sum(s.choices as usize), r + 1);
                    open_run(tail, t.sum(s.choices as usize + 1), r + 1);
                } else {
                    open_run(tail, s, r + 1);
                }
            }
            if bound < self.target {
                break;
            }
        }
        bound
    }
}

/// Opens the choices of `s` on the open lists of their ranks; `lists` starts at rank `first`.
#[inline(always)]
fn open_run(lists: &mut [Vec<u32>], s: Sum, first: usize) {
    let mut ranks = s.ranks;
    let mut k = s.choices;
    while ranks != 0 {
        lists[ranks.trailing_zeros() as usize - first].push(k);
        ranks &= ranks - 1;
        k += 1;
    }
}
