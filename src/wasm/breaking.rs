//! Branch and bound for the page's break view: one class broken live with a trace of its
//! search tree, then by the fast breaker ([`BreakRun`]), and a worker's share of a partition
//! run (every class of a letter partition, [`PartitionRun`]).

use super::dictionary::Dictionary;
use super::optimize::options_message;
use super::{js_err, now_ms, run_for, size_opt, to_js};
use crate::bounds::class::mask_text;
use crate::bounds::explain::DETAILS_MAX_STEPS;
use crate::bounds::BoardClass;
use crate::breaking::options::{fast_breaker, BreakOptions};
use crate::breaking::partition::{canonical_survivors, Partition, PartitionClasses, Price};
use crate::breaking::plain::TraceNode;
use crate::breaking::{BreakError, BreakStats, Breaker, ClassBreaker, Survivor, PAGE_MAX_FOUND};
use crate::engine::board::{parse_size, Board};
use crate::engine::scoring::check_target;
use crate::engine::symmetry::canonical;
use serde::Serialize;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// Names of the errors the page tells apart by `name` rather than by their text: a search that
/// found more boards than it keeps (the target is too low), and breaker options it refused.
const TOO_MANY_BOARDS: &str = "TooManyBoards";
const BAD_OPTION: &str = "BadOption";

/// A JS `Error` with `message` and `name`.
fn named_err(name: &str, message: impl std::fmt::Display) -> JsValue {
    let e = js_sys::Error::new(&message.to_string());
    e.set_name(name);
    e.into()
}

/// A search's error, named [`TOO_MANY_BOARDS`] when it stopped past the boards it keeps.
fn break_err(e: BreakError) -> JsValue {
    match e {
        BreakError::TooManyBoards { .. } => named_err(TOO_MANY_BOARDS, e),
        _ => js_err(e).into(),
    }
}

/// Progress of a break, as the page shows it.
#[derive(Serialize)]
struct BreakProgress<'a> {
    done: bool,
    stats: &'a BreakStats,
    /// Boards settled so far (eliminated or scored), and the class's total, as numbers.
    boards_done: f64,
    boards_total: f64,
    /// Nodes visited since the last step (up to the trace limit).
    nodes: Vec<TraceNode>,
    /// Nodes left out of the trace because of its limit.
    untraced: u64,
    /// Boards found since the last step.
    found: Vec<FoundBoard>,
    /// True once the fast breaker does the break (the tree is drawn as far as it is kept).
    fast: bool,
}

/// A board found by a live break: as found (in the class's orientation) and in canonical
/// form, the one way the page lists a board whatever search found it.
#[derive(Serialize)]
struct FoundBoard {
    score: u32,
    board: String,
    canonical: String,
}

impl FoundBoard {
    fn of(s: Survivor, rows: usize, cols: usize) -> FoundBoard {
        let canonical = Board::parse(&s.board, Some((rows, cols)))
            .map(|b| canonical(&b).to_string())
            .unwrap_or_else(|_| s.board.clone());
        FoundBoard {
            score: s.score,
            board: s.board,
            canonical,
        }
    }
}

/// Breaking one class live: the plain breaker first, for the trace of the search tree the page
/// draws; once the trace holds as many nodes as it keeps, the fast breaker (the one proofs use,
/// which keeps no tree) breaks the class again from the start, many times faster.
#[wasm_bindgen]
pub struct BreakRun {
    breaker: Breaker,
    class: BoardClass,
    dict: Arc<crate::Dictionary>,
    fast: Option<Box<dyn ClassBreaker + Send>>,
}

#[wasm_bindgen]
impl BreakRun {
    /// Starts breaking `class` (as typed, e.g. "lnrsy aeiou ...") against `target`, keeping the
    /// first `trace_limit` nodes of the tree (left out, the engine's `TRACE_NODES`). A class
    /// whose bound takes more steps than the bounds view allows is refused: every step of its
    /// break would hold the worker that long, and the views that share it.
    #[wasm_bindgen(constructor)]
    pub fn new(
        dictionary: &Dictionary,
        class: &str,
        size: Option<String>,
        target: u32,
        trace_limit: Option<usize>,
    ) -> Result<BreakRun, JsError> {
        let class = BoardClass::parse(class, size_opt(size)?).map_err(js_err)?;
        target_arg(target)?;
        let mut breaker = Breaker::new(Arc::clone(&dictionary.dict), target);
        breaker.set_trace_limit(trace_limit.unwrap_or(crate::breaking::plain::TRACE_NODES));
        breaker.set_most_found(PAGE_MAX_FOUND);
        breaker
            .start_within(&class, DETAILS_MAX_STEPS)
            .map_err(js_err)?;
        Ok(BreakRun {
            breaker,
            class,
            dict: Arc::clone(&dictionary.dict),
            fast: None,
        })
    }

