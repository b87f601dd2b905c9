//! `boardgames-web`: serves the page and the API (see the crate's `API.md`).

#![forbid(unsafe_code)]

use boardgames_web::{listen, serve, Config};
use clap::Parser;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;
use tokio::io::AsyncReadExt;

/// Play every game in the browser.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The address to listen on. Only loopback by default: use 0.0.0.0 on a trusted network
    /// only (or put a reverse proxy with TLS in front).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// The port; 0 picks a free one (the address printed says which).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Searches running at once [default: the number of cores].
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    workers: Option<u16>,
    /// Searches waiting for a worker; more get 503.
    #[arg(long, default_value_t = 32)]
    queue: usize,
    /// The longest a search waits in the queue, in milliseconds: a search expected to wait
    /// longer gets 503 at once, one that has waited this long gets 503 then.
    #[arg(long, default_value_t = boardgames_web::MAX_WAIT.as_millis() as u64)]
    max_wait_ms: u64,
    /// The time a client has to send a request's headers, in milliseconds (also how long a
    /// kept-alive connection may stay idle).
    #[arg(long, default_value_t = boardgames_web::HEADER_TIMEOUT.as_millis() as u64)]
    header_timeout_ms: u64,
    /// The time a client has to send a request's body, in milliseconds; past it 408.
    #[arg(long, default_value_t = boardgames_web::BODY_TIMEOUT.as_millis() as u64)]
    body_timeout_ms: u64,
    /// The most connections open at once (the open-file limit is raised for them as far as
    /// the hard limit allows, else the cap is lowered to it less 64); at the cap a new
    /// connection replaces the oldest one open half a second or more with no request in flight.
    #[arg(long, default_value_t = boardgames_web::MAX_CONNECTIONS)]
    max_connections: usize,
    /// Stop when standard input closes (for servers started by tests and scripts).
    #[arg(long)]
    exit_on_stdin_eof: bool,
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let args = Args::parse();
    let mut config = Config::default();
    if let Some(workers) = args.workers {
        config.workers = usize::from(workers);
    }
    config.queue = args.queue;
    config.max_wait = Duration::from_millis(args.max_wait_ms);
    config.header_timeout = Duration::from_millis(args.header_timeout_ms.max(1));
    config.body_timeout = Duration::from_millis(args.body_timeout_ms.max(1));
    config.max_connections = args.max_connections;
    let listener = listen(SocketAddr::new(args.bind, args.port))?;
    let address = listener.local_addr()?;
    // The signal handlers are in place before the address is printed: a script that reads the
    // address and then sends SIGTERM must find the graceful stop, not the default action.
    let signals = Signals::install()?;
    // The first line of output is the address: scripts and tests read it.
    println!("http://{address}");
    serve(listener, &config, shutdown(signals, args.exit_on_stdin_eof)).await
}

/// Completes on Ctrl-C, on SIGTERM, or when standard input closes if `on_eof`.
async fn shutdown(signals: Signals, on_eof: bool) {
    let stdin_closed = async move {
        if !on_eof {
            return std::future::pending::<()>().await;
        }
        let mut stdin = tokio::io::stdin();
        let mut buffer = [0u8; 256];
        while matches!(stdin.read(&mut buffer).await, Ok(n) if n > 0) {}
    };
    tokio::select! {
        _ = signals.received() => {}
        _ = stdin_closed => {}
    }
    eprintln!("boardgames-web: shutting down");
}

/// The stop signals, registered with the runtime as soon as they are created.
#[cfg(unix)]
struct Signals {
    interrupt: tokio::signal::unix::Signal,
    terminate: tokio::signal::unix::Signal,
}

#[cfg(unix)]
impl Signals {
    fn install() -> std::io::Result<Signals> {
        use tokio::signal::unix::{signal, SignalKind};
        Ok(Signals {
            interrupt: signal(SignalKind::interrupt())?,
            terminate: signal(SignalKind::terminate())?,
        })
    }

    /// Completes at the first SIGINT or SIGTERM.
    async fn received(mut self) {
        tokio::select! {
            _ = self.interrupt.recv() => {}
            _ = self.terminate.recv() => {}
        }
    }
}

/// Elsewhere, Ctrl-C only.
#[cfg(not(unix))]
struct Signals;

#[cfg(not(unix))]
impl Signals {
    fn install() -> std::io::Result<Signals> {
        Ok(Signals)
    }

    async fn received(self) {
        let _ = tokio::signal::ctrl_c().await;
    }
}
