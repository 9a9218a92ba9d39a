//! The WebAssembly layer: the only `#[wasm_bindgen]` code. Thin wrappers that turn engine
//! results into JS values and engine errors into JS exceptions with readable messages.
//!
//! Big, long-lived state (a built word list) stays in wasm memory behind an opaque handle
//! ([`Lexicon`]); JS gets small results back.

use crate::anneal::{Anneal, AnnealOptions};
use crate::benchmark::board_set;
use crate::board::{parse_size, Board};
use crate::dice::{random_board, LetterSource};
use crate::hillclimb::{HillClimb, HillClimbOptions, Order};
use crate::rng::Rng;
use crate::search::{Common, Optimizer, Progress, Sample};
use crate::symmetry::canonical;
use crate::{Dictionary, FoundWord, Solver};
use serde::Serialize;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated: panics become readable console errors (and the
/// worker turns the resulting exception into an `error` reply).
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let msg = match info.payload().downcast_ref::<&str>() {
            Some(s) => s.to_string(),
            None => info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| info.to_string()),
        };
        *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) = Some(msg);
    }));
}

/// The message of the last panic, kept so the worker can report it in an error reply.
static LAST_PANIC: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Returns (and clears) the last panic's message; `undefined` when nothing panicked.
#[wasm_bindgen(js_name = takePanicMessage)]
pub fn take_panic_message() -> Option<String> {
    LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()).take()
}

fn js_err(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(js_err)
}

/// Reads an optional size such as "4x4" or "44"; empty means "from the length".
fn size_opt(size: Option<String>) -> Result<Option<(usize, usize)>, JsError> {
    match size.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(s) => parse_size(s).map(Some).map_err(js_err),
    }
}

fn now_ms() -> f64 {
    js_sys::Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}

/// A solved board as the page shows it.
#[derive(Serialize)]
struct Solved<'a> {
    board: String,
    rows: usize,
    cols: usize,
    score: u32,
    multiboggle: bool,
    words: &'a [FoundWord],
}

/// A word list built into a trie, kept in wasm memory.
#[wasm_bindgen]
pub struct Lexicon {
    dict: Arc<Dictionary>,
    solver: Solver,
}

#[wasm_bindgen]
impl Lexicon {
    /// Builds a word list from the raw bytes of a file (one word per line).
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: &[u8]) -> Result<Lexicon, JsError> {
        let dict = Arc::new(crate::compiled::load(bytes).map_err(js_err)?);
        let solver = Solver::new(Arc::clone(&dict));
        Ok(Lexicon { dict, solver })
    }

    /// What loading found: `{lines, words, blank, bad_chars, too_short, q_without_u, duplicates, bad_examples}`.
    pub fn stats(&self) -> Result<JsValue, JsError> {
        to_js(self.dict.stats())
    }

    /// Number of playable words.
    #[wasm_bindgen(getter)]
    pub fn words(&self) -> usize {
        self.dict.len()
    }

    /// True when `word` is in the list.
    pub fn contains(&self, word: &str) -> bool {
        self.dict.contains(word)
    }

    /// Solves a board typed by the user: `{board, rows, cols, score, multiboggle, words: [{word, points, path}]}`.
    /// With `multiboggle` the score counts each word once per distinct set of cells.
    pub fn solve(
        &mut self,
        board: &str,
        size: Option<String>,
        multiboggle: bool,
    ) -> Result<JsValue, JsError> {
        let b = Board::parse(board, size_opt(size)?).map_err(js_err)?;
        let words = self.solver.words(&b);
        let score = if multiboggle {
            self.solver.multiboggle_score(&b)
        } else {
            words.iter().map(|w| w.points).sum()
        };
        to_js(&Solved {
            board: b.to_string(),
            rows: b.rows(),
            cols: b.cols(),
            score,
            multiboggle,
            words: &words,
        })
    }

    /// Just the score of a board (standard scoring).
    pub fn score(&mut self, board: &str, size: Option<String>) -> Result<u32, JsError> {
        let b = Board::parse(board, size_opt(size)?).map_err(js_err)?;
        Ok(self.solver.score(&b))
    }

    /// Scores a named benchmark set and returns `{boards, ms, checksum}`.
    pub fn bench(&mut self, set: &str) -> Result<JsValue, JsError> {
        let boards =
            board_set(set).ok_or_else(|| js_err(format!("unknown benchmark set '{set}'")))?;
        let t = now_ms();
        let checksum: u64 = boards.iter().map(|b| self.solver.score(b) as u64).sum();
        let ms = now_ms() - t;
        #[derive(Serialize)]
        struct Bench {
            boards: usize,
            ms: f64,
            checksum: u64,
        }
        to_js(&Bench {
            boards: boards.len(),
            ms,
            checksum,
        })
    }
}

