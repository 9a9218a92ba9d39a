//! `boggle break`: branch and bound. Breaks one class, or every class of a letter partition,
//! against a target and prints each board scoring at least the target as `SCORE<TAB>BOARD`.
//! Progress and statistics go to stderr.

mod selection;

use crate::common::{
    catch_ctrl_c, load_list, size_arg, target_arg, Failure, ListOpts, INTERRUPTED, INTERRUPTED_EXIT,
};
use crate::meter::Meter;
use crate::proof::{SearchKey, Writer};
use boggle::breaking::options::{
    check_memory, BreakOptions, NO_NODE_LIMIT, PACE_AFTER_NODES, PACE_MARGIN, PEAK_PER_BUDGET,
};
use boggle::breaking::parallel::{
    break_class, break_parallel, check_threads, ParallelOptions, RunError,
};
use boggle::breaking::partition::{
    break_partition, canonical_survivors, find_proof, given_up_on, FoundBoards, Partition,
    PartitionClasses, Proof, Shard, DEFAULT_SAMPLE_SEED, PROOFS,
};
use boggle::breaking::{BreakError, BreakStats, Survivor};
use boggle::engine::board::{self, parse_size};
use boggle::engine::scoring::check_target;
use boggle::engine::{escaped, grouped, plural};
use boggle::files::{io_reason, shown_name};
use boggle::word_lists::words_key;
use boggle::{BoardClass, BoundSolver};
use clap::builder::PossibleValuesParser;
use clap::{ArgGroup, Args};
use selection::{estimate, parse_ids, select, IdRanges, Selected};
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

/// The options of `boggle break`: one class, or a whole search by partition or proof name.
#[derive(Args)]
#[command(group(ArgGroup::new("search").args(["partition", "proof"]).multiple(true)))]
pub struct BreakArgs {
    /// Word list file, one word per line, or a built-in list: enable2k, yawl (a file of that name
    /// is read as ./enable2k); - reads it from stdin; default enable2k, or the --proof's list.
    #[arg(long, value_name = "FILE")]
    wordlist: Option<String>,
    /// Report boards scoring at least this many points, 1 to 999,999 (needed unless --proof
    /// gives it). A search that finds more such boards than it keeps (`max_found` in `boggle
    /// defaults`) stops and says the target is too low.
    #[arg(long, value_name = "N", value_parser = target_arg)]
    target: Option<u32>,
    /// Size as ROWSxCOLS: needed with --partition; for a class it overrides the cell count.
    #[arg(long, value_name = "RxC", value_parser = size_arg)]
    size: Option<(usize, usize)>,
    /// Search a named proof: its partition, size, target and word list, each of which the
    /// options above still override (docs/proofs.md describes them).
    #[arg(long, value_name = "NAME", conflicts_with = "class",
          value_parser = PossibleValuesParser::new(PROOFS.map(|p| p.name)))]
    proof: Option<String>,
    /// Search every class of a letter partition instead of one class: groups separated by
    /// spaces, e.g. "bdfgjqvwxz aeiou lnrsy chkmpt" (each cell takes one group); corners,
    /// edges or centre cells can have their own groups after "corner:", "edge:" or "centre:",
    /// e.g. "aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz". Classes are
    /// numbered 0.. in a fixed order, symmetric images skipped; boards are printed in
    /// canonical form, once each.
    #[arg(long, value_name = "GROUPS", conflicts_with = "class")]
    partition: Option<String>,
    /// With --partition or --proof: break only these class ids: comma-separated ids or
    /// ranges, e.g. "7,12-40". A single id prints its class and statistics.
    #[arg(long, value_name = "IDS", value_parser = parse_ids, requires = "search")]
    class_id: Option<IdRanges>,
    /// With --partition or --proof: break shard K of N (every N-th class from the K-th).
    #[arg(long, value_name = "K/N", requires = "search")]
    shard: Option<Shard>,
    /// With --partition or --proof: break N random classes and estimate the whole search's
    /// CPU time, with a 95% interval from 4 classes up (about half as wide for four times N).
    #[arg(long, value_name = "N", requires = "search", conflicts_with_all = ["class_id", "shard"])]
    sample: Option<usize>,
    /// Seed for --sample: which classes it picks (the help names the default,
    /// [`DEFAULT_SAMPLE_SEED`]). No value unless given, so a --seed without --sample is refused.
    #[arg(long, value_name = "S",
          help = format!("Seed for --sample: which classes it picks [default: {DEFAULT_SAMPLE_SEED}]"))]
    seed: Option<u64>,
    /// With --partition or --proof: append one JSON line per finished class to FILE (id,
    /// class, bound, boards found, seconds, nodes, peak memory); `boggle merge` combines such
    /// files.
    #[arg(long, value_name = "FILE", requires = "search")]
    out: Option<String>,
    /// With --partition or --proof: skip the classes already in these --out files (their
    /// boards are printed with the new ones); give the same --out to keep adding to it.
    #[arg(long, value_name = "FILE", num_args = 1.., requires = "search")]
    resume: Vec<String>,
    /// Worker threads (default: every core).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Force cells by merging subtrees while a bound is at least X times the target.
    #[arg(long, value_name = "X", default_value_t = BreakOptions::default().switch)]
    switch: f64,
    /// The memory one thread's trees are kept to, in MiB (bigger classes are split first); a
    /// thread's trees peak at up to [`PEAK_PER_BUDGET`] times it, and a run whose threads could
    /// take more than the machine has is refused.
    #[arg(long, value_name = "MIB", default_value_t = BreakOptions::default().memory_mb,
          help = format!("The memory one thread's trees are kept to, in MiB (bigger classes are \
              split first); a thread's trees peak at up to {PEAK_PER_BUDGET} times it, and a run \
              whose threads could take more than the machine has is refused"))]
    memory_mb: u32,
    /// The most forced classes the break of one class may visit (its parts together); past
    /// [`PACE_AFTER_NODES`] it stops as soon as its pace says it would pass [`PACE_MARGIN`]
    /// times them.
    #[arg(long, value_name = "N", default_value_t = BreakOptions::default().max_nodes,
          help = format!("Give up on a class once its break has visited N forced classes \
              (a class's parts together), or sooner, from {} on, once the share of its boards \
              settled says it would take {PACE_MARGIN} times N (the named proofs' slowest \
              classes take about 10 billion; \
              {NO_NODE_LIMIT} sets no limit)",
              grouped(PACE_AFTER_NODES)))]
    max_nodes: u64,
    /// Print no progress on stderr, only the final statistics.
    #[arg(long, short)]
    quiet: bool,
    /// The class: one letter set per cell, e.g. "lnrsy aeiou chkmpt ...", "{a,e,i}", "b-d";
    /// quote it. Several arguments are joined with spaces.
    #[arg(num_args = 0..)]
    class: Vec<String>,
}

