"""The computer opponents' `make bench` figures: think time per move and heap while thinking.

Think time: each level plays 20 seeded games against greedy (in the tactical variant, 10
against the tactical Normal); every one of its decisions is
timed on its own by repeating it (a decision is deterministic: same position, same seed)
until at least 20 ms have passed under the npm MicroPython, and converted to a Pico estimate
with reference rounds timed just before and after that level's games (BENCH.md). The figures
are the mean and the 95th percentile over all decisions.

Heap: over the decisions of the first HEAP_GAMES of those games, the largest rise of
gc.mem_alloc() across one decision. The npm MicroPython never frees anything (its gc.collect()
reclaims nothing: the heap grows), so garbage made while thinking counts too: an upper bound
of the transient heap.
"""
import gc

from engine.ai.classic import make_ai
from engine.core.game import OVER
from engine.core.match import Match
from engine.core.players import take_turn, GreedyPlayer
from sim.bench import timing
from sim.bench.timing import ref_round_us, PICO_REF_ROUND_US, now_us as _now, diff_us as _diff

GAMES = 20
HEAP_GAMES = 20
MIN_US = 20000

def _decision_us(ai, g):
    n = 0
    t0 = _now()
    while True:
        ai.move(g)
        n += 1
        el = _diff(_now(), t0)
        if el >= MIN_US:
            return el / n


def _heap(ai, g):
    """Bytes allocated by one decision. Here nothing is ever freed, so the rise over the whole
    decision bounds its largest transient heap; one reading before and one after (reading is
    slow here: gc.mem_alloc() walks the whole heap, which only grows)."""
    if not hasattr(gc, "mem_alloc"):
        return 0
    before = gc.mem_alloc()
    ai.move(g)
    return gc.mem_alloc() - before


def _games(level, fn, games=GAMES):
    """fn(ai, g) at each decision of `level` in the first seeded games against greedy."""
    got = []
    for seed in range(1, timing.games(games) + 1):
        m = Match(seed)
        ai = make_ai(level, seed)
        seats = [ai, GreedyPlayer()] if seed % 2 else [GreedyPlayer(), ai]
        while m.game.phase != OVER:
            if seats[m.game.player] is ai:
                got.append(fn(ai, m.game))
            take_turn(m, seats[m.game.player])
    return got


def _tactical_games(fn, games=10, level="hard"):
    """fn(ai, g) at each decision of a tactical level in seeded tactical games against the
    tactical Normal."""
    from engine.ai.tactical import make_tactical_ai
    got = []
    for seed in range(1, timing.games(games) + 1):
        m = Match(seed, "tactical")
        ai = make_tactical_ai(level, seed)
        other = make_tactical_ai("normal", seed + 1)
        seats = [ai, other] if seed % 2 else [other, ai]
        while m.game.phase != OVER:
            if seats[m.game.player] is ai:
                got.append(fn(ai, m.game))
            take_turn(m, seats[m.game.player])
    return got


_CACHE = {}  # type: dict


def _times(level):
    if level not in _CACHE:
        before = ref_round_us()
        if level.endswith("_tactical"):
            us = _tactical_games(_decision_us, level=level[:-9])
        else:
            us = _games(level, _decision_us)
        ref = (before + ref_round_us()) / 2
        _CACHE[level] = sorted(u * PICO_REF_ROUND_US / ref / 1000 for u in us)
    return _CACHE[level]


def _mean(level):
    t = _times(level)
    return sum(t) / len(t)


def _p95(level):
    t = _times(level)
    return t[min(len(t) - 1, len(t) * 95 // 100)]


def ai_think_heap_bytes():
    top = 0
    for level in ("easy", "normal", "hard"):
        top = max([top] + _games(level, _heap, HEAP_GAMES))
    return top


def ai_tactical_think_heap_bytes():
    # Hard tries every ruse (Joker-rich decisions are rare: 8 games); Easy and Normal try a
    # subset of Hard's candidates, but are measured too
    top = max(_tactical_games(_heap, 8))
    for level in ("easy", "normal"):
        top = max([top] + _tactical_games(_heap, 2, level))
    return top


# The heap first: reading gc.mem_alloc() gets slower as the (never collected) heap grows.
AI_WORKLOADS = [("ai_think_heap_bytes", "bytes", ai_think_heap_bytes),
                ("ai_tactical_think_heap_bytes", "bytes", ai_tactical_think_heap_bytes)]
for _level in ("easy", "normal", "hard", "easy_tactical", "normal_tactical", "hard_tactical"):
    AI_WORKLOADS.append(("ai_%s_think_mean_ms" % _level, "ms", lambda lv=_level: _mean(lv)))  # type: ignore[misc]
    AI_WORKLOADS.append(("ai_%s_think_p95_ms" % _level, "ms", lambda lv=_level: _p95(lv)))  # type: ignore[misc]
