//! Mate search (tsume, USI `go mate`): the side to move checks at every move of its own and
//! wins when the defender, whatever it answers, is left without a legal move or has lost on
//! the board. An AND/OR search by iterative deepening over odd depths, so the first mate found
//! is a shortest one; the defender's line in the answer is its longest resistance.
//!
//! Generic over the rules: "check" is [`Position::in_check`] and "no legal move" the variant's
//! own legality (uchifuzume included), so a mate by a forbidden pawn drop is never reported.

use crate::geometry::Color;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Rules;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The answer of a mate search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mate {
    /// A forced mate: the attacker's moves and the defender's replies, from the root.
    Found(Vec<Move>),
    /// No mate within the searched depth (every line tried).
    None,
    /// The time or the stop flag ran out first.
    Timeout,
}

/// Limits of a mate search.
pub struct MateLimits<'a> {
    /// Longest mate looked for, in plies (attacker and defender moves).
    pub max_plies: u32,
    pub deadline: Option<Instant>,
    pub stop: Option<&'a AtomicBool>,
}

/// Most entries of the refutation table of [`search_mate`] (about 40 bytes each, so some
/// 160 MB): under `go mate infinite` the table would otherwise grow until `stop`.
pub const REFUTED_CAP: usize = 4 << 20;

struct Search<'a> {
    limits: &'a MateLimits<'a>,
    attacker: Color,
    /// Positions (hash, plies left) already shown not to be mated in that many plies; a cache
    /// only, emptied when it reaches `cap` entries.
    refuted: HashSet<(u64, u32)>,
    cap: usize,
    /// The most entries the table held.
    peak: usize,
    nodes: u64,
    out_of_time: bool,
}

/// Searches a forced mate for the side to move of `pos` (left as it was).
pub fn search_mate<R: Rules>(pos: &mut Position<R>, limits: &MateLimits) -> Mate {
    search_mate_bounded(pos, limits, REFUTED_CAP).0
}

/// [`search_mate`] with a refutation table of at most `cap` entries; also returns the most
/// entries it held. The answer does not depend on the cap, only the time taken.
pub fn search_mate_bounded<R: Rules>(
    pos: &mut Position<R>,
    limits: &MateLimits,
    cap: usize,
) -> (Mate, usize) {
    let mut s = Search {
        limits,
        attacker: pos.side_to_move(),
        refuted: HashSet::new(),
        cap: cap.max(1),
        peak: 0,
        nodes: 0,
        out_of_time: false,
    };
    if pos.decided_by_board() {
        return (Mate::None, 0);
    }
    let mut plies = 1;
    while plies <= limits.max_plies {
        if let Some(line) = s.attack(pos, plies) {
            return (Mate::Found(line), s.peak);
        }
        if s.out_of_time {
            return (Mate::Timeout, s.peak);
        }
        plies += 2;
    }
    (Mate::None, s.peak)
}

impl Search<'_> {
    fn time_up(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) {
            let late = self.limits.deadline.is_some_and(|d| Instant::now() >= d);
            let stopped = self.limits.stop.is_some_and(|s| s.load(Ordering::Relaxed));
            self.out_of_time |= late || stopped;
        }
        self.out_of_time
    }

    /// Whether the defender (to move in `pos`) has lost: the board says so, or it has no legal
    /// move (a loss in every rule set here, as in shogi).
    fn defender_lost<R: Rules>(&self, pos: &mut Position<R>) -> bool {
        match pos.winner_by_board() {
            Some(w) => w == self.attacker,
            None => !pos.drawn_by_board() && !pos.has_legal_move(),
        }
    }

    /// The attacker to move: a checking move after which the defender is mated within
    /// `plies - 1`; the line from here.
    fn attack<R: Rules>(&mut self, pos: &mut Position<R>, plies: u32) -> Option<Vec<Move>> {
        if self.time_up() || self.refuted.contains(&(pos.hash(), plies)) {
            return None;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let defender = !self.attacker;
        for &mv in &moves {
            pos.make(mv);
            let checks = pos.in_check(defender) || pos.winner_by_board() == Some(self.attacker);
            let line = if !checks {
                None
            } else if self.defender_lost(pos) {
                Some(vec![mv])
            } else if plies >= 3 {
                self.defend(pos, plies - 1).map(|mut rest| {
                    rest.insert(0, mv);
                    rest
                })
            } else {
                None
            };
            pos.unmake();
            if line.is_some() {
                return line;
            }
            if self.out_of_time {
                return None;
            }
        }
        if !self.out_of_time {
            if self.refuted.len() >= self.cap {
                self.refuted.clear();
            }
            self.refuted.insert((pos.hash(), plies));
            self.peak = self.peak.max(self.refuted.len());
        }
        None
    }

    /// The defender to move (not yet lost): every reply is mated within `plies - 1`; the line
    /// of the reply that resists longest.
    fn defend<R: Rules>(&mut self, pos: &mut Position<R>, plies: u32) -> Option<Vec<Move>> {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut longest: Option<Vec<Move>> = None;
        for &mv in &moves {
            pos.make(mv);
            // The shortest mate after this reply, found by deepening up to what is left.
            let mut found = None;
            let mut p = 1;
            while p < plies && found.is_none() && !self.out_of_time {
                found = if pos.winner_by_board().is_some_and(|w| w != self.attacker) {
                    None
                } else {
                    self.attack(pos, p)
                };
                p += 2;
            }
            pos.unmake();
            let line = found?;
            if longest.as_ref().is_none_or(|l| line.len() > l.len()) {
                let mut with = vec![mv];
                with.extend(line);
                longest = Some(with);
            }
        }
        longest
    }
}
