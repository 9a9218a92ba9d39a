//! Python values to and from JSON values, so options reach the engine through its own serde
//! names and defaults, and the engine's statistics reach Python under the names it gives them.

use boggle::engine::grouped;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use pyo3::IntoPyObjectExt;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

/// A Python value (None, bool, int, float, str, list, tuple, dict with str keys) as JSON.
pub fn to_json(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    // bool before int: Python's bool is a subclass of int.
    if let Ok(b) = obj.downcast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(v) = obj.extract::<u64>() {
            return Ok(Value::from(v));
        }
        if let Ok(v) = obj.extract::<i64>() {
            return Ok(Value::from(v));
        }
        return Err(PyValueError::new_err(format!("{obj} is too large")));
    }
    if obj.is_instance_of::<PyFloat>() {
        let v: f64 = obj.extract()?;
        return serde_json::Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| PyValueError::new_err(format!("{v}: give a finite number")));
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        return Ok(Value::String(s.to_cow()?.into_owned()));
    }
    if let Ok(l) = obj.downcast::<PyList>() {
        return l
            .iter()
            .map(|v| to_json(&v))
            .collect::<PyResult<_>>()
            .map(Value::Array);
    }
    if let Ok(t) = obj.downcast::<PyTuple>() {
        return t
            .iter()
            .map(|v| to_json(&v))
            .collect::<PyResult<_>>()
            .map(Value::Array);
    }
    if let Ok(d) = obj.downcast::<PyDict>() {
        let mut map = Map::new();
        for (k, v) in d.iter() {
            let key: String = k
                .extract()
                .map_err(|_| PyValueError::new_err("option names must be strings"))?;
            map.insert(key, to_json(&v)?);
        }
        return Ok(Value::Object(map));
    }
    // NumPy's numbers (and any other int-like or float-like value): as the Python int or
    // float they stand for, so `seed=np.int64(5)` works as `seed=5` does.
    if obj.hasattr("__index__")? {
        let int = obj.py().import("operator")?.call_method1("index", (obj,))?;
        return to_json(&int);
    }
    if obj.hasattr("__float__")? {
        return to_json(&obj.call_method0("__float__")?);
    }
    Err(PyValueError::new_err(format!(
        "{}: an option value must be None, a bool, a number, a string, a list or a dict",
        obj.get_type().name()?
    )))
}

/// A JSON value as the matching Python value (objects become dicts).
pub fn to_py(py: Python<'_>, v: &Value) -> PyResult<PyObject> {
    Ok(match v {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_py_any(py)?,
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                u.into_py_any(py)?
            } else if let Some(i) = n.as_i64() {
                i.into_py_any(py)?
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_py_any(py)?
            }
        }
        Value::String(s) => s.into_py_any(py)?,
        Value::Array(a) => {
            let items = a
                .iter()
                .map(|x| to_py(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any().unbind()
        }
        Value::Object(m) => {
            let d = PyDict::new(py);
            for (k, x) in m {
                d.set_item(k, to_py(py, x)?)?;
            }
            d.into_any().unbind()
        }
    })
}

/// Any serializable engine value (statistics, progress, records) as Python values.
pub fn value_to_py<T: Serialize>(py: Python<'_>, v: &T) -> PyResult<PyObject> {
    let json = serde_json::to_value(v).map_err(crate::engine_error)?;
    to_py(py, &json)
}

