//! Boggle Explorer's engine as the Python module `boggle_explorer._boggle`: a thin layer that
//! turns Python arguments into the engine's types, runs the engine with the GIL released, and
//! turns every engine error into a `ValueError` carrying the engine's message.
//!
//! - `convert`: Python values to and from JSON, for options by their serde names.
//! - `lists`: word lists, with the CLI's limits and messages.
//! - `boards`: boards and sizes from strings, letter codes or NumPy arrays.
//! - `numbers`: whole-number arguments, checked against their range by name.
//! - `breaking`: branch and bound on a pool of threads that Ctrl-C stops.
//! - `interrupt`: one long engine call that Ctrl-C stops.
//! - `solver`: the `Solver` class, what Python holds a word list by.
//! - `optimize`: hill climbing and annealing in slices.

mod boards;
mod breaking;
mod convert;
mod interrupt;
mod lists;
mod numbers;
mod optimize;
mod results;
mod solver;

use boards::{board_arg, size_arg};
use boggle::breaking::options::BreakOptions;
use boggle::engine::dice::LetterSource;
use boggle::optimize::{AnnealOptions, HillClimbOptions};
use numbers::Whole;
use optimize::SearchResult;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use results::{Bounds, BreakResult, Word};
use solver::Solver;
use std::time::Duration;

/// An engine error as Python's error for a bad argument, carrying the engine's message: the
/// one place the module turns the engine's refusals into `ValueError`.
pub(crate) fn engine_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// How often progress is reported, from a number of seconds (0 or more); one too large to
/// wait for (`float("inf")`) reports only at the end.
pub(crate) fn every_arg(every: f64) -> PyResult<Duration> {
    if every.is_nan() || every < 0.0 {
        return Err(PyValueError::new_err(
            "every must be a number of seconds, 0 or more",
        ));
    }
    Ok(Duration::try_from_secs_f64(every).unwrap_or(Duration::MAX))
}

/// A board's canonical form: the smallest of its rotations and reflections.
#[pyfunction]
#[pyo3(signature = (board, size=None))]
fn canonical(board: &Bound<'_, PyAny>, size: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    let b = board_arg(board, size_arg(size)?)?;
    Ok(boggle::engine::symmetry::canonical(&b).to_string())
}

/// A random board (default 4x4): ``source`` "dice" rolls the real dice on 4x4, 5x5
/// and 6x6 (uniform letters on other sizes), "uniform" draws each cell from a-z. The same ``seed``
/// gives the same board; without one each call differs.
#[pyfunction]
#[pyo3(signature = (size=None, source="dice", seed=None))]
fn random_board(
    size: Option<&Bound<'_, PyAny>>,
    source: &str,
    seed: Option<Whole>,
) -> PyResult<String> {
    let (rows, cols) = size_arg(size)?.unwrap_or((4, 4));
    let seed = seed.map(|s| s.within("seed", 0, u64::MAX)).transpose()?;
    let source: LetterSource = serde_json::from_value(serde_json::Value::from(source))
        .map_err(|e| PyValueError::new_err(format!("source: {e}")))?;
    let seed = seed.unwrap_or_else(|| {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        boggle::rng::mix(t.as_nanos() as u64 ^ u64::from(std::process::id()))
    });
    let mut rng = boggle::rng::Rng::new(seed);
    Ok(boggle::engine::dice::random_board(rows, cols, source, &mut rng).to_string())
}

/// The engine's hill-climbing options with their defaults.
#[pyfunction]
fn hillclimb_defaults(py: Python<'_>) -> PyResult<PyObject> {
    convert::defaults::<HillClimbOptions>(py)
}

/// The engine's annealing options with their defaults.
#[pyfunction]
fn anneal_defaults(py: Python<'_>) -> PyResult<PyObject> {
    convert::defaults::<AnnealOptions>(py)
}

/// The engine's breaking options with their defaults.
#[pyfunction]
fn break_defaults(py: Python<'_>) -> PyResult<PyObject> {
    convert::defaults::<BreakOptions>(py)
}

/// The named proofs, as ``boggle break --proof NAME`` runs them: each a dict with its
/// ``name``, ``partition``, ``size``, ``target`` and word ``list``, so that
/// ``Solver(p["list"]).break_partition(p["partition"], p["size"], p["target"])`` runs one.
#[pyfunction]
fn proofs(py: Python<'_>) -> PyResult<PyObject> {
    convert::value_to_py(py, &boggle::breaking::partition::PROOFS)
}

/// The compiled module.
#[pymodule]
fn _boggle(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Solver>()?;
    m.add_class::<Word>()?;
    m.add_class::<Bounds>()?;
    m.add_class::<BreakResult>()?;
    m.add_class::<SearchResult>()?;
    m.add_function(wrap_pyfunction!(canonical, m)?)?;
    m.add_function(wrap_pyfunction!(random_board, m)?)?;
    m.add_function(wrap_pyfunction!(hillclimb_defaults, m)?)?;
    m.add_function(wrap_pyfunction!(anneal_defaults, m)?)?;
    m.add_function(wrap_pyfunction!(break_defaults, m)?)?;
    m.add_function(wrap_pyfunction!(proofs, m)?)?;
    Ok(())
}
