//! What the open-cell walks share: the words found on only some of their boards.

use crate::engine::dictionary::Node;
use std::ops::BitOrAssign;

/// Word nodes a walk over several boards at once ([`crate::Solver::score_variants`],
/// [`crate::Solver::score_group`]) found on only some of them: per node, the set of boards as
/// a bit mask (letters, or boards of a group), stamped per walk so nothing is cleared.
#[derive(Default)]
pub(super) struct FoundOn<M> {
    stamps: Vec<u32>,
    boards: Vec<M>,
    touched: Vec<u32>,
}

impl<M: Copy + Default + BitOrAssign + Into<u128>> FoundOn<M> {
    /// Readies it for a walk stamped `stamp` over a trie of `nodes` nodes. Stamp 1 follows a
    /// wrap of the stamps (or is the first walk): old stamps are stale then.
    pub fn start(&mut self, nodes: usize, stamp: u32) {
        if self.stamps.len() != nodes || stamp == 1 {
            self.stamps = vec![0; nodes];
            self.boards = vec![M::default(); nodes];
        }
        self.touched.clear();
    }

    /// Records that word node `idx` (if it is a word) was found on the boards `on`.
    #[inline(always)]
    pub fn add(&mut self, idx: u32, node: Node, stamp: u32, on: M) {
        if node.points() == 0 {
            return;
        }
        let i = idx as usize;
        if self.stamps[i] != stamp {
            self.stamps[i] = stamp;
            self.boards[i] = M::default();
            self.touched.push(idx);
        }
        self.boards[i] |= on;
    }

    /// Adds each recorded word's points to `out[b]` for every board `b` it was found on,
    /// skipping the words `marks` shows found on every board (stamped `stamp`): those are
    /// counted once for all.
    pub fn add_points(&self, nodes: &[Node], marks: &[u32], stamp: u32, out: &mut [u32]) {
        for &idx in &self.touched {
            if marks[idx as usize] == stamp {
                continue;
            }
            let points = nodes[idx as usize].points();
            let mut m: u128 = self.boards[idx as usize].into();
            while m != 0 {
                out[m.trailing_zeros() as usize] += points;
                m &= m - 1;
            }
        }
    }
}
