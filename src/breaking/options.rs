//! How the fast breaker runs, defined once for the CLI, the Python package and the page: its
//! options ([`BreakOptions`]) with their limits and defaults ([`BreakDefaults`]), the check that a
//! run's threads fit in this machine's memory ([`check_memory`]), and the fastest breaker for a
//! shape ([`fast_breaker`]).

use crate::breaking::orderly::{self, OrderlyBreaker};
use crate::breaking::plain::Breaker;
use crate::breaking::{BreakError, BreakStats, ClassBreaker, Share, MAX_FOUND, PAGE_MAX_FOUND};
use crate::engine::dictionary::Dictionary;
use crate::engine::scoring::MAX_TARGET;
use serde::Serialize;
use std::sync::Arc;

/// The least memory, in MiB, [`BreakOptions::memory_mb`] may give a breaker.
pub const MIN_MEMORY_MB: u32 = 16;

/// How the fast breaker runs: defined once here, read by the CLI's flags and the page.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, serde::Deserialize)]
#[serde(default)]
pub struct BreakOptions {
    /// Force cells by merging subtrees while a class's bound is at least this many times the
    /// target, then along the tree (see [`orderly`]).
    pub switch: f64,
    /// The memory, in MiB, one breaker's trees are kept to; bigger classes are split first.
    /// A thread's trees peak at up to [`PEAK_PER_BUDGET`] times it.
    pub memory_mb: u32,
    /// The most forced classes (nodes) the break of one class may take: it gives up on a
    /// class once it has visited this many, or sooner once it has visited
    /// [`PACE_AFTER_NODES`] and, at the pace its boards are being settled, would pass
    /// [`PACE_MARGIN`] times this many ([`BreakOptions::check_pace`]). A class broken in parts
    /// on threads counts its parts together; [`NO_NODE_LIMIT`] sets no limit.
    pub max_nodes: u64,
}

/// Default for [`BreakOptions::max_nodes`]: ten trillion forced classes, months of one
/// thread's work. The slowest classes of the named proofs take about ten billion, and on the
/// hard classes tried the pace's estimate stayed within a few times of the total, so no class
/// of theirs comes near it; a class of 26 letters on every cell of a 5x5 board would take
/// about 10^27.
pub const DEFAULT_MAX_NODES: u64 = 10_000_000_000_000;

/// The [`BreakOptions::max_nodes`] that sets no limit: the largest.
pub const NO_NODE_LIMIT: u64 = u64::MAX;

/// Forced classes a class's break visits before [`BreakOptions::check_pace`] judges its pace:
/// seconds of work, enough for the pace to say how far the class is from settled.
pub const PACE_AFTER_NODES: u64 = 1 << 24;

/// How far past [`BreakOptions::max_nodes`] the pace must point before a class is given up on
/// early. The pace extrapolates from the boards settled so far, and a class whose first
/// branches hold most of its work looks slower at first than it is: a class is stopped on its
/// pace only when it would take a thousand times its limit, so no such skew stops a class that
/// would finish, while a class of 10^27 forced classes still stops within seconds.
pub const PACE_MARGIN: f64 = 1000.0;

/// How far above [`BreakOptions::memory_mb`] a thread's trees may peak: a merge that starts
/// just under the two thirds the budget lets merging take can add up to another third, and
/// the arrays grow by a quarter at a time. Measured: 1.18 to 1.23 (1,271 MB a thread at the
/// default 1,024 MiB, 1,074 MB, and 82 MB at 64 MiB, 67 MB, on a class of every letter on
/// every cell).
pub const PEAK_PER_BUDGET: f64 = 1.3;

impl Default for BreakOptions {
    fn default() -> BreakOptions {
        BreakOptions {
            switch: orderly::DEFAULT_SWITCH,
            memory_mb: (orderly::DEFAULT_MEMORY_BUDGET >> 20) as u32,
            max_nodes: DEFAULT_MAX_NODES,
        }
    }
}

