#!/usr/bin/env python3
"""Writes a wrk script that sends `GET /api/search` with a mix of 1,000 queries shaped like
`annals bench`'s (src/bench.rs `search_mix`: event words, players, empire, card and region codes
from import/data/hotw/*.csv, year ranges, kind plus word, sides, `A OR B`), for the requests-per-
second figure of BENCHMARKS.md.

    python3 scripts/wrk_search_mix.py > /tmp/mix.lua            # distinct queries (no cache hit)
    python3 scripts/wrk_search_mix.py --cached > /tmp/mix.lua   # the 1,000 queries over and over
    wrk -t2 -c16 -d20s --latency -s /tmp/mix.lua http://127.0.0.1:8080

Without `--cached`, request n sends query n mod 1000 with `limit` 10 + (n div 1000) mod 8: a
query comes back with the same limit only after 8,000 requests, long after the server's answer
cache (1,024 answers, keyed by query, kind, limit and offset) has dropped it, so every answer is
computed. (Padding the query does not do it: the server trims it.)
"""
import csv
import random
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "import" / "data" / "hotw"


def codes(name, keep=lambda row: True):
    rows = (l for l in (DATA / name).read_text(encoding="utf-8").splitlines() if not l.startswith("#"))
    return [r["code"] for r in csv.DictReader(rows) if keep(r)]


WORDS = ["Spring", "Cup", "Club", "night", "Open", "ladder", "Classic", "赤壁杯", "练习赛", "群英会",
         "Skirmish", "League", "championship", "公开赛", "Build"]
NAMES = ["Chen", "Park", "Tanaka", "Ada", "Smith", "Rossi", "Yuki", "孙策", "曹操", "周瑜"]


def mix(seed=1):
    rng = random.Random(seed)
    empires, cards = codes("empires.csv"), codes("cards.csv")
    regions = codes("regions.csv", lambda r: r.get("type") == "land")
    out = []
    for i in range(1000):
        shape = i % 10
        if shape in (0, 1):
            q = rng.choice(WORDS)
        elif shape == 2:
            q = "player:" + rng.choice(NAMES)
        elif shape == 3:
            q = "empire:" + rng.choice(empires)
        elif shape == 4:
            q = "card:" + rng.choice(cards)
        elif shape == 5:
            y = rng.randrange(1988, 2020)
            q = f"year:{y}..{y + rng.randrange(0, 6)}"
        elif shape == 6:
            q = f"kind:{rng.choice(['hotw', 'sanguo', 'wec'])} {rng.choice(WORDS)}"
        elif shape == 7:
            q = "region:" + rng.choice(regions)
        elif shape == 8:
            q = "side:" + rng.choice(["吴", "魏", "蜀"])
        else:
            q = f"{rng.choice(NAMES)} OR {rng.choice(WORDS)}"
        out.append(q)
    return out


def lua_quote(s):
    from urllib.parse import quote
    return '"' + quote(s, safe="") + '"'


def main():
    cached = "--cached" in sys.argv[1:]
    qs = mix()
    print("local q = {" + ",\n".join(lua_quote(q) for q in qs) + "}")
    print("local n = 0")
    print("request = function()")
    print("  local i = n % #q")
    if cached:
        print("  local limit = 10")
    else:
        print("  local limit = 10 + math.floor(n / #q) % 8")
    print("  n = n + 1")
    print('  return wrk.format("GET", "/api/search?limit=" .. limit .. "&q=" .. q[i + 1])')
    print("end")


if __name__ == "__main__":
    main()
