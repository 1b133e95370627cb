//! Randomized invariants over EVERY registered variant id, by seeded random playouts.
//!
//! At every ply of every game:
//! (a) each legal move, made and unmade, restores the SFEN and the hash, and after the move the
//!     incremental hash equals [`Position::compute_hash`];
//! (b) the SFEN reads back to an equal position with the same SFEN, hash and legal moves;
//! (c) each legal move written in USI reads back (`parse_usi`) to the same move;
//! (d) where the fast or the filtered legality path applies, it gives the same moves as the
//!     reference path
//!     (and `count_legal_moves`/`has_legal_move` agree with the list);
//! (e) the search's move lists (`search_moves`, every scope) hold the legal moves of their scope;
//! (f) where the evaluation hands the search its attack maps (which order the drops), they are
//!     each colour's natural attacks;
//! (g) where `check_given_by` decides whether a move gave check, it agrees with `in_check`;
//!     so does `gives_check`, asked before the move.
//! At the end of a game, unmaking every move played gives back the start.
//!
//! The sample below runs in CI. The long run is an ignored test:
//! `INVARIANT_GAMES=1000 cargo test --release -p shogi-tests --test all invariants_all:: -- --ignored --nocapture`
//! (`INVARIANT_PLIES` sets the plies per game, default 150; `INVARIANT_IDS` a comma-separated
//! list of ids to check instead of all; `INVARIANT_SEED` the seed; `INVARIANT_THREADS` the
//! threads, default every core).

use shogi_core::eval::Evaluator;
use shogi_core::legal::Scope;
use shogi_core::{Color, Move, Outcome, Position, Rules};
use shogi_variants::registry::{self, VariantVisitor};
use std::time::Instant;

use crate::support::{fnv, Rng};

#[derive(Default, Debug, Clone, Copy)]
struct Stats {
    games: u64,
    plies: u64,
    /// Positions checked (every position reached, the final one included).
    positions: u64,
    /// Positions where (d) compared the fast path with the reference path.
    fast_compared: u64,
    /// Positions where (d) compared the filtered path with the reference path.
    filtered_compared: u64,
    /// Positions where (f) compared the evaluation's attack maps with the natural ones.
    maps_compared: u64,
    /// Moves after which (g) compared `check_given_by` with `in_check`.
    checks_compared: u64,
    /// Moves for which (g) compared `gives_check` (asked before the move) with `in_check`.
    checks_foreseen: u64,
    /// Legal moves made and unmade for (a), also written and read back for (c).
    moves_checked: u64,
    /// Games that ended (no legal move) before the ply limit.
    finished: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.games += o.games;
        self.plies += o.plies;
        self.positions += o.positions;
        self.fast_compared += o.fast_compared;
        self.filtered_compared += o.filtered_compared;
        self.maps_compared += o.maps_compared;
        self.moves_checked += o.moves_checked;
        self.checks_compared += o.checks_compared;
        self.checks_foreseen += o.checks_foreseen;
        self.finished += o.finished;
    }
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "games {} plies {} positions {} fast-compared {} filtered-compared {} maps-compared {} \
             checks-compared {} checks-foreseen {} moves {} ended {}",
            self.games,
            self.plies,
            self.positions,
            self.fast_compared,
            self.filtered_compared,
            self.maps_compared,
            self.checks_compared,
            self.checks_foreseen,
            self.moves_checked,
            self.finished
        )
    }
}

fn sorted(mut v: Vec<Move>) -> Vec<Move> {
    v.sort();
    v
}

