//! `cargo bench -p shogi-core`: perft speed of standard shogi, single thread, with and without
//! bulk counting. Each case runs a few times and reports the best (least disturbed) run.
//!
//! A plain `harness = false` program rather than criterion: what matters here is nodes per
//! second of one long run, which it prints directly, and it keeps the dependency tree empty.
//! `cargo bench -p shogi-core -- quick` runs each case once; `-- start` (or `matsuri`, `max`)
//! runs only that position, and `-- bulk` / `-- full` only one counting mode. On Linux the process CPU time is
//! printed too (`cpu Mnps`): on a shared, loaded machine it is the steadier figure.

#[path = "../tests/all/common.rs"]
mod common;

use common::{Std, MATSURI, MAX, START};
use shogi_core::bench::{perft_bench, BenchResult};

/// CPU seconds used by this process so far (Linux `/proc/self/stat`, 100 ticks a second).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let runs = if quick { 1 } else { 3 };
    let cases = [
        ("start", START, 5, true),
        ("start", START, 5, false),
        ("matsuri", MATSURI, 3, true),
        ("matsuri", MATSURI, 3, false),
        ("max", MAX, 3, true),
    ];
    println!(
        "{:<8} {:>5} {:>5} {:>12} {:>9} {:>9} {:>9}",
        "position", "depth", "bulk", "nodes", "seconds", "Mnps", "cpu Mnps"
    );
    let args: Vec<String> = std::env::args().skip(1).collect();
    let wants = |word: &str| args.iter().any(|a| a == word);
    let any_position = ["start", "matsuri", "max"].iter().any(|w| wants(w));
    let any_mode = wants("bulk") || wants("full");
    for (name, sfen, depth, bulk) in cases {
        if any_position && !wants(name) || any_mode && !wants(if bulk { "bulk" } else { "full" }) {
            continue;
        }
        let mut best: Option<BenchResult> = None;
        let mut best_cpu: Option<f64> = None;
        for _ in 0..runs {
            let cpu0 = cpu_seconds();
            let r = perft_bench::<Std>(sfen, depth, bulk).expect("benchmark SFEN is valid");
            if let (Some(a), Some(b)) = (cpu0, cpu_seconds()) {
                let cpu = (b - a).max(0.01);
                best_cpu = Some(best_cpu.map_or(cpu, |c: f64| c.min(cpu)));
            }
            if best.is_none_or(|b| r.seconds < b.seconds) {
                best = Some(r);
            }
        }
        let r = best.expect("at least one run");
        let cpu = best_cpu.map_or("-".to_string(), |c| {
            format!("{:.2}", r.nodes as f64 / c / 1e6)
        });
        println!(
            "{:<8} {:>5} {:>5} {:>12} {:>9.3} {:>9.2} {:>9}",
            name,
            depth,
            if bulk { "yes" } else { "no" },
            r.nodes,
            r.seconds,
            r.nps / 1e6,
            cpu
        );
    }
}
