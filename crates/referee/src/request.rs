//! Reading and checking one request line.

use serde_json::{Map, Value};

/// The fields every request may carry.
const COMMON_FIELDS: [&str; 4] = ["op", "game", "options", "moves"];

/// The fields of each operation besides the common ones, or `None` for an unknown operation
/// (which `ops::serve` reports with the list of operations). A field an operation reads must
/// be listed here, or requests carrying it are refused (debug builds assert it on every read).
fn op_fields(op: &str) -> Option<&'static [&'static str]> {
    match op {
        "state" => Some(&[]),
        "perft" => Some(&["depth"]),
        "playouts" => Some(&["count", "seed", "max_plies"]),
        "record" => Some(&["text"]),
        "match" => Some(&["actions"]),
        "search" => Some(&[
            "depth",
            "nodes",
            "millis",
            "simulations",
            "engine",
            "threads",
        ]),
        _ => None,
    }
}

/// Rejects the first field the operation does not read: a typo such as `"Depth"` must not
/// silently do nothing.
fn check_fields(op: &str, fields: &Map<String, Value>) -> Result<(), String> {
    let Some(own) = op_fields(op) else {
        return Ok(());
    };
    match fields
        .keys()
        .find(|key| !COMMON_FIELDS.contains(&key.as_str()) && !own.contains(&key.as_str()))
    {
        None => Ok(()),
        Some(key) => {
            let mut known: Vec<&str> = COMMON_FIELDS.to_vec();
            known.extend_from_slice(own);
            Err(format!(
                "unknown field {key:?} in a {op:?} request: the fields are {}",
                known.join(", ")
            ))
        }
    }
}

/// A request, checked for shape: the fields every operation shares.
pub struct Request {
    /// `state`, `perft`, `playouts` or `search`.
    pub op: String,
    /// The game's name.
    pub game: String,
    /// The game's options (empty when absent).
    pub options: Map<String, Value>,
    /// The moves played from the start, in notation.
    pub moves: Vec<String>,
    /// The whole request, for the operation's own fields.
    pub fields: Map<String, Value>,
}

/// What is wrong with a request line: the reason, and the index of the bad move when a move
/// is not even a string (the answer then carries `"ply"`, like an illegal move's).
#[derive(Debug, Clone, PartialEq)]
pub struct RequestError {
    /// The reason, for the answer's `"error"`.
    pub message: String,
    /// The 0-based index of the bad move, when a move is at fault.
    pub ply: Option<usize>,
}

impl From<String> for RequestError {
    fn from(message: String) -> Self {
        RequestError { message, ply: None }
    }
}

impl From<&str> for RequestError {
    fn from(message: &str) -> Self {
        RequestError::from(message.to_owned())
    }
}

impl Request {
    /// Reads a line into a request, or says what is wrong with it.
    pub fn parse(line: &str) -> Result<Request, RequestError> {
        let value: Value =
            serde_json::from_str(line).map_err(|e| format!("malformed JSON: {e}"))?;
        let Value::Object(fields) = value else {
            return Err("a request must be a JSON object".into());
        };
        let op = match fields.get("op") {
            None | Some(Value::Null) => "state".to_owned(),
            Some(Value::String(op)) => op.clone(),
            Some(other) => return Err(format!("\"op\" must be a string, got {other}").into()),
        };
        check_fields(&op, &fields)?;
        let game = match fields.get("game") {
            Some(Value::String(game)) => game.clone(),
            None | Some(Value::Null) => return Err("missing \"game\"".into()),
            Some(other) => return Err(format!("\"game\" must be a string, got {other}").into()),
        };
        let options = match fields.get("options") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(options)) => options.clone(),
            Some(other) => return Err(format!("\"options\" must be an object, got {other}").into()),
        };
        let moves = moves(fields.get("moves"))?;
        Ok(Request {
            op,
            game,
            options,
            moves,
            fields,
        })
    }

    /// A string field, or `default` when absent.
    pub fn text<'a>(&'a self, name: &str, default: &'a str) -> Result<&'a str, String> {
        debug_assert!(
            op_fields(&self.op).is_some_and(|own| own.contains(&name)),
            "{name:?} is read by {:?} but not listed in op_fields",
            self.op
        );
        match self.fields.get(name) {
            None | Some(Value::Null) => Ok(default),
            Some(Value::String(text)) => Ok(text),
            Some(v) => Err(format!("\"{name}\" must be a string, got {v}")),
        }
    }

    /// A non-negative integer field, or `default` when absent.
    pub fn uint(&self, name: &str, default: Option<u64>) -> Result<u64, String> {
        debug_assert!(
            op_fields(&self.op).is_some_and(|own| own.contains(&name)),
            "{name:?} is read by {:?} but not listed in op_fields",
            self.op
        );
        match self.fields.get(name) {
            None | Some(Value::Null) => {
                default.ok_or_else(|| format!("\"{}\" needs \"{name}\"", self.op))
            }
            Some(v) => v
                .as_u64()
                .ok_or_else(|| format!("\"{name}\" must be a non-negative integer, got {v}")),
        }
    }
}

/// The `moves` field: an array of strings (absent or `null` is no move).
fn moves(field: Option<&Value>) -> Result<Vec<String>, RequestError> {
    match field {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, m)| match m {
                Value::String(s) => Ok(s.clone()),
                other => Err(RequestError {
                    message: format!("move {i} must be a string, got {other}"),
                    ply: Some(i),
                }),
            })
            .collect(),
        Some(other) => Err(format!("\"moves\" must be an array, got {other}").into()),
    }
}
