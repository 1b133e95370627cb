//! Bounds on what hostile or mistaken input may make the front ends (USI server, CLI) allocate
//! or compute. Each limit is reported with a clear message; none ends the USI server.

use std::io::{self, BufRead};

/// Longest USI input line, in bytes (newline excluded). A `position` command with the longest
/// accepted move list (5 to 7 bytes a move) fits well within it.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Most moves accepted after a position (`position ... moves`, the CLI's `--moves`).
pub const MAX_MOVES: usize = 4096;

/// Largest `USI_Hash`, in megabytes; larger requests are clamped to it. The table is filled
/// when allocated, so this bounds the memory a GUI can make the server commit.
pub const MAX_HASH_MB: usize = 4096;

/// A move list longer than [`MAX_MOVES`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0} moves given; at most {MAX_MOVES} moves are accepted after a position")]
pub struct TooManyMoves(pub usize);

/// Checks the length of a move list against [`MAX_MOVES`].
pub fn check_moves(count: usize) -> Result<(), TooManyMoves> {
    if count > MAX_MOVES {
        Err(TooManyMoves(count))
    } else {
        Ok(())
    }
}

/// One line read by [`read_line`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// The line, without its `\n` or `\r\n`.
    Text(String),
    /// A line longer than the limit: its length in bytes; its text was discarded unread.
    TooLong(usize),
    /// A line that is not UTF-8 (discarded).
    NotUtf8,
}

/// Reads one line of at most `max` bytes; `None` at the end of input. A longer line is read to
/// its end without being stored, so memory stays bounded by `max` whatever the input.
pub fn read_line<R: BufRead>(input: &mut R, max: usize) -> io::Result<Option<Line>> {
    let mut buf: Vec<u8> = Vec::new();
    let mut len = 0usize;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        len = len.saturating_add(part.len());
        if len <= max.saturating_add(1) {
            // One byte past `max` is kept: it may be the `\r` of a `\r\n` ending.
            buf.extend_from_slice(part);
        }
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if buf.last() == Some(&b'\r') && len <= max.saturating_add(1) {
        buf.pop();
        len -= 1;
    }
    if len > max {
        return Ok(Some(Line::TooLong(len)));
    }
    Ok(Some(match String::from_utf8(buf) {
        Ok(s) => Line::Text(s),
        Err(_) => Line::NotUtf8,
    }))
}
