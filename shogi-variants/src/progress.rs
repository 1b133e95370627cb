//! Progress bars for long commands (perft/divide, bench, selfplay, analyse): drawn on stderr
//! with rate and ETA, and only when stderr is a terminal, so that scripted output (stdout,
//! and stderr when redirected) is exactly what it was without them.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar, or nothing when stderr is not a terminal.
pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// A bar of `len` steps named `what`, counting `unit`s; hidden unless stderr is a
    /// terminal.
    pub fn new(len: u64, what: &str, unit: &str) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress::hidden();
        }
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        let template = format!(
            "{what} [{{bar:20}}] {{pos}}/{{len}} {unit} {{per_sec}} ETA {{eta}} {{wide_msg}}"
        );
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style.progress_chars("=> "));
        }
        Progress(Some(bar))
    }

    /// No bar at all.
    pub fn hidden() -> Progress {
        Progress(None)
    }

    /// Whether a bar is drawn.
    pub fn is_drawn(&self) -> bool {
        self.0.is_some()
    }

    pub fn set_length(&self, len: u64) {
        if let Some(b) = &self.0 {
            b.set_length(len);
        }
    }

    pub fn inc(&self, n: u64) {
        if let Some(b) = &self.0 {
            b.inc(n);
        }
    }

    pub fn set_message(&self, msg: impl Into<String>) {
        if let Some(b) = &self.0 {
            b.set_message(msg.into());
        }
    }

    /// Removes the bar from the terminal.
    pub fn finish(&self) {
        if let Some(b) = &self.0 {
            b.finish_and_clear();
        }
    }
}

/// Passes text through to stderr line by line, above the bar when one is drawn, and counts a
/// step per line (selfplay writes one line per game).
pub struct LineProgress<'a> {
    pub bar: &'a Progress,
    pending: Vec<u8>,
}

impl<'a> LineProgress<'a> {
    pub fn new(bar: &'a Progress) -> LineProgress<'a> {
        LineProgress {
            bar,
            pending: Vec::new(),
        }
    }
}

impl std::io::Write for LineProgress<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        while let Some(i) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=i).collect();
            let emit = || std::io::stderr().write_all(&line);
            match &self.bar.0 {
                Some(b) => b.suspend(emit)?,
                None => emit()?,
            }
            self.bar.inc(1);
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stderr().flush()
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