/// What a run breaks: the options given, each filled in from the --proof when it names one.
struct Resolved<'a> {
    target: u32,
    size: Option<(usize, usize)>,
    partition: Option<&'a str>,
    list: ListOpts,
}

impl BreakArgs {
    fn resolve(&self) -> Result<Resolved<'_>, Failure> {
        let proof: Option<&Proof> = self.proof.as_deref().and_then(find_proof);
        let target = self.target.or(proof.map(|p| p.target)).ok_or_else(|| {
            Failure(
                "give --target N (boards scoring at least N are reported), or --proof NAME".into(),
            )
        })?;
        let size = self
            .size
            .or(proof.map(|p| parse_size(p.size).expect("the proofs' sizes are valid")));
        let wordlist = self
            .wordlist
            .clone()
            .or(proof.map(|p| p.list.to_string()))
            .unwrap_or_else(|| boggle::word_lists::DEFAULT.to_string());
        Ok(Resolved {
            target,
            size,
            partition: self.partition.as_deref().or(proof.map(|p| p.partition)),
            list: ListOpts { wordlist },
        })
    }

    /// A proof's target is set for its own word list: run over another list without a
    /// --target, it may lie far above or below that list's best boards. Said, not refused (no
    /// board reaching it is a result too).
    fn proof_target_note(&self) -> Option<String> {
        let proof = self.proof.as_deref().and_then(find_proof)?;
        let list = self.wordlist.as_deref()?;
        if self.target.is_some() || list.eq_ignore_ascii_case(proof.list) {
            return None;
        }
        Some(format!(
            "target {} is proof {}'s for {}; for another list, give --target a little under the \
             best score `boggle anneal --wordlist` finds with it",
            proof.target, proof.name, proof.list
        ))
    }
}

