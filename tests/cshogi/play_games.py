#!/usr/bin/env python3
"""Plays standard-shogi games between two instances of our USI engine, refereed by cshogi.

cshogi (an independent shogi library) drives both engines through its USI driver
(`cshogi.usi.Engine`) and checks every `bestmove` (and `ponder` move) against its own legal
move list. A game ends on checkmate (the engine to move must answer `bestmove resign`), a
resignation, sennichite (fourth occurrence of a position; continuous check loses), or the
ply cap. Each game starts with a few random legal moves chosen by the referee so the
deterministic engines do not replay one game.

Any illegal move, unexpected resignation or `win`, `info string error` line, engine exit or
time-out is a failure: the script exits non-zero. The last line reads `N passed, M failed`.

usage: play_games.py [BINARY] [--games N] [--movetime MS] [--max-plies N] [--random-plies N]
"""

import argparse
import os
import random
import stat
import sys
import tempfile
import threading

import cshogi
import cshogi.usi


class Failure(Exception):
    """A game broke the rules or the protocol."""


def default_binary():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
    return os.path.join(target, "release", "shogi-variants")


def wrapper(binary, directory, name):
    """cshogi starts an engine as one program without arguments: wrap `BINARY usi`."""
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write('#!/bin/sh\nexec "%s" usi\n' % os.path.abspath(binary))
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


class Referee:
    """Watches the engines' output for protocol errors."""

    def __init__(self):
        self.errors = []

    def listener(self, name):
        def listen(line):
            if isinstance(line, str) and line.startswith("info string error"):
                self.errors.append("%s: %s" % (name, line))

        return listen


def position_key(board):
    """Board, side to move and hands: the SFEN without its move number."""
    return " ".join(board.sfen().split()[:3])


def repetition(keys, checks):
    """Sennichite verdict for the last position, or None: 'draw', or the losing colour
    ('black'/'white') when one side gave check with every move since the first occurrence.
    `checks[i]` says whether move i gave check; `keys[i]` is the position before move i and
    `keys[-1]` the current one."""
    current = keys[-1]
    if keys.count(current) < 4:
        return None
    first = keys.index(current)
    last = len(keys) - 1
    # The side to move in the repeated position made the moves first, first + 2, ...
    mover_always = all(checks[k] for k in range(first, last, 2))
    other_always = all(checks[k] for k in range(first + 1, last, 2))
    side = "black" if current.split()[1] == "b" else "white"
    if mover_always and not other_always:
        return side
    if other_always and not mover_always:
        return "white" if side == "black" else "black"
    return "draw"


def time_out(side, moves):
    # cshogi's driver waits for `bestmove` forever (even after the engine exits): give up.
    print("%s gave no bestmove within the time-out after %s" % (side, moves), flush=True)
    print("0 passed, 1 failed", flush=True)
    os._exit(1)


def legal_usi(board):
    return {cshogi.move_to_usi(m) for m in board.legal_moves}


def play_game(number, engines, referee, args, rng):
    board = cshogi.Board()
    moves = []
    keys = [position_key(board)]
    checks = []
    for _ in range(args.random_plies):
        choices = sorted(legal_usi(board))
        if not choices:
            break
        m = rng.choice(choices)
        board.push_usi(m)
        moves.append(m)
        keys.append(position_key(board))
        checks.append(board.is_check())
    # Engine 0 plays Black in odd games.
    order = engines if number % 2 == 1 else engines[::-1]
    for e in engines:
        e.usinewgame()
    budget = args.movetime + 100  # the engine keeps a 100 ms margin from the byoyomi
    while True:
        side = "black" if board.turn == cshogi.BLACK else "white"
        engine = order[0] if board.turn == cshogi.BLACK else order[1]
        legal = legal_usi(board)
        engine.position(moves)
        timer = threading.Timer(args.timeout, time_out, (side, moves))
        timer.start()
        try:
            best, ponder = engine.go(
                btime=0, wtime=0, byoyomi=budget, listener=referee.listener(side)
            )
        finally:
            timer.cancel()
        if referee.errors:
            raise Failure("protocol error after %s: %s" % (moves, referee.errors))
        if best == "resign":
            if legal:
                raise Failure(
                    "%s resigned with %d legal moves after %s" % (side, len(legal), moves)
                )
            how = "is checkmated" if board.is_check() else "has no legal move"
            return "%s %s (resigns)" % (side, how), len(moves)
        if best == "win":
            if not board.is_nyugyoku():
                raise Failure("%s declared a win without nyugyoku after %s" % (side, moves))
            return "%s wins by declaration" % side, len(moves)
        if best not in legal:
            raise Failure("%s played illegal %s after %s" % (side, best, moves))
        if not legal:
            raise Failure("%s played %s with no legal move after %s" % (side, best, moves))
        board.push_usi(best)
        moves.append(best)
        keys.append(position_key(board))
        checks.append(board.is_check())
        if ponder is not None and ponder not in legal_usi(board):
            raise Failure("%s gave illegal ponder %s after %s" % (side, ponder, moves))
        verdict = repetition(keys, checks)
        if verdict == "draw":
            return "sennichite draw", len(moves)
        if verdict is not None:
            return "perpetual check: %s loses" % verdict, len(moves)
        if len(moves) >= args.max_plies:
            return "ply cap", len(moves)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default=default_binary())
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--movetime", type=int, default=50, help="milliseconds per move")
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per move")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        print("no engine binary at %s (cargo build --release)" % args.binary)
        print("0 passed, 1 failed")
        return 1
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        referee = Referee()
        engines = [
            cshogi.usi.Engine(wrapper(args.binary, tmp, "engine%d.sh" % i)) for i in (1, 2)
        ]
        for e in engines:
            if not (e.name or "").startswith("shogi-variants"):
                raise SystemExit("unexpected engine name %r" % e.name)
            e.setoption("USI_Hash", 16)
            e.setoption("USI_Variant", "shogi")
            e.isready()
        for number in range(1, args.games + 1):
            rng = random.Random(args.seed * 1000 + number)
            referee.errors.clear()
            try:
                result, plies = play_game(number, engines, referee, args, rng)
                passed += 1
                print("game %d: %s after %d plies" % (number, result, plies), flush=True)
            except Failure as f:
                failed += 1
                print("game %d FAILED: %s" % (number, f), flush=True)
            for e in engines:
                e.gameover()
        for e in engines:
            e.quit()
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
