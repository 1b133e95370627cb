//! Every documented shogi variant as a `variant!` rule set, the registry of variant ids, and
//! the pieces of the command-line and USI front ends.

pub mod analyse;
pub mod board_text;
pub mod cli;
pub mod engine;
pub mod limits;
pub mod match_runner;
pub mod perft_split;
pub mod play;
pub mod progress;
pub mod records;
pub mod registry;
pub mod selfplay;
pub mod serve;
pub mod sprt;
pub mod tune;
pub mod usi_client;
pub mod usi_go;
pub mod usi_server;
pub mod usi_session;
pub mod variants;

pub use shogi_core;