/// Runs `boggle break`: prints the boards reaching the target, best first; a run that cannot
/// finish fails with its reason.
pub fn run(a: &BreakArgs) -> Result<bool, Failure> {
    if a.seed.is_some() && a.sample.is_none() {
        return Err(Failure(
            "--seed works only with --sample: it picks the sampled classes".into(),
        ));
    }
    let Resolved {
        target,
        size,
        partition,
        list,
    } = a.resolve()?;
    check_target(target).map_err(|e| Failure(format!("--target {e}")))?;
    if let Some(note) = a.proof_target_note() {
        if !a.quiet {
            say!("break: {note}");
        }
    }
    let defaults = ParallelOptions::new(target);
    let threads = check_threads(a.threads.unwrap_or(defaults.threads))
        .map_err(|e| Failure(format!("--threads {e}")))?;
    let breaker = BreakOptions {
        switch: a.switch,
        memory_mb: a.memory_mb,
        max_nodes: a.max_nodes,
    };
    breaker.check().map_err(|e| {
        let flag = e.param.replace('_', "-");
        Failure(format!("--{flag} {}: {}", e.value, e.rule))
    })?;
    // Running out of memory would abort the program: refuse what the machine cannot hold.
    let memory = |threads: usize| {
        check_memory(threads, breaker.memory_mb)
            .map_err(|e| Failure(e.message("--threads", "--memory-mb", " ")))
    };
    let mut run = ParallelOptions {
        breaker,
        threads,
        // Ctrl-C stops the threads and prints what they found; a second ends at once.
        interrupt: Some(catch_ctrl_c()),
        ..defaults
    };
    let started = Instant::now();
    let mut meter = Meter::new(a.quiet, started);
    let mut ended = Ended::Done;
    let (boards, stats, what, shape) = match partition {
        Some(groups) => {
            let partition =
                Partition::parse(groups).map_err(|e| Failure(format!("partition: {e}")))?;
            let (rows, cols) =
                size.ok_or_else(|| Failure("--partition needs --size (e.g. --size 3x3)".into()))?;
            let search = PartitionClasses::new(partition, rows, cols)
                .map_err(|e| Failure(format!("partition: {e}")))?;
            let dict = load_list(&list)?;
            let key = SearchKey {
                partition: search.partition().to_string(),
                size: format!("{rows}x{cols}"),
                target,
                classes: search.len(),
                selection: "all".into(),
                words: words_key(&dict),
            };
            let Selected {
                key,
                ids,
                resumed,
                resumed_secs,
            } = select(a, &search, key)?;
            let ids_len = ids.len();
            memory(threads.min(ids_len))?;
            if !a.quiet {
                // A run started by name says so; the values that follow are what it searches,
                // any option given beside --proof included.
                let named = a
                    .proof
                    .as_ref()
                    .map_or(String::new(), |n| format!("proof {n}: "));
                say!(
                    "break: {named}{} of {} ({}, symmetric images skipped) of {} on {rows}x{cols}, target {}, {} ({}), {}",
                    grouped(ids.len()),
                    plural(search.len(), "class", "classes"),
                    plural(search.assignments(), "assignment", "assignments"),
                    search.partition(),
                    target,
                    boggle::word_lists::list_name(&list.wordlist),
                    key.words,
                    plural(threads, "thread", "threads"),
                );
                if let Some(note) = search.partition().missing_note(rows, cols) {
                    say!("break: {note}");
                }
            }
            let mut writer = match &a.out {
                Some(path) => Some(Writer::append(path, key.clone())?),
                None => None,
            };
            // Why the --out file could not be written: the run stops at once, since a class
            // it finished afterwards could not be kept.
            let mut write_error = None;
            let mut times = Vec::new();
            let total = ids.len();
            // Boards of the finished classes, in canonical form once each (the engine's own
            // count sees a board twice where a class holds two of its rotations).
            let found = std::cell::RefCell::new(FoundBoards::default());
            // One class: its share of boards settled is the progress worth showing.
            let boards = (ids_len == 1).then(|| search.class(ids[0]).board_count().to_f64());
            let r = break_partition(
                &search,
                &ids,
                dict,
                &run,
                |rec| {
                    times.push(rec.secs);
                    found.borrow_mut().add(&rec);
                    if ids_len == 1 {
                        say!(
                            "break: class {} ({}): bound {}, {} found, {:.3} s, {}, {:.1} MB",
                            rec.id,
                            rec.class,
                            rec.bound,
                            rec.found.len(),
                            rec.secs,
                            plural(rec.nodes, "node", "nodes"),
                            rec.peak_bytes as f64 / 1e6
                        );
                    }
                    match writer.as_mut() {
                        Some(w) => match w.write(rec) {
                            Ok(()) => ControlFlow::Continue(()),
                            Err(e) => {
                                write_error = Some(e);
                                ControlFlow::Break(())
                            }
                        },
                        None => ControlFlow::Continue(()),
                    }
                },
                |done, s| meter.show("classes", (done, total), found.borrow().len(), boards, s),
            )
            .map_err(Failure)?;
            if let Some((id, why)) = &r.given_up {
                ended = Ended::Failed {
                    why: given_up_on(*id, gave_up(why, false)),
                    resume: finished_in(&a.out),
                };
            }
            if let (Some(e), Some(out)) = (&write_error, &a.out) {
                ended = Ended::Failed {
                    why: format!(
                        "cannot write the --out file {}: {}",
                        shown_name(out),
                        io_reason(e)
                    ),
                    resume: Some(format!(
                        "the whole lines of {} are kept: once it can be written, the same \
                         command with --resume {} goes on from them",
                        shown_name(out),
                        escaped(out)
                    )),
                };
            }

            let finished = times.len();
            if a.sample.is_some() && !matches!(ended, Ended::Failed { .. }) {
                meter.finish();
                // A resumed sample is priced from all of its classes, those of the files too.
                times.extend(&resumed_secs);
                if INTERRUPTED.load(Ordering::Relaxed) {
                    say!(
                        "sample: interrupted with {} of its classes unbroken: the price below is of \
                         those finished, which lean to the quick ones; resume to price the whole sample",
                        grouped(ids_len - finished)
                    );
                }
                estimate(&times, search.len());
            }
            let boards = if resumed.is_empty() {
                r.boards
            } else {
                canonical_survivors(r.boards.into_iter().chain(resumed), rows, cols)
            };
            let mut what = plural(r.classes, "class", "classes");
            if !matches!(ended, Ended::Done) || INTERRUPTED.load(Ordering::Relaxed) {
                what = format!("{what} ({} finished)", grouped(finished));
            }
            (boards, r.stats, what, (rows, cols))
        }
        None => {
            if a.class.is_empty() {
                return Err(Failure(
                    "give a class to break, --partition GROUPS --size RxC, or --proof NAME".into(),
                ));
            }
            let class = BoardClass::parse(&a.class.join(" "), size)
                .map_err(|e| Failure(format!("class: {e}")))?;
            memory(threads)?;
            let dict = load_list(&list)?;
            let what = plural(class.board_count(), "board", "boards");
            let boards = class.board_count().to_f64();
            // The class's limit counts its parts together.
            run.parts_of = Some(boards);
            let run = &run;
            let bounds = || Ok(BoundSolver::new(Arc::clone(&dict)).bounds(&class));
            // Why the breaker gave up on the class, if it did: the boards its parts found
            // until then are still printed, as a partition run prints its finished classes'.
            let mut given_up = None;
            let break_parts = |parts: &[BoardClass]| -> Result<_, Failure> {
                let total = parts.len();
                let mut found = Vec::new();
                let ran = break_parallel(
                    total,
                    &|i| parts[i].clone(),
                    Arc::clone(&dict),
                    run,
                    |f| {
                        found.extend(f.found);
                        ControlFlow::Continue(())
                    },
                    |done, s| meter.show("parts", (done, total), s.found, Some(boards), s),
                );
                let stats = match ran {
                    Ok(stats) => stats,
                    Err(RunError::GaveUp { why, totals, .. }) => {
                        given_up = Some(gave_up(&why, true));
                        *totals
                    }
                    Err(e) => return Err(Failure(e.message(MAX_NODES, true))),
                };
                Ok((found, stats))
            };
            let broken = break_class(&class, run.target, threads, bounds, break_parts)?
                .map_err(|e| Failure(format!("class: {e}")))?;
            if let Some(why) = given_up {
                ended = Ended::Failed { why, resume: None };
            }
            (
                broken.boards,
                broken.stats,
                what,
                (class.rows(), class.cols()),
            )
        }
    };
    if matches!(ended, Ended::Done) && INTERRUPTED.load(Ordering::Relaxed) {
        ended = Ended::Interrupted {
            resume: finished_in(&a.out),
        };
    }
    report(boards, shape, stats, what, &run, started, meter, ended)
}