/// Checks every invariant at the current position; returns its legal moves.
fn check_position<R: Rules>(
    pos: &mut Position<R>,
    eval: &Evaluator<R::Storage>,
    id: &str,
    stats: &mut Stats,
) -> Vec<Move> {
    let sfen = pos.to_sfen();
    let hash = pos.hash();
    let ctx = |what: &str| format!("{id}: {what} at {sfen}");
    assert_eq!(hash, pos.compute_hash(), "{}", ctx("incremental hash"));
    let moves = pos.legal_move_list();

    // (a) make/unmake of every legal move, and (g) the check each gives.
    for &mv in &moves {
        let foreseen = pos.gives_check(mv);
        pos.make(mv);
        let answers = [
            (foreseen, "check foreseen for", &mut stats.checks_foreseen),
            (
                pos.check_given_by(mv),
                "check given by",
                &mut stats.checks_compared,
            ),
        ];
        for (answer, what, count) in answers {
            if let Some(checks) = answer {
                assert_eq!(
                    checks,
                    pos.in_check(pos.side_to_move()),
                    "{}",
                    ctx(&format!("{what} {}", pos.move_to_usi(mv)))
                );
                *count += 1;
            }
        }
        assert_eq!(
            pos.hash(),
            pos.compute_hash(),
            "{}",
            ctx(&format!("hash after {}", pos.move_to_usi(mv)))
        );
        pos.unmake();
        assert_eq!(
            pos.to_sfen(),
            sfen,
            "{}",
            ctx(&format!("unmake of {}", pos.move_to_usi(mv)))
        );
        assert_eq!(pos.hash(), hash, "{}", ctx("hash after unmake"));
    }

    // (b) SFEN round trip. An outcome decided by an effect of the last move (a flipped king)
    // is not part of SFEN, so the move lists are compared only where there is none.
    let mut back = Position::<R>::from_sfen(&sfen)
        .unwrap_or_else(|e| panic!("{}: {e}", ctx("SFEN does not read back")));
    assert_eq!(back.to_sfen(), sfen, "{}", ctx("SFEN rewritten"));
    assert!(back == *pos, "{}", ctx("read-back position differs"));
    assert_eq!(back.hash(), hash, "{}", ctx("read-back hash"));
    if pos.outcome() == Outcome::Open {
        assert_eq!(
            sorted(back.legal_move_list()),
            sorted(moves.clone()),
            "{}",
            ctx("read-back legal moves")
        );
    }

    // (c) USI round trip.
    for &mv in &moves {
        let text = pos.move_to_usi(mv);
        match pos.parse_usi(&text) {
            Ok(parsed) => assert_eq!(parsed, mv, "{}", ctx(&format!("USI {text}"))),
            Err(e) => panic!("{}: {e}", ctx(&format!("USI {text} does not parse"))),
        }
    }
    assert_eq!(
        pos.to_sfen(),
        sfen,
        "{}",
        ctx("parse_usi changed the position")
    );

    // (d) fast or filtered path against the reference path.
    let fast = pos.fast_legality_applies();
    let filtered = pos.filtered_legality_applies();
    if fast || filtered {
        let mut reference = Vec::new();
        pos.legal_moves_reference(&mut reference);
        assert_eq!(
            sorted(moves.clone()),
            sorted(reference),
            "{}",
            ctx("fast/filtered and reference legal moves")
        );
        if fast {
            stats.fast_compared += 1;
        } else {
            stats.filtered_compared += 1;
        }
    }
    assert_eq!(
        pos.count_legal_moves(),
        moves.len() as u64,
        "{}",
        ctx("count_legal_moves")
    );
    assert_eq!(
        pos.has_legal_move(),
        !moves.is_empty(),
        "{}",
        ctx("has_legal_move")
    );

    // (e) the search's move lists: where they claim to be legal they are exactly the legal
    // moves of their scope, else pseudo-legal lists holding every legal move of it (a search
    // looks at the game's end before it asks for moves; captures beyond the fast path come
    // with the other board moves, which the search filters out).
    if pos.outcome() == Outcome::Open && !pos.decided_by_board() {
        let enemy = pos.pieces_of(!pos.side_to_move());
        let captures_on_to = move |m: &Move| !m.is_drop() && enemy.contains(m.to());
        let legal_captures: Vec<Move> = moves.iter().copied().filter(captures_on_to).collect();
        for (scope, expected) in [(Scope::All, &moves), (Scope::Captures, &legal_captures)] {
            let mut list = Vec::new();
            let all_legal = pos.search_moves(&mut list, scope);
            assert_eq!(all_legal, fast, "{}", ctx("search_moves legality claim"));
            if all_legal {
                assert_eq!(
                    sorted(list),
                    sorted(expected.clone()),
                    "{}",
                    ctx(&format!("search_moves ({scope:?})"))
                );
            } else {
                let listed: Vec<Move> = list
                    .into_iter()
                    .filter(|&m| pos.is_legal(m))
                    .filter(|m| scope != Scope::Captures || captures_on_to(m))
                    .collect();
                assert_eq!(
                    sorted(listed),
                    sorted(expected.clone()),
                    "{}",
                    ctx(&format!("search_moves pseudo-legal ({scope:?})"))
                );
            }
        }
    }

    // (f) the evaluation's attack maps, where it gives them.
    if let (_, Some(maps)) = eval.evaluate_with_attacks(pos) {
        for c in Color::BOTH {
            assert_eq!(
                maps[c.index()],
                pos.natural_attack_map(c),
                "{}",
                ctx("evaluation's attack map")
            );
        }
        stats.maps_compared += 1;
    }

    stats.positions += 1;
    stats.moves_checked += moves.len() as u64;
    moves
}

struct Playouts {
    games: u64,
    plies: usize,
    seed: u64,
}

