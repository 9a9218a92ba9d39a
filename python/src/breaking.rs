//! Branch and bound from Python: one class, or the classes of a letter partition, broken on a
//! pool of threads with the engine's fastest breaker.
//!
//! The engine's breakers are stepped here a slice at a time (as the page's workers step them)
//! rather than run through `break_parallel`, so that Ctrl-C or an exception in the progress
//! callback stops every thread within a slice instead of after its current class. One class
//! goes through the engine's `parallel::break_class`, as the CLI's does (settled by its bound
//! or presplit into parts, its boards best first), with its parts broken by that loop.

use crate::interrupt::{interruptible, Inbox, TICK};
use crate::numbers::Whole;
use boggle::bounds::BOUND_MAX_STEPS;
use boggle::breaking::options::{check_memory, fast_breaker, BreakOptions};
use boggle::breaking::parallel::{default_threads, Finished, MAX_THREADS};
use boggle::breaking::partition::{
    canonical_survivors, given_up_on, no_such_class, Chosen, ClassRecord, FoundBoards,
    PartitionClasses, Shard, DEFAULT_SAMPLE_SEED,
};
use boggle::breaking::{BreakError, BreakStats, Survivor, MAX_FOUND, STEP_SLICE};
use boggle::engine::{grouped, plural};
use boggle::{BoardClass, BoundSolver, Dictionary};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// What a run breaks and how.
pub struct Run<'a> {
    /// Classes `0..count`, each given by `class_at`.
    pub count: usize,
    /// Class `i` of the run, for `i` in `0..count`, made by whichever thread takes it.
    pub class_at: &'a (dyn Fn(usize) -> BoardClass + Sync),
    /// The word list every thread's breaker shares.
    pub dict: Arc<Dictionary>,
    /// Boards scoring at least this many points are found.
    pub target: u32,
    /// The fast breaker's options, the same for every thread.
    pub opts: BreakOptions,
    /// Worker threads: at least one runs, and never more than there are classes.
    pub threads: usize,
    /// The search's class ids of classes `0..count`, for a partition run: a class given up on
    /// is named by its id.
    pub ids: Option<&'a [usize]>,
    /// The board count of the one class whose parts the run breaks (`None`: classes of their
    /// own): the breaker's `max_nodes` then counts the parts together.
    pub parts_of: Option<f64>,
}

/// Slices of [`STEP_SLICE`] a worker breaks between two updates of its class's progress.
const LIVE_SLICES: u32 = 16;

/// The limit on forced classes as messages name it here: the keyword argument.
const MAX_NODES: &str = "max_nodes";

/// A worker's class in progress, as far as it has gone. A poisoned lock still holds counts
/// worth showing.
fn lock(m: &Mutex<BreakStats>) -> std::sync::MutexGuard<'_, BreakStats> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Refuses a run whose threads could take more memory than the machine gives (running out
/// would end the interpreter), naming the two arguments.
pub fn check_memory_arg(threads: usize, opts: &BreakOptions) -> PyResult<()> {
    check_memory(threads, opts.memory_mb)
        .map_err(|e| PyValueError::new_err(e.message("threads", "memory_mb", "=")))
}

