//! `boggle break`: branch and bound. Breaks one class, or every class of a letter partition,
//! against a target and prints each board scoring at least the target as `SCORE<TAB>BOARD`.
//! Progress and statistics go to stderr.

use crate::common::{load_list, size_arg, Failure, ListOpts};
use boggle::breaking::parallel::{break_parallel, presplit};
use boggle::breaking::partition::{search_parallel, Partition, PartitionSearch};
use boggle::breaking::{BreakStats, Survivor};
use boggle::BoardClass;
use clap::Args;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct BreakArgs {
    #[command(flatten)]
    list: ListOpts,
    /// Report boards scoring at least this many points.
    #[arg(long, value_name = "N")]
    target: u32,
    /// Size as ROWSxCOLS: needed with --partition; for a class it overrides the cell count.
    #[arg(long, value_name = "RxC", value_parser = size_arg)]
    size: Option<(usize, usize)>,
    /// Search every class of a letter partition instead of one class: groups separated by
    /// spaces, e.g. "bdfgjqvwxz aeiou lnrsy chkmpt" (each cell takes one group). Boards are
    /// printed in canonical form, once each.
    #[arg(long, value_name = "GROUPS", conflicts_with = "class")]
    partition: Option<String>,
    /// Worker threads (default: every core).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Print no progress on stderr, only the final statistics.
    #[arg(long, short)]
    quiet: bool,
    /// The class: one letter set per cell, e.g. "lnrsy aeiou chkmpt ...", "{a,e,i}", "b-d";
    /// quote it. Several arguments are joined with spaces.
    #[arg(num_args = 0..)]
    class: Vec<String>,
}

pub fn run(a: &BreakArgs) -> Result<bool, Failure> {
    if a.target == 0 {
        return Err(Failure(
            "--target must be at least 1 (every board scores at least 0)".into(),
        ));
    }
    let threads = a.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    if threads == 0 {
        return Err(Failure("--threads must be at least 1".into()));
    }
    let started = Instant::now();
    let mut meter = Meter::new(a.quiet, started);
    let (boards, stats, what) = match &a.partition {
        Some(groups) => {
            let partition =
                Partition::parse(groups).map_err(|e| Failure(format!("partition: {e}")))?;
            let (rows, cols) = a
                .size
                .ok_or_else(|| Failure("--partition needs --size (e.g. --size 3x3)".into()))?;
            let search = PartitionSearch::new(partition, rows, cols)
                .map_err(|e| Failure(format!("partition: {e}")))?;
            let dict = load_list(&a.list)?;
            if !a.quiet {
                eprintln!(
                "break: {} classes ({} assignments, symmetric images skipped), target {}, {threads} threads",
                search.len(),
                search.assignments(),
                a.target
            );
            }
            let total = search.len();
            let r = search_parallel(
                &search,
                dict,
                a.target,
                threads,
                Duration::from_millis(500),
                |done, s| meter.show("classes", done, total, s),
            );
            (r.boards, r.stats, format!("{} classes", r.classes))
        }
        None => {
            if a.class.is_empty() {
                return Err(Failure(
                    "give a class to break, or --partition GROUPS --size RxC".into(),
                ));
            }
            let class = BoardClass::parse(&a.class.join(" "), a.size)
                .map_err(|e| Failure(format!("class: {e}")))?;
            if let Some(cell) = class.masks().iter().position(|&m| m == 0) {
                return Err(Failure(format!(
                    "class: cell {} is empty: breaking needs at least one letter in every cell",
                    cell + 1
                )));
            }
            let dict = load_list(&a.list)?;
            let parts = presplit(&class, if threads > 1 { threads * 16 } else { 1 });
            let total = parts.len();
            let (stats, mut found) = break_parallel(
                total,
                &|i| parts[i].clone(),
                dict,
                a.target,
                threads,
                Duration::from_millis(500),
                |done, s| meter.show("parts", done, total, s),
            );
            found.sort_by(|x, y| y.score.cmp(&x.score).then_with(|| x.board.cmp(&y.board)));
            (found, stats, format!("{} boards", class.board_count()))
        }
    };
    meter.finish();
    let mut out = BufWriter::new(io::stdout().lock());
    for Survivor { score, board } in &boards {
        writeln!(out, "{score}\t{board}")?;
    }
    out.flush()?;
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "break: {what} done in {secs:.1} s: {} found, {} classes visited, {} eliminated, {} split, {} boards scored, depth {}",
        boards.len(),
        stats.classes,
        stats.eliminated,
        stats.split,
        stats.boards_scored,
        stats.max_depth
    );
    Ok(true)
}

/// Progress on stderr: rewritten in place on a terminal, a line every few seconds otherwise.
struct Meter {
    quiet: bool,
    tty: bool,
    started: Instant,
    last: Instant,
    shown: bool,
}

impl Meter {
    fn new(quiet: bool, started: Instant) -> Meter {
        Meter {
            quiet,
            tty: io::stderr().is_terminal(),
            started,
            last: started,
            shown: false,
        }
    }

    fn show(&mut self, unit: &str, done: usize, total: usize, s: &BreakStats) {
        let every = if self.tty { 0.4 } else { 10.0 };
        if self.quiet || self.last.elapsed().as_secs_f64() < every {
            return;
        }
        self.last = Instant::now();
        let secs = self.started.elapsed().as_secs_f64();
        let eta = if done > 0 {
            format!(
                ", about {:.0} s left",
                secs * (total - done) as f64 / done as f64
            )
        } else {
            String::new()
        };
        let line = format!(
            "break: {done}/{total} {unit}, {} found, {} classes eliminated, {secs:.0} s{eta}",
            s.found, s.eliminated
        );
        if self.tty {
            eprint!("\r{line}\x1b[K");
            self.shown = true;
        } else {
            eprintln!("{line}");
        }
    }

    fn finish(&mut self) {
        if self.shown {
            eprint!("\r\x1b[K");
        }
    }
}
