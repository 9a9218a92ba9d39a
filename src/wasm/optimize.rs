//! Optimizer runs (simulated annealing and hill climbing) for the page's optimize view,
//! stepped by the worker in time slices. The page's options are read straight into the
//! engine's option structs, so their names and defaults are defined once, in
//! [`crate::optimize`].

use super::dictionary::Dictionary;
use super::{js_err, run_for, to_js};
use crate::engine::board::parse_size;
use crate::optimize::{
    Anneal, AnnealOptions, Common, HillClimb, HillClimbOptions, OptimizeError, Optimizer, Progress,
    Sample,
};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// The options of a run as the page sends them: the engine's options `T` ([`AnnealOptions`] or
/// [`HillClimbOptions`], with [`Common`]'s fields at the top level) under their own names and
/// defaults, except that the size comes as text (`"4x4"`), the seed as a JS number, and `runs`
/// defaults to 0 (restart until stopped) since the page runs until the user stops it.
#[derive(Deserialize, Default)]
struct PageOptions<T> {
    #[serde(default)]
    size: Option<String>,
    #[serde(default)]
    seed: Option<f64>,
    #[serde(default)]
    runs: Option<u32>,
    #[serde(flatten)]
    engine: T,
}

impl<T: DeserializeOwned + Default> PageOptions<T> {
    /// Reads the options (`undefined` or `null`: every default) and applies the page's own
    /// fields to `common`, the engine options' shared part.
    fn read(options: JsValue, common: impl FnOnce(&mut T) -> &mut Common) -> Result<T, JsError> {
        let page: PageOptions<T> = if options.is_undefined() || options.is_null() {
            PageOptions::default()
        } else {
            serde_wasm_bindgen::from_value(options).map_err(options_err)?
        };
        let mut engine = page.engine;
        let c = common(&mut engine);
        if let Some(s) = &page.size {
            (c.rows, c.cols) = parse_size(s).map_err(js_err)?;
        }
        if let Some(seed) = page.seed {
            if !(seed.is_finite() && seed >= 0.0 && seed.fract() == 0.0 && seed < 2f64.powi(53)) {
                return Err(js_err("the seed must be a whole number from 0 to 2^53"));
            }
            c.seed = seed as u64;
        }
        c.runs = page.runs.unwrap_or(0);
        Ok(engine)
    }
}

/// The optimizers' defaults and limits, so the page need not copy them: `{anneal: {rows, cols,
/// seed, letters, source, runs, target, top, schedule, t0, cooling, t_end, steps, acceptance,
/// stall, restart, replicas, perturb}, hillclimb: {rows, cols, ..., pool, order, remember,
/// stall, expansions}, max_pool, max_steps, max_replicas, max_perturb, schedule_t0, max_top,
/// min_side, max_side}`.
#[wasm_bindgen(js_name = optimizerDefaults)]
pub fn optimizer_defaults() -> Result<JsValue, JsError> {
    to_js(&crate::optimize::Defaults::default())
}

/// An option the page sent that does not fit the engine's type, as an exception with serde's
/// message (e.g. "unknown variant `x`, expected `uniform` or `dice`").
pub(super) fn options_err(e: serde_wasm_bindgen::Error) -> JsError {
    js_err(options_message(e))
}

/// The message of [`options_err`]: "bad option: " and what did not read.
pub(super) fn options_message(e: serde_wasm_bindgen::Error) -> String {
    let message = match JsValue::from(e).dyn_into::<js_sys::Error>() {
        Ok(e) => String::from(e.message()),
        Err(v) => format!("{v:?}"),
    };
    format!("bad option: {message}")
}

/// Why an optimizer would not start, as a JS `Error`. One that names the option to change
/// ([`OptimizeError::Option`], [`OptimizeError::Conflict`]) carries it as `param`, so the page
/// says it beside that field.
fn optimize_err(e: OptimizeError) -> JsValue {
    let error = js_sys::Error::new(&e.to_string());
    if let OptimizeError::Option { param, .. } | OptimizeError::Conflict { param, .. } = e {
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&error, &"param".into(), &param.into());
    }
    error.into()
}

