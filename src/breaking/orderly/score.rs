//! Scoring the boards that survive to the last rank: queued while the search goes on, scored
//! together up to [`MAX_GROUP`] at a time in one walk
//! ([`crate::engine::solver::Solver::score_group`]), and reported when they reach the target.

use super::OrderlyBreaker;
use crate::engine::board::MAX_CELLS;
use crate::engine::solver::MAX_GROUP;

impl OrderlyBreaker {
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
            if self.tally.is_full() {
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
            self.group_scores[0] = self.solver.score(&self.group_board);
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
        if self.tally.is_full() {
            // Stop: the caller reports that the target is too low.
            self.frames.clear();
            self.parts.clear();
        }
    }
}
