//! Input bounds of `limits.rs`: bounded line reading and the move-list limit (moved from the
//! unit tests, so the library is not compiled a second time as a test harness).

use shogi_variants::limits::{check_moves, read_line, Line, MAX_MOVES};
use std::io;

fn lines(input: &[u8], max: usize) -> Vec<Line> {
    // A tiny buffer makes lines span several `fill_buf` chunks.
    let mut r = io::BufReader::with_capacity(3, input);
    let mut out = Vec::new();
    while let Some(l) = read_line(&mut r, max).unwrap() {
        out.push(l);
    }
    out
}

fn text(s: &str) -> Line {
    Line::Text(s.to_string())
}

#[test]
fn reads_lines_and_bounds_them() {
    assert_eq!(
        lines(b"usi\nisready\r\n\nquit", 10),
        vec![text("usi"), text("isready"), text(""), text("quit")]
    );
    assert_eq!(lines(b"", 10), vec![]);
    // Exactly `max` bytes, with either ending, is accepted; one more is not.
    assert_eq!(lines(b"0123456789\n", 10), vec![text("0123456789")]);
    assert_eq!(lines(b"0123456789\r\n", 10), vec![text("0123456789")]);
    assert_eq!(
        lines(b"0123456789a\nok\n", 10),
        vec![Line::TooLong(11), text("ok")]
    );
    assert_eq!(
        lines(b"0123456789ab\r\nok", 10),
        vec![Line::TooLong(13), text("ok")]
    );
    assert_eq!(
        lines(b"\xff\xfe\nok\n", 10),
        vec![Line::NotUtf8, text("ok")]
    );
}

#[test]
fn move_limit() {
    assert!(check_moves(MAX_MOVES).is_ok());
    let e = check_moves(MAX_MOVES + 1).unwrap_err();
    assert_eq!(
        e.to_string(),
        "4097 moves given; at most 4096 moves are accepted after a position"
    );
}
