//! Scoring the boards that survive to the last rank: queued while the search goes on, scored
//! together up to [`MAX_GROUP`] at a time in one walk
//! ([`crate::engine::solver::Solver::score_group`]), and reported when they reach the target.
//!
//! Fewer of them survive once the *stem* (every rank before the corners) is known. The tree's
//! bound on one board is its multiboggle score, which counts a word once for every set of cells
//! that spells it; the stem's letters alone may spell a word on two sets, and then every board
//! below it does too, so those points come off their bounds. Counting them is a walk over the
//! stem's paths (about 12 µs on 4x4, as much as 30 forced classes), so it is done only for a
//! stem with a second board at the last rank. On the part of the 4x4 class holding
//! `detgrsnreiaestlp` with its centre forced, 145,369 boards scored fell to 14,279 and the forced
//! classes by a fifth; ordinary classes rarely reach a second board and do not change.

use super::OrderlyBreaker;
use crate::engine::board::MAX_CELLS;
use crate::engine::solver::MAX_GROUP;

/// A stem's boards at the last rank before its repeated points are counted: a stem whose
/// first board is its only one never pays for the count.
const COUNT_AT_BOARD: u32 = 2;

impl OrderlyBreaker {
    /// A new stem (the ranks before it just forced): its repeated points are not known yet.
    pub(super) fn start_stem(&mut self) {
        self.stem_boards = 0;
        self.repeated = 0;
    }

    /// The points that come off the bound of a forced class at `rank`: the stem's repeated
    /// points below the stem, none above it.
    #[inline(always)]
    pub(super) fn repeated_at(&self, rank: usize) -> u32 {
        if rank >= self.stem {
            self.repeated
        } else {
            0
        }
    }

    /// For a forced class at the last rank whose `bound` reaches the target: true when its
    /// stem's repeated points, counted now if this is the stem's second such board, take it
    /// below the target.
    pub(super) fn stem_falls_short(&mut self, bound: u32) -> bool {
        if self.stem == 0 || self.repeated != 0 {
            return false;
        }
        self.stem_boards = self.stem_boards.saturating_add(1);
        if self.stem_boards != COUNT_AT_BOARD {
            return false;
        }
        // The stem's letters; its free cells (all their letters kept) and the corners closed.
        let mut closed = 0u64;
        for (r, &cell) in self.order[..self.cells].iter().enumerate() {
            let a = self.assigned[r];
            if r < self.stem && a.count_ones() == 1 {
                self.board.cells_mut()[cell] = a.trailing_zeros() as u8;
            } else {
                closed |= 1 << cell;
            }
        }
        self.repeated = self.solver.repeated_points(&self.board, closed);
        bound.saturating_sub(self.repeated) < self.target
    }

    /// Scores every board of the assignment (free cells take each of their letters).
    pub(super) fn score_boards(&mut self) {
        let n = self.cells;
        let mut pick = [0u32; MAX_CELLS];
        for (p, &a) in pick.iter_mut().zip(&self.assigned[..n]) {
            *p = a & a.wrapping_neg();
        }
        loop {
            for (&cell, p) in self.order.iter().zip(&pick[..n]) {
                self.board.cells_mut()[cell] = p.trailing_zeros() as u8;
            }
            self.queue_board();
            if self.tally.is_stopped() {
                return;
            }
            // Next combination of the free cells' letters.
            let mut r = n;
            loop {
                if r == 0 {
                    return;
                }
                r -= 1;
                let rest = self.assigned[r] & !(pick[r] | (pick[r] - 1));
                if rest != 0 {
                    pick[r] = rest & rest.wrapping_neg();
                    break;
                }
                pick[r] = self.assigned[r] & self.assigned[r].wrapping_neg();
            }
        }
    }

    /// Adds the board to the group waiting to be scored, scoring the group first when full.
    /// On the 4x4 class holding `perslatgsineters` with its first cell forced to `a` (1.1 M
    /// boards scored, 43 s one by one), groups of 64 took 19.5 s and of 128 17.7 s; grouping
    /// only boards that differ in the corners, or in the last 3 to 10 ranks, was no faster.
    fn queue_board(&mut self) {
        if self.group_scores.len() == MAX_GROUP {
            self.score_group();
        }
        if self.group_scores.is_empty() {
            self.group_board.clone_from(&self.board);
        }
        self.group_letters.extend_from_slice(self.board.cells());
        self.group_scores.push(0);
    }

    /// Scores the boards waiting in the group (see [`OrderlyBreaker::queue_board`]).
    pub(super) fn score_group(&mut self) {
        let count = self.group_scores.len();
        if count == 0 {
            return;
        }
        if count == 1 {
            // One board: the plain walk is faster.
            self.group_scores[0] = self.solver.score_unlimited(&self.group_board);
        } else {
            self.solver.score_group(
                &self.group_board,
                &self.group_cells,
                &self.group_letters,
                &mut self.group_scores,
            );
        }
        self.tally.stats.boards_scored += count as u64;
        let k = self.group_cells.len();
        for (i, &score) in self.group_scores.iter().enumerate() {
            if score >= self.target {
                for (j, &c) in self.group_cells.iter().enumerate() {
                    self.group_board.cells_mut()[c] = self.group_letters[i * k + j];
                }
                self.tally.add_found(score, self.group_board.to_string());
            }
        }
        self.group_scores.clear();
        self.group_letters.clear();
        if self.tally.is_stopped() {
            self.drop_search();
        }
    }
}
