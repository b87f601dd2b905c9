//! `boardgames-web`: serves the page and the API (see the crate's `API.md`).

#![forbid(unsafe_code)]

use boardgames_web::{listen, serve, Config, FriendConfig, SyncMode};
use clap::Parser;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
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
    /// The folder of the friend games' database (friends.sqlite), created when missing
    /// [default: $XDG_DATA_HOME/boardgames/web, or ~/.local/share/boardgames/web].
    #[arg(long)]
    data_dir: Option<PathBuf>,
    /// The friend games' database file itself (instead of the one in --data-dir).
    #[arg(long, conflicts_with = "data_dir")]
    db: Option<PathBuf>,
    /// What a friend game's move waits for before it is answered: `normal`, written to the
    /// database's log (it survives a crash or kill -9 of the server, not a power cut), or
    /// `full`, synced to the disk too (it survives a power cut; each move waits for the disk).
    #[arg(long, value_enum, default_value_t = SyncFlag::Normal)]
    sync: SyncFlag,
    /// Friend games going on that one client address may have created.
    #[arg(long, default_value_t = FriendConfig::default().games_per_client)]
    friend_games_per_client: u64,
    /// Friend games going on in all.
    #[arg(long, default_value_t = FriendConfig::default().games)]
    friend_games: u64,
    /// Seconds after which a friend game whose side to move has not moved ends (that side
    /// loses on time).
    #[arg(long, default_value_t = FriendConfig::default().idle.as_secs())]
    friend_idle_secs: u64,
    /// Seconds a finished friend game is kept before it is deleted.
    #[arg(long, default_value_t = FriendConfig::default().keep.as_secs())]
    friend_keep_secs: u64,
    /// Milliseconds between two sweeps (ending games on time, deleting old ones).
    #[arg(long, default_value_t = 1_000, value_parser = clap::value_parser!(u64).range(10..))]
    friend_sweep_ms: u64,
}

/// `--sync`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum SyncFlag {
    Normal,
    Full,
}

/// The friend games' settings of the command line.
fn friend_config(args: &Args) -> std::io::Result<FriendConfig> {
    let db = match (&args.db, &args.data_dir) {
        (Some(file), _) => file.clone(),
        (None, Some(folder)) => folder.join("friends.sqlite"),
        (None, None) => default_data_dir()?.join("friends.sqlite"),
    };
    Ok(FriendConfig {
        db: Some(db),
        sync: match args.sync {
            SyncFlag::Normal => SyncMode::Normal,
            SyncFlag::Full => SyncMode::Full,
        },
        games_per_client: args.friend_games_per_client,
        games: args.friend_games,
        idle: Duration::from_secs(args.friend_idle_secs),
        keep: Duration::from_secs(args.friend_keep_secs),
        sweep: Duration::from_millis(args.friend_sweep_ms),
    })
}

/// `$XDG_DATA_HOME/boardgames/web`, or `~/.local/share/boardgames/web`.
fn default_data_dir() -> std::io::Result<PathBuf> {
    let base = match std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        Some(data) => PathBuf::from(data),
        None => match std::env::var_os("HOME").filter(|v| !v.is_empty()) {
            Some(home) => PathBuf::from(home).join(".local").join("share"),
            None => {
                return Err(std::io::Error::other(
                    "neither XDG_DATA_HOME nor HOME is set: give --data-dir or --db",
                ))
            }
        },
    };
    Ok(base.join("boardgames").join("web"))
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
    config.friend = friend_config(&args)?;
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
