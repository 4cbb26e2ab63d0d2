"""Fit engine/ai_cal.py: how often a stone the AI modelled at chance p was really won.

    python tools/fit_ai_chances.py [--games N] [--rounds R] [--jobs J]

Each round plays N games of "hard" against greedy and against itself (the AI using the table
fitted so far), records at every AI decision each open stone's card counts and modelled chance,
and, once the game is over, who took the stone (stones never claimed are left out). Each
sample counts at its two neighbouring knots, weighted by nearness; a knot with few samples
leans on the modelled chance itself. The table is written back into engine/ai_cal.py.
CPython only.
"""
import argparse
import multiprocessing
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "sim", "cpython")]

from engine import ai, ai_cal  # noqa: E402
from engine.game import OVER  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.players import take_turn, GreedyPlayer  # noqa: E402

PRIOR = 30  # samples' worth of trust in the modelled chance at each knot
SEED0 = 900000  # games far from the seeds the tournaments report


def _recording(log):
    """Patch the AI so that the chances of the stones as they stand land in `log`."""
    calibrate = ai_cal.calibrate
    stone_now = ai.Ai._stone_now
    where = [None]

    def cal(p, mine, theirs, deck):
        if where[0] is not None:
            log.append(where[0] + (deck * ai_cal.PHASES // ai_cal.DECK, mine, theirs, p))
        return calibrate(p, mine, theirs, deck)

    def now(self, g, s):
        where[0] = (g.player, s)
        stone_now(self, g, s)
        where[0] = None

    ai.calibrate = cal
    ai.Ai._stone_now = now


LOG = []  # this process's samples of the game being played
_recording(LOG)


def play(job):
    seed, table, self_play = job
    ai_cal.TABLE = table
    log = LOG
    del log[:]
    m = Match(seed)
    other = ai.make_ai("hard", seed + 1) if self_play else GreedyPlayer()
    seats = [ai.make_ai("hard", seed), other]
    g = m.game
    while g.phase != OVER:
        take_turn(m, seats[g.player])
    out = []
    for p, s, phase, mine, theirs, q in log:
        if (self_play or p == 0) and g.owner[s]:
            out.append(((phase * 4 + mine) * 4 + theirs, q, 1 if g.owner[s] == p + 1 else 0))
    return out


def fit(samples, knots, cells):
    w = [0.0] * (cells * knots)
    won = [0.0] * (cells * knots)
    for cell, q, r in samples:
        q = min(q, 1024)
        k, f = q >> 6, (q & 63) / 64
        for j, x in ((k, 1 - f), (k + 1, f)):
            if x and j < knots:
                w[cell * knots + j] += x
                won[cell * knots + j] += x * r
    table = bytearray(cells * knots)
    for c in range(cells):
        rates = []
        for k in range(knots):
            i = c * knots + k
            prior = k / (knots - 1)
            rates.append(((won[i] + PRIOR * prior) / (w[i] + PRIOR), w[i] + PRIOR))
        for k, rate in enumerate(_monotone(rates)):
            table[c * knots + k] = min(255, round(rate * 256))
    return bytes(table)


def _monotone(rates):
    """The closest non-decreasing rates (pool adjacent violators, weighted): a better modelled
    chance must never look worse."""
    blocks = []  # [rate, weight, knots]
    for r, w in rates:
        blocks.append([r, w, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            r2, w2, n2 = blocks.pop()
            b = blocks[-1]
            b[0] = (b[0] * b[1] + r2 * w2) / (b[1] + w2)
            b[1] += w2
            b[2] += n2
    return [b[0] for b in blocks for _ in range(b[2])]


def write(table, knots):
    """Rewrite ai_cal.TABLE: one bytes literal a row (the rows join at compile time into one
    bytes object: 816 bytes of heap on the Pico, where a tuple of ints would take four times
    as much)."""
    path = os.path.join(ROOT, "engine", "ai_cal.py")
    rows = []
    for i in range(0, len(table), knots):
        c = i // knots
        rows.append('    b"%s"  # %d, %d:%d' % (
            "".join("\\x%02x" % x for x in table[i:i + knots]), c // 16, c // 4 % 4, c % 4))
    text = "TABLE = (\n%s\n)" % "\n".join(rows)
    src = open(path).read()
    src = re.sub(r"TABLE = (?:bytes)?\(\(?\n(?:.|\n)*?\n\)\)?", lambda _: text, src)
    open(path, "w").write(src)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    knots = ai_cal.KNOTS
    cells = 16 * ai_cal.PHASES
    # the first round plays with the model as it is (the identity table)
    table = bytes(min(255, k * 16) for _ in range(cells) for k in range(knots))
    pool = multiprocessing.Pool(a.jobs)
    for r in range(a.rounds):
        jobs = [(SEED0 + r * a.games + i, table, i % 2 == 1) for i in range(a.games)]
        samples = [x for part in pool.imap(play, jobs, 20) for x in part]
        table = fit(samples, knots, cells)
        print("round %d: %d samples" % (r + 1, len(samples)), file=sys.stderr)
    write(table, knots)


if __name__ == "__main__":
    main()