/// What a partition run stopped part way leaves to go on from, when it has an --out file.
fn finished_in(out: &Option<String>) -> Option<String> {
    out.as_ref().map(|out| {
        format!(
            "the classes finished are in {}: the same command with --resume {} goes on from them",
            shown_name(out),
            escaped(out)
        )
    })
}

/// The limit on forced classes as messages name it here (the engine's `max_nodes`).
const MAX_NODES: &str = "--max-nodes";

/// Why a breaker gave up on a class, in the command line's words: the limit on forced classes
/// named as its option, and what can change for a class of one's own (`own_class`) or of a
/// partition.
fn gave_up(why: &BreakError, own_class: bool) -> String {
    why.message(MAX_NODES, own_class)
}

/// How a run ended.
enum Ended {
    /// Every class (or part) was settled.
    Done,
    /// Ctrl-C (or SIGTERM, SIGHUP) stopped it; `resume` says how to go on, when an --out file
    /// keeps the classes finished.
    Interrupted { resume: Option<String> },
    /// It could not go on, for the reason `why`; `resume` says how to go on.
    Failed { why: String, resume: Option<String> },
}

/// Prints the boards found on stdout (written for boards of `shape`, [`board::text`]) and the
/// statistics on stderr. A run that did not end says first that it is unfinished (with how to
/// go on) and prints the boards found so far: after Ctrl-C the program then ends with the exit
/// code of an interrupted command, after a failure with the failure's line.
#[allow(clippy::too_many_arguments)]
fn report(
    boards: Vec<Survivor>,
    (rows, cols): (usize, usize),
    stats: BreakStats,
    what: String,
    run: &ParallelOptions,
    started: Instant,
    mut meter: Meter,
    ended: Ended,
) -> Result<bool, Failure> {
    meter.finish();
    let unfinished = "the boards found so far follow; what is unfinished is not settled";
    match &ended {
        Ended::Done => {}
        Ended::Interrupted { resume } | Ended::Failed { resume, .. } => {
            let why = if matches!(ended, Ended::Interrupted { .. }) {
                "interrupted"
            } else {
                "stopped"
            };
            say!("break: {why}: {unfinished}");
            if let Some(resume) = resume {
                say!("break: {resume}");
            }
        }
    }
    let target = run.target;
    if let Err(e) = BreakError::check_found(stats.found, run.most_found, target) {
        return Err(Failure(format!("{e} (the boards found are not printed)")));
    }
    let mut out = BufWriter::new(io::stdout().lock());
    for Survivor { score, board } in &boards {
        writeln!(out, "{score}\t{}", board::text(board, rows, cols))?;
    }
    out.flush()?;
    let secs = started.elapsed().as_secs_f64();
    let took = if matches!(ended, Ended::Done) {
        "done in"
    } else {
        "stopped after"
    };
    say!(
        "break: {what} {took} {secs:.1} s: {} found, {} visited, {} eliminated, {} split, {} scored, depth {}, peak {:.1} MB a thread",
        grouped(boards.len()),
        plural(stats.classes, "class", "classes"),
        grouped(stats.eliminated),
        grouped(stats.split),
        plural(stats.boards_scored, "board", "boards"),
        stats.max_depth,
        stats.peak_bytes as f64 / 1e6
    );
    match ended {
        Ended::Done => Ok(true),
        Ended::Interrupted { .. } => std::process::exit(INTERRUPTED_EXIT),
        Ended::Failed { why, .. } => Err(Failure(why)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 256,
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// Whatever the text, a shard with 1 <= K <= N or a message, never a panic.
        #[test]
        fn any_shard_text_is_read_or_refused(
            t in prop_oneof!["[0-9xX,* /-]{0,8}", "[0-9]{1,25}/[0-9]{1,25}", any::<String>()]
        ) {
            match t.parse::<Shard>() {
                Ok(Shard { k, n }) => prop_assert!(1 <= k && k <= n),
                Err(e) => prop_assert!(e.contains("K/N")),
            }
        }
    }
}
