//! Which classes of a partition a run breaks (`--class-id`, `--shard`, `--sample`, minus what
//! the `--resume` files hold), and what a sample prices the whole search at.

use super::BreakArgs;
use crate::common::Failure;
use crate::proof::{set_text, Proofs, SearchKey};
use boggle::breaking::partition::{
    no_such_class, Chosen, Estimate, PartitionClasses, SelectError, DEFAULT_SAMPLE_SEED,
};
use boggle::breaking::Survivor;
use boggle::engine::{escaped, quoted};
use boggle::engine::{grouped, plural};
use boggle::files::shown_name;

/// Class ids and inclusive ranges of them.
#[derive(Clone)]
pub(super) struct IdRanges(Vec<(usize, usize)>);

/// Reads class ids and ranges: `7,12-40`.
pub(super) fn parse_ids(text: &str) -> Result<IdRanges, String> {
    let bad = |p: &str| {
        format!(
            "'{}': give class ids or ranges separated by commas, e.g. 7,12-40",
            quoted(p)
        )
    };
    text.split(',')
        .map(|p| {
            let p = p.trim();
            let (a, b) = p.split_once('-').unwrap_or((p, p));
            let a: usize = a.trim().parse().map_err(|_| bad(p))?;
            let b: usize = b.trim().parse().map_err(|_| bad(p))?;
            if a > b {
                return Err(format!(
                    "'{}' runs from high to low: write it {b}-{a}",
                    quoted(p)
                ));
            }
            Ok((a, b))
        })
        .collect::<Result<_, _>>()
        .map(IdRanges)
}

/// The class ids to break: chosen ids (or all, or a sample), then a shard of those, minus
/// those already in the --resume files, and the boards those files found (a resumed run prints
/// the whole run's boards). The key records the selection, so `boggle merge` knows which ids
/// to expect.
pub(super) fn select(
    a: &BreakArgs,
    search: &PartitionClasses,
    mut key: SearchKey,
) -> Result<Selected, Failure> {
    let chosen = if let Some(IdRanges(ranges)) = &a.class_id {
        // Checked before the ranges expand: `0-99999999999999` names ids, not memory to take.
        let len = search.len();
        // Named as typed: a range is named whole, a single id alone.
        if let Some(&(x, y)) = ranges.iter().find(|&&(_, y)| y >= len) {
            let given = if x == y {
                x.to_string()
            } else {
                format!("{x}-{y}")
            };
            return Err(Failure(no_such_class(format!("--class-id {given}"), len)));
        }
        let set: std::collections::BTreeSet<usize> =
            ranges.iter().flat_map(|&(x, y)| x..=y).collect();
        key.selection = set_text(&set);
        Chosen::Ids(set)
    } else if let Some(n) = a.sample {
        Chosen::Sample {
            n,
            seed: a.seed.unwrap_or(DEFAULT_SAMPLE_SEED),
        }
    } else {
        Chosen::All
    };
    let mut ids = search.to_break(&chosen, a.shard).map_err(|e| {
        Failure(match e {
            SelectError::NoSuchClass { id, len } => no_such_class(format!("--class-id {id}"), len),
            SelectError::EmptySample => "--sample must be at least 1".into(),
        })
    })?;
    if let Chosen::Sample { n, .. } = chosen {
        key.selection = set_text(&ids.iter().copied().collect());
        if let Some(note) = search.oversampled_note(n as u64) {
            if !a.quiet {
                say!("break: --sample {}: {note}", grouped(n));
            }
        }
    }
    if let Some(out) = &a.out {
        if let Ok(meta) = std::fs::metadata(out) {
            let why = if meta.is_dir() {
                "it is a folder, not a file".to_string()
            } else if is_stdout(&meta) {
                "it is where the boards are printed (stdout): give --out a file of its own"
                    .to_string()
            } else if !meta.is_file() {
                "it is not a regular file: --out must be one, for --resume and merge to read back"
                    .to_string()
            } else if !a.resume.contains(out) {
                format!(
                    "it exists: pass --resume {} to continue that run, or remove it",
                    escaped(out)
                )
            } else {
                String::new()
            };
            if !why.is_empty() {
                return Err(Failure(format!("--out {}: {why}", shown_name(out))));
            }
        }
    }
    let mut resumed = Vec::new();
    let mut resumed_secs = Vec::new();
    if !a.resume.is_empty() {
        let done = Proofs::read(&a.resume, Some(&key))?;
        done.warn_unreadable("break");
        // A file of another shard of the same search has the same key: only its class ids
        // tell that it is not this run's (say a shard re-run with another count of shards).
        let mine: std::collections::BTreeSet<usize> = ids.iter().copied().collect();
        if let Some(&other) = done.records.keys().find(|id| !mine.contains(id)) {
            let shard = a
                .shard
                .map_or(String::new(), |s| format!(" (--shard {}/{})", s.k, s.n));
            return Err(Failure(format!(
                "the --resume files hold class {other}, which this run{shard} does not break: \
                 resume each shard from its own file, with the --shard it was started with"
            )));
        }
        let before = ids.len();
        ids.retain(|i| !done.records.contains_key(i));
        resumed = done
            .records
            .values()
            .flat_map(|r| r[0].found.iter().cloned())
            .collect();
        resumed_secs = done.records.values().map(|r| r[0].secs).collect();
        if !a.quiet {
            say!(
                "break: {} already done in the --resume files ({} found there, printed with the rest), {} to go",
                plural(before - ids.len(), "class", "classes"),
                plural(resumed.len(), "board", "boards"),
                grouped(ids.len())
            );
        }
        if a.out.is_none() {
            say!("break: the classes broken now are not saved: add --out FILE to keep them");
        }
    }
    Ok(Selected {
        key,
        ids,
        resumed,
        resumed_secs,
    })
}