/// What the page reads about breaking (`boggle defaults`, `pkg/defaults.js`): the fast
/// breaker's default options, their limits and how much of a traced break is kept.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BreakDefaults {
    /// The fast breaker's default options.
    #[serde(flatten)]
    pub options: BreakOptions,
    /// [`MIN_MEMORY_MB`].
    pub min_memory_mb: u32,
    /// [`crate::breaking::plain::TRACE_NODES`].
    pub trace_nodes: usize,
    /// [`crate::breaking::plain::WIDGET_TRACE_NODES`].
    pub widget_trace_nodes: usize,
    /// [`MAX_FOUND`].
    pub max_found: u64,
    /// [`PAGE_MAX_FOUND`].
    pub page_max_found: u64,
    /// [`MAX_TARGET`], the greatest target a break or an optimizer's stop takes.
    pub max_target: u32,
}

impl Default for BreakDefaults {
    fn default() -> BreakDefaults {
        BreakDefaults {
            options: BreakOptions::default(),
            min_memory_mb: MIN_MEMORY_MB,
            trace_nodes: crate::breaking::plain::TRACE_NODES,
            widget_trace_nodes: crate::breaking::plain::WIDGET_TRACE_NODES,
            max_found: MAX_FOUND,
            page_max_found: PAGE_MAX_FOUND,
            max_target: MAX_TARGET,
        }
    }
}

impl BreakOptions {
    /// Checks the options, saying which is wrong and why.
    pub fn check(&self) -> Result<(), BadOption> {
        let bad = |param, value: String, rule: &str| {
            Err(BadOption {
                param,
                value,
                rule: rule.into(),
            })
        };
        if self.switch.is_nan() {
            return bad("switch", "NaN".into(), "it is not a number; give 0 or more");
        }
        if self.switch < 0.0 {
            return bad("switch", self.switch.to_string(), "must be 0 or more");
        }
        if self.memory_mb < MIN_MEMORY_MB {
            return bad(
                "memory_mb",
                self.memory_mb.to_string(),
                &format!("at least {MIN_MEMORY_MB} MiB is needed"),
            );
        }
        if self.max_nodes == 0 {
            return bad("max_nodes", "0".into(), "must be at least 1");
        }
        Ok(())
    }

    /// Whether a class's break may go on, having visited `stats.classes` forced classes and
    /// settled `stats.boards_done()` of the class's `boards`: it may not once it has visited
    /// [`BreakOptions::max_nodes`], nor once, past [`PACE_AFTER_NODES`], the visits so far
    /// scaled up by the share of boards settled pass [`PACE_MARGIN`] times that limit
    /// ([`BreakError::TooLong`]).
    /// [`NO_NODE_LIMIT`] sets none.
    /// Callers look between slices of work, never inside them.
    pub fn check_pace(&self, stats: &BreakStats, boards: f64) -> Result<(), BreakError> {
        if self.max_nodes == NO_NODE_LIMIT {
            return Ok(());
        }
        let nodes = stats.classes;
        let share = if boards > 0.0 {
            (stats.boards_done() / boards).min(1.0)
        } else {
            1.0
        };
        let projected = if share > 0.0 {
            nodes as f64 / share
        } else {
            f64::INFINITY
        };
        let too_long = nodes >= self.max_nodes
            || (nodes >= PACE_AFTER_NODES.min(self.max_nodes)
                && projected > self.max_nodes as f64 * PACE_MARGIN);
        if too_long {
            return Err(BreakError::TooLong {
                nodes,
                share: Share(share),
                max_nodes: self.max_nodes,
            });
        }
        Ok(())
    }
}

/// The memory a run's threads may take at their peak against what this machine gives a
/// process ([`check_memory`]), for each front end to word with its own option names.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MemoryShort {
    /// The threads that would run.
    pub threads: usize,
    /// Each one's budget, [`BreakOptions::memory_mb`].
    pub memory_mb: u32,
    /// Bytes they may take together at their peak ([`PEAK_PER_BUDGET`] times the budgets).
    pub need: u64,
    /// Bytes this machine gives the process.
    pub have: u64,
    /// Where `have` was read.
    pub source: &'static str,
}