/// Breaks every class of `run`, handing each finished class to `finished` and calling
/// `progress(py, classes done, totals)` about every `every` and once at the end, all on the
/// calling thread. Ctrl-C, an error from either callback, more boards found than a search
/// keeps ([`MAX_FOUND`]) or a class the breaker gave up on (its `max_nodes` passed included,
/// [`BreakOptions::check_pace`]) stops the workers and is returned. The totals given to
/// `progress` count the classes in progress as far as they have gone.
pub fn drive(
    py: Python<'_>,
    run: &Run<'_>,
    every: Duration,
    mut finished: impl FnMut(Python<'_>, Finished) -> PyResult<()>,
    mut progress: impl FnMut(Python<'_>, usize, &BreakStats) -> PyResult<()>,
) -> PyResult<BreakStats> {
    let next = AtomicUsize::new(0);
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<Result<Finished, String>>();
    let inbox = Inbox::new(rx);
    let mut totals = BreakStats::default();
    let mut failure: Option<PyErr> = None;
    let threads = run.threads.max(1).min(run.count.max(1));
    let live: Vec<Mutex<BreakStats>> = (0..threads).map(|_| Default::default()).collect();
    std::thread::scope(|s| {
        for (k, mine) in live.iter().enumerate() {
            let (next, stop, tx) = (&next, &stop, tx.clone());
            // Should the system refuse a thread, the run goes on with those it has, if any.
            let spawned = std::thread::Builder::new()
                .spawn_scoped(s, move || worker(run, next, stop, mine, tx));
            if let Err(e) = spawned {
                if k == 0 {
                    failure = Some(PyValueError::new_err(format!(
                        "the system would not start a thread: {e}"
                    )));
                }
                break;
            }
        }
        drop(tx);
        let mut done = 0;
        let mut last = Instant::now();
        // What progress was last shown, so that no call repeats it (the one at the end included).
        let mut shown_last = None;
        loop {
            let got = py.allow_threads(|| inbox.get(Some(TICK)));
            let result = match got {
                Ok(Ok(f)) => {
                    totals.add(&f.stats);
                    done += 1;
                    let stopped = match (&f.failure, run.ids) {
                        (Some(e), Some(ids)) => {
                            Err(given_up_on(ids[f.index], e.message(MAX_NODES, false)))
                        }
                        (Some(e), None) => Err(e.message(MAX_NODES, true)),
                        (None, _) => BreakError::check_found(totals.found, MAX_FOUND, run.target)
                            .map_err(|e| e.to_string()),
                    };
                    stopped
                        .map_err(crate::engine_error)
                        .and_then(|()| finished(py, f))
                }
                Ok(Err(why)) => Err(PyValueError::new_err(why)),
                Err(mpsc::RecvTimeoutError::Timeout) => Ok(()),
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            let result = result.and_then(|()| py.check_signals()).and_then(|()| {
                if last.elapsed() >= every {
                    last = Instant::now();
                    let mut shown = totals;
                    for l in &live {
                        shown.add(&lock(l));
                    }
                    // One class's parts are judged together.
                    if let Some(boards) = run.parts_of {
                        run.opts
                            .check_pace(&shown, boards)
                            .map_err(|e| crate::engine_error(e.message(MAX_NODES, true)))?;
                    }
                    // A record like the last says nothing new (no class moved since).
                    if shown_last == Some((done, shown)) {
                        return Ok(());
                    }
                    shown_last = Some((done, shown));
                    progress(py, done, &shown)
                } else {
                    Ok(())
                }
            });
            if let Err(e) = result {
                stop.store(true, Ordering::Relaxed);
                failure = Some(e);
                break;
            }
        }
        // The workers see the flag within a slice; wait for them without holding the GIL.
        py.allow_threads(|| while inbox.get(None).is_ok() {});
        if failure.is_none() && shown_last != Some((done, totals)) {
            if let Err(e) = progress(py, done, &totals) {
                failure = Some(e);
            }
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(totals),
    }
}

/// One thread of a run: takes the next class until none is left or the run is stopped.
fn worker(
    run: &Run<'_>,
    next: &AtomicUsize,
    stop: &Arc<AtomicBool>,
    mine: &Mutex<BreakStats>,
    tx: mpsc::Sender<Result<Finished, String>>,
) {
    let mut breaker = None;
    while !stop.load(Ordering::Relaxed) {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= run.count {
            break;
        }
        let t = Instant::now();
        let class = (run.class_at)(i);
        let breaker = breaker.get_or_insert_with(|| {
            let dict = Arc::clone(&run.dict);
            let mut b = fast_breaker(dict, run.target, class.rows(), class.cols(), &run.opts);
            // The flag also ends the one long search of a class inside a slice.
            b.cancel_on(Arc::clone(stop));
            b
        });
        breaker.reset();
        if let Err(e) = breaker.start(&class) {
            let _ = tx.send(Err(format!("class: {e}")));
            return;
        }
        // Its own limit, unless it is a part of one class (judged whole by `drive`).
        let boards = run.parts_of.is_none().then(|| class.board_count().to_f64());
        let mut slices = 0u32;
        while !breaker.step(STEP_SLICE) {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            slices += 1;
            if slices.is_multiple_of(LIVE_SLICES) {
                *lock(mine) = *breaker.stats();
                if let Some(Err(e)) = boards.map(|b| run.opts.check_pace(breaker.stats(), b)) {
                    breaker.tally_mut().fail(e);
                    break;
                }
            }
        }
        *lock(mine) = BreakStats::default();
        if breaker.tally().is_cancelled() {
            return;
        }
        let done = Finished::take_from(i, breaker.as_mut(), t.elapsed().as_secs_f64());
        if tx.send(Ok(done)).is_err() {
            return;
        }
    }
}

/// A thread count: 1 to the engine's [`MAX_THREADS`], every core (as many as that) by default.
pub fn threads_arg(threads: Option<Whole>) -> PyResult<usize> {
    match threads {
        Some(t) => t.usize("threads", 1, MAX_THREADS),
        None => Ok(default_threads()),
    }
}

/// Breaks one class as the engine's [`boggle::breaking::parallel::break_class`] does (settled
/// by its bound if it has an empty cell, else presplit into parts for the threads), the parts
/// broken by [`drive`] so that Ctrl-C stops them; boards best first, and the parts' count.
pub fn break_class(
    py: Python<'_>,
    class: &BoardClass,
    run: (Arc<Dictionary>, u32, BreakOptions, usize),
    every: Duration,
    progress: impl FnMut(Python<'_>, usize, usize, &BreakStats) -> PyResult<()>,
) -> PyResult<(Vec<Survivor>, BreakStats, usize)> {
    let mut progress = progress;
    let (dict, target, opts, threads) = run;
    check_memory_arg(threads, &opts)?;
    // Bounded as `bound()` is, and stopped by Ctrl-C as it is.
    let bounds = || {
        let dict = Arc::clone(&dict);
        interruptible(py, |stop| {
            BoundSolver::new(dict).bounds_until(class, BOUND_MAX_STEPS, Some(stop))
        })?
        .map_err(|e| {
            class_error(BreakError::TooBig {
                max_steps: e.max_steps,
            })
        })
    };
    let break_parts = |parts: &[BoardClass]| {
        let total = parts.len();
        let run = Run {
            count: total,
            class_at: &|i| parts[i].clone(),
            dict: Arc::clone(&dict),
            target,
            opts,
            threads,
            ids: None,
            parts_of: Some(class.board_count().to_f64()),
        };
        let mut found = Vec::new();
        let stats = drive(
            py,
            &run,
            every,
            |_, f| {
                found.extend(f.found);
                Ok(())
            },
            |py, done, s| progress(py, done, total, s),
        )?;
        Ok((found, stats))
    };
    let broken =
        boggle::breaking::parallel::break_class(class, target, threads, bounds, break_parts)?
            .map_err(class_error)?;
    Ok((broken.boards, broken.stats, broken.parts))
}

/// Why a class cannot be broken, as `ValueError` naming the class.
fn class_error(e: BreakError) -> PyErr {
    PyValueError::new_err(format!("class: {e}"))
}

/// Breaks the classes `ids` of a partition search; boards canonical, once each, best first,
/// and one record per class as `boggle break --out` writes them.
pub fn break_partition(
    py: Python<'_>,
    search: &PartitionClasses,
    ids: &[usize],
    run: (Arc<Dictionary>, u32, BreakOptions, usize),
    every: Duration,
    progress: impl FnMut(Python<'_>, usize, usize, &BreakStats) -> PyResult<()>,
) -> PyResult<(Vec<Survivor>, BreakStats, Vec<ClassRecord>)> {
    let mut progress = progress;
    let (dict, target, opts, threads) = run;
    check_memory_arg(threads.min(ids.len().max(1)), &opts)?;
    let (rows, cols) = search.shape();
    let run = Run {
        count: ids.len(),
        class_at: &|i| search.class(ids[i]),
        dict,
        target,
        opts,
        threads,
        ids: Some(ids),
        parts_of: None,
    };
    let mut found = Vec::new();
    let mut records = Vec::new();
    let total = ids.len();
    // Progress counts the finished classes' boards as the result does, each once.
    let distinct = std::cell::RefCell::new(FoundBoards::default());
    let stats = drive(
        py,
        &run,
        every,
        |_, f| {
            let record = ClassRecord::finished(search, ids[f.index], f);
            found.extend(record.found.iter().cloned());
            distinct.borrow_mut().add(&record);
            records.push(record);
            Ok(())
        },
        |py, done, s| {
            let s = BreakStats {
                found: distinct.borrow().len(),
                ..*s
            };
            progress(py, done, total, &s)
        },
    )?;
    records.sort_by_key(|r| r.id);
    let boards = canonical_survivors(found, rows, cols);
    // Counted as the CLI counts them: each board once, in canonical form (the engine's own
    // count sees a board twice where a class holds two of its rotations).
    let stats = BreakStats {
        found: boards.len() as u64,
        ..stats
    };
    Ok((boards, stats, records))
}

/// Class ids as given: a list, a range or any sequence of ints, read only once its length is
/// known to fit the search ([`select`]: `range(10**12)` would take its length in memory first).
/// A string, which pyo3 would refuse with "Can't extract `str` to `Vec`", is refused with what
/// to give instead.
pub struct ClassIds<'py>(Bound<'py, PyAny>);

impl<'py> FromPyObject<'py> for ClassIds<'py> {
    fn extract_bound(obj: &Bound<'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "give a sequence of ids such as [0, 5] or range(100), not a string",
            ));
        }
        Ok(ClassIds(obj.clone()))
    }
}

impl ClassIds<'_> {
    /// The ids, when there are at most as many as `search` has classes (each id is given once):
    /// from any iterable (a list, a range, a set, a generator), read no further than that.
    fn read(&self, search: &PartitionClasses) -> PyResult<Vec<Whole>> {
        let too_many = |len: Option<usize>| {
            let held = len.map_or(String::new(), |n| format!(" {} ids,", grouped(n)));
            PyValueError::new_err(format!(
                "class_ids holds{held} more than the search's {}: give each id once",
                plural(search.len(), "class", "classes")
            ))
        };
        if let Ok(len) = self.0.len() {
            if len > search.len() {
                return Err(too_many(Some(len)));
            }
        }
        let items =
            self.0.try_iter().map_err(|_| {
                PyTypeError::new_err(format!(
                "argument 'class_ids': {} is not a sequence of ids such as [0, 5] or range(100)",
                self.0.get_type().name().map_or("it".into(), |n| n.to_string())
            ))
            })?;
        let mut ids = Vec::new();
        for item in items {
            if ids.len() == search.len() {
                return Err(too_many(None));
            }
            ids.push(item?.extract::<Whole>().map_err(|e| {
                let why = e.value(self.0.py()).to_string();
                PyTypeError::new_err(format!("argument 'class_ids': {why}"))
            })?);
        }
        Ok(ids)
    }
}

/// The class ids a partition search breaks: the chosen ids (or all, or `sample` of them drawn
/// from `seed`, [`DEFAULT_SAMPLE_SEED`] unless given), then shard `K/N` of those (every N-th
/// from the K-th). A seed without a sample is refused, as `boggle break` refuses it.
pub fn select(
    search: &PartitionClasses,
    class_ids: Option<ClassIds<'_>>,
    shard: Option<&Bound<'_, PyAny>>,
    sample: Option<Whole>,
    seed: Option<Whole>,
) -> PyResult<Vec<usize>> {
    let shard = match shard {
        Some(s) if !s.is_none() => Some(shard_arg(s)?),
        _ => None,
    };
    if seed.is_some() && sample.is_none() {
        return Err(PyValueError::new_err(
            "seed works only with sample: it picks the sampled classes",
        ));
    }
    if sample.is_some() && (class_ids.is_some() || shard.is_some()) {
        return Err(PyValueError::new_err(
            "sample draws its own classes: give it without class_ids or shard",
        ));
    }
    let chosen = match (class_ids, sample) {
        // An id past the last is the engine's to refuse; one below 0 gets the same words.
        (Some(ids), _) => Chosen::Ids(
            ids.read(search)?
                .into_iter()
                .map(|id| {
                    id.usize("class_ids", 0, usize::MAX).map_err(|_| {
                        PyValueError::new_err(no_such_class(format!("class id {id}"), search.len()))
                    })
                })
                .collect::<PyResult<_>>()?,
        ),
        (None, Some(n)) => Chosen::Sample {
            n: n.usize("sample", 1, usize::MAX)?,
            seed: match seed {
                Some(s) => s.within("seed", 0, u64::MAX)?,
                None => DEFAULT_SAMPLE_SEED,
            },
        },
        (None, None) => Chosen::All,
    };
    // In the order `boggle break` takes them: progress is a fair sample of the rest.
    search.to_break(&chosen, shard).map_err(crate::engine_error)
}

/// A shard as `"K/N"` or `(K, N)`, with 1 <= K <= N; the engine's parser checks both forms.
fn shard_arg(obj: &Bound<'_, PyAny>) -> PyResult<Shard> {
    let text = match obj.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>() {
        Ok((k, n)) => format!("{k}/{n}"),
        _ => obj.extract::<String>().map_err(|_| {
            PyValueError::new_err("shard is \"K/N\" or (K, N): every N-th class from the K-th")
        })?,
    };
    text.parse().map_err(PyValueError::new_err)
}