/// True when `meta` is the file this command's stdout writes to (`--out /dev/stdout`, or the
/// file stdout is sent to by its own name): proof lines there would mix with the boards.
fn is_stdout(meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::MetadataExt;
        let Ok(fd) = std::io::stdout().as_fd().try_clone_to_owned() else {
            return false;
        };
        std::fs::File::from(fd)
            .metadata()
            .is_ok_and(|out| out.dev() == meta.dev() && out.ino() == meta.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        false
    }
}

/// The classes a run breaks, and what its `--resume` files already hold.
pub(super) struct Selected {
    /// The run's key, its selection written out.
    pub key: SearchKey,
    /// The ids of the classes still to break, in break order.
    pub ids: Vec<usize>,
    /// The boards the resumed classes found.
    pub resumed: Vec<Survivor>,
    /// The seconds each resumed class took, which a sample's price counts with the new ones.
    pub resumed_secs: Vec<f64>,
}

/// Prints per-class time percentiles of a sample and the whole search's CPU time estimated
/// from it, with a 95% interval when the sample is big enough to give one.
pub(super) fn estimate(times: &[f64], classes: usize) {
    let Some(e) = Estimate::from_times(times, classes) else {
        return;
    };
    say!(
        "sample: {}: seconds per class min {:.3}, median {:.3}, p90 {:.3}, p99 {:.3}, max {:.3}, mean {:.3}",
        plural(e.sampled, "class", "classes"),
        e.min, e.median, e.p90, e.p99, e.max, e.mean
    );
    // Hours to three significant digits while they are few (0.0312, 4.57), whole and grouped
    // once they are many.
    let hours = |h: f64| {
        if h >= 100.0 {
            grouped(h.round() as u64)
        } else {
            let decimals = (2.0 - h.abs().max(1e-9).log10().floor()).clamp(0.0, 9.0) as usize;
            format!("{h:.decimals$}")
        }
    };
    let interval = match (e.low, e.high) {
        // An interval across more than a factor of ten prices nothing yet: said so.
        (Some(low), Some(high)) if high > 10.0 * low => format!(
            "95% interval {} to {}: too wide to price with, sample more classes",
            hours(low),
            hours(high)
        ),
        (Some(low), Some(high)) => format!("95% interval {} to {}", hours(low), hours(high)),
        _ => format!(
            "no interval from {}: sample more",
            plural(e.sampled, "class", "classes")
        ),
    };
    say!(
        "sample: whole search of {}: about {} CPU hours ({interval}) at this machine's speed \
         (a run on N cores takes about 1/N of it)",
        plural(classes, "class", "classes"),
        hours(e.cpu_hours),
    );
}
