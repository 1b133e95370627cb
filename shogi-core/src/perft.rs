//! Perft: counting legal move sequences (repetition ignored, RULES.md §0).

use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;

impl<R: Rules> Position<R> {
    /// Leaf count at `depth`, counting the last ply from the move list (bulk counting).
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut buffers = vec![Vec::with_capacity(256); depth as usize + 1];
        self.perft_inner(depth, true, &mut buffers)
    }

    /// Leaf count at `depth`, making every leaf move (no bulk counting).
    pub fn perft_full(&mut self, depth: u32) -> u64 {
        let mut buffers = vec![Vec::with_capacity(256); depth as usize + 1];
        self.perft_inner(depth, false, &mut buffers)
    }

    fn perft_inner(&mut self, depth: u32, bulk: bool, buffers: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (list, rest) = buffers.split_first_mut().expect("one buffer per ply");
        if depth == 1 && bulk {
            if self.counts_without_list() {
                return self.count_legal_moves();
            }
            self.legal_moves(list);
            return list.len() as u64;
        }
        self.legal_moves(list);
        if depth == 1 {
            // Without bulk counting each leaf move is made and taken back.
            for &mv in list.iter() {
                self.make(mv);
                self.unmake();
            }
            return list.len() as u64;
        }
        let mut nodes = 0;
        for &mv in list.iter() {
            self.make(mv);
            nodes += self.perft_inner(depth - 1, bulk, rest);
            self.unmake();
        }
        nodes
    }

    /// Per-root-move counts, sorted by USI text.
    pub fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        let moves = self.legal_move_list();
        let mut out: Vec<(String, u64)> = moves
            .into_iter()
            .map(|mv| {
                let text = self.move_to_usi(mv);
                let n = if depth <= 1 {
                    1
                } else {
                    self.make(mv);
                    let n = self.perft(depth - 1);
                    self.unmake();
                    n
                };
                (text, n)
            })
            .collect();
        out.sort();
        out
    }
}