/// A running optimizer (annealing or hill climbing) kept in wasm memory; `Search` in JS.
#[wasm_bindgen(js_name = Search)]
pub struct OptimizerRun {
    opt: Box<dyn Optimizer>,
}

#[wasm_bindgen(js_class = Search)]
impl OptimizerRun {
    /// Starts a run: `optimizer` is `"anneal"` or `"hillclimb"`; `options` is
    /// `{size, seed, letters, source, runs, target, top, schedule, t0, cooling, t_end, steps,
    /// acceptance, stall, restart, replicas, perturb, pool, order, remember, expansions}`
    /// (all optional, defaults as in the engine; `runs` defaults to 0, restart until stopped).
    /// Options the engine refuses together throw an `Error` whose `param` names the one to
    /// change.
    #[wasm_bindgen(constructor)]
    pub fn new(
        dictionary: &Dictionary,
        optimizer: &str,
        options: JsValue,
    ) -> Result<OptimizerRun, JsValue> {
        let dict = Arc::clone(&dictionary.dict);
        let opt: Box<dyn Optimizer> = match optimizer {
            "anneal" => {
                let o = PageOptions::<AnnealOptions>::read(options, |o| &mut o.common)?;
                Box::new(Anneal::new(dict, o).map_err(optimize_err)?)
            }
            "hillclimb" => {
                let o = PageOptions::<HillClimbOptions>::read(options, |o| &mut o.common)?;
                Box::new(HillClimb::new(dict, o).map_err(optimize_err)?)
            }
            other => {
                return Err(js_err(format!(
                    "unknown optimizer '{other}': use anneal or hillclimb"
                ))
                .into())
            }
        };
        Ok(OptimizerRun { opt })
    }

    /// Works for about `budget_ms` milliseconds (or until the run ends) and returns its
    /// progress (see [`Progress`], [`Sample`] and [`crate::optimize::Replica`]):
    /// `{optimizer, run, step, iterations, boards, accepted, temperature, acceptance,
    /// current_board, current_score, pool, replicas, best_score, best_board,
    /// top: [{score, board}], done, finished_runs, runs_at_best, samples}`, where
    /// - `run` counts runs from 1 (with tempering, restarts of the whole ladder) and `step` is
    ///   the proposals made in this run (hill climbing: boards scored in it);
    /// - `finished_runs` counts the runs finished and `runs_at_best` those whose best reached
    ///   `best_score`;
    /// - `acceptance` is the share of the last 1,000 proposals accepted, counted exactly
    ///   (tempering: the coldest rung's; `null` for hill climbing);
    /// - `replicas` is tempering's ladder, coldest first: `[{temperature, score, board,
    ///   acceptance, swaps_tried, swaps_accepted}]` (trades with the next hotter rung), else
    ///   `null`;
    /// - `samples` (`[{run, step, boards, current, best, run_best, last_run_best, temperature,
    ///   acceptance}]`, at most 256, the last one where the slice ended) trace the slice in
    ///   detail for the chart; with tempering `current`, `temperature` and `acceptance` are the
    ///   coldest rung's.
    pub fn step(&mut self, budget_ms: f64) -> Result<JsValue, JsError> {
        const MAX_SAMPLES: usize = 256;
        let mut samples = Vec::with_capacity(MAX_SAMPLES);
        let mut every = 1;
        let mut chunk = 0u64;
        let opt = &mut self.opt;
        let mut failed = None;
        run_for(budget_ms, || {
            let done = match opt.step(16) {
                Ok(done) => done,
                Err(e) => {
                    failed = Some(e);
                    return true;
                }
            };
            chunk += 1;
            if chunk.is_multiple_of(every) {
                samples.push(opt.sample());
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
            done
        });
        if let Some(e) = failed {
            return Err(js_err(e));
        }
        // The last sample is where the slice ended, so a chart sees how each run finished.
        let last = opt.sample();
        if samples.last() != Some(&last) {
            samples.push(last);
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

    /// The run's progress without doing any work.
    pub fn progress(&self) -> Result<JsValue, JsError> {
        to_js(&self.opt.progress())
    }
}
