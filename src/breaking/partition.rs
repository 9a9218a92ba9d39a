//! Whole searches: a letter partition such as `bdfgjqvwxz aeiou lnrsy chkmpt` splits the
//! alphabet into groups, and every assignment of a group to each cell is one class
//! (4^9 = 262,144 for 3x3). Breaking them all finds every board at or above a target.
//!
//! Rotating or reflecting a class gives a class with the same scores, so only *canonical*
//! assignments are kept (the smallest of their symmetric images, as for boards in
//! [`crate::engine::symmetry`]); boards found are reported in canonical form, once each.

use crate::bounds::class::{BoardClass, ALL_LETTERS};
use crate::breaking::{BreakStats, ClassBreaker, Survivor};
use crate::engine::symmetry::{canonical, symmetries};
use crate::Board;
use std::collections::BTreeSet;
use std::fmt;

/// The most assignments a search may enumerate (4^12, a 3x4 board with four groups).
pub const MAX_ASSIGNMENTS: u64 = 1 << 24;

/// Why a partition or a search could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartitionError {
    /// No groups at all.
    Empty,
    /// A character other than a letter in group `group` (1-based).
    BadChar { group: usize, ch: char },
    /// A letter that appears in two groups.
    Overlap { letter: char },
    /// Too many classes to enumerate.
    TooMany { groups: usize, cells: usize },
}

impl fmt::Display for PartitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartitionError::Empty => write!(
                f,
                "the partition is empty: give letter groups separated by spaces, e.g. 'bdfgjqvwxz aeiou lnrsy chkmpt'"
            ),
            PartitionError::BadChar { group, ch } => write!(
                f,
                "group {group}: '{}' is not a letter (groups are runs of letters separated by spaces)",
                ch.escape_default()
            ),
            PartitionError::Overlap { letter } => {
                write!(f, "'{letter}' is in two groups: each letter may be in one group only")
            }
            PartitionError::TooMany { groups, cells } => write!(
                f,
                "{groups} groups on {cells} cells make {groups}^{cells} classes, too many to search (at most {MAX_ASSIGNMENTS})"
            ),
        }
    }
}

impl std::error::Error for PartitionError {}

/// Disjoint groups of letters; each cell of a class takes one whole group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    groups: Vec<u32>,
}

impl Partition {
    /// Reads groups separated by whitespace (or commas), each a run of letters.
    ///
    /// ```
    /// let p = boggle::breaking::partition::Partition::parse("bdfgjqvwxz aeiou lnrsy chkmpt").unwrap();
    /// assert_eq!(p.groups().len(), 4);
    /// assert!(boggle::breaking::partition::Partition::parse("abc cde").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Partition, PartitionError> {
        let mut groups = Vec::new();
        let mut seen = 0u32;
        for (i, word) in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .enumerate()
        {
            let mut mask = 0u32;
            for ch in word.chars() {
                if !ch.is_ascii_alphabetic() {
                    return Err(PartitionError::BadChar { group: i + 1, ch });
                }
                let bit = 1u32 << (ch.to_ascii_lowercase() as u8 - b'a');
                if seen & bit != 0 {
                    return Err(PartitionError::Overlap {
                        letter: ch.to_ascii_lowercase(),
                    });
                }
                mask |= bit;
            }
            seen |= mask;
            groups.push(mask);
        }
        if groups.is_empty() {
            return Err(PartitionError::Empty);
        }
        Ok(Partition { groups })
    }

    /// The groups as letter masks, in the order given.
    pub fn groups(&self) -> &[u32] {
        &self.groups
    }

    /// True when the groups hold all 26 letters.
    pub fn covers_alphabet(&self) -> bool {
        self.groups.iter().fold(0, |a, g| a | g) == ALL_LETTERS
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<String> = self
            .groups
            .iter()
            .map(|&g| crate::bounds::class::mask_text(g))
            .collect();
        f.write_str(&texts.join(" "))
    }
}

/// The canonical classes of a partition on one board shape, numbered `0..len()`.
#[derive(Clone, Debug)]
pub struct PartitionSearch {
    partition: Partition,
    rows: usize,
    cols: usize,
    /// Canonical assignments, each coded in base `groups` (cell 0 the most significant digit).
    codes: Vec<u32>,
    assignments: u64,
}

