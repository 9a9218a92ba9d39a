//! Hill climbing and annealing from Python: the engine's options by their serde names (its
//! `Default` fills the rest), stepped in slices with the GIL released, so Ctrl-C, a time limit
//! and a progress callback all act between slices.

use crate::boards::size_arg;
use crate::convert::{self, value_to_py};
use boggle::optimize::{
    time_limit, Anneal, AnnealOptions, Common, HillClimb, HillClimbOptions, OptimizeError,
    Optimizer, Progress, Unused,
};
use boggle::Dictionary;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Boards scored between two looks at the clock, Ctrl-C and the callback.
const SLICE: u64 = 256;

/// What a hill climb or an annealing search found.
#[pyclass(frozen, get_all, module = "boggle_explorer")]
pub struct SearchResult {
    /// The best distinct boards (up to ``top``), best first, as (score, board).
    pub boards: Vec<(u32, String)>,
    /// The best score found.
    pub best_score: u32,
    /// The best board found.
    pub best_board: String,
    /// The engine's final progress record: run, step, boards, accepted, temperature, top,
    /// finished_runs and runs_at_best (how many finished runs reached the best score), ...
    pub progress: PyObject,
    /// Seconds the search took.
    pub seconds: f64,
}

#[pymethods]
impl SearchResult {
    /// A result from its fields (what unpickling calls).
    #[new]
    fn new(
        boards: Vec<(u32, String)>,
        best_score: u32,
        best_board: String,
        progress: PyObject,
        seconds: f64,
    ) -> SearchResult {
        SearchResult {
            boards,
            best_score,
            best_board,
            progress,
            seconds,
        }
    }

    /// Pickled as the arguments that build it again.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(PyObject, Bound<'py, pyo3::types::PyTuple>)> {
        let py = slf.py();
        let r = slf.get();
        let args = (
            r.boards.clone(),
            r.best_score,
            r.best_board.clone(),
            r.progress.clone_ref(py),
            r.seconds,
        )
            .into_pyobject(py)?;
        Ok((slf.get_type().into_any().unbind(), args))
    }

    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        crate::results::same_fields(slf, other, Self::__reduce__)
    }

    fn __repr__(&self) -> String {
        format!(
            "SearchResult(best_score={}, best_board='{}', <{} boards>, seconds={:.3})",
            self.best_score,
            self.best_board,
            self.boards.len(),
            self.seconds
        )
    }
}

/// An optimizer Python starts from keyword options.
pub trait FromOptions: Optimizer + Send + Sized {
    /// Its options, read by their serde names over the defaults.
    type Options: Serialize + DeserializeOwned + Default;
    /// The name its option errors start with.
    const NAME: &'static str;
    /// The options every optimizer takes, among its own.
    fn common(o: &Self::Options) -> &Common;
    /// Starts a search, or says why it cannot.
    fn start(dict: Arc<Dictionary>, o: Self::Options) -> Result<Self, OptimizeError>;
    /// Why an option `given` does nothing with the others chosen, if one does.
    fn unused(_o: &Self::Options, _given: &dyn Fn(&str) -> bool) -> Option<String> {
        None
    }
}

impl FromOptions for HillClimb {
    type Options = HillClimbOptions;
    const NAME: &'static str = "hillclimb";
    fn common(o: &HillClimbOptions) -> &Common {
        &o.common
    }
    fn start(dict: Arc<Dictionary>, o: HillClimbOptions) -> Result<Self, OptimizeError> {
        HillClimb::new(dict, o)
    }
    /// The engine's rule ([`HillClimbOptions::unused`]), in keyword names.
    fn unused(o: &HillClimbOptions, given: &dyn Fn(&str) -> bool) -> Option<String> {
        o.unused(given).map(|u| unused_text(Self::NAME, &u))
    }
}

impl FromOptions for Anneal {
    type Options = AnnealOptions;
    const NAME: &'static str = "anneal";
    fn common(o: &AnnealOptions) -> &Common {
        &o.common
    }
    fn start(dict: Arc<Dictionary>, o: AnnealOptions) -> Result<Self, OptimizeError> {
        Anneal::new(dict, o)
    }
    /// The engine's rule ([`AnnealOptions::unused`]), in keyword names.
    fn unused(o: &AnnealOptions, given: &dyn Fn(&str) -> bool) -> Option<String> {
        o.unused(given).map(|u| unused_text(Self::NAME, &u))
    }
}

/// The engine's [`Unused`] in keyword names: "anneal: t_end works only with
/// schedule='geometric' or schedule='tempering': the adaptive schedule does not use it".
fn unused_text(optimizer: &str, u: &Unused) -> String {
    let uses: Vec<String> = u
        .uses
        .iter()
        .map(|v| format!("{}='{v}'", u.setting))
        .collect();
    format!(
        "{optimizer}: {} works only with {}: the {} {} does not use it",
        u.option,
        uses.join(" or "),
        u.chosen,
        u.setting
    )
}

