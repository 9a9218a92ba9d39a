//! Running a partition search: breaking a range of its classes with one breaker, or a list of
//! them on a pool of threads, and what the run reports (each finished class as a
//! [`ClassRecord`], the boards found in canonical form, once each).

use super::PartitionClasses;
#[cfg(not(target_arch = "wasm32"))]
use crate::breaking::parallel::{break_parallel, Finished, ParallelOptions, RunError};
use crate::breaking::{BreakError, BreakStats, ClassBreaker, Survivor};
#[cfg(not(target_arch = "wasm32"))]
use crate::engine::dictionary::Dictionary;
use crate::engine::symmetry::canonical;
use crate::Board;
use std::collections::BTreeSet;
#[cfg(not(target_arch = "wasm32"))]
use std::ops::ControlFlow;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::Arc;

impl PartitionClasses {
    /// Breaks classes `range` with `breaker`, calling `stop()` between classes (true ends the
    /// run early, leaving the rest of the range undone). Returns how many classes were
    /// finished; a class the breaker stopped in ([`ClassBreaker::is_stopped`]) is not, and ends
    /// the run. Boards found are left in the breaker.
    pub fn break_range(
        &self,
        breaker: &mut dyn ClassBreaker,
        range: std::ops::Range<usize>,
        mut stop: impl FnMut() -> bool,
    ) -> usize {
        let mut done = 0;
        for i in range {
            if stop() {
                break;
            }
            breaker
                .start(&self.class(i))
                .expect("partition classes have no empty cell");
            breaker.run();
            if breaker.is_stopped() {
                break;
            }
            done += 1;
        }
        done
    }
}

/// Canonical forms of the boards found, once each, best first ([`Survivor`]'s order).
pub fn canonical_survivors(
    found: impl IntoIterator<Item = Survivor>,
    rows: usize,
    cols: usize,
) -> Vec<Survivor> {
    let set: BTreeSet<Survivor> = found
        .into_iter()
        .map(|s| {
            let b = Board::parse(&s.board, Some((rows, cols))).expect("a board the engine wrote");
            let board = canonical(&b).to_string();
            Survivor {
                score: s.score,
                board,
            }
        })
        .collect();
    set.into_iter().collect()
}

/// The distinct boards the finished classes of a run found, counted as its summary counts them:
/// two classes may each hold a rotation of one board, which their records both name in the same
/// canonical form. Progress shows this count, so that its last line agrees with the summary.
#[derive(Default)]
pub struct FoundBoards(BTreeSet<String>);

impl FoundBoards {
    /// Adds a finished class's boards (canonical, as [`ClassRecord::found`] holds them).
    pub fn add(&mut self, record: &ClassRecord) {
        self.0.extend(record.found.iter().map(|s| s.board.clone()));
    }

    /// How many distinct boards were found.
    pub fn len(&self) -> u64 {
        self.0.len() as u64
    }

    /// True before any board is found.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// What a whole search found.
#[derive(Clone, Debug)]
pub struct PartitionResult {
    /// Boards at or above the target, canonical, once each, best first.
    pub boards: Vec<Survivor>,
    /// Totals over all classes.
    pub stats: BreakStats,
    /// Classes broken.
    pub classes: usize,
    /// The class a breaker gave up on (its id) and why: the run stopped there, and its boards
    /// and totals are those of the classes finished by then. Each front end words it
    /// ([`given_up_on`], [`BreakError::message`]).
    pub given_up: Option<(usize, BreakError)>,
}

/// One class of a partition search, finished: what `--out` files hold, a line each.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ClassRecord {
    /// The class id in its [`PartitionClasses`].
    pub id: usize,
    /// The class, one letter set per cell.
    pub class: String,
    /// Its upper bound before any split.
    pub bound: u32,
    /// Boards in it that reach the target, canonical, best first.
    pub found: Vec<Survivor>,
    /// Seconds it took on one thread.
    pub secs: f64,
    /// Classes visited while breaking it.
    pub nodes: u64,
    /// The most bytes its trees took.
    pub peak_bytes: u64,
}

#[cfg(not(target_arch = "wasm32"))]
impl ClassRecord {
    /// The record of class `id` of `search`, finished on a thread as `f` (its boards made
    /// canonical).
    pub fn finished(search: &PartitionClasses, id: usize, f: Finished) -> ClassRecord {
        let (rows, cols) = search.shape();
        ClassRecord {
            id,
            class: search.class(id).to_string(),
            bound: f.stats.root_bound,
            found: canonical_survivors(f.found, rows, cols),
            secs: f.secs,
            nodes: f.stats.classes,
            peak_bytes: f.stats.peak_bytes,
        }
    }
}

/// Why a partition run stopped at class `id`, the breaker having given up on it: the message
/// names the class, so a cluster job says which one its word list cannot settle.
pub fn given_up_on(id: usize, why: impl std::fmt::Display) -> String {
    format!("class {id}: {why}")
}

/// Breaks the classes `ids` of `search` on a pool of threads with [`break_parallel`] and the
/// run's `opts`. Each finished class goes to `finished` as it finishes, on the calling thread;
/// [`ControlFlow::Break`] from it stops the run at once (the classes in progress are left
/// unfinished, as on an interrupt, and no class that ends after is handed over), for a caller
/// that cannot keep what the run finds.
/// `progress(classes done, totals)` is called at least every `opts.progress_every`. A class
/// a breaker gives up on stops the run, which returns what it found until then with the class
/// and why ([`PartitionResult::given_up`]). Fails when the system starts no thread.
#[cfg(not(target_arch = "wasm32"))]
pub fn break_partition(
    search: &PartitionClasses,
    ids: &[usize],
    dict: Arc<Dictionary>,
    opts: &ParallelOptions,
    mut finished: impl FnMut(ClassRecord) -> ControlFlow<()>,
    progress: impl FnMut(usize, &BreakStats),
) -> Result<PartitionResult, String> {
    let (rows, cols) = search.shape();
    let mut found = Vec::new();
    let ran = break_parallel(
        ids.len(),
        &|i| search.class(ids[i]),
        dict,
        opts,
        |f| {
            // A class stopped for finding too many boards, or given up on, is not finished:
            // nothing is recorded for it, and the run's totals or result say why it stopped.
            if f.stopped {
                return ControlFlow::Continue(());
            }
            let record = ClassRecord::finished(search, ids[f.index], f);
            found.extend(record.found.iter().cloned());
            finished(record)
        },
        progress,
    );
    let (stats, given_up) = match ran {
        Ok(stats) => (stats, None),
        Err(RunError::GaveUp {
            index: Some(i),
            why,
            totals,
        }) => (*totals, Some((ids[i], why))),
        Err(e) => return Err(e.to_string()),
    };
    Ok(PartitionResult {
        boards: canonical_survivors(found, rows, cols),
        stats,
        classes: ids.len(),
        given_up,
    })
}