    /// The class: `{rows, cols, cells: [letters per cell], boards: exact decimal string, target}`.
    pub fn info(&self) -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        struct Info {
            rows: usize,
            cols: usize,
            cells: Vec<String>,
            boards: String,
            target: u32,
        }
        to_js(&Info {
            rows: self.class.rows(),
            cols: self.class.cols(),
            cells: (0..self.class.len())
                .map(|c| self.class.cell_text(c))
                .collect(),
            boards: self.class.board_count().to_string(),
            target: self.breaker.target(),
        })
    }

    /// Works for about `budget_ms` and reports progress: `{done, stats, boards_done,
    /// boards_total, nodes, untraced, found, fast}` (nodes and found: new since the last step;
    /// each board found as `{score, board, canonical}`; `fast` once the fast breaker does the
    /// break, whose `stats` then count from its start).
    pub fn step(&mut self, budget_ms: f64) -> Result<JsValue, JsValue> {
        if self.fast.is_none() && self.breaker.untraced() > 0 {
            let (rows, cols) = (self.class.rows(), self.class.cols());
            let opts = BreakOptions::default();
            let mut fast = fast_breaker(
                Arc::clone(&self.dict),
                self.breaker.target(),
                rows,
                cols,
                &opts,
            );
            fast.set_most_found(PAGE_MAX_FOUND);
            fast.start(&self.class).map_err(break_err)?;
            self.fast = Some(fast);
        }
        let target = self.breaker.target();
        let (rows, cols) = (self.class.rows(), self.class.cols());
        let (done, stats, found, nodes) = match &mut self.fast {
            Some(fast) => {
                let done = step_within(fast.as_mut(), budget_ms, crate::breaking::STEP_SLICE);
                (done, *fast.stats(), fast.take_found(), Vec::new())
            }
            None => {
                let done = step_within(&mut self.breaker, budget_ms, 1);
                let nodes = self.breaker.take_trace();
                (
                    done,
                    *self.breaker.stats(),
                    self.breaker.take_found(),
                    nodes,
                )
            }
        };
        match &self.fast {
            Some(fast) => stop_after_found(fast.as_ref(), &found, target)?,
            None => stop_after_found(&self.breaker, &found, target)?,
        }
        Ok(to_js(&BreakProgress {
            done,
            stats: &stats,
            boards_done: stats.boards_done(),
            boards_total: self.class.board_count().to_f64(),
            nodes,
            untraced: self.breaker.untraced(),
            found: found
                .into_iter()
                .map(|s| FoundBoard::of(s, rows, cols))
                .collect(),
            fast: self.fast.is_some(),
        })?)
    }
}

/// Why `breaker` stopped (past the boards it keeps, or failing), as the error a step returns,
/// once the boards it found before the stop are reported: a step that took `found` returns them
/// and leaves the error to the next one. A page that shows the best of them, and says how many
/// more there were, must have them.
fn stop_after_found(
    breaker: &dyn ClassBreaker,
    found: &[Survivor],
    target: u32,
) -> Result<(), JsValue> {
    if found.is_empty() {
        breaker.check_stopped(target).map_err(break_err)?;
    }
    Ok(())
}

/// Steps `breaker` for about `budget_ms`, `slice` classes at a time: whether the class is done.
/// A breaker that stopped (past the boards it keeps, or failing) is not done and steps no more.
fn step_within(breaker: &mut dyn ClassBreaker, budget_ms: f64, slice: usize) -> bool {
    if breaker.is_stopped() {
        return false;
    }
    let done = run_for(budget_ms, || breaker.step(slice) || breaker.is_stopped());
    done && !breaker.is_stopped()
}

/// Reads a partition and a size; the canonical class list of that partition run.
fn partition_classes(partition: &str, size: &str) -> Result<PartitionClasses, JsError> {
    let p = Partition::parse(partition).map_err(js_err)?;
    let (rows, cols) = parse_size(size).map_err(js_err)?;
    PartitionClasses::new(p, rows, cols).map_err(js_err)
}

