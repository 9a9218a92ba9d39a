//! Word lists: the built-in ENABLE2K (and YAWL) or a file, text or compiled, read with the
//! same size limit and the same messages as the command line.

use boggle::engine::dictionary::{DictionaryError, MAX_LIST_BYTES};
use boggle::Dictionary;
use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;
use std::ffi::CString;
use std::io::{self, Read};
use std::sync::{Arc, OnceLock};

/// The built-in lists by name, as the CLI names them; the first is the default.
const BUILT_IN: [(&str, &[u8]); 2] = [
    ("enable2k", include_bytes!("../../wordlists/enable2k.txt")),
    ("yawl", include_bytes!("../../wordlists/yawl.txt")),
];

/// Each built-in list, loaded once per process and shared by every solver.
static LOADED: [OnceLock<Arc<Dictionary>>; 2] = [OnceLock::new(), OnceLock::new()];

/// The list `name` names: a file (text or compiled) or, when no such file exists, a built-in
/// list by name; `None` is ENABLE2K. Notes about skipped words become Python warnings.
pub fn load(py: Python<'_>, name: Option<&str>) -> PyResult<Arc<Dictionary>> {
    let name = name.unwrap_or(BUILT_IN[0].0);
    let bytes = match std::fs::File::open(name) {
        Ok(file) => read_limited(name, file)?,
        Err(e) => match BUILT_IN.iter().position(|l| name.eq_ignore_ascii_case(l.0)) {
            Some(i) => {
                let bytes = BUILT_IN[i].1;
                // Loaded with the GIL held: a second thread waiting here while the first
                // released it could never give it back.
                let dict = LOADED[i].get_or_init(|| {
                    Arc::new(
                        boggle::engine::compiled::load(bytes).expect("the built-in lists load"),
                    )
                });
                return Ok(Arc::clone(dict));
            }
            None => return Err(cannot_read(name, &e)),
        },
    };
    let dict = py
        .allow_threads(|| boggle::engine::compiled::load(&bytes))
        .map_err(|e| PyValueError::new_err(format!("word list '{name}': {e}")))?;
    let stats = dict.stats();
    let mut notes: Vec<String> = stats
        .notes
        .iter()
        .map(|n| format!("word list '{name}': {n}"))
        .collect();
    if stats.too_long > stats.notes.len() {
        notes.push(format!(
            "word list '{name}': {} words in all are longer than any board can spell: skipped",
            stats.too_long
        ));
    }
    for note in notes {
        let text = CString::new(note.replace('\0', " ")).expect("no NUL left");
        PyErr::warn(py, &py.get_type::<PyUserWarning>(), &text, 1)?;
    }
    Ok(Arc::new(dict))
}

/// Reads a word-list file, but never more than one byte over the size limit: a huge file is
/// refused by its size, and a device such as /dev/zero by the engine's check.
fn read_limited(name: &str, file: std::fs::File) -> PyResult<Vec<u8>> {
    let size = file.metadata().map_err(|e| cannot_read(name, &e))?.len();
    if size > MAX_LIST_BYTES as u64 {
        let why = DictionaryError::TooBig(size.try_into().unwrap_or(usize::MAX));
        return Err(PyValueError::new_err(format!("word list '{name}': {why}")));
    }
    let mut bytes = Vec::new();
    file.take(MAX_LIST_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot_read(name, &e))?;
    Ok(bytes)
}

fn cannot_read(name: &str, e: &io::Error) -> PyErr {
    let why = match e.kind() {
        io::ErrorKind::NotFound => "no such file".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    };
    PyValueError::new_err(format!("cannot read word list '{name}': {why}"))
}
