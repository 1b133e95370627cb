//! The GUI side of USI: drives an external engine process over its stdin/stdout (for `match`).
//!
//! The command is run by `sh -c "exec CMD"`, so it may carry arguments
//! (`"/path/to/shogi-variants usi"`). Lines from the engine are read by a thread into a
//! channel, so every wait has a timeout and a hung or crashed engine is reported, not waited
//! for. The engine's stderr is discarded (it would garble the progress bar).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long the engine may take to answer `usi` and `isready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(20);

/// A failure of the engine or of the pipe to it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClientError {
    #[error("cannot start '{command}': {error}")]
    Spawn { command: String, error: String },
    #[error("the engine exited (end of its output) while we waited for '{0}'")]
    Exited(String),
    #[error("no '{expected}' within {ms} ms")]
    Timeout { expected: String, ms: u128 },
    #[error("cannot write to the engine: {0}")]
    Write(String),
    #[error("the engine does not offer variant '{id}' (its USI_Variant values: {offered})")]
    NoVariant { id: String, offered: String },
}

/// The engine's answer to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BestMove {
    Move(String),
    Resign,
    /// `bestmove win` (a declaration of a win).
    Win,
}

/// A running USI engine.
pub struct UsiClient {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// From `id name`, else the command.
    pub name: String,
    /// The values of its `USI_Variant` (or `UCI_Variant`) combo option, if it has one.
    pub variants: Option<Vec<String>>,
    /// Names of the options it declared.
    pub options: Vec<String>,
}

impl UsiClient {
    /// Starts the engine and performs `usi` / `usiok`.
    pub fn start(command: &str) -> Result<Self, ClientError> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| ClientError::Spawn {
                command: command.to_string(),
                error: e.to_string(),
            })?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut client = UsiClient {
            command: command.to_string(),
            child,
            stdin,
            lines: rx,
            name: command.to_string(),
            variants: None,
            options: Vec::new(),
        };
        client.send("usi")?;
        let lines = client.until(|l| l == "usiok", "usiok", HANDSHAKE_TIMEOUT)?;
        for l in &lines {
            if let Some(name) = l.strip_prefix("id name ") {
                client.name = name.trim().to_string();
            }
            if let Some(rest) = l.strip_prefix("option name ") {
                let name = rest.split_whitespace().next().unwrap_or("").to_string();
                if name == "USI_Variant" || name == "UCI_Variant" {
                    client.variants = Some(
                        rest.split(" var ")
                            .skip(1)
                            .map(|v| v.trim().to_string())
                            .collect(),
                    );
                }
                client.options.push(name);
            }
        }
        Ok(client)
    }

    /// The command it was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| ClientError::Write(e.to_string()))
    }

    /// Reads lines until one satisfies `done` (returned last), within `timeout`.
    pub fn until(
        &mut self,
        done: impl Fn(&str) -> bool,
        expected: &str,
        timeout: Duration,
    ) -> Result<Vec<String>, ClientError> {
        let start = Instant::now();
        let mut lines = Vec::new();
        loop {
            let left = timeout.saturating_sub(start.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let line = line.trim_end().to_string();
                    let stop = done(&line);
                    lines.push(line);
                    if stop {
                        return Ok(lines);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ClientError::Timeout {
                        expected: expected.to_string(),
                        ms: timeout.as_millis(),
                    })
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(ClientError::Exited(expected.to_string()))
                }
            }
        }
    }

    /// Chooses the variant (when the engine has a variant option; an engine without one is
    /// taken to play standard shogi only), sets the options, and waits for `readyok`.
    pub fn prepare(&mut self, id: &str, options: &[(String, String)]) -> Result<(), ClientError> {
        match &self.variants {
            Some(list) if list.iter().any(|v| v == id) => {
                let option = if self.options.iter().any(|o| o == "USI_Variant") {
                    "USI_Variant"
                } else {
                    "UCI_Variant"
                };
                self.send(&format!("setoption name {option} value {id}"))?;
            }
            None if id == "shogi" => {}
            list => {
                return Err(ClientError::NoVariant {
                    id: id.to_string(),
                    offered: list
                        .as_ref()
                        .map(|l| l.join(" "))
                        .unwrap_or_else(|| "none; standard shogi only".to_string()),
                })
            }
        }
        for (name, value) in options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.isready()
    }

    /// `isready` / `readyok`.
    pub fn isready(&mut self) -> Result<(), ClientError> {
        self.send("isready")?;
        self.until(|l| l == "readyok", "readyok", HANDSHAKE_TIMEOUT)
            .map(|_| ())
    }

    /// `usinewgame` then `isready`.
    pub fn new_game(&mut self) -> Result<(), ClientError> {
        self.send("usinewgame")?;
        self.isready()
    }

    /// Sends `position <position>` and `go movetime <ms>`, and waits (at most `timeout`)
    /// for `bestmove`.
    pub fn go(
        &mut self,
        position: &str,
        movetime: Duration,
        timeout: Duration,
    ) -> Result<BestMove, ClientError> {
        self.send(&format!("position {position}"))?;
        self.send(&format!("go movetime {}", movetime.as_millis()))?;
        let lines = self.until(
            |l| l.split_whitespace().next() == Some("bestmove"),
            "bestmove",
            timeout,
        )?;
        let last = lines.last().map(String::as_str).unwrap_or("");
        Ok(match last.split_whitespace().nth(1) {
            Some("resign") => BestMove::Resign,
            Some("win") => BestMove::Win,
            Some(m) => BestMove::Move(m.to_string()),
            None => BestMove::Move(String::new()),
        })
    }
}

impl Drop for UsiClient {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // Give it a moment to leave by itself, then make sure it is gone.
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(500) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
