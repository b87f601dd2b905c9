//! Python keyword options as the referee's JSON options: one parser per game, shared.

use crate::errors::{Error, Result};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

/// The keyword options of a call as a JSON object (`None` as no options).
pub fn from_kwargs(kwargs: Option<&Bound<'_, PyDict>>) -> Result<Map<String, Value>> {
    let mut map = Map::new();
    if let Some(kwargs) = kwargs {
        for (key, value) in kwargs.iter() {
            let key: String = key
                .extract()
                .map_err(|_| Error::Option("option names must be strings".into()))?;
            let value = to_json(&value).map_err(|e| match e {
                Error::Option(m) => Error::Option(format!("option {key:?}: {m}")),
                other => other,
            })?;
            map.insert(key, value);
        }
    }
    Ok(map)
}

/// A Python value as JSON: None, bool, int, float, str, and lists, tuples and dicts of them.
fn to_json(value: &Bound<'_, PyAny>) -> Result<Value> {
    if value.is_none() {
        Ok(Value::Null)
    } else if value.is_instance_of::<PyBool>() {
        Ok(Value::Bool(value.extract().unwrap_or(false)))
    } else if value.is_instance_of::<PyInt>() {
        if let Ok(n) = value.extract::<u64>() {
            Ok(Value::from(n))
        } else if let Ok(n) = value.extract::<i64>() {
            Ok(Value::from(n))
        } else {
            Err(Error::Option(format!("the integer {value} is too large")))
        }
    } else if value.is_instance_of::<PyFloat>() {
        let x: f64 = value.extract().unwrap_or(f64::NAN);
        Number::from_f64(x)
            .map(Value::Number)
            .ok_or_else(|| Error::Option(format!("{x} is not a finite number")))
    } else if value.is_instance_of::<PyString>() {
        Ok(Value::String(value.extract().unwrap_or_default()))
    } else if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let items: Vec<Bound<'_, PyAny>> = value
            .try_iter()
            .and_then(|it| it.collect())
            .map_err(|e| Error::Option(e.to_string()))?;
        items
            .iter()
            .map(to_json)
            .collect::<Result<Vec<_>>>()
            .map(Value::Array)
    } else if let Ok(dict) = value.cast::<PyDict>() {
        from_kwargs(Some(dict)).map(Value::Object)
    } else {
        let type_name = value
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_else(|_| "?".into());
        Err(Error::Option(format!(
            "a value of type {type_name} is not an option value (use None, bool, int, float, str, list or dict)"
        )))
    }
}

/// A JSON value as a Python object (for pickling a state's options).
pub fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let items = items
                .iter()
                .map(|v| to_python(py, v))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(map) => dict(py, map)?.into_any(),
    })
}

/// A JSON object as a Python dict.
pub fn dict<'py>(py: Python<'py>, map: &Map<String, Value>) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (key, value) in map {
        dict.set_item(key, to_python(py, value)?)?;
    }
    Ok(dict)
}
