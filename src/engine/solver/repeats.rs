//! The points a board's words score again on further sets of cells: its multiboggle score less
//! its score. Only the breaker asks for it, to take it off the bound of the boards that share
//! those cells (see `breaking/orderly/score.rs`).

use super::Solver;
use crate::engine::board::Board;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// Scratch space of [`Solver::repeated_points`]: the (word node, set of cells) pairs found,
/// kept with their room between walks.
#[derive(Default)]
pub(super) struct RepeatScratch {
    pairs: HashSet<(u32, u64), BuildHasherDefault<PairHasher>>,
}

/// A multiplicative hash of a pair's two numbers: the standard hasher is built to resist
/// chosen keys, which trie nodes and cell masks are not, and costs several times as much.
#[derive(Default)]
struct PairHasher(u64);

impl Hasher for PairHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

impl Solver {
    /// The points of `board`'s words counted once more for every further set of cells that
    /// spells them (each word's points times its sets of cells less one), over the paths that
    /// avoid the cells of `closed` (a bit mask). Every board that agrees with `board` outside
    /// `closed` spells those words on those sets too, so its score is at least this much below
    /// its multiboggle score.
    ///
    /// ```
    /// # let dict = boggle::Dictionary::from_bytes(b"tea\ntee\neat\nate\n").unwrap();
    /// let mut solver = boggle::Solver::new(std::sync::Arc::new(dict));
    /// let board = boggle::Board::parse("teat", None).unwrap();
    /// // "tea", "eat" and "ate" each on two sets of cells (with either `t`): one point again each.
    /// assert_eq!(solver.repeated_points(&board, 0), 3);
    /// // Without the last cell, every word is spelled on one set.
    /// assert_eq!(solver.repeated_points(&board, 1 << 3), 0);
    /// ```
    pub fn repeated_points(&mut self, board: &Board, closed: u64) -> u32 {
        let closed = closed & ((1u64 << board.len()) - 1);
        let stamp = self.next_stamp();
        let mut pairs = std::mem::take(&mut self.repeats.pairs);
        pairs.clear();
        // Per word node: `stamp` once some set of cells spells it.
        let mut marks = std::mem::take(&mut self.marks);
        let mut points = 0u32;
        self.walk_avoiding(board, closed, u64::MAX, &mut |node, p, cells, _| {
            if pairs.insert((node, cells)) {
                if marks[node as usize] == stamp {
                    points = points.saturating_add(p);
                }
                marks[node as usize] = stamp;
            }
            true
        });
        self.marks = marks;
        self.repeats.pairs = pairs;
        points
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::board::Board;
    use crate::engine::dictionary::Dictionary;
    use crate::engine::solver::Solver;
    use crate::rng::Rng;
    use std::collections::{HashMap, HashSet};
    use std::sync::Arc;

    /// Every word's sets of cells avoiding `closed`, by the solver's plain walk.
    fn reference(solver: &mut Solver, board: &Board, closed: u64) -> u32 {
        let mut sets: HashMap<u32, (u32, HashSet<u64>)> = HashMap::new();
        solver
            .walk(board, &mut |idx, points, used, _| {
                if used & closed == 0 {
                    sets.entry(idx)
                        .or_insert((points, HashSet::new()))
                        .1
                        .insert(used);
                }
                true
            })
            .unwrap();
        sets.values()
            .map(|(points, s)| points * (s.len() as u32 - 1))
            .sum()
    }

    #[test]
    fn repeated_points_are_the_multiboggle_score_less_the_score() {
        let dict = Arc::new(Dictionary::from_bytes(crate::word_lists::BUILT_IN[0].2).unwrap());
        let mut solver = Solver::new(dict);
        let mut rng = Rng::new(7);
        let mut repeated = 0;
        for round in 0..300 {
            let (rows, cols) = [(3, 3), (3, 4), (4, 4), (5, 5)][round % 4];
            // Few letters, so that words repeat.
            let letters: String = (0..rows * cols)
                .map(|_| b"aerstlni"[rng.below(8)] as char)
                .collect();
            let board = Board::parse(&letters, Some((rows, cols))).unwrap();
            let whole = solver.repeated_points(&board, 0);
            assert_eq!(
                whole,
                solver.multiboggle_score(&board).unwrap() - solver.score(&board).unwrap(),
                "{letters}"
            );
            let closed = rng.next_u64() & ((1 << (rows * cols)) - 1) & rng.next_u64();
            let part = solver.repeated_points(&board, closed);
            assert_eq!(
                part,
                reference(&mut solver, &board, closed),
                "{letters} {closed:b}"
            );
            assert!(part <= whole);
            repeated += usize::from(part > 0);
        }
        assert!(repeated > 100, "only {repeated} boards repeated a word");
        // The best known 5x5 board: multiboggle 14,453, score 10,406.
        let best = Board::parse("ligdrmanesietildsracsepes", None).unwrap();
        assert_eq!(solver.repeated_points(&best, 0), 14_453 - 10_406);
    }
}
