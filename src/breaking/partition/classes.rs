//! A partition's classes on one board shape: every assignment of a group to each cell,
//! symmetric images skipped, numbered in a fixed order so that ids mean the same class on
//! every machine and every run; and random samples of their ids.

use super::{CellKind, Partition, PartitionError, MAX_ASSIGNMENTS};
use crate::bounds::class::BoardClass;
use crate::engine::board::Board;
use crate::engine::symmetry::symmetries;

/// The canonical classes of a partition on one board shape, numbered `0..len()`: class ids are
/// the same on every machine and every run, so shards and resumed runs agree.
#[derive(Clone, Debug)]
pub struct PartitionClasses {
    partition: Partition,
    rows: usize,
    cols: usize,
    /// Each cell's groups.
    cell_groups: Vec<Vec<u32>>,
    /// Canonical assignments, each coded in mixed radix (cell 0 the most significant digit,
    /// each cell's digit below its number of groups).
    codes: Vec<u32>,
    assignments: u64,
}

impl PartitionClasses {
    /// Enumerates the canonical classes of `partition` on a `rows x cols` board.
    pub fn new(
        partition: Partition,
        rows: usize,
        cols: usize,
    ) -> Result<PartitionClasses, PartitionError> {
        let cells = rows * cols;
        let cell_groups: Vec<Vec<u32>> = (0..cells)
            .map(|c| partition.groups_for(CellKind::of(c, rows, cols)).to_vec())
            .collect();
        let radix: Vec<u64> = cell_groups.iter().map(|g| g.len() as u64).collect();
        let total = radix
            .iter()
            .try_fold(1u128, |a, &k| a.checked_mul(k.into()));
        let assignments = total
            .and_then(|t| u64::try_from(t).ok())
            .filter(|&t| t <= MAX_ASSIGNMENTS)
            .ok_or(PartitionError::TooMany {
                assignments: total,
                cells,
            })?;
        let syms: Vec<Vec<u8>> = symmetries(rows, cols).into_iter().skip(1).collect();
        let mut digits = vec![0u8; cells];
        let mut codes = Vec::new();
        for code in 0..assignments {
            // Odometer: advance digits in step with `code` (last cell fastest).
            if code > 0 {
                let mut i = cells;
                loop {
                    i -= 1;
                    digits[i] += 1;
                    if (digits[i] as u64) < radix[i] {
                        break;
                    }
                    digits[i] = 0;
                }
            }
            let smallest = syms.iter().all(|p| {
                p.iter()
                    .map(|&c| digits[c as usize])
                    .ge(digits.iter().copied())
            });
            if smallest {
                codes.push(code as u32);
            }
        }
        Ok(PartitionClasses {
            partition,
            rows,
            cols,
            cell_groups,
            codes,
            assignments,
        })
    }

    /// Number of canonical classes to break.
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    /// True when there is nothing to break (never, for a valid partition).
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// Number of assignments before symmetric images were skipped (the product of each cell's
    /// number of groups).
    pub fn assignments(&self) -> u64 {
        self.assignments
    }

    /// The partition.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// Board shape as `(rows, cols)`.
    pub fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// Canonical class number `i` (`i < len()`).
    pub fn class(&self, i: usize) -> BoardClass {
        let mut code = self.codes[i];
        let mut masks = vec![0; self.cell_groups.len()];
        for (m, groups) in masks.iter_mut().zip(&self.cell_groups).rev() {
            let k = groups.len() as u32;
            *m = groups[(code % k) as usize];
            code /= k;
        }
        BoardClass::new(self.rows, self.cols, masks).expect("shape was checked")
    }

    /// The id of `class` when it is one of this search's canonical classes.
    pub fn id_of(&self, class: &BoardClass) -> Option<usize> {
        if (class.rows(), class.cols()) != (self.rows, self.cols) {
            return None;
        }
        let mut code = 0u64;
        for (m, groups) in class.masks().iter().zip(&self.cell_groups) {
            let d = groups.iter().position(|g| g == m)?;
            code = code * groups.len() as u64 + d as u64;
        }
        self.codes.binary_search(&(code as u32)).ok()
    }

    /// True when `board`, or one of its rotations and reflections, is a board of class `id`
    /// (`id < len()`): a board a search reports under a class must be one of the class's boards.
    pub fn holds(&self, id: usize, board: &Board) -> bool {
        if (board.rows(), board.cols()) != (self.rows, self.cols) {
            return false;
        }
        let class = self.class(id);
        let cells = board.cells();
        symmetries(self.rows, self.cols).iter().any(|p| {
            p.iter()
                .zip(class.masks())
                .all(|(&c, &m)| m & (1 << cells[c as usize]) != 0)
        })
    }