impl MemoryShort {
    /// The message, with the options named as the caller names them and `is` between a name
    /// and its value (`--threads` and " ", or `threads` and "="): the two numbers, the memory
    /// there is and what to change.
    pub fn message(&self, threads: &str, memory_mb: &str, is: &str) -> String {
        let gib = |b: u64| {
            let g = b as f64 / (1u64 << 30) as f64;
            if g < 100.0 {
                format!("{g:.1}")
            } else {
                crate::engine::grouped(g.round() as u64)
            }
        };
        format!(
            "{threads}{is}{} with {memory_mb}{is}{} can take up to {} GiB in all ({memory_mb} is \
             each thread's budget, and a thread's trees peak at up to {PEAK_PER_BUDGET} times \
             it), more than the {} GiB this machine gives ({}): lower {threads} or {memory_mb}",
            self.threads,
            self.memory_mb,
            gib(self.need),
            gib(self.have),
            self.source
        )
    }
}

/// Refuses a run whose `threads` breakers, each with `memory_mb` MiB, could take more memory
/// at their peak than this machine gives a process ([`machine_memory`]): running out aborts
/// the process (a Python interpreter with it) rather than failing one allocation. Where the
/// machine's memory cannot be read, nothing is refused.
pub fn check_memory(threads: usize, memory_mb: u32) -> Result<(), MemoryShort> {
    let Some((have, source)) = machine_memory() else {
        return Ok(());
    };
    let budget = (memory_mb as u64) << 20;
    let need = (threads as f64 * budget as f64 * PEAK_PER_BUDGET) as u64;
    if need > have {
        return Err(MemoryShort {
            threads,
            memory_mb,
            need,
            have,
            source,
        });
    }
    Ok(())
}

/// The memory this machine gives a process, in bytes, and where it was read: the least of
/// the physical memory (`MemTotal` in `/proc/meminfo`), the control group's limit
/// (`/sys/fs/cgroup/memory.max`, when it is a number) and the address-space limit (`ulimit
/// -v`, the soft "Max address space" of `/proc/self/limits`). `None` where none can be read
/// (any system but Linux).
pub fn machine_memory() -> Option<(u64, &'static str)> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let total = read("/proc/meminfo").and_then(|t| {
        let line = t.lines().find(|l| l.starts_with("MemTotal:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some((kb.checked_mul(1024)?, "MemTotal in /proc/meminfo"))
    });
    let cgroup = read("/sys/fs/cgroup/memory.max")
        .and_then(|t| t.trim().parse::<u64>().ok())
        .map(|b| (b, "the control group's limit, /sys/fs/cgroup/memory.max"));
    let address = read("/proc/self/limits").and_then(|t| {
        let line = t.lines().find(|l| l.starts_with("Max address space"))?;
        let soft: u64 = line["Max address space".len()..]
            .split_whitespace()
            .next()?
            .parse()
            .ok()?;
        Some((soft, "the address-space limit, ulimit -v"))
    });
    [total, cgroup, address]
        .into_iter()
        .flatten()
        .min_by_key(|&(bytes, _)| bytes)
}

/// A breaker option refused by [`BreakOptions::check`]: which (`param`, its serde name), the
/// value given and the rule it breaks, so each front end names the option its own way (the
/// CLI by its flag); shown as the engine words it ("switch -1: must be 0 or more").
#[derive(Clone, Debug, PartialEq)]
pub struct BadOption {
    /// `switch`, `memory_mb` or `max_nodes`.
    pub param: &'static str,
    /// The value as given.
    pub value: String,
    /// What the option takes.
    pub rule: String,
}

impl std::fmt::Display for BadOption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.param {
            "memory_mb" => write!(f, "memory {} MiB: {}", self.value, self.rule),
            p => write!(f, "{p} {}: {}", self.value, self.rule),
        }
    }
}

/// The fastest breaker for a shape: an orderly tree up to 5x5, else the plain breaker.
pub fn fast_breaker(
    dict: Arc<Dictionary>,
    target: u32,
    rows: usize,
    cols: usize,
    opts: &BreakOptions,
) -> Box<dyn ClassBreaker + Send> {
    if OrderlyBreaker::supports(rows, cols) {
        let mut b = OrderlyBreaker::new(dict, target);
        b.set_switch(opts.switch);
        b.set_memory_budget((opts.memory_mb as usize) << 20);
        Box::new(b)
    } else {
        Box::new(Breaker::new(dict, target))
    }
}
