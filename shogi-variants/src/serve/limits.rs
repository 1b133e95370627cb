//! Bounds on what a client may make the web server hold or compute.

/// Largest request body, in bytes: a game of the longest accepted move list fits.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// Longest SFEN accepted.
pub const MAX_SFEN_BYTES: usize = 1024;
/// Longest USI move text accepted (the longest real one, `5e5d5c+`, has 7).
pub const MAX_MOVE_BYTES: usize = 16;
/// Longest variant or game id accepted.
pub const MAX_ID_BYTES: usize = 64;
/// Games held at once by default.
pub const DEFAULT_MAX_GAMES: usize = 64;
/// Minutes without a request after which a game is dropped, by default.
pub const DEFAULT_IDLE_MINUTES: u64 = 30;
/// The engine's time per move when the request names none.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;
/// Longest engine time per move a request may ask for.
pub const MAX_MOVETIME_MS: u64 = 60_000;
/// Transposition table of each engine search, in MB (made for the move, dropped after it).
pub const GAME_HASH_MB: usize = 16;
/// Longest total search time an analysis request may ask for (its time per position times
/// the positions of the game), in milliseconds.
pub const MAX_ANALYSE_TOTAL_MS: u64 = 120_000;
/// The analysis' time per position when the request names none.
pub const DEFAULT_ANALYSE_MOVETIME_MS: u64 = 200;
/// Connections served at once by default.
pub const DEFAULT_MAX_CONNECTIONS: usize = 256;
/// Seconds a connection may take to send a request head (or idle between requests), by
/// default.
pub const DEFAULT_HEADER_TIMEOUT_SECS: u64 = 10;
