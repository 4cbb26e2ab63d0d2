"""Fit engine/ai/cal.py: how often a stone the AI modelled at chance p was really won.

    python tools/fit_ai_chances.py [--games N] [--rounds R] [--jobs J] [--tactical] [--go-on]

Each round plays N games of "hard" against greedy and against itself (the AI using the tables
fitted so far), records at every AI decision each open stone's card counts and modelled chance
(TABLE), and the chance it gave the stone it then played on (AFTER: the opponent moves next),
and, once the game is over, who took the stone (stones never claimed are left out). Each
sample counts at its two neighbouring knots, weighted by nearness; a knot with few samples
leans on the modelled chance itself. The tables are written back into engine/ai/cal.py.
The first round plays with the model as it is (no correction), or with --go-on (classic)
with TABLE as it is in engine/ai/cal.py, for both tables.
--tactical: the table of the tactical hard (engine/ai/tcal.py), from its games against
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

from engine.ai import classic as ai, cal as ai_cal  # noqa: E402
from engine.core.game import OVER, PLAY  # noqa: E402
from engine.core.match import Match  # noqa: E402
from engine.core.players import take_turn, GreedyPlayer  # noqa: E402

PRIOR = 30  # samples' worth of trust in the modelled chance at each knot
SEED0 = 900000  # games far from the seeds the tournaments report


def _recording(log, after):
    """Patch the AI so that the chances of the stones as they stand land in `log`, and the
    chance of the stone it plays on, as it valued that move, in `after`."""
    calibrated = ai.calibrated
    stone_now = ai.Ai._stone_now
    value = ai.Ai._value
    think = ai.Ai.think
    where = [None]
    tried = {}  # (card, stone) -> the sample of the move tried

    def cal(table, p, mine, theirs, deck):
        if where[0] is not None:
            sample = (deck * ai_cal.PHASES // ai_cal.DECK, mine, theirs, p)
            if len(where[0]) == 3:  # (player, card, stone): a move tried
                tried[where[0][1:]] = where[0][:1] + sample
            else:  # (player, stone): a stone as it stands
                log.append(where[0] + sample)
        return calibrated(table, p, mine, theirs, deck)

    def now(self, g, s):
        where[0] = (g.player, s)
        stone_now(self, g, s)
        where[0] = None

    def val(self, g, c, ci, s):
        where[0] = (g.player, c, s)
        try:
            return value(self, g, c, ci, s)
        finally:
            where[0] = None

    def thinking(self, g):
        tried.clear()
        chosen = yield from think(self, g)
        key = (chosen >> 16 & 255, chosen >> 8 & 255)  # (the card and stone of a play)
        if chosen >> 24 == PLAY and key in tried:
            p, phase, mine, theirs, q = tried[key]
            after.append((p, key[1], phase, mine, theirs, q))
        return chosen

    ai.calibrated = cal
    ai.Ai._stone_now = now
    ai.Ai._value = val
    ai.Ai.think = thinking  # (the match asks think, the generator)


LOG = []  # this process's samples of the game being played: the stones as they stand
AFTER_LOG = []  # and the stones just played on
_recording(LOG, AFTER_LOG)


def _recording_tactical(log):
    """The same for the tactical hard: the stones as they stand at each decision."""
    from engine.ai import tactical as ai_tactical
    from engine.ai import tstones
    calibrated = tstones.calibrated
    stone = ai_tactical.TacticalAi._stone
    where = [None]

    def cal(table, p, mine, theirs, deck):
        if where[0] is not None:
            log.append(where[0] + (deck * ai_cal.PHASES // ai_cal.DECK, mine, theirs, p))
        return calibrated(table, p, mine, theirs, deck)

    def now(self, g, me, s, mode=tstones.WORK):
        where[0] = (me, s) if mode == 1 else None  # (_KEEP_TR: the position before the move)
        try:
            return stone(self, g, me, s, mode)
        finally:
            where[0] = None

    tstones.calibrated = cal
    ai_tactical.TacticalAi._stone = now


def play_tactical(job):
    """A game of the tactical hard (the table in its module) against greedy_tactical."""
    seed, table, hard_first = job
    from engine.ai import tactical as ai_tactical, tstones
    from sim.tactical_players import GreedyTactical
    tstones.TTABLE = table
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
    seed, table, after, self_play = job
    ai.TABLE = table
    ai.AFTER = after
    del LOG[:]
    del AFTER_LOG[:]
    m = Match(seed)
    other = ai.make_ai("hard", seed + 1) if self_play else GreedyPlayer()
    seats = [ai.make_ai("hard", seed), other]
    g = m.game
    while g.phase != OVER:
        take_turn(m, seats[g.player])
    return _labelled(LOG, g, self_play), _labelled(AFTER_LOG, g, self_play)


def _labelled(log, g, self_play):
    """(cell, modelled chance, 1 if won) of the samples of stones that were taken."""
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


def write(table, knots, name="cal.py", var="TABLE"):
    """Rewrite engine/ai/cal.py's TABLE or AFTER (or tcal.py's TABLE): one bytes literal a
    row (the rows join at compile time into one bytes object: 816 bytes of heap on the Pico, where a tuple of ints would take four times
    as much)."""
    path = os.path.join(ROOT, "engine", "ai", name)
    rows = []
    for i in range(0, len(table), knots):
        c = i // knots
        rows.append('    b"%s"  # %d, %d:%d' % (
            "".join("\\x%02x" % x for x in table[i:i + knots]), c // 16, c // 4 % 4, c % 4))
    text = "%s = (\n%s\n)" % (var, "\n".join(rows))
    src = open(path).read()
    src = re.sub(r"\b%s = \(\n(?:.|\n)*?\n\)" % var, lambda _: text, src)
    open(path, "w").write(src)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--tactical", action="store_true")
    ap.add_argument("--go-on", action="store_true")
    a = ap.parse_args()
    if a.tactical:
        _recording_tactical(LOG)
    knots = ai_cal.KNOTS
    cells = 16 * ai_cal.PHASES
    # the first round plays with the model as it is (the identity table)
    table = bytes(min(255, k * 16) for _ in range(cells) for k in range(knots))
    pool = multiprocessing.Pool(a.jobs)
    if a.tactical:
        for r in range(a.rounds):
            jobs = [(SEED0 + r * a.games + i, table, i % 2 == 1) for i in range(a.games)]
            samples = [x for part in pool.imap(play_tactical, jobs, 20) for x in part]
            table = fit(samples, knots, cells)
            print("round %d: %d samples" % (r + 1, len(samples)), file=sys.stderr)
        write(table, knots, "tcal.py")
        return
    if a.go_on:
        table = ai_cal.TABLE
    after = table
    for r in range(a.rounds):
        jobs = [(SEED0 + r * a.games + i, table, after, i % 2 == 1) for i in range(a.games)]
        parts = list(pool.imap(play, jobs, 20))
        table = fit([x for now, _ in parts for x in now], knots, cells)
        after = fit([x for _, played in parts for x in played], knots, cells)
        print("round %d: %d samples, %d of moves played" % (
            r + 1, sum(len(now) for now, _ in parts), sum(len(p) for _, p in parts)),
            file=sys.stderr)
    write(table, knots)
    write(after, knots, var="AFTER")


if __name__ == "__main__":
    main()
