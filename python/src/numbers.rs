//! Whole-number arguments. pyo3's own conversion refuses a negative or huge int with "can't
//! convert negative int to unsigned", naming neither the argument nor what it takes; here any
//! int is accepted as given and the method checks it, so the message names both.

use boggle::engine::grouped;
use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;

/// A Python int (or anything with `__index__`, such as NumPy's integers) as given: its value
/// if it fits a `u64`, else its digits (negative or too large). Anything else, a bool
/// included, is refused with a `TypeError` that names the argument.
#[derive(Clone, Debug)]
pub struct Whole(Result<u64, String>);

impl<'py> FromPyObject<'py> for Whole {
    fn extract_bound(obj: &Bound<'py, PyAny>) -> PyResult<Self> {
        // A bool is an int to Python, but `threads=True` is a slip, not a count.
        if obj.is_instance_of::<pyo3::types::PyBool>() {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "a whole number is expected, not True or False",
            ));
        }
        match obj.extract::<u64>() {
            Ok(v) => Ok(Whole(Ok(v))),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                Ok(Whole(Err(obj.str()?.to_string())))
            }
            Err(e) => Err(e),
        }
    }
}

impl From<u64> for Whole {
    fn from(v: u64) -> Whole {
        Whole(Ok(v))
    }
}

impl std::fmt::Display for Whole {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Ok(v) => write!(f, "{v}"),
            Err(digits) => f.write_str(digits),
        }
    }
}

impl Whole {
    /// The value, if it fits a `u64` (None: negative or too large).
    pub fn value(&self) -> Option<u64> {
        self.0.as_ref().ok().copied()
    }

    /// The value of the argument `name`, if it lies from `min` to `max`; else a `ValueError`
    /// that gives the range.
    pub fn within(&self, name: &str, min: u64, max: u64) -> PyResult<u64> {
        match &self.0 {
            Ok(v) if (min..=max).contains(v) => Ok(*v),
            // Past every u64: "0 or more" would not say what is wrong with it.
            Err(digits) if !digits.starts_with('-') && max == u64::MAX => Err(
                PyValueError::new_err(format!("{name}: {digits} is too large")),
            ),
            // Negative where any whole number goes: worded as the options word it.
            Err(_) if min == 0 && max == u64::MAX => {
                Err(PyValueError::new_err(format!("{name} cannot be negative")))
            }
            _ => Err(PyValueError::new_err(format!(
                "{name} must be {}",
                range_words(min, max)
            ))),
        }
    }

    /// [`Whole::within`] up to `usize::MAX`.
    pub fn usize(&self, name: &str, min: usize, max: usize) -> PyResult<usize> {
        self.within(name, min as u64, max as u64)
            .map(|v| v as usize)
    }
}

/// The whole numbers from `min` to `max` in words, for a message: "a whole number from 1 to
/// 1,024", or "a whole number, 0 or more" when only the type bounds it.
pub fn range_words(min: u64, max: u64) -> String {
    match (min, max) {
        (0, u64::MAX) => "a whole number, 0 or more".into(),
        (_, u64::MAX) => format!("a whole number, at least {}", grouped(min)),
        _ => format!("a whole number from {} to {}", grouped(min), grouped(max)),
    }
}