    /// `n` distinct ids drawn at random from seed `seed` (all of them when `n >= len()`), in
    /// the order drawn: hard classes cluster by id, so a run that breaks them in this order and
    /// stops part way has still timed a random sample, and its price and ETA are not biased.
    pub fn sample(&self, n: usize, seed: u64) -> Vec<usize> {
        let len = self.len();
        if n >= len {
            return (0..len).collect();
        }
        let mut rng = crate::rng::Rng::new(seed);
        let mut picked = std::collections::HashSet::new();
        let mut order = Vec::with_capacity(n);
        while order.len() < n {
            let id = rng.below(len);
            if picked.insert(id) {
                order.push(id);
            }
        }
        order
    }
}

/// Checks that a canonical code's digits are the smallest image (for tests).
#[cfg(test)]
fn is_canonical(digits: &[u8], rows: usize, cols: usize) -> bool {
    symmetries(rows, cols)
        .iter()
        .all(|p| crate::engine::symmetry::apply(digits, p).as_slice() >= digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_canonical_classes() {
        let p = Partition::parse("bdfgjqvwxz aeiou lnrsy chkmpt").unwrap();
        let s = PartitionClasses::new(p.clone(), 3, 3).unwrap();
        assert_eq!(s.assignments(), 262_144);
        // Burnside: (4^9 + 2*4^3 + 4^5 + 2*4^6 + 2*4^6) / 8 orbits for the 8 symmetries of a
        // square (identity, two quarter turns, half turn, two axis and two diagonal mirrors).
        let orbits =
            (4u64.pow(9) + 2 * 4u64.pow(3) + 4u64.pow(5) + 2 * 4u64.pow(6) + 2 * 4u64.pow(6)) / 8;
        assert_eq!(s.len() as u64, orbits);
        // Each listed class is canonical, and distinct.
        let mut seen = std::collections::HashSet::new();
        for i in (0..s.len()).step_by(97) {
            let c = s.class(i);
            let digits: Vec<u8> = c
                .masks()
                .iter()
                .map(|m| p.groups().iter().position(|g| g == m).unwrap() as u8)
                .collect();
            assert!(is_canonical(&digits, 3, 3));
            assert!(seen.insert(digits));
        }
        // A class holds its own boards in any orientation, and not a board of another class.
        let id = 4321;
        let class = s.class(id);
        let first = (0..9).map(|c| class.letters(c).next().unwrap()).collect();
        let board = Board::from_cells(3, 3, first).unwrap();
        let turned = crate::engine::symmetry::apply(board.cells(), &symmetries(3, 3)[1]);
        let turned = Board::from_cells(3, 3, turned).unwrap();
        assert!(s.holds(id, &board) && s.holds(id, &turned));
        let other = (0..s.len())
            .filter(|&i| s.holds(i, &board))
            .collect::<Vec<_>>();
        assert_eq!(other, vec![id]);
        assert!(!s.holds(id, &Board::parse("abcdefghijkl", Some((3, 4))).unwrap()));
        let e = PartitionClasses::new(p, 4, 4).unwrap_err();
        assert_eq!(
            e.to_string(),
            "4,294,967,296 ways to give the 16 cells their groups, too many to search \
             (at most 16,777,216): use fewer groups or a smaller board"
        );
        // Past what a u128 counts: 26 groups on 36 cells.
        let every = Partition::parse(&('a'..='z').map(String::from).collect::<Vec<_>>().join(" "));
        let e = PartitionClasses::new(every.unwrap(), 6, 6).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("more than 340,282,366,920,938,463,463,374,607,431,768,211,455 ways"));
    }

    #[test]
    fn a_sample_is_distinct_ids_in_the_order_drawn() {
        let p = Partition::parse("bdfgjqvwxz aeiou lnrsy chkmpt").unwrap();
        let s = PartitionClasses::new(p, 3, 3).unwrap();
        let a = s.sample(200, 7);
        assert_eq!(a, s.sample(200, 7));
        assert_ne!(a, s.sample(200, 8));
        let set: std::collections::BTreeSet<usize> = a.iter().copied().collect();
        assert_eq!(set.len(), 200);
        assert!(a.iter().all(|&i| i < s.len()));
        // Not sorted: a run stopped part way has broken a random part of the sample, not its
        // lowest ids (which cluster by letter groups, and so by cost).
        let rises = a.windows(2).filter(|w| w[0] < w[1]).count();
        assert!((60..140).contains(&rises), "{rises} rises in 199 steps");
        assert_eq!(s.sample(s.len() + 5, 7), (0..s.len()).collect::<Vec<_>>());
    }
}
