"""`python -m sim tournament`: N games between two players, with a 95% interval.

Game i (from 0) is the round dealt by seed S + i; player A starts the even games and B the odd
ones (in the siege: attacks; the score is then given per role too). Each player is seeded
from the game's seed, so every game, and the result, is the same
whatever the number of processes (--jobs) that play them.

--late adds the stones taken after the deck ran out, in the games that got that far (the
late game, where a player's judgement of what can still come counts most), and each player's
open sides at that moment by the cards they held (two-card sides waiting for a third card
that may not come, or sides already complete).
"""
import math
import multiprocessing
import sys

from engine.core.game import DRAW, OVER, STONES
from engine.core.match import Match, MAX_SEED
from engine.core.parse import quoted
from engine.games import NAMES as VARIANTS, declared
from engine.core.players import take_turn
from sim import players
from sim.selfplay import MAX_GAMES

MAX_JOBS = 64  # worker processes
# The games whose stones --late counts when the deck runs out (the siege's sections are
# neither won that way nor counted: its game ends as its deck runs out)
LATE = ("classic", "tactical")

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def play_game(job):
    """job = (seed, a, b, variant, expert, a_starts): (1 if A wins, 0 if B wins, None if drawn;
    the stones A and B took after the deck ran out, None if it did not)."""
    seed, a, b, variant, expert, a_starts = job
    m = Match(seed, variant, expert)
    seat_a = m.first if a_starts else 1 - m.first  # (the siege's attacker: the seed's first)
    seats = [None, None]
    seats[seat_a] = players.make(a, seed, variant)
    seats[1 - seat_a] = players.make(b, seed ^ 0x2AAAAAAA, variant)
    g = m.game
    before = None  # the stones each seat held when the deck ran out, and its open sides
    counting = variant in LATE
    while g.phase != OVER:
        take_turn(m, seats[g.player])
        if before is None and counting and not g.deck_left():
            before = (g.stones_of(0), g.stones_of(1), _open_sides(g, 0), _open_sides(g, 1))
    late = None
    if before is not None:
        late = (g.stones_of(seat_a) - before[seat_a], g.stones_of(1 - seat_a) - before[1 - seat_a],
                before[2 + seat_a], before[3 - seat_a])
    if g.winner == DRAW:
        return None, late
    return (1 if g.winner == seat_a else 0), late


def _open_sides(g, p):
    """p's sides at the stones not yet claimed, counted by the cards they hold (0, 1, 2, 3 or
    more: a tactical side in the mud holds four)."""
    n = [0, 0, 0, 0]
    for s in range(STONES):
        if not g.owner[s]:
            n[min(g.count[s * 2 + p], 3)] += 1
    return n


def wilson(score, n):
    """The 95% Wilson interval of a proportion score / n (score may be a half)."""
    p = score / n
    d = 1 + Z95 * Z95 / n
    mid = (p + Z95 * Z95 / (2 * n)) / d
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def summary(a, b, wins, losses, draws):
    n = wins + losses + draws
    score = wins + draws / 2
    lo, hi = wilson(score, n)
    return "%s vs %s: %d-%d-%d, %s wins %.1f%% (95%% CI %.1f-%.1f)" % (
        a, b, wins, losses, draws, a, 100 * score / n, 100 * lo, 100 * hi)


def late_summary(a, b, games, n, mine, theirs, won):
    taken = mine + theirs
    return "after the deck ran out (%d of %d games): %s took %d stones, %s %d (%s's share " \
        "%s); %s won %d of those games" % (
            n, games, a, mine, b, theirs, a,
            "%.1f%%" % (100 * mine / taken) if taken else "-", a, won)


def sides_summary(a, b, n, sides):
    return "when it ran out, open sides with 0/1/2/3+ cards a game: %s %s, %s %s" % (
        a, "/".join("%.2f" % (x / n) for x in sides[0]),
        b, "/".join("%.2f" % (x / n) for x in sides[1]))


def _check(args):
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    if args.games > MAX_GAMES:
        raise ValueError("--games must be at most %d" % MAX_GAMES)
    if not 1 <= args.jobs <= MAX_JOBS:
        raise ValueError("--jobs must be at least 1 and at most %d" % MAX_JOBS)
    if not 0 <= args.seed <= MAX_SEED:
        raise ValueError("--seed must be 0 to %d" % MAX_SEED)
    if args.variant not in VARIANTS:
        raise ValueError("unknown variant %s (known: %s)" % (quoted(args.variant),
                                                             ", ".join(VARIANTS)))
    if args.late and args.variant not in LATE:
        raise ValueError("--late counts stones, which the %s has not" % args.variant)
    for name in (args.a, args.b):
        players.make(name, 0, args.variant)


def main(args):
    try:
        _check(args)
    except ValueError as e:
        print("tournament: %s" % e, file=sys.stderr)
        return 2
    jobs = [((args.seed + i) & MAX_SEED, args.a, args.b, args.variant, args.expert, i % 2 == 0)
            for i in range(args.games)]
    score = [0, 0, 0]  # A wins, B wins, draws
    attacking = [0, 0, 0]  # the same, of the games A started (the siege: attacked in)
    late = [0, 0, 0, 0]  # games past the deck's end, A's and B's stones after it, A's wins
    sides = [[0] * 4, [0] * 4]  # A's and B's open sides then, by the cards they held
    step = max(1, args.games // 20)
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    try:
        results = pool.imap(play_game, jobs) if pool else map(play_game, jobs)
        for i, (r, after) in enumerate(results):
            score[2 if r is None else 1 - r] += 1
            if after is not None:
                late[0] += 1
                late[1] += after[0]
                late[2] += after[1]
                late[3] += r == 1
                for k in range(4):
                    sides[0][k] += after[2][k]
                    sides[1][k] += after[3][k]
            if i % 2 == 0:
                attacking[2 if r is None else 1 - r] += 1
            if (i + 1) % step == 0 or i + 1 == args.games:
                print("tournament: %d/%d games, %d-%d-%d" % ((i + 1, args.games) + tuple(score)),
                      file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    print(summary(args.a, args.b, score[0], score[1], score[2]))
    if args.late:
        print(late_summary(args.a, args.b, args.games, *late))
        if late[0]:
            print(sides_summary(args.a, args.b, late[0], sides))
    if declared(args.variant).CHOSEN_FIRST:
        defending = [score[k] - attacking[k] for k in range(3)]
        for role, s in (("attacker", attacking), ("defender", defending)):
            if sum(s):
                print("%s as %s: %d-%d-%d, %.1f%%" % (
                    args.a, role, s[0], s[1], s[2], 100 * (s[0] + s[2] / 2) / sum(s)))
    return 0
