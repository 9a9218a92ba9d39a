//! Breaking many classes at once: the fast breaker's options ([`BreakOptions`]) and the fastest
//! breaker for a shape, a pool of threads taking classes from a shared counter
//! ([`break_parallel`], run as [`ParallelOptions`] say); `parallel/one_class.rs` presplits one
//! class into parts to share among threads and breaks it so ([`presplit`], [`break_class`]).
//! The thread pool is native only: the page runs one breaker per worker instead.

#[cfg(not(target_arch = "wasm32"))]
use crate::bounds::BoardClass;
use crate::breaking::orderly::{self, OrderlyBreaker};
use crate::breaking::plain::Breaker;
use crate::breaking::{
    BreakError, BreakStats, ClassBreaker, Share, Survivor, MAX_FOUND, PAGE_MAX_FOUND,
};
use crate::engine::dictionary::Dictionary;
use crate::engine::scoring::MAX_TARGET;
use serde::Serialize;
use std::sync::Arc;

mod one_class;

pub use one_class::{break_class, presplit, presplit_for_threads, ClassBreak, PARTS_PER_THREAD};

/// The least memory, in MiB, [`BreakOptions::memory_mb`] may give a breaker.
pub const MIN_MEMORY_MB: u32 = 16;

/// The most worker threads a run may ask for, more than the cores of any machine it is meant
/// for. Each thread holds its own trees (up to [`BreakOptions::memory_mb`]), so a slip such as
/// `--threads 100000` would otherwise start that many and ask for far more memory than there is.
pub const MAX_THREADS: usize = 1024;

/// One thread per core the process may use, at most [`MAX_THREADS`]: what a run takes when
/// told nothing.
#[cfg(not(target_arch = "wasm32"))]
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
}

/// Checks a thread count a caller was given: 1 to [`MAX_THREADS`]. The message says the range
/// and is meant to follow the option's name.
pub fn check_threads(threads: usize) -> Result<usize, String> {
    if (1..=MAX_THREADS).contains(&threads) {
        Ok(threads)
    } else {
        Err(format!(
            "must be 1 to {}, about one a core",
            crate::engine::grouped(MAX_THREADS)
        ))
    }
}

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
            "{threads}{is}{} with {memory_mb}{is}{} a thread can take up to {} GiB (a thread's \
             trees peak at up to {PEAK_PER_BUDGET} times its budget), more than the {} GiB this \
             machine gives ({}): lower {threads} or {memory_mb}",
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

/// One class of a parallel run, finished.
#[derive(Clone, Debug)]
pub struct Finished {
    /// Its index in the run.
    pub index: usize,
    /// Its totals alone.
    pub stats: BreakStats,
    /// Boards in it that reach the target.
    pub found: Vec<Survivor>,
    /// Seconds it took on its thread.
    pub secs: f64,
    /// True when it stopped early, having found more boards than a run keeps, given up on
    /// the class or been interrupted: its boards and totals are then incomplete.
    pub stopped: bool,
    /// Why the breaker gave up on the class, if it did (the run then fails with it).
    pub failure: Option<BreakError>,
}

impl Finished {
    /// What `breaker` came to on class `index` of a run, once it has finished the class in
    /// `secs` seconds; its boards are taken out of it, leaving it ready for the next class.
    pub fn take_from(index: usize, breaker: &mut dyn ClassBreaker, secs: f64) -> Finished {
        Finished {
            index,
            stats: *breaker.stats(),
            found: breaker.take_found(),
            secs,
            stopped: breaker.is_stopped() || breaker.tally().is_cancelled(),
            failure: breaker.tally().failure().cloned(),
        }
    }
}

/// How a parallel run goes ([`break_parallel`], and the partition searches built on it): the
/// target, the breaker's options, the threads and how often progress is reported.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct ParallelOptions {
    /// Boards scoring at least this many points are reported.
    pub target: u32,
    /// The fast breaker's options, the same for every thread.
    pub breaker: BreakOptions,
    /// Worker threads: at least one runs, and never more than there are classes.
    pub threads: usize,
    /// The longest wait between two progress calls.
    pub progress_every: std::time::Duration,
    /// The most boards reaching the target the run keeps ([`MAX_FOUND`] by default): past it
    /// the run stops, and its totals' `found` says more were found.
    pub most_found: u64,
    /// Set (by a Ctrl-C handler) to end the run soon: every thread stops inside the class it
    /// is on, which comes to `finished` as stopped, with the boards found in it so far.
    pub interrupt: Option<&'static std::sync::atomic::AtomicBool>,
    /// The board count of the one class whose parts the run breaks (`None`: the classes are
    /// classes of their own): [`BreakOptions::max_nodes`] then counts the parts together.
    pub parts_of: Option<f64>,
}

#[cfg(not(target_arch = "wasm32"))]
impl ParallelOptions {
    /// A run against `target` (no default makes sense for it) with the default breaker
    /// options, one thread per core (at most [`MAX_THREADS`]) and progress every half second.
    pub fn new(target: u32) -> ParallelOptions {
        ParallelOptions {
            target,
            breaker: BreakOptions::default(),
            threads: default_threads(),
            progress_every: std::time::Duration::from_millis(500),
            most_found: MAX_FOUND,
            interrupt: None,
            parts_of: None,
        }
    }
}

