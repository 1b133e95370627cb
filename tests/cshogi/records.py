#!/usr/bin/env python3
"""Game records checked against cshogi (an independent implementation), both ways.

1. Our CSA and KIF: `selfplay --kif` saves games as CSA; cshogi's CSA reader must read the
   same moves as the game lines printed by selfplay, each legal on cshogi's board. The same
   game converted to KIF (`analyse --depth 1 --kif`) must read in cshogi's KIF reader to the
   same moves, unless it has moves cshogi's KIF reader does not know (`不成`, `成銀`, `成桂`,
   `成香`, which Kifu for Windows writes and cshogi skips): then it is reported as skipped.
2. cshogi's records: its KIF and CSA exporters write random legal games (even and handicap
   starts); `moves shogi --record FILE` must list the same legal moves as `--moves` with
   the game's USI moves.
3. KI2 both ways on long random games (many promoted pieces, so many moves need 右/左/直/上/
   引/寄/打): cshogi's KI2 exporter's file reads in our reader to the game's moves; our KI2
   (`analyse --depth 1 --kif FILE.ki2u`) reads in cshogi's KI2 reader to the same moves, and
   each move's text is cshogi's `move_to_ki2` (cshogi writes the space of `同　銀` only when
   nothing follows the piece, `同銀成` else; we always write `同　`: that space is ignored).

The last line reads `N passed, M failed`.

usage: records.py [BINARY] [--games N]
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

import cshogi
from cshogi import CSA, KI2, KIF


def default_binary():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
    return os.path.join(target, "release", "shogi-variants")


def run(binary, *args):
    out = subprocess.run([binary, *args], capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: {out.stderr.strip()}")
    return out.stdout


def legal_on_cshogi(sfen, moves):
    board = cshogi.Board(sfen)
    for i, u in enumerate(moves):
        m = board.move_from_usi(u)
        if not board.is_legal(m):
            return f"move {i + 1} {u} is illegal for cshogi"
        board.push(m)
    return None


def our_records(binary, games, tmp, results):
    path = os.path.join(tmp, "game.csa")
    out = run(binary, "selfplay", "shogi", "--games", str(games), "--movetime", "20",
              "--max-plies", "120", "--opponent", "random", "--seed", "7", "--kif", path)
    lines = [l for l in out.splitlines() if l.startswith("startpos moves")]
    for n, line in enumerate(lines, 1):
        moves = line.split(" moves ", 1)[1].split(" result ")[0].split()
        csa_path = os.path.join(tmp, f"game-{n}.csa")
        parsed = CSA.Parser.parse_file(csa_path)[0]
        got = [cshogi.move_to_usi(m) for m in parsed.moves]
        name = f"our CSA game {n}"
        bad = legal_on_cshogi(parsed.sfen, got)
        results.append((name, got == moves and bad is None, bad or f"{got} != {moves}"))
        kif_path = os.path.join(tmp, f"game-{n}.kif")
        run(binary, "analyse", "shogi", "--record", csa_path, "--depth", "1", "--kif", kif_path)
        with open(kif_path, encoding="cp932") as f:
            text = f.read()
        if any(w in text for w in ("不成", "成銀", "成桂", "成香")):
            print(f"skipped: our KIF game {n} (moves cshogi's KIF reader does not read)")
            continue
        parsed = KIF.Parser.parse_file(kif_path)
        got = [cshogi.move_to_usi(m) for m in parsed.moves]
        results.append((f"our KIF game {n}", got == moves, f"{got} != {moves}"))


def cshogi_records(binary, games, tmp, results):
    rng = random.Random(11)
    starts = [None, "香落ち", "角落ち", "二枚落ち"]
    for n in range(games):
        handicap = starts[n % len(starts)]
        board = cshogi.Board(KIF.Parser.HANDYCAP_SFENS[handicap] if handicap else cshogi.STARTING_SFEN)
        sfen = board.sfen()
        moves = []
        for _ in range(rng.randrange(20, 90)):
            legal = list(board.legal_moves)
            if not legal:
                break
            m = rng.choice(legal)
            moves.append(cshogi.move_to_usi(m))
            board.push(m)
        expected = run(binary, "moves", "shogi", "--sfen", sfen, "--moves", *moves) if moves else \
            run(binary, "moves", "shogi", "--sfen", sfen)
        for ext in ("kif", "csa"):
            path = os.path.join(tmp, f"cshogi-{n}.{ext}")
            replay = cshogi.Board(sfen)
            if ext == "kif":
                ex = KIF.Exporter(path)
                ex.header(["black", "white"], handicap=handicap)
                for u in moves:
                    m = replay.move_from_usi(u)
                    ex.move(m)
                    replay.push(m)
                ex.end("resign")
                ex.close()
            else:
                ex = CSA.Exporter(path)
                ex.info(replay, ["black", "white"])
                for u in moves:
                    m = replay.move_from_usi(u)
                    ex.move(m)
                    replay.push(m)
                ex.endgame("%TORYO")
                ex.close()
            try:
                got = run(binary, "moves", "shogi", "--record", path)
                results.append((f"cshogi {ext.upper()} game {n}", got == expected, "legal moves differ"))
            except RuntimeError as e:
                results.append((f"cshogi {ext.upper()} game {n}", False, str(e)))


def random_game(rng, plies):
    board = cshogi.Board()
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        m = rng.choice(legal)
        moves.append(cshogi.move_to_usi(m))
        board.push(m)
    return moves


def ki2_records(binary, games, tmp, results):
    rng = random.Random(23)
    for n in range(games):
        moves = random_game(rng, 200)
        expected = run(binary, "moves", "shogi", "--moves", *moves)
        # cshogi writes, we read.
        path = os.path.join(tmp, f"cshogi-{n}.ki2")
        ex = KI2.Exporter(path)
        ex.header(["black", "white"])
        replay = cshogi.Board()
        want_text = []
        for u in moves:
            m = replay.move_from_usi(u)
            want_text.append(KI2.move_to_ki2(m, replay))
            ex.move(m)
            replay.push(m)
        ex.end("%TORYO")
        ex.close()
        try:
            got = run(binary, "moves", "shogi", "--record", path)
            results.append((f"cshogi KI2 game {n}", got == expected, "legal moves differ"))
        except RuntimeError as e:
            results.append((f"cshogi KI2 game {n}", False, str(e)))
        # We write, cshogi reads.
        usi_path = os.path.join(tmp, f"ours-{n}.csa")
        with open(usi_path, "w") as f:
            f.write("V2.2\nPI\n+\n")
            board = cshogi.Board()
            for u in moves:
                m = board.move_from_usi(u)
                f.write(CSA_move(board, m) + "\n")
                board.push(m)
        ki2_path = os.path.join(tmp, f"ours-{n}.ki2u")
        run(binary, "analyse", "shogi", "--record", usi_path, "--depth", "1", "--kif", ki2_path)
        with open(ki2_path, encoding="utf-8") as f:
            lines = [l for l in f.read().splitlines() if not l.startswith("*")]
        # cshogi's KI2 reader takes one move a line (it loses its place after the second
        # move of a line), so the moves are given to it one a line.
        one_a_line = [t for l in lines for t in (split_ki2(l) if l[:1] in "▲△" else [l])]
        parsed = KI2.Parser.parse_str("\n".join(one_a_line))
        got = [cshogi.move_to_usi(m) for m in parsed.moves]
        results.append((f"our KI2 game {n} in cshogi", got == moves, f"{got} != {moves}"))
        ours = [t for l in lines if l[:1] in "▲△" for t in split_ki2(l)]
        norm = lambda t: t.replace("同　", "同")
        diff = [(i + 1, a, b) for i, (a, b) in enumerate(zip(ours, want_text)) if norm(a) != norm(b)]
        results.append((f"our KI2 text of game {n} = cshogi's", len(ours) == len(want_text) and not diff,
                        f"{len(ours)} vs {len(want_text)} moves; first differences {diff[:5]}"))


def split_ki2(line):
    out, cur = [], ""
    for ch in line:
        if ch in "▲△" and cur:
            out.append(cur.rstrip())
            cur = ""
        cur += ch
    if cur:
        out.append(cur.rstrip())
    return out


def CSA_move(board, m):
    return ("+" if board.turn == cshogi.BLACK else "-") + cshogi.move_to_csa(m)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary", nargs="?", default=default_binary())
    ap.add_argument("--games", type=int, default=4)
    args = ap.parse_args()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        our_records(args.binary, args.games, tmp, results)
        cshogi_records(args.binary, 2 * args.games, tmp, results)
        ki2_records(args.binary, 2 * args.games, tmp, results)
    failed = 0
    for name, ok, why in results:
        print(f"{'ok' if ok else 'FAILED'}: {name}" + ("" if ok else f": {why}"))
        failed += not ok
    print(f"{len(results) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
