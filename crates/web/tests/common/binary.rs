//! The server binary as a child process, for the tests and the load tests: started on a free
//! loopback port, its address read from the first line it prints.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

/// Starts `command` (the server binary and its arguments; `--port 0 --exit-on-stdin-eof` are
/// added, so the server stops when the returned child's standard input closes) and answers
/// the child with the address it serves.
pub fn spawn(mut command: Command) -> (Child, SocketAddr) {
    let mut child = command
        .args(["--port", "0", "--exit-on-stdin-eof"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {:?}: {e}", command.get_program()));
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("its output"))
        .read_line(&mut line)
        .expect("its address");
    let addr = line
        .trim()
        .trim_start_matches("http://")
        .parse()
        .unwrap_or_else(|e| panic!("not an address ({e}): {line:?}"));
    (child, addr)
}
