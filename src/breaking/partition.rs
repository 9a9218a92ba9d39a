//! Whole searches: a letter partition such as `bdfgjqvwxz aeiou lnrsy chkmpt` splits the
//! alphabet into groups, and every assignment of a group to each cell is one class
//! (4^9 = 262,144 for 3x3). Breaking them all finds every board at or above a target.
//!
//! Rotating or reflecting a class gives a class with the same scores, so only *canonical*
//! assignments are kept (the smallest of their symmetric images, as for boards in
//! [`crate::engine::symmetry`]); boards found are reported in canonical form, once each.

use crate::bounds::class::BoardClass;
use crate::breaking::{BreakStats, ClassBreaker, Survivor};
use crate::engine::board::ALL_LETTERS_MASK;
use crate::engine::symmetry::{canonical, symmetries};
use crate::Board;
use std::collections::BTreeSet;
use std::fmt;

/// The most assignments a search may enumerate (4^12, a 3x4 board with four groups; the
/// published 4x4 partition has 2^4 * 3^12).
pub const MAX_ASSIGNMENTS: u64 = 1 << 24;

/// Why a partition or a search could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartitionError {
    /// No groups at all (or none for the cells without a label).
    Empty,
    /// A character other than a letter in group `group` (1-based) of list `list`.
    BadChar {
        list: String,
        group: usize,
        ch: char,
    },
    /// A letter that appears in two groups of one list.
    Overlap { list: String, letter: char },
    /// A label other than `corner:`, `edge:` or `centre:`.
    BadLabel { label: String },
    /// The same label twice.
    Repeated { label: String },
    /// Too many classes to enumerate.
    TooMany { assignments: String, cells: usize },
}

impl fmt::Display for PartitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartitionError::Empty => write!(
                f,
                "the partition is empty: give letter groups separated by spaces, e.g. 'bdfgjqvwxz aeiou lnrsy chkmpt'"
            ),
            PartitionError::BadChar { list, group, ch } => write!(
                f,
                "{list}group {group}: '{}' is not a letter (groups are runs of letters separated by spaces)",
                ch.escape_default()
            ),
            PartitionError::Overlap { list, letter } => write!(
                f,
                "{list}'{letter}' is in two groups: each letter may be in one group only"
            ),
            PartitionError::BadLabel { label } => write!(
                f,
                "unknown label '{}:': use corner:, edge: or centre: before the groups for those cells",
                label.escape_default()
            ),
            PartitionError::Repeated { label } => write!(f, "'{label}:' is given twice"),
            PartitionError::TooMany { assignments, cells } => write!(
                f,
                "{assignments} classes on {cells} cells, too many to search (at most {MAX_ASSIGNMENTS})"
            ),
        }
    }
}

impl std::error::Error for PartitionError {}

/// Where a cell sits, for partitions whose groups depend on it. Rotations and reflections
/// keep every cell's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// One of the four corners.
    Corner,
    /// On the border, not a corner.
    Edge,
    /// Not on the border.
    Centre,
}

impl CellKind {
    /// The kind of `cell` on a `rows x cols` board.
    pub fn of(cell: usize, rows: usize, cols: usize) -> CellKind {
        let (r, c) = (cell / cols, cell % cols);
        let row_border = r == 0 || r + 1 == rows;
        let col_border = c == 0 || c + 1 == cols;
        match (row_border, col_border) {
            (true, true) => CellKind::Corner,
            (false, false) => CellKind::Centre,
            _ => CellKind::Edge,
        }
    }

    const ALL: [CellKind; 3] = [CellKind::Corner, CellKind::Edge, CellKind::Centre];

    fn label(self) -> &'static str {
        match self {
            CellKind::Corner => "corner",
            CellKind::Edge => "edge",
            CellKind::Centre => "centre",
        }
    }
}

/// Disjoint groups of letters; each cell of a class takes one whole group. Corners, edges and
/// centre cells may each have their own groups: `aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy
/// bcdfghjklmnpqrtvwxz` gives the corners two groups and every other cell three.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    /// The unlabelled groups, then those for corners, edges and centre cells (empty: use the
    /// unlabelled ones).
    lists: [Vec<u32>; 4],
}