/// A random board as a row-major string: real dice for 4x4 and 5x5 when `dice` is true,
/// uniform letters otherwise.
#[wasm_bindgen(js_name = randomBoard)]
pub fn random_board_js(size: &str, dice: bool, seed: f64) -> Result<String, JsError> {
    let (rows, cols) = parse_size(size).map_err(js_err)?;
    let source = if dice {
        LetterSource::Dice
    } else {
        LetterSource::Uniform
    };
    Ok(random_board(rows, cols, source, &mut Rng::new(seed as u64)).to_string())
}

/// Reads a board the way the page's input does and returns it normalized:
/// `{board, rows, cols}`, or throws with a message saying what is wrong.
#[wasm_bindgen(js_name = parseBoard)]
pub fn parse_board(board: &str, size: Option<String>) -> Result<JsValue, JsError> {
    let b = Board::parse(board, size_opt(size)?).map_err(js_err)?;
    #[derive(Serialize)]
    struct Parsed {
        board: String,
        rows: usize,
        cols: usize,
        canonical: String,
    }
    to_js(&Parsed {
        board: b.to_string(),
        rows: b.rows(),
        cols: b.cols(),
        canonical: canonical(&b).to_string(),
    })
}

/// Panics on purpose, so tests can check that a panic reaches the page as an error and the
/// worker restarts.
#[wasm_bindgen(js_name = crashForTest)]
pub fn crash_for_test() {
    panic!("deliberate panic for testing");
}

// ---------------------------------------------------------------------------------------------
// Board classes and their upper bounds (the bounds view).
// ---------------------------------------------------------------------------------------------

use crate::bounds::{BoundSolver, ClassWord, SplitSweep};
use crate::class::BoardClass;

/// Reads a class the way the bounds view's input does; size like boards ("3x3", "33" or empty).
fn class_arg(class: &str, size: Option<String>) -> Result<BoardClass, JsError> {
    BoardClass::parse(class, size_opt(size)?).map_err(js_err)
}

/// A class as the page shows it: normalized text, shape, each cell's letters and the exact
/// board count (a decimal string, it can exceed 2^53) with a short scientific form.
#[derive(Serialize)]
struct ClassInfo {
    class: String,
    rows: usize,
    cols: usize,
    cells: Vec<String>,
    boards: String,
    boards_short: String,
}

impl ClassInfo {
    fn of(c: &BoardClass) -> ClassInfo {
        let n = c.board_count();
        ClassInfo {
            class: c.to_string(),
            rows: c.rows(),
            cols: c.cols(),
            cells: (0..c.len()).map(|i| c.cell_text(i)).collect(),
            boards_short: if n.digits() > 7 {
                n.scientific(3)
            } else {
                n.grouped()
            },
            boards: n.to_string(),
        }
    }
}

/// Reads a class and returns `{class, rows, cols, cells, boards, boards_short}`, or throws
/// with a message saying what is wrong.
#[wasm_bindgen(js_name = parseClass)]
pub fn parse_class(class: &str, size: Option<String>) -> Result<JsValue, JsError> {
    to_js(&ClassInfo::of(&class_arg(class, size)?))
}