/// An engine options struct from Python keyword arguments by its serde names: the struct's
/// `Default` fills what is not given, and a name the struct does not have is refused with the
/// list of those it has (serde alone would ignore it). A value the struct cannot take is
/// refused with its option's name.
pub fn options<T: Serialize + DeserializeOwned + Default>(
    what: &str,
    kwargs: Option<&Bound<'_, PyDict>>,
    arguments: &[&str],
) -> PyResult<T> {
    let defaults = match serde_json::to_value(T::default()) {
        Ok(Value::Object(m)) => m,
        _ => return Err(PyValueError::new_err(format!("{what}: no options"))),
    };
    let mut given = Vec::new();
    if let Some(kwargs) = kwargs {
        for (k, v) in kwargs.iter() {
            let key: String = k.extract()?;
            if !defaults.contains_key(&key) {
                let names: Vec<&str> = defaults.keys().map(String::as_str).collect();
                let guess = closest(&key, names.iter().chain(arguments).copied())
                    .map_or(String::new(), |n| format!(" (did you mean {n}?)"));
                return Err(PyValueError::new_err(format!(
                    "{what}: unknown option '{key}'{guess}: the options are {}",
                    names.join(", ")
                )));
            }
            let value = to_json(&v).map_err(|e| {
                PyValueError::new_err(format!("{what}: {key}: {}", e.value(v.py())))
            })?;
            given.push((key, value));
        }
    }
    let with = |given: &[(String, Value)]| {
        let mut m = defaults.clone();
        m.extend(given.iter().cloned());
        serde_json::from_value::<T>(Value::Object(m))
    };
    with(&given).map_err(|e| {
        // Name the first option that cannot be read on its own, if one is to blame.
        let named = given
            .iter()
            .find_map(|g| with(std::slice::from_ref(g)).err().map(|e| (g, e)));
        match named {
            // A value of the wrong kind (text for a number) is a TypeError, as for any argument.
            Some(((key, _), e)) if e.to_string().starts_with("invalid type") => {
                PyTypeError::new_err(format!("{what}: {key}{}", serde_words(&e)))
            }
            Some(((key, _), e)) => {
                PyValueError::new_err(format!("{what}: {key}{}", serde_words(&e)))
            }
            None => PyValueError::new_err(format!("{what}: {e}")),
        }
    })
}

/// A serde error about one value, to follow its option's name, in words for the user: serde's
/// "expected u32" becomes the range of whole numbers the option takes (or "a whole number" when
/// the value was of another kind, "cannot be negative" for a negative one), "expected f64" "a
/// number", and an unknown choice the choices.
fn serde_words(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let expected = text.rsplit_once("expected ").map_or("", |(_, x)| x);
    let wrong_kind = text.starts_with("invalid type");
    if text.starts_with("unknown variant") {
        return format!(" must be {}", expected.replace('`', ""));
    }
    match expected {
        "f32" | "f64" => return " must be a number".into(),
        "a boolean" => return " must be True or False".into(),
        "u8" | "u16" | "u32" | "u64" | "usize" if wrong_kind => {
            return " must be a whole number".into()
        }
        _ => {}
    }
    // A negative number for a whole-number option: its range would name the type's 0, where
    // the option may need more (memory_mb takes at least 16).
    if text.starts_with("invalid value: integer `-") {
        return " cannot be negative".into();
    }
    let most = [
        ("expected u8", u64::from(u8::MAX)),
        ("expected u16", u64::from(u16::MAX)),
        ("expected u32", u64::from(u32::MAX)),
        ("expected u64", u64::MAX),
        ("expected usize", usize::MAX as u64),
    ]
    .into_iter()
    .find(|(tail, _)| text.ends_with(tail));
    match most {
        // Too large (a negative number was said above): only the top of the range is sure,
        // since an option may start above the type's 0 (memory_mb at 16).
        Some((_, most)) => format!(" must be a whole number, at most {}", grouped(most)),
        None => format!(": {text}"),
    }
}

/// The names and defaults of an options struct, as a dict.
pub fn defaults<T: Serialize + Default>(py: Python<'_>) -> PyResult<PyObject> {
    value_to_py(py, &T::default())
}

/// The name among `names` that `key` was most likely meant to be: the same but for case,
/// underscores and hyphens, or at most two letters away; None when nothing is that close.
fn closest<'a>(key: &str, names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let plain = |s: &str| -> String {
        s.chars()
            .filter(|c| *c != '_' && *c != '-')
            .flat_map(char::to_lowercase)
            .collect()
    };
    let key = plain(key);
    names
        .map(|n| (strsim::levenshtein(&key, &plain(n)), n))
        .filter(|&(d, _)| d <= 2)
        .min_by_key(|&(d, _)| d)
        .map(|(_, n)| n)
}