/// The class a [`PartitionRun`] is breaking, kept across steps.
struct Current {
    id: usize,
    /// Boards settled by the breaker before this class started (its totals add up).
    boards_before: f64,
    boards_total: f64,
    ms: f64,
}

/// One worker's share of a partition run (every class of a letter partition): breaks ranges of its canonical
/// classes (numbered as in [`PartitionClasses`]) with the fastest breaker, a slice of a class at
/// a time, so a step keeps to its budget even inside a hard class.
#[wasm_bindgen]
pub struct PartitionRun {
    target: u32,
    classes: PartitionClasses,
    breaker: Box<dyn ClassBreaker + Send>,
    next: usize,
    end: usize,
    current: Option<Current>,
    /// Milliseconds spent stepping since `setRange`, and those of the classes finished.
    busy_ms: f64,
    finished_ms: f64,
}

/// What [`PartitionRun::step`] reports.
#[derive(Serialize)]
struct PartitionProgress<'a> {
    done: bool,
    next: usize,
    stats: &'a BreakStats,
    found: Vec<Survivor>,
    current: Option<CurrentProgress>,
    busy_ms: f64,
    finished_ms: f64,
}

/// The class in progress, as the page shows it.
#[derive(Serialize)]
struct CurrentProgress {
    id: usize,
    boards_done: f64,
    boards_total: f64,
    ms: f64,
}

/// Reads the page's breaker options (`undefined` or `null`: the engine's defaults; missing
/// fields take their defaults too) and checks them; a refusal is named [`BAD_OPTION`].
fn break_options(options: JsValue) -> Result<BreakOptions, JsValue> {
    let opts: BreakOptions = if options.is_undefined() || options.is_null() {
        BreakOptions::default()
    } else {
        serde_wasm_bindgen::from_value(options)
            .map_err(|e| named_err(BAD_OPTION, options_message(e)))?
    };
    opts.check().map_err(|e| named_err(BAD_OPTION, e))?;
    Ok(opts)
}

#[wasm_bindgen]
impl PartitionRun {
    /// A partition run over `partition` (groups separated by spaces, with optional `corner:`, `edge:`
    /// and `centre:` lists) on a board of `size` ("3x4"), with the fast breaker's `options`
    /// (`{switch, memory_mb}`, their defaults in `pkg/defaults.js`; each may be left out).
    #[wasm_bindgen(constructor)]
    pub fn new(
        dictionary: &Dictionary,
        partition: &str,
        size: &str,
        target: u32,
        options: JsValue,
    ) -> Result<PartitionRun, JsValue> {
        target_arg(target)?;
        let opts = break_options(options)?;
        let classes = partition_classes(partition, size)?;
        let (rows, cols) = classes.shape();
        let mut breaker = fast_breaker(Arc::clone(&dictionary.dict), target, rows, cols, &opts);
        breaker.set_most_found(PAGE_MAX_FOUND);
        Ok(PartitionRun {
            target,
            classes,
            breaker,
            next: 0,
            end: 0,
            current: None,
            busy_ms: 0.0,
            finished_ms: 0.0,
        })
    }

    /// Number of canonical classes.
    #[wasm_bindgen(getter)]
    pub fn classes(&self) -> usize {
        self.classes.len()
    }

    /// Starts on classes `from..to` (clamped to the search), clearing the totals and dropping
    /// any class in progress.
    #[wasm_bindgen(js_name = setRange)]
    pub fn set_range(&mut self, from: usize, to: usize) {
        self.end = to.min(self.classes.len());
        self.next = from.min(self.end);
        self.current = None;
        self.busy_ms = 0.0;
        self.finished_ms = 0.0;
        self.breaker.reset();
    }

