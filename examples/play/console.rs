//! Line-based terminal input and output.

use std::io::{self, BufRead, Write};

/// Reads answers line by line and writes prompts and boards.
pub struct Console {
    input: Box<dyn BufRead>,
    output: Box<dyn Write>,
}

impl Console {
    /// The process's standard input and output.
    pub fn stdio() -> Console {
        Console {
            input: Box::new(io::BufReader::new(io::stdin())),
            output: Box::new(io::stdout()),
        }
    }

    /// Writes `text` as it is.
    pub fn say(&mut self, text: &str) {
        // A closed terminal is not worth a panic: the next read ends the session.
        let _ = self.output.write_all(text.as_bytes());
        let _ = self.output.flush();
    }

    /// Shows `prompt` and reads one line, trimmed; `None` at end of input.
    pub fn ask(&mut self, prompt: &str) -> Option<String> {
        self.say(prompt);
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                self.say("\n");
                None
            }
            Ok(_) => Some(line.trim().to_owned()),
        }
    }
}
