//! Breaking many classes at once: a pool of threads taking classes from a shared counter
//! ([`break_parallel`], run as [`ParallelOptions`] say), each with the fastest breaker for the
//! shape ([`crate::breaking::options::fast_breaker`]); `parallel/one_class.rs` presplits one
//! class into parts to share among threads and breaks it so ([`presplit`], [`break_class`]).
//! The thread pool is native only: the page runs one breaker per worker instead.

#[cfg(not(target_arch = "wasm32"))]
use crate::bounds::BoardClass;
#[cfg(not(target_arch = "wasm32"))]
use crate::breaking::clock::ClassClock;
#[cfg(not(target_arch = "wasm32"))]
use crate::breaking::options::{fast_breaker, BreakOptions};
#[cfg(not(target_arch = "wasm32"))]
use crate::breaking::MAX_FOUND;
use crate::breaking::{BreakError, BreakStats, ClassBreaker, Survivor};
#[cfg(not(target_arch = "wasm32"))]
use crate::engine::dictionary::Dictionary;
#[cfg(not(target_arch = "wasm32"))]
use std::ops::ControlFlow;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::Arc;

mod one_class;

pub use one_class::{break_class, presplit, presplit_for_threads, ClassBreak, PARTS_PER_THREAD};

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

/// Why [`break_parallel`] ended without settling its classes.
#[derive(Clone, Debug, PartialEq)]
pub enum RunError {
    /// The system would not start a single thread (its reason).
    NoThread(String),
    /// A breaker gave up: on the class at `index` in the run, or with `None` on the one class
    /// whose parts the run breaks ([`ParallelOptions::parts_of`]), for the reason `why`. The run
    /// stopped there; `totals` are what it had done by then.
    GaveUp {
        /// The class given up on, as its index in the run.
        index: Option<usize>,
        /// Why.
        why: BreakError,
        /// The run's totals when it stopped (boxed: an error is passed around more than read).
        totals: Box<BreakStats>,
    },
}

impl RunError {
    /// The message, with the limit on forced classes named as the front end names it and
    /// `own_class` as for [`BreakError::message`].
    pub fn message(&self, max_nodes: &str, own_class: bool) -> String {
        match self {
            RunError::NoThread(e) => format!("the system would not start a thread: {e}"),
            RunError::GaveUp { why, .. } => why.message(max_nodes, own_class),
        }
    }
}

impl std::fmt::Display for RunError {
    /// The message in the engine's own words ([`BreakError`]'s).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message("max_nodes", true))
    }
}

impl std::error::Error for RunError {}

/// One class of a parallel run, finished.
#[derive(Clone, Debug)]
pub struct Finished {
    /// Its index in the run.
    pub index: usize,
    /// Its totals alone.
    pub stats: BreakStats,
    /// Boards in it that reach the target.
    pub found: Vec<Survivor>,
    /// The CPU seconds it took on its thread (`clock::ClassClock`).
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
/// when `finished` answers [`ControlFlow::Break`] (its caller cannot keep what the run finds,
/// say a file it cannot write), the run stops at once, as on an interrupt (every thread stops
/// inside the class it is on), and no class that ends after is handed over. `progress(classes done, totals)` is called at least every `opts.progress_every`, the totals
/// counting the classes in progress as far as they have gone, so that a long class shows
/// progress too. Returns the totals. Once more than `opts.most_found` boards are found no class
/// is started: the totals' `found` then passes that limit. Once a breaker gives up on a class
/// ([`BreakError::TooManyPaths`]) no class is started and the run fails with its reason
/// ([`RunError::GaveUp`], with the totals so far). Should
/// the system refuse some of the threads, the run goes on with those it started; should it
/// refuse every one, the run fails with its reason ([`RunError::NoThread`]). A class whose break passes
/// [`BreakOptions::max_nodes`] ([`BreakOptions::check_pace`], looked at between slices of its
/// work; for the parts of one class, `opts.parts_of`, their totals every `opts.progress_every`)
/// is given up on in the same way.
#[cfg(not(target_arch = "wasm32"))]
pub fn break_parallel(
    count: usize,
    class_at: &(dyn Fn(usize) -> BoardClass + Sync),
    dict: Arc<Dictionary>,
    opts: &ParallelOptions,
    mut finished: impl FnMut(Finished) -> ControlFlow<()>,
    mut progress: impl FnMut(usize, &BreakStats),
) -> Result<BreakStats, RunError> {
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
                    let clock = ClassClock::start();
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
                    let done = Finished::take_from(i, breaker.as_mut(), clock.secs());
                    // A class given up on stops the run here, before this thread or another
                    // could start a class the calling thread has not yet heard of it.
                    if done.failure.is_some() {
                        stop.store(true, Ordering::Relaxed);
                    }
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
        // Set once `finished` stopped the run: the classes that end after are not handed over.
        let mut halted = false;
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
                        failed.get_or_insert_with(|| (Some(f.index), e.clone()));
                    }
                    if !halted && finished(f).is_break() {
                        halted = true;
                        cancel.store(true, Ordering::Relaxed);
                        stop.store(true, Ordering::Relaxed);
                    }
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
                    failed.get_or_insert((None, e));
                }
                progress(done, &shown);
            }
        }
    });
    match (refused, failed) {
        (Some(e), _) => Err(RunError::NoThread(e.to_string())),
        (None, Some((index, why))) => Err(RunError::GaveUp {
            index,
            why,
            totals: Box::new(totals),
        }),
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
