"""Fit engine/ai_cal.py: how often a stone the AI modelled at chance p was really won.

    python tools/fit_ai_chances.py [--games N] [--rounds R] [--jobs J] [--tactical]

Each round plays N games of "hard" against greedy and against itself (the AI using the table
fitted so far), records at every AI decision each open stone's card counts and modelled chance,
and, once the game is over, who took the stone (stones never claimed are left out). Each
sample counts at its two neighbouring knots, weighted by nearness; a knot with few samples
leans on the modelled chance itself. The table is written back into engine/ai_cal.py.
--tactical: the table of the tactical hard (engine/ai_tcal.py), from its games against
greedy_tactical only, for the stones it values by those side models.
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


def _recording_tactical(log):
    """The same for the tactical hard: the stones as they stand at each decision."""
    from engine import ai_tactical
    calibrated = ai_tactical.calibrated
    stone = ai_tactical.TacticalAi._stone
    where = [None]

    def cal(table, p, mine, theirs, deck):
        if where[0] is not None:
            log.append(where[0] + (deck * ai_cal.PHASES // ai_cal.DECK, mine, theirs, p))
        return calibrated(table, p, mine, theirs, deck)

    def now(self, g, me, s, mode):
        where[0] = (me, s) if mode == 1 else None  # (_KEEP_TR: the position before the move)
        try:
            return stone(self, g, me, s, mode)
        finally:
            where[0] = None

    ai_tactical.calibrated = cal
    ai_tactical.TacticalAi._stone = now


def play_tactical(job):
    """A game of the tactical hard (the table in its module) against greedy_tactical."""
    seed, table, hard_first = job
    from engine import ai_tactical
    from sim.tactical_players import GreedyTactical
    ai_tactical.TTABLE = table
    log = LOG
    del log[:]
    m = Match(seed, "tactical")
    seats = [ai_tactical.make_tactical_ai("hard", seed), GreedyTactical()]
    if not hard_first:
        seats.reverse()
    g = m.game
    while g.phase != OVER:
        take_turn(m, seats[g.player])
    me = 0 if hard_first else 1
    return [((phase * 4 + mine) * 4 + theirs, q, 1 if g.owner[s] == p + 1 else 0)
            for p, s, phase, mine, theirs, q in log if p == me and g.owner[s]]


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


def write(table, knots, name="ai_cal.py"):
    """Rewrite ai_cal.TABLE (or ai_tcal's): one bytes literal a row (the rows join at compile time into one
    bytes object: 816 bytes of heap on the Pico, where a tuple of ints would take four times
    as much)."""
    path = os.path.join(ROOT, "engine", name)
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
    ap.add_argument("--tactical", action="store_true")
    a = ap.parse_args()
    if a.tactical:
        _recording_tactical(LOG)
    knots = ai_cal.KNOTS
    cells = 16 * ai_cal.PHASES
    # the first round plays with the model as it is (the identity table)
    table = bytes(min(255, k * 16) for _ in range(cells) for k in range(knots))
    pool = multiprocessing.Pool(a.jobs)
    for r in range(a.rounds):
        jobs = [(SEED0 + r * a.games + i, table, i % 2 == 1) for i in range(a.games)]
        samples = [x for part in pool.imap(play_tactical if a.tactical else play, jobs, 20)
                   for x in part]
        table = fit(samples, knots, cells)
        print("round %d: %d samples" % (r + 1, len(samples)), file=sys.stderr)
    write(table, knots, "ai_tcal.py" if a.tactical else "ai_cal.py")


if __name__ == "__main__":
    main()