impl PartitionSearch {
    /// Enumerates the canonical classes of `partition` on a `rows x cols` board.
    pub fn new(
        partition: Partition,
        rows: usize,
        cols: usize,
    ) -> Result<PartitionSearch, PartitionError> {
        let k = partition.groups.len() as u64;
        let cells = rows * cols;
        let too_many = PartitionError::TooMany {
            groups: k as usize,
            cells,
        };
        let assignments = (0..cells)
            .try_fold(1u64, |a, _| {
                a.checked_mul(k).filter(|&v| v <= MAX_ASSIGNMENTS)
            })
            .ok_or(too_many)?;
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
                    if (digits[i] as u64) < k {
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
        Ok(PartitionSearch {
            partition,
            rows,
            cols,
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

    /// Number of assignments before symmetric images were skipped (`groups ^ cells`).
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

    /// Canonical class number `i`.
    pub fn class(&self, i: usize) -> BoardClass {
        let k = self.partition.groups.len() as u32;
        let cells = self.rows * self.cols;
        let mut code = self.codes[i];
        let mut masks = vec![0; cells];
        for m in masks.iter_mut().rev() {
            *m = self.partition.groups[(code % k) as usize];
            code /= k;
        }
        BoardClass::new(self.rows, self.cols, masks).expect("shape was checked")
    }

    /// Breaks classes `range` with `breaker`, calling `stop()` between classes (true ends the
    /// run early, leaving the rest of the range undone). Returns how many classes were
    /// finished. Boards found are left in the breaker.
    pub fn break_range(
        &self,
        breaker: &mut dyn ClassBreaker,
        range: std::ops::Range<usize>,
        mut stop: impl FnMut() -> bool,
    ) -> usize {
        let mut done = 0;
        for i in range {
            if stop() {
                break;
            }
            breaker
                .start(&self.class(i))
                .expect("partition classes have no empty cell");
            breaker.run();
            done += 1;
        }
        done
    }
}

/// Canonical forms of the boards found, once each, best first (then alphabetical).
pub fn canonical_survivors(
    found: impl IntoIterator<Item = Survivor>,
    rows: usize,
    cols: usize,
) -> Vec<Survivor> {
    let set: BTreeSet<Survivor> = found
        .into_iter()
        .map(|s| {
            let b = Board::parse(&s.board, Some((rows, cols))).expect("a board the engine wrote");
            let board = canonical(&b).to_string();
            Survivor {
                score: s.score,
                board,
            }
        })
        .collect();
    let mut v: Vec<Survivor> = set.into_iter().collect();
    v.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| a.board.cmp(&b.board)));
    v
}

/// What a whole search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Boards at or above the target, canonical, once each, best first.
    pub boards: Vec<Survivor>,
    /// Totals over all classes.
    pub stats: BreakStats,
    /// Classes broken.
    pub classes: usize,
}

/// Breaks every class of `search` on `threads` threads (see [`crate::breaking::parallel::break_parallel`]);
/// `progress(classes done, totals)` is called on the calling thread about every `every`.
#[cfg(not(target_arch = "wasm32"))]
pub fn search_parallel(
    search: &PartitionSearch,
    dict: std::sync::Arc<crate::engine::dictionary::Dictionary>,
    target: u32,
    threads: usize,
    every: std::time::Duration,
    progress: impl FnMut(usize, &BreakStats),
) -> SearchResult {
    let (stats, found) = crate::breaking::parallel::break_parallel(
        search.len(),
        &|i| search.class(i),
        dict,
        target,
        threads,
        every,
        progress,
    );
    SearchResult {
        boards: canonical_survivors(found, search.rows, search.cols),
        stats,
        classes: search.len(),
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
    fn reads_partitions_and_explains_mistakes() {
        let p = Partition::parse(" bdfgjqvwxz aeiou, lnrsy chkmpt ").unwrap();
        assert_eq!(p.groups().len(), 4);
        assert!(p.covers_alphabet());
        assert_eq!(p.to_string(), "bdfgjqvwxz aeiou lnrsy chkmpt");
        assert!(!Partition::parse("ab cd").unwrap().covers_alphabet());
        assert_eq!(
            Partition::parse("abc cde").unwrap_err().to_string(),
            "'c' is in two groups: each letter may be in one group only"
        );
        assert!(Partition::parse("aa b").is_ok());
        assert!(Partition::parse("ab c7")
            .unwrap_err()
            .to_string()
            .starts_with("group 2: '7'"));
        assert_eq!(Partition::parse("  ").unwrap_err(), PartitionError::Empty);
    }

    #[test]
    fn counts_canonical_classes() {
        let p = Partition::parse("bdfgjqvwxz aeiou lnrsy chkmpt").unwrap();
        let s = PartitionSearch::new(p.clone(), 3, 3).unwrap();
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
        let e = PartitionSearch::new(p, 4, 4).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("4 groups on 16 cells make 4^16 classes"));
    }
}
