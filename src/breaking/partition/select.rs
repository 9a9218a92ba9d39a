//! Which classes of a search a run breaks: all of them, chosen ids, or a random sample, then
//! optionally one shard of those (every N-th from the K-th), so a cluster can split a search
//! into independent jobs. The CLI and the Python package both choose classes this way.

use super::PartitionClasses;
use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

/// The seed a sample is drawn from when none is given: `boggle break --sample` and the Python
/// package's `break_partition(sample=...)` draw the same classes by default.
pub const DEFAULT_SAMPLE_SEED: u64 = 1;

/// Puts the class ids a run breaks in a fixed random order. Hard classes cluster by id, so a
/// run that broke them by id would finish the cheap ones first: its ETA would be low and a run
/// stopped part way would have timed a biased part. In this order the classes finished at any
/// time are a fair sample of the rest. (A sample is already in the order it was drawn.)
pub fn in_break_order(ids: &mut [usize]) {
    let mut rng = crate::rng::Rng::new(BREAK_ORDER_SEED);
    for i in (1..ids.len()).rev() {
        ids.swap(i, rng.below(i + 1));
    }
}

/// The seed of [`in_break_order`]'s shuffle: fixed, so a run's order is the same every time.
const BREAK_ORDER_SEED: u64 = 0x5eed;

/// The classes chosen before sharding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chosen {
    /// Every class of the search.
    All,
    /// These class ids (each once, in order).
    Ids(BTreeSet<usize>),
    /// `n` distinct ids drawn at random from `seed` ([`PartitionClasses::sample`]).
    Sample {
        /// How many classes.
        n: usize,
        /// The draw's seed.
        seed: u64,
    },
}

/// Shard `k` of `n` (1 <= k <= n): every n-th class of a selection, from the k-th.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, counted from 1.
    pub k: usize,
    /// How many shards.
    pub n: usize,
}

impl FromStr for Shard {
    type Err = String;

    /// Reads `K/N`, with a message that shows the form when it is anything else.
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || {
            format!(
                "shard '{}': write K/N with 1 <= K <= N, e.g. 3/8",
                crate::engine::quoted(text)
            )
        };
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let k: usize = k.trim().parse().map_err(|_| bad())?;
        let n: usize = n.trim().parse().map_err(|_| bad())?;
        if n == 0 || k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

/// Why a selection names no classes of its search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SelectError {
    /// A chosen id past the search's last class.
    NoSuchClass {
        /// The id.
        id: usize,
        /// How many classes the search has.
        len: usize,
    },
    /// A sample of no classes.
    EmptySample,
}

/// The words for a class id that a search of `len` classes does not have, also for one a
/// caller could not read as an id at all (a negative one, from Python). `id` is the id as the
/// caller names it: `class id 7`, or `--class-id 7` in the CLI.
pub fn no_such_class(id: impl fmt::Display, len: usize) -> String {
    format!(
        "{id}: this search has classes 0 to {}",
        len.saturating_sub(1)
    )
}

impl fmt::Display for SelectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SelectError::NoSuchClass { id, len } => {
                f.write_str(&no_such_class(format!("class id {id}"), *len))
            }
            SelectError::EmptySample => f.write_str("a sample must hold at least 1 class"),
        }
    }
}

impl std::error::Error for SelectError {}

impl PartitionClasses {
    /// The class ids a run breaks, in the order it breaks them: [`PartitionClasses::select`]'s
    /// in [`in_break_order`], a sample in the order it was drawn. The CLI and the Python
    /// package both take their classes from here.
    pub fn to_break(
        &self,
        chosen: &Chosen,
        shard: Option<Shard>,
    ) -> Result<Vec<usize>, SelectError> {
        let mut ids = self.select(chosen, shard)?;
        if !matches!(chosen, Chosen::Sample { .. }) {
            in_break_order(&mut ids);
        }
        Ok(ids)
    }

