#!/usr/bin/env python3
"""Times every command over one game of each kind at three lengths (×1, ×10, ×100), to show that
each grows linearly with a game's length (BENCHMARKS.md, "Long games").

    cargo build --release
    python3 scripts/long_games.py target/release/annals

For each kind and length it writes one record, imports it into a fresh archive, then times
`annals check`, `annals show 1`, the game page and a search (`annals serve` on a free port).
Prints a Markdown table of seconds.
"""

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request


def hotw(n):
    regions = ["LTig", "Zag", "UTig", "Lev", "EAna", "MTig"]
    chain = "-->".join(regions[i % len(regions)] for i in range(n))
    return f'[Game "HotW"]\n[Event "Marathon chain"]\n[A "Ann"]\n\nEI\n\nA(Sumer): {chain} 12\n'


def sanguo(n):
    rounds = n // 3
    lines = [f'{r}.车5{"进" if r % 2 else "退"}1，车5{"进" if r % 2 else "退"}1，车5{"进" if r % 2 else "退"}1'
             for r in range(1, rounds + 1)]
    return '[Game "Sanguo"]\n[Event "Marathon shuffle"]\n\n' + "\n".join(lines) + "\n"


def wec(n):
    out = ["1. MV:JE(1,7)->^(1,7)", "2. MV:JE(10,4)->^(10,4)"]
    moves = {(True, True): "MV:JE^(1,7)->^(4,7)", (True, False): "MV:JE^(4,7)->^(1,7)",
             (False, True): "MV:JE^(10,4)->^(7,4)", (False, False): "MV:JE^(7,4)->^(10,4)"}
    for t in range(3, n + 1):
        out.append(f"{t}. {moves[(t % 2 == 1, (t - 3) // 2 % 2 == 0)]}")
    return '[Game "WEC"]\n[Event "Marathon flights"]\n\n' + "\n".join(out) + "\n"


def deluge(n):
    return ('[Game "Deluge"]\n[Event "Marathon orders"]\n\nWinter 1900\nFrance: Build A Par\n\n'
            "Spring 1901\n" + "France: A Par H\n" * n)


KINDS = [("HotW expansions", hotw, "hotw", 3_000), ("三国 moves", sanguo, "sanguo", 1_000),
         ("WEC turns", wec, "wec", 1_000), ("Deluge orders", deluge, "dip", 1_000)]


def timed(f):
    t = time.perf_counter()
    f()
    return time.perf_counter() - t


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(annals, db, *args):
    subprocess.run([annals, "--db", db, *args], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env={**os.environ, "RUST_LOG": "warn"})


def main():
    annals = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "target/release/annals")
    print("| game | length | import | check | show | page | search |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, make, ext, base in KINDS:
        for mult in (1, 10, 100):
            n = base * mult
            with tempfile.TemporaryDirectory() as d:
                rec = os.path.join(d, f"game.{ext}")
                with open(rec, "w", encoding="utf-8") as f:
                    f.write(make(n))
                db = os.path.join(d, "a.db")
                t_import = timed(lambda: run(annals, db, "import", rec))
                t_check = timed(lambda: run(annals, db, "check"))
                t_show = timed(lambda: run(annals, db, "show", "1"))
                port = free_port()
                srv = subprocess.Popen([annals, "--db", db, "serve", "--addr", f"127.0.0.1:{port}"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                try:
                    for _ in range(100):
                        try:
                            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
                            break
                        except OSError:
                            time.sleep(0.1)
                    get = lambda p: urllib.request.urlopen(f"http://127.0.0.1:{port}{p}", timeout=600).read()
                    t_page = timed(lambda: get("/games/1"))
                    t_search = timed(lambda: get("/api/search?q=Marathon"))
                finally:
                    srv.terminate()
                    srv.wait()
                print(f"| {name} | {n:,} | {t_import:.2f} | {t_check:.2f} | {t_show:.2f} | "
                      f"{t_page:.2f} | {t_search:.3f} |", flush=True)


if __name__ == "__main__":
    main()
