//! Word lists: the built-in ENABLE2K (and YAWL) or a file, text or compiled, read with the
//! same size limit and the same messages as the command line.

use boggle::word_lists::{self, Source, BUILT_IN};
use boggle::Dictionary;
use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;
use std::ffi::CString;
use std::sync::{Arc, OnceLock};

/// Each built-in list, loaded once per process and shared by every solver.
static LOADED: [OnceLock<Arc<Dictionary>>; BUILT_IN.len()] =
    [const { OnceLock::new() }; BUILT_IN.len()];

/// The list `name` names: a built-in list by name, else a file (text or compiled); `None` is
/// ENABLE2K. Notes about skipped words become Python warnings.
pub fn load(py: Python<'_>, name: Option<&str>) -> PyResult<Arc<Dictionary>> {
    let name = name.unwrap_or(word_lists::DEFAULT);
    let bytes = match word_lists::find(name).map_err(PyValueError::new_err)? {
        Source::File(bytes) => bytes,
        Source::BuiltIn(i) => {
            // Loaded with the GIL held: a second thread waiting here while the first released
            // it could never give it back.
            let dict = LOADED[i].get_or_init(|| {
                Arc::new(
                    boggle::engine::compiled::load(BUILT_IN[i].2).expect("the built-in lists load"),
                )
            });
            return Ok(Arc::clone(dict));
        }
    };
    let dict = py
        .allow_threads(|| boggle::engine::compiled::load(&bytes))
        .map_err(|e| PyValueError::new_err(format!("{}: {e}", word_lists::list_name(name))))?;
    for note in word_lists::notes(name, dict.stats()) {
        let text = CString::new(note.replace('\0', " ")).expect("no NUL left");
        PyErr::warn(py, &py.get_type::<PyUserWarning>(), &text, 1)?;
    }
    Ok(Arc::new(dict))
}
