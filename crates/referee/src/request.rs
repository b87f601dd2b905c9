//! Reading and checking one request line.

use serde_json::{Map, Value};

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

impl Request {
    /// Reads a line into a request, or says what is wrong with it.
    pub fn parse(line: &str) -> Result<Request, String> {
        let value: Value =
            serde_json::from_str(line).map_err(|e| format!("malformed JSON: {e}"))?;
        let Value::Object(fields) = value else {
            return Err("a request must be a JSON object".into());
        };
        let op = match fields.get("op") {
            None | Some(Value::Null) => "state".to_owned(),
            Some(Value::String(op)) => op.clone(),
            Some(other) => return Err(format!("\"op\" must be a string, got {other}")),
        };
        let game = match fields.get("game") {
            Some(Value::String(game)) => game.clone(),
            None | Some(Value::Null) => return Err("missing \"game\"".into()),
            Some(other) => return Err(format!("\"game\" must be a string, got {other}")),
        };
        let options = match fields.get("options") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(options)) => options.clone(),
            Some(other) => return Err(format!("\"options\" must be an object, got {other}")),
        };
        let moves = match fields.get("moves") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(i, m)| match m {
                    Value::String(s) => Ok(s.clone()),
                    other => Err(format!("move {i} must be a string, got {other}")),
                })
                .collect::<Result<_, _>>()?,
            Some(other) => return Err(format!("\"moves\" must be an array, got {other}")),
        };
        Ok(Request {
            op,
            game,
            options,
            moves,
            fields,
        })
    }

    /// A non-negative integer field, or `default` when absent.
    pub fn uint(&self, name: &str, default: Option<u64>) -> Result<u64, String> {
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