    /// Works for about `budget_ms`, a slice of a class at a time: `{done, next, stats, found,
    /// current, busy_ms, finished_ms}`. `next` is the first class not finished; `current` the
    /// class in progress (`{id, boards_done, boards_total, ms}`) or null; `found` the boards
    /// reaching the target since the last step (canonical, once each); `busy_ms` the time spent
    /// stepping since `setRange`, `finished_ms` the part of it spent on finished classes.
    pub fn step(&mut self, budget_ms: f64) -> Result<JsValue, JsValue> {
        let began = now_ms();
        let (classes, breaker) = (&self.classes, &mut self.breaker);
        let (next, end, current) = (&mut self.next, self.end, &mut self.current);
        let finished_ms = &mut self.finished_ms;
        let mut class_start = began;
        run_for(budget_ms, || {
            // A class that found more boards than the page keeps stopped: so does the run.
            if *next >= end || breaker.is_stopped() {
                return true;
            }
            let cur = current.get_or_insert_with(|| {
                let class = classes.class(*next);
                let boards_before = breaker.stats().boards_done();
                breaker
                    .start(&class)
                    .expect("partition classes have no empty cell");
                Current {
                    id: *next,
                    boards_before,
                    boards_total: class.board_count().to_f64(),
                    ms: 0.0,
                }
            });
            if breaker.step(crate::breaking::STEP_SLICE) {
                let t = now_ms();
                *finished_ms += cur.ms + (t - class_start);
                class_start = t;
                *current = None;
                *next += 1;
            }
            *next >= end
        });
        let t = now_ms();
        if let Some(cur) = &mut self.current {
            cur.ms += t - class_start;
        }
        self.busy_ms += t - began;
        let (rows, cols) = self.classes.shape();
        let found = canonical_survivors(self.breaker.take_found(), rows, cols);
        // Not done while stopped, even past its last class: the error comes at the next step.
        let stopped = self.breaker.is_stopped();
        stop_after_found(self.breaker.as_ref(), &found, self.target)?;
        let stats = self.breaker.stats();
        let current = self.current.as_ref().map(|c| CurrentProgress {
            id: c.id,
            boards_done: stats.boards_done() - c.boards_before,
            boards_total: c.boards_total,
            ms: c.ms,
        });
        Ok(to_js(&PartitionProgress {
            done: self.next >= self.end && !stopped,
            next: self.next,
            stats,
            found,
            current,
            busy_ms: self.busy_ms,
            finished_ms: self.finished_ms,
        })?)
    }
}

/// The size of a partition search: `{classes, assignments, groups, missing, missingWhere,
/// partition}` (`missing` the letters no group holds on some cell of this size, "" when none;
/// `missingWhere` says which and where, e.g. "yz on the corners", "" when none; `partition`
/// written the engine's way, the same for every spelling of the same groups), or
/// an error saying what is wrong with the partition or size.
#[wasm_bindgen(js_name = partitionInfo)]
pub fn partition_info(partition: &str, size: &str) -> Result<JsValue, JsError> {
    let s = partition_classes(partition, size)?;
    #[derive(Serialize)]
    struct Info {
        classes: usize,
        assignments: u64,
        groups: Vec<String>,
        missing: String,
        #[serde(rename = "missingWhere")]
        missing_where: String,
        partition: String,
    }
    let (rows, cols) = s.shape();
    let missing = s.partition().missing_letters(rows, cols);
    to_js(&Info {
        classes: s.len(),
        assignments: s.assignments(),
        groups: s
            .partition()
            .groups()
            .iter()
            .map(|&g| mask_text(g))
            .collect(),
        missing: if missing == 0 {
            String::new()
        } else {
            mask_text(missing)
        },
        missing_where: s.partition().missing_where(rows, cols).unwrap_or_default(),
        partition: s.partition().to_string(),
    })
}

/// The CPU time of every class of a partition run of `total` classes, from the chunks timed
/// so far (chunk `i`: `classes[i]` classes that took `ms[i]` ms, in the order they finished):
/// `{ms, lo, hi}` with the engine's 95% interval, or null before there is one.
#[wasm_bindgen(js_name = priceRun)]
pub fn price_run(classes: Vec<u32>, ms: Vec<f64>, total: usize) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Priced {
        ms: f64,
        lo: f64,
        hi: f64,
    }
    let runs: Vec<(u32, f64)> = classes.into_iter().zip(ms).collect();
    let priced = Price::from_runs(&runs, total).and_then(|p| {
        Some(Priced {
            ms: p.time,
            lo: p.low?,
            hi: p.high?,
        })
    });
    to_js(&priced)
}

/// A target the page passes, checked by the engine's rule ("the target must be at least 1").
fn target_arg(target: u32) -> Result<u32, JsError> {
    check_target(target).map_err(|e| js_err(format!("the target {e}")))
}