impl Partition {
    /// Reads groups separated by whitespace (or commas), each a run of letters. A word ending
    /// in `:` (`corner:`, `edge:`, `centre:` or `center:`) starts the groups for those cells;
    /// the groups before any label are for the other cells.
    ///
    /// ```
    /// use boggle::breaking::partition::Partition;
    /// let p = Partition::parse("bdfgjqvwxz aeiou lnrsy chkmpt").unwrap();
    /// assert_eq!(p.groups().len(), 4);
    /// assert!(Partition::parse("abc cde").is_err());
    /// let p = Partition::parse("aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz").unwrap();
    /// assert_eq!(p.to_string(), "aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz");
    /// ```
    pub fn parse(text: &str) -> Result<Partition, PartitionError> {
        let mut lists: [Vec<u32>; 4] = Default::default();
        let mut seen = [0u32; 4];
        let mut list = 0;
        for word in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
        {
            let mut word = word;
            if let Some((label, rest)) = word.split_once(':') {
                let l = label.to_ascii_lowercase();
                let kind = match l.as_str() {
                    "corner" | "corners" => 1,
                    "edge" | "edges" => 2,
                    "centre" | "center" | "centres" | "centers" => 3,
                    _ => return Err(PartitionError::BadLabel { label: l }),
                };
                if !lists[kind].is_empty() || kind == list {
                    return Err(PartitionError::Repeated {
                        label: CellKind::ALL[kind - 1].label().into(),
                    });
                }
                list = kind;
                word = rest;
                if word.is_empty() {
                    continue;
                }
            }
            let name = match list {
                0 => String::new(),
                k => format!("{}: ", CellKind::ALL[k - 1].label()),
            };
            let mut mask = 0u32;
            for ch in word.chars() {
                if !ch.is_ascii_alphabetic() {
                    return Err(PartitionError::BadChar {
                        list: name,
                        group: lists[list].len() + 1,
                        ch,
                    });
                }
                let bit = 1u32 << (ch.to_ascii_lowercase() as u8 - b'a');
                if seen[list] & bit != 0 {
                    return Err(PartitionError::Overlap {
                        list: name,
                        letter: ch.to_ascii_lowercase(),
                    });
                }
                mask |= bit;
            }
            seen[list] |= mask;
            lists[list].push(mask);
        }
        if lists[0].is_empty() && lists[1..].iter().any(|l| l.is_empty()) {
            return Err(PartitionError::Empty);
        }
        Ok(Partition { lists })
    }

    /// The unlabelled groups as letter masks, in the order given (those of the first labelled
    /// list when every kind of cell has its own).
    pub fn groups(&self) -> &[u32] {
        self.lists
            .iter()
            .find(|l| !l.is_empty())
            .expect("never empty")
    }

    /// The groups a cell of this kind takes.
    pub fn groups_for(&self, kind: CellKind) -> &[u32] {
        let own = &self.lists[1 + kind as usize];
        if own.is_empty() {
            &self.lists[0]
        } else {
            own
        }
    }