/// Breaks classes `0..count` (`class_at(i)`) on `opts.threads` threads with the fastest
/// breaker. Each finished class is handed to `finished` on the calling thread, as it finishes;
/// `progress(classes done, totals)` is called at least every `opts.progress_every`, the totals
/// counting the classes in progress as far as they have gone, so that a long class shows
/// progress too. Returns the totals. Once more than `opts.most_found` boards are found no class
/// is started: the totals' `found` then passes that limit. Once a breaker gives up on a class
/// ([`BreakError::TooManyPaths`]) no class is started and the run fails with its reason. Should
/// the system refuse some of the threads, the run goes on with those it started; should it
/// refuse every one, the run fails with its reason. A class whose break passes
/// [`BreakOptions::max_nodes`] ([`BreakOptions::check_pace`], looked at between slices of its
/// work; for the parts of one class, `opts.parts_of`, their totals every `opts.progress_every`)
/// is given up on in the same way.
#[cfg(not(target_arch = "wasm32"))]
pub fn break_parallel(
    count: usize,
    class_at: &(dyn Fn(usize) -> BoardClass + Sync),
    dict: Arc<Dictionary>,
    opts: &ParallelOptions,
    mut finished: impl FnMut(Finished),
    mut progress: impl FnMut(usize, &BreakStats),
) -> Result<BreakStats, String> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;
    let (target, every) = (opts.target, opts.progress_every);
    let next = AtomicUsize::new(0);
    let stop = std::sync::atomic::AtomicBool::new(false);
    // Given to every breaker: set on an interrupt, it ends even a class's one long search.
    let cancel = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<Finished>();
    let mut totals = BreakStats::default();
    let threads = opts.threads.max(1).min(count.max(1));
    // Each thread's class in progress, as far as it has gone (zero between classes).
    let live: Vec<std::sync::Mutex<BreakStats>> =
        (0..threads).map(|_| Default::default()).collect();
    let mut refused = None;
    let mut failed = None;
    std::thread::scope(|s| {
        for (k, mine) in live.iter().enumerate() {
            let (next, stop, dict, tx) = (&next, &stop, Arc::clone(&dict), tx.clone());
            let cancel = Arc::clone(&cancel);
            let spawned = std::thread::Builder::new().spawn_scoped(s, move || {
                let mut breaker: Option<Box<dyn ClassBreaker + Send>> = None;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let t = std::time::Instant::now();
                    let class = class_at(i);
                    let breaker = breaker.get_or_insert_with(|| {
                        let (rows, cols) = (class.rows(), class.cols());
                        let mut b =
                            fast_breaker(Arc::clone(&dict), target, rows, cols, &opts.breaker);
                        b.set_most_found(opts.most_found);
                        b.cancel_on(Arc::clone(&cancel));
                        b
                    });
                    breaker.reset();
                    breaker
                        .start(&class)
                        .expect("classes to break have no empty cell");
                    // Its own limit, unless it is a part of one class (judged whole below).
                    let boards = opts
                        .parts_of
                        .is_none()
                        .then(|| class.board_count().to_f64());
                    while !breaker.step(LIVE_STEP) {
                        *lock(mine) = *breaker.stats();
                        if cancel.load(Ordering::Relaxed) {
                            break;
                        }
                        if let Some(Err(e)) =
                            boards.map(|b| opts.breaker.check_pace(breaker.stats(), b))
                        {
                            breaker.tally_mut().fail(e);
                            break;
                        }
                    }
                    *lock(mine) = BreakStats::default();
                    let done = Finished::take_from(i, breaker.as_mut(), t.elapsed().as_secs_f64());
                    if tx.send(done).is_err() {
                        break;
                    }
                }
            });
            if let Err(e) = spawned {
                if k == 0 {
                    refused = Some(e);
                }
                break;
            }
        }
        drop(tx);
        let mut done = 0;
        let mut last = std::time::Instant::now();
        loop {
            if opts.interrupt.is_some_and(|i| i.load(Ordering::Relaxed)) {
                cancel.store(true, Ordering::Relaxed);
                stop.store(true, Ordering::Relaxed);
            }
            match rx.recv_timeout(every) {
                Ok(f) => {
                    totals.add(&f.stats);
                    done += 1;
                    if totals.found > opts.most_found {
                        stop.store(true, Ordering::Relaxed);
                    }
                    if let Some(e) = &f.failure {
                        stop.store(true, Ordering::Relaxed);
                        failed.get_or_insert_with(|| e.to_string());
                    }
                    finished(f);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if last.elapsed() >= every {
                last = std::time::Instant::now();
                let mut shown = totals;
                for l in &live {
                    shown.add(&lock(l));
                }
                if let Some(Err(e)) = opts.parts_of.map(|b| opts.breaker.check_pace(&shown, b)) {
                    cancel.store(true, Ordering::Relaxed);
                    stop.store(true, Ordering::Relaxed);
                    failed.get_or_insert_with(|| e.to_string());
                }
                progress(done, &shown);
            }
        }
    });
    match (refused, failed) {
        (Some(e), _) => Err(format!("the system would not start a thread: {e}")),
        (None, Some(why)) => Err(why),
        (None, None) => Ok(totals),
    }
}

/// Forced classes a thread of [`break_parallel`] visits between two updates of its class's
/// progress: a few milliseconds' work, so a long class's progress shows as it goes.
#[cfg(not(target_arch = "wasm32"))]
const LIVE_STEP: usize = 4096;

/// A thread's progress. A poisoned lock (a panic elsewhere) still holds plain counts worth
/// showing.
#[cfg(not(target_arch = "wasm32"))]
fn lock(m: &std::sync::Mutex<BreakStats>) -> std::sync::MutexGuard<'_, BreakStats> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
