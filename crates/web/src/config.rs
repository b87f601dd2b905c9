//! How the server is set up: its search workers and queue, and the largest request body.
//! It uses nothing of the crate, so that the router (the crate root) and the handlers and
//! errors that quote the limit all build on it.

/// The largest request body, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

/// How the server runs its searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Searches running at once.
    pub workers: usize,
    /// Searches waiting for a worker; past them a search request gets `503`.
    pub queue: usize,
}

impl Default for Config {
    /// As many workers as cores, and a queue of 32.
    fn default() -> Config {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Config {
            workers: cores,
            queue: 32,
        }
    }
}