    /// True when every cell's groups hold all 26 letters.
    pub fn covers_alphabet(&self) -> bool {
        self.lists
            .iter()
            .filter(|l| !l.is_empty())
            .all(|l| l.iter().fold(0, |a, g| a | g) == ALL_LETTERS_MASK)
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = |l: &[u32]| {
            l.iter()
                .map(|&g| crate::bounds::class::mask_text(g))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut parts = Vec::new();
        if !self.lists[0].is_empty() {
            parts.push(text(&self.lists[0]));
        }
        for (k, kind) in CellKind::ALL.iter().enumerate() {
            if !self.lists[k + 1].is_empty() {
                parts.push(format!("{}:{}", kind.label(), text(&self.lists[k + 1])));
            }
        }
        f.write_str(&parts.join(", "))
    }
}

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
        let total: f64 = radix.iter().map(|&k| k as f64).product();
        let assignments = radix
            .iter()
            .try_fold(1u64, |a, &k| {
                a.checked_mul(k).filter(|&v| v <= MAX_ASSIGNMENTS)
            })
            .ok_or(PartitionError::TooMany {
                assignments: format!("{total:.3e}"),
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
pub struct PartitionResult {
    /// Boards at or above the target, canonical, once each, best first.
    pub boards: Vec<Survivor>,
    /// Totals over all classes.
    pub stats: BreakStats,
    /// Classes broken.
    pub classes: usize,
}

/// One class of a partition search, finished: what `--out` files hold, a line each.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ClassRecord {
    /// The class id in its [`PartitionClasses`].
    pub id: usize,
    /// The class, one letter set per cell.
    pub class: String,
    /// Its upper bound before any split.
    pub bound: u32,
    /// Boards in it that reach the target, canonical, best first.
    pub found: Vec<Survivor>,
    /// Seconds it took on one thread.
    pub secs: f64,
    /// Classes visited while breaking it.
    pub nodes: u64,
    /// The most bytes its trees took.
    pub peak_bytes: u64,
}

/// Breaks the classes `ids` of `search` on `threads` threads (see
/// [`crate::breaking::parallel::break_parallel`]). Each finished class goes to `finished` as it finishes,
/// on the calling thread; `progress(classes done, totals)` is called about every `every`.
#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::too_many_arguments)]
pub fn break_partition(
    search: &PartitionClasses,
    ids: &[usize],
    dict: std::sync::Arc<crate::engine::dictionary::Dictionary>,
    target: u32,
    opts: &crate::breaking::parallel::BreakOptions,
    threads: usize,
    every: std::time::Duration,
    mut finished: impl FnMut(ClassRecord),
    progress: impl FnMut(usize, &BreakStats),
) -> PartitionResult {
    let mut found = Vec::new();
    let stats = crate::breaking::parallel::break_parallel(
        ids.len(),
        &|i| search.class(ids[i]),
        dict,
        target,
        opts,
        threads,
        every,
        |f| {
            let id = ids[f.index];
            let boards = canonical_survivors(f.found, search.rows, search.cols);
            found.extend(boards.iter().cloned());
            finished(ClassRecord {
                id,
                class: search.class(id).to_string(),
                bound: f.stats.root_bound,
                found: boards,
                secs: f.secs,
                nodes: f.stats.classes,
                peak_bytes: f.stats.peak_bytes,
            });
        },
        progress,
    );
    PartitionResult {
        boards: canonical_survivors(found, search.rows, search.cols),
        stats,
        classes: ids.len(),
    }
}

impl PartitionClasses {
    /// The ids of shard `k` of `n` (1-based): every `n`-th id starting at `k - 1`, so hard
    /// classes (which cluster by id) spread over the shards.
    pub fn shard(&self, k: usize, n: usize) -> Vec<usize> {
        assert!(n >= 1 && (1..=n).contains(&k), "shard {k}/{n}");
        (k - 1..self.len()).step_by(n).collect()
    }

    /// `n` distinct ids drawn at random from seed `seed` (all of them when `n >= len()`),
    /// in increasing order.
    pub fn sample(&self, n: usize, seed: u64) -> Vec<usize> {
        let len = self.len();
        if n >= len {
            return (0..len).collect();
        }
        let mut rng = crate::rng::Rng::new(seed);
        let mut picked = std::collections::BTreeSet::new();
        while picked.len() < n {
            picked.insert(rng.below(len));
        }
        picked.into_iter().collect()
    }
}

/// Reads a shard as `K/N` (1 <= K <= N).
pub fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || {
        format!(
            "shard '{}': write K/N with 1 <= K <= N, e.g. 3/8",
            text.escape_default()
        )
    };
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if n == 0 || k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
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
        let e = PartitionClasses::new(p, 4, 4).unwrap_err();
        assert!(e.to_string().starts_with("4.295e9 classes on 16 cells"));
    }
}
