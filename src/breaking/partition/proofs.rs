//! The proofs worth running by name: each a partition search with its letter groups, board
//! size, target and word list. `boggle break --proof NAME`, the `deploy/` scripts and the Break
//! view's buttons all read them from here, so a proof means the same search everywhere.

use serde::Serialize;

/// The letter groups of the published 3x4 and 4x4 proofs: corners take two groups of their own.
const PUBLISHED_GROUPS: &str = "aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz";

/// The same groups with any letter on the corners: each class holds 16 of the published ones
/// and costs about an eighth of their time together, so the whole proof about half.
const ANY_CORNER_GROUPS: &str = "aeijou bcdfgmpqvwxz hklnrsty, corner:abcdefghijklmnopqrstuvwxyz";

/// A partition search that proves which boards of a size reach a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Proof {
    /// The name it is run by (`--proof`, `PROOF=` in `deploy/`, the view's `data-preset`).
    pub name: &'static str,
    /// The letter groups, in the partition grammar.
    pub partition: &'static str,
    /// Board size, `RxC`.
    pub size: &'static str,
    /// Every board scoring at least this is listed.
    pub target: u32,
    /// The built-in word list's name ([`crate::word_lists::BUILT_IN`]).
    pub list: &'static str,
}

/// Every named proof: the published 3x3, 3x4 and 4x4 ones, the 3x4 and 4x4 ones with any
/// corner letter (the same boards for about half the CPU time), and YAWL's 3x4 and 4x4 proofs.
pub const PROOFS: [Proof; 7] = [
    Proof {
        name: "3x3",
        partition: "bdfgjqvwxz aeiou lnrsy chkmpt",
        size: "3x3",
        target: 500,
        list: "enable2k",
    },
    Proof {
        name: "3x4",
        partition: PUBLISHED_GROUPS,
        size: "3x4",
        target: 1500,
        list: "enable2k",
    },
    Proof {
        name: "3x4-any-corner",
        partition: ANY_CORNER_GROUPS,
        size: "3x4",
        target: 1500,
        list: "enable2k",
    },
    Proof {
        name: "4x4",
        partition: PUBLISHED_GROUPS,
        size: "4x4",
        target: 3500,
        list: "enable2k",
    },
    Proof {
        name: "4x4-any-corner",
        partition: ANY_CORNER_GROUPS,
        size: "4x4",
        target: 3500,
        list: "enable2k",
    },
    Proof {
        name: "3x4-yawl",
        partition: ANY_CORNER_GROUPS,
        size: "3x4",
        target: 1900,
        list: "yawl",
    },
    Proof {
        name: "4x4-yawl",
        partition: ANY_CORNER_GROUPS,
        size: "4x4",
        target: 4500,
        list: "yawl",
    },
];

/// The proof called `name`.
pub fn find_proof(name: &str) -> Option<&'static Proof> {
    PROOFS.iter().find(|p| p.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::breaking::partition::{Partition, PartitionClasses};
    use crate::engine::board::parse_size;

    /// Every proof names a partition the engine reads on a size it takes, with the classes
    /// the published proofs and `docs/proofs.md` count, and a built-in list; names are unique.
    #[test]
    fn every_proof_is_a_search_the_engine_runs() {
        let classes = [34_960, 27_135, 1_863, 1_068_363, 67_257, 1_863, 67_257];
        for (i, p) in PROOFS.iter().enumerate() {
            let (rows, cols) = parse_size(p.size).expect(p.name);
            let partition = Partition::parse(p.partition).expect(p.name);
            let search = PartitionClasses::new(partition, rows, cols).expect(p.name);
            assert_eq!(search.len(), classes[i], "{}", p.name);
            assert!(crate::word_lists::BUILT_IN.iter().any(|l| l.0 == p.list));
            assert!(PROOFS[..i].iter().all(|q| q.name != p.name), "{}", p.name);
            assert_eq!(find_proof(p.name), Some(p));
        }
        assert_eq!(find_proof("5x5"), None);
    }
}
