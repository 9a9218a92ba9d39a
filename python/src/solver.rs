//! The `Solver` class: one word list, and everything Python does with it: scoring, words,
//! bounds, breaking and the optimizers.

use crate::boards::{board_arg, boards_arg, size_arg};
use crate::convert::value_to_py;
use crate::interrupt::{interruptible, interruptible_with};
use crate::numbers::Whole;
use crate::optimize::SearchResult;
use crate::results::{Bounds, BreakResult, Word};
use crate::{breaking, convert, every_arg, lists, optimize};
use boggle::bounds::BOUND_MAX_STEPS;
use boggle::breaking::options::BreakOptions;
use boggle::breaking::partition::{Estimate, Partition, PartitionClasses, DEFAULT_SAMPLE_SEED};
use boggle::breaking::{BreakStats, Survivor};
use boggle::engine::scoring::{MAX_TARGET, MIN_WORD_LETTERS};
use boggle::engine::solver::TooBigToSolve;
use boggle::optimize::{Anneal, HillClimb};
use boggle::play::{Rules, MAX_MIN_LETTERS};
use boggle::{Board, BoardClass, BoundSolver, Dictionary};
use pyo3::exceptions::{PyTypeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::ffi::CString;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A target score, as every call that takes one reads it: 1 to the engine's [`MAX_TARGET`].
pub fn target_arg(target: Whole) -> PyResult<u32> {
    Ok(target.within("target", 1, MAX_TARGET.into())? as u32)
}

/// Scores boards against one word list, and bounds, breaks and searches with it.
///
/// ``wordlist`` is None for the built-in ENABLE2K, "enable2k" or "yawl" for a built-in list
/// (whatever the working folder holds: a file of that name is read as "./enable2k"), or the
/// path of a list file: one word per line, or compiled by ``boggle compile-list``.
/// Files are read with the CLI's limits (16 MiB, 2,000,000 lines); a bad one raises
/// ValueError with the CLI's message, and skipped words are reported as warnings.
/// With ``multiboggle`` a word counts once per distinct set of cells that spells it; with
/// ``min`` only words of that many letters or more count (3 to 8; Big Boggle counts 4), in
/// ``score``, ``score_many`` and ``words``.
#[pyclass(frozen, module = "boggle_explorer")]
pub struct Solver {
    dict: Arc<Dictionary>,
    rules: Rules,
    solver: Mutex<boggle::Solver>,
}

impl Solver {
    fn score_with(&self, s: &mut boggle::Solver, b: &Board) -> Result<u32, TooBigToSolve> {
        self.rules.score(s, b)
    }

    /// The word list, target, breaker options and threads of a break; `arguments` are the
    /// call's own keyword arguments, suggested for an option name that is misspelt.
    fn break_run(
        &self,
        target: Whole,
        threads: Option<Whole>,
        options: Option<&Bound<'_, PyDict>>,
        arguments: &[&str],
    ) -> PyResult<(Arc<Dictionary>, u32, BreakOptions, usize)> {
        let target = target_arg(target)?;
        let threads = breaking::threads_arg(threads)?;
        let opts: BreakOptions = convert::options("break", options, arguments)?;
        // Named as the argument is passed: `memory_mb=1: at least 16 MiB is needed`.
        opts.check()
            .map_err(|e| PyValueError::new_err(format!("{}={}: {}", e.param, e.value, e.rule)))?;
        Ok((Arc::clone(&self.dict), target, opts, threads))
    }
}

// The signatures Python shows (`text_signature`, and the stubs in `__init__.pyi`) must write
// the defaults as literals: they are checked against the engine's constants here, and the stubs
// against the signatures by `tests/test_stubs.py`.
const _: () = assert!(
    BOUND_MAX_STEPS == 250_000_000,
    "bound()'s text_signature: max_steps"
);
const _: () = assert!(DEFAULT_SAMPLE_SEED == 1, "break_partition()'s docs: seed");

/// A progress callback for a break: called with `{done, total, seconds, stats}`.
fn break_progress(
    cb: Option<Py<PyAny>>,
    started: Instant,
) -> impl FnMut(Python<'_>, usize, usize, &BreakStats) -> PyResult<()> {
    move |py, done, total, stats| {
        let Some(cb) = &cb else { return Ok(()) };
        let d = PyDict::new(py);
        d.set_item("done", done)?;
        d.set_item("total", total)?;
        d.set_item("seconds", started.elapsed().as_secs_f64())?;
        d.set_item("stats", value_to_py(py, stats)?)?;
        cb.call1(py, (d,))?;
        Ok(())
    }
}

fn pairs(found: &[Survivor]) -> Vec<(u32, String)> {
    found.iter().map(|s| (s.score, s.board.clone())).collect()
}

fn class_arg(text: &str, size: Option<(usize, usize)>) -> PyResult<BoardClass> {
    BoardClass::parse(text, size).map_err(|e| PyValueError::new_err(format!("class: {e}")))
}

#[pymethods]
impl Solver {
    /// A solver for `wordlist`: None for the built-in ENABLE2K, "enable2k" or "yawl" for a
    /// built-in list, or the path of a list file (one word per line, or compiled).
    #[new]
    #[pyo3(
        signature = (wordlist=None, multiboggle=false, min=Whole::from(MIN_WORD_LETTERS as u64)),
        text_signature = "(wordlist=None, multiboggle=False, min=3)"
    )]
    fn new(
        py: Python<'_>,
        wordlist: Option<std::path::PathBuf>,
        multiboggle: bool,
        min: Whole,
    ) -> PyResult<Self> {
        let min = min.within("min", MIN_WORD_LETTERS as u64, MAX_MIN_LETTERS as u64)? as usize;
        let rules = Rules::new(min, multiboggle).map_err(PyValueError::new_err)?;
        let name = wordlist.map(|p| p.to_string_lossy().into_owned());
        let dict = lists::load(py, name.as_deref())?;
        Ok(Solver {
            solver: Mutex::new(boggle::Solver::new(Arc::clone(&dict))),
            dict,
            rules,
        })
    }

    /// Words in the list.
    #[getter]
    fn word_count(&self) -> usize {
        self.dict.len()
    }

    /// The list's fingerprint, 16 hex digits: what proof files and ``boggle compile-list``
    /// name the list by, so that a result says which words it holds for.
    #[getter]
    fn fingerprint(&self) -> String {
        boggle::word_lists::fingerprint(&self.dict)
    }

    /// True when a word counts once per distinct set of cells that spells it.
    #[getter]
    fn multiboggle(&self) -> bool {
        self.rules.multiboggle
    }

    /// The shortest word that counts, in letters.
    #[getter]
    fn min(&self) -> usize {
        self.rules.min_letters
    }

    /// The score of one board (``size`` fixes the shape, e.g. "3x4"; by default it
    /// follows from the length). A board with more paths through the word list than the
    /// solver follows (100,000,000; lists of words like "eeeeeeeeeeee" on boards of more than
    /// 16 cells) raises ValueError, here and wherever boards are scored.
    #[pyo3(signature = (board, size=None))]
    fn score(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        size: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u32> {
        let b = board_arg(board, size_arg(size)?)?;
        py.allow_threads(|| {
            let mut s = self.solver.lock().unwrap_or_else(|e| e.into_inner());
            self.score_with(&mut s, &b)
        })
        .map_err(crate::engine_error)
    }

    /// The scores of many boards, in order, computed on ``threads`` threads (1 to 1,024;
    /// default: every core) with the GIL released. ``boards`` is a sequence of boards or a 2-D NumPy
    /// array of letter codes, one row a board. A bad board raises ValueError naming it, and one
    /// of the wrong type TypeError. Ctrl-C stops every thread after its current board.
    #[pyo3(signature = (boards, size=None, threads=None))]
    fn score_many(
        &self,
        py: Python<'_>,
        boards: &Bound<'_, PyAny>,
        size: Option<&Bound<'_, PyAny>>,
        threads: Option<Whole>,
    ) -> PyResult<Vec<u32>> {
        let boards = boards_arg(boards, size_arg(size)?)?;
        let threads = breaking::threads_arg(threads)?;
        // Below a few hundred boards a second solver costs more than it saves.
        let threads = threads.min(boards.len().div_ceil(256)).max(1);
        // Ctrl-C stops every thread after its current board, and so does a board refused:
        // its error is raised, and the boards after it would be scored for nothing.
        let failed = AtomicBool::new(false);
        let scores: Vec<Result<u32, TooBigToSolve>> = interruptible(py, |stop| {
            let go_on = || !stop.load(Ordering::Relaxed) && !failed.load(Ordering::Relaxed);
            let score_with = |s: &mut boggle::Solver, b: &Board| {
                let r = self.score_with(s, b);
                if r.is_err() {
                    failed.store(true, Ordering::Relaxed);
                }
                r
            };
            if threads == 1 {
                let mut s = self.solver.lock().unwrap_or_else(|e| e.into_inner());
                return boards
                    .iter()
                    .take_while(|_| go_on())
                    .map(|b| score_with(&mut s, b))
                    .collect();
            }
            let chunk = boards.len().div_ceil(threads);
            let mut out = vec![Ok(0); boards.len()];
            let mut refused = None;
            std::thread::scope(|scope| {
                let chunks = boards.chunks(chunk).zip(out.chunks_mut(chunk));
                for (i, (bs, os)) in chunks.enumerate() {
                    let dict = Arc::clone(&self.dict);
                    let score_with = &score_with;
                    let score = move || {
                        let mut s = boggle::Solver::new(dict);
                        for (b, o) in bs.iter().zip(os).take_while(|_| go_on()) {
                            *o = score_with(&mut s, b);
                        }
                    };
                    if std::thread::Builder::new()
                        .spawn_scoped(scope, score)
                        .is_err()
                    {
                        refused = Some(i * chunk);
                        break;
                    }
                }
            });
            // The boards the system gave no thread for are scored here.
            if let Some(from) = refused {
                let mut s = self.solver.lock().unwrap_or_else(|e| e.into_inner());
                for (b, o) in boards[from..]
                    .iter()
                    .zip(&mut out[from..])
                    .take_while(|_| go_on())
                {
                    *o = score_with(&mut s, b);
                }
            }
            out
        })?;
        // The first board refused, by position; the boards left unscored after it are not
        // returned.
        scores
            .into_iter()
            .enumerate()
            .map(|(i, s)| s.map_err(|e| PyValueError::new_err(format!("board {}: {e}", i + 1))))
            .collect()
    }

    /// Every word on a board (of ``min`` letters or more) with its points and one path, as
    /// ``boggle words`` lists them.
    #[pyo3(signature = (board, size=None))]
    fn words(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        size: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Word>> {
        let b = board_arg(board, size_arg(size)?)?;
        let found = py
            .allow_threads(|| {
                let mut s = self.solver.lock().unwrap_or_else(|e| e.into_inner());
                self.rules.words(&mut s, &b)
            })
            .map_err(crate::engine_error)?;
        Ok(found
            .into_iter()
            .map(|w| Word {
                word: w.word,
                points: w.points,
                path: w.path.into_iter().map(u32::from).collect(),
            })
            .collect())
    }

    /// The max/no-mark and sum/union bounds of a board class and its board count.
    ///
    /// A class gives each cell a set of letters, as ``boggle bound`` takes it: "lnrsy",
    /// "{a,e,i}", "b-d", "*" for any letter, "." for an empty cell, cells separated by
    /// spaces, rows optionally by "/". A class with many letters a cell can take hours: the
    /// search gives up after ``max_steps`` steps (about five seconds) with ValueError; Ctrl-C
    /// stops it within a fraction of a second, whatever ``max_steps`` is. ``progress`` gets
    /// ``{"steps", "max_steps", "seconds"}`` about every ``every`` seconds while the search
    /// runs (steps counted a million at a time); an exception it raises stops the search and
    /// propagates.
    #[pyo3(
        signature = (board_class, size=None, *, max_steps=Whole::from(BOUND_MAX_STEPS), progress=None, every=0.5),
        text_signature = "($self, board_class, size=None, *, max_steps=250000000, progress=None, every=0.5)"
    )]
    fn bound(
        &self,
        py: Python<'_>,
        board_class: &str,
        size: Option<&Bound<'_, PyAny>>,
        max_steps: Whole,
        progress: Option<&Bound<'_, PyAny>>,
        every: f64,
    ) -> PyResult<Bounds> {
        let max_steps = max_steps.within("max_steps", 1, u64::MAX)?;
        let every = every_arg(every)?;
        if let Some(cb) = progress.filter(|cb| !cb.is_callable()) {
            return Err(PyTypeError::new_err(format!(
                "bound: progress must be a function taking one dict, not {}",
                cb.get_type().name()?
            )));
        }
        let class = class_arg(board_class, size_arg(size)?)?;
        let dict = Arc::clone(&self.dict);
        // The search writes its steps here as it goes; the calling thread reads them.
        let steps = AtomicU64::new(0);
        let started = Instant::now();
        let mut last = Duration::ZERO;
        let tick = |py: Python<'_>| -> PyResult<()> {
            let Some(cb) = progress else { return Ok(()) };
            let now = started.elapsed();
            if now < last + every {
                return Ok(());
            }
            last = now;
            let d = PyDict::new(py);
            d.set_item("steps", steps.load(Ordering::Relaxed))?;
            d.set_item("max_steps", max_steps)?;
            d.set_item("seconds", now.as_secs_f64())?;
            cb.call1((d,)).map(drop)
        };
        let b = interruptible_with(
            py,
            |stop| {
                let mut seen = |n: u64| steps.store(n, Ordering::Relaxed);
                BoundSolver::new(dict).bounds_watched(
                    &class,
                    max_steps,
                    Some(stop),
                    Some(&mut seen),
                )
            },
            tick,
        )?
        .map_err(|e| PyValueError::new_err(format!("{e}, or raise max_steps")))?;
        let int = py.import("builtins")?.getattr("int")?;
        Ok(Bounds {
            max_nomark: b.max_nomark,
            sum_union: b.sum_union,
            boards: int.call1((class.board_count().to_string(),))?.unbind(),
        })
    }

    /// Branch and bound: every board of the class scoring at least ``target`` (1 to
    /// 999,999, far above any board's score).
    ///
    /// The class is split into parts shared among ``threads`` threads (1 to 1,024; default:
    /// every core).
    /// ``progress`` gets ``{"done", "total", "seconds", "stats"}`` about every ``every``
    /// seconds and once at the end. ``options`` are the breaker's (``break_defaults()``:
    /// switch; memory_mb, each thread's budget for its trees, which peak at up to 1.3 times
    /// it, so a break takes up to ``threads`` times that, and a run the machine's memory
    /// cannot hold raises ValueError before it starts; max_nodes, the forced classes a class
    /// may visit, past which, or once its pace says it would take a thousand times that, it
    /// stops with ValueError saying what to do; looked at every 4,096 forced classes, so a
    /// class that ends sooner is kept). Ctrl-C, or an exception raised by
    /// ``progress``, stops every thread within
    /// about a second and propagates. A search that finds more boards than the engine keeps
    /// (``max_found`` in ``boggle defaults``) stops with ValueError: the target is too low. So
    /// does one that meets more paths than the engine follows (a board of more than 16 cells
    /// and a list of words like "eeeeeeeeeeee"): such a class cannot be settled with that list.
    #[pyo3(signature = (board_class, target, *, size=None, threads=None, progress=None, every=0.5, **options))]
    #[allow(clippy::too_many_arguments)]
    fn break_class(
        &self,
        py: Python<'_>,
        board_class: &str,
        target: Whole,
        size: Option<&Bound<'_, PyAny>>,
        threads: Option<Whole>,
        progress: Option<Py<PyAny>>,
        every: f64,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<BreakResult> {
        let every = every_arg(every)?;
        let arguments = ["size", "threads", "progress", "every"];
        let run = self.break_run(target, threads, options, &arguments)?;
        let class = class_arg(board_class, size_arg(size)?)?;
        let started = Instant::now();
        let (found, stats, parts) =
            breaking::break_class(py, &class, run, every, break_progress(progress, started))?;
        Ok(BreakResult {
            boards: pairs(&found),
            stats: value_to_py(py, &stats)?,
            classes: parts,
            records: pyo3::types::PyList::empty(py).into_any().unbind(),
            estimate: py.None(),
            seconds: started.elapsed().as_secs_f64(),
        })
    }

    /// A whole search: breaks every class of a letter partition (or some of them) against
    /// ``target``, as ``boggle break --partition`` does.
    ///
    /// ``partition`` is groups of letters separated by spaces, each cell taking one group,
    /// e.g. "bdfgjqvwxz aeiou lnrsy chkmpt"; corners, edges and centre cells may have groups
    /// of their own after "corner:", "edge:", "centre:". Classes are numbered 0.. in a fixed
    /// order with symmetric images skipped (``partition_classes()`` counts them). Select
    /// ``class_ids`` (any iterable of ids, such as ``range(100)`` or a set, at most one id per class), a ``shard`` "K/N" (every N-th class from the K-th, K from 1 to N, after the ids), or a
    /// random ``sample`` of that many classes drawn from ``seed`` (1 unless given; a seed
    /// without a sample raises ValueError). _Progress, options and
    /// Ctrl-C as for ``break_class``; a class given up on is named by its id in the ValueError.
    /// Boards are canonical, once each. Groups that leave a letter
    /// out of some cell give a UserWarning: the search proves nothing of boards with it there.
    #[pyo3(
        signature = (partition, size, target, *, class_ids=None, shard=None, sample=None, seed=None, threads=None, progress=None, every=0.5, **options),
        text_signature = "($self, partition, size, target, *, class_ids=None, shard=None, sample=None, seed=None, threads=None, progress=None, every=0.5, **options)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn break_partition(
        &self,
        py: Python<'_>,
        partition: &str,
        size: &Bound<'_, PyAny>,
        target: Whole,
        class_ids: Option<breaking::ClassIds<'_>>,
        shard: Option<&Bound<'_, PyAny>>,
        sample: Option<Whole>,
        seed: Option<Whole>,
        threads: Option<Whole>,
        progress: Option<Py<PyAny>>,
        every: f64,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<BreakResult> {
        let every = every_arg(every)?;
        let arguments = [
            "class_ids",
            "shard",
            "sample",
            "seed",
            "threads",
            "progress",
            "every",
        ];
        let run = self.break_run(target, threads, options, &arguments)?;
        let search = classes_of(partition, size)?;
        let (rows, cols) = search.shape();
        if let Some(note) = search.partition().missing_note(rows, cols) {
            let text = CString::new(note).expect("a partition's letters hold no NUL");
            PyErr::warn(py, &py.get_type::<PyUserWarning>(), &text, 1)?;
        }
        let sampled = sample.is_some();
        // None inside: a sample past every u64, which select() refuses or takes as all.
        let asked = sample.as_ref().map(Whole::value);
        let ids = breaking::select(&search, class_ids, shard, sample, seed)?;
        if let Some(note) = asked.and_then(|n| search.oversampled_note(n.unwrap_or(u64::MAX))) {
            let text = CString::new(format!("sample: {note}")).expect("a count holds no NUL");
            PyErr::warn(py, &py.get_type::<PyUserWarning>(), &text, 1)?;
        }
        let started = Instant::now();
        let (found, stats, records) = breaking::break_partition(
            py,
            &search,
            &ids,
            run,
            every,
            break_progress(progress, started),
        )?;
        // Only a sample prices the whole search (and only it pays for the resampling).
        let estimate = sampled
            .then(|| {
                let times: Vec<f64> = records.iter().map(|r| r.secs).collect();
                Estimate::from_times(&times, search.len())
            })
            .flatten();
        Ok(BreakResult {
            boards: pairs(&found),
            stats: value_to_py(py, &stats)?,
            classes: ids.len(),
            records: value_to_py(py, &records)?,
            estimate: value_to_py(py, &estimate)?,
            seconds: started.elapsed().as_secs_f64(),
        })
    }

    /// How many canonical classes a partition has on a board size (ids 0..n-1).
    fn partition_classes(&self, partition: &str, size: &Bound<'_, PyAny>) -> PyResult<usize> {
        Ok(classes_of(partition, size)?.len())
    }

    /// Pool-based hill climbing for high-scoring boards.
    ///
    /// ``options`` are the engine's, by the names ``hillclimb_defaults()`` lists with their
    /// defaults (rows, cols, seed, letters, source, runs, target, top, pool, order,
    /// remember, stall, expansions, ...), plus ``size`` ("4x4") for rows and cols; an unknown
    /// name raises ValueError, and so does ``expansions`` with ``order="rounds"``, which does
    /// not use it. ``letters`` left out (None) means the word list's 20 most common letters.
    /// The same seed and options give the same boards. ``runs=0`` restarts until
    /// ``target`` or ``seconds`` stops it; ``seconds`` without ``runs`` means ``runs=0``.
    /// ``progress`` gets the engine's progress record
    /// (with "seconds") about every ``every`` seconds and once at the end.
    #[pyo3(signature = (*, seconds=None, progress=None, every=1.0, **options))]
    fn hillclimb(
        &self,
        py: Python<'_>,
        seconds: Option<f64>,
        progress: Option<&Bound<'_, PyAny>>,
        every: f64,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<SearchResult> {
        optimize::search::<HillClimb>(py, &self.dict, options, seconds, progress, every)
    }

    /// Simulated annealing for high-scoring boards.
    ///
    /// ``options`` are the engine's, by the names ``anneal_defaults()`` lists with their
    /// defaults (rows, cols, seed, runs, target, top, schedule, t0, cooling, t_end, steps,
    /// stall, restart, ...), plus ``size``. Seeds, limits and progress as for
    /// ``hillclimb``.
    #[pyo3(signature = (*, seconds=None, progress=None, every=1.0, **options))]
    fn anneal(
        &self,
        py: Python<'_>,
        seconds: Option<f64>,
        progress: Option<&Bound<'_, PyAny>>,
        every: f64,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<SearchResult> {
        optimize::search::<Anneal>(py, &self.dict, options, seconds, progress, every)
    }
}

/// The canonical classes of partition text `partition` on board size `size`, with one wording
/// for a partition that does not parse or does not fit the size.
fn classes_of(partition: &str, size: &Bound<'_, PyAny>) -> PyResult<PartitionClasses> {
    let partition = Partition::parse(partition)
        .map_err(|e| PyValueError::new_err(format!("partition: {e}")))?;
    let (rows, cols) = size_arg(Some(size))?.ok_or_else(|| {
        PyTypeError::new_err("size: a partition needs a board size, such as '4x4', 4 or (3, 4)")
    })?;
    PartitionClasses::new(partition, rows, cols)
        .map_err(|e| PyValueError::new_err(format!("partition: {e}")))
}