/// Computes class bounds against one word list; keeps its scratch space between calls.
#[wasm_bindgen]
pub struct ClassBounder {
    solver: BoundSolver,
}

#[wasm_bindgen]
impl ClassBounder {
    /// A bounder using the lexicon's word list (shared, not copied).
    #[wasm_bindgen(constructor)]
    pub fn new(lexicon: &Lexicon) -> ClassBounder {
        ClassBounder {
            solver: BoundSolver::new(Arc::clone(&lexicon.dict)),
        }
    }

    /// Both bounds with what explains them: the class info plus `{max_nomark, sum_union,
    /// bound, start_scores, words: [{word, points, path, letters}], steps}`. Throws when the
    /// search would pass `max_steps` steps (so a huge class cannot stall the worker).
    pub fn details(
        &mut self,
        class: &str,
        size: Option<String>,
        max_steps: f64,
    ) -> Result<JsValue, JsError> {
        let c = class_arg(class, size)?;
        let d = self
            .solver
            .details_within(&c, max_steps.max(1.0) as u64)
            .map_err(js_err)?;
        #[derive(Serialize)]
        struct Details<'a> {
            #[serde(flatten)]
            info: ClassInfo,
            max_nomark: u32,
            sum_union: u32,
            bound: u32,
            start_scores: &'a [u32],
            words: &'a [ClassWord],
            steps: f64,
        }
        to_js(&Details {
            info: ClassInfo::of(&c),
            max_nomark: d.bounds.max_nomark,
            sum_union: d.bounds.sum_union,
            bound: d.bounds.bound(),
            start_scores: &d.start_scores,
            words: &d.words,
            steps: d.steps as f64,
        })
    }

    /// The max/no-mark search tree from cell `start` (see `NomarkTree`); throws when it has
    /// more than `limit` scoring nodes.
    #[wasm_bindgen(js_name = nomarkTree)]
    pub fn nomark_tree(
        &mut self,
        class: &str,
        size: Option<String>,
        start: usize,
        limit: usize,
    ) -> Result<JsValue, JsError> {
        let c = class_arg(class, size)?;
        to_js(&self.solver.nomark_tree(&c, start, limit).map_err(js_err)?)
    }

    /// Times the plain bound of a class (best of `runs`): `{ms, max_nomark, sum_union}`.
    pub fn bench(&mut self, class: &str, runs: u32) -> Result<JsValue, JsError> {
        let c = class_arg(class, None)?;
        let mut best = f64::MAX;
        let mut b = self.solver.bounds(&c);
        for _ in 0..runs.max(1) {
            let t = now_ms();
            b = self.solver.bounds(&c);
            best = best.min(now_ms() - t);
        }
        #[derive(Serialize)]
        struct Timed {
            ms: f64,
            max_nomark: u32,
            sum_union: u32,
        }
        to_js(&Timed {
            ms: best,
            max_nomark: b.max_nomark,
            sum_union: b.sum_union,
        })
    }
}

/// The per-cell split view as a worker job: each `step(budgetMs)` computes splits for about
/// that long and returns `{done, finished, total, splits: [{cell, letter, max_nomark,
/// sum_union, bound}]}` with the splits computed in that step (`letter` as in the class text,
/// `q` for Qu).
#[wasm_bindgen]
pub struct SplitJob {
    solver: BoundSolver,
    sweep: SplitSweep,
}

#[wasm_bindgen]
impl SplitJob {
    /// A sweep over every multi-letter cell of the class.
    #[wasm_bindgen(constructor)]
    pub fn new(lexicon: &Lexicon, class: &str, size: Option<String>) -> Result<SplitJob, JsError> {
        let c = class_arg(class, size)?;
        Ok(SplitJob {
            solver: BoundSolver::new(Arc::clone(&lexicon.dict)),
            sweep: SplitSweep::new(&c),
        })
    }