    /// The class ids `chosen` names, then shard `shard` of them: in increasing order, a sample
    /// in the order it was drawn.
    pub fn select(&self, chosen: &Chosen, shard: Option<Shard>) -> Result<Vec<usize>, SelectError> {
        let ids: Vec<usize> = match chosen {
            Chosen::All => (0..self.len()).collect(),
            Chosen::Ids(set) => {
                if let Some(&id) = set.iter().find(|&&i| i >= self.len()) {
                    return Err(SelectError::NoSuchClass {
                        id,
                        len: self.len(),
                    });
                }
                set.iter().copied().collect()
            }
            Chosen::Sample { n: 0, .. } => return Err(SelectError::EmptySample),
            Chosen::Sample { n, seed } => self.sample(*n, *seed),
        };
        Ok(match shard {
            Some(Shard { k, n }) => ids.into_iter().skip(k - 1).step_by(n).collect(),
            None => ids,
        })
    }

    /// What a caller says of a sample of `n` classes when the search has fewer, after naming
    /// the sample its own way (`--sample 500: `, `sample: `): every class is broken. `None`
    /// for a sample the search can fill.
    ///
    /// ```
    /// use boggle::breaking::partition::{Partition, PartitionClasses};
    /// let p = Partition::parse("aeiou bcdfghjklmnpqrstvwxyz").unwrap();
    /// let search = PartitionClasses::new(p, 2, 3).unwrap();
    /// assert_eq!(
    ///     search.oversampled_note(100).as_deref(),
    ///     Some("the search has 24 classes, so every class is broken")
    /// );
    /// assert_eq!(search.oversampled_note(24), None);
    /// ```
    pub fn oversampled_note(&self, n: u64) -> Option<String> {
        (n > self.len() as u64).then(|| {
            format!(
                "the search has {}, so every class is broken",
                crate::engine::plural(self.len(), "class", "classes")
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::breaking::partition::Partition;

    fn search() -> PartitionClasses {
        let p = Partition::parse("aeiou bcdfghjklmnpqrstvwxyz").expect("a partition");
        PartitionClasses::new(p, 2, 2).expect("classes")
    }

    #[test]
    fn shards_are_read_or_explained() {
        assert_eq!("3/8".parse(), Ok(Shard { k: 3, n: 8 }));
        assert_eq!(" 1 / 1 ".parse(), Ok(Shard { k: 1, n: 1 }));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", ""] {
            let e = bad.parse::<Shard>().expect_err(bad);
            assert!(e.contains("write K/N"), "{bad}: {e}");
        }
    }

    #[test]
    fn shards_split_a_selection_into_disjoint_parts() {
        let s = search();
        let all = s.select(&Chosen::All, None).expect("all");
        assert_eq!(all, (0..s.len()).collect::<Vec<_>>());
        let mut joined: Vec<usize> = (1..=3)
            .flat_map(|k| {
                s.select(&Chosen::All, Some(Shard { k, n: 3 }))
                    .expect("a shard")
            })
            .collect();
        joined.sort_unstable();
        assert_eq!(joined, all);
    }

    #[test]
    fn chosen_ids_are_checked_and_samples_are_not_empty() {
        let s = search();
        let ids = Chosen::Ids([1, 0, 1].into_iter().collect());
        assert_eq!(s.select(&ids, None), Ok(vec![0, 1]));
        let past = Chosen::Ids([s.len()].into_iter().collect());
        assert_eq!(
            s.select(&past, None),
            Err(SelectError::NoSuchClass {
                id: s.len(),
                len: s.len()
            })
        );
        let none = Chosen::Sample { n: 0, seed: 1 };
        assert_eq!(s.select(&none, None), Err(SelectError::EmptySample));
        let two = s
            .select(&Chosen::Sample { n: 2, seed: 1 }, None)
            .expect("a sample");
        assert_eq!(two.len(), 2);
    }

    #[test]
    fn the_break_order_is_a_fixed_shuffle_of_the_same_ids() {
        let mut a: Vec<usize> = (0..1000).collect();
        in_break_order(&mut a);
        let mut b: Vec<usize> = (0..1000).collect();
        in_break_order(&mut b);
        assert_eq!(a, b);
        // Spread: the first tenth broken holds ids from every tenth of the range.
        let tenths: std::collections::BTreeSet<usize> = a[..100].iter().map(|i| i / 100).collect();
        assert_eq!(tenths.len(), 10);
        a.sort_unstable();
        assert_eq!(a, (0..1000).collect::<Vec<_>>());
    }
}