/// Starts optimizer `O` from keyword options (`size` as "4x4", 4 or (rows, cols) among them)
/// over `dict`, and runs it until its runs, target or `seconds` end it.
pub fn search<O: FromOptions>(
    py: Python<'_>,
    dict: &Arc<Dictionary>,
    options: Option<&Bound<'_, PyDict>>,
    seconds: Option<f64>,
    progress: Option<&Bound<'_, PyAny>>,
    every: f64,
) -> PyResult<SearchResult> {
    // Checked before the search starts, not at its first report.
    if let Some(cb) = progress.filter(|cb| !cb.is_callable()) {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{}: progress must be a function taking one dict, not {}",
            O::NAME,
            cb.get_type().name()?
        )));
    }
    let mut options = with_size(options)?;
    // As `boggle` reads it: a time limit without `runs` means "search this long", restarting.
    if seconds.is_some()
        && !options
            .as_ref()
            .is_some_and(|d| d.contains("runs").unwrap_or(false))
    {
        let d = options.unwrap_or_else(|| PyDict::new(py));
        d.set_item("runs", 0)?;
        options = Some(d);
    }
    let arguments = ["seconds", "progress", "every", "size"];
    let opts: O::Options = convert::options(O::NAME, options.as_ref(), &arguments)?;
    // An option passed at its default value chooses nothing: so the defaults' dict, passed back
    // with one value changed, runs as it says, whichever schedule or restart it picks.
    let (chosen, defaults) = (
        serde_json::to_value(&opts).unwrap_or_default(),
        serde_json::to_value(O::Options::default()).unwrap_or_default(),
    );
    let given = |name: &str| {
        options
            .as_ref()
            .is_some_and(|d| d.contains(name).unwrap_or(false))
            && chosen.get(name) != defaults.get(name)
    };
    if let Some(why) = O::unused(&opts, &given) {
        return Err(PyValueError::new_err(why));
    }
    let common = O::common(&opts);
    let limit = check_limits(common.runs, common.target, seconds)?;
    let mut opt = O::start(Arc::clone(dict), opts).map_err(crate::engine_error)?;
    run(py, &mut opt, limit, progress, every)
}

/// The options with `size` ("4x4", 4 or (rows, cols)) turned into the engine's rows and cols,
/// and the target read as a break's is ([`crate::solver::target_arg`]), in its words.
fn with_size<'py>(options: Option<&Bound<'py, PyDict>>) -> PyResult<Option<Bound<'py, PyDict>>> {
    let Some(options) = options else {
        return Ok(None);
    };
    let d = options.copy()?;
    if let Some(size) = d.get_item("size")? {
        if d.contains("rows")? || d.contains("cols")? {
            return Err(PyValueError::new_err(
                "give size, or rows and cols, not both",
            ));
        }
        let (rows, cols) = size_arg(Some(&size))?.unwrap_or((4, 4));
        d.del_item("size")?;
        d.set_item("rows", rows)?;
        d.set_item("cols", cols)?;
    }
    // A whole number's range is checked here; a value of another kind is left to the options'
    // reader, which names what the option takes.
    let whole = |t: &Bound<'_, PyAny>| {
        t.is_instance_of::<pyo3::types::PyInt>() && !t.is_instance_of::<pyo3::types::PyBool>()
    };
    if let Some(target) = d.get_item("target")?.filter(whole) {
        d.set_item("target", crate::solver::target_arg(target.extract()?)?)?;
    }
    Ok(Some(d))
}

/// Checks the run limits the engine leaves to its callers and returns the time limit
/// `seconds` gives, if any: a run count of 0 restarts until stopped, so it needs a target or
/// a time limit.
fn check_limits(
    runs: u32,
    target: Option<u32>,
    seconds: Option<f64>,
) -> PyResult<Option<Duration>> {
    let limit = seconds
        .map(|s| time_limit(s).map_err(|e| PyValueError::new_err(format!("seconds {e}"))))
        .transpose()?;
    if runs == 0 && target.is_none() && limit.is_none() {
        return Err(PyValueError::new_err(
            "runs=0 restarts until stopped: give target or seconds too",
        ));
    }
    Ok(limit)
}

/// Steps `opt` to its end, the time `limit` ([`check_limits`]'s), Ctrl-C or an exception in
/// `progress` (called with the engine's progress record about every `every` seconds).
fn run<O: Optimizer + Send>(
    py: Python<'_>,
    opt: &mut O,
    limit: Option<Duration>,
    progress: Option<&Bound<'_, PyAny>>,
    every: f64,
) -> PyResult<SearchResult> {
    let t = Instant::now();
    let every = crate::every_arg(every)?;
    let mut next_report = every;
    loop {
        let done = py
            .allow_threads(|| opt.step(SLICE))
            .map_err(crate::engine_error)?;
        py.check_signals()?;
        let elapsed = t.elapsed();
        if done || limit.is_some_and(|l| elapsed >= l) {
            break;
        }
        if let Some(cb) = progress {
            if elapsed >= next_report {
                next_report = elapsed.saturating_add(every);
                cb.call1((report(py, &opt.progress(), elapsed.as_secs_f64())?,))?;
            }
        }
    }
    let p = opt.progress();
    let secs = t.elapsed().as_secs_f64();
    if let Some(cb) = progress {
        cb.call1((report(py, &p, secs)?,))?;
    }
    Ok(SearchResult {
        boards: p.top.iter().map(|s| (s.score, s.board.clone())).collect(),
        best_score: p.best_score,
        best_board: p.best_board.clone(),
        progress: value_to_py(py, &p)?,
        seconds: secs,
    })
}

/// The engine's progress record with the seconds so far added.
fn report(py: Python<'_>, p: &Progress, secs: f64) -> PyResult<PyObject> {
    let d = value_to_py(py, p)?;
    d.bind(py).set_item("seconds", secs)?;
    Ok(d)
}