    /// Runs splits for about `budget_ms` (at least one) and reports them.
    pub fn step(&mut self, budget_ms: f64) -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        struct Split {
            cell: usize,
            letter: String,
            max_nomark: u32,
            sum_union: u32,
            bound: u32,
        }
        #[derive(Serialize)]
        struct Progress {
            done: bool,
            finished: usize,
            total: usize,
            splits: Vec<Split>,
        }
        let t = now_ms();
        let mut splits = Vec::new();
        while let Some(s) = self.sweep.step(&mut self.solver) {
            splits.push(Split {
                cell: s.cell,
                letter: ((b'a' + s.letter) as char).to_string(),
                max_nomark: s.bounds.max_nomark,
                sum_union: s.bounds.sum_union,
                bound: s.bounds.bound(),
            });
            if now_ms() - t >= budget_ms {
                break;
            }
        }
        to_js(&Progress {
            done: self.sweep.done() == self.sweep.total(),
            finished: self.sweep.done(),
            total: self.sweep.total(),
            splits,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Optimizers: simulated annealing and hill climbing, stepped by the worker in time slices.

/// Options of a search as the page sends them; every field is optional.
#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct SearchArgs {
    size: Option<String>,
    seed: Option<f64>,
    letters: Option<String>,
    source: Option<String>,
    runs: Option<u32>,
    target: Option<u32>,
    top: Option<usize>,
    t0: Option<f64>,
    cooling: Option<f64>,
    stall: Option<u32>,
    pool: Option<usize>,
    order: Option<String>,
}

impl SearchArgs {
    fn common(&self) -> Result<Common, JsError> {
        let mut c = Common::default();
        if let Some(s) = &self.size {
            (c.rows, c.cols) = parse_size(s).map_err(js_err)?;
        }
        if let Some(seed) = self.seed {
            if !(seed.is_finite() && seed >= 0.0 && seed.fract() == 0.0 && seed < 2f64.powi(53)) {
                return Err(js_err("the seed must be a whole number from 0 to 2^53"));
            }
            c.seed = seed as u64;
        }
        if let Some(l) = &self.letters {
            c.letters = l.clone();
        }
        c.source = match self.source.as_deref() {
            None | Some("uniform") => LetterSource::Uniform,
            Some("dice") => LetterSource::Dice,
            Some(s) => {
                return Err(js_err(format!(
                    "unknown letter source '{s}': use uniform or dice"
                )))
            }
        };
        c.runs = self.runs.unwrap_or(0);
        c.target = self.target;
        c.top = self.top.unwrap_or(c.top);
        Ok(c)
    }
}

/// A running search (annealing or hill climbing) kept in wasm memory.
#[wasm_bindgen]
pub struct Search {
    opt: Box<dyn Optimizer>,
}

#[wasm_bindgen]
impl Search {
    /// Starts a search: `optimizer` is `"anneal"` or `"hillclimb"`; `options` is
    /// `{size, seed, letters, source, runs, target, top, t0, cooling, stall, pool, order}`
    /// (all optional; `runs` defaults to 0, restart until stopped).
    #[wasm_bindgen(constructor)]
    pub fn new(lexicon: &Lexicon, optimizer: &str, options: JsValue) -> Result<Search, JsError> {
        let args: SearchArgs = if options.is_undefined() || options.is_null() {
            SearchArgs::default()
        } else {
            serde_wasm_bindgen::from_value(options).map_err(js_err)?
        };
        let common = args.common()?;
        let dict = Arc::clone(&lexicon.dict);
        let opt: Box<dyn Optimizer> = match optimizer {
            "anneal" => {
                let d = AnnealOptions::default();
                Box::new(
                    Anneal::new(
                        dict,
                        AnnealOptions {
                            common,
                            t0: args.t0.unwrap_or(d.t0),
                            cooling: args.cooling.unwrap_or(d.cooling),
                            stall: args.stall.unwrap_or(d.stall),
                        },
                    )
                    .map_err(js_err)?,
                )
            }
            "hillclimb" => {
                let order = match args.order.as_deref() {
                    None | Some("best") => Order::Best,
                    Some("rounds") => Order::Rounds,
                    Some(s) => {
                        return Err(js_err(format!("unknown order '{s}': use best or rounds")))
                    }
                };
                Box::new(
                    HillClimb::new(
                        dict,
                        HillClimbOptions {
                            common,
                            pool: args.pool.unwrap_or(HillClimbOptions::default().pool),
                            order,
                        },
                    )
                    .map_err(js_err)?,
                )
            }
            other => {
                return Err(js_err(format!(
                    "unknown optimizer '{other}': use anneal or hillclimb"
                )))
            }
        };
        Ok(Search { opt })
    }

    /// Works for about `budget_ms` milliseconds (or until the search ends) and returns its
    /// progress: `{optimizer, run, iterations, boards, accepted, temperature, current_board,
    /// current_score, pool, best_score, best_board, top: [{score, board}], done, samples}`,
    /// where `samples` (`[{boards, current, best, temperature}]`, at most 256) trace the
    /// step in detail for the chart.
    pub fn step(&mut self, budget_ms: f64) -> Result<JsValue, JsError> {
        const MAX_SAMPLES: usize = 256;
        let start = now_ms();
        let mut samples = Vec::with_capacity(MAX_SAMPLES);
        let mut every = 1;
        let mut chunk = 0u64;
        loop {
            let done = self.opt.step(16);
            chunk += 1;
            if chunk.is_multiple_of(every) {
                samples.push(self.opt.sample());
                if samples.len() == MAX_SAMPLES {
                    // Keep every other sample and sample half as often from now on.
                    let mut i = 0;
                    samples.retain(|_| {
                        i += 1;
                        i % 2 == 0
                    });
                    every *= 2;
                }
            }
            if done || now_ms() - start >= budget_ms {
                break;
            }
        }
        #[derive(Serialize)]
        struct Stepped {
            #[serde(flatten)]
            progress: Progress,
            samples: Vec<Sample>,
        }
        to_js(&Stepped {
            progress: self.opt.progress(),
            samples,
        })
    }

    /// The search's progress without doing any work.
    pub fn progress(&self) -> Result<JsValue, JsError> {
        to_js(&self.opt.progress())
    }
}

// ==== Branch and bound ==========================================================================

use crate::breaker::{fast_breaker, BreakStats, Breaker, ClassBreaker, Survivor, TraceNode};
use crate::partition::{canonical_survivors, Partition, PartitionSearch};

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
    found: Vec<Survivor>,
}

/// Breaking one class live, with a trace of the search tree for the page to draw.
#[wasm_bindgen]
pub struct BreakRun {
    breaker: Breaker,
    class: BoardClass,
}

#[wasm_bindgen]
impl BreakRun {
    /// Starts breaking `class` (as typed, e.g. "lnrsy aeiou ...") against `target`, keeping the
    /// first `trace_limit` nodes of the tree.
    #[wasm_bindgen(constructor)]
    pub fn new(
        lexicon: &Lexicon,
        class: &str,
        size: Option<String>,
        target: u32,
        trace_limit: usize,
    ) -> Result<BreakRun, JsError> {
        let class = BoardClass::parse(class, size_opt(size)?).map_err(js_err)?;
        if target == 0 {
            return Err(js_err("the target must be at least 1"));
        }
        let mut breaker = Breaker::new(Arc::clone(&lexicon.dict), target);
        breaker.set_trace_limit(trace_limit);
        breaker.start(&class).map_err(js_err)?;
        Ok(BreakRun { breaker, class })
    }

