//! The plain result objects Python gets back: words, bounds and what a break found. Each can
//! be pickled (built again from its fields), so results cross `multiprocessing` as any value
//! does.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// A word on a board: the word, its points and one path (row-major cell indices).
#[pyclass(frozen, get_all, eq, hash, module = "boggle_explorer")]
#[derive(PartialEq, Eq, Hash)]
pub struct Word {
    /// The word spelled out ("qu" in full).
    pub word: String,
    /// Its points.
    pub points: u32,
    /// The cells that spell it, in order, as row-major indices.
    pub path: Vec<u32>,
}

#[pymethods]
impl Word {
    /// A word from its fields (what unpickling calls).
    #[new]
    fn new(word: String, points: u32, path: Vec<u32>) -> Word {
        Word { word, points, path }
    }

    /// Pickled as the arguments that build it again.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(PyObject, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let w = slf.get();
        let args = (w.word.clone(), w.points, w.path.clone()).into_pyobject(py)?;
        Ok((slf.get_type().into_any().unbind(), args))
    }

    fn __repr__(&self) -> String {
        format!(
            "Word(word='{}', points={}, path={:?})",
            self.word, self.points, self.path
        )
    }
}

/// The two upper bounds of a board class and how many boards it holds.
#[pyclass(frozen, get_all, module = "boggle_explorer")]
pub struct Bounds {
    /// The max/no-mark bound (choices keep the best letter; words count on every path).
    pub max_nomark: u32,
    /// The sum/union bound (every word some board of the class spells, counted once).
    pub sum_union: u32,
    /// Boards in the class (an exact Python int: it can exceed 2**64).
    pub boards: PyObject,
}

#[pymethods]
impl Bounds {
    /// Bounds from their fields (what unpickling calls).
    #[new]
    fn new(max_nomark: u32, sum_union: u32, boards: PyObject) -> Bounds {
        Bounds {
            max_nomark,
            sum_union,
            boards,
        }
    }

    /// Pickled as the arguments that build it again.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(PyObject, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let b = slf.get();
        let args = (b.max_nomark, b.sum_union, b.boards.clone_ref(py)).into_pyobject(py)?;
        Ok((slf.get_type().into_any().unbind(), args))
    }

    /// The class bound: the smaller of the two.
    #[getter]
    fn bound(&self) -> u32 {
        self.max_nomark.min(self.sum_union)
    }

    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        same_fields(slf, other, Self::__reduce__)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Bounds(max_nomark={}, sum_union={}, boards={})",
            self.max_nomark,
            self.sum_union,
            self.boards.bind(py)
        )
    }
}

/// What a break found: boards at or above the target and the search's totals.
#[pyclass(frozen, get_all, module = "boggle_explorer")]
pub struct BreakResult {
    /// Boards scoring at least the target, best first, as (score, board); canonical forms,
    /// once each, for a partition.
    pub boards: Vec<(u32, String)>,
    /// The engine's totals: classes, bound_evals, eliminated, split, boards_eliminated,
    /// boards_scored, found, max_depth, root_bound, peak_bytes, ...; for a partition, ``found``
    /// counts ``boards`` (each board once), as the CLI's summary does.
    pub stats: PyObject,
    /// Classes broken: the partition classes selected, or the parts one class was split into
    /// to share among the threads.
    pub classes: usize,
    /// A partition search: one dict per class with the fields of a ``boggle break --out``
    /// line (id, class, bound, found, secs, nodes, peak_bytes), sorted by id; empty for one
    /// class.
    pub records: PyObject,
    /// A sampled partition search: the whole search's CPU hours estimated from the sample
    /// (``cpu_hours``, a 95% interval ``low`` to ``high``, both None for a sample too
    /// small to bound its spread (fewer than four classes),
    /// ``sampled`` and ``classes``, and the
    /// seconds per class ``min``, ``median``, ``p90``, ``p99``, ``max``, ``mean``), as
    /// ``boggle break --sample`` prints it; None for any other break.
    pub estimate: PyObject,
    /// Seconds the search took.
    pub seconds: f64,
}

#[pymethods]
impl BreakResult {
    /// A result from its fields (what unpickling calls).
    #[new]
    fn new(
        boards: Vec<(u32, String)>,
        stats: PyObject,
        classes: usize,
        records: PyObject,
        estimate: PyObject,
        seconds: f64,
    ) -> BreakResult {
        BreakResult {
            boards,
            stats,
            classes,
            records,
            estimate,
            seconds,
        }
    }

    /// Pickled as the arguments that build it again.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(PyObject, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let r = slf.get();
        let args = (
            r.boards.clone(),
            r.stats.clone_ref(py),
            r.classes,
            r.records.clone_ref(py),
            r.estimate.clone_ref(py),
            r.seconds,
        )
            .into_pyobject(py)?;
        Ok((slf.get_type().into_any().unbind(), args))
    }

    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        same_fields(slf, other, Self::__reduce__)
    }

    fn __repr__(&self) -> String {
        format!(
            "BreakResult(<{} boards>, classes={}, seconds={:.3})",
            self.boards.len(),
            self.classes,
            self.seconds
        )
    }
}

/// Two results are equal when every field is: the fields are those `__reduce__` pickles, so a
/// result read back from a pickle, or sent back from a process pool, equals the one sent.
pub fn same_fields<'py, T: pyo3::PyClass>(
    a: &Bound<'py, T>,
    b: &Bound<'py, PyAny>,
    fields: impl Fn(&Bound<'py, T>) -> PyResult<(PyObject, Bound<'py, PyTuple>)>,
) -> PyResult<bool> {
    match b.downcast::<T>() {
        Ok(b) => fields(a)?.1.eq(fields(b)?.1),
        Err(_) => Ok(false),
    }
}
