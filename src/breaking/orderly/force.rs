//! Forcing cells by merging, and what every forced class comes to: a part of the class gets
//! its tree and its first frame ([`OrderlyBreaker::begin`], or is split first when the tree
//! would not fit the memory budget), each letter forced by merging makes a new root
//! ([`OrderlyBreaker::step_merge`]), and each forced class is eliminated, scored or split
//! further ([`OrderlyBreaker::settle`]).

use super::collect::Overflow;
use super::{Frame, OrderlyBreaker};
use crate::breaking::{split_mask, BreakError};
use crate::engine::board::MAX_CELLS;

/// Budget bytes allowed per word entry: a tree has about 2 nodes of 12 bytes per entry,
/// so that a class's own tree takes at most a third of the budget and merging has the rest.
/// A tree that turns out bigger is split once built.
const BYTES_PER_ENTRY: usize = 96;

/// No class's tree may hold more entries than this, whatever the budget: with at most 11
/// points a word, no bound can then reach bit 31 (which a merge uses to flag a bound it has
/// not settled yet).
const MAX_ENTRIES: usize = (u32::MAX / 22) as usize;

impl OrderlyBreaker {
    /// Builds the tree of one part of the class and starts forcing it; a part whose tree would
    /// not fit the memory budget is split on its first big cell instead.
    pub(super) fn begin(&mut self, masks: [u32; MAX_CELLS]) {
        self.set_masks(masks);
        self.start_stem();
        self.tally.stats.bound_evals += 1;
        self.tally.stats.depth = 0;
        let limit = (self.memory_budget / BYTES_PER_ENTRY).min(MAX_ENTRIES);
        let entry_bytes = match self.collect_and_build(limit) {
            Ok(bytes) => bytes,
            Err(Overflow::Entries) => {
                self.split_part(masks);
                return;
            }
            Err(Overflow::Paths) => {
                self.give_up(BreakError::TooManyPaths { board: None });
                return;
            }
            Err(Overflow::Cancelled) => {
                self.drop_search();
                return;
            }
        };
        self.peak_bytes = self.peak_bytes.max(entry_bytes + self.tree.bytes());
        // A tree too big to merge in would be forced along the tree alone, far more slowly:
        // split the part instead.
        if self.tree.used_bytes() > self.memory_budget / 3 && self.sum_union >= self.target {
            self.split_part(masks);
            return;
        }
        if self.sum_union < self.target {
            let stats = &mut self.tally.stats;
            stats.root_bound = stats.root_bound.max(self.sum_union);
            self.eliminate(self.boards_from[0]);
            return;
        }
        let root_bound = self.tree.sum(0).bound;
        let stats = &mut self.tally.stats;
        stats.root_bound = stats.root_bound.max(root_bound.min(self.sum_union));
        if root_bound < self.target {
            self.eliminate(self.boards_from[0]);
            return;
        }
        self.tally.stats.split += 1;
        let weight = self.boards_from[1];
        if root_bound as f64 >= self.switch * self.target as f64 {
            self.frames.push(Frame {
                rank: 0,
                left: self.rank_masks[0],
                bound: root_bound,
                weight,
                root: 0,
                mark: self.tree.mark(),
            });
        } else {
            self.start_along(0, 0, root_bound, weight);
        }
    }

    /// Splits a part too big to build into parts on its first cell (in split order) with more
    /// than one letter.
    fn split_part(&mut self, masks: [u32; MAX_CELLS]) {
        let Some(&cell) = self.order.iter().find(|&&c| masks[c].count_ones() > 1) else {
            self.score_alone(masks);
            return;
        };
        self.tally.stats.split += 1;
        split_mask(masks[cell], &mut self.split_scratch);
        for &part in self.split_scratch.iter().rev() {
            let mut m = masks;
            m[cell] = part;
            self.parts.push(m);
        }
    }

