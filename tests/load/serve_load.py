#!/usr/bin/env python3
"""Load test of `shogi-variants serve` over loopback (issue 19): N concurrent clients each play
games of random legal moves through the JSON API for a while, across the shogi family's boards;
a finished game is deleted and a new one started. Reports requests, errors (any non-2xx or
malformed reply), games played and the server's resident memory sampled every few seconds.

    python3 tests/load/serve_load.py [--binary target/release/shogi-variants] [--clients 50]
                                     [--seconds 60]

Exits non-zero on any error or if the server dies. Traffic goes to 127.0.0.1 only."""
import argparse, json, random, re, subprocess, threading, time, urllib.request, urllib.error

VARIANTS = ["shogi", "minishogi", "kyotoshogi", "micro", "dobutsu", "torishogi", "euroshogi",
            "yarishogi", "okisakishogi", "shoshogi", "checkshogi", "Shogi-Circe:1", "Shogi-Othello-TypeA:1"]

def request(base, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        text = r.read()
        return r.status, (json.loads(text) if text else None)

def client(base, deadline, seed, stats, lock):
    rng = random.Random(seed)
    game = None
    while time.time() < deadline:
        try:
            if game is None:
                status, reply = request(base, "POST", "/api/games", {"variant": rng.choice(VARIANTS)})
                game, state = reply["game"], reply
            legal = state["legal"]
            if state["status"] != "ongoing" or not legal or len(state["moves"]) >= 300:
                request(base, "DELETE", f"/api/games/{game}")
                with lock:
                    stats["games"] += 1
                game = None
                continue
            mv = rng.choice(legal)["usi"]
            status, reply = request(base, "POST", f"/api/games/{game}/move", {"move": mv})
            state = reply
            if state.get("moves", [None])[-1] != mv:
                raise ValueError(f"move {mv} not recorded: {str(reply)[:200]}")
            with lock:
                stats["requests"] += 2
        except (urllib.error.URLError, ValueError, KeyError, TypeError) as e:
            with lock:
                stats["errors"] += 1
                stats["first_error"] = stats["first_error"] or repr(e)[:300]
            if game is not None:
                try:
                    request(base, "DELETE", f"/api/games/{game}")
                except urllib.error.URLError:
                    pass
            game = None

def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="target/release/shogi-variants")
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--seconds", type=int, default=60)
    a = ap.parse_args()
    server = subprocess.Popen([a.binary, "serve", "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    line = server.stdout.readline()
    m = re.search(r"http://[0-9.:]+", line)
    if not m:
        raise SystemExit(f"no address in {line!r}")
    base = m.group(0)
    stats = {"requests": 0, "errors": 0, "games": 0, "first_error": None}
    lock = threading.Lock()
    deadline = time.time() + a.seconds
    threads = [threading.Thread(target=client, args=(base, deadline, i, stats, lock))
               for i in range(a.clients)]
    for t in threads:
        t.start()
    samples = []
    while any(t.is_alive() for t in threads):
        samples.append(rss_kib(server.pid))
        time.sleep(5)
    for t in threads:
        t.join()
    alive = server.poll() is None
    server.terminate()
    print(f"{a.clients} clients, {a.seconds} s: {stats['requests']} requests "
          f"({stats['requests'] / a.seconds:.0f}/s), {stats['games']} games finished, "
          f"{stats['errors']} errors; server RSS every 5 s (MiB): "
          + " ".join(f"{s / 1024:.1f}" for s in samples))
    if stats["errors"] or not alive:
        raise SystemExit(f"failed: server alive {alive}, first error {stats['first_error']}")

main()