impl VariantVisitor for &Playouts {
    type Output = Stats;
    fn visit<R: Rules>(self, setup: usize) -> Stats {
        let id = R::TABLE.setups[setup].id;
        let mut stats = Stats::default();
        // One stream per id, so a failure replays with INVARIANT_IDS set to that id alone.
        let mut rng = Rng(self.seed ^ fnv(id));
        let eval = Evaluator::new::<R>();
        for _ in 0..self.games {
            let mut pos = Position::<R>::startpos(setup);
            let start = pos.to_sfen();
            let start_hash = pos.hash();
            let mut made = 0;
            loop {
                let moves = check_position(&mut pos, &eval, id, &mut stats);
                if moves.is_empty() {
                    stats.finished += 1;
                    break;
                }
                if made == self.plies {
                    break;
                }
                pos.make(moves[rng.below(moves.len())]);
                made += 1;
            }
            for _ in 0..made {
                pos.unmake();
            }
            assert_eq!(pos.to_sfen(), start, "{id}: unmaking the whole game");
            assert_eq!(pos.hash(), start_hash, "{id}: hash after the whole game");
            stats.games += 1;
            stats.plies += made as u64;
        }
        stats
    }
}

fn run(ids: &[&str], games: u64, plies: usize, seed: u64, verbose: bool) -> Stats {
    let p = Playouts { games, plies, seed };
    let mut total = Stats::default();
    let t0 = Instant::now();
    for id in ids {
        let t = Instant::now();
        let s = registry::dispatch(id, &p).expect("registered id");
        if verbose {
            println!(
                "{id:<40} games {:>5} plies {:>8} positions {:>8} fast {:>8} filtered {:>8} moves {:>10} ended {:>4} {:>7.1}s",
                s.games,
                s.plies,
                s.positions,
                s.fast_compared,
                s.filtered_compared,
                s.moves_checked,
                s.finished,
                t.elapsed().as_secs_f64()
            );
        }
        total += s;
    }
    println!(
        "{} ids: {total} in {:.1}s",
        ids.len(),
        t0.elapsed().as_secs_f64()
    );
    total
}

/// Games per id in the CI sample.
const GAMES: u64 = 4;
/// Plies per game in the CI sample.
const PLIES: usize = 100;

/// The CI sample: [`GAMES`] games of [`PLIES`] plies per id (a few seconds).
#[test]
fn invariants_every_variant_sample() {
    let ids = registry::ids();
    // RULES.md's 108 ids (`shogi` and `Shogi-...`) and the shogi family beyond them (issue 17:
    // ids as Fairy-Stockfish names them, and the handicaps).
    fn rules_md(id: &str) -> bool {
        id == "shogi" || id.starts_with("Shogi-") && !id.starts_with("Shogi-Handicap:")
    }
    assert_eq!(
        ids.iter().filter(|id| rules_md(id)).count(),
        108,
        "every RULES.md id is registered"
    );
    let stats = run(&ids, GAMES, PLIES, 0x5EED, false);
    assert_eq!(stats.games, GAMES * ids.len() as u64);
    // Every id's games reach past the opening (none ends at once) and the fast path is
    // exercised for the variants that have it.
    assert!(stats.plies > PLIES as u64 * ids.len() as u64);
    assert!(stats.fast_compared > 0);
    assert!(stats.filtered_compared > 0);
    assert!(stats.maps_compared > 0);
    assert!(stats.checks_compared > 0);
    assert!(stats.checks_foreseen > 0);
}

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v} is not a number")),
        Err(_) => default,
    }
}

/// The long run (see the module comment).
#[test]
#[ignore = "long run: INVARIANT_GAMES games per id (default 1000)"]
fn invariants_every_variant_long() {
    let games = env("INVARIANT_GAMES", 1000u64);
    let plies = env("INVARIANT_PLIES", 150usize);
    let seed = env("INVARIANT_SEED", 1u64);
    let all = registry::ids();
    let chosen: Vec<String> = match std::env::var("INVARIANT_IDS") {
        Ok(list) => list.split(',').map(|s| s.trim().to_string()).collect(),
        Err(_) => all.iter().map(|s| s.to_string()).collect(),
    };
    let ids: Vec<&str> = chosen.iter().map(String::as_str).collect();
    // Ids are dealt round-robin to INVARIANT_THREADS threads (default: every core).
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = env("INVARIANT_THREADS", cores).clamp(1, ids.len().max(1));
    let t0 = Instant::now();
    let parts: Vec<Stats> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let mine: Vec<&str> = ids.iter().skip(i).step_by(threads).copied().collect();
                scope.spawn(move || run(&mine, games, plies, seed, true))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("an invariant failed"))
            .collect()
    });
    let mut total = Stats::default();
    for p in parts {
        total += p;
    }
    println!(
        "TOTAL {} ids on {threads} threads: {total} in {:.1}s",
        ids.len(),
        t0.elapsed().as_secs_f64()
    );
    assert_eq!(total.games, games * ids.len() as u64);
}
