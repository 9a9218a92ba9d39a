//! `boggle merge`: combines the proof files of every shard of a partition search into the
//! boards reaching the target, checking that each class was broken exactly once.

use crate::common::Failure;
use crate::proof::{describe, range_list, Proofs};
use boggle::breaking::partition::canonical_survivors;
use boggle::breaking::Survivor;
use boggle::engine::{grouped, plural, unit};
use clap::Args;
use std::io::{self, BufWriter, Write};

/// The options of `boggle merge`: the proof files to combine.
#[derive(Args)]
pub struct MergeArgs {
    /// Proof files written by `boggle break --out` (one per shard, in any order).
    #[arg(required = true)]
    files: Vec<String>,
}

/// `boggle merge`: the boards reaching the target over every file (canonical, once each, best
/// first, as SCORE<TAB>BOARD) and a check that every class was broken exactly once.
pub fn merge(a: &MergeArgs) -> Result<bool, Failure> {
    let p = Proofs::read(&a.files, None)?;
    let Some(key) = p.key.clone() else {
        p.warn_unreadable("merge");
        return Err(Failure("no finished classes in those files".into()));
    };
    let (rows, cols) =
        boggle::engine::board::parse_size(&key.size).map_err(|e| Failure(format!("size: {e}")))?;
    let found: Vec<Survivor> = p
        .records
        .values()
        .flat_map(|r| r[0].found.iter().cloned())
        .collect();
    let boards = canonical_survivors(found, rows, cols);
    let mut out = BufWriter::new(io::stdout().lock());
    for Survivor { score, board } in &boards {
        writeln!(out, "{score}\t{board}")?;
    }
    out.flush()?;
    let expected = key.ids()?;
    let missing: Vec<usize> = expected
        .iter()
        .copied()
        .filter(|i| !p.records.contains_key(i))
        .collect();
    let twice: Vec<usize> = p
        .records
        .iter()
        .filter(|(_, r)| r.len() > 1)
        .map(|(&i, _)| i)
        .collect();
    let cpu: f64 = p.records.values().map(|r| r[0].secs).sum();
    say!(
        "merge: {} of {} of {}: {} {} it, {:.1} s of CPU",
        grouped(p.records.len()),
        plural(expected.len(), "class", "classes"),
        describe(&key),
        plural(boards.len(), "board", "boards"),
        unit(boards.len(), "reaches", "reach"),
        cpu
    );
    p.warn_unreadable("merge");
    if !missing.is_empty() {
        say!(
            "merge: {} missing: {}",
            plural(missing.len(), "class", "classes"),
            ranges(&missing)
        );
    }
    if !twice.is_empty() {
        say!(
            "merge: {} broken more than once: {}",
            plural(twice.len(), "class", "classes"),
            ranges(&twice)
        );
    }
    let complete = missing.is_empty() && twice.is_empty();
    if complete && key.selection == "all" {
        say!("merge: complete: every class broken exactly once");
    } else if complete {
        // A selection's classes all broken say nothing of the rest: no proof.
        say!(
            "merge: every class of this run's selection broken exactly once; it holds {} of the \
             search's {}, so it proves nothing of the others",
            grouped(expected.len()),
            grouped(key.classes)
        );
    }
    Ok(complete)
}

/// Ids as ranges for a message, written as `--class-id` takes them (`0-4,7,9-12`), so a run
/// of the missing classes is one paste away; at most 20 ranges, then how many more.
fn ranges(ids: &[usize]) -> String {
    let parts = range_list(ids, 20);
    let all = range_list(ids, usize::MAX).len();
    let more = if all > parts.len() {
        let n = all - parts.len();
        format!(" and {} more {}", grouped(n), unit(n, "range", "ranges"))
    } else {
        String::new()
    };
    format!("{}{more}", parts.join(","))
}