    /// Forces the next letter of a merging frame: a new root merged from the frame's root.
    pub(super) fn step_merge(&mut self, f: Frame) {
        let r = f.rank as usize;
        self.tree.truncate(f.mark);
        let choice = self.tree.choice_for(f.root, r);
        // Letters without a child all leave the same root: force them together.
        let absent = match choice {
            None => f.left,
            Some(c) => f.left & !self.tree.choice(c as usize).letters(),
        };
        let letters = if absent != 0 {
            absent
        } else {
            f.left & f.left.wrapping_neg()
        };
        self.frames.last_mut().expect("just read").left &= !letters;
        self.assigned[r] = letters;
        let (root, bound) = match choice {
            None => (f.root, f.bound),
            Some(c) => {
                let c = self.tree.choice(c as usize);
                // The merged bound is at most the two parts' bounds added: often enough to
                // eliminate a letter without merging.
                let rest = f.bound - c.bound;
                let upper = match self.tree.child_bound(c, letters.trailing_zeros()) {
                    Some(child) if absent == 0 => rest + child,
                    _ => rest,
                };
                if upper < self.target {
                    (f.root, upper)
                } else {
                    // A merge whose bound stays below `switch` times the target leads to a
                    // walk along the tree, which rarely reaches the deep levels: merge only
                    // the top ones.
                    let along = (upper as f64) < self.switch * self.target as f64;
                    let letter = letters.trailing_zeros();
                    let root = if along && self.shallow > 0 {
                        self.tree.force_shallow(f.root, r, letter, self.shallow)
                    } else {
                        self.tree.force(f.root, r, letter)
                    };
                    (root, self.tree.sum(root as usize).bound)
                }
            }
        };
        if !self.settle(&f, letters, bound) {
            return;
        }
        let weight =
            f.weight * letters.count_ones() as f64 / self.rank_masks[r + 1].count_ones() as f64;
        self.peak_bytes = self.peak_bytes.max(self.tree.bytes());
        let room = self.tree.used_bytes() < self.memory_budget / 3 * 2;
        if bound as f64 >= self.switch * self.target as f64 && room {
            self.frames.push(Frame {
                rank: r as u8 + 1,
                left: self.rank_masks[r + 1],
                bound,
                weight,
                root,
                mark: self.tree.mark(),
            });
        } else {
            self.start_along(root, r + 1, bound, weight);
        }
    }

    /// Counts a forced class and settles it when it can be: eliminated by its bound, or (at the
    /// last rank) scored board by board. True when it must be split further.
    pub(super) fn settle(&mut self, f: &Frame, letters: u32, bound: u32) -> bool {
        let r = f.rank as usize;
        let stats = &mut self.tally.stats;
        stats.classes += 1;
        stats.depth = r as u32 + 1;
        stats.max_depth = stats.max_depth.max(r as u32 + 1);
        if bound < self.target {
            self.eliminate(f.weight * letters.count_ones() as f64);
            false
        } else if r + 1 == self.cells {
            if self.stem_falls_short(bound) {
                self.eliminate(f.weight * letters.count_ones() as f64);
            } else {
                self.score_boards();
            }
            false
        } else {
            if r + 1 == self.stem {
                self.start_stem();
            }
            self.tally.stats.split += 1;
            true
        }
    }

    /// Scores a single board whose entries do not fit the memory budget, within the solver's
    /// limit: a real board has thousands of entries, so only a hostile word list gets here,
    /// and the class is given up on when the board has too many paths to score.
    fn score_alone(&mut self, masks: [u32; MAX_CELLS]) {
        for (cell, &m) in self.board.cells_mut().iter_mut().zip(&masks) {
            *cell = m.trailing_zeros() as u8;
        }
        match self.solver.score(&self.board) {
            Ok(score) => {
                self.tally.stats.boards_scored += 1;
                if score >= self.target {
                    self.tally.add_found(score, self.board.to_string());
                    if self.tally.is_stopped() {
                        self.drop_search();
                    }
                }
            }
            Err(_) => self.give_up(BreakError::TooManyPaths {
                board: Some(self.board.to_string()),
            }),
        }
    }

    /// Stops breaking the class for `why`: the search is dropped and the tally says why.
    fn give_up(&mut self, why: BreakError) {
        self.tally.fail(why);
        self.drop_search();
    }

    /// Drops what is left of the class's search, once the tally says it must stop (the caller
    /// reports why).
    pub(super) fn drop_search(&mut self) {
        self.frames.clear();
        self.parts.clear();
    }

    fn eliminate(&mut self, boards: f64) {
        self.tally.stats.eliminated += 1;
        self.tally.stats.boards_eliminated += boards;
    }
}
