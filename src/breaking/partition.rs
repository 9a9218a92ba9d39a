//! Whole searches: a letter partition such as `bdfgjqvwxz aeiou lnrsy chkmpt` splits the
//! alphabet into groups, and every assignment of a group to each cell is one class
//! (4^9 = 262,144 for 3x3). Breaking them all finds every board at or above a target.
//!
//! Rotating or reflecting a class gives a class with the same scores, so only *canonical*
//! assignments are kept (the smallest of their symmetric images, as for boards in
//! [`crate::engine::symmetry`]); boards found are reported in canonical form, once each.
//!
//! One question a file: `partition/grammar.rs` reads and writes partitions ([`Partition`],
//! [`CellKind`]); `partition/classes.rs` numbers a partition's canonical classes on one shape
//! ([`PartitionClasses`], with random samples of their ids); `partition/runner.rs` breaks
//! them ([`PartitionClasses::break_range`] with one breaker, [`break_partition`] on threads)
//! and reports what they hold ([`ClassRecord`], [`canonical_survivors`]); `partition/select.rs`
//! picks the classes a run breaks ([`Chosen`], [`Shard`], [`PartitionClasses::select`],
//! [`DEFAULT_SAMPLE_SEED`]);
//! `partition/proofs.rs` names the proofs worth running ([`PROOFS`]).

mod classes;
mod estimate;
mod grammar;
mod proofs;
mod runner;
mod select;

pub use classes::PartitionClasses;
pub use estimate::{Estimate, Price};
pub use grammar::{CellKind, Partition};
pub use proofs::{find_proof, Proof, PROOFS};
#[cfg(not(target_arch = "wasm32"))]
pub use runner::break_partition;
pub use runner::{canonical_survivors, given_up_on, ClassRecord, FoundBoards, PartitionResult};
pub use select::{in_break_order, no_such_class, Chosen, SelectError, Shard, DEFAULT_SAMPLE_SEED};

use crate::engine::{grouped, shown_char};
use std::fmt;

/// The most assignments a search may enumerate (4^12, a 3x4 board with four groups; the
/// published 4x4 partition has 2^4 * 3^12).
pub const MAX_ASSIGNMENTS: u64 = 1 << 24;

/// Why a partition or a search could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartitionError {
    /// No groups at all.
    Empty,
    /// Labelled groups only, and some kind of cell has none (`corner:abc` alone).
    Uncovered {
        /// The cells without groups, as messages name them (`edges and centre cells`).
        cells: String,
    },
    /// A character other than a letter in a group.
    BadChar {
        /// The list's label as the message starts it (`corner: `), empty for unlabelled groups.
        list: String,
        /// The group, counted from 1 within its list.
        group: usize,
        /// The character.
        ch: char,
    },
    /// A letter given twice in one group (`aab`): a group is a set of letters, and a repeat
    /// would be kept in every link and saved run that names the partition.
    Doubled {
        /// The list's label as the message starts it (`corner: `), empty for unlabelled groups.
        list: String,
        /// The group, counted from 1 within its list.
        group: usize,
        /// The letter.
        letter: char,
    },
    /// A letter that appears in two groups of one list.
    Overlap {
        /// The list's label as the message starts it, empty for unlabelled groups.
        list: String,
        /// The letter.
        letter: char,
    },
    /// A label other than `corner:`, `edge:` or `centre:`.
    BadLabel {
        /// The label as given, lower-cased, without its colon.
        label: String,
    },
    /// The same label twice.
    Repeated {
        /// The label, as the engine writes it.
        label: String,
    },
    /// A label with no groups after it (`corner:` alone, or just before another label).
    NoGroups {
        /// The label, as the engine writes it.
        label: String,
    },
    /// Too many assignments of groups to cells to enumerate.
    TooMany {
        /// How many ways there are to give every cell a group on this shape (`None`: more than
        /// a `u128` holds).
        assignments: Option<u128>,
        /// The board's cells.
        cells: usize,
    },
}

impl fmt::Display for PartitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartitionError::Empty => write!(
                f,
                "the partition is empty: give letter groups separated by spaces, e.g. 'bdfgjqvwxz aeiou lnrsy chkmpt'"
            ),
            PartitionError::Uncovered { cells } => write!(
                f,
                "no groups for the {cells}: give groups for every cell first, e.g. \
                 'aeiou bcdfghjklmnpqrstvwxyz, corner:aeiou bcdfghjklmnpqrstvwxyz', or a label \
                 for each kind of cell"
            ),
            PartitionError::BadChar { list, group, ch } => write!(
                f,
                "{list}group {group}: {} is not a letter (groups are runs of letters separated by spaces)",
                shown_char(*ch)
            ),
            PartitionError::Doubled {
                list,
                group,
                letter,
            } => write!(
                f,
                "{list}group {group}: '{letter}' is given twice: a group names each of its letters once"
            ),
            PartitionError::Overlap { list, letter } => write!(
                f,
                "{list}'{letter}' is in two groups: each letter may be in one group only"
            ),
            PartitionError::BadLabel { label } => write!(
                f,
                "unknown label '{}:': use corner:, edge: or centre: before the groups for those cells",
                crate::engine::quoted(label)
            ),
            PartitionError::Repeated { label } => write!(f, "'{label}:' is given twice"),
            PartitionError::NoGroups { label } => write!(
                f,
                "'{label}:' has no groups after it: give its letter groups, e.g. '{label}:aeiou bcdfg'"
            ),
            PartitionError::TooMany { assignments, cells } => {
                let ways = match assignments {
                    Some(n) => grouped(*n),
                    None => format!("more than {}", grouped(u128::MAX)),
                };
                write!(
                    f,
                    "{ways} ways to give the {cells} cells their groups, too many to search (at most {}): use fewer groups or a smaller board",
                    grouped(MAX_ASSIGNMENTS)
                )
            }
        }
    }
}

impl std::error::Error for PartitionError {}