    /// The class: `{rows, cols, cells: [letters per cell], boards: exact decimal string}`.
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
    /// boards_total, nodes, untraced, found}` (nodes and found: new since the last step).
    pub fn step(&mut self, budget_ms: f64) -> Result<JsValue, JsError> {
        let t = now_ms();
        let done = loop {
            if self.breaker.step(8) {
                break true;
            }
            if now_ms() - t >= budget_ms {
                break false;
            }
        };
        let stats = *self.breaker.stats();
        to_js(&BreakProgress {
            done,
            stats: &stats,
            boards_done: stats.boards_done(),
            boards_total: self.class.board_count().to_f64(),
            nodes: self.breaker.take_trace(),
            untraced: self.breaker.untraced(),
            found: self.breaker.take_found(),
        })
    }
}

/// Reads a partition and a size; the canonical class list of that search.
fn partition_search(partition: &str, size: &str) -> Result<PartitionSearch, JsError> {
    let p = Partition::parse(partition).map_err(js_err)?;
    let (rows, cols) = parse_size(size).map_err(js_err)?;
    PartitionSearch::new(p, rows, cols).map_err(js_err)
}

/// One worker's share of a whole letter-partition search: breaks ranges of its canonical
/// classes (numbered as in [`PartitionSearch`]) with the fastest breaker.
#[wasm_bindgen]
pub struct PartitionRun {
    search: PartitionSearch,
    breaker: Box<dyn ClassBreaker + Send>,
    next: usize,
    end: usize,
}

#[wasm_bindgen]
impl PartitionRun {
    /// A search of `partition` (groups separated by spaces) on a board of `size` ("3x3").
    #[wasm_bindgen(constructor)]
    pub fn new(
        lexicon: &Lexicon,
        partition: &str,
        size: &str,
        target: u32,
    ) -> Result<PartitionRun, JsError> {
        if target == 0 {
            return Err(js_err("the target must be at least 1"));
        }
        let search = partition_search(partition, size)?;
        let (rows, cols) = search.shape();
        let breaker = fast_breaker(
            Arc::clone(&lexicon.dict),
            target,
            rows,
            cols,
            &Default::default(),
        );
        Ok(PartitionRun {
            search,
            breaker,
            next: 0,
            end: 0,
        })
    }

