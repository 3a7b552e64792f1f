#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Summarises the per-deal lines of `patience-cli bench-difficulty --each` as the command's own
# summary does (for a run stopped early): per level, deals, greedy wins, mean cards out, and the
# pick wait from each starting deal (playouts of every deal + the solver on deals whose score
# gives the level), median and 95th percentile.
# Usage: difficulty-summary.py EACH-OUTPUT GAME EASY_MIN MEDIUM_MIN
import json, sys
# A run stopped early may end in half a line: it is left out.
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith('{"deal"') and l.endswith('}\n')]
def q(v, f):
    v = sorted(v)
    if not v: return 0
    i = int(f * (len(v) - 1) + 0.5)
    return v[min(i, len(v) - 1)]
game = sys.argv[2]
# the thresholds: EASY_MIN MEDIUM_MIN as in src/engine/pat-difficulty.c
easy_min, medium_min = float(sys.argv[3]), float(sys.argv[4])
def by_score(s):
    return 'easy' if s >= easy_min else 'medium' if s >= medium_min else 'hard'
for level in ['easy', 'medium', 'hard']:
    sel = [r for r in rows if r['result'] == 'solved' and by_score(r['score']) == level]
    waits = []; wait = 0; seen = False
    for r in reversed(rows):
        cost = r['score_ms'] + (r['solve_ms'] if by_score(r['score']) == level else 0)
        if r['result'] == 'solved' and by_score(r['score']) == level:
            wait = cost; seen = True
        else:
            wait += cost
        if seen: waits.append(wait)
    n = len(sel); won = sum(r['greedy'] == 'won' for r in sel)
    print(json.dumps({"game": game, "difficulty": level, "deals": n, "greedy_won": won,
                      "greedy_won_percent": round(100 * won / n, 1) if n else 0,
                      "greedy_mean_out": round(sum(r['greedy_out'] for r in sel) / n, 2) if n else 0,
                      "pick_ms_median": round(q(waits, .5), 2), "pick_ms_p95": round(q(waits, .95), 2)}))
res = {}
for r in rows: res[r['result']] = res.get(r['result'], 0) + 1
print(json.dumps({"game": game, "deals": len(rows), "results": res, "first_deal": rows[0]['deal'] if rows else None, "last_deal": rows[-1]['deal'] if rows else None}))
