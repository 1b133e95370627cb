//! `shogi-variants serve`: a web board for every variant, served by the binary itself.
//!
//! The page (`assets/`) is embedded and holds no rule logic: it draws what the JSON API of
//! [`api`] reports (board, hands, legal moves split by origin, effects, result, the engine's
//! reply), and sends moves back as USI text. The server binds loopback unless told otherwise.

pub mod api;
pub mod assets;
pub mod board;
pub mod game;
pub mod glyphs;
pub mod limits;
pub mod store;

use api::{App, AppState};
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use store::Store;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub host: String,
    pub port: u16,
    /// Games held at once.
    pub max_games: usize,
    /// A game without a request for this long is dropped.
    pub idle: Duration,
    /// Engine searches running at once (more wait their turn).
    pub searches: usize,
    /// Transposition table per engine search, in MB.
    pub hash_mb: usize,
    /// Connections served at once; more wait in the listen queue until one closes.
    pub max_connections: usize,
    /// A connection that has not sent a whole request head within this time is closed
    /// (also an idle kept-alive one).
    pub header_timeout: Duration,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            host: "127.0.0.1".to_string(),
            port: 8080,
            max_games: limits::DEFAULT_MAX_GAMES,
            idle: Duration::from_secs(limits::DEFAULT_IDLE_MINUTES * 60),
            searches: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1),
            hash_mb: limits::GAME_HASH_MB,
            max_connections: limits::DEFAULT_MAX_CONNECTIONS,
            header_timeout: Duration::from_secs(limits::DEFAULT_HEADER_TIMEOUT_SECS),
        }
    }
}

/// A failure to start serving.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: String,
        source: std::io::Error,
    },
    #[error("serve: {0}")]
    Io(#[from] std::io::Error),
}

/// The routes, with the shared state. With `loopback_only_hosts`, requests naming another
/// host are refused: a web page elsewhere cannot reach a loopback board by pointing its own
/// domain name at 127.0.0.1 (DNS rebinding).
pub fn router(app: AppState, loopback_only_hosts: bool) -> Router {
    let r = Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/variants", get(api::list_variants))
        .route("/api/variants/{id}", get(api::variant))
        .route("/api/games", post(api::create))
        .route("/api/games/{game}", get(api::show).delete(api::remove))
        .route("/api/games/{game}/move", post(api::play))
        .route("/api/games/{game}/undo", post(api::undo))
        .route("/api/games/{game}/engine", post(api::think))
        .route("/api/games/{game}/record", get(api::record))
        .route("/api/games/{game}/analyse", post(api::analyse))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(limits::MAX_BODY_BYTES));
    let r = if loopback_only_hosts {
        r.layer(axum::middleware::from_fn(api::loopback_host))
    } else {
        r
    };
    r.with_state(app)
}

/// The shared state for `opts`.
pub fn app(opts: &ServeOptions) -> AppState {
    Arc::new(App {
        store: Store::new(opts.max_games.max(1), opts.idle),
        searches: Arc::new(Semaphore::new(opts.searches.max(1))),
        hash_mb: opts.hash_mb,
        max_connections: opts.max_connections.max(1),
        header_timeout: opts.header_timeout,
    })
}

/// Binds `opts.host:opts.port` (port 0: any free port).
pub async fn bind(opts: &ServeOptions) -> Result<TcpListener, ServeError> {
    let addr = format!("{}:{}", opts.host, opts.port);
    TcpListener::bind((opts.host.as_str(), opts.port))
        .await
        .map_err(|source| ServeError::Bind { addr, source })
}

/// Serves on `listener` until the process ends, dropping idle games as they expire.
pub async fn serve_on(listener: TcpListener, app: AppState) -> Result<(), ServeError> {
    let sweeper = app.clone();
    let every =
        (sweeper.store.idle() / 4).clamp(Duration::from_millis(50), Duration::from_secs(30));
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        loop {
            tick.tick().await;
            sweeper.store.expire();
        }
    });
    let loopback = listener.local_addr()?.ip().is_loopback();
    let slots = Arc::new(Semaphore::new(app.max_connections));
    let header_timeout = app.header_timeout;
    let service = hyper_util::service::TowerToHyperService::new(router(app, loopback));
    loop {
        // A slot first: beyond the bound, connections wait in the kernel's listen queue.
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return Ok(());
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors and the like: wait instead of spinning.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = service.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            // A client that goes away or times out ends its connection only.
            let _ = conn.await;
        });
    }
}

/// Starts a server on a runtime of its own thread and returns its address: for tests and
/// tools that want a board without the command line.
pub fn spawn(opts: ServeOptions) -> Result<SocketAddr, ServeError> {
    let rt = runtime()?;
    let listener = rt.block_on(bind(&opts))?;
    let addr = listener.local_addr()?;
    let app = app(&opts);
    std::thread::spawn(move || {
        // Errors after the bind (none are expected) end the server thread only.
        let _ = rt.block_on(serve_on(listener, app));
    });
    Ok(addr)
}

fn runtime() -> Result<tokio::runtime::Runtime, ServeError> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_io()
        .enable_time()
        .build()?)
}

/// `shogi-variants serve`: binds, prints the address to `out`, and serves until killed.
pub fn run(opts: ServeOptions, out: &mut dyn Write) -> Result<(), ServeError> {
    let rt = runtime()?;
    rt.block_on(async {
        let listener = bind(&opts).await?;
        let addr = listener.local_addr()?;
        writeln!(
            out,
            "shogi-variants serve: open http://{addr}/ in a browser (Ctrl-C stops)"
        )?;
        if !addr.ip().is_loopback() {
            writeln!(
                out,
                "warning: listening on {} - other machines can reach this board",
                addr.ip()
            )?;
        }
        out.flush()?;
        serve_on(listener, app(&opts)).await
    })
}
