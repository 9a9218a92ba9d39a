//! `boggle merge`: combines the proof files of every shard of a partition search into the
//! boards reaching the target, checking that each class was broken exactly once.

use crate::common::{load_list, Failure, ListOpts};
use crate::proof::{describe, range_list, Proofs};
use boggle::breaking::partition::canonical_survivors;
use boggle::breaking::Survivor;
use boggle::engine::board;
use boggle::engine::{grouped, plural, unit};
use boggle::word_lists::words_key;
use boggle::word_lists::BUILT_IN;
use clap::Args;
use std::io::{self, BufWriter, Write};

/// The options of `boggle merge`: the proof files to combine, and the run's word list, with
/// which every board the files claim is scored again.
#[derive(Args)]
pub struct MergeArgs {
    /// Proof files written by `boggle break --out` (one per shard, in any order).
    #[arg(required = true)]
    files: Vec<String>,
    /// The run's word list, a file (- reads it from stdin) or a built-in name (enable2k, yawl),
    /// to score every board the files claim again; needed for a list of one's own (default:
    /// the built-in list the files name).
    #[arg(long, value_name = "FILE")]
    wordlist: Option<String>,
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
    // Every record's boards, a class broken twice included: each is scored again below, so
    // whatever one file found that another did not still comes out.
    let found: Vec<Survivor> = p
        .records
        .values()
        .flatten()
        .flat_map(|r| r.found.iter().cloned())
        .collect();
    let expected = key.ids()?;
    let unchecked = rescore(
        &found,
        &key.words,
        key.target,
        (rows, cols),
        a.wordlist.as_deref(),
    )?;
    let boards = canonical_survivors(found, rows, cols);
    let mut out = BufWriter::new(io::stdout().lock());
    for Survivor { score, board } in &boards {
        writeln!(out, "{score}\t{}", board::text(board, rows, cols))?;
    }
    out.flush()?;
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
    // Each class's time on its thread, from start to end: waits for a busy machine included.
    let cpu: f64 = p.records.values().map(|r| r[0].secs).sum();
    say!(
        "merge: {} of {} of {}: {} {} it, the classes took {:.1} s on their threads",
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
        // Two breaks of one class find the same boards: files that disagree are not one run's.
        fn boards(r: &boggle::breaking::partition::ClassRecord) -> Vec<&str> {
            let mut b: Vec<&str> = r.found.iter().map(|s| s.board.as_str()).collect();
            b.sort_unstable();
            b
        }
        let disagree: Vec<usize> = twice
            .iter()
            .copied()
            .filter(|i| {
                let r = &p.records[i];
                r.iter().any(|x| boards(x) != boards(&r[0]))
            })
            .collect();
        if !disagree.is_empty() {
            say!(
                "merge: {} found different boards in different files: {} (every board found is listed)",
                plural(disagree.len(), "class", "classes"),
                ranges(&disagree)
            );
        }
    }
    let complete = missing.is_empty() && twice.is_empty();
    if let Some(why) = &unchecked {
        // Boards nobody scored again prove nothing, however many classes are there.
        say!("merge: the boards are not scored again: {why}");
        if complete {
            let which = if key.selection == "all" {
                "every class"
            } else {
                "every class of this run's selection"
            };
            say!(
                "merge: {which} broken exactly once, but not a proof until its boards are checked"
            );
        }
        return Ok(false);
    }
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

/// Scores every board the files claim again with the run's word list (`words`, its key): the
/// list `given`, or else the built-in list with that key. A board that does not score what its
/// line says, or falls below `target`, is an error, so a damaged or edited file cannot pass a
/// board into a proof; so is a `given` list that is not the run's. Without the run's list the
/// boards cannot be checked: the answer is why, and the merge proves nothing.
fn rescore(
    found: &[Survivor],
    words: &str,
    target: u32,
    size: (usize, usize),
    given: Option<&str>,
) -> Result<Option<String>, Failure> {
    if words.is_empty() {
        return Ok(Some("the files do not name their word list".into()));
    }
    let names: Vec<&str> = match given {
        Some(name) => vec![name],
        None => BUILT_IN.iter().map(|l| l.0).collect(),
    };
    let mut run_list = None;
    let mut other = String::new();
    for name in names {
        let dict = load_list(&ListOpts {
            wordlist: name.to_string(),
        })?;
        if words_key(&dict) == words {
            run_list = Some(dict);
            break;
        }
        other = words_key(&dict);
    }
    let Some(dict) = run_list else {
        return match given {
            Some(g) => Err(Failure(format!(
                "--wordlist {} is not the run's word list: it has {other}, the run's has {words}",
                boggle::files::shown_name(g)
            ))),
            None => Ok(Some(format!(
                "the run's word list ({words}) is not a built-in one; give it with --wordlist"
            ))),
        };
    };
    let mut solver = boggle::Solver::new(dict);
    for Survivor { score, board } in found {
        let b = boggle::Board::parse(board, Some(size))
            .map_err(|e| Failure(format!("board {board}: {e}")))?;
        let real = solver
            .score(&b)
            .map_err(|e| Failure(format!("board {board}: {e}")))?;
        let wrong = if real != *score {
            format!("scores {real}, not the {score} its file says")
        } else if real < target {
            format!("scores {real}, below the run's target {target}")
        } else {
            continue;
        };
        return Err(Failure(format!(
            "board {board} {wrong}: the file is damaged or edited"
        )));
    }
    Ok(None)
}
