#!/usr/bin/env python3
"""Deep perft from the starts of the shogi family (issue 17) against Fairy-Stockfish's counts,
and chu shogi's (issue 21) against lishogi's rules library (shogiops.txt, produced as its header
says).

Each line of fairy-stockfish.txt is `ID DEPTH COUNT`, recorded with Fairy-Stockfish c19b5f6c
(largeboards=yes, nnue=no) over USI: `setoption name USI_Variant value ID`, `position startpos`
(for the handicaps: `position sfen S` with standard shogi, S the setup's start), `go perft DEPTH`.
These depths are too slow for the opt-level-1 test profile, so CI runs this with the release
binary: `python3 tests/perft/deep.py [path/to/shogi-variants]`."""
import pathlib, subprocess, sys, time

here = pathlib.Path(__file__).parent
binary = sys.argv[1] if len(sys.argv) > 1 else str(here.parent.parent / "target/release/shogi-variants")
bad = 0
for file, source in [("fairy-stockfish.txt", "Fairy-Stockfish"), ("shogiops.txt", "shogiops")]:
    for line in (here / file).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        vid, depth, expected = line.split()
        start = time.time()
        out = subprocess.run([binary, "perft", vid, depth], capture_output=True, text=True)
        got = out.stdout.split()[-1] if out.returncode == 0 and out.stdout.split() else out.stderr.strip()
        ok = got == expected
        bad += not ok
        print(f"{'ok ' if ok else 'BAD'} {vid} depth {depth}: {got} ({source} {expected}) {time.time() - start:.1f}s")
if bad:
    sys.exit(f"{bad} perft counts differ from the references")