    /// Number of canonical classes.
    #[wasm_bindgen(getter)]
    pub fn classes(&self) -> usize {
        self.search.len()
    }

    /// Starts on classes `from..to` (clamped to the search), clearing the totals.
    #[wasm_bindgen(js_name = setRange)]
    pub fn set_range(&mut self, from: usize, to: usize) {
        self.end = to.min(self.search.len());
        self.next = from.min(self.end);
        self.breaker.reset();
    }

    /// Breaks classes for about `budget_ms` (at least one): `{done, next, stats, found}`, found
    /// being the boards reaching the target since the last step (canonical, once each).
    pub fn step(&mut self, budget_ms: f64) -> Result<JsValue, JsError> {
        let t = now_ms();
        while self.next < self.end {
            let i = self.next;
            self.search
                .break_range(&mut *self.breaker, i..i + 1, || false);
            self.next += 1;
            if now_ms() - t >= budget_ms {
                break;
            }
        }
        #[derive(Serialize)]
        struct Chunk<'a> {
            done: bool,
            next: usize,
            stats: &'a BreakStats,
            found: Vec<Survivor>,
        }
        let (rows, cols) = self.search.shape();
        let found = canonical_survivors(self.breaker.take_found(), rows, cols);
        to_js(&Chunk {
            done: self.next >= self.end,
            next: self.next,
            stats: self.breaker.stats(),
            found,
        })
    }
}

/// The size of a partition search: `{classes, assignments, groups}`, or an error saying what
/// is wrong with the partition or size.
#[wasm_bindgen(js_name = partitionInfo)]
pub fn partition_info(partition: &str, size: &str) -> Result<JsValue, JsError> {
    let s = partition_search(partition, size)?;
    #[derive(Serialize)]
    struct Info {
        classes: usize,
        assignments: u64,
        groups: Vec<String>,
        covers_alphabet: bool,
    }
    to_js(&Info {
        classes: s.len(),
        assignments: s.assignments(),
        groups: s
            .partition()
            .groups()
            .iter()
            .map(|&g| crate::class::mask_text(g))
            .collect(),
        covers_alphabet: s.partition().covers_alphabet(),
    })
}
