//! A USI server driven through pipes, as a GUI would (shared by the USI test files).

#![allow(dead_code)]

use shogi_variants::usi_server;
use std::io::{self, Write};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Collects the server's output line by line.
struct LineSink {
    buf: Vec<u8>,
    tx: Sender<String>,
}

impl Write for LineSink {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        while let Some(i) = self.buf.iter().position(|&b| b == b'\n') {
            let line = String::from_utf8_lossy(&self.buf[..i]).into_owned();
            self.buf.drain(..=i);
            let _ = self.tx.send(line);
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

pub struct Usi {
    input: Option<io::PipeWriter>,
    rx: Receiver<String>,
    server: Option<JoinHandle<io::Result<()>>>,
}

pub const TIMEOUT: Duration = Duration::from_secs(60);

impl Usi {
    pub fn start() -> Usi {
        let (reader, writer) = io::pipe().expect("pipe");
        let (tx, rx) = channel();
        let sink = LineSink {
            buf: Vec::new(),
            tx,
        };
        let server = std::thread::spawn(move || usi_server::run(io::BufReader::new(reader), sink));
        Usi {
            input: Some(writer),
            rx,
            server: Some(server),
        }
    }

    /// Writes raw bytes (for malformed input such as invalid UTF-8).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        use std::io::Write;
        let w = self.input.as_mut().expect("input open");
        w.write_all(bytes).expect("server reads");
        w.flush().expect("server reads");
    }

    pub fn send(&mut self, line: &str) {
        let w = self.input.as_mut().expect("input open");
        writeln!(w, "{line}").expect("server reads");
        w.flush().unwrap();
    }

    /// Lines up to and including the first one starting with `prefix`.
    pub fn until(&self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    lines.push(line);
                    if done {
                        return lines;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no '{prefix}' line; got {lines:?}"),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("server ended before '{prefix}'; got {lines:?}")
                }
            }
        }
    }

    /// Lines arriving within `wait`.
    pub fn within(&self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut lines = Vec::new();
        while let Ok(line) = self
            .rx
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            lines.push(line);
        }
        lines
    }

    /// The move of the next `bestmove` line (without its ponder move).
    pub fn bestmove(&self) -> String {
        let lines = self.until("bestmove");
        let last = lines.last().unwrap();
        let words: Vec<&str> = last.split_whitespace().collect();
        match words[..] {
            ["bestmove", mv] | ["bestmove", mv, "ponder", _] => mv.to_string(),
            _ => panic!("malformed: {last}"),
        }
    }

    /// Closes the input and waits for the server to end.
    pub fn close(mut self) {
        self.input = None;
        self.server.take().unwrap().join().unwrap().unwrap();
    }
}
