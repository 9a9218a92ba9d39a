//! `boggle bound CLASS`: the max/no-mark and sum/union upper bounds of a board class; a search
//! that takes more than a moment shows its steps on stderr as it goes.

use crate::common::{catch_ctrl_c, size_arg, Failure, ListOpts, INTERRUPTED_EXIT};
use crate::meter::Meter;
use boggle::bounds::BOUND_MAX_STEPS;
use boggle::{BoardClass, BoundSolver};
use clap::Args;
use std::io::{self, Write};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Options of `boggle bound`.
#[derive(Args)]
pub struct BoundArgs {
    #[command(flatten)]
    list: ListOpts,
    /// Class size as ROWSxCOLS; by default rows separated by '/' give it, or the cell count.
    #[arg(long, value_name = "RxC", value_parser = size_arg)]
    size: Option<(usize, usize)>,
    /// Print one JSON object: {"max_nomark", "sum_union", "bound", "boards"} (boards as a
    /// decimal string, since it can exceed 2^64).
    #[arg(long)]
    json: bool,
    /// Give up after this many steps of the search (a class with many letters a cell can take
    /// hours; the default is a few seconds' work)
    #[arg(long, value_name = "N", default_value_t = BOUND_MAX_STEPS)]
    max_steps: u64,
    /// The class: one letter set per cell, e.g. "lnrsy aeiou chkmpt ...", "{a,e,i}", "b-d",
    /// "." for an empty cell; quote it. Several arguments are joined with spaces.
    #[arg(required = true, num_args = 1..)]
    class: Vec<String>,
}

/// Prints both bounds and the board count of the class.
pub fn bound(a: &BoundArgs) -> Result<bool, Failure> {
    if a.max_steps == 0 {
        return Err(Failure("--max-steps must be at least 1".into()));
    }
    let class = BoardClass::parse(&a.class.join(" "), a.size)
        .map_err(|e| Failure(format!("class: {e}")))?;
    // Ctrl-C (or SIGTERM, SIGHUP) stops the search, which then says so, as every command does.
    let stop = catch_ctrl_c();
    let dict = crate::common::load_list(&a.list)?;
    // A search past a moment shows its steps on stderr, as a break shows its progress.
    let mut meter = Meter::new(false, Instant::now());
    let mut watch = |steps| meter.show_steps(steps, a.max_steps);
    let found =
        BoundSolver::new(dict).bounds_watched(&class, a.max_steps, Some(stop), Some(&mut watch));
    meter.finish();
    if stop.load(Ordering::Relaxed) {
        say!("bound: interrupted: the search was stopped before it settled the bounds");
        std::process::exit(INTERRUPTED_EXIT);
    }
    let b = found.map_err(|e| Failure(format!("{e}, or raise --max-steps")))?;
    let boards = class.board_count();
    let mut out = io::stdout().lock();
    if a.json {
        let v = serde_json::json!({
            "max_nomark": b.max_nomark,
            "sum_union": b.sum_union,
            "bound": b.bound(),
            "boards": boards.to_string(),
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(out, "max_nomark\t{}", b.max_nomark)?;
        writeln!(out, "sum_union\t{}", b.sum_union)?;
        writeln!(out, "bound\t{}", b.bound())?;
        writeln!(out, "boards\t{boards}")?;
    }
    Ok(true)
}
