//! Board classes and their upper bounds, for the page's Bounds view: reading a class, both
//! bounds with what explains them, the max/no-mark tree and the per-cell split sweep.

use super::dictionary::Dictionary;
use super::{js_err, run_for, size_opt, to_js};
use crate::bounds::explain::{DETAILS_MAX_STEPS, TREE_NODES};
use crate::bounds::{BoardClass, BoundSolver, ClassWord, SplitSweep};
use serde::Serialize;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// Reads a class the way the bounds view's input does; size like boards ("3x3", "33" or empty).
pub(super) fn class_arg(class: &str, size: Option<String>) -> Result<BoardClass, JsError> {
    BoardClass::parse(class, size_opt(size)?).map_err(js_err)
}

/// A class as the page shows it: normalized text, shape, each cell's letters and the exact
/// board count (a decimal string, it can exceed 2^53; the page writes it for people).
#[derive(Serialize)]
struct ClassInfo {
    class: String,
    rows: usize,
    cols: usize,
    cells: Vec<String>,
    boards: String,
}

impl ClassInfo {
    fn of(c: &BoardClass) -> ClassInfo {
        let n = c.board_count();
        ClassInfo {
            class: c.to_string(),
            rows: c.rows(),
            cols: c.cols(),
            cells: (0..c.len()).map(|i| c.cell_text(i)).collect(),
            boards: n.to_string(),
        }
    }
}

/// Reads a class and returns `{class, rows, cols, cells, boards}`, or throws
/// with a message saying what is wrong.
#[wasm_bindgen(js_name = parseClass)]
pub fn parse_class(class: &str, size: Option<String>) -> Result<JsValue, JsError> {
    to_js(&ClassInfo::of(&class_arg(class, size)?))
}

/// Computes class bounds against one word list; keeps its scratch space between calls.
#[wasm_bindgen]
pub struct ClassBounder {
    pub(super) solver: BoundSolver,
}

#[wasm_bindgen]
impl ClassBounder {
    /// A bounder using the dictionary's words (shared, not copied).
    #[wasm_bindgen(constructor)]
    pub fn new(dictionary: &Dictionary) -> ClassBounder {
        ClassBounder {
            solver: BoundSolver::new(Arc::clone(&dictionary.dict)),
        }
    }

    /// Both bounds with what explains them: the class info plus `{max_nomark, sum_union,
    /// bound, start_scores, words: [{word, points, path, letters}], steps}`. Throws when the
    /// search would pass `max_steps` steps (so a huge class cannot stall the worker; left out,
    /// the engine's `DETAILS_MAX_STEPS`).
    pub fn details(
        &mut self,
        class: &str,
        size: Option<String>,
        max_steps: Option<f64>,
    ) -> Result<JsValue, JsError> {
        let c = class_arg(class, size)?;
        let max_steps = max_steps.map_or(DETAILS_MAX_STEPS, |s| s.max(1.0) as u64);
        let d = self.solver.details_within(&c, max_steps).map_err(js_err)?;
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
    /// more than `limit` scoring nodes (left out, the engine's `TREE_NODES`).
    #[wasm_bindgen(js_name = nomarkTree)]
    pub fn nomark_tree(
        &mut self,
        class: &str,
        size: Option<String>,
        start: usize,
        limit: Option<usize>,
    ) -> Result<JsValue, JsError> {
        let c = class_arg(class, size)?;
        let limit = limit.unwrap_or(TREE_NODES);
        to_js(&self.solver.nomark_tree(&c, start, limit).map_err(js_err)?)
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
    pub fn new(
        dictionary: &Dictionary,
        class: &str,
        size: Option<String>,
    ) -> Result<SplitJob, JsError> {
        let c = class_arg(class, size)?;
        Ok(SplitJob {
            solver: BoundSolver::new(Arc::clone(&dictionary.dict)),
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
        let mut splits = Vec::new();
        let (sweep, solver) = (&mut self.sweep, &mut self.solver);
        run_for(budget_ms, || match sweep.step(solver) {
            Some(s) => {
                splits.push(Split {
                    cell: s.cell,
                    letter: ((b'a' + s.letter) as char).to_string(),
                    max_nomark: s.bounds.max_nomark,
                    sum_union: s.bounds.sum_union,
                    bound: s.bounds.bound(),
                });
                false
            }
            None => true,
        });
        to_js(&Progress {
            done: self.sweep.done() == self.sweep.total(),
            finished: self.sweep.done(),
            total: self.sweep.total(),
            splits,
        })
    }
}
